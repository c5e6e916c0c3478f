//! The pinned bincode configuration used for every encoded byte in a replay.
//!
//! bincode 1.3.3, fixed-width little-endian integers, `usize`/lengths as u64,
//! enums as a u32 variant index, `Option` as a 0/1 byte, no trailing bytes,
//! and a size limit equal to the input length when decoding, so a corrupt
//! length can never allocate more than the file holds.

use bincode::Options;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// The one encoding configuration. Part of the replay format contract.
pub fn options() -> impl Options + Copy {
    bincode::DefaultOptions::new().with_fixint_encoding().with_little_endian().reject_trailing_bytes()
}

/// Encodes a value. Our types have no failing `Serialize`, so failure is a bug.
pub fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    options().serialize(value).expect("kernel invariant: replay values always encode")
}

/// Decodes a value that must use all of `bytes`.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    options().with_limit(bytes.len() as u64).deserialize(bytes).map_err(|e| describe(&e))
}

/// A short sentence for a bincode error.
pub fn describe(e: &bincode::Error) -> String {
    use bincode::ErrorKind as K;
    match &**e {
        K::Io(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => "the data ends too early".into(),
        K::Io(io) => format!("read error: {io}"),
        K::InvalidUtf8Encoding(_) => "text that is not valid UTF-8".into(),
        K::InvalidBoolEncoding(b) => format!("a yes/no value of {b}, which is neither 0 nor 1"),
        K::InvalidTagEncoding(t) => format!("an unknown variant tag {t}"),
        K::SizeLimit => "a length larger than the data that holds it".into(),
        K::InvalidCharEncoding => "an invalid character".into(),
        K::SequenceMustHaveLength => "a sequence without a length".into(),
        K::DeserializeAnyNotSupported => "an unsupported value".into(),
        K::Custom(s) => s.clone(),
    }
}
