//! What the screen shows beside the game, and what it learnt when it was
//! drawn: the overlay over the board, the status line's message, colours
//! on or off, the box the mouse picked, and where the board and the level
//! list were drawn (so a click finds its cell or its level).

use std::cell::Cell;

use muscleman_core::GridPos;
use ratatui::layout::{Position, Rect};

/// What covers the board, if anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing: the game.
    None,
    /// The list of levels, with the one under the cursor.
    Browser {
        /// The 0-based level under the cursor.
        selected: usize,
    },
    /// The help: goal, rules, keys.
    Help,
    /// The level introducing itself as it opens: its title, author and
    /// comment, until a key.
    Intro,
}

/// Where the board was drawn, to read mouse clicks: the screen cell of the
/// level cell `origin`, and how many columns a cell takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardMap {
    /// The screen area the level took.
    pub x: u16,
    /// Its top row.
    pub y: u16,
    /// Its width in columns.
    pub width: u16,
    /// Its height in rows.
    pub height: u16,
    /// The level cell drawn at (`x`, `y`).
    pub origin: GridPos,
    /// Columns a cell takes (1 or 2).
    pub cell_width: u16,
}

impl BoardMap {
    /// Return the level cell drawn at a screen position, if it is on the board.
    pub fn cell_at(&self, column: u16, row: u16) -> Option<GridPos> {
        if column < self.x
            || row < self.y
            || column >= self.x.saturating_add(self.width)
            || row >= self.y.saturating_add(self.height)
        {
            return None;
        }
        let dx = i32::from((column - self.x) / self.cell_width.max(1));
        let dy = i32::from(row - self.y);
        Some(GridPos::new(
            self.origin.x.saturating_add(dx),
            self.origin.y.saturating_add(dy),
        ))
    }
}

/// The screen's state beside the game: set by keys and the game, read by
/// the drawing (`ui.rs`), and, for the mouse, written by it.
#[derive(Debug)]
pub(crate) struct Screen {
    /// Colours on (off is the plain look for `NO_COLOR`).
    pub(crate) color: bool,
    /// What covers the board.
    pub(crate) overlay: Overlay,
    /// The status line's message, until the next key.
    pub(crate) message: Option<String>,
    /// The box the mouse picked, to push to the next cell clicked.
    pub(crate) picked: Option<GridPos>,
    /// The floor looked at (`f`) when it is not the player's; any action
    /// but looking shows the player's floor again.
    pub(crate) looking: Option<u32>,
    /// Where the last draw put the board, if it showed one.
    pub(crate) board: Cell<Option<BoardMap>>,
    /// Where the level list drew its rows: screen rect and first level.
    pub(crate) list: Cell<Option<(Rect, usize)>>,
    /// Whether the last draw found the terminal too small and showed only
    /// that: then no key but quitting acts on what cannot be seen.
    pub(crate) too_small: Cell<bool>,
    /// The cell looked at (`x`, a right click), on the floor shown: a
    /// cursor on the board and a box saying what the cell holds.
    pub(crate) inspecting: Option<GridPos>,
    /// The board cell under the mouse, if it rests on the board: the status
    /// line says what it holds when it has nothing else to say.
    pub(crate) hover: Option<GridPos>,
    /// How far the help is scrolled, in rows.
    pub(crate) help_scroll: u16,
    /// How far the help can scroll: the rows it has past the window, as
    /// the last draw found them (0: it fits).
    pub(crate) help_more: Cell<u16>,
    /// How many rows a page of the help is (PageDown, Space), as the last
    /// draw found it.
    pub(crate) help_page: Cell<u16>,
    /// The player's cell flashes: the last step was refused (a `bump`),
    /// until the next key or the loop ends it a moment after drawing it.
    pub(crate) flash: bool,
    /// The terminal bell rings on a refused move (`m`; off at start).
    pub(crate) bell: bool,
    /// The bell is to ring: the loop writes it and clears this.
    pub(crate) ring: bool,
    /// Esc asked whether to quit: the next key answers (`y` or `q` quits).
    pub(crate) asking_quit: bool,
}

impl Screen {
    /// The screen of a game just opened: colours on, nothing over the board.
    pub(crate) fn new() -> Screen {
        Screen {
            color: true,
            overlay: Overlay::None,
            message: None,
            picked: None,
            looking: None,
            board: Cell::new(None),
            list: Cell::new(None),
            too_small: Cell::new(false),
            inspecting: None,
            hover: None,
            help_scroll: 0,
            help_more: Cell::new(0),
            help_page: Cell::new(1),
            flash: false,
            bell: false,
            ring: false,
            asking_quit: false,
        }
    }

    /// Return the level cell drawn at a screen position, if the board is there.
    pub(crate) fn cell_at(&self, column: u16, row: u16) -> Option<GridPos> {
        self.board.get()?.cell_at(column, row)
    }

    /// Return the level whose row of the level list is at a screen
    /// position, if the list is there (it may be past the last level).
    pub(crate) fn list_row_at(&self, column: u16, row: u16) -> Option<usize> {
        let (rect, first) = self.list.get()?;
        rect.contains(Position::new(column, row))
            .then(|| first + usize::from(row - rect.y))
    }
}
