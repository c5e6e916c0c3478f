use crate::fixtures::retrace;
use proptest::prelude::*;
use retrace_kernel::mines::field::Puzzle;
use retrace_kernel::mines::generator::generate;
use retrace_kernel::mines::solver::count_solutions;
use retrace_kernel::mines::Tier;
use retrace_kernel::rng::Rng;

fn tier() -> impl Strategy<Value = Tier> {
    prop_oneof![
        Just(Tier::Beginner),
        Just(Tier::Intermediate),
        Just(Tier::Expert),
        (5u16..=12, 5u16..=10, 50u16..=300).prop_map(|(cols, rows, d)| Tier::Custom {
            cols,
            rows,
            density_permille: d
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Determinism, uniqueness, coverage, clue correctness and minimality across seeds and tiers.
    #[test]
    fn generated_fields_keep_every_guarantee(tier in tier(), seed in any::<u64>()) {
        let params = tier.params().unwrap();
        let g = generate(&params, &mut Rng::stream(seed, "mines.field"));
        let again = generate(&params, &mut Rng::stream(seed, "mines.field"));
        prop_assert_eq!(&g, &again);
        let f = &g.field;
        prop_assert_eq!((f.rows, f.cols), (params.rows, params.cols));
        prop_assert!(count_solutions(&f.puzzle(), 2).is_unique());
        prop_assert!(f.is_covered());
        for i in 0..f.len() {
            prop_assert!(!(f.mine[i] && f.clue[i]));
            if f.clue[i] {
                let mut h = f.clone();
                h.clue[i] = false;
                prop_assert!(!count_solutions(&h.puzzle(), 2).is_unique(), "clue {} removable", i);
            }
        }
        // The clue view shows the true numbers.
        let p = f.puzzle();
        for i in 0..f.len() {
            prop_assert_eq!(p.cells[i], f.clue[i].then(|| f.number(i)));
        }
    }
}

#[test]
fn generate_prints_the_documented_text_form() {
    let (code, out, _) = retrace(&["mines", "generate", "--tier", "beginner", "--seed", "42", "--count", "2"]);
    assert_eq!(code, 0);
    let blocks: Vec<&str> = out.split("\n\n").filter(|b| !b.is_empty()).collect();
    assert_eq!(blocks.len(), 2);
    for (k, block) in blocks.iter().enumerate() {
        let lines: Vec<&str> = block.lines().collect();
        assert_eq!(lines.len(), 9);
        assert!(lines[..8].iter().all(|l| l.len() == 8 && l.chars().all(|c| c == '.' || c.is_ascii_digit())));
        assert!(lines[8].starts_with("mines 10 clues "), "{}", lines[8]);
        assert!(lines[8].ends_with(&format!(" seed {}", 42 + k)));
        // The printed field is unique.
        let p = Puzzle::parse(block).unwrap();
        assert_eq!(
            retrace_kernel::mines::solver::count_solutions(&p, 2),
            retrace_kernel::mines::solver::Count::Exact(1)
        );
    }
    // Same seed, same fields; --solution adds the mines.
    assert_eq!(retrace(&["mines", "generate", "--tier", "beginner", "--seed", "42", "--count", "2"]).1, out);
    let sol = retrace(&["mines", "generate", "--tier", "beginner", "--seed", "42", "--solution"]).1;
    assert_eq!(sol.matches('*').count(), 10);
}

#[test]
fn count_reads_files_and_reports_limits() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().into_owned()
    };
    let one = write("one.txt", "1.\n..\n");
    assert_eq!(retrace(&["mines", "count", &one]).1, "3\n");
    assert_eq!(retrace(&["mines", "count", &one, "--limit", "2"]).1, "at least 2\n");
    // Regression: exactly N solutions under `--limit N` printed a bare `limit`.
    assert_eq!(retrace(&["mines", "count", &one, "--limit", "3"]).1, "at least 3\n");
    assert_eq!(retrace(&["mines", "count", &one, "--limit", "4"]).1, "3\n");
    assert_eq!(retrace(&["mines", "count", &one, "--limit", "0"]).0, 2, "a limit of 0 is a usage error");
    let solved = retrace(&["mines", "generate", "--tier", "expert", "--seed", "7", "--solution"]).1;
    let f = write("expert.txt", &solved);
    assert_eq!(retrace(&["mines", "count", &f]).1, "1\n", "`*` counts as unknown");
    let wide = write("wide.txt", &format!("{}\n", ".".repeat(30)));
    assert_eq!(retrace(&["mines", "count", &wide]).1, "at least 1000000\n", "2^30 placements pass the default limit");
}

#[test]
fn count_rejects_bad_files_with_row_and_column() {
    let dir = tempfile::tempdir().unwrap();
    for (text, msg) in [
        ("12.\n1.\n", "row 2, column 3: the row is 2 cells wide, expected 3"),
        ("12.\n1#.\n", "row 2, column 2: '#' is not a cell"),
        ("..9\n", "row 1, column 3: a clue is 0 to 8, not 9"),
        ("", "row 1, column 1: the field is empty"),
    ] {
        let p = dir.path().join("bad.txt");
        std::fs::write(&p, text).unwrap();
        let (code, out, err) = retrace(&["mines", "count", p.to_str().unwrap()]);
        assert_eq!(code, 2);
        assert_eq!(out, "");
        assert!(err.starts_with(&format!("error: {}: {msg}", p.display())), "{err}");
    }
    let (code, _, err) = retrace(&["mines", "count", "/no/such/field.txt"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read it"));
    let (code, _, err) = retrace(&["mines", "generate", "--tier", "huge"]);
    assert_eq!(code, 2);
    assert!(err.contains("is not a tier"));
}

#[test]
fn stats_files_round_trip_and_a_corrupt_one_is_kept_aside() {
    use retrace_kernel::mines::stats::{Outcome, Record, Stats};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("minelayer-stats.txt");
    assert_eq!(retrace::store::mines::load_stats(&path), Stats::default(), "missing reads as empty");
    let mut st = Stats::default();
    st.push(Record { result: Outcome::Win, tier: "expert".into(), mines: 39, seconds: 71, date: "2026-11-29".into() });
    retrace::store::mines::save_stats(&path, &st).unwrap();
    assert_eq!(retrace::store::mines::load_stats(&path), st);
    std::fs::write(&path, "{\"broken\": json").unwrap();
    assert_eq!(retrace::store::mines::load_stats(&path), Stats::default(), "corrupt reads as empty");
    let aside = dir.path().join("minelayer-stats.corrupt-1");
    assert_eq!(std::fs::read_to_string(aside).unwrap(), "{\"broken\": json", "the corrupt file is kept");
}
