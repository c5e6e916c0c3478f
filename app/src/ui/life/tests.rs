//! Tests of `life.rs`.

use super::controls::{over_text, DEFEAT_COLOR, WIN_COLOR};
use super::field::{line_cells, wheel_turns, WHEEL_STEP};
use super::view::{P1_COLOR, P2_COLOR};
use crate::store::Lang;

#[test]
fn the_wheel_turns_a_stamp_once_a_notch_down_clockwise() {
    let mut acc = 0.0;
    assert_eq!(wheel_turns(&mut acc, -40.0), 0, "a touchpad's small steps add up");
    assert_eq!(wheel_turns(&mut acc, -60.0), 1, "wheel down is +1");
    assert_eq!(wheel_turns(&mut acc, WHEEL_STEP), 3, "wheel up is -1");
    assert_eq!(wheel_turns(&mut acc, -2.0 * WHEEL_STEP), 2, "two notches at once");
    assert_eq!(acc, 0.0);
}

#[test]
fn a_drag_line_crosses_every_cell_between_its_ends() {
    assert_eq!(line_cells((2, 2), (2, 2)), vec![]);
    assert_eq!(line_cells((0, 0), (4, 0)), vec![(1, 0), (2, 0), (3, 0), (4, 0)]);
    assert_eq!(line_cells((3, 3), (0, 0)), vec![(2, 2), (1, 1), (0, 0)]);
    let l = line_cells((0, 0), (7, 3));
    assert_eq!(l.len(), 7, "one cell per column on a shallow line: {l:?}");
    assert_eq!(l.last(), Some(&(7, 3)));
    assert!(l.windows(2).all(|p| p[0].0.abs_diff(p[1].0) <= 1 && p[0].1.abs_diff(p[1].1) <= 1), "no gaps");
}

/// A cleared level's line is the win's gold, never player 1's red (issue 40).
#[test]
fn a_cleared_level_is_said_in_gold_not_in_red() {
    use retrace_kernel::life::Life;
    use retrace_kernel::replay::ReplayFile;
    use retrace_kernel::Session;
    let bytes = include_bytes!("../../../../replays/life-campaign-win.replay");
    let won = Session::<Life>::from_replay(&ReplayFile::from_bytes(bytes).unwrap()).unwrap();
    let (text, colour) = over_text(won.state(), Lang::En);
    assert!(text.starts_with("Level cleared!"), "{text}");
    assert_eq!(colour, WIN_COLOR);
    assert!(![P1_COLOR, P2_COLOR, DEFEAT_COLOR].contains(&colour));
}

/// Player 2's cells carry a dark centre dot where cells are drawn large
/// enough (three texels a cell side), a cue besides red and green (issue 41);
/// player 1's are solid; zoomed far out, a texel a cell.
#[test]
fn player_twos_cells_carry_a_dot_besides_their_colour() {
    use super::field::field_image;
    use super::view::P2_DOT;
    use retrace_kernel::life::{Life, Phase, Setup};
    use retrace_kernel::Game;
    let mut st = Life::start(&Setup::default(), 1).unwrap();
    st.phase = Phase::Running;
    let w = st.field.w as usize;
    st.field.cells.iter_mut().for_each(|c| *c = 0);
    st.field.cells[0] = 1;
    st.field.cells[1] = 2;
    let img = field_image(&st, 3);
    assert_eq!(img.size, [w * 3, st.field.h as usize * 3]);
    let at = |x: usize, y: usize| img.pixels[y * w * 3 + x];
    assert!((0..3).all(|x| (0..3).all(|y| at(x, y) == P1_COLOR)), "player 1: solid");
    assert_eq!(at(4, 1), P2_DOT, "player 2: the centre texel dark");
    assert!([(3, 0), (5, 0), (3, 2), (5, 2), (4, 0)].iter().all(|&(x, y)| at(x, y) == P2_COLOR), "around it, green");
    let small = field_image(&st, 1);
    assert_eq!((small.pixels[0], small.pixels[1]), (P1_COLOR, P2_COLOR), "a texel a cell: colour only");
}
