//! `muscleman check LEVEL...`: validate level files, report every error.

use std::io::{self, Write};

use muscleman_core::{EntityRecipe, GridPos, RecipeState};
use muscleman_level::{Level, MAX_INPUT_BYTES};
use muscleman_sim::{
    LevelLoadError, SIGNAL_CLASSES as CLASSES, TagKind, recipe_tags, world_from_level,
};

use crate::cli::CheckArgs;
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
        if let Some(at) = open_edge(level) {
            report.warnings.push(format!(
                "{}: the player can reach the level's edge here with no wall closing it; \
                 beyond the edge is floor, so the player and the boxes can leave the level \
                 (wall it in, or `solve` cannot prove it unsolvable)",
                place(&name, &label, level, at)
            ));
        }
        let goals = level.positions_of(EntityRecipe::Goal).count();
        // A sunk heavy box fills water; it is no box for a goal.
        let boxes = level
            .entities()
            .filter(|(_, s)| matches!(s.recipe, EntityRecipe::Box | EntityRecipe::HeavyBox))
            .filter(|(_, s)| s.state.is_none())
            .count();
        let first = place(&name, &label, level, GridPos::ZERO);
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
        }
    }
    report.errors = sorted(report.errors);
    report.warnings = sorted(report.warnings);
    if report.errors.is_empty() {
        report.levels = file.len();
    }
    report
}

/// Return `1 box`, `2 boxes`: a number and its noun.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Name a cell of a level for messages: `FILE:LINE:COL: LABEL` where it
/// was read, else `FILE: LABEL, row R, column C` (1-based in the grid).
fn place(name: &str, label: &str, level: &Level, at: GridPos) -> String {
    match level.source_position(at) {
        Some((line, column)) => format!("{name}:{line}:{column}: {label}"),
        None => format!(
            "{name}: {label}, row {}, column {}",
            i64::from(at.y) + 1,
            i64::from(at.x) + 1
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

/// Return the first cell, in reading order, of the level's rectangle edge
/// that the player can reach stepping between side-by-side cells without a
/// wall (strong or weak; boxes, goals, water and the rest ignored), if
/// any: the level is then open, the same test `solve` makes.
pub fn open_edge(level: &Level) -> Option<GridPos> {
    let (w, h) = (level.width(), level.height());
    let size = w.checked_mul(h)?;
    let index = |p: GridPos| -> Option<usize> {
        let (x, y) = (usize::try_from(p.x).ok()?, usize::try_from(p.y).ok()?);
        (x < w && y < h).then_some(y * w + x)
    };
    let mut wall = vec![false; size];
    for (at, spec) in level.entities() {
        if matches!(
            spec.recipe,
            EntityRecipe::WallStrong | EntityRecipe::WallWeak
        ) && let Some(cell) = index(at).and_then(|i| wall.get_mut(i))
        {
            *cell = true;
        }
    }
    let start = level.positions_of(EntityRecipe::Player).next()?;
    let mut seen = vec![false; size];
    let mut stack = vec![start];
    let mut first: Option<GridPos> = None;
    while let Some(p) = stack.pop() {
        let Some(i) = index(p) else { continue };
        if seen.get(i).copied().unwrap_or(true) || wall.get(i).copied().unwrap_or(true) {
            continue;
        }
        if let Some(s) = seen.get_mut(i) {
            *s = true;
        }
        let on_edge = p.x == 0
            || p.y == 0
            || index(GridPos::new(p.x + 1, p.y)).is_none()
            || index(GridPos::new(p.x, p.y + 1)).is_none();
        if on_edge && first.is_none_or(|f| (p.y, p.x) < (f.y, f.x)) {
            first = Some(p);
        }
        for dir in muscleman_core::GridDir::ALL {
            stack.push(p.step(dir));
        }
    }
    first
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
            // What the recipe is, by the tags the sim declares for it.
            let tags = recipe_tags(recipe).unwrap_or_default();
            let first = if tags.contains(TagKind::Key) {
                &mut f.key
            } else if tags.contains(TagKind::Door) && spec.state != Some(RecipeState::Unlocked) {
                &mut f.door
            } else if tags.contains(TagKind::PressurePlate) {
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

    #[test]
    fn an_open_level_is_found_at_its_first_edge_cell() {
        let open = Level::parse("  $ . @\n").unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(open_edge(&open), Some(GridPos::new(0, 0)));
        let walled = Level::parse("#####\n#@$.#\n#####\n").unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(open_edge(&walled), None);
        // A gap in the wall on the right.
        let gap = Level::parse("#####\n#@$. \n#####\n").unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(open_edge(&gap), Some(GridPos::new(4, 1)));
    }
}
