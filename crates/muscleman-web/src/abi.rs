//! The C ABI the page calls: plain `extern "C"` functions over numbers,
//! with text passed through two buffers the module owns.
//!
//! - Text in: the page asks [`mm_input`] for a buffer of `len` bytes,
//!   writes the UTF-8 text into the module's memory at the pointer it
//!   returns, then calls the function that reads it ([`mm_load_text`],
//!   [`mm_play`], [`mm_load_save`], [`mm_check`]), which takes the buffer.
//! - Text out: every other function returns the length of its answer, a
//!   JSON object the module keeps until the next call; [`mm_output`] is
//!   where it starts. The answer is `{"ok": value}` or `{"error":
//!   {"message", "errors": [{"line", "column", "message"}]}}`.
//!
//! The module never reads memory through a pointer the page gives it, so
//! no argument can make it read or write out of bounds: a wrong length or
//! number is an error answer. The only unsafe code is the
//! `#[unsafe(no_mangle)]` on each export (the attribute is unsafe because
//! two exports of one name would clash at link time; these names are
//! unique and prefixed `mm_`). `docs/web.md` documents each function.

use std::sync::{Mutex, MutexGuard, PoisonError};

use serde_json::Value;

use crate::error::{WebError, answer};
use crate::session::{MAX_TEXT_BYTES, Web};

/// The page's game.
static WEB: Mutex<Web> = Mutex::new(Web::new());
/// The text the page wrote last ([`mm_input`]).
static INPUT: Mutex<Vec<u8>> = Mutex::new(Vec::new());
/// The last answer.
static OUTPUT: Mutex<Vec<u8>> = Mutex::new(Vec::new());

/// Lock a buffer or the game: a panic never happens inside (the page's
/// wasm aborts on one), so a poisoned lock is only taken over.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Keep `value` as the answer; return its length in bytes.
fn reply(value: Value) -> usize {
    let mut out = lock(&OUTPUT);
    *out = value.to_string().into_bytes();
    out.len()
}

/// Keep a call's result as the answer; return its length.
fn reply_with(result: Result<Value, WebError>) -> usize {
    reply(answer(result))
}

/// Take the text the page wrote.
fn take_input() -> Vec<u8> {
    std::mem::take(&mut *lock(&INPUT))
}

/// Make the input buffer `len` bytes long (zeroed) and return where it
/// starts, for the page to write text there; null for more than the
/// module takes ([`MAX_TEXT_BYTES`]), with an error as the answer.
// SAFETY: `no_mangle` exports the function under its own name; no other
// symbol in the module has it.
#[unsafe(no_mangle)]
pub extern "C" fn mm_input(len: usize) -> *mut u8 {
    let mut input = lock(&INPUT);
    input.clear();
    if len > MAX_TEXT_BYTES {
        drop(input);
        reply_with(Err(WebError::new(format!(
            "the text is {len} bytes, more than the {MAX_TEXT_BYTES} the page takes"
        ))));
        return std::ptr::null_mut();
    }
    input.resize(len, 0);
    input.as_mut_ptr()
}

/// Return where the last answer starts (its length is what the call
/// returned).
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_output() -> *const u8 {
    lock(&OUTPUT).as_ptr()
}

/// Answer with the built-in collections ([`crate::levels::collections`]).
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_collections() -> usize {
    reply_with(crate::levels::collections())
}

/// Load level `number` (from 1) of built-in collection `collection` (from
/// 0); answer with the state.
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_load_builtin(collection: u32, number: u32) -> usize {
    let result = lock(&WEB).load_builtin(collection as usize, number as usize);
    reply_with(result)
}

/// Load level `number` (from 1) of the level text in the input buffer;
/// answer with the state or the text's positioned errors.
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_load_text(number: u32) -> usize {
    let text = take_input();
    let result = lock(&WEB).load_text(&text, number as usize);
    reply_with(result)
}

/// Play the MOVES letters in the input buffer; answer with each
/// command's events and the state.
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_play() -> usize {
    let moves = take_input();
    let result = lock(&WEB).play(&moves);
    reply_with(result)
}

/// Answer with the state.
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_state() -> usize {
    let result = lock(&WEB).state();
    reply_with(result)
}

/// Answer with a hint from the game's position, the solver expanding at
/// most `positions` positions, with no clock.
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_hint(positions: u32) -> usize {
    let result = lock(&WEB).hint(u64::from(positions));
    reply_with(result)
}

/// Answer with the game as a save.
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_save() -> usize {
    let result = lock(&WEB).save();
    reply_with(result)
}

/// Load the save in the input buffer; answer with the state.
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_load_save() -> usize {
    let text = take_input();
    let result = lock(&WEB).load_save(&text);
    reply_with(result)
}

/// Check the level text in the input buffer; answer with its levels and
/// warnings, or every error at its line and column.
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_check() -> usize {
    let text = take_input();
    reply_with(crate::check::check(&text))
}

/// Open the progress the page kept (its text in the input buffer, empty
/// for none); answer whether to keep it, where to set it aside, and what
/// to tell the player.
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_open_progress() -> usize {
    let text = take_input();
    let result = lock(&WEB).open_progress(&text);
    reply_with(result)
}

/// Answer with the progress as the text of a progress file.
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_progress() -> usize {
    let result = lock(&WEB).progress_text();
    reply_with(result)
}

/// Answer with the built-in levels' records and where the player left off.
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_levels() -> usize {
    let result = lock(&WEB).levels();
    reply_with(result)
}

/// Put back the kept position in the input buffer (a save of the level
/// loaded); answer with the state.
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_restore() -> usize {
    let text = take_input();
    let result = lock(&WEB).restore(&text);
    reply_with(result)
}

/// Play under Sokoban's rules (`1`) or Muscleman's (`0`) from the next
/// level loaded; answer with the rules' key.
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_set_rules(sokoban: u32) -> usize {
    let result = lock(&WEB).set_rules(sokoban != 0);
    reply_with(result)
}

/// Answer with the level's introduction and help in its recipes' words.
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_about() -> usize {
    let result = lock(&WEB).about();
    reply_with(result)
}

/// Answer with every sound's samples, as the Godot adapter plays them.
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_sounds() -> usize {
    reply(crate::record::sounds())
}

/// Answer with the level's text, as a link shares it.
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_level_text() -> usize {
    let result = lock(&WEB).level_text();
    reply_with(result)
}

/// Answer with the walk to cell (`x`, `y`) of the player's floor.
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_walk(x: i32, y: i32) -> usize {
    let result = lock(&WEB).walk(x, y, None);
    reply_with(result)
}

/// Answer with the pushes that take the box at (`from_x`, `from_y`) to
/// (`x`, `y`).
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_push(from_x: i32, from_y: i32, x: i32, y: i32) -> usize {
    let result = lock(&WEB).walk(x, y, Some((from_x, from_y)));
    reply_with(result)
}

/// Answer whether cell (`x`, `y`) holds a box a tap may pick to push.
// SAFETY: as for `mm_input`: a unique exported name.
#[unsafe(no_mangle)]
pub extern "C" fn mm_pushable(x: i32, y: i32) -> usize {
    let result = lock(&WEB).pushable(x, y);
    reply_with(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Write `text` where the page would, as the page does.
    fn give(text: &str) {
        let ptr = mm_input(text.len());
        assert!(!ptr.is_null());
        // SAFETY: `mm_input` made the buffer `text.len()` bytes long and
        // nothing else touches it until the next call takes it.
        unsafe { std::ptr::copy_nonoverlapping(text.as_ptr(), ptr, text.len()) };
    }

    /// Read the last answer as the page does.
    fn read(len: usize) -> Value {
        let ptr = mm_output();
        // SAFETY: the answer is `len` bytes at `mm_output()` until the next
        // call, and this test makes none meanwhile.
        let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
        serde_json::from_slice(bytes).unwrap()
    }

    // One test: the exports share one game, as the page's calls do.
    #[test]
    fn the_exports_play_a_level_round_trip_a_save_and_answer_errors_as_values() {
        let state = read(mm_load_builtin(0, 1));
        assert_eq!(state["ok"]["title"], "First Steps");
        give("rddRRdrU");
        let played = read(mm_play());
        assert_eq!(played["ok"]["state"]["solved"], true);
        let save = read(mm_save());
        let save = save["ok"].as_str().unwrap().to_owned();
        give(&save);
        let loaded = read(mm_load_save());
        assert_eq!(
            loaded["ok"]["state_hash"],
            played["ok"]["state"]["state_hash"]
        );
        give("#@x.#");
        let broken = read(mm_load_text(1));
        assert_eq!(broken["error"]["errors"][0]["line"], 1);
        assert_eq!(broken["error"]["errors"][0]["column"], 3);
        // The game loaded before is still there.
        assert_eq!(read(mm_state())["ok"]["solved"], true);
        let refused = mm_input(MAX_TEXT_BYTES + 1);
        assert!(refused.is_null());
        let len = lock(&OUTPUT).len();
        let message = read(len)["error"]["message"].as_str().map(str::to_owned);
        assert!(message.is_some_and(|m| m.contains("more than")));
        assert!(read(mm_load_builtin(7, 1))["error"]["message"].is_string());
        assert!(read(mm_collections())["ok"].is_array());
        give("#@$.#");
        assert_eq!(read(mm_check())["ok"]["levels"], 1);
        assert!(read(mm_load_builtin(0, 1))["ok"].is_object());
        assert_eq!(read(mm_hint(100_000))["ok"]["answer"], "solution");
    }
}
