//! What the screen calls things: the level being played, its floors, and
//! the rules.

use muscleman_level::Level;

pub(crate) use muscleman_play::about::intro_comment;
pub use muscleman_play::about::rules_name;

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

/// Return how a solve's moves compare with the level's par: `Par 42:
/// matched`, `Par 42: 3 moves over`, `Par 42: 2 moves under!`.
///
/// # Example
/// ```
/// use muscleman_cli::play::names::par_verdict;
///
/// assert_eq!(par_verdict(42, 42), "Par 42: matched");
/// assert_eq!(par_verdict(43, 42), "Par 42: 1 move over");
/// assert_eq!(par_verdict(40, 42), "Par 42: 2 moves under!");
/// ```
pub fn par_verdict(moves: u32, par: u32) -> String {
    let by =
        |n: u32| crate::diagnose::count(usize::try_from(n).unwrap_or(usize::MAX), "move", "moves");
    match moves.cmp(&par) {
        std::cmp::Ordering::Equal => format!("Par {par}: matched"),
        std::cmp::Ordering::Greater => format!("Par {par}: {} over", by(moves - par)),
        std::cmp::Ordering::Less => format!("Par {par}: {} under!", by(par - moves)),
    }
}
