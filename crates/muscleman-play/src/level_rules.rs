//! The rules a level says it needs: its `Rules:` metadata
//! (docs/level-format.md). `Rules: muscleman` marks a level that cannot be
//! solved under Sokoban rules (it needs hands, or a line of boxes pushed at
//! once); a level without the line, or with `Rules: sokoban`, can be. The
//! built-in levels' lines are checked by a test against the solver; the
//! level list, `play`, `solve` and `check` read them.

use muscleman_level::Level;
use muscleman_sim::Rules;

use crate::progress::rules_key;

/// The metadata key.
pub const KEY: &str = "Rules";

/// Return the rules a level says it needs: `Ok(None)` when it says none;
/// an error (a message) for a value that names no rules.
///
/// # Example
/// ```
/// use muscleman_play::level_rules::needed;
/// use muscleman_level::Level;
/// use muscleman_sim::Rules;
///
/// let level = Level::parse("Rules: muscleman\n###\n#@#\n###\n")?;
/// assert_eq!(needed(&level), Ok(Some(Rules::MUSCLEMAN)));
/// assert_eq!(needed(&Level::parse("###\n#@#\n###\n")?), Ok(None));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn needed(level: &Level) -> Result<Option<Rules>, String> {
    let Some(value) = level.metadata().get(KEY) else {
        return Ok(None);
    };
    let value = value.trim();
    [Rules::MUSCLEMAN, Rules::SOKOBAN]
        .into_iter()
        .find(|r| rules_key(*r).eq_ignore_ascii_case(value))
        .map(Some)
        .ok_or_else(|| {
            format!("\"{KEY}: {value}\" names no rules, expected \"{KEY}: muscleman\" or \"{KEY}: sokoban\"")
        })
}

/// Return whether a level can be solved under `rules` as far as it says:
/// every level but one that says `Rules: muscleman`, played under other
/// rules.
pub fn allows(level: &Level, rules: Rules) -> bool {
    !matches!(needed(level), Ok(Some(needs)) if needs == Rules::MUSCLEMAN && rules != needs)
}

/// Return why a level cannot be solved under `rules`, in words, when it
/// says so (`None` when it does not).
pub fn why_not(level: &Level, rules: Rules) -> Option<String> {
    (!allows(level, rules)).then(|| {
        format!(
            "the level says \"{KEY}: muscleman\": it needs Muscleman's rules (hands, or a line \
             of boxes pushed at once)"
        )
    })
}
