//! The guided search's estimate of how far a position is from solved: a
//! greedy matching of the empty goals to the boxes off goal, each pair at
//! the box's distance to the goal over cells no rule ever opens or closes,
//! every floor's goals counted (with hands, a box on the floor above or
//! below goes by the stairs, as the registry declares them), plus what
//! the landmarks still standing cost ([`Landmarks`]: what must be opened,
//! broken or bridged first, read from the registry's declarations).
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
use muscleman_sim::{World, floor_of, local, recipe_decl, world_cell};

use super::frame::Frame;
use super::landmarks::Landmarks;
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
    /// Per goal, per slot of the goal's floor: box steps from the slot to
    /// the goal (`u16::MAX`: none).
    dist: Vec<Vec<u16>>,
    /// With hands, every stairs cell (a world cell) and the box steps from
    /// each slot of its floor to it.
    stairs: Vec<(GridPos, Vec<u16>)>,
    /// Scratch: the goals and boxes left to match, and the candidate pairs.
    open_goals: Vec<usize>,
    loose: Vec<GridPos>,
    pairs: Vec<(u16, u16, u16)>,
    used: Vec<bool>,
    /// What must happen before the goals can be filled, and its cost.
    landmarks: Landmarks,
    /// The boxes' part of the first position estimated, which stands for
    /// it while a landmark stands (see [`Guide::estimate`]).
    first: Option<u32>,
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
    /// `max` of each floor. With `hands`, a box may go from a cell to any
    /// neighbour that is not a strong wall (it can be pulled, strafed or
    /// swung as well as pushed), and to the floor above or below from a
    /// cell where a recipe that leads between floors stands (the
    /// registry's `leads_between_floors`: carried up or down the stairs);
    /// without, only where the cell behind it is not a strong wall either
    /// (a push needs a pusher there), and never to another floor.
    pub(super) fn new(level: &Level, min: GridPos, max: GridPos, hands: bool) -> Guide {
        let frame = Frame::new(min, max);
        // Every floor's goals, as world cells.
        let goals: Vec<GridPos> = level
            .all_entities()
            .filter(|(_, _, s)| s.recipe == EntityRecipe::Goal)
            .map(|(f, at, _)| world_cell(u32::try_from(f).unwrap_or(u32::MAX), at))
            .collect();
        let stairs: Vec<GridPos> = if hands {
            level
                .all_entities()
                .filter(|(_, _, s)| {
                    recipe_decl(s.recipe).is_some_and(|d| d.assume.leads_between_floors)
                })
                .map(|(f, at, _)| world_cell(u32::try_from(f).unwrap_or(u32::MAX), at))
                .collect()
        } else {
            Vec::new()
        };
        let cells = frame.cells();
        let maps = goals.len().saturating_add(stairs.len());
        let landmarks = Landmarks::new(level, min, max);
        if cells == 0 || maps.saturating_mul(cells) > MAX_SLOTS {
            // No maps: every goal is out of reach, so the estimate counts
            // the empty goals.
            return Guide {
                goals,
                landmarks,
                ..Guide::default()
            };
        }
        let floors = level.floor_count();
        let walls: Vec<WallMap> = (1..=floors)
            .map(|f| WallMap::on_floor(level, f, &frame))
            .collect();
        let mut guide = Guide {
            frame,
            landmarks,
            ..Guide::default()
        };
        let dist: Vec<Vec<u16>> = goals
            .iter()
            .map(|g| guide.flood(&walls, *g, hands))
            .collect();
        guide.stairs = stairs
            .iter()
            .map(|s| (*s, guide.flood(&walls, *s, hands)))
            .collect();
        guide.dist = dist;
        guide.goals = goals;
        guide
    }

    /// Return the box steps from every cell of `from`'s floor to `from`
    /// (`u16::MAX`: none), over `walls` (per floor).
    fn flood(&self, walls: &[WallMap], from: GridPos, hands: bool) -> Vec<u16> {
        let floor = usize::try_from(floor_of(from)).unwrap_or(usize::MAX);
        let walls = walls.get(floor.wrapping_sub(1));
        let open =
            |at: GridPos| self.slot(at).and_then(|i| walls.and_then(|w| w.get(i))) == Some(false);
        let mut dist = vec![u16::MAX; self.frame.cells()];
        let mut queue: Vec<GridPos> = Vec::new();
        let start = local(from);
        if let Some(d) = self.frame.get_mut(&mut dist, start) {
            *d = 0;
            queue.push(start);
        }
        let mut next = 0;
        // Backwards, breadth-first: a box on `from = at - d` reaches `at`.
        while let Some(at) = queue.get(next).copied() {
            next += 1;
            let here = self.frame.get(&dist, at).copied().unwrap_or(u16::MAX);
            for d in GridDir::ALL {
                let from = at.step(d.opposite());
                if !open(from) || (!hands && !open(from.step(d.opposite()))) {
                    continue;
                }
                if let Some(slot) = self.frame.get_mut(&mut dist, from)
                    && *slot == u16::MAX
                {
                    *slot = here.saturating_add(1);
                    queue.push(from);
                }
            }
        }
        dist
    }

    fn slot(&self, at: GridPos) -> Option<usize> {
        self.frame.slot(at)
    }

    /// Return the box steps from world cell `at` to goal `goal`: on the
    /// goal's floor its map; from the floor above or below, the steps to
    /// stairs there, one to climb, and the steps from the stairs' cell to
    /// the goal (`u16::MAX`: none).
    fn distance(&self, goal: usize, at: GridPos) -> u16 {
        let Some(target) = self.goals.get(goal).copied() else {
            return u16::MAX;
        };
        let here = |map: &Vec<u16>, cell: GridPos| {
            self.frame
                .get(map, local(cell))
                .copied()
                .unwrap_or(u16::MAX)
        };
        let Some(map) = self.dist.get(goal) else {
            return u16::MAX;
        };
        let (from, to) = (floor_of(at), floor_of(target));
        if from == to {
            return here(map, at);
        }
        if from.abs_diff(to) != 1 {
            return u16::MAX;
        }
        self.stairs
            .iter()
            .filter(|(s, _)| floor_of(*s) == from)
            .map(|(s, to_stairs)| {
                here(to_stairs, at)
                    .saturating_add(1)
                    .saturating_add(here(map, local(*s)))
            })
            .min()
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
    pub(super) fn estimate(&mut self, world: &World, boxes: &[GridPos]) -> Estimate {
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
        let boxes = distance.saturating_add(unmatched.saturating_mul(UNREACHABLE));
        let first = *self.first.get_or_insert(boxes);
        let landmarks = self.landmarks.cost(world);
        // While a landmark that opens for good stands before a goal, the
        // boxes' part is the first position's: moving a box toward a goal
        // behind it is no progress yet (the box may stand in the way of
        // what opens it). Before a door plates hold open it counts: boxes
        // may have to wait by the door.
        let boxes = if landmarks.blocks_goals { first } else { boxes };
        Estimate {
            on_goal,
            distance: boxes.saturating_add(landmarks.steps),
        }
    }
}

#[cfg(test)]
mod tests {
    use muscleman_core::GridPos;
    use muscleman_level::Level;
    use muscleman_sim::world_cell;

    use super::{Guide, UNREACHABLE};
    use crate::general::facts::Facts;

    /// A box on the ground floor, its goal upstairs: with hands the guide
    /// counts the goal and the way by the stairs (3 to the stairs, 1 to
    /// climb, 4 to the goal); without, the box can never change floors.
    #[test]
    fn every_floor_s_goals_count_and_boxes_climb_by_the_stairs() {
        let text = "legend: u = StairsUp\nlegend: d = StairsDown\n\
                    floor: Ground\n#######\n#@$  u#\n#######\n\
                    floor: Upper\n#######\n#.   d#\n#######\n";
        let level = Level::parse(text).unwrap_or_else(|e| panic!("{e}"));
        let facts = Facts::of(&level);
        let boxes = [GridPos::new(2, 1)];
        let world = muscleman_sim::Trail::new(&level, muscleman_sim::Rules::MUSCLEMAN)
            .unwrap_or_else(|e| panic!("{e}"));
        let world = world.world();
        let mut with = Guide::new(&level, facts.min, facts.max, true);
        let e = with.estimate(world, &boxes);
        assert_eq!((e.on_goal, e.distance), (0, 3 + 1 + 4));
        let mut without = Guide::new(&level, facts.min, facts.max, false);
        assert_eq!(without.estimate(world, &boxes).distance, UNREACHABLE);
        // On the goal upstairs, it is solved.
        let up = [world_cell(2, GridPos::new(1, 1))];
        assert_eq!(with.estimate(world, &up).on_goal, 1);
    }
}
