//! The general search's state key: every part of a world position a step
//! can change, written as words, so that equal keys are equal positions.

use muscleman_core::{EntityId, EntityRecipe, EntitySpec, GlobalCounter, GridDir, GridPos};
use muscleman_level::Level;
use muscleman_sim::{
    Collects, Facing, Holding, Inside, Motion, Moves, RecipeDecl, Spawns, TagSet, World,
    recipe_decl, spec_of,
};

pub(crate) use muscleman_sim::counts_on_goal;

use super::walls::strong_wall;

/// Whether a tag set needs a second word (never, while every tag's bit is
/// below 32).
const WIDE_TAGS: bool = muscleman_sim::TAG_BITS > 32;

/// The word written for an entity that no longer exists.
const GONE: u32 = u32::MAX;

/// One entity the key follows when nothing is ever spawned: every entity
/// of the start but those whose recipe declares they never change and are
/// never destroyed (`Assume::never_changes`, `Assume::never_destroyed`).
/// What it writes of each is what its recipe's declaration says may
/// change; an entity whose recipe is not found is written whole.
#[derive(Clone, Copy, Debug)]
struct Tracked {
    id: EntityId,
    /// Whether it can move (`Assume::moves` is not `Moves::Never`).
    moves: bool,
    /// Whether it has a Facing of its own that the key writes: every
    /// entity but the player whose recipe spawns with one (a duck). No
    /// rule gives or takes a Facing component.
    faces: bool,
    /// Whether its contents change while it stands
    /// (`Assume::contents_change`: a cauldron).
    contents: bool,
}

impl Tracked {
    /// How the key follows `id`, of `decl`'s recipe (`None`: not found, so
    /// written whole), when `player` is the player.
    fn of(id: EntityId, decl: Option<&RecipeDecl>, player: EntityId) -> Tracked {
        Tracked {
            id,
            moves: decl.is_none_or(|d| d.assume.moves != Moves::Never),
            faces: id != player && decl.is_none_or(|d| d.facing().is_some()),
            contents: decl.is_none_or(|d| d.assume.contents_change),
        }
    }
}

/// Return the declaration of the recipe of `id` in `world`, if found.
fn decl_of(world: &World, id: EntityId) -> Option<&'static RecipeDecl> {
    spec_of(world, id).and_then(|s| recipe_decl(s.recipe))
}

/// Return whether the key may leave `decl`'s entities out: they never
/// change and are never destroyed.
fn fixed(decl: Option<&RecipeDecl>) -> bool {
    decl.is_some_and(|d| d.assume.never_changes && d.assume.never_destroyed)
}

/// Return whether something of `spec` (a level's entity) may make a rule
/// spawn entities: it spawns others (a cauldron brews), or spills its
/// contents when destroyed and has or may get some (a box holding a key).
fn may_spawn(spec: &EntitySpec) -> bool {
    recipe_decl(spec.recipe).is_none()
        || std::iter::once(spec.recipe)
            .chain(spec.contents.as_slice().iter().copied())
            .filter_map(recipe_decl)
            .any(|d| match d.assume.spawns {
                Spawns::Nothing => false,
                Spawns::ItsContents => !spec.contents.is_empty() || d.assume.contents_change,
                Spawns::Others => true,
            })
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
/// What the key holds is read from the recipes' declarations in the sim's
/// registry ([`muscleman_sim::Assume`], [`RecipeDecl::facing`]), never
/// from a list of recipes or a combination of tags, so a recipe cannot be
/// left out. For every entity that a step may change (all but those whose
/// recipe never changes and is never destroyed: strong walls, water,
/// goals, stairs): whether it exists, its tags; its cell if its recipe
/// moves at all (`Assume::moves`); its Facing if its recipe spawns with
/// one (a duck: where it walks next); its contents if they change while
/// it stands (`Assume::contents_change`: a cauldron's keys). Then the
/// player's Facing and what it holds, and the counters when the level has
/// collectibles. When something of the level may make a rule spawn
/// entities (`Assume::spawns`: a cauldron brews; a box with contents or a
/// bong spills them when smashed) and some were spawned, every entity but
/// the start's fixed ones is written with its id, its tags, its cell,
/// its counter (when the level has collectibles), its contents, and its
/// Facing when something of the level may face (a first word tells the
/// two forms apart). Within
/// one level, what the key leaves out is either never changed by a step or
/// fixed by what it writes (a box's contents never change; a spawned
/// entity's recipe is its tags, a collectible's its counter), so two
/// positions with equal keys are the same world: the property test holds this against exact
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
    /// Whether entities may be spawned (`Assume::spawns`).
    spawns: bool,
    /// By slot index, the generation of the start's entity in that slot
    /// that never changes (`None`: none): what the spawned form leaves out.
    fixed_ids: Vec<Option<u32>>,
    /// How many entities the start has that never change (never destroyed
    /// either): with the tracked ones alive, every entity when none was
    /// spawned.
    fixed: usize,
    /// Whether the counters can change (the level has collectibles).
    counters: bool,
    /// Whether something of the level may have a Facing of its own (a
    /// duck, or what a rule that spawns others might make): then, when
    /// entities were spawned, every entity's record ends with its Facing
    /// or [`GONE`].
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
    /// included, moves only when the player's action moves it, or never
    /// (the registry's [`Assume::moves`](muscleman_sim::Assume)), or moves
    /// by itself but moves nothing else
    /// ([`Assume::never_moves_others`](muscleman_sim::Assume)) and is no box
    /// in any state (a duck: it walks, and only the player's actions move a
    /// box, a duck in a chain included); and every way the sim's mechanics
    /// move things ([`muscleman_sim::motions`]) is one this reasoning
    /// models: a walk's push, with hands a carry and a swing, an actor's
    /// own walk, and the stairs only without hands or on one floor (they
    /// take what is held to another floor). A motion the sim adds fails
    /// this match's build until it is looked at.
    pub(crate) fn sound(level: &Level, hands: bool) -> bool {
        let motions_modelled = muscleman_sim::motions().all(|m| match m {
            Motion::Walk | Motion::Carry | Motion::Swing | Motion::Actor => true,
            Motion::Floors => !hands || level.floor_count() == 1,
        });
        let boxes_pushed = level.all_entities().all(|(_, _, spec)| {
            std::iter::once(spec.recipe)
                .chain(spec.contents.as_slice().iter().copied())
                .all(|r| {
                    recipe_decl(r).is_some_and(|d| {
                        !d.assume.moves_by_itself()
                            || (d.assume.never_moves_others && !d.tag_sets().any(counts_on_goal))
                    })
                })
        });
        motions_modelled && boxes_pushed
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
        let mut spawns = false;
        let mut collectibles = false;
        let mut facings = false;
        let mut others = false;
        for (_, _, spec) in level.all_entities() {
            spawns |= may_spawn(&spec);
            for r in std::iter::once(spec.recipe).chain(spec.contents.as_slice().iter().copied()) {
                // What raises a counter, what faces, as the sim declares it.
                let decl = recipe_decl(r);
                collectibles |= decl.is_some_and(|d| d.collects().is_some());
                facings |= r != EntityRecipe::Player && decl.is_none_or(|d| d.facing().is_some());
                others |= decl.is_some_and(|d| d.assume.spawns == Spawns::Others);
            }
        }
        // What a rule that spawns others makes may face some way too.
        facings |= others;
        let mut tracked = Vec::new();
        let mut fixed_ids = Vec::new();
        for id in world.entities() {
            let decl = decl_of(world, id);
            if fixed(decl) {
                let slot = id.index() as usize;
                if fixed_ids.len() <= slot {
                    fixed_ids.resize(slot + 1, None);
                }
                if let Some(g) = fixed_ids.get_mut(slot) {
                    *g = Some(id.generation());
                }
            } else {
                tracked.push(Tracked::of(id, decl, player));
            }
        }
        KeyWriter {
            player,
            fixed: world.len().saturating_sub(tracked.len()),
            tracked,
            spawns,
            fixed_ids,
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
                let slot = self.fixed_ids.get(id.index() as usize).copied().flatten();
                if slot == Some(id.generation()) {
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
                // Every data component but the player's, whatever the
                // entity: the counter it raises, its contents, its Facing.
                if self.counters {
                    let counter = world.get::<Collects>(id).ok().map(|c| c.0);
                    out.push(counter.map_or(GONE, |c| c.index() as u32));
                }
                write_contents(out, world, id);
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
                if t.contents {
                    write_contents(out, world, t.id);
                }
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

/// Write the contents of `id`, in order (a cauldron's keys, a brewed
/// bong's two keys in the order they went in: the order its smash spills
/// them), its count first (0 for none).
fn write_contents(out: &mut Vec<u32>, world: &World, id: EntityId) {
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
            .any(|r| recipe_decl(r).is_none_or(|d| d.assume.moves_by_itself()))
    })
}

#[cfg(test)]
mod tests;
