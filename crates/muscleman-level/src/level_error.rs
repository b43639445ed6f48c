//! Errors of building and editing levels by hand, and of metadata.

use muscleman_core::{EntityRecipe, EntitySpec, GridPos, RecipeState};

use crate::cells::MAX_LEGEND_CELLS;
use crate::limits::{MAX_CELLS, MAX_FLOORS, MAX_HEIGHT, MAX_WIDTH};
use crate::messages::{doorway, dry, holders, keys_held, on_stairs};
use crate::place::cell_name;

/// Why a level cannot be built or edited as asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LevelError {
    /// The level would be larger than the format's limits.
    #[error(
        "a {width}×{height} level or floor is too large, the limits are {MAX_WIDTH}×{MAX_HEIGHT} \
         and {MAX_CELLS} cells, every floor together"
    )]
    TooLarge {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// The position is outside the level (or its floor).
    #[error("{} is outside the level", cell_name(*.0))]
    OutOfBounds(GridPos),
    /// The level has no such floor (floors are numbered from 1).
    #[error("the level has no floor {0}")]
    NoFloor(usize),
    /// The level would have more than [`MAX_FLOORS`] floors.
    #[error("a level has at most {MAX_FLOORS} floors")]
    TooManyFloors,
    /// A floor name holds a line break.
    #[error("the name of floor {0} holds a line break")]
    FloorNameLineBreak(usize),
    /// The recipe's rules come in a later rule book, in the cell or in a
    /// box's contents (none since rule book 4).
    #[error("recipe {0} cannot be used yet: its rules come in a later rule book")]
    Unsupported(EntityRecipe),
    /// The state does not apply to the recipe (`HeavyBox:open`).
    #[error("the cell at {at}: {recipe} cannot be {state}", at = cell_name(*pos))]
    StateNotApplicable {
        /// The cell.
        pos: GridPos,
        /// The recipe.
        recipe: EntityRecipe,
        /// The state.
        state: RecipeState,
    },
    /// Contents on something that holds nothing (only a box, a cauldron
    /// and a bong hold contents).
    #[error("the cell at {at}: only {holders} holds contents, not {recipe}", holders = holders(), at = cell_name(*pos))]
    ContentsNotInBox {
        /// The cell.
        pos: GridPos,
        /// The recipe given contents.
        recipe: EntityRecipe,
    },
    /// A box's contents hold something other than keys, hammers, books and collectibles.
    #[error("the cell at {at}: a box holds keys, hammers, books and collectibles, not {recipe}", at = cell_name(*pos))]
    NotContent {
        /// The cell.
        pos: GridPos,
        /// The recipe refused.
        recipe: EntityRecipe,
    },
    /// A cauldron's or a bong's contents hold something that is not a key.
    #[error("the cell at {at}: a {holder} holds keys only, not {item}", at = cell_name(*pos))]
    NotAKey {
        /// The cell.
        pos: GridPos,
        /// What holds keys only.
        holder: EntityRecipe,
        /// What it may not hold.
        item: EntityRecipe,
    },
    /// A cauldron or a bong holds more or fewer keys than it may.
    #[error("the cell at {at}: a {holder} holds {held}, found {found}", held = keys_held(*holder), at = cell_name(*pos))]
    KeyCount {
        /// The cell.
        pos: GridPos,
        /// What holds keys.
        holder: EntityRecipe,
        /// How many keys it was given.
        found: usize,
    },
    /// A box's contents hold two things that block movement (keys, hammers).
    #[error(
        "the cell at {at}: a box's contents hold at most one thing that blocks movement, \
         found {first} and {second}", at = cell_name(*pos))]
    ContentsTwoBlockers {
        /// The cell.
        pos: GridPos,
        /// The first blocker.
        first: EntityRecipe,
        /// The second one.
        second: EntityRecipe,
    },
    /// The cell already holds this spec.
    #[error("the cell at {at} already holds {spec}, and a cell holds each thing once", at = cell_name(*pos))]
    Duplicate {
        /// The cell.
        pos: GridPos,
        /// The spec.
        spec: EntitySpec,
    },
    /// The water cell already holds a sunk heavy box.
    #[error("the cell at {at} already holds a sunk heavy box, and water holds one at most", at = cell_name(*pos))]
    SecondSunkHeavyBox {
        /// The cell.
        pos: GridPos,
    },
    /// The cell already holds a thing that blocks movement (player, wall,
    /// box, heavy box not sunk, hammer, key, closed door).
    #[error(
        "the cell at {at} already holds {present}, it cannot also hold {spec}: at most one \
         thing that blocks movement", at = cell_name(*pos))]
    Occupied {
        /// The cell.
        pos: GridPos,
        /// The blocker already there.
        present: EntitySpec,
        /// The spec refused.
        spec: EntitySpec,
    },
    /// Water and something that never stands on water in one cell.
    #[error("the cell at {at}: {other} cannot stand on water: {dry}", dry = dry(), at = cell_name(*pos))]
    WaterShared {
        /// The cell.
        pos: GridPos,
        /// What cannot stand on water.
        other: EntitySpec,
    },
    /// A closed door and anything else in one cell.
    #[error(
        "the cell at {at}: the closed door {door} shares its cell with nothing, found {other}", at = cell_name(*pos))]
    ClosedDoorShared {
        /// The cell.
        pos: GridPos,
        /// The closed door.
        door: EntitySpec,
        /// The other thing.
        other: EntitySpec,
    },
    /// An open door and something that cannot stand in a doorway (a wall,
    /// water, a goal, another door, a sunk heavy box).
    #[error("the cell at {at}: {other} cannot stand in the open door {door}: {doorway}", doorway = doorway(), at = cell_name(*pos))]
    NotInDoorway {
        /// The cell.
        pos: GridPos,
        /// The open door.
        door: EntitySpec,
        /// The other thing.
        other: EntitySpec,
    },
    /// Stairs and something that cannot stand on them (anything but one
    /// thing that moves and fits a doorway) in one cell.
    #[error("the cell at {at}: {other} cannot stand on the stairs {stairs}: {s}", s = on_stairs(), at = cell_name(*pos))]
    NotOnStairs {
        /// The cell.
        pos: GridPos,
        /// The stairs.
        stairs: EntitySpec,
        /// The other thing.
        other: EntitySpec,
    },
    /// A heavy box on water that no sunk heavy box fills.
    #[error("the cell at {at}: a heavy box on unfilled water sinks, write HeavyBox:sunk", at = cell_name(*pos))]
    HeavyBoxOnWater {
        /// The cell.
        pos: GridPos,
    },
    /// A sunk heavy box where there is no water.
    #[error("the cell at {at}: a sunk heavy box stands on water", at = cell_name(*pos))]
    SunkWithoutWater {
        /// The cell.
        pos: GridPos,
    },
    /// The level already has a player elsewhere.
    #[error("the level already has a player, at {}", cell_name(*.0))]
    SecondPlayer(GridPos),
    /// The level would hold more than [`MAX_LEGEND_CELLS`] distinct cells
    /// without a fixed symbol, which the printer could not give each a
    /// legend letter.
    #[error(
        "the cell at {at} would make one distinct cell without a fixed symbol too many: \
         a level has {MAX_LEGEND_CELLS} legend letters", at = cell_name(*pos))]
    TooManyLegendCells {
        /// The cell.
        pos: GridPos,
    },
}

/// Why a metadata key or value, or a title, is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MetadataError {
    /// The key is empty, does not start with an ASCII letter, or holds a `:` or a line break.
    #[error("bad metadata key {0:?}, expected an ASCII letter first and no ':' or line break")]
    BadKey(String),
    /// The key is `title`, `legend` or `floor`, which have their own syntax.
    #[error(
        "metadata key {0:?} is reserved (set titles with set_title, floor names with \
         set_floor_name)"
    )]
    ReservedKey(String),
    /// The value holds a line break (only a `Comment` value may), or the title does.
    #[error("metadata value or title {0:?} holds a line break")]
    LineBreak(String),
    /// A line of a `Comment` value would end its `Comment:` block when printed.
    #[error("comment line {0:?} would end the 'Comment:' block, expected other text")]
    CommentEnd(String),
}
