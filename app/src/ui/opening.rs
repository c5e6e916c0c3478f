//! Opening things: replay files and bug reports (opened or dropped on the
//! window), two runs side by side, packs, the certificates of wins, and
//! starting a game from what was opened.

use super::*;
use retrace_kernel::say;
use retrace_kernel::say::{Arg, Say};

/// For a won session: its final digest, and how to keep its certificate.
pub(super) type Certify<'a> = Box<dyn FnOnce(&Store, &str) -> Result<PathBuf, String> + 'a>;

pub(super) fn certificate_of<G: retrace_kernel::Game>(
    s: &Session<G>,
) -> Option<(retrace_kernel::digest::Digest, Certify<'_>)> {
    matches!(s.outcome(), retrace_kernel::Outcome::Won(_)).then(|| {
        (s.digest(), Box::new(move |store: &Store, name: &str| store.save_certificate(name, s)) as Certify<'_>)
    })
}

/// Level `l` of pack `p`, or the reason it cannot start in `error`.
pub(super) fn start_miau(
    packs: &[retrace_kernel::miau::pack::Pack],
    p: usize,
    l: usize,
    error: &mut Option<Say>,
) -> Option<Screen> {
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
pub(super) fn my_levels(store: &Store, errors: &mut Vec<String>) -> Vec<retrace_kernel::miau::pack::Pack> {
    let mut packs = miau::packs();
    let path = store.path(miau::editor::MY_LEVELS);
    if path.exists() {
        match miau::open_pack(&path) {
            Ok(p) => {
                for p in p {
                    miau::add_pack(&mut packs, p);
                }
            }
            Err(e) => errors.push(e),
        }
    }
    packs
}

/// The editor on a new level, with an id no pack of the list has yet.
pub(super) fn new_level(packs: &[retrace_kernel::miau::pack::Pack]) -> miau::editor::EditorView {
    let taken = |id: &str| packs.iter().any(|p| p.levels.iter().any(|l| l.id == id));
    let id = (1..).map(|n| format!("level-{n}")).find(|id| !taken(id)).unwrap_or_default();
    let kit = packs.iter().fold(miau::editor::Kit::default(), |k, p| k.merged(&miau::editor::Kit::of(p)));
    miau::editor::EditorView::new(miau::editor::Draft::new(&id), kit)
}

/// "<file>: cannot read it: <why>", the system's reason shown as it is.
pub(super) fn cannot_read(name: &str, e: &dyn std::fmt::Display) -> Say {
    say!("{0}: cannot read it: {1}", Arg::Name(name.to_string()), Arg::Name(e.to_string()))
}

pub(super) fn start_life(setup: &retrace_kernel::life::Setup) -> Option<LifeView> {
    Session::<Life>::new(setup.clone(), 0).ok().map(LifeView::new)
}

impl RetraceApp {
    /// Opens a replay file from disk in the watcher, or shows why not.
    pub fn open_path(&mut self, path: &std::path::Path) {
        match crate::files::read_capped(path, crate::files::MAX_REPLAY_BYTES) {
            Ok(bytes) => self.open_bytes(&path.display().to_string(), &bytes),
            Err(e) => self.error = Some(cannot_read(&path.display().to_string(), &e)),
        }
    }

    /// Opens two Explodorama replays on one board in the watcher (`retrace A
    /// B`), or shows why not.
    pub fn open_pair_paths(&mut self, a: &std::path::Path, b: &std::path::Path) {
        let read = |p: &std::path::Path| {
            crate::files::read_capped(p, crate::files::MAX_REPLAY_BYTES)
                .map_err(|e| cannot_read(&p.display().to_string(), &e))
        };
        let opened = read(a).and_then(|x| {
            let y = read(b)?;
            WatchView::open_pair((&a.display().to_string(), &x), (&b.display().to_string(), &y))
        });
        match opened {
            Ok(v) => {
                self.error = None;
                self.screen = Screen::Watch(v);
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// Opens replay bytes in the watcher, or shows the kernel's message.
    pub fn open_bytes(&mut self, source: &str, bytes: &[u8]) {
        match WatchView::open(source, bytes) {
            Ok(v) => {
                self.error = None;
                self.screen = Screen::Watch(v);
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// Keeps a certificate of a won MineLayer, Life or Explodorama game, once:
    /// `certificates/<game>-<digest>.replay` in the store (the first 16 hex
    /// digits of the final state's digest name it), and says where. (Miau
    /// keeps one per level, its best, on its own screen.)
    pub(super) fn certify(&mut self) {
        let (game, won) = match &self.screen {
            Screen::Mines(v) => ("minelayer", certificate_of(&v.session)),
            Screen::Life(v) => ("life", certificate_of(&v.session)),
            Screen::Explodo(v) => ("explodorama", certificate_of(&v.session)),
            _ => ("", None),
        };
        // The notice belongs to the won game on screen.
        let Some((digest, write)) = won else {
            self.notice = None;
            return;
        };
        if self.certified == Some(digest) {
            return;
        }
        self.certified = Some(digest);
        let name = format!("{game}-{}", &digest.hex()[..16]);
        match write(&self.store, &name) {
            // Kept as certificates/<name>.replay in the data folder; the
            // player is told in player words (issue 40), not the file.
            Ok(_) => self.notice = Some(say!("Won! This win is kept with your wins.")),
            Err(e) => self.error = Some(e.into()),
        }
    }

    /// Opens a Miau pack file and shows its levels, or every error with the
    /// file's path and the place in it.
    pub fn open_pack(&mut self, path: &std::path::Path) {
        match miau::open_pack(path) {
            Ok(packs) => {
                // The opened pack's levels show at once (a competition file
                // split in several packs: the first).
                let first = packs.into_iter().map(|p| miau::add_pack(&mut self.miau.packs, p)).min();
                self.miau.world = first;
                self.error = None;
                self.go_home();
                self.show(Screen::MiauLevels);
            }
            Err(e) => self.error = Some(e.into()),
        }
    }

    /// Reads Miau's levels won (a bad file is kept aside and named).
    pub(super) fn read_miau_progress(&mut self) {
        let (won, problem) = crate::store::miau::load_progress(&self.store.path(crate::store::miau::PROGRESS));
        self.miau.best = won
            .iter()
            .filter_map(|id| crate::store::miau::best_turns(&self.store, id).map(|t| (id.clone(), t)))
            .collect();
        self.miau.won = won;
        if problem.is_some() {
            self.error = problem.map(Say::from);
        }
    }
}
