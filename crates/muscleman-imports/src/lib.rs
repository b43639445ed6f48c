//! Reads the modules of a Rust crate from its source and finds import
//! circles, with no tool to build: the crate's files are followed from its
//! root through its `mod` declarations, the paths its non-test code names
//! (`use` items, `crate::…`, `super::…`, `self::…`, a child module's name)
//! are resolved to modules, and the graph's circles are named.
//!
//! `tests/workspace.rs` runs it over every crate of the workspace: no crate
//! may have an import circle (ARCHITECTURE.md's invariant). Code only
//! tests compile (`#[cfg(test)]` items and modules) is left out.

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod graph;
mod items;
mod read;
mod tokens;

pub use graph::{ModuleGraph, describe};
pub use read::{CrateModules, ReadError};
