//! Saves: round trips, and damaged saves refused without a panic.

mod common;

use common::{ARENA, command, dump, level_from_ascii};
use muscleman_core::{GridDir, Input};
use muscleman_sim::{Command, Game, Rules, SaveError};
use proptest::prelude::*;

fn played(moves: &str) -> Game {
    common::played(ARENA, moves)
}

#[test]
fn a_save_loads_back_to_the_same_game() {
    let g = played("lluurrzzy!zdr");
    let text = g.save();
    let loaded = match Game::load(&text) {
        Ok(l) => l,
        Err(e) => panic!("{e}\n{text}"),
    };
    assert_eq!(loaded.state_hash(), g.state_hash());
    assert_eq!(dump(loaded.world()), dump(g.world()));
    assert_eq!(loaded.commands(), g.commands());
    assert_eq!(loaded.stats(), g.stats());
    assert_eq!(
        (loaded.undo_depth(), loaded.redo_depth()),
        (g.undo_depth(), g.redo_depth())
    );
    assert_eq!(loaded.save(), text);
}

#[test]
fn a_save_mid_history_keeps_undo_and_redo() {
    let mut g = played("rrddllzz");
    let mut loaded = Game::load(&g.save()).unwrap();
    for _ in 0..3 {
        let a = g.redo().unwrap();
        let b = loaded.redo().unwrap();
        assert_eq!(a, b);
        assert_eq!(g.state_hash(), loaded.state_hash());
    }
    while g.undo_depth() > 0 {
        assert_eq!(g.undo().unwrap(), loaded.undo().unwrap());
    }
    assert_eq!(g.state_hash(), loaded.state_hash());
}

#[test]
fn a_sokoban_game_keeps_its_rules() {
    let mut g = Game::new(&level_from_ascii(ARENA), Rules::SOKOBAN).unwrap();
    g.step(Input::Move(GridDir::Up)).unwrap();
    let loaded = Game::load(&g.save()).unwrap();
    assert_eq!(loaded.rules(), Rules::SOKOBAN);
}

#[test]
fn damaged_saves_are_refused_with_a_reason() {
    let text = played("lluurr").save();
    type Expect = fn(&SaveError) -> bool;
    let cases: Vec<(String, Expect)> = vec![
        (text.replace("\"version\": 3", "\"version\": 4"), |e| {
            matches!(e, SaveError::Version { found: 4 })
        }),
        (
            text.replace("\"rules_version\": 4", "\"rules_version\": 5"),
            |e| matches!(e, SaveError::Rules { found: 5, .. }),
        ),
        (
            text.replace("\"facing\":", "\"fazing\":"),
            |e| matches!(e, SaveError::Mismatch(m) if m.contains("unknown field")),
        ),
        (
            text.replace("\"facing\":\"", "\"facing\":\"north"),
            |e| matches!(e, SaveError::Mismatch(m) if m.contains("malformed facing")),
        ),
        (text.replace("muscleman-save", "other"), |e| {
            matches!(e, SaveError::Format(_))
        }),
        (
            text.replace("\"history\": \"lluurr\"", "\"history\": \"lluurq\""),
            |e| {
                matches!(
                    e,
                    SaveError::History {
                        position: 5,
                        found: 'q'
                    }
                )
            },
        ),
        (
            text.replace("\"history\": \"lluurr\"", "\"history\": \"lluur\""),
            |e| matches!(e, SaveError::Mismatch(_)),
        ),
        (text.replacen("#", "%", 1), |e| {
            matches!(e, SaveError::LevelHash)
        }),
        (
            text.replace("\"Pushable\"", "\"Pushy\""),
            |e| matches!(e, SaveError::Mismatch(m) if m.contains("unknown tag")),
        ),
        (text[..text.len() / 2].to_owned(), |e| {
            matches!(e, SaveError::Syntax { .. })
        }),
        ("".to_owned(), |e| matches!(e, SaveError::Syntax { .. })),
    ];
    for (damaged, expected) in cases {
        match Game::load(&damaged) {
            Ok(_) => panic!("accepted a damaged save:\n{damaged}"),
            Err(e) => assert!(expected(&e), "unexpected error {e:?}"),
        }
    }
}

#[test]
fn a_save_cut_at_every_position_is_refused() {
    let text = played("lur").save();
    for cut in 0..text.len() {
        if !text.is_char_boundary(cut) {
            continue;
        }
        let head = &text[..cut];
        // The only prefix that may load is one that only lost trailing whitespace.
        if head.trim_end() == text.trim_end() {
            continue;
        }
        assert!(Game::load(head).is_err(), "cut at {cut} loaded");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// load(save(g)) has the same hash and behaves identically under any
    /// further commands.
    #[test]
    fn load_of_save_behaves_identically(
        before in prop::collection::vec(command(), 0..40),
        after in prop::collection::vec(command(), 0..40),
    ) {
        let mut g = Game::new(&level_from_ascii(ARENA), Rules::MUSCLEMAN).unwrap();
        for c in &before {
            g.apply(*c).unwrap();
        }
        let mut loaded = Game::load(&g.save()).unwrap();
        prop_assert_eq!(loaded.state_hash(), g.state_hash());
        for c in &after {
            let a = g.apply(*c).unwrap();
            let b = loaded.apply(*c).unwrap();
            prop_assert_eq!(a, b);
            prop_assert_eq!(g.state_hash(), loaded.state_hash());
        }
    }

    /// Flipping any byte of a save never panics: it loads (a harmless change,
    /// such as in whitespace) to the same state, or is refused.
    #[test]
    fn flipped_bytes_never_panic(pos in 0usize..10_000, bits in 1u8..=255) {
        let g = played("lluurrd");
        let mut bytes = g.save().into_bytes();
        let pos = pos % bytes.len();
        bytes[pos] ^= bits;
        if let Ok(text) = String::from_utf8(bytes)
            && let Ok(loaded) = Game::load(&text)
        {
            prop_assert_eq!(loaded.state_hash(), g.state_hash());
        }
    }
}

/// Write a save as version 1 (rule book 1) wrote it: `history`, and the
/// entities that history left under rule book 1, taken from `v1_end`, a
/// game of today that ends in that same place.
fn as_version_one(v1_end: &Game, history: &str) -> String {
    let mut save: serde_json::Value = serde_json::from_str(&v1_end.save()).unwrap();
    let obj = save.as_object_mut().unwrap();
    obj.insert("version".into(), 1.into());
    obj.remove("rules_version");
    obj.insert("history".into(), history.into());
    for e in obj["entities"].as_array_mut().unwrap() {
        e.as_object_mut().unwrap().remove("level_member");
    }
    serde_json::to_string_pretty(&save).unwrap()
}

fn played_on(level: &str, letters: &str) -> Game {
    let mut g = Game::new(&level_from_ascii(level), Rules::MUSCLEMAN).unwrap();
    for c in letters.chars() {
        g.apply(Command::from_letter(c).unwrap()).unwrap();
    }
    g
}

#[test]
fn a_version_one_save_that_plays_the_same_today_is_migrated() {
    let end = played_on("#@ $ .#", "rr");
    let loaded = Game::load(&as_version_one(&end, "rr")).unwrap();
    assert_eq!(loaded.state_hash(), end.state_hash());
    assert!(loaded.save().contains("\"rules_version\": 4"));
}

#[test]
fn a_version_one_save_that_plays_differently_today_is_refused() {
    // Rule book 1: the bump `l` cleared the redo list, so `y` did nothing
    // and the player stood at the start, facing left. Today the bump keeps
    // the redo list and `y` walks right again.
    let v1_end = played_on("#@ #", "l");
    let err = Game::load(&as_version_one(&v1_end, "rzly")).err();
    assert!(
        matches!(err, Some(SaveError::Rules { found: 1, .. })),
        "{err:?}"
    );
    let message = err.map(|e| e.to_string()).unwrap_or_default();
    assert!(message.contains("rule book version 1"), "{message}");
}

/// A save written before floors (save version 2, rule book 2) whose
/// entities name the main level, `level_member` 0, loads with them on
/// floor 1.
#[test]
fn a_rules_two_save_with_level_member_zero_loads_on_floor_one() {
    let end = played_on("#@ $ .#", "rr");
    let mut save: serde_json::Value = serde_json::from_str(&end.save()).unwrap();
    let obj = save.as_object_mut().unwrap();
    obj.insert("version".into(), 2.into());
    obj.insert("rules_version".into(), 2.into());
    for e in obj["entities"].as_array_mut().unwrap() {
        e.as_object_mut()
            .unwrap()
            .insert("level_member".into(), 0.into());
    }
    let text = serde_json::to_string_pretty(&save).unwrap();
    assert!(text.contains("\"level_member\": 0"));
    let loaded = Game::load(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(loaded.state_hash(), end.state_hash());
    assert_eq!(loaded.player_floor(), 1);
    for id in loaded.world().entities() {
        assert_eq!(loaded.world().floor_of(id), Ok(1));
    }
    // Saved again, it is a version 3 save with no level_member at all,
    // of rule book 4, which plays it the same.
    let again = loaded.save();
    assert!(again.contains("\"version\": 3"), "{again}");
    assert!(again.contains("\"rules_version\": 4"), "{again}");
    assert!(!again.contains("level_member"), "{again}");
}

/// A save of rule book 2 (save version 3, floors and all) loads under rule
/// book 4: its history gives the same entities.
#[test]
fn a_rules_two_save_loads_under_rule_book_four() {
    let end = played_on("#@ $ .#", "rrl");
    let text = end
        .save()
        .replace("\"rules_version\": 4", "\"rules_version\": 2");
    let loaded = Game::load(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(loaded.state_hash(), end.state_hash());
    assert_eq!(loaded.undo_depth(), end.undo_depth());
}

/// A save of rule book 3 (ducks, floors, a cauldron) loads under rule book
/// 4, which plays every level rule book 3 could read the same, and is
/// written again as rule book 4's.
#[test]
fn a_rules_three_save_loads_under_rule_book_four() {
    let level = "legend: d = Duck:right\n#######\n#@ $ .#\n#d    #\n#######\n";
    let mut end = Game::new(
        &muscleman_level::Level::parse(level).unwrap(),
        Rules::MUSCLEMAN,
    )
    .unwrap();
    for c in "rrlzwy".chars() {
        end.apply(Command::from_letter(c).unwrap()).unwrap();
    }
    let text = end
        .save()
        .replace("\"rules_version\": 4", "\"rules_version\": 3");
    assert!(text.contains("\"rules_version\": 3"));
    let loaded = Game::load(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(loaded.state_hash(), end.state_hash());
    assert_eq!(loaded.undo_depth(), end.undo_depth());
    assert!(loaded.save().contains("\"rules_version\": 4"));
}
