use crate::fixtures::retrace;

fn file(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let p = dir.path().join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

#[test]
fn a_glider_moves_one_cell_diagonally_in_four_generations() {
    let dir = tempfile::tempdir().unwrap();
    let g = file(&dir, "g.rle", "#N Glider\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n");
    let (code, out, _) =
        retrace(&["life", "run", "--size", "10x10", "--gens", "4", "--rle", &g, "--at", "2,2", "--print", "rle"]);
    assert_eq!(code, 0);
    assert_eq!(out, "x = 10, y = 10, rule = B3/S23\n3$4bo$5bo$3b3o!\n");
}

#[test]
fn counts_print_every_generation_and_engines_agree() {
    let args = |engine: &str, print: &str| {
        retrace(&[
            "life",
            "run",
            "--size",
            "61x47",
            "--wrap",
            "--gens",
            "30",
            "--random",
            "seed text",
            "--density",
            "35",
            "--print",
            print,
            "--engine",
            engine,
        ])
        .1
    };
    let counts = args("fast", "counts");
    let lines: Vec<&str> = counts.lines().collect();
    assert_eq!(lines.len(), 31);
    assert!(lines[0].starts_with("generation 0 p1 "));
    assert!(lines[30].starts_with("generation 30 p1 "));
    assert_eq!(counts, args("reference", "counts"));
    if retrace_gpu::gpu_for_tests("life run --engine gpu").is_some() {
        assert_eq!(counts, args("gpu", "counts"));
        assert_eq!(args("fast", "rle"), args("gpu", "rle"));
    }
    assert_eq!(args("fast", "digest"), args("reference", "digest"));
    assert_eq!(args("fast", "rle"), args("reference", "rle"));
}

#[test]
fn bad_input_is_a_one_line_error_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let bad = file(&dir, "bad.rle", "x = 3, y = 3\nbo$2bq!\n");
    let good = file(&dir, "g.rle", "x = 3, y = 3\nbo$2bo$3o!\n");
    for (args, msg) in [
        (
            vec!["--size", "10x10", "--gens", "1", "--rle", &bad],
            format!("error: {bad}: line 2, column 6: 'q' is not an RLE cell"),
        ),
        (
            vec!["--size", "3x3", "--gens", "1", "--rle", &good, "--at", "1,1"],
            format!("error: {good}: the pattern (3×3 at 1,1) does not fit the 3×3 field"),
        ),
        (
            vec!["--size", "0x10", "--gens", "1", "--random", "1"],
            "error: --size: a field is 1×1 to 8192×8192 cells, not 0×10".to_string(),
        ),
        (
            vec!["--size", "ten", "--gens", "1", "--random", "1"],
            "error: --size `ten` must be two whole numbers like 60x60".to_string(),
        ),
        (
            vec!["--size", "10x10", "--gens", "1", "--random", "1", "--density", "120"],
            "error: --density is a percentage".to_string(),
        ),
        (
            vec!["--size", "10x10", "--gens", "1", "--rle", "/no/such.rle"],
            "error: /no/such.rle: cannot read it".to_string(),
        ),
    ] {
        let mut full = vec!["life", "run"];
        full.extend(args.iter().copied());
        let (code, out, err) = retrace(&full);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(out, "");
        assert!(err.starts_with(&msg), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // Neither a pattern nor a random start: usage error.
    assert_eq!(retrace(&["life", "run", "--size", "10x10", "--gens", "1"]).0, 2);
}

/// A dead field stays dead: a run of a billion generations on one that dies
/// stops stepping at once, and still prints every count it was asked for.
#[test]
fn a_dead_field_stops_the_run_early() {
    let dir = tempfile::tempdir().unwrap();
    let lone = dir.path().join("lone.rle");
    std::fs::write(&lone, "x = 1, y = 1\no!\n").unwrap();
    let lone = lone.to_string_lossy().into_owned();
    for engine in ["fast", "reference"] {
        let run = |size: &str, gens: &str, print: &str| {
            retrace(&[
                "life", "run", "--size", size, "--gens", gens, "--rle", &lone, "--print", print, "--engine", engine,
            ])
        };
        let (code, out, err) = run("20x20", "1000000000", "digest");
        assert_eq!(code, 0, "{err}");
        assert_eq!(out.lines().count(), 1, "{out}");
        let (code, out, _) = run("8x8", "5", "counts");
        assert_eq!(code, 0);
        let want: Vec<String> = std::iter::once("generation 0 p1 1 p2 0".to_string())
            .chain((1..=5).map(|g| format!("generation {g} p1 0 p2 0")))
            .collect();
        assert_eq!(out.lines().collect::<Vec<_>>(), want);
    }
}

/// Every certificate the campaign solver won and the project committed
/// (`replays/life-campaign/level-NNN.replay`) verifies as a won Life
/// campaign level, is named after that level, and is listed in the campaign
/// table of `kernel/src/life/README.md`, which lists no other.
#[test]
fn every_committed_campaign_certificate_verifies_and_the_table_lists_it() {
    use retrace_kernel::life::{Life, Setup};
    let root = crate::fixtures::root();
    let table = std::fs::read_to_string(root.join("kernel/src/life/README.md")).unwrap();
    let dir = root.join("replays/life-campaign");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert!(!files.is_empty(), "the solver's certificates are committed");
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let file = retrace_kernel::ReplayFile::from_bytes(&std::fs::read(path).unwrap()).unwrap();
        let v = retrace_kernel::verify::verify(&file).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(v.certificate && matches!(v.outcome, retrace_kernel::Outcome::Won(_)), "{name}: {v:?}");
        let s = retrace_kernel::Session::<Life>::from_replay(&file).unwrap();
        let Setup::Campaign { level } = *s.setup() else { panic!("{name}: not a campaign level") };
        assert_eq!(name, format!("level-{:03}.replay", level + 1), "named after its level");
        assert!(table.contains(&format!("[{name}]")), "{name} is in the campaign table");
    }
    let listed = table.matches("](../../../replays/life-campaign/level-").count();
    assert_eq!(listed, files.len(), "the table lists exactly the committed certificates");
}

/// `retrace life solve` wins the first level, writes its certificate (which
/// verifies) and reports it as a JSON line; a level outside the campaign
/// and a zero time budget are usage errors, exit 2.
#[test]
fn life_solve_writes_a_certificate_that_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("won");
    let (code, text, err) = retrace(&[
        "life",
        "solve",
        "--level",
        "1",
        "--budget-s",
        "60",
        "--threads",
        "2",
        "--json",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(text.starts_with('{') && text.contains("\"won\":true") && text.contains("\"level\":1"), "{text}");
    let cert = out.join("level-001.replay");
    let (code, verified, _) = retrace(&["verify", cert.to_str().unwrap()]);
    assert_eq!(code, 0, "{verified}");
    assert!(verified.starts_with("ok life v") && verified.contains(" won "), "{verified}");
    let (code, _, err) = retrace(&["life", "solve", "--level", "104"]);
    assert_eq!(code, 2);
    assert!(err.contains("the campaign has levels 1 to 103"), "{err}");
    let (code, _, _) = retrace(&["life", "solve", "--level", "1", "--budget-s", "0"]);
    assert_eq!(code, 2);
}
