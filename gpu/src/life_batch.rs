//! The batch of Life fields that the three GPU stages step, and what a run
//! reads back. No shader: the shared types of `life_step`, `life_planes`
//! and `life_tiles` (and of `stage.rs`, which runs them), kept below all of
//! them so that none imports another for its types.

use retrace_kernel::life::field::Field;

/// One generation's figures for one field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GenStats {
    /// Player 1's live cells.
    pub p1: u32,
    /// Player 2's live cells.
    pub p2: u32,
    /// The kernel's `Field::hash` of the field.
    pub hash: u64,
}

/// A batch of same-sized fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    /// Width.
    pub w: u32,
    /// Height.
    pub h: u32,
    /// Torus.
    pub wrap: bool,
    /// Number of fields.
    pub fields: u32,
    /// `fields * w * h` cells, field after field, row-major.
    pub cells: Vec<u32>,
}

impl Batch {
    /// A batch from kernel fields (all of one size and edge mode).
    pub fn from_fields(fields: &[Field]) -> Batch {
        let f0 = &fields[0];
        assert!(
            fields.iter().all(|f| (f.w, f.h, f.wrap) == (f0.w, f0.h, f0.wrap)),
            "a batch holds fields of one size and edge mode"
        );
        Batch {
            w: f0.w,
            h: f0.h,
            wrap: f0.wrap,
            fields: fields.len() as u32,
            cells: fields.iter().flat_map(|f| f.cells.iter().map(|&c| u32::from(c))).collect(),
        }
    }

    /// Field `i` as a kernel field.
    pub fn field(&self, i: u32) -> Field {
        let n = (self.w * self.h) as usize;
        let start = i as usize * n;
        Field {
            w: self.w,
            h: self.h,
            wrap: self.wrap,
            cells: self.cells[start..start + n].iter().map(|&c| c as u8).collect(),
        }
    }
}

/// What a run reads back beside running: the final cells (or not), and the
/// figures of every generation or of the last only (a batch search needs
/// only the final counts: far less to compute, copy and read).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunOptions {
    /// Read the final cells back.
    pub cells: bool,
    /// Keep every generation's figures (else the last generation's only).
    pub every_generation: bool,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions { cells: true, every_generation: true }
    }
}

/// What a GPU run returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunResult {
    /// The final cells, as in [`Batch::cells`].
    pub cells: Vec<u32>,
    /// `[generation][field]` figures.
    pub stats: Vec<Vec<GenStats>>,
    /// Time the device spent in the compute pass(es), in nanoseconds, when the
    /// adapter has timestamp queries.
    pub device_ns: Option<u64>,
}
