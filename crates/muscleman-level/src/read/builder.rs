//! A level being read, for the reader: its floors' rows of content ids, the
//! distinct contents they index, its players and metadata, and the
//! adding of cells, rows and floors within the limits.

use std::borrow::Cow;

use muscleman_core::{EntityRecipe, EntitySpec, GridPos};

use crate::cell::{self, Legend};
use crate::error::{Errors, ParseErrorKind as Kind};
use crate::level::ReadFloor;
use crate::limits::{MAX_CELLS, MAX_HEIGHT, MAX_METADATA, MAX_TOTAL_CELLS, MAX_WIDTH};
use crate::source::{SourceMap, UnusedLetter};

/// How many player positions an error lists.
const LISTED_PLAYERS: usize = 10;

/// A level being read.
pub(super) struct Builder<'a> {
    /// The line of the first grid row.
    pub(super) line: usize,
    /// Whether this is the collection's first level.
    pub(super) first: bool,
    /// The comments above the grid (all of them for the first level, else the last).
    pub(super) comments: Vec<&'a str>,
    /// The title from a `Title:` line, if any (`Some("")` removes it).
    pub(super) title_meta: Option<Cow<'a, str>>,
    pub(super) metadata: crate::Metadata,
    /// The legend: the letters defined above the level, then those after
    /// its `floor:` lines.
    pub(super) legend: Legend,
    /// How many errors were reported before the level began.
    pub(super) mark: usize,
    /// The floors read, below the one being read.
    pub(super) floors: Vec<ReadFloor>,
    /// Cells of the floors read.
    pub(super) cells_before: usize,
    /// The name of the floor being read.
    pub(super) name: Option<String>,
    /// The line of its `floor:` line (0 for none).
    pub(super) floor_line: usize,
    /// The rows of the floor being read.
    pub(super) rows: Vec<Vec<u8>>,
    /// Where each row was written.
    pub(super) sources: SourceMap,
    /// The distinct cell contents used so far; entry 0 is floor. Rows hold
    /// indices into it.
    pub(super) contents: Vec<Vec<EntitySpec>>,
    /// For each ASCII symbol, once used: its index in `contents`, and
    /// whether that content holds the player.
    pub(super) ids: [Option<(u8, bool)>; 128],
    /// How many cells hold each content (floor is not counted).
    pub(super) counts: [u32; 256],
    pub(super) width: usize,
    /// A limit was hit: the rest of the grid is skipped and no level is built.
    pub(super) overflow: bool,
    pub(super) players: usize,
    /// The first players' floors and cells.
    pub(super) listed: Vec<(usize, GridPos)>,
    /// Where the second player is, to report there.
    pub(super) second: Option<(usize, usize)>,
    /// The blank line just above the grid, if it ended the grid above.
    pub(super) after_blank: Option<usize>,
}

/// Return the legend letters a level defines and its grids never use, in
/// the order they were defined, each where its legend line wrote it.
pub(super) fn unused_letters(b: &Builder<'_>) -> Vec<UnusedLetter> {
    b.legend
        .entries()
        .filter(|&(letter, _, _)| {
            usize::try_from(u32::from(letter))
                .ok()
                .and_then(|i| b.ids.get(i))
                .is_some_and(Option::is_none)
        })
        .map(|(letter, line, column)| UnusedLetter {
            letter,
            line,
            column,
        })
        .collect()
}

/// One grid row being read.
#[derive(Default)]
pub(super) struct Row {
    pub(super) cells: Vec<u8>,
    /// Floor spaces after the last cell, counted but not stored (trailing
    /// spaces are not part of the grid).
    pub(super) spaces: usize,
    /// The row is wider than the limit; the rest is ignored.
    pub(super) too_wide: bool,
    /// The column where the row starts (after a `|`, say).
    pub(super) column: usize,
    /// The row starts after a `|`.
    pub(super) after_bar: bool,
    /// The row holds a symbol other than a space.
    pub(super) symbols: bool,
    /// Each cell of the row is one character of its line.
    pub(super) plain: bool,
}

/// Give a `Key: value` line to a level; return `false` if it has too many already.
pub(super) fn attach<'a>(b: &mut Builder<'a>, key: &'a str, value: Cow<'a, str>) -> bool {
    if key.eq_ignore_ascii_case("title") {
        b.title_meta = Some(value);
    } else if room_for(&b.metadata, key) {
        b.metadata.set_read(key, &value);
    } else {
        return false;
    }
    true
}

/// Whether `key` can be set without passing [`MAX_METADATA`] entries.
pub(super) fn room_for(metadata: &crate::Metadata, key: &str) -> bool {
    metadata.len() < MAX_METADATA || metadata.get(key).is_some()
}

/// Return the index in the level's contents of what a symbol stands for (a
/// fixed symbol or a legend letter), adding it on first use, and whether it
/// holds the player; `None` for an unknown symbol.
pub(super) fn symbol_id(b: &mut Builder<'_>, symbol: char) -> Option<(u8, bool)> {
    let slot = b.ids.get(usize::try_from(u32::from(symbol)).ok()?)?;
    if let Some(id) = *slot {
        return Some(id);
    }
    let cell = cell::symbol_cell(symbol).or_else(|| b.legend.get(symbol).map(|(c, _)| c))?;
    // Each content is stored once: a letter may restate a fixed symbol or
    // another letter. Floor, nine fixed symbols and 52 letters fit a byte.
    let id = match b.contents.iter().position(|c| c.as_slice() == cell) {
        Some(i) => i,
        None => {
            b.contents.push(cell.to_vec());
            b.contents.len() - 1
        }
    };
    let id = u8::try_from(id).ok()?;
    let player = cell.iter().any(|s| s.recipe == EntityRecipe::Player);
    if let Some(slot) = b.ids.get_mut(usize::try_from(u32::from(symbol)).ok()?) {
        *slot = Some((id, player));
    }
    Some((id, player))
}

/// Add `count` cells of content `id` (holding the player or not) to a row.
#[allow(clippy::too_many_arguments)]
pub(super) fn push_cells(
    b: &mut Builder<'_>,
    row: &mut Row,
    space: bool,
    (id, player): (u8, bool),
    count: usize,
    n: usize,
    column: usize,
    errors: &mut Errors,
) {
    if row.too_wide {
        return;
    }
    if space {
        row.spaces = row.spaces.saturating_add(count);
        return;
    }
    let start = row.cells.len().saturating_add(row.spaces);
    if start.saturating_add(count) > MAX_WIDTH {
        row.too_wide = true;
        errors.push(n, column, Kind::RowTooWide);
        return;
    }
    row.cells.resize(start, 0);
    row.spaces = 0;
    if let Some(c) = b.counts.get_mut(usize::from(id)) {
        // At most MAX_CELLS cells: no overflow.
        *c = c.saturating_add(u32::try_from(count).unwrap_or(u32::MAX));
    }
    if player {
        let y = b.rows.len();
        let floor = b.floors.len() + 1;
        for x in start..start + count {
            b.players += 1;
            if b.players == 2 {
                b.second = Some((n, column));
            }
            if b.listed.len() < LISTED_PLAYERS {
                b.listed.push((floor, GridPos::new(to_i32(x), to_i32(y))));
            }
        }
    }
    row.cells.resize(start + count, id);
}

/// Add a finished row to the level; return `false` if reading must stop.
pub(super) fn end_row(
    b: &mut Builder<'_>,
    row: Row,
    n: usize,
    errors: &mut Errors,
    cells_done: &mut usize,
) -> bool {
    if b.rows.len() >= MAX_HEIGHT {
        b.overflow = true;
        return errors.push(n, row.column, Kind::TooManyRows);
    }
    let width = b.width.max(row.cells.len());
    let old = b.width.saturating_mul(b.rows.len());
    let new = width.saturating_mul(b.rows.len() + 1);
    if b.cells_before.saturating_add(new) > MAX_CELLS {
        b.overflow = true;
        return errors.push(n, row.column, Kind::TooManyCells);
    }
    let total = cells_done.saturating_sub(old).saturating_add(new);
    if total > MAX_TOTAL_CELLS {
        b.overflow = true;
        errors.push(n, row.column, Kind::CollectionTooLarge);
        return false;
    }
    *cells_done = total;
    b.width = width;
    b.rows.push(row.cells);
    b.sources.push(n, row.column, row.plain);
    true
}

/// End the floor being read and begin the next, named `name`, at the
/// `floor:` line `n`.
pub(super) fn next_floor(b: &mut Builder<'_>, n: usize, name: Option<String>) {
    let floor = take_floor(b);
    b.cells_before = b
        .cells_before
        .saturating_add(floor.width.saturating_mul(floor.rows.len()));
    b.floors.push(floor);
    b.name = name;
    b.floor_line = n;
}

/// Take the floor being read, leaving an empty one.
fn take_floor(b: &mut Builder<'_>) -> ReadFloor {
    ReadFloor {
        name: b.name.take(),
        rows: std::mem::take(&mut b.rows),
        width: std::mem::take(&mut b.width),
        source: std::mem::take(&mut b.sources),
    }
}

/// Return every floor read, the last one included if it has rows.
pub(super) fn all_floors(b: &mut Builder<'_>) -> Vec<ReadFloor> {
    let last = take_floor(b);
    let mut floors = std::mem::take(&mut b.floors);
    if !last.rows.is_empty() || floors.is_empty() {
        floors.push(last);
    }
    floors
}

pub(super) fn to_i32(v: usize) -> i32 {
    i32::try_from(v).unwrap_or(i32::MAX)
}

/// Return the byte length of a metadata line's key part (the offset of the first `:`).
pub(super) fn key_len(line: &str) -> usize {
    line.find(':').unwrap_or(line.len())
}

/// Return the 1-based character column of a byte offset in a line.
pub(super) fn column_of(line: &str, byte: usize) -> usize {
    line.get(..byte).map_or(1, |s| s.chars().count() + 1)
}
