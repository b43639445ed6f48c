//! Cell contents as bit masks over the recipes the format supports, and the
//! fixed symbols of the grid.

use muscleman_core::EntityRecipe;

/// Every recipe a level can hold, in canonical order (the order of
/// `EntityRecipe`'s `Ord`).
///
/// Only the recipes the simulation implements have a symbol in the format;
/// others are refused by [`Level::add`](crate::Level::add) and by the reader.
pub const SUPPORTED_RECIPES: [EntityRecipe; 7] = [
    EntityRecipe::Player,
    EntityRecipe::WallStrong,
    EntityRecipe::WallWeak,
    EntityRecipe::WaterCell,
    EntityRecipe::Box,
    EntityRecipe::HeavyBox,
    EntityRecipe::Goal,
];

/// A cell's contents: bit `i` set means `SUPPORTED_RECIPES[i]` is there.
pub(crate) type Mask = u8;

pub(crate) const PLAYER: Mask = 1 << 0;
const WALL_STRONG: Mask = 1 << 1;
const WALL_WEAK: Mask = 1 << 2;
const WATER: Mask = 1 << 3;
const BOX: Mask = 1 << 4;
const HEAVY_BOX: Mask = 1 << 5;
const GOAL: Mask = 1 << 6;

/// The recipes that fill a cell: a cell holds at most one of them.
const SOLID: Mask = PLAYER | WALL_STRONG | WALL_WEAK | BOX | HEAVY_BOX;

/// Return the bit of a supported recipe, or `None` if the format has no symbol for it.
pub(crate) const fn bit(recipe: EntityRecipe) -> Option<Mask> {
    match recipe {
        EntityRecipe::Player => Some(PLAYER),
        EntityRecipe::WallStrong => Some(WALL_STRONG),
        EntityRecipe::WallWeak => Some(WALL_WEAK),
        EntityRecipe::WaterCell => Some(WATER),
        EntityRecipe::Box => Some(BOX),
        EntityRecipe::HeavyBox => Some(HEAVY_BOX),
        EntityRecipe::Goal => Some(GOAL),
        _ => None,
    }
}

/// Why a recipe cannot join a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Clash {
    /// The recipe has no symbol in the format.
    Unsupported,
    /// The cell already holds this recipe.
    Duplicate,
    /// The cell already holds another solid thing (this one).
    Solid(EntityRecipe),
}

/// Return the mask of `cell` with `recipe` added, or why it cannot be added.
pub(crate) fn with(cell: Mask, recipe: EntityRecipe) -> Result<Mask, Clash> {
    let b = bit(recipe).ok_or(Clash::Unsupported)?;
    if cell & b != 0 {
        return Err(Clash::Duplicate);
    }
    if b & SOLID != 0 && cell & SOLID != 0 {
        let present = recipes(cell & SOLID)
            .first()
            .copied()
            .unwrap_or(EntityRecipe::Player);
        return Err(Clash::Solid(present));
    }
    Ok(cell | b)
}

struct Table {
    lists: [[EntityRecipe; 7]; 128],
    lens: [u8; 128],
}

#[expect(
    clippy::indexing_slicing,
    reason = "evaluated at compile time for `TABLE`: an index out of range is a build error, not a run-time panic"
)]
const fn build_table() -> Table {
    let mut lists = [[EntityRecipe::Player; 7]; 128];
    let mut lens = [0u8; 128];
    let mut mask = 0;
    while mask < 128 {
        let mut n = 0;
        let mut i = 0;
        while i < 7 {
            if mask & (1 << i) != 0 {
                lists[mask][n] = SUPPORTED_RECIPES[i];
                n += 1;
            }
            i += 1;
        }
        lens[mask] = n as u8;
        mask += 1;
    }
    Table { lists, lens }
}

static TABLE: Table = build_table();

/// Return the recipes of a mask, in canonical order.
pub(crate) fn recipes(mask: Mask) -> &'static [EntityRecipe] {
    let i = usize::from(mask);
    match (TABLE.lists.get(i), TABLE.lens.get(i)) {
        (Some(list), Some(&n)) => list.get(..usize::from(n)).unwrap_or(&[]),
        _ => &[],
    }
}

/// Whether a mask holds a recipe.
pub(crate) fn has(mask: Mask, recipe: EntityRecipe) -> bool {
    bit(recipe).is_some_and(|b| mask & b != 0)
}

/// The fixed symbols of the grid and what they mean. Floor (`' '`, `'-'`,
/// `'_'`) is handled apart.
const SYMBOLS: [(char, Mask); 10] = [
    ('#', WALL_STRONG),
    ('@', PLAYER),
    ('+', PLAYER | GOAL),
    ('$', BOX),
    ('*', BOX | GOAL),
    ('.', GOAL),
    ('%', WALL_WEAK),
    ('~', WATER),
    ('&', HEAVY_BOX),
    (' ', 0),
];

/// Return the fixed symbol's mask; floor symbols give 0.
pub(crate) fn symbol_mask(c: char) -> Option<Mask> {
    match c {
        '-' | '_' => Some(0),
        _ => SYMBOLS.iter().find(|(s, _)| *s == c).map(|(_, m)| *m),
    }
}

/// Return the fixed symbol that prints a mask, if there is one (`' '` for floor).
pub(crate) fn mask_symbol(mask: Mask) -> Option<char> {
    SYMBOLS.iter().find(|(_, m)| *m == mask).map(|(s, _)| *s)
}

/// Whether `c` may start a grid row without a legend: a fixed symbol, floor,
/// a run-length digit or the row separator `|`.
pub(crate) fn starts_row(c: char) -> bool {
    c != ' ' && (symbol_mask(c).is_some() || c.is_ascii_digit() || c == '|')
}

/// Whether `c` may be a legend letter.
pub(crate) fn is_legend_letter(c: char) -> bool {
    c.is_ascii_alphabetic()
}

/// Return the recipe a legend name means (case-insensitive), or `Err` with
/// whether the name is a recipe at all.
pub(crate) fn recipe_named(name: &str) -> Result<EntityRecipe, Option<EntityRecipe>> {
    let found = EntityRecipe::ALL
        .into_iter()
        .find(|r| r.to_string().eq_ignore_ascii_case(name));
    match found {
        Some(r) if bit(r).is_some() => Ok(r),
        other => Err(other),
    }
}

/// A small map from legend letters to masks.
#[derive(Clone, Debug, Default)]
pub(crate) struct Legend {
    /// Each defined letter with its mask and the line that defined it.
    entries: Vec<(char, Mask, usize)>,
}

impl Legend {
    /// Return the mask and defining line of a letter.
    pub(crate) fn get(&self, c: char) -> Option<(Mask, usize)> {
        self.entries
            .iter()
            .find(|(l, _, _)| *l == c)
            .map(|(_, m, line)| (*m, *line))
    }

    /// Define a letter; the caller checks it was not defined before.
    pub(crate) fn define(&mut self, c: char, mask: Mask, line: usize) {
        self.entries.push((c, mask, line));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_lists_are_sorted_and_complete() {
        for mask in 0..128u8 {
            let list = recipes(mask);
            assert_eq!(list.len(), mask.count_ones() as usize);
            assert!(list.windows(2).all(|w| w[0] < w[1]));
            for r in list {
                assert!(has(mask, *r));
            }
        }
    }

    #[test]
    fn symbols_round_trip() {
        for (c, m) in SYMBOLS {
            assert_eq!(symbol_mask(c), Some(m));
            assert_eq!(mask_symbol(m), Some(c));
        }
    }
}
