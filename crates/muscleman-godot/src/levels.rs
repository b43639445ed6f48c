//! The built-in levels, from the `muscleman-levels` crate (the same asset
//! the `muscleman` binary loads).

use muscleman_level::{Collection, Level, ParseErrors};

/// The built-in collection in the level text format: the same asset the
/// `muscleman` binary loads.
pub const BUILTIN: &str = muscleman_levels::BUILTIN;

/// Read the built-in levels, in file order.
///
/// # Example
/// ```
/// let levels = muscleman_godot::levels::builtin()?;
/// assert_eq!(levels[0].title(), Some("First Steps"));
/// # Ok::<(), muscleman_level::ParseErrors>(())
/// ```
pub fn builtin() -> Result<Vec<Level>, ParseErrors> {
    Collection::parse(BUILTIN).map(|c| c.levels)
}

/// Return the title of each built-in level, in order (`"Level N"` for a
/// level without one).
pub fn builtin_titles() -> Result<Vec<String>, ParseErrors> {
    Ok(builtin()?
        .iter()
        .enumerate()
        .map(|(i, l)| title_of(l, i))
        .collect())
}

/// Return a level's title, or `"Level N"` (numbered from 1) for `index`.
pub fn title_of(level: &Level, index: usize) -> String {
    level.title().map_or_else(
        || format!("Level {}", index.saturating_add(1)),
        str::to_owned,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_level_has_a_title() {
        let titles = builtin_titles().unwrap();
        // One title a level, and one stored solution a level.
        let solutions = muscleman_levels::SOLUTIONS
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .count();
        assert_eq!(titles.len(), solutions);
        assert!(titles.len() >= 40, "{} levels", titles.len());
        assert_eq!(titles[20], "Corner Pull");
        assert!(titles.iter().all(|t| !t.starts_with("Level ")));
    }

    #[test]
    fn an_untitled_level_is_named_by_its_number() {
        let level = Level::parse("#@$.#").unwrap();
        assert_eq!(title_of(&level, 4), "Level 5");
    }
}
