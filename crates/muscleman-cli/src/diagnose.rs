//! A level's diagnostics as a designer sees them while editing: `check`'s
//! errors (no player, unpaired stairs, what the sim cannot play) and its
//! designer warnings (an open edge, doors nothing opens, keys nothing
//! needs, plates that open nothing, legend letters never used, too few
//! boxes), each at its floor and cell
//! where it has one. The editor and `play --watch` show them; a leaf
//! module, importing no front end.

use muscleman_core::{EntityRecipe, GridPos};
use muscleman_level::{Level, cell_name_on, open_edge, signal_warnings};
use muscleman_sim::{BREWS, LevelLoadError, world_from_level};

pub use muscleman_play::words::count;

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The level cannot be played (or read back): `check` fails on it.
    Error,
    /// The level plays, but most likely not as meant.
    Warning,
}

/// One thing to tell the designer about a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// The floor and cell it is about, if it is about one.
    pub at: Option<(usize, GridPos)>,
    /// What is wrong, in words.
    pub message: String,
}

impl Diagnostic {
    fn error(at: Option<(usize, GridPos)>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            at,
            message: message.into(),
        }
    }

    fn warning(at: Option<(usize, GridPos)>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            at,
            message: message.into(),
        }
    }

    /// Return the line a list shows: `error: ...` or `warning: ...`, with
    /// the cell as every message names one (`row 2 column 4`, after its
    /// floor on a level of several: [`cell_name_on`]).
    pub fn line(&self, floors: usize) -> String {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        match self.at {
            Some((floor, at)) => format!(
                "{kind}: {}: {}",
                cell_name_on(floor, floors, at),
                self.message
            ),
            None => format!("{kind}: {}", self.message),
        }
    }
}

/// Return every diagnostic of `level`: errors first, then warnings, each
/// kind in reading order.
pub fn diagnose(level: &Level) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if level.player().is_none() {
        out.push(Diagnostic::error(
            None,
            "the level has no player: place one (Player)",
        ));
    }
    for u in level.unpaired_stairs() {
        out.push(Diagnostic::error(Some((u.floor, u.pos)), u.to_string()));
    }
    if level.player().is_some()
        && level.unpaired_stairs().is_empty()
        && let Err(e) = world_from_level(level)
    {
        // The sim's own words name the cell 0-based: the diagnostic names
        // it as every message does.
        let (at, why) = match e {
            LevelLoadError::NotSupported { at, floor, spec } => (
                Some((floor, at)),
                format!("the game cannot play {spec} yet"),
            ),
            e => (None, format!("the game cannot play it: {e}")),
        };
        out.push(Diagnostic::error(at, why));
    }
    for w in signal_warnings(level, BREWS) {
        out.push(Diagnostic::warning(
            Some((w.floor(), w.at())),
            w.to_string(),
        ));
    }
    // In the text the level was read from: letters no cell uses.
    for unused in level.unused_legend() {
        out.push(Diagnostic::warning(
            None,
            format!("{unused} (line {})", unused.line),
        ));
    }
    if let Some(at) = open_edge(level) {
        out.push(Diagnostic::warning(
            Some((level.player_floor().unwrap_or(1), at)),
            "open edge: the player reaches the level's edge here with no wall closing it",
        ));
    }
    if let Err(why) = crate::level_rules::needed(level) {
        out.push(Diagnostic::warning(None, why));
    }
    for why in misspelt_keys(level) {
        out.push(Diagnostic::warning(None, why));
    }
    for (floor, at, thing) in goal_blockers(level) {
        out.push(Diagnostic::warning(
            Some((floor, at)),
            goal_blocker_message(thing),
        ));
    }
    let (goals, boxes) = goals_and_boxes(level);
    if goals == 0 {
        out.push(Diagnostic::warning(
            None,
            "no goals, so it can never be solved",
        ));
    } else if boxes < goals {
        out.push(Diagnostic::warning(
            None,
            format!(
                "{} but only {}, so it can never be solved",
                count(goals, "goal", "goals"),
                count(boxes, "box", "boxes")
            ),
        ));
    } else if let Some(why) = muscleman_solver::counting_proof(level) {
        out.push(Diagnostic::warning(
            counted_cell(&why).map(|c| (c.floor, c.at)),
            format!("{why}, so it can never be solved"),
        ));
    }
    out
}

/// Return the cell a proof by counting is about: the door that never
/// opens or must, else the goal out of reach; `None` for a count over the
/// whole level.
pub fn counted_cell(why: &muscleman_solver::Counted) -> Option<muscleman_solver::Cell> {
    use muscleman_solver::Counted;
    match why {
        Counted::GoalOutOfReach {
            door: Some(door), ..
        } => Some(door.cell),
        Counted::GoalOutOfReach { goal, door: None } => Some(*goal),
        Counted::KeyInsideABox { door, .. } => Some(*door),
        Counted::TooFewBoxesInReach { .. } => None,
    }
}

/// Return a warning for each metadata key that misspells one the game
/// reads (`Autor: Ann`): kept as written, it means nothing to the game.
pub(crate) fn misspelt_keys(level: &Level) -> Vec<String> {
    level
        .metadata()
        .iter()
        .filter_map(|(key, _)| {
            muscleman_level::meant_key(key).map(|meant| {
                format!(
                    "metadata key \"{key}\" means nothing to the game: did you mean \"{meant}:\"?"
                )
            })
        })
        .collect()
}

/// Return the goals that hold from the start something that blocks them
/// and is no box (a duck, a key, a hammer...; the player aside), in
/// reading order, floor by floor: it does not fill the goal, and a box
/// cannot come in while it stays.
pub(crate) fn goal_blockers(level: &Level) -> Vec<(usize, GridPos, EntityRecipe)> {
    let goals: std::collections::BTreeSet<(usize, i32, i32)> = level
        .all_entities()
        .filter(|(_, _, s)| s.recipe == EntityRecipe::Goal)
        .map(|(f, p, _)| (f, p.y, p.x))
        .collect();
    let mut out: Vec<(usize, GridPos, EntityRecipe)> = level
        .all_entities()
        .filter(|(f, p, _)| goals.contains(&(*f, p.y, p.x)))
        .filter(|(_, _, s)| s.class().contains(muscleman_core::CellClass::BLOCKER))
        .filter(|(_, _, s)| {
            !matches!(
                s.recipe,
                EntityRecipe::Box | EntityRecipe::HeavyBox | EntityRecipe::Player
            )
        })
        .map(|(f, p, s)| (f, p, s.recipe))
        .collect();
    out.sort_by_key(|(f, p, _)| (*f, p.y, p.x));
    out
}

/// Return what a goal blocker's warning says: `a Duck on a goal does not
/// fill it: only a box or a heavy box does`.
pub(crate) fn goal_blocker_message(thing: EntityRecipe) -> String {
    format!(
        "a {thing} on a goal does not fill it: only a box or a heavy box does, and none \
         comes in while the {thing} stays"
    )
}

/// Return how many goals and boxes `level` has, on every floor (solved
/// means every goal of every floor holds a box); a sunk heavy box fills
/// water and is no box for a goal.
pub(crate) fn goals_and_boxes(level: &Level) -> (usize, usize) {
    let goals = level
        .all_entities()
        .filter(|(_, _, s)| s.recipe == EntityRecipe::Goal)
        .count();
    let boxes = level
        .all_entities()
        .filter(|(_, _, s)| matches!(s.recipe, EntityRecipe::Box | EntityRecipe::HeavyBox))
        .filter(|(_, _, s)| s.state.is_none())
        .count();
    (goals, boxes)
}

/// Return how many errors and warnings there are, as the panel says it:
/// `1 error, 2 warnings`, or `none`.
pub fn summary(diagnostics: &[Diagnostic]) -> String {
    let errors = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    let warnings = diagnostics.len() - errors;
    match (errors, warnings) {
        (0, 0) => "none".to_owned(),
        (e, 0) => count(e, "error", "errors"),
        (0, w) => count(w, "warning", "warnings"),
        (e, w) => format!(
            "{}, {}",
            count(e, "error", "errors"),
            count(w, "warning", "warnings")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(text: &str) -> Level {
        Level::parse(text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_sound_level_has_none() {
        assert_eq!(diagnose(&level("#####\n#@$.#\n#####\n")), []);
    }

    #[test]
    fn a_plate_without_a_door_is_named_at_its_cell() {
        let l = level("legend: p = PressurePlateRed\n######\n#@$.p#\n######\n");
        let d = diagnose(&l);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].at, Some((1, GridPos::new(4, 1))));
        assert_eq!(d[0].message, "the red plate opens nothing: no red door");
    }

    #[test]
    fn a_legend_letter_never_used_and_unknown_rules_are_warnings() {
        let l = level("legend: c = Coin\nRules: hands\n#####\n#@$.#\n#####\n");
        let d = diagnose(&l);
        assert_eq!(d.len(), 2, "{d:?}");
        assert_eq!(
            d[0].line(1),
            "warning: legend letter 'c' is defined and never used in the grid (line 1)"
        );
        assert!(
            d[1].message.contains("\"Rules: hands\" names no rules"),
            "{d:?}"
        );
    }

    #[test]
    fn a_level_without_a_player_or_boxes_says_so() {
        let mut l = level("#####\n#@ .#\n#####\n");
        let _ = l.remove(GridPos::new(1, 1), EntityRecipe::Player);
        let d = diagnose(&l);
        assert_eq!(d[0].severity, Severity::Error);
        assert!(d[0].message.contains("no player"));
        assert_eq!(summary(&d), "1 error, 1 warning");
        assert!(d[1].message.contains("1 goal but only 0 boxes"));
    }
}
