//! The general search's state key: every part of a world position a step
//! can change, written as words, so that equal keys are equal positions.

use muscleman_core::{EntityId, EntityRecipe, GlobalCounter, GridPos};
use muscleman_level::Level;
use muscleman_sim::{Collects, Facing, Holding, TagKind, TagSet, World};

/// Whether a tag set needs a second word (never, with today's 29 tags).
const WIDE_TAGS: bool = TagKind::ALL.len() > 32;

/// The word written for an entity that no longer exists.
const GONE: u32 = u32::MAX;

/// Return whether an entity with `tags` counts on a goal: a box, or a heavy
/// box that has not sunk (the sim's rule, `muscleman_sim::is_solved`).
pub(crate) fn counts_on_goal(tags: TagSet) -> bool {
    tags.contains(TagKind::Pushable)
        && (tags.contains(TagKind::Smashable) || tags.contains(TagKind::Heavy))
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
/// move, its cell; the player's Facing and what it holds; and the counters
/// when the level has collectibles. When the level can spawn entities (it
/// has a hammer and a box with contents), every such entity is written
/// with its id, and a collectible with its counter. Within one level, what
/// the key leaves out is either never changed by a step or fixed by what
/// it writes (a box's contents never change; a spawned entity's recipe is
/// its tags, and a collectible's its counter), so two positions with equal
/// keys are the same world: the property test holds this against exact
/// dumps of the world. The one exception is asked for: without hands the
/// key may leave out Facing ([`KeyWriter::new`]), so positions that differ
/// only in where the player looks share a key.
#[derive(Clone, Debug)]
pub(crate) struct KeyWriter {
    player: EntityId,
    /// The entities to write, in id order, when nothing is ever spawned.
    tracked: Vec<Tracked>,
    /// Whether entities may be spawned (a hammer, and a box with contents).
    spawns: bool,
    /// Whether the counters can change (the level has collectibles).
    counters: bool,
    /// Cells where a box off goal can never move again, by row (empty when
    /// no such rule holds).
    dead: DeadCells,
    /// Whether the key holds the player's Facing.
    facing: bool,
}

/// A set of cells of the level's rectangle.
#[derive(Clone, Debug, Default)]
pub(crate) struct DeadCells {
    width: usize,
    cells: Vec<bool>,
}

impl DeadCells {
    /// Return the cells of `level` where a box off goal is dead when no
    /// rule but a push moves a box: those not on a goal with a strong wall
    /// on two perpendicular sides. A push needs the player (or the box
    /// behind, who needs the same) on the side opposite the move, and both
    /// ways out of such a corner have a strong wall there, which no rule
    /// ever removes.
    pub(crate) fn corners(level: &Level) -> DeadCells {
        let (width, height) = (level.width(), level.height());
        let wall = |x: i64, y: i64| {
            let (Ok(x), Ok(y)) = (i32::try_from(x), i32::try_from(y)) else {
                return false;
            };
            level.has(GridPos::new(x, y), EntityRecipe::WallStrong)
        };
        let mut cells = vec![false; width.saturating_mul(height)];
        for (i, slot) in cells.iter_mut().enumerate() {
            let (x, y) = ((i % width.max(1)) as i64, (i / width.max(1)) as i64);
            let (Ok(cx), Ok(cy)) = (i32::try_from(x), i32::try_from(y)) else {
                continue;
            };
            let at = GridPos::new(cx, cy);
            if level.has(at, EntityRecipe::Goal) || level.has(at, EntityRecipe::WallStrong) {
                continue;
            }
            let vertical = wall(x, y - 1) || wall(x, y + 1);
            let horizontal = wall(x - 1, y) || wall(x + 1, y);
            *slot = vertical && horizontal;
        }
        DeadCells { width, cells }
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

impl KeyWriter {
    /// Prepare the keys of `level`'s positions, from its start `world`;
    /// `dead` is the set of dead cells to report in the [`Census`], and
    /// `facing` whether the key holds the player's Facing. Only rules with
    /// hands ever read Facing (a grab takes what is in front, a held item
    /// stays in front, a swing turns from it: rules.md §4); without hands,
    /// two positions that differ only in Facing have the same futures, so
    /// the search may leave it out and file them as one.
    pub(crate) fn new(
        level: &Level,
        world: &World,
        player: EntityId,
        dead: DeadCells,
        facing: bool,
    ) -> Self {
        let mut hammer = false;
        let mut contents = false;
        let mut collectibles = false;
        for (_, spec) in level.entities() {
            hammer |= spec.recipe == EntityRecipe::Hammer;
            contents |= !spec.contents.as_slice().is_empty();
            for r in std::iter::once(spec.recipe).chain(spec.contents.as_slice().iter().copied()) {
                collectibles |= matches!(
                    r,
                    EntityRecipe::Apple
                        | EntityRecipe::Pear
                        | EntityRecipe::Cheese
                        | EntityRecipe::Coin
                );
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
                })
            })
            .collect();
        KeyWriter {
            player,
            tracked,
            spawns: hammer && contents,
            counters: collectibles,
            dead,
            facing,
        }
    }

    /// Write the key of `world` into `out` (cleared first) and count its boxes.
    pub(crate) fn write(&self, world: &World, out: &mut Vec<u32>) -> Census {
        out.clear();
        let mut census = Census::default();
        let mut note = |tags: TagSet, at: Option<GridPos>| {
            if counts_on_goal(tags) {
                census.boxes += 1;
                census.dead |= at.is_some_and(|at| self.dead.contains(at));
            }
        };
        if self.spawns {
            for id in world.entities() {
                let Ok(tags) = world.tags(id) else { continue };
                if never_changes(tags) {
                    continue;
                }
                out.push(id.index());
                out.push(id.generation());
                write_tags(out, tags);
                let at = world.position(id).ok();
                write_cell(out, at);
                if tags.contains(TagKind::Collectible) {
                    let counter = world.get::<Collects>(id).ok().map(|c| c.0);
                    out.push(counter.map_or(GONE, |c| c.index() as u32));
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
                if t.moves {
                    let at = world.position(t.id).ok();
                    write_cell(out, at);
                    note(tags, at);
                } else {
                    note(tags, None);
                }
            }
        }
        if self.facing {
            let facing = world.get::<Facing>(self.player).ok().map(|f| f.0);
            out.push(facing.map_or(GONE, |f| f.index() as u32));
        }
        match world.get::<Holding>(self.player).ok().and_then(|h| h.0) {
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
