//! What the screen calls things: the level being played, its floors, and
//! the rules.

use muscleman_level::Level;

pub(crate) use muscleman_play::about::intro_comment;
pub use muscleman_play::about::rules_name;
pub use muscleman_play::words::par_verdict;

/// Return the title of a level, or `Level N` for the level of 0-based
/// index `index` that has none.
pub(super) fn level_title(level: &Level, index: usize) -> String {
    match level.title() {
        Some(t) => t.to_owned(),
        None => format!("Level {}", index + 1),
    }
}

/// Return what the screen calls a floor of a level of several: `floor 2 of
/// 3`, with its name when it has one (`floor 2 of 3: Hall`).
pub(super) fn floor_label(view: &muscleman_sim::View, floor: u32) -> String {
    let label = format!("floor {floor} of {}", view.floor_count());
    match view.floor_name(floor) {
        Some(name) => format!("{label}: {name}"),
        None => label,
    }
}
