//! Where the bot can go and where it should: the ground's distances, the
//! spots a plain bomb of yours would catch prey or crates from with a way
//! out, and what is worth picking up.

use super::super::board::{Pos, Tile, DIRS, OIL, SPIKES};
use super::super::items::{Charge, Offer, Power};
use super::super::State;
use std::collections::VecDeque;

/// The tiles of `goals` as a mask of the board.
pub(super) fn mask(s: &State, goals: &[Pos]) -> Vec<bool> {
    let mut out = vec![false; s.board.layout.tiles.len()];
    for &g in goals {
        if s.board.layout.inside(g) {
            out[(g.y * s.board.layout.w + g.x) as usize] = true;
        }
    }
    out
}

/// The board as the bot walks it this turn: which tiles a step may enter
/// (floor, crates with Crate Pass; no bomb unless Bomb Pass; not the open
/// exit), oil and spikes, a byte a tile ([`WALK`], [`SLIPS`], [`SPIKED`]:
/// one load a tile in the searches, which run many times a turn).
pub(super) struct Ground {
    pub(super) w: usize,
    pub(super) cells: Vec<u8>,
    /// Any spikes at all (else timing never matters).
    pub(super) spiked: bool,
    /// The world's turn the next action ends.
    pub(super) turn: u32,
    /// Search buffers, kept between searches.
    pub(super) seen: Vec<u32>,
    pub(super) stamp: u32,
    pub(super) queue: Vec<(usize, u32, u32)>,
}

/// A step may enter the tile.
const WALK: u8 = 1;
/// Oil: a step onto it slides on.
const SLIPS: u8 = 2;
/// Spikes (raised every other turn).
const SPIKED: u8 = 4;

impl Ground {
    pub(super) fn new(s: &State) -> Ground {
        let n = s.board.layout.tiles.len();
        let crate_pass = s.has(Power::CratePass);
        let mut cells: Vec<u8> = s
            .board
            .layout
            .tiles
            .iter()
            .zip(&s.board.layout.marks)
            .map(|(&t, &m)| {
                let open = t == Tile::Floor || crate_pass && t == Tile::Crate;
                u8::from(open) * WALK + u8::from(m & OIL != 0) * SLIPS + u8::from(m & SPIKES != 0) * SPIKED
            })
            .collect();
        let w = s.board.layout.w;
        if !s.has(Power::BombPass) {
            for b in &s.bombs.list {
                if s.board.layout.inside(b.pos) {
                    cells[(b.pos.y * w + b.pos.x) as usize] &= !WALK;
                }
            }
        }
        let exit = s.board.layout.exit;
        if s.board.exit_open && s.board.layout.inside(exit) {
            cells[(exit.y * w + exit.x) as usize] &= !WALK;
        }
        Ground {
            w: w as usize,
            spiked: cells.iter().any(|&c| c & SPIKED != 0),
            cells,
            turn: s.run.turn,
            seen: vec![0; 2 * n],
            stamp: 0,
            // A search holds at most every state once.
            queue: Vec::with_capacity(2 * n),
        }
    }

    /// Where `p` lies in the board's tiles; `None` off the board's rows
    /// (negative coordinates included).
    fn index(&self, p: Pos) -> Option<usize> {
        let (x, y) = (usize::try_from(p.x).ok()?, usize::try_from(p.y).ok()?);
        Some(y * self.w + x).filter(|&i| x < self.w && i < self.cells.len())
    }

    /// The tiles reachable from `from` by steps onto open tiles ([`WALK`]).
    pub(super) fn reach(&self, from: Pos) -> Vec<bool> {
        let n = self.cells.len();
        let mut out = vec![false; n];
        let Some(start) = self.index(from) else { return out };
        out[start] = true;
        let mut queue = Vec::with_capacity(n);
        queue.push(start);
        while let Some(p) = queue.pop() {
            // The board's outer wall keeps the neighbours of a tile you can
            // stand on on the board.
            for q in [p - self.w, p + self.w, p - 1, p + 1] {
                if self.cells[q] & WALK != 0 && !out[q] {
                    out[q] = true;
                    queue.push(q);
                }
            }
        }
        out
    }

    /// Fewest actions from standing on `from` after `k` of them (0: now)
    /// to a tile of `goal`, a step or a pause a turn (sliding over oil as
    /// you do), never ending a turn on raised spikes (they rise every other
    /// turn, so a way's timing matters), onto the open exit only when it is
    /// a goal; `u32::MAX` when none.
    pub(super) fn timed(&mut self, from: Pos, k: u32, goal: &[bool]) -> u32 {
        let n = self.cells.len();
        let Some(start) = self.index(from) else { return u32::MAX };
        if goal[start] {
            return 0;
        }
        self.stamp += 1;
        let stamp = self.stamp;
        let spiked = self.spiked;
        // States: a tile and the parity of the actions taken (only spikes
        // care: without them every tile is one state).
        let parity = |k: u32| if spiked { k as usize & 1 } else { 0 };
        self.queue.clear();
        self.queue.push((start, k, 0));
        self.seen[start * 2 + parity(k)] = stamp;
        let mut head = 0;
        // A pause, then the four steps, as offsets on the board. Without
        // spikes a pause gains nothing (every tile is one state), so only
        // the steps are tried.
        let w = self.w as isize;
        let all = [0, -w, w, -1, 1];
        let deltas = if spiked { &all[..] } else { &all[1..] };
        // Slices of one known length: an index checked against `n` once
        // is good for all three.
        let cells = &self.cells[..n];
        let goal = &goal[..n];
        let seen = &mut self.seen[..2 * n];
        let queue = &mut self.queue;
        while head < queue.len() {
            let (p, k, d) = queue[head];
            head += 1;
            // The next action ends the world's turn `turn + k`: raised
            // spikes then block the tile it ends on.
            let block = if spiked && super::super::spikes_up(self.turn + k) { SPIKED } else { 0 };
            let key_parity = parity(k + 1);
            for &delta in deltas {
                let q = if delta == 0 {
                    p
                } else {
                    // Off the board (past either end) is never entered.
                    let mut q = p.wrapping_add_signed(delta);
                    if q >= n || cells[q] & WALK == 0 && !goal[q] {
                        continue;
                    }
                    // A step onto oil slides on over the spill.
                    while cells[q] & SLIPS != 0 {
                        let r = q.wrapping_add_signed(delta);
                        if r < n && cells[r] & (SLIPS | WALK) == SLIPS | WALK {
                            q = r;
                        } else {
                            break;
                        }
                    }
                    q
                };
                if cells[q] & block != 0 {
                    continue;
                }
                let key = q * 2 + key_parity;
                if seen[key] == stamp {
                    continue;
                }
                if goal[q] {
                    return d + 1;
                }
                seen[key] = stamp;
                queue.push((q, k + 1, d + 1));
            }
        }
        u32::MAX
    }
}

/// Tiles next to a spot where a bomb would catch an enemy where it stands
/// or where its arrows take it, without reaching the uncovered exit or gem.
pub(super) fn attack_tiles(s: &State, prey: &[Pos], desperate: bool, memo: &mut SpotMemo) -> Vec<Pos> {
    spots(s, prey, desperate, memo)
}

/// Where the enemies stand and where their arrows take them: the tiles in
/// the enemies' order (repeats kept), and a flag a tile, for asking of every
/// tile a blast would burn.
pub(super) struct Prey {
    pub(super) list: Vec<Pos>,
    mask: Vec<bool>,
    w: i32,
}

impl Prey {
    /// These tiles as prey.
    pub(super) fn of(s: &State, list: Vec<Pos>) -> Prey {
        Prey { mask: mask(s, &list), list, w: s.board.layout.w }
    }

    /// Whether an enemy stands on `q` or its arrows take it there.
    pub(super) fn at(&self, q: Pos) -> bool {
        q.x >= 0 && q.y >= 0 && q.x < self.w && self.mask.get((q.y * self.w + q.x) as usize).copied().unwrap_or(false)
    }
}

/// Where the enemies stand and where their arrows take them.
pub(super) fn prey(s: &State) -> Prey {
    let mut list: Vec<Pos> = Vec::new();
    for e in &s.enemies.list {
        let mut at = e.pos;
        list.push(at);
        for step in &e.plan {
            at = s.land(e.kind, at, *step);
            list.push(at);
        }
    }
    Prey::of(s, list)
}

/// A buffer for [`plain_blast`], room for the bomb's tile and four full
/// arms at once (asked for many times a turn).
pub(super) fn blast_buffer(s: &State) -> Vec<Pos> {
    Vec::with_capacity(1 + 4 * s.player.blast.min(64) as usize)
}

/// The tiles a plain bomb of yours on `p` would burn (`State::blast` for a
/// plain bomb, unsorted, into a buffer).
pub(super) fn plain_blast(s: &State, p: Pos, out: &mut Vec<Pos>) {
    out.clear();
    out.push(p);
    for d in DIRS {
        let mut q = p;
        for _ in 0..s.player.blast {
            q = q.step(d);
            match s.board.layout.tile(q) {
                t if t.solid() => break,
                Tile::Crate | Tile::Barrel => {
                    out.push(q);
                    break;
                }
                _ => out.push(q),
            }
        }
    }
}

/// The floor tiles next to (under the lab's `underfoot` rule: on) a spot
/// where a plain bomb's blast would reach
/// one of `targets` without reaching the uncovered exit or gem. A spot is
/// empty floor (not the uncovered exit) in a target's row or column within
/// the blast's reach, with only floor between (a blast stops at the first
/// crate, which it burns: a crate target is reached, one between is not).
pub(super) fn spots(s: &State, targets: &[Pos], desperate: bool, memo: &mut SpotMemo) -> Vec<Pos> {
    memo.refresh(s, desperate);
    let mut out = Vec::new();
    let mut tiles = blast_buffer(s);
    // Each spot is judged once (targets repeat: an enemy standing still
    // is its own arrows' end), as a bitmap of the board.
    let w = s.board.layout.w;
    let mut tried = vec![false; s.board.layout.tiles.len()];
    for &t in targets {
        for d in DIRS {
            let mut b = t;
            for _ in 0..s.player.blast {
                b = b.step(d);
                // Floor is always on the board (its outer wall is not floor).
                if s.board.layout.tile(b) != Tile::Floor {
                    break;
                }
                let i = (b.y * w + b.x) as usize;
                if tried[i] {
                    continue;
                }
                tried[i] = true;
                if s.bomb_at(b).is_some()
                    || s.enemy_at(b).is_some()
                    || !desperate && s.board.exit_revealed && b == s.board.layout.exit
                {
                    continue;
                }
                // Which of the tiles next to it (or, underfoot, the spot
                // itself: the lowest bit) a bomb there leaves a way out
                // from: a function of the board alone, remembered.
                let ways = match memo.ways[i] {
                    SpotMemo::UNKNOWN => {
                        plain_blast(s, b, &mut tiles);
                        let mut ways = 0;
                        if desperate || !spoils(s, &tiles) {
                            if s.run.setup.underfoot {
                                // You stand on the spot itself.
                                ways = u8::from(way_out(s, b, b, &tiles));
                            } else {
                                for (k, d) in DIRS.iter().enumerate() {
                                    let q = b.step(*d);
                                    if s.board.layout.tile(q) == Tile::Floor && way_out(s, q, b, &tiles) {
                                        ways |= 1 << k;
                                    }
                                }
                            }
                        }
                        memo.ways[i] = ways;
                        ways
                    }
                    known => known,
                };
                if s.run.setup.underfoot {
                    if ways & 1 != 0 {
                        out.push(b);
                    }
                } else {
                    out.extend(DIRS.iter().enumerate().filter(|&(k, _)| ways & (1 << k) != 0).map(|(_, &d)| b.step(d)));
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// What [`spots`] found of each spot, kept while nothing it depends on
/// changes: the tiles, where bombs lie, your blast and fuse, what of the
/// exit and the gem is uncovered, the level and attempt, the lab's rule and
/// whether the bot is desperate (enemies, which move every turn, are asked
/// apart). The bot asks for spots several times a turn, and on most turns
/// the board is as it was.
#[derive(Clone, Debug, Default)]
pub(super) struct SpotMemo {
    /// What the answers hold for.
    key: Vec<u32>,
    tiles: Vec<Tile>,
    /// A spot's ways out (bits as in [`spots`]), or [`SpotMemo::UNKNOWN`].
    ways: Vec<u8>,
}

impl SpotMemo {
    /// Not worked out yet (no answer has this bit: at most four ways).
    const UNKNOWN: u8 = 0x80;

    /// Forgets every answer when something they depend on changed.
    fn refresh(&mut self, s: &State, desperate: bool) {
        let b = &s.board;
        let flags = u32::from(desperate)
            | u32::from(s.run.setup.underfoot) << 1
            | u32::from(b.exit_revealed) << 2
            | u32::from(b.gem_revealed) << 3
            | u32::from(b.gem_taken) << 4;
        let head = [s.run.level, s.run.attempt, s.player.blast, s.player.fuse, flags];
        let places = [b.layout.exit, b.layout.gem].into_iter().chain(s.bombs.list.iter().map(|bomb| bomb.pos));
        let same = self.tiles == b.layout.tiles
            && self.key.len() == head.len() + 2 * (2 + s.bombs.list.len())
            && self.key[..head.len()] == head
            && self.key[head.len()..].chunks(2).zip(places.clone()).all(|(k, p)| k == [p.x as u32, p.y as u32]);
        if same {
            return;
        }
        self.key.clear();
        self.key.extend(head);
        for p in places {
            self.key.extend([p.x as u32, p.y as u32]);
        }
        self.tiles.clone_from(&b.layout.tiles);
        self.ways.clear();
        self.ways.resize(b.layout.tiles.len(), SpotMemo::UNKNOWN);
    }
}

/// Whether, standing on `from` with a bomb just put on `bomb` whose blast
/// covers `blast`, some tile out of the blast is in reach before it goes off
/// (a bomb shows its fuse after the action that put it down and goes off at
/// the end of the fuse-th action after: that many steps) over empty floor,
/// the board as it lies (enemies aside).
pub(super) fn way_out(s: &State, from: Pos, bomb: Pos, blast: &[Pos]) -> bool {
    if !blast.contains(&from) {
        return true;
    }
    let steps = s.player.fuse.max(1);
    // Tiles reached, breadth-first; a few steps reach few tiles (at most
    // 2k(k+1) + 1 for k steps), so a small array does.
    let mut seen = [from; 64];
    let (mut len, mut layer_start) = (1, 0);
    for _ in 0..steps {
        let layer_end = len;
        for i in layer_start..layer_end {
            for d in DIRS {
                let q = seen[i].step(d);
                if q == bomb
                    || s.board.layout.tile(q) != Tile::Floor
                    || s.bomb_at(q).is_some()
                    || seen[..len].contains(&q)
                {
                    continue;
                }
                if !blast.contains(&q) {
                    return true;
                }
                if len < seen.len() {
                    seen[len] = q;
                    len += 1;
                }
            }
        }
        layer_start = layer_end;
    }
    false
}

/// Every crate on the board.
pub(super) fn crates(s: &State) -> Vec<Pos> {
    s.board.layout.positions().filter(|&p| s.board.layout.tile(p) == Tile::Crate).collect()
}

/// Tiles next to a spot where a bomb would break a crate on the way to the
/// nearest enemy (through crates), without reaching the uncovered exit or
/// gem; with no enemy left, any crate. `mine`: the tiles you can walk to.
pub(super) fn crate_spots(s: &State, desperate: bool, mine: &[bool], memo: &mut SpotMemo) -> Vec<Pos> {
    let w = s.board.layout.w;
    let at = |p: Pos| (p.y * w + p.x) as usize;
    // From the enemies over floor and crates alike.
    let n = (w * s.board.layout.h) as usize;
    let mut far = vec![u32::MAX; n];
    let mut queue: VecDeque<Pos> = VecDeque::new();
    for e in &s.enemies.list {
        if s.board.layout.inside(e.pos) && far[at(e.pos)] == u32::MAX {
            far[at(e.pos)] = 0;
            queue.push_back(e.pos);
        }
    }
    while let Some(p) = queue.pop_front() {
        for d in DIRS {
            let q = p.step(d);
            if s.board.layout.inside(q)
                && far[at(q)] == u32::MAX
                && matches!(s.board.layout.tile(q), Tile::Floor | Tile::Crate)
            {
                far[at(q)] = far[at(p)] + 1;
                queue.push_back(q);
            }
        }
    }
    // The crates next to where you can walk, nearest the enemies first.
    let frontier: Vec<Pos> = s
        .board
        .layout
        .positions()
        .filter(|&p| {
            s.board.layout.tile(p) == Tile::Crate
                && DIRS.iter().any(|&d| s.board.layout.inside(p.step(d)) && mine[at(p.step(d))])
        })
        .collect();
    // Nearest the enemies first; where no bomb can reach those (an enemy
    // in the way, the exit), the next nearest, then any crate.
    let mut levels: Vec<u32> = frontier.iter().map(|&p| far[at(p)]).collect();
    levels.sort_unstable();
    levels.dedup();
    for level in levels.into_iter().take(4) {
        let targets: Vec<Pos> = frontier.iter().copied().filter(|&p| far[at(p)] == level).collect();
        let out = spots(s, &targets, desperate, memo);
        if !out.is_empty() {
            return out;
        }
    }
    spots(s, &crates(s), desperate, memo)
}

/// Whether flame on `tiles` reaches the uncovered exit or gem.
pub(super) fn spoils(s: &State, tiles: &[Pos]) -> bool {
    tiles.iter().any(|&q| {
        s.board.exit_revealed && q == s.board.layout.exit
            || s.board.gem_revealed && !s.board.gem_taken && q == s.board.layout.gem
    })
}

/// A power-up's or charge's worth to the bot.
pub(super) fn worth(o: Offer) -> u32 {
    match o {
        Offer::Power(p) => match p {
            Power::Heart => 10,
            Power::BombUp => 9,
            Power::FireUp => 8,
            Power::Tnt => 8,
            Power::CratePass => 6,
            Power::Proximity => 5,
            Power::CoinBag => 4,
            Power::BombPass => 4,
            Power::Run | Power::Diagonal => 3,
            Power::Star => 3,
            Power::FuseUp | Power::Slide | Power::Detonator => 1,
            Power::Kick | Power::Throw | Power::Rpg => 1,
        },
        Offer::Charge(Charge::Shield | Charge::FlamePass) => 3,
        // Used when carried (to kill, or to get out), but not chosen over
        // anything: a carried charge costs the bot's look-ahead a copy a
        // turn for each way it could be used.
        Offer::Charge(_) => 0,
    }
}
