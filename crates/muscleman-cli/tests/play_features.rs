//! The game as players expect it: positions kept per level and rules and
//! restored (across n/b, quitting and new runs), the level browser, the
//! help, hints, solutions played back, the mouse. Screens are drawn on
//! ratatui's `TestBackend` and compared with committed snapshots.

mod common;

use common::{app_of, app_under, key, keys, levels, trimmed};
use std::time::Duration;

use muscleman_cli::builtin;
use muscleman_cli::cli::PlayArgs;
use muscleman_cli::play::{App, Overlay, open_where_left};
use muscleman_cli::progress::Progress;
use muscleman_cli::saves::Saves;
use muscleman_core::GridPos;
use muscleman_level::Level;
use muscleman_sim::{Game, Rules};
use ratatui::crossterm::event::{KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};

const TINY: &str = "; Tiny\n#######\n#@ $ .#\n#######\n\n; Second\n#####\n#@$.#\n#####\n";
/// Unsolvable under Sokoban rules (two boxes in a row), solved by one chain push otherwise.
const CHAIN: &str = "; Chain\n########\n#@$$ ..#\n########\n";

/// A game as `play` opens it on `dir`: progress and saves there.
fn open(dir: &std::path::Path, text: &str, rules: Rules, args: &PlayArgs) -> App {
    let (progress, warnings) = Progress::open(dir);
    assert!(warnings.is_empty(), "{warnings:?}");
    let start = args.level.map_or(0, |n| n as usize - 1);
    let mut app = App::new(levels(text), start, "Test", rules, progress).expect("app");
    open_where_left(&mut app, Saves::in_dir(dir), args);
    app
}

fn no_args() -> PlayArgs {
    PlayArgs::default()
}

#[test]
fn a_position_is_kept_across_next_and_back() {
    let tmp = tempfile::tempdir().unwrap();
    let mut app = open(tmp.path(), TINY, Rules::MUSCLEMAN, &no_args());
    key(&mut app, KeyCode::Esc); // the browser, first run of a collection
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right);
    keys(&mut app, "nb");
    assert_eq!(app.level_index(), 0);
    assert_eq!(app.game().stats().moves, 2);
    // The history came back too: undo takes the moves back.
    keys(&mut app, "zz");
    assert_eq!(app.game().stats().moves, 0);
    keys(&mut app, "yy");
    assert_eq!(app.game().stats().moves, 2);
}

#[test]
fn the_list_marks_levels_started() {
    let tmp = tempfile::tempdir().unwrap();
    let mut app = open(tmp.path(), TINY, Rules::MUSCLEMAN, &no_args());
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Right);
    keys(&mut app, "n");
    key(&mut app, KeyCode::Tab);
    let s = trimmed(&app, 80, 24);
    assert!(s.contains("   1   …      -      -  Tiny"), "{s}");
    assert!(s.contains("▸  2          -      -  Second"), "{s}");
}

#[test]
fn a_new_run_opens_where_the_last_one_left() {
    let tmp = tempfile::tempdir().unwrap();
    {
        let mut app = open(tmp.path(), TINY, Rules::MUSCLEMAN, &no_args());
        assert_eq!(
            app.overlay(),
            Overlay::Browser { selected: 0 },
            "first run: the list"
        );
        key(&mut app, KeyCode::Down);
        key(&mut app, KeyCode::Enter);
        assert_eq!(app.level_index(), 1);
        key(&mut app, KeyCode::Right);
        key(&mut app, KeyCode::Char('q'));
        assert!(app.should_quit());
    }
    let app = open(tmp.path(), TINY, Rules::MUSCLEMAN, &no_args());
    assert_eq!(
        app.overlay(),
        Overlay::None,
        "not the first run: straight to the game"
    );
    assert_eq!(app.level_index(), 1);
    assert!(app.is_solved(), "the position came back, solved");
    // Under other rules the set was never played.
    let other = open(tmp.path(), TINY, Rules::SOKOBAN, &no_args());
    assert_eq!(other.level_index(), 0);
    assert_eq!(other.overlay(), Overlay::Browser { selected: 0 });
    // --level N opens level N, at its kept position.
    let args = PlayArgs {
        level: Some(2),
        ..PlayArgs::default()
    };
    let chosen = open(tmp.path(), TINY, Rules::MUSCLEMAN, &args);
    assert_eq!(chosen.level_index(), 1);
    assert_eq!(chosen.game().stats().moves, 1);
}

#[test]
fn positions_and_records_are_kept_per_rules() {
    let tmp = tempfile::tempdir().unwrap();
    let mut app = open(tmp.path(), CHAIN, Rules::MUSCLEMAN, &no_args());
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right);
    assert!(app.is_solved());
    key(&mut app, KeyCode::Char('q'));
    let sokoban = open(tmp.path(), CHAIN, Rules::SOKOBAN, &no_args());
    assert_eq!(
        sokoban.game().stats().moves,
        0,
        "another rule set's position"
    );
    assert!(sokoban.record().is_none(), "not solved under Sokoban rules");
    let s = trimmed(&sokoban, 80, 24);
    assert!(s.contains("Rules Sokoban"), "{s}");
    assert!(s.contains("Not solved yet"), "{s}");
}

#[test]
fn a_loaded_save_that_is_solved_shows_solved() {
    let level = Level::parse(CHAIN).unwrap();
    let mut game = Game::new(&level, Rules::MUSCLEMAN).unwrap();
    for c in muscleman_cli::moves::parse("rrr").unwrap() {
        game.apply(c).unwrap();
    }
    let app = App::with_game(vec![level], 0, "Test", game, Progress::in_memory());
    let s = trimmed(&app, 80, 24);
    assert!(s.contains("Solved!"), "{s}");
    assert!(!s.contains("Not solved yet"), "{s}");
    assert_eq!(app.record().map(|r| r.best_moves), Some(Some(3)));
}

#[test]
fn the_level_browser_lists_marks_counts_and_titles() {
    let levels = builtin::levels().unwrap().collection.levels;
    let count = levels.len();
    let mut app = App::new(
        levels,
        0,
        "Built-in levels",
        Rules::MUSCLEMAN,
        Progress::in_memory(),
    )
    .unwrap();
    // Solve level 1 with its stored solution, then open the list.
    let (_, first) = builtin::solutions()[0];
    app.start_playback(first, "the stored solution");
    while app.tick() {}
    assert!(app.is_solved());
    key(&mut app, KeyCode::Tab);
    keys(&mut app, "jj");
    let s = trimmed(&app, 80, 24);
    assert!(s.contains(&format!("1 of {count} solved")), "{s}");
    assert!(s.contains("▸  1   ✓      8      3  First Steps"), "{s}");
    insta::assert_snapshot!("browser_80x24", s);
    insta::assert_snapshot!("browser_60x18", trimmed(&app, 60, 18));
    key(&mut app, KeyCode::Enter);
    assert_eq!((app.level_index(), app.overlay()), (2, Overlay::None));
    // A click on a row plays that level: the fifth row of the list is level 5.
    key(&mut app, KeyCode::Tab);
    trimmed(&app, 80, 24);
    let row = (0..24)
        .find(|&r| {
            trimmed(&app, 80, 24)
                .lines()
                .nth(usize::from(r))
                .is_some_and(|l| l.contains("Wet Feet"))
        })
        .unwrap();
    click(&mut app, 10, row);
    // Wet Feet brings water, and says so as it opens.
    assert_eq!((app.level_index(), app.overlay()), (4, Overlay::Intro));
}

#[test]
fn the_help_states_the_goal_and_the_rules_in_use() {
    let mut app = app_under(Rules::SOKOBAN, TINY);
    key(&mut app, KeyCode::Char('?'));
    let s = trimmed(&app, 80, 24);
    assert!(s.contains("Goal: push a box onto every goal"), "{s}");
    assert!(s.contains("Sokoban: you push one box at a time"), "{s}");
    insta::assert_snapshot!("help_80x24", s);
    insta::assert_snapshot!("help_60x18", trimmed(&app, 60, 18));
    key(&mut app, KeyCode::Char('x'));
    assert_eq!(app.overlay(), Overlay::None);
    key(&mut app, KeyCode::F(1));
    assert_eq!(app.overlay(), Overlay::Help);
}

#[test]
fn a_hint_comes_from_the_solver_in_the_background() {
    let mut app = app_of(TINY);
    key(&mut app, KeyCode::Char('i'));
    assert!(app.is_hinting());
    // The screen still answers while the search runs.
    key(&mut app, KeyCode::Char('?'));
    key(&mut app, KeyCode::Char('?'));
    app.wait_for_hint(Duration::from_secs(30));
    let s = trimmed(&app, 80, 24);
    assert!(s.contains("Hint: →⇒"), "{s}");
    // The way to the first push is dotted on the board until a move.
    assert!(s.contains("@↓··[]"), "{s}");
    key(&mut app, KeyCode::Right);
    assert!(!trimmed(&app, 80, 24).contains("··"));
    insta::assert_snapshot!("hint_80x24", s);
}

/// Play `moves` (game keys) on `text` under `rules`, ask for a hint, and
/// return what the status line says once it came.
fn hint_after(text: &str, rules: Rules, moves: &str) -> String {
    let mut app = app_under(rules, text);
    keys(&mut app, moves);
    key(&mut app, KeyCode::Char('i'));
    app.wait_for_hint(Duration::from_secs(30));
    app.message().unwrap_or_default().to_owned()
}

#[test]
fn a_move_drops_the_hint_being_searched() {
    let mut app = app_of(TINY);
    key(&mut app, KeyCode::Char('i'));
    key(&mut app, KeyCode::Right);
    assert!(!app.is_hinting());
    assert_eq!(app.message(), Some("Hint dropped: the position changed"));
}

#[test]
fn no_solution_from_here_only_when_proved() {
    // Sokoban rules, an enclosed level, two boxes in a row: proved.
    let m = hint_after(CHAIN, Rules::SOKOBAN, "");
    assert!(m.starts_with("No solution from here"), "{m}");
    // Muscleman rules: the player cannot swim and nothing reaches across
    // the water; the general search tries every input and proves it.
    let m = hint_after("#######\n#@~$ .#\n#######\n", Rules::MUSCLEMAN, "");
    assert!(m.starts_with("No solution from here"), "{m}");
    // An open level: the sim has floor beyond its edge, so whatever the
    // bounded search finds, it is never a proof.
    for moves in ["d", "dl"] {
        let m = hint_after(".@$ \n", Rules::SOKOBAN, moves);
        assert!(!m.starts_with("No solution from here"), "{m}");
    }
}

#[test]
fn a_hint_grabs_and_pulls_where_pushes_cannot_help() {
    // Muscleman rules, a box pushed against the right wall: no push brings
    // it back (under Sokoban rules the hint proves it), but a grab and a
    // pull do. The search starts from the game itself, facing the box
    // after the bump.
    let dead = "#####\n#@  #\n#  $#\n#.  #\n#####\n";
    let m = hint_after(dead, Rules::SOKOBAN, "sdd");
    assert!(m.starts_with("No solution from here"), "{m}");
    let m = hint_after(dead, Rules::MUSCLEMAN, "sdd");
    assert!(m.starts_with("Hint: "), "{m}");
    assert!(m.contains("grab"), "{m}");
    // Holding the box (grabbed after the bump): a hint from there, no
    // "drop it first", and never two spaces in a row.
    let m = hint_after(dead, Rules::MUSCLEMAN, "sddg");
    assert!(m.starts_with("Hint: "), "{m}");
    assert!(!m.contains("  "), "{m}");
}

#[test]
fn solutions_are_kept_copied_and_played_back() {
    let mut app = app_of(TINY);
    // A long way round, with an undo in it.
    keys(&mut app, "dazdddd");
    assert!(app.is_solved());
    key(&mut app, KeyCode::Char('c'));
    assert_eq!(app.take_clipboard().as_deref(), Some("rRR"));
    // Played back from the start, one move a tick, at a speed that changes.
    key(&mut app, KeyCode::Char('v'));
    assert!(app.is_playing_back());
    assert_eq!(app.game().stats().moves, 0);
    let before = app.tick_interval();
    key(&mut app, KeyCode::Char('+'));
    assert!(app.tick_interval() < before);
    assert!(app.tick());
    let s = trimmed(&app, 80, 24);
    assert!(s.contains("Playing your best solution: 1/3, 20/s"), "{s}");
    insta::assert_snapshot!("playback_80x24", s);
    while app.tick() {}
    assert!(app.is_solved());
    // The restart before it is undoable: nothing lost.
    let m = app.message().unwrap_or_default().to_owned();
    assert!(m.contains("solved"), "{m}");
}

#[test]
fn pasted_moves_play_back_and_bad_text_is_refused() {
    let mut app = app_of(TINY);
    app.paste("hello");
    assert!(!app.is_playing_back());
    assert!(app.message().unwrap_or_default().starts_with("Not moves"));
    app.paste("rR\nR");
    while app.tick() {}
    assert!(app.is_solved());
    // A key stops a playback; z takes back its moves.
    keys(&mut app, "zzz");
    app.paste("rRR");
    app.tick();
    key(&mut app, KeyCode::Char('x'));
    assert!(!app.is_playing_back());
    assert_eq!(app.game().stats().moves, 1);
}

fn click(app: &mut App, column: u16, row: u16) {
    app.handle_mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    });
}

/// Return the screen cell where the level cell `at` is drawn.
fn screen_of(app: &App, at: GridPos) -> (u16, u16) {
    for row in 0..24 {
        for column in 0..80 {
            if app.cell_at(column, row) == Some(at) {
                return (column, row);
            }
        }
    }
    panic!("{at:?} is not on the screen")
}

#[test]
fn a_click_walks_and_a_box_then_a_cell_pushes() {
    let room = "; Room\n#######\n#@    #\n#  $  #\n#    .#\n#######\n";
    let mut app = App::new(
        levels(room),
        0,
        "Test",
        Rules::MUSCLEMAN,
        Progress::in_memory(),
    )
    .unwrap();
    trimmed(&app, 80, 24);
    // Walk to the far corner: the shortest way, no push.
    let (c, r) = screen_of(&app, GridPos::new(5, 1));
    click(&mut app, c, r);
    assert_eq!(app.game().stats().moves, 4);
    assert_eq!(app.game().stats().pushes, 0);
    // A wall is refused, with a reason.
    let (c, r) = screen_of(&app, GridPos::new(0, 0));
    click(&mut app, c, r);
    assert_eq!(app.game().stats().moves, 4);
    assert!(
        app.message()
            .is_some_and(|m| m.starts_with("Cannot walk there"))
    );
    // The box, then the goal: pushed there.
    let (c, r) = screen_of(&app, GridPos::new(3, 2));
    click(&mut app, c, r);
    assert!(app.message().is_some_and(|m| m.starts_with("Box picked")));
    let (c, r) = screen_of(&app, GridPos::new(5, 3));
    click(&mut app, c, r);
    assert!(app.is_solved(), "{:?}", app.message());
}

/// Without a data directory positions are kept in memory for the run.
#[test]
fn without_a_data_directory_positions_are_kept_for_the_run() {
    let mut app = app_of(TINY);
    key(&mut app, KeyCode::Right);
    keys(&mut app, "nb");
    assert_eq!(app.game().stats().moves, 1);
}

/// At 60×18 the panel keeps the rules, the short key legend and the glyph
/// legend in view; a level drawn one column a cell gets the one-column
/// glyphs in its legend.
#[test]
fn the_panel_fits_60_by_18_and_explains_the_glyphs_drawn() {
    let app = App::new(
        builtin::levels().unwrap().collection.levels,
        0,
        "Built-in levels",
        Rules::MUSCLEMAN,
        Progress::in_memory(),
    )
    .unwrap();
    let s = trimmed(&app, 60, 18);
    for shown in [
        "Rules Muscleman",
        "? help",
        "q quit",
        "@↓ you  [] box  () goal",
    ] {
        assert!(s.contains(shown), "{shown:?} missing:\n{s}");
    }
    let wide = format!(
        "#{}#\n#@{}$ .#\n#{}#\n",
        "#".repeat(32),
        " ".repeat(28),
        "#".repeat(32)
    );
    let app = App::new(
        levels(&wide),
        0,
        "Test",
        Rules::MUSCLEMAN,
        Progress::in_memory(),
    )
    .unwrap();
    for (w, h) in [(80, 24), (60, 18)] {
        let s = trimmed(&app, w, h);
        assert!(s.contains("@ you  $ box  . goal"), "{s}");
        assert!(!s.contains("[] box"), "{s}");
    }
}

#[test]
fn copying_counts_moves_as_the_game_does_and_names_the_other_inputs() {
    let copied = |what: &str| format!("Copied {what} as LURD to the clipboard (OSC 52)");
    let mut app = app_of("#####\n#@$.#\n#####\n");
    // A turn with empty hands is an input, not a move.
    keys(&mut app, "[");
    key(&mut app, KeyCode::Char('c'));
    assert_eq!(app.message(), Some(copied("1 input (0 moves)").as_str()));
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Char('c'));
    assert_eq!(app.message(), Some(copied("2 inputs (1 move)").as_str()));
    // From the start again: one move, said once.
    keys(&mut app, "r");
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Char('c'));
    assert_eq!(app.take_clipboard().as_deref(), Some("R"));
    assert_eq!(app.message(), Some(copied("1 move").as_str()));
}
