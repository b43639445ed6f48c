//! One level: metadata and a grid of cells, each a canonical list of entity specs.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use muscleman_core::{EntityRecipe, EntitySpec, GridPos};

use crate::cells::{Cells, TooManyLegendCells};
use crate::error::{LevelError, MetadataError};
use crate::limits::{MAX_CELLS, MAX_HEIGHT, MAX_WIDTH};
use crate::meta::{Metadata, check_text};
use crate::rules::{self, Broken};
use crate::source::SourceMap;

/// One level: a title, free metadata and a width × height grid of cells.
///
/// Each cell holds a list of [`EntitySpec`]s (a recipe, its state and, for a
/// box, its contents) in canonical order (the specs' `Ord`), so two levels
/// with the same content compare equal however they were built, and
/// wherever they were read from. Every level keeps the load rules of
/// rules.md §6 (see [`Level::add`]) and holds at most [`MAX_LEGEND_CELLS`](crate::MAX_LEGEND_CELLS)
/// distinct cells without a fixed symbol, so every level can be printed.
///
/// `(0, 0)` is the first character of the level's first row; `y` grows down.
///
/// A cell costs one byte: it is an index into a small table of the level's
/// distinct cell contents.
///
/// # Example
/// ```
/// use muscleman_core::{EntityRecipe, EntitySpec, GridPos};
/// use muscleman_level::Level;
///
/// let level = Level::parse("; Tiny\n#####\n#@$.#\n#####\n")?;
/// assert_eq!((level.width(), level.height()), (5, 3));
/// assert_eq!(level.title(), Some("Tiny"));
/// assert_eq!(level.player(), Some(GridPos::new(1, 1)));
/// assert_eq!(level.cell(GridPos::new(2, 1)), &[EntitySpec::new(EntityRecipe::Box)]);
///
/// let mut copy = level.clone();
/// copy.add(GridPos::new(3, 1), EntityRecipe::Coin)?;
/// assert!(copy.has(GridPos::new(3, 1), EntityRecipe::Goal));
/// assert_eq!(Level::parse(&copy.to_text())?, copy);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Level {
    title: Option<String>,
    metadata: Metadata,
    width: usize,
    height: usize,
    cells: Cells,
    player: Option<GridPos>,
    /// Where each row was read from, for levels read from text.
    source: Option<Arc<SourceMap>>,
}

impl PartialEq for Level {
    fn eq(&self, other: &Level) -> bool {
        self.title == other.title
            && self.metadata == other.metadata
            && self.width == other.width
            && self.height == other.height
            && self.player == other.player
            && self.cells == other.cells
    }
}

impl Eq for Level {}

impl Hash for Level {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.title.hash(state);
        self.metadata.hash(state);
        self.width.hash(state);
        self.height.hash(state);
        self.player.hash(state);
        self.cells.hash(state);
    }
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
            cells: Cells::new(cells),
            player: None,
            source: None,
        })
    }

    /// Build a level from what the reader checked: rows of ids into
    /// `contents` (sizes within the limits, valid cells, entry 0 floor),
    /// how many cells hold each content, the one player's position, and
    /// where each row was written.
    pub(crate) fn from_rows(
        rows: Vec<Vec<u8>>,
        width: usize,
        (contents, counts): (&[Vec<EntitySpec>], &[u32; 256]),
        player: Option<GridPos>,
        source: SourceMap,
    ) -> Level {
        let height = rows.len();
        let mut ids = Vec::with_capacity(width.saturating_mul(height));
        for row in rows {
            ids.extend_from_slice(&row);
            ids.resize(ids.len() + width.saturating_sub(row.len()), 0);
        }
        Level {
            title: None,
            metadata: Metadata::new(),
            width,
            height,
            cells: Cells::from_parts(ids, contents, counts),
            player,
            source: Some(Arc::new(source)),
        }
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

    /// Return the specs at `pos`, in canonical order; empty outside the level.
    pub fn cell(&self, pos: GridPos) -> &[EntitySpec] {
        self.index(pos).map_or(&[], |i| self.cells.get(i))
    }

    /// Return whether the cell at `pos` holds `recipe`, in any state.
    pub fn has(&self, pos: GridPos, recipe: EntityRecipe) -> bool {
        self.cell(pos).iter().any(|s| s.recipe == recipe)
    }

    /// Add `spec` (a recipe, or a recipe with a state or contents) to the
    /// cell at `pos`.
    ///
    /// Refused, changing nothing, when `pos` is outside, when the cell
    /// would break a load rule of rules.md §6 (one blocker, nothing on
    /// water that must stay dry, a closed door alone, an open door with only what
    /// stands in a doorway, a heavy box on water only if the water is
    /// filled, a sunk heavy box only on water, box contents, no duplicate;
    /// each has its [`LevelError`]), when it is a second player, or when the
    /// level would hold more than [`MAX_LEGEND_CELLS`](crate::MAX_LEGEND_CELLS) distinct cells
    /// without a fixed symbol. So add water before a sunk heavy box, and a
    /// sunk heavy box before a heavy box on it; [`Level::set_cell`] sets a
    /// whole cell at once.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{EntityRecipe, EntitySpec, GridPos, RecipeState};
    /// use muscleman_level::{Level, LevelError};
    ///
    /// let mut level = Level::new(3, 1)?;
    /// let p = GridPos::new(1, 0);
    /// level.add(p, EntityRecipe::WaterCell)?;
    /// assert_eq!(level.add(p, EntityRecipe::HeavyBox), Err(LevelError::HeavyBoxOnWater { pos: p }));
    /// let sunk = EntitySpec::new(EntityRecipe::HeavyBox).with_state(RecipeState::Sunk);
    /// level.add(p, sunk)?;
    /// level.add(p, EntityRecipe::Box)?;
    /// assert_eq!(level.cell(p), &[EntityRecipe::WaterCell.into(), EntityRecipe::Box.into(), sunk]);
    /// assert!(matches!(level.add(p, EntityRecipe::Player), Err(LevelError::Occupied { .. })));
    /// assert_eq!(level.add(p, EntityRecipe::Duck), Err(LevelError::Unsupported(EntityRecipe::Duck)));
    /// # Ok::<(), LevelError>(())
    /// ```
    pub fn add(&mut self, pos: GridPos, spec: impl Into<EntitySpec>) -> Result<(), LevelError> {
        let spec = spec.into();
        let i = self.index(pos).ok_or(LevelError::OutOfBounds(pos))?;
        rules::check_spec(&spec).map_err(|(b, _)| b.at(pos))?;
        let old = self.cells.get(i);
        for present in old {
            if let Some(b) = rules::conflict(present, &spec) {
                return Err(b.at(pos));
            }
        }
        let mut new = Vec::with_capacity(old.len() + 1);
        new.extend_from_slice(old);
        new.push(spec);
        new.sort_unstable();
        rules::check_whole(&new).map_err(|(b, _)| b.at(pos))?;
        self.put(pos, i, &new)
    }

    /// Replace the cell at `pos` by `specs` (in any order), checked as a
    /// whole against the rules of [`Level::add`].
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{EntityRecipe, EntitySpec, GridPos, RecipeState};
    /// use muscleman_level::Level;
    ///
    /// let mut level = Level::new(1, 1)?;
    /// let sunk = EntitySpec::new(EntityRecipe::HeavyBox).with_state(RecipeState::Sunk);
    /// let heavy = EntitySpec::new(EntityRecipe::HeavyBox);
    /// level.set_cell(GridPos::ZERO, [heavy, sunk, EntityRecipe::WaterCell.into()])?;
    /// assert_eq!(level.cell(GridPos::ZERO), &[EntityRecipe::WaterCell.into(), heavy, sunk]);
    /// # Ok::<(), muscleman_level::LevelError>(())
    /// ```
    pub fn set_cell<S: Into<EntitySpec>>(
        &mut self,
        pos: GridPos,
        specs: impl IntoIterator<Item = S>,
    ) -> Result<(), LevelError> {
        let i = self.index(pos).ok_or(LevelError::OutOfBounds(pos))?;
        let mut new: Vec<EntitySpec> = specs.into_iter().map(Into::into).collect();
        rules::check_cell(&new).map_err(|(b, _)| b.at(pos))?;
        new.sort_unstable();
        self.put(pos, i, &new)
    }

    /// Remove `spec` from the cell at `pos`; return whether it was there.
    ///
    /// Refused, changing nothing, when what is left breaks a rule (water
    /// taken from under a sunk heavy box, a sunk heavy box from under a
    /// heavy box) or would be a distinct cell past [`MAX_LEGEND_CELLS`](crate::MAX_LEGEND_CELLS).
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{EntityRecipe, GridPos};
    /// use muscleman_level::Level;
    ///
    /// let mut level = Level::parse("+")?;
    /// assert_eq!(level.remove(GridPos::ZERO, EntityRecipe::Player), Ok(true));
    /// assert_eq!(level.remove(GridPos::ZERO, EntityRecipe::Player), Ok(false));
    /// assert_eq!(level.player(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remove(
        &mut self,
        pos: GridPos,
        spec: impl Into<EntitySpec>,
    ) -> Result<bool, LevelError> {
        let spec = spec.into();
        let Some(i) = self.index(pos) else {
            return Ok(false);
        };
        let old = self.cells.get(i);
        if !old.contains(&spec) {
            return Ok(false);
        }
        let new: Vec<EntitySpec> = old.iter().copied().filter(|s| *s != spec).collect();
        rules::check_whole(&new).map_err(|(b, _)| b.at(pos))?;
        self.put(pos, i, &new)?;
        Ok(true)
    }

    /// Set cell `i` (at `pos`) to a checked canonical list, keeping the
    /// player and legend limits.
    fn put(&mut self, pos: GridPos, i: usize, new: &[EntitySpec]) -> Result<(), LevelError> {
        let is_player = |s: &EntitySpec| s.recipe == EntityRecipe::Player;
        let had_player = self.cells.get(i).iter().any(is_player);
        let has_player = new.iter().any(is_player);
        if has_player
            && !had_player
            && let Some(first) = self.player
        {
            return Err(LevelError::SecondPlayer(first));
        }
        self.cells
            .set(i, new)
            .map_err(|TooManyLegendCells| LevelError::TooManyLegendCells { pos })?;
        if has_player {
            self.player = Some(pos);
        } else if had_player {
            self.player = None;
        }
        Ok(())
    }

    /// Iterate over every cell, row by row, as `(position, specs)`.
    pub fn iter(&self) -> impl Iterator<Item = (GridPos, &[EntitySpec])> + '_ {
        let width = self.width.max(1);
        self.cells
            .ids()
            .iter()
            .enumerate()
            .map(move |(i, &id)| (pos_of(i % width, i / width), self.cells.content(id)))
    }

    /// Iterate over every entity, row by row and in canonical order within a cell.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{EntityRecipe, GridPos};
    /// use muscleman_level::Level;
    ///
    /// let level = Level::parse("#+$")?;
    /// let all: Vec<_> = level.entities().map(|(at, spec)| (at, spec.recipe)).collect();
    /// assert_eq!(all, [
    ///     (GridPos::new(0, 0), EntityRecipe::WallStrong),
    ///     (GridPos::new(1, 0), EntityRecipe::Player),
    ///     (GridPos::new(1, 0), EntityRecipe::Goal),
    ///     (GridPos::new(2, 0), EntityRecipe::Box),
    /// ]);
    /// # Ok::<(), muscleman_level::ParseErrors>(())
    /// ```
    pub fn entities(&self) -> impl Iterator<Item = (GridPos, EntitySpec)> + '_ {
        self.iter()
            .flat_map(|(pos, list)| list.iter().map(move |&s| (pos, s)))
    }

    /// Iterate over the level's distinct cell contents, floor included, each
    /// with how many cells hold it, in canonical order (of the lists).
    ///
    /// A level holds few distinct contents (at most 62), so this answers
    /// questions about the whole level (how many entities, does anything
    /// have a state) without visiting every cell.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{EntityRecipe, EntitySpec};
    /// use muscleman_level::Level;
    ///
    /// let level = Level::parse("####\n#@$#\n####")?;
    /// let all: Vec<_> = level.distinct_cells().collect();
    /// let wall = EntitySpec::new(EntityRecipe::WallStrong);
    /// assert_eq!(all.len(), 3);
    /// assert!(all.contains(&(&[wall][..], 10)));
    /// let entities: usize = level.distinct_cells().map(|(cell, n)| cell.len() * n).sum();
    /// assert_eq!(entities, level.entities().count());
    /// # Ok::<(), muscleman_level::ParseErrors>(())
    /// ```
    pub fn distinct_cells(&self) -> impl Iterator<Item = (&[EntitySpec], usize)> + '_ {
        self.cells.distinct().into_iter()
    }

    /// Iterate over the positions of the cells holding `recipe` (in any
    /// state), row by row.
    pub fn positions_of(&self, recipe: EntityRecipe) -> impl Iterator<Item = GridPos> + '_ {
        let holds: Vec<bool> = (0..self.cells.table_len())
            .map(|id| {
                u8::try_from(id)
                    .is_ok_and(|id| self.cells.content(id).iter().any(|s| s.recipe == recipe))
            })
            .collect();
        let width = self.width.max(1);
        self.cells
            .ids()
            .iter()
            .enumerate()
            .filter(move |&(_, &id)| holds.get(usize::from(id)) == Some(&true))
            .map(move |(i, _)| pos_of(i % width, i / width))
    }

    /// Return where the cell at `pos` was written in the text the level was
    /// read from, as a 1-based `(line, column)`; `None` for a level not read
    /// from text or a position outside it.
    ///
    /// For a row written with run lengths or groups, the column is the
    /// row's first. A front end uses it to report a problem found after
    /// reading (the sim refusing a recipe, say) where the level says it.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::GridPos;
    /// use muscleman_level::Level;
    ///
    /// let level = Level::parse("; T\n####\n#@.#|3#")?;
    /// assert_eq!(level.source_position(GridPos::new(2, 1)), Some((3, 3)));
    /// assert_eq!(level.source_position(GridPos::new(2, 2)), Some((3, 6)));
    /// assert_eq!(Level::new(1, 1)?.source_position(GridPos::ZERO), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn source_position(&self, pos: GridPos) -> Option<(usize, usize)> {
        self.index(pos)?;
        let x = usize::try_from(pos.x).ok()?;
        let y = usize::try_from(pos.y).ok()?;
        self.source.as_ref()?.position(x, y)
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

    /// Return the cells (for the printer).
    pub(crate) fn cells(&self) -> &Cells {
        &self.cells
    }

    /// Return the rows of cell ids (for the printer).
    pub(crate) fn rows(&self) -> impl Iterator<Item = &[u8]> + '_ {
        let w = self.width;
        let ids = self.cells.ids();
        (0..self.height).map(move |y| {
            ids.get(y.saturating_mul(w)..y.saturating_add(1).saturating_mul(w))
                .unwrap_or(&[])
        })
    }
}

impl Broken {
    /// Return the error of this broken rule in the cell at `pos`.
    fn at(self, pos: GridPos) -> LevelError {
        match self {
            Broken::NoRules(recipe) => LevelError::Unsupported(recipe),
            Broken::BadState(recipe, state) => {
                LevelError::StateNotApplicable { pos, recipe, state }
            }
            Broken::ContentsNotInBox(recipe) => LevelError::ContentsNotInBox { pos, recipe },
            Broken::NotContent(recipe) => LevelError::NotContent { pos, recipe },
            Broken::ContentsTwoBlockers(first, second) => {
                LevelError::ContentsTwoBlockers { pos, first, second }
            }
            Broken::Duplicate(spec) => LevelError::Duplicate { pos, spec },
            Broken::SecondSunk => LevelError::SecondSunkHeavyBox { pos },
            Broken::TwoBlockers(present, spec) => LevelError::Occupied { pos, present, spec },
            Broken::WaterShared(other) => LevelError::WaterShared { pos, other },
            Broken::ClosedDoorShared(door, other) => {
                LevelError::ClosedDoorShared { pos, door, other }
            }
            Broken::NotInDoorway(door, other) => LevelError::NotInDoorway { pos, door, other },
            Broken::HeavyBoxOnWater => LevelError::HeavyBoxOnWater { pos },
            Broken::SunkWithoutWater => LevelError::SunkWithoutWater { pos },
        }
    }
}

/// Make a position from in-bounds indices (below the size limits, so they fit `i32`).
fn pos_of(x: usize, y: usize) -> GridPos {
    GridPos::new(
        i32::try_from(x).unwrap_or(i32::MAX),
        i32::try_from(y).unwrap_or(i32::MAX),
    )
}
