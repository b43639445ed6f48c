//! The brute-force reference the general search is held against
//! (`general.rs`, `ducks.rs`): a 0-1 breadth-first search over the sim's
//! own steps, every input (waits included), telling positions apart by an
//! exact dump of the world, with no pruning at all.

#![allow(dead_code, reason = "each test binary uses a different subset")]

use std::collections::{HashMap, VecDeque};

use muscleman_core::{GlobalCounter, Input, MoveCause, Moved};
use muscleman_sim::{AnyComponent, Trail, is_solved};

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
}

/// Every position reachable from `trail`'s, each by its cheapest path
/// under `cost_of`; `None` past `cap` positions.
pub fn reference_from(mut trail: Trail, cost_of: Cost, cap: usize) -> Option<Reference> {
    let mut seen: HashMap<Dump, usize> = HashMap::new();
    // Per position: its path of inputs and its cost.
    let mut paths: Vec<(Vec<Input>, u32)> = vec![(Vec::new(), 0)];
    let mut done = vec![false];
    let mut queue: VecDeque<usize> = VecDeque::from([0]);
    seen.insert(dump(&trail), 0);
    let mut fewest: Option<u32> = None;
    while let Some(n) = queue.pop_front() {
        if done[n] {
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
            fewest = Some(fewest.map_or(cost, |f| f.min(cost)));
        }
        for input in Input::ALL {
            trail.step(input).ok()?;
            let player = trail.player();
            let paid = trail.events().of::<Moved>().any(|m| match cost_of {
                Cost::Moves => m.entity == player && m.cause == MoveCause::Player,
                Cost::Pushes => matches!(m.cause, MoveCause::Push | MoveCause::Swing),
            });
            let c = cost + u32::from(paid);
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
            if paid {
                queue.push_back(m);
            } else {
                queue.push_front(m);
            }
        }
    }
    Some(Reference {
        positions: paths.len(),
        fewest,
    })
}
