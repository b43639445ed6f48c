//! The guided search's estimate of how far a position is from solved: a
//! greedy matching of the empty goals to the boxes off goal, each pair at
//! the box's distance to the goal over cells no rule ever opens or closes.
//!
//! It only orders the search (which position is expanded first); it never
//! prunes, so it need not be a lower bound, and it is not one (a chain push
//! or a swing moves a box more than a cell a step). Which cells block a box
//! for good comes from the sim's registry: a strong wall
//! ([`strong_wall`](super::walls::strong_wall)). Everything else counts as
//! floor: weak walls may be smashed, doors opened, water crossed afloat or
//! filled.

use muscleman_core::{EntityRecipe, GridDir, GridPos};
use muscleman_level::Level;

use super::frame::Frame;
use super::walls::WallMap;

/// What [`Guide::estimate`] adds for an empty goal no box can reach (it
/// still orders such positions last, never drops them).
const UNREACHABLE: u32 = 1000;

/// Cells past which the guide keeps no distance maps (goals × cells of the
/// bound); beyond, the estimate only counts the empty goals.
const MAX_SLOTS: usize = 1 << 24;

/// Distances from every cell of the search's bound to every goal.
#[derive(Clone, Debug, Default)]
pub(super) struct Guide {
    frame: Frame,
    goals: Vec<GridPos>,
    /// Per goal, per slot: box steps from the slot to the goal (`u16::MAX`:
    /// none).
    dist: Vec<Vec<u16>>,
    /// Scratch: the goals and boxes left to match, and the candidate pairs.
    open_goals: Vec<usize>,
    loose: Vec<GridPos>,
    pairs: Vec<(u16, u16, u16)>,
    used: Vec<bool>,
}

/// How far a position is from solved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Estimate {
    /// Goals holding a box that counts.
    pub(super) on_goal: u32,
    /// The estimate: 0 when solved, larger further away.
    pub(super) distance: u32,
}

impl Guide {
    /// Prepare the distance maps of `level` over the cells from `min` to
    /// `max`. With `hands`, a box may go from a cell to any neighbour that is
    /// not a strong wall (it can be pulled, strafed or swung as well as
    /// pushed); without, only where the cell behind it is not a strong wall
    /// either (a push needs a pusher there).
    pub(super) fn new(level: &Level, min: GridPos, max: GridPos, hands: bool) -> Guide {
        let frame = Frame::new(min, max);
        let goals: Vec<GridPos> = level.positions_of(EntityRecipe::Goal).collect();
        let cells = frame.cells();
        if cells == 0 || goals.len().saturating_mul(cells) > MAX_SLOTS {
            // No maps: every goal is out of reach, so the estimate counts
            // the empty goals.
            return Guide {
                goals,
                ..Guide::default()
            };
        }
        let walls = WallMap::new(level, &frame);
        let mut guide = Guide {
            frame,
            ..Guide::default()
        };
        let open = |g: &Guide, at: GridPos| g.slot(at).and_then(|i| walls.get(i)) == Some(false);
        let mut queue: Vec<GridPos> = Vec::new();
        for goal in &goals {
            let mut dist = vec![u16::MAX; cells];
            queue.clear();
            if let Some(d) = guide.slot(*goal).and_then(|i| dist.get_mut(i)) {
                *d = 0;
                queue.push(*goal);
            }
            let mut next = 0;
            // Backwards, breadth-first: a box on `from = at - d` reaches `at`.
            while let Some(at) = queue.get(next).copied() {
                next += 1;
                let here = guide
                    .slot(at)
                    .and_then(|i| dist.get(i))
                    .copied()
                    .unwrap_or(u16::MAX);
                for d in GridDir::ALL {
                    let from = at.step(d.opposite());
                    if !open(&guide, from) || (!hands && !open(&guide, from.step(d.opposite()))) {
                        continue;
                    }
                    if let Some(slot) = guide.slot(from).and_then(|i| dist.get_mut(i))
                        && *slot == u16::MAX
                    {
                        *slot = here.saturating_add(1);
                        queue.push(from);
                    }
                }
            }
            guide.dist.push(dist);
        }
        guide.goals = goals;
        guide
    }

    fn slot(&self, at: GridPos) -> Option<usize> {
        self.frame.slot(at)
    }

    fn distance(&self, goal: usize, at: GridPos) -> u16 {
        self.slot(at)
            .and_then(|i| self.dist.get(goal)?.get(i))
            .copied()
            .unwrap_or(u16::MAX)
    }

    /// Return how many goals hold one of `boxes`.
    pub(super) fn on_goal(&self, boxes: &[GridPos]) -> u32 {
        let n = self.goals.iter().filter(|g| boxes.contains(g)).count();
        u32::try_from(n).unwrap_or(u32::MAX)
    }

    /// Estimate the position whose counting boxes stand on `boxes`: the
    /// goals already filled, and the sum over the empty goals of their
    /// distance to the box a greedy matching gives them (nearest pairs
    /// first), [`UNREACHABLE`] for a goal left without one.
    pub(super) fn estimate(&mut self, boxes: &[GridPos]) -> Estimate {
        self.open_goals.clear();
        self.loose.clear();
        self.pairs.clear();
        let mut on_goal = 0;
        for (g, goal) in self.goals.iter().enumerate() {
            if boxes.contains(goal) {
                on_goal += 1;
            } else {
                self.open_goals.push(g);
            }
        }
        self.loose
            .extend(boxes.iter().filter(|b| !self.goals.contains(b)));
        for (i, g) in self.open_goals.iter().enumerate() {
            for (j, b) in self.loose.iter().enumerate() {
                let d = self.distance(*g, *b);
                if d != u16::MAX {
                    let (Ok(i), Ok(j)) = (u16::try_from(i), u16::try_from(j)) else {
                        continue;
                    };
                    self.pairs.push((d, i, j));
                }
            }
        }
        self.pairs.sort_unstable();
        self.used.clear();
        self.used
            .resize(self.open_goals.len() + self.loose.len(), false);
        let goals = self.open_goals.len();
        let mut distance: u32 = 0;
        let mut matched = 0;
        for (d, i, j) in &self.pairs {
            let (i, j) = (usize::from(*i), goals + usize::from(*j));
            if self.used.get(i).copied().unwrap_or(true)
                || self.used.get(j).copied().unwrap_or(true)
            {
                continue;
            }
            for k in [i, j] {
                if let Some(u) = self.used.get_mut(k) {
                    *u = true;
                }
            }
            distance = distance.saturating_add(u32::from(*d));
            matched += 1;
        }
        let unmatched = u32::try_from(goals - matched).unwrap_or(u32::MAX);
        Estimate {
            on_goal,
            distance: distance.saturating_add(unmatched.saturating_mul(UNREACHABLE)),
        }
    }
}
