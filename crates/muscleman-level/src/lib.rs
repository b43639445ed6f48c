//! The Muscleman level text format: read and print levels and collections.
//!
//! The format is standard Sokoban text (XSB) plus a few symbols and an
//! optional legend for cells that hold several things. `docs/level-format.md`
//! in the repository is the full description; in short:
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
//! Any other cell content gets a letter from a legend line above the grid,
//! such as `legend: a = HeavyBox Goal`; the printer writes one only when the
//! level needs it, so plain XSB prints as plain XSB. Collections hold several
//! levels separated by blank lines, with `;` comments (the one just above a
//! level is its title), `Key: value` metadata and SOK `Comment:` ...
//! `Comment-End:` blocks. Rows may be run-length encoded (`4#|#@$.#|4#`),
//! with groups (`3(#-)#`). Errors name their line and column, every error
//! is reported, and absurd sizes are refused against the limits in this
//! crate's constants.
//!
//! # Example
//! ```
//! use muscleman_core::{EntityRecipe, GridPos};
//! use muscleman_level::Level;
//!
//! let text = "\
//! ; Wet feet
//! legend: a = Player WaterCell
//! #######
//! #a &~.#
//! #######
//! ";
//! let level = Level::parse(text)?;
//! assert_eq!(level.title(), Some("Wet feet"));
//! assert_eq!(level.player(), Some(GridPos::new(1, 1)));
//! assert_eq!(level.cell(GridPos::new(1, 1)), &[EntityRecipe::Player, EntityRecipe::WaterCell]);
//! assert_eq!(level.to_text(), text);
//! # Ok::<(), muscleman_level::ParseErrors>(())
//! ```

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod cell;
mod collection;
mod error;
mod level;
mod limits;
mod meta;
mod print;
mod read;
mod rle;

pub use cell::SUPPORTED_RECIPES;
pub use collection::Collection;
pub use error::{LevelError, MetadataError, ParseError, ParseErrorKind, ParseErrors};
pub use level::Level;
pub use limits::{
    MAX_CELLS, MAX_ERRORS, MAX_GROUP_DEPTH, MAX_HEADER_COMMENTS, MAX_HEIGHT, MAX_INPUT_BYTES,
    MAX_LEVELS, MAX_METADATA, MAX_RUN_LENGTH, MAX_TOTAL_CELLS, MAX_WIDTH,
};
pub use meta::Metadata;
