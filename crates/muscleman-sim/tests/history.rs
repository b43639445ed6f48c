//! Undo, redo and restart (rules.md §4 "History").

mod common;

use common::{
    ARENA, assert_invariants, command, dump, inputs, legend_with, level_from_ascii,
    level_from_ascii_in,
};
use muscleman_core::{GridDir, GridPos, Input, MoveCause, Moved};
use muscleman_sim::{Command, Facing, Game, Rules, Stats};
use proptest::prelude::*;

fn game(grid: &str) -> Game {
    Game::new(&level_from_ascii(grid), Rules::MUSCLEMAN).unwrap()
}

/// A room with two ducks, a cauldron holding a blue key beside a yellow
/// key, a bong and a hammer: every step changes the state.
fn duck_arena() -> Game {
    let legend = legend_with(&[
        ('d', "Duck"),
        ('n', "Duck:up"),
        ('c', "Cauldron(KeyBlue)"),
        ('v', "Bong(KeyRed KeyBlue)"),
    ]);
    let grid = "
        ##########
        #  d .  y#
        # $$ & c #
        #  % @ $ #
        # .&  h  #
        # ~ v$$ n#
        ##########
    ";
    Game::new(&level_from_ascii_in(&legend, grid), Rules::MUSCLEMAN).unwrap()
}

/// Walls, boxes and goals only: every walk and one-box push here takes the
/// fast walk, which files a step as its journal change alone.
const PLAIN: &str = "
    #########
    #   .   #
    # $  $  #
    #  @  $ #
    # .   . #
    #########
";

/// Start a game of `grid`, or of one of the proptests' arenas: the plain
/// room, the arena, or the room with ducks.
fn arena(which: usize) -> Game {
    match which {
        0 => game(PLAIN),
        1 => game(ARENA),
        _ => duck_arena(),
    }
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
    /// redoing everything the position at the end of the redo list; in a
    /// plain room (the fast walk's) and in a room with ducks, a cauldron
    /// and a bong too.
    #[test]
    fn undo_all_then_redo_all(
        commands in prop::collection::vec(command(), 0..80),
        which in 0..3usize,
    ) {
        let mut g = arena(which);
        let initial = g.state_hash();
        for c in &commands {
            g.apply(*c).unwrap();
            assert_invariants(g.world());
        }
        // The session may end with undone steps still on the redo list:
        // the same session with them redone is where redoing all must lead.
        let mut reference = arena(which);
        for c in &commands {
            reference.apply(*c).unwrap();
        }
        // Each undo and redo takes one step (a loop bounded by the depth,
        // so that one that takes none fails rather than runs forever).
        for _ in 0..reference.redo_depth() {
            reference.redo().unwrap();
        }
        prop_assert_eq!(reference.redo_depth(), 0);
        let final_hash = reference.state_hash();
        let final_dump = dump(reference.world());
        for _ in 0..g.undo_depth() {
            g.undo().unwrap();
        }
        prop_assert_eq!(g.undo_depth(), 0);
        let prelude_only = g.redo_depth() == 0 && g.undo_depth() == 0;
        if !prelude_only {
            prop_assert_eq!(g.state_hash(), initial);
        }
        for _ in 0..g.redo_depth() {
            g.redo().unwrap();
        }
        prop_assert_eq!(g.redo_depth(), 0);
        prop_assert_eq!(g.state_hash(), final_hash);
        prop_assert_eq!(dump(g.world()), final_dump);
        let depth = g.undo_depth();
        g.restart().unwrap();
        prop_assert_eq!(g.state_hash(), initial);
        if g.undo_depth() > depth {
            g.undo().unwrap();
            prop_assert_eq!(g.state_hash(), final_hash);
        } else {
            prop_assert_eq!(final_hash, initial, "only a restart at the start is no step");
        }
    }

    /// Undo gives back exactly the state before each undo step, and the
    /// moves and pushes counted then.
    #[test]
    fn each_undo_restores_the_state_before_its_step(
        moves in prop::collection::vec(prop::sample::select(GridDir::ALL.to_vec()), 0..60),
        which in 0..2usize,
    ) {
        let mut g = arena(which);
        let mut before_each = Vec::new();
        for d in moves {
            let before = (g.state_hash(), g.stats());
            let depth = g.undo_depth();
            g.step(Input::Move(d)).unwrap();
            if g.undo_depth() > depth {
                before_each.push(before);
            }
        }
        prop_assert_eq!(g.undo_depth(), before_each.len());
        while let Some(before) = before_each.pop() {
            g.undo().unwrap();
            prop_assert_eq!((g.state_hash(), g.stats()), before);
        }
        prop_assert_eq!(g.undo_depth(), 0);
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

/// Play MOVES letters (`u d l r w z y !`) on a game.
fn play(g: &mut Game, letters: &str) {
    for c in letters.chars() {
        let command = Command::from_letter(c).unwrap_or_else(|| panic!("{c}"));
        g.apply(command).unwrap();
    }
}

fn facing(g: &Game) -> GridDir {
    g.world().get::<Facing>(g.player()).unwrap().0
}

/// A corridor: walls above, below and right of the player (`u`, `d`, `r`
/// only turn it), a box and a goal to its left.
const STRIP: &str = "
    ######
    #.$ @#
    ######
";

#[test]
fn a_restart_that_only_turns_back_is_an_undo_step_that_undo_reverses() {
    let mut after_u = game(STRIP);
    play(&mut after_u, "u");
    let mut g = game(STRIP);
    play(&mut g, "u!");
    assert_eq!((g.undo_depth(), facing(&g)), (1, GridDir::Down));
    play(&mut g, "z");
    assert_eq!(g.state_hash(), after_u.state_hash(), "u!z is u");
    assert_eq!(facing(&g), GridDir::Up);
}

#[test]
fn a_restart_in_the_very_start_is_no_step_and_keeps_the_redo_list() {
    let mut g = game(STRIP);
    play(&mut g, "lz");
    assert_eq!((g.undo_depth(), g.redo_depth()), (0, 1));
    let start = g.state_hash();
    play(&mut g, "!");
    assert_eq!((g.undo_depth(), g.redo_depth()), (0, 1));
    assert_eq!(g.state_hash(), start);
}

#[test]
fn a_wait_a_bump_or_a_turn_keeps_the_redo_list_and_a_move_clears_it() {
    let mut after_l = game(STRIP);
    play(&mut after_l, "l");
    let mut g = game(STRIP);
    play(&mut g, "lz");
    assert_eq!(g.redo_depth(), 1);
    play(&mut g, "w");
    assert_eq!(g.redo_depth(), 1, "a wait keeps it");
    play(&mut g, "r");
    assert_eq!(g.redo_depth(), 1, "a bump into the wall keeps it");
    play(&mut g, "ud");
    assert_eq!(g.redo_depth(), 1, "turns keep it");
    play(&mut g, "y");
    assert_eq!(
        g.state_hash(),
        after_l.state_hash(),
        "redo gives back the undone position"
    );
    play(&mut g, "lz");
    assert_eq!(g.redo_depth(), 1);
    play(&mut g, "r");
    assert_eq!(g.redo_depth(), 0, "a move clears it");
    assert!(g.redo().unwrap().is_empty());
}

#[test]
fn redo_after_a_turn_replays_from_the_position_it_was_undone_to() {
    let mut g = game(STRIP);
    play(&mut g, "ll");
    let pushed = g.state_hash();
    assert!(g.is_solved());
    play(&mut g, "zu");
    let turned = g.state_hash();
    play(&mut g, "y");
    assert_eq!(g.state_hash(), pushed, "the push again, not a turn up");
    play(&mut g, "z");
    assert_eq!(
        g.state_hash(),
        turned,
        "undo after redo gives back the turned position"
    );
    play(&mut g, "y");
    assert_eq!(g.state_hash(), pushed);
}

#[test]
fn redo_after_turns_between_two_undos_replays_each_step_from_where_it_was_undone_to() {
    const HALL: &str = "#######\n#  @  #\n#######";
    let hash = |letters: &str| {
        let mut g = game(HALL);
        play(&mut g, letters);
        g.state_hash()
    };
    let mut g = game(HALL);
    // Two steps left; undo one, turn up (it joins the first step), undo
    // that, turn down.
    play(&mut g, "llzuzd");
    assert_eq!((g.undo_depth(), g.redo_depth()), (0, 2));
    assert_eq!(g.state_hash(), hash("d"));
    play(&mut g, "y");
    assert_eq!(g.state_hash(), hash("lu"), "the first step and its turn");
    play(&mut g, "y");
    assert_eq!(g.state_hash(), hash("ll"), "the second, facing left again");
    // Undo goes back to where each redo began, before it faced anew.
    play(&mut g, "z");
    assert_eq!(
        g.state_hash(),
        hash("lu"),
        "where the second was redone from"
    );
    play(&mut g, "z");
    assert_eq!(g.state_hash(), hash("d"), "where the first was redone from");
    play(&mut g, "yy");
    assert_eq!(g.state_hash(), hash("ll"));
}

#[test]
fn undo_with_no_undo_step_does_nothing() {
    let mut g = game(STRIP);
    play(&mut g, "u");
    let turned = g.state_hash();
    let events = g.undo().unwrap();
    assert!(events.is_empty());
    assert_eq!(g.state_hash(), turned, "the pending turn stays");
}

/// rules.md §4 History: a restart costs what changed since the previous
/// restart, never the history (restart after undo once replayed all of it).
/// Counted in history bytes and events, not time.
#[test]
fn restart_and_its_undo_cost_what_changed_not_the_history() {
    let cost = |walks: usize| {
        let mut g = game("#@  #");
        for _ in 0..walks {
            play(&mut g, "rl");
        }
        let before = g.history_bytes();
        let mut events = 0;
        for _ in 0..50 {
            events += g.restart().unwrap().len() + g.undo().unwrap().len();
        }
        (g.history_bytes() - before, events)
    };
    let (short, long) = (cost(10), cost(2_000));
    assert_eq!(
        short, long,
        "the same restarts cost the same after a longer history"
    );
}

#[test]
fn a_first_grab_redone_after_a_turn_redoes_again_after_its_undo() {
    // Found by the reference model: the turn made while nothing could be
    // undone joins the redone grab, whose redo faced down again first; a
    // second redo must replay that facing too, not grab facing the wall.
    let level = "###\n#@#\n#$#\n###";
    let mut g = game(level);
    play(&mut g, "g");
    let grabbed = g.state_hash();
    play(&mut g, "zuy");
    assert_eq!(g.state_hash(), grabbed, "the first redo grabs again");
    play(&mut g, "zy");
    assert_eq!(g.state_hash(), grabbed, "and so does the second");
    play(&mut g, "zyzy");
    assert_eq!(g.state_hash(), grabbed, "however often");
}

#[test]
fn a_turn_after_a_fast_walk_joins_it_and_one_undo_takes_both_back() {
    use GridDir::{Left, Up};
    let mut g = game(PLAIN);
    g.step(Input::Move(Left)).unwrap();
    let first = (g.state_hash(), dump(g.world()), g.stats());
    g.step(Input::Move(Up)).unwrap(); // pushes the box above
    assert_eq!(
        g.stats(),
        Stats {
            moves: 2,
            pushes: 1
        }
    );
    g.step(Input::Move(Left)).unwrap();
    let third = (g.state_hash(), g.stats());
    g.step(Input::Move(Up)).unwrap();
    g.step(Input::Move(Left)).unwrap(); // into the wall: turns, joins the walk up
    assert_eq!((g.undo_depth(), facing(&g)), (4, Left));
    let end = (g.state_hash(), dump(g.world()), g.stats());
    g.undo().unwrap();
    assert_eq!((g.state_hash(), g.stats()), third);
    assert_eq!(facing(&g), Left);
    g.undo().unwrap();
    g.undo().unwrap();
    assert_eq!((g.state_hash(), dump(g.world()), g.stats()), first);
    assert_eq!((g.undo_depth(), g.redo_depth()), (1, 3));
    for _ in 0..3 {
        g.redo().unwrap();
    }
    assert_eq!((g.state_hash(), dump(g.world()), g.stats()), end);
}

#[test]
fn a_turn_before_the_first_fast_walk_is_undone_with_it() {
    let mut g = game(
        "
        ######
        #@ $.#
        ######
    ",
    );
    let start = (g.state_hash(), dump(g.world()), g.stats());
    g.step(Input::Move(GridDir::Up)).unwrap(); // into the wall: a turn, no step yet
    assert_eq!((g.undo_depth(), facing(&g)), (0, GridDir::Up));
    g.step(Input::Move(GridDir::Right)).unwrap();
    let walked = (g.state_hash(), dump(g.world()), g.stats());
    assert_eq!(g.undo_depth(), 1);
    g.undo().unwrap();
    assert_eq!((g.state_hash(), dump(g.world()), g.stats()), start);
    assert_eq!((g.undo_depth(), g.redo_depth()), (0, 1));
    g.redo().unwrap();
    assert_eq!((g.state_hash(), dump(g.world()), g.stats()), walked);
}
