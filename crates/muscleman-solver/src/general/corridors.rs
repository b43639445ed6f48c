//! The cells the general search's tunnel runs read (see its module docs,
//! "Tunnel runs"): decided once per search, from the level and the sim's
//! registry, whether runs are on ([`Corridors::new`]); then which cells
//! are strong walls, plain or goals, for the checks at each step of a run
//! ([`Corridors::goes_on`]). The run itself is `explore/tunnel.rs`'s.

use muscleman_core::{EntityRecipe, GridDir, GridPos};
use muscleman_level::Level;
use muscleman_sim::{Answer, TagKind, TagSet, World, recipe_decl};

use super::facts::goals_and_boxes_now;
use super::frame::Frame;
use super::key::{DeadCells, moves_by_itself};
use super::walls::strong_wall;
use crate::options::{Optimize, SolveOptions};

/// Per cell: a strong wall (`walls::strong_wall`).
const WALL: u8 = 1;
/// Per cell: plain, the level puts nothing there but what moves and goals.
const PLAIN: u8 = 2;
/// Per cell: a goal.
const GOAL: u8 = 4;

/// What may not stand where a run pushes the box: the cell is plain, so
/// nothing else but a goal can be there.
const IN_THE_WAY: TagSet = TagSet::of(&[TagKind::BlocksMovement, TagKind::Pushable]);

/// The tunnel rule of one search: off, or the cells it reads.
#[derive(Clone, Debug, Default)]
pub(crate) struct Corridors {
    /// The search's bound (empty when off: no cell is plain).
    frame: Frame,
    /// Per slot: [`WALL`], [`PLAIN`], [`GOAL`].
    cells: Vec<u8>,
}

impl Corridors {
    /// Decide once per search whether runs are on for `level` searched
    /// from `world` under `options` (pruning `prune`), and if so mark the
    /// cells of the bound from `min` to `max`. On only where the proof of
    /// the module docs of `general` holds: fast mode with pruning on; rules
    /// without hands, one box per push; one floor; nothing moves by itself
    /// ([`moves_by_itself`]: a duck walks every step); dead cells sound
    /// (only pushes move a box, and every mechanic is one the proof was
    /// checked against); no recipe answers the player's steps on other
    /// cells than its own (what blocks movement and answers steps does: a
    /// lantern glows next to it, and may be a strong wall); and as many
    /// things that count on a goal as goals.
    pub(crate) fn new(
        level: &Level,
        world: &World,
        options: &SolveOptions,
        prune: bool,
        min: GridPos,
        max: GridPos,
    ) -> Corridors {
        let rules = options.rules;
        let (goals, boxes) = goals_and_boxes_now(level, world);
        let answers_beside = level.entities().any(|(_, spec)| {
            std::iter::once(spec.recipe)
                .chain(spec.contents.as_slice().iter().copied())
                .any(|r| {
                    recipe_decl(r).is_none_or(|d| {
                        d.assume.answers_steps == Answer::Beyond
                            && d.all_tags().contains(TagKind::BlocksMovement)
                    })
                })
        });
        let on = prune
            && options.optimize == Optimize::Fast
            && !rules.hands
            && rules.max_chain == Some(1)
            && level.floor_count() == 1
            && !moves_by_itself(level)
            && DeadCells::sound(level, false)
            && !answers_beside
            && goals > 0
            && goals == boxes;
        if !on {
            return Corridors::default();
        }
        let frame = Frame::new(min, max);
        let mut cells = vec![PLAIN; frame.cells()];
        for (at, spec) in level.entities() {
            let Some(cell) = frame.get_mut(&mut cells, at) else {
                continue;
            };
            let decl = recipe_decl(spec.recipe);
            if spec.recipe == EntityRecipe::Goal {
                *cell |= GOAL;
                continue;
            }
            // What moves leaves its cell as it was: the player and what
            // is pushed, in its own state.
            let moves = spec.state.is_none()
                && decl.is_some_and(|d| {
                    d.tags.contains(TagKind::Pushable) || d.tags.contains(TagKind::Player)
                });
            if !moves {
                *cell &= !PLAIN;
            }
            if strong_wall(spec.recipe) {
                *cell |= WALL;
            }
        }
        Corridors { frame, cells }
    }

    /// Return whether runs are on.
    pub(crate) fn on(&self) -> bool {
        !self.cells.is_empty()
    }

    /// Return the bytes it holds.
    pub(crate) fn bytes(&self) -> u64 {
        self.cells.capacity() as u64
    }

    fn has(&self, at: GridPos, flag: u8) -> bool {
        self.frame
            .get(&self.cells, at)
            .is_some_and(|c| c & flag != 0)
    }

    /// Return whether both cells beside `at` across `d` are strong walls.
    fn flanked(&self, at: GridPos, d: GridDir) -> bool {
        self.has(at.step(d.rotate_left()), WALL) && self.has(at.step(d.rotate_right()), WALL)
    }

    /// Return whether the run goes on in `world`, where a box that counts
    /// on a goal was just pushed along `d` onto `e` by the player, now on
    /// `f`: `f`, `e` and `x = e + d` are plain, `e` is off goal, both `e`
    /// and `x` have strong walls on both sides across `d`, and nothing
    /// stands on `x` (a goal may lie there).
    pub(crate) fn goes_on(&self, world: &World, f: GridPos, e: GridPos, d: GridDir) -> bool {
        let x = e.step(d);
        self.has(f, PLAIN)
            && self.has(e, PLAIN)
            && !self.has(e, GOAL)
            && self.has(x, PLAIN)
            && self.flanked(e, d)
            && self.flanked(x, d)
            && !world.index().kinds_at(x).intersects(IN_THE_WAY)
    }
}
