//! What the `saves` fuzz target checks, kept in the normal suite: every
//! save the project has written (real saves from play, the docs' examples
//! of every version, every built-in level's stored solution at five points,
//! also written as versions 1 and 2 wrote them) and tampered ones are
//! either refused with a `SaveError` or load a game equal to the one their
//! own history gives, with the invariants of rules.md §5 holding after
//! loading and after undoing to the start.

mod common;

use std::path::PathBuf;

use common::{assert_invariants, dump_without_facing};
use muscleman_level::{Collection, Level};
use muscleman_sim::{Command, Game, RULES_VERSION, Rules, SaveError};
use serde_json::{Value, json};

/// The rules a save's JSON names (`hands` absent: hands unless Sokoban's chain).
fn rules_of(save: &Value) -> Rules {
    let max_chain = save["rules"]["max_chain"].as_u64().map(|n| n as u32);
    let hands = save["rules"]["hands"]
        .as_bool()
        .unwrap_or(max_chain != Rules::SOKOBAN.max_chain);
    Rules { max_chain, hands }
}

/// The game a save's own level, rules and history give, replayed here.
fn replayed(save: &Value) -> Game {
    let level = Level::parse(save["level"].as_str().unwrap()).unwrap();
    let mut game = Game::new(&level, rules_of(save)).unwrap();
    for c in save["history"].as_str().unwrap().chars() {
        game.apply(Command::from_letter(c).unwrap()).unwrap();
    }
    game
}

/// Check that `game`, loaded from `text`, is the game its history gives,
/// that the invariants hold after loading and at the start, and that
/// undoing every step gives the level's initial position.
fn assert_is_its_history(text: &str, mut game: Game) {
    let save: Value = serde_json::from_str(text).unwrap();
    let replay = replayed(&save);
    assert_eq!(
        game.save(),
        replay.save(),
        "loaded is not its history's game"
    );
    assert_eq!(game.stats(), replay.stats());
    assert_eq!(
        (game.undo_depth(), game.redo_depth()),
        (replay.undo_depth(), replay.redo_depth())
    );
    assert_invariants(game.world());
    let loaded = dump_without_facing(game.world());
    let mut undone = 0;
    while game.undo_depth() > 0 {
        game.undo().unwrap();
        undone += 1;
    }
    assert_invariants(game.world());
    let initial = Game::new(game.level(), game.rules()).unwrap();
    assert_eq!(
        dump_without_facing(game.world()),
        dump_without_facing(initial.world()),
        "undoing every step does not give the initial position"
    );
    for _ in 0..undone {
        game.redo().unwrap();
    }
    assert_invariants(game.world());
    assert_eq!(dump_without_facing(game.world()), loaded);
}

fn load_as_its_history(text: &str) -> Game {
    match Game::load(text) {
        Ok(game) => {
            assert_is_its_history(text, Game::load(text).unwrap());
            game
        }
        Err(e) => panic!("{e}\n{text}"),
    }
}

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/saves")
}

/// Every kept save: real saves from play (version 3, rule book 3), and the
/// save format page's example of each version. Version 1's example was
/// written with a made-up level hash, so it is refused as edited; with the
/// level's true hash it is migrated.
#[test]
fn every_kept_save_is_read_as_its_version_says() {
    let mut names: Vec<String> = std::fs::read_dir(data_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert!(names.len() >= 11, "{names:?}");
    for name in names {
        let text = std::fs::read_to_string(data_dir().join(&name)).unwrap();
        match name.as_str() {
            "v1-docs.json" | "v1-docs-pretty.json" => {
                let err = Game::load(&text).err();
                assert!(matches!(err, Some(SaveError::LevelHash)), "{name}: {err:?}");
            }
            n if n.starts_with("play-")
                || n.starts_with("v1-")
                || n.starts_with("v2-")
                || n.starts_with("v3-") =>
            {
                let game = load_as_its_history(&text);
                let again = game.save();
                assert!(again.contains("\"version\": 3"), "{name}");
                assert!(
                    again.contains(&format!("\"rules_version\": {RULES_VERSION}")),
                    "{name}"
                );
            }
            other => panic!("a kept save with no expectation: {other}"),
        }
    }
}

/// The built-in levels of both collections with their stored solutions.
fn builtin_solutions() -> Vec<(Level, String)> {
    let mut out = Vec::new();
    let mut levels_in_all = 0;
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../muscleman-levels");
    for (levels, solutions) in [
        ("builtin.txt", "solutions.txt"),
        ("combinations.txt", "combinations-solutions.txt"),
    ] {
        let text = std::fs::read_to_string(root.join(levels)).unwrap();
        let collection = Collection::parse(&text).unwrap();
        levels_in_all += collection.levels.len();
        let sols = std::fs::read_to_string(root.join(solutions)).unwrap();
        for line in sols.lines().filter(|l| !l.starts_with('#')) {
            let Some((n, moves)) = line.split_once(':') else {
                continue;
            };
            let n: usize = n.trim().parse().unwrap();
            let level = collection.levels[n - 1].clone();
            out.push((level, moves.trim().to_lowercase()));
        }
    }
    assert_eq!(
        out.len(),
        levels_in_all,
        "every built-in level has its solution"
    );
    out
}

fn played(level: &Level, rules: Rules, moves: &str) -> Game {
    let mut game = Game::new(level, rules).unwrap();
    for c in moves.chars() {
        game.apply(Command::from_letter(c).unwrap()).unwrap();
    }
    game
}

/// A save rewritten as version 2 wrote it (rule book 2, one grid, the main
/// level `level_member` 0), with `hands` or without.
fn as_version_two(text: &str, hands: bool) -> String {
    let mut save: Value = serde_json::from_str(text).unwrap();
    save["version"] = json!(2);
    save["rules_version"] = json!(2);
    if !hands {
        save["rules"].as_object_mut().unwrap().remove("hands");
    }
    for e in save["entities"].as_array_mut().unwrap() {
        e["level_member"] = json!(0);
    }
    serde_json::to_string_pretty(&save).unwrap()
}

/// A save rewritten as version 1 wrote it (rule book 1: no `rules_version`,
/// no `hands`, only position, facing and holding, counters in CamelCase).
fn as_version_one(text: &str) -> String {
    let mut save: Value = serde_json::from_str(text).unwrap();
    let obj = save.as_object_mut().unwrap();
    obj.insert("version".into(), json!(1));
    obj.remove("rules_version");
    obj["rules"].as_object_mut().unwrap().remove("hands");
    for e in obj["entities"].as_array_mut().unwrap() {
        e.as_object_mut().unwrap().retain(|k, _| {
            matches!(
                k.as_str(),
                "id" | "tags" | "position" | "facing" | "holding"
            )
        });
    }
    obj.insert("counters".into(), json!({"Coins": 0, "ApplesEaten": 0}));
    serde_json::to_string_pretty(&save).unwrap()
}

/// Every built-in level's stored solution, saved at the start, a third,
/// two thirds, the end and the end with two undos: each loads as its own
/// history, in today's version and as versions 2 and 1 wrote it (single
/// floor levels; a level with floors has no older save).
#[test]
fn every_builtin_solution_saved_at_five_points_loads_as_its_history() {
    for (level, moves) in builtin_solutions() {
        let n = moves.len();
        let points = [
            String::new(),
            moves[..n / 3].to_owned(),
            moves[..2 * n / 3].to_owned(),
            moves.clone(),
            format!("{moves}zz"),
        ];
        for point in points {
            let game = played(&level, Rules::MUSCLEMAN, &point);
            let text = game.save();
            let loaded = load_as_its_history(&text);
            assert_eq!(loaded.is_solved(), point == moves, "{point}");
            if level.floor_count() == 1 {
                load_as_its_history(&as_version_two(&text, true));
                load_as_its_history(&as_version_two(&text, false));
                load_as_its_history(&as_version_one(&text));
            }
        }
    }
}

/// Change one thing in a save (with the level's hash made right again for a
/// changed level).
fn tampered(text: &str, edit: impl FnOnce(&mut Value)) -> String {
    let mut save: Value = serde_json::from_str(text).unwrap();
    edit(&mut save);
    let level = save["level"].as_str().unwrap_or_default().to_owned();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in level.bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    save["level_hash"] = json!(format!("{hash:016x}"));
    serde_json::to_string_pretty(&save).unwrap()
}

/// The save of built-in level 3 (three boxes), half solved.
fn half_solved() -> String {
    let (level, moves) = builtin_solutions().swap_remove(2);
    played(&level, Rules::MUSCLEMAN, &moves[..moves.len() / 2]).save()
}

/// A save whose entities, counters or hash were edited does not match its
/// history and is refused as such; one of an older rule book whose
/// entities were edited is refused as playing differently.
#[test]
fn a_save_edited_against_its_history_is_refused() {
    let text = half_solved();
    type Edit = fn(&mut Value);
    let edits: [(&str, Edit); 8] = [
        ("a box moved", |s| {
            s["entities"][1]["position"][0] = json!(1);
        }),
        ("the player turned", |s| {
            let f = s["entities"][0]["facing"].clone();
            s["entities"][0]["facing"] = json!(if f == "up" { "down" } else { "up" });
        }),
        ("an id's generation", |s| {
            let id = s["entities"][1]["id"].as_str().unwrap().to_owned();
            s["entities"][1]["id"] = json!(format!("{id}9"));
        }),
        ("a tag dropped", |s| {
            s["entities"][1]["tags"].as_array_mut().unwrap().pop();
        }),
        ("an entity dropped", |s| {
            s["entities"].as_array_mut().unwrap().pop();
        }),
        ("a counter raised", |s| {
            s["counters"]["coins"] = json!(1);
        }),
        ("the state hash", |s| {
            s["state_hash"] = json!("0000000000000000");
        }),
        ("a move more", |s| {
            let h = s["history"].as_str().unwrap().to_owned();
            s["history"] = json!(format!("{h}l"));
        }),
    ];
    for (what, edit) in edits {
        let bad = tampered(&text, edit);
        let err = Game::load(&bad).err();
        assert!(
            matches!(err, Some(SaveError::Mismatch(_))),
            "{what}: {err:?}"
        );
        if what == "a counter raised" || what == "the state hash" {
            // An older rule book's save does not compare these: it loads,
            // with the history's counters and hash.
            load_as_its_history(&as_version_two(&bad, true));
            continue;
        }
        let old = as_version_two(&bad, true);
        let err = Game::load(&old).err();
        assert!(
            matches!(err, Some(SaveError::Rules { found: 2, .. })),
            "{what} (version 2): {err:?}"
        );
    }
}

/// A save whose level was edited (its hash made right) or whose rules were
/// changed is refused, or loads as its own history where the change plays
/// the same.
#[test]
fn a_save_with_another_level_or_rules_is_refused_or_its_history() {
    let text = half_solved();
    type Edit = fn(&mut Value);
    let edits: [(&str, Edit); 5] = [
        ("a goal moved", |s| {
            let l = s["level"].as_str().unwrap().replacen(". .", " ..", 1);
            s["level"] = json!(l);
        }),
        ("a box more", |s| {
            let l = s["level"]
                .as_str()
                .unwrap()
                .replacen("#    .  #", "#  $ .  #", 1);
            s["level"] = json!(l);
        }),
        ("no player", |s| {
            let l = s["level"].as_str().unwrap().replacen('@', " ", 1);
            s["level"] = json!(l);
        }),
        ("Sokoban rules", |s| {
            s["rules"] = json!({"max_chain": 1, "hands": false});
        }),
        ("no hands", |s| {
            s["rules"] = json!({"max_chain": null, "hands": false});
        }),
    ];
    for (what, edit) in edits {
        let bad = tampered(&text, edit);
        assert_ne!(bad, text, "{what}: nothing changed");
        match Game::load(&bad) {
            Ok(game) => assert_is_its_history(&bad, game),
            Err(SaveError::Mismatch(_) | SaveError::Level(_) | SaveError::Unplayable(_)) => {}
            Err(e) => panic!("{what}: {e:?}"),
        }
    }
    // A box more is one entity more than the save lists.
    let err = Game::load(&tampered(&text, edits[1].1)).err();
    assert!(matches!(err, Some(SaveError::Mismatch(_))), "{err:?}");
}
