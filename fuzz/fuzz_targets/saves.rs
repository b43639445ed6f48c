//! Arbitrary bytes into the save reader, `Game::load`.
//!
//! The bytes are read as UTF-8 (invalid sequences replaced) and loaded.
//! Every save format the project has written is read: version 1 (rule book
//! 1: no `rules_version`, no `hands`), version 2 (rule book 2, `level_member`
//! 0 for the main level) and version 3 (floors; rule book 2 or 3). Each
//! input is either refused with a `SaveError` or loads a game that equals
//! the one its own recorded history gives. The target checks that with its
//! own reading of the JSON, not the loader's:
//!
//! - the level text matches its hash, every history letter is a lower-case
//!   command, and replaying the history on a fresh game of that level and
//!   those rules gives the loaded game: the same save text (entities, ids,
//!   counters, state hash, history), undo and redo depths and counts;
//! - a save of this rule book lists exactly the rebuilt entities, counters
//!   and state hash; one of an older rule book (migrated) lists the rebuilt
//!   entities' ids and tags, and each field it wrote has the rebuilt value;
//! - the world's invariants (rules.md §5) hold after loading, after undoing
//!   back to the start and after redoing as far; the start is the level's
//!   initial state
//!   (the player's facing aside: refused moves made with no undo step left
//!   turn the player and cannot be undone); redoing as many steps brings
//!   the loaded position back;
//! - the game saves again, and that save loads to the same save text.

#![no_main]

use libfuzzer_sys::fuzz_target;
use muscleman_level::Level;
use muscleman_sim::{Command, Game, RULES_VERSION, Rules};
use serde_json::{Map, Value};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match Game::load(&text) {
        Ok(game) => check_loaded(&text, game),
        Err(e) => {
            let _ = e.to_string();
        }
    }
});

/// FNV-1a 64 of a text, as the save format's `level_hash` writes it.
fn fnv_hex(text: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

fn json(text: &str) -> Map<String, Value> {
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(map)) => map,
        Ok(other) => panic!("a save that is not a JSON object loaded: {other}"),
        Err(e) => panic!("a save that is not JSON loaded: {e}"),
    }
}

fn entities(save: &Map<String, Value>) -> Vec<Map<String, Value>> {
    let Some(Value::Array(list)) = save.get("entities") else {
        panic!("a loaded save has no entity list");
    };
    list.iter()
        .map(|e| match e {
            Value::Object(m) => m.clone(),
            other => panic!("a loaded save lists an entity that is no object: {other}"),
        })
        .collect()
}

/// The entities with the player's facing left out.
fn without_player_facing(mut list: Vec<Map<String, Value>>) -> Vec<Map<String, Value>> {
    for e in &mut list {
        let player = e
            .get("tags")
            .and_then(Value::as_array)
            .is_some_and(|t| t.iter().any(|t| t == "Player"));
        if player {
            e.remove("facing");
        }
    }
    list
}

fn check_loaded(text: &str, mut game: Game) {
    let input = json(text);
    let version = input.get("version").and_then(Value::as_u64);
    let Some(version) = version else {
        panic!("a save without a numeric version loaded");
    };
    // Version 1 was rule book 1 whatever it says; elsewhere an absent
    // `rules_version` is rule book 1 too.
    let rules_version = if version == 1 {
        1
    } else {
        input
            .get("rules_version")
            .and_then(Value::as_u64)
            .unwrap_or(1)
    };
    assert!(
        (1..=u64::from(RULES_VERSION)).contains(&rules_version),
        "a save of rule book {rules_version} loaded"
    );

    // The level, its hash, the rules and the history, read here.
    let Some(level_text) = input.get("level").and_then(Value::as_str) else {
        panic!("a save without a level text loaded");
    };
    assert_eq!(
        input.get("level_hash").and_then(Value::as_str),
        Some(fnv_hex(level_text).as_str()),
        "a save whose level does not match its hash loaded"
    );
    let level = match Level::parse(level_text) {
        Ok(l) => l,
        Err(e) => panic!("a save of an unreadable level loaded: {e}"),
    };
    let rules_json = input.get("rules").and_then(Value::as_object);
    let Some(rules_json) = rules_json else {
        panic!("a save without rules loaded");
    };
    let max_chain = match rules_json.get("max_chain") {
        Some(Value::Null) => None,
        Some(v) => match v.as_u64().and_then(|n| u32::try_from(n).ok()) {
            Some(n) => Some(n),
            None => panic!("a save with max_chain {v} loaded"),
        },
        None => panic!("a save without max_chain loaded"),
    };
    let hands = match rules_json.get("hands") {
        Some(Value::Bool(b)) => *b,
        None => max_chain != Rules::SOKOBAN.max_chain,
        Some(v) => panic!("a save with hands {v} loaded"),
    };
    let rules = Rules { max_chain, hands };
    assert_eq!(
        game.rules(),
        rules,
        "the loaded rules are not the saved ones"
    );
    let Some(history) = input.get("history").and_then(Value::as_str) else {
        panic!("a save without a history loaded");
    };

    // Replay the history on a fresh game.
    let mut replayed = match Game::new(&level, rules) {
        Ok(g) => g,
        Err(e) => panic!("a save of a level that cannot be played loaded: {e}"),
    };
    let initial = replayed.save();
    for c in history.chars() {
        assert!(!c.is_ascii_uppercase(), "history letter {c:?} loaded");
        let Some(command) = Command::from_letter(c) else {
            panic!("history letter {c:?} is no command, yet the save loaded");
        };
        if let Err(e) = replayed.apply(command) {
            panic!("{command:?} fails on replay, yet the save loaded: {e}");
        }
    }
    let saved = game.save();
    assert_eq!(
        saved,
        replayed.save(),
        "the loaded game is not its history's"
    );
    assert_eq!(game.state_hash(), replayed.state_hash());
    assert_eq!(game.commands(), replayed.commands());
    assert_eq!(game.stats(), replayed.stats());
    assert_eq!(
        (game.undo_depth(), game.redo_depth()),
        (replayed.undo_depth(), replayed.redo_depth())
    );

    // What the save listed is what the history gives.
    let rebuilt = json(&saved);
    let mut listed = entities(&input);
    if version < 3 {
        for e in &mut listed {
            if e.get("level_member") == Some(&Value::from(0)) {
                e.remove("level_member");
            }
        }
    }
    let rebuilt_entities = entities(&rebuilt);
    if rules_version == u64::from(RULES_VERSION) {
        assert_eq!(
            listed, rebuilt_entities,
            "saved entities differ from rebuilt"
        );
        assert_eq!(input.get("counters"), rebuilt.get("counters"));
        assert_eq!(input.get("state_hash"), rebuilt.get("state_hash"));
    } else {
        assert_eq!(listed.len(), rebuilt_entities.len(), "entity count differs");
        for (a, b) in listed.iter().zip(&rebuilt_entities) {
            for (field, value) in a {
                assert_eq!(
                    Some(value),
                    b.get(field),
                    "a migrated save's {field} differs from its history's"
                );
            }
            assert_eq!(a.get("id"), b.get("id"));
            assert_eq!(a.get("tags"), b.get("tags"));
        }
    }

    // The invariants, after loading.
    invariants(&game, "after loading");

    // Saved again, it loads the same.
    match Game::load(&saved) {
        Ok(again) => assert_eq!(again.save(), saved, "save, load, save changed the text"),
        Err(e) => panic!("a loaded game's save does not load: {e}\n{saved}"),
    }

    // Undo back to the start, then redo as far.
    let loaded_entities = without_player_facing(rebuilt_entities);
    let mut undone = 0usize;
    while game.undo_depth() > 0 {
        let before = game.undo_depth();
        if let Err(e) = game.undo() {
            panic!("undo {} fails: {e}", undone + 1);
        }
        undone += 1;
        assert_eq!(game.undo_depth(), before - 1, "undo took no step back");
    }
    invariants(&game, "after undoing to the start");
    let start = json(&game.save());
    assert_eq!(
        without_player_facing(entities(&start)),
        without_player_facing(entities(&json(&initial))),
        "undoing every step does not give the level's initial state"
    );
    assert_eq!(start.get("counters"), json(&initial).get("counters"));
    for _ in 0..undone {
        if let Err(e) = game.redo() {
            panic!("redo fails after undoing to the start: {e}");
        }
    }
    invariants(&game, "after redoing as far");
    assert_eq!(
        without_player_facing(entities(&json(&game.save()))),
        loaded_entities,
        "undo to the start and redo as far does not give the loaded position"
    );
}

fn invariants(game: &Game, when: &str) {
    if let Err(e) = game.world().validate() {
        panic!("invariant broken {when}: {e}");
    }
    if let Err(e) = game.world().validate_environment() {
        panic!("invariant broken {when}: {e}");
    }
    let view = game.view();
    assert_eq!(
        view.all_sprites().len(),
        game.world().len(),
        "the view lost an entity {when}"
    );
    assert!(view.player_floor() >= 1 && view.player_floor() <= view.floor_count());
}
