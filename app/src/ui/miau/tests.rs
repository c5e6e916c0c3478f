//! Tests of `miau.rs`.

use super::beat_strip_text;
use retrace_kernel::miau::{Automaton, Step};

#[test]
fn words_against_an_edge_are_pinned_on_that_side() {
    use super::pinned_sides;
    assert_eq!(pinned_sides(5, 4, 0, 0), [true, false, true, false], "top-left corner");
    assert_eq!(pinned_sides(5, 4, 4, 3), [false, true, false, true], "bottom-right corner");
    assert_eq!(pinned_sides(5, 4, 2, 1), [false; 4], "inside: free");
    assert_eq!(pinned_sides(1, 1, 0, 0), [true; 4], "a one-cell board");
}

/// Regression: custom property words were drawn in a noun's colour (the
/// glossary's accent parsed and never used), and circuits had no colour.
#[test]
fn property_words_take_their_accent_and_circuits_their_colour() {
    use super::{accent_color, channel_color, object_color, word_color, Look};
    use retrace_kernel::miau::board::{Prop, Word};
    use retrace_kernel::miau::{Automaton, Pair, Setup, Step};
    let setup = Setup {
        grid: "MIAU IS YOU / ROCK IS TICK / ROCK IS OPEN / m . p".replace(" / ", "\n"),
        legend: vec![("m".into(), "miau".into()), ("p".into(), "plate:teal".into())],
        terrain: vec![],
        pairs: vec![Pair { words: ["OPEN".into(), "SHUT".into()], enter: false }],
        automata: vec![Automaton {
            id: "a".into(),
            subject: None,
            property: "TICK".into(),
            phase: 0,
            pattern: vec![Step::Wait],
        }],
        profile: Default::default(),
    };
    let s = <retrace_kernel::miau::Miau as retrace_kernel::game::Game>::start(&setup, 0).unwrap();
    let look = Look { accents: vec![("TICK".into(), "push".into())], ..Look::default() };
    let push = accent_color("push").unwrap();
    assert_eq!(word_color(&Word::Noun("tick".into()), &s, &look), push, "the glossary's accent");
    let open = word_color(&Word::Noun("open".into()), &s, &look);
    let rock = word_color(&Word::Noun("rock".into()), &s, &look);
    assert_ne!(open, rock, "a pair word without an accent is no noun's colour");
    assert_eq!(word_color(&Word::Prop(Prop::Push), &s, &look), push, "the accent is the property's own colour");
    let plate = s.board.things.iter().find(|t| t.channel.is_some()).unwrap();
    assert_eq!(object_color(plate), channel_color("teal"));
}

#[test]
fn required_levels_unlock_the_ones_after_them() {
    use super::unlocked;
    let text = "[manifest]\nid = \"ww\"\nname = \"W\"\nversion = \"1\"\nengine = 1\n".to_string()
        + &["required", "optional", "required", "challenge", "required"]
            .iter()
            .enumerate()
            .map(|(i, c)| format!("[[levels]]\nid = \"l{i}\"\ncategory = \"{c}\"\ngrid = \"MIAU IS YOU / miau . .\"\n"))
            .collect::<String>();
    let pack = retrace_kernel::miau::pack::load(&text).0.unwrap();
    let won = |ids: &[&str]| ids.iter().map(|i| format!("ww/{i}")).collect::<Vec<_>>();
    assert_eq!(unlocked(&pack, &won(&[])), [true, false, false, false, false], "only the first");
    assert_eq!(unlocked(&pack, &won(&["l0"])), [true, true, true, false, false], "optional never locks");
    assert_eq!(unlocked(&pack, &won(&["l0", "l2"])), [true; 5]);
    assert_eq!(unlocked(&pack, &won(&["l2"])), [true, false, false, false, false], "order matters");
}

#[test]
fn a_stack_is_stepped_and_a_thing_faces_the_way_it_went() {
    use super::{face, stacked};
    use eframe::egui::{pos2, Rect};
    let r = Rect::from_min_size(pos2(0.0, 0.0), eframe::egui::vec2(100.0, 100.0));
    assert_eq!(stacked(r, 0, 1), r, "alone: the whole cell");
    let (a, b) = (stacked(r, 0, 2), stacked(r, 1, 2));
    assert!(a.width() < 100.0 && a.min == r.min && b.max == r.max, "two: corner to corner");
    assert!(r.contains_rect(stacked(r, 2, 3)));
    let s = |grid: &str| {
        let setup = retrace_kernel::miau::Setup {
            grid: grid.replace(" / ", "\n"),
            legend: vec![("m".into(), "miau".into())],
            terrain: vec![],
            pairs: vec![],
            automata: vec![],
            profile: Default::default(),
        };
        <retrace_kernel::miau::Miau as retrace_kernel::game::Game>::start(&setup, 0).unwrap()
    };
    let (left, right) = (s("MIAU IS YOU / m . ."), s("MIAU IS YOU / . m ."));
    let mut facing = Vec::new();
    face(&mut facing, &left, &right);
    assert_eq!(facing, ["miau-1"]);
    face(&mut facing, &right, &right);
    assert_eq!(facing, ["miau-1"], "standing still keeps the facing");
    face(&mut facing, &right, &left);
    assert!(facing.is_empty());
}

#[test]
fn the_beat_strip_shows_the_whole_pattern_and_marks_the_next_beat() {
    let a = Automaton {
        id: "a".into(),
        subject: None,
        property: "TICK".into(),
        phase: 0,
        pattern: vec![Step::Move(1, 0), Step::Wait, Step::Move(0, -1)],
    };
    // Named by the property it drives every noun with, its beats as arrows.
    assert_eq!(beat_strip_text(&a, 0, true), "TICK beats: [➡] · ⬆");
    assert_eq!(beat_strip_text(&a, 1, true), "TICK beats: ➡ [·] ⬆");
    assert_eq!(beat_strip_text(&a, 5, false), "TICK beats: ➡ · [⬆] (paused)");
    // One that drives one noun goes by that noun.
    let b = Automaton { subject: Some("mouse".into()), ..a };
    assert_eq!(beat_strip_text(&b, 0, true), "MOUSE beats: [➡] · ⬆");
}
