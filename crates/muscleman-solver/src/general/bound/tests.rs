//! Tests of the lower bound.

use super::*;
use muscleman_sim::Trail;

fn bound(text: &str, rules: Rules, optimize: Optimize) -> Option<u32> {
    let level = Level::parse(text).unwrap_or_else(|e| panic!("{e}"));
    let trail = Trail::new(&level, rules).unwrap_or_else(|e| panic!("{e}"));
    bound_of(&level, trail.world(), trail.player(), &rules, optimize)
}

#[test]
fn under_sokoban_rules_it_is_the_matching_plus_the_walk() {
    // Two boxes, each two pushes from a goal; the player two moves from
    // standing beside the nearer box.
    let text = "########\n#@  $ .#\n#   $ .#\n########\n";
    assert_eq!(bound(text, Rules::SOKOBAN, Optimize::Pushes), Some(4));
    assert_eq!(bound(text, Rules::SOKOBAN, Optimize::Moves), Some(2 + 4));
    assert_eq!(bound(text, Rules::SOKOBAN, Optimize::Fast), Some(0));
}

#[test]
fn with_hands_a_step_may_move_several_boxes() {
    // Unlimited chains and hands: a step may move both boxes, so the
    // pushes bound is the larger of half the matching (rounded up) and
    // the farthest box; a swing costs no move, so move-optimal search
    // has no bound (0), unless nothing can be grabbed (heavy boxes).
    let text = "#########\n#@  $  .#\n#   $  .#\n#########\n";
    assert_eq!(bound(text, Rules::MUSCLEMAN, Optimize::Pushes), Some(3));
    assert_eq!(bound(text, Rules::MUSCLEMAN, Optimize::Moves), Some(0));
    let heavy = text.replace('$', "&");
    assert_eq!(
        bound(&heavy, Rules::MUSCLEMAN, Optimize::Moves),
        Some(2 + 3)
    );
}

#[test]
fn the_bottleneck_gives_each_goal_its_own_box() {
    // Three goals, four boxes: every goal is one step from boxes 0 and
    // 1 and nine from the others, so some goal waits nine.
    let mut b = Bound {
        cost: vec![1, 1, 9, 9, 1, 1, 9, 9, 1, 1, 9, 9],
        ..Bound::default()
    };
    assert!(b.matches_all(3, 4, 9));
    assert!(!b.matches_all(3, 4, 8));
    assert_eq!(b.bottleneck(3, 4, 1), 9);
    // Two goals can share nothing either: the diagonal is cheapest.
    b.cost = vec![1, 5, 5, 2];
    assert_eq!(b.bottleneck(2, 2, 1), 2);
    assert_eq!(b.bottleneck(2, 2, 3), 3);
}

#[test]
fn a_goal_no_box_reaches_is_dead_and_the_bound_stays_off_where_unsound() {
    // The top row's box can never go down to the second goal.
    let live = "######\n#@$ .#\n#    #\n# $. #\n######\n";
    assert_eq!(bound(live, Rules::SOKOBAN, Optimize::Pushes), Some(3));
    let stuck = "#######\n#@$ $.#\n#   . #\n#######\n";
    assert_eq!(bound(stuck, Rules::SOKOBAN, Optimize::Pushes), None);
    // Two floors: off.
    let floors = "#####\n#@$.#\n#####\nfloor: 2\n#####\n#   #\n#####\n";
    assert_eq!(bound(floors, Rules::SOKOBAN, Optimize::Pushes), Some(0));
}

#[test]
fn past_an_open_edge_boxes_come_back_anywhere() {
    // Open on the right: the box may leave and come back round the
    // walls, so the goal behind the wall is reachable.
    let text = "####\n#@$ \n####\n#.  \n####\n";
    let pushes = bound(text, Rules::SOKOBAN, Optimize::Pushes);
    assert!(pushes.is_some_and(|p| p > 0), "{pushes:?}");
}
