//! Every game this build plays, behind one object-safe interface, so the
//! command line and the app can open any replay by its header's game id.

use crate::digest::{Digest, Part};
use crate::game::{Game, Outcome};
use crate::replay::{Header, ReplayError};
use crate::wire;
use std::marker::PhantomData;

/// A game seen through bytes: what replays, verification and tools need.
pub trait AnyGame: Sync {
    /// The stable id.
    fn id(&self) -> &'static str;
    /// The human name.
    fn name(&self) -> &'static str;
    /// This build's rules version.
    fn rules_version(&self) -> u32;
    /// Replays `actions` from the header's setup and seed. For each step k
    /// (0 = the start) for which `want(k)` holds, calls `visit(k, digest, parts)`;
    /// `visit` returns false to stop early. Returns the final outcome.
    fn play(
        &self,
        header: &Header,
        actions: &[Vec<u8>],
        want: &dyn Fn(u32) -> bool,
        visit: &mut dyn FnMut(u32, Digest, &[Part]) -> bool,
    ) -> Result<Outcome, ReplayError>;
    /// A readable rendering of one encoded action (for `retrace info`).
    fn describe_action(&self, action: &[u8]) -> String;
}

/// Adapts a [`Game`] to [`AnyGame`].
pub struct Entry<G>(PhantomData<fn() -> G>);

impl<G: Game> Entry<G> {
    /// The adapter.
    pub const fn new() -> Self {
        Entry(PhantomData)
    }
}

impl<G: Game> Default for Entry<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> AnyGame for Entry<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn rules_version(&self) -> u32 {
        G::RULES_VERSION
    }
    fn play(
        &self,
        header: &Header,
        actions: &[Vec<u8>],
        want: &dyn Fn(u32) -> bool,
        visit: &mut dyn FnMut(u32, Digest, &[Part]) -> bool,
    ) -> Result<Outcome, ReplayError> {
        let setup: G::Setup = G::read_setup(&header.setup, header.rules_version)
            .map_err(|detail| ReplayError::BadSetup { reason: format!("it cannot be read ({detail})").into() })?;
        let mut state = G::start(&setup, header.seed).map_err(|r| ReplayError::BadSetup { reason: r.0 })?;
        let mut see = |step: u32, state: &G::State| -> bool {
            if !want(step) {
                return true;
            }
            let parts = G::parts(state);
            visit(step, crate::digest::combine(G::ID, &parts), &parts)
        };
        if !see(0, &state) {
            return Ok(G::outcome(&state));
        }
        for (i, bytes) in actions.iter().enumerate() {
            let step = i as u32 + 1;
            let action: G::Action = wire::decode(bytes).map_err(|detail| ReplayError::BadAction { step, detail })?;
            G::apply(&mut state, &action).map_err(|r| ReplayError::ActionRejected { step, reason: r.0 })?;
            if !see(step, &state) {
                break;
            }
        }
        Ok(G::outcome(&state))
    }
    fn describe_action(&self, action: &[u8]) -> String {
        match wire::decode::<G::Action>(action) {
            Ok(a) => format!("{a:?}"),
            Err(e) => format!("<unreadable: {e}>"),
        }
    }
}

static GAMES: &[&dyn AnyGame] = &[
    &Entry::<crate::explodo::Explodo>::new(),
    &Entry::<crate::life::Life>::new(),
    &Entry::<crate::miau::Miau>::new(),
    &Entry::<crate::mines::MineLayer>::new(),
    &Entry::<crate::tally::Tally>::new(),
];

/// All games, in a fixed order.
pub fn games() -> &'static [&'static dyn AnyGame] {
    GAMES
}

/// The game with this id.
pub fn find(id: &str) -> Option<&'static dyn AnyGame> {
    GAMES.iter().copied().find(|g| g.id() == id)
}

/// All ids, in order.
pub fn ids() -> Vec<&'static str> {
    GAMES.iter().map(|g| g.id()).collect()
}
