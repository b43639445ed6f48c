//! One floor of a level, to read: a grid of its own, with its own size,
//! coordinates and name (rules.md §4 "Floors").

use std::fmt;

use muscleman_core::{EntityRecipe, EntitySpec, GridPos};

use crate::level::{FloorInfo, Level, pos_of};

/// What a level without floors would answer (never: a level has floor 1).
static NO_FLOOR: FloorInfo = FloorInfo {
    name: None,
    width: 0,
    height: 0,
    start: 0,
};

/// One floor of a [`Level`]: a grid of cells with its own coordinates
/// (`(0, 0)` is the first character of its first row), its own size and an
/// optional name. Get one with [`Level::floor`] or [`Level::floors`].
///
/// # Example
/// ```
/// use muscleman_core::{EntityRecipe, GridPos};
/// use muscleman_level::Level;
///
/// let text = "\
/// legend: u = StairsUp
/// #####
/// #@ u#
/// #####
/// floor: Attic
/// legend: d = StairsDown
/// ####
/// #$ d
/// ####
/// ";
/// let level = Level::parse(text)?;
/// assert_eq!(level.floor_count(), 2);
/// let attic = level.floor(2).unwrap();
/// assert_eq!((attic.number(), attic.name()), (2, Some("Attic")));
/// assert_eq!((attic.width(), attic.height()), (4, 3));
/// assert!(attic.has(GridPos::new(3, 1), EntityRecipe::StairsDown));
/// assert!(level.has(GridPos::new(3, 1), EntityRecipe::StairsUp));
/// assert_eq!(attic.source_position(GridPos::new(1, 1)), Some((8, 2)));
/// assert_eq!(level.floor(1).unwrap().name(), None);
/// assert_eq!(level.to_text(), "\
/// legend: a = StairsUp
/// legend: b = StairsDown
/// floor:
/// #####
/// #@ a#
/// #####
/// floor: Attic
/// ####
/// #$ b
/// ####
/// ");
/// # Ok::<(), muscleman_level::ParseErrors>(())
/// ```
#[derive(Clone, Copy)]
pub struct Floor<'a> {
    level: &'a Level,
    number: usize,
    info: &'a FloorInfo,
}

impl<'a> Floor<'a> {
    pub(crate) fn new(level: &'a Level, number: usize, info: &'a FloorInfo) -> Floor<'a> {
        Floor {
            level,
            number,
            info,
        }
    }

    /// Return the floor's number, from 1 (the bottom floor).
    pub fn number(self) -> usize {
        self.number
    }

    /// Return the floor's name, if it has one.
    pub fn name(self) -> Option<&'a str> {
        self.info.name.as_deref()
    }

    /// Return the width, in cells.
    pub fn width(self) -> usize {
        self.info.width
    }

    /// Return the height, in cells.
    pub fn height(self) -> usize {
        self.info.height
    }

    /// Return whether `pos` is inside the floor.
    pub fn contains(self, pos: GridPos) -> bool {
        self.level.index_on(self.number, pos).is_some()
    }

    /// Return the specs at `pos`, in canonical order; empty outside the floor.
    pub fn cell(self, pos: GridPos) -> &'a [EntitySpec] {
        let cells = &self.level.cells;
        self.level
            .index_on(self.number, pos)
            .map_or(&[], |i| cells.get(i))
    }

    /// Return whether the cell at `pos` holds `recipe`, in any state.
    pub fn has(self, pos: GridPos, recipe: EntityRecipe) -> bool {
        self.cell(pos).iter().any(|s| s.recipe == recipe)
    }

    /// Return the content ids of the floor's cells, row by row.
    pub(crate) fn ids(self) -> &'a [u8] {
        let end = self
            .info
            .start
            .saturating_add(self.info.width.saturating_mul(self.info.height));
        self.level
            .cells
            .ids()
            .get(self.info.start..end)
            .unwrap_or(&[])
    }

    /// Return the rows of content ids (for the printer).
    pub(crate) fn rows(self) -> impl Iterator<Item = &'a [u8]> + 'a {
        let w = self.info.width;
        let ids = self.ids();
        (0..self.info.height).map(move |y| {
            ids.get(y.saturating_mul(w)..y.saturating_add(1).saturating_mul(w))
                .unwrap_or(&[])
        })
    }

    /// Iterate over every cell, row by row, as `(position, specs)`.
    pub fn iter(self) -> impl Iterator<Item = (GridPos, &'a [EntitySpec])> + 'a {
        let width = self.info.width.max(1);
        let cells = &self.level.cells;
        self.ids()
            .iter()
            .enumerate()
            .map(move |(i, &id)| (pos_of(i % width, i / width), cells.content(id)))
    }

    /// Iterate over every entity, row by row and in canonical order within a cell.
    pub fn entities(self) -> impl Iterator<Item = (GridPos, EntitySpec)> + 'a {
        self.iter()
            .flat_map(|(pos, list)| list.iter().map(move |&s| (pos, s)))
    }

    /// Iterate over the positions of the cells holding `recipe` (in any
    /// state), row by row.
    pub fn positions_of(self, recipe: EntityRecipe) -> impl Iterator<Item = GridPos> + 'a {
        let cells = &self.level.cells;
        let holds: Vec<bool> = (0..cells.table_len())
            .map(|id| {
                u8::try_from(id)
                    .is_ok_and(|id| cells.content(id).iter().any(|s| s.recipe == recipe))
            })
            .collect();
        let width = self.info.width.max(1);
        self.ids()
            .iter()
            .enumerate()
            .filter(move |&(_, &id)| holds.get(usize::from(id)) == Some(&true))
            .map(move |(i, _)| pos_of(i % width, i / width))
    }

    /// Return where the cell at `pos` was written in the text the level was
    /// read from, as a 1-based `(line, column)`; `None` for a level not read
    /// from text, a floor added since, or a position outside the floor.
    pub fn source_position(self, pos: GridPos) -> Option<(usize, usize)> {
        self.level.index_on(self.number, pos)?;
        let x = usize::try_from(pos.x).ok()?;
        let y = usize::try_from(pos.y).ok()?;
        let sources = self.level.source.as_ref()?;
        sources.get(self.number.checked_sub(1)?)?.position(x, y)
    }
}

impl fmt::Debug for Floor<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Floor")
            .field("number", &self.number)
            .field("name", &self.name())
            .field("width", &self.width())
            .field("height", &self.height())
            .finish()
    }
}

/// Reading a level's floors, and floor 1 for the methods without a floor.
impl Level {
    /// Return floor `floor` (from 1), or `None` if the level has no such floor.
    pub fn floor(&self, floor: usize) -> Option<Floor<'_>> {
        let info = self.floors.get(floor.checked_sub(1)?)?;
        Some(Floor::new(self, floor, info))
    }

    /// Iterate over the floors, bottom (floor 1) first.
    pub fn floors(&self) -> impl Iterator<Item = Floor<'_>> + '_ {
        self.floors
            .iter()
            .enumerate()
            .map(move |(i, info)| Floor::new(self, i + 1, info))
    }

    /// Return floor 1.
    pub(crate) fn first(&self) -> Floor<'_> {
        Floor::new(self, 1, self.floors.first().unwrap_or(&NO_FLOOR))
    }

    /// Return the width of floor 1, in cells.
    pub fn width(&self) -> usize {
        self.first().width()
    }

    /// Return the height of floor 1, in cells.
    pub fn height(&self) -> usize {
        self.first().height()
    }

    /// Return whether `pos` is inside floor 1.
    pub fn contains(&self, pos: GridPos) -> bool {
        self.first().contains(pos)
    }

    /// Return the specs at `pos` on floor 1, in canonical order; empty outside.
    pub fn cell(&self, pos: GridPos) -> &[EntitySpec] {
        self.first().cell(pos)
    }

    /// Return whether the cell at `pos` on floor 1 holds `recipe`, in any state.
    pub fn has(&self, pos: GridPos, recipe: EntityRecipe) -> bool {
        self.first().has(pos, recipe)
    }

    /// Iterate over every cell of floor 1, row by row, as `(position, specs)`.
    pub fn iter(&self) -> impl Iterator<Item = (GridPos, &[EntitySpec])> + '_ {
        self.first().iter()
    }

    /// Iterate over every entity of floor 1, row by row and in canonical
    /// order within a cell ([`Level::all_entities`] gives every floor's).
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
        self.first().entities()
    }

    /// Iterate over every entity of floor `floor` (none if there is no such floor).
    pub fn entities_on(&self, floor: usize) -> impl Iterator<Item = (GridPos, EntitySpec)> + '_ {
        self.floor(floor).into_iter().flat_map(|f| f.entities())
    }

    /// Iterate over every entity of every floor as `(floor, position,
    /// spec)`: in reading order, floor by floor (the order of ids at load,
    /// rules.md §4 "Floors").
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{EntityRecipe, GridPos};
    /// use muscleman_level::Level;
    ///
    /// let level = Level::parse("#@\nfloor: Roof\n$")?;
    /// let all: Vec<_> = level.all_entities().map(|(f, at, s)| (f, at, s.recipe)).collect();
    /// assert_eq!(all, [
    ///     (1, GridPos::new(0, 0), EntityRecipe::WallStrong),
    ///     (1, GridPos::new(1, 0), EntityRecipe::Player),
    ///     (2, GridPos::new(0, 0), EntityRecipe::Box),
    /// ]);
    /// # Ok::<(), muscleman_level::ParseErrors>(())
    /// ```
    pub fn all_entities(&self) -> impl Iterator<Item = (usize, GridPos, EntitySpec)> + '_ {
        self.floors().flat_map(|f| {
            let n = f.number();
            f.entities().map(move |(at, spec)| (n, at, spec))
        })
    }

    /// Iterate over the positions of the cells of floor 1 holding `recipe`
    /// (in any state), row by row.
    pub fn positions_of(&self, recipe: EntityRecipe) -> impl Iterator<Item = GridPos> + '_ {
        self.first().positions_of(recipe)
    }

    /// Return where the cell at `pos` on floor 1 was written in the text
    /// the level was read from, as a 1-based `(line, column)`; `None` for a
    /// level not read from text or a position outside it
    /// ([`Floor::source_position`] for other floors).
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
        self.first().source_position(pos)
    }
}
