//! State digests: BLAKE3 over canonical bytes, built from named parts.
//!
//! A game's state digest is never `std::hash::Hash` and never contains a `usize`:
//! every part is fed through [`PartHasher`], whose methods write fixed-width
//! little-endian integers and length-prefixed (u32) byte strings. The combined
//! digest is BLAKE3 over the game id and each part's name and digest in order, so
//! two runs that disagree can say which part diverged first.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A 32-byte BLAKE3 digest, shown as lowercase hex.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Serialize, Deserialize)]
pub struct Digest(pub [u8; 32]);

impl Digest {
    /// BLAKE3 of `bytes`.
    pub fn of(bytes: &[u8]) -> Self {
        Digest(*blake3::hash(bytes).as_bytes())
    }

    /// Lowercase hex, 64 characters.
    pub fn hex(&self) -> String {
        let mut s = String::with_capacity(64);
        for b in self.0 {
            s.push_str(&format!("{b:02x}"));
        }
        s
    }

    /// Parses 64 hex digits; `None` for anything else.
    pub fn from_hex(text: &str) -> Option<Self> {
        if text.len() != 64 || !text.is_ascii() {
            return None;
        }
        let mut out = [0u8; 32];
        for (i, byte) in out.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(Digest(out))
    }
}

impl fmt::Display for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.hex())
    }
}

impl fmt::Debug for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Digest({})", &self.hex()[..16])
    }
}

/// One named component of a state digest (for example `board`, `bombs`, `rng`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    /// A stable, lowercase name; part of the digest contract.
    pub name: &'static str,
    /// BLAKE3 of the part's canonical bytes.
    pub digest: Digest,
}

/// Streams canonical bytes of one part into BLAKE3.
///
/// The encoding is the contract: integers are fixed-width little-endian, byte
/// strings and sequences are prefixed with their length as a `u32`.
pub struct PartHasher {
    name: &'static str,
    hasher: blake3::Hasher,
}

impl PartHasher {
    /// Starts the part `name`.
    pub fn new(name: &'static str) -> Self {
        PartHasher { name, hasher: blake3::Hasher::new() }
    }
    /// Writes one byte.
    pub fn u8(&mut self, v: u8) -> &mut Self {
        self.hasher.update(&[v]);
        self
    }
    /// Writes a bool as one byte, 0 or 1.
    pub fn bool(&mut self, v: bool) -> &mut Self {
        self.u8(u8::from(v))
    }
    /// Writes a u16, little-endian.
    pub fn u16(&mut self, v: u16) -> &mut Self {
        self.hasher.update(&v.to_le_bytes());
        self
    }
    /// Writes a u32, little-endian.
    pub fn u32(&mut self, v: u32) -> &mut Self {
        self.hasher.update(&v.to_le_bytes());
        self
    }
    /// Writes a u64, little-endian.
    pub fn u64(&mut self, v: u64) -> &mut Self {
        self.hasher.update(&v.to_le_bytes());
        self
    }
    /// Writes an i32, little-endian two's complement.
    pub fn i32(&mut self, v: i32) -> &mut Self {
        self.hasher.update(&v.to_le_bytes());
        self
    }
    /// Writes an i64, little-endian two's complement.
    pub fn i64(&mut self, v: i64) -> &mut Self {
        self.hasher.update(&v.to_le_bytes());
        self
    }
    /// Writes a length (checked to fit in u32) followed by the raw bytes.
    pub fn bytes(&mut self, v: &[u8]) -> &mut Self {
        self.len(v.len());
        self.hasher.update(v);
        self
    }
    /// Writes a UTF-8 string as length-prefixed bytes.
    pub fn str(&mut self, v: &str) -> &mut Self {
        self.bytes(v.as_bytes())
    }
    /// Writes a collection length as u32. Lengths beyond u32 are a kernel bug:
    /// no game state is that large.
    pub fn len(&mut self, n: usize) -> &mut Self {
        let n = u32::try_from(n).expect("kernel invariant: collection lengths fit in u32");
        self.u32(n)
    }
    /// Writes another digest's 32 bytes.
    pub fn digest(&mut self, d: &Digest) -> &mut Self {
        self.hasher.update(&d.0);
        self
    }
    /// Ends the part.
    pub fn finish(&self) -> Part {
        Part { name: self.name, digest: Digest(*self.hasher.finalize().as_bytes()) }
    }
}

/// Combines a game's parts into its state digest:
/// BLAKE3(len-prefixed game id, then for each part its len-prefixed name and 32-byte digest).
pub fn combine(game_id: &str, parts: &[Part]) -> Digest {
    let mut h = PartHasher::new("state");
    h.str(game_id).len(parts.len());
    for p in parts {
        h.str(p.name).digest(&p.digest);
    }
    h.finish().digest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips_and_rejects_junk() {
        let d = Digest::of(b"retrace");
        assert_eq!(Digest::from_hex(&d.hex()), Some(d));
        assert_eq!(Digest::from_hex("zz"), None);
        assert_eq!(Digest::from_hex(&"g".repeat(64)), None);
    }

    #[test]
    fn part_encoding_is_length_prefixed() {
        // "ab"+"c" and "a"+"bc" must not collide.
        let a = PartHasher::new("p").str("ab").str("c").finish();
        let b = PartHasher::new("p").str("a").str("bc").finish();
        assert_ne!(a.digest, b.digest);
    }

    #[test]
    fn combine_depends_on_order_names_and_game() {
        let x = PartHasher::new("x").u32(1).finish();
        let y = PartHasher::new("y").u32(1).finish();
        assert_ne!(combine("g", &[x, y]), combine("g", &[y, x]));
        assert_ne!(combine("g", &[x]), combine("h", &[x]));
    }
}
