//! The Muscleman simulation: a deterministic, headless grid puzzle engine.
//!
//! A [`World`] holds entities (the player, walls, water, boxes, goals) made
//! from recipes with [`spawn`]. [`step`] resolves one [`Input`] and returns
//! the [`EventBatch`] a front end draws. The sim does no IO and reads no
//! clock: the same level and inputs give the same state, ids and events.
//!
//! # Example
//! ```
//! use muscleman_core::{EntityRecipe, GridDir, GridPos, Input};
//! use muscleman_sim::{spawn, step, World};
//!
//! let mut world = World::new();
//! let player = spawn(&mut world, EntityRecipe::Player, GridPos::new(0, 0))?;
//! spawn(&mut world, EntityRecipe::Box, GridPos::new(1, 0))?;
//! spawn(&mut world, EntityRecipe::Box, GridPos::new(2, 0))?;
//! step(&mut world, player, Input::Move(GridDir::Right))?;
//! assert_eq!(world.position(player)?, GridPos::new(1, 0));
//! assert!(world.index().pushable_at(GridPos::new(3, 0)).is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod assumptions;
mod breaking;
mod changes;
mod command;
mod component;
mod context;
mod decl;
mod field;
mod floor;
mod fnv;
mod game;
mod hash;
mod index;
mod journal;
mod level;
mod line;
mod mechanics;
mod motion;
mod needs;
mod recipe;
mod registry;
mod rules;
mod save;
mod schedule;
mod stack;
mod step;
mod tally;
mod trail;
mod view;
mod world;

pub use breaking::Breaking;
pub use command::{COMMANDS, Command, CommandInfo};
pub use component::{
    AnyComponent, BlocksMovement, BlocksPush, Blue, Brain, Carrying, Collects, Component,
    ComponentKind, Facing, Goal, Green, Heavy, Holding, Inside, LevelMember, Liftable, Openable,
    Opened, Player, Position, Pushable, Red, Static, Tag, TagKind, TagSet, Walkable, WallStrong,
    Yellow,
};
pub use decl::{
    Answer, Art, Assume, Breaks, Init, Layer, Moves, OpenedBy, PressedBy, RecipeDecl, Shows,
    Spawns, StateDecl, Tint,
};
pub use floor::{floor_of, local, same_band, world_cell};
pub use game::{Game, Stats};
pub use hash::state_hash;
pub use index::{CellEntities, SpatialIndex};
pub use level::{LevelLoadError, level_from_world, world_from_level};
pub use motion::Motion;
pub use muscleman_core::{EntityId, EventBatch, Input};
pub use recipe::{is_implemented, recipe_of, recipe_tags, spawn, spawn_spec, spec_of, spec_tags};
pub use registry::{
    BREWS, MAX_EXPLAIN, TAG_BITS, mechanics, motions, recipe_decl, recipe_decls, tag_kinds,
    tag_named,
};
pub use rules::{RULES_VERSION, Rules, counts_on_goal, is_solved};
pub use save::{MAX_HISTORY, MAX_SAVE_BYTES, SAVE_FORMAT, SAVE_VERSION, SaveError};
pub use schedule::{phases, systems};
pub use step::{StepError, step, step_into, step_with};
pub use tally::{SIGNAL_CLASSES, Tallies};
pub use trail::Trail;
pub use view::{Appearance, Sprite, View, appearance, recipe_appearance, spec_appearance};
pub use world::{FloorRect, InvariantError, RecipeError, World, WorldError};
