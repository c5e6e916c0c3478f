//! Miau Is True's window as the shell sees it: its card (Play, Resume), the
//! world map and level lists, a level, the editor (parked while its level
//! is play-tested), the packs opened, and the level kept for Resume.

use super::editor::{self, Draft, EditorRequest, EditorView, Kit, MY_LEVELS, MY_LEVELS_ID};
use super::{add_pack, levels_ui, open_pack, packs, LevelList, MiauRequest, MiauView, SAVE};
use crate::store::Store;
use crate::ui::game::{load_saved, GameWindow, Shell};
use crate::ui::help;
use crate::ui::screen::{Screen, Slot, START_OVER};
use crate::ui::text::tr;
use crate::ui::watch::{WatchView, Watched};
use eframe::egui;
use retrace_kernel::miau::pack::Pack;
use retrace_kernel::miau::Miau;
use retrace_kernel::say::Say;
use retrace_kernel::Session;

/// Miau Is True's part of the shell.
pub struct MiauHome {
    /// A saved level to resume.
    pub saved: Option<Session<Miau>>,
    /// The packs: the shipped ones, then those opened.
    pub packs: Vec<Pack>,
    /// The levels won (`<pack>/<level>`), read when the level list opens.
    pub won: Vec<String>,
    /// The fewest turns of each won level's kept certificate, read with `won`.
    pub best: Vec<(String, u32)>,
    /// The world open in the level list (none: the world map).
    pub world: Option<usize>,
    /// The level editor, parked while its level is play-tested.
    pub editor: Option<EditorView>,
    /// The path typed under Open pack, while no file dialog gave a file.
    pub typed_pack: Option<String>,
}

/// Level `l` of pack `p`, or the reason it cannot start in `error`.
pub fn start_miau(packs: &[Pack], p: usize, l: usize, error: &mut Option<Say>) -> Option<Screen> {
    match MiauView::new(packs, p, l) {
        Ok(v) => Some(Screen::Miau(v)),
        Err(e) => {
            *error = Some(e.into());
            None
        }
    }
}

/// The shipped packs, then the player's own "My levels" pack from the data
/// folder when there is one (a file that does not load is named in `errors`
/// and left where it is, for the player to mend).
pub fn my_levels(store: &Store, errors: &mut Vec<String>) -> Vec<Pack> {
    let mut packs = packs();
    let path = store.path(MY_LEVELS);
    if crate::platform::exists(&path) {
        match open_pack(&path) {
            Ok(p) => {
                for p in p {
                    add_pack(&mut packs, p);
                }
            }
            Err(e) => errors.push(e),
        }
    }
    packs
}

/// The editor on a new level, with an id no pack of the list has yet.
pub fn new_level(packs: &[Pack]) -> EditorView {
    let taken = |id: &str| packs.iter().any(|p| p.levels.iter().any(|l| l.id == id));
    let id = (1..).map(|n| format!("level-{n}")).find(|id| !taken(id)).unwrap_or_default();
    let kit = packs.iter().fold(Kit::default(), |k, p| k.merged(&Kit::of(p)));
    EditorView::new(Draft::new(&id), kit)
}

impl MiauHome {
    /// The level saved in `store`, the shipped packs and the player's own.
    pub fn load(store: &Store, errors: &mut Vec<String>) -> MiauHome {
        let saved = load_saved::<Miau>(store, SAVE, errors);
        // The player's own levels, before the errors are gathered into the banner.
        let packs = my_levels(store, errors);
        MiauHome { saved, packs, won: Vec::new(), best: Vec::new(), world: None, editor: None, typed_pack: None }
    }

    /// Adds the packs of a pack file and opens the first in the level list,
    /// or says every error with the file's path and the place in it.
    pub fn open_pack(&mut self, path: &std::path::Path) -> Result<(), String> {
        let packs = open_pack(path)?;
        // A competition file split in several packs: the first shows.
        self.world = packs.into_iter().map(|p| add_pack(&mut self.packs, p)).min();
        Ok(())
    }

    /// The level `v` plays kept for Resume, as it says it should be.
    fn keep(&mut self, v: &MiauView) {
        if let Some(kept) = v.resumable() {
            self.saved = kept;
        }
    }

    /// A pack file chosen on a Miau screen: its levels show, or why not;
    /// whether they do.
    fn open_asked(&mut self, path: &std::path::Path, shell: &mut Shell) -> bool {
        match self.open_pack(path) {
            Ok(()) => {
                *shell.error = None;
                shell.next = Some(Screen::MiauLevels);
                true
            }
            Err(e) => {
                *shell.error = Some(e.into());
                false
            }
        }
    }

    /// Reads the levels won (a bad file is kept aside and named in `error`).
    fn read_progress(&mut self, store: &Store, error: &mut Option<Say>) {
        let (won, problem) = crate::store::miau::load_progress(&store.path(crate::store::miau::PROGRESS));
        self.best =
            won.iter().filter_map(|id| crate::store::miau::best_turns(store, id).map(|t| (id.clone(), t))).collect();
        self.won = won;
        if problem.is_some() {
            *error = problem.map(Say::from);
        }
    }

    fn level_list(&mut self, ui: &mut egui::Ui, shell: &mut Shell) {
        let list = LevelList {
            packs: &self.packs,
            won: &self.won,
            best: &self.best,
            world: &mut self.world,
            typed_pack: &mut self.typed_pack,
        };
        match levels_ui(ui, shell.lang(), list) {
            Some(MiauRequest::Play(p, l)) => {
                // A level started over a suspended one asks first (one save slot).
                if let Some(screen) = start_miau(&self.packs, p, l, shell.error) {
                    shell.replace(Slot::Miau, screen, START_OVER);
                }
            }
            Some(MiauRequest::OpenPack(path)) => {
                self.open_asked(&path, shell);
            }
            Some(MiauRequest::NewLevel) => shell.next = Some(Screen::MiauEditor(new_level(&self.packs))),
            Some(MiauRequest::Edit(p, l)) => {
                let pack = &self.packs[p];
                let draft = Draft::from_level(&pack.levels[l]);
                shell.next = Some(Screen::MiauEditor(EditorView::new(draft, Kit::of(pack))));
            }
            _ => {}
        }
    }

    fn level(&mut self, v: &mut MiauView, ui: &mut egui::Ui, shell: &mut Shell) {
        v.pad.append(shell.pad_presses);
        v.warnings = shell.settings.miau_warnings;
        let request = v.ui(ui, shell.store, shell.lang());
        shell.play_effects(v.sounds.drain(..));
        match request {
            Some(MiauRequest::Play(p, l)) => shell.next = start_miau(&self.packs, p, l, shell.error),
            Some(MiauRequest::Levels) => {
                self.keep(v);
                shell.next = match self.editor.take() {
                    Some(editor) if v.from_editor => Some(Screen::MiauEditor(editor)),
                    _ => Some(Screen::MiauLevels),
                };
            }
            Some(MiauRequest::OpenPack(path)) => {
                // The level in play is kept for Resume when the pack's levels show.
                let opened = self.open_asked(&path, shell);
                if opened {
                    self.keep(v);
                }
            }
            _ => {}
        }
    }

    fn editor(&mut self, v: &mut EditorView, ui: &mut egui::Ui, shell: &mut Shell) {
        let mine = self.packs.iter().find(|p| p.id == MY_LEVELS_ID);
        match v.ui(ui, shell.store, shell.lang(), mine) {
            Some(EditorRequest::Levels) => shell.next = Some(Screen::MiauLevels),
            Some(EditorRequest::PlayTest(level)) => match editor::play_test(&level) {
                Ok(session) => {
                    let mut view = MiauView::resume(session, &self.packs);
                    (view.title, view.hint, view.from_editor) = (level.title.clone(), level.hint.clone(), true);
                    shell.next = Some(Screen::Miau(view));
                }
                Err(e) => *shell.error = Some(e.into()),
            },
            Some(EditorRequest::Saved(pack)) => {
                add_pack(&mut self.packs, *pack);
            }
            None => {}
        }
    }
}

impl GameWindow for MiauHome {
    fn id(&self) -> &'static str {
        "miau"
    }

    fn card_text(&self) -> (&'static str, &'static str) {
        ("Miau Is True", "A rule-word puzzle: push the words to rewrite the rules.")
    }

    fn card(&mut self, ui: &mut egui::Ui, shell: &mut Shell) {
        let lang = shell.lang();
        if ui.button(tr(lang, "Play")).clicked() {
            shell.next = Some(Screen::MiauLevels);
        }
        if let Some(s) = self.saved.take() {
            if ui.button(tr(lang, "Resume")).clicked() {
                shell.next = Some(Screen::Miau(MiauView::from_save(s, &self.packs)));
            } else {
                self.saved = Some(s);
            }
        }
    }

    fn slot(&self) -> Slot {
        Slot::Miau
    }

    fn save_name(&self) -> &'static str {
        SAVE
    }

    fn suspended(&self) -> bool {
        self.saved.is_some()
    }

    fn give_up(&mut self) {
        self.saved = None;
    }

    fn owns(&self, screen: &Screen) -> bool {
        matches!(screen, Screen::Miau(_) | Screen::MiauLevels | Screen::MiauEditor(_))
    }

    fn help(&self) -> help::GamePage {
        super::help_page::PAGE
    }

    fn frame(&mut self, screen: &mut Screen, ui: &mut egui::Ui, shell: &mut Shell) {
        match screen {
            Screen::MiauLevels => self.level_list(ui, shell),
            Screen::Miau(v) => self.level(v, ui, shell),
            Screen::MiauEditor(v) => self.editor(v, ui, shell),
            _ => {}
        }
    }

    fn park(&mut self, screen: Screen) -> Option<Screen> {
        match screen {
            Screen::Miau(v) => {
                self.keep(&v);
                None
            }
            other => Some(other),
        }
    }

    /// A play-test parks the editor (it comes back when the test ends); the
    /// level list reads the levels won.
    fn showing(&mut self, old: &mut Screen, new: &mut Screen, shell: &mut Shell) {
        let play_test = matches!((&*old, &*new), (Screen::MiauEditor(_), Screen::Miau(v)) if v.from_editor);
        if play_test {
            if let Screen::MiauEditor(editor) = std::mem::replace(old, Screen::Home) {
                self.editor = Some(editor);
            }
        }
        if matches!(new, Screen::MiauLevels) {
            self.read_progress(shell.store, shell.error);
        }
    }

    /// Z takes a move back here.
    fn has_undo(&self, screen: &Screen) -> bool {
        matches!(screen, Screen::Miau(_))
    }

    /// Esc in a world's levels goes back to the world map (one level up);
    /// from the map, home.
    fn escape(&mut self, screen: &mut Screen, ctx: &egui::Context) -> bool {
        if matches!(screen, Screen::MiauLevels) && self.world.take().is_some() {
            ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
            return true;
        }
        false
    }

    fn watching(&self, v: &mut WatchView) {
        if let (Some(s), None) = (v.watched.session::<Miau>(), &v.look) {
            v.look = Some(Box::new(MiauView::look_of(s, &self.packs)));
        }
    }

    fn open_link(&self, link: &crate::links::Link) -> Option<Result<Screen, retrace_kernel::say::Say>> {
        let crate::links::Link::Miau { pack, level } = link else { return None };
        let found = self
            .packs
            .iter()
            .enumerate()
            .find(|(_, p)| p.id == *pack)
            .and_then(|(p, found)| found.levels.iter().position(|l| l.id == *level).map(|l| (p, l)));
        let Some((p, l)) = found else {
            let say = format!("The link: no level \"{level}\" in a pack \"{pack}\" here");
            return Some(Err(crate::files::escaped(&say).into()));
        };
        let mut error = None;
        match start_miau(&self.packs, p, l, &mut error) {
            Some(screen) => Some(Ok(screen)),
            None => error.map(Err),
        }
    }

    fn digest(&self, screen: &Screen) -> Option<retrace_kernel::digest::Digest> {
        match screen {
            Screen::Miau(v) => Some(v.session.digest()),
            _ => None,
        }
    }

    fn play_from_here(&mut self, watched: Watched) -> Result<Screen, Watched> {
        watched.into_session::<Miau>().map(|s| Screen::Miau(MiauView::resume(s, &self.packs)))
    }
}
