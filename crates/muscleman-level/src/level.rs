//! One level: metadata and one or more floors, each a grid of cells, each
//! cell a canonical list of entity specs.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use muscleman_core::{EntitySpec, GridPos};

use crate::cells::Cells;
use crate::level_error::{LevelError, MetadataError};
use crate::limits::{MAX_CELLS, MAX_FLOORS, MAX_HEIGHT, MAX_WIDTH};
use crate::meta::{Metadata, check_text};
use crate::source::{SourceMap, UnusedLetter};

/// One level: a title, free metadata and one or more floors, each a
/// width × height grid of cells.
///
/// Each cell holds a list of [`EntitySpec`]s (a recipe, its state and, for a
/// box, its contents) in canonical order (the specs' `Ord`), so two levels
/// with the same content compare equal however they were built, and
/// wherever they were read from. Every level keeps the load rules of
/// rules.md §6 (see [`Level::add`]) and holds at most [`MAX_LEGEND_CELLS`](crate::MAX_LEGEND_CELLS)
/// distinct cells without a fixed symbol, its floors together, so every
/// level can be printed.
///
/// **Floors** are numbered from 1 (rules.md §4 "Floors"); each is a grid
/// of its own ([`Floor`](crate::Floor)), with its own size and coordinates and an
/// optional name. The title, the metadata, the legend and the one player
/// are the level's. The methods without a floor ([`Level::cell`],
/// [`Level::add`], [`Level::entities`], [`Level::width`], ...) work on
/// floor 1, the only floor of most levels; those ending in `_on` take a
/// floor, and [`Level::floor`] gives a floor to read.
///
/// `(0, 0)` is the first character of a floor's first row; `y` grows down.
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
    pub(crate) title: Option<String>,
    pub(crate) metadata: Metadata,
    /// The floors, bottom first; never empty.
    pub(crate) floors: Vec<FloorInfo>,
    /// Every floor's cells, floor after floor, over one table.
    pub(crate) cells: Cells,
    /// The player's floor and cell.
    pub(crate) player: Option<(usize, GridPos)>,
    /// Where each floor's rows were read from, for levels read from text.
    pub(crate) source: Option<Arc<Vec<SourceMap>>>,
    /// The legend letters the text defined and never used.
    pub(crate) unused: Vec<UnusedLetter>,
}

/// One floor's shape and name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct FloorInfo {
    pub(crate) name: Option<String>,
    pub(crate) width: usize,
    pub(crate) height: usize,
    /// The index of its first cell in the level's cells.
    pub(crate) start: usize,
}

impl PartialEq for Level {
    fn eq(&self, other: &Level) -> bool {
        self.title == other.title
            && self.metadata == other.metadata
            && self.floors == other.floors
            && self.player == other.player
            && self.cells == other.cells
    }
}

impl Eq for Level {}

impl Hash for Level {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.title.hash(state);
        self.metadata.hash(state);
        self.floors.hash(state);
        self.player.hash(state);
        self.cells.hash(state);
    }
}

/// A floor read from text: its name, rows of content ids, width and where
/// its rows were written.
pub(crate) struct ReadFloor {
    pub(crate) name: Option<String>,
    pub(crate) rows: Vec<Vec<u8>>,
    pub(crate) width: usize,
    pub(crate) source: SourceMap,
}

/// Return the cells of a `width` × `height` floor, if within the limits.
fn floor_size(width: usize, height: usize) -> Result<usize, LevelError> {
    let too_large = LevelError::TooLarge { width, height };
    if width > MAX_WIDTH || height > MAX_HEIGHT {
        return Err(too_large);
    }
    width
        .checked_mul(height)
        .filter(|&n| n <= MAX_CELLS)
        .ok_or(too_large)
}

impl Level {
    /// Make an empty level of one floor of `width` × `height` floor cells.
    ///
    /// Sizes beyond [`MAX_WIDTH`], [`MAX_HEIGHT`] or [`MAX_CELLS`] are refused.
    pub fn new(width: usize, height: usize) -> Result<Level, LevelError> {
        let cells = floor_size(width, height)?;
        Ok(Level {
            title: None,
            metadata: Metadata::new(),
            floors: vec![FloorInfo {
                name: None,
                width,
                height,
                start: 0,
            }],
            cells: Cells::new(cells),
            player: None,
            source: None,
            unused: Vec::new(),
        })
    }

    /// Add an empty floor of `width` × `height` floor cells on top, and
    /// return its number.
    ///
    /// Refused past [`MAX_FLOORS`] floors, or when the floor is larger than
    /// [`MAX_WIDTH`] × [`MAX_HEIGHT`] or the level's floors together would
    /// pass [`MAX_CELLS`].
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{EntityRecipe, GridPos};
    /// use muscleman_level::Level;
    ///
    /// let mut level = Level::new(3, 1)?;
    /// level.add(GridPos::new(0, 0), EntityRecipe::Player)?;
    /// let attic = level.add_floor(2, 2)?;
    /// level.set_floor_name(attic, "Attic")?;
    /// level.add_on(attic, GridPos::new(1, 1), EntityRecipe::Box)?;
    /// assert_eq!(level.floor_count(), 2);
    /// let floor = level.floor(attic).unwrap();
    /// assert_eq!((floor.width(), floor.height(), floor.name()), (2, 2, Some("Attic")));
    /// assert!(floor.has(GridPos::new(1, 1), EntityRecipe::Box));
    /// assert!(!level.has(GridPos::new(1, 0), EntityRecipe::Box)); // floor 1
    /// assert_eq!(level.to_text(), "floor:\n@--\nfloor: Attic\n-\n $\n");
    /// # Ok::<(), muscleman_level::LevelError>(())
    /// ```
    pub fn add_floor(&mut self, width: usize, height: usize) -> Result<usize, LevelError> {
        if self.floors.len() >= MAX_FLOORS {
            return Err(LevelError::TooManyFloors);
        }
        let n = floor_size(width, height)?;
        let start = self.cells.ids().len();
        if start.saturating_add(n) > MAX_CELLS {
            return Err(LevelError::TooLarge { width, height });
        }
        self.cells.extend(n);
        self.floors.push(FloorInfo {
            name: None,
            width,
            height,
            start,
        });
        Ok(self.floors.len())
    }

    /// Name floor `floor` (trimmed); an empty name removes it.
    pub fn set_floor_name(&mut self, floor: usize, name: &str) -> Result<(), LevelError> {
        let info = floor
            .checked_sub(1)
            .and_then(|i| self.floors.get_mut(i))
            .ok_or(LevelError::NoFloor(floor))?;
        let name = check_text(name).map_err(|_| LevelError::FloorNameLineBreak(floor))?;
        info.name = (!name.is_empty()).then(|| name.to_owned());
        Ok(())
    }

    /// Build a level from what the reader checked: floors of rows of ids
    /// into `contents` (sizes within the limits, valid cells, entry 0
    /// floor), how many cells hold each content, and the one player.
    pub(crate) fn from_floors(
        read: Vec<ReadFloor>,
        (contents, counts): (&[Vec<EntitySpec>], &[u32; 256]),
        player: Option<(usize, GridPos)>,
    ) -> Level {
        let total: usize = read
            .iter()
            .map(|f| f.width.saturating_mul(f.rows.len()))
            .sum();
        let mut ids = Vec::with_capacity(total);
        let mut floors = Vec::with_capacity(read.len());
        let mut sources = Vec::with_capacity(read.len());
        for f in read {
            floors.push(FloorInfo {
                name: f.name,
                width: f.width,
                height: f.rows.len(),
                start: ids.len(),
            });
            for row in f.rows {
                ids.extend_from_slice(&row);
                ids.resize(ids.len() + f.width.saturating_sub(row.len()), 0);
            }
            sources.push(f.source);
        }
        if floors.is_empty() {
            floors.push(FloorInfo::default());
        }
        Level {
            title: None,
            metadata: Metadata::new(),
            floors,
            cells: Cells::from_parts(ids, contents, counts),
            player,
            source: Some(Arc::new(sources)),
            unused: Vec::new(),
        }
    }

    /// Return how many floors the level has (at least one).
    pub fn floor_count(&self) -> usize {
        self.floors.len()
    }

    /// Return the index in `cells` of `pos` on floor `floor`.
    pub(crate) fn index_on(&self, floor: usize, pos: GridPos) -> Option<usize> {
        let info = self.floors.get(floor.checked_sub(1)?)?;
        let x = usize::try_from(pos.x).ok().filter(|&x| x < info.width)?;
        let y = usize::try_from(pos.y).ok().filter(|&y| y < info.height)?;
        Some(info.start + y * info.width + x)
    }

    /// Iterate over the level's distinct cell contents, every floor
    /// together, floor included, each with how many cells hold it, in
    /// canonical order (of the lists).
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

    /// Return the player's position on its floor, if the level has a player.
    pub fn player(&self) -> Option<GridPos> {
        self.player.map(|(_, pos)| pos)
    }

    /// Return the player's floor, if the level has a player.
    pub fn player_floor(&self) -> Option<usize> {
        self.player.map(|(floor, _)| floor)
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

    /// Return the legend letters the text this level was read from
    /// defines and its grids never use, in the order defined, each where
    /// its legend line wrote it (none for a level built by hand). Reading
    /// lets them through; `muscleman check` warns of each.
    ///
    /// # Example
    /// ```
    /// use muscleman_level::Level;
    ///
    /// let level = Level::parse("legend: k = KeyRed\nlegend: c = Coin\n#####\n#@k.#\n#####\n")?;
    /// let unused: Vec<_> = level.unused_legend().iter().map(|u| (u.letter, u.line, u.column)).collect();
    /// assert_eq!(unused, [('c', 2, 9)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unused_legend(&self) -> &[UnusedLetter] {
        &self.unused
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
}

/// Make a position from in-bounds indices (below the size limits, so they fit `i32`).
pub(crate) fn pos_of(x: usize, y: usize) -> GridPos {
    GridPos::new(
        i32::try_from(x).unwrap_or(i32::MAX),
        i32::try_from(y).unwrap_or(i32::MAX),
    )
}
