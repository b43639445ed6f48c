//! `play FILE --watch`, headless: the level read again when the file
//! changes, the position kept when the level is the same, errors in place
//! of the board when it does not read, and the verdict.

mod common;

use common::screen;
use std::time::Duration;

use muscleman_cli::play::watch::Watch;
use muscleman_sim::Rules;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

fn moves(w: &Watch) -> u32 {
    w.app.as_ref().expect("a game").game().stats().moves
}

#[test]
fn the_watched_level_reloads_keeps_its_position_and_shows_errors() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("w.txt");
    std::fs::write(&path, "######\n#@ $.#\n######\n").expect("write");
    let mut w = Watch::new(path.clone(), None, Rules::MUSCLEMAN, true);
    assert!(w.errors.is_empty());
    w.handle_key(KeyEvent::new(KeyCode::Right, KeyModifiers::NONE));
    assert_eq!(moves(&w), 1);
    w.verdicts.wait(Duration::from_secs(20));
    assert!(
        screen(&w, 80, 24).contains("verdict: a solution of"),
        "{}",
        screen(&w, 80, 24)
    );
    // Unchanged file: nothing happens.
    assert!(!w.reload());
    // The same level with a comment: the position stays.
    std::fs::write(&path, "; a comment\n######\n#@ $.#\n######\n").expect("write");
    assert!(w.reload());
    assert_eq!(moves(&w), 1);
    // A broken file: its errors in place of the board.
    std::fs::write(&path, "######\n#@ $.#\n#Q####\n").expect("write");
    assert!(w.reload());
    let text = screen(&w, 80, 24);
    assert!(text.contains("does not read"), "{text}");
    assert!(text.contains("w.txt:3:2"), "{text}");
    // Fixed again, the same level: the position is still there.
    std::fs::write(&path, "######\n#@ $.#\n######\n").expect("write");
    assert!(w.reload());
    assert_eq!(moves(&w), 1);
    // Another level: a new game.
    std::fs::write(&path, "#######\n#@ $ .#\n#######\n").expect("write");
    assert!(w.reload());
    assert_eq!(moves(&w), 0);
    // A level of two floors plays, on the player's floor.
    std::fs::write(
        &path,
        "floor:\n####\n#@.#\n#$ #\n####\nfloor:\n####\n#  #\n####\n",
    )
    .expect("write");
    assert!(w.reload());
    let text = screen(&w, 80, 24);
    assert!(text.contains("floor 1 of 2"), "{text}");
    // A level that does not read (a state a ghost never has): why, in
    // place of the board.
    std::fs::write(&path, "legend: c = Ghost:open\n######\n#@c$.#\n######\n").expect("write");
    assert!(w.reload());
    let text = screen(&w, 80, 24);
    assert!(text.contains("Ghost cannot be open"), "{text}");
    w.handle_key(KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE));
    assert!(w.should_quit());
}

#[test]
fn each_save_reads_the_title_author_and_problems_again_and_lists_the_problems() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("w.txt");
    let board = "legend: p = PressurePlateRed\nlegend: c = Coin\n#######\n#@p$. #\n#######\n";
    std::fs::write(&path, format!("; First\nAuthor: Ann\n{board}")).expect("write");
    let mut w = Watch::new(path.clone(), None, Rules::MUSCLEMAN, true);
    w.handle_key(KeyEvent::new(KeyCode::Right, KeyModifiers::NONE));
    let text = screen(&w, 80, 24);
    assert!(text.contains("First"), "{text}");
    // Every problem listed under the board, not only how many.
    assert!(text.contains("the red plate opens nothing"), "{text}");
    assert!(
        text.contains("legend letter 'c' is defined and never used"),
        "{text}"
    );
    // A new title and author on the same board: shown at once, the game goes on.
    std::fs::write(&path, format!("; Second\nAuthor: Bob\n{board}")).expect("write");
    assert!(w.reload());
    assert_eq!(moves(&w), 1);
    let text = screen(&w, 80, 24);
    assert!(text.contains("Second") && !text.contains("First"), "{text}");
    assert!(text.contains("Bob") && !text.contains("Ann"), "{text}");
    // Broken, then fixed with another title: the fix's title and problems.
    std::fs::write(&path, "######\n#@ $.#\n#Q####\n").expect("write");
    assert!(w.reload());
    let fixed = "; Third\nlegend: p = PressurePlateRed\n#######\n#@p$. #\n#######\n";
    std::fs::write(&path, fixed).expect("write");
    assert!(w.reload());
    let text = screen(&w, 80, 24);
    assert!(text.contains("Third"), "{text}");
    assert!(text.contains("the red plate opens nothing"), "{text}");
    assert!(!text.contains("never used"), "{text}");
    assert_eq!(w.problem_lines().len(), 1);
}
