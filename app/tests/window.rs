//! The real window under Xvfb: start `retrace`, take a screenshot with `xwd`,
//! and fail if the window never drew. Skipped with a printed reason when Xvfb
//! or xwd is missing, unless `RETRACE_REQUIRE_DISPLAY=1` (set by `.ci/run`,
//! which installs them).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn have(tool: &str) -> bool {
    Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {tool}"))
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Distinct 32-bit pixel values in an XWD dump (header and colour map skipped).
fn distinct_pixels(xwd: &[u8]) -> usize {
    if xwd.len() < 100 {
        return 0;
    }
    let be = |i: usize| u32::from_be_bytes(xwd[i..i + 4].try_into().unwrap()) as usize;
    let header = be(0);
    let ncolors = be(19 * 4);
    let start = (header + ncolors * 12).min(xwd.len());
    let mut seen = std::collections::BTreeSet::new();
    for px in xwd[start..].chunks_exact(4).step_by(7) {
        seen.insert(u32::from_le_bytes(px.try_into().unwrap()));
        if seen.len() > 64 {
            break;
        }
    }
    seen.len()
}

struct Kill(std::process::Child);
impl Drop for Kill {
    fn drop(&mut self) {
        // SIGTERM first, so Xvfb removes its lock file and socket.
        let _ = Command::new("kill").arg(self.0.id().to_string()).status();
        std::thread::sleep(Duration::from_millis(200));
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn the_real_window_draws_under_xvfb() {
    let required = std::env::var("RETRACE_REQUIRE_DISPLAY").as_deref() == Ok("1");
    if !have("Xvfb") || !have("xwd") {
        assert!(!required, "RETRACE_REQUIRE_DISPLAY=1 but Xvfb or xwd is missing (apt-get install xvfb x11-apps)");
        // Straight to stderr (not captured by the harness), so the skip shows.
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED the_real_window_draws_under_xvfb: Xvfb or xwd is missing (apt-get install xvfb x11-apps)"
        );
        return;
    }
    // `-displayfd 1` lets Xvfb pick a free display and print its number once it
    // accepts connections, so stale lock files from earlier runs cannot collide.
    let mut xvfb = Command::new("Xvfb")
        .args(["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("Xvfb starts");
    let mut line = String::new();
    {
        use std::io::BufRead;
        let _ = std::io::BufReader::new(xvfb.stdout.take().unwrap()).read_line(&mut line);
    }
    let _xvfb = Kill(xvfb);
    let display = format!(":{}", line.trim());
    assert!(line.trim().parse::<u32>().is_ok(), "Xvfb did not report a display number (got {line:?})");
    let data = tempfile::tempdir().unwrap();
    let runtime = tempfile::tempdir().unwrap();
    let mut app = Kill(
        Command::new(env!("CARGO_BIN_EXE_retrace"))
            .env("DISPLAY", &display)
            .env_remove("WAYLAND_DISPLAY")
            .env("RETRACE_DATA_DIR", data.path())
            .env("XDG_RUNTIME_DIR", runtime.path())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("retrace starts"),
    );
    // Poll screenshots until the window has drawn, for up to 60 s (a cold lavapipe start is slow).
    let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("window-smoke.xwd");
    let t0 = Instant::now();
    let mut colours = 0;
    while t0.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(500));
        if let Ok(Some(status)) = app.0.try_wait() {
            let mut err = String::new();
            if let Some(mut e) = app.0.stderr.take() {
                use std::io::Read;
                let _ = e.read_to_string(&mut err);
            }
            panic!("the window exited early ({status}): {err}");
        }
        let out = Command::new("xwd").args(["-root", "-silent", "-display", &display]).output().expect("xwd runs");
        colours = distinct_pixels(&out.stdout);
        if colours > 8 {
            std::fs::write(&shot, &out.stdout).unwrap();
            break;
        }
    }
    assert!(colours > 8, "the window never drew: the screen shows {colours} colours");
    eprintln!("window drew: {colours}+ colours; screenshot at {}", shot.display());
}
