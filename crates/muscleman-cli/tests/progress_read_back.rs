//! What the `progress` fuzz target checks, kept in the normal suite: the
//! progress file of every format (a real one from play, the docs' examples
//! of every version) is read with every record, or moved aside byte for
//! byte with a warning naming where; a solve recorded afterwards keeps the
//! other levels' records; a kept position is restored as its save gives
//! it, or moved aside.

use std::fs;
use std::path::{Path, PathBuf};

use muscleman_cli::builtin;
use muscleman_cli::progress::{FILE_NAME, Progress, level_key, set_key};
use muscleman_cli::saves::Saves;
use muscleman_level::Level;
use muscleman_sim::{Game, Rules};
use serde_json::{Value, json};

const M: Rules = Rules::MUSCLEMAN;

fn kept(dir: &str) -> Vec<(String, Vec<u8>)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let root = if dir == "saves" {
        root.join("../../../muscleman-sim/tests/data/saves")
    } else {
        root.join(dir)
    };
    let mut files: Vec<(String, Vec<u8>)> = fs::read_dir(&root)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let name = e.file_name().into_string().unwrap();
            (name, fs::read(e.path()).unwrap())
        })
        .collect();
    files.sort();
    files
}

fn json_of(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

/// A field of a progress file, `{}` when absent.
fn field(file: &Value, name: &str) -> Value {
    file.get(name).cloned().unwrap_or_else(|| json!({}))
}

/// `last_played` as opening a file leaves it: what it kept under a built-in
/// collection's former set key (`builtin::FORMER_SET_KEYS`) is under the
/// collection's key now.
fn adopted(last_played: Value) -> Value {
    let Value::Object(map) = last_played else {
        return last_played;
    };
    let now = |key: &str| -> Option<String> {
        let (id, _) = builtin::FORMER_SET_KEYS
            .iter()
            .find(|(_, former)| *former == key)?;
        let levels = builtin::read(builtin::find(id)?).ok()?.collection.levels;
        Some(set_key(&levels))
    };
    map.into_iter()
        .map(|(key, value)| {
            if key.starts_with("collection/") {
                let value = value.as_str().and_then(now).map_or(value, Value::from);
                return (key, value);
            }
            let key = match key.split_once('/') {
                Some((set, rules)) => now(set).map_or(key.clone(), |n| format!("{n}/{rules}")),
                None => key,
            };
            (key, value)
        })
        .collect()
}

/// A level no kept file names.
fn unnamed_level() -> Level {
    Level::parse("; Not in any kept file\n########\n#@ $  .#\n########\n").unwrap()
}

/// Every kept progress file is read, with no warning but for format 1's
/// migration, and written back with every record, solution and last level;
/// a solve of another level keeps them all.
#[test]
fn every_kept_progress_file_is_read_with_every_record() {
    let files = kept("progress");
    assert!(files.len() >= 4, "{files:?}");
    for (name, bytes) in files {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join(FILE_NAME);
        fs::write(&path, &bytes).unwrap();
        let input: Value = serde_json::from_slice(&bytes).unwrap();
        let (mut p, warnings) = Progress::open(tmp.path());
        // What must be in the file from now on.
        let (levels, from_rule_book_1, solutions, last_played) = if input["version"] == 1 {
            assert_eq!(warnings.len(), 1, "{name}: {warnings:?}");
            (json!({}), field(&input, "levels"), json!({}), json!({}))
        } else {
            assert!(warnings.is_empty(), "{name}: {warnings:?}");
            (
                field(&input, "levels"),
                field(&input, "from_rule_book_1"),
                field(&input, "solutions"),
                adopted(field(&input, "last_played")),
            )
        };
        p.save().unwrap();
        let check = |what: &str| {
            let file = json_of(&path);
            assert_eq!(file["version"], 3, "{name} {what}");
            let mut got_levels = field(&file, "levels");
            got_levels
                .as_object_mut()
                .unwrap()
                .remove(&level_key(&unnamed_level()));
            assert_eq!(got_levels, levels, "{name} {what}");
            assert_eq!(
                field(&file, "from_rule_book_1"),
                from_rule_book_1,
                "{name} {what}"
            );
            assert_eq!(field(&file, "solutions"), solutions, "{name} {what}");
            assert_eq!(field(&file, "last_played"), last_played, "{name} {what}");
        };
        check("read and written");
        p.record_solve(&unnamed_level(), M, 9, 3).unwrap();
        let (again, warnings) = Progress::open(tmp.path());
        assert!(warnings.is_empty(), "{name}: {warnings:?}");
        assert!(again.get(&unnamed_level(), M).is_some_and(|r| r.solved));
        check("after a solve of another level");
    }
}

/// The real progress file from play, damaged one way or another: moved
/// aside byte for byte, with one warning naming where, and play starts
/// afresh; a solve afterwards leaves the file moved aside as it was.
#[test]
fn a_damaged_progress_file_is_moved_aside_byte_for_byte() {
    let (_, play) = kept("progress")
        .into_iter()
        .find(|(n, _)| n == "play.json")
        .unwrap();
    let text = String::from_utf8(play).unwrap();
    let damaged: [(&str, String, &str); 7] = [
        (
            "a negative count",
            text.replacen("\"best_moves\": 8", "\"best_moves\": -8", 1),
            "corrupt-1",
        ),
        (
            "solved as a word",
            text.replacen("\"solved\": true", "\"solved\": \"yes\"", 1),
            "corrupt-1",
        ),
        (
            "a field no format has",
            text.replacen("\"solved\": true", "\"solved\": true, \"stars\": 3", 1),
            "corrupt-1",
        ),
        (
            "cut in half",
            text[..text.len() / 2].to_owned(),
            "corrupt-1",
        ),
        (
            "format 0",
            text.replacen("\"version\": 3", "\"version\": 0", 1),
            "corrupt-1",
        ),
        (
            "levels as a list",
            text.replacen("\"levels\": {", "\"levels\": [], \"x\": {", 1),
            "corrupt-1",
        ),
        (
            "rule book 1 in the current format",
            text.replacen("\"rules_version\": 3", "\"rules_version\": 1", 1),
            "rules-1-1",
        ),
    ];
    for (what, bytes, suffix) in damaged {
        assert_ne!(bytes, text, "{what}: nothing changed");
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join(FILE_NAME);
        fs::write(&path, &bytes).unwrap();
        let (mut p, warnings) = Progress::open(tmp.path());
        let aside_name = format!("{FILE_NAME}.{suffix}");
        let aside = tmp.path().join(&aside_name);
        assert_eq!(
            fs::read_to_string(&aside).ok().as_deref(),
            Some(bytes.as_str()),
            "{what}"
        );
        assert!(!path.exists(), "{what}");
        assert_eq!(warnings.len(), 1, "{what}: {warnings:?}");
        assert!(
            warnings[0].detail.contains(&aside_name),
            "{what}: {warnings:?}"
        );
        assert!(
            warnings[0].short.contains(&aside_name),
            "{what}: {warnings:?}"
        );
        p.record_solve(&unnamed_level(), M, 9, 3).unwrap();
        let file = json_of(&path);
        assert_eq!(
            file["levels"].as_object().map(|m| m.len()),
            Some(1),
            "{what}"
        );
        assert_eq!(
            fs::read_to_string(&aside).ok().as_deref(),
            Some(bytes.as_str()),
            "{what}"
        );
    }
}

/// Put `bytes` where `play` keeps the position of `level` under `rules`.
fn put(saves: &Saves, level: &Level, rules: Rules, bytes: &[u8]) -> PathBuf {
    let path = saves.path(level, rules).unwrap();
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(&path, bytes).unwrap();
    path
}

/// Every kept save from play is restored as the game it loads to; a
/// damaged one, or one of another level, is moved aside byte for byte with
/// a message naming where, and the level starts afresh.
#[test]
fn a_kept_position_is_restored_or_moved_aside() {
    let plays: Vec<(String, Vec<u8>)> = kept("saves")
        .into_iter()
        .filter(|(n, _)| n.starts_with("play-"))
        .collect();
    assert!(plays.len() >= 5);
    let first = &plays[0].1;
    for (name, bytes) in &plays {
        let tmp = tempfile::tempdir().unwrap();
        let saves = Saves::in_dir(tmp.path());
        let text = std::str::from_utf8(bytes).unwrap();
        let game = Game::load(text).unwrap();
        // The file's name is its level's key and rules, as play names it.
        assert!(name.contains(&level_key(game.level())), "{name}");
        let path = put(&saves, game.level(), game.rules(), bytes);
        let restored = saves.restore(game.level(), game.rules()).unwrap().unwrap();
        assert_eq!(restored.save(), game.save(), "{name}");
        assert_eq!(fs::read(&path).unwrap(), *bytes, "{name}");

        let refused = |put_bytes: &[u8], level: &Level, rules: Rules, what: &str| {
            let path = put(&saves, level, rules, put_bytes);
            let message = saves.restore(level, rules).err();
            let aside = PathBuf::from(format!("{}.unreadable-1", path.display()));
            assert!(
                message
                    .as_deref()
                    .is_some_and(|m| m.contains(".unreadable-1")),
                "{name} {what}: {message:?}"
            );
            assert!(!path.exists(), "{name} {what}");
            assert_eq!(fs::read(&aside).unwrap(), put_bytes, "{name} {what}");
            fs::remove_file(&aside).unwrap();
        };
        // A box moved (the save no longer matches its history).
        let moved = text.replacen("\"position\":[", "\"position\":[1", 2);
        refused(moved.as_bytes(), game.level(), game.rules(), "edited");
        // Not UTF-8.
        let mut binary = bytes.clone();
        binary[10] = 0xff;
        refused(&binary, game.level(), game.rules(), "not UTF-8");
        // Another level's save in this level's place.
        if bytes != first {
            let other = Game::load(std::str::from_utf8(first).unwrap()).unwrap();
            if level_key(other.level()) != level_key(game.level()) {
                refused(first, game.level(), game.rules(), "another level's");
            }
        }
        // The same level's save under other rules.
        let other_rules = Rules {
            max_chain: Some(3),
            hands: true,
        };
        refused(bytes, game.level(), other_rules, "other rules");
    }
}

/// Found by the `progress` fuzz target (the docs' example with `version`
/// 4 and a level key holding a byte that is no UTF-8): the file is told
/// newer from its version alone, so the rest is not read, and it is left
/// as it is, byte for byte, with a warning; progress is kept in memory.
#[test]
fn a_newer_progress_file_with_bytes_that_are_no_utf8_is_left_alone() {
    let (_, v2) = kept("progress")
        .into_iter()
        .find(|(n, _)| n == "v2-docs.json")
        .unwrap();
    let text = String::from_utf8(v2).unwrap();
    let newer = text.replacen("\"version\": 2", "\"version\": 4", 1);
    assert_ne!(newer, text);
    let mut bytes = newer.into_bytes();
    let key = bytes.windows(4).position(|w| w == b"e181").unwrap();
    bytes[key + 4] = 0xf3;
    assert!(std::str::from_utf8(&bytes).is_err());
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join(FILE_NAME);
    fs::write(&path, &bytes).unwrap();
    let (mut p, warnings) = Progress::open(tmp.path());
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].detail.contains("newer"), "{warnings:?}");
    assert_eq!(p.path(), None);
    p.record_solve(&unnamed_level(), M, 9, 3).unwrap();
    assert_eq!(fs::read(&path).unwrap(), bytes);
    assert_eq!(fs::read_dir(tmp.path()).unwrap().count(), 1);
}

/// A file that names a level twice (two files merged by hand) is not read
/// with the first record silently dropped: it is moved aside byte for byte,
/// with a warning saying which key is listed twice.
#[test]
fn a_progress_file_naming_a_level_twice_is_moved_aside() {
    let (_, play) = kept("progress")
        .into_iter()
        .find(|(n, _)| n == "play.json")
        .unwrap();
    let text = String::from_utf8(play).unwrap();
    let twice = text.replacen(
        "\"levels\": {",
        "\"levels\": {\n    \"01b3bd6d4e23b8b7\": { \"sokoban\": { \"solved\": true, \"best_moves\": 9, \"best_pushes\": 5 } },",
        1,
    );
    assert_ne!(twice, text);
    // Each level alone is valid progress.
    let tmp = tempfile::tempdir().unwrap();
    fs::write(tmp.path().join(FILE_NAME), &text).unwrap();
    assert!(Progress::open(tmp.path()).1.is_empty());
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join(FILE_NAME);
    fs::write(&path, &twice).unwrap();
    let (_, warnings) = Progress::open(tmp.path());
    let aside = tmp.path().join(format!("{FILE_NAME}.corrupt-1"));
    assert_eq!(fs::read_to_string(&aside).unwrap(), twice);
    assert!(!path.exists());
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0]
            .detail
            .contains("\"01b3bd6d4e23b8b7\" is listed twice"),
        "{warnings:?}"
    );
}
