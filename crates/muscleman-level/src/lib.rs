//! The Muscleman level text format: read and print levels and collections.
//!
//! The format is standard Sokoban text (XSB) plus a few symbols and a
//! legend for every other cell. `docs/level-format.md` in the repository is
//! the full description; in short:
//!
//! | symbol | cell |
//! | --- | --- |
//! | `#` | WallStrong |
//! | `@` | Player |
//! | `+` | Player on Goal |
//! | `$` | Box |
//! | `*` | Box on Goal |
//! | `.` | Goal |
//! | `%` | WallWeak |
//! | `~` | WaterCell |
//! | `&` | HeavyBox |
//! | space, `-`, `_` | floor |
//!
//! Every other cell gets a letter from a legend line above the grid, such as
//! `legend: a = HeavyBox Goal`. A legend names every recipe whose rules are
//! written (rules.md §3), in any case, with a state after a colon
//! (`HeavyBox:sunk`, `DoorRed:open`, `DoorRed:unlocked`, `SecretDoor:open`)
//! and a box's contents in parentheses (`Box(Apple KeyRed)`); the cell
//! rules of rules.md §6 (one blocker a cell, nothing on water that must stay
//! dry, a closed door alone, ...) are checked as it is read, each error at its line and column.
//! The printer writes a legend only when the level needs one, so plain XSB
//! prints as plain XSB.
//!
//! A level may have several floors, each a grid of its own: a `floor:`
//! line (`floor: Attic`) starts the next one, and stairs (`StairsUp`,
//! `StairsDown`) pair by cell across floors; see [`Floor`] and
//! [`Level::floor`].
//!
//! Collections hold several levels separated by blank lines, with `;`
//! comments (the one just above a level is its title), `Key: value`
//! metadata and SOK `Comment:` ... `Comment-End:` blocks. Rows may be
//! run-length encoded (`4#|#@$.#|4#`), with groups (`3(#-)#`). Errors name
//! their line and column, every error is reported, and absurd sizes are
//! refused against the limits in this crate's constants.
//!
//! A [`Level`] keeps one byte per cell: an index into a small table of the
//! level's distinct cell contents, each a canonical list of
//! [`EntitySpec`](muscleman_core::EntitySpec)s.
//!
//! # Example
//! ```
//! use muscleman_core::{EntityRecipe, EntitySpec, GridPos, RecipeState};
//! use muscleman_level::Level;
//!
//! let text = "\
//! ; Wet feet
//! legend: a = Player WaterCell
//! legend: b = WaterCell HeavyBox:sunk
//! legend: c = Box(Apple KeyRed) Goal
//! #######
//! #a &b.#
//! #c    #
//! #######
//! ";
//! let level = Level::parse(text)?;
//! assert_eq!(level.title(), Some("Wet feet"));
//! assert_eq!(level.player(), Some(GridPos::new(1, 1)));
//! let sunk = EntitySpec::new(EntityRecipe::HeavyBox).with_state(RecipeState::Sunk);
//! assert_eq!(level.cell(GridPos::new(4, 1)), &[EntityRecipe::WaterCell.into(), sunk]);
//! assert_eq!(level.cell(GridPos::new(1, 2))[0].to_string(), "Box(Apple KeyRed)");
//! assert_eq!(level.to_text(), text);
//! # Ok::<(), muscleman_level::ParseErrors>(())
//! ```

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod analysis;
mod cell;
mod cells;
mod collection;
mod edit;
mod error;
mod floor;
mod legend;
mod level;
mod level_error;
mod limits;
mod messages;
mod meta;
mod pairing;
mod place;
mod print;
mod read;
mod rle;
mod rules;
mod source;
mod stairs;
mod suggest;
mod text;

pub use analysis::{
    SignalRole, SignalWarning, open_edge, open_edge_on, signal_role, signal_warnings,
};
pub use cells::MAX_LEGEND_CELLS;
pub use collection::Collection;
pub use error::{ParseError, ParseErrorKind, ParseErrors};
pub use floor::Floor;
pub use level::Level;
pub use level_error::{LevelError, MetadataError};
pub use limits::{
    MAX_CELLS, MAX_ERRORS, MAX_FLOORS, MAX_GROUP_DEPTH, MAX_HEADER_COMMENTS, MAX_HEIGHT,
    MAX_INPUT_BYTES, MAX_LEVELS, MAX_METADATA, MAX_RUN_LENGTH, MAX_TOTAL_CELLS, MAX_WIDTH,
};
pub use meta::Metadata;
pub use place::{cell_name, cell_name_on};
pub use source::UnusedLetter;
pub use stairs::UnpairedStairs;
pub use suggest::{READ_KEYS, meant_key};
