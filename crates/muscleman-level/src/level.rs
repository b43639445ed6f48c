//! One level: metadata and a grid of cells, each a canonical list of recipes.

use std::fmt;

use muscleman_core::{EntityRecipe, GridPos};

use crate::cell::{self, Clash, Mask};
use crate::error::{LevelError, MetadataError, ParseErrors};
use crate::limits::{MAX_CELLS, MAX_HEIGHT, MAX_WIDTH};
use crate::meta::{Metadata, check_text};
use crate::{print, read};

/// One level: a title, free metadata and a width × height grid of cells.
///
/// Each cell holds a list of [`EntityRecipe`]s in canonical order (the order
/// of the enum's `Ord`), so two levels with the same content compare equal
/// however they were built. A cell holds at most one solid thing (player,
/// wall, weak wall, box or heavy box), on any of water and goal, and a level
/// holds at most one player; only the recipes in
/// [`SUPPORTED_RECIPES`](crate::SUPPORTED_RECIPES) can be added, so every
/// level can be printed.
///
/// `(0, 0)` is the first character of the level's first row; `y` grows down.
///
/// # Example
/// ```
/// use muscleman_core::{EntityRecipe, GridPos};
/// use muscleman_level::Level;
///
/// let level = Level::parse("; Tiny\n#####\n#@$.#\n#####\n")?;
/// assert_eq!((level.width(), level.height()), (5, 3));
/// assert_eq!(level.title(), Some("Tiny"));
/// assert_eq!(level.player(), Some(GridPos::new(1, 1)));
/// assert_eq!(level.cell(GridPos::new(2, 1)), &[EntityRecipe::Box]);
///
/// let mut copy = level.clone();
/// copy.add(GridPos::new(3, 1), EntityRecipe::WaterCell)?;
/// assert_eq!(copy.cell(GridPos::new(3, 1)), &[EntityRecipe::WaterCell, EntityRecipe::Goal]);
/// assert_eq!(Level::parse(&copy.to_text())?, copy);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Level {
    title: Option<String>,
    metadata: Metadata,
    width: usize,
    height: usize,
    cells: Vec<Mask>,
    player: Option<GridPos>,
}

impl Level {
    /// Make an empty level of `width` × `height` floor cells.
    ///
    /// Sizes beyond [`MAX_WIDTH`], [`MAX_HEIGHT`] or [`MAX_CELLS`] are refused.
    pub fn new(width: usize, height: usize) -> Result<Level, LevelError> {
        let too_large = LevelError::TooLarge { width, height };
        if width > MAX_WIDTH || height > MAX_HEIGHT {
            return Err(too_large);
        }
        let cells = width.checked_mul(height).ok_or(too_large)?;
        if cells > MAX_CELLS {
            return Err(too_large);
        }
        Ok(Level {
            title: None,
            metadata: Metadata::new(),
            width,
            height,
            cells: vec![0; cells],
            player: None,
        })
    }

    /// Build a level from rows the reader checked (sizes within the limits,
    /// at most one player, valid cells).
    pub(crate) fn from_rows(rows: &[Vec<Mask>], width: usize) -> Level {
        let height = rows.len();
        let mut cells = Vec::with_capacity(width.saturating_mul(height));
        let mut player = None;
        for (y, row) in rows.iter().enumerate() {
            for (x, &m) in row.iter().enumerate() {
                if m & cell::PLAYER != 0 {
                    player = Some(pos_of(x, y));
                }
            }
            cells.extend_from_slice(row);
            cells.resize(cells.len() + width.saturating_sub(row.len()), 0);
        }
        Level {
            title: None,
            metadata: Metadata::new(),
            width,
            height,
            cells,
            player,
        }
    }

    /// Read exactly one level from text.
    ///
    /// The text may hold comments and metadata around the level, as a
    /// collection file does; metadata of the file's header goes to the level
    /// when the level does not set the same key. Every error is reported.
    ///
    /// # Example
    /// ```
    /// use muscleman_level::Level;
    ///
    /// let level = Level::parse("####\n#@.#\n####\n")?;
    /// assert_eq!(level.to_text(), "####\n#@.#\n####\n");
    /// assert!(Level::parse("####\n#..#\n####\n").is_err()); // no player
    /// # Ok::<(), muscleman_level::ParseErrors>(())
    /// ```
    pub fn parse(text: &str) -> Result<Level, ParseErrors> {
        read::level(read::read_str(text, true))
    }

    /// Read exactly one level from bytes, reporting invalid UTF-8 as an error.
    pub fn parse_bytes(bytes: &[u8]) -> Result<Level, ParseErrors> {
        read::level(read::read_bytes(bytes, true))
    }

    /// Return the width, in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Return the height, in cells.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Return whether `pos` is inside the level.
    pub fn contains(&self, pos: GridPos) -> bool {
        self.index(pos).is_some()
    }

    fn index(&self, pos: GridPos) -> Option<usize> {
        let x = usize::try_from(pos.x).ok().filter(|&x| x < self.width)?;
        let y = usize::try_from(pos.y).ok().filter(|&y| y < self.height)?;
        Some(y * self.width + x)
    }

    fn mask(&self, pos: GridPos) -> Mask {
        self.index(pos)
            .and_then(|i| self.cells.get(i))
            .copied()
            .unwrap_or(0)
    }

    /// Return the recipes at `pos`, in canonical order; empty outside the level.
    pub fn cell(&self, pos: GridPos) -> &[EntityRecipe] {
        cell::recipes(self.mask(pos))
    }

    /// Return whether the cell at `pos` holds `recipe`.
    pub fn has(&self, pos: GridPos, recipe: EntityRecipe) -> bool {
        cell::has(self.mask(pos), recipe)
    }

    /// Add `recipe` to the cell at `pos`.
    ///
    /// Refused, changing nothing, when `pos` is outside, the recipe has no
    /// symbol in the format, the cell already holds it, it is solid and the
    /// cell already holds a solid thing, or it is a second player.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{EntityRecipe, GridPos};
    /// use muscleman_level::{Level, LevelError};
    ///
    /// let mut level = Level::new(3, 1)?;
    /// let p = GridPos::new(1, 0);
    /// level.add(p, EntityRecipe::Goal)?;
    /// level.add(p, EntityRecipe::HeavyBox)?;
    /// assert_eq!(level.cell(p), &[EntityRecipe::HeavyBox, EntityRecipe::Goal]);
    /// assert!(matches!(level.add(p, EntityRecipe::Box), Err(LevelError::Occupied { .. })));
    /// assert_eq!(level.add(p, EntityRecipe::Duck), Err(LevelError::Unsupported(EntityRecipe::Duck)));
    /// # Ok::<(), LevelError>(())
    /// ```
    pub fn add(&mut self, pos: GridPos, recipe: EntityRecipe) -> Result<(), LevelError> {
        let i = self.index(pos).ok_or(LevelError::OutOfBounds(pos))?;
        let old = self
            .cells
            .get(i)
            .copied()
            .ok_or(LevelError::OutOfBounds(pos))?;
        let new = cell::with(old, recipe).map_err(|clash| match clash {
            Clash::Unsupported => LevelError::Unsupported(recipe),
            Clash::Duplicate => LevelError::Duplicate { pos, recipe },
            Clash::Solid(present) => LevelError::Occupied {
                pos,
                present,
                recipe,
            },
        })?;
        if recipe == EntityRecipe::Player {
            if let Some(first) = self.player {
                return Err(LevelError::SecondPlayer(first));
            }
            self.player = Some(pos);
        }
        if let Some(c) = self.cells.get_mut(i) {
            *c = new;
        }
        Ok(())
    }

    /// Remove `recipe` from the cell at `pos`; return whether it was there.
    pub fn remove(&mut self, pos: GridPos, recipe: EntityRecipe) -> bool {
        let Some(b) = cell::bit(recipe) else {
            return false;
        };
        let Some(c) = self.index(pos).and_then(|i| self.cells.get_mut(i)) else {
            return false;
        };
        if *c & b == 0 {
            return false;
        }
        *c &= !b;
        if recipe == EntityRecipe::Player {
            self.player = None;
        }
        true
    }

    /// Iterate over every cell, row by row, as `(position, recipes)`.
    pub fn iter(&self) -> impl Iterator<Item = (GridPos, &[EntityRecipe])> + '_ {
        let width = self.width.max(1);
        self.cells
            .iter()
            .enumerate()
            .map(move |(i, &m)| (pos_of(i % width, i / width), cell::recipes(m)))
    }

    /// Iterate over every entity, row by row and in canonical order within a cell.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{EntityRecipe, GridPos};
    /// use muscleman_level::Level;
    ///
    /// let level = Level::parse("#+$")?;
    /// let all: Vec<_> = level.entities().collect();
    /// assert_eq!(all, [
    ///     (GridPos::new(0, 0), EntityRecipe::WallStrong),
    ///     (GridPos::new(1, 0), EntityRecipe::Player),
    ///     (GridPos::new(1, 0), EntityRecipe::Goal),
    ///     (GridPos::new(2, 0), EntityRecipe::Box),
    /// ]);
    /// # Ok::<(), muscleman_level::ParseErrors>(())
    /// ```
    pub fn entities(&self) -> impl Iterator<Item = (GridPos, EntityRecipe)> + '_ {
        self.iter()
            .flat_map(|(pos, list)| list.iter().map(move |&r| (pos, r)))
    }

    /// Iterate over the positions of the cells holding `recipe`, row by row.
    pub fn positions_of(&self, recipe: EntityRecipe) -> impl Iterator<Item = GridPos> + '_ {
        let b = cell::bit(recipe).unwrap_or(0);
        self.iter_masks()
            .filter(move |(_, m)| b != 0 && m & b != 0)
            .map(|(pos, _)| pos)
    }

    /// Return the player's position, if the level has a player.
    pub fn player(&self) -> Option<GridPos> {
        self.player
    }

    /// Return the title, if any.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// Set the title (trimmed); an empty title removes it.
    pub fn set_title(&mut self, title: &str) -> Result<(), MetadataError> {
        let title = check_text(title)?;
        self.set_title_read(title);
        Ok(())
    }

    pub(crate) fn set_title_read(&mut self, title: &str) {
        let title = title.trim();
        self.title = (!title.is_empty()).then(|| title.to_owned());
    }

    /// Return the `Author` metadata, if any.
    pub fn author(&self) -> Option<&str> {
        self.metadata.get("author")
    }

    /// Return the free `Key: value` metadata.
    pub fn metadata(&self) -> &Metadata {
        &self.metadata
    }

    /// Return the free `Key: value` metadata, to change it.
    pub fn metadata_mut(&mut self) -> &mut Metadata {
        &mut self.metadata
    }

    /// Print the level in the level text format (see the crate docs).
    ///
    /// A level read from plain XSB prints as the same XSB, with floor as
    /// spaces and trailing spaces trimmed. Reading the text back gives an
    /// equal level, for every level that has exactly one player.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        print::level(&mut out, self);
        out
    }

    /// Iterate over the cells' masks, row by row.
    pub(crate) fn iter_masks(&self) -> impl Iterator<Item = (GridPos, Mask)> + '_ {
        let width = self.width.max(1);
        self.cells
            .iter()
            .enumerate()
            .map(move |(i, &m)| (pos_of(i % width, i / width), m))
    }

    /// Return the rows of masks.
    pub(crate) fn rows(&self) -> impl Iterator<Item = &[Mask]> + '_ {
        let w = self.width;
        (0..self.height).map(move |y| {
            self.cells
                .get(y.saturating_mul(w)..y.saturating_add(1).saturating_mul(w))
                .unwrap_or(&[])
        })
    }
}

/// Make a position from in-bounds indices (below the size limits, so they fit `i32`).
fn pos_of(x: usize, y: usize) -> GridPos {
    GridPos::new(
        i32::try_from(x).unwrap_or(i32::MAX),
        i32::try_from(y).unwrap_or(i32::MAX),
    )
}

impl std::str::FromStr for Level {
    type Err = ParseErrors;

    fn from_str(text: &str) -> Result<Self, ParseErrors> {
        Level::parse(text)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl fmt::Debug for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut grid = String::new();
        print::grid(&mut grid, self);
        f.debug_struct("Level")
            .field("title", &self.title)
            .field("metadata", &self.metadata)
            .field("width", &self.width)
            .field("height", &self.height)
            .field("grid", &grid)
            .finish()
    }
}
