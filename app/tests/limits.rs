//! Memory bounds measured on the real binary: hostile inputs run under an
//! address-space limit (`ulimit -v`, 1 GiB) and must end with the program's
//! own error, never an abort in the allocator. Before the caps, each of
//! these asked for gigabytes (issue 16's probe).

use std::process::Command;

/// Runs `retrace ARGS` with at most 1 GiB of address space: (exit code, stdout, stderr).
fn bounded(args: &[&str]) -> (i32, String, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1048576 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_retrace"))
        .args(args)
        .output()
        .expect("sh runs");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

#[test]
fn hostile_inputs_stay_within_a_gigabyte_and_end_with_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().into_owned()
    };
    // A 26-byte RLE that once asked for 2.7 GB of cells.
    let bomb = path("bomb.rle", "x = 3, y = 3\n1000000000o!");
    let (code, _, err) = bounded(&["life", "run", "--size", "10x10", "--gens", "1", "--rle", &bomb]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("lies outside the declared 3×3"), "{err}");
    // Endless input for every reader.
    for args in [
        vec!["verify", "/dev/zero"],
        vec!["info", "/dev/zero"],
        vec!["mines", "count", "/dev/zero"],
        vec!["miau", "check", "/dev/zero"],
        vec!["explodo", "play", "--seed", "1", "--moves", "/dev/zero"],
    ] {
        let (code, out, err) = bounded(&args);
        let said = format!("{out}{err}");
        assert_eq!(code, 2, "{args:?}: {said}");
        assert!(said.contains("/dev/zero") && said.contains("larger than"), "{args:?}: {said}");
    }
    // A search on a roomy level with a far larger state budget than memory.
    let pack = path(
        "big.toml",
        "[manifest]\nid = \"big\"\nname = \"Big\"\nversion = \"1\"\nengine = 1\n[[levels]]\nid = \"roomy\"\n\
         grid = \"MIAU IS YOU ROCK IS PUSH . . / m . r . . . . . / . . . . r . . . / . r . . . . r . / . . . . . . . . / . . r . . r . .\"\n\
         legend = { m = \"miau\", r = \"rock\" }\n",
    );
    let (code, out, err) =
        bounded(&["miau", "solve", &pack, "--max", "500000000", "--memory", "200", "--threads", "1"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.trim_end().ends_with(" memory"), "{out}{err}");
}
