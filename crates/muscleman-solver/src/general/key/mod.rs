//! The general search's state key: every part of a world position a step
//! can change, written as words, so that equal keys are equal positions.

use muscleman_core::{EntityId, EntityRecipe, GlobalCounter, GridDir, GridPos};
use muscleman_level::Level;
use muscleman_sim::{Collects, Facing, Holding, Inside, TagKind, TagSet, World, recipe_decl};

use super::walls::strong_wall;

/// Whether a tag set needs a second word (never, while every tag's bit is
/// below 32).
const WIDE_TAGS: bool = muscleman_sim::TAG_BITS > 32;

/// The word written for an entity that no longer exists.
const GONE: u32 = u32::MAX;

/// Return whether an entity with `tags` counts on a goal: a box (the one
/// thing that opens; a bong does not count), or a heavy box that has not
/// sunk (the sim's rule, `muscleman_sim::is_solved`).
pub(crate) fn counts_on_goal(tags: TagSet) -> bool {
    tags.contains(TagKind::Pushable)
        && (tags.contains(TagKind::Openable) || tags.contains(TagKind::Heavy))
}

/// Return whether an entity with `tags` is never changed by any rule: a
/// strong wall, water or a goal. They are `Static` (they never move), and
/// nothing destroys them: only a key at its door, a collectible collected
/// and a hammer's target (a `Smashable` or a weak wall) are ever destroyed
/// (rules.md §5, 4), and none of them changes its tags.
fn never_changes(tags: TagSet) -> bool {
    tags.contains(TagKind::Static) && !tags.contains(TagKind::WallWeak)
}

/// One entity the key follows when nothing is ever spawned.
#[derive(Clone, Copy, Debug)]
struct Tracked {
    id: EntityId,
    /// Whether it can move: the player and every pushable (what is lifted
    /// is pushable too). Nothing else ever changes its cell.
    moves: bool,
    /// Whether it has a Facing of its own that the key writes: every
    /// entity but the player that has one (a duck, which walks its way and
    /// turns by itself). No rule gives or takes a Facing component, and
    /// nothing spawned has one (a box's contents are keys, hammers and
    /// collectibles; a brew makes a key or a bong).
    faces: bool,
}

/// What a key tells the search besides the key itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Census {
    /// Entities that count on a goal (boxes, heavy boxes not sunk).
    pub boxes: u32,
    /// Whether one of them stands on a dead cell.
    pub dead: bool,
}

/// Writes the key of a position of one level.
///
/// The key holds, for every entity that a step may change (all but strong
/// walls, water and goals): whether it exists, its tags and, if it can
/// move, its cell, and its Facing if it has one (a duck: where it walks
/// next); the player's Facing and what it holds; and the counters
/// when the level has collectibles. When the level can spawn entities (it
/// has a hammer and something with contents, or a cauldron, which brews)
/// and some were spawned, every such entity is written with its id, and a
/// collectible with its counter (a first word tells the two forms apart);
/// a cauldron and a bong with their contents, in order, either way; in
/// that form, when the start has an entity with a Facing of its own,
/// every entity's Facing or a word for none. Within
/// one level, what the key leaves out is either never changed by a step or
/// fixed by what it writes (a box's contents never change; a spawned
/// entity's recipe is its tags, a collectible's its counter), so two positions with equal
/// keys are the same world: the property test holds this against exact
/// dumps of the world. The two exceptions are asked for, and both concern
/// the player only, never a duck's Facing: the key may leave out the
/// player's Facing ([`KeyWriter::new`]), so positions that differ only in
/// where the player looks share a key, and [`KeyWriter::write`] may
/// be given a cell to write for the player instead of its own (the search's
/// free region, `region::Regions::canonical`).
#[derive(Clone, Debug)]
pub(crate) struct KeyWriter {
    player: EntityId,
    /// The entities to write, in id order, when nothing is ever spawned.
    tracked: Vec<Tracked>,
    /// Whether entities may be spawned (a hammer, and a box with contents).
    spawns: bool,
    /// How many entities the start has that never change (never destroyed
    /// either): with the tracked ones alive, every entity when none was
    /// spawned.
    fixed: usize,
    /// Whether the counters can change (the level has collectibles).
    counters: bool,
    /// Whether the start has an entity with a Facing of its own (a duck):
    /// then, when entities were spawned, every entity's record ends with
    /// its Facing or [`GONE`].
    facings: bool,
    /// Cells where a box off goal can never move again, by row (empty when
    /// no such rule holds).
    dead: DeadCells,
    /// When the key holds the player's Facing.
    facing: FacingKey,
}

/// When a key holds the player's Facing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FacingKey {
    /// Always (the plain search).
    Always,
    /// Never: without hands nothing reads it.
    Never,
    /// Only while the player holds something: with empty hands only a grab
    /// reads it, and the search tries a grab in every direction, turned by
    /// swings that change nothing else, so never where something moves by
    /// itself (see the module docs of `general`, "Facing").
    Holding,
}

/// A set of cells of the level's rectangle.
#[derive(Clone, Debug, Default)]
pub(crate) struct DeadCells {
    width: usize,
    cells: Vec<bool>,
}

impl DeadCells {
    /// Return the cells of `level`'s rectangle where a box is dead when no
    /// rule but a push moves a box: those from which no run of pushes can
    /// ever bring it to a goal or out of the rectangle, even with every
    /// wall but the strong ones taken away.
    ///
    /// A push moves a box from `c` to `c + d` only if something (the player
    /// or the box behind it) stands on `c - d` and nothing blocks `c + d`,
    /// so neither is a strong wall, which no rule ever moves or destroys
    /// (rules.md §5). The live cells are found backwards from the goals and
    /// from the ring of cells round the rectangle (floor to the sim, where a
    /// box may go on to anywhere, so they count as live): a box on `c` can
    /// reach `c + d` when `c - d` and `c + d` are not strong walls.
    /// Everything else (weak walls, water, doors, other boxes) counts as
    /// floor, which only makes more cells live. A box on a dead cell never
    /// reaches a goal in the real, unbounded sim, so pruning it hides no
    /// solution and no step past the search's bound.
    ///
    /// With `hands` a box also moves by the player's hands (rules.md §4):
    /// pulled (the player on `c + d` steps on to `c + 2d`), carried
    /// sideways (the player on `c + e`, `e` across `d`, steps to
    /// `c + e + d`), swung (from `P + f` to `T = P + s`, `s` across `f`, the
    /// arc passing `V = P + f + s`) or shoved by a swing (a push from the
    /// cell behind it, like any push). Each needs the cells named not to be
    /// strong walls, and only these, so the live cells are found backwards
    /// the same way over all these moves: a box on a dead cell never
    /// reaches a goal. [`DeadCells::sound`] says when nothing else moves
    /// a box.
    pub(crate) fn unreachable(level: &Level, hands: bool) -> DeadCells {
        let (width, height) = (level.width(), level.height());
        let (Ok(w), Ok(h)) = (i32::try_from(width), i32::try_from(height)) else {
            return DeadCells::default();
        };
        // The rectangle and a ring of one cell, from (-1, -1).
        let (ow, oh) = (width.saturating_add(2), height.saturating_add(2));
        let index = |at: GridPos| -> Option<usize> {
            let (x, y) = (at.x.checked_add(1)?, at.y.checked_add(1)?);
            let (x, y) = (usize::try_from(x).ok()?, usize::try_from(y).ok()?);
            (x < ow && y < oh).then(|| y * ow + x)
        };
        let inside = |at: GridPos| (0..w).contains(&at.x) && (0..h).contains(&at.y);
        let wall = |at: GridPos| level.cell(at).iter().any(|s| strong_wall(s.recipe));
        let mut live = vec![false; ow.saturating_mul(oh)];
        let mut queue: Vec<GridPos> = Vec::new();
        let ring = (-1..=w).flat_map(|x| (-1..=h).map(move |y| GridPos::new(x, y)));
        let seeds = level
            .positions_of(EntityRecipe::Goal)
            .chain(ring.filter(|at| !inside(*at)));
        for seed in seeds {
            if let Some(slot) = index(seed).and_then(|i| live.get_mut(i))
                && !*slot
            {
                *slot = true;
                queue.push(seed);
            }
        }
        // Backwards: the cells a box may come to `at` from.
        let mut origins: Vec<GridPos> = Vec::with_capacity(12);
        while let Some(at) = queue.pop() {
            origins.clear();
            box_origins(&wall, at, hands, &mut origins);
            for from in origins.drain(..) {
                if let Some(slot) = index(from).and_then(|i| live.get_mut(i))
                    && !*slot
                {
                    *slot = true;
                    queue.push(from);
                }
            }
        }
        let mut cells = vec![false; width.saturating_mul(height)];
        for (i, slot) in cells.iter_mut().enumerate() {
            let (Ok(x), Ok(y)) = (
                i32::try_from(i % width.max(1)),
                i32::try_from(i / width.max(1)),
            ) else {
                continue;
            };
            let at = GridPos::new(x, y);
            *slot = !wall(at) && index(at).and_then(|i| live.get(i)).is_some_and(|l| !*l);
        }
        DeadCells { width, cells }
    }

    /// Return whether, on `level` (with `hands` or without), the player's
    /// inputs move a box only as [`DeadCells::unreachable`] says (a push,
    /// and with hands a carry, a swing or a swing's shove), so that its
    /// dead cells may prune: every recipe the level holds, contents
    /// included, moves only when the player's action moves it (the
    /// registry's [`Assume::moves_only_when_pushed`](muscleman_sim::Assume)),
    /// or moves by itself but moves nothing else
    /// ([`Assume::never_moves_others`](muscleman_sim::Assume)) and is no box
    /// in any state (a duck: it walks, and only the player's actions move a
    /// box, a duck in a chain included); the sim has no mechanic besides
    /// those this reasoning was checked against ([`KNOWN_MECHANICS`]: a new
    /// one turns the pruning off until it is looked at); and with hands the
    /// level has one floor (stairs take what is held to another floor).
    pub(crate) fn sound(level: &Level, hands: bool) -> bool {
        let mechanics_known = muscleman_sim::mechanics().all(|m| KNOWN_MECHANICS.contains(&m));
        let boxes_pushed = level.all_entities().all(|(_, _, spec)| {
            std::iter::once(spec.recipe)
                .chain(spec.contents.as_slice().iter().copied())
                .all(|r| {
                    recipe_decl(r).is_some_and(|d| {
                        d.assume.moves_only_when_pushed
                            || (d.assume.never_moves_others && !d.tag_sets().any(counts_on_goal))
                    })
                })
        });
        (!hands || level.floor_count() == 1) && mechanics_known && boxes_pushed
    }

    fn contains(&self, at: GridPos) -> bool {
        let (Ok(x), Ok(y)) = (usize::try_from(at.x), usize::try_from(at.y)) else {
            return false;
        };
        x < self.width
            && self
                .cells
                .get(y.saturating_mul(self.width).saturating_add(x))
                .copied()
                .unwrap_or(false)
    }
}

/// The sim's mechanics whose ways of moving a box [`DeadCells::unreachable`]
/// covers (with hands): walks and pushes, grab and drop, carries, swings and
/// their shoves; the others move no box (a door, a plate, sinking, a
/// collectible, the cleanup of what is held, the glow, the bump, a sound;
/// rules.md version 3's cauldron, which takes a key and brews a key or a
/// bong, and the bong, a smash of which spills keys), or move one only
/// between floors (the stairs carry what is held), and the pruning runs on
/// one-floor levels only, which hold no stairs. Ducks (version 3) move
/// themselves and never push a box, as the registry declares
/// (`Assume::never_moves_others`), and are no boxes: a box still moves
/// only by the player's actions ([`DeadCells::sound`]).
const KNOWN_MECHANICS: [&str; 16] = [
    "walk", "push", "grab", "carry", "swing", "cleanup", "collect", "doors", "plates", "sink",
    "glow", "stairs", "bump", "ducks", "cauldron", "bong",
];

/// Put in `out` every cell from which one step moves a box onto `at`: a
/// push (a pusher behind it), and with `hands` a pull, a sideways carry or
/// a swing; `wall` tells the cells that block for good (see
/// [`DeadCells::unreachable`]).
pub(crate) fn box_origins(
    wall: &impl Fn(GridPos) -> bool,
    at: GridPos,
    hands: bool,
    out: &mut Vec<GridPos>,
) {
    for d in GridDir::ALL {
        // From `from = at - d`, moving along `d`.
        let from = at.step(d.opposite());
        if wall(from) {
            continue;
        }
        let push = !wall(from.step(d.opposite()));
        let pull = hands && !wall(at.step(d));
        let carry = hands
            && [d.rotate_left(), d.rotate_right()]
                .into_iter()
                .any(|e| !wall(from.step(e)) && !wall(at.step(e)));
        if push || pull || carry {
            out.push(from);
        }
    }
    if hands {
        // A swing from `c = P + f` to `at = T = P + s`: the player on
        // `P = at - s`, the arc over `V = c + s = at + f`.
        for f in GridDir::ALL {
            for s in [f.rotate_left(), f.rotate_right()] {
                let c = at.step(f).step(s.opposite());
                if !wall(c) && !wall(at.step(s.opposite())) && !wall(at.step(f)) {
                    out.push(c);
                }
            }
        }
    }
}

impl KeyWriter {
    /// Prepare the keys of `level`'s positions, from its start `world`;
    /// `dead` is the set of dead cells to report in the [`Census`], and
    /// `facing` when the key holds the player's Facing. Only rules with
    /// hands ever read the player's Facing (a grab takes what is in front,
    /// a held item stays in front, a swing turns from it: rules.md §4; a
    /// duck reads its own Facing and whether it is held, never the
    /// player's); without hands, two positions that differ only in the
    /// player's Facing have the same futures, so the search may leave it
    /// out and file them as one; with empty hands only a grab reads it.
    /// Every other entity's Facing (a duck's) is always in the key.
    pub(crate) fn new(
        level: &Level,
        world: &World,
        player: EntityId,
        dead: DeadCells,
        facing: FacingKey,
    ) -> Self {
        let mut hammer = false;
        let mut contents = false;
        let mut collectibles = false;
        let mut cauldron = false;
        for (_, _, spec) in level.all_entities() {
            hammer |= spec.recipe == EntityRecipe::Hammer;
            contents |= !spec.contents.as_slice().is_empty();
            cauldron |= spec.recipe == EntityRecipe::Cauldron;
            for r in std::iter::once(spec.recipe).chain(spec.contents.as_slice().iter().copied()) {
                // What raises a counter, as the sim declares it.
                collectibles |= recipe_decl(r).is_some_and(|d| d.collects().is_some());
            }
        }
        let tracked = world
            .entities()
            .into_iter()
            .filter_map(|id| {
                let tags = world.tags(id).ok()?;
                (!never_changes(tags)).then(|| Tracked {
                    id,
                    moves: tags.contains(TagKind::Player)
                        || tags.contains(TagKind::Pushable)
                        || tags.contains(TagKind::Liftable),
                    faces: id != player && world.get::<Facing>(id).is_ok(),
                })
            })
            .collect::<Vec<_>>();
        let facings = tracked.iter().any(|t| t.faces);
        KeyWriter {
            player,
            fixed: world.len().saturating_sub(tracked.len()),
            tracked,
            // A smash spawns contents; a brew its product.
            spawns: (hammer && contents) || cauldron,
            counters: collectibles,
            facings,
            dead,
            facing,
        }
    }

    /// Write the key of `world` into `out` (cleared first), count its
    /// boxes and put their cells in `boxes` (cleared first); `player_at`, if
    /// given, is written as the player's cell instead of its own (the
    /// search's normalized region cell).
    pub(crate) fn write(
        &self,
        world: &World,
        player_at: Option<GridPos>,
        out: &mut Vec<u32>,
        boxes: &mut Vec<GridPos>,
    ) -> Census {
        out.clear();
        boxes.clear();
        let mut census = Census::default();
        let mut note = |tags: TagSet, at: Option<GridPos>| {
            if counts_on_goal(tags) {
                census.boxes += 1;
                census.dead |= at.is_some_and(|at| self.dead.contains(at));
                boxes.extend(at);
            }
        };
        // Where entities may be spawned, a first word says whether some
        // were: if not (the world holds no more entities than the start's
        // fixed ones and its tracked ones still alive), the tracked ones
        // are every entity that may change, written as when nothing is
        // spawned; if so, every entity is written with its id (collecting
        // and sorting every id, the costly way).
        let spawned = self.spawns && {
            let alive = self.tracked.iter().filter(|t| world.is_alive(t.id)).count();
            world.len() != self.fixed.saturating_add(alive)
        };
        if self.spawns {
            out.push(u32::from(spawned));
        }
        if spawned {
            for id in world.entities() {
                let Ok(tags) = world.tags(id) else { continue };
                if never_changes(tags) {
                    continue;
                }
                out.push(id.index());
                out.push(id.generation());
                write_tags(out, tags);
                let at = world.position(id).ok();
                write_cell(
                    out,
                    if id == self.player {
                        player_at.or(at)
                    } else {
                        at
                    },
                );
                if tags.contains(TagKind::Collectible) {
                    let counter = world.get::<Collects>(id).ok().map(|c| c.0);
                    out.push(counter.map_or(GONE, |c| c.index() as u32));
                }
                write_contents(out, world, id, tags);
                if self.facings {
                    let own = (id != self.player)
                        .then(|| world.get::<Facing>(id).ok())
                        .flatten();
                    out.push(own.map_or(GONE, |f| f.0.index() as u32));
                }
                note(tags, at);
            }
        } else {
            for t in &self.tracked {
                let Ok(tags) = world.tags(t.id) else {
                    out.push(GONE);
                    continue;
                };
                write_tags(out, tags);
                write_contents(out, world, t.id, tags);
                if t.faces {
                    let own = world.get::<Facing>(t.id).ok();
                    out.push(own.map_or(GONE, |f| f.0.index() as u32));
                }
                if t.moves {
                    let at = world.position(t.id).ok();
                    write_cell(
                        out,
                        if t.id == self.player {
                            player_at.or(at)
                        } else {
                            at
                        },
                    );
                    note(tags, at);
                } else {
                    note(tags, None);
                }
            }
        }
        let held = world.get::<Holding>(self.player).ok().and_then(|h| h.0);
        let facing = match self.facing {
            FacingKey::Always => true,
            FacingKey::Never => false,
            FacingKey::Holding => held.is_some(),
        };
        if facing {
            let facing = world.get::<Facing>(self.player).ok().map(|f| f.0);
            out.push(facing.map_or(GONE, |f| f.index() as u32));
        }
        match held {
            Some(held) => {
                out.push(held.index());
                out.push(held.generation());
            }
            None => {
                out.push(GONE);
                out.push(GONE);
            }
        }
        if self.counters {
            for counter in GlobalCounter::ALL {
                let v = world.counter(counter);
                out.push(v as u32);
                out.push((v >> 32) as u32);
            }
        }
        census
    }
}

/// Write the contents of what holds contents that play changes or makes
/// (a cauldron's keys, a brewed bong's two keys in the order they went
/// in: the order its smash spills them); a box's never change, and
/// nothing else holds any.
fn write_contents(out: &mut Vec<u32>, world: &World, id: EntityId, tags: TagSet) {
    let bong = tags.contains(TagKind::Smashable) && !tags.contains(TagKind::Openable);
    if !bong && !tags.contains(TagKind::Cauldron) {
        return;
    }
    let held = world.get::<Inside>(id).map(|c| c.0).unwrap_or_default();
    out.push(held.len() as u32);
    out.extend(held.as_slice().iter().map(|r| *r as u32));
}

fn write_tags(out: &mut Vec<u32>, tags: TagSet) {
    let bits = tags.bits();
    out.push(bits as u32);
    if WIDE_TAGS {
        out.push((bits >> 32) as u32);
    }
}

/// Offset of a packed coordinate: `x + OFFSET` fits 15 bits.
const OFFSET: i32 = 1 << 14;

/// Write a cell: one word `(x + OFFSET) | (y + OFFSET) << 15` (under
/// 2^30, so never [`GONE`]) when both coordinates are within `OFFSET` of 0,
/// as every cell of a level under 16,000 cells a side and its margin is;
/// else [`GONE`] and two words (and three [`GONE`] for no cell, which no
/// entity has).
fn write_cell(out: &mut Vec<u32>, at: Option<GridPos>) {
    let range = -OFFSET..OFFSET;
    match at {
        Some(at) if range.contains(&at.x) && range.contains(&at.y) => {
            out.push(((at.x + OFFSET) as u32) | (((at.y + OFFSET) as u32) << 15));
        }
        Some(at) => out.extend([GONE, at.x as u32, at.y as u32]),
        None => out.extend([GONE, GONE, GONE]),
    }
}

/// Return whether something in `level` (on any floor, or inside a box)
/// moves by itself: its recipe's declaration in the sim's registry says it
/// does not move only when pushed (a duck walks every step, whatever the
/// input, waits included). Then the world does not stand still while the
/// player does, and every pruning that assumes it does is off (see the
/// module docs of `general`).
pub(crate) fn moves_by_itself(level: &Level) -> bool {
    level.all_entities().any(|(_, _, spec)| {
        std::iter::once(spec.recipe)
            .chain(spec.contents.as_slice().iter().copied())
            .any(|r| recipe_decl(r).is_none_or(|d| !d.assume.moves_only_when_pushed))
    })
}

#[cfg(test)]
mod tests;
