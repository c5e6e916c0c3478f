//! Links (issue 63): each line of `web/test/links.txt` (a link, then what
//! is on screen once it is opened) holds in the native window and, in
//! `web/test/browser.mjs`, in the web page: the same field and level on both.
//! Here the lines are also checked against the kernel's own sessions.

use super::*;
use retrace_kernel::{life::Life, miau::Miau, mines::MineLayer, Session};

/// The links and what each opens: `(link, summary)`.
fn lines() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("web/test/links.txt")).unwrap();
    text.lines().filter_map(|l| l.split_once(' ')).map(|(a, b)| (a.to_string(), b.to_string())).collect()
}

/// What the kernel makes for each link of the file, by its own means.
fn kernel_summary(link: &str) -> String {
    match link {
        "#minelayer=expert-42" => {
            let s = Session::<MineLayer>::new(
                retrace_kernel::mines::Setup { tier: retrace_kernel::mines::Tier::Expert },
                42,
            );
            format!("mines {}", s.unwrap().digest())
        }
        "#minelayer=daily-2026-12-03" => {
            let daily = retrace_kernel::mines::daily::seed("2026-12-03").unwrap();
            let s = Session::<MineLayer>::new(
                retrace_kernel::mines::Setup { tier: retrace_kernel::mines::daily::TIER },
                daily,
            );
            format!("mines {}", s.unwrap().digest())
        }
        "#miau=first-steps/hello-flag" => {
            let level = miau_level("hello-flag");
            format!("miau {}", Session::<Miau>::new(level.session.setup().clone(), 0).unwrap().digest())
        }
        "#life=3" => {
            let setup = retrace_kernel::life::Setup::Campaign { level: 2 };
            format!("life {}", Session::<Life>::new(setup, 0).unwrap().digest())
        }
        other => panic!("web/test/links.txt: no kernel check for {other}"),
    }
}

#[test]
fn links_open_the_field_and_level_they_name_as_the_page_does() {
    let lines = lines();
    assert_eq!(lines.len(), 4, "web/test/links.txt: a MineLayer field, a day's field, a Miau level, a Life level");
    for (link, summary) in lines {
        assert_eq!(summary, kernel_summary(&link), "web/test/links.txt: {link}");
        let dir = tempfile::tempdir().unwrap();
        let mut h = harness(dir.path());
        h.run();
        // As the command line gives it (`retrace URL`): a whole address.
        h.state_mut().open_path(Path::new(&format!("http://localhost:8080/{link}")));
        h.run();
        assert_eq!(h.state().screen_summary(), summary, "{link} from the command line");
        // Pasted on the home screen.
        let mut h = harness(tempfile::tempdir().unwrap().path());
        h.run();
        h.event(egui::Event::Paste(link.clone()));
        h.run();
        assert_eq!(h.state().screen_summary(), summary, "{link} pasted");
    }
}

#[test]
fn a_replay_link_opens_the_watcher_and_a_bad_link_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    let bytes = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("replays/life-hotseat.replay")).unwrap();
    let link = retrace::links::Link::Replay(bytes).address().expect("a small replay fits in a link");
    h.state_mut().open_link(&link);
    h.run();
    assert_eq!(h.state().screen_summary(), "watch");
    // The watcher offers the replay as a link again (under Details): the
    // same bytes, copied.
    let Screen::Watch(v) = &h.state().screen else { unreachable!() };
    let again = retrace::links::Link::Replay(v.bytes.clone()).address().unwrap();
    assert_eq!(retrace::links::Link::parse(&again), retrace::links::Link::parse(&link));
    h.get_by_label("Details").click();
    h.run();
    h.get_by_label("Copy link").click();
    h.run();
    assert!(h.query_by_label("Copied.").is_some(), "the link was copied");
    assert!(h.query_by_label("Save replay").is_some(), "and the file can be saved");
    let mut h = harness(dir.path());
    h.run();
    h.state_mut().open_link("#minelayer=giant-1");
    h.run();
    assert_eq!(h.state().screen_summary(), "home");
    assert!(h.query_by_label_contains("beginner, intermediate or expert").is_some(), "the error says the tiers");
    h.state_mut().open_link("#miau=first-steps/no-such-level");
    h.run();
    assert!(h.query_by_label_contains("no level \"no-such-level\"").is_some());
}
