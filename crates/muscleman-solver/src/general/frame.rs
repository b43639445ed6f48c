//! The rectangle of cells a search is bound to, each cell with a slot in
//! row order: what the grids of the general search's prunings (the free
//! region, the guide, the frozen-box check and the lower bound) index by.

use muscleman_core::GridPos;

/// The cells from `min`, `width` by `height`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Frame {
    /// The top-left cell.
    pub(crate) min: GridPos,
    /// Cells across.
    pub(crate) width: usize,
    /// Cells down.
    pub(crate) height: usize,
}

impl Frame {
    /// Return the frame of the cells from `min` to `max`, both included
    /// (empty when `max` is above or left of `min`).
    pub(crate) fn new(min: GridPos, max: GridPos) -> Frame {
        let span = |a: i32, b: i32| usize::try_from(i64::from(b) - i64::from(a) + 1).unwrap_or(0);
        Frame {
            min,
            width: span(min.x, max.x),
            height: span(min.y, max.y),
        }
    }

    /// Return how many cells it holds.
    pub(crate) fn cells(&self) -> usize {
        self.width.saturating_mul(self.height)
    }

    /// Return the slot of `at`, if it is inside.
    pub(crate) fn slot(&self, at: GridPos) -> Option<usize> {
        let x = usize::try_from(i64::from(at.x) - i64::from(self.min.x)).ok()?;
        let y = usize::try_from(i64::from(at.y) - i64::from(self.min.y)).ok()?;
        (x < self.width && y < self.height).then(|| y * self.width + x)
    }

    /// Return what `cells` (one entry a slot) holds for `at`, if it is
    /// inside.
    pub(crate) fn get<'a, T>(&self, cells: &'a [T], at: GridPos) -> Option<&'a T> {
        self.slot(at).and_then(|i| cells.get(i))
    }

    /// Return what `cells` (one entry a slot) holds for `at`, to change,
    /// if it is inside.
    pub(crate) fn get_mut<'a, T>(&self, cells: &'a mut [T], at: GridPos) -> Option<&'a mut T> {
        self.slot(at).and_then(|i| cells.get_mut(i))
    }

    /// Return whether `at` is on the outermost ring of cells.
    pub(crate) fn on_ring(&self, at: GridPos) -> bool {
        let (x, y) = (
            i64::from(at.x) - i64::from(self.min.x),
            i64::from(at.y) - i64::from(self.min.y),
        );
        let (w, h) = (
            i64::try_from(self.width).unwrap_or(i64::MAX),
            i64::try_from(self.height).unwrap_or(i64::MAX),
        );
        (0..w).contains(&x) && (0..h).contains(&y) && (x == 0 || y == 0 || x == w - 1 || y == h - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_run_row_by_row_inside_and_the_ring_is_the_edge() {
        let f = Frame::new(GridPos::new(-1, -1), GridPos::new(2, 1));
        assert_eq!((f.width, f.height, f.cells()), (4, 3, 12));
        assert_eq!(f.slot(GridPos::new(-1, -1)), Some(0));
        assert_eq!(f.slot(GridPos::new(0, 0)), Some(5));
        assert_eq!(f.slot(GridPos::new(3, 0)), None);
        assert_eq!(f.slot(GridPos::new(0, -2)), None);
        assert!(f.on_ring(GridPos::new(2, 0)));
        assert!(!f.on_ring(GridPos::new(0, 0)));
        assert!(!f.on_ring(GridPos::new(3, 0)));
        assert_eq!(
            Frame::new(GridPos::new(1, 1), GridPos::new(0, 0)).cells(),
            0
        );
    }
}
