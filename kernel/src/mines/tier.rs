//! Difficulty tiers. Fractions are kept in integers (per mille) so the rules
//! never touch floating point.

use serde::{Deserialize, Serialize};

/// A difficulty. Encoded in replay setups: variants are append-only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tier {
    /// 8×8, density 0.16.
    Beginner,
    /// 10×10, density 0.18.
    Intermediate,
    /// 14×14, density 0.20.
    Expert,
    /// Any size up to 30 columns × 24 rows, density 0.05 to 0.30.
    Custom {
        /// Columns, 5 to 30.
        cols: u16,
        /// Rows, 5 to 24.
        rows: u16,
        /// Mine density in per mille, 50 to 300.
        density_permille: u16,
    },
}

/// Everything a tier fixes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// Rows.
    pub rows: u16,
    /// Columns.
    pub cols: u16,
    /// Mine density, per mille.
    pub density_permille: u32,
    /// Probability that a safe cell is seeded as a clue, per mille.
    pub clue_permille: u32,
    /// Difficulty target: the propagation gap.
    pub min_gap: u32,
    /// Difficulty target: unknown cells as a fraction of all cells, per mille.
    pub min_unknown_permille: u32,
}

impl Params {
    /// Number of cells.
    pub fn cells(&self) -> u32 {
        u32::from(self.rows) * u32::from(self.cols)
    }
    /// max(1, round(cells × density)).
    pub fn mines(&self) -> u32 {
        ((self.cells() * self.density_permille + 500) / 1000).max(1)
    }
}

impl Tier {
    /// The tier's parameters, or why a custom tier is out of range.
    pub fn params(self) -> Result<Params, String> {
        Ok(match self {
            Tier::Beginner => Params {
                rows: 8,
                cols: 8,
                density_permille: 160,
                clue_permille: 550,
                min_gap: 3,
                min_unknown_permille: 450,
            },
            Tier::Intermediate => Params {
                rows: 10,
                cols: 10,
                density_permille: 180,
                clue_permille: 450,
                min_gap: 8,
                min_unknown_permille: 550,
            },
            Tier::Expert => Params {
                rows: 14,
                cols: 14,
                density_permille: 200,
                clue_permille: 380,
                min_gap: 16,
                min_unknown_permille: 600,
            },
            Tier::Custom { cols, rows, density_permille } => {
                if !(5..=30).contains(&cols) || !(5..=24).contains(&rows) {
                    return Err(format!("a custom field is 5 to 30 columns by 5 to 24 rows, not {cols}×{rows}"));
                }
                if !(50..=300).contains(&density_permille) {
                    return Err(format!(
                        "a custom density is 0.05 to 0.30, not {}.{:03}",
                        density_permille / 1000,
                        density_permille % 1000
                    ));
                }
                // Targets scaled from the fixed tiers: about one undecided
                // cell in twelve, 55 % unknown, Intermediate's clue rate.
                let cells = u32::from(rows) * u32::from(cols);
                Params {
                    rows,
                    cols,
                    density_permille: u32::from(density_permille),
                    clue_permille: 450,
                    min_gap: cells / 12,
                    min_unknown_permille: 550,
                }
            }
        })
    }

    /// The stable English key (`beginner`, `intermediate`, `expert`, `custom`).
    pub fn key(self) -> &'static str {
        match self {
            Tier::Beginner => "beginner",
            Tier::Intermediate => "intermediate",
            Tier::Expert => "expert",
            Tier::Custom { .. } => "custom",
        }
    }

    /// Parses `beginner|intermediate|expert|WxH:DENSITY` (density as a decimal, e.g. `20x16:0.22`).
    pub fn parse(text: &str) -> Result<Tier, String> {
        match text {
            "beginner" => return Ok(Tier::Beginner),
            "intermediate" => return Ok(Tier::Intermediate),
            "expert" => return Ok(Tier::Expert),
            _ => {}
        }
        let bad =
            || format!("'{text}' is not a tier: use beginner, intermediate, expert or WxH:DENSITY such as 20x16:0.22");
        let (size, density) = text.split_once(':').ok_or_else(bad)?;
        let (w, h) = size.split_once(['x', 'X']).ok_or_else(bad)?;
        let cols: u16 = w.parse().map_err(|_| bad())?;
        let rows: u16 = h.parse().map_err(|_| bad())?;
        let density_permille = parse_permille(density).ok_or_else(bad)?;
        let tier = Tier::Custom { cols, rows, density_permille };
        tier.params()?;
        Ok(tier)
    }
}

/// `0.2`, `0.25`, `.125` → per mille (up to three decimals, no floats).
fn parse_permille(s: &str) -> Option<u16> {
    let (int, frac) = s.split_once('.').unwrap_or((s, ""));
    if frac.len() > 3
        || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit())
        || (int.is_empty() && frac.is_empty())
    {
        return None;
    }
    let int: u16 = if int.is_empty() { 0 } else { int.parse().ok()? };
    let mut f: u16 = if frac.is_empty() { 0 } else { frac.parse().ok()? };
    for _ in frac.len()..3 {
        f *= 10;
    }
    int.checked_mul(1000)?.checked_add(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_match_the_spec_table() {
        let b = Tier::Beginner.params().unwrap();
        assert_eq!((b.rows, b.cols, b.mines(), b.min_gap), (8, 8, 10, 3)); // round(64×0.16)=10
        let i = Tier::Intermediate.params().unwrap();
        assert_eq!((i.rows, i.cols, i.mines(), i.min_gap), (10, 10, 18, 8));
        let e = Tier::Expert.params().unwrap();
        assert_eq!((e.rows, e.cols, e.mines(), e.min_gap), (14, 14, 39, 16)); // round(196×0.2)=39
    }

    #[test]
    fn custom_tiers_parse_and_are_checked() {
        assert_eq!(Tier::parse("20x16:0.22"), Ok(Tier::Custom { cols: 20, rows: 16, density_permille: 220 }));
        assert_eq!(Tier::parse("expert"), Ok(Tier::Expert));
        assert!(Tier::parse("31x10:0.2").unwrap_err().contains("5 to 30 columns"));
        assert!(Tier::parse("10x10:0.31").unwrap_err().contains("0.05 to 0.30"));
        assert!(Tier::parse("10x10").is_err());
        assert!(Tier::parse("10x10:abc").is_err());
        assert!(Tier::parse("hard").is_err());
    }
}
