//! Differential property tests: the solver's step and successor functions
//! against the real sim, on random enclosed levels under random rules.

mod common;

use std::collections::BTreeSet;

use muscleman_core::{GridDir, GridPos, Input};
use muscleman_sim::{Rules, TagKind, World, step_with};
use muscleman_solver::{Position, Problem, Push, pushes_are_complete};
use proptest::prelude::*;

fn sim_boxes(world: &World, p: &Problem) -> Vec<GridPos> {
    let mut out = Vec::new();
    for y in 0..p.height as i32 {
        for x in 0..p.width as i32 {
            let at = GridPos::new(x, y);
            if world.index().has_kind_at(TagKind::Pushable, at) {
                out.push(at);
            }
        }
    }
    out
}

/// The problem with the player at `at` and boxes at `boxes` (kinds kept by order).
fn with_state(p: &Problem, at: GridPos, boxes: &[GridPos]) -> Problem {
    let mut q = p.clone();
    q.player = at;
    for (slot, b) in q.boxes.iter_mut().zip(boxes) {
        slot.0 = *b;
    }
    q
}

/// Every push the sim allows from the player's region, found by walking the
/// sim itself: the region by BFS over sim steps that move no box, then one
/// sim step in each direction from each region cell.
fn sim_pushes(p: &Problem, rules: &Rules) -> BTreeSet<Push> {
    let (world, _) = p.to_world().expect("valid");
    let boxes = sim_boxes(&world, p);
    let mut region = BTreeSet::from([p.player]);
    let mut todo = vec![p.player];
    let mut pushes = BTreeSet::new();
    while let Some(c) = todo.pop() {
        for dir in GridDir::ALL {
            let (mut w, player) = with_state(p, c, &boxes).to_world().expect("valid");
            step_with(&mut w, player, Input::Move(dir), rules).expect("step");
            let after = w.position(player).expect("player");
            let moved_boxes = sim_boxes(&w, p);
            if moved_boxes != boxes {
                pushes.insert(Push {
                    from: c,
                    dir,
                    player_after: after,
                    boxes_after: moved_boxes,
                });
            } else if after != c && region.insert(after) {
                todo.push(after);
            }
        }
    }
    pushes
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Stepping the solver's position and the sim in lockstep gives the same
    /// player cell and box cells after every input.
    #[test]
    fn step_matches_sim(
        p in common::level(6, 5),
        rules in common::rules(),
        inputs in prop::collection::vec(0usize..4, 0..60),
    ) {
        let mut pos = Position::new(&p, &rules).expect("valid level");
        let (mut world, player) = p.to_world().expect("valid level");
        for i in inputs {
            let dir = GridDir::ALL[i];
            pos.step(dir);
            step_with(&mut world, player, Input::Move(dir), &rules).expect("step");
            prop_assert_eq!(pos.player(), world.position(player).expect("player"));
            prop_assert_eq!(pos.boxes(), sim_boxes(&world, &p));
        }
    }

    /// The solver proves a level unsolvable only under rules where moves
    /// and pushes are all there is ([`pushes_are_complete`]: classic Sokoban
    /// rules, which refuse grab, drop and the swings; rules.md §4). Under
    /// them grab, drop, the swings and wait must leave every cell as it is;
    /// if the sim ever lets them move something there, this fails before the
    /// solver could call a level it cannot pull in unsolvable. (Under
    /// Muscleman rules they move boxes, and the solver gives up instead of
    /// proving: `an_exhausted_push_search_proves_only_under_sokoban_rules`.)
    #[test]
    fn only_moves_move_anything_in_the_sim_under_sokoban_rules(
        p in common::level(6, 5),
        inputs in prop::collection::vec(0usize..9, 0..60),
    ) {
        let rules = Rules::SOKOBAN;
        prop_assert!(pushes_are_complete(&rules));
        let all = Input::ALL;
        let mut pos = Position::new(&p, &rules).expect("valid level");
        let (mut world, player) = p.to_world().expect("valid level");
        for i in inputs {
            let input = all[i];
            if let Input::Move(dir) = input {
                pos.step(dir);
            }
            step_with(&mut world, player, input, &rules).expect("step");
            prop_assert_eq!(pos.player(), world.position(player).expect("player"), "{:?}", input);
            prop_assert_eq!(pos.boxes(), sim_boxes(&world, &p), "{:?}", input);
        }
    }

    /// The successor function (every push from the player's region) is
    /// exactly the set of pushes the sim allows, with the same results.
    #[test]
    fn successors_match_sim(
        p in common::level(5, 4),
        rules in common::rules(),
        inputs in prop::collection::vec(0usize..4, 0..20),
    ) {
        // Reach a random position first, then compare there.
        let mut pos = Position::new(&p, &rules).expect("valid level");
        for i in inputs {
            pos.step(GridDir::ALL[i]);
        }
        let here = with_state(&p, pos.player(), &pos.boxes());
        let ours: BTreeSet<Push> = pos.pushes().into_iter().collect();
        let theirs = sim_pushes(&here, &rules);
        prop_assert_eq!(ours, theirs);
    }
}
