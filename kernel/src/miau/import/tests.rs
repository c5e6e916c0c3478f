//! The importer: the example set round-trips; malformed files are refused
//! by level and reason.

use super::{export, import, read};
use crate::miau::pack::load;

/// The example set we made in the competition's format (`app/keke/`).
const EXAMPLES: &str = include_str!("../../../../app/keke/retrace_LEVELS.json");

#[test]
fn the_example_set_imports_loads_and_exports_back() {
    let packs = import(EXAMPLES, "retrace_LEVELS").expect("the example set imports");
    assert_eq!(packs.len(), 1);
    let (pack, report) = load(&packs[0].text);
    let pack = pack.unwrap_or_else(|| panic!("the imported pack loads: {:?}", report.errors));
    assert_eq!(pack.profile, crate::miau::Profile::Keke);
    assert_eq!(pack.levels.len(), read(EXAMPLES).unwrap().len());
    // Back in the competition's form: the same levels, read the same.
    let back = export(&pack).expect("keke levels export");
    assert_eq!(read(&back).unwrap(), read(EXAMPLES).unwrap());
}

/// The problems `import` finds in `json`, joined.
fn refused(json: &str) -> String {
    import(json, "t").err().map(|e| e.join("\n")).unwrap_or_else(|| "imported".into())
}

/// A file of one level with this ascii and solution.
fn one(ascii: &str, solution: &str) -> String {
    serde_json::json!({"levels": [{"id": 7, "name": "", "author": "us", "ascii": ascii, "solution": solution}]})
        .to_string()
}

#[test]
fn malformed_files_are_refused_by_level_and_reason() {
    let ok = "_____\n_b12_\n_.3._\n_____";
    assert_eq!(refused(&one(ok, "rr")), "imported");
    assert!(refused("{\"levels\": [").starts_with("not a competition level file: line 1, column 12"));
    assert_eq!(refused("{\"maps\": []}"), "not a competition level file: it needs a list \"levels\"");
    assert_eq!(refused("{\"levels\": []}"), "the file has no levels");
    assert_eq!(refused(&one("_____\n_b12_\n_.3_\n_____", "")), "level 1 (id 7): row 3 is 4 wide, expected 5");
    assert_eq!(
        refused(&one("_____\n_b12.\n_.3._\n_____", "")),
        "level 1 (id 7): row 2, column 5: the border ring (_) is broken"
    );
    assert_eq!(
        refused(&one("_____\n_b_2_\n_.3._\n_____", "")),
        "level 1 (id 7): row 2, column 3: a border (_) inside the map"
    );
    assert_eq!(
        refused(&one("_____\n_bx2_\n_.3._\n_____", "")),
        "level 1 (id 7): row 2, column 3: 'x' is not in the competition's key"
    );
    assert_eq!(refused(&one(ok, "rrq")), "level 1 (id 7): solution move 3 is 'q': moves are u, d, l, r and s");
    assert_eq!(
        refused(&one("___\n___", "")),
        "level 1 (id 7): its map is 3×2; it must be 3 to 64 a side, border included"
    );
    // Every bad level is named, not only the first.
    let two = serde_json::json!({"levels": [{"id": 1, "ascii": ok}, {"ascii": ok}, "x"]}).to_string();
    assert_eq!(refused(&two), "level 2: has no id (a number or a text)\nlevel 3: is not a level object ({\"id\", \"ascii\", \"solution\", …})");
}

#[test]
fn a_file_larger_than_a_pack_is_split() {
    let level = |i: usize| serde_json::json!({"id": i, "ascii": "_____\n_b12_\n_.3._\n_____", "solution": "s"});
    let json = serde_json::json!({"levels": (1..=70).map(level).collect::<Vec<_>>()}).to_string();
    let packs = import(&json, "big_LEVELS").unwrap();
    assert_eq!(packs.iter().map(|p| (p.suffix.as_str(), p.levels)).collect::<Vec<_>>(), [("-1", 64), ("-2", 6)]);
    for p in &packs {
        let (pack, report) = load(&p.text);
        assert!(pack.is_some(), "{:?}", report.errors);
    }
    assert!(packs[1].text.contains("id = \"keke-big-levels-2\""));
}

#[test]
fn every_example_level_is_solved_under_the_keke_rules_and_its_stored_solution_wins() {
    use crate::hashing::CpuHasher;
    use crate::miau::solver::{check_stored, solve, Stored, Verdict};
    use crate::miau::{Action, Miau};
    use crate::session::Session;
    let pack = load(&import(EXAMPLES, "retrace_LEVELS").unwrap()[0].text).0.unwrap();
    for l in &pack.levels {
        let stored: Vec<Action> = l.solution.as_deref().unwrap().chars().filter_map(Action::from_letter).collect();
        let opts = crate::miau::solver::Options { max_states: 100_000, ..Default::default() };
        assert_eq!(
            check_stored(&l.setup, &stored, &opts, &mut CpuHasher).unwrap(),
            Stored::Wins(stored.len()),
            "{}",
            l.id
        );
        let Verdict::Solved { moves, .. } = solve(&l.setup, 2_000_000, &mut CpuHasher).unwrap() else {
            panic!("{} is solved", l.id)
        };
        assert!(moves.len() <= stored.len(), "{}: the solver's is a shortest", l.id);
        let mut s = Session::<Miau>::new(l.setup.clone(), 0).unwrap();
        for a in &moves {
            s.push(*a).unwrap();
        }
        assert!(s.state().won, "{}: the solver's solution wins when the kernel replays it", l.id);
    }
}

#[test]
fn a_stored_solution_that_fails_says_where_it_parts_from_a_win() {
    use crate::hashing::CpuHasher;
    use crate::miau::solver::{check_stored, Options, Parted, Stored};
    use crate::miau::Action;
    let level = |ascii: &str| {
        let text = &import(&one(ascii, ""), "t").unwrap()[0].text;
        load(text).0.unwrap().levels.remove(0).setup
    };
    let moves = |m: &str| m.chars().filter_map(Action::from_letter).collect::<Vec<_>>();
    let opts = Options { max_states: 10_000, ..Default::default() };
    // BABA IS YOU over FLAG IS WIN, the flag to the right of the baba.
    let setup = level("_______\n_....._\n_B12.._\n_F13.._\n_b...f_\n_______");
    let check = |m: &str| check_stored(&setup, &moves(m), &opts, &mut CpuHasher).unwrap();
    assert_eq!(check("RRRR"), Stored::Wins(4));
    assert_eq!(check("RRRRLL"), Stored::Wins(4), "the moves after the win are not needed");
    let stopped = |s: &str, parted| Stored::Fails { stopped: s.into(), parted };
    assert_eq!(check("LRR"), stopped("not won after its 3 moves", Parted::Never));
    // Up from under WIN pushes it into BABA IS YOU's place: BABA IS WIN,
    // and nothing is YOU. Two moves in, a win was still there.
    assert_eq!(check("RRU"), stopped("lost after move 3: nothing is YOU any more", Parted::After(3)));
    assert_eq!(
        check("RRUL"),
        stopped("lost after move 3: nothing is YOU any more", Parted::After(3)),
        "play stops at the loss"
    );
}
