//! The game in a level that lives (rules.md v3): ducks drawn facing their
//! way, the wait key, undo after a wait, the bump's flash and the bell,
//! the cauldron's mark, bongs, and mouse walks planned again around a
//! duck. Screens are drawn on ratatui's `TestBackend`, in colour and
//! without (`NO_COLOR`'s plain look), two columns a cell and one.

mod common;

use common::{app_of, draw, key, keys, screen};
use muscleman_cli::play::App;
use muscleman_core::GridPos;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::style::Modifier;

/// A duck facing left in a corridor, walking towards the player.
const CORRIDOR: &str = "legend: d = Duck:left\n########\n#@    d#\n########\n";
/// A duck facing up under a wall: a wait turns it (and it quacks).
const UNDER_WALL: &str = "legend: d = Duck:up\n#######\n#@   d#\n#######\n";

fn app(text: &str, color: bool) -> App {
    let mut app = app_of(text);
    app.set_color(color);
    app
}

/// Return the board's row of level row `y`: the text between the board's
/// frame, left of the panel.
fn board_row(app: &App, width: u16, height: u16, y: i32) -> String {
    let buffer = draw(app, width, height);
    let map = app_board(app, &buffer, y);
    map.unwrap_or_default()
}

fn app_board(app: &App, buffer: &Buffer, y: i32) -> Option<String> {
    // The board's first cell, found by a cell of row y.
    let (column, row) = (0..buffer.area.height)
        .flat_map(|r| (0..buffer.area.width).map(move |c| (c, r)))
        .find(|&(c, r)| app.cell_at(c, r).is_some_and(|at| at.y == y))?;
    let text: String = (column..buffer.area.width)
        .take_while(|&c| app.cell_at(c, row).is_some())
        .map(|c| buffer.cell((c, row)).map_or(" ", |cell| cell.symbol()))
        .collect();
    Some(text)
}

fn duck_at(app: &App) -> Option<(GridPos, Option<muscleman_core::GridDir>)> {
    app.game()
        .view()
        .sprites()
        .iter()
        .find(|s| s.appearance.is("duck"))
        .map(|s| (s.at, s.facing))
}

#[test]
fn a_duck_is_drawn_facing_its_way_with_colours_and_without() {
    for color in [true, false] {
        let mut app = app(CORRIDOR, color);
        assert_eq!(board_row(&app, 80, 24, 1), "██@↓        ←D██", "{color}");
        key(&mut app, KeyCode::Char('.'));
        // The wait: the player stays, the duck walks a cell its way.
        assert_eq!(board_row(&app, 80, 24, 1), "██@↓      ←D  ██", "{color}");
        assert_eq!(app.game().stats().moves, 0);
        let mut app = self::app(UNDER_WALL, color);
        assert_eq!(board_row(&app, 80, 24, 1), "██@↓      ↑D██", "{color}");
        key(&mut app, KeyCode::Char('.'));
        // Blocked by the wall: it turns clockwise, and quacks.
        assert_eq!(board_row(&app, 80, 24, 1), "██@↓      D→██", "{color}");
        assert_eq!(
            app.message(),
            Some("Quack! The duck was blocked and turned")
        );
        // The look at its cell names its way.
        keys(&mut app, "xllll");
        assert!(
            screen(&app, 80, 24).contains("D→ duck facing right"),
            "{}",
            screen(&app, 80, 24)
        );
    }
}

#[test]
fn one_column_a_cell_a_duck_is_the_arrow_of_its_way() {
    // Too wide for two columns a cell at 60 columns.
    let wide = format!(
        "legend: d = Duck:left\n{}\n#@{}d#\n{}\n",
        "#".repeat(20),
        " ".repeat(16),
        "#".repeat(20)
    );
    for color in [true, false] {
        let mut app = app(&wide, color);
        let row = board_row(&app, 60, 18, 1);
        assert!(row.ends_with(" ←█"), "{row:?}");
        key(&mut app, KeyCode::Char('.'));
        let row = board_row(&app, 60, 18, 1);
        assert!(row.ends_with(" ← █"), "{row:?}");
        // The panel's glyph legend draws it as the board does.
        assert!(screen(&app, 60, 18).contains("← duck"), "{color}");
    }
}

#[test]
fn the_wait_key_is_an_undo_step_where_a_duck_walks() {
    let mut app = app(CORRIDOR, true);
    let start = (app.game().state_hash(), duck_at(&app));
    key(&mut app, KeyCode::Char('.'));
    assert_eq!(
        app.game().undo_depth(),
        1,
        "a wait with a free duck is an undo step"
    );
    assert_ne!(duck_at(&app), start.1);
    key(&mut app, KeyCode::Char('.'));
    key(&mut app, KeyCode::Char('z'));
    key(&mut app, KeyCode::Char('z'));
    assert_eq!((app.game().state_hash(), duck_at(&app)), start);
    // Redo walks it again.
    key(&mut app, KeyCode::Char('y'));
    assert_eq!(
        duck_at(&app),
        Some((GridPos::new(5, 1), Some(muscleman_core::GridDir::Left)))
    );
}

#[test]
fn the_panel_and_the_help_show_the_wait_key_and_the_bell() {
    let mut app = app(CORRIDOR, false);
    let panel = screen(&app, 60, 18);
    assert!(panel.contains(". wait"), "{panel}");
    key(&mut app, KeyCode::Char('?'));
    let help = screen(&app, 80, 40);
    assert!(help.contains(". wait"), "{help}");
    assert!(help.contains("m bell on/off"), "{help}");
    assert!(help.contains("the bell is off (m turns it on)"), "{help}");
    // The help draws the duck as the board does, facing its way.
    assert!(help.contains("←D duck: walks a cell its way"), "{help}");
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Char('m'));
    key(&mut app, KeyCode::Char('?'));
    let help = screen(&app, 80, 40);
    assert!(
        help.contains("rings the bell (on; m turns it off)"),
        "{help}"
    );
    // A level where nothing moves by itself keeps the panel short.
    let still = self::app("#####\n#@$.#\n#####\n", false);
    assert!(!screen(&still, 60, 18).contains(". wait"));
}

/// The style of the player's cell as drawn.
fn player_cell_reversed(app: &App) -> bool {
    let buffer = draw(app, 80, 24);
    let at = app
        .game()
        .view()
        .sprites()
        .iter()
        .find(|s| s.appearance.is("player"))
        .map(|s| s.at)
        .expect("a player");
    let (column, row) = (0..buffer.area.height)
        .flat_map(|r| (0..buffer.area.width).map(move |c| (c, r)))
        .find(|&(c, r)| app.cell_at(c, r) == Some(at))
        .expect("the player's cell on the board");
    buffer
        .cell((column, row))
        .is_some_and(|c| c.modifier.contains(Modifier::REVERSED))
}

#[test]
fn a_bump_flashes_and_rings_the_bell_only_when_it_is_on() {
    for color in [true, false] {
        let mut app = app(CORRIDOR, color);
        assert!(!app.bell_on(), "the bell is off at start");
        assert!(!player_cell_reversed(&app));
        // Up: a wall. The move is refused: a bump, last in its batch.
        key(&mut app, KeyCode::Up);
        assert!(app.is_flashing());
        assert!(player_cell_reversed(&app), "{color}");
        // The duck walked meanwhile: even a refused move is an undo step.
        assert_eq!(app.game().undo_depth(), 1);
        assert!(!app.take_bell(), "no bell unless turned on");
        app.end_flash();
        assert!(!player_cell_reversed(&app));
        // A move that is not refused does not flash.
        key(&mut app, KeyCode::Right);
        assert!(!app.is_flashing());
        key(&mut app, KeyCode::Char('m'));
        assert!(app.bell_on());
        assert!(app.message().is_some_and(|m| m.starts_with("Bell on")));
        key(&mut app, KeyCode::Down);
        assert!(app.is_flashing());
        assert!(app.take_bell(), "the bell rings once");
        assert!(!app.take_bell());
        // The next key ends the flash.
        key(&mut app, KeyCode::Char('.'));
        assert!(!app.is_flashing());
        key(&mut app, KeyCode::Char('m'));
        assert!(!app.bell_on());
        key(&mut app, KeyCode::Up);
        assert!(app.is_flashing() && !app.take_bell());
    }
}

#[test]
fn a_cauldron_is_marked_with_the_key_it_holds_and_a_bong_with_its_keys() {
    let level = "legend: c = Cauldron\nlegend: e = KeyBlue\nlegend: y = KeyYellow\n\
                 legend: o = Bong(KeyRed KeyBlue)\n#########\n#@ e c  #\n#   o  y#\n#########\n";
    for color in [true, false] {
        let mut app = app(level, color);
        assert_eq!(board_row(&app, 80, 24, 1), "██@↓  kb  C     ██", "{color}");
        assert_eq!(board_row(&app, 80, 24, 2), "██      δr    ky██", "{color}");
        keys(&mut app, "ddd");
        // The blue key went into the cauldron: `Cb`.
        assert_eq!(board_row(&app, 80, 24, 1), "██      @→Cb    ██", "{color}");
        let text = screen(&app, 80, 24);
        assert!(text.contains("Cb filled cauldron"), "{text}");
        assert!(text.contains("δr bong with red key"), "{text}");
    }
}

#[test]
fn a_green_key_brewed_is_drawn_as_a_green_key() {
    let level = "legend: c = Cauldron(KeyBlue)\nlegend: y = KeyYellow\n\
                 #######\n#@y c #\n#######\n";
    let mut app = app(level, false);
    keys(&mut app, "dd");
    assert_eq!(board_row(&app, 80, 24, 1), "██    @→kg  ██");
    assert!(screen(&app, 80, 24).contains("kg green key"));
}

/// A duck comes up from a side pocket into the corridor the player walks.
const POCKET: &str = "legend: d = Duck:up\n#########\n#@      #\n#### ####\n####d####\n#########\n";

#[test]
fn a_mouse_walk_stops_when_a_duck_blocks_the_way() {
    let mut app = app(POCKET, true);
    app.click(GridPos::new(7, 1));
    // Two steps, then the duck stands in the corridor: no way is left,
    // and the duck is never pushed.
    assert_eq!(app.game().stats().pushes, 0);
    assert_eq!(
        app.message(),
        Some("Stopped: the way is blocked (the duck is in it)")
    );
    assert_eq!(duck_at(&app).map(|d| d.0), Some(GridPos::new(4, 1)));
}

#[test]
fn a_mouse_walk_goes_round_a_duck_that_moves_in() {
    // Two rows: planned again each step, the walk goes round the duck.
    let level =
        "legend: d = Duck:up\n#########\n#@      #\n#       #\n#### ####\n####d####\n#########\n";
    let mut app = app(level, true);
    app.click(GridPos::new(7, 1));
    assert_eq!(app.game().stats().pushes, 0, "{:?}", app.message());
    let player = app
        .game()
        .view()
        .sprites()
        .iter()
        .find(|s| s.appearance.is("player"))
        .map(|s| s.at);
    assert_eq!(player, Some(GridPos::new(7, 1)), "{:?}", app.message());
}

#[test]
fn a_duck_is_not_picked_as_a_box_for_the_mouse() {
    let mut app = app(CORRIDOR, true);
    app.click(GridPos::new(6, 1));
    assert_eq!(
        app.message(),
        Some("The duck moves by itself: push it with the keys")
    );
    assert_eq!(app.game().undo_depth(), 0);
}

#[test]
fn quacks_are_said_on_the_status_line_naming_how_many() {
    let two = "legend: d = Duck:up\n########\n#@ d  d#\n########\n";
    let mut app = app(two, false);
    key(&mut app, KeyCode::Char('.'));
    assert_eq!(
        app.message(),
        Some("Quack! 2 ducks were blocked and turned")
    );
    // Facing right now, the first walks; the last meets the wall again.
    key(&mut app, KeyCode::Char('.'));
    assert_eq!(
        app.message(),
        Some("Quack! The duck was blocked and turned")
    );
    // A step with no quack says nothing.
    key(&mut app, KeyCode::Char('z'));
    key(&mut app, KeyCode::Char('z'));
    assert_eq!(app.message(), None);
}

/// A duck, a cauldron with a key, a bong and a hammer, as a new player
/// first sees them, at 80×24 and 60×18, after a wait and a refused move.
#[test]
fn a_lively_level_at_both_sizes() {
    let level = "Title: Ducks and a brew\nlegend: d = Duck:left\nlegend: c = Cauldron(KeyBlue)\n\
                 legend: y = KeyYellow\nlegend: o = Bong(KeyRed KeyBlue)\nlegend: t = Hammer\n\
                 ############\n#@ y c    d#\n#  t  o    #\n#$     ~~ .#\n############\n";
    let mut app = app(level, false);
    keys(&mut app, ".");
    key(&mut app, KeyCode::Up);
    insta::assert_snapshot!("lively_80x24", screen(&app, 80, 24));
    insta::assert_snapshot!("lively_60x18", screen(&app, 60, 18));
}

/// What the player holds is named whole: on the facing line where it
/// fits, else on a line of its own (a held duck, facing its way).
#[test]
fn the_panel_names_what_is_held_whole() {
    let mut app = app(
        "legend: d = Duck:left\n########\n#@d    #\n########\n",
        false,
    );
    keys(&mut app, "[g");
    let text = screen(&app, 80, 24);
    assert!(text.contains("Holding duck facing "), "{text}");
    assert!(!text.contains("holding down duc"), "{text}");
}
