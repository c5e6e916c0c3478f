//! Explodorama's actions as text, one token an action (`u d l r` a step,
//! `bd` a bomb down, `w` wait, `x3,4` detonate at 3,4, ...): the command
//! line's actions files, the fixtures and the rules' own tests read and
//! write them. [`token`] and [`parse_token`] are each other's inverse.

use super::board::{Diag, Dir, Pos};
use super::types::{Action, Aim};

/// The tokens [`parse_token`] reads, for error messages.
pub const TOKENS: &str = "u d l r, bu bd bl br, w, ru…, su…, ul ur dl dr, ku…, tu…, fu…, x3,4, vu…, v, v3,4, c0…c4, buy0…buy3, restock, leave, keep, take, freeze";

/// Parses one token; `None` when it is not an action.
pub fn parse_token(tok: &str) -> Option<Action> {
    let dir = |c: &str| match c {
        "u" => Some(Dir::Up),
        "d" => Some(Dir::Down),
        "l" => Some(Dir::Left),
        "r" => Some(Dir::Right),
        _ => None,
    };
    let tile = |t: &str| {
        let (x, y) = t.split_once(',')?;
        Some(Pos { x: x.trim().parse().ok()?, y: y.trim().parse().ok()? })
    };
    let index = |t: &str| t.parse::<u8>().ok();
    // Every token is ASCII; the slicing below counts bytes.
    if !tok.is_ascii() {
        return None;
    }
    let t = tok.to_ascii_lowercase();
    Some(match t.as_str() {
        "w" => Action::Wait,
        "ul" => Action::Diagonal(Diag::UpLeft),
        "ur" => Action::Diagonal(Diag::UpRight),
        "dl" => Action::Diagonal(Diag::DownLeft),
        "dr" => Action::Diagonal(Diag::DownRight),
        "v" => Action::UseCharge(Aim::Me),
        "restock" => Action::Restock,
        "leave" => Action::LeaveShop,
        "keep" => Action::KeepCharge,
        "take" => Action::TakeCharge,
        "freeze" => Action::FreezeFirst,
        _ if t.len() == 1 => Action::Move(dir(&t)?),
        _ if t.starts_with("buy") => Action::Buy(index(&t[3..])?),
        _ if t.starts_with('c') => Action::Choose(index(&t[1..])?),
        _ if t.starts_with('x') => Action::Detonate(tile(&t[1..])?),
        _ if t.starts_with('v') && t.contains(',') => Action::UseCharge(Aim::At(tile(&t[1..])?)),
        _ if t.len() == 2 => {
            let d = dir(&t[1..])?;
            match &t[..1] {
                "b" => Action::Bomb(d),
                "r" => Action::Run(d),
                "s" => Action::Slide(d),
                "k" => Action::Kick(d),
                "t" => Action::Throw(d),
                "f" => Action::Rpg(d),
                "v" => Action::UseCharge(Aim::Dir(d)),
                _ => return None,
            }
        }
        _ => return None,
    })
}

/// The token of an action (what `parse_token` reads back).
pub fn token(a: &Action) -> String {
    let d = |d: Dir| match d {
        Dir::Up => "u",
        Dir::Down => "d",
        Dir::Left => "l",
        Dir::Right => "r",
    };
    match *a {
        Action::Move(x) => d(x).into(),
        Action::Bomb(x) => format!("b{}", d(x)),
        Action::Wait => "w".into(),
        Action::Run(x) => format!("r{}", d(x)),
        Action::Slide(x) => format!("s{}", d(x)),
        Action::Diagonal(g) => match g {
            Diag::UpLeft => "ul",
            Diag::UpRight => "ur",
            Diag::DownLeft => "dl",
            Diag::DownRight => "dr",
        }
        .into(),
        Action::Kick(x) => format!("k{}", d(x)),
        Action::Throw(x) => format!("t{}", d(x)),
        Action::Rpg(x) => format!("f{}", d(x)),
        Action::Detonate(p) => format!("x{},{}", p.x, p.y),
        Action::UseCharge(Aim::Me) => "v".into(),
        Action::UseCharge(Aim::Dir(x)) => format!("v{}", d(x)),
        Action::UseCharge(Aim::At(p)) => format!("v{},{}", p.x, p.y),
        Action::Choose(i) => format!("c{i}"),
        Action::Buy(i) => format!("buy{i}"),
        Action::Restock => "restock".into(),
        Action::LeaveShop => "leave".into(),
        Action::KeepCharge => "keep".into(),
        Action::TakeCharge => "take".into(),
        Action::FreezeFirst => "freeze".into(),
    }
}
