//! The Godot 4 adapter: a `MusclemanGame` node that plays the sim and
//! signals its events, for a Godot 4.6+ project (`godot/` in the
//! repository).
//!
//! Everything the node does is plain Rust, tested natively: [`session`]
//! loads levels and saves and applies commands, [`signals`] turns each sim
//! event into a signal's name and arguments, [`view`] turns the sim's view
//! into names a script matches on (the floor shown, the floors' count,
//! names and common rectangle), [`input`] maps action names, directions
//! and MOVES letters to commands, [`levels`] holds the built-in levels,
//! [`sound`] maps signals to sounds (one table) and computes them,
//! [`help`] says a level's intro and help in `muscleman-play`'s words,
//! [`shelf`] holds the built-in collections' level lists and the progress
//! kept (`muscleman-play`'s records) and says the Solved banner's lines. The
//! gdext layer (`node.rs`, the `MusclemanGame` class, its hint funcs in
//! `node_hint.rs`, its view funcs in
//! `node_view.rs`, its collection and progress funcs in `node_shelf.rs`,
//! its sound funcs in `node_sounds.rs`, its file reading in `files.rs`, and
//! `convert.rs`) only
//! converts those answers into Godot values and emits the signals.
//!
//! The sim and core know nothing of Godot: this crate depends on them, never
//! the other way round.
//!
//! # Example
//! ```
//! use muscleman_godot::session::Session;
//! use muscleman_sim::Rules;
//!
//! let mut session = Session::from_text("#@$.#", 0, Rules::MUSCLEMAN)?;
//! let signals = session.play("r")?;
//! let names: Vec<_> = signals.iter().map(|s| s.name).collect();
//! assert_eq!(names, ["moved", "moved", "solved"]);
//! # Ok::<(), muscleman_godot::AdapterError>(())
//! ```

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod convert;
mod error;
mod files;
pub mod help;
pub mod input;
pub mod levels;
mod node;
mod node_hint;
mod node_shelf;
mod node_sounds;
mod node_view;
pub mod session;
pub mod shelf;
pub mod signals;
pub mod sound;
pub mod view;

pub use error::AdapterError;
pub use node::MusclemanGame;

/// The extension library Godot loads (`muscleman.gdextension`).
pub struct MusclemanExtension;

/// gdext's one required `unsafe impl`: Godot calls the entry point it
/// generates. Its macro re-emits the impl without the attributes written on
/// it, so the `expect` sits on this module, which holds that impl alone.
#[expect(
    unsafe_code,
    reason = "gdext requires `unsafe impl ExtensionLibrary` to opt in to its safety model; the only unsafe in the crate"
)]
mod entry {
    use godot::init::{ExtensionLibrary, gdextension};

    #[gdextension]
    unsafe impl ExtensionLibrary for super::MusclemanExtension {}
}
