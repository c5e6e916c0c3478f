use crate::fixtures::{self, retrace};

#[test]
fn level_prints_the_board_legend_and_summary() {
    let (code, out, _) = retrace(&["explodo", "level", "--seed", "1", "--level", "1"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 11 + 2, "11 rows, the legend and the summary");
    assert!(lines[..11].iter().all(|l| l.chars().count() == 9));
    assert!(lines[0].chars().all(|c| c == '#'));
    assert!(lines[1].starts_with("#@"));
    assert!(lines[11].starts_with("legend: # wall"));
    assert_eq!(lines[12], "enemies 2 par 41 size 9x11 types Blob");
    // The same seed as text or digits: text is made into a seed.
    assert_eq!(retrace(&["explodo", "level", "--seed", "banana", "--level", "20"]).1, retrace(&["explodo", "level", "--seed", "banana", "--level", "20"]).1);
    assert!(retrace(&["explodo", "level", "--seed", "banana", "--level", "20"]).1.contains("size 13x17"));
}

#[test]
fn play_prints_events_and_the_final_state() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("m.txt");
    std::fs::write(&f, format!("# level 1 of seed 1\n{}\n", fixtures::EXPLODO_CLEAR_1)).unwrap();
    let (code, out, _) = retrace(&["explodo", "play", "--seed", "1", "--moves", f.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("LevelCleared { level: 1"), "{out}");
    assert!(out.lines().last().unwrap().starts_with("level 2 turn 1 lives 3"), "{out}");
}

#[test]
fn bad_input_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("bad.txt");
    std::fs::write(&f, "u d\nbx w\n").unwrap();
    let (code, _, err) = retrace(&["explodo", "play", "--seed", "1", "--moves", f.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("line 2: 'bx' is not an action"), "{err}");
    let (code, _, err) = retrace(&["explodo", "level", "--seed", "1", "--level", "21"]);
    assert_eq!(code, 2);
    assert!(err.contains("--level is 1 to 20, not 21"));
    let (code, _, err) = retrace(&["explodo", "play", "--seed", "1", "--moves", "/no/such"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read it"));
}
