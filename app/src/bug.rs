//! Bug reports that replay: one text file the player can attach anywhere,
//! holding the run as a replay file (in hex), the build, every game's rules
//! version, the system and the graphics adapter, and the player's note.
//! `retrace FILE` and `retrace verify FILE` read such a file as the replay it
//! holds, so a report is watched and checked like any run.

use retrace_kernel::Game;

/// The first line of every report: how a file is known for one.
pub const MAGIC: &str = "# Retrace bug report";

/// A bug report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The player's words (may be empty).
    pub note: String,
    /// The build (`retrace 0.1.0`).
    pub app: String,
    /// Each game's rules version (`explodo 3, life 2, …`).
    pub rules: String,
    /// The operating system and machine (`linux x86_64`).
    pub system: String,
    /// The graphics adapter, as far as the window knows it.
    pub adapter: String,
    /// The run, a replay file's bytes.
    pub replay: Vec<u8>,
}

/// Every game's rules version, in a line.
pub fn rules_line() -> String {
    use retrace_kernel::{explodo::Explodo, life::Life, miau::Miau, mines::MineLayer};
    format!(
        "explodo {}, life {}, miau {}, mines {}",
        Explodo::RULES_VERSION,
        Life::RULES_VERSION,
        Miau::RULES_VERSION,
        MineLayer::RULES_VERSION
    )
}

impl Report {
    /// A report of `replay` with the player's note, this build and this machine.
    pub fn new(replay: Vec<u8>, note: &str, adapter: &str) -> Report {
        Report {
            note: note.to_string(),
            app: crate::APP_VERSION.to_string(),
            rules: rules_line(),
            system: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
            adapter: adapter.to_string(),
            replay,
        }
    }

    /// The report as text: `key: value` lines (the note's lines each behind
    /// `note: `), then the replay in hex, 64 bytes a line.
    pub fn to_text(&self) -> String {
        let mut out = format!("{MAGIC}\n");
        for line in self.note.lines() {
            out += &format!("note: {}\n", line.replace(['\r', '\n'], " "));
        }
        out +=
            &format!("app: {}\nrules: {}\nsystem: {}\nadapter: {}\n", self.app, self.rules, self.system, self.adapter);
        out += "replay:\n";
        for chunk in self.replay.chunks(64) {
            out += &chunk.iter().map(|b| format!("{b:02x}")).collect::<String>();
            out.push('\n');
        }
        out
    }

    /// Reads a report; an error names the line.
    pub fn parse(text: &str) -> Result<Report, String> {
        let mut lines = text.lines().enumerate();
        if lines.next().map(|(_, l)| l.trim_end()) != Some(MAGIC) {
            return Err("line 1: not a Retrace bug report".into());
        }
        let mut r = Report {
            note: String::new(),
            app: String::new(),
            rules: String::new(),
            system: String::new(),
            adapter: String::new(),
            replay: Vec::new(),
        };
        let mut in_replay = false;
        for (n, line) in lines {
            let line = line.trim_end();
            if in_replay {
                if line.len() % 2 != 0 {
                    return Err(format!("line {}: an odd number of hex digits", n + 1));
                }
                for pair in line.as_bytes().chunks(2) {
                    let hex = std::str::from_utf8(pair).unwrap_or("");
                    let b = u8::from_str_radix(hex, 16).map_err(|_| format!("line {}: '{hex}' is not hex", n + 1))?;
                    r.replay.push(b);
                }
                continue;
            }
            if line == "replay:" {
                in_replay = true;
                continue;
            }
            let Some((key, value)) = line.split_once(": ").or_else(|| line.strip_suffix(':').map(|k| (k, ""))) else {
                return Err(format!("line {}: expected 'key: value'", n + 1));
            };
            match key {
                "note" => {
                    if !r.note.is_empty() {
                        r.note.push('\n');
                    }
                    r.note += value;
                }
                "app" => r.app = value.into(),
                "rules" => r.rules = value.into(),
                "system" => r.system = value.into(),
                "adapter" => r.adapter = value.into(),
                _ => return Err(format!("line {}: unknown key '{}'", n + 1, crate::escape::escaped(key))),
            }
        }
        if r.replay.is_empty() {
            return Err("the report holds no replay".into());
        }
        Ok(r)
    }
}

/// The replay bytes a file holds: a bug report's run, or the file itself.
pub fn replay_bytes(bytes: &[u8]) -> Result<std::borrow::Cow<'_, [u8]>, String> {
    if bytes.starts_with(MAGIC.as_bytes()) {
        let text = std::str::from_utf8(bytes).map_err(|_| "a bug report that is not text".to_string())?;
        return Report::parse(text).map(|r| std::borrow::Cow::Owned(r.replay));
    }
    Ok(std::borrow::Cow::Borrowed(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_round_trips_and_a_bad_one_names_its_line() {
        let r = Report::new((0u8..=200).collect(), "It blew up\\nwhen I kicked", "lavapipe");
        let r = Report { note: "It blew up\nwhen I kicked".into(), ..r };
        let text = r.to_text();
        assert!(text.starts_with(MAGIC) && text.contains("rules: explodo "));
        assert_eq!(Report::parse(&text).unwrap(), r);
        assert_eq!(replay_bytes(text.as_bytes()).unwrap().as_ref(), r.replay.as_slice());
        assert_eq!(replay_bytes(b"RETRACE\x1a").unwrap().as_ref(), b"RETRACE\x1a", "a replay is itself");
        let bad = text.replace("app: ", "colour: ");
        assert!(Report::parse(&bad).unwrap_err().starts_with("line "), "{}", Report::parse(&bad).unwrap_err());
        let odd = format!("{text}abc\n");
        assert!(Report::parse(&odd).unwrap_err().contains("odd number"));
    }
}
