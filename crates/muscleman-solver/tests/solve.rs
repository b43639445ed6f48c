//! Solving small original levels: solutions replay in the sim, optimal
//! counts match a brute-force search, unsolvable levels are proved, limits
//! are reported as limits.

mod common;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use muscleman_core::GridPos;
use muscleman_sim::Rules;
use muscleman_solver::{
    GiveUpReason, Optimize, Problem, SolveError, SolveOptions, SolveOutcome, UnsolvableReason,
    pushes_are_complete, replay, solve,
};
use proptest::prelude::*;

fn opts(rules: Rules, optimize: Optimize) -> SolveOptions {
    SolveOptions {
        rules,
        optimize,
        timeout: Some(Duration::from_secs(20)),
        memory_mb: 256,
        ..SolveOptions::default()
    }
}

/// Hold `solve` on `p` under Sokoban rules against brute force (where it
/// finishes): fast mode (with `fast`'s options) finds a solution exactly
/// when one exists, push-optimal mode the fewest pushes, and its lower
/// bound never exceeds them.
fn match_brute_force(p: &Problem, fast: &SolveOptions) -> Result<(), TestCaseError> {
    let Ok(best) = common::brute_force(p, &Rules::SOKOBAN, 30_000) else {
        return Ok(());
    };
    let found = solve(p, fast).expect("no error");
    prop_assert_eq!(found.solution().is_some(), best.is_some(), "{}", p.to_xsb());
    let out = solve(p, &opts(Rules::SOKOBAN, Optimize::Pushes)).expect("no error");
    prop_assert_eq!(
        out.solution().map(|s| s.pushes),
        best.map(|b| b.0),
        "{}",
        p.to_xsb()
    );
    if let Some((pushes, _)) = best {
        prop_assert!(out.stats().initial_bound <= pushes, "{}", p.to_xsb());
    }
    Ok(())
}

fn level(text: &str) -> Problem {
    Problem::from_xsb(text).expect("test level reads")
}

/// Solve and check the solution in the sim; return (pushes, moves).
fn solved(p: &Problem, rules: Rules, optimize: Optimize) -> (u32, u32) {
    match solve(p, &opts(rules, optimize)).expect("no error") {
        SolveOutcome::Solved(s) => {
            let r = replay(p, &rules, &s.moves).expect("replays");
            assert!(r.solved, "solution {} does not solve", s.moves);
            assert_eq!((r.pushes, r.moves), (s.pushes, s.move_count));
            assert_eq!(
                s.moves.chars().filter(|c| c.is_ascii_uppercase()).count() as u32,
                s.pushes
            );
            assert_eq!(s.optimal, optimize != Optimize::Fast);
            (s.pushes, s.move_count)
        }
        other => panic!("not solved: {other:?}\n{}", p.to_xsb()),
    }
}

fn unsolvable(p: &Problem, rules: Rules) -> UnsolvableReason {
    match solve(p, &opts(rules, Optimize::Fast)).expect("no error") {
        SolveOutcome::Unsolvable { reason, .. } => reason,
        other => panic!("expected unsolvable: {other:?}"),
    }
}

/// Small original levels (ours), each solved in every mode under Sokoban rules.
const LEVELS: &[&str] = &[
    // A corridor.
    "#######\n#@ $ .#\n#######",
    // Around a pillar.
    "######\n#    #\n# #$ #\n#@ . #\n######",
    // Two boxes, two goals.
    "#######\n#.  @ #\n# $$  #\n#.    #\n#######",
    // A box that must go round.
    " #####\n##   #\n#  $ #\n# #. #\n# @ ##\n#####",
    // Three boxes in a room.
    "########\n#  .   #\n# $$$  #\n#  .@. #\n########",
    // Heavy box and weak wall are played like box and wall (no water here:
    // the search does not model it).
    "#######\n#@ & .#\n#  %  #\n# $  .#\n#######",
];

#[test]
fn small_levels_solved_and_replayed_in_every_mode() {
    for text in LEVELS {
        let p = level(text);
        let (fp, fm) = solved(&p, Rules::SOKOBAN, Optimize::Fast);
        let (pp, _) = solved(&p, Rules::SOKOBAN, Optimize::Pushes);
        let (_, mm) = solved(&p, Rules::SOKOBAN, Optimize::Moves);
        assert!(pp <= fp && mm <= fm, "{text}");
        let brute = common::brute_force(&p, &Rules::SOKOBAN, 200_000).expect("small");
        assert_eq!(
            brute.map(|b| b.0),
            Some(pp),
            "push-optimal count of\n{text}"
        );
        let moves = common::brute_moves(&p, &Rules::SOKOBAN, 200_000).expect("small");
        assert_eq!(moves, Some(mm), "move-optimal count of\n{text}");
    }
}

#[test]
fn corridor_push_optimal_solution_is_exact() {
    let p = level("#######\n#@ $ .#\n#######");
    let SolveOutcome::Solved(s) = solve(&p, &opts(Rules::SOKOBAN, Optimize::Pushes)).expect("ok")
    else {
        panic!("not solved")
    };
    assert_eq!(s.moves, "rRR");
}

#[test]
fn chain_level_needs_muscleman_rules() {
    // Two boxes in a one-wide corridor must both reach the far goals: the
    // player can only push them as a chain of two.
    let p = level("########\n#@$$ ..#\n########");
    let (pushes, moves) = solved(&p, Rules::MUSCLEMAN, Optimize::Pushes);
    assert_eq!((pushes, moves), (3, 3));
    assert_eq!(unsolvable(&p, Rules::SOKOBAN), UnsolvableReason::Exhausted);
    // Chain-mode bound stays admissible: brute force agrees.
    let brute = common::brute_force(&p, &Rules::MUSCLEMAN, 10_000).expect("small");
    assert_eq!(brute.map(|b| b.0), Some(pushes));
}

#[test]
fn muscleman_rules_solve_in_every_mode() {
    for text in LEVELS {
        let p = level(text);
        let (pp, _) = solved(&p, Rules::MUSCLEMAN, Optimize::Pushes);
        solved(&p, Rules::MUSCLEMAN, Optimize::Fast);
        let (_, mm) = solved(&p, Rules::MUSCLEMAN, Optimize::Moves);
        let brute = common::brute_force(&p, &Rules::MUSCLEMAN, 200_000).expect("small");
        assert_eq!(brute.map(|b| b.0), Some(pp), "{text}");
        let moves = common::brute_moves(&p, &Rules::MUSCLEMAN, 200_000).expect("small");
        assert_eq!(moves, Some(mm), "{text}");
    }
}

#[test]
fn small_unsolvable_levels_are_proved() {
    let cases = [
        // Box in a corner.
        "#####\n#$  #\n#  .#\n# @ #\n#####",
        // Two boxes side by side against a wall (freeze), goals elsewhere.
        "######\n#$$  #\n#    #\n#..@ #\n######",
        // A box against a wall with the goal off that wall.
        "######\n#@   #\n#$   #\n#   .#\n######",
        // Two boxes shut off a dead corner the player is not in.
        "######\n# $ .#\n#$$ .#\n#   .#\n#  @ #\n######",
        // Three boxes shut off two dead cells along a wall.
        "#######\n# $   #\n# $  .#\n#$   .#\n#  @ .#\n#######",
    ];
    for text in cases {
        let p = level(text);
        assert_eq!(
            unsolvable(&p, Rules::SOKOBAN),
            UnsolvableReason::Exhausted,
            "{text}"
        );
        let brute = common::brute_force(&p, &Rules::SOKOBAN, 200_000).expect("small");
        assert_eq!(brute, None, "{text}");
    }
}

/// Goal macros (the fast greedy search's, in goal rooms) keep solutions
/// valid, and the search that uses them, being incomplete, never has the
/// last word on a proof: the complete search beside it gives it, on one
/// thread and on two.
#[test]
fn goal_room_levels_are_solved_and_proved() {
    let solvable = [
        "#########\n#@ $ $..#\n#       #\n#########",
        "########\n#@     #\n#  $ ..#\n#  $$ .#\n#      #\n########",
    ];
    for text in solvable {
        let p = level(text);
        let brute = common::brute_force(&p, &Rules::SOKOBAN, 200_000);
        assert!(brute.is_ok_and(|b| b.is_some()), "{text} {brute:?}");
        for threads in [1, 2] {
            let o = SolveOptions {
                threads,
                ..opts(Rules::SOKOBAN, Optimize::Fast)
            };
            let out = solve(&p, &o).expect("no error");
            let s = out.solution().expect("solved");
            assert!(
                replay(&p, &Rules::SOKOBAN, &s.moves)
                    .expect("replays")
                    .solved
            );
        }
    }
    // The lower box can only slide along the bottom wall.
    let text = "#######\n#@$ ..#\n#  $  #\n#######";
    let p = level(text);
    assert_eq!(common::brute_force(&p, &Rules::SOKOBAN, 200_000), Ok(None));
    for threads in [1, 2] {
        let o = SolveOptions {
            threads,
            ..opts(Rules::SOKOBAN, Optimize::Fast)
        };
        match solve(&p, &o).expect("no error") {
            SolveOutcome::Unsolvable { reason, .. } => {
                assert_eq!(reason, UnsolvableReason::Exhausted)
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn no_goals_and_too_few_boxes() {
    assert_eq!(
        unsolvable(&level("#####\n#@$ #\n#####"), Rules::SOKOBAN),
        UnsolvableReason::NoGoals
    );
    assert_eq!(
        unsolvable(&level("#####\n#@$.#\n#  .#\n#####"), Rules::SOKOBAN),
        UnsolvableReason::TooFewBoxes { boxes: 1, goals: 2 }
    );
}

#[test]
fn open_levels_stay_inside_their_rectangle() {
    // No walls: the solver treats beyond the edge as wall, its solution
    // still replays in the sim's unbounded grid.
    let p = level("@$.");
    assert!(!p.is_enclosed());
    assert_eq!(solved(&p, Rules::SOKOBAN, Optimize::Pushes), (1, 1));
    // Here only a push from outside the rectangle (the sim allows it) would
    // do: the search inside the rectangle runs out, which proves nothing on
    // an open level, so the solver gives up instead of saying unsolvable.
    let p = level("$.\n@-");
    assert!(!p.is_enclosed());
    match solve(&p, &opts(Rules::SOKOBAN, Optimize::Fast)).expect("no error") {
        SolveOutcome::GaveUp {
            reason: GiveUpReason::OpenLevel { edge },
            ..
        } => assert_eq!(edge, GridPos::new(0, 0)),
        other => panic!("expected to give up on an open level: {other:?}"),
    }
    let r = replay(&p, &Rules::SOKOBAN, "luR").expect("the sim walks outside");
    assert!(r.solved);
}

#[test]
fn already_solved_and_spare_boxes() {
    let p = level("#####\n#@* #\n#####");
    assert_eq!(solved(&p, Rules::SOKOBAN, Optimize::Pushes), (0, 0));
    // A spare box may end anywhere, even in a corner.
    let p = level("######\n#$   #\n# @$.#\n######");
    assert_eq!(solved(&p, Rules::SOKOBAN, Optimize::Pushes).0, 1);
    solved(&p, Rules::SOKOBAN, Optimize::Fast);
}

/// A level big enough that no mode finishes within a few hundred states.
const HARD: &str = "\
############
#          #
# $ $ $ $  #
#  $ $ $ $ #
# $ $ $ $  #
#          #
# ........ #
# ....@    #
#          #
############";

#[test]
fn tiny_timeout_is_a_timeout_not_unsolvable() {
    let p = level(HARD);
    let o = SolveOptions {
        timeout: Some(Duration::ZERO),
        ..opts(Rules::SOKOBAN, Optimize::Pushes)
    };
    match solve(&p, &o).expect("no error") {
        SolveOutcome::GaveUp { reason, stats } => {
            assert_eq!(reason, GiveUpReason::Timeout);
            assert!(stats.expanded > 0);
        }
        other => panic!("expected a timeout: {other:?}"),
    }
}

#[test]
fn memory_limit_is_reported() {
    let p = level(HARD);
    let o = SolveOptions {
        memory_mb: 0,
        ..opts(Rules::SOKOBAN, Optimize::Pushes)
    };
    assert!(matches!(
        solve(&p, &o).expect("no error"),
        SolveOutcome::GaveUp {
            reason: GiveUpReason::Memory,
            ..
        }
    ));
}

#[test]
fn huge_goal_tables_are_refused_not_allocated() {
    // 249 × 249 boxes on goals: the goal-distance table would take ~7.6 GiB.
    let mut p = Problem {
        width: 250,
        height: 250,
        ..Problem::default()
    };
    for y in 0..250 {
        for x in 0..250 {
            let at = muscleman_core::GridPos::new(x, y);
            if x == 0 && y == 0 {
                p.player = at;
            } else if x > 0 && y > 0 {
                p.goals.push(at);
                p.boxes.push((at, muscleman_solver::BoxKind::Box));
            }
        }
    }
    assert!(matches!(
        solve(&p, &SolveOptions::default()).expect("no error"),
        SolveOutcome::GaveUp {
            reason: GiveUpReason::Memory,
            ..
        }
    ));
    assert!(muscleman_solver::Position::new(&p, &Rules::SOKOBAN).is_err());
}

#[test]
fn cancel_flag_stops_the_search() {
    let p = level(HARD);
    let o = SolveOptions {
        cancel: Some(Arc::new(AtomicBool::new(true))),
        ..opts(Rules::SOKOBAN, Optimize::Pushes)
    };
    assert!(matches!(
        solve(&p, &o).expect("no error"),
        SolveOutcome::GaveUp {
            reason: GiveUpReason::Cancelled,
            ..
        }
    ));
}

#[test]
fn solutions_are_deterministic() {
    for text in LEVELS {
        let p = level(text);
        for optimize in [Optimize::Fast, Optimize::Pushes, Optimize::Moves] {
            let a = solve(&p, &opts(Rules::SOKOBAN, optimize)).expect("ok");
            let b = solve(&p, &opts(Rules::SOKOBAN, optimize)).expect("ok");
            assert_eq!(
                a.solution().map(|s| &s.moves),
                b.solution().map(|s| &s.moves)
            );
        }
    }
}

#[test]
fn replay_rejects_wrong_solutions() {
    let p = level("#######\n#@ $ .#\n#######");
    // Does not solve.
    let r = replay(&p, &Rules::SOKOBAN, "rR").expect("replays");
    assert!(!r.solved);
    // Case must match what the step did.
    assert!(matches!(
        replay(&p, &Rules::SOKOBAN, "rrR"),
        Err(SolveError::ReplayMismatch { .. })
    ));
    // The player must move at every step.
    assert!(matches!(
        replay(&p, &Rules::SOKOBAN, "l"),
        Err(SolveError::ReplayStep { .. })
    ));
    assert!(matches!(
        replay(&p, &Rules::SOKOBAN, "x"),
        Err(SolveError::BadMove { .. })
    ));
}

#[test]
fn bad_problems_are_errors() {
    let mut p = level("#####\n#@$.#\n#####");
    p.boxes.push((
        muscleman_core::GridPos::new(0, 0),
        muscleman_solver::BoxKind::Box,
    ));
    assert!(matches!(
        solve(&p, &SolveOptions::default()),
        Err(SolveError::Problem(_))
    ));
    assert!(Problem::from_xsb("#?#").is_err());
    assert!(Problem::from_xsb("###\n#$#\n###").is_err());
}

#[test]
fn progress_is_reported() {
    let p = level(HARD);
    // Progress comes every 500 ms; the timeout leaves room for several
    // reports even on a loaded machine (a debug build's set-up can take a
    // second of it).
    let o = SolveOptions {
        timeout: Some(Duration::from_millis(4000)),
        ..opts(Rules::SOKOBAN, Optimize::Pushes)
    };
    let mut calls = 0;
    let _ = muscleman_solver::solve_with_progress(&p, &o, &mut |pr| {
        calls += 1;
        assert!(pr.stats.expanded > 0);
    })
    .expect("no error");
    assert!(calls >= 1);
}

#[test]
fn two_threads_give_a_checked_solution() {
    for text in LEVELS {
        let p = level(text);
        let o = SolveOptions {
            threads: 2,
            ..opts(Rules::SOKOBAN, Optimize::Fast)
        };
        let SolveOutcome::Solved(s) = solve(&p, &o).expect("no error") else {
            panic!("not solved: {text}")
        };
        assert!(
            replay(&p, &Rules::SOKOBAN, &s.moves)
                .expect("replays")
                .solved
        );
    }
    // A proof of unsolvability from either search ends both.
    let p = level("#####\n#$  #\n#  .#\n# @ #\n#####");
    let o = SolveOptions {
        threads: 2,
        ..opts(Rules::SOKOBAN, Optimize::Fast)
    };
    assert!(matches!(
        solve(&p, &o).expect("no error"),
        SolveOutcome::Unsolvable { .. }
    ));
}

#[test]
fn from_level_reads_the_same_problem() {
    for text in LEVELS {
        let lv = muscleman_level::Level::parse(text).expect("level reads");
        let a = Problem::from_level(&lv).expect("valid");
        let b = level(text);
        assert_eq!(a.to_xsb(), b.to_xsb());
        assert_eq!(a.player, b.player);
    }
}

/// PI-corral pruning at work: the player starts outside a room whose door
/// boxes can only be pushed in. Push-optimal counts must match brute force.
#[test]
fn corral_levels_keep_push_optimality() {
    let cases = [
        "#########\n#   #  .#\n# @ $ $.#\n#   #  .#\n##$######\n#      #\n########",
        "########\n#@  #..#\n# $ $  #\n#  ##$ #\n#      #\n########",
    ];
    for text in cases {
        let p = level(text);
        let brute = common::brute_force(&p, &Rules::SOKOBAN, 400_000).expect("small");
        let out = solve(&p, &opts(Rules::SOKOBAN, Optimize::Pushes)).expect("ok");
        assert_eq!(
            out.solution().map(|s| s.pushes),
            brute.map(|b| b.0),
            "{text}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Larger random levels under Sokoban rules, where corrals and freezes
    /// are common: solvability and push-optimal counts match brute force.
    #[test]
    fn sokoban_pruning_is_sound(p in common::level(6, 4)) {
        match_brute_force(&p, &opts(Rules::SOKOBAN, Optimize::Fast))?;
    }

    /// Larger random levels under chain rules without hands (pushes are
    /// then every move, so running out is a proof), where the freeze test
    /// uses lines of frozen boxes up to a wall and fast mode also searches
    /// the Sokoban sub-game: solvability and push-optimal counts match
    /// brute force.
    #[test]
    fn chain_pruning_is_sound(p in common::level(6, 4), two in any::<bool>()) {
        let rules = Rules::SOKOBAN.with_max_chain(if two { Some(2) } else { None });
        prop_assert!(pushes_are_complete(&rules));
        let Ok(best) = common::brute_force(&p, &rules, 30_000) else {
            return Ok(());
        };
        let fast = solve(&p, &opts(rules, Optimize::Fast)).expect("no error");
        prop_assert_eq!(fast.solution().is_some(), best.is_some(), "{}", p.to_xsb());
        if best.is_none() {
            prop_assert!(matches!(fast, SolveOutcome::Unsolvable { .. }), "{:?}\n{}", fast, p.to_xsb());
        }
        let out = solve(&p, &opts(rules, Optimize::Pushes)).expect("no error");
        prop_assert_eq!(out.solution().map(|s| s.pushes), best.map(|b| b.0), "{}", p.to_xsb());
    }

    /// On random small levels, under random rules, the solver agrees with a
    /// brute-force search with no pruning: same solvability, the
    /// brute-force optimal push and move counts, and every solution replays.
    #[test]
    fn agrees_with_brute_force(p in common::level(4, 4), rules in common::rules()) {
        let Ok(best) = common::brute_force(&p, &rules, 20_000) else {
            return Ok(());
        };
        let Ok(best_moves) = common::brute_moves(&p, &rules, 20_000) else {
            return Ok(());
        };
        for optimize in [Optimize::Fast, Optimize::Pushes, Optimize::Moves] {
            let out = solve(&p, &opts(rules, optimize)).expect("no error");
            match (&out, best) {
                (SolveOutcome::Solved(s), Some((pushes, _))) => {
                    let r = replay(&p, &rules, &s.moves).expect("replays");
                    prop_assert!(r.solved);
                    if optimize == Optimize::Pushes {
                        prop_assert_eq!(s.pushes, pushes);
                    }
                    if optimize == Optimize::Moves {
                        prop_assert_eq!(Some(s.move_count), best_moves);
                    }
                }
                (SolveOutcome::Unsolvable { .. }, None) => {
                    prop_assert!(pushes_are_complete(&rules) || p.goals.len() > p.boxes.len() || p.goals.is_empty());
                }
                // The brute force, too, only pushes: under rules with pulls
                // and swings the solver may not call this a proof.
                (SolveOutcome::GaveUp { reason: GiveUpReason::PushesOnly, .. }, None) => {
                    prop_assert!(!pushes_are_complete(&rules));
                }
                _ => prop_assert!(false, "solver {:?} vs brute force {:?}\n{}", out, best, p.to_xsb()),
            }
        }
    }
}

/// Tunnel runs: a box pushed into a one-wide tunnel (walls on both sides
/// across the push) goes on to the tunnel's last cell in one step, so a
/// long corridor is one stored child, not one per cell.
#[test]
fn tunnel_runs_take_a_corridor_in_one_step() {
    let p = level("##############\n#@$         .#\n##############");
    let out = solve(&p, &opts(Rules::SOKOBAN, Optimize::Fast)).expect("ok");
    let SolveOutcome::Solved(s) = out else {
        panic!("not solved: {out:?}")
    };
    assert_eq!((s.pushes, s.moves.as_str()), (10, "RRRRRRRRRR"));
    // The two fast-mode searches' roots and the one child that reaches the
    // goal (one push at a time, it would be at least 11).
    assert!(s.stats.stored <= 3, "stored {}", s.stats.stored);
    // Push-optimal mode does not run tunnels, and finds the same count.
    assert_eq!(solved(&p, Rules::SOKOBAN, Optimize::Pushes).0, 10);
}

/// With a box to spare a box need not move on, so no search runs a
/// tunnel (the push search prunes nothing there, runs included): the
/// corridor is pushed cell by cell.
#[test]
fn tunnel_runs_are_off_with_a_box_to_spare() {
    let p = level("##############\n#@$         .#\n#$############\n##############");
    let out = solve(&p, &opts(Rules::SOKOBAN, Optimize::Fast)).expect("ok");
    let SolveOutcome::Solved(s) = out else {
        panic!("not solved: {out:?}")
    };
    assert_eq!(s.pushes, 10);
    assert!(s.stats.stored >= 11, "stored {}", s.stats.stored);
}

/// A search that took a tunnel run and ran out of states proves nothing
/// (see the crate docs): the complete search without runs takes its place,
/// and its exhaustion is the proof.
#[test]
fn an_unsolvable_tunnel_level_is_proved_without_runs() {
    let p = level("#########\n#.@$    #\n#########");
    let out = solve(&p, &opts(Rules::SOKOBAN, Optimize::Fast)).expect("ok");
    assert!(matches!(out, SolveOutcome::Unsolvable { .. }), "{out:?}");
}

/// A box must go into a tunnel and come back out the way it went in (the
/// player gets round it by another way): the tunnel run pushes it to the
/// tunnel's end, and fast mode must still find a solution.
#[test]
fn tunnel_runs_keep_levels_where_the_box_comes_back() {
    let cases = [
        "#########\n#.@$    #\n### ### #\n#       #\n#########",
        // The same with a second box waiting beyond the tunnel.
        "##########\n#.@$    .#\n### ### $#\n#        #\n##########",
    ];
    for text in cases {
        let p = level(text);
        let brute = common::brute_force(&p, &Rules::SOKOBAN, 400_000).expect("small");
        let (fast, _) = solved(&p, Rules::SOKOBAN, Optimize::Fast);
        let (best, _) = solved(&p, Rules::SOKOBAN, Optimize::Pushes);
        assert_eq!(brute.map(|b| b.0), Some(best), "{text}");
        assert!(fast >= best, "{text}");
    }
}

/// Levels where a tunnel run would lose the only solution if the rule were
/// wrong, and a tunnel level without one: fast mode agrees with brute force.
#[test]
fn tunnel_levels_agree_with_brute_force() {
    let cases = [
        // The goal is behind the player: unsolvable.
        "#########\n#.@$    #\n#########",
        // A box waits in the tunnel; the player must go round to push it out.
        "#########\n#@$ $  .#\n### ##. #\n#       #\n#########",
        // Two tunnels side by side into one room.
        "########\n#@$   .#\n# ######\n# $   .#\n########",
    ];
    for text in cases {
        let p = level(text);
        let brute = common::brute_force(&p, &Rules::SOKOBAN, 400_000).expect("small");
        let fast = solve(&p, &opts(Rules::SOKOBAN, Optimize::Fast)).expect("ok");
        assert_eq!(
            fast.solution().is_some(),
            brute.is_some(),
            "{text}: {fast:?}"
        );
        if let Some((pushes, _)) = brute {
            assert_eq!(
                solved(&p, Rules::SOKOBAN, Optimize::Pushes).0,
                pushes,
                "{text}"
            );
        }
    }
}

/// Random wall-dense levels (many one-wide tunnels), as many boxes as
/// goals: fast mode (with tunnel runs) finds a solution exactly when brute
/// force does.
fn tunnel_level() -> impl Strategy<Value = Problem> {
    (3usize..=7, 2usize..=5).prop_flat_map(|(w, h)| {
        (
            Just((w, h)),
            prop::collection::vec(0u8..10, w * h),
            prop::collection::vec(any::<prop::sample::Index>(), 5),
            1usize..=2,
        )
            .prop_filter_map("room for the pieces", |((w, _), cells, picks, k)| {
                let mut grid: Vec<u8> = cells
                    .iter()
                    .map(|c| if *c < 3 { b'#' } else { b' ' })
                    .collect();
                common::place(&mut grid, &picks[0], b'@')?;
                for i in 0..k {
                    common::place(&mut grid, &picks[1 + 2 * i], b'$')?;
                    common::place(&mut grid, &picks[2 + 2 * i], b'.')?;
                }
                common::walled_problem(w, &grid)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    /// Tunnel runs keep fast mode complete: its verdict matches brute force.
    #[test]
    fn tunnel_runs_are_sound(p in tunnel_level()) {
        let Ok(best) = common::brute_force(&p, &Rules::SOKOBAN, 30_000) else {
            return Ok(());
        };
        let fast = solve(&p, &opts(Rules::SOKOBAN, Optimize::Fast)).expect("no error");
        prop_assert_eq!(fast.solution().is_some(), best.is_some(), "{}", p.to_xsb());
    }
}

/// Random levels with a goal room: as many boxes as goals (2 or 3), the
/// goals the cells nearest a random one (so they touch), walls scattered.
fn room_level() -> impl Strategy<Value = Problem> {
    (4usize..=7, 3usize..=5).prop_flat_map(|(w, h)| {
        (
            Just((w, h)),
            prop::collection::vec(0u8..10, w * h),
            prop::collection::vec(any::<prop::sample::Index>(), 5),
            2usize..=3,
        )
            .prop_filter_map("room for the pieces", |((w, _), cells, picks, k)| {
                let mut grid: Vec<u8> = cells
                    .iter()
                    .map(|c| if *c < 2 { b'#' } else { b' ' })
                    .collect();
                let free: Vec<usize> = (0..grid.len()).filter(|i| grid[*i] == b' ').collect();
                if free.len() < 2 * k + 2 {
                    return None;
                }
                // Goals: breadth-first from a random free cell.
                let mut room = vec![free[picks[0].index(free.len())]];
                let mut head = 0;
                while room.len() < k {
                    let &x = room.get(head)?;
                    head += 1;
                    let (cx, cy) = (x % w, x / w);
                    let near = [
                        (cx > 0).then(|| x - 1),
                        (cx + 1 < w).then(|| x + 1),
                        (cy > 0).then(|| x - w),
                        Some(x + w).filter(|y| *y < grid.len()),
                    ];
                    for y in near.into_iter().flatten() {
                        if room.len() < k && grid[y] == b' ' && !room.contains(&y) {
                            room.push(y);
                        }
                    }
                }
                for &g in &room {
                    grid[g] = b'.';
                }
                common::place(&mut grid, &picks[1], b'@')?;
                for i in 0..k {
                    common::place(&mut grid, &picks[2 + i], b'$')?;
                }
                common::walled_problem(w, &grid)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Goal macros make the fast searches incomplete, yet fast mode's
    /// verdict (with the complete search that takes an exhausted one's
    /// place) matches brute force, on one thread and on two; push-optimal
    /// mode (no macros) finds the optimal count, and its bound never
    /// exceeds it.
    #[test]
    fn goal_room_levels_agree_with_brute_force(p in room_level(), threads in 1usize..=2) {
        match_brute_force(&p, &SolveOptions { threads, ..opts(Rules::SOKOBAN, Optimize::Fast) })?;
    }
}

/// Water, keys, doors, plates, collectibles and hammers are not modelled by
/// the push search: `solve` names the first one and gives up without
/// searching, in every mode and under both rule sets, where it once treated
/// water as floor (the player cannot swim) and printed a false solution.
#[test]
fn levels_with_what_the_search_does_not_model_give_up_unsearched() {
    let cases = [
        ("#####\n#@~$.#\n#####", "water", (2, 1)),
        (
            "legend: f = WaterCell HeavyBox:sunk\n######\n#@f$.#\n######",
            "water",
            (2, 1),
        ),
        (
            "legend: k = KeyRed\n#######\n#@$.k #\n#######",
            "keys",
            (4, 1),
        ),
        (
            "legend: D = DoorRed\n######\n#@$.D#\n######",
            "doors",
            (4, 1),
        ),
        (
            "legend: D = SecretDoor:open\n######\n#@$.D#\n######",
            "doors",
            (4, 1),
        ),
        (
            "legend: H = PressurePlateHeavy\n######\n#@$.H#\n######",
            "pressure plates",
            (4, 1),
        ),
        (
            "legend: c = Coin\n######\n#@$.c#\n######",
            "collectibles",
            (4, 1),
        ),
        (
            "legend: h = Hammer\n######\n#h@$.#\n######",
            "hammers",
            (1, 1),
        ),
        // Reading order: the hammer's row comes first.
        (
            "legend: h = Hammer\n######\n#  h #\n#@$.~#\n######",
            "hammers",
            (3, 1),
        ),
    ];
    for (text, what, (x, y)) in cases {
        let lv = muscleman_level::Level::parse(text).expect("level reads");
        let p = Problem::from_level(&lv).expect("a problem");
        let at = muscleman_core::GridPos::new(x, y);
        assert_eq!(
            p.unmodelled().map(|(u, at)| (u.name(), at)),
            Some((what, at)),
            "{text}"
        );
        for rules in [Rules::MUSCLEMAN, Rules::SOKOBAN] {
            for optimize in [Optimize::Fast, Optimize::Pushes, Optimize::Moves] {
                let out = solve(&p, &opts(rules, optimize)).expect("no error");
                let unmodelled = p.unmodelled().map(|(u, _)| u).expect("unmodelled");
                assert_eq!(unmodelled.name(), what);
                assert_eq!(
                    out,
                    SolveOutcome::GaveUp {
                        reason: GiveUpReason::Unmodelled {
                            what: unmodelled,
                            at
                        },
                        stats: muscleman_solver::Stats::default(),
                    },
                    "{text}"
                );
            }
        }
        assert!(matches!(
            muscleman_solver::Position::new(&p, &Rules::SOKOBAN),
            Err(muscleman_solver::ProblemError::Unmodelled { .. })
        ));
    }
}

/// A box's contents change nothing without a hammer (only a hammer opens a
/// box), so a level whose box holds a key is searched like any other.
#[test]
fn a_box_with_contents_is_a_box() {
    let lv = muscleman_level::Level::parse("legend: b = Box(KeyRed Apple)\n#####\n#@b.#\n#####")
        .expect("level reads");
    let p = Problem::from_level(&lv).expect("a problem");
    assert_eq!(p.unmodelled(), None);
    assert_eq!(solved(&p, Rules::SOKOBAN, Optimize::Pushes), (1, 1));
}

/// The trivial proofs hold under every rule, whatever else the level holds:
/// no rule makes a goal or a box.
#[test]
fn no_goals_and_too_few_boxes_outrank_what_is_not_modelled() {
    let no_goals = level("#####\n#@~$#\n#####");
    let few = level("######\n#@~$.#\n#  ..#\n######");
    for rules in [Rules::MUSCLEMAN, Rules::SOKOBAN] {
        assert_eq!(unsolvable(&no_goals, rules), UnsolvableReason::NoGoals);
        assert_eq!(
            unsolvable(&few, rules),
            UnsolvableReason::TooFewBoxes { boxes: 1, goals: 3 }
        );
    }
}

/// Under Muscleman rules the player may grab, pull and swing boxes, which
/// the push search does not model: where it runs out of pushes it gives up
/// (once it said unsolvable); under Sokoban rules it still proves.
#[test]
fn an_exhausted_push_search_proves_only_under_sokoban_rules() {
    let corner = level("#####\n#$  #\n#  .#\n# @ #\n#####");
    for optimize in [Optimize::Fast, Optimize::Pushes, Optimize::Moves] {
        let out = solve(&corner, &opts(Rules::MUSCLEMAN, optimize)).expect("no error");
        assert!(
            matches!(
                out,
                SolveOutcome::GaveUp {
                    reason: GiveUpReason::PushesOnly,
                    ..
                }
            ),
            "{optimize:?}: {out:?}"
        );
        let out = solve(&corner, &opts(Rules::SOKOBAN, optimize)).expect("no error");
        assert!(matches!(
            out,
            SolveOutcome::Unsolvable {
                reason: UnsolvableReason::Exhausted,
                ..
            }
        ));
    }
    for rules in [
        Rules::MUSCLEMAN.with_max_chain(Some(0)),
        Rules::MUSCLEMAN.with_max_chain(Some(2)),
    ] {
        assert!(!pushes_are_complete(&rules));
    }
    assert!(pushes_are_complete(&Rules::SOKOBAN.with_max_chain(Some(2))));
    assert!(pushes_are_complete(&Rules::SOKOBAN));
    assert!(!pushes_are_complete(&Rules::MUSCLEMAN));
}
