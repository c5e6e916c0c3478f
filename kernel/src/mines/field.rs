//! The field: R×C cells, each a mine, a clue (pre-revealed, with its number)
//! or an unknown safe cell. Clue and mine never share a cell.

/// A MineLayer field. Cells are indexed row-major: `i = r * cols + c`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// Rows.
    pub rows: u16,
    /// Columns.
    pub cols: u16,
    /// `mine[i]`: a real mine lives here.
    pub mine: Vec<bool>,
    /// `clue[i]`: this cell is pre-revealed as a number.
    pub clue: Vec<bool>,
}

impl Field {
    /// An empty field (no mines, no clues).
    pub fn empty(rows: u16, cols: u16) -> Self {
        let n = rows as usize * cols as usize;
        Field { rows, cols, mine: vec![false; n], clue: vec![false; n] }
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.mine.len()
    }

    /// True for a 0×0 field.
    pub fn is_empty(&self) -> bool {
        self.mine.is_empty()
    }

    /// The 8-neighbourhood of cell `i`, in row-major order.
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        neighbours(self.rows, self.cols, i)
    }

    /// The number shown on a clue: mines among the 8 neighbours.
    pub fn number(&self, i: usize) -> u8 {
        self.neighbours(i).filter(|&j| self.mine[j]).count() as u8
    }

    /// Total mines.
    pub fn mines(&self) -> u32 {
        self.mine.iter().filter(|&&m| m).count() as u32
    }

    /// Total clues.
    pub fn clues(&self) -> u32 {
        self.clue.iter().filter(|&&c| c).count() as u32
    }

    /// Cells that are not clues (mines and unknown safe cells).
    pub fn unknowns(&self) -> u32 {
        self.len() as u32 - self.clues()
    }

    /// True when every unknown cell touches at least one clue.
    pub fn is_covered(&self) -> bool {
        (0..self.len()).all(|i| self.clue[i] || self.neighbours(i).any(|j| self.clue[j]))
    }

    /// The clue view the solver sees: `Some(n)` for a clue, `None` for an unknown.
    pub fn puzzle(&self) -> Puzzle {
        Puzzle {
            rows: self.rows,
            cols: self.cols,
            cells: (0..self.len()).map(|i| self.clue[i].then(|| self.number(i))).collect(),
        }
    }
}

/// The 8-neighbourhood of cell `i` on a `rows`×`cols` grid, in row-major order.
pub fn neighbours(rows: u16, cols: u16, i: usize) -> impl Iterator<Item = usize> {
    let (rows, cols) = (i32::from(rows), i32::from(cols));
    let (r, c) = ((i as i32) / cols, (i as i32) % cols);
    (-1..=1).flat_map(move |dr| (-1..=1).map(move |dc| (r + dr, c + dc))).filter_map(move |(rr, cc)| {
        let inside = rr >= 0 && rr < rows && cc >= 0 && cc < cols && (rr, cc) != (r, c);
        inside.then_some((rr * cols + cc) as usize)
    })
}

/// What the player (and the solver) sees: clue numbers and unknown cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Rows.
    pub rows: u16,
    /// Columns.
    pub cols: u16,
    /// Row-major: `Some(n)` a clue showing n, `None` an unknown cell.
    pub cells: Vec<Option<u8>>,
}

impl Puzzle {
    /// Reads the text form: one line per row, a digit 0–8 for a clue, `.` for
    /// an unknown cell, `*` (a mine in `--solution` output) also unknown.
    /// Errors name the row and column (1-based).
    pub fn parse(text: &str) -> Result<Puzzle, String> {
        let mut cells = Vec::new();
        let mut cols: Option<usize> = None;
        let mut rows = 0usize;
        for (r, line) in text.lines().enumerate() {
            let line = line.trim_end_matches('\r');
            if line.trim().is_empty() {
                // A blank line ends the field (the generator prints one after each).
                if rows > 0 {
                    break;
                }
                continue;
            }
            if line.starts_with("mines ") {
                break;
            }
            let mut width = 0;
            for (c, ch) in line.chars().enumerate() {
                let cell = match ch {
                    '0'..='8' => Some(ch as u8 - b'0'),
                    '.' | '*' => None,
                    '9' => return Err(format!("row {}, column {}: a clue is 0 to 8, not 9", r + 1, c + 1)),
                    other => {
                        return Err(format!(
                            "row {}, column {}: '{}' is not a cell (use 0-8 for clues, '.' or '*' for unknown cells)",
                            r + 1,
                            c + 1,
                            other.escape_default()
                        ))
                    }
                };
                cells.push(cell);
                width += 1;
            }
            match cols {
                None => cols = Some(width),
                Some(w) if w != width => {
                    return Err(format!(
                        "row {}, column {}: the row is {width} cells wide, expected {w}",
                        r + 1,
                        width.min(w) + 1
                    ))
                }
                _ => {}
            }
            rows += 1;
            if rows > 1024 || width > 1024 {
                return Err(format!("row {}: fields are at most 1024×1024", r + 1));
            }
        }
        let Some(cols) = cols else { return Err("row 1, column 1: the field is empty".into()) };
        Ok(Puzzle { rows: rows as u16, cols: cols as u16, cells })
    }
}
