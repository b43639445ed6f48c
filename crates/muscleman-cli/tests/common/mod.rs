//! Helpers for the tests, by concern: the binary and temporary files
//! ([`run`]), games built from level text and keys pressed in them
//! ([`game`]), and screens drawn headless ([`screen`]). Each test file
//! uses what it needs of them.

#![allow(dead_code, unused_imports)]

pub mod game;
pub mod run;
pub mod screen;

pub use game::*;
pub use run::*;
pub use screen::*;
