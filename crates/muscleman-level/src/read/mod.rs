//! The reader: text to a collection, line by line, collecting every error.
//!
//! The reader is a small state machine over lines. It never recurses, and it
//! never allocates more than the limits allow: a row is cut at
//! [`MAX_WIDTH`](crate::limits::MAX_WIDTH), a level at
//! [`MAX_HEIGHT`](crate::limits::MAX_HEIGHT) rows and
//! [`MAX_CELLS`](crate::limits::MAX_CELLS) cells, and trailing floor is
//! counted, not stored. Run-length groups are expanded one run at a time as
//! the rows are built (see [`crate::rle`]), after their cost is checked
//! against [`MAX_INPUT_BYTES`]. The level being read, and the adding of its
//! cells and rows, is `builder.rs`'s.

mod builder;
mod head;
mod input;
mod typo;

pub(crate) use input::level;
use input::{too_large, utf8_errors};

use std::borrow::Cow;

use builder::{
    Builder, Row, all_floors, attach, end_row, key_len, push_cells, room_for, symbol_id,
    unused_letters,
};

use crate::cell::{self, Legend};
use crate::collection::Collection;
use crate::error::{Errors, ParseErrorKind as Kind, ParseErrors};
use crate::level::Level;
use crate::limits::{MAX_HEADER_COMMENTS, MAX_INPUT_BYTES, MAX_LEVELS, MAX_METADATA};
use crate::meta::{self, COMMENT};
use crate::rle::{self, Piece};
use crate::source::SourceMap;

/// Read bytes: check the size, then the UTF-8, then the text.
pub(crate) fn read_bytes(bytes: &[u8], single: bool) -> Result<Collection, ParseErrors> {
    read_bytes_as(bytes, single, false)
}

/// Read bytes as [`read_bytes`] does; `drafts` lets levels without a
/// player or with unpaired stairs through (for editors).
pub(crate) fn read_bytes_as(
    bytes: &[u8],
    single: bool,
    drafts: bool,
) -> Result<Collection, ParseErrors> {
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(too_large(bytes.len()));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => read_str_as(text, single, drafts),
        Err(_) => Err(utf8_errors(bytes)),
    }
}

/// Read text: check the size, then read line by line.
pub(crate) fn read_str(text: &str, single: bool) -> Result<Collection, ParseErrors> {
    read_str_as(text, single, false)
}

/// Read text as [`read_str`] does, letting drafts through when asked.
fn read_str_as(text: &str, single: bool, drafts: bool) -> Result<Collection, ParseErrors> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(too_large(text.len()));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = Reader::new(single, text.len());
    reader.drafts = drafts;
    for (i, raw) in text.split('\n').enumerate() {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        reader.line(i + 1, line);
        if reader.stopped || reader.errors.full() {
            break;
        }
    }
    reader.finish()
}

/// Where the reader stands relative to the last grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Not in a grid; metadata waits for its owner.
    Idle,
    /// Reading grid rows.
    InGrid,
    /// Just after a grid (and perhaps its metadata): metadata belongs to it.
    AfterGrid,
    /// After a `floor:` line in a level, before the floor's first row:
    /// legend lines serve the level, and rows are the new floor's.
    FloorHead,
}

/// A `Comment:` block being read.
struct Block<'a> {
    /// The line of `Comment:`.
    line: usize,
    /// The key as written there.
    key: &'a str,
    /// The lines so far, each without trailing whitespace, joined by `\n`.
    text: String,
    /// Whether a line was read.
    any: bool,
}

struct Reader<'a> {
    single: bool,
    /// Let levels without a player or with unpaired stairs through.
    drafts: bool,
    errors: Errors,
    stopped: bool,
    collection: Collection,
    phase: Phase,
    /// Comments since the last grid began.
    comments: Vec<&'a str>,
    /// Metadata not yet given to an owner: `(key, value)`.
    metadata: Vec<(&'a str, Cow<'a, str>)>,
    /// The `Comment:` block being read, if any.
    block: Option<Block<'a>>,
    /// The legend for the next grid.
    legend: Legend,
    /// A `floor:` line before a level, naming its floor 1: `(line, name)`.
    pending_floor: Option<(usize, Option<String>)>,
    /// The text line just read, if the last line was one: `(line, column, first char)`.
    text: Option<(usize, usize, char)>,
    /// The last level begun, until the next begins.
    level: Option<Builder<'a>>,
    levels_begun: usize,
    /// The number of the last line read.
    last_line: usize,
    /// A blank line that ended a grid, until the next line that is not blank.
    blank_after_grid: Option<usize>,
    /// Cells of the levels read so far, the current one included.
    cells_done: usize,
    /// The cost of the input: its length, with the groups of the lines read
    /// so far counted at their cost (see [`rle::check`]).
    spent: usize,
}

impl<'a> Reader<'a> {
    fn new(single: bool, len: usize) -> Self {
        Reader {
            single,
            drafts: false,
            errors: Errors::default(),
            stopped: false,
            collection: Collection::new(),
            phase: Phase::Idle,
            comments: Vec::new(),
            metadata: Vec::new(),
            block: None,
            legend: Legend::default(),
            pending_floor: None,
            text: None,
            level: None,
            levels_begun: 0,
            last_line: 1,
            blank_after_grid: None,
            cells_done: 0,
            spent: len,
        }
    }

    fn error(&mut self, line: usize, column: usize, kind: Kind) {
        if !self.errors.push(line, column, kind) {
            self.stopped = true;
        }
    }

    /// Read one line (without its line ending).
    fn line(&mut self, n: usize, line: &'a str) {
        self.last_line = n;
        if let Some(block) = self.block.as_mut() {
            // Inside a `Comment:` block every line is text, up to `Comment-End:`.
            if meta::is_comment_end(line) {
                if let Some(block) = self.block.take() {
                    self.metadata_line(block.line, block.key, Cow::Owned(block.text));
                }
            } else {
                if block.any {
                    block.text.push('\n');
                }
                block.any = true;
                block.text.push_str(line.trim_end());
            }
            return;
        }
        // A blank line that ended a grid, if this line comes right after it.
        let after_blank = self.blank_after_grid.take();
        let Some((column, first)) = line
            .chars()
            .enumerate()
            .find(|&(_, c)| c != ' ' && c != '\t')
            .map(|(i, c)| (i + 1, c))
        else {
            // A blank line ends a grid and hands waiting metadata to the level above.
            if self.phase == Phase::InGrid {
                self.blank_after_grid = Some(n);
            }
            self.end_grid();
            self.drop_pending_floor();
            self.flush_metadata(n);
            self.text = None;
            return;
        };
        if first == ';' {
            self.end_grid();
            self.drop_pending_floor();
            self.flush_metadata(n);
            self.text = None;
            let text = line.split_once(';').map_or("", |(_, rest)| rest).trim();
            if self.levels_begun > 0 {
                self.comments.clear();
            } else if self.comments.len() >= MAX_HEADER_COMMENTS {
                self.comments.pop();
            }
            self.comments.push(text);
            return;
        }
        let starts_with_letter = line.starts_with(|c: char| c.is_ascii_alphabetic());
        if starts_with_letter && let Some((key, value)) = line.split_once(':') {
            self.text = None;
            let key = key.trim();
            if key.eq_ignore_ascii_case("floor") {
                self.floor_line(n, value);
                return;
            }
            if typo::near_floor(key) && self.phase != Phase::Idle {
                // Said once, then read as meant: the floor's rows are no
                // new level, its stairs no unpaired ones.
                self.error(n, column, Kind::FloorMisspelled(key.to_owned()));
                self.floor_line(n, value);
                return;
            }
            let misspelled = typo::near_legend(key) && typo::defines_a_letter(value);
            if misspelled {
                // Said once, then read as meant: its letter's uses are no
                // unknown symbols besides.
                self.error(n, column, Kind::LegendMisspelled(key.to_owned()));
            }
            if misspelled || key.eq_ignore_ascii_case("legend") {
                if self.phase != Phase::FloorHead {
                    self.end_grid();
                }
                let offset = key_len(line);
                self.legend_line(n, line, offset);
                return;
            }
            if key.eq_ignore_ascii_case(COMMENT) && value.trim().is_empty() {
                // A block: one `Comment` metadata line, placed here, whose
                // value is the lines up to `Comment-End:`.
                if self.phase == Phase::InGrid {
                    self.phase = Phase::AfterGrid;
                }
                self.block = Some(Block {
                    line: n,
                    key,
                    text: String::new(),
                    any: false,
                });
                return;
            }
            self.metadata_line(n, key, Cow::Borrowed(value));
            return;
        }
        if matches!(self.phase, Phase::InGrid | Phase::FloorHead) {
            self.phase = Phase::InGrid;
            self.grid_line(n, line);
            return;
        }
        let legend = &self.legend;
        let is_row = cell::starts_row(first)
            || (cell::is_legend_letter(first) && legend.get(first).is_some());
        if !is_row {
            // Free text, like the quoted names in some collections: ignored.
            self.end_grid();
            self.drop_pending_floor();
            self.flush_metadata(n);
            self.text = Some((n, column, first));
            return;
        }
        if let Some((tl, tc, tch)) = self.text.take() {
            self.error(tl, tc, Kind::TextInGrid(tch));
        }
        self.begin_level(n, column, after_blank);
        if !self.stopped {
            self.grid_line(n, line);
        }
    }

    /// Give a `Key: value` line (line `n`) to the level it belongs to, or keep
    /// it for the level or header below.
    fn metadata_line(&mut self, n: usize, key: &'a str, value: Cow<'a, str>) {
        let accepted = match self.phase {
            Phase::InGrid | Phase::AfterGrid => {
                self.phase = Phase::AfterGrid;
                self.level.as_mut().is_none_or(|b| attach(b, key, value))
            }
            Phase::FloorHead => self.level.as_mut().is_none_or(|b| attach(b, key, value)),
            Phase::Idle if self.metadata.len() < MAX_METADATA => {
                self.metadata.push((key, value));
                true
            }
            Phase::Idle => false,
        };
        if !accepted {
            self.error(n, 1, Kind::TooMuchMetadata);
        }
    }

    /// End the grid being read, if any; the level stays open for metadata.
    /// A `floor:` line just read has no rows: an error.
    fn end_grid(&mut self) {
        if self.phase == Phase::FloorHead
            && let Some(line) = self.level.as_ref().map(|b| b.floor_line)
        {
            self.error(line, 1, Kind::FloorWithoutRows);
        }
        self.phase = Phase::Idle;
    }

    /// Give waiting metadata to the level above, or to the collection before any level.
    fn flush_metadata(&mut self, n: usize) {
        let waiting = std::mem::take(&mut self.metadata);
        let mut accepted = true;
        for (key, value) in waiting {
            accepted &= match self.level.as_mut() {
                Some(b) => attach(b, key, value),
                None if key.eq_ignore_ascii_case("title") => {
                    let value = value.trim();
                    self.collection.title = (!value.is_empty()).then(|| value.to_owned());
                    true
                }
                None => {
                    room_for(&self.collection.metadata, key) && {
                        self.collection.metadata.set_read(key, &value);
                        true
                    }
                }
            };
        }
        if !accepted {
            self.error(n, 1, Kind::TooMuchMetadata);
        }
    }

    /// Begin a level at line `n`; `after_blank`: the blank line just above,
    /// if it ended a grid.
    fn begin_level(&mut self, n: usize, column: usize, after_blank: Option<usize>) {
        self.finish_level();
        if self.levels_begun >= MAX_LEVELS {
            self.error(n, column, Kind::TooManyLevels);
            self.stopped = true;
            return;
        }
        if self.single && self.levels_begun == 1 {
            self.error(n, column, Kind::SeveralLevels);
        }
        self.levels_begun += 1;
        let (floor_line, name) = self.pending_floor.take().unwrap_or((0, None));
        let mut b = Builder {
            line: n,
            first: self.levels_begun == 1,
            comments: std::mem::take(&mut self.comments),
            title_meta: None,
            metadata: crate::Metadata::new(),
            legend: std::mem::take(&mut self.legend),
            mark: self.errors.mark(),
            floors: Vec::new(),
            cells_before: 0,
            name,
            floor_line,
            rows: Vec::new(),
            sources: SourceMap::default(),
            contents: vec![Vec::new()],
            ids: [None; 128],
            counts: [0; 256],
            width: 0,
            overflow: false,
            players: 0,
            listed: Vec::new(),
            second: None,
            after_blank,
        };
        let mut accepted = true;
        for (key, value) in std::mem::take(&mut self.metadata) {
            accepted &= attach(&mut b, key, value);
        }
        if !accepted {
            self.error(n, 1, Kind::TooMuchMetadata);
        }
        self.level = Some(b);
        self.phase = Phase::InGrid;
    }

    /// Check the open level and add it to the collection.
    fn finish_level(&mut self) {
        let Some(mut b) = self.level.take() else {
            return;
        };
        let floors = all_floors(&mut b);
        let title = match b.title_meta.as_deref() {
            Some(t) => t,
            None => b.comments.last().copied().unwrap_or(""),
        };
        if b.first {
            let header = match (&b.title_meta, b.comments.split_last()) {
                (None, Some((_, rest))) => rest,
                _ => b.comments.as_slice(),
            };
            self.collection.comments = header.iter().map(|s| (*s).to_owned()).collect();
        }
        if b.overflow {
            return;
        }
        if b.players == 0 && !self.drafts {
            let kind = match b.after_blank {
                Some(blank) => Kind::NoPlayerAfterBlank { blank },
                None => Kind::NoPlayer,
            };
            self.error(b.line, 1, kind);
        } else if b.players > 1 {
            let (line, column) = b.second.unwrap_or((b.line, 1));
            let kind = Kind::SeveralPlayers {
                count: b.players,
                positions: b.listed.clone(),
            };
            self.error(line, column, kind);
        }
        // One player here, listed first, unless that was an error.
        let player = b.listed.first().copied();
        let contents = (b.contents.as_slice(), &b.counts);
        let mut level = Level::from_floors(floors, contents, player);
        let unpaired = if self.drafts {
            Vec::new()
        } else {
            level.unpaired_stairs()
        };
        for unpaired in unpaired {
            let at = level
                .floor(unpaired.floor)
                .and_then(|f| f.source_position(unpaired.pos))
                .unwrap_or((b.line, 1));
            self.error(at.0, at.1, Kind::UnpairedStairs(unpaired));
        }
        self.errors.sort_since(b.mark);
        if !self.errors.is_empty() {
            return;
        }
        level.set_title_read(title);
        level.unused = unused_letters(&b);
        *level.metadata_mut() = b.metadata;
        self.collection.levels.push(level);
    }

    fn finish(mut self) -> Result<Collection, ParseErrors> {
        if !self.stopped {
            self.end_grid();
            self.drop_pending_floor();
            self.flush_metadata(self.last_line);
            self.finish_level();
            if let Some(line) = self.block.as_ref().map(|b| b.line) {
                // The block took the rest of the input: no "no level" on top.
                self.error(line, 1, Kind::UnclosedComment);
            } else if self.levels_begun == 0 {
                self.error(1, 1, Kind::NoLevel);
            }
        }
        if self.errors.is_empty() {
            Ok(self.collection)
        } else {
            Err(self.errors.finish())
        }
    }

    /// Read one grid line: one row, or several split by `|`; its errors are
    /// reported in column order.
    fn grid_line(&mut self, n: usize, line: &str) {
        let mark = self.errors.mark();
        self.grid_rows(n, line);
        self.errors.sort_since(mark);
    }

    /// Read the rows of a grid line, for [`Reader::grid_line`].
    fn grid_rows(&mut self, n: usize, line: &str) {
        let Some(b) = self.level.as_mut() else {
            return;
        };
        if b.overflow {
            return;
        }
        let errors = &mut self.errors;
        if line.contains('(') || line.contains(')') {
            // Groups are checked, and their cost counted, before any is expanded.
            let spent = self.spent.saturating_sub(line.len());
            match rle::check(line, n, spent, errors) {
                Ok(cost) => self.spent = spent.saturating_add(cost),
                Err(column) => {
                    errors.push(n, column, Kind::ExpansionTooLarge);
                    self.stopped = true;
                    return;
                }
            }
        }
        let mut pieces = rle::Expander::new(line, n);
        let mut row = Row {
            column: 1,
            plain: true,
            ..Row::default()
        };
        loop {
            if errors.full() {
                self.stopped = true;
                return;
            }
            // Past the width limit, the rest of the row is not read.
            let Some(piece) = pieces.next(row.too_wide, errors) else {
                break;
            };
            match piece {
                Piece::Cells {
                    symbol,
                    count,
                    column,
                    first,
                } => {
                    row.symbols |= symbol != ' ';
                    // Cell x is at column `row.column + x` while every cell
                    // is one character: no run length, no group.
                    let x = row.cells.len().saturating_add(row.spaces);
                    row.plain &= count == 1 && column == row.column.saturating_add(x);
                    let id = if symbol == '\t' {
                        if first {
                            errors.push(n, column, Kind::Tab);
                        }
                        (0, false)
                    } else if let Some(id) = symbol_id(b, symbol) {
                        id
                    } else {
                        if first {
                            errors.push(n, column, unknown(b, symbol));
                        }
                        (0, false)
                    };
                    if errors.full() {
                        self.stopped = true;
                        return;
                    }
                    push_cells(b, &mut row, symbol == ' ', id, count, n, column, errors);
                }
                Piece::Bar { column } => {
                    let next = Row {
                        column: column + 1,
                        after_bar: true,
                        plain: true,
                        ..Row::default()
                    };
                    let done = std::mem::replace(&mut row, next);
                    if !end_row(b, done, n, errors, &mut self.cells_done) {
                        self.stopped = true;
                        return;
                    }
                    if b.overflow {
                        return;
                    }
                }
            }
        }
        // A `|` that ends the line, but for spaces, starts no row.
        if (!row.after_bar || row.symbols)
            && (!end_row(b, row, n, errors, &mut self.cells_done) || errors.full())
        {
            self.stopped = true;
        }
    }
}

/// The error of a symbol no cell has: a letter whose other case the
/// legend defines is named so (letters are case-sensitive).
fn unknown(b: &Builder<'_>, symbol: char) -> Kind {
    let other = if symbol.is_ascii_lowercase() {
        symbol.to_ascii_uppercase()
    } else {
        symbol.to_ascii_lowercase()
    };
    if symbol.is_ascii_alphabetic() && b.legend.get(other).is_some() {
        Kind::LetterCase {
            letter: symbol,
            defined: other,
        }
    } else {
        Kind::UnknownSymbol(symbol)
    }
}
