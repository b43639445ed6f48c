//! Where the index keeps its cells' heads: a dense array over the area in
//! use, grown on demand, and an ordered map for stray far-away cells.

use super::*;

impl SpatialIndex {
    /// Return the slot of `pos` in the dense array, if it lies inside it.
    ///
    /// The differences are taken wrapping, as `u32`: a position left of or
    /// above the origin wraps to a value of at least `width` (`height`),
    /// because the dense rectangle never reaches past `i32::MAX`.
    #[inline(always)]
    pub(super) fn slot(&self, pos: GridPos) -> Option<usize> {
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
    pub(super) fn head(&self, pos: GridPos) -> u32 {
        match self.slot(pos) {
            Some(slot) => self.dense.get(slot).copied().unwrap_or(NONE),
            None if self.sparse.is_empty() => NONE,
            None => self.sparse.get(&pos).copied().unwrap_or(NONE),
        }
    }

    /// Iterate over the nodes of the entities at `pos`, in ascending id order.
    #[inline]
    pub(super) fn cell(&self, pos: GridPos) -> Cell<'_> {
        Cell {
            nodes: &self.nodes,
            next: self.head(pos),
        }
    }

    /// Return where the head of `pos` is kept, growing the dense rectangle
    /// to cover `pos` if it can.
    pub(super) fn head_for_insert(&mut self, pos: GridPos) -> Head {
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
    pub(super) fn head_of(&self, pos: GridPos) -> Head {
        match self.slot(pos) {
            Some(slot) => Head::Dense(slot),
            None => Head::Sparse(pos),
        }
    }

    /// Return the node the head `head` points at, or `NONE`.
    #[inline]
    pub(super) fn read_head(&self, head: Head) -> u32 {
        match head {
            Head::Dense(slot) => self.dense.get(slot).copied().unwrap_or(NONE),
            Head::Sparse(pos) => self.sparse.get(&pos).copied().unwrap_or(NONE),
        }
    }

    /// Point the head `head` at node `node` (`NONE` empties the cell).
    #[inline]
    pub(super) fn write_head(&mut self, head: Head, node: u32) {
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
    pub(super) fn grow_to(&mut self, pos: GridPos) {
        self.grow_to_cover(pos, pos, true);
    }

    /// Grow the dense rectangle to cover the rectangle from `lo` to `hi`
    /// (inclusive) and what it covers now, if that stays under the size cap.
    ///
    /// With `roomy`, leave a margin of half the size on every side (at least
    /// 8 cells), so entities wandering off the edge do not rebuild the array
    /// at every step; growth is then geometric. Without it, the margin is 8
    /// cells: right for a level of known size.
    pub(super) fn grow_to_cover(&mut self, lo: GridPos, hi: GridPos, roomy: bool) {
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
}
