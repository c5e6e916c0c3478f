//! The field of the day (issue 65 item 5): the same field for everyone on
//! a given date, generated and checked unique like any other. Its seed is
//! the date's own: the first 8 bytes (little-endian) of the BLAKE3 hash of
//! `minelayer daily YYYY-MM-DD`, so every machine and every build with
//! these rules makes it alike (the crosscheck prints a few); its tier is
//! Intermediate. The date is the player's to give (the app's clock, UTC):
//! the kernel never reads one.

use super::Tier;

/// The daily field's tier.
pub const TIER: Tier = Tier::Intermediate;

/// The seed of `date`'s field (`YYYY-MM-DD`), or why `date` is not one.
pub fn seed(date: &str) -> Result<u64, String> {
    let b = date.as_bytes();
    let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
    let shaped = b.len() == 10 && b[4] == b'-' && b[7] == b'-' && digits(0..4) && digits(5..7) && digits(8..10);
    let number = |r: std::ops::Range<usize>| date[r].parse::<u32>().unwrap_or(0);
    if !shaped || !(1..=12).contains(&number(5..7)) || !(1..=31).contains(&number(8..10)) {
        return Err(format!("\"{}\" is not a date (YYYY-MM-DD)", date.escape_default()));
    }
    let hash = blake3::hash(format!("minelayer daily {date}").as_bytes());
    let mut first = [0u8; 8];
    first.copy_from_slice(&hash.as_bytes()[..8]);
    Ok(u64::from_le_bytes(first))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_has_one_seed_and_a_non_date_none() {
        assert_eq!(seed("2026-12-04"), seed("2026-12-04"));
        assert_ne!(seed("2026-12-04"), seed("2026-12-05"));
        for bad in ["2026-13-01", "2026-12-00", "2026-1-04", "20261204", "tomorrow", "2026-12-04\n"] {
            assert!(seed(bad).is_err(), "{bad}");
        }
    }
}
