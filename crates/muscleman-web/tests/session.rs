//! The page's game, natively: every stored solution plays to solved with
//! the same state hash as the sim driven directly, errors are values with
//! their places, and no input panics.

use muscleman_level::Collection;
use muscleman_levels::COLLECTIONS;
use muscleman_play::builtin::solutions_of;
use muscleman_sim::{Command, Game, Rules};
use muscleman_web::check::check;
use muscleman_web::levels::collections;
use muscleman_web::session::Web;
use proptest::prelude::*;
use serde_json::Value;

#[test]
fn every_stored_solution_of_both_collections_plays_to_solved_with_the_sims_own_hash() {
    let mut played = 0;
    for (c, builtin) in COLLECTIONS.iter().enumerate() {
        let levels = Collection::parse(builtin.levels).unwrap().levels;
        let moves: Vec<&str> = solutions_of(builtin).into_iter().map(|(_, m)| m).collect();
        assert_eq!(moves.len(), levels.len(), "{}", builtin.id);
        for (i, (level, moves)) in levels.iter().zip(&moves).enumerate() {
            let mut web = Web::new();
            let start = web.load_builtin(c, i + 1).unwrap();
            assert_eq!(start["solved"], false);
            assert_eq!(start["number"], i + 1);
            assert_eq!(start["collection"], builtin.id);
            let answer = web.play(moves.as_bytes()).unwrap();
            let state = &answer["state"];
            assert_eq!(state["solved"], true, "{} level {}", builtin.id, i + 1);
            let steps = answer["steps"].as_array().unwrap();
            let solved_at: Vec<usize> = steps
                .iter()
                .enumerate()
                .filter(|(_, s)| s["solved"] == true)
                .map(|(n, _)| n)
                .collect();
            assert_eq!(
                solved_at,
                [steps.len() - 1],
                "{} level {}",
                builtin.id,
                i + 1
            );
            // The sim driven directly ends in the same state.
            let mut game = Game::new(level, Rules::MUSCLEMAN).unwrap();
            for c in moves.chars().filter_map(Command::from_letter) {
                game.apply(c).unwrap();
            }
            assert_eq!(state["state_hash"], format!("{:016x}", game.state_hash()));
            assert_eq!(state["moves"], game.stats().moves);
            played += 1;
        }
    }
    let levels: usize = COLLECTIONS
        .iter()
        .map(|b| Collection::parse(b.levels).unwrap().levels.len())
        .sum();
    assert_eq!(played, levels, "every built-in level played");
}

#[test]
fn the_collections_list_both_with_titles_and_solutions() {
    let list = collections().unwrap();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["id"], "muscleman");
    assert_eq!(list[1]["id"], "combinations");
    assert_eq!(list[0]["levels"][0]["title"], "First Steps");
    assert_eq!(list[0]["levels"][0]["solution"], "rddRRdrU");
    let combinations = Collection::parse(COLLECTIONS[1].levels)
        .unwrap()
        .levels
        .len();
    assert_eq!(list[1]["levels"].as_array().unwrap().len(), combinations);
}

#[test]
fn a_push_answers_its_events_in_the_sims_order_and_undo_redo_restart_answer_theirs() {
    let mut web = Web::new();
    web.load_text(b"#@$.#", 1).unwrap();
    let answer = web.play(b"r").unwrap();
    let events = answer["steps"][0]["events"].as_array().unwrap();
    let names: Vec<&str> = events
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["moved", "moved"]);
    // The far box first, pushed; then the player, walking.
    assert_eq!(events[0]["cause"], "push");
    assert_eq!(events[0]["from"], serde_json::json!([2, 0]));
    assert_eq!(events[0]["to"], serde_json::json!([3, 0]));
    assert_eq!(events[1]["cause"], "player");
    assert_eq!(answer["steps"][0]["solved"], true);
    assert_eq!(answer["state"]["pushes"], 1);
    let back = web.play(b"z").unwrap();
    assert_eq!(back["steps"][0]["action"], "undo");
    assert_eq!(back["steps"][0]["events"][0]["cause"], "undo");
    assert_eq!(back["state"]["solved"], false);
    assert_eq!(back["state"]["redo_depth"], 1);
    let again = web.play(b"y").unwrap();
    assert_eq!(again["steps"][0]["solved"], true);
    let restarted = web.play(b"!").unwrap();
    assert_eq!(restarted["steps"][0]["events"][0]["cause"], "restart");
    assert_eq!(restarted["state"]["moves"], 0);
}

#[test]
fn the_view_gives_every_sprite_its_declared_look_and_the_floors_their_area() {
    let mut web = Web::new();
    web.load_text(b"#####\n#@$.#\n#####\n", 1).unwrap();
    let state = web.state().unwrap();
    let sprites = state["sprites"].as_array().unwrap();
    assert_eq!(sprites.len(), 15);
    let player = sprites.iter().find(|s| s["kind"] == "player").unwrap();
    assert_eq!(
        (&player["x"], &player["y"]),
        (&Value::from(1), &Value::from(1))
    );
    assert_eq!(player["facing"], "down");
    let b = sprites.iter().find(|s| s["kind"] == "box").unwrap();
    assert_eq!(b["pushable"], true);
    assert!(b["glyph"].is_string() && b["tint"].is_string());
    assert_eq!(state["floor"], 1);
    let floors = state["floors"].as_array().unwrap();
    assert_eq!(floors.len(), 1);
    assert_eq!(floors[0]["bounds"], serde_json::json!([0, 0, 4, 2]));
    assert!(
        floors[0]["inside"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!([2, 1]))
    );
    assert_eq!(state["counters"]["coins"], 0);
    assert_eq!(state["title"], "Level 1");
}

#[test]
fn a_level_of_several_floors_lists_each_floor_and_the_players() {
    let levels = Collection::parse(muscleman_levels::BUILTIN).unwrap().levels;
    let (i, _) = levels
        .iter()
        .enumerate()
        .find(|(_, l)| l.floor_count() > 1)
        .expect("a built-in level has floors");
    let mut web = Web::new();
    let state = web.load_builtin(0, i + 1).unwrap();
    let floors = state["floors"].as_array().unwrap();
    assert!(floors.len() > 1);
    assert!(floors.iter().any(|f| f["name"].is_string()));
    let player_floor = state["floor"].as_u64().unwrap();
    assert!(
        state["sprites"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["kind"] == "player" && s["floor"] == player_floor)
    );
}

#[test]
fn broken_level_text_answers_every_error_at_its_line_and_column() {
    let mut web = Web::new();
    let e = web
        .load_text(b"#####\n#@x.#\n#$?.#\n#####\n", 1)
        .unwrap_err();
    let places: Vec<(usize, usize)> = e.errors.iter().map(|e| (e.line, e.column)).collect();
    assert_eq!(places, [(2, 3), (3, 3)]);
    assert!(
        e.errors[0].message.contains("unknown symbol 'x'"),
        "{}",
        e.errors[0].message
    );
    assert_eq!(e.message, "the level text has 2 errors");
    let json = e.to_json();
    assert_eq!(json["error"]["errors"][1]["line"], 3);
    // Nothing was loaded.
    assert_eq!(web.state().unwrap_err().message, "no level is loaded");
    // Check answers the same errors.
    let checked = check(b"#####\n#@x.#\n#####\n").unwrap_err();
    assert_eq!((checked.errors[0].line, checked.errors[0].column), (2, 3));
    assert_eq!(check(b"#@$.#").unwrap()["levels"], 1);
    // Invalid UTF-8 is a positioned error, not a trap.
    let bad = web.load_text(b"#@$.#\n\xff\n", 1).unwrap_err();
    assert_eq!(bad.errors[0].line, 2);
}

#[test]
fn a_missing_level_or_collection_and_a_bad_letter_are_refused_with_the_cause() {
    let mut web = Web::new();
    let e = web.load_text(b"#@$.#", 2).unwrap_err();
    assert_eq!(
        e.message,
        "there is no level 2: the collection has 1 level, numbered from 1"
    );
    assert!(web.load_text(b"#@$.#", 0).is_err());
    assert!(
        web.load_builtin(2, 1)
            .unwrap_err()
            .message
            .contains("no built-in collection 2")
    );
    assert!(
        web.play(b"r")
            .unwrap_err()
            .message
            .contains("no level is loaded")
    );
    web.load_text(b"#@ $.#", 1).unwrap();
    let e = web.play(b"rrx").unwrap_err();
    assert!(
        e.message.starts_with("'x' (character 3) is no move letter"),
        "{}",
        e.message
    );
    // Refused before anything ran.
    assert_eq!(web.state().unwrap()["moves"], 0);
    let e = web.load_save(b"not a save").unwrap_err();
    assert!(
        e.message.starts_with("the save does not load"),
        "{}",
        e.message
    );
}

#[test]
fn a_save_loads_back_to_the_same_position_and_history() {
    let mut web = Web::new();
    web.load_builtin(0, 1).unwrap();
    web.play(b"rdd").unwrap();
    let save = web.save().unwrap();
    let before = web.state().unwrap();
    let mut other = Web::new();
    let after = other.load_save(save.as_str().unwrap().as_bytes()).unwrap();
    assert_eq!(after["state_hash"], before["state_hash"]);
    assert_eq!(after["undo_depth"], before["undo_depth"]);
    assert_eq!(after["title"], "First Steps");
}

proptest! {
    #[test]
    fn no_text_makes_a_call_panic(bytes in proptest::collection::vec(any::<u8>(), 0..64), moves in "[udlrUDLRwzy!gp\\[\\]x ]{0,40}") {
        let mut web = Web::new();
        let _ = web.load_text(&bytes, 1);
        let _ = check(&bytes);
        let _ = web.load_save(&bytes);
        let _ = web.play(&bytes);
        web.load_text(b"####\n#@$.#\n# $.#\n#####", 1).unwrap();
        let _ = web.play(moves.as_bytes());
        let _ = web.play(&bytes);
        let _ = web.restore(&bytes);
        prop_assert!(web.open_progress(&bytes).is_ok());
        prop_assert!(web.progress_text().is_ok());
        prop_assert!(web.levels().is_ok());
        prop_assert!(web.state().is_ok());
    }
}

#[test]
fn the_hint_runs_the_solver_with_a_budget_and_no_clock() {
    let mut web = Web::new();
    web.load_builtin(0, 1).unwrap();
    web.play(b"rd").unwrap();
    let hint = web.hint(100_000).unwrap();
    assert_eq!(hint["answer"], "solution");
    let moves = hint["moves"].as_str().unwrap().to_owned();
    assert!(hint["positions"].as_u64().unwrap() > 0);
    // The hint's moves solve the level from here.
    assert_eq!(web.play(moves.as_bytes()).unwrap()["state"]["solved"], true);
    // A budget too small: no answer, and why.
    let mut web = Web::new();
    web.load_builtin(1, 22).unwrap();
    let none = web.hint(5).unwrap();
    assert_eq!(none["answer"], "none");
    assert_eq!(
        none["message"],
        "No hint found (the search spent its positions)"
    );
    assert_eq!(none["positions"], 5);
    // Proved: no box can reach the goal past the wall.
    web.load_text(b"######\n#@$#.#\n######\n", 1).unwrap();
    let proved = web.hint(1000).unwrap();
    assert_eq!(proved["answer"], "unsolvable");
    assert_eq!(
        proved["message"],
        "No solution from here (the solver proved it): z undoes"
    );
    assert!(Web::new().hint(10).is_err());
}
