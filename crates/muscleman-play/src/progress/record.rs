//! The records the progress file keeps: a level's under one rule set, and
//! a kept solution.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// One level's record under one rule set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelRecord {
    /// Whether the level was ever solved.
    pub solved: bool,
    /// Fewest moves of a solution.
    pub best_moves: Option<u32>,
    /// Fewest pushes of a solution (maybe not the one with the fewest moves).
    pub best_pushes: Option<u32>,
}

impl LevelRecord {
    /// Combine two records of the same level and rules: solved if either is,
    /// and the best of each count.
    pub(super) fn merge(self, other: LevelRecord) -> LevelRecord {
        let best = |a: Option<u32>, b: Option<u32>| match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        LevelRecord {
            solved: self.solved || other.solved,
            best_moves: best(self.best_moves, other.best_moves),
            best_pushes: best(self.best_pushes, other.best_pushes),
        }
    }
}

/// A solution kept in the progress file: its moves and counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Solution {
    /// The moves, as MOVES letters (LURD, pushes in upper case where known).
    pub moves: String,
    /// Its number of moves.
    pub move_count: u32,
    /// Its number of pushes.
    pub push_count: u32,
}

/// Records by level key ([`level_key`](super::level_key)), then by rules
/// ([`rules_key`](super::rules_key)).
pub(super) type Records = BTreeMap<String, BTreeMap<String, LevelRecord>>;
