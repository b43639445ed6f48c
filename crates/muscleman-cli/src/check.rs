//! `muscleman check LEVEL...`: validate level files, report every error.

use std::io::{self, Write};

use muscleman_core::GridPos;
use muscleman_level::{Level, MAX_INPUT_BYTES, open_edge_on, signal_warnings};
use muscleman_sim::{BREWS, LevelLoadError, world_from_level};

use crate::cli::CheckArgs;
use crate::diagnose::count;
use crate::error::{EXIT_BAD_INPUT, Failure, note, output_failure, warn};
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
                LevelLoadError::NotSupported { at, floor, .. } => {
                    level.floor(floor).and_then(|f| f.source_position(at))
                }
                _ => None,
            };
            report.errors.push(match at {
                Some((line, column)) => {
                    format!("{name}:{line}:{column}: {label}: cannot be played: {e}")
                }
                None => format!("{name}: {label}: cannot be played: {e}"),
            });
        }
        // Doors nothing opens and keys nothing needs, at the first of each.
        for warning in signal_warnings(level, BREWS) {
            let at = match level.source_position(warning.at()) {
                Some((line, column)) => format!("{name}:{line}:{column}: {label}"),
                None => format!("{name}: {label}"),
            };
            report.warnings.push(format!("{at}: {warning}"));
        }
        // Legend letters defined and never used, at their legend lines.
        for unused in level.unused_legend() {
            report.warnings.push(format!(
                "{name}:{}:{}: {label}: {unused}",
                unused.line, unused.column
            ));
        }
        if let Some((floor, at)) = open_edge_on(level) {
            report.warnings.push(format!(
                "{}: the player can reach the level's edge here with no wall closing it; \
                 beyond the edge is floor, so the player and the boxes can leave the level \
                 (wall it in, or `solve` cannot prove it unsolvable)",
                place_on(&name, &label, level, floor, at)
            ));
        }
        for (floor, at, thing) in crate::diagnose::goal_blockers(level) {
            report.warnings.push(format!(
                "{}: {}",
                place_on(&name, &label, level, floor, at),
                crate::diagnose::goal_blocker_message(thing)
            ));
        }
        let (goals, boxes) = crate::diagnose::goals_and_boxes(level);
        let first = place(&name, &label, level, GridPos::ZERO);
        if let Err(why) = crate::level_rules::needed(level) {
            report.warnings.push(format!("{first}: {why}"));
        }
        for why in crate::diagnose::misspelt_keys(level) {
            report.warnings.push(format!("{first}: {why}"));
        }
        if goals == 0 {
            report
                .warnings
                .push(format!("{first}: no goals, so it can never be solved"));
        } else if boxes < goals {
            report.warnings.push(format!(
                "{first}: {} but only {}, so it can never be solved",
                count(goals, "goal", "goals"),
                count(boxes, "box", "boxes")
            ));
        } else if let Some(why) = muscleman_solver::counting_proof(level) {
            // A proof by counting, at the cell it names.
            let at = match crate::diagnose::counted_cell(&why) {
                Some(cell) => place_on(&name, &label, level, cell.floor, cell.at),
                None => first,
            };
            report
                .warnings
                .push(format!("{at}: {why}, so it can never be solved"));
        }
    }
    report.errors = sorted(report.errors);
    report.warnings = sorted(report.warnings);
    if report.errors.is_empty() {
        report.levels = file.len();
    }
    report
}

/// Name a cell of a level for messages: `FILE:LINE:COL: LABEL` where it
/// was read, else `FILE: LABEL, row R column C` (1-based in the grid).
fn place(name: &str, label: &str, level: &Level, at: GridPos) -> String {
    place_on(name, label, level, 1, at)
}

/// [`place`] on floor `floor` (from 1): a cell without a source names
/// its floor when the level has several.
fn place_on(name: &str, label: &str, level: &Level, floor: usize, at: GridPos) -> String {
    match level.floor(floor).and_then(|f| f.source_position(at)) {
        Some((line, column)) => format!("{name}:{line}:{column}: {label}"),
        None => format!(
            "{name}: {label}, {}",
            muscleman_level::cell_name_on(floor, level.floor_count(), at)
        ),
    }
}

/// Sort messages by their place: `FILE:LINE:COL:` in file, line and column
/// order (numbers as numbers); a message without a line comes first in its
/// file. Stable: messages at one place keep their order.
fn sorted(mut messages: Vec<String>) -> Vec<String> {
    messages.sort_by_cached_key(|m| position_key(m));
    messages
}

/// The place a message names, to sort by.
fn position_key(message: &str) -> (String, usize, usize) {
    // `FILE:LINE:COL: ...`, the file name itself perhaps holding colons.
    let mut parts = message.split(": ");
    let head = parts.next().unwrap_or_default();
    let mut fields = head.rsplitn(3, ':');
    let col = fields.next().and_then(|c| c.parse().ok());
    let line = fields.next().and_then(|l| l.parse().ok());
    match (line, col, fields.next()) {
        (Some(line), Some(col), Some(file)) => (file.to_owned(), line, col),
        _ => (head.to_owned(), 0, 0),
    }
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
            // Every message names its place (`FILE:LINE:COL:`), or is the
            // program's own (`muscleman: `), as docs/cli.md promises.
            if has_position(e) {
                note(e);
            } else {
                warn(e);
            }
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

/// Return whether a message starts with a place `FILE:LINE:COL:`.
fn has_position(message: &str) -> bool {
    let (_, line, col) = position_key(message);
    line > 0 && col > 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_sort_by_file_line_and_column_as_numbers() {
        let sorted = sorted(vec![
            "a.txt:10:1: x".to_owned(),
            "a.txt:2:2: y".to_owned(),
            "a.txt:2:1: z".to_owned(),
            "a.txt: level 1: w".to_owned(),
        ]);
        assert_eq!(
            sorted,
            [
                "a.txt: level 1: w",
                "a.txt:2:1: z",
                "a.txt:2:2: y",
                "a.txt:10:1: x"
            ]
        );
    }
}
