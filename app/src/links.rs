//! Links that open a game (issue 63): the text after `#` in the web page's
//! address, which the native app also takes on its command line or pasted
//! into the home screen's path field:
//!
//! - `minelayer=TIER-SEED` a MineLayer field (`beginner`, `intermediate` or `expert`),
//!   `minelayer=daily-YYYY-MM-DD` the field of that day;
//! - `miau=PACK/LEVEL` a level of a shipped Miau pack, by their ids;
//! - `life=N` Life's campaign level N (1 to 103);
//! - `replay=DATA` a whole replay, deflated and in URL-safe base64, when the
//!   link stays within [`MAX_LINK`] characters (a longer one is a file).

use base64::Engine;
use retrace_kernel::mines::Tier;

/// The longest link made or read, in characters: 8,000 keeps within what
/// browsers, chat programs and mail take in an address.
pub const MAX_LINK: usize = 8000;

/// What a link opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// A MineLayer field: its tier and seed.
    MineLayer {
        /// Beginner, Intermediate or Expert.
        tier: Tier,
        /// The field's seed.
        seed: u64,
    },
    /// MineLayer's field of the day of a date.
    MineLayerDaily {
        /// The day, `YYYY-MM-DD`.
        date: String,
    },
    /// A level of a shipped Miau pack.
    Miau {
        /// The pack's id.
        pack: String,
        /// The level's id.
        level: String,
    },
    /// Life's campaign level (1-based, as the list numbers them).
    Life {
        /// Its number.
        level: u16,
    },
    /// A whole replay file's bytes.
    Replay(Vec<u8>),
}

/// The largest replay a link unpacks to (a link's replay is small by its nature).
const MAX_UNPACKED: usize = 1 << 20;

fn tier_name(tier: Tier) -> Option<&'static str> {
    match tier {
        Tier::Beginner => Some("beginner"),
        Tier::Intermediate => Some("intermediate"),
        Tier::Expert => Some("expert"),
        Tier::Custom { .. } => None,
    }
}

impl Link {
    /// Reads a link: a whole address (what follows its `#`), or the part after it.
    pub fn parse(text: &str) -> Result<Link, String> {
        let text = text.trim();
        if text.chars().count() > MAX_LINK {
            return Err(format!("the link is longer than {MAX_LINK} characters, the most read"));
        }
        let fragment = text.rsplit_once('#').map_or(text, |(_, f)| f);
        let Some((key, value)) = fragment.split_once('=') else {
            return Err(format!(
                "\"{}\" is not a Retrace link (KEY=VALUE after #)",
                crate::escape::escaped_short(text, 40)
            ));
        };
        match key {
            "minelayer" if value.starts_with("daily-") => {
                let date = &value["daily-".len()..];
                retrace_kernel::mines::daily::seed(date)?;
                Ok(Link::MineLayerDaily { date: date.to_string() })
            }
            "minelayer" => {
                let (tier, seed) = value.split_once('-').ok_or("a MineLayer link is minelayer=TIER-SEED")?;
                let tier = [Tier::Beginner, Tier::Intermediate, Tier::Expert]
                    .into_iter()
                    .find(|t| tier_name(*t) == Some(tier))
                    .ok_or_else(|| {
                        format!(
                            "\"{}\": the tier is beginner, intermediate or expert",
                            crate::escape::escaped_short(tier, 40)
                        )
                    })?;
                let seed = seed.parse().map_err(|_| {
                    format!("\"{}\": the seed is a whole number", crate::escape::escaped_short(seed, 40))
                })?;
                Ok(Link::MineLayer { tier, seed })
            }
            "miau" => {
                let (pack, level) = value.split_once('/').ok_or("a Miau link is miau=PACK/LEVEL")?;
                Ok(Link::Miau { pack: pack.to_string(), level: level.to_string() })
            }
            "life" => match value.parse::<u16>() {
                Ok(n) if (1..=retrace_kernel::life::campaign::levels().len()).contains(&usize::from(n)) => {
                    Ok(Link::Life { level: n })
                }
                _ => Err(format!(
                    "\"{}\": Life's campaign levels are 1 to {}",
                    crate::escape::escaped_short(value, 40),
                    retrace_kernel::life::campaign::levels().len()
                )),
            },
            "replay" => {
                let packed = base64::engine::general_purpose::URL_SAFE_NO_PAD
                    .decode(value)
                    .map_err(|e| format!("the replay in the link is not URL-safe base64: {e}"))?;
                let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_UNPACKED)
                    .map_err(|e| format!("the replay in the link does not unpack: {e}"))?;
                Ok(Link::Replay(bytes))
            }
            _ => Err(format!(
                "\"{}\": a link opens minelayer, miau, life or replay",
                crate::escape::escaped_short(key, 40)
            )),
        }
    }

    /// The link's text after `#`, or `None` when it does not fit in
    /// [`MAX_LINK`] characters (a replay to share as a file) or names a
    /// custom MineLayer field (which no link names).
    pub fn fragment(&self) -> Option<String> {
        let text = match self {
            Link::MineLayer { tier, seed } => format!("minelayer={}-{seed}", tier_name(*tier)?),
            Link::MineLayerDaily { date } => format!("minelayer=daily-{date}"),
            Link::Miau { pack, level } => format!("miau={pack}/{level}"),
            Link::Life { level } => format!("life={level}"),
            Link::Replay(bytes) => format!(
                "replay={}",
                base64::engine::general_purpose::URL_SAFE_NO_PAD
                    .encode(miniz_oxide::deflate::compress_to_vec(bytes, 9))
            ),
        };
        (text.len() + PAGE.len() < MAX_LINK).then_some(text)
    }

    /// The whole link: the page's address, `#`, the fragment.
    pub fn address(&self) -> Option<String> {
        Some(format!("{}#{}", crate::platform::page_address(), self.fragment()?))
    }
}

/// The longest page address a link is expected to carry (the fragment's
/// share of [`MAX_LINK`] leaves room for it).
const PAGE: &str = "https://retrace.example.org/play/index.html";

/// Whether typed or pasted text is a link rather than a path.
pub fn looks_like_link(text: &str) -> bool {
    let fragment = text.trim().rsplit_once('#').map_or(text.trim(), |(_, f)| f);
    ["minelayer=", "miau=", "life=", "replay="].iter().any(|k| fragment.starts_with(k))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, expected: Result<Link, &str>) {
        let got = Link::parse(text);
        match expected {
            Ok(link) => assert_eq!(got, Ok(link.clone()), "{text}"),
            Err(part) => assert!(got.as_ref().is_err_and(|e| e.contains(part)), "{text}: {got:?}"),
        }
    }

    #[test]
    fn links_read_what_they_name_and_say_what_is_wrong() {
        check("minelayer=expert-42", Ok(Link::MineLayer { tier: Tier::Expert, seed: 42 }));
        check("http://localhost:8080/#minelayer=beginner-7", Ok(Link::MineLayer { tier: Tier::Beginner, seed: 7 }));
        check("miau=first-steps/hello-flag", Ok(Link::Miau { pack: "first-steps".into(), level: "hello-flag".into() }));
        check(" life=103 ", Ok(Link::Life { level: 103 }));
        check("life=0", Err("1 to 103"));
        check("life=104", Err("1 to 103"));
        check("minelayer=huge-1", Err("beginner, intermediate or expert"));
        check("minelayer=expert-x", Err("whole number"));
        check("#minelayer=daily-2026-12-03", Ok(Link::MineLayerDaily { date: "2026-12-03".into() }));
        check("minelayer=daily-2026-13-03", Err("not a date"));
        check("miau=nopack", Err("miau=PACK/LEVEL"));
        check("chess=e4", Err("opens minelayer, miau, life or replay"));
        check("/home/me/a.replay", Err("not a Retrace link"));
        check("replay=!!", Err("base64"));
        check("replay=AAAA", Err("does not unpack"));
        check(&format!("replay={}", "A".repeat(MAX_LINK)), Err("longer than"));
    }

    #[test]
    fn a_replay_goes_through_its_link_byte_for_byte() {
        let bytes: Vec<u8> = (0..3000u32).map(|i| (i * 7 % 251) as u8).collect();
        let fragment = Link::Replay(bytes.clone()).fragment().expect("a small replay fits");
        assert_eq!(Link::parse(&fragment), Ok(Link::Replay(bytes)));
        assert!(looks_like_link(&fragment) && !looks_like_link("/tmp/replay=1"));
        // Bytes that do not compress (xorshift64): too big for a link.
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let noise: Vec<u8> = (0..20_000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 32) as u8
            })
            .collect();
        assert_eq!(Link::Replay(noise).fragment(), None, "a replay too big for a link is a file");
    }
}
