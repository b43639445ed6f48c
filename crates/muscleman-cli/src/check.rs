//! `muscleman check LEVEL...`: validate level files, report every error.

use std::io::{self, Write};

use muscleman_core::{EntityRecipe, GridPos, RecipeState};
use muscleman_level::{Level, MAX_INPUT_BYTES};
use muscleman_sim::{LevelLoadError, SIGNAL_CLASSES as CLASSES, world_from_level};

use crate::cli::CheckArgs;
use crate::error::{EXIT_BAD_INPUT, Failure, note, output_failure};
use crate::source::{LevelFile, read_capped};

/// The outcome of checking one file.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct FileReport {
    /// Levels read (0 when the file is invalid).
    pub levels: usize,
    /// Error lines, each `FILE:LINE:COL: message` (or `FILE: message` when no position applies).
    pub errors: Vec<String>,
    /// Warnings: valid, but worth a look (a level that can never be solved).
    pub warnings: Vec<String>,
}

/// Check one file.
pub fn check_file(path: &std::path::Path) -> FileReport {
    let mut report = FileReport::default();
    let name = path.display().to_string();
    let bytes = match read_capped(path, MAX_INPUT_BYTES) {
        Ok(b) => b,
        Err(e) => {
            report.errors.push(e.message);
            return report;
        }
    };
    let file = match LevelFile::parse(name.clone(), &bytes) {
        Ok(f) => f,
        Err(e) => {
            report.errors.extend(e.message.lines().map(str::to_owned));
            return report;
        }
    };
    for (i, level) in file.collection.levels.iter().enumerate() {
        let label = label(&file, i, level);
        if let Err(e) = world_from_level(level) {
            let at = match e {
                LevelLoadError::NotSupported { at, .. } => level.source_position(at),
                _ => None,
            };
            report.errors.push(match at {
                Some((line, column)) => {
                    format!("{name}:{line}:{column}: {label}: cannot be played: {e}")
                }
                None => format!("{name}: {label}: cannot be played: {e}"),
            });
        }
        report
            .warnings
            .extend(signal_warnings(&name, &label, level));
        let goals = level.positions_of(EntityRecipe::Goal).count();
        // A sunk heavy box fills water; it is no box for a goal.
        let boxes = level
            .entities()
            .filter(|(_, s)| matches!(s.recipe, EntityRecipe::Box | EntityRecipe::HeavyBox))
            .filter(|(_, s)| s.state.is_none())
            .count();
        if goals == 0 {
            report.warnings.push(format!(
                "{name}: {label}: no goals, so it can never be solved"
            ));
        } else if boxes < goals {
            report.warnings.push(format!(
                "{name}: {label}: {goals} goals but only {boxes} boxes, so it can never be solved"
            ));
        }
    }
    if report.errors.is_empty() {
        report.levels = file.len();
    }
    report
}

/// Where the first of some things of one class stands in a level.
#[derive(Default)]
struct Firsts {
    key: Option<GridPos>,
    door: Option<GridPos>,
    plate: Option<GridPos>,
}

/// Warn about doors nothing can open and keys nothing needs, each at the
/// first one of its colour: a door colour with neither a key nor a plate, a
/// key with no door of its colour, a secret door with no heavy plate. A key
/// in a box counts where the box stands; a door a key already unlocked
/// needs nothing.
fn signal_warnings(name: &str, label: &str, level: &Level) -> Vec<String> {
    let mut firsts: [Firsts; CLASSES.len()] = Default::default();
    let slot = |color| CLASSES.iter().position(|c| *c == color);
    for (at, spec) in level.entities() {
        let recipes = std::iter::once(spec.recipe).chain(spec.contents.as_slice().iter().copied());
        for recipe in recipes {
            let Some(f) = slot(recipe.color()).and_then(|i| firsts.get_mut(i)) else {
                continue;
            };
            let first = if recipe.is_key() {
                &mut f.key
            } else if recipe.is_door() && spec.state != Some(RecipeState::Unlocked) {
                &mut f.door
            } else if recipe.is_plate() {
                &mut f.plate
            } else {
                continue;
            };
            first.get_or_insert(at);
        }
    }
    let place = |at: GridPos| match level.source_position(at) {
        Some((line, column)) => format!("{name}:{line}:{column}: {label}"),
        None => format!("{name}: {label}"),
    };
    let mut warnings = Vec::new();
    for (color, f) in CLASSES.iter().zip(&firsts) {
        let color = color.map(|c| format!("{c:?}").to_lowercase());
        match (&color, f.door) {
            (Some(c), Some(at)) if f.key.is_none() && f.plate.is_none() => warnings.push(format!(
                "{}: no key and no plate opens the {c} door",
                place(at)
            )),
            (None, Some(at)) if f.plate.is_none() => warnings.push(format!(
                "{}: no heavy plate opens the secret door",
                place(at)
            )),
            _ => {}
        }
        if let (Some(c), Some(at), None) = (&color, f.key, f.door) {
            warnings.push(format!(
                "{}: the {c} key has no {c} door to open",
                place(at)
            ));
        }
    }
    warnings
}

fn label(file: &LevelFile, index: usize, level: &Level) -> String {
    let mut s = format!("level {}", index + 1);
    if file.len() > 1 {
        s.push_str(&format!(" of {}", file.len()));
    }
    if let Some(t) = level.title() {
        s.push_str(&format!(" ({t})"));
    }
    s
}

/// Run `check`.
pub fn run(args: &CheckArgs) -> Result<(), Failure> {
    let mut failed = false;
    let mut summary = String::new();
    for path in &args.level_files {
        let report = check_file(path);
        for e in &report.errors {
            note(e);
        }
        for w in &report.warnings {
            note(&format!("warning: {w}"));
        }
        if report.errors.is_empty() {
            let n = report.levels;
            let levels = if n == 1 { "level" } else { "levels" };
            let all = if n == 1 { "valid" } else { "all valid" };
            summary.push_str(&format!("{}: {n} {levels} read, {all}\n", path.display()));
        } else {
            failed = true;
        }
    }
    if failed {
        return Err(Failure::quiet(EXIT_BAD_INPUT));
    }
    if !args.quiet {
        let mut out = io::stdout().lock();
        out.write_all(summary.as_bytes())
            .and_then(|()| out.flush())
            .map_err(|e| output_failure(&e))?;
    }
    if args.solve {
        return crate::solve::check_solvable(&args.level_files, args.timeout);
    }
    Ok(())
}
