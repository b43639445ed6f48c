//! The spatial index: which entities stand in each cell.
//!
//! The index is the sim's authoritative geometry. It keeps, per cell, the
//! entities there sorted by id together with a copy of their tags, so every
//! cell query is answered without touching the ECS. The world keeps it in
//! sync on spawn, move, tag change and destroy.
//!
//! Cells inside a dense rectangle (grown to cover where entities have been)
//! are found through a flat array: a lookup costs the same on a 10×10 and a
//! 1000×1000 level. The array holds 4 bytes per cell, a handle to the cell's
//! entity list in a pool that only occupied cells use, so a big, mostly
//! empty level stays small (a 1000×1000 level: 4 MB of handles, not 48 MB of
//! lists). Cells far outside the rectangle, where it would waste memory, live
//! in an ordered map.
//!
//! The index also answers the reverse question, where an entity stands, from
//! a flat table keyed by the entity's slot index: the step reads the
//! player's cell and tags from it without touching the ECS.
//!
//! Moving an entity within the dense rectangle never allocates: the pool
//! and its free list are kept with room for as many lists as there are
//! entities, and a step neither creates nor destroys entities.

use std::collections::BTreeMap;

use muscleman_core::{EntityId, GridPos};
use smallvec::SmallVec;

use crate::component::{Tag, TagKind, TagSet};

/// Largest number of cells the dense part of the index grows to.
const MAX_DENSE_CELLS: u64 = 1 << 23;

/// One entity in a cell, with a copy of its tags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    id: EntityId,
    tags: TagSet,
}

/// The entities of one cell, in ascending id order.
type Cell = SmallVec<[Entry; 3]>;

/// Handle of a dense cell with no entity list (the cell is empty).
const NO_LIST: u32 = u32::MAX;

/// Where one entity slot's current entity stands, with its tags (`id` is
/// `NOWHERE` when the slot's entity is not in the index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Loc {
    id: EntityId,
    at: GridPos,
    tags: TagSet,
}

/// The id of no entity (generation 0 is never handed out).
const NOWHERE: EntityId = EntityId::new(0, 0);

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
    /// Per cell of the dense rectangle, row by row: the handle of its list
    /// in `pool`, or `NO_LIST`.
    dense: Vec<u32>,
    /// The lists of the occupied dense cells, and spare empty ones (`free`).
    pool: Vec<Cell>,
    /// Handles of the empty lists in `pool`, ready for reuse.
    free: Vec<u32>,
    /// Cells outside the dense rectangle.
    sparse: BTreeMap<GridPos, Cell>,
    /// Reverse map, by entity slot index: where each indexed entity stands.
    locs: Vec<Loc>,
    /// Entries in the index (entities standing somewhere).
    entries: usize,
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

    /// Return the position of dense slot `slot`.
    fn pos_of_slot(&self, slot: usize) -> GridPos {
        pos_of_slot(self.origin, self.width, slot)
    }

    /// Return the pool handle of the dense cell at `pos`, if it has a list.
    #[inline(always)]
    fn handle(&self, slot: usize) -> Option<usize> {
        match self.dense.get(slot) {
            Some(&h) if h != NO_LIST => Some(h as usize),
            _ => None,
        }
    }

    #[inline]
    fn cell(&self, pos: GridPos) -> &[Entry] {
        match self.slot(pos) {
            Some(slot) => match self.handle(slot).and_then(|h| self.pool.get(h)) {
                Some(cell) => cell.as_slice(),
                None => &[],
            },
            None if self.sparse.is_empty() => &[],
            None => self.sparse.get(&pos).map_or(&[], |c| c.as_slice()),
        }
    }

    fn cell_mut(&mut self, pos: GridPos) -> Option<&mut Cell> {
        match self.slot(pos) {
            Some(slot) => match self.handle(slot) {
                Some(h) => self.pool.get_mut(h),
                None => None,
            },
            None => self.sparse.get_mut(&pos),
        }
    }

    /// Give the dense slot `slot` a list from the pool, reusing a spare one
    /// when there is one, and return its handle.
    fn attach(&mut self, slot: usize) -> usize {
        let h = match self.free.pop() {
            Some(h) => h,
            None => {
                self.pool.push(Cell::new());
                // The pool never holds more lists than the index has entries.
                (self.pool.len() - 1) as u32
            }
        };
        if let Some(d) = self.dense.get_mut(slot) {
            *d = h;
        }
        h as usize
    }

    /// Keep room in the pool and its free list for one list per entry, so
    /// that moves, which keep the entry count, never allocate.
    fn reserve_lists(&mut self) {
        if self.pool.capacity() < self.entries {
            self.pool.reserve(self.entries - self.pool.len());
        }
        if self.free.capacity() < self.pool.capacity() {
            self.free.reserve(self.pool.capacity() - self.free.len());
        }
    }

    /// Make room for `additional` more entities (lists, free handles and
    /// reverse-map slots), so that filling a level of known size never
    /// copies these tables as they grow.
    pub(crate) fn reserve_entries(&mut self, additional: usize) {
        self.pool.reserve(additional);
        self.free
            .reserve(self.pool.capacity().saturating_sub(self.free.len()));
        self.locs.reserve(additional);
    }

    /// Return the list of dense slot `slot`, giving it one if it has none.
    /// (`None` only if the slot is outside the array, which callers check.)
    #[inline]
    fn list_or_attach(&mut self, slot: usize) -> Option<&mut Cell> {
        let h = match self.handle(slot) {
            Some(h) => h,
            None => self.attach(slot),
        };
        self.pool.get_mut(h)
    }

    /// Return the cell at `pos` to insert into, growing the dense area or
    /// the sparse map to hold it.
    fn cell_for_insert(&mut self, pos: GridPos) -> Option<&mut Cell> {
        if self.slot(pos).is_none() {
            self.grow_to(pos);
        }
        match self.slot(pos) {
            Some(slot) if slot < self.dense.len() => self.list_or_attach(slot),
            _ => Some(self.sparse.entry(pos).or_default()),
        }
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
        // Re-file the lists under the new rectangle: the pool stays as it is.
        let old_dense = std::mem::replace(&mut self.dense, vec![NO_LIST; count]);
        let (old_origin, old_width) = (self.origin, self.width);
        self.origin = GridPos::new(ox, oy);
        self.width = width;
        self.height = height;
        for (slot, h) in old_dense.into_iter().enumerate() {
            if h == NO_LIST {
                continue;
            }
            if let Some(new_slot) = self.slot(pos_of_slot(old_origin, old_width, slot))
                && let Some(d) = self.dense.get_mut(new_slot)
            {
                *d = h;
            }
        }
        // Sparse cells now inside the rectangle move into the pool.
        let sparse = std::mem::take(&mut self.sparse);
        for (at, cell) in sparse {
            match self.slot(at) {
                Some(slot) => {
                    if let Some(list) = self.list_or_attach(slot) {
                        *list = cell;
                    }
                }
                None => {
                    self.sparse.insert(at, cell);
                }
            }
        }
        self.reserve_lists();
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

    pub(crate) fn insert(&mut self, id: EntityId, tags: TagSet, at: GridPos) {
        self.entries += 1;
        self.reserve_lists();
        let entry = Entry { id, tags };
        let cell = match self.slot(at) {
            Some(slot) if slot < self.dense.len() => self.list_or_attach(slot),
            _ => self.cell_for_insert(at),
        };
        let Some(cell) = cell else {
            // Not reached: a slot inside the array always gets a list.
            self.entries -= 1;
            return;
        };
        // Usually the cell is empty or the newcomer has the highest id.
        if cell.last().is_none_or(|e| e.id < id) {
            cell.push(entry);
        } else {
            let i = cell.partition_point(|e| e.id < id);
            cell.insert(i, entry);
        }
        self.set_loc(id, at, tags);
    }

    pub(crate) fn remove(&mut self, id: EntityId, at: GridPos) {
        let removed = match self.slot(at) {
            Some(slot) => match self.handle(slot) {
                Some(h) => match self.pool.get_mut(h) {
                    Some(cell) => {
                        let removed = remove_entry(cell, id);
                        if cell.is_empty() {
                            // Capacity for this was reserved with the pool.
                            self.free.push(h as u32);
                            if let Some(d) = self.dense.get_mut(slot) {
                                *d = NO_LIST;
                            }
                        }
                        removed
                    }
                    None => false,
                },
                None => false,
            },
            None => match self.sparse.get_mut(&at) {
                Some(cell) => {
                    let removed = remove_entry(cell, id);
                    if cell.is_empty() {
                        self.sparse.remove(&at);
                    }
                    removed
                }
                None => false,
            },
        };
        if removed {
            self.entries -= 1;
            self.clear_loc(id, at);
        }
    }

    /// Record that `id` stands at `at`.
    #[inline]
    fn set_loc(&mut self, id: EntityId, at: GridPos, tags: TagSet) {
        let Ok(i) = usize::try_from(id.index()) else {
            return;
        };
        if i >= self.locs.len() {
            // Grow to the capacity already reserved before doubling.
            let len = (i + 1).max(self.locs.capacity()).max(16);
            self.locs.resize(
                len,
                Loc {
                    id: NOWHERE,
                    at,
                    tags,
                },
            );
        }
        if let Some(loc) = self.locs.get_mut(i) {
            *loc = Loc { id, at, tags };
        }
    }

    /// Forget where `id` stands, if the reverse map says `at`.
    #[inline]
    fn clear_loc(&mut self, id: EntityId, at: GridPos) {
        let Ok(i) = usize::try_from(id.index()) else {
            return;
        };
        if let Some(loc) = self.locs.get_mut(i)
            && loc.id == id
            && loc.at == at
        {
            loc.id = NOWHERE;
        }
    }

    /// Return where `id` stands and its tags, if it is in the index: no ECS
    /// lookup and no cell scan, and a stale id (a destroyed entity whose
    /// slot was reused) gives `None`.
    #[inline]
    pub(crate) fn locate(&self, id: EntityId) -> Option<(GridPos, TagSet)> {
        let i = usize::try_from(id.index()).ok()?;
        self.locs
            .get(i)
            .filter(|loc| loc.id == id && id != NOWHERE)
            .map(|loc| (loc.at, loc.tags))
    }

    /// Return where `id` stands, if it is in the index (see [`Self::locate`]).
    #[cfg(test)]
    fn position_of(&self, id: EntityId) -> Option<GridPos> {
        self.locate(id).map(|(at, _)| at)
    }

    /// Return the bits ([`TagSet::bits`]) of every tag that some entity at
    /// `pos` has (the union), from one look at the cell.
    #[inline]
    pub(crate) fn kinds_at(&self, pos: GridPos) -> u32 {
        self.cell(pos).iter().fold(0, |all, e| all | e.tags.bits())
    }

    pub(crate) fn set_tags(&mut self, id: EntityId, at: GridPos, tags: TagSet) {
        let mut found = false;
        if let Some(cell) = self.cell_mut(at) {
            for e in cell.iter_mut().filter(|e| e.id == id) {
                e.tags = tags;
                found = true;
            }
        }
        if found
            && let Some(loc) = usize::try_from(id.index())
                .ok()
                .and_then(|i| self.locs.get_mut(i))
            && loc.id == id
        {
            loc.tags = tags;
        }
    }

    /// Iterate over the entities at `pos`, in ascending id order.
    pub fn all_at(&self, pos: GridPos) -> impl Iterator<Item = EntityId> + '_ {
        self.cell(pos).iter().map(|e| e.id)
    }

    /// Iterate over the entities at `pos` with their tags, in ascending id order.
    pub fn tagged_at(&self, pos: GridPos) -> impl Iterator<Item = (EntityId, TagSet)> + '_ {
        self.cell(pos).iter().map(|e| (e.id, e.tags))
    }

    /// Return whether any entity stands at `pos`.
    pub fn any_at(&self, pos: GridPos) -> bool {
        !self.cell(pos).is_empty()
    }

    /// Return whether any entity at `pos` has the tag `T`.
    pub fn has_tag_at<T: Tag>(&self, pos: GridPos) -> bool {
        self.has_kind_at(T::KIND, pos)
    }

    /// Return whether any entity at `pos` has `tag`.
    #[inline]
    pub fn has_kind_at(&self, tag: TagKind, pos: GridPos) -> bool {
        self.cell(pos).iter().any(|e| e.tags.contains(tag))
    }

    /// Return the first entity at `pos` (lowest id) that has `tag`.
    #[inline]
    pub fn first_with(&self, tag: TagKind, pos: GridPos) -> Option<EntityId> {
        self.cell(pos)
            .iter()
            .find(|e| e.tags.contains(tag))
            .map(|e| e.id)
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
    /// then `x`), so the order never depends on history.
    pub fn cells(&self) -> impl Iterator<Item = (GridPos, Vec<EntityId>)> + '_ {
        let mut all: Vec<(GridPos, Vec<EntityId>)> = Vec::new();
        for (slot, h) in self.dense.iter().enumerate() {
            let Some(cell) = self
                .pool
                .get(*h as usize)
                .filter(|c| *h != NO_LIST && !c.is_empty())
            else {
                continue;
            };
            all.push((self.pos_of_slot(slot), cell.iter().map(|e| e.id).collect()));
        }
        for (at, cell) in &self.sparse {
            all.push((*at, cell.iter().map(|e| e.id).collect()));
        }
        all.sort_by_key(|(at, _)| (at.y, at.x));
        all.into_iter()
    }

    /// Return the tags the index holds for `id` at `at`, if it holds `id` there.
    pub(crate) fn tags_of(&self, id: EntityId, at: GridPos) -> Option<TagSet> {
        self.cell(at).iter().find(|e| e.id == id).map(|e| e.tags)
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

/// Take `id` out of `cell`, keeping the order; return whether it was there.
#[inline]
fn remove_entry(cell: &mut Cell, id: EntityId) -> bool {
    // Usually the entity is alone in its cell, or the last one there.
    if cell.last().is_some_and(|e| e.id == id) {
        cell.pop();
        return true;
    }
    match cell.iter().position(|e| e.id == id) {
        Some(i) => {
            cell.remove(i);
            true
        }
        None => false,
    }
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
        assert!(index.sparse.contains_key(&far));
        assert_eq!(ids_at(&index, far), [id(2)]);
        assert_eq!(index.position_of(id(2)), Some(far));
        // Reserving exactly the area that holds both fits, and pulls the
        // far cell into the dense rectangle.
        index.reserve_area(GridPos::new(0, 0), far);
        assert!(index.sparse.is_empty());
        assert_eq!(ids_at(&index, far), [id(2)]);
        assert_eq!(ids_at(&index, GridPos::new(0, 0)), [id(1)]);
        index.remove(id(2), far);
        assert!(!index.any_at(far));
        assert_eq!(index.cells().count(), 1);
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
    }

    #[test]
    fn moves_reuse_lists_and_never_grow_the_pool() {
        let mut index = SpatialIndex::default();
        index.reserve_area(GridPos::new(0, 0), GridPos::new(99, 0));
        index.insert(id(1), tags(), GridPos::new(0, 0));
        index.insert(id(2), tags(), GridPos::new(1, 0));
        let (pool, cap, free_cap) = (
            index.pool.len(),
            index.pool.capacity(),
            index.free.capacity(),
        );
        for x in 1..98 {
            // Far end first, as a push does.
            index.remove(id(2), GridPos::new(x, 0));
            index.insert(id(2), tags(), GridPos::new(x + 1, 0));
            index.remove(id(1), GridPos::new(x - 1, 0));
            index.insert(id(1), tags(), GridPos::new(x, 0));
        }
        assert_eq!(index.pool.len(), pool);
        assert_eq!(index.pool.capacity(), cap);
        assert_eq!(index.free.capacity(), free_cap);
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
}
