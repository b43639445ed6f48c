//! `muscleman check LEVEL...`: validate level files, report every error.

use std::io::{self, Write};

use muscleman_core::EntityRecipe;
use muscleman_level::{Level, MAX_INPUT_BYTES};
use muscleman_sim::{LevelLoadError, world_from_level};

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
    Ok(())
}
