//! Saving from the editor: only the edited level's lines change, every
//! other byte of a collection is kept; a level with errors is saved only
//! after a confirmation that lists them; a file changed on disk is not
//! overwritten without asking.

mod common;

use common::keys;
use std::path::Path;

use muscleman_cli::cli::EditArgs;
use muscleman_cli::edit::{EditApp, EditConfig, Mode};
use muscleman_core::{EntityRecipe, GridPos};
use muscleman_level::Collection;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

const SET: &str = "\
; My little set
; for the docs
Title: Little set
Author: The Muscleman team

; 1
####
#@.#
#$ #
####

'Free text between levels'
; a comment that is not a title

;screen.02
legend: k = KeyRed
legend: d = DoorRed
#######
#@kd$.#
#######
Author: Someone else

Difficulty: easy

; 3
Comment:
A block.
####
Comment-End:
#####
#@$.#
#####
";

fn open(path: &Path, level: Option<u32>) -> EditApp {
    let args = EditArgs {
        level_file: path.to_path_buf(),
        level,
        new: None,
        rules: muscleman_cli::cli::RulesArg::Muscleman,
    };
    let config = EditConfig::resolve(&args).expect("config");
    EditApp::new(config.doc.expect("reads"), config.index, config.new).expect("editor")
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).expect("write");
}

#[test]
fn saving_a_level_of_a_collection_keeps_every_other_byte() {
    let dir = tempfile::tempdir().expect("dir");
    for (n, crlf) in [(1, false), (2, false), (3, false), (2, true)] {
        let path = dir.path().join(format!("set{n}{crlf}.txt"));
        let original = if crlf {
            SET.replace('\n', "\r\n")
        } else {
            SET.to_owned()
        };
        write(&path, &original);
        let before = Collection::parse(&original).expect("reads");
        let mut app = open(&path, Some(n));
        // A goal where the cursor starts, beside the player: x clears, z
        // undoes, so make a real change: a title.
        keys(&mut app, "t");
        for _ in 0..40 {
            app.handle_key(KeyEvent::new(KeyCode::Backspace, KeyModifiers::NONE));
        }
        keys(&mut app, "Edited");
        app.handle_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
        keys(&mut app, "s");
        assert_eq!(
            app.message.as_deref(),
            Some(&*format!("saved {}", path.display())),
            "level {n}"
        );
        let after_text = std::fs::read_to_string(&path).expect("read");
        let after = Collection::parse(&after_text).expect("reads back");
        for (i, (a, b)) in before.levels.iter().zip(&after.levels).enumerate() {
            if i + 1 == n as usize {
                assert_eq!(b.title(), Some("Edited"));
            } else {
                assert_eq!(a, b, "level {} changed when level {n} was saved", i + 1);
            }
        }
        assert_eq!(before.comments, after.comments);
        assert_eq!(before.title, after.title);
        // Byte for byte: the lines before and after the level's own are the same.
        let old: Vec<&str> = original.split_inclusive('\n').collect();
        let new: Vec<&str> = after_text.split_inclusive('\n').collect();
        let same_head = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
        let same_tail = old
            .iter()
            .rev()
            .zip(new.iter().rev())
            .take_while(|(a, b)| a == b)
            .count();
        let changed_old = &old[same_head..old.len() - same_tail];
        let joined = changed_old.concat();
        let title_of_n = ["; 1", ";screen.02", "; 3"][n as usize - 1];
        assert!(
            joined.starts_with(title_of_n),
            "level {n}: changed lines {joined:?}"
        );
        assert!(
            !joined.contains("Free text") && !joined.contains("My little set"),
            "level {n}: {joined:?}"
        );
        if crlf {
            assert!(
                !after_text.replace("\r\n", "").contains('\n'),
                "line ends kept"
            );
        }
        assert!(
            !dir.path()
                .join(format!(".set{n}{crlf}.txt.muscleman-edit.tmp"))
                .exists()
        );
    }
}

#[test]
fn a_level_with_errors_is_saved_after_a_confirmation_that_lists_them() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("one.txt");
    write(&path, "#####\n#@$.#\n#####\n");
    let mut app = open(&path, None);
    keys(&mut app, "x");
    assert_eq!(app.editor.level().player(), None);
    keys(&mut app, "s");
    match &app.mode {
        Mode::Confirm { lines, .. } => {
            assert!(lines.iter().any(|l| l.contains("no player")), "{lines:?}");
        }
        other => panic!("no question: {other:?}"),
    }
    keys(&mut app, "n");
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        "#####\n#@$.#\n#####\n"
    );
    keys(&mut app, "s");
    keys(&mut app, "y");
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        "#####\n# $.#\n#####\n"
    );
    assert!(!app.editor.is_dirty());
}

#[test]
fn a_file_changed_on_disk_is_not_overwritten_without_asking() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("one.txt");
    write(&path, "#####\n#@$.#\n#####\n");
    let mut app = open(&path, None);
    app.editor.set_cursor(GridPos::new(3, 1));
    keys(&mut app, "x");
    assert!(
        !app.editor
            .level()
            .has(GridPos::new(3, 1), EntityRecipe::Goal)
    );
    write(&path, "; changed elsewhere\n#####\n#@$.#\n#####\n");
    keys(&mut app, "s");
    assert!(matches!(app.mode, Mode::Confirm { .. }));
    keys(&mut app, "n");
    assert!(
        std::fs::read_to_string(&path)
            .expect("read")
            .starts_with("; changed")
    );
    keys(&mut app, "s");
    keys(&mut app, "y");
    let saved = std::fs::read_to_string(&path).expect("read");
    assert!(saved.contains("#@$ #"), "{saved}");
}

#[test]
fn bad_files_and_flags_exit_2_with_the_cause_and_nothing_on_stdout() {
    let dir = tempfile::tempdir().expect("dir");
    let bad = dir.path().join("bad.txt");
    write(&bad, "#####\n#@$.#\n#Q###\n");
    for args in [
        vec!["edit".to_owned(), bad.display().to_string()],
        vec![
            "edit".to_owned(),
            dir.path().join("new.txt").display().to_string(),
            "--new".to_owned(),
            "0x3".to_owned(),
        ],
        vec![
            "edit".to_owned(),
            bad.display().to_string(),
            "--level".to_owned(),
            "0".to_owned(),
        ],
    ] {
        let out = assert_cmd::Command::cargo_bin("muscleman")
            .expect("binary")
            .args(&args)
            .output()
            .expect("run");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
    assert_eq!(
        std::fs::read_to_string(&bad).expect("read"),
        "#####\n#@$.#\n#Q###\n"
    );
}

#[test]
fn a_level_saved_with_errors_opens_again_with_them_shown() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("draft.txt");
    write(&path, "; Draft\n#####\n# $.#\n#####\n");
    let mut app = open(&path, None);
    assert_eq!(app.editor.level().player(), None);
    assert!(app.editor.errors().any(|d| d.message.contains("no player")));
    app.editor.set_cursor(GridPos::new(1, 1));
    let i = app
        .editor
        .brushes()
        .iter()
        .position(|b| b.short() == "Player")
        .expect("player brush");
    app.editor.choose_brush(i);
    keys(&mut app, " s");
    assert_eq!(app.editor.errors().count(), 0);
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        "; Draft\n#####\n#@$.#\n#####\n"
    );
}

#[test]
fn a_file_that_does_not_read_waits_with_its_errors_and_opens_once_fixed() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("bad.txt");
    write(&path, "#####\n#@$.#\n#Q###\n");
    let args = EditArgs {
        level_file: path.clone(),
        level: None,
        new: None,
        rules: muscleman_cli::cli::RulesArg::Muscleman,
    };
    let errors = EditConfig::resolve(&args)
        .expect("flags")
        .doc
        .expect_err("does not read");
    let mut broken = muscleman_cli::edit::Broken::new(&path, &errors, 0, None);
    assert!(
        broken.errors.iter().any(|e| e.contains("bad.txt:3:2")),
        "{:?}",
        broken.errors
    );
    std::thread::sleep(std::time::Duration::from_millis(350));
    assert!(broken.poll().is_none(), "still broken");
    write(&path, "#####\n#@$.#\n#####\n");
    std::thread::sleep(std::time::Duration::from_millis(350));
    let app = broken.poll().expect("reads").expect("opens");
    assert_eq!(app.editor.level().player(), Some(GridPos::new(1, 1)));
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        "#####\n#@$.#\n#####\n"
    );
}

#[test]
fn a_level_added_with_l_goes_at_the_end_and_page_keys_switch_levels() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("set.txt");
    write(&path, SET);
    let mut app = open(&path, Some(3));
    app.handle_key(KeyEvent::new(KeyCode::PageDown, KeyModifiers::NONE));
    assert_eq!(
        app.message.as_deref(),
        Some("no more levels: the file holds 3 levels")
    );
    app.handle_key(KeyEvent::new(KeyCode::PageUp, KeyModifiers::NONE));
    assert_eq!(
        (app.index, app.message.as_deref()),
        (1, Some("level 2 of 3"))
    );
    keys(&mut app, "L");
    assert_eq!(app.index, 3);
    assert!(app.editor.is_dirty());
    keys(&mut app, "s");
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.starts_with(SET), "{text}");
    let levels = Collection::parse(&text).expect("reads").levels;
    assert_eq!(levels.len(), 4);
    assert_eq!(levels[3].width(), 9);
}

#[test]
fn an_empty_file_opens_as_a_new_room_and_saves_it() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("empty.txt");
    write(&path, "");
    let mut app = open(&path, None);
    assert!(app.editor.is_dirty());
    keys(&mut app, "s");
    let text = std::fs::read_to_string(&path).expect("read");
    assert_eq!(Collection::parse(&text).expect("reads").levels.len(), 1);
}
