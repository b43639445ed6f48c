//! Where a level's rows were written: for messages about cells found after
//! reading.
//!
//! A grid's rows stand on consecutive lines (a blank, comment or metadata
//! line ends the grid), each line holding one row or several split by `|`.
//! So a row's line is the grid's first line plus the number of rows before
//! it that start a line: one bit a row. Whether a row is plain (each cell
//! one character, so cell `x` is at the row's column plus `x`) is another
//! bit. Columns are kept, four bytes a row, only when some row does not
//! start at column 1 (after a `|`); classic XSB levels keep none.

/// A legend letter a level defines and never uses (a designer's slip: a
/// letter misspelt in the grid, or a cell forgotten), where its legend
/// line wrote it. [`Level::unused_legend`](crate::Level::unused_legend)
/// lists them for a level read from text; `muscleman check` warns of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnusedLetter {
    /// The letter.
    pub letter: char,
    /// The line of its legend line (from 1).
    pub line: usize,
    /// The column of the letter there (from 1).
    pub column: usize,
}

impl std::fmt::Display for UnusedLetter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "legend letter {:?} is defined and never used in the grid",
            self.letter
        )
    }
}

/// Where the rows of a level read from text were written.
#[derive(Clone, Debug, Default)]
pub(crate) struct SourceMap {
    /// The line of row 0.
    first_line: u32,
    /// Bit `y`: row `y` starts a line (row 0 included).
    starts_line: Vec<u64>,
    /// Bit `y`: row `y` is plain.
    plain: Vec<u64>,
    /// The column of each row's first cell; empty while every row starts
    /// its line at column 1.
    columns: Vec<u32>,
    /// How many rows there are.
    rows: usize,
}

fn set_bit(bits: &mut Vec<u64>, i: usize, on: bool) {
    if bits.len() <= i / 64 {
        bits.push(0);
    }
    if on && let Some(word) = bits.get_mut(i / 64) {
        *word |= 1 << (i % 64);
    }
}

fn bit(bits: &[u64], i: usize) -> bool {
    bits.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
}

/// Count the set bits of `bits` below `end`.
fn ones_below(bits: &[u64], end: usize) -> usize {
    let full = bits
        .iter()
        .take(end / 64)
        .map(|w| w.count_ones() as usize)
        .sum::<usize>();
    let part = bits.get(end / 64).map_or(0, |w| {
        (w & ((1u64 << (end % 64)) - 1)).count_ones() as usize
    });
    full + part
}

/// Lines and columns past `u32` cannot occur (the input is at most 64 MiB).
fn to_u32(v: usize) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

impl SourceMap {
    /// Record the next row: its line, the column of its first cell, and
    /// whether it is plain. Lines never go down.
    pub(crate) fn push(&mut self, line: usize, column: usize, plain: bool) {
        let y = self.rows;
        let starts_line = y == 0 || self.line(y - 1).is_none_or(|prev| prev != line);
        if y == 0 {
            self.first_line = to_u32(line);
        }
        set_bit(&mut self.starts_line, y, starts_line);
        set_bit(&mut self.plain, y, plain);
        if column != 1 && self.columns.is_empty() {
            self.columns = vec![1; y];
        }
        if !self.columns.is_empty() {
            self.columns.push(to_u32(column));
        }
        self.rows += 1;
    }

    fn line(&self, y: usize) -> Option<usize> {
        if y >= self.rows {
            return None;
        }
        // Rows after row 0 that start a line, up to and including row y.
        let later = ones_below(&self.starts_line, y + 1).saturating_sub(1);
        Some(self.first_line as usize + later)
    }

    /// Return the 1-based line and column of cell `x` of row `y`.
    pub(crate) fn position(&self, x: usize, y: usize) -> Option<(usize, usize)> {
        let line = self.line(y)?;
        let column = self.columns.get(y).map_or(1, |&c| c as usize);
        Some(if bit(&self.plain, y) {
            (line, column.saturating_add(x))
        } else {
            (line, column)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_follow_the_rows_that_start_them() {
        let mut map = SourceMap::default();
        map.push(3, 1, true);
        map.push(4, 1, false);
        map.push(4, 7, true);
        for y in 3..200 {
            map.push(y + 2, 1, true);
        }
        assert_eq!(map.position(2, 0), Some((3, 3)));
        assert_eq!(map.position(2, 1), Some((4, 1)));
        assert_eq!(map.position(2, 2), Some((4, 9)));
        assert_eq!(map.position(0, 3), Some((5, 1)));
        assert_eq!(map.position(5, 199), Some((201, 6)));
        assert_eq!(map.position(0, 200), None);
    }

    #[test]
    fn classic_levels_keep_no_columns() {
        let mut map = SourceMap::default();
        for y in 0..10 {
            map.push(y + 1, 1, true);
        }
        assert!(map.columns.is_empty());
        assert_eq!(map.position(4, 9), Some((10, 5)));
    }
}
