//! A level's extensions as a pack writes them: OPEN/SHUT pairs, the words
//! it introduces, and TICK automata.

use super::super::board::{Board, Kind};
use super::super::types::is_core_word;
use super::read::{flag, issue, string, texts, unknown_keys, whole, wrong, Report};
use toml::{Table, Value};

/// A level's `pairs`: `[{ words = ["OPEN", "SHUT"], effect = "destroy-both", enter = true }]`.
/// A level's `pairs`, with the index each had in the file (a pair that does
/// not read is left out, so later ones keep their own index in messages).
pub(super) fn level_pairs(t: &Table, path: &str, r: &mut Report) -> (Vec<super::super::Pair>, Vec<usize>) {
    let mut out = Vec::new();
    let mut at_index = Vec::new();
    let Some(v) = t.get("pairs") else { return (out, at_index) };
    let Some(list) = v.as_array() else {
        r.errors.push(wrong(&format!("{path}.pairs"), "a list of { words = [\"OPEN\", \"SHUT\"], enter = true }", v));
        return (out, at_index);
    };
    // Every word seen so far and the pair it came from.
    let mut seen: Vec<(String, usize)> = Vec::new();
    if list.len() > super::super::MAX_PAIRS {
        r.errors.push(issue(
            &format!("{path}.pairs"),
            format!("has {} pairs; a level holds at most {}", list.len(), super::super::MAX_PAIRS),
        ));
    }
    for (i, p) in list.iter().enumerate() {
        let at = format!("{path}.pairs[{i}]");
        let Some(p) = p.as_table() else {
            r.errors.push(wrong(&at, "a table { words = [\"OPEN\", \"SHUT\"] }", p));
            continue;
        };
        unknown_keys(p, &at, &["words", "effect", "enter"], r);
        match p.get("effect").map(Value::as_str) {
            None | Some(Some("destroy-both")) => {}
            _ => r.errors.push(issue(&format!("{at}.effect"), "must be \"destroy-both\" (the only effect there is)")),
        }
        let enter = flag(p, "enter", &at, r);
        let before = r.errors.len();
        let words: Vec<String> = texts(p, "words", &at, r, "a list of two words ([\"OPEN\", \"SHUT\"])", "a word")
            .iter()
            .map(|w| w.to_uppercase())
            .collect();
        if r.errors.len() > before {
            // A wrong type, already said with its path.
            continue;
        }
        if words.len() != 2 {
            r.errors.push(issue(&format!("{at}.words"), "must be two words, e.g. [\"OPEN\", \"SHUT\"]"));
            continue;
        }
        let mut ok = true;
        if words[0] == words[1] {
            r.errors.push(issue(
                &format!("{at}.words"),
                format!("the two words must differ, not {} and {}", words[0], words[1]),
            ));
            ok = false;
        }
        for w in &words {
            if is_core_word(w) {
                r.errors.push(issue(&format!("{at}.words"), format!("{w} is a core word and cannot be a pair word")));
                ok = false;
            } else if w.is_empty() || !w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                r.errors.push(issue(&format!("{at}.words"), format!("'{w}' must be letters, digits or _")));
                ok = false;
            } else if let Some((_, j)) = seen.iter().find(|(s, _)| s == w) {
                r.errors.push(issue(
                    &format!("{at}.words"),
                    format!("{w} is already a word of {path}.pairs[{j}]; a word belongs to one pair"),
                ));
                ok = false;
            }
        }
        seen.extend(words.iter().map(|w| (w.clone(), i)));
        if ok {
            out.push(super::super::Pair { words: [words[0].clone(), words[1].clone()], enter });
            at_index.push(i);
        }
    }
    (out, at_index)
}

/// A level's `introduces` or `reuses` (`key`): what it teaches first, or
/// what it brings back from earlier levels. A list of text; an UPPERCASE
/// entry is a word and must be on the board, anything else is an idea in the
/// author's words.
pub(super) fn level_lessons(t: &Table, key: &str, path: &str, board: &Board, r: &mut Report) -> Vec<String> {
    let mut out = Vec::new();
    let Some(v) = t.get(key) else { return out };
    let Some(list) = v.as_array() else {
        r.errors.push(wrong(&format!("{path}.{key}"), "a list of text ([\"GAP\", \"sinking words\"])", v));
        return out;
    };
    for (i, item) in list.iter().enumerate() {
        let at = format!("{path}.{key}[{i}]");
        let Some(text) = item.as_str() else {
            r.errors.push(wrong(&at, "text", item));
            continue;
        };
        let is_word =
            !text.is_empty() && text.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
        if is_word && !board.things.iter().any(|th| matches!(th.kind, Kind::Word(_)) && th.kind.text() == text) {
            r.errors.push(issue(&at, format!("{text} is not a word on this level's board")));
        }
        out.push(text.to_string());
    }
    out
}

/// A level's `automata`: `[{ id, subject?, property, phase?, pattern }]`, steps
/// as `"U"`/`"D"`/`"L"`/`"R"`/`"W"` or `{ action = "move", dx, dy }` / `{ action = "wait" }`.
pub(super) fn level_automata(t: &Table, path: &str, r: &mut Report) -> Vec<super::super::Automaton> {
    use super::super::{Automaton, MAX_AUTOMATA};
    let mut out: Vec<Automaton> = Vec::new();
    let Some(v) = t.get("automata") else { return out };
    let Some(list) = v.as_array() else {
        r.errors.push(wrong(&format!("{path}.automata"), "a list of { id, property, pattern }", v));
        return out;
    };
    if list.len() > MAX_AUTOMATA {
        r.errors.push(issue(
            &format!("{path}.automata"),
            format!("has {} automata; a level holds at most {MAX_AUTOMATA}", list.len()),
        ));
    }
    for (i, a) in list.iter().enumerate() {
        let at = format!("{path}.automata[{i}]");
        let Some(a) = a.as_table() else {
            r.errors.push(wrong(&at, "a table { id, property, pattern }", a));
            continue;
        };
        unknown_keys(a, &at, &["id", "subject", "property", "phase", "pattern"], r);
        let before = r.errors.len();
        let id = string(a, "id", &at, r, false);
        let property = string(a, "property", &at, r, false).to_uppercase();
        let subject = a.get("subject").is_some().then(|| string(a, "subject", &at, r, false).to_lowercase());
        let phase = whole(a, "phase", &at, r, 0..=i64::from(u32::MAX), "a step index");
        let pattern_list = match a.get("pattern") {
            None | Some(Value::Array(_)) => None,
            Some(v) => Some(wrong(&format!("{at}.pattern"), "a list of steps ([\"R\", \"W\"])", v)),
        };
        r.errors.extend(pattern_list);
        if r.errors.len() > before {
            // A wrong type, already said with its path.
            continue;
        }
        if id.is_empty() {
            r.errors.push(issue(&format!("{at}.id"), "needs an id, unique in the level"));
        } else if out.iter().any(|o| o.id == id) {
            r.errors.push(issue(&format!("{at}.id"), format!("'{id}' is used twice")));
        }
        if property.is_empty() || !property.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            r.errors.push(issue(&format!("{at}.property"), "needs a property word, e.g. \"TICK\""));
        } else if is_core_word(&property) {
            r.errors.push(issue(
                &format!("{at}.property"),
                format!("{property} is a core word and cannot be an automaton's property"),
            ));
        }
        let mut pattern = Vec::new();
        match a.get("pattern").and_then(Value::as_array) {
            Some(steps) => {
                for (j, s) in steps.iter().enumerate() {
                    pattern.extend(pattern_step(s, &format!("{at}.pattern[{j}]"), r));
                }
            }
            None => r.errors.push(issue(&format!("{at}.pattern"), "needs a list of steps")),
        }
        if pattern.is_empty() || pattern.len() > MAX_AUTOMATA {
            r.errors.push(issue(
                &format!("{at}.pattern"),
                format!("needs 1 to {MAX_AUTOMATA} steps, not {}", pattern.len()),
            ));
        }
        let phase = phase.unwrap_or(0);
        if phase as usize >= pattern.len().max(1) {
            r.errors.push(issue(
                &format!("{at}.phase"),
                format!("must be a step index, 0 to {}", pattern.len().saturating_sub(1)),
            ));
        }
        out.push(Automaton { id, subject, property, phase: phase.clamp(0, 31) as u32, pattern });
    }
    out
}

/// One step of an automaton's pattern at `at`: `"U"`/`"D"`/`"L"`/`"R"`/`"W"`,
/// `{ action = "move", dx, dy }` (one cell) or `{ action = "wait" }`; `None`
/// with the error said otherwise (a dx or dy that is not a whole number at
/// its own path).
fn pattern_step(s: &Value, at: &str, r: &mut Report) -> Option<super::super::Step> {
    use super::super::Step;
    let step = match s {
        Value::String(c) => match c.as_str() {
            "U" => Some(Step::Move(0, -1)),
            "D" => Some(Step::Move(0, 1)),
            "L" => Some(Step::Move(-1, 0)),
            "R" => Some(Step::Move(1, 0)),
            "W" => Some(Step::Wait),
            _ => None,
        },
        Value::Table(st) => match st.get("action").and_then(Value::as_str) {
            Some("wait") => Some(Step::Wait),
            Some("move") => {
                let mistyped: Vec<(&str, &Value)> = ["dx", "dy"]
                    .into_iter()
                    .filter_map(|k| st.get(k).filter(|v| !v.is_integer()).map(|v| (k, v)))
                    .collect();
                if !mistyped.is_empty() {
                    for (k, v) in mistyped {
                        r.errors.push(wrong(&format!("{at}.{k}"), "a whole number", v));
                    }
                    return None;
                }
                let d = |k: &str| st.get(k).and_then(Value::as_integer).unwrap_or(0);
                // One rule for a step of one cell: `Step::is_one_cell`,
                // which `Miau::start` checks too (values past i32 are not).
                let step = i32::try_from(d("dx")).ok().zip(i32::try_from(d("dy")).ok());
                step.map(|(dx, dy)| Step::Move(dx, dy)).filter(|s| s.is_one_cell())
            }
            _ => None,
        },
        _ => None,
    };
    if step.is_none() {
        r.errors.push(issue(
            at,
            "must be U, D, L, R, W, { action = \"move\", dx, dy } (one cell, no diagonals) or { action = \"wait\" }",
        ));
    }
    step
}
