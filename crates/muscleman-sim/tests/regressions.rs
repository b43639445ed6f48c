//! Regression tests for bugs found by the reference model, the determinism
//! tests and the fuzzers, each named after what it found.

mod common;

use common::{assert_invariants, level_from_ascii};
use muscleman_core::{GridDir, Input};
use muscleman_sim::{Facing, Game, RULES_VERSION, Rules, SaveError};

fn game(grid: &str) -> Game {
    Game::new(&level_from_ascii(grid), Rules::MUSCLEMAN).unwrap()
}

fn facing(g: &Game) -> GridDir {
    g.world().get::<Facing>(g.player()).unwrap().0
}

/// Found by the reference model: a restart reverted the turns made before
/// the first move, then dropped them from history, so a second restart
/// "reverted" them again and turned the player back to where it had faced.
#[test]
fn a_second_restart_after_a_refused_turn_keeps_the_start_facing() {
    let mut g = game(
        "
        ###
        #@#
        ###
        ",
    );
    let start = g.state_hash();
    g.step(Input::Move(GridDir::Up)).unwrap(); // refused: only turns
    assert_eq!(facing(&g), GridDir::Up);
    g.restart().unwrap();
    assert_eq!(facing(&g), GridDir::Down);
    assert_eq!(g.state_hash(), start);
    g.restart().unwrap();
    assert_eq!(facing(&g), GridDir::Down);
    assert_eq!(g.state_hash(), start);
    assert_invariants(g.world());
}

/// Found with the one above: after a turn, a restart and a move, undo went
/// back to the turned player instead of the start (the state before the move).
#[test]
fn undo_after_restart_and_a_move_gives_back_the_start_facing() {
    let mut g = game(
        "
        #####
        #@  #
        #####
        ",
    );
    let start = g.state_hash();
    g.step(Input::Move(GridDir::Left)).unwrap(); // refused: only turns
    g.restart().unwrap();
    assert_eq!(g.state_hash(), start);
    g.step(Input::Move(GridDir::Right)).unwrap();
    g.undo().unwrap();
    assert_eq!(facing(&g), GridDir::Down);
    assert_eq!(g.state_hash(), start);
    // Redo and undo again walk the same two states.
    g.redo().unwrap();
    let moved = g.state_hash();
    assert_ne!(moved, start);
    g.undo().unwrap();
    assert_eq!(g.state_hash(), start);
    g.redo().unwrap();
    assert_eq!(g.state_hash(), moved);
}

/// Found by the `replay` fuzzer (`-\n-\n@`, a few moves, then `!` 88 times
/// ran out of memory): each restart reverted every undo step, earlier
/// restarts included, and filed all of that as its own undo step, so the
/// history doubled with every restart.
#[test]
fn repeated_restarts_keep_the_history_small() {
    let mut g = Game::new(&level_from_ascii("-\n-\n@"), Rules::SOKOBAN).unwrap();
    let start = g.state_hash();
    for input in common::inputs("rdlurdluRRLDLLU") {
        g.step(input).unwrap();
    }
    let after_moves = g.history_bytes();
    let moved = g.state_hash();
    let depth = g.undo_depth();
    for i in 0..88 {
        g.restart().unwrap();
        assert_eq!(g.state_hash(), start);
        // The first restart is an undo step, and a small one; the others
        // find the start already and are no step at all (rules.md §4).
        assert_eq!(g.undo_depth(), depth + 1, "restart {i}");
        assert!(
            g.history_bytes() <= 2 * after_moves + 256,
            "restart {i}: history grew to {} bytes from {after_moves}",
            g.history_bytes()
        );
    }
    g.step(Input::Move(GridDir::Up)).unwrap();
    assert_invariants(g.world());
    // Undo walks back through the step and the restart to the moves.
    g.undo().unwrap();
    assert_eq!(g.state_hash(), start);
    g.undo().unwrap();
    assert_eq!(g.state_hash(), moved);
}

/// Found with the one above: with restarts between single moves, each
/// restart still reverted the whole history, so `r!` repeated n times cost
/// n² reverts. Now a restart reverts only what came after the last restart.
#[test]
fn a_restart_after_each_move_costs_the_same_every_time() {
    let mut g = game(
        "
        #####
        #@  #
        #####
        ",
    );
    let start = g.state_hash();
    let mut events = 0;
    for _ in 0..5_000 {
        g.step(Input::Move(GridDir::Right)).unwrap();
        events += g.restart().unwrap().len();
        assert_eq!(g.state_hash(), start);
    }
    // One move back per restart, not the whole history again.
    assert_eq!(events, 5_000);
    assert_eq!(g.undo_depth(), 10_000);
}

/// Found by the `replay` fuzzer (`@#`, refused turns `RrRR`, then `!` over
/// a hundred times ran out of memory) in a first fix of the bug above: with
/// nothing to undo, each restart reverted the turns and filed the reversal
/// after them, so the turns to revert doubled with every restart. (Under
/// rule book 2 the first restart, which turns the player back, is an undo
/// step; the others find the start and are none.)
#[test]
fn repeated_restarts_after_refused_turns_keep_the_history_small() {
    let mut g = game("@#");
    let start = g.state_hash();
    for input in common::inputs("RrRR") {
        g.step(input).unwrap();
    }
    for _ in 0..110 {
        let events = g.restart().unwrap();
        assert!(events.is_empty(), "turning back moves nothing");
        assert_eq!(g.state_hash(), start);
        assert_eq!(facing(&g), GridDir::Down);
        assert!(g.history_bytes() < 1024, "{} bytes", g.history_bytes());
    }
    assert_eq!((g.undo_depth(), g.redo_depth()), (1, 0));
    g.undo().unwrap();
    assert_eq!(facing(&g), GridDir::Right, "undo gives the turns back");
    assert_invariants(g.world());
}

/// Found by the `saves` fuzzer (a real save from play with `rules_version`
/// 0): a save naming rule book 0, which never was, loaded as an older rule
/// book's, whose counters and state hash are not compared, so an edited
/// counter passed. It is refused, naming the rule book.
#[test]
fn a_save_of_rule_book_zero_is_refused() {
    let mut g = game(
        "
        #####
        #@$.#
        #####
        ",
    );
    for input in common::inputs("r") {
        g.step(input).unwrap();
    }
    let text = g.save();
    let current = format!("\"rules_version\": {RULES_VERSION}");
    assert!(text.contains(&current), "{text}");
    let zero = text
        .replace(&current, "\"rules_version\": 0")
        .replace("\"coins\":0", "\"coins\":7");
    assert_ne!(zero, text);
    let err = Game::load(&zero).err();
    assert!(
        matches!(err, Some(SaveError::Rules { found: 0, .. })),
        "{err:?}"
    );
    let message = err.map(|e| e.to_string()).unwrap_or_default();
    assert!(message.contains("rule book version 0"), "{message}");
    // The same save of this rule book loads.
    assert_eq!(
        Game::load(&text).map(|l| l.state_hash()).ok(),
        Some(g.state_hash())
    );
}

/// Found by the reference model: a smash spawns its keys in slots made
/// after the start; a restart keeps those slots free (first, so a replay
/// gets the same ids), and the next restart took that free list for a
/// change, so a restart at the start made an undo step.
#[test]
fn a_second_restart_after_a_smash_is_no_step() {
    let level = muscleman_level::Level::parse(
        "legend: a = Hammer\nlegend: b = Bong(KeyYellow KeyRed)\n####\n#  #\n#@ #\n#ab#\n#  #\n####\n",
    )
    .unwrap();
    let mut g = Game::new(&level, Rules::MUSCLEMAN).unwrap();
    let start = g.state_hash();
    g.step(Input::Grab).unwrap();
    g.step(Input::SwingLeft).unwrap();
    assert_ne!(g.state_hash(), start, "the swing smashed the bong");
    g.restart().unwrap();
    assert_eq!(g.state_hash(), start);
    assert_eq!(g.undo_depth(), 3);
    g.restart().unwrap();
    assert_eq!(g.undo_depth(), 3, "a restart at the start is no step");
    assert_eq!(g.state_hash(), start);
    // Undo takes the first restart back: the bong is broken again.
    g.undo().unwrap();
    assert_ne!(g.state_hash(), start);
    assert_invariants(g.world());
}
