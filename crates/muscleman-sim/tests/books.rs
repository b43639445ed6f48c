//! Books (rules.md §4, "Push chain: Book into a ghost"): a push chain of a
//! move whose far end is a book and whose next cell holds a ghost releases
//! the ghost (`GhostReleased`, GhostsReleased + 1), then moves as into a
//! free cell; in walks, forward and backward carries and both sideways
//! lanes, only when the whole move succeeds, and never in a swing's shove.
//! A book in a box is no book until a hammer spills it.

mod common;

use common::{Legend, assert_play_in, id_at_in, legend_with, story};
use muscleman_core::{EntityId, GlobalCounter, GridPos, SimEvent};
use muscleman_sim::{Rules, TagKind};

/// The book and ghost letters, over the common test legend.
const BOOKS: &Legend = &[
    ('k', "Book"),
    ('z', "Box(Book)"),
    ('A', "Ghost:up"),
    ('G', "Ghost"),
    ('s', "Ghost:right"),
    ('x', "Ghost:left"),
];

fn legend() -> Vec<(char, &'static str)> {
    legend_with(BOOKS)
}

fn id(grid: &str, x: i32, y: i32, tag: TagKind) -> EntityId {
    id_at_in(&legend(), grid, x, y, tag)
}

fn moved(grid: &str, x: i32, y: i32, tag: TagKind) -> String {
    format!("moved {}", id(grid, x, y, tag))
}

fn released(grid: &str, gx: i32, gy: i32, bx: i32, by: i32) -> String {
    format!(
        "ghost_released {} {}",
        id(grid, gx, gy, TagKind::Ghost),
        id(grid, bx, by, TagKind::Book)
    )
}

/// Play `moves` on `before`, check the board reads `after`, and return the
/// last step's story and the ghosts released.
fn play(before: &str, moves: &str, after: &str) -> (Vec<String>, u64, Option<EntityId>) {
    let played = assert_play_in(&legend(), &Rules::MUSCLEMAN, before, moves, after);
    let last = played.batches.last().map(story).unwrap_or_default();
    (
        last,
        played.world.counter(GlobalCounter::GhostsReleased),
        played.holding(),
    )
}

#[test]
fn a_walk_pushes_a_book_into_a_ghost_which_is_released_first() {
    const BEFORE: &str = "
        #######
        #@$kA #
        #######
    ";
    let (last, count, _) = play(
        BEFORE,
        "r",
        "
        #######
        #-@$k #
        #######
        ",
    );
    assert_eq!(
        last,
        [
            released(BEFORE, 4, 1, 3, 1),
            moved(BEFORE, 3, 1, TagKind::Book),
            moved(BEFORE, 2, 1, TagKind::Pushable),
            moved(BEFORE, 1, 1, TagKind::Player),
        ]
    );
    assert_eq!(count, 1);
}

#[test]
fn a_ghost_is_released_wherever_it_stands_outside_its_rectangle_too() {
    // The walls' rectangle is their column: the ghost stands outside it.
    let (last, count, _) = play("#@kA", "r", "#-@k");
    assert_eq!(last.len(), 3, "{last:?}");
    assert_eq!(count, 1);
}

#[test]
fn only_a_book_at_the_far_end_gets_through_and_a_door_stops_a_book() {
    // A box before the book at the far end: stopped by the ghost.
    let (last, count, _) = play(
        "
        #######
        #@k$A #
        #######
        ",
        "r",
        "
        #######
        #@k$G #
        #######
        ",
    );
    assert_eq!(last.len(), 1, "a bump: {last:?}");
    assert_eq!(count, 0);
    // A closed door stops a book like any non-key.
    let (last, _, _) = play(
        "
        ######
        #@kR #
        ######
        ",
        "r",
        "
        ######
        #@kR #
        ######
        ",
    );
    assert_eq!(last.len(), 1, "a bump: {last:?}");
}

#[test]
fn a_held_book_carried_forward_releases_a_ghost_and_stays_held() {
    const BEFORE: &str = "
        ######
        #@kA #
        ######
    ";
    let (last, count, held) = play(
        BEFORE,
        "[gr",
        "
        ######
        #-@k #
        ######
        ",
    );
    assert_eq!(
        last,
        [
            released(BEFORE, 3, 1, 2, 1),
            moved(BEFORE, 2, 1, TagKind::Book),
            moved(BEFORE, 1, 1, TagKind::Player),
        ]
    );
    assert_eq!(count, 1);
    assert_eq!(held, Some(id(BEFORE, 2, 1, TagKind::Book)));
}

#[test]
fn a_backward_move_pushes_a_book_into_a_ghost_behind_the_player() {
    const BEFORE: &str = "
        ######
        #Ak@$#
        ######
    ";
    let (last, count, _) = play(
        BEFORE,
        "[gl",
        "
        ######
        #k@$-#
        ######
        ",
    );
    assert_eq!(
        last,
        [
            released(BEFORE, 1, 1, 2, 1),
            moved(BEFORE, 2, 1, TagKind::Book),
            moved(BEFORE, 3, 1, TagKind::Player),
            moved(BEFORE, 4, 1, TagKind::Pushable),
        ]
    );
    assert_eq!(count, 1);
}

#[test]
fn both_sideways_lanes_release_a_ghost_item_lane_first() {
    // The item lane: the held box pushes the book into the ghost.
    const ITEM: &str = "
        ######
        ##s###
        # k  #
        #@$  #
        ######
    ";
    let (last, count, _) = play(
        ITEM,
        "[gu",
        "
        ######
        ##k###
        #@$  #
        #    #
        ######
        ",
    );
    assert_eq!(
        last,
        [
            released(ITEM, 2, 1, 2, 2),
            moved(ITEM, 2, 2, TagKind::Book),
            moved(ITEM, 2, 3, TagKind::Pushable),
            moved(ITEM, 1, 3, TagKind::Player),
        ]
    );
    assert_eq!(count, 1);
    // The player lane: the player pushes the book into the ghost.
    const PLAYER: &str = "
        ######
        #s####
        #k   #
        #@$  #
        ######
    ";
    let (last, count, _) = play(
        PLAYER,
        "[gu",
        "
        ######
        #k####
        #@$  #
        #    #
        ######
        ",
    );
    assert_eq!(
        last,
        [
            moved(PLAYER, 2, 3, TagKind::Pushable),
            released(PLAYER, 1, 1, 1, 2),
            moved(PLAYER, 1, 2, TagKind::Book),
            moved(PLAYER, 1, 3, TagKind::Player),
        ]
    );
    assert_eq!(count, 1);
}

#[test]
fn no_ghost_is_released_when_the_other_lane_is_refused() {
    // The item lane would release the ghost; the player lane meets a wall.
    let (last, count, _) = play(
        "
        ######
        ##s###
        ##k  #
        #@$  #
        ######
        ",
        "[gu",
        "
        ######
        ##x###
        ##k  #
        #@$  #
        ######
        ",
    );
    assert_eq!(last.len(), 1, "{last:?}");
    assert!(last[0].starts_with("bump"), "{last:?}");
    assert_eq!(count, 0);
}

#[test]
fn a_swing_shove_never_releases_a_ghost() {
    const BEFORE: &str = "
        #####
        #$kA#
        #@###
        #####
    ";
    let played = assert_play_in(&legend(), &Rules::MUSCLEMAN, BEFORE, "]]g]", BEFORE);
    assert!(
        matches!(played.last(), [SimEvent::SwingBlocked(_)]),
        "{:?}",
        played.last()
    );
    assert_eq!(played.world.counter(GlobalCounter::GhostsReleased), 0);
}

#[test]
fn a_book_spilled_by_a_hammer_releases_a_ghost_in_the_same_step() {
    const BEFORE: &str = "
        #####
        #sz #
        #@h #
        #####
    ";
    let played = assert_play_in(
        &legend(),
        &Rules::MUSCLEMAN,
        BEFORE,
        "[g[",
        "
        #####
        # k #
        #@h #
        #####
        ",
    );
    let book = played
        .world
        .index()
        .first_with(TagKind::Book, GridPos::new(2, 1))
        .unwrap();
    let ghost = id(BEFORE, 1, 1, TagKind::Ghost);
    let last = story(&played.batches[2]);
    assert_eq!(last.len(), 2, "{last:?}");
    assert!(matches!(played.last()[0], SimEvent::Smashed(_)));
    assert_eq!(last[1], format!("ghost_released {ghost} {book}"));
}

#[test]
fn climbing_stairs_never_releases_a_ghost_on_the_landing() {
    // The book carried up would land where a ghost stands: the player lets
    // go and climbs alone, and the ghost stays (rules.md §4 Push chain).
    let text = "legend: u = StairsUp\nlegend: d = StairsDown\nlegend: m = Book\n\
                legend: A = Ghost:up\nfloor:\n########\n#@m u  #\n########\n\
                floor:\n########\n#   dA #\n########\n";
    let level = muscleman_level::Level::parse(text).unwrap();
    let mut game = muscleman_sim::Game::new(&level, Rules::MUSCLEMAN).unwrap();
    let ghost = game
        .world()
        .entities()
        .into_iter()
        .find(|id| game.world().tags(*id).unwrap().contains(TagKind::Ghost))
        .unwrap();
    for c in "rgrr".chars() {
        let command = muscleman_sim::Command::from_letter(c).unwrap();
        game.apply(command).unwrap();
        common::assert_invariants(game.world());
    }
    assert_eq!(game.player_floor(), 2, "the player climbed");
    assert!(game.world().is_alive(ghost), "the ghost stays");
    assert_eq!(game.world().counter(GlobalCounter::GhostsReleased), 0);
    let player = game.player();
    let hands = game.world().get::<muscleman_sim::Holding>(player).unwrap();
    assert_eq!(hands.0, None, "the book was let go");
}
