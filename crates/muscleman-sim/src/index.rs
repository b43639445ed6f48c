//! The spatial index: which entities stand in each cell.
//!
//! The index is the sim's authoritative geometry. It keeps, per cell, the
//! entities there sorted by id together with their tags, so every cell query
//! is answered without touching the ECS. The world keeps it in sync on spawn,
//! move, tag change and destroy.
//!
//! The index has one node per entity, in a flat table keyed by the entity's
//! slot index: the entity's id, cell and tags, and a link to the next entity
//! of the same cell. A cell is the head of such a list, in ascending id
//! order. So:
//!
//! - the reverse question, where an entity stands, is one table read: the
//!   step reads the player's cell and tags without touching the ECS;
//! - a cell's entities are one head read and then one node per entity;
//! - moving an entity relinks its node: a step never allocates;
//! - an entity costs 24 bytes and an empty cell nothing but its head.
//!
//! Heads of cells inside a dense rectangle (grown to cover where entities
//! have been) live in a flat array: a lookup costs the same on a 10×10 and a
//! 1000×1000 level, and the array costs 4 bytes per cell (a 1000×1000
//! level: 4 MB). Cells far outside the rectangle, where it would waste
//! memory, keep their heads in an ordered map.

use std::collections::BTreeMap;

use muscleman_core::{EntityId, GridPos};

use crate::component::{Tag, TagKind, TagSet};
use crate::tally::Tallies;

/// Largest number of cells the dense part of the index grows to.
const MAX_DENSE_CELLS: u64 = 1 << 23;

/// The link of no node: the end of a cell's list, or an empty cell's head.
const NONE: u32 = u32::MAX;

/// The id of no entity (generation 0 is never handed out): the id of a node
/// whose slot holds no indexed entity.
const NOWHERE: EntityId = EntityId::new(0, 0);

/// One entity slot's node: the entity standing there now (`id` is
/// `NOWHERE` when none is), its cell and tags, and the next node of the
/// same cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    id: EntityId,
    at: GridPos,
    tags: TagSet,
    next: u32,
}

impl Node {
    const VACANT: Node = Node {
        id: NOWHERE,
        at: GridPos::ZERO,
        tags: TagSet::EMPTY,
        next: NONE,
    };
}

/// Where a cell's head is kept.
#[derive(Clone, Copy, Debug)]
enum Head {
    /// Slot of the dense array.
    Dense(usize),
    /// Key of the sparse map.
    Sparse(GridPos),
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
    origin: GridPos,
    width: u32,
    height: u32,
    /// Per cell of the dense rectangle, row by row: the node of its first
    /// entity, or `NONE`.
    dense: Vec<u32>,
    /// Heads of the cells outside the dense rectangle that hold entities.
    sparse: BTreeMap<GridPos, u32>,
    /// The nodes, by entity slot index.
    nodes: Vec<Node>,
    /// Entries in the index (entities standing somewhere).
    entries: usize,
    /// How many entities have each tag, by colour, kept as tags are filed.
    tallies: Tallies,
}

/// The entities of one cell, in ascending id order: a walk along its list.
#[derive(Clone)]
struct Cell<'a> {
    nodes: &'a [Node],
    next: u32,
}

impl Cell<'_> {
    /// Return the union of the tags of the rest of the list.
    #[inline]
    fn kinds(self) -> TagSet {
        self.fold(TagSet::EMPTY, |all, e| all.union(e.tags))
    }
}

impl<'a> Iterator for Cell<'a> {
    type Item = &'a Node;

    #[inline]
    fn next(&mut self) -> Option<&'a Node> {
        let node = self.nodes.get(self.next as usize)?;
        self.next = node.next;
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
    /// Return the slot of `pos` in the dense array, if it lies inside it.
    ///
    /// The differences are taken wrapping, as `u32`: a position left of or
    /// above the origin wraps to a value of at least `width` (`height`),
    /// because the dense rectangle never reaches past `i32::MAX`.
    #[inline(always)]
    fn slot(&self, pos: GridPos) -> Option<usize> {
        let dx = pos.x.wrapping_sub(self.origin.x) as u32;
        let dy = pos.y.wrapping_sub(self.origin.y) as u32;
        if dx < self.width && dy < self.height {
            Some(dy as usize * self.width as usize + dx as usize)
        } else {
            None
        }
    }

    /// Return the node of the first entity at `pos`, or `NONE`.
    #[inline(always)]
    fn head(&self, pos: GridPos) -> u32 {
        match self.slot(pos) {
            Some(slot) => self.dense.get(slot).copied().unwrap_or(NONE),
            None if self.sparse.is_empty() => NONE,
            None => self.sparse.get(&pos).copied().unwrap_or(NONE),
        }
    }

    /// Iterate over the nodes of the entities at `pos`, in ascending id order.
    #[inline]
    fn cell(&self, pos: GridPos) -> Cell<'_> {
        Cell {
            nodes: &self.nodes,
            next: self.head(pos),
        }
    }

    /// Return where the head of `pos` is kept, growing the dense rectangle
    /// to cover `pos` if it can.
    fn head_for_insert(&mut self, pos: GridPos) -> Head {
        if self.slot(pos).is_none() {
            self.grow_to(pos);
        }
        match self.slot(pos) {
            Some(slot) if slot < self.dense.len() => Head::Dense(slot),
            _ => Head::Sparse(pos),
        }
    }

    /// Return where the head of `pos` is kept, without growing anything.
    #[inline]
    fn head_of(&self, pos: GridPos) -> Head {
        match self.slot(pos) {
            Some(slot) => Head::Dense(slot),
            None => Head::Sparse(pos),
        }
    }

    /// Return the node the head `head` points at, or `NONE`.
    #[inline]
    fn read_head(&self, head: Head) -> u32 {
        match head {
            Head::Dense(slot) => self.dense.get(slot).copied().unwrap_or(NONE),
            Head::Sparse(pos) => self.sparse.get(&pos).copied().unwrap_or(NONE),
        }
    }

    /// Point the head `head` at node `node` (`NONE` empties the cell).
    #[inline]
    fn write_head(&mut self, head: Head, node: u32) {
        match head {
            Head::Dense(slot) => {
                if let Some(d) = self.dense.get_mut(slot) {
                    *d = node;
                }
            }
            Head::Sparse(pos) if node == NONE => {
                self.sparse.remove(&pos);
            }
            Head::Sparse(pos) => {
                self.sparse.insert(pos, node);
            }
        }
    }

    /// Make room for `additional` more entities in the node table, so that
    /// filling a level of known size never copies it as it grows.
    pub(crate) fn reserve_entries(&mut self, additional: usize) {
        self.nodes.reserve(additional);
    }

    /// Grow the dense rectangle to cover `pos` with a margin, if that stays
    /// under the size cap; otherwise leave `pos` to the sparse map.
    fn grow_to(&mut self, pos: GridPos) {
        self.grow_to_cover(pos, pos, true);
    }

    /// Grow the dense rectangle to cover the rectangle from `lo` to `hi`
    /// (inclusive) and what it covers now, if that stays under the size cap.
    ///
    /// With `roomy`, leave a margin of half the size on every side (at least
    /// 8 cells), so entities wandering off the edge do not rebuild the array
    /// at every step; growth is then geometric. Without it, the margin is 8
    /// cells: right for a level of known size.
    fn grow_to_cover(&mut self, lo: GridPos, hi: GridPos, roomy: bool) {
        let (mut min_x, mut min_y) = (i64::from(lo.x), i64::from(lo.y));
        let (mut max_x, mut max_y) = (i64::from(hi.x), i64::from(hi.y));
        if self.width != 0 {
            let ox = i64::from(self.origin.x);
            let oy = i64::from(self.origin.y);
            min_x = min_x.min(ox);
            min_y = min_y.min(oy);
            max_x = max_x.max(ox + i64::from(self.width) - 1);
            max_y = max_y.max(oy + i64::from(self.height) - 1);
        }
        let margin = |span: i64| if roomy { (span / 2).max(8) } else { 8 };
        let margin_x = margin(max_x - min_x + 1);
        let margin_y = margin(max_y - min_y + 1);
        let min_x = (min_x - margin_x).max(i64::from(i32::MIN));
        let min_y = (min_y - margin_y).max(i64::from(i32::MIN));
        let max_x = (max_x + margin_x).min(i64::from(i32::MAX));
        let max_y = (max_y + margin_y).min(i64::from(i32::MAX));
        let width = max_x - min_x + 1;
        let height = max_y - min_y + 1;
        let cells = width.saturating_mul(height);
        if cells as u64 > MAX_DENSE_CELLS {
            return;
        }
        let (Ok(width), Ok(height), Ok(ox), Ok(oy), Ok(count)) = (
            u32::try_from(width),
            u32::try_from(height),
            i32::try_from(min_x),
            i32::try_from(min_y),
            usize::try_from(cells),
        ) else {
            return;
        };
        // Re-file the heads under the new rectangle: the lists stay as they are.
        let old_dense = std::mem::replace(&mut self.dense, vec![NONE; count]);
        let (old_origin, old_width) = (self.origin, self.width);
        self.origin = GridPos::new(ox, oy);
        self.width = width;
        self.height = height;
        for (slot, head) in old_dense.into_iter().enumerate() {
            if head == NONE {
                continue;
            }
            if let Some(new_slot) = self.slot(pos_of_slot(old_origin, old_width, slot))
                && let Some(d) = self.dense.get_mut(new_slot)
            {
                *d = head;
            }
        }
        // Sparse cells now inside the rectangle move into the array.
        let sparse = std::mem::take(&mut self.sparse);
        for (at, head) in sparse {
            match self.slot(at).and_then(|slot| self.dense.get_mut(slot)) {
                Some(d) => *d = head,
                None => {
                    self.sparse.insert(at, head);
                }
            }
        }
    }

    /// Make room for the rectangle from `min` to `max` (inclusive) up front, so
    /// loading a level does not grow the array many times.
    ///
    /// The dense array then covers the rectangle with a small margin, not the
    /// roomy margin of growth on demand: a level's cells and nothing more.
    pub(crate) fn reserve_area(&mut self, min: GridPos, max: GridPos) {
        let lo = GridPos::new(min.x.min(max.x), min.y.min(max.y));
        let hi = GridPos::new(min.x.max(max.x), min.y.max(max.y));
        if self.slot(lo).is_some() && self.slot(hi).is_some() {
            return;
        }
        self.grow_to_cover(lo, hi, false);
    }

    /// Return the node of `id`'s slot, growing the table to hold it (to the
    /// capacity already reserved, so a load fills it without copying).
    fn node_for_insert(&mut self, id: EntityId) -> Option<u32> {
        let n = Some(id.index()).filter(|&n| n != NONE)?;
        let i = n as usize;
        if i >= self.nodes.len() {
            let len = (i + 1).max(self.nodes.capacity()).max(16);
            self.nodes.resize(len, Node::VACANT);
        }
        Some(n)
    }

    /// File `id` with `tags` at `at`. If the index already holds `id`
    /// somewhere, it is taken out of that cell first.
    pub(crate) fn insert(&mut self, id: EntityId, tags: TagSet, at: GridPos) {
        self.insert_counted(id, tags, at, true);
    }

    /// Move `id`, with `tags`, from `from` to `at`: a move changes no
    /// signal (they count entities, not cells), so it skips them.
    #[inline]
    pub(crate) fn relocate(&mut self, id: EntityId, tags: TagSet, from: GridPos, at: GridPos) {
        if !self.relocate_dense(id, tags, from, at) {
            self.remove_counted(id, from, false);
            self.insert_counted(id, tags, at, false);
        }
    }

    /// [`Self::relocate`] between two cells of the dense array, relinking
    /// the node in place: return `false`, having changed nothing, if either
    /// cell is outside it or `id` is not filed at `from`.
    #[inline]
    fn relocate_dense(&mut self, id: EntityId, tags: TagSet, from: GridPos, at: GridPos) -> bool {
        let n = id.index();
        let (Some(from_slot), Some(to_slot)) = (self.slot(from), self.slot(at)) else {
            return false;
        };
        let Some(node) = self.nodes.get(n as usize) else {
            return false;
        };
        if node.id != id || id == NOWHERE || node.at != from {
            return false;
        }
        let after = node.next;
        let (Some(&from_head), Some(_)) = (self.dense.get(from_slot), self.dense.get(to_slot))
        else {
            return false;
        };
        // Unlink: the node before `n` in its cell, if any, skips it.
        if from_head == n {
            if let Some(d) = self.dense.get_mut(from_slot) {
                *d = after;
            }
        } else {
            let mut cur = from_head;
            loop {
                let Some(node) = self.nodes.get_mut(cur as usize) else {
                    // Not reached: a filed node is on its cell's list.
                    return false;
                };
                if node.next == n {
                    node.next = after;
                    break;
                }
                cur = node.next;
            }
        }
        // Link after the last node of the new cell with a lower id.
        let mut before = NONE;
        let mut next = self.dense.get(to_slot).copied().unwrap_or(NONE);
        while let Some(node) = self.nodes.get(next as usize)
            && node.id < id
        {
            before = next;
            next = node.next;
        }
        if let Some(node) = self.nodes.get_mut(n as usize) {
            *node = Node { id, at, tags, next };
        }
        match self.nodes.get_mut(before as usize) {
            Some(prev) => prev.next = n,
            None => {
                if let Some(d) = self.dense.get_mut(to_slot) {
                    *d = n;
                }
            }
        }
        true
    }

    /// [`Self::insert`], counting the entity in the tallies if `count`.
    #[inline]
    fn insert_counted(&mut self, id: EntityId, tags: TagSet, at: GridPos, count: bool) {
        let Some(n) = self.node_for_insert(id) else {
            // Not reached: a slot index of u32::MAX would need 2^32 entities.
            return;
        };
        if let Some(old) = self.nodes.get(n as usize).filter(|o| o.id != NOWHERE) {
            let (old_id, old_at) = (old.id, old.at);
            self.remove_counted(old_id, old_at, count);
        }
        let head = self.head_for_insert(at);
        // Find the node to link after: the last one with a lower id.
        // Usually the cell is empty, or the newcomer has the highest id.
        let mut before = NONE;
        let mut next = self.read_head(head);
        while let Some(node) = self.nodes.get(next as usize)
            && node.id < id
        {
            before = next;
            next = node.next;
        }
        if let Some(node) = self.nodes.get_mut(n as usize) {
            *node = Node { id, at, tags, next };
        }
        if count {
            self.tallies.add(id, tags);
        }
        match self.nodes.get_mut(before as usize) {
            Some(prev) => prev.next = n,
            None => self.write_head(head, n),
        }
        self.entries += 1;
    }

    /// Take `id` out of the cell `at`, if the index holds it there.
    pub(crate) fn remove(&mut self, id: EntityId, at: GridPos) {
        self.remove_counted(id, at, true);
    }

    /// [`Self::remove`], counting the entity out of the tallies if `count`.
    #[inline]
    fn remove_counted(&mut self, id: EntityId, at: GridPos, count: bool) {
        let Some(n) = self.node_of(id).filter(|&n| self.at(n) == Some(at)) else {
            return;
        };
        let head = self.head_of(at);
        let mut before = NONE;
        let mut cur = self.read_head(head);
        while cur != n {
            match self.nodes.get(cur as usize) {
                Some(node) => {
                    before = cur;
                    cur = node.next;
                }
                // Not reached: a node in the index is on its cell's list.
                None => return,
            }
        }
        let Some(node) = self.nodes.get_mut(n as usize) else {
            return;
        };
        let old = std::mem::replace(node, Node::VACANT);
        if count {
            self.tallies.remove(id, old.tags);
        }
        let next = old.next;
        match self.nodes.get_mut(before as usize) {
            Some(prev) => prev.next = next,
            None => self.write_head(head, next),
        }
        self.entries -= 1;
    }

    /// Return the node of `id`, if the index holds it: a stale id (a
    /// destroyed entity whose slot was reused) gives `None`.
    #[inline]
    fn node_of(&self, id: EntityId) -> Option<u32> {
        let n = id.index();
        self.nodes
            .get(n as usize)
            .filter(|node| node.id == id && id != NOWHERE)
            .map(|_| n)
    }

    /// Return the cell of node `n`.
    fn at(&self, n: u32) -> Option<GridPos> {
        self.nodes.get(n as usize).map(|node| node.at)
    }

    /// Return where `id` stands and its tags, if it is in the index: no ECS
    /// lookup and no cell scan, and a stale id (a destroyed entity whose
    /// slot was reused) gives `None`.
    #[inline]
    pub(crate) fn locate(&self, id: EntityId) -> Option<(GridPos, TagSet)> {
        let n = self.node_of(id)?;
        self.nodes.get(n as usize).map(|node| (node.at, node.tags))
    }

    /// Return where `id` stands, if it is in the index (see [`Self::locate`]).
    #[cfg(test)]
    fn position_of(&self, id: EntityId) -> Option<GridPos> {
        self.locate(id).map(|(at, _)| at)
    }

    /// Return every tag that some entity at `pos` has (the union), from one
    /// look at the cell.
    #[inline]
    pub fn kinds_at(&self, pos: GridPos) -> TagSet {
        self.cell(pos).kinds()
    }

    /// Set the tags of `id`, if the index holds it at `at`.
    pub(crate) fn set_tags(&mut self, id: EntityId, at: GridPos, tags: TagSet) {
        if let Some(n) = self.node_of(id)
            && let Some(node) = self.nodes.get_mut(n as usize)
            && node.at == at
        {
            let old = std::mem::replace(&mut node.tags, tags);
            self.tallies.retag(id, old, tags);
        }
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
    pub fn all_at(&self, pos: GridPos) -> impl Iterator<Item = EntityId> + '_ {
        self.cell(pos).map(|e| e.id)
    }

    /// Iterate over the entities at `pos` with their tags, in ascending id order.
    pub fn tagged_at(&self, pos: GridPos) -> impl Iterator<Item = (EntityId, TagSet)> + '_ {
        self.cell(pos).map(|e| (e.id, e.tags))
    }

    /// Return whether any entity stands at `pos`.
    pub fn any_at(&self, pos: GridPos) -> bool {
        self.head(pos) != NONE
    }

    /// Return whether any entity at `pos` has the tag `T`.
    pub fn has_tag_at<T: Tag>(&self, pos: GridPos) -> bool {
        self.has_kind_at(T::KIND, pos)
    }

    /// Return whether any entity at `pos` has `tag`.
    #[inline]
    pub fn has_kind_at(&self, tag: TagKind, pos: GridPos) -> bool {
        self.cell(pos).any(|e| e.tags.contains(tag))
    }

    /// Return the first entity at `pos` (lowest id) that has `tag`.
    #[inline]
    pub fn first_with(&self, tag: TagKind, pos: GridPos) -> Option<EntityId> {
        self.cell(pos).find(|e| e.tags.contains(tag)).map(|e| e.id)
    }

    /// Return the pushable entity at `pos`, if any (at most one stands in a cell).
    pub fn pushable_at(&self, pos: GridPos) -> Option<EntityId> {
        self.first_with(TagKind::Pushable, pos)
    }

    /// Return the static entity at `pos` (lowest id), if any.
    pub fn static_at(&self, pos: GridPos) -> Option<EntityId> {
        self.first_with(TagKind::Static, pos)
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
        let mut far: Vec<(GridPos, u32)> = self.sparse.iter().map(|(&at, &h)| (at, h)).collect();
        far.sort_by_key(|(at, _)| (at.y, at.x));
        let mut near = self
            .dense
            .iter()
            .enumerate()
            .filter(|(_, head)| **head != NONE)
            .map(|(slot, &head)| (pos_of_slot(self.origin, self.width, slot), head))
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
mod tests {
    use super::*;

    fn id(i: u32) -> EntityId {
        EntityId::new(i, 1)
    }

    fn tags() -> TagSet {
        TagSet::EMPTY.with(TagKind::Pushable)
    }

    fn ids_at(index: &SpatialIndex, at: GridPos) -> Vec<EntityId> {
        index.all_at(at).collect()
    }

    #[test]
    fn growing_the_rectangle_keeps_every_entry_and_the_reverse_map() {
        let mut index = SpatialIndex::default();
        let spots = [(0, 0), (3, -2), (-40, 7), (100, 100), (-5, -5)];
        for (i, (x, y)) in spots.iter().enumerate() {
            index.insert(id(i as u32), tags(), GridPos::new(*x, *y));
        }
        for (i, (x, y)) in spots.iter().enumerate() {
            let at = GridPos::new(*x, *y);
            assert_eq!(ids_at(&index, at), [id(i as u32)]);
            assert_eq!(index.position_of(id(i as u32)), Some(at));
        }
        assert_eq!(index.cells().count(), spots.len());
    }

    #[test]
    fn far_cells_go_to_the_sparse_map_and_join_the_rectangle_when_it_grows() {
        let mut index = SpatialIndex::default();
        index.insert(id(1), tags(), GridPos::new(0, 0));
        // Growing with the roomy margin to reach this would pass the cap.
        let far = GridPos::new(0, 200_000);
        index.insert(id(2), tags(), far);
        index.insert(id(3), tags(), far);
        assert!(index.sparse.contains_key(&far));
        assert_eq!(ids_at(&index, far), [id(2), id(3)]);
        assert_eq!(index.position_of(id(2)), Some(far));
        // Reserving exactly the area that holds both fits, and pulls the
        // far cell into the dense rectangle.
        index.reserve_area(GridPos::new(0, 0), far);
        assert!(index.sparse.is_empty());
        assert_eq!(ids_at(&index, far), [id(2), id(3)]);
        assert_eq!(ids_at(&index, GridPos::new(0, 0)), [id(1)]);
        index.remove(id(2), far);
        index.remove(id(3), far);
        assert!(!index.any_at(far));
        assert_eq!(index.cells().count(), 1);
    }

    #[test]
    fn an_emptied_sparse_cell_leaves_the_map() {
        let mut index = SpatialIndex::default();
        index.insert(id(1), tags(), GridPos::new(0, 0));
        let far = GridPos::new(-300_000, 0);
        index.insert(id(2), tags(), far);
        index.remove(id(2), far);
        assert!(index.sparse.is_empty());
        assert_eq!(index.position_of(id(2)), None);
    }

    #[test]
    fn a_cell_keeps_its_entities_in_id_order() {
        let mut index = SpatialIndex::default();
        let at = GridPos::new(1, 1);
        for i in [5, 2, 9, 1] {
            index.insert(id(i), tags(), at);
        }
        assert_eq!(ids_at(&index, at), [id(1), id(2), id(5), id(9)]);
        index.remove(id(5), at);
        index.remove(id(9), at);
        assert_eq!(ids_at(&index, at), [id(1), id(2)]);
        assert_eq!(index.position_of(id(5)), None);
        index.remove(id(1), at);
        assert_eq!(ids_at(&index, at), [id(2)]);
        assert_eq!(index.entries, 1);
    }

    #[test]
    fn removing_from_the_wrong_cell_changes_nothing() {
        let mut index = SpatialIndex::default();
        let at = GridPos::new(1, 1);
        index.insert(id(1), tags(), at);
        index.remove(id(1), GridPos::new(2, 1));
        index.remove(EntityId::new(1, 2), at);
        assert_eq!(ids_at(&index, at), [id(1)]);
        assert_eq!(index.entries, 1);
    }

    #[test]
    fn filing_an_id_again_moves_it() {
        let mut index = SpatialIndex::default();
        let (a, b) = (GridPos::new(1, 1), GridPos::new(2, 1));
        index.insert(id(1), tags(), a);
        index.insert(id(2), tags(), a);
        index.insert(id(1), TagSet::EMPTY, b);
        assert_eq!(ids_at(&index, a), [id(2)]);
        assert_eq!(ids_at(&index, b), [id(1)]);
        assert_eq!(index.locate(id(1)), Some((b, TagSet::EMPTY)));
        assert_eq!(index.entries, 2);
    }

    #[test]
    fn moves_never_grow_a_table() {
        let mut index = SpatialIndex::default();
        index.reserve_area(GridPos::new(0, 0), GridPos::new(99, 0));
        index.insert(id(1), tags(), GridPos::new(0, 0));
        index.insert(id(2), tags(), GridPos::new(1, 0));
        let (dense, nodes) = (index.dense.len(), index.nodes.capacity());
        for x in 1..98 {
            // Far end first, as a push does.
            index.remove(id(2), GridPos::new(x, 0));
            index.insert(id(2), tags(), GridPos::new(x + 1, 0));
            index.remove(id(1), GridPos::new(x - 1, 0));
            index.insert(id(1), tags(), GridPos::new(x, 0));
        }
        assert_eq!(index.dense.len(), dense);
        assert_eq!(index.nodes.capacity(), nodes);
        assert!(index.sparse.is_empty());
        assert_eq!(index.position_of(id(1)), Some(GridPos::new(97, 0)));
        assert_eq!(index.position_of(id(2)), Some(GridPos::new(98, 0)));
        assert_eq!(index.cells().count(), 2);
    }

    #[test]
    fn the_reverse_map_follows_tag_changes() {
        let mut index = SpatialIndex::default();
        let at = GridPos::new(2, 2);
        index.insert(id(1), TagSet::EMPTY, at);
        index.set_tags(id(1), at, tags());
        assert_eq!(index.locate(id(1)), Some((at, tags())));
        assert_eq!(index.tags_of(id(1), at), Some(tags()));
        assert_eq!(index.tagged_at(at).collect::<Vec<_>>(), [(id(1), tags())]);
        // A tag change for an entity that is not there changes nothing.
        index.set_tags(id(1), GridPos::new(0, 0), TagSet::EMPTY);
        assert_eq!(index.locate(id(1)), Some((at, tags())));
    }

    #[test]
    fn a_stale_id_has_no_position() {
        let mut index = SpatialIndex::default();
        index.insert(EntityId::new(3, 1), tags(), GridPos::new(0, 0));
        assert_eq!(index.position_of(EntityId::new(3, 2)), None);
        assert_eq!(index.position_of(EntityId::new(4, 1)), None);
        assert_eq!(index.position_of(NOWHERE), None);
    }

    #[test]
    fn slots_wrap_safely_at_the_edges_of_i32() {
        let mut index = SpatialIndex::default();
        index.insert(id(1), tags(), GridPos::new(i32::MAX, i32::MAX));
        index.insert(id(2), tags(), GridPos::new(i32::MIN, i32::MIN));
        assert_eq!(ids_at(&index, GridPos::new(i32::MAX, i32::MAX)), [id(1)]);
        assert_eq!(ids_at(&index, GridPos::new(i32::MIN, i32::MIN)), [id(2)]);
        assert!(!index.any_at(GridPos::new(i32::MIN, i32::MAX)));
        assert!(!index.any_at(GridPos::new(0, 0)));
    }

    #[test]
    fn a_node_costs_24_bytes() {
        assert_eq!(std::mem::size_of::<Node>(), 24);
    }
}
