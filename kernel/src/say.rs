//! Sentences as values: what the kernel says to a player (a refusal, an
//! outcome, a death) is a [`Say`], an English template with its arguments,
//! and every language other than English is a [`Table`] keyed by those
//! templates. This is the one translation mechanism of the project: the
//! window's own phrases, the kernel's sentences and MineLayer's share card
//! all go through [`lookup`] and [`Say::render`]; nothing translates by
//! replacing words inside an English sentence.

use std::borrow::Cow;
use std::fmt;

/// A translation table: English template → the same sentence in one
/// language, sorted by the English (bytewise) so [`lookup`] finds one by
/// halving. A template with no entry shows in English (a visible gap, never
/// a crash); tests keep every table complete.
pub type Table = &'static [(&'static str, &'static str)];

/// The entry for `en` in `table`, if it has one.
pub fn lookup(table: Table, en: &str) -> Option<&'static str> {
    table.binary_search_by(|(k, _)| (*k).cmp(en)).ok().map(|i| table[i].1)
}

/// One argument of a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A number, written in digits in every language.
    Num(i64),
    /// A name from a file or a level (a Miau word, a level's title), shown
    /// as it is in every language.
    Name(String),
    /// A word or sentence that is translated too (a power-up's name, the
    /// reason inside an outcome).
    Say(Say),
}

impl From<u8> for Arg {
    fn from(n: u8) -> Arg {
        Arg::Num(i64::from(n))
    }
}

impl From<u16> for Arg {
    fn from(n: u16) -> Arg {
        Arg::Num(i64::from(n))
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Num(i64::from(n))
    }
}

impl From<i32> for Arg {
    fn from(n: i32) -> Arg {
        Arg::Num(i64::from(n))
    }
}

impl From<u64> for Arg {
    fn from(n: u64) -> Arg {
        Arg::Num(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Num(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<String> for Arg {
    /// Text made elsewhere (already in its language): shown as it is.
    fn from(s: String) -> Arg {
        Arg::Name(s)
    }
}

impl From<Say> for Arg {
    fn from(s: Say) -> Arg {
        Arg::Say(s)
    }
}

impl From<&'static str> for Arg {
    /// A fixed English word (a power-up's name): translated like a sentence.
    fn from(s: &'static str) -> Arg {
        Arg::Say(Say::from(s))
    }
}

/// A sentence: its English template (the key every [`Table`] is looked up
/// by), with `{0}`, `{1}`… where its arguments go.
///
/// Two sentences are equal when they read the same in English, so a
/// certificate's recorded outcome (read back as plain text) equals the typed
/// one the replay reaches. It encodes, and debug-prints, as its English text
/// (so event logs read as they did when sentences were strings).
#[derive(Clone)]
pub struct Say {
    /// The English template.
    pub key: Cow<'static, str>,
    /// Its arguments, in the order of their numbers.
    pub args: Vec<Arg>,
}

/// A [`Say`] from a template literal and its arguments:
/// `say!("you can have {0} bomb(s) on the board at a time", n)`.
#[macro_export]
macro_rules! say {
    ($key:literal $(, $arg:expr)* $(,)?) => {
        $crate::say::Say { key: ::std::borrow::Cow::Borrowed($key), args: vec![$($crate::say::Arg::from($arg)),*] }
    };
}

impl Say {
    /// The sentence in the language of `table` (English when `None`), its
    /// arguments filled in (each translated by the same table).
    pub fn render(&self, table: Option<Table>) -> String {
        let template = table.and_then(|t| lookup(t, &self.key)).unwrap_or(&self.key);
        let mut out = String::with_capacity(template.len() + 8);
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let arg = after.find('}').and_then(|close| after[..close].parse::<usize>().ok().map(|i| (i, close)));
            match arg.and_then(|(i, close)| self.args.get(i).map(|a| (a, close))) {
                Some((a, close)) => {
                    match a {
                        Arg::Num(n) => out.push_str(&n.to_string()),
                        Arg::Name(s) => out.push_str(s),
                        Arg::Say(s) => out.push_str(&s.render(table)),
                    }
                    rest = &after[close + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// Whether the English sentence contains `part` (for searches and tests).
    pub fn contains(&self, part: &str) -> bool {
        self.render(None).contains(part)
    }

    /// Whether this is the sentence with template `key` (whatever its arguments).
    pub fn is(&self, key: &str) -> bool {
        self.key == key
    }
}

impl From<&'static str> for Say {
    /// A fixed sentence with no arguments.
    fn from(s: &'static str) -> Say {
        Say { key: Cow::Borrowed(s), args: Vec::new() }
    }
}

impl From<String> for Say {
    /// Text that is not a known template (a sentence read back from a file,
    /// a system error): shown as it is in every language.
    fn from(s: String) -> Say {
        Say { key: Cow::Owned(s), args: Vec::new() }
    }
}

impl fmt::Debug for Say {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.render(None))
    }
}

impl fmt::Display for Say {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(None))
    }
}

impl PartialEq for Say {
    fn eq(&self, other: &Say) -> bool {
        if self.args.is_empty() && other.args.is_empty() {
            return self.key == other.key;
        }
        self.render(None) == other.render(None)
    }
}

impl Eq for Say {}

impl PartialEq<&str> for Say {
    fn eq(&self, other: &&str) -> bool {
        self.render(None) == *other
    }
}

impl PartialEq<str> for Say {
    fn eq(&self, other: &str) -> bool {
        self.render(None) == other
    }
}

impl serde::Serialize for Say {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.render(None))
    }
}

impl<'de> serde::Deserialize<'de> for Say {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Say, D::Error> {
        String::deserialize(d).map(Say::from)
    }
}

#[cfg(test)]
mod tests {
    use super::{lookup, Say, Table};

    const RU: Table = &[("a {0} walked into you", "в вас вошёл {0}"), ("ghost", "призрак")];

    fn check(say: &Say, table: Option<Table>, want: &str) {
        assert_eq!(say.render(table), want);
    }

    #[test]
    fn a_sentence_renders_in_english_or_through_a_table_with_its_arguments_translated() {
        let s = say!("a {0} walked into you", "ghost");
        check(&s, None, "a ghost walked into you");
        check(&s, Some(RU), "в вас вошёл призрак");
        check(&say!("you can have {0} bomb(s)", 2u32), Some(RU), "you can have 2 bomb(s)");
        check(&say!("{1} then {0}", 1u32, 2u32), None, "2 then 1");
        // A brace that names no argument stays as written.
        check(&Say::from("{x} and {9}"), None, "{x} and {9}");
        assert_eq!(lookup(RU, "ghost"), Some("призрак"));
        assert_eq!(lookup(RU, "ghosts"), None);
    }

    #[test]
    fn sentences_are_equal_when_their_english_is_and_encode_as_it() {
        let typed = say!("a {0} walked into you", "ghost");
        assert_eq!(typed, Say::from("a ghost walked into you".to_string()));
        assert_ne!(typed, say!("a {0} walked into you", "bat"));
        let bytes = crate::wire::encode(&typed);
        assert_eq!(bytes, crate::wire::encode(&"a ghost walked into you"));
        let back: Say = crate::wire::decode(&bytes).unwrap();
        assert_eq!(back, typed);
    }
}
