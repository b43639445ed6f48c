//! Open and enclosed levels: an exhausted search is a proof only on an
//! enclosed level; on an open one (the sim has floor beyond the edge) the
//! solver gives up instead, and still returns any solution it finds.

mod common;

use muscleman_core::GridPos;
use muscleman_sim::Rules;
use muscleman_solver::{
    Boundary, GiveUpReason, Optimize, Problem, SolveOptions, SolveOutcome, UnsolvableReason,
    WallKind, pushes_are_complete, replay, solve,
};
use proptest::prelude::*;

fn level(text: &str) -> Problem {
    Problem::from_xsb(text).expect("test level reads")
}

fn open_at(x: i32, y: i32) -> Boundary {
    Boundary::Open {
        edge: GridPos::new(x, y),
    }
}

fn outcome(p: &Problem, rules: Rules, optimize: Optimize) -> SolveOutcome {
    let options = SolveOptions {
        rules,
        optimize,
        memory_mb: 64,
        ..SolveOptions::default()
    };
    solve(p, &options).expect("no error")
}

#[test]
fn walls_all_round_enclose_and_a_gap_opens() {
    assert_eq!(level("#####\n#@$.#\n#####").boundary(), Boundary::Enclosed);
    // A gap in the top wall, reached through the room.
    assert_eq!(level("##-##\n#@$.#\n#####").boundary(), open_at(2, 0));
    // The player on the edge itself.
    assert_eq!(level("@$.").boundary(), open_at(0, 0));
    // The first open edge cell in reading order, not the one nearest the player.
    assert_eq!(level(" . \n $@").boundary(), open_at(0, 0));
}

#[test]
fn boxes_water_and_goals_do_not_close_the_edge_but_weak_walls_do() {
    // A box in the gap: it can be pushed out in the sim.
    assert_eq!(level("##$##\n#@ .#\n#####").boundary(), open_at(2, 0));
    // A goal or water in the gap.
    assert_eq!(level("##.##\n#@$ #\n#####").boundary(), open_at(2, 0));
    assert_eq!(level("##~##\n#@$.#\n#####").boundary(), open_at(2, 0));
    // A weak wall blocks like a wall, and nothing in a problem breaks it.
    assert_eq!(level("##%##\n#@$.#\n#####").boundary(), Boundary::Enclosed);
}

#[test]
fn floor_outside_the_walls_is_not_reached() {
    // Ragged rows: the floor at the top left lies outside the walls.
    let p = level("  #####\n###   #\n#@ $ .#\n#######");
    assert_eq!(p.boundary(), Boundary::Enclosed);
    // A box beyond the walls touches the edge, but no one can reach it.
    let p = level("$#####\n #@$.#\n #####");
    assert_eq!(p.boundary(), Boundary::Enclosed);
    assert!(p.is_enclosed());
}

#[test]
fn the_two_open_examples_are_not_called_unsolvable() {
    // The sim solves both by walking off the map: `dlU` and `ulldRR`.
    for (text, edge, moves) in [(" . \n $@", (0, 0), "dlU"), ("$@.", (0, 0), "ulldRR")] {
        let p = level(text);
        for rules in [Rules::MUSCLEMAN, Rules::SOKOBAN] {
            let r = replay(&p, &rules, moves).expect("the sim walks outside");
            assert!(r.solved, "{text}: {moves} solves in the sim");
            for optimize in [Optimize::Fast, Optimize::Pushes, Optimize::Moves] {
                match outcome(&p, rules, optimize) {
                    SolveOutcome::GaveUp {
                        reason: GiveUpReason::OpenLevel { edge: at },
                        ..
                    } => assert_eq!(at, GridPos::new(edge.0, edge.1), "{text}"),
                    other => panic!("{text} {optimize:?}: expected to give up, got {other:?}"),
                }
            }
        }
    }
}

#[test]
fn a_solution_on_an_open_level_is_still_returned() {
    let p = level("@$.");
    let SolveOutcome::Solved(s) = outcome(&p, Rules::MUSCLEMAN, Optimize::Fast) else {
        panic!("not solved")
    };
    assert_eq!(s.moves, "R");
}

#[test]
fn an_enclosed_unsolvable_level_is_still_proved() {
    // Box in a corner, and a chain that Sokoban rules cannot push (Muscleman
    // rules let the player pull the corner box: the push search proves
    // nothing there).
    for (text, rules) in [
        ("#####\n#$  #\n#  .#\n# @ #\n#####", Rules::SOKOBAN),
        ("########\n#@$$ ..#\n########", Rules::SOKOBAN),
    ] {
        let p = level(text);
        assert_eq!(p.boundary(), Boundary::Enclosed);
        assert!(matches!(
            outcome(&p, rules, Optimize::Fast),
            SolveOutcome::Unsolvable {
                reason: UnsolvableReason::Exhausted,
                ..
            }
        ));
    }
}

#[test]
fn no_goals_and_too_few_boxes_are_proofs_on_open_levels_too() {
    // Walking and pushing never make a goal or a box.
    assert!(matches!(
        outcome(&level("@$ "), Rules::MUSCLEMAN, Optimize::Fast),
        SolveOutcome::Unsolvable {
            reason: UnsolvableReason::NoGoals,
            ..
        }
    ));
    assert!(matches!(
        outcome(&level("@$.."), Rules::MUSCLEMAN, Optimize::Fast),
        SolveOutcome::Unsolvable {
            reason: UnsolvableReason::TooFewBoxes { boxes: 1, goals: 2 },
            ..
        }
    ));
}

/// `p` moved into a rectangle `margin` cells larger on every side, the new
/// cells floor and its outermost ring wall: a stand-in for the sim's floor
/// beyond the level's edge, where the player may walk round the level.
fn with_floor_around(p: &Problem, margin: i32) -> Problem {
    let shift = |at: GridPos| GridPos::new(at.x + margin + 1, at.y + margin + 1);
    let (w, h) = (
        p.width as i32 + 2 * margin + 2,
        p.height as i32 + 2 * margin + 2,
    );
    let mut q = Problem {
        width: w as u32,
        height: h as u32,
        player: shift(p.player),
        walls: p.walls.iter().map(|(at, k)| (shift(*at), *k)).collect(),
        water: p.water.iter().map(|at| shift(*at)).collect(),
        goals: p.goals.iter().map(|at| shift(*at)).collect(),
        boxes: p.boxes.iter().map(|(at, k)| (shift(*at), *k)).collect(),
        others: p.others.iter().map(|(at, s)| (shift(*at), *s)).collect(),
    };
    for y in 0..h {
        for x in 0..w {
            if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                q.walls.push((GridPos::new(x, y), WallKind::Strong));
            }
        }
    }
    q
}

/// A random level whose outer ring of walls has random gaps.
fn gappy_level() -> impl Strategy<Value = Problem> {
    (
        common::level(4, 3),
        prop::collection::vec(any::<bool>(), 24),
    )
        .prop_map(|(mut p, gaps)| {
            let (w, h) = (p.width as i32, p.height as i32);
            let on_ring = |at: &GridPos| at.x == 0 || at.y == 0 || at.x == w - 1 || at.y == h - 1;
            let mut n = 0usize;
            p.walls.retain(|(at, _)| {
                if !on_ring(at) {
                    return true;
                }
                n += 1;
                !gaps.get(n % gaps.len()).copied().unwrap_or(false)
            });
            p
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// "Unsolvable" is never said of a level the sim can solve by going
    /// beyond its edge: whenever the solver claims a proof, a brute-force
    /// search with two cells of floor all round finds no solution either,
    /// and the level is enclosed; an open level's exhausted search gives up.
    #[test]
    fn unsolvable_is_never_said_of_a_level_solvable_beyond_its_edge(
        p in gappy_level(),
        rules in common::rules(),
    ) {
        let Ok(roomy) = common::brute_force(&with_floor_around(&p, 2), &rules, 20_000) else {
            return Ok(());
        };
        match outcome(&p, rules, Optimize::Fast) {
            SolveOutcome::Unsolvable { reason: UnsolvableReason::Exhausted, .. } => {
                // The brute force only pushes too: a proof needs rules where
                // pushing is all there is.
                prop_assert!(pushes_are_complete(&rules), "{:?}", rules);
                prop_assert!(p.is_enclosed(), "{}", p.to_xsb());
                prop_assert_eq!(roomy, None, "{}", p.to_xsb());
            }
            SolveOutcome::GaveUp { reason: GiveUpReason::OpenLevel { edge }, .. } => {
                prop_assert_eq!(p.boundary(), Boundary::Open { edge });
            }
            SolveOutcome::Solved(s) => {
                let r = replay(&p, &rules, &s.moves).expect("replays");
                prop_assert!(r.solved);
            }
            SolveOutcome::GaveUp { reason: GiveUpReason::PushesOnly, .. } => {
                prop_assert!(!pushes_are_complete(&rules), "{:?}", rules);
                prop_assert!(p.is_enclosed(), "{}", p.to_xsb());
            }
            SolveOutcome::Unsolvable { .. } => {}
            other @ SolveOutcome::GaveUp { .. } => {
                prop_assert!(false, "gave up on a tiny level: {:?}", other);
            }
        }
    }
}
