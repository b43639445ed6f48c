//! Floors on the game screen (issue 24): the board draws the player's
//! floor and names it, the stairs take the player up and down with a
//! word in the status line, `f` looks at another floor without moving,
//! and every floor is drawn in the same place.

mod common;

use common::{app_of, key, trimmed_rows};
use ratatui::crossterm::event::KeyCode;

/// Two floors: the cellar (narrower) with the stairs up, the hall above.
const TWO: &str = "\
; Two Floors
legend: u = StairsUp
legend: d = StairsDown
floor: Cellar
#####
#@ u#
#####
floor: Hall
#######
#  d$.#
#######
";

/// The screen column of the first wall drawn on the board's row `row`.
fn first_wall(lines: &[String], row: usize) -> Option<usize> {
    lines.get(row)?.chars().skip(1).position(|c| c == '█')
}

/// The board's rows holding a wall, by index.
fn wall_rows(lines: &[String]) -> Vec<usize> {
    (0..lines.len())
        .filter(|&r| first_wall(lines, r).is_some_and(|c| c < 50))
        .collect()
}

#[test]
fn the_board_names_the_players_floor_and_the_panel_too() {
    let app = app_of(TWO);
    let lines = trimmed_rows(&app, 80, 24);
    assert!(
        lines[0].contains("Two Floors · floor 1 of 2: Cellar"),
        "{}",
        lines[0]
    );
    assert!(
        lines.iter().any(|l| l.contains("Floor 1 of 2 Cellar")),
        "{lines:#?}"
    );
    assert!(lines.iter().any(|l| l.contains("f floors")), "{lines:#?}");
}

#[test]
fn the_stairs_take_the_player_up_with_a_word_and_undo_brings_it_back() {
    let mut app = app_of(TWO);
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right);
    assert_eq!(app.message(), Some("Up to floor 2 of 2: Hall"));
    let lines = trimmed_rows(&app, 80, 24);
    assert!(lines[0].contains("floor 2 of 2: Hall"), "{}", lines[0]);
    assert!(
        lines.iter().any(|l| l.contains("[]()")),
        "the hall's box and goal: {lines:#?}"
    );
    key(&mut app, KeyCode::Char('z'));
    assert_eq!(app.message(), Some("Back on floor 1 of 2: Cellar"));
    assert!(trimmed_rows(&app, 80, 24)[0].contains("floor 1 of 2: Cellar"));
}

#[test]
fn f_looks_at_the_next_floor_and_a_move_shows_the_players_again() {
    let mut app = app_of(TWO);
    key(&mut app, KeyCode::Char('f'));
    assert_eq!(
        app.message(),
        Some("Looking at floor 2 of 2: Hall · f: the next")
    );
    let lines = trimmed_rows(&app, 80, 24);
    assert!(
        lines[0].contains("looking at floor 2 of 2: Hall"),
        "{}",
        lines[0]
    );
    assert!(lines.iter().any(|l| l.contains("[]()")), "{lines:#?}");
    // The panel still says where the player is.
    assert!(
        lines.iter().any(|l| l.contains("Floor 1 of 2 Cellar")),
        "{lines:#?}"
    );
    // Looking moved nothing.
    assert_eq!(app.game().stats().moves, 0);
    key(&mut app, KeyCode::Char('f'));
    assert_eq!(app.message(), Some("Back to your floor 1 of 2: Cellar"));
    key(&mut app, KeyCode::Char('f'));
    key(&mut app, KeyCode::Right);
    assert!(trimmed_rows(&app, 80, 24)[0].contains(" floor 1 of 2: Cellar"));
}

#[test]
fn every_floor_is_drawn_in_the_same_place() {
    let mut app = app_of(TWO);
    let cellar = trimmed_rows(&app, 80, 24);
    key(&mut app, KeyCode::Char('f'));
    let hall = trimmed_rows(&app, 80, 24);
    let (rows_c, rows_h) = (wall_rows(&cellar), wall_rows(&hall));
    assert_eq!(rows_c, rows_h, "the same rows");
    let top = rows_c[0];
    assert_eq!(
        first_wall(&cellar, top),
        first_wall(&hall, top),
        "the same columns"
    );
}

#[test]
fn a_level_of_one_floor_names_none_and_f_says_why_it_does_nothing() {
    let mut app = app_of("; One\n#####\n#@$.#\n#####\n");
    let lines = trimmed_rows(&app, 80, 24);
    assert_eq!(
        lines[0].trim_start_matches('┌').split('─').next(),
        Some(" One ")
    );
    assert!(!lines.iter().any(|l| l.contains("Floor ")), "{lines:#?}");
    key(&mut app, KeyCode::Char('f'));
    assert_eq!(app.message(), Some("This level has one floor"));
}

#[test]
fn a_narrow_board_shortens_the_floor_title_without_cutting_it() {
    let mut app = app_of(TWO);
    key(&mut app, KeyCode::Char('f'));
    let lines = trimmed_rows(&app, 60, 18);
    assert!(
        lines[0].contains(" looking at floor 2/2 ")
            || lines[0].contains(" looking at floor 2 of 2: Hall "),
        "{}",
        lines[0]
    );
}

/// The panel's key list names the floor key short (`f floors`), so it
/// takes no line of its own; at 60×18, where the keys and the glyphs do
/// not both fit, the keys give way to one line and the glyphs show.
#[test]
fn the_panel_names_the_floor_key_short() {
    let app = app_of(TWO);
    let small = trimmed_rows(&app, 60, 18).join("\n");
    assert!(small.contains("↑↓←→ move  ? keys  q quit"), "{small}");
    assert!(small.contains("@↓ you"), "{small}");
    let lines = trimmed_rows(&app, 80, 24);
    let panel: Vec<String> = lines
        .iter()
        .map(|l| {
            l.chars()
                .skip(l.chars().count().saturating_sub(28))
                .collect()
        })
        .collect();
    assert!(panel.iter().any(|l| l.contains("f floors")), "{panel:#?}");
    assert!(
        !panel.iter().any(|l| l.contains("look at another floor")),
        "{panel:#?}"
    );
}

/// Looking at a cell of a level of several floors names the floor.
#[test]
fn the_look_box_names_the_floor_on_a_level_of_several() {
    let mut app = app_of(TWO);
    key(&mut app, KeyCode::Char('x'));
    let lines = trimmed_rows(&app, 80, 24);
    assert!(
        lines.iter().any(|l| l.contains("floor 1 row ")),
        "{lines:#?}"
    );
}
