//! Where the index keeps its cells' heads: a dense array over the area in
//! use, grown on demand, and an ordered map for stray far-away cells.

use super::*;
use crate::floor::band;

impl SpatialIndex {
    /// Return the slot of `pos` in the dense array, if it lies inside it.
    ///
    /// The differences are taken wrapping, as `u32`: a position left of or
    /// above the origin wraps to a value of at least `width` (`height`),
    /// because the dense rectangle never reaches past `i32::MAX`. The hot
    /// floor's rectangle (the player's) is looked at first, at no other
    /// cost; the other floors' only when the level has any.
    #[inline(always)]
    pub(super) fn slot(&self, pos: GridPos) -> Option<usize> {
        let dx = pos.x.wrapping_sub(self.origin.x) as u32;
        let dy = pos.y.wrapping_sub(self.origin.y) as u32;
        if dx < self.width && dy < self.height {
            Some(self.hot + dy as usize * self.width as usize + dx as usize)
        } else if self.planes.len() <= 1 {
            None
        } else {
            self.other_slot(pos)
        }
    }

    /// [`Self::slot`] on the floors but the hot one.
    #[inline]
    fn other_slot(&self, pos: GridPos) -> Option<usize> {
        let p = self.planes.get(usize::try_from(band(pos.y)).ok()?)?;
        let dx = pos.x.wrapping_sub(p.origin.x) as u32;
        let dy = pos.y.wrapping_sub(p.origin.y) as u32;
        (dx < p.width && dy < p.height)
            .then(|| p.offset + dy as usize * p.width as usize + dx as usize)
    }

    /// Look at the floor of world cell `at` first from now on (the step
    /// calls it with the player's cell): a step on any floor then costs
    /// what a step on floor 1 does.
    #[inline]
    pub(crate) fn focus(&mut self, at: GridPos) {
        if self.planes.len() <= 1 {
            return;
        }
        let Ok(b) = usize::try_from(band(at.y)) else {
            return;
        };
        if b != self.hot_band {
            self.hot_band = b;
            self.refresh_hot();
        }
    }

    /// Copy the hot floor's rectangle into the fields looked at first.
    fn refresh_hot(&mut self) {
        let p = self.planes.get(self.hot_band).copied().unwrap_or_default();
        self.origin = p.origin;
        self.width = p.width;
        self.height = p.height;
        self.hot = p.offset;
    }

    /// Return the cell of dense slot `slot`.
    pub(super) fn pos_of_dense(&self, slot: usize) -> GridPos {
        // The planes are laid out in floor order: the last one starting at
        // or before `slot` holds it.
        let i = self.planes.partition_point(|p| p.offset <= slot);
        match i.checked_sub(1).and_then(|i| self.planes.get(i)) {
            Some(p) => pos_of_slot(p.origin, p.width, slot - p.offset),
            None => GridPos::ZERO,
        }
    }

    /// Return the rectangle of band `b` (floor `b + 1`): origin, width and
    /// height (zero wide if it has none yet).
    fn rect(&self, b: usize) -> (GridPos, u32, u32) {
        self.planes
            .get(b)
            .map_or((GridPos::ZERO, 0, 0), |p| (p.origin, p.width, p.height))
    }

    /// Return the nodes of the first entities at `pos` of each list, by
    /// [`Layer`] (`NONE` for an empty list).
    #[inline(always)]
    pub(super) fn heads(&self, pos: GridPos) -> [u32; 2] {
        match self.slot(pos) {
            Some(slot) => self.dense_heads_of(slot),
            None if self.sparse.is_empty() => [NONE; 2],
            None => self.sparse.get(&pos).copied().unwrap_or([NONE; 2]),
        }
    }

    /// Return the heads of dense slot `slot`, by [`Layer`].
    #[inline(always)]
    pub(super) fn dense_heads_of(&self, slot: usize) -> [u32; 2] {
        [
            self.dense.get(slot).copied().unwrap_or(NONE),
            self.fixed.get(slot).copied().unwrap_or(NONE),
        ]
    }

    /// Iterate over the dense cells that hold entities, with their heads,
    /// in slot order.
    pub(super) fn dense_heads(&self) -> impl Iterator<Item = (usize, [u32; 2])> + '_ {
        self.dense
            .iter()
            .zip(&self.fixed)
            .enumerate()
            .filter(|(_, (moving, fixed))| **moving != NONE || **fixed != NONE)
            .map(|(slot, (&moving, &fixed))| (slot, [moving, fixed]))
    }

    /// Iterate over the nodes of the entities at `pos`, in ascending id order.
    #[inline]
    pub(super) fn cell(&self, pos: GridPos) -> Cell<'_> {
        Cell {
            nodes: &self.nodes,
            next: self.heads(pos),
        }
    }

    /// Work out again the union of the tags of the static list of dense
    /// slot `spot` (none for `NONE`, a sparse cell).
    pub(super) fn refresh_fixed(&mut self, spot: usize) {
        let Some(&head) = self.fixed.get(spot) else {
            return;
        };
        let kinds = list_kinds(&self.nodes, head);
        if let Some(statics) = self.statics.get_mut(spot) {
            *statics = kinds;
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

    /// Return the node the head `head` of list `layer` points at, or
    /// `NONE`.
    #[inline]
    pub(super) fn read_head(&self, head: Head, layer: Layer) -> u32 {
        match (head, layer) {
            (Head::Dense(slot), Layer::Moving) => self.dense.get(slot).copied().unwrap_or(NONE),
            (Head::Dense(slot), Layer::Fixed) => self.fixed.get(slot).copied().unwrap_or(NONE),
            (Head::Sparse(pos), _) => self
                .sparse
                .get(&pos)
                .and_then(|heads| heads.get(layer as usize))
                .copied()
                .unwrap_or(NONE),
        }
    }

    /// Point the head `head` of list `layer` at node `node` (`NONE`
    /// empties the list). The static list's union of tags is the caller's
    /// to keep.
    #[inline]
    pub(super) fn write_head(&mut self, head: Head, layer: Layer, node: u32) {
        match (head, layer) {
            (Head::Dense(slot), Layer::Moving) => {
                if let Some(d) = self.dense.get_mut(slot) {
                    *d = node;
                }
            }
            (Head::Dense(slot), Layer::Fixed) => {
                if let Some(f) = self.fixed.get_mut(slot) {
                    *f = node;
                }
            }
            (Head::Sparse(pos), _) => {
                let heads = self.sparse.entry(pos).or_insert([NONE; 2]);
                if let Some(h) = heads.get_mut(layer as usize) {
                    *h = node;
                }
                if *heads == [NONE; 2] {
                    self.sparse.remove(&pos);
                }
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
        // A rectangle stays within one floor's band of rows.
        let b = band(lo.y);
        let Ok(bu) = usize::try_from(b) else {
            return;
        };
        if band(hi.y) != b || bu >= crate::floor::MAX_FLOORS as usize {
            return;
        }
        let (origin, old_w, old_h) = self.rect(bu);
        let (mut min_x, mut min_y) = (i64::from(lo.x), i64::from(lo.y));
        let (mut max_x, mut max_y) = (i64::from(hi.x), i64::from(hi.y));
        if old_w != 0 {
            let ox = i64::from(origin.x);
            let oy = i64::from(origin.y);
            min_x = min_x.min(ox);
            min_y = min_y.min(oy);
            max_x = max_x.max(ox + i64::from(old_w) - 1);
            max_y = max_y.max(oy + i64::from(old_h) - 1);
        }
        let margin = |span: i64| if roomy { (span / 2).max(8) } else { 8 };
        let margin_x = margin(max_x - min_x + 1);
        let margin_y = margin(max_y - min_y + 1);
        let stride = i64::from(crate::floor::STRIDE);
        let band_top = i64::from(b) * stride - stride / 2;
        let band_bottom = band_top + stride - 1;
        let min_x = (min_x - margin_x).max(i64::from(i32::MIN));
        let min_y = (min_y - margin_y).max(i64::from(i32::MIN)).max(band_top);
        let max_x = (max_x + margin_x).min(i64::from(i32::MAX));
        let max_y = (max_y + margin_y).min(i64::from(i32::MAX)).min(band_bottom);
        let width = max_x - min_x + 1;
        let height = max_y - min_y + 1;
        let cells = width.saturating_mul(height);
        let old_cells = i64::from(old_w) * i64::from(old_h);
        let total = (self.dense.len() as u64).saturating_add((cells - old_cells).max(0) as u64);
        if cells as u64 > MAX_DENSE_CELLS || total > MAX_DENSE_TOTAL {
            return;
        }
        let (Ok(width), Ok(height), Ok(ox), Ok(oy)) = (
            u32::try_from(width),
            u32::try_from(height),
            i32::try_from(min_x),
            i32::try_from(min_y),
        ) else {
            return;
        };
        // The heads as they are, to re-file under the new rectangles: the
        // lists stay as they are.
        let old: Vec<(GridPos, [u32; 2])> = self
            .dense_heads()
            .map(|(slot, heads)| (self.pos_of_dense(slot), heads))
            .collect();
        if self.planes.len() <= bu {
            self.planes.resize(bu + 1, Plane::default());
        }
        if let Some(p) = self.planes.get_mut(bu) {
            *p = Plane {
                origin: GridPos::new(ox, oy),
                width,
                height,
                offset: 0,
            };
        }
        let mut offset = 0;
        for p in &mut self.planes {
            p.offset = offset;
            offset += p.width as usize * p.height as usize;
        }
        self.refresh_hot();
        self.dense = vec![NONE; offset];
        self.fixed = vec![NONE; offset];
        self.statics = vec![TagSet::EMPTY; offset];
        // Sparse cells now inside a rectangle move into the arrays.
        let sparse = std::mem::take(&mut self.sparse);
        for (at, heads) in old.into_iter().chain(sparse) {
            match self.slot(at).filter(|&slot| slot < self.dense.len()) {
                Some(slot) => {
                    let [moving, fixed] = heads;
                    if let Some(d) = self.dense.get_mut(slot) {
                        *d = moving;
                    }
                    if let Some(f) = self.fixed.get_mut(slot) {
                        *f = fixed;
                    }
                    self.refresh_fixed(slot);
                }
                None => {
                    self.sparse.insert(at, heads);
                }
            }
        }
        self.respot();
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
