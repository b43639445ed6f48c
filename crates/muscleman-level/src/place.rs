//! How a message for people names a cell: from 1, as `row R column C` of
//! the level's grid, after its floor (`floor F row R column C`, floors
//! from 1) on a level of several floors. One phrase for every message of
//! the library, `check`, the editor and the game; positions in the API
//! ([`GridPos`]), JSON and saves stay 0-based (rules.md §2 and §7).

use muscleman_core::GridPos;

/// Return how a message names cell `at` (0-based) of a level of one
/// floor: `row 2 column 5` for `(4, 1)`.
///
/// # Example
/// ```
/// use muscleman_core::GridPos;
/// use muscleman_level::{cell_name, cell_name_on};
///
/// assert_eq!(cell_name(GridPos::new(4, 1)), "row 2 column 5");
/// assert_eq!(cell_name_on(2, 3, GridPos::new(0, 0)), "floor 2 row 1 column 1");
/// assert_eq!(cell_name_on(1, 1, GridPos::new(0, 0)), "row 1 column 1");
/// ```
pub fn cell_name(at: GridPos) -> String {
    format!("row {} column {}", i64::from(at.y) + 1, i64::from(at.x) + 1)
}

/// Return how a message names cell `at` (0-based) of floor `floor`
/// (from 1) of a level of `floors` floors: the floor is named when there
/// are several.
pub fn cell_name_on(floor: usize, floors: usize, at: GridPos) -> String {
    if floors > 1 {
        format!("floor {floor} {}", cell_name(at))
    } else {
        cell_name(at)
    }
}
