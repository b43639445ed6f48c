//! What the screen calls things: the level being played, and the rules.

use super::app::App;
use crate::progress::rules_key;

/// Return the name of the rules in the panel and the help.
pub fn rules_name(rules: muscleman_sim::Rules) -> String {
    match rules_key(rules).as_str() {
        "muscleman" => "Muscleman".to_owned(),
        "sokoban" => "Sokoban".to_owned(),
        other => other.to_owned(),
    }
}

/// Return the title of the level being played, or `Level N`.
pub(super) fn level_title(app: &App) -> String {
    match app.level().title() {
        Some(t) => t.to_owned(),
        None => format!("Level {}", app.level_index() + 1),
    }
}
