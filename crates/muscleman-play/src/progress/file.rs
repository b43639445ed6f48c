//! The progress file on disk: its format (current and format 1), reading
//! it within a size cap, telling what a file holds (current, migrated,
//! newer, of an older rule book, corrupt) and moving a bad one aside. The
//! module docs of `progress` say what each case does.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use muscleman_sim::RULES_VERSION;
use serde::de::{Error as _, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use super::record::{LevelRecord, Records, Solution};

/// The version of the progress file's format: 3 added the best solutions
/// and where each set was left (format 2 files are read and upgraded; a
/// format-2 build leaves a format-3 file alone as newer).
pub const VERSION: u32 = 3;
/// The older rule books whose records hold as they are under this one: it
/// plays every level they could read the same (rule book 3 adds recipes no
/// rule-book-2 level holds, and a `bump` that changes no state or count;
/// rule book 4 adds ghosts and books, which rule book 3 refused).
const PLAYS_THE_SAME: [u32; 2] = [2, 3];

/// Largest progress file read, in bytes; a larger one is treated as corrupt.
const MAX_BYTES: u64 = 16 * 1024 * 1024;

/// The file's contents, in the current format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ProgressFile {
    pub(super) version: u32,
    /// The rule book the records were made under.
    pub(super) rules_version: u32,
    /// Records by level key, then rules, in key order.
    pub(super) levels: Records,
    /// Records of a format-1 file (rule book 1, rules unknown) by level key,
    /// not yet merged; see the module docs.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(super) from_rule_book_1: BTreeMap<String, LevelRecord>,
    /// The best solution (fewest moves, then fewest pushes) by level key,
    /// then rules, as MOVES letters.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(super) solutions: BTreeMap<String, BTreeMap<String, Solution>>,
    /// The level last played in each set, by `SET/RULES` key ([`set_key`](super::set_key)),
    /// and the built-in collection played last (its set key), by `collection/RULES` key.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(super) last_played: BTreeMap<String, String>,
}

/// A format-1 file: records by level key, no rule book, no rules.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProgressFileV1 {
    #[expect(dead_code, reason = "read to match the format; checked by VersionOnly")]
    version: u32,
    levels: BTreeMap<String, LevelRecord>,
}

/// Just the format version, to tell which format to read.
#[derive(Deserialize)]
struct VersionOnly {
    version: u32,
}

/// Any JSON value, read only to find an object that names a key twice:
/// the typed reader would keep the last and drop the others without a
/// word, and the next write would lose them for good.
struct UniqueKeys;

impl<'de> Deserialize<'de> for UniqueKeys {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(UniqueKeys)
    }
}

impl<'de> Visitor<'de> for UniqueKeys {
    type Value = UniqueKeys;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }

    fn visit_i64<E>(self, _: i64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }

    fn visit_u64<E>(self, _: u64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }

    fn visit_f64<E>(self, _: f64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }

    fn visit_str<E>(self, _: &str) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }

    fn visit_unit<E>(self) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<UniqueKeys, A::Error> {
        while seq.next_element::<UniqueKeys>()?.is_some() {}
        Ok(UniqueKeys)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<UniqueKeys, A::Error> {
        let mut seen = std::collections::BTreeSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if seen.contains(&key) {
                return Err(A::Error::custom(format!("{key:?} is listed twice")));
            }
            map.next_value::<UniqueKeys>()?;
            seen.insert(key);
        }
        Ok(UniqueKeys)
    }
}

/// How a progress file was read.
pub(super) enum Read {
    /// Current format and rule book.
    Current(ProgressFile),
    /// Format 1, migrated (see the module docs).
    Migrated(ProgressFile),
    /// Written by a newer muscleman: leave it alone.
    Newer(String),
    /// An older rule book with no known migration: move it aside.
    OlderRules(u32),
    /// Not progress at all: move it aside.
    Corrupt(String),
}

/// Read a file of at most [`MAX_BYTES`]; `None` when it does not exist.
/// A larger file is read as far as the cap, so it fails to parse.
pub(super) fn read_limited(path: &Path) -> io::Result<Option<Vec<u8>>> {
    use std::io::Read;
    let file = match fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1).read_to_end(&mut bytes)?;
    Ok(Some(bytes))
}

/// Tell what the bytes of a progress file are.
pub(super) fn parse(bytes: &[u8]) -> Read {
    if u64::try_from(bytes.len()).unwrap_or(u64::MAX) > MAX_BYTES {
        return Read::Corrupt(format!("larger than {MAX_BYTES} bytes"));
    }
    let version = match serde_json::from_slice::<VersionOnly>(bytes) {
        Ok(v) => v.version,
        Err(e) => return Read::Corrupt(e.to_string()),
    };
    // A file this build reads keeps every record or is not read.
    if version <= VERSION
        && let Err(e) = serde_json::from_slice::<UniqueKeys>(bytes)
    {
        return Read::Corrupt(e.to_string());
    }
    match version {
        1 => match serde_json::from_slice::<ProgressFileV1>(bytes) {
            Ok(old) => Read::Migrated(ProgressFile {
                version: VERSION,
                rules_version: RULES_VERSION,
                levels: BTreeMap::new(),
                from_rule_book_1: old.levels,
                solutions: BTreeMap::new(),
                last_played: BTreeMap::new(),
            }),
            Err(e) => Read::Corrupt(e.to_string()),
        },
        2 | VERSION => match serde_json::from_slice::<ProgressFile>(bytes) {
            Ok(file) if file.rules_version == RULES_VERSION => Read::Current(ProgressFile {
                version: VERSION,
                ..file
            }),
            Ok(file) if PLAYS_THE_SAME.contains(&file.rules_version) => {
                Read::Current(ProgressFile {
                    version: VERSION,
                    rules_version: RULES_VERSION,
                    ..file
                })
            }
            Ok(file) if file.rules_version > RULES_VERSION => Read::Newer(format!(
                "rule book {}, this one plays rule book {RULES_VERSION}",
                file.rules_version
            )),
            Ok(file) => Read::OlderRules(file.rules_version),
            Err(e) => Read::Corrupt(e.to_string()),
        },
        v if v > VERSION => Read::Newer(format!(
            "format version {v}, this one reads up to {VERSION}"
        )),
        v => Read::Corrupt(format!("format version {v}, expected 1 to {VERSION}")),
    }
}

/// Rename `path` to the first free `path.<suffix>-<n>` and return it.
pub(crate) fn move_aside(path: &Path, suffix: &str) -> io::Result<PathBuf> {
    for n in 1..10_000u32 {
        let mut name = path.as_os_str().to_owned();
        name.push(format!(".{suffix}-{n}"));
        let aside = PathBuf::from(name);
        if aside.exists() {
            continue;
        }
        fs::rename(path, &aside)?;
        return Ok(aside);
    }
    Err(io::Error::other("too many old progress files already"))
}
