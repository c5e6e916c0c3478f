//! The window's shared widgets: rows that keep their place, dashed
//! outlines, the dialog and its placement, a yes-or-no question, the error
//! banner, keys that act once. A leaf: it imports nothing from the shell or
//! the screens (`tests/layers.rs` holds it to that), so every screen can use
//! it without a cycle.

use super::text::{self, tr};
use crate::store::Lang;
use eframe::egui::{self, Color32};
use retrace_kernel::say::Say;

/// A line over the foot of the window in `color` (the errors: they can run to several
/// lines, each a file to fix) with a button that dismisses it.
pub fn banner(ui: &mut egui::Ui, id: &str, line: &mut Option<Say>, color: Color32, lang: Lang) {
    let Some(text) = line.clone() else { return };
    // Over the window's foot, not a panel of its own: what is on screen
    // never moves when a message comes or goes (issue 62 item 6: the error
    // pushed the home screen down under the pointer).
    let ctx = ui.ctx().clone();
    let screen = ctx.content_rect();
    egui::Area::new(egui::Id::unique(("banner", id)))
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::LEFT_BOTTOM, egui::vec2(8.0, -8.0))
        .show(&ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(screen.width() - 40.0);
                ui.horizontal_wrapped(|ui| {
                    ui.colored_label(color, text::say(lang, &text));
                    if ui.button("✖").on_hover_text(tr(lang, "Dismiss")).clicked() {
                        *line = None;
                    }
                });
            });
        });
}

/// A row that always takes at least one control's height, shown or not, so
/// that what lies below it never moves when it appears or goes (a banner, a
/// hint's row, a message: issue 40).
pub fn reserved_row<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let size = egui::Vec2::new(ui.available_width(), ui.spacing().interact_size.y);
    ui.allocate_ui_with_layout(size, egui::Layout::left_to_right(egui::Align::Center), |ui| {
        ui.set_min_size(size);
        add(ui)
    })
    .inner
}

/// A dashed outline round `r`: a cursor, a focused square, a button with
/// nothing to do.
pub fn dashed_rect(painter: &egui::Painter, r: egui::Rect, stroke: egui::Stroke, dash: f32, gap: f32) {
    let corners = [r.left_top(), r.right_top(), r.right_bottom(), r.left_bottom(), r.left_top()];
    painter.add(egui::Shape::dashed_line(&corners, stroke, dash, gap));
}

/// An arrow key with no widget focused (and no dialog up) gives `id` the
/// keyboard's focus: a board's way in for the keyboard (issue 40). That
/// press only brings the focus, since egui would move it on by the same
/// press. Whether it did.
pub fn focus_on_arrow(ui: &egui::Ui, id: egui::Id) -> bool {
    use egui::Key::{ArrowDown, ArrowLeft, ArrowRight, ArrowUp};
    let arrow = ui
        .input(|i| !i.modifiers.any() && [ArrowUp, ArrowDown, ArrowLeft, ArrowRight].iter().any(|&k| i.key_pressed(k)));
    if !arrow || ui.memory(|m| m.focused().is_some()) || modal_open(ui.ctx()) {
        return false;
    }
    ui.memory_mut(|m| {
        m.request_focus(id);
        m.move_focus(egui::FocusDirection::None);
    });
    true
}

/// Whether `key` went down this frame, not counting the key repeats a held
/// key sends (egui's `key_pressed` counts them): for keys that toggle or
/// start something (Space to pause or run, F2, H), which act once a press.
pub fn pressed_once(i: &egui::InputState, key: egui::Key) -> bool {
    i.events.iter().any(|e| matches!(e, egui::Event::Key { key: k, pressed: true, repeat: false, .. } if *k == key))
}

/// The path field offered where a file dialog gave nothing (cancelled, or
/// no dialog on this desktop: never silence, issue 40): while `typed` holds
/// text, a line "No file was chosen. Its path:" with Open and Cancel; the
/// path to open once Open (or Enter) is pressed.
pub fn path_field(ui: &mut egui::Ui, lang: Lang, typed: &mut Option<String>) -> Option<std::path::PathBuf> {
    let mut text = typed.take()?;
    let (mut open, mut keep) = (None, true);
    ui.horizontal(|ui| {
        let l = ui.label(tr(lang, "No file was chosen. Its path:"));
        let field = ui.add(egui::TextEdit::singleline(&mut text).desired_width(360.0)).labelled_by(l.id);
        let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if (ui.button(tr(lang, "Open")).clicked() || enter) && !text.trim().is_empty() {
            open = Some(std::path::PathBuf::from(text.trim()));
            keep = false;
        }
        if ui.button(tr(lang, "Cancel")).clicked() {
            keep = false;
        }
    });
    if keep {
        *typed = Some(text);
    }
    open
}

/// Takes every press of `key` (with no modifier) out of this frame's
/// input, so no focused widget drawn after sees it; whether one of them was
/// a fresh press (not a key repeat). For a screen whose key it is.
pub fn take_press(ui: &egui::Ui, key: egui::Key) -> bool {
    ui.input_mut(|i| {
        let mut fresh = false;
        i.events.retain(|e| match e {
            egui::Event::Key { key: k, pressed, repeat, modifiers, .. } if *k == key && !modifiers.any() => {
                fresh |= *pressed && !*repeat;
                false
            }
            _ => true,
        });
        fresh
    })
}

/// Takes the key repeats of `keys` out of this frame's input: a held key
/// acts once, on a focused widget drawn after as on the screen.
pub fn drop_repeats(ui: &egui::Ui, keys: &[egui::Key]) {
    ui.input_mut(|i| {
        i.events.retain(|e| !matches!(e, egui::Event::Key { key, repeat: true, .. } if keys.contains(key)));
    });
}

/// Whether a dialog ([`dialog`], or another of egui's modals) was open last
/// frame: the screen behind it takes no keys meanwhile, and Esc is the
/// dialog's (issue 40: keys played turns behind an open dialog).
pub fn modal_open(ctx: &egui::Context) -> bool {
    ctx.memory(|m| m.top_modal_layer().is_some())
}

/// A dialog: centred in the window, over a dimmed backdrop that takes every
/// click and drag behind it (egui's `Modal`), with `title` as its heading
/// and `frame` (a window's by default) round it. Returns what `add` returns
/// and whether Esc or a click beside it asked to close it; each caller says
/// what closing means, or ignores it where a choice must be made. Dialogs
/// go one at a time: a screen shows the one that matters now, not a stack.
pub fn dialog<T>(
    ctx: &egui::Context,
    id: &str,
    title: &str,
    frame: Option<egui::Frame>,
    add: impl FnOnce(&mut egui::Ui) -> T,
) -> (T, bool) {
    dialog_beside(ctx, id, title, frame, None, add)
}

/// [`dialog`], opened beside `beside` (to its right, top edges level, kept
/// on the screen) rather than centred: for a card that must not cover the
/// board it speaks of (issue 40: Miau's "New word" card covered the tile
/// that wins "The mouse keeps time").
pub fn dialog_beside<T>(
    ctx: &egui::Context,
    id: &str,
    title: &str,
    frame: Option<egui::Frame>,
    beside: Option<egui::Rect>,
    add: impl FnOnce(&mut egui::Ui) -> T,
) -> (T, bool) {
    let frame = frame.unwrap_or_else(|| egui::Frame::window(&ctx.global_style()));
    let uid = egui::Id::unique(("dialog", id));
    // The modal's own area, placed instead of anchored at the window's
    // centre: on the board (clear of the tile that matters) or beside
    // `beside`, and never over the menu bar (issue 40).
    let stage = stage(ctx);
    let area = egui::Area::new(uid)
        .kind(egui::UiKind::Modal)
        .sense(egui::Sense::hover())
        .order(egui::Order::Foreground)
        .interactable(true)
        .constrain_to(stage);
    let area = match beside {
        Some(r) => area.fixed_pos(r.right_top() + egui::vec2(12.0, 0.0)),
        None => {
            let (board, focus) = board_on_screen(ctx).unwrap_or((stage, None));
            let size = ctx.memory(|m| m.area_rect(uid)).map(|r| r.size());
            // Placed once its size is known, then its top-left corner kept
            // while it stays open: a dialog that grows or shrinks as it is
            // used (the gem's cards) never re-centres under the pointer
            // (issue 62 item 6).
            let now = ctx.cumulative_frame_nr();
            let key = uid.with("placed");
            let kept = ctx.data(|d| d.get_temp::<(egui::Pos2, u64)>(key)).filter(|&(_, last)| last + 1 >= now);
            match (kept, size) {
                (Some((corner, _)), _) => {
                    ctx.data_mut(|d| d.insert_temp(key, (corner, now)));
                    area.pivot(egui::Align2::LEFT_TOP).fixed_pos(corner)
                }
                (None, Some(size)) => {
                    let corner = place_dialog(stage, board, focus, Some(size)) - size / 2.0;
                    ctx.data_mut(|d| d.insert_temp(key, (corner, now)));
                    area.pivot(egui::Align2::LEFT_TOP).fixed_pos(corner)
                }
                (None, None) => {
                    area.pivot(egui::Align2::CENTER_CENTER).fixed_pos(place_dialog(stage, board, focus, None))
                }
            }
        }
    };
    let modal = egui::Modal::new(uid).frame(frame).area(area);
    let r = modal.show(ctx, |ui| {
        ui.heading(title);
        add(ui)
    });
    let close = r.should_close();
    (r.inner, close)
}

/// A window of the shell or a game (Settings, Help, What's new, the
/// Almanac, the Run menu, a bug report): one placement rule (issue 62 item
/// 5). On its first showing it stands 24 points under the stage's top
/// (below the menu bar and banners), centred across at `width`, inside the
/// stage; then its top-left corner stays put as its contents change size
/// (a centre pivot made Settings jump when the language changed).
pub fn window<'a>(ctx: &egui::Context, title: impl Into<egui::WidgetText>, width: f32) -> egui::Window<'a> {
    let stage = stage(ctx);
    let w = width.min(stage.width() - 16.0).max(120.0);
    egui::Window::new(title)
        .collapsible(false)
        .default_width(w)
        .pivot(egui::Align2::LEFT_TOP)
        .default_pos(egui::pos2(stage.center().x - w / 2.0, stage.top() + 24.0))
        .constrain_to(stage)
}

/// Where the dialog `id` ([`dialog`]'s) was last drawn, if it was.
pub fn dialog_rect(ctx: &egui::Context, id: &str) -> Option<egui::Rect> {
    ctx.memory(|m| m.area_rect(egui::Id::unique(("dialog", id))))
}

/// Where dialogs go this frame: the window's panel below its menu bar and
/// banners (the whole window before the panel is laid out).
fn stage(ctx: &egui::Context) -> egui::Rect {
    ctx.data(|d| d.get_temp::<egui::Rect>(egui::Id::unique("retrace-stage"))).unwrap_or_else(|| ctx.content_rect())
}

/// Says which board a screen shows this frame, and the tile that matters on
/// it (Explodorama's player): a dialog opens centred on the board and steps
/// aside from that tile (issue 40: a card covered the tile that won a level).
pub fn set_board(ctx: &egui::Context, board: egui::Rect, focus: Option<egui::Rect>) {
    let frame = ctx.cumulative_frame_nr();
    ctx.data_mut(|d| d.insert_temp(egui::Id::unique("retrace-board"), (frame, board, focus)));
}

/// The board a screen showed this frame or the last (dialogs may be drawn
/// before the board in a frame), with its tile that matters.
fn board_on_screen(ctx: &egui::Context) -> Option<(egui::Rect, Option<egui::Rect>)> {
    let now = ctx.cumulative_frame_nr();
    let (frame, board, focus) =
        ctx.data(|d| d.get_temp::<(u64, egui::Rect, Option<egui::Rect>)>(egui::Id::unique("retrace-board")))?;
    (frame + 1 >= now).then_some((board, focus))
}

/// Where a dialog of `size` (unknown before it was first shown) goes, its
/// centre: the board's centre, unless the dialog would cover `focus`; then
/// on the board to the far side of it across, else up or down, else beside
/// the board; each place kept only if it fits on the stage and leaves the
/// tile clear.
pub fn place_dialog(
    stage: egui::Rect,
    board: egui::Rect,
    focus: Option<egui::Rect>,
    size: Option<egui::Vec2>,
) -> egui::Pos2 {
    let centre = board.center();
    let (Some(f), Some(size)) = (focus, size) else { return centre };
    let clear = |c: egui::Pos2| {
        let r = egui::Rect::from_center_size(c, size);
        stage.contains_rect(r) && !r.intersects(f)
    };
    if clear(centre) {
        return centre;
    }
    let gap = 12.0;
    let (half, fc) = (size / 2.0, f.center());
    let across = if fc.x < centre.x { f.max.x + gap + half.x } else { f.min.x - gap - half.x };
    let down = if fc.y < centre.y { f.max.y + gap + half.y } else { f.min.y - gap - half.y };
    [
        egui::pos2(across, centre.y),
        egui::pos2(centre.x, down),
        egui::pos2(board.max.x + gap + half.x, centre.y),
        egui::pos2(board.min.x - gap - half.x, centre.y),
    ]
    .into_iter()
    .find(|&c| clear(c))
    .unwrap_or(centre)
}

/// A yes-or-no question (already in the window's language) in a dialog
/// ("Are you sure?"): `Some(true)` on Yes, `Some(false)` on Cancel (or Esc,
/// or a click beside it), `None` while it waits.
pub fn ask(ctx: &egui::Context, lang: Lang, question: &str) -> Option<bool> {
    let mut answer = None;
    let ((), close) = dialog(ctx, "ask", tr(lang, "Are you sure?"), None, |ui| {
        ui.label(question);
        ui.horizontal(|ui| {
            if ui.button(tr(lang, "Yes")).clicked() {
                answer = Some(true);
            }
            if ui.button(tr(lang, "Cancel")).clicked() {
                answer = Some(false);
            }
        });
    });
    if close && answer.is_none() {
        answer = Some(false);
    }
    answer
}
