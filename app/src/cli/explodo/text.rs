//! Explodorama in text: a board drawn a character a tile, its legend, and
//! the play tokens (`u`, `bu`, `x3,4`…) read and written.

use retrace_kernel::explodo::board::{Pos, Tile, BUSH, OIL, SPIKES};
use retrace_kernel::explodo::items::{Charge, CHARGES};
use retrace_kernel::explodo::{Action, Dialog, State};

/// A charge by its name, any case, words joined by `-` ("flame-pass").
pub fn parse_charge(text: &str) -> Result<Charge, String> {
    let key = |name: &str| name.to_lowercase().replace(' ', "-");
    CHARGES.iter().copied().find(|c| key(c.name()) == key(text)).ok_or_else(|| {
        let names: Vec<String> = CHARGES.iter().map(|c| key(c.name())).collect();
        format!("no charge {text:?}; the charges are {}", names.join(", "))
    })
}

/// The legend printed under a board.
pub const LEGEND: &str = "legend: # wall  O pillar  + crate  . floor  @ you  E exit (uncovered)  G gem (uncovered)  R rainbow gem  * bomb  ~ flame  $ coins  c charge  b/s/d/S/g/w/h enemies (Blob, Seeker, Drifter, Sprinter, Ghost, Wisp, Hunter)  objects: \" bush  M metal crate  o oil  ^ spikes  B oil barrel  Q cracked pillar  % rubble";

/// The board as text.
pub fn render(s: &State) -> String {
    let mut out = String::new();
    for y in 0..s.board.layout.h {
        for x in 0..s.board.layout.w {
            let p = Pos { x, y };
            let c = if p == s.player.at {
                '@'
            } else if let Some(e) = s.enemies.list.iter().find(|e| e.pos == p) {
                ['b', 's', 'd', 'S', 'g', 'w', 'h'][e.kind as usize]
            } else if s.bombs.list.iter().any(|b| b.pos == p) {
                '*'
            } else if s.bombs.flames.iter().any(|&(f, _)| f == p) {
                '~'
            } else if let Some(d) = s.board.drops.iter().find(|d| d.pos == p) {
                if d.charge.is_some() {
                    'c'
                } else {
                    '$'
                }
            } else if s.board.rainbow == Some(p) {
                'R'
            } else {
                match s.board.layout.tile(p) {
                    Tile::Wall => '#',
                    Tile::Pillar => 'O',
                    Tile::Crate => '+',
                    Tile::Metal => 'M',
                    Tile::Barrel => 'B',
                    Tile::Cracked => 'Q',
                    Tile::Rubble => '%',
                    Tile::Floor if s.board.exit_revealed && p == s.board.layout.exit => 'E',
                    Tile::Floor if s.board.gem_revealed && !s.board.gem_taken && p == s.board.layout.gem => 'G',
                    Tile::Floor if s.board.layout.has(p, BUSH) => '"',
                    Tile::Floor if s.board.layout.has(p, OIL) => 'o',
                    Tile::Floor if s.board.layout.has(p, SPIKES) => '^',
                    Tile::Floor => '.',
                }
            };
            out.push(c);
        }
        out.push('\n');
    }
    out
}

pub use retrace_kernel::explodo::notation::{parse_token, token, TOKENS};

/// Parses an actions file; errors name the line and the token.
pub fn parse_moves(text: &str) -> Result<Vec<Action>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        for tok in line.split_whitespace() {
            match parse_token(tok) {
                Some(a) => out.push(a),
                None => {
                    let tok = crate::files::escaped_short(tok, 40);
                    return Err(format!("line {}: '{tok}' is not an action ({TOKENS})", n + 1));
                }
            }
        }
    }
    Ok(out)
}

/// The open dialog as a line of text, with the tokens that answer it.
pub fn dialog_line(s: &State) -> Option<String> {
    let d = s.run.dialogs.last()?;
    Some(match d {
        Dialog::Gem { cards, rainbow } => {
            let list: Vec<String> = cards.iter().enumerate().map(|(i, o)| format!("c{i} {}", s.card(*o))).collect();
            format!("{} offers: {}", if *rainbow { "the rainbow gem" } else { "the gem" }, list.join(" | "))
        }
        Dialog::Shop { items, restocks } => {
            let list: Vec<String> = items
                .iter()
                .enumerate()
                .filter_map(|(i, o)| o.map(|o| format!("buy{i} {} ({} coins)", s.card(o), o.price())))
                .collect();
            format!("shop ({} coins): {} | restock ({} coins) | leave", s.player.coins, list.join(" | "), restocks + 1)
        }
        Dialog::Swap { new, uses } => {
            let (old, left) = s.player.charge.expect("a swap has a charge carried");
            format!(
                "carrying {} ×{left}, found {} ×{uses}: keep (+{} coins) | take (+{} coins)",
                old.name(),
                new.name(),
                new.sell_value(*uses),
                old.sell_value(left)
            )
        }
    })
}
