//! A lower bound for the optimal modes of the general search: an estimate
//! of the cost left that is never more than the true cost, so that A* on
//! `cost + bound` still takes the first solved position off the open list
//! at the optimal cost.
//!
//! # Box distances
//! A box's distance to a goal counts the steps a box takes from its cell
//! to the goal over every cell but strong walls (which no rule moves or
//! destroys, rules.md §5), each step one the rules allow a box: pushed
//! from `c` to `c + d` with something on `c - d` (the player, a chain
//! member, a held item, a swing's arc), and, for a box that can be grabbed
//! under rules with hands, pulled, carried sideways or swung (the moves
//! [`DeadCells::unreachable`](super::key::DeadCells::unreachable) reads,
//! each needing only its cells not to be strong walls). Everything else
//! (weak walls, doors, water, other boxes) counts as floor. Beyond the
//! search's bound the sim has floor: a box that reaches the bound's
//! outermost ring may come back at any other cell of it for nothing. No
//! rule makes a box (contents are keys, hammers, books and collectibles), so each
//! goal must be filled by one of the boxes there are.
//!
//! # The bound
//! - **Pushes** (a step costs 1 when something is pushed or swung): in one
//!   such step each box moves at most one of the steps above, and at most
//!   `k` boxes move: one push chain of at most `max_chain` boxes without
//!   hands; with hands a swing moves its held item and two shoved chains,
//!   `2 max_chain + 1`, and never more than there are boxes. So the
//!   bound is the larger of the least total distance of a matching of
//!   goals to distinct boxes, divided by `k` and rounded up, and the
//!   largest distance some box must go: the least `t` such that each goal
//!   can be given its own box at most `t` away (the bottleneck matching,
//!   at least the farthest goal's nearest box and, with no box to spare,
//!   the farthest box's nearest goal). Under Sokoban rules (`k` = 1) it is
//!   the matching, as in the fast push search.
//! - **Moves** (a step costs 1 when the player walks), where nothing can
//!   be grabbed or the rules have no hands: every box moves only when the
//!   player walks into its chain, so the box bound above counts moves too,
//!   and before its first push the player walks at least to a cell beside
//!   a pushable (over every cell but strong walls, within the bound): the
//!   bound is that walk plus the box bound while a goal is empty. With
//!   hands and something to grab there is no bound: a swing moves boxes
//!   and is no move (rules.md §7), so only the walk to a pushable would be
//!   left, and A* on it was measured slower than breadth-first in cost
//!   (fewer positions, half as many a second; docs/benchmarks-solver.md).
//! - A goal that no box can reach makes the position dead.
//!
//! # When it is on
//! In the optimal modes (not in move-optimal search with hands, above), on
//! one-floor levels where nothing but the player's inputs moves a box
//! ([`DeadCells::sound`](super::key::DeadCells::sound): every recipe moves
//! only when pushed, every mechanic one the reasoning was checked
//! against) and nothing moves by itself (a duck may walk up to the player
//! and be the first thing of a chain it pushes, so the walk to the nearest
//! pushable measured now bounds nothing); otherwise the optimal modes stay
//! breadth-first in cost.

use muscleman_core::{EntityId, GridDir, GridPos};
use muscleman_level::Level;
use muscleman_sim::{Rules, TagKind, World};

use super::frame::Frame;
use super::key::{DeadCells, box_origins, counts_on_goal, moves_by_itself};
use super::walls::WallMap;
use crate::hungarian::{BIG, Hungarian};
use crate::options::Optimize;

/// No distance.
const FAR: u16 = u16::MAX;

/// The lower bound of the optimal modes for one level.
#[derive(Clone, Debug, Default)]
pub(crate) struct Bound {
    on: bool,
    optimize: Optimize,
    /// At most this many boxes move in a step that costs 1.
    per_step: u32,
    frame: Frame,
    walls: WallMap,
    goals: Vec<GridPos>,
    /// Per goal, per slot: steps of a box moved by pushes only.
    pushed: Vec<Vec<u16>>,
    /// Per goal, per slot: steps of a box that can be grabbed, with hands
    /// (empty without hands).
    held: Vec<Vec<u16>>,
    /// Scratch.
    cost: Vec<i32>,
    hungarian: Hungarian,
    /// Per box: its nearest goal's distance.
    nearest: Vec<u32>,
    /// Scratch of [`Bound::bottleneck`] and [`Bound::matches_all`].
    thresholds: Vec<u32>,
    box_goal: Vec<usize>,
    goal_box: Vec<usize>,
    from_box: Vec<usize>,
    goal_queue: Vec<usize>,
    seen: Vec<u32>,
    stamp: u32,
    queue: Vec<(GridPos, u32)>,
}

impl Bound {
    /// Prepare the bound of `level`'s positions under `rules` for
    /// `optimize` over the cells from `min` to `max` (the search's bound);
    /// off in fast mode and where it is not sound (see the module docs).
    pub(crate) fn new(
        level: &Level,
        rules: &Rules,
        optimize: Optimize,
        min: GridPos,
        max: GridPos,
    ) -> Bound {
        if optimize == Optimize::Fast
            || level.floor_count() != 1
            || !DeadCells::sound(level, false)
            || moves_by_itself(level)
        {
            return Bound::default();
        }
        let frame = Frame::new(min, max);
        let cells = frame.cells();
        let goals: Vec<GridPos> = level
            .positions_of(muscleman_core::EntityRecipe::Goal)
            .collect();
        if cells == 0 || goals.len().saturating_mul(cells) > 1 << 22 {
            return Bound::default();
        }
        let liftable = level.entities().any(|(_, spec)| {
            std::iter::once(spec.recipe)
                .chain(spec.contents.as_slice().iter().copied())
                .any(|r| {
                    muscleman_sim::recipe_decl(r).is_some_and(|d| {
                        d.all_tags().contains(TagKind::Liftable)
                            || d.states.iter().any(|s| s.gain.contains(TagKind::Liftable))
                    })
                })
        });
        let hands = rules.hands && liftable;
        if hands && optimize == Optimize::Moves {
            // A swing moves boxes for no move: only the walk to a pushable
            // would be left, which did not pay (see the module docs).
            return Bound::default();
        }
        let boxes = level
            .entities()
            .filter(|(_, spec)| {
                muscleman_sim::recipe_decl(spec.recipe).is_some_and(|d| counts_on_goal(d.tags))
            })
            .count();
        let chain = rules
            .max_chain
            .map_or(u32::MAX, |m| m.max(1))
            .min(u32::try_from(boxes).unwrap_or(u32::MAX));
        let per_step = if hands {
            chain.saturating_mul(2).saturating_add(1)
        } else {
            chain
        }
        .min(u32::try_from(boxes).unwrap_or(u32::MAX))
        .max(1);
        let mut bound = Bound {
            on: true,
            optimize,
            per_step,
            frame,
            walls: WallMap::new(level, &frame),
            seen: vec![0; cells],
            ..Bound::default()
        };
        for goal in &goals {
            let pushed = bound.distances(*goal, false);
            bound.pushed.push(pushed);
            if hands {
                let held = bound.distances(*goal, true);
                bound.held.push(held);
            }
        }
        bound.goals = goals;
        bound
    }

    /// Return whether the bound is on.
    pub(crate) fn on(&self) -> bool {
        self.on
    }

    /// Return the bytes the maps hold.
    pub(crate) fn bytes(&self) -> u64 {
        let maps: usize = self
            .pushed
            .iter()
            .chain(&self.held)
            .map(|m| m.capacity() * 2)
            .sum();
        (maps + self.walls.bytes() + self.seen.capacity() * 4) as u64
    }

    fn slot(&self, at: GridPos) -> Option<usize> {
        self.frame.slot(at)
    }

    fn wall(&self, at: GridPos) -> bool {
        self.walls.at(&self.frame, at)
    }

    /// Return whether `at` is on the bound's outermost ring.
    fn ring(&self, at: GridPos) -> bool {
        self.frame.on_ring(at)
    }

    /// Return the steps from every slot to `goal` of a box moved by pushes
    /// only, or with `hands` also pulled, carried and swung (see the module
    /// docs), backwards, breadth-first from the goal.
    fn distances(&self, goal: GridPos, hands: bool) -> Vec<u16> {
        let mut dist = vec![FAR; self.frame.cells()];
        let mut queue: Vec<GridPos> = Vec::new();
        let mut ring_done = false;
        // Give `cell` distance `d` if it has none; the first cell of the
        // ring found gives every cell of the ring the same (the floor
        // beyond the bound joins them), in the same layer.
        let mut discover =
            |cell: GridPos, d: u16, dist: &mut Vec<u16>, queue: &mut Vec<GridPos>| {
                if let Some(slot) = self.frame.get_mut(dist, cell)
                    && *slot == FAR
                {
                    *slot = d;
                    queue.push(cell);
                } else {
                    return;
                }
                if ring_done || !self.ring(cell) {
                    return;
                }
                ring_done = true;
                for y in 0..self.frame.height {
                    for x in 0..self.frame.width {
                        let (Ok(xi), Ok(yi)) = (i32::try_from(x), i32::try_from(y)) else {
                            continue;
                        };
                        let other = GridPos::new(self.frame.min.x + xi, self.frame.min.y + yi);
                        if self.ring(other)
                            && !self.wall(other)
                            && let Some(slot) = self.frame.get_mut(dist, other)
                            && *slot == FAR
                        {
                            *slot = d;
                            queue.push(other);
                        }
                    }
                }
            };
        discover(goal, 0, &mut dist, &mut queue);
        let wall = |at: GridPos| self.wall(at);
        let mut origins = Vec::with_capacity(12);
        let mut next = 0;
        while let Some(at) = queue.get(next).copied() {
            next += 1;
            let here = self.frame.get(&dist, at).copied().unwrap_or(FAR);
            origins.clear();
            box_origins(&wall, at, hands, &mut origins);
            for from in origins.drain(..) {
                discover(from, here.saturating_add(1), &mut dist, &mut queue);
            }
        }
        dist
    }

    /// Return the bound of the position of `world` whose boxes that count
    /// on a goal stand on `boxes`, with the player `player`; `None` if some
    /// goal can be reached by no box (the position is dead).
    pub(crate) fn lower(
        &mut self,
        world: &World,
        player: EntityId,
        boxes: &[GridPos],
    ) -> Option<u32> {
        if !self.on {
            return Some(0);
        }
        let (n, m) = (self.goals.len(), boxes.len());
        if n == 0 {
            return Some(0);
        }
        if m < n {
            return None;
        }
        self.cost.clear();
        self.cost.resize(n.saturating_mul(m), BIG);
        let mut farthest_goal = 0u32;
        let mut box_nearest = std::mem::take(&mut self.nearest);
        box_nearest.clear();
        box_nearest.resize(m, u32::MAX);
        let mut empty_goal = false;
        for (j, b) in boxes.iter().enumerate() {
            let held = !self.held.is_empty()
                && world
                    .index()
                    .tagged_at(*b)
                    .any(|(_, t)| counts_on_goal(t) && t.contains(TagKind::Liftable));
            let maps = if held { &self.held } else { &self.pushed };
            let slot = self.slot(*b);
            for (i, map) in maps.iter().enumerate() {
                let d = slot.and_then(|s| map.get(s)).copied().unwrap_or(FAR);
                if d != FAR
                    && let Some(c) = self.cost.get_mut(i * m + j)
                {
                    *c = i32::from(d);
                    if let Some(near) = box_nearest.get_mut(j) {
                        *near = (*near).min(u32::from(d));
                    }
                }
            }
        }
        let farthest_box = box_nearest.iter().copied().max().unwrap_or(0);
        self.nearest = box_nearest;
        for i in 0..n {
            let nearest = (0..m)
                .filter_map(|j| self.cost.get(i * m + j).copied())
                .filter(|c| *c < BIG)
                .min()?;
            let nearest = u32::try_from(nearest).unwrap_or(0);
            empty_goal |= nearest > 0;
            farthest_goal = farthest_goal.max(nearest);
        }
        // With no box to spare every box ends on a goal.
        if m == n && farthest_box == u32::MAX {
            return None;
        }
        if !empty_goal {
            return Some(0);
        }
        let total = self.hungarian.solve(n, m, &self.cost)?;
        let mut boxes_bound = total.div_ceil(self.per_step).max(farthest_goal);
        if m == n {
            boxes_bound = boxes_bound.max(farthest_box);
        }
        if self.per_step > 1 {
            boxes_bound = boxes_bound.max(self.bottleneck(n, m, boxes_bound));
        }
        Some(match self.optimize {
            Optimize::Fast => 0,
            Optimize::Pushes => boxes_bound,
            Optimize::Moves => self
                .walk_to_pushable(world, player)
                .saturating_add(boxes_bound),
        })
    }

    /// Return the least distance `t`, at least `from`, such that each of the
    /// `n` goals can be given its own of the `m` boxes no farther than `t`
    /// (costs in `self.cost`, goal by goal): each box moves at most one
    /// step in a step that costs, so a solution takes at least `t`. A
    /// matching exists (the caller found one), so `t` is at most the
    /// largest finite cost.
    fn bottleneck(&mut self, n: usize, m: usize, from: u32) -> u32 {
        let mut candidates = std::mem::take(&mut self.thresholds);
        candidates.clear();
        candidates.extend(
            self.cost
                .iter()
                .filter(|c| **c < BIG)
                .filter_map(|c| u32::try_from(*c).ok())
                .filter(|c| *c > from),
        );
        candidates.sort_unstable();
        candidates.dedup();
        let mut best = from;
        if !self.matches_all(n, m, from) {
            // The least candidate that matches, by bisection.
            let (mut lo, mut hi) = (0, candidates.len());
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                let t = candidates.get(mid).copied().unwrap_or(u32::MAX);
                if self.matches_all(n, m, t) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            best = candidates.get(lo).copied().unwrap_or(from);
        }
        self.thresholds = candidates;
        best
    }

    /// Return whether every one of the `n` goals can be given its own of
    /// the `m` boxes at a cost of at most `t` (augmenting paths found
    /// breadth-first, without recursion).
    fn matches_all(&mut self, n: usize, m: usize, t: u32) -> bool {
        let t = i32::try_from(t).unwrap_or(i32::MAX);
        // Per box, the goal it is given; per goal, its box.
        self.box_goal.clear();
        self.box_goal.resize(m, usize::MAX);
        self.goal_box.clear();
        self.goal_box.resize(n, usize::MAX);
        for root in 0..n {
            // Breadth-first over goals; `from_box[j]` is the goal box `j`
            // was reached from.
            self.from_box.clear();
            self.from_box.resize(m, usize::MAX);
            self.goal_queue.clear();
            self.goal_queue.push(root);
            let mut head = 0;
            let mut free_box = None;
            'search: while let Some(&g) = self.goal_queue.get(head) {
                head += 1;
                for j in 0..m {
                    let ok = self.cost.get(g * m + j).is_some_and(|c| *c <= t);
                    if !ok || self.from_box.get(j).is_some_and(|f| *f != usize::MAX) {
                        continue;
                    }
                    if let Some(f) = self.from_box.get_mut(j) {
                        *f = g;
                    }
                    match self.box_goal.get(j).copied() {
                        Some(usize::MAX) => {
                            free_box = Some(j);
                            break 'search;
                        }
                        Some(next) => self.goal_queue.push(next),
                        None => {}
                    }
                }
            }
            let Some(mut j) = free_box else {
                return false;
            };
            // Flip the path back to the root.
            for _ in 0..=n {
                let g = self.from_box.get(j).copied().unwrap_or(usize::MAX);
                let previous = self.goal_box.get(g).copied().unwrap_or(usize::MAX);
                if let Some(b) = self.box_goal.get_mut(j) {
                    *b = g;
                }
                if let Some(b) = self.goal_box.get_mut(g) {
                    *b = j;
                }
                if g == root || previous == usize::MAX {
                    break;
                }
                j = previous;
            }
        }
        true
    }

    /// Return the fewest moves that bring the player of `world` beside a
    /// pushable, walking over every cell but strong walls inside the bound
    /// (0 if none is found: the walk then proves nothing).
    fn walk_to_pushable(&mut self, world: &World, player: EntityId) -> u32 {
        let Ok(start) = world.position(player) else {
            return 0;
        };
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        self.queue.clear();
        let Some(i) = self.slot(start) else { return 0 };
        if let Some(s) = self.seen.get_mut(i) {
            *s = self.stamp;
        }
        self.queue.push((start, 0));
        let index = world.index();
        let mut next = 0;
        while let Some((at, d)) = self.queue.get(next).copied() {
            next += 1;
            if GridDir::ALL
                .into_iter()
                .any(|dir| index.kinds_at(at.step(dir)).contains(TagKind::Pushable))
            {
                return d;
            }
            for dir in GridDir::ALL {
                let to = at.step(dir);
                let Some(i) = self.slot(to) else { continue };
                if self.walls.get(i).unwrap_or(true) {
                    continue;
                }
                if let Some(s) = self.seen.get_mut(i)
                    && *s != self.stamp
                {
                    *s = self.stamp;
                    self.queue.push((to, d.saturating_add(1)));
                }
            }
        }
        0
    }
}

/// Return the bound of the position of `world` (a position of `level`,
/// with the player `player`) under `rules` for `optimize`: `Some(0)` where
/// the bound is off, `None` where it finds the position dead.
pub(crate) fn bound_of(
    level: &Level,
    world: &World,
    player: EntityId,
    rules: &Rules,
    optimize: Optimize,
) -> Option<u32> {
    let facts = super::facts::Facts::of(level);
    let mut bound = Bound::new(level, rules, optimize, facts.min, facts.max);
    let boxes: Vec<GridPos> = world
        .entities()
        .into_iter()
        .filter(|id| world.tags(*id).is_ok_and(counts_on_goal))
        .filter_map(|id| world.position(id).ok())
        .collect();
    bound.lower(world, player, &boxes)
}

#[cfg(test)]
mod tests;
