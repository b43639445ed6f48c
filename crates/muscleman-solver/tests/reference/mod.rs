//! The brute-force reference the general search is held against
//! (`general.rs`, `ducks.rs`): a search in order of cost (Dijkstra's) over
//! the sim's own steps, every input (waits included), telling positions
//! apart by an exact dump of the world, with no pruning at all. A path's
//! cost is the count asked for, then the other count, then its inputs,
//! compared in that order (the ties `solve` breaks).

#![allow(dead_code, reason = "each test binary uses a different subset")]

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use muscleman_core::{GlobalCounter, Input, MoveCause, Moved};
use muscleman_sim::{AnyComponent, Trail, is_solved};
use muscleman_solver::SolveOutcome;
use proptest::test_runner::TestCaseError;

/// Everything about a world, exactly: each entity's id, tags and
/// components (a duck's Facing among them), then the counters.
pub type Dump = (Vec<(u64, u64, Vec<AnyComponent>)>, Vec<u64>);

/// Return the dump of `trail`'s world.
pub fn dump(trail: &Trail) -> Dump {
    let w = trail.world();
    let entities = w
        .entities()
        .into_iter()
        .map(|id| {
            (
                id.to_bits(),
                w.tags(id).map(|t| t.bits()).unwrap_or(u64::MAX),
                w.components(id).unwrap_or_default(),
            )
        })
        .collect();
    let counters = GlobalCounter::ALL.iter().map(|c| w.counter(*c)).collect();
    (entities, counters)
}

/// What a step of the reference costs (rules.md §7; a duck's own walk is
/// neither).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// 1 when the player walked (a push included).
    Moves,
    /// 1 when something was pushed or swung.
    Pushes,
}

/// What the reference found: how many positions, and the fewest moves or
/// pushes (as it was asked) to a solved one (`None`: unsolvable).
#[derive(Debug)]
pub struct Reference {
    /// Every position reachable, told apart by [`Dump`].
    pub positions: usize,
    /// The cheapest solved position's cost.
    pub fewest: Option<u32>,
    /// The cheapest solved position's whole cost: the count asked for,
    /// the other count (pushes after moves, moves after pushes), the
    /// inputs.
    pub tied: Option<(u32, u32, u32)>,
}

/// A path's cost: the count asked for, the other count, the inputs.
pub type Tied = (u32, u32, u32);

/// Return the whole cost of an outcome's solution as the reference counts
/// it under `cost` (the count asked for, the other count, the inputs),
/// `None` for proved unsolvable; a failure for giving up.
pub fn tied(outcome: &SolveOutcome, cost: Cost) -> Result<Option<Tied>, TestCaseError> {
    match outcome {
        SolveOutcome::Solved(s) => {
            let inputs = u32::try_from(s.moves.chars().count()).unwrap_or(u32::MAX);
            Ok(Some(match cost {
                Cost::Moves => (s.move_count, s.pushes, inputs),
                Cost::Pushes => (s.pushes, s.move_count, inputs),
            }))
        }
        SolveOutcome::Unsolvable { .. } => Ok(None),
        SolveOutcome::GaveUp { reason, .. } => {
            Err(TestCaseError::fail(format!("gave up: {reason:?}")))
        }
    }
}

/// Return the fewest moves (or pushes) of an outcome's solution, `None` for
/// proved unsolvable; a failure for giving up.
pub fn fewest(outcome: &SolveOutcome, cost: Cost) -> Result<Option<u32>, TestCaseError> {
    Ok(tied(outcome, cost)?.map(|(count, _, _)| count))
}

/// Every position reachable from `trail`'s, each by its cheapest path
/// under `cost_of`; `None` past `cap` positions.
pub fn reference_from(mut trail: Trail, cost_of: Cost, cap: usize) -> Option<Reference> {
    let mut seen: HashMap<Dump, usize> = HashMap::new();
    // Per position: its path of inputs and its cost.
    let mut paths: Vec<(Vec<Input>, Tied)> = vec![(Vec::new(), (0, 0, 0))];
    let mut done = vec![false];
    let mut queue: BinaryHeap<Reverse<(Tied, usize)>> = BinaryHeap::new();
    queue.push(Reverse(((0, 0, 0), 0)));
    seen.insert(dump(&trail), 0);
    let mut tied: Option<Tied> = None;
    while let Some(Reverse((queued, n))) = queue.pop() {
        if done[n] || queued != paths[n].1 {
            continue;
        }
        done[n] = true;
        let (path, cost) = paths[n].clone();
        while trail.depth() > 0 {
            trail.back().ok()?;
        }
        for input in &path {
            trail.step(*input).ok()?;
        }
        if is_solved(trail.world()) {
            tied = Some(tied.map_or(cost, |f| f.min(cost)));
        }
        for input in Input::ALL {
            trail.step(input).ok()?;
            let player = trail.player();
            let walked = trail
                .events()
                .of::<Moved>()
                .any(|m| m.entity == player && m.cause == MoveCause::Player);
            let pushed = trail
                .events()
                .of::<Moved>()
                .any(|m| matches!(m.cause, MoveCause::Push | MoveCause::Swing));
            let (first, second) = match cost_of {
                Cost::Moves => (walked, pushed),
                Cost::Pushes => (pushed, walked),
            };
            let c = (
                cost.0 + u32::from(first),
                cost.1 + u32::from(second),
                cost.2 + 1,
            );
            let d = dump(&trail);
            trail.back().ok()?;
            let mut child = path.clone();
            child.push(input);
            let m = match seen.get(&d) {
                Some(&m) if c < paths[m].1 => {
                    paths[m] = (child, c);
                    done[m] = false;
                    m
                }
                Some(_) => continue,
                None => {
                    let m = paths.len();
                    if m >= cap {
                        return None;
                    }
                    seen.insert(d, m);
                    paths.push((child, c));
                    done.push(false);
                    m
                }
            };
            queue.push(Reverse((c, m)));
        }
    }
    Some(Reference {
        positions: paths.len(),
        fewest: tied.map(|t| t.0),
        tied,
    })
}
