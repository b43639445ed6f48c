//! `muscleman replay` end to end: walk, push, chains, goals, ragged rows,
//! CRLF files, collections, stdin moves, the history letters, JSON, saves.

mod common;

use common::{Files, expect_ok};

const CORRIDOR: &str = "#######\n#@ $ .#\n#######\n";

fn replay(files: &Files, level: &str, moves: &str) -> (String, String) {
    let path = files.write("level.txt", level);
    expect_ok(files, &["replay", path.to_str().unwrap(), moves], None)
}

#[test]
fn walk_moves_the_player_only() {
    let f = Files::new();
    let (out, err) = replay(&f, CORRIDOR, "r");
    assert_eq!(out, "#######\n# @$ .#\n#######\n");
    assert_eq!(err.trim(), "1 move, 0 pushes, not solved");
}

#[test]
fn walking_into_a_wall_changes_nothing() {
    let f = Files::new();
    let (out, err) = replay(&f, CORRIDOR, "lluu");
    assert_eq!(out, CORRIDOR);
    assert!(err.contains("0 moves, 0 pushes, not solved"), "{err}");
}

#[test]
fn push_onto_a_goal_solves() {
    let f = Files::new();
    let (out, err) = replay(&f, CORRIDOR, "rr");
    assert_eq!(out, "#######\n#  @$.#\n#######\n");
    assert!(err.contains("2 moves, 1 push, not solved"), "{err}");
    let (out, err) = replay(&f, CORRIDOR, "rrr");
    assert_eq!(out, "#######\n#   @*#\n#######\n");
    assert!(err.contains("3 moves, 2 pushes, solved"), "{err}");
}

#[test]
fn a_box_against_a_wall_does_not_move() {
    let f = Files::new();
    let (out, err) = replay(&f, CORRIDOR, "rrrrr");
    assert_eq!(out, "#######\n#   @*#\n#######\n");
    assert!(err.contains("3 moves, 2 pushes, solved"), "{err}");
}

#[test]
fn chains_push_every_box_in_line() {
    let f = Files::new();
    let level = "#########\n#@$$$ ..#\n#########\n";
    let (out, err) = replay(&f, level, "RR");
    assert_eq!(out, "#########\n#  @$$*.#\n#########\n");
    assert!(err.contains("2 moves, 2 pushes, not solved"), "{err}");
    let (out, err) = replay(&f, level, "RRR");
    assert_eq!(out, "#########\n#   @$**#\n#########\n");
    assert!(err.contains("3 moves, 3 pushes, solved"), "{err}");
}

#[test]
fn a_chain_against_a_wall_is_refused_whole() {
    let f = Files::new();
    let level = "#######\n#@$$$.#\n#######\n";
    let (out, _) = replay(&f, level, "r");
    assert_eq!(out, "#######\n# @$$*#\n#######\n");
    let (out, _) = replay(&f, level, "rr");
    assert_eq!(out, "#######\n# @$$*#\n#######\n");
}

#[test]
fn sokoban_rules_push_one_box_only() {
    let f = Files::new();
    let path = f.write("l.txt", "########\n#@$$ ..#\n########\n");
    let (out, _) = expect_ok(
        &f,
        &["replay", path.to_str().unwrap(), "r", "--rules", "sokoban"],
        None,
    );
    assert_eq!(out, "########\n#@$$ ..#\n########\n");
}

#[test]
fn heavy_boxes_push_like_boxes_and_weak_walls_block() {
    let f = Files::new();
    let level = "########\n#@&$ .%#\n########\n";
    let (out, _) = replay(&f, level, "rrr");
    assert_eq!(out, "########\n#  @&*%#\n########\n");
}

#[test]
fn upper_and_lower_case_letters_are_the_same_moves() {
    let f = Files::new();
    let (a, _) = replay(&f, CORRIDOR, "rR");
    let (b, _) = replay(&f, CORRIDOR, "Rr");
    assert_eq!(a, b);
}

#[test]
fn whitespace_in_moves_is_ignored() {
    let f = Files::new();
    let (out, _) = replay(&f, CORRIDOR, " r \n\t r\r\n r ");
    assert_eq!(out, "#######\n#   @*#\n#######\n");
}

#[test]
fn empty_moves_print_the_level_unchanged() {
    let f = Files::new();
    let (out, err) = replay(&f, CORRIDOR, "");
    assert_eq!(out, CORRIDOR);
    assert!(err.contains("0 moves"), "{err}");
}

#[test]
fn ragged_rows_are_read_and_printed() {
    let f = Files::new();
    let level = "  #####\n###   #\n#@ $ .#\n#######\n";
    let (out, err) = replay(&f, level, "rrr");
    assert_eq!(out, "  #####\n###   #\n#   @*#\n#######\n");
    assert!(err.contains("solved"), "{err}");
}

#[test]
fn crlf_files_read_like_lf_files() {
    let f = Files::new();
    let (out, err) = replay(&f, &CORRIDOR.replace('\n', "\r\n"), "rrr");
    assert_eq!(out, "#######\n#   @*#\n#######\n");
    assert!(err.contains("solved"), "{err}");
}

#[test]
fn a_titled_level_prints_its_title() {
    let f = Files::new();
    let (out, err) = replay(&f, &format!("; Tiny\n{CORRIDOR}"), "r");
    assert_eq!(out, "; Tiny\n#######\n# @$ .#\n#######\n");
    assert!(err.starts_with("Tiny: 1 move"), "{err}");
}

const COLLECTION: &str = "\
; Two levels
Author: Test

; One
#####
#@$.#
#####

; Two
######
#.$ @#
######
";

#[test]
fn collections_default_to_level_1() {
    let f = Files::new();
    let path = f.write("c.txt", COLLECTION);
    let (out, err) = expect_ok(&f, &["replay", path.to_str().unwrap(), "r"], None);
    assert_eq!(out, "; One\n#####\n# @*#\n#####\n");
    assert!(
        err.starts_with("level 1 of 2 (One): 1 move, 1 push, solved"),
        "{err}"
    );
}

#[test]
fn collections_take_level_n() {
    let f = Files::new();
    let path = f.write("c.txt", COLLECTION);
    let (out, err) = expect_ok(
        &f,
        &["replay", path.to_str().unwrap(), "ll", "--level", "2"],
        None,
    );
    assert_eq!(out, "; Two\n######\n#*@  #\n######\n");
    assert!(
        err.starts_with("level 2 of 2 (Two): 2 moves, 1 push, solved"),
        "{err}"
    );
}

#[test]
fn run_length_rows_are_read() {
    let f = Files::new();
    let (out, _) = replay(&f, "7#|#@1 $1 .#|7#\n", "rrr");
    assert_eq!(out, "#######\n#   @*#\n#######\n");
}

#[test]
fn moves_dash_reads_standard_input() {
    let f = Files::new();
    let path = f.write("l.txt", CORRIDOR);
    let (out, err) = expect_ok(
        &f,
        &["replay", path.to_str().unwrap(), "-"],
        Some(b"r\nr\nr\n"),
    );
    assert_eq!(out, "#######\n#   @*#\n#######\n");
    assert!(err.contains("solved"), "{err}");
}

#[test]
fn wait_changes_nothing() {
    let f = Files::new();
    let (out, err) = replay(&f, CORRIDOR, "wwrw");
    assert_eq!(out, "#######\n# @$ .#\n#######\n");
    assert!(err.contains("1 move,"), "{err}");
}

#[test]
fn undo_takes_back_the_last_move() {
    let f = Files::new();
    let (out, err) = replay(&f, CORRIDOR, "rrz");
    assert_eq!(out, "#######\n# @$ .#\n#######\n");
    assert!(err.contains("1 move, 0 pushes, not solved"), "{err}");
}

#[test]
fn redo_replays_an_undone_move() {
    let f = Files::new();
    let (out, err) = replay(&f, CORRIDOR, "rrrzzyy");
    assert_eq!(out, "#######\n#   @*#\n#######\n");
    assert!(err.contains("3 moves, 2 pushes, solved"), "{err}");
}

#[test]
fn a_new_move_clears_the_redo_list() {
    let f = Files::new();
    // `rrr` solves; `zz` takes both pushes back, `y` redoes one and `z`
    // undoes it again, so two steps wait in the redo list. `l` walks the
    // player left (it moves, so it is a new undo step and clears the redo
    // list); the `y` after it then has nothing to redo. Had the list been
    // kept, `y` would walk the player right again.
    let (out, err) = replay(&f, CORRIDOR, "rrrzzyzly");
    assert_eq!(out, "#######\n#@ $ .#\n#######\n");
    assert!(err.contains("2 moves, 0 pushes, not solved"), "{err}");
    let path = f.write("level.txt", CORRIDOR);
    let (out, _) = expect_ok(
        &f,
        &["replay", path.to_str().unwrap(), "rrrzzyzly", "--json"],
        None,
    );
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    let walk = &lines[7];
    assert_eq!(walk["action"], "left");
    assert_eq!(
        walk["events"][0]["cause"], "player",
        "the walk moved the player"
    );
    let redo = &lines[8];
    assert_eq!(redo["action"], "redo");
    assert_eq!(redo["events"], serde_json::json!([]), "nothing was redone");
    assert_eq!(lines[9]["type"], "final");
    assert_eq!(lines[9]["level"], "#######\n#@ $ .#\n#######\n");
}

#[test]
fn restart_goes_back_and_can_be_undone() {
    let f = Files::new();
    let (out, err) = replay(&f, CORRIDOR, "rrr!");
    assert_eq!(out, CORRIDOR);
    assert!(err.contains("0 moves, 0 pushes, not solved"), "{err}");
    let (out, err) = replay(&f, CORRIDOR, "rrr!z");
    assert_eq!(out, "#######\n#   @*#\n#######\n");
    assert!(err.contains("solved"), "{err}");
}

#[test]
fn json_prints_one_line_per_step_then_the_final_level() {
    let f = Files::new();
    let path = f.write("l.txt", CORRIDOR);
    let (out, _) = expect_ok(
        &f,
        &["replay", path.to_str().unwrap(), "rRRz", "--json"],
        None,
    );
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0]["type"], "step");
    assert_eq!(lines[0]["command"], "r");
    assert_eq!(lines[0]["action"], "right");
    assert_eq!(lines[0]["events"][0]["event"], "moved");
    assert_eq!(lines[0]["events"][0]["cause"], "player");
    assert_eq!(lines[0]["events"][0]["from"], serde_json::json!([1, 1]));
    assert_eq!(lines[0]["events"][0]["to"], serde_json::json!([2, 1]));
    // A push: the box first, then the player.
    let push = &lines[1]["events"];
    assert_eq!(push[0]["entity"]["recipe"], "Box");
    assert_eq!(push[0]["cause"], "push");
    assert_eq!(push[1]["entity"]["recipe"], "Player");
    assert_eq!(lines[1]["solved"], false);
    assert_eq!(lines[2]["solved"], true);
    assert_eq!(lines[2]["pushes"], 2);
    assert_eq!(lines[3]["action"], "undo");
    assert_eq!(lines[3]["command"], "z");
    assert_eq!(lines[3]["events"][0]["cause"], "undo");
    let last = &lines[4];
    assert_eq!(last["type"], "final");
    assert_eq!(last["level"], "#######\n#  @$.#\n#######\n");
    assert_eq!(last["moves"], 2);
    assert_eq!(last["pushes"], 1);
    assert_eq!(last["solved"], false);
    assert_eq!(last["steps"], 4);
}

#[test]
fn save_writes_a_game_that_play_can_load() {
    let f = Files::new();
    let path = f.write("l.txt", CORRIDOR);
    let save = f.path("game.json");
    let (out, _) = expect_ok(
        &f,
        &[
            "replay",
            path.to_str().unwrap(),
            "rrz",
            "--save",
            save.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out, "#######\n# @$ .#\n#######\n");
    let text = std::fs::read_to_string(&save).unwrap();
    let game = muscleman_sim::Game::load(&text).expect("the save loads");
    assert_eq!(game.stats().moves, 1);
    assert_eq!(game.redo_depth(), 1, "the history is kept");
    // No temporary file is left beside it.
    let names: Vec<_> = std::fs::read_dir(f.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(names.iter().all(|n| !n.contains(".tmp")), "{names:?}");
}

/// `replay --json` on `level` with `moves`: every line, parsed.
fn json_lines(f: &Files, level: &str, moves: &str) -> Vec<serde_json::Value> {
    let path = f.write("json.txt", level);
    let (out, _) = expect_ok(
        f,
        &["replay", path.to_str().unwrap(), moves, "--json"],
        None,
    );
    out.lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

/// A red key pushed into its red door: `key_consumed` names the key and the
/// door (the spent key still by its recipe), then `door_opened`, then the
/// player's move (rules.md §4, the key rule).
#[test]
fn json_key_consumed_and_door_opened() {
    let f = Files::new();
    let lines = json_lines(&f, "legend: k = KeyRed\nlegend: D = DoorRed\n#@kD #\n", "r");
    let events = &lines[0]["events"];
    assert_eq!(events[0]["event"], "key_consumed");
    assert_eq!(events[0]["key"]["recipe"], "KeyRed");
    assert_eq!(events[0]["door"]["recipe"], "DoorRed");
    assert_eq!(events[1]["event"], "door_opened");
    assert_eq!(events[1]["door"], events[0]["door"]);
    assert_eq!(events[2]["event"], "moved");
    assert_eq!(events[2]["cause"], "player");
    assert_eq!(events.as_array().map(Vec::len), Some(3));
    assert_eq!(lines[1]["level"], "legend: a = DoorRed:unlocked\n# @a #\n");
}

/// A heavy box pushed onto water sinks: its `moved`, the player's, then
/// `sank` naming it (still a `HeavyBox`).
#[test]
fn json_sank() {
    let f = Files::new();
    let lines = json_lines(&f, "#@&~ #\n", "r");
    let events = &lines[0]["events"];
    assert_eq!(events[0]["event"], "moved");
    assert_eq!(events[0]["entity"]["recipe"], "HeavyBox");
    assert_eq!(events[1]["cause"], "player");
    assert_eq!(events[2]["event"], "sank");
    assert_eq!(events[2]["entity"], events[0]["entity"]);
    assert_eq!(events[2]["entity"]["recipe"], "HeavyBox");
}

/// The final line holds the player's facing, what it holds (null: nothing)
/// and all eight counters by snake_case name.
#[test]
fn json_final_line_has_facing_holding_and_counters() {
    let f = Files::new();
    let lines = json_lines(&f, "#####\n#@  #\n#####\n", "rl[");
    let last = lines.last().expect("a final line");
    assert_eq!(last["type"], "final");
    assert!(last["facing"].is_string(), "{last}");
    assert_eq!(last["holding"], serde_json::Value::Null);
    let counters = last["counters"].as_object().expect("counters");
    let mut names: Vec<&str> = counters.keys().map(String::as_str).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "apples_eaten",
            "bongs_broken",
            "bongs_made",
            "cheese_eaten",
            "coins",
            "ghosts_released",
            "green_keys_made",
            "pears_eaten"
        ]
    );
    assert!(counters.values().all(|v| v == 0));
    // After `r` then `l` the player faces left.
    let lines = json_lines(&f, "#####\n#@  #\n#####\n", "rl");
    assert_eq!(lines.last().expect("final")["facing"], "left");
}

const COINS: &str = "legend: o = Coin\nlegend: a = Apple\n#######\n#@oa .#\n#  $  #\n#######\n";

#[test]
fn json_final_line_holds_facing_holding_and_every_counter() {
    let f = Files::new();
    let path = f.write("coins.txt", COINS);
    let (out, err) = expect_ok(
        &f,
        &["replay", path.to_str().unwrap(), "rr", "--json"],
        None,
    );
    let last: serde_json::Value =
        serde_json::from_str(out.lines().last().expect("a final line")).expect("JSON");
    assert_eq!(last["type"], "final");
    assert_eq!(last["facing"], "right");
    assert_eq!(last["holding"], serde_json::Value::Null);
    let counters = last["counters"].as_object().expect("an object");
    assert_eq!(counters.len(), 8, "{counters:?}");
    assert_eq!(counters["coins"], 1);
    assert_eq!(counters["apples_eaten"], 1);
    assert_eq!(counters["pears_eaten"], 0);
    let collected: Vec<serde_json::Value> = out
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .flat_map(|l| l["events"].as_array().cloned().unwrap_or_default())
        .filter(|e| e["event"] == "item_collected")
        .map(|e| e["counter"].clone())
        .collect();
    assert_eq!(collected, ["coins", "apples_eaten"]);
    assert!(
        err.contains("pushes, coins 1, apples_eaten 1, not solved"),
        "{err}"
    );
}

#[test]
fn the_summary_names_no_counter_that_stayed_at_zero() {
    let f = Files::new();
    let (_, err) = replay(&f, COINS, "d");
    assert!(err.ends_with("not solved\n"), "{err}");
}
