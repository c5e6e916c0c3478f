//! Tests of `editor.rs`.

use super::*;
use retrace_kernel::miau::pack;
use retrace_kernel::miau::solver::Verdict;

fn check(draft: &Draft) {
    let text = export(draft, &Kit::default());
    let (d, _) = import(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(export(&d, &Kit::default()), text, "export, import, export: the same bytes");
}

#[test]
fn a_draft_round_trips_through_its_pack_text() {
    let mut d = Draft::new("round-trip");
    d.place(6, 4, "flag", false);
    d.place(0, 1, "FLAG", false);
    d.place(1, 1, "IS!", false);
    d.place(2, 1, "WIN", false);
    d.place(3, 3, "crate", false);
    d.place(3, 3, "dock", true);
    d.place(4, 2, "plate:teal", false);
    d.place(5, 2, "gate:teal", false);
    d.place(5, 3, "drift>water", false);
    d.must_form = "FLAG IS WIN\n{axis = \"v\", predicate = \"WIN\"}".into();
    d.must_break = "FLAG IS WIN".into();
    d.pairs = "OPEN SHUT enter".into();
    d.automata = "shuttle TICK LLRRW ROCK phase 2".into();
    d.terrain = "wall".into();
    d.hint = "A \"quoted\" hint \\ with a backslash.".into();
    check(&d);
    let (back, _) = import(&export(&d, &Kit::default())).unwrap();
    assert_eq!(back, d, "every field comes back");
}

#[test]
fn a_problem_at_a_cell_names_it() {
    assert_eq!(problem_cell("levels[0].map: row 3, column 2: 'x' is not in the legend"), Some((1, 2)));
    assert_eq!(problem_cell("levels[0].id: 'v' is not a valid id"), None);
    // Where a cell error shows: a bad token put on the board by hand.
    let mut d = Draft::new("cells");
    d.place(4, 2, "plate:purple", false);
    let (_, report) = pack::load(&export(&d, &Kit::default()));
    let cells: Vec<_> = report.errors.iter().filter_map(|e| problem_cell(&e.to_string())).collect();
    assert!(cells.contains(&(4, 2)), "{:?}", report.errors);
}

#[test]
fn the_map_gives_each_kind_of_cell_one_character() {
    let mut d = Draft::new("m");
    d.place(3, 3, "crate", false);
    d.place(3, 3, "dock", true);
    let (map, legend) = d.map_and_legend();
    assert_eq!(map.lines().next(), Some("MIY...."));
    assert!(legend.contains(&('c', "crate+dock".to_string())), "{legend:?}");
    assert!(legend.contains(&('m', "miau".to_string())) && legend.contains(&('M', "MIAU".to_string())));
}

#[test]
fn the_verdict_follows_the_board() {
    let mut d = Draft::new("verdict");
    d.place(0, 1, "FLAG", false);
    d.place(1, 1, "IS", false);
    d.place(2, 1, "WIN", false);
    d.place(6, 4, "flag", false);
    if let Err(e) = import(&export(&d, &Kit::default())) {
        panic!("{e}\n{}", export(&d, &Kit::default()));
    }
    let p = pack::load(&export(&d, &Kit::default())).0.unwrap();
    let f = findings(&p.levels[0], &|| true).unwrap();
    assert!(matches!(f.verdict, Verdict::Solved { ref moves, .. } if moves.len() == 6), "{f:?}");
    assert!(!f.verified, "BYPASS and HANDS-OFF are not allowed: {:?}", f.flags);
    // A wall of rocks the cat cannot pass: unsolved, a proof.
    for y in 0..5 {
        d.place(5, y, "rock", false);
    }
    d.place(0, 2, "ROCK", false);
    d.place(1, 2, "IS", false);
    d.place(2, 2, "STOP", false);
    let p = pack::load(&export(&d, &Kit::default())).0.unwrap();
    let f = findings(&p.levels[0], &|| true).unwrap();
    assert!(matches!(f.verdict, Verdict::Unsolved { .. }), "{f:?}");
    // Cancelled: no findings.
    assert!(findings(&p.levels[0], &|| false).is_none());
}
