//! Arbitrary bytes as what `play` reads back from its data directory: the
//! progress file and a kept position.
//!
//! The input is the bytes of `progress.json`, then optionally a NUL byte
//! and the bytes of a kept position (a save, `saves/LEVELKEY-RULES.json`).
//! Both are written to a scratch data directory and opened the way `play`
//! opens them, through the command's library (`Progress::open`,
//! `Saves::restore`). Every file of every progress format is either
//!
//! - **read**: nothing is lost: every record, solution and last level of
//!   the input (format 1's records under `from_rule_book_1`) is in the
//!   progress, and written back the same (format 3, this rule book); a
//!   format-1 file is migrated with a warning, a current one with none;
//! - **moved aside** with a warning naming where: `progress.json.corrupt-1`
//!   or `progress.json.rules-N-1`, byte for byte the input, and play starts
//!   afresh; or
//! - **left alone** (a newer format or rule book) with a warning, the file
//!   untouched and progress kept in memory only.
//!
//! Then a solve is recorded for built-in level 1 and the file opened again:
//! every other level's records and solutions are still there, unchanged,
//! and a file moved aside is still there, untouched.
//!
//! A kept position is restored as `play` restores it: a game equal to the
//! save's own (which loads), or an error naming the file it was moved aside
//! to, byte for byte the input, never a panic. A save that loads is also
//! put in the place of another level's position, which must refuse it.

#![no_main]

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use muscleman_cli::progress::{FILE_NAME, Progress, level_key, rules_key, set_key};
use muscleman_cli::saves::Saves;
use muscleman_core::EntityRecipe;
use muscleman_level::{Collection, Level};
use muscleman_sim::{Game, RULES_VERSION, Rules};
use serde_json::{Map, Value};

/// The built-in levels (both collections), by level key, and the first
/// collection's set key.
struct Builtin {
    first: Level,
    by_key: BTreeMap<String, Level>,
    set: String,
}

fn builtin() -> &'static Builtin {
    static BUILTIN: OnceLock<Builtin> = OnceLock::new();
    BUILTIN.get_or_init(|| {
        let mut by_key = BTreeMap::new();
        let mut first = None;
        let mut set = String::new();
        for (i, c) in muscleman_levels::COLLECTIONS.iter().enumerate() {
            let levels = match Collection::parse(c.levels) {
                Ok(collection) => collection.levels,
                Err(e) => panic!("a built-in collection does not read: {e}"),
            };
            if i == 0 {
                set = set_key(&levels);
                first = levels.first().cloned();
            }
            for l in levels {
                by_key.insert(level_key(&l), l);
            }
        }
        let Some(first) = first else {
            panic!("no built-in level");
        };
        Builtin { first, by_key, set }
    })
}

/// A fresh, empty scratch data directory for this process: in `/dev/shm`
/// where there is one (the progress file is synced to disk on every write,
/// which costs nothing in memory), else in the temporary directory.
fn scratch() -> PathBuf {
    let shm = Path::new("/dev/shm");
    let base = if shm.is_dir() {
        shm.to_path_buf()
    } else {
        std::env::temp_dir()
    };
    let dir = base.join(format!("muscleman-fuzz-progress-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    if let Err(e) = fs::create_dir_all(&dir) {
        panic!("cannot make the scratch directory {}: {e}", dir.display());
    }
    dir
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = match fs::read_dir(dir) {
        Ok(d) => d
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect(),
        Err(_) => Vec::new(),
    };
    v.sort();
    v
}

fn read_json(path: &Path) -> Map<String, Value> {
    let text = match fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => panic!("cannot read back {}: {e}", path.display()),
    };
    match serde_json::from_str(&text) {
        Ok(Value::Object(m)) => m,
        _ => panic!("the progress file written is not a JSON object:\n{text}"),
    }
}

/// What a progress file holds, as this target reads it: records by level
/// then rules, format-1 records, solutions, last levels.
#[derive(Clone, Debug, Default, PartialEq)]
struct Contents {
    levels: BTreeMap<String, BTreeMap<String, Value>>,
    from_rule_book_1: BTreeMap<String, Value>,
    solutions: BTreeMap<String, BTreeMap<String, Value>>,
    last_played: BTreeMap<String, Value>,
}

/// A record with its optional counts written out (absent is null).
fn record(v: &Value) -> Value {
    let mut v = v.clone();
    if let Value::Object(m) = &mut v {
        for field in ["best_moves", "best_pushes"] {
            m.entry(field).or_insert(Value::Null);
        }
    }
    v
}

fn map_of(v: Option<&Value>) -> BTreeMap<String, Value> {
    match v {
        Some(Value::Object(m)) => m.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        None => BTreeMap::new(),
        Some(other) => panic!("read a progress file whose map is {other}"),
    }
}

fn nested(
    v: Option<&Value>,
    each: fn(&Value) -> Value,
) -> BTreeMap<String, BTreeMap<String, Value>> {
    map_of(v)
        .into_iter()
        .map(|(k, inner)| {
            let inner = map_of(Some(&inner))
                .into_iter()
                .map(|(r, x)| (r, each(&x)))
                .collect();
            (k, inner)
        })
        .collect()
}

/// The contents of a file read as current (`version` 2 or 3) or written.
fn current(file: &Map<String, Value>) -> Contents {
    Contents {
        levels: nested(file.get("levels"), record),
        from_rule_book_1: map_of(file.get("from_rule_book_1"))
            .into_iter()
            .map(|(k, v)| (k, record(&v)))
            .collect(),
        solutions: nested(file.get("solutions"), Value::clone),
        last_played: map_of(file.get("last_played")),
    }
}

/// Write the progress and read back what the file holds.
fn written(progress: &Progress, path: &Path) -> Contents {
    if let Err(e) = progress.save() {
        panic!("cannot write progress: {e}");
    }
    let file = read_json(path);
    assert_eq!(
        file.get("version"),
        Some(&Value::from(3)),
        "written as another format"
    );
    assert_eq!(file.get("rules_version"), Some(&Value::from(RULES_VERSION)));
    current(&file)
}

fn as_u64(file: &Map<String, Value>, field: &str) -> Option<u64> {
    file.get(field).and_then(Value::as_u64)
}

fuzz_target!(|data: &[u8]| {
    let (progress_bytes, save_bytes) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], Some(&data[i + 1..])),
        None => (data, None),
    };
    let dir = scratch();
    check_progress(&dir, progress_bytes);
    if let Some(save) = save_bytes {
        check_position(&dir, save);
    }
    let _ = fs::remove_dir_all(&dir);
});

fn check_progress(dir: &Path, bytes: &[u8]) {
    let path = dir.join(FILE_NAME);
    if let Err(e) = fs::write(&path, bytes) {
        panic!("cannot write {}: {e}", path.display());
    }
    let (mut progress, warnings) = Progress::open(dir);
    for w in &warnings {
        assert!(
            !w.short.is_empty() && !w.detail.is_empty(),
            "an empty warning"
        );
        assert!(
            !w.short.contains('\n'),
            "a short warning of several lines: {}",
            w.short
        );
    }
    let files = names(dir);
    let aside: Vec<&String> = files.iter().filter(|n| n.as_str() != FILE_NAME).collect();
    let input: Option<Map<String, Value>> = match serde_json::from_slice(bytes) {
        Ok(Value::Object(m)) => Some(m),
        _ => None,
    };

    // What the file held that must survive a solve recorded afterwards.
    let expected: Option<Contents> = if let [moved] = aside.as_slice() {
        // Moved aside: byte for byte, named in the one warning, afresh.
        let n = moved.as_str();
        let known =
            n.starts_with("progress.json.corrupt-") || n.starts_with("progress.json.rules-");
        assert!(known, "moved aside as {n}");
        assert_eq!(
            fs::read(dir.join(n)).ok().as_deref(),
            Some(bytes),
            "{n} is not the file"
        );
        assert!(!path.exists(), "moved aside and written afresh at once");
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(
            warnings.iter().all(|w| w.detail.contains(n)),
            "{warnings:?}"
        );
        assert_eq!(progress.path(), Some(path.as_path()));
        assert_eq!(
            written(&progress, &path),
            Contents::default(),
            "moved aside but not afresh"
        );
        Some(Contents::default())
    } else if !aside.is_empty() {
        panic!("more than one file beside the progress: {files:?}");
    } else if progress.path().is_none() {
        // Left alone: a newer format or rule book, with a warning.
        assert_eq!(
            fs::read(&path).ok().as_deref(),
            Some(bytes),
            "a newer file was changed"
        );
        assert!(!warnings.is_empty(), "a file left alone without a warning");
        // The reader tells the version without reading the rest, which may
        // hold bytes that are no UTF-8: read it here the same way.
        let lossy = serde_json::from_str::<Value>(&String::from_utf8_lossy(bytes)).ok();
        let newer = lossy.as_ref().and_then(Value::as_object).is_some_and(|m| {
            as_u64(m, "version").is_some_and(|v| v > 3)
                || as_u64(m, "rules_version").is_some_and(|v| v > u64::from(RULES_VERSION))
        });
        assert!(newer, "a file of this version left alone");
        None
    } else {
        // Read: every record of the input is in the progress.
        let Some(input) = input else {
            panic!("a file that is not a JSON object was read as progress");
        };
        let version = as_u64(&input, "version");
        let expected = match version {
            Some(1) => {
                assert_eq!(warnings.len(), 1, "a format-1 file migrated without a word");
                // Migrated, and written back already.
                let on_disk = current(&read_json(&path));
                let expected = Contents {
                    from_rule_book_1: map_of(input.get("levels"))
                        .into_iter()
                        .map(|(k, v)| (k, record(&v)))
                        .collect(),
                    ..Contents::default()
                };
                assert_eq!(on_disk, expected, "the migrated file lost records");
                expected
            }
            Some(2 | 3) => {
                assert!(warnings.is_empty(), "read as current with {warnings:?}");
                let rules = as_u64(&input, "rules_version");
                assert!(
                    matches!(rules, Some(2 | 3)),
                    "read rule book {rules:?} as current"
                );
                assert_eq!(
                    fs::read(&path).ok().as_deref(),
                    Some(bytes),
                    "rewritten on open"
                );
                current(&input)
            }
            v => panic!("read format {v:?} as progress"),
        };
        assert_eq!(
            written(&progress, &path),
            expected,
            "read then written lost records"
        );
        lookups(&progress, &expected);
        Some(expected)
    };

    // A solve of built-in level 1 keeps every other level's records.
    let b = builtin();
    let first = level_key(&b.first);
    let improved = progress.record_solution(&b.first, Rules::MUSCLEMAN, 7, 3, Some("rrrRRRr"));
    if let Err(e) = improved {
        panic!("cannot record a solve: {e}");
    }
    let Some(expected) = expected else {
        // Kept in memory only: the file the newer build wrote is untouched.
        assert_eq!(
            fs::read(&path).ok().as_deref(),
            Some(bytes),
            "a newer file was changed"
        );
        return;
    };
    let (again, warnings) = Progress::open(dir);
    assert!(
        warnings.is_empty(),
        "a file we wrote reads with {warnings:?}"
    );
    let after = written(&again, &path);
    let others = |c: &Contents| {
        let mut c = c.clone();
        c.levels.remove(&first);
        c.from_rule_book_1.remove(&first);
        c.solutions.remove(&first);
        c
    };
    assert_eq!(
        others(&after),
        others(&expected),
        "a solve of level 1 changed other records"
    );
    let Some(record) = again.get(&b.first, Rules::MUSCLEMAN) else {
        panic!("the solve of level 1 was not kept");
    };
    assert!(record.solved);
    assert!(record.best_moves.is_some_and(|m| m <= 7));
    assert!(record.best_pushes.is_some_and(|p| p <= 3));
    // A file moved aside is still there, untouched.
    for n in &aside {
        assert_eq!(
            fs::read(dir.join(n.as_str())).ok().as_deref(),
            Some(bytes),
            "{n} changed"
        );
    }
}

/// The built-in levels the file holds records of are looked up as the game
/// looks them up, and find them (a record under other rules is not found).
fn lookups(progress: &Progress, expected: &Contents) {
    let b = builtin();
    for rules in [Rules::MUSCLEMAN, Rules::SOKOBAN] {
        let key = rules_key(rules);
        // The levels the file names (a lookup hashes the level, so not all).
        let named = expected
            .levels
            .keys()
            .chain(expected.from_rule_book_1.keys())
            .chain(expected.solutions.keys());
        for (level_key, level) in named.filter_map(|k| b.by_key.get_key_value(k)) {
            let current = expected.levels.get(level_key).and_then(|r| r.get(&key));
            let dry = level.positions_of(EntityRecipe::WaterCell).next().is_none();
            let inherited = (rules == Rules::MUSCLEMAN && dry)
                .then(|| expected.from_rule_book_1.get(level_key))
                .flatten();
            let found = progress.get(level, rules);
            assert_eq!(
                found.is_some(),
                current.is_some() || inherited.is_some(),
                "level {level_key} under {key}: {found:?}"
            );
            let solution = progress.solution(level, rules);
            let kept = expected.solutions.get(level_key).and_then(|s| s.get(&key));
            assert_eq!(
                solution.is_some(),
                kept.is_some(),
                "solution of {level_key} under {key}"
            );
            if let (Some(s), Some(Value::Object(k))) = (solution, kept) {
                assert_eq!(
                    k.get("moves").and_then(Value::as_str),
                    Some(s.moves.as_str())
                );
            }
        }
        let last = progress.last_played(&b.set, rules);
        let kept = expected.last_played.get(&format!("{}/{key}", b.set));
        assert_eq!(
            last,
            kept.and_then(Value::as_str),
            "last level played under {key}"
        );
    }
}

fn check_position(dir: &Path, bytes: &[u8]) {
    let b = builtin();
    let saves = Saves::in_dir(dir);
    let loaded = std::str::from_utf8(bytes)
        .ok()
        .and_then(|t| Game::load(t).ok());
    let (level, rules) = match &loaded {
        Some(g) => (g.level().clone(), g.rules()),
        None => (b.first.clone(), Rules::MUSCLEMAN),
    };
    restore(&saves, &level, rules, bytes, loaded.as_ref());
    // A save that loads, put in another level's place, is refused.
    if let Some(g) = &loaded {
        let other = if level_key(g.level()) == level_key(&b.first) {
            Rules {
                max_chain: Some(2),
                hands: !g.rules().hands,
            }
        } else {
            Rules::MUSCLEMAN
        };
        restore(&saves, &b.first, other, bytes, None);
    }
}

/// Put `bytes` in the place of the position of `level` under `rules` and
/// restore it: `expect` (the game the bytes load to) or refused and moved
/// aside.
fn restore(saves: &Saves, level: &Level, rules: Rules, bytes: &[u8], expect: Option<&Game>) {
    let Some(path) = saves.path(level, rules) else {
        panic!("saves in a directory have no path");
    };
    if let Some(parent) = path.parent() {
        let _ = fs::create_dir_all(parent);
    }
    let _ = fs::remove_file(&path);
    if let Err(e) = fs::write(&path, bytes) {
        panic!("cannot write {}: {e}", path.display());
    }
    let mut aside = path.as_os_str().to_owned();
    aside.push(".unreadable-1");
    let aside = PathBuf::from(aside);
    let _ = fs::remove_file(&aside);
    match (saves.restore(level, rules), expect) {
        (Ok(Some(game)), Some(want)) => {
            assert_eq!(
                game.save(),
                want.save(),
                "restored another game than the save's"
            );
            assert_eq!(
                fs::read(&path).ok().as_deref(),
                Some(bytes),
                "restoring changed the save"
            );
        }
        (Ok(Some(game)), None) => panic!(
            "restored a position the save does not give ({} under {})",
            level_key(game.level()),
            rules_key(game.rules())
        ),
        (Ok(None), _) => panic!("a kept position was not found"),
        (Err(message), expect) => {
            assert!(expect.is_none(), "a save that loads was refused: {message}");
            assert!(!path.exists(), "refused but left in place: {message}");
            assert_eq!(
                fs::read(&aside).ok().as_deref(),
                Some(bytes),
                "not kept aside: {message}"
            );
            assert!(
                message.contains(".unreadable-1"),
                "the message does not say where: {message}"
            );
        }
    }
}
