//! The sim in a web page: the [`Game`](muscleman_sim::Game) exposed to
//! JavaScript over a plain C ABI, built to WebAssembly by `web/build.sh`
//! (`docs/web.md` documents the ABI; `web/` holds the page).
//!
//! Everything the page can ask is plain safe Rust, tested natively:
//! [`session`] loads built-in levels, level text and saves, plays MOVES
//! letters (steps, undo, redo, restart) and answers with the state and
//! each step's events; [`json`] writes the sim's view and events as JSON;
//! [`check`] checks level text; [`hint`] runs the solver from the game's
//! position with a budget of positions and no clock; [`keep`] keeps the
//! terminal's progress records and positions for the page's storage;
//! [`levels`] lists the built-in collections; [`error`] makes every error a value the page shows (a
//! message, and the line and column of each error in level text). The ABI
//! module (`abi.rs`) only moves bytes in and out; it holds the crate's only
//! unsafe code, the `#[unsafe(no_mangle)]` of its exports.
//!
//! # Example
//! ```
//! use muscleman_web::session::Web;
//!
//! let mut web = Web::new();
//! web.load_text(b"#@$.#", 1)?;
//! let played = web.play(b"r")?;
//! assert_eq!(played["state"]["solved"], true);
//! assert_eq!(played["steps"][0]["events"][0]["event"], "moved");
//! # Ok::<(), muscleman_web::error::WebError>(())
//! ```

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

#[expect(
    unsafe_code,
    reason = "exporting a function by name takes `#[unsafe(no_mangle)]`; the crate's only unsafe, each use with a SAFETY comment"
)]
mod abi;
pub mod about;
pub mod check;
pub mod error;
pub mod hint;
pub mod json;
pub mod keep;
pub mod levels;
pub mod record;
pub mod session;
