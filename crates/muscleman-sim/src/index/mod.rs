//! The spatial index: which entities stand in each cell.
//!
//! The index is the sim's authoritative geometry. It keeps, per cell, the
//! entities there sorted by id together with their tags, so every cell query
//! is answered without touching the ECS. The world keeps it in sync on spawn,
//! move, tag change and destroy.
//!
//! The index has one node per entity, in a flat table keyed by the entity's
//! slot index: the entity's id, cell and tags, links to the next and the
//! previous entity of the same list, and the slot of its cell's heads. A
//! cell has two such lists, each in ascending id order: its static
//! entities (walls, goals, water: scenery, which seldom changes) and the
//! others, the entities that move. A cell's entities are the two lists
//! merged in id order; the union of its static entities' tags is kept
//! beside its heads. So:
//!
//! - the reverse question, where an entity stands, is one table read: the
//!   step reads the player's cell and tags without touching the ECS;
//! - a cell's entities are two head reads and then one node per entity;
//!   what is in a cell (the union of its tags) is its static tags and one
//!   node per entity that moves: the cell ahead of a walk, a floor cell or
//!   a goal, reads no node;
//! - moving an entity relinks its node: out of its old cell's list with no
//!   walk and no lookup (its neighbours are its links, its cell's slot is
//!   in the node), into its new cell's after the entities with lower ids
//!   (most cells hold one or none); an entity alone among the moving ones
//!   of its cell moving into a cell with none, as a walk mostly is, goals
//!   or not, only hands the two heads over; a step that read the new cell
//!   through its `Spot` looks nothing up again; a step never allocates;
//! - an entity costs 40 bytes and an empty cell nothing but its heads.
//!
//! Heads of cells inside a dense rectangle (grown to cover where entities
//! have been) live in flat arrays: a lookup costs the same on a 10×10 and a
//! 1000×1000 level, and the arrays cost 16 bytes per cell (a 1000×1000
//! level: 16 MB). Cells far outside the rectangle, where it would waste
//! memory, keep their heads in an ordered map.

use std::collections::BTreeMap;

use muscleman_core::{EntityId, GridPos};

use crate::component::{Tag, TagKind, TagSet};
use crate::tally::Tallies;

mod heads;
mod links;

/// Largest number of cells the dense part of the index grows to, per floor.
const MAX_DENSE_CELLS: u64 = 1 << 23;

/// Largest number of cells the dense parts of all floors grow to together
/// (16 bytes each: at most 256 MB).
const MAX_DENSE_TOTAL: u64 = 1 << 24;

// A node keeps its cell's dense slot in a `u32`, below `NONE`.
const _: () = assert!(MAX_DENSE_TOTAL < NONE as u64);

/// The link of no node: the end of a cell's list, or an empty cell's head.
const NONE: u32 = u32::MAX;

/// The id of no entity (generation 0 is never handed out, and no slot has
/// index `NONE`): the id of a node whose slot holds no indexed entity. No
/// id the index is asked about matches it in its own slot, so a lookup
/// compares the node's id alone.
const NOWHERE: EntityId = EntityId::new(NONE, 0);

/// One entity slot's node: the entity standing there now (`id` is
/// `NOWHERE` when none is), its cell and tags, and the next and the
/// previous node of the same list of its cell (`NONE` at either end): the
/// static list if its tags have [`TagKind::Static`], else the moving one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    id: EntityId,
    at: GridPos,
    tags: TagSet,
    next: u32,
    prev: u32,
    /// The slot of its cell's heads in the dense arrays, or `NONE` when the
    /// heads are in the sparse map: a move finds the cell it leaves without
    /// looking it up.
    spot: u32,
}

/// Which of its cell's two lists a node is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layer {
    /// The entities that move: every one without [`TagKind::Static`].
    Moving = 0,
    /// The static entities (scenery), whose tags' union the cell keeps.
    Fixed = 1,
}

impl Layer {
    /// The list an entity with `tags` is filed in.
    #[inline(always)]
    fn of(tags: TagSet) -> Layer {
        if tags.contains(TagKind::Static) {
            Layer::Fixed
        } else {
            Layer::Moving
        }
    }
}

impl Node {
    const VACANT: Node = Node {
        id: NOWHERE,
        at: GridPos::ZERO,
        tags: TagSet::EMPTY,
        next: NONE,
        prev: NONE,
        spot: NONE,
    };
}

/// A cell whose head is in the dense array, found once by
/// [`SpatialIndex::spot`]: a step that reads a cell and then moves into it
/// looks the cell up once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Spot(usize);

/// An entity the index holds, found by [`SpatialIndex::find`]: its node,
/// cell and tags. A move of it through [`SpatialIndex::relocate_found`]
/// looks it up no more. Good while the index files and removes no entity
/// and it does not move (moves of others keep every node where it is).
///
/// The step does not carry one from its start to the player's move: in
/// wall-clock time that cost a Microban move more than the second lookup
/// it saves (BENCHMARKS.md, "A step at half its cost").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    id: EntityId,
    node: u32,
    /// Its cell.
    pub(crate) at: GridPos,
    /// Its tags.
    pub(crate) tags: TagSet,
}

impl Found {
    /// Return the entity's id.
    #[inline(always)]
    pub(crate) fn id(self) -> EntityId {
        self.id
    }
}

/// Where a cell's head is kept.
#[derive(Clone, Copy, Debug)]
enum Head {
    /// Slot of the dense array.
    Dense(usize),
    /// Key of the sparse map.
    Sparse(GridPos),
}

/// The dense rectangle of one floor (see `heads.rs`): its slots are
/// `offset..offset + width * height` of the dense array.
#[derive(Clone, Copy, Debug, Default)]
struct Plane {
    origin: GridPos,
    width: u32,
    height: u32,
    offset: usize,
}

/// Map from cell to the entities standing there, in ascending id order.
///
/// # Example
/// ```
/// use muscleman_core::GridPos;
/// use muscleman_sim::World;
///
/// let mut world = World::new();
/// let id = world.spawn_empty(GridPos::new(3, 4));
/// assert_eq!(world.index().all_at(GridPos::new(3, 4)).collect::<Vec<_>>(), [id]);
/// assert!(!world.index().any_at(GridPos::new(0, 0)));
/// ```
#[derive(Clone, Debug, Default)]
pub struct SpatialIndex {
    /// The dense rectangle looked at first, a copy of `planes[hot_band]`:
    /// the floor the player is on (see [`SpatialIndex::focus`]), floor 1
    /// unless the level has floors.
    origin: GridPos,
    width: u32,
    height: u32,
    hot: usize,
    hot_band: usize,
    /// The dense rectangle of each floor, by floor - 1 (see
    /// `crate::floor`: each floor is a band of the world's rows), laid out
    /// in floor order in `dense`.
    planes: Vec<Plane>,
    /// Per cell of the dense rectangles, floor by floor, row by row: the
    /// node of its first entity that moves, or `NONE`.
    dense: Vec<u32>,
    /// Per cell of the dense rectangles, as `dense`: the node of its first
    /// static entity, or `NONE`.
    fixed: Vec<u32>,
    /// Per cell of the dense rectangles, as `dense`: the union of its
    /// static entities' tags (kept as they are filed, taken out and
    /// retagged).
    statics: Vec<TagSet>,
    /// Heads of the cells outside the dense rectangle that hold entities,
    /// by [`Layer`].
    sparse: BTreeMap<GridPos, [u32; 2]>,
    /// The nodes, by entity slot index.
    nodes: Vec<Node>,
    /// Entries in the index (entities standing somewhere).
    entries: usize,
    /// How many entities have each tag, by colour, kept as tags are filed.
    tallies: Tallies,
}

/// The entities of one cell, in ascending id order: a walk along its two
/// lists, merged.
#[derive(Clone)]
struct Cell<'a> {
    nodes: &'a [Node],
    /// The next node of each list, by [`Layer`].
    next: [u32; 2],
}

impl Cell<'_> {
    /// Return the union of the tags of the rest of the lists.
    #[inline]
    fn kinds(self) -> TagSet {
        let [moving, fixed] = self.next;
        list_kinds(self.nodes, moving).union(list_kinds(self.nodes, fixed))
    }
}

/// Return the union of the tags of the list from node `next` on.
#[inline(always)]
fn list_kinds(nodes: &[Node], mut next: u32) -> TagSet {
    let mut all = TagSet::EMPTY;
    while let Some(node) = nodes.get(next as usize) {
        all = all.union(node.tags);
        next = node.next;
    }
    all
}

impl<'a> Iterator for Cell<'a> {
    type Item = &'a Node;

    #[inline]
    fn next(&mut self) -> Option<&'a Node> {
        let [moving, fixed] = self.next;
        // Most cells have one list: it is walked alone.
        let (node, layer) = if fixed == NONE {
            (self.nodes.get(moving as usize)?, Layer::Moving)
        } else if moving == NONE {
            (self.nodes.get(fixed as usize)?, Layer::Fixed)
        } else {
            match (
                self.nodes.get(moving as usize),
                self.nodes.get(fixed as usize),
            ) {
                (Some(m), Some(f)) if f.id < m.id => (f, Layer::Fixed),
                (Some(m), _) => (m, Layer::Moving),
                (None, Some(f)) => (f, Layer::Fixed),
                (None, None) => return None,
            }
        };
        if let Some(next) = self.next.get_mut(layer as usize) {
            *next = node.next;
        }
        Some(node)
    }
}

/// The entities of one cell, in ascending id order, as
/// [`SpatialIndex::cells`] yields them.
#[derive(Clone)]
pub struct CellEntities<'a>(Cell<'a>);

impl CellEntities<'_> {
    /// Iterate over the entities with their tags instead.
    pub fn tagged(self) -> impl Iterator<Item = (EntityId, TagSet)> {
        self.0.map(|e| (e.id, e.tags))
    }

    /// Return the union of the tags of the cell's entities.
    pub fn kinds(&self) -> TagSet {
        self.0.clone().kinds()
    }
}

impl Iterator for CellEntities<'_> {
    type Item = EntityId;

    #[inline]
    fn next(&mut self) -> Option<EntityId> {
        self.0.next().map(|e| e.id)
    }
}

impl std::fmt::Debug for CellEntities<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.clone()).finish()
    }
}

impl SpatialIndex {
    /// An empty index whose tallies list the entities of the tags in
    /// `listed` (see [`Tallies`]).
    pub(crate) fn listing(listed: TagSet) -> Self {
        SpatialIndex {
            tallies: Tallies::listing(listed),
            ..SpatialIndex::default()
        }
    }

    /// Return the node of `id`, if the index holds it: a stale id (a
    /// destroyed entity whose slot was reused) gives `None`.
    #[inline]
    fn node_of(&self, id: EntityId) -> Option<u32> {
        let n = id.index();
        self.nodes
            .get(n as usize)
            .filter(|node| node.id == id)
            .map(|_| n)
    }

    /// Return the cell of node `n`.
    fn at(&self, n: u32) -> Option<GridPos> {
        self.nodes.get(n as usize).map(|node| node.at)
    }

    /// Return where `id` stands, when the index is known to hold it (its
    /// node, its slot's, is not looked at for its id: see
    /// `step::walk_checks`).
    #[inline(always)]
    pub(crate) fn cell_of_indexed(&self, id: EntityId) -> Option<GridPos> {
        debug_assert_eq!(self.node_of(id), Some(id.index()), "{id:?} is indexed");
        self.nodes.get(id.index() as usize).map(|node| node.at)
    }

    /// Return where `id` stands and its tags, if it is in the index: no ECS
    /// lookup and no cell scan, and a stale id (a destroyed entity whose
    /// slot was reused) gives `None`.
    #[inline]
    pub(crate) fn locate(&self, id: EntityId) -> Option<(GridPos, TagSet)> {
        self.find(id).map(|found| (found.at, found.tags))
    }

    /// [`Self::locate`], keeping the node found for a move.
    #[inline(always)]
    pub(crate) fn find(&self, id: EntityId) -> Option<Found> {
        let n = self.node_of(id)?;
        self.nodes.get(n as usize).map(|node| Found {
            id,
            node: n,
            at: node.at,
            tags: node.tags,
        })
    }

    /// Return where `id` stands, if it is in the index (see [`Self::locate`]).
    #[cfg(test)]
    fn position_of(&self, id: EntityId) -> Option<GridPos> {
        self.locate(id).map(|(at, _)| at)
    }

    /// Return every tag that some entity at `pos` has (the union), from one
    /// look at the cell.
    #[inline(always)]
    pub fn kinds_at(&self, pos: GridPos) -> TagSet {
        match self.spot(pos) {
            Some(spot) => self.kinds_in(spot),
            None => self.cell(pos).kinds(),
        }
    }

    /// Set the tags of `id`, if the index holds it at `at`. An entity that
    /// gains or loses [`TagKind::Static`] changes lists.
    pub(crate) fn set_tags(&mut self, id: EntityId, at: GridPos, tags: TagSet) {
        let Some(n) = self.node_of(id) else {
            return;
        };
        let Some(&Node {
            at: there,
            tags: old,
            spot,
            ..
        }) = self.nodes.get(n as usize)
        else {
            return;
        };
        if there != at {
            return;
        }
        if Layer::of(old) != Layer::of(tags) {
            self.remove_counted(id, at, false);
            self.insert_counted(id, tags, at, false);
        } else {
            if let Some(node) = self.nodes.get_mut(n as usize) {
                node.tags = tags;
            }
            if Layer::of(tags) == Layer::Fixed {
                self.refresh_fixed(spot as usize);
            }
        }
        self.tallies.retag(id, old, tags);
    }

    /// Iterate over every entity in the index with its cell and tags, in
    /// slot order: a walk over the entities, whatever area they span.
    pub(crate) fn entries(&self) -> impl Iterator<Item = (EntityId, GridPos, TagSet)> + '_ {
        self.nodes
            .iter()
            .filter(|n| n.id != NOWHERE)
            .map(|n| (n.id, n.at, n.tags))
    }

    /// Return the tallies of tags: how many entities have each, by colour
    /// (see [`Tallies`]).
    pub fn tallies(&self) -> &Tallies {
        &self.tallies
    }

    /// Iterate over the entities at `pos`, in ascending id order.
    #[inline]
    pub fn all_at(&self, pos: GridPos) -> impl Iterator<Item = EntityId> + '_ {
        self.cell(pos).map(|e| e.id)
    }

    /// Iterate over the entities at `pos` with their tags, in ascending id order.
    #[inline]
    pub fn tagged_at(&self, pos: GridPos) -> impl Iterator<Item = (EntityId, TagSet)> + '_ {
        self.cell(pos).map(|e| (e.id, e.tags))
    }

    /// Return whether any entity stands at `pos`.
    #[inline]
    pub fn any_at(&self, pos: GridPos) -> bool {
        self.heads(pos) != [NONE; 2]
    }

    /// Return whether any entity at `pos` has the tag `T`.
    #[inline]
    pub fn has_tag_at<T: Tag>(&self, pos: GridPos) -> bool {
        self.has_kind_at(T::KIND, pos)
    }

    /// Return whether any entity at `pos` has `tag`.
    #[inline]
    pub fn has_kind_at(&self, tag: TagKind, pos: GridPos) -> bool {
        self.kinds_at(pos).contains(tag)
    }

    /// Return the first entity at `pos` (lowest id) that has `tag`.
    #[inline]
    pub fn first_with(&self, tag: TagKind, pos: GridPos) -> Option<EntityId> {
        match self.spot(pos) {
            Some(spot) => self.first_in(spot, tag),
            None => self.cell(pos).find(|e| e.tags.contains(tag)).map(|e| e.id),
        }
    }

    /// Return the pushable entity at `pos`, if any (at most one stands in a cell).
    #[inline]
    pub fn pushable_at(&self, pos: GridPos) -> Option<EntityId> {
        self.first_with(TagKind::Pushable, pos)
    }

    /// Return the static entity at `pos` (lowest id), if any: the first of
    /// its static list.
    #[inline]
    pub fn static_at(&self, pos: GridPos) -> Option<EntityId> {
        let [_, fixed] = self.heads(pos);
        self.nodes.get(fixed as usize).map(|node| node.id)
    }

    /// Iterate over every occupied cell and its entities, row by row (by `y`,
    /// then `x`), so the order never depends on history. Nothing is
    /// allocated unless cells lie outside the dense rectangle.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::GridPos;
    /// use muscleman_sim::World;
    ///
    /// let mut world = World::new();
    /// let a = world.spawn_empty(GridPos::new(5, 0));
    /// let b = world.spawn_empty(GridPos::new(1, 2));
    /// let c = world.spawn_empty(GridPos::new(1, 2));
    /// let cells: Vec<_> = world
    ///     .index()
    ///     .cells()
    ///     .map(|(at, ids)| (at, ids.collect::<Vec<_>>()))
    ///     .collect();
    /// assert_eq!(cells, [(GridPos::new(5, 0), vec![a]), (GridPos::new(1, 2), vec![b, c])]);
    /// ```
    pub fn cells(&self) -> impl Iterator<Item = (GridPos, CellEntities<'_>)> + '_ {
        let mut far: Vec<(GridPos, [u32; 2])> =
            self.sparse.iter().map(|(&at, &h)| (at, h)).collect();
        far.sort_by_key(|(at, _)| (at.y, at.x));
        let mut near = self
            .dense_heads()
            .map(|(slot, heads)| (self.pos_of_dense(slot), heads))
            .peekable();
        let mut far = far.into_iter().peekable();
        std::iter::from_fn(move || {
            let take_far = match (near.peek(), far.peek()) {
                (Some((n, _)), Some((f, _))) => (f.y, f.x) < (n.y, n.x),
                (None, Some(_)) => true,
                _ => false,
            };
            let (at, head) = if take_far { far.next() } else { near.next() }?;
            Some((
                at,
                CellEntities(Cell {
                    nodes: &self.nodes,
                    next: head,
                }),
            ))
        })
    }

    /// Return the tags the index holds for `id` at `at`, if it holds `id` there.
    pub(crate) fn tags_of(&self, id: EntityId, at: GridPos) -> Option<TagSet> {
        self.locate(id)
            .filter(|&(there, _)| there == at)
            .map(|(_, tags)| tags)
    }
}

/// Return the position of dense slot `slot` of a rectangle at `origin`,
/// `width` cells wide.
fn pos_of_slot(origin: GridPos, width: u32, slot: usize) -> GridPos {
    let w = width.max(1) as usize;
    GridPos::new(
        origin.x.wrapping_add((slot % w) as i32),
        origin.y.wrapping_add((slot / w) as i32),
    )
}

#[cfg(test)]
mod tests;
