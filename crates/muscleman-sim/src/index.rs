//! The spatial index: which entities stand in each cell.
//!
//! The index is the sim's authoritative geometry. It keeps, per cell, the
//! entities there sorted by id together with a copy of their tags, so every
//! cell query is answered without touching the ECS. The world keeps it in
//! sync on spawn, move, tag change and destroy.
//!
//! Cells inside a dense rectangle (grown to cover where entities have been)
//! are a flat array: a lookup costs the same on a 10×10 and a 1000×1000
//! level. Cells far outside it, where a rectangle would waste memory, live in
//! an ordered map.

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

type Cell = SmallVec<[Entry; 3]>;

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
    dense: Vec<Cell>,
    sparse: BTreeMap<GridPos, Cell>,
}

impl SpatialIndex {
    /// Return the slot of `pos` in the dense array, if it lies inside it.
    #[inline]
    fn slot(&self, pos: GridPos) -> Option<usize> {
        let dx = i64::from(pos.x) - i64::from(self.origin.x);
        let dy = i64::from(pos.y) - i64::from(self.origin.y);
        if dx < 0 || dy < 0 || dx >= i64::from(self.width) || dy >= i64::from(self.height) {
            return None;
        }
        usize::try_from(dy * i64::from(self.width) + dx).ok()
    }

    #[inline]
    fn cell(&self, pos: GridPos) -> &[Entry] {
        match self.slot(pos) {
            Some(slot) => self.dense.get(slot).map_or(&[], |c| c.as_slice()),
            None if self.sparse.is_empty() => &[],
            None => self.sparse.get(&pos).map_or(&[], |c| c.as_slice()),
        }
    }

    fn cell_mut(&mut self, pos: GridPos) -> Option<&mut Cell> {
        match self.slot(pos) {
            Some(slot) => self.dense.get_mut(slot),
            None => self.sparse.get_mut(&pos),
        }
    }

    /// Return the cell at `pos`, growing the dense area or the sparse map to hold it.
    fn cell_for_insert(&mut self, pos: GridPos) -> &mut Cell {
        if self.slot(pos).is_none() {
            self.grow_to(pos);
        }
        match self.slot(pos) {
            Some(slot) if slot < self.dense.len() => &mut self.dense[slot],
            _ => self.sparse.entry(pos).or_default(),
        }
    }

    /// Grow the dense rectangle to cover `pos` with a margin, if that stays
    /// under the size cap; otherwise leave `pos` to the sparse map.
    fn grow_to(&mut self, pos: GridPos) {
        let (min_x, min_y, max_x, max_y) = if self.width == 0 {
            (
                i64::from(pos.x),
                i64::from(pos.y),
                i64::from(pos.x),
                i64::from(pos.y),
            )
        } else {
            let ox = i64::from(self.origin.x);
            let oy = i64::from(self.origin.y);
            (
                ox.min(i64::from(pos.x)),
                oy.min(i64::from(pos.y)),
                (ox + i64::from(self.width) - 1).max(i64::from(pos.x)),
                (oy + i64::from(self.height) - 1).max(i64::from(pos.y)),
            )
        };
        // Leave room to grow in every direction so a walk off the edge does
        // not rebuild the array at every step.
        let margin_x = ((max_x - min_x + 1) / 2).max(8);
        let margin_y = ((max_y - min_y + 1) / 2).max(8);
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
        let mut grown = SpatialIndex {
            origin: GridPos::new(ox, oy),
            width,
            height,
            dense: vec![Cell::new(); count],
            sparse: BTreeMap::new(),
        };
        let old_dense = std::mem::take(&mut self.dense);
        let old_origin = self.origin;
        let old_width = self.width;
        for (slot, cell) in old_dense.into_iter().enumerate() {
            if cell.is_empty() {
                continue;
            }
            let slot = slot as i64;
            let w = i64::from(old_width);
            let at = GridPos::new(
                (i64::from(old_origin.x) + slot % w) as i32,
                (i64::from(old_origin.y) + slot / w) as i32,
            );
            grown.put_cell(at, cell);
        }
        for (at, cell) in std::mem::take(&mut self.sparse) {
            grown.put_cell(at, cell);
        }
        *self = grown;
    }

    fn put_cell(&mut self, at: GridPos, cell: Cell) {
        match self.slot(at) {
            Some(slot) if slot < self.dense.len() => self.dense[slot] = cell,
            _ => {
                self.sparse.insert(at, cell);
            }
        }
    }

    /// Make room for the rectangle from `min` to `max` (inclusive) up front, so
    /// loading a level does not grow the array many times.
    pub(crate) fn reserve_area(&mut self, min: GridPos, max: GridPos) {
        self.grow_to(min);
        self.grow_to(max);
    }

    pub(crate) fn insert(&mut self, id: EntityId, tags: TagSet, at: GridPos) {
        let cell = self.cell_for_insert(at);
        let i = cell.partition_point(|e| e.id < id);
        cell.insert(i, Entry { id, tags });
    }

    pub(crate) fn remove(&mut self, id: EntityId, at: GridPos) {
        let in_sparse = self.slot(at).is_none();
        if let Some(cell) = self.cell_mut(at) {
            cell.retain(|e| e.id != id);
            if in_sparse && cell.is_empty() {
                self.sparse.remove(&at);
            }
        }
    }

    pub(crate) fn set_tags(&mut self, id: EntityId, at: GridPos, tags: TagSet) {
        if let Some(cell) = self.cell_mut(at) {
            for e in cell.iter_mut().filter(|e| e.id == id) {
                e.tags = tags;
            }
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
        let w = i64::from(self.width.max(1));
        for (slot, cell) in self.dense.iter().enumerate() {
            if cell.is_empty() {
                continue;
            }
            let slot = slot as i64;
            let at = GridPos::new(
                (i64::from(self.origin.x) + slot % w) as i32,
                (i64::from(self.origin.y) + slot / w) as i32,
            );
            all.push((at, cell.iter().map(|e| e.id).collect()));
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
