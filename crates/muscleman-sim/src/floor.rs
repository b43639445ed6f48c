//! Floors in the world's grid (rules.md §4 "Floors").
//!
//! A level's floors each have their own coordinates; the world keeps them
//! all in one grid, each floor in its own band of rows: cell `(x, y)` of
//! floor `k` (from 1) is the world cell `(x, y + (k - 1) · STRIDE)`. So
//! every rule that looks at "the cell beyond" looks on the floor of the
//! entity concerned without knowing floors, the spatial index answers per
//! floor and cell with the one key, and an entity's floor is where it
//! stands: [`LevelMember`](crate::LevelMember) is read from its position
//! and never stored (floor 1 reads as no component at all, so one-floor
//! levels store, hash and save exactly what they did before floors).
//!
//! Floor 1 is the band of rows from `-HALF` to `HALF - 1`, floor `k` that
//! band shifted by `(k - 1) · STRIDE`. A level is at most 4096 rows high,
//! so a band holds a floor with a million rows to spare on either side for
//! an open level's wanderers; a move that would cross into another band is
//! refused by the world (`WorldError::LeftFloor`), never made. 1024 floors
//! (the level format's cap) fit in the `i32` rows.
//!
//! Events, the view, saves and printed levels speak floor-local cells:
//! [`local`] turns a world cell back into its floor's coordinates.

use muscleman_core::GridPos;

/// Rows between the same cell on two floors next to each other.
pub const STRIDE: i32 = 1 << 21;

/// Half a band: floor 1's rows run from `-HALF` to `HALF - 1`.
const HALF: i32 = STRIDE / 2;

/// The most floors the world's grid holds.
pub const MAX_FLOORS: u32 = 1024;

/// Return the band (floor - 1) of world row `y`: negative above floor 1's
/// band.
#[inline(always)]
pub(crate) const fn band(y: i32) -> i32 {
    // An arithmetic shift: floor division by the stride.
    ((y as i64 + HALF as i64) >> STRIDE.trailing_zeros()) as i32
}

/// Return the floor (from 1) a world cell is on; a cell above floor 1's
/// band counts as floor 1.
#[inline]
pub const fn floor_of(at: GridPos) -> u32 {
    let b = band(at.y);
    if b < 0 { 1 } else { b as u32 + 1 }
}

/// Return the world cell of cell `local` of floor `floor` (from 1; 0 is
/// read as 1, the main level of rules-2 saves).
#[inline]
pub const fn world_cell(floor: u32, local: GridPos) -> GridPos {
    let shift = (if floor > MAX_FLOORS {
        MAX_FLOORS
    } else {
        floor
    })
    .saturating_sub(1);
    GridPos::new(
        local.x,
        local.y.wrapping_add((shift as i32).wrapping_mul(STRIDE)),
    )
}

/// Return a world cell in its floor's own coordinates.
#[inline(always)]
pub const fn local(at: GridPos) -> GridPos {
    // Floor 1's band (and above it) is as it is: one compare and a branch
    // (the other floors' sum, computed alongside, would cost floor 1 five
    // instructions a cell).
    if at.y < HALF {
        return at;
    }
    std::hint::cold_path();
    GridPos::new(at.x, at.y.wrapping_sub(band(at.y).wrapping_mul(STRIDE)))
}

/// Return whether two world cells are on the same floor's band of rows
/// (the rows above floor 1's band count as floor 1's): whether
/// [`World::move_to`](crate::World::move_to) moves between them.
#[inline(always)]
pub const fn same_band(a: GridPos, b: GridPos) -> bool {
    // Floor 1 (and the rows above it, which count as floor 1): two compares.
    if a.y < HALF && b.y < HALF {
        return true;
    }
    // Else the bands' numbers, the bits above the stride's.
    (((a.y as i64 + HALF as i64) ^ (b.y as i64 + HALF as i64)) >> STRIDE.trailing_zeros()) == 0
}

/// Return whether both cells are in floor 1's band (or above it), where
/// world cells are their floor's own: a move between them needs no
/// [`local_move`].
#[inline(always)]
pub(crate) const fn on_first_floor(a: GridPos, b: GridPos) -> bool {
    a.y < HALF && b.y < HALF
}

/// Return the cells of a move from `from` to `to` (two different world
/// cells) in their floors' own coordinates, or `None` when it only
/// changed floors (the same local cell: the stairs, which report no move).
pub(crate) const fn local_move(from: GridPos, to: GridPos) -> Option<(GridPos, GridPos)> {
    let (a, b) = (local(from), local(to));
    if same_band(from, to) || a.x != b.x || a.y != b.y {
        Some((a, b))
    } else {
        None
    }
}

/// Return the world cell `to` floors away from `at` (`to` from 1), the
/// same local cell.
#[inline]
pub fn on_floor(at: GridPos, to: u32) -> GridPos {
    world_cell(to, local(at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_go_to_their_band_and_back() {
        for floor in [1, 2, 3, 10, MAX_FLOORS] {
            for (x, y) in [(0, 0), (5, 4095), (-3, -7), (9, HALF - 1), (0, -HALF)] {
                let at = world_cell(floor, GridPos::new(x, y));
                assert_eq!(floor_of(at), floor, "{floor} {x} {y}");
                assert_eq!(local(at), GridPos::new(x, y));
            }
        }
        assert_eq!(world_cell(0, GridPos::new(1, 2)), GridPos::new(1, 2));
        assert_eq!(floor_of(GridPos::new(0, -HALF - 1)), 1);
        assert!(!same_band(GridPos::new(0, HALF - 1), GridPos::new(0, HALF)));
        assert!(same_band(GridPos::new(0, -HALF), GridPos::new(0, HALF - 1)));
        // Above floor 1's band is floor 1 still: nothing to cross into.
        assert!(same_band(GridPos::new(0, -HALF - 1), GridPos::new(0, 0)));
        assert!(!same_band(GridPos::new(0, HALF), GridPos::new(0, 3 * HALF)));
        assert_eq!(
            local(GridPos::new(3, -HALF - 5)),
            GridPos::new(3, -HALF - 5)
        );
    }
}
