//! The board: things (objects and words) on cells, read from the text-grid notation.

/// A noun or an id: interned text, so a name is a copied pointer and copying
/// a state copies no text (the solver copies states a million times). Every
/// distinct name is stored once for the life of the process (a few per
/// level); equality, order and output go by the text, never the address.
#[derive(Clone, Copy)]
pub struct Name(&'static str);

impl Name {
    /// The interned name for `text`.
    pub fn new(text: &str) -> Name {
        use std::collections::BTreeSet;
        use std::sync::{Mutex, OnceLock};
        static NAMES: OnceLock<Mutex<BTreeSet<&'static str>>> = OnceLock::new();
        let mut names = NAMES.get_or_init(Default::default).lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(&n) = names.get(text) {
            return Name(n);
        }
        let n: &'static str = Box::leak(text.to_string().into_boxed_str());
        names.insert(n);
        Name(n)
    }

    /// The text.
    pub fn as_str(&self) -> &'static str {
        self.0
    }
}

impl std::ops::Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        self.0
    }
}

impl PartialEq for Name {
    fn eq(&self, other: &Name) -> bool {
        // Interned: the same text is the same address.
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Name {}

impl PartialOrd for Name {
    fn partial_cmp(&self, other: &Name) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Name {
    fn cmp(&self, other: &Name) -> std::cmp::Ordering {
        self.0.cmp(other.0)
    }
}

impl std::fmt::Debug for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.0, f)
    }
}

impl std::fmt::Display for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl From<&str> for Name {
    fn from(text: &str) -> Name {
        Name::new(text)
    }
}

impl From<String> for Name {
    fn from(text: String) -> Name {
        Name::new(&text)
    }
}

/// A property word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Prop {
    /// Moves with the player's input.
    You,
    /// Pushed by movers.
    Push,
    /// Blocks movers (PUSH beats STOP).
    Stop,
    /// A YOU on it wins.
    Win,
    /// Destroys everything in its cell, itself included.
    Sink,
    /// Destroys YOU things in its cell (or a YOU that is DEFEAT itself).
    Defeat,
    /// A Sokoban target (the GOAL extension).
    Goal,
    /// On a separate layer: touches only FLOAT things.
    Float,
    /// Crumbles (the FRAIL extension).
    Frail,
    /// Destroys a YOU in its cell, and itself with it (the `keke` rules;
    /// rules v7).
    Kill,
    /// Steps its way each turn after the players, turning round when blocked
    /// (the `keke` rules; rules v7).
    Move,
    /// Destroys a MELT thing in its cell, and itself with it (the `keke`
    /// rules; rules v7).
    Hot,
    /// Destroyed on a HOT thing's cell (the `keke` rules; rules v7).
    Melt,
}

/// Every property, with its word.
pub const PROPS: [(Prop, &str); 13] = [
    (Prop::You, "YOU"),
    (Prop::Push, "PUSH"),
    (Prop::Stop, "STOP"),
    (Prop::Win, "WIN"),
    (Prop::Sink, "SINK"),
    (Prop::Defeat, "DEFEAT"),
    (Prop::Goal, "GOAL"),
    (Prop::Float, "FLOAT"),
    (Prop::Frail, "FRAIL"),
    (Prop::Kill, "KILL"),
    (Prop::Move, "MOVE"),
    (Prop::Hot, "HOT"),
    (Prop::Melt, "MELT"),
];

/// The properties only the `keke` rules play (a level in Miau's own rules
/// that writes one is refused: see [`crate::miau::Setup::check`]).
pub const KEKE_ONLY: [Prop; 4] = [Prop::Kill, Prop::Move, Prop::Hot, Prop::Melt];

impl Prop {
    /// The word.
    pub fn word(self) -> &'static str {
        PROPS.iter().find(|(p, _)| *p == self).map(|(_, w)| *w).unwrap_or("?")
    }
}

/// A word tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Word {
    /// A noun (`MIAU`, `ROCK`), lowercase inside.
    Noun(Name),
    /// IS.
    Is,
    /// AND.
    And,
    /// A property.
    Prop(Prop),
}

/// What a thing is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// An object of a noun (`miau`, `rock`).
    Object(Name),
    /// A word.
    Word(Word),
}

impl Kind {
    /// As written in the grid notation.
    pub fn text(&self) -> String {
        match self {
            Kind::Object(n) => n.to_string(),
            Kind::Word(Word::Noun(n)) => n.to_uppercase(),
            Kind::Word(Word::Is) => "IS".into(),
            Kind::Word(Word::And) => "AND".into(),
            Kind::Word(Word::Prop(p)) => p.word().into(),
        }
    }
}

/// One thing on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thing {
    /// Stable id from reading order per noun (`rock-1`, `text-is-2`).
    pub id: Name,
    /// What it is.
    pub kind: Kind,
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// A fixed word: nothing can push it.
    pub fixed: bool,
    /// The circuit of a plate or gate (`plate:amber`), from [`CHANNELS`].
    pub channel: Option<Name>,
    /// A gate's state: open (passable) or closed (STOP whatever the rules).
    pub open: bool,
    /// The way it last moved, which a MOVE thing keeps stepping ([`FACINGS`]
    /// index: right, down, left, up); right until it first moves. Only the
    /// `keke` rules read it (rules v7).
    pub facing: u8,
}

/// The four ways a thing can face, by [`Thing::facing`]: (dx, dy).
pub const FACINGS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// The [`FACINGS`] index of a one-cell step.
pub fn facing_of(dx: i32, dy: i32) -> u8 {
    FACINGS.iter().position(|&f| f == (dx, dy)).unwrap_or(0) as u8
}

/// The fixed channel palette for plates and gates (the renderer tints by it).
pub const CHANNELS: [&str; 6] = ["amber", "teal", "rose", "lime", "violet", "sky"];

impl Thing {
    /// A gate in a circuit: a `gate` object with a channel. The role follows the
    /// noun: a gate transformed into a crate keeps its channel but is no gate.
    pub fn is_gate(&self) -> bool {
        self.channel.is_some() && matches!(&self.kind, Kind::Object(n) if n.as_str() == "gate")
    }

    /// A plate in a circuit: a `plate` object with a channel.
    pub fn is_plate(&self) -> bool {
        self.channel.is_some() && matches!(&self.kind, Kind::Object(n) if n.as_str() == "plate")
    }
}

/// The board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Width.
    pub w: i32,
    /// Height.
    pub h: i32,
    /// Every thing.
    pub things: Vec<Thing>,
    /// What each FRAIL noun leaves when it crumbles (`drift>water` in the
    /// notation), sorted by noun; a noun not listed leaves nothing.
    pub leaves: std::sync::Arc<Vec<(String, String)>>,
}

/// The largest board.
pub const MAX_SIDE: i32 = 128;

impl Board {
    /// Reads the grid notation: rows separated by newlines or ` / `, cells by
    /// spaces, `.` empty, UPPERCASE a word, lowercase a thing (a legend letter,
    /// else the noun itself), `+` stacks. Errors name the row and column.
    pub fn parse(grid: &str, legend: &[(String, String)]) -> Result<Board, String> {
        let rows: Vec<&str> = grid.split(['\n', '/']).map(str::trim).filter(|r| !r.is_empty()).collect();
        if rows.is_empty() {
            return Err("the grid is empty".into());
        }
        let mut things = Vec::new();
        let mut counts: std::collections::BTreeMap<String, u32> = Default::default();
        let mut w = None;
        let mut leaves: Vec<(String, String)> = Vec::new();
        // Every legend entry's leftover counts, even for a letter the grid never
        // uses: `h = shoal>water` continues the chain `sand>shoal`.
        for (k, v) in legend {
            for part in v.split('+') {
                add_leftover(part, &mut leaves).map_err(|e| format!("legend '{k}': {e}"))?;
            }
        }
        for (y, row) in rows.iter().enumerate() {
            let cells: Vec<&str> = row.split_whitespace().collect();
            match w {
                None => w = Some(cells.len()),
                Some(n) if n != cells.len() => {
                    return Err(format!("row {} is {} wide, expected {n}", y + 1, cells.len()))
                }
                _ => {}
            }
            for (x, cell) in cells.iter().enumerate() {
                if *cell == "." {
                    continue;
                }
                // A legend key may stand for a stack or a fixed word ("crate+dock", "IS!").
                let expanded: Vec<String> = cell
                    .split('+')
                    .flat_map(|p| match legend.iter().find(|(k, _)| k == p) {
                        Some((_, v))
                            if v.contains('+') || v.ends_with('!') || v.chars().any(|c| c.is_ascii_uppercase()) =>
                        {
                            v.split('+').map(String::from).collect::<Vec<_>>()
                        }
                        _ => vec![p.to_string()],
                    })
                    .collect();
                for part in expanded.iter().map(String::as_str) {
                    // `IS!` is a fixed word.
                    let (part, fixed) = match part.strip_suffix('!') {
                        Some(p) => (p, true),
                        None => (part, false),
                    };
                    // A channel (`plate:amber`), here or in the legend value.
                    let (part, mut channel) = match part.split_once(':') {
                        Some((p, c)) => (p, Some(c.to_string())),
                        None => (part, None),
                    };
                    if channel.is_none() {
                        if let Some((_, v)) = legend.iter().find(|(k, _)| k == part) {
                            channel = v.split_once(':').map(|(_, c)| c.to_string());
                        }
                    }
                    if let Some(c) = &channel {
                        if !CHANNELS.contains(&c.as_str()) {
                            return Err(format!(
                                "row {}, column {}: '{c}' is not a channel (channels: {})",
                                y + 1,
                                x + 1,
                                CHANNELS.join(", ")
                            ));
                        }
                    }
                    add_leftover(part, &mut leaves).map_err(|e| format!("row {}, column {}: {e}", y + 1, x + 1))?;
                    let part = part.split('>').next().unwrap_or(part);
                    let kind = kind_of(part, legend)
                        .ok_or_else(|| format!("row {}, column {}: '{part}' is not a word or a thing", y + 1, x + 1))?;
                    let base = match &kind {
                        Kind::Object(n) => n.to_string(),
                        k => format!("text-{}", k.text().to_lowercase()),
                    };
                    let n = counts.entry(base.clone()).or_insert(0);
                    *n += 1;
                    if fixed && !matches!(kind, Kind::Word(_)) {
                        return Err(format!("row {}, column {}: only words can be fixed ('{part}!')", y + 1, x + 1));
                    }
                    if channel.is_some() && !matches!(kind, Kind::Object(_)) {
                        return Err(format!(
                            "row {}, column {}: only things can have a channel ('{part}')",
                            y + 1,
                            x + 1
                        ));
                    }
                    things.push(Thing {
                        id: format!("{base}-{n}").into(),
                        kind,
                        x: x as i32,
                        y: y as i32,
                        fixed,
                        channel: channel.map(Name::from),
                        open: false,
                        facing: 0,
                    });
                }
            }
        }
        let (w, h) = (w.unwrap_or(0) as i32, rows.len() as i32);
        if w > MAX_SIDE || h > MAX_SIDE {
            return Err(format!("a board is at most {MAX_SIDE}×{MAX_SIDE} cells, not {w}×{h}"));
        }
        leaves.sort();
        Ok(Board { w, h, things, leaves: std::sync::Arc::new(leaves) })
    }

    /// Another thing in the cell of thing `i`, the first in board order:
    /// what presses a plate or holds a gate open.
    pub fn other_at(&self, i: usize) -> Option<&Thing> {
        let t = &self.things[i];
        self.things.iter().enumerate().find(|&(j, o)| j != i && (o.x, o.y) == (t.x, t.y)).map(|(_, o)| o)
    }

    /// The indices of the things in each non-empty cell, cells in reading order.
    pub fn cells(&self) -> Vec<Vec<usize>> {
        // A stable sort by (row, column) keeps each cell's indices ascending.
        let mut order: Vec<usize> = (0..self.things.len()).collect();
        order.sort_by_key(|&i| (self.things[i].y, self.things[i].x));
        let mut out: Vec<Vec<usize>> = Vec::new();
        let mut last = None;
        for i in order {
            let at = (self.things[i].y, self.things[i].x);
            match out.last_mut() {
                Some(cell) if last == Some(at) => cell.push(i),
                _ => out.push(vec![i]),
            }
            last = Some(at);
        }
        out
    }

    /// The places of the words, in board order.
    pub fn word_places(&self) -> Vec<(i32, i32)> {
        self.things.iter().filter(|t| matches!(t.kind, Kind::Word(_))).map(|t| (t.x, t.y)).collect()
    }

    /// Whether the words stand exactly at `places` (in board order).
    pub fn words_at(&self, places: &[(i32, i32)]) -> bool {
        let mut words = self.things.iter().filter(|t| matches!(t.kind, Kind::Word(_))).map(|t| (t.x, t.y));
        places.iter().all(|&p| words.next() == Some(p)) && words.next().is_none()
    }

    /// The things at (x, y).
    pub fn at(&self, x: i32, y: i32) -> Vec<&Thing> {
        self.things.iter().filter(|t| t.x == x && t.y == y).collect()
    }
}

/// Records `noun>leftover` (both lowercase nouns); a noun may leave only one thing.
fn add_leftover(part: &str, leaves: &mut Vec<(String, String)>) -> Result<(), String> {
    let part = part.split(':').next().unwrap_or(part);
    let Some((noun, left)) = part.split_once('>') else { return Ok(()) };
    let noun_ok =
        |n: &str| !n.is_empty() && n.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !noun_ok(noun) || !noun_ok(left) {
        return Err(format!("'{part}' must be a thing and the thing it leaves, both lowercase nouns (drift>water)"));
    }
    match leaves.iter().find(|(n, _)| n == noun) {
        Some((_, l)) if l != left => Err(format!("'{noun}' cannot leave both '{l}' and '{left}'")),
        Some(_) => Ok(()),
        None => {
            leaves.push((noun.to_string(), left.to_string()));
            Ok(())
        }
    }
}

impl Board {
    /// What a crumbling `noun` leaves, if anything.
    pub fn leftover(&self, noun: &str) -> Option<&str> {
        self.leaves.iter().find(|(n, _)| n == noun).map(|(_, l)| l.as_str())
    }
}

fn kind_of(part: &str, legend: &[(String, String)]) -> Option<Kind> {
    if part.is_empty() || !part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    if part.chars().all(|c| !c.is_ascii_lowercase()) {
        let word = match part {
            "IS" => Word::Is,
            "AND" => Word::And,
            _ => match PROPS.iter().find(|(_, w)| *w == part) {
                Some((p, _)) => Word::Prop(*p),
                None => Word::Noun(part.to_lowercase().into()),
            },
        };
        return Some(Kind::Word(word));
    }
    // A legend value may carry its leftover (`drift>water`): the thing is the noun before `>`.
    let noun = legend
        .iter()
        .find(|(k, _)| k == part)
        .map(|(_, v)| v.split([':', '>']).next().unwrap_or(v).to_string())
        .unwrap_or_else(|| part.to_string());
    Some(Kind::Object(noun.into()))
}
