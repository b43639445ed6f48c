//! Engine-free core types of Muscleman.
//!
//! Everything a front end, a level format or a solver needs to talk to the
//! simulation without knowing how it is built: grid positions and directions,
//! the recipe, key colour, counter and move-cause enums, entity ids, player
//! inputs and the events a step emits.
//!
//! This crate has no dependencies and knows nothing of the ECS.
//!
//! # Example
//! ```
//! use muscleman_core::{GridDir, GridPos};
//!
//! let p = GridPos::new(2, 3) + GridDir::Right.offset();
//! assert_eq!(p, GridPos::new(3, 3));
//! ```

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod batch;
mod brew;
mod class;
mod event;
mod grid;
mod id;
mod input;
mod kinds;
mod recipe;
mod spec;

pub use batch::EventBatch;
pub use brew::Brew;
pub use class::{CellClass, Holds};
pub use event::*;
pub use grid::{GridDir, GridPos};
pub use id::EntityId;
pub use input::Input;
pub use kinds::{GlobalCounter, KeyColor, MoveCause, SoundKind};
pub use recipe::{EntityRecipe, RecipeInfo, RecipeState};
pub use spec::{Contents, ContentsFull, EntitySpec, MAX_CONTENTS};
