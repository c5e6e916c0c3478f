//! A turn's phases in their order, written once for both engines: the
//! game's `State` (`turn.rs`) and the solver's compact state
//! (`compact/turn.rs`) each implement [`Phases`], and [`turn`] plays the
//! phases in order. A phase added to the turn is a method of the trait, so
//! it is added to both engines or neither compiles.

/// Why a move is refused (the turn does not happen).
pub enum Refused {
    /// The level is won already.
    Won,
    /// Nothing is YOU.
    NoYou,
    /// Nothing that is YOU can move that way.
    CannotMove,
}

/// What an engine does in each phase of a turn.
pub trait Phases {
    /// The things that are YOU, as the engine finds them.
    type You;
    /// Where things stood at the start of the turn (for FRAIL).
    type Stood;
    /// What the turn tells as it goes: the game's events (the compact state
    /// tells nothing).
    type Told: Default;

    /// The level is won.
    fn won(&self) -> bool;
    /// The things that are YOU, or `None` when nothing is.
    fn you(&self) -> Option<Self::You>;
    /// Where every thing stands before anything moves.
    fn stood_on(&mut self) -> Self::Stood;
    /// Moves every YOU one step (pushing); false when none can move that
    /// way. `pushed_words`, when given, is set to whether a word moved.
    fn move_all(&mut self, you: Self::You, dx: i32, dy: i32, pushed_words: Option<&mut bool>) -> bool;
    /// The turn is taken (the game counts it).
    fn taken(&mut self);
    /// The rules read again where words moved or went.
    fn settle(&mut self, told: &mut Self::Told);
    /// `NOUN IS NOUN`: every thing changes once, by the rules in force once
    /// everything has moved (rules v8: once a turn, whatever settles after).
    fn transform(&mut self, told: &mut Self::Told);
    /// There are automata (TICK) to beat.
    fn has_automata(&self) -> bool;
    /// Every active automaton takes its step.
    fn beat(&mut self);
    /// FRAIL things that were stood on and left crumble.
    fn crumble(&mut self, stood: Self::Stood, told: &mut Self::Told);
    /// SINK, DEFEAT, WIN, GOAL and OPEN/SHUT where things meet.
    fn contacts(&mut self, told: &mut Self::Told);
    /// Plates held down open their gates.
    fn gates(&mut self, told: &mut Self::Told);
}

/// One turn: the YOUs move (none for a wait), the turn is counted, the rules
/// settle, the automata beat (and the rules settle again), things transform
/// (once: a cycle such as ROCK IS FLAG and FLAG IS ROCK flips once a turn, as
/// in Baba Is You; under rules v7 every settle transformed, so an idle
/// automaton or a sinking word flipped it twice), FRAIL things crumble,
/// contacts (the rules read again after either, with no second
/// transformation), then gates. On a refusal the engine may be left
/// part-way (its caller undoes or discards it).
#[inline]
pub fn turn<P: Phases>(
    p: &mut P,
    delta: Option<(i32, i32)>,
    pushed_words: Option<&mut bool>,
) -> Result<P::Told, Refused> {
    if p.won() {
        return Err(Refused::Won);
    }
    let Some(you) = p.you() else { return Err(Refused::NoYou) };
    let stood = p.stood_on();
    if let Some((dx, dy)) = delta {
        if !p.move_all(you, dx, dy, pushed_words) {
            return Err(Refused::CannotMove);
        }
    }
    let mut told = P::Told::default();
    p.taken();
    p.settle(&mut told);
    if p.has_automata() {
        p.beat();
        p.settle(&mut told);
    }
    p.transform(&mut told);
    p.crumble(stood, &mut told);
    p.contacts(&mut told);
    p.gates(&mut told);
    Ok(told)
}
