//! Mouse moves: the shortest walk to a cell, and a push path that takes one
//! box to a cell, both planned on what the board shows.
//!
//! The plan treats as blocking every cell holding a wall, a weak wall, a
//! box, a heavy box, a closed door, water, a key, a hammer or something the
//! game does not know; it walks over whatever does not block
//! filled water and collectibles. A push path pushes only the picked box
//! and never into another (so never a chain). The moves are then played
//! through the sim one by one, and the walk stops where the sim does
//! something the plan did not expect. In a level where something moves by
//! itself ([`moves_by_itself`]: a duck), the way is planned again before
//! every step, and the walk stops when none is left.

use std::collections::VecDeque;

use muscleman_core::{EntityId, GridDir, GridPos};
use muscleman_sim::{Game, Sprite, View, recipe_decl};

/// Most states a push path search looks at before giving up.
const MAX_STATES: usize = 400_000;

/// The rectangle the plans search: the level's, grown to what the view
/// holds, plus one cell around (an open level's edge is floor).
#[derive(Clone, Copy)]
struct Area {
    min: GridPos,
    max: GridPos,
}

impl Area {
    fn of(game: &Game, view: &View) -> Area {
        let w = i32::try_from(game.level().width()).unwrap_or(i32::MAX);
        let h = i32::try_from(game.level().height()).unwrap_or(i32::MAX);
        let (mut min, mut max) = (GridPos::ZERO, GridPos::new(w - 1, h - 1));
        if let Some((lo, hi)) = view.bounds() {
            min = GridPos::new(min.x.min(lo.x), min.y.min(lo.y));
            max = GridPos::new(max.x.max(hi.x), max.y.max(hi.y));
        }
        Area {
            min: GridPos::new(min.x.saturating_sub(1), min.y.saturating_sub(1)),
            max: GridPos::new(max.x.saturating_add(1), max.y.saturating_add(1)),
        }
    }

    fn width(self) -> usize {
        usize::try_from(i64::from(self.max.x) - i64::from(self.min.x) + 1).unwrap_or(0)
    }

    fn height(self) -> usize {
        usize::try_from(i64::from(self.max.y) - i64::from(self.min.y) + 1).unwrap_or(0)
    }

    /// Return the index of `p` in a table of the area's cells.
    fn index(self, p: GridPos) -> Option<usize> {
        if p.x < self.min.x || p.y < self.min.y || p.x > self.max.x || p.y > self.max.y {
            return None;
        }
        let x = usize::try_from(i64::from(p.x) - i64::from(self.min.x)).ok()?;
        let y = usize::try_from(i64::from(p.y) - i64::from(self.min.y)).ok()?;
        Some(y * self.width() + x)
    }
}

/// What a cell holds, for the plans.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ground {
    Free,
    Box,
    Blocked,
}

/// What stands in a cell, as the view says: a pushable blocker is a box to
/// push, any other blocker or water nothing fills blocks the way.
fn ground(view: &View, at: GridPos) -> Ground {
    let mut g = Ground::Free;
    for sprite in view.cell(at) {
        let a = sprite.appearance;
        if a.is("player") {
            continue;
        }
        if a.deep || (a.blocks && !a.pushable) {
            return Ground::Blocked;
        }
        if a.blocks {
            g = Ground::Box;
        }
    }
    g
}

fn player_of(view: &View) -> Option<GridPos> {
    view.sprites()
        .iter()
        .find(|s| s.appearance.is("player"))
        .map(|s| s.at)
}

/// Return where the player stands.
pub fn player(game: &Game) -> Option<GridPos> {
    player_of(&game.view())
}

/// Return whether a sprite moves by itself: its recipe's declaration says
/// it does not move only when pushed (`Assume::moves_by_itself`:
/// a duck walks every step).
fn moves_alone(sprite: &Sprite) -> bool {
    sprite
        .appearance
        .recipe
        .and_then(recipe_decl)
        .is_some_and(|d| d.assume.moves_by_itself())
}

/// Return the first thing of the view that moves by itself, if any: then
/// a plan made now may not hold a step later.
pub fn moves_by_itself(view: &View) -> Option<&Sprite> {
    view.all_sprites().iter().find(|s| moves_alone(s))
}

/// Return the name of what moves by itself in the cell `at` of the
/// player's floor, if anything does (`"duck"`).
pub fn mover_at(view: &View, at: GridPos) -> Option<&'static str> {
    view.cell(at)
        .iter()
        .find(|s| moves_alone(s))
        .map(|s| s.appearance.name)
}

/// Return the pushable thing in the cell `at` of the player's floor.
pub fn pushable_at(game: &Game, at: GridPos) -> Option<EntityId> {
    game.view()
        .cell(at)
        .iter()
        .find(|s| s.appearance.blocks && s.appearance.pushable)
        .map(|s| s.entity)
}

/// Return where `entity` is on the player's floor, if it is there.
pub fn where_is(game: &Game, entity: EntityId) -> Option<GridPos> {
    game.view()
        .sprites()
        .iter()
        .find(|s| s.entity == entity)
        .map(|s| s.at)
}

/// Return the cells a walk of `dirs` from `from` goes through.
pub fn cells_of(from: GridPos, dirs: &[GridDir]) -> Vec<GridPos> {
    dirs.iter()
        .scan(from, |at, &dir| {
            *at = at.step(dir);
            Some(*at)
        })
        .collect()
}

/// Return whether the cell holds a box or a heavy box.
pub fn is_box(game: &Game, at: GridPos) -> bool {
    ground(&game.view(), at) == Ground::Box
}

const DIRS: [GridDir; 4] = [GridDir::Up, GridDir::Right, GridDir::Down, GridDir::Left];

/// Return the shortest walk (no pushes) from the player to `to`, or why not.
pub fn walk_path(game: &Game, to: GridPos) -> Result<Vec<GridDir>, String> {
    let view = game.view();
    let from = player_of(&view).ok_or("There is no player")?;
    if from == to {
        return Ok(Vec::new());
    }
    let area = Area::of(game, &view);
    if area.index(to).is_none() || ground(&view, to) != Ground::Free {
        return Err("Cannot walk there: the cell is taken".to_owned());
    }
    let size = area.width().saturating_mul(area.height());
    let mut came: Vec<Option<GridDir>> = vec![None; size];
    let mut seen = vec![false; size];
    let mut queue = VecDeque::from([from]);
    if let Some(i) = area.index(from) {
        *seen.get_mut(i).ok_or("no cell")? = true;
    }
    while let Some(p) = queue.pop_front() {
        if p == to {
            let mut dirs = Vec::new();
            let mut at = to;
            while at != from {
                let dir = area
                    .index(at)
                    .and_then(|i| came.get(i).copied().flatten())
                    .ok_or("broken path")?;
                dirs.push(dir);
                at = at.step(dir.opposite());
            }
            dirs.reverse();
            return Ok(dirs);
        }
        for dir in DIRS {
            let next = p.step(dir);
            let Some(i) = area.index(next) else { continue };
            if seen.get(i).copied().unwrap_or(true) || ground(&view, next) != Ground::Free {
                continue;
            }
            if let Some(s) = seen.get_mut(i) {
                *s = true;
            }
            if let Some(c) = came.get_mut(i) {
                *c = Some(dir);
            }
            queue.push_back(next);
        }
    }
    Err("Cannot walk there: no way leads to it".to_owned())
}

/// Return the fewest moves that push the box at `from` to `to`, pushing
/// only that box, or why not.
pub fn push_path(game: &Game, from: GridPos, to: GridPos) -> Result<Vec<GridDir>, String> {
    let view = game.view();
    let player = player_of(&view).ok_or("There is no player")?;
    let area = Area::of(game, &view);
    if area.index(to).is_none() || (ground(&view, to) != Ground::Free) {
        return Err("Cannot push the box there: the cell is taken".to_owned());
    }
    let free =
        |p: GridPos| p == from || (area.index(p).is_some() && ground(&view, p) == Ground::Free);
    let size = area.width().saturating_mul(area.height());
    let key = |b: GridPos, p: GridPos| -> Option<usize> {
        Some(
            area.index(b)?
                .saturating_mul(size)
                .saturating_add(area.index(p)?),
        )
    };
    // Parent links by state: (previous box, previous player, direction).
    let mut parents: std::collections::HashMap<usize, (GridPos, GridPos, GridDir)> =
        std::collections::HashMap::new();
    let start = key(from, player).ok_or("The box is outside the board")?;
    let mut seen = std::collections::HashSet::from([start]);
    let mut queue = VecDeque::from([(from, player)]);
    while let Some((b, p)) = queue.pop_front() {
        if b == to {
            let mut dirs = Vec::new();
            let (mut cb, mut cp) = (b, p);
            while let Some(k) = key(cb, cp) {
                let Some(&(pb, pp, dir)) = parents.get(&k) else {
                    break;
                };
                dirs.push(dir);
                (cb, cp) = (pb, pp);
            }
            dirs.reverse();
            return Ok(dirs);
        }
        if seen.len() > MAX_STATES {
            break;
        }
        for dir in DIRS {
            let next = p.step(dir);
            let state = if next == b {
                let beyond = b.step(dir);
                if !free(beyond) || beyond == b {
                    continue;
                }
                (beyond, next)
            } else if free(next) && next != b {
                (b, next)
            } else {
                continue;
            };
            let Some(k) = key(state.0, state.1) else {
                continue;
            };
            if seen.insert(k) {
                parents.insert(k, (b, p, dir));
                queue.push_back(state);
            }
        }
    }
    Err("Cannot push the box there: no push path".to_owned())
}
