//! Words every front end's messages share.

/// Return `1 box`, `2 boxes`: a number and its noun.
///
/// # Example
/// ```
/// use muscleman_play::words::count;
///
/// assert_eq!(count(1, "move", "moves"), "1 move");
/// assert_eq!(count(0, "push", "pushes"), "0 pushes");
/// ```
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Return how a solve's moves compare with the level's par: `Par 42:
/// matched`, `Par 42: 3 moves over`, `Par 42: 2 moves under!`.
///
/// # Example
/// ```
/// use muscleman_play::words::par_verdict;
///
/// assert_eq!(par_verdict(42, 42), "Par 42: matched");
/// assert_eq!(par_verdict(43, 42), "Par 42: 1 move over");
/// assert_eq!(par_verdict(40, 42), "Par 42: 2 moves under!");
/// ```
pub fn par_verdict(moves: u32, par: u32) -> String {
    let by = |n: u32| count(usize::try_from(n).unwrap_or(usize::MAX), "move", "moves");
    match moves.cmp(&par) {
        std::cmp::Ordering::Equal => format!("Par {par}: matched"),
        std::cmp::Ordering::Greater => format!("Par {par}: {} over", by(moves - par)),
        std::cmp::Ordering::Less => format!("Par {par}: {} under!", by(par - moves)),
    }
}

/// Return what a solve improved, as the Solved banner says it (`First
/// solve!`, `New best: moves!`), or `None` when it improved nothing.
///
/// # Example
/// ```
/// use muscleman_play::progress::Improvement;
/// use muscleman_play::words::improvement_note;
///
/// let first = Improvement { first_solve: true, moves: true, pushes: true };
/// assert_eq!(improvement_note(first), Some("First solve!"));
/// assert_eq!(improvement_note(Improvement::default()), None);
/// ```
pub fn improvement_note(improvement: crate::progress::Improvement) -> Option<&'static str> {
    let i = improvement;
    if i.first_solve {
        Some("First solve!")
    } else if i.moves && i.pushes {
        Some("New best: moves and pushes!")
    } else if i.moves {
        Some("New best: moves!")
    } else if i.pushes {
        Some("New best: pushes!")
    } else {
        None
    }
}
