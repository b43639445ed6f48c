//! A level's grid: one byte per cell, an index into a small table of the
//! level's distinct cell contents.
//!
//! A cell's content is a canonical (sorted) list of [`EntitySpec`]s. A level
//! holds few distinct contents: the printer writes every content without a
//! fixed symbol as a legend letter, so a level holds at most
//! [`MAX_LEGEND_CELLS`] of those, plus the ten fixed-symbol contents (floor
//! included). Each content is stored once, in the table, with the number of
//! cells that hold it; a cell is the table index of its content. Entries
//! whose count falls to zero are reused. Nothing iterates the table in a way
//! that shows: cells are read in row order, and equality and hashing go by
//! content, so two grids with the same cells are equal whatever their
//! tables look like.

use std::hash::{Hash, Hasher};

use muscleman_core::EntitySpec;

use crate::cell;

/// Most distinct cell contents without a fixed symbol a level can hold: one
/// per legend letter (`a`-`z`, `A`-`Z`).
pub const MAX_LEGEND_CELLS: usize = 52;

/// One distinct content.
#[derive(Clone, Debug)]
struct Entry {
    /// The specs, in canonical order.
    specs: Box<[EntitySpec]>,
    /// How many cells hold it.
    count: u32,
    /// The fixed symbol that prints it, if any.
    symbol: Option<char>,
}

impl Entry {
    fn new(specs: &[EntitySpec]) -> Entry {
        Entry {
            specs: specs.into(),
            count: 0,
            symbol: cell::cell_symbol(specs),
        }
    }
}

/// The cells of a level, row by row.
#[derive(Clone, Debug)]
pub(crate) struct Cells {
    /// Per cell, the index of its content in `table`.
    ids: Vec<u8>,
    /// The distinct contents; entry 0 is floor (the empty list).
    table: Vec<Entry>,
}

/// A grid would hold more than [`MAX_LEGEND_CELLS`] contents without a fixed symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TooManyLegendCells;

impl Cells {
    /// Make `n` floor cells.
    pub(crate) fn new(n: usize) -> Cells {
        let mut floor = Entry::new(&[]);
        floor.count = u32::try_from(n).unwrap_or(u32::MAX);
        Cells {
            ids: vec![0; n],
            table: vec![floor],
        }
    }

    /// Add `n` floor cells at the end (a new floor).
    pub(crate) fn extend(&mut self, n: usize) {
        self.ids.resize(self.ids.len().saturating_add(n), 0);
        if let Some(floor) = self.table.first_mut() {
            floor.count = floor
                .count
                .saturating_add(u32::try_from(n).unwrap_or(u32::MAX));
        }
    }

    /// Make cells from ids into `contents` (canonical lists, distinct, at
    /// most [`MAX_LEGEND_CELLS`] without a fixed symbol; entry 0 floor), as
    /// the reader builds them, with how many cells hold each content but
    /// floor (`counts[0]` is ignored: floor is what is left).
    pub(crate) fn from_parts(
        ids: Vec<u8>,
        contents: &[Vec<EntitySpec>],
        counts: &[u32; 256],
    ) -> Cells {
        let mut table: Vec<Entry> = contents.iter().map(|c| Entry::new(c)).collect();
        if table.is_empty() {
            table.push(Entry::new(&[]));
        }
        let mut rest = u32::try_from(ids.len()).unwrap_or(u32::MAX);
        for (e, &count) in table.iter_mut().zip(counts).skip(1) {
            e.count = count;
            rest = rest.saturating_sub(count);
        }
        if let Some(floor) = table.first_mut() {
            floor.count = rest;
        }
        Cells { ids, table }
    }

    /// Return the content of cell `i`; empty outside.
    pub(crate) fn get(&self, i: usize) -> &[EntitySpec] {
        self.ids.get(i).map_or(&[], |&id| self.content(id))
    }

    /// Return the content of a table entry.
    pub(crate) fn content(&self, id: u8) -> &[EntitySpec] {
        self.table.get(usize::from(id)).map_or(&[], |e| &e.specs)
    }

    /// Return the fixed symbol of a table entry, if it has one.
    pub(crate) fn symbol(&self, id: u8) -> Option<char> {
        self.table.get(usize::from(id)).and_then(|e| e.symbol)
    }

    /// Return the number of table entries (ids are below it).
    pub(crate) fn table_len(&self) -> usize {
        self.table.len()
    }

    /// Return the ids of the cells, row by row.
    pub(crate) fn ids(&self) -> &[u8] {
        &self.ids
    }

    /// Return each content some cell holds, with how many cells hold it, in
    /// canonical order (of the lists of specs), whatever the table's order.
    pub(crate) fn distinct(&self) -> Vec<(&[EntitySpec], usize)> {
        let mut all: Vec<(&[EntitySpec], usize)> = self
            .table
            .iter()
            .filter(|e| e.count > 0)
            .map(|e| (&*e.specs, e.count as usize))
            .collect();
        all.sort_unstable();
        all
    }

    /// Return how many contents without a fixed symbol the cells hold.
    fn legend_cells(&self) -> usize {
        self.table
            .iter()
            .filter(|e| e.count > 0 && e.symbol.is_none())
            .count()
    }

    /// Set cell `i` to `specs` (canonical), or refuse if that would make
    /// more than [`MAX_LEGEND_CELLS`] contents without a fixed symbol.
    pub(crate) fn set(&mut self, i: usize, specs: &[EntitySpec]) -> Result<(), TooManyLegendCells> {
        let Some(&old) = self.ids.get(i) else {
            return Ok(());
        };
        let found = self
            .table
            .iter()
            .position(|e| *e.specs == *specs)
            .and_then(|p| u8::try_from(p).ok());
        if found == Some(old) {
            return Ok(());
        }
        let live = |id: Option<u8>| {
            id.and_then(|id| self.table.get(usize::from(id)))
                .is_some_and(|e| e.count > 0)
        };
        if cell::cell_symbol(specs).is_none() && !live(found) {
            let freed = self
                .table
                .get(usize::from(old))
                .is_some_and(|e| e.count == 1 && e.symbol.is_none());
            if self.legend_cells() >= MAX_LEGEND_CELLS && !freed {
                return Err(TooManyLegendCells);
            }
        }
        let new = match found {
            Some(id) => id,
            None => {
                // Reuse an entry no cell holds (never floor's), or add one.
                let free = self
                    .table
                    .iter()
                    .skip(1)
                    .position(|e| e.count == 0)
                    .map(|p| p + 1);
                let slot = free.unwrap_or(self.table.len());
                if slot == self.table.len() {
                    self.table.push(Entry::new(specs));
                } else if let Some(e) = self.table.get_mut(slot) {
                    *e = Entry::new(specs);
                }
                // At most 10 fixed contents and 52 legend ones are live, and
                // dead entries are reused, so the table stays below 64 entries.
                u8::try_from(slot).unwrap_or(u8::MAX)
            }
        };
        if let Some(e) = self.table.get_mut(usize::from(old)) {
            e.count = e.count.saturating_sub(1);
        }
        if let Some(e) = self.table.get_mut(usize::from(new)) {
            e.count = e.count.saturating_add(1);
        }
        if let Some(c) = self.ids.get_mut(i) {
            *c = new;
        }
        Ok(())
    }
}

impl PartialEq for Cells {
    fn eq(&self, other: &Cells) -> bool {
        if self.ids.len() != other.ids.len() {
            return false;
        }
        // Entries are distinct within a table, so each of ours matches at
        // most one of theirs: compare ids through that map.
        let map: Vec<Option<u8>> = self
            .table
            .iter()
            .map(|e| {
                other
                    .table
                    .iter()
                    .position(|o| o.specs == e.specs)
                    .and_then(|p| u8::try_from(p).ok())
            })
            .collect();
        self.ids
            .iter()
            .zip(&other.ids)
            .all(|(&a, &b)| map.get(usize::from(a)).copied().flatten() == Some(b))
    }
}

impl Eq for Cells {}

impl Hash for Cells {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.ids.len().hash(state);
        for &id in &self.ids {
            self.content(id).hash(state);
        }
    }
}

#[cfg(test)]
mod tests {
    use muscleman_core::EntityRecipe as R;

    use super::*;

    fn cell(recipes: &[R]) -> Vec<EntitySpec> {
        recipes.iter().map(|&r| EntitySpec::new(r)).collect()
    }

    #[test]
    fn equal_cells_with_different_tables_are_equal() {
        let mut a = Cells::new(3);
        let mut b = Cells::new(3);
        assert_eq!(a.set(0, &cell(&[R::Box])), Ok(()));
        assert_eq!(a.set(1, &cell(&[R::Goal])), Ok(()));
        assert_eq!(b.set(1, &cell(&[R::Goal])), Ok(()));
        assert_eq!(b.set(0, &cell(&[R::Box])), Ok(()));
        assert_eq!(a, b);
        assert_eq!(b.set(2, &cell(&[R::Goal])), Ok(()));
        assert_ne!(a, b);
    }

    #[test]
    fn freed_entries_are_reused() {
        let mut a = Cells::new(1);
        for r in [R::Apple, R::Pear, R::Cheese, R::Coin, R::Apple] {
            assert_eq!(a.set(0, &cell(&[r])), Ok(()));
        }
        // Floor, the live entry and at most one dead one.
        assert!(a.table_len() <= 3);
        assert_eq!(a.get(0), cell(&[R::Apple]).as_slice());
    }
}
