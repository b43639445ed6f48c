//! What a `Game`'s fast walk checks of the world before a walk (the player
//! in the index with empty hands, a world where a move runs the walk alone,
//! the player noted for restart) it checks once, then again after every
//! change of another kind: a step the schedule ran, an undo of one, a redo
//! and a restart (BENCHMARKS.md, "The eleventh part"). Each test fails if
//! its kind of change let the fast walk go on without checking again: the
//! next move would walk where the rules carry, or a restart would leave the
//! player where it walked.

mod common;

use common::{level_from_ascii, world_from_ascii, world_to_ascii};
use muscleman_core::{GridDir, Input};
use muscleman_sim::{Command, Game, Rules};

/// A corridor: the player (facing down, as it starts) above a box against
/// the wall.
const CORRIDOR: &str = "
    # #
    #@#
    # #
    #$#
    ###
";

/// The corridor after a pull back up: the player one cell up, the box
/// after it, as `world_to_ascii` prints it.
fn pulled() -> String {
    let (world, _) = world_from_ascii(
        "
        # #
        #@#
        #$#
        # #
        ###
        ",
    );
    world_to_ascii(&world)
}

/// Play `commands` from `grid` through `Game::apply` and return the
/// grid it ends on.
fn play(grid: &str, commands: &[Command]) -> String {
    let mut game = Game::new(&level_from_ascii(grid), Rules::MUSCLEMAN).unwrap();
    for &command in commands {
        game.apply(command).unwrap();
    }
    world_to_ascii(game.world())
}

fn mv(dir: GridDir) -> Command {
    Command::Step(Input::Move(dir))
}

#[test]
fn a_grab_after_a_walk_makes_the_next_move_pull() {
    // A walk (the fast walk's), a grab (the schedule's), then a move back:
    // holding, the player pulls the box after it.
    let end = play(
        CORRIDOR,
        &[
            mv(GridDir::Down),
            Command::Step(Input::Grab),
            mv(GridDir::Up),
        ],
    );
    assert_eq!(end, pulled());
}

#[test]
fn an_undo_that_gives_the_box_back_makes_the_next_move_pull() {
    // Grab, drop, then a walk; the undo of the walk keeps what the fast
    // walk checked, but the undo of the drop puts the box back in the
    // player's hands: the move after it pulls.
    let end = play(
        CORRIDOR,
        &[
            mv(GridDir::Down),
            Command::Step(Input::Grab),
            Command::Step(Input::Drop),
            mv(GridDir::Up),
            Command::Undo,
            Command::Undo,
            mv(GridDir::Up),
        ],
    );
    assert_eq!(end, pulled());
}

#[test]
fn a_walk_after_a_restart_is_put_back_by_the_next_restart() {
    // Each restart begins a new record of how things started; the walk
    // after it must be noted there for the next restart to put it back.
    let mut game = Game::new(&level_from_ascii(CORRIDOR), Rules::MUSCLEMAN).unwrap();
    let start = (world_to_ascii(game.world()), game.state_hash());
    for command in [
        mv(GridDir::Down),
        Command::Restart,
        mv(GridDir::Down),
        Command::Restart,
    ] {
        game.apply(command).unwrap();
    }
    assert_eq!((world_to_ascii(game.world()), game.state_hash()), start);
}
