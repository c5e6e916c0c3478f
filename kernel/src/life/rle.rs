//! Golly RLE, read and written.
//!
//! Read: a header `x = W, y = H[, rule = …]` (the rule is ignored), `#` comment
//! lines, runs of `b` or `.` (dead), `o` or `A` (player 1), `B` (player 2), `$`
//! ends a row (with an optional count), `!` ends the pattern. Errors name the
//! line and column (1-based).
//!
//! Bounded by what the file declares: the header's size is at most a Life
//! field's ([`MAX_SIDE`]), every run is checked against it as it is read (a
//! 26-byte `1000000000o!` is an error at once, not 2.7 GB of cells), and a
//! pattern holds at most [`MAX_CELLS`] live cells.
//!
//! Written: two-state `b`/`o` when only player 1 has cells, otherwise
//! multi-state `.`/`A`/`B`; lines of at most 70 characters; the rule is
//! `B3/S23`, with Golly's torus suffix `:TW,H` for a torus.

use super::field::{Field, DEAD, MAX_SIDE, P1, P2};

/// The most live cells a pattern may hold (48 MiB of cells at most).
pub const MAX_CELLS: usize = 1 << 22;

/// A parsed pattern: its declared size and its live cells `(x, y, colour)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// Declared width.
    pub w: u32,
    /// Declared height.
    pub h: u32,
    /// Live cells, in reading order.
    pub cells: Vec<(u32, u32, u8)>,
}

/// Parses RLE text.
pub fn parse(text: &str) -> Result<Pattern, String> {
    let mut header: Option<(u32, u32)> = None;
    let mut cells = Vec::new();
    let (mut x, mut y) = (0u64, 0u64);
    let mut done = false;
    for (ln, line) in text.lines().enumerate() {
        let line_no = ln + 1;
        let t = line.trim_end_matches('\r');
        if done {
            break;
        }
        if t.trim_start().starts_with('#') || (header.is_none() && t.trim().is_empty()) {
            continue;
        }
        if header.is_none() {
            header = Some(parse_header(t, line_no)?);
            continue;
        }
        let (w, h) = header.expect("read above");
        let mut count: Option<u64> = None;
        let mut count_col = 0;
        for (ci, ch) in t.chars().enumerate() {
            let col = ci + 1;
            let n = count.unwrap_or(1);
            match ch {
                '0'..='9' => {
                    if count.is_none() {
                        count_col = col;
                    }
                    let v = count.unwrap_or(0).checked_mul(10).and_then(|v| v.checked_add(ch as u64 - '0' as u64));
                    match v {
                        Some(v) if v <= 1 << 32 => count = Some(v),
                        _ => return Err(format!("line {line_no}, column {count_col}: the run count is too large")),
                    }
                    continue;
                }
                'b' | '.' => x += n,
                'o' | 'A' | 'B' => {
                    if x + n > u64::from(w) || y >= u64::from(h) {
                        let last = (x + n - 1, y);
                        return Err(format!(
                            "line {line_no}, column {col}: a cell at ({}, {}) lies outside the declared {w}×{h}",
                            last.0, last.1
                        ));
                    }
                    if cells.len() as u64 + n > MAX_CELLS as u64 {
                        return Err(format!(
                            "line {line_no}, column {col}: more than {MAX_CELLS} live cells; a pattern holds at most that"
                        ));
                    }
                    let colour = if ch == 'B' { P2 } else { P1 };
                    for k in 0..n {
                        cells.push(((x + k) as u32, y as u32, colour));
                    }
                    x += n;
                }
                '$' => {
                    y += n;
                    x = 0;
                }
                '!' => {
                    done = true;
                    break;
                }
                ' ' | '\t' => {
                    if count.is_some() {
                        return Err(format!(
                            "line {line_no}, column {col}: a run count must be followed by a cell or `$`"
                        ));
                    }
                    continue;
                }
                other => {
                    return Err(format!(
                        "line {line_no}, column {col}: '{}' is not an RLE cell (use b . o A B $ !)",
                        other.escape_default()
                    ))
                }
            }
            count = None;
        }
        if count.is_some() {
            return Err(format!(
                "line {line_no}, column {count_col}: a run count at the end of a line has nothing to repeat"
            ));
        }
    }
    let Some((w, h)) = header else { return Err("line 1, column 1: no `x = W, y = H` header".into()) };
    Ok(Pattern { w, h, cells })
}

fn parse_header(line: &str, line_no: usize) -> Result<(u32, u32), String> {
    let mut w = None;
    let mut h = None;
    // The rule text is ignored, commas and all (Golly's torus suffix `:T60,60` has one).
    let line = line.split("rule").next().unwrap_or(line);
    for part in line.split(',').filter(|p| !p.trim().is_empty()) {
        let Some((key, value)) = part.split_once('=') else {
            return Err(format!("line {line_no}, column 1: the header must read `x = W, y = H`"));
        };
        let col = line.find(part).unwrap_or(0) + 1;
        let v = || {
            value
                .trim()
                .parse::<u32>()
                .map_err(|_| format!("line {line_no}, column {col}: `{}` is not a size", value.trim()))
        };
        match key.trim() {
            "x" => w = Some(v()?),
            "y" => h = Some(v()?),
            _ => {}
        }
    }
    match (w, h) {
        (Some(w), Some(h)) if w > MAX_SIDE || h > MAX_SIDE => {
            Err(format!("line {line_no}, column 1: a pattern is at most {MAX_SIDE}×{MAX_SIDE} cells, not {w}×{h}"))
        }
        (Some(w), Some(h)) => Ok((w, h)),
        _ => Err(format!("line {line_no}, column 1: the header must give both x and y")),
    }
}

/// Writes the whole field as RLE, top-left at (0, 0).
pub fn write(f: &Field) -> String {
    let mut out = String::new();
    write_with(f, &mut |piece| out.push_str(piece));
    out
}

/// [`write`], handing the text to `sink` a line at a time, so an 8192×8192
/// field streams out in a few kilobytes instead of a token per run held at
/// once (the kernel does no I/O: the caller's sink writes).
pub fn write_with(f: &Field, sink: &mut dyn FnMut(&str)) {
    use std::fmt::Write as _;
    let multi = f.cells.contains(&P2);
    let (dead, one, two) = if multi { ('.', 'A', 'B') } else { ('b', 'o', 'B') };
    let mut head = format!("x = {}, y = {}, rule = B3/S23", f.w, f.h);
    if f.wrap {
        let _ = write!(head, ":T{},{}", f.w, f.h);
    }
    head.push('\n');
    sink(&head);
    // Lines of at most 70 characters, a token never split.
    let mut line = String::with_capacity(80);
    let mut token = String::with_capacity(16);
    let mut emit = |n: u32, ch: char, line: &mut String, sink: &mut dyn FnMut(&str)| {
        token.clear();
        if n != 1 {
            let _ = write!(token, "{n}");
        }
        token.push(ch);
        if line.len() + token.len() > 70 {
            line.push('\n');
            sink(line);
            line.clear();
        }
        line.push_str(&token);
    };
    let mut started = false;
    let mut pending_rows = 0u32;
    for y in 0..f.h {
        let row = &f.cells[f.idx(0, y)..f.idx(0, y) + f.w as usize];
        let end = row.iter().rposition(|&c| c != DEAD).map_or(0, |p| p + 1);
        if end == 0 {
            pending_rows += 1;
            continue;
        }
        // End the previous row(s): `$` per row, skipping empty ones.
        let rows = pending_rows + u32::from(started);
        if rows > 0 {
            emit(rows, '$', &mut line, sink);
        }
        started = true;
        pending_rows = 0;
        let mut x = 0;
        while x < end {
            let c = row[x];
            let len = row[x..end].iter().take_while(|&&v| v == c).count();
            let ch = match c {
                DEAD => dead,
                P1 => one,
                _ => two,
            };
            emit(len as u32, ch, &mut line, sink);
            x += len;
        }
    }
    emit(1, '!', &mut line, sink);
    line.push('\n');
    sink(&line);
}
