//! Frozen boxes: boxes that can never move again, found as the largest set
//! of boxes each of which no step can move while the others of the set
//! stay where they are. A position with more boxes frozen off goal than it
//! has boxes to spare is dead (no rule makes a box, so the goals cannot all
//! be filled).
//!
//! # Why a stable set never moves
//! Call S the cells of strong walls (a recipe that, as the sim's registry
//! declares, never changes, is never destroyed and blocks both movement
//! and pushes), and W the cells of S and of the boxes of a set F. Suppose
//! every box of F is *stuck* (below) given W, and some box of F moves
//! later; take the first step in which one does. At its start every box of
//! F is still in its cell. A box that moves in a step moves one cell,
//! orthogonally (a push chain, a pull, a carry, a swing's shove) or
//! diagonally (a held item swung), and the boxes that move in one step
//! never form a cycle (a chain is a line; a swing's held item goes from F
//! to T, its two shoves run outward along lines that never cross). So some
//! box B of F that moves has a destination that held no box of F and no
//! strong wall when the step began. Being stuck, B cannot make that move:
//! a contradiction. So no box of F ever moves.
//!
//! # When a box is stuck
//! Each rule below names only cells that must hold no strong wall (a
//! pusher, a player, a swing's arc) or no box of F either (where something
//! must stand or where B goes), so it is a necessary condition of the move
//! read from rules.md §4. For B on `c`:
//!
//! - **Pushes only** ([`FreezeRule::Pushes`]): the rules have no hands, or
//!   the level holds nothing that can be grabbed, so only the player's
//!   walks move boxes, each as a member of a push chain whose cells behind
//!   B, along the push, hold pushables and then the player. B moves along
//!   `d` only if `c + d` is not in W and, when a push moves one box only
//!   (`max_chain` 1), `c - d` is not in W (the player stands there), or,
//!   with longer chains, the run of boxes of F behind B along `-d` does
//!   not end at a strong wall (the cells behind are pushables and then the
//!   player, neither a wall). B is stuck when it can move along none of
//!   the four directions: under Sokoban rules, blocked on both axes, the
//!   classic freeze.
//! - **With hands** ([`FreezeRule::Hands`]): B moves along `d` only if
//!   `c + d` is not in W and one of: something stands behind it, so `c -
//!   d` is no strong wall (a push chain driven by the player or a held
//!   item, either swing shove: at V the held item is behind, at T the
//!   arc's V is, which a strong wall blocks); or B is held and pulled (the
//!   player on `c + d` walks on to `c + 2d`, so that is no strong wall);
//!   or B is held and carried sideways (the player on `c - f`, `f` across
//!   `d`, not in W, walks on to `c - f + d`, no strong wall). A held B
//!   swung from `c = P + f` goes to `T = c - f + s` (`s` across `f`): the
//!   player's cell `c - f` and `T` are not in W and the arc's `V = c + s`
//!   holds no strong wall. A box that cannot be grabbed (a heavy box) only
//!   moves the first way. B is stuck when none of these moves is open.
//!
//! # When it is on
//! Only where nothing but the player's inputs moves a box and no box of F
//! can go any other way: every recipe of the level, contents included,
//! moves only when pushed, or moves by itself but moves nothing else and is
//! no box (a duck), and the sim has no mechanic that reasoning was not
//! checked against ([`DeadCells::sound`](super::key::DeadCells::sound)),
//! the level has one floor (stairs carry what is held), and with hands no
//! hammer (it smashes boxes, and a box of F smashed no longer blocks);
//! otherwise [`FreezeRule::Off`]. A thing that is not a box (a key, a
//! hammer, a duck) is never in F, so it counts as something that may move:
//! a duck walking by itself never makes a box of F movable or stuck.

use muscleman_core::{GridDir, GridPos};
use muscleman_level::Level;
use muscleman_sim::{Rules, TagKind, World, recipe_decl};

use super::frame::Frame;
use super::key::{DeadCells, counts_on_goal};
use super::walls::WallMap;

/// Which freeze rule is sound for a level (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FreezeRule {
    /// No pruning.
    Off,
    /// Only pushes move boxes; `single` when a push moves one box only.
    Pushes {
        /// `max_chain` is 1 (or 0).
        single: bool,
    },
    /// Pushes, pulls, carries and swings move boxes.
    Hands,
}

impl FreezeRule {
    /// Return the rule that is sound for `level` under `rules`.
    pub(crate) fn of(level: &Level, rules: &Rules) -> FreezeRule {
        if level.floor_count() != 1 || !DeadCells::sound(level, false) {
            return FreezeRule::Off;
        }
        let mut liftable = false;
        let mut hammer = false;
        for (_, spec) in level.entities() {
            for r in std::iter::once(spec.recipe).chain(spec.contents.as_slice().iter().copied()) {
                let Some(decl) = recipe_decl(r) else {
                    return FreezeRule::Off;
                };
                for t in decl.tag_sets() {
                    liftable |= t.contains(TagKind::Liftable);
                    hammer |= t.contains(TagKind::Hammer);
                }
            }
        }
        if !rules.hands || !liftable {
            FreezeRule::Pushes {
                single: rules.max_chain.is_some_and(|m| m <= 1),
            }
        } else if hammer {
            FreezeRule::Off
        } else {
            FreezeRule::Hands
        }
    }
}

/// No box in a cell.
const NO_BOX: u32 = u32::MAX;

/// Finds the boxes frozen off goal in a position of one level.
#[derive(Clone, Debug)]
pub(crate) struct Freeze {
    rule: FreezeRule,
    frame: Frame,
    /// Per slot: a strong wall (S).
    walls: WallMap,
    /// Per slot: a goal.
    goals: Vec<bool>,
    /// Per slot: the index of the box there in the current check, valid
    /// where `stamps` holds the current stamp.
    slot_box: Vec<u32>,
    stamps: Vec<u32>,
    stamp: u32,
    /// The current check's boxes: cell, whether it can be grabbed, whether
    /// it is still in F.
    boxes: Vec<(GridPos, bool, bool)>,
}

impl Freeze {
    /// Prepare the checks of `level`'s positions under `rule`, over the
    /// cells from `min` to `max` (the search's bound).
    pub(crate) fn new(level: &Level, rule: FreezeRule, min: GridPos, max: GridPos) -> Freeze {
        let frame = if rule == FreezeRule::Off {
            Frame::default()
        } else {
            Frame::new(min, max)
        };
        let cells = frame.cells();
        let mut freeze = Freeze {
            rule,
            frame,
            walls: WallMap::new(level, &frame),
            goals: vec![false; cells],
            slot_box: vec![NO_BOX; cells],
            stamps: vec![0; cells],
            stamp: 0,
            boxes: Vec::new(),
        };
        for (at, spec) in level.entities() {
            let Some(i) = freeze.slot(at) else { continue };
            if spec.recipe == muscleman_core::EntityRecipe::Goal
                && let Some(g) = freeze.goals.get_mut(i)
            {
                *g = true;
            }
        }
        freeze
    }

    /// Return the rule in force.
    pub(crate) fn rule(&self) -> FreezeRule {
        self.rule
    }

    /// Return the bytes the grids hold.
    pub(crate) fn bytes(&self) -> u64 {
        (self.walls.bytes()
            + self.goals.capacity()
            + self.slot_box.capacity() * 4
            + self.stamps.capacity() * 4
            + self.boxes.capacity() * std::mem::size_of::<(GridPos, bool, bool)>()) as u64
    }

    fn slot(&self, at: GridPos) -> Option<usize> {
        self.frame.slot(at)
    }

    /// Return whether a strong wall stands on `at` (S).
    fn wall(&self, at: GridPos) -> bool {
        self.walls.at(&self.frame, at)
    }

    /// Return the index of the box of the current check on `at`, if any.
    fn box_at(&self, at: GridPos) -> Option<usize> {
        let i = self.slot(at)?;
        if self.stamps.get(i) != Some(&self.stamp) {
            return None;
        }
        let b = self.slot_box.get(i).copied()?;
        (b != NO_BOX).then_some(b as usize)
    }

    /// Return whether a box of F stands on `at`.
    fn frozen_at(&self, at: GridPos) -> bool {
        self.box_at(at)
            .and_then(|b| self.boxes.get(b))
            .is_some_and(|(_, _, f)| *f)
    }

    /// Return whether `at` is in W: a strong wall or a box of F.
    fn blocked(&self, at: GridPos) -> bool {
        self.wall(at) || self.frozen_at(at)
    }

    /// Return how many of the boxes on `cells` (the position's boxes that
    /// count on a goal, in `world`) are frozen off goal; 0 when the rule is
    /// off.
    pub(crate) fn frozen_off_goal(&mut self, world: &World, cells: &[GridPos]) -> u32 {
        if self.rule == FreezeRule::Off || cells.is_empty() {
            return 0;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamps.fill(0);
            self.stamp = 1;
        }
        self.boxes.clear();
        for at in cells {
            let Some(i) = self.slot(*at) else { continue };
            let liftable = self.rule == FreezeRule::Hands
                && world
                    .index()
                    .tagged_at(*at)
                    .any(|(_, t)| counts_on_goal(t) && t.contains(TagKind::Liftable));
            let (Ok(b), Some(s), Some(slot)) = (
                u32::try_from(self.boxes.len()),
                self.stamps.get_mut(i),
                self.slot_box.get_mut(i),
            ) else {
                continue;
            };
            *s = self.stamp;
            *slot = b;
            self.boxes.push((*at, liftable, true));
        }
        // The largest stable set: drop every box that can move while the
        // others stay, until none can.
        loop {
            let mut changed = false;
            for b in 0..self.boxes.len() {
                let Some(&(at, liftable, true)) = self.boxes.get(b) else {
                    continue;
                };
                if !self.stuck(at, liftable) {
                    if let Some(entry) = self.boxes.get_mut(b) {
                        entry.2 = false;
                    }
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let off_goal = self
            .boxes
            .iter()
            .filter(|(at, _, f)| *f && !self.frame.get(&self.goals, *at).copied().unwrap_or(false));
        u32::try_from(off_goal.count()).unwrap_or(u32::MAX)
    }

    /// Return whether the box on `c` is stuck while the boxes of F stay
    /// (see the module docs).
    fn stuck(&self, c: GridPos, liftable: bool) -> bool {
        match self.rule {
            FreezeRule::Off => false,
            FreezeRule::Pushes { single } => GridDir::ALL.into_iter().all(|d| {
                self.blocked(c.step(d))
                    || if single {
                        self.blocked(c.step(d.opposite()))
                    } else {
                        self.line_to_wall(c, d.opposite())
                    }
            }),
            FreezeRule::Hands => {
                let along = GridDir::ALL.into_iter().all(|d| {
                    let behind = c.step(d.opposite());
                    self.blocked(c.step(d))
                        || (self.wall(behind)
                            && (!liftable
                                || (self.wall(c.step(d).step(d))
                                    && [d.rotate_left(), d.rotate_right()].into_iter().all(|f| {
                                        let player = c.step(f.opposite());
                                        self.blocked(player) || self.wall(player.step(d))
                                    }))))
                });
                along
                    && (!liftable
                        || GridDir::ALL.into_iter().all(|f| {
                            [f.rotate_left(), f.rotate_right()].into_iter().all(|s| {
                                let player = c.step(f.opposite());
                                self.blocked(player)
                                    || self.wall(c.step(s))
                                    || self.blocked(player.step(s))
                            })
                        }))
            }
        }
    }

    /// Return whether, from `c`, the run of boxes of F along `d` ends at a
    /// strong wall (at once if `c + d` is one).
    fn line_to_wall(&self, c: GridPos, d: GridDir) -> bool {
        let mut at = c.step(d);
        // Each step leaves a cell of F; there are no more of them than boxes.
        for _ in 0..=self.boxes.len() {
            if self.wall(at) {
                return true;
            }
            if !self.frozen_at(at) {
                return false;
            }
            at = at.step(d);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use muscleman_sim::Trail;

    /// The rule for `text` under `rules`, and the boxes frozen off goal in
    /// its start.
    fn frozen(text: &str, rules: Rules) -> (FreezeRule, u32) {
        let level = Level::parse(text).unwrap_or_else(|e| panic!("{e}"));
        let trail = Trail::new(&level, rules).unwrap_or_else(|e| panic!("{e}"));
        let rule = FreezeRule::of(&level, &rules);
        let (w, h) = (level.width() as i32, level.height() as i32);
        let mut freeze = Freeze::new(
            &level,
            rule,
            GridPos::new(-2, -2),
            GridPos::new(w + 1, h + 1),
        );
        let world = trail.world();
        let cells: Vec<GridPos> = world
            .entities()
            .into_iter()
            .filter(|id| world.tags(*id).is_ok_and(counts_on_goal))
            .filter_map(|id| world.position(id).ok())
            .collect();
        (rule, freeze.frozen_off_goal(world, &cells))
    }

    #[test]
    fn without_hands_two_boxes_against_a_wall_freeze() {
        // Two boxes side by side along the top wall: neither can move
        // along the wall (the other is there) nor away from it.
        let text = "#######\n#@$$ .#\n#   ..#\n#######\n";
        let sokoban = frozen(text, Rules::SOKOBAN);
        assert_eq!(sokoban, (FreezeRule::Pushes { single: true }, 2));
        // With chains the pair moves as one along the wall: not frozen.
        let chains = frozen(text, Rules::SOKOBAN.with_max_chain(None));
        assert_eq!(chains, (FreezeRule::Pushes { single: false }, 0));
        // A box on goal is frozen but no loss.
        let on_goal = "######\n#*$  #\n#@ . #\n######\n";
        assert_eq!(frozen(on_goal, Rules::SOKOBAN).1, 1);
    }

    #[test]
    fn with_chains_a_line_up_to_a_wall_freezes() {
        // In the corner, the line of two boxes along the top wall can be
        // pushed neither right (the wall) nor left (no one can stand in
        // the wall behind it), nor down (the wall above): both frozen.
        let corner = "######\n#  $$#\n# @..#\n######\n";
        let chains = Rules::SOKOBAN.with_max_chain(None);
        assert_eq!(
            frozen(corner, chains),
            (FreezeRule::Pushes { single: false }, 2)
        );
    }

    #[test]
    fn with_hands_a_box_against_a_wall_is_not_frozen() {
        // A corner box can be pulled out with hands.
        let text = "######\n#$   #\n#@ . #\n######\n";
        assert_eq!(frozen(text, Rules::SOKOBAN).1, 1);
        assert_eq!(frozen(text, Rules::MUSCLEMAN), (FreezeRule::Hands, 0));
        // A heavy box cannot be grabbed: with hands it only moves when
        // pushed, and nothing else here can be grabbed: pushes only.
        let heavy = "######\n#&   #\n#@ . #\n######\n";
        assert_eq!(
            frozen(heavy, Rules::MUSCLEMAN),
            (FreezeRule::Pushes { single: false }, 1)
        );
    }

    #[test]
    fn with_hands_a_box_walled_in_by_a_box_on_goal_is_frozen() {
        // The box on goal in the corner holds the other in: that one can
        // only go down, and there it cannot be pushed (a wall above), pulled
        // (a wall two cells below), carried (no cell beside it for the
        // player) or swung (a wall at T or V): both frozen, one off goal.
        let text = "######\n#*$###\n## @.#\n######\n";
        assert_eq!(frozen(text, Rules::MUSCLEMAN), (FreezeRule::Hands, 1));
        // Room below to pull the outer box out: only the box on goal stays.
        let open = "######\n#*$###\n## @.#\n## ###\n######\n";
        assert_eq!(frozen(open, Rules::MUSCLEMAN), (FreezeRule::Hands, 0));
    }

    #[test]
    fn it_turns_itself_off() {
        // A hammer smashes boxes: off with hands, on without.
        let hammer = "legend: h = Hammer\n######\n#$h  #\n#@ . #\n######\n";
        assert_eq!(frozen(hammer, Rules::MUSCLEMAN), (FreezeRule::Off, 0));
        assert_eq!(
            frozen(hammer, Rules::SOKOBAN),
            (FreezeRule::Pushes { single: true }, 1)
        );
        // Two floors: off.
        let floors = "#####\n#@$.#\n#####\nfloor: 2\n#####\n#   #\n#####\n";
        assert_eq!(frozen(floors, Rules::SOKOBAN).0, FreezeRule::Off);
    }
}
