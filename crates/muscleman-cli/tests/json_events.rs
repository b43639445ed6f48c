//! `muscleman replay --json` on rules.md's situations: the events of a step
//! come in the order §4 gives them (the player's action, then the ducks,
//! then the environment: collect, brew, sink, plates, doors; the bump
//! last), with the names and fields of §7 (`put_in`, `brewed`,
//! `sound_hint` with `entity` and `kind`, `moved` with cause `brain`,
//! `ghost_released` before the chain's moves; ducks and ghosts by id).

mod common;

use common::{Files, expect_ok};
use serde_json::Value;

/// The level: a yellow key to push into a cauldron holding a blue one, a
/// duck walking left onto a red plate that opens the red door below.
const LEVEL: &str = "legend: d = Duck:left\nlegend: c = Cauldron(KeyBlue)\nlegend: y = KeyYellow\n\
                     legend: p = PressurePlateRed\nlegend: R = DoorRed\n\
                     #########\n#@yc  pd#\n#   R   #\n#########\n";

/// The JSON lines of `replay LEVEL MOVES --json`.
fn lines(moves: &str) -> Vec<Value> {
    lines_of(LEVEL, moves)
}

/// The JSON lines of `replay level moves --json`.
fn lines_of(level: &str, moves: &str) -> Vec<Value> {
    let f = Files::new();
    let path = f.write("level.txt", level);
    let (out, _) = expect_ok(
        &f,
        &["replay", path.to_str().unwrap(), moves, "--json"],
        None,
    );
    out.lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

/// A step's events as `name` or `name:detail` (a move's cause, a sound's kind).
fn names(step: &Value) -> Vec<String> {
    step["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| {
            let name = e["event"].as_str().unwrap_or_default();
            match name {
                "moved" => format!("moved:{}", e["cause"].as_str().unwrap_or_default()),
                "sound_hint" => format!("sound_hint:{}", e["kind"].as_str().unwrap_or_default()),
                _ => name.to_owned(),
            }
        })
        .collect()
}

#[test]
fn a_step_s_events_come_player_then_ducks_then_the_environment_and_the_bump_last() {
    let lines = lines("ru");
    // The push puts the key in; the duck walks onto the plate; the brew,
    // the plate and the door answer.
    assert_eq!(
        names(&lines[0]),
        [
            "put_in",
            "moved:player",
            "moved:brain",
            "brewed",
            "plate_pressed",
            "door_opened"
        ]
    );
    let events = &lines[0]["events"];
    assert_eq!(events[0]["container"]["recipe"], "Cauldron");
    assert_eq!(events[0]["entity"]["recipe"], "KeyYellow");
    assert_eq!(events[2]["entity"]["recipe"], "Duck");
    assert_eq!(events[3]["cauldron"], events[0]["container"]);
    assert_eq!(events[3]["product"]["recipe"], "KeyGreen");
    // A move into the wall: the duck walks off the plate, the door shuts,
    // and the refused move's bump comes last.
    assert_eq!(
        names(&lines[1]),
        [
            "moved:brain",
            "plate_released",
            "door_closed",
            "sound_hint:bump"
        ]
    );
    let bump = &lines[1]["events"][3];
    assert_eq!(bump["entity"]["recipe"], "Player");
    let counters = &lines[2]["counters"];
    assert_eq!(
        (
            counters["green_keys_made"].as_u64(),
            counters["bongs_made"].as_u64()
        ),
        (Some(1), Some(0))
    );
}

#[test]
fn a_blocked_duck_quacks_where_it_stands() {
    // Waits: the duck walks left to the cauldron's row end, then turns.
    let lines = lines("wwww");
    assert_eq!(
        names(&lines[3]),
        ["sound_hint:quack"],
        "{:?}",
        names(&lines[2])
    );
    assert_eq!(lines[3]["events"][0]["entity"]["recipe"], "Duck");
}

/// A book pushed into a ghost: `ghost_released` first, then the chain's
/// moves; then the actors by id, a ghost before a duck; then a ghost
/// walking into the book releases itself in the actors phase.
#[test]
fn a_release_comes_before_the_chain_and_actors_go_by_id() {
    let level = "legend: b = Book\nlegend: g = Ghost\nlegend: h = Ghost:left\nlegend: d = Duck:left\n\
                 ###########\n#@bg  h d #\n###########\n";
    let lines = lines_of(level, "rwww");
    assert_eq!(
        names(&lines[0]),
        [
            "ghost_released",
            "moved:push",
            "moved:player",
            "moved:brain",
            "moved:brain"
        ]
    );
    let events = &lines[0]["events"];
    assert_eq!(events[0]["ghost"]["recipe"], "Ghost");
    assert_eq!(events[0]["book"]["recipe"], "Book");
    assert_eq!(events[1]["entity"], events[0]["book"]);
    assert_eq!(events[3]["entity"]["recipe"], "Ghost");
    assert_eq!(events[4]["entity"]["recipe"], "Duck");
    // The ghost walks left into the book; the duck follows it by a cell.
    assert_eq!(names(&lines[1]), ["moved:brain", "moved:brain"]);
    let released = &lines[2]["events"][0];
    assert_eq!(names(&lines[2])[0], "ghost_released");
    assert_eq!(released["ghost"], events[3]["entity"]);
    assert_eq!(released["book"], events[0]["book"]);
    let final_line = lines.last().expect("a final line");
    assert_eq!(final_line["counters"]["ghosts_released"].as_u64(), Some(2));
}

/// A brew's green key, made in the replay and then used up in the green
/// door, is still named by its recipe when it is gone: the replay learns
/// every entity an event names.
#[test]
fn an_entity_made_in_the_replay_keeps_its_recipe_when_it_is_used_up() {
    let level = "legend: c = Cauldron(KeyBlue)\nlegend: y = KeyYellow\nlegend: G = DoorGreen\n\
                 ########\n#@yc G #\n########\n";
    let lines = lines_of(level, "rrr");
    assert_eq!(names(&lines[0]), ["put_in", "moved:player", "brewed"]);
    let product = &lines[0]["events"][2]["product"];
    assert_eq!(product["recipe"], "KeyGreen");
    let consumed = &lines[2]["events"][0];
    assert_eq!(consumed["event"], "key_consumed");
    assert_eq!(consumed["key"], *product);
}
