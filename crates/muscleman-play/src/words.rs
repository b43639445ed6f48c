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
