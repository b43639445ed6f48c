//! The editor scripted on ratatui's `TestBackend`, as a designer uses it:
//! levels built from `--new` with keys and the mouse (a key room, a plate
//! puzzle), checked, played to solved on the game's own screen, proved by
//! the live verdict and saved; then `check` and `solve` pass on the file.

mod common;

use common::{key, keys, screen};
use std::path::Path;
use std::time::Duration;

use assert_cmd::Command;
use muscleman_cli::check::check_file;
use muscleman_cli::cli::EditArgs;
use muscleman_cli::edit::EditConfig;
use muscleman_cli::edit::{EditApp, Mode};
use muscleman_cli::verdict::Verdict;
use muscleman_core::{EntityRecipe, GridPos};
use muscleman_level::Collection;
use ratatui::crossterm::event::{KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};

fn open(path: &Path, new: Option<&str>, level: Option<u32>) -> EditApp {
    let args = EditArgs {
        level_file: path.to_path_buf(),
        level,
        new: new.map(str::to_owned),
        rules: muscleman_cli::cli::RulesArg::Muscleman,
    };
    let config = EditConfig::resolve(&args).expect("config");
    EditApp::new(config.doc.expect("reads"), config.index, config.new).expect("editor")
}

/// Choose a brush in the palette by typing its legend name.
fn brush(app: &mut EditApp, name: &str) {
    keys(app, "b");
    keys(app, name);
    key(app, KeyCode::Enter);
    assert_eq!(app.editor.brush().short(), name, "{:?}", app.message);
}

fn mouse(app: &EditApp, kind: MouseEventKind, at: GridPos) -> MouseEvent {
    let map = app.board.get().expect("the board was drawn");
    let column = map.x + u16::try_from(at.x - map.origin.x).expect("x") * map.cell_width;
    let row = map.y + u16::try_from(at.y - map.origin.y).expect("y");
    MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    }
}

/// Play the level on the game's screen with `moves`, check it is solved,
/// and come back.
fn test_play(app: &mut EditApp, moves: &[KeyCode]) {
    let before = app.editor.level().clone();
    keys(app, "p");
    for m in moves {
        key(app, *m);
    }
    match &app.mode {
        Mode::Play(game) => assert!(game.is_solved(), "not solved by the moves"),
        other => panic!("not playing: {other:?} {:?}", app.message),
    }
    assert!(screen(app, 100, 30).contains("Solved"));
    keys(app, "q");
    assert!(matches!(app.mode, Mode::Edit));
    assert_eq!(
        app.editor.level(),
        &before,
        "test play left the level as it was"
    );
}

fn verdict(app: &mut EditApp) -> Verdict {
    app.wait_for_verdict(Duration::from_secs(30));
    app.verdicts.current.clone()
}

#[test]
fn a_key_room_and_a_plate_puzzle_built_with_keys_and_the_mouse_check_play_and_solve() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("mine.txt");

    // A key room: push the key into its door, go through, push the box home.
    let mut app = open(&path, Some("7x3"), None);
    assert!(screen(&app, 100, 30).contains("level 1 of 1 · unsaved"));
    assert_eq!(app.editor.cursor(), GridPos::new(1, 1));
    for name in ["KeyRed", "DoorRed", "Box", "Goal"] {
        keys(&mut app, "l");
        brush(&mut app, name);
        keys(&mut app, " ");
    }
    keys(&mut app, "t");
    keys(&mut app, "Key room");
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.editor.level().title(), Some("Key room"));
    assert_eq!(app.editor.diagnostics(), [], "check has nothing to say");
    assert!(matches!(verdict(&mut app), Verdict::Solved { .. }));
    let text = screen(&app, 100, 30);
    assert!(text.contains("a solution of"), "{text}");
    assert!(text.contains("Problems: none"), "{text}");
    test_play(&mut app, &[KeyCode::Right; 3]);
    // Watch the verdict's solution play on the game's screen.
    keys(&mut app, "v");
    assert!(matches!(app.mode, Mode::Play(_)));
    keys(&mut app, "q");
    keys(&mut app, "s");
    assert_eq!(
        app.message.as_deref(),
        Some(&*format!("saved {}", path.display()))
    );
    let first = std::fs::read_to_string(&path).expect("saved");
    keys(&mut app, "q");
    assert!(app.should_quit(), "nothing unsaved: q quits at once");

    // A plate puzzle, added to the same file with --new; the boxes by mouse.
    let mut app = open(&path, Some("9x4"), None);
    assert_eq!(app.index, 1);
    brush(&mut app, "Box");
    screen(&app, 80, 24);
    let down = mouse(
        &app,
        MouseEventKind::Down(MouseButton::Left),
        GridPos::new(3, 1),
    );
    app.handle_mouse(down);
    let drag = mouse(
        &app,
        MouseEventKind::Drag(MouseButton::Left),
        GridPos::new(3, 2),
    );
    app.handle_mouse(drag);
    let up = mouse(
        &app,
        MouseEventKind::Up(MouseButton::Left),
        GridPos::new(3, 2),
    );
    app.handle_mouse(up);
    assert!(
        app.editor
            .level()
            .has(GridPos::new(3, 1), EntityRecipe::Box)
    );
    assert!(
        app.editor
            .level()
            .has(GridPos::new(3, 2), EntityRecipe::Box)
    );
    assert_eq!(app.editor.history_len(), (1, 0), "a drag is one undo step");
    // A box on the wall below is refused, with the reason.
    keys(&mut app, "j ");
    assert!(
        app.message
            .as_deref()
            .is_some_and(|m| m.contains("cannot go there")),
        "{:?}",
        app.message
    );
    // The plate, the door and the goal with keys.
    brush(&mut app, "PressurePlateRed");
    keys(&mut app, "kkl ");
    let text = screen(&app, 80, 24);
    assert!(text.contains("red plate opens"), "{text}");
    brush(&mut app, "DoorRed");
    keys(&mut app, "jl ");
    brush(&mut app, "Goal");
    keys(&mut app, "l ");
    keys(&mut app, "t");
    keys(&mut app, "Plates");
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.editor.diagnostics(), []);
    assert!(matches!(verdict(&mut app), Verdict::Solved { .. }));
    use KeyCode::{Down, Left, Right};
    test_play(&mut app, &[Right, Right, Left, Down, Right, Right, Right]);
    keys(&mut app, "q");
    assert!(
        matches!(app.mode, Mode::Confirm { .. }),
        "asks before quitting unsaved"
    );
    keys(&mut app, "n");
    assert!(!app.should_quit());
    keys(&mut app, "s");
    keys(&mut app, "q");
    assert!(app.should_quit());

    // The file: the first level's lines as they were, then the new one.
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(text.starts_with(&first), "{text}");
    let collection = Collection::parse(&text).expect("reads back");
    assert_eq!(collection.levels.len(), 2);
    let report = check_file(&path);
    assert_eq!(
        (report.errors.len(), report.warnings.len()),
        (0, 0),
        "{report:?}"
    );
    Command::cargo_bin("muscleman")
        .expect("binary")
        .arg("check")
        .arg(&path)
        .assert()
        .success();
    Command::cargo_bin("muscleman")
        .expect("binary")
        .args(["solve", "--timeout", "20"])
        .arg(&path)
        .assert()
        .success();
}

#[test]
fn the_screen_fits_small_terminals_with_and_without_colours() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("small.txt");
    let mut app = open(&path, Some("12x8"), None);
    for (w, h) in [(100, 30), (80, 24), (60, 18)] {
        let text = screen(&app, w, h);
        assert!(text.contains("Brush"), "{w}×{h}:\n{text}");
        assert!(text.contains("Verdict"), "{w}×{h}:\n{text}");
    }
    app.color = false;
    keys(&mut app, "b");
    let text = screen(&app, 60, 18);
    assert!(text.contains("Palette"), "{text}");
    key(&mut app, KeyCode::Esc);
    keys(&mut app, "?");
    assert!(screen(&app, 80, 24).contains("Editor keys"));
    assert!(screen(&app, 59, 18).contains("at least 60×18"));
}

#[test]
fn a_two_floor_level_is_built_searched_and_saved() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("floors.txt");
    let mut app = open(&path, Some("7x4"), None);
    brush(&mut app, "Box");
    keys(&mut app, "jl ");
    brush(&mut app, "StairsUp");
    keys(&mut app, "l ");
    keys(&mut app, "F");
    assert_eq!(app.editor.floor(), 2);
    brush(&mut app, "StairsDown");
    keys(&mut app, " ");
    brush(&mut app, "Goal");
    keys(&mut app, "l ");
    let text = screen(&app, 100, 30);
    assert!(text.contains("floor 2 of 2"), "{text}");
    // The game plays floors: the verdict searched every floor and found
    // the climb with the box held.
    let v = verdict(&mut app);
    assert!(v.message().starts_with("a solution of"), "{v:?}");
    keys(&mut app, "s");
    assert!(
        app.message
            .as_deref()
            .is_some_and(|m| m.starts_with("saved")),
        "{:?}",
        app.message
    );
    let report = check_file(&path);
    assert!(report.errors.is_empty(), "{report:?}");
    // Test play plays it, on the game's own screen.
    keys(&mut app, "p");
    assert!(matches!(app.mode, Mode::Play(_)), "{:?}", app.message);
    let level = Collection::parse(&std::fs::read_to_string(&path).expect("read"))
        .expect("reads back")
        .levels
        .remove(0);
    assert_eq!(level.floor_count(), 2);
}

#[test]
fn a_click_in_the_palette_takes_that_brush() {
    let dir = tempfile::tempdir().expect("dir");
    let mut app = open(&dir.path().join("p.txt"), Some("6x4"), None);
    keys(&mut app, "b");
    keys(&mut app, "goal");
    screen(&app, 80, 24);
    let (rows, _) = app.palette_rows.get().expect("the palette was drawn");
    app.handle_mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: rows.x + 4,
        row: rows.y,
        modifiers: KeyModifiers::NONE,
    });
    assert!(matches!(app.mode, Mode::Edit));
    assert_eq!(app.editor.brush().short(), "Goal");
}

#[test]
fn a_click_on_the_panels_brush_opens_the_palette() {
    let dir = tempfile::tempdir().expect("dir");
    let mut app = open(&dir.path().join("p.txt"), Some("6x4"), None);
    keys(&mut app, "M");
    keys(&mut app, "Ada Lovelace and Charles Babbage, at length");
    key(&mut app, KeyCode::Enter);
    for (w, h) in [(100, 30), (60, 18)] {
        let text = screen(&app, w, h);
        let row = app.brush_row.get().expect("the brush was drawn");
        let line = text.lines().nth(usize::from(row.y)).expect("row");
        assert!(line.contains("Brush"), "{line}");
        app.handle_mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: row.x + 2,
            row: row.y,
            modifiers: KeyModifiers::NONE,
        });
        assert!(matches!(app.mode, Mode::Palette { .. }));
        key(&mut app, KeyCode::Esc);
    }
}

#[test]
fn test_play_and_the_verdict_play_by_the_rules_asked() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("swing.txt");
    std::fs::write(&path, "#####\n#@ .#\n#$  #\n#####\n").expect("write");
    let mut app = open(&path, None, None);
    assert!(
        matches!(verdict(&mut app), Verdict::Solved { .. }),
        "a swing solves it"
    );
    app.set_rules(muscleman_sim::Rules::SOKOBAN);
    assert!(
        matches!(verdict(&mut app), Verdict::Unsolvable(_)),
        "no swing in Sokoban"
    );
    keys(&mut app, "p");
    match &app.mode {
        Mode::Play(game) => assert_eq!(game.rules(), muscleman_sim::Rules::SOKOBAN),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_key_after_a_drag_without_its_button_up_is_an_undo_step_of_its_own() {
    let dir = tempfile::tempdir().expect("dir");
    let mut app = open(&dir.path().join("d.txt"), Some("7x5"), None);
    brush(&mut app, "Box");
    screen(&app, 80, 24);
    let down = mouse(
        &app,
        MouseEventKind::Down(MouseButton::Left),
        GridPos::new(3, 2),
    );
    app.handle_mouse(down);
    // No button-up: the terminal lost it. A key paints elsewhere.
    brush(&mut app, "Goal");
    keys(&mut app, "l ");
    assert_eq!(app.editor.history_len(), (2, 0));
    keys(&mut app, "z");
    assert!(
        app.editor
            .level()
            .has(GridPos::new(3, 2), EntityRecipe::Box)
    );
}

/// The editor draws a duck facing the way its state says, as the game
/// does (the facing is the sim's, read from the spawned duck).
#[test]
fn the_editor_draws_ducks_facing_their_way() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("ducks.txt");
    std::fs::write(
        &path,
        "legend: a = Duck:left\nlegend: b = Duck:up\nlegend: c = Duck\n#######\n#@a b #\n#c  $.#\n#######\n",
    )
    .expect("write");
    let mut app = open(&path, None, None);
    app.color = false;
    let text = screen(&app, 80, 24);
    for glyph in ["←D", "↑D", "D↓"] {
        assert!(text.contains(glyph), "{glyph}:\n{text}");
    }
}

#[test]
fn a_level_check_refuses_gets_no_verdict_no_test_play_and_v_says_why() {
    // Unpaired stairs (the StairsUp at column 5 of floor 1, the
    // StairsDown at column 4 of floor 2): the sim could play it, `check`
    // refuses it, and so does the editor.
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("stairs.txt");
    std::fs::write(
        &path,
        "legend: u = StairsUp\nlegend: d = StairsDown\nfloor: Ground\n######\n#@ $u#\n######\n\
         floor: Attic\n######\n#. d #\n######\n",
    )
    .expect("write");
    let mut app = open(&path, None, None);
    assert_eq!(
        verdict(&mut app),
        Verdict::NoAnswer(
            "no verdict: 2 errors, so check and play refuse it (! goes to each)".to_owned()
        )
    );
    let text = screen(&app, 100, 30);
    assert!(text.contains("unpaired StairsUp"), "{text}");
    assert!(!text.contains("a solution of"), "{text}");
    // `v` plays nothing and says why; `p` neither.
    keys(&mut app, "v");
    assert!(matches!(app.mode, Mode::Edit));
    let said = app.message.clone().unwrap_or_default();
    assert_eq!(
        said,
        "no solution to watch: 2 errors, so check and play refuse it (! goes to each)"
    );
    keys(&mut app, "p");
    assert!(matches!(app.mode, Mode::Edit));
    let said = app.message.clone().unwrap_or_default();
    assert!(said.starts_with("cannot play it: 2 errors"), "{said}");
    // ! goes to the first, and says it.
    keys(&mut app, "!");
    let said = app.message.clone().unwrap_or_default();
    assert!(said.starts_with("unpaired StairsUp"), "{said}");
    // `check` refuses the same file.
    let report = check_file(&path);
    assert!(
        report
            .errors
            .iter()
            .any(|e| e.contains("unpaired StairsUp")),
        "{report:?}"
    );
}

#[test]
fn esc_in_the_editor_asks_before_it_quits_a_saved_level() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("esc.txt");
    std::fs::write(&path, "#####\n#@$.#\n#####\n").expect("write");
    let mut app = open(&path, None, None);
    // The palette, closed by Esc, then Esc again: a question, not a quit.
    keys(&mut app, "b");
    key(&mut app, KeyCode::Esc);
    assert!(matches!(app.mode, Mode::Edit));
    key(&mut app, KeyCode::Esc);
    assert!(!app.should_quit());
    assert_eq!(
        app.message.as_deref(),
        Some("quit the editor? y quits, any other key goes on editing")
    );
    key(&mut app, KeyCode::Esc);
    assert!(!app.should_quit());
    key(&mut app, KeyCode::Esc);
    keys(&mut app, "y");
    assert!(app.should_quit());
    // q quits a saved level at once.
    let mut app = open(&path, None, None);
    keys(&mut app, "q");
    assert!(app.should_quit());
}
