//! What every front end keeps and asks of a game, in one place: the
//! terminal (`muscleman-cli`), the Godot adapter and the web page share it,
//! so none holds a copy.
//!
//! - [`progress`]: solved levels, best moves and pushes, best solutions
//!   and where each set was left, per level and rules, in `progress.json`.
//! - [`saves`]: every level's position (a `Game::save`, undo history
//!   included) per level and rules.
//! - [`hint`]: the solver from the game's position, its answer checked
//!   by replaying it and put in words; "no solution from here" only when
//!   proved. [`verdict`]: the solver on a level as it stands.
//! - [`about`]: a level's introduction and everything it holds, in its
//!   recipes' words, for the help.
//! - [`look`]: a cell's whole stack, top first, in words, and what a
//!   thing is called.
//! - [`solution`]: a game's command log as the path from the start;
//!   [`moves`]: the MOVES letters; [`mouse`]: a click's walk or push,
//!   planned on what the board shows; [`builtin`]: the built-in collections'
//!   solutions, pars and former set keys; [`level_file`]: a level file parsed, its errors placed,
//!   its levels checked playable; [`level_rules`]: the rules a
//!   level says it needs; [`fsutil`]: files written whole and read up to a
//!   cap; [`words`]: counted nouns; [`sound`]: which event asks for
//!   which sound, and each sound's samples (the Godot adapter and the page
//!   play the same).
//!
//! # Example
//! ```
//! use muscleman_level::Level;
//! use muscleman_play::progress::Progress;
//! use muscleman_sim::Rules;
//!
//! let level = Level::parse("#@$.#")?;
//! let mut progress = Progress::in_memory();
//! progress.record_solve(&level, Rules::MUSCLEMAN, 1, 1)?;
//! assert_eq!(progress.get(&level, Rules::MUSCLEMAN).and_then(|r| r.best_moves), Some(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

pub mod about;
pub mod builtin;
pub mod fsutil;
pub mod hint;
pub mod level_file;
pub mod level_rules;
pub mod look;
pub mod mouse;
pub mod moves;
pub mod progress;
pub mod saves;
pub mod solution;
pub mod sound;
pub mod verdict;
pub mod words;
