//! Undo, redo and restart (rules.md §4 "History").

mod common;

use common::{ARENA, assert_invariants, command, dump, inputs, level_from_ascii};
use muscleman_core::{GridDir, GridPos, Input, MoveCause, Moved};
use muscleman_sim::{Command, Facing, Game, Rules, Stats};
use proptest::prelude::*;

fn game(grid: &str) -> Game {
    Game::new(&level_from_ascii(grid), Rules::MUSCLEMAN).unwrap()
}

const ROOM: &str = "
    #######
    #.    #
    # $$& #
    #  @ %#
    # ~   #
    #######
";

#[test]
fn undo_after_a_walk_restores_the_exact_state() {
    let mut g = game(ROOM);
    let before = (g.state_hash(), dump(g.world()));
    g.step(Input::Move(GridDir::Left)).unwrap();
    assert_ne!(g.state_hash(), before.0);
    let events = g.undo().unwrap();
    assert_eq!((g.state_hash(), dump(g.world())), before);
    let back: Vec<&Moved> = events.of::<Moved>().collect();
    assert_eq!(back.len(), 1);
    assert_eq!(back[0].to, GridPos::new(3, 3));
    assert_eq!(back[0].cause, MoveCause::Undo);
}

#[test]
fn undo_after_a_chain_push_restores_the_exact_state() {
    let mut g = game(ROOM);
    for input in inputs("llu") {
        g.step(input).unwrap();
    }
    let before = (g.state_hash(), dump(g.world()));
    let pushed = g.step(Input::Move(GridDir::Right)).unwrap();
    assert_eq!(pushed.len(), 4, "three boxes and the player move");
    assert_eq!(
        g.stats(),
        Stats {
            moves: 4,
            pushes: 1
        }
    );
    let back = g.undo().unwrap();
    assert_eq!((g.state_hash(), dump(g.world())), before);
    assert_eq!(back.len(), 4);
    assert_eq!(
        g.stats(),
        Stats {
            moves: 3,
            pushes: 0
        }
    );
    assert_invariants(g.world());
}

#[test]
fn a_step_that_moves_nothing_is_not_an_undo_step_but_is_undone_with_the_one_before() {
    let mut g = game(ROOM);
    let start = (g.state_hash(), dump(g.world()));
    g.step(Input::Move(GridDir::Right)).unwrap();
    g.step(Input::Move(GridDir::Right)).unwrap(); // into the weak wall: refused
    g.step(Input::Wait).unwrap();
    assert_eq!(g.undo_depth(), 1);
    assert_eq!(
        g.world().get::<Facing>(g.player()).unwrap().0,
        GridDir::Right
    );
    g.undo().unwrap();
    assert_eq!((g.state_hash(), dump(g.world())), start);
    assert_eq!(
        g.world().get::<Facing>(g.player()).unwrap().0,
        GridDir::Down
    );
}

#[test]
fn undo_with_nothing_to_undo_changes_nothing() {
    let mut g = game(ROOM);
    g.step(Input::Move(GridDir::Up)).unwrap(); // refused by the box chain? no: pushes
    g.undo().unwrap();
    let start = g.state_hash();
    assert!(g.undo().unwrap().is_empty());
    assert!(g.undo().unwrap().is_empty());
    assert_eq!(g.state_hash(), start);
}

#[test]
fn redo_replays_the_undone_steps() {
    let mut g = game(ROOM);
    let mut hashes = vec![g.state_hash()];
    for input in inputs("lurdd") {
        g.step(input).unwrap();
        hashes.push(g.state_hash());
    }
    assert_eq!(g.undo_depth(), 5);
    for expected in hashes.iter().rev().skip(1) {
        g.undo().unwrap();
        assert_eq!(g.state_hash(), *expected);
    }
    for expected in hashes.iter().skip(1) {
        let events = g.redo().unwrap();
        assert!(!events.is_empty());
        assert_eq!(g.state_hash(), *expected);
    }
    assert!(g.redo().unwrap().is_empty());
}

#[test]
fn a_new_step_clears_the_redo_list() {
    let mut g = game(ROOM);
    g.step(Input::Move(GridDir::Left)).unwrap();
    g.undo().unwrap();
    assert_eq!(g.redo_depth(), 1);
    g.step(Input::Move(GridDir::Down)).unwrap();
    assert_eq!(g.redo_depth(), 0);
    assert!(g.redo().unwrap().is_empty());
}

#[test]
fn restart_returns_to_the_start_and_undo_brings_the_position_back() {
    let mut g = game(ROOM);
    let start = (g.state_hash(), dump(g.world()));
    for input in inputs("lurrdr") {
        g.step(input).unwrap();
    }
    let played = (g.state_hash(), dump(g.world()));
    let events = g.restart().unwrap();
    assert!(events.of::<Moved>().all(|m| m.cause == MoveCause::Restart));
    assert_eq!((g.state_hash(), dump(g.world())), start);
    assert_eq!(g.stats(), Stats::default());
    g.undo().unwrap();
    assert_eq!((g.state_hash(), dump(g.world())), played);
    g.redo().unwrap();
    assert_eq!(g.state_hash(), start.0);
    assert_invariants(g.world());
}

#[test]
fn restart_at_the_start_is_not_an_undo_step() {
    let mut g = game(ROOM);
    g.restart().unwrap();
    assert_eq!(g.undo_depth(), 0);
    g.step(Input::Move(GridDir::Up)).unwrap();
    g.step(Input::Move(GridDir::Down)).unwrap();
    g.restart().unwrap();
    assert_eq!(g.undo_depth(), 3);
}

#[test]
fn every_command_is_logged() {
    let mut g = game(ROOM);
    let commands = [
        Command::Step(Input::Move(GridDir::Left)),
        Command::Undo,
        Command::Redo,
        Command::Restart,
        Command::Step(Input::Wait),
    ];
    for c in commands {
        g.apply(c).unwrap();
    }
    assert_eq!(g.commands(), commands);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// After any session, undoing everything gives the initial state and
    /// redoing everything the final one.
    #[test]
    fn undo_all_then_redo_all(commands in prop::collection::vec(command(), 0..80)) {
        let mut g = game(ARENA);
        let initial = g.state_hash();
        for c in &commands {
            g.apply(*c).unwrap();
            assert_invariants(g.world());
        }
        let final_hash = g.state_hash();
        let final_dump = dump(g.world());
        // The session may end with undone steps still on the redo list.
        let pending = g.redo_depth();
        while g.undo_depth() > 0 {
            g.undo().unwrap();
        }
        let prelude_only = g.redo_depth() == 0 && g.undo_depth() == 0;
        if !prelude_only {
            prop_assert_eq!(g.state_hash(), initial);
        }
        while g.redo_depth() > 0 {
            g.redo().unwrap();
        }
        for _ in 0..pending {
            g.undo().unwrap();
        }
        prop_assert_eq!(g.state_hash(), final_hash);
        prop_assert_eq!(dump(g.world()), final_dump);
        g.restart().unwrap();
        prop_assert_eq!(g.state_hash(), initial);
        g.undo().unwrap();
        prop_assert_eq!(g.state_hash(), final_hash);
    }

    /// Undo gives back exactly the state before each undo step.
    #[test]
    fn each_undo_restores_the_state_before_its_step(moves in prop::collection::vec(prop::sample::select(GridDir::ALL.to_vec()), 0..60)) {
        let mut g = game(ARENA);
        let mut before_each = Vec::new();
        for d in moves {
            let h = g.state_hash();
            let depth = g.undo_depth();
            g.step(Input::Move(d)).unwrap();
            if g.undo_depth() > depth {
                before_each.push(h);
            }
        }
        while let Some(h) = before_each.pop() {
            g.undo().unwrap();
            prop_assert_eq!(g.state_hash(), h);
        }
    }
}

#[test]
fn history_memory_grows_with_the_change_not_the_level() {
    let small = "#@ $ #";
    let big = format!(
        "{}\n{}",
        "#".repeat(200),
        "#@ $ ".to_owned() + &" ".repeat(150) + "#"
    );
    let per_step = |grid: &str| {
        let mut g = game(grid);
        g.step(Input::Move(GridDir::Right)).unwrap();
        g.step(Input::Move(GridDir::Right)).unwrap();
        g.history_bytes()
    };
    assert_eq!(per_step(small), per_step(&big));
}
