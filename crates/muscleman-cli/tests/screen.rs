//! The game screen, headless: keys go into `App`, the screen is drawn on
//! ratatui's `TestBackend` and its text compared with committed snapshots.

mod common;

use common::{app_titled, draw, key, keys, levels, trimmed, trimmed_text};
use muscleman_cli::builtin;
use muscleman_cli::play::{App, Overlay};
use muscleman_cli::progress::Progress;
use muscleman_level::{Collection, Level};
use muscleman_sim::Rules;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::style::{Color, Modifier};

fn builtin_levels() -> Vec<Level> {
    builtin::levels()
        .expect("built-in levels")
        .collection
        .levels
}

/// A game of `levels` called "Test levels" (as the snapshots show it).
fn game(levels: Vec<Level>) -> App {
    app_titled("Test levels", levels, 0, Rules::MUSCLEMAN)
}

const TINY: &str = "; Tiny\n#######\n#@ $ .#\n#######\n\n; Second\n#####\n#@$.#\n#####\n";

#[test]
fn the_first_built_in_level_at_80_by_24() {
    let app = game(builtin_levels());
    insta::assert_snapshot!(trimmed(&app, 80, 24));
}

#[test]
fn arrows_wasd_and_hjkl_all_move() {
    for (right, left) in [
        (KeyCode::Right, KeyCode::Left),
        (KeyCode::Char('d'), KeyCode::Char('a')),
        (KeyCode::Char('l'), KeyCode::Char('h')),
        (KeyCode::Char('D'), KeyCode::Char('A')),
    ] {
        let mut app = game(levels(TINY));
        key(&mut app, right);
        assert_eq!(app.game().stats().moves, 1, "{right:?}");
        key(&mut app, left);
        assert_eq!(app.game().stats().moves, 2, "{left:?}");
    }
    for (down, up) in [
        (KeyCode::Down, KeyCode::Up),
        (KeyCode::Char('s'), KeyCode::Char('w')),
        (KeyCode::Char('j'), KeyCode::Char('k')),
    ] {
        let mut app = game(levels("#####\n#@  #\n#   #\n#.$ #\n#####\n"));
        key(&mut app, down);
        assert_eq!(app.game().stats().moves, 1, "{down:?}");
        key(&mut app, up);
        assert_eq!(app.game().stats().moves, 2, "{up:?}");
    }
}

#[test]
fn key_releases_are_ignored() {
    let mut app = game(levels(TINY));
    let mut release = KeyEvent::new(KeyCode::Right, KeyModifiers::NONE);
    release.kind = KeyEventKind::Release;
    app.handle_key(release);
    assert_eq!(app.game().stats().moves, 0);
}

#[test]
fn moves_and_pushes_show_in_the_panel() {
    let mut app = game(levels(TINY));
    keys(&mut app, "dd");
    let s = trimmed(&app, 80, 24);
    assert!(s.contains("Moves       2   best     -"), "{s}");
    assert!(s.contains("Pushes      1   best     -"), "{s}");
    assert!(s.contains("Not solved yet"), "{s}");
    insta::assert_snapshot!(s);
}

#[test]
fn undo_redo_and_restart() {
    let mut app = game(levels(TINY));
    let start = app.game().state_hash();
    keys(&mut app, "dd");
    let two = app.game().state_hash();
    key(&mut app, KeyCode::Char('z'));
    assert!(!trimmed(&app, 80, 24).contains("Nothing to undo"));
    key(&mut app, KeyCode::Char('u'));
    assert_eq!(app.game().state_hash(), start);
    key(&mut app, KeyCode::Char('u'));
    assert!(trimmed(&app, 80, 24).contains("Nothing to undo"));
    keys(&mut app, "yy");
    assert_eq!(app.game().state_hash(), two);
    key(&mut app, KeyCode::Char('y'));
    assert!(trimmed(&app, 80, 24).contains("Nothing to redo"));
    key(&mut app, KeyCode::Char('r'));
    assert_eq!(app.game().state_hash(), start);
    key(&mut app, KeyCode::Char('z'));
    assert_eq!(app.game().state_hash(), two, "restart is undoable");
}

#[test]
fn solving_shows_a_banner_and_enter_goes_on() {
    let mut app = game(levels(TINY));
    keys(&mut app, "ddd");
    assert!(app.is_solved());
    let s = trimmed(&app, 80, 24);
    assert!(s.contains("Solved!"), "{s}");
    assert!(s.contains("First solve!"), "{s}");
    assert!(s.contains("Enter: next level"), "{s}");
    insta::assert_snapshot!(s);
    // Moving is refused while the banner is up; the level stays solved.
    key(&mut app, KeyCode::Left);
    assert!(app.is_solved());
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.level_index(), 1);
    assert!(!app.is_solved());
    assert!(trimmed(&app, 80, 24).contains("Level 2 of 2"));
}

#[test]
fn undo_after_solving_takes_the_banner_down() {
    let mut app = game(levels(TINY));
    keys(&mut app, "ddd");
    key(&mut app, KeyCode::Char('z'));
    assert!(!app.is_solved());
    assert!(!trimmed(&app, 80, 24).contains("Solved!"));
    key(&mut app, KeyCode::Char('y'));
    assert!(app.is_solved());
    assert!(trimmed(&app, 80, 24).contains("Solved!"));
}

#[test]
fn the_best_result_is_remembered_and_shown() {
    let mut app = game(levels(TINY));
    keys(&mut app, "ddd");
    let record = app.record().expect("recorded");
    assert_eq!((record.best_moves, record.best_pushes), (Some(3), Some(2)));
    key(&mut app, KeyCode::Char('r'));
    let s = trimmed(&app, 80, 24);
    assert!(s.contains("Moves       0   best     3"), "{s}");
    assert!(s.contains("Pushes      0   best     2"), "{s}");
    keys(&mut app, "dadddd");
    let record = app.record().expect("recorded");
    assert_eq!(record.best_moves, Some(3), "a worse solve keeps the best");
}

/// Progress is kept per rules: solving `#@$$ ..#` by a chain push under
/// Muscleman rules does not make `play --rules sokoban` show it solved.
#[test]
fn a_solve_under_muscleman_rules_is_not_shown_under_sokoban_rules() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let levels = Collection::parse("; Chain\n#@$$ ..#\n")
        .expect("levels")
        .levels;
    let (progress, _) = Progress::open(tmp.path());
    let mut app = App::new(levels.clone(), 0, "Test", Rules::MUSCLEMAN, progress).expect("app");
    keys(&mut app, "ddd");
    assert!(app.is_solved());
    assert!(app.record().is_some_and(|r| r.solved));
    let (progress, _) = Progress::open(tmp.path());
    let sokoban = App::new(levels.clone(), 0, "Test", Rules::SOKOBAN, progress).expect("app");
    assert_eq!(sokoban.record(), None);
    assert_eq!(sokoban.progress().solved_count(levels.iter()), 0);
    let s = trimmed(&sokoban, 80, 24);
    assert!(s.contains("Not solved yet"), "{s}");
    assert!(s.contains("Test · 0 of 1 solved"), "{s}");
    let (progress, _) = Progress::open(tmp.path());
    let muscleman = App::new(levels.clone(), 0, "Test", Rules::MUSCLEMAN, progress).expect("app");
    assert_eq!(muscleman.progress().solved_count(levels.iter()), 1);
    assert!(trimmed(&muscleman, 80, 24).contains("Test · 1 of 1 solved"));
}

#[test]
fn next_and_previous_levels_wrap_around() {
    let mut app = game(levels(TINY));
    key(&mut app, KeyCode::Char('n'));
    assert_eq!(app.level_index(), 1);
    key(&mut app, KeyCode::Char('n'));
    assert_eq!(app.level_index(), 0);
    key(&mut app, KeyCode::Char('b'));
    assert_eq!(app.level_index(), 1);
    key(&mut app, KeyCode::PageUp);
    assert_eq!(app.level_index(), 0);
}

#[test]
fn solving_goes_on_to_the_next_level_not_solved_yet() {
    let mut app = game(levels(TINY));
    // The last level solved first: on to level 1, not solved yet.
    key(&mut app, KeyCode::Char('b'));
    key(&mut app, KeyCode::Right);
    assert!(app.is_solved());
    assert!(trimmed(&app, 80, 24).contains("Enter: level 1, not solved yet"));
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.level_index(), 0);
    assert!(trimmed(&app, 80, 24).contains("Level 1: the next one not solved yet"));
    // Every level solved: on to the next one.
    for _ in 0..3 {
        key(&mut app, KeyCode::Right);
    }
    assert!(app.is_solved());
    assert!(trimmed(&app, 80, 24).contains("Enter: next level"));
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.level_index(), 1);
    // The last level again, every level solved: back to the first.
    key(&mut app, KeyCode::Right);
    assert!(trimmed(&app, 80, 24).contains("Enter: back to level 1"));
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.level_index(), 0);
    assert!(trimmed(&app, 80, 24).contains("That was the last level: back to level 1"));
}

#[test]
fn q_and_ctrl_c_quit_and_esc_on_the_board_only_asks() {
    for k in [
        KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE),
        KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL),
    ] {
        let mut app = game(levels(TINY));
        assert!(!app.should_quit());
        app.handle_key(k);
        assert!(app.should_quit(), "{k:?}");
    }
    let esc = KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE);
    // Esc asks; y (or q) answers yes.
    let mut app = game(levels(TINY));
    app.handle_key(esc);
    assert!(!app.should_quit());
    assert!(
        trimmed(&app, 80, 24).contains("Quit? y or q quits, any other key plays on"),
        "{}",
        trimmed(&app, 80, 24)
    );
    app.handle_key(KeyEvent::new(KeyCode::Char('y'), KeyModifiers::NONE));
    assert!(app.should_quit());
    // Any other key, Esc again too, plays on and does nothing else.
    let mut app = game(levels(TINY));
    app.handle_key(esc);
    app.handle_key(KeyEvent::new(KeyCode::Right, KeyModifiers::NONE));
    assert!(!app.should_quit());
    assert_eq!(app.game().stats().moves, 0);
    app.handle_key(esc);
    app.handle_key(esc);
    assert!(!app.should_quit());
    assert!(trimmed(&app, 80, 24).contains("Still playing (q quits)"));
}

#[test]
fn esc_after_a_box_it_closed_never_quits() {
    // Each box Esc closes (help, the list, the look), then Esc again on
    // the board: still playing.
    for opener in [KeyCode::Char('?'), KeyCode::Tab, KeyCode::Char('x')] {
        let mut app = game(levels(TINY));
        key(&mut app, opener);
        key(&mut app, KeyCode::Esc);
        key(&mut app, KeyCode::Esc);
        assert!(!app.should_quit(), "{opener:?}");
    }
}

#[test]
fn a_small_terminal_gets_a_message() {
    let app = game(levels(TINY));
    let s = trimmed_text(&draw(&app, 40, 10));
    assert!(s.contains("Terminal too small"), "{s}");
    insta::assert_snapshot!(s);
    for (w, h) in [(0, 0), (1, 1), (59, 24), (80, 17), (3, 40)] {
        draw(&app, w, h);
    }
}

#[test]
fn behind_too_small_only_quitting_keys_act() {
    let mut app = game(levels(TINY));
    draw(&app, 40, 10);
    key(&mut app, KeyCode::Right);
    keys(&mut app, "n?");
    assert_eq!(app.game().stats().moves, 0, "no unseen move");
    assert_eq!(app.level_index(), 0, "no unseen level change");
    assert_eq!(app.overlay(), Overlay::None);
    // Back to a size that shows the game: keys act again.
    draw(&app, 80, 24);
    key(&mut app, KeyCode::Right);
    assert_eq!(app.game().stats().moves, 1);
    draw(&app, 40, 10);
    keys(&mut app, "q");
    assert!(app.should_quit());
}

#[test]
fn it_redraws_at_any_size_without_panicking() {
    let mut app = game(builtin_levels());
    for (w, h) in [
        (60, 18),
        (61, 19),
        (80, 24),
        (100, 40),
        (200, 60),
        (60, 100),
    ] {
        let s = trimmed_text(&draw(&app, w, h));
        let title = app.level().title().unwrap_or_default().to_owned();
        assert!(s.contains(&title), "{w}x{h}: {s}");
        key(&mut app, KeyCode::Char('n'));
    }
}

#[test]
fn every_built_in_level_fits_80_by_24_whole() {
    let levels = builtin_levels();
    let count = levels.len();
    let mut app = game(levels);
    for i in 0..count {
        assert_eq!(app.level_index(), i);
        let level = app.level().clone();
        // A level that says what it brings opens with it: a key closes it.
        if app.overlay() == Overlay::Intro {
            key(&mut app, KeyCode::Esc);
        }
        let s = trimmed(&app, 80, 24);
        // Every row of the level is drawn (walls at least) on its own line.
        let walls = s.lines().filter(|l| l.contains("██")).count();
        assert_eq!(walls, level.height(), "level {}: {s}", i + 1);
        key(&mut app, KeyCode::Char('n'));
    }
}

#[test]
fn a_big_level_scrolls_to_keep_the_player_in_view() {
    let mut text_level = String::new();
    text_level.push_str(&"#".repeat(70));
    text_level.push('\n');
    for y in 0..40 {
        let mut row = String::from("#");
        for x in 1..69 {
            row.push(if (x, y) == (66, 37) {
                '@'
            } else if (x + y) % 11 == 0 {
                '.'
            } else {
                ' '
            });
        }
        row.push('#');
        row.push('\n');
        text_level.push_str(&row);
    }
    text_level.push_str(&"#".repeat(70));
    text_level.push('\n');
    let app = game(levels(&format!("; Big\n{text_level}")));
    let s = trimmed(&app, 80, 24);
    assert!(s.contains('@'), "the player is drawn: {s}");
    insta::assert_snapshot!(s);
}

#[test]
fn colours_by_default_and_none_in_plain_mode() {
    let mut app = game(levels(TINY));
    let colored = draw(&app, 80, 24);
    let uses_color = |b: &Buffer| {
        b.content()
            .iter()
            .any(|c| c.fg != Color::Reset || c.bg != Color::Reset)
    };
    assert!(uses_color(&colored));
    app.set_color(false);
    let plain = draw(&app, 80, 24);
    assert!(!uses_color(&plain), "NO_COLOR draws no colour");
    assert_eq!(
        trimmed_text(&colored),
        trimmed_text(&plain),
        "the same text either way"
    );
}

#[test]
fn heavy_boxes_weak_walls_and_water_are_drawn() {
    let app = game(levels("; Mixed\n########\n#@&$~%.#\n#  ~~  #\n########\n"));
    let s = trimmed(&app, 80, 24);
    assert!(s.contains("@↓{}[]≈≈▒▒()"), "{s}");
}

#[test]
fn each_built_in_solution_played_with_keys_shows_the_banner_beside_the_whole_level() {
    let levels = builtin_levels();
    let solutions = builtin::solutions();
    let mut app = game(levels);
    for (n, moves) in solutions {
        assert_eq!(app.level_index() + 1, n);
        if app.overlay() == Overlay::Intro {
            key(&mut app, KeyCode::Esc);
        }
        for c in moves.chars() {
            let code = match c.to_ascii_lowercase() {
                'u' => KeyCode::Up,
                'd' => KeyCode::Down,
                'l' => KeyCode::Left,
                'r' => KeyCode::Right,
                // A wait is `.` in the game (`w` is a move up there).
                'w' => KeyCode::Char('.'),
                other => KeyCode::Char(other),
            };
            key(&mut app, code);
        }
        assert!(app.is_solved(), "level {n}");
        let s = trimmed(&app, 80, 24);
        assert!(s.contains("Solved!"), "level {n}: {s}");
        // The board draws the floor the player stands on.
        let floor = usize::try_from(app.game().player_floor()).unwrap();
        let height = app.level().floor(floor).unwrap().height();
        let walls = s.lines().filter(|l| l.contains("██")).count();
        assert_eq!(
            walls, height,
            "level {n}: the banner hides part of the level: {s}"
        );
        key(&mut app, KeyCode::Enter);
    }
    assert_eq!(
        app.level_index(),
        0,
        "after the last level, back to the first"
    );
    assert_eq!(
        app.progress().solved_count(builtin_levels().iter()),
        builtin_levels().len()
    );
}

/// The game draws from the sim's view, so any position is drawn: a player
/// who walked off an open level, past the level format's 4096 rows
/// (printing the level was once the only way to draw it).
#[test]
fn a_player_far_off_an_open_level_is_drawn() {
    // An open column 4095 rows tall, the player at its foot, steps down off it.
    let mut app = game(levels(&("-\n".repeat(4_094) + "@\n")));
    keys(&mut app, "jj");
    let shown = trimmed(&app, 80, 24);
    assert!(!shown.contains("cannot be drawn"), "{shown}");
    assert!(
        shown.contains("@↓"),
        "the player, facing down, stays in sight:\n{shown}"
    );
}

/// Every rule book 2 entity, one a cell: keys and doors of each colour,
/// the secret door, plates (coloured and heavy), the hammer, each
/// collectible, filled water, a box with contents.
const EVERYTHING: &str = "; Everything
legend: k = KeyRed
legend: K = KeyBlue
legend: Y = KeyYellow
legend: G = KeyGreen
legend: D = DoorRed
legend: E = DoorBlue:unlocked
legend: S = SecretDoor
legend: P = PressurePlateRed
legend: H = PressurePlateHeavy
legend: T = Hammer
legend: a = Apple
legend: e = Pear
legend: c = Cheese
legend: o = Coin
legend: f = WaterCell HeavyBox:sunk
legend: b = Box(Apple)
##########
#@ k D   #
#  K E  .#
# T a e c#
# o f ~ b#
# & P H S#
# Y G    #
##########
";

/// The cell at board row `row` whose text starts at the glyph `glyph`.
fn find(buffer: &Buffer, glyph: &str) -> (u16, u16) {
    let area = buffer.area;
    let first = glyph.chars().next().map(String::from).unwrap_or_default();
    let rest: String = glyph.chars().skip(1).collect();
    for y in 0..area.height {
        // Only the board (left of the panel).
        for x in 0..area.width.saturating_sub(30) {
            let at = |dx: u16| buffer.cell((x + dx, y)).map_or("", |c| c.symbol());
            if at(0) == first && (rest.is_empty() || at(1) == rest) {
                return (x, y);
            }
        }
    }
    panic!("{glyph} is not on the board:\n{}", trimmed_text(buffer));
}

#[test]
fn keys_doors_plates_hammers_and_collectibles_have_glyphs_and_colours() {
    let app = game(levels(EVERYTHING));
    let buffer = draw(&app, 80, 24);
    let s = trimmed_text(&buffer);
    for row in [
        "██@↓  kr  +R      ██",
        "██    kb  'B    ()██",
        "██  -T  *a  *p  *c██",
        // The box holds an apple: its mark is the apple's letter.
        "██  *o  __  ≈≈  [a██",
        "██  {}  _r  _H  +S██",
        "██  ky  kg        ██",
    ] {
        assert!(s.contains(row), "{row}:\n{s}");
    }
    let fg = |glyph: &str| {
        let at = find(&buffer, glyph);
        buffer.cell(at).map(|c| (c.fg, c.bg)).expect("cell")
    };
    assert_eq!(fg("kr").0, Color::LightRed);
    assert_eq!(fg("kb").0, Color::LightBlue);
    assert_eq!(fg("ky").0, Color::Yellow);
    assert_eq!(fg("kg").0, Color::LightGreen);
    // A closed door is a block of its colour; an open one a thin outline.
    assert_eq!(fg("+R").1, Color::LightRed);
    assert_eq!(fg("'B"), (Color::LightBlue, Color::Reset));
    assert_eq!(fg("_r").0, Color::LightRed);
    // Filled water keeps the water's blue.
    assert_eq!(fg("__").1, Color::Blue);
    // The legend names what the level holds, in a window tall enough.
    let s = trimmed_text(&draw(&app, 80, 40));
    for name in [
        "red key",
        "blue key",
        "red door",
        "open blue door",
        "secret door",
        "red plate",
        "heavy plate",
        "hammer",
        "apple",
        "coin",
        "box with apple",
    ] {
        assert!(s.contains(name), "{name} in the legend:\n{s}");
    }
}

#[test]
fn a_key_pushed_into_its_door_opens_it_on_screen() {
    let mut app = game(levels(EVERYTHING));
    keys(&mut app, "ll");
    assert!(trimmed(&app, 80, 24).contains("██    @→kr+R      ██"));
    keys(&mut app, "l");
    let s = trimmed_text(&draw(&app, 80, 40));
    assert!(s.contains("██      @→'R      ██"), "{s}");
    assert!(s.contains("open red door"), "{s}");
}

/// Too wide for two columns a cell: one column, where keys are the colour's
/// lower-case letter, closed doors its capital, open doors its small
/// capital, plates its circled letter; without colours they still differ.
#[test]
fn one_column_and_no_color_keep_keys_doors_and_plates_apart() {
    let wide: String = EVERYTHING
        .lines()
        .map(|l| {
            if l.starts_with("##########") {
                format!("{l}{}\n", "#".repeat(40))
            } else if l.starts_with('#') {
                format!("{}{}#\n", &l[..l.len() - 1], " ".repeat(40))
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let mut app = game(levels(&wide));
    app.set_color(false);
    let buffer = draw(&app, 80, 24);
    let s = trimmed_text(&buffer);
    for row in [
        "█@ r R",
        "█  b ʙ  .",
        "█ T a p c",
        "█ o = ≈ $",
        "█ & ⓡ ⓗ S",
        "█ y g",
    ] {
        assert!(s.contains(row), "{row}:\n{s}");
    }
    // The legend shows the glyphs as the board draws them.
    let tall = trimmed_text(&draw(&app, 80, 40));
    assert!(tall.contains("R red door"), "{tall}");
    assert!(tall.contains("ⓡ red plate"), "{tall}");
    assert!(
        buffer
            .content()
            .iter()
            .all(|c| c.fg == Color::Reset && c.bg == Color::Reset),
        "NO_COLOR draws no colour"
    );
    // Without colours a closed door is reversed, a key bold.
    let door = buffer.cell(find(&buffer, "R")).expect("door");
    assert!(door.modifier.contains(Modifier::REVERSED));
    let key = buffer.cell(find(&buffer, "r")).expect("key");
    assert!(key.modifier.contains(Modifier::BOLD));
    assert!(!key.modifier.contains(Modifier::REVERSED));
}

#[test]
fn the_panel_shows_the_facing_and_what_is_held() {
    let mut app = game(levels(EVERYTHING));
    assert!(trimmed(&app, 80, 24).contains("Facing ↓  holding -"));
    keys(&mut app, "l");
    assert!(trimmed(&app, 80, 24).contains("Facing →  holding -"));
}

/// The legend lists each look once: open water and water a heavy box
/// filled look alike, so "water" is one line however many cells differ.
#[test]
fn the_legend_lists_water_once_beside_a_sunk_heavy_box() {
    let mut app = game(levels("#######\n#~~~~~#\n#  &  #\n#  @  #\n#######\n"));
    keys(&mut app, "k");
    let shown = trimmed(&app, 80, 24);
    assert!(shown.contains("sunk heavy box"), "{shown}");
    // The board and the panel, without the status line (which says it sank).
    let lines: Vec<&str> = shown.lines().collect();
    let above = lines[..lines.len() - 1].join("\n");
    assert_eq!(above.matches(" water").count(), 1, "{shown}");
}

#[test]
fn the_panel_names_the_author_and_the_help_shows_the_comment() {
    let mut app = game(levels(
        "; Meta\nAuthor: Ada Lovelace\nComment: The box goes right.\n#####\n#@$.#\n#####\n",
    ));
    assert!(
        trimmed(&app, 80, 24).contains("by Ada Lovelace"),
        "{}",
        trimmed(&app, 80, 24)
    );
    keys(&mut app, "?");
    assert!(trimmed(&app, 80, 24).contains("This level: The box goes right."));
    let plain = game(levels(TINY));
    assert!(!trimmed(&plain, 80, 24).contains("by "));
}

#[test]
fn a_cut_help_says_so_and_scrolls() {
    let mut app = game(levels(TINY));
    keys(&mut app, "?");
    let small = trimmed_text(&draw(&app, 60, 18));
    assert!(small.contains("more below"), "{small}");
    let last = "Each level's position is kept";
    assert!(!small.contains(last), "{small}");
    for _ in 0..60 {
        key(&mut app, KeyCode::Down);
    }
    let end = trimmed_text(&draw(&app, 60, 18));
    assert!(end.contains(last), "{end}");
    // A page down is a page (the rows shown, less one), Space too, and
    // the footer says so.
    key(&mut app, KeyCode::Esc);
    keys(&mut app, "?");
    let top = trimmed_text(&draw(&app, 60, 18));
    assert!(top.contains("↓ Space PageDown scroll"), "{top}");
    key(&mut app, KeyCode::PageDown);
    let paged = trimmed_text(&draw(&app, 60, 18));
    let first_shown = |s: &str| s.lines().nth(1).unwrap_or_default().to_owned();
    // The row at the bottom of the first page is now at the top.
    let bottom_row = top.lines().nth(15).unwrap_or_default().to_owned();
    assert_eq!(first_shown(&paged), bottom_row, "{top}\n{paged}");
    key(&mut app, KeyCode::Char(' '));
    assert_ne!(
        first_shown(&trimmed_text(&draw(&app, 60, 18))),
        first_shown(&paged)
    );
    key(&mut app, KeyCode::Esc);
    keys(&mut app, "?");
    for _ in 0..60 {
        key(&mut app, KeyCode::Down);
    }
    let end = trimmed_text(&draw(&app, 60, 18));
    assert!(end.contains("scroll back"), "{end}");
    assert_eq!(app.overlay(), Overlay::Help);
    // A help that fits does not scroll: any key closes it.
    let big = trimmed_text(&draw(&app, 100, 50));
    assert!(big.contains("any key closes"), "{big}");
    key(&mut app, KeyCode::Down);
    assert_eq!(app.overlay(), Overlay::None);
}

#[test]
fn what_the_player_collects_shows_in_the_panel_by_the_word_core_declares() {
    let mut app = game(levels(
        "; Orchard\nlegend: a = Apple\nlegend: c = Coin\n#######\n#@ac .#\n# $   #\n#######\n",
    ));
    assert!(
        !trimmed(&app, 80, 24).contains("apples"),
        "nothing collected yet"
    );
    key(&mut app, KeyCode::Right);
    let after_one = trimmed(&app, 80, 24);
    assert!(after_one.contains("apples 1"), "{after_one}");
    assert!(
        !after_one.contains("coins"),
        "no coin taken yet: {after_one}"
    );
    key(&mut app, KeyCode::Right);
    let after_two = trimmed(&app, 80, 24);
    assert!(after_two.contains("coins 1 apples 1"), "{after_two}");
}
