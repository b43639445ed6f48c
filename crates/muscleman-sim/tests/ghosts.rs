//! Ghosts (rules.md §4, "Actors phase: ducks and ghosts"): every step,
//! whatever the input, each ghost, in id order with the ducks, is released
//! by a book in its next cell (held or not), or walks one cell its way
//! inside its floor's rectangle (floating, never pushing), or turns around
//! silently. It weighs nothing (no plate, no goal), cannot be moved, a
//! door never closes on it, and its moves, turns and release are state.

mod common;

use common::{
    Legend, assert_history_round_trips_in, assert_play_in, assert_steps_in, id_at_in, legend_with,
    level_from_ascii_in, played_in, story,
};
use muscleman_core::{GlobalCounter, GridDir, Input, MoveCause, Moved, SimEvent};
use muscleman_sim::{Facing, Game, Rules, TagKind, is_solved};

/// The ghost and book letters, over the common test legend.
const GHOSTS: &Legend = &[
    ('G', "Ghost"),
    ('A', "Ghost:up"),
    ('s', "Ghost:right"),
    ('x', "Ghost:left"),
    ('X', "WaterCell Ghost:right"),
    ('Y', "WaterCell Ghost:left"),
    ('F', "Ghost:up PressurePlateRed"),
    ('E', "Ghost PressurePlateRed"),
    ('V', "Ghost:right PressurePlateRed"),
    ('v', "Ghost:right PressurePlateHeavy"),
    ('L', "Ghost:left PressurePlateRed"),
    ('M', "Ghost:right Goal"),
    ('N', "Ghost:left DoorRed:open"),
    ('k', "Book"),
    ('d', "Duck:right"),
];

fn legend() -> Vec<(char, &'static str)> {
    legend_with(GHOSTS)
}

fn id(grid: &str, x: i32, y: i32, tag: TagKind) -> muscleman_core::EntityId {
    id_at_in(&legend(), grid, x, y, tag)
}

fn ghost(grid: &str, x: i32, y: i32) -> String {
    format!("moved {}", id(grid, x, y, TagKind::Ghost))
}

fn released(grid: &str, gx: i32, gy: i32, bx: i32, by: i32) -> String {
    format!(
        "ghost_released {} {}",
        id(grid, gx, gy, TagKind::Ghost),
        id(grid, bx, by, TagKind::Book)
    )
}

#[test]
fn a_ghost_walks_every_step_whatever_the_input_and_turns_around_silently() {
    const BEFORE: &str = "
        #######
        #@ s  #
        #######
    ";
    let player = format!("moved {}", id(BEFORE, 1, 1, TagKind::Player));
    // A wait, a grab of nothing, a turn in place, a walk, a wait.
    let batches = assert_steps_in(
        &legend(),
        BEFORE,
        "wg]rw",
        "
        #######
        #-@x  #
        #######
        ",
    );
    let walks = ghost(BEFORE, 3, 1);
    assert_eq!(story(&batches[0]), std::slice::from_ref(&walks));
    assert_eq!(story(&batches[1]), std::slice::from_ref(&walks));
    assert!(
        story(&batches[2]).is_empty(),
        "the wall: it turns, silently"
    );
    assert_eq!(story(&batches[3]), [player, walks.clone()]);
    assert_eq!(story(&batches[4]), [walks]);
    let moved: Vec<_> = batches[0].of::<Moved>().map(|m| m.cause).collect();
    assert_eq!(moved, [MoveCause::Brain]);
}

#[test]
fn a_ghost_floats_never_pushes_and_is_never_pushed_grabbed_or_shoved() {
    // Over water and back; a box ahead turns it round.
    assert_steps_in(
        &legend(),
        "
        #######
        #@ X~$#
        #######
        ",
        "www",
        "
        #######
        #@ Y~$#
        #######
        ",
    );
    // A box pushed into it is stopped as by a wall (a bump), and so is
    // the player; it is not lifted. Between two walls it turns in place.
    let played = assert_play_in(
        &legend(),
        &Rules::MUSCLEMAN,
        "
        ######
        #@$A #
        ######
        ",
        "r",
        "
        ######
        #@$G #
        ######
        ",
    );
    assert!(common::bumped(played.batches[0].events()));
    let played = assert_play_in(
        &legend(),
        &Rules::MUSCLEMAN,
        "
        #####
        #@A #
        #####
        ",
        "[gr",
        "
        #####
        #@G #
        #####
        ",
    );
    assert_eq!(played.holding(), None, "a ghost is not liftable");
    assert!(common::bumped(played.batches[2].events()));
    // A swing's arc is blocked at the ghost's cell.
    const SWING: &str = "
        ####
        #hA#
        #@##
        ####
    ";
    let played = assert_play_in(&legend(), &Rules::MUSCLEMAN, SWING, "]]g]", SWING);
    assert_eq!(played.facing(), GridDir::Up);
    assert_eq!(played.holding(), Some(id(SWING, 1, 1, TagKind::Hammer)));
    assert!(
        matches!(played.last(), [SimEvent::SwingBlocked(_)]),
        "{:?}",
        played.last()
    );
}

#[test]
fn a_ghost_walking_into_a_book_is_released_held_or_not() {
    // A book on the floor: the ghost is released, the book stays.
    const LOOSE: &str = "
        #######
        #@ s k#
        #######
    ";
    let batches = assert_steps_in(
        &legend(),
        LOOSE,
        "ww",
        "
        #######
        #@   k#
        #######
        ",
    );
    assert_eq!(story(&batches[0]), [ghost(LOOSE, 3, 1)]);
    assert_eq!(story(&batches[1]), [released(LOOSE, 3, 1, 5, 1)]);
    // A book the player holds: released, the book still held.
    const HELD: &str = "
        ########
        #@k  x #
        ########
    ";
    let played = assert_play_in(
        &legend(),
        &Rules::MUSCLEMAN,
        HELD,
        "[gw",
        "
        ########
        #@k    #
        ########
        ",
    );
    let book = id(HELD, 2, 1, TagKind::Book);
    assert_eq!(played.holding(), Some(book));
    assert_eq!(story(&played.batches[2]), [released(HELD, 5, 1, 2, 1)]);
    assert_eq!(played.world.counter(GlobalCounter::GhostsReleased), 1);
}

#[test]
fn one_book_releases_two_ghosts_in_id_order_in_one_actors_phase() {
    const BEFORE: &str = "
        #######
        #@ skx#
        #######
    ";
    let played = assert_play_in(
        &legend(),
        &Rules::MUSCLEMAN,
        BEFORE,
        "w",
        "
        #######
        #@  k #
        #######
        ",
    );
    assert_eq!(
        story(&played.batches[0]),
        [released(BEFORE, 3, 1, 4, 1), released(BEFORE, 5, 1, 4, 1)]
    );
    assert_eq!(played.world.counter(GlobalCounter::GhostsReleased), 2);
}

#[test]
fn ducks_and_ghosts_act_in_one_pass_by_id_and_block_each_other() {
    // The ghost (the lower id) finds the duck in its way and turns round;
    // then the duck walks on.
    const BEFORE: &str = "
        ######
        # sd #
        #@   #
        ######
    ";
    let batches = assert_steps_in(
        &legend(),
        BEFORE,
        "w",
        "
        ######
        # x d#
        #@   #
        ######
        ",
    );
    let duck = format!("moved {}", id(BEFORE, 3, 1, TagKind::Pushable));
    assert_eq!(story(&batches[0]), [duck]);
}

#[test]
fn a_ghost_leaves_no_rectangle_and_one_outside_only_turns() {
    // The rectangle is the walls' column: a ghost outside it only turns.
    let played = assert_play_in(
        &legend(),
        &Rules::MUSCLEMAN,
        "
        #@ s
        ",
        "ww",
        "
        #@ s
        ",
    );
    let turned = played.world.get::<Facing>(id("#@ s", 3, 0, TagKind::Ghost));
    assert_eq!(turned.map(|f| f.0), Ok(GridDir::Right));
}

#[test]
fn a_ghost_presses_no_plate_and_a_door_it_alone_would_hold_stays_closed() {
    // The red door's only plate is under a ghost: not pressed at load,
    // and never while the ghost turns on it.
    const ALONE: &str = "
        #######
        #@ F  #
        #R#####
        #######
    ";
    let played = assert_play_in(&legend(), &Rules::MUSCLEMAN, ALONE, "ww", ALONE);
    assert!(
        played.batches.iter().all(|b| b.is_empty()),
        "{:?}",
        played.batches
    );
    // Walking off a plate and onto another presses and releases nothing.
    let played = assert_play_in(
        &legend(),
        &Rules::MUSCLEMAN,
        "
        ########
        #@ V p #
        #R######
        ########
        ",
        "ww",
        "
        ########
        #@ p V #
        #R######
        ########
        ",
    );
    for batch in &played.batches {
        assert!(
            batch.iter().all(|e| matches!(e, SimEvent::Moved(_))),
            "{batch:?}"
        );
    }
    // Nor a heavy plate: the secret door stays shut.
    let batches = assert_steps_in(
        &legend(),
        "
        ######
        #@v S#
        ######
        ",
        "w",
        "
        ######
        #@PsS#
        ######
        ",
    );
    assert_eq!(batches[0].len(), 1);
}

#[test]
fn an_open_door_never_closes_on_a_ghost() {
    // The player on the plate holds the red door open; the ghost walks
    // into the doorway as the player steps off: the door stays open while
    // the ghost stands in it, and closes once the ghost has walked on.
    const BEFORE: &str = "
        ########
        #jO  x #
        #      #
        ########
    ";
    let played = assert_play_in(
        &legend(),
        &Rules::MUSCLEMAN,
        BEFORE,
        "wwd",
        "
        ########
        #pN    #
        #@     #
        ########
        ",
    );
    let plate = id(BEFORE, 1, 1, TagKind::PressurePlate);
    let door = id(BEFORE, 2, 1, TagKind::Door);
    let last = story(&played.batches[2]);
    assert!(
        last.contains(&format!("plate_released {plate}")),
        "{last:?}"
    );
    assert!(
        !last.iter().any(|e| e.starts_with("door_closed")),
        "{last:?}"
    );
    let played = assert_play_in(
        &legend(),
        &Rules::MUSCLEMAN,
        BEFORE,
        "wwdw",
        "
        ########
        #LR    #
        #@     #
        ########
        ",
    );
    assert_eq!(
        story(&played.batches[3]),
        [ghost(BEFORE, 5, 1), format!("door_closed {door}")]
    );
}

#[test]
fn a_ghost_counts_on_no_goal() {
    let level = level_from_ascii_in(
        &legend(),
        "
        #####
        #@M #
        #####
        ",
    );
    let game = Game::new(&level, Rules::MUSCLEMAN).unwrap();
    assert!(!is_solved(game.world()));
}

#[test]
fn undo_redo_and_restart_bring_a_released_ghost_back_exactly() {
    const GRID: &str = "
        ########
        #@k  x #
        #   s k#
        ########
    ";
    assert_history_round_trips_in(&legend(), GRID, "wrwzzyy!z");
    // Released by a push, and by a walk into a held book.
    const PUSHED: &str = "
        #######
        #@kA  #
        #  x  #
        #######
    ";
    assert_history_round_trips_in(&legend(), PUSHED, "rwzy!zdz");
    assert_history_round_trips_in(&legend(), "#@k  x#", "[gwwzzy");
    let mut game = played_in(&legend(), GRID, "");
    let start = (game.state_hash(), game.world().entities());
    game.apply(muscleman_sim::Command::Step(Input::Wait))
        .unwrap();
    game.apply(muscleman_sim::Command::Step(Input::Wait))
        .unwrap();
    assert_eq!(game.world().counter(GlobalCounter::GhostsReleased), 1);
    game.undo().unwrap();
    game.undo().unwrap();
    assert_eq!((game.state_hash(), game.world().entities()), start);
}
