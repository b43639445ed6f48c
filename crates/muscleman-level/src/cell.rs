//! The fixed symbols of the grid, legend letters and recipe names.

use muscleman_core::{EntityRecipe, EntitySpec};

const fn plain(recipe: EntityRecipe) -> EntitySpec {
    EntitySpec::new(recipe)
}

/// The fixed symbols of the grid and the cells they stand for, each a
/// canonical (sorted) list. Floor (`' '`, `'-'`, `'_'`) is the empty list.
const SYMBOLS: [(char, &[EntitySpec]); 10] = [
    ('#', &[plain(EntityRecipe::WallStrong)]),
    ('@', &[plain(EntityRecipe::Player)]),
    (
        '+',
        &[plain(EntityRecipe::Player), plain(EntityRecipe::Goal)],
    ),
    ('$', &[plain(EntityRecipe::Box)]),
    ('*', &[plain(EntityRecipe::Box), plain(EntityRecipe::Goal)]),
    ('.', &[plain(EntityRecipe::Goal)]),
    ('%', &[plain(EntityRecipe::WallWeak)]),
    ('~', &[plain(EntityRecipe::WaterCell)]),
    ('&', &[plain(EntityRecipe::HeavyBox)]),
    (' ', &[]),
];

/// Return the cell a fixed symbol stands for; floor symbols give the empty list.
pub(crate) fn symbol_cell(c: char) -> Option<&'static [EntitySpec]> {
    match c {
        '-' | '_' => Some(&[]),
        _ => SYMBOLS.iter().find(|(s, _)| *s == c).map(|(_, m)| *m),
    }
}

/// Return the fixed symbol that prints a cell, if there is one (`' '` for floor).
pub(crate) fn cell_symbol(cell: &[EntitySpec]) -> Option<char> {
    SYMBOLS.iter().find(|(_, m)| *m == cell).map(|(s, _)| *s)
}

/// Whether `c` may start a grid row without a legend: a fixed symbol, floor,
/// a run-length digit or the row separator `|`.
pub(crate) fn starts_row(c: char) -> bool {
    c != ' ' && (symbol_cell(c).is_some() || c.is_ascii_digit() || c == '|')
}

/// Whether `c` may be a legend letter.
pub(crate) fn is_legend_letter(c: char) -> bool {
    c.is_ascii_alphabetic()
}

/// Return the recipe a legend name means (case-insensitive), or `None`.
pub(crate) fn recipe_named(name: &str) -> Option<EntityRecipe> {
    EntityRecipe::named(name)
}

/// A small map from legend letters to cells.
#[derive(Clone, Debug, Default)]
pub(crate) struct Legend {
    /// Each defined letter with its cell (canonical order) and the line
    /// and column where its legend line wrote it.
    entries: Vec<(char, Vec<EntitySpec>, (usize, usize))>,
}

impl Legend {
    /// Return the cell and defining line of a letter.
    pub(crate) fn get(&self, c: char) -> Option<(&[EntitySpec], usize)> {
        self.entries
            .iter()
            .find(|(l, _, _)| *l == c)
            .map(|(_, cell, (line, _))| (cell.as_slice(), *line))
    }

    /// Define a letter, written at `(line, column)`; the caller checks it
    /// was not defined before.
    pub(crate) fn define(&mut self, c: char, cell: Vec<EntitySpec>, at: (usize, usize)) {
        self.entries.push((c, cell, at));
    }

    /// Iterate over the letters in the order defined, each with the line
    /// and column of its definition.
    pub(crate) fn entries(&self) -> impl Iterator<Item = (char, usize, usize)> + '_ {
        self.entries
            .iter()
            .map(|(c, _, (line, column))| (*c, *line, *column))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_are_canonical_and_round_trip() {
        for (c, cell) in SYMBOLS {
            assert!(cell.windows(2).all(|w| w[0] < w[1]), "{c}");
            assert_eq!(symbol_cell(c), Some(cell));
            assert_eq!(cell_symbol(cell), Some(c));
        }
    }

    #[test]
    fn names_are_read_in_any_case() {
        assert_eq!(recipe_named("keyred"), Some(EntityRecipe::KeyRed));
        assert_eq!(recipe_named("HEAVYBOX"), Some(EntityRecipe::HeavyBox));
        assert_eq!(recipe_named("Crate"), None);
    }
}
