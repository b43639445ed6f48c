//! `muscleman solve LEVEL`: search for a solution with the solver crate.
//!
//! Every level the sim can play is searched
//! ([`muscleman_solver::solve_level`]): the fast push search where it
//! covers the rules, the general search over the sim's own positions
//! (every input: moves, grab, drop, swings, wait) where it does not. Exit 1 (proved unsolvable) is only said when the
//! solver proves it: [`SolveOutcome::Unsolvable`], after a complete search
//! of the real rules, or for a level without goals or with fewer boxes
//! than goals. An open level whose bounded search runs out, a limit and a
//! solver error give up (exit 3).
//!
//! Every bad input (exit 2) is found by [`SolveConfig::resolve`], before
//! anything is solved: after it, a level ends solved, unsolvable or given up,
//! never exit 2, so solutions are printed as they are found and standard
//! output stays empty on exit 2 (rules.md §7). While a level is searched,
//! a progress line is kept on standard error when it is a terminal.

use std::io::{self, IsTerminal, Write};
use std::time::Duration;

use muscleman_core::GridPos;
use muscleman_level::Level;
use muscleman_sim::{Rules, world_from_level};
use muscleman_solver::{
    GiveUpReason, Optimize, Progress, Reach, SolveOptions, SolveOutcome, UnsolvableReason,
    solve_level_with_progress,
};

use crate::cli::{OptimalArg, SolveArgs};
use crate::diagnose::count;
use crate::error::{EXIT_GAVE_UP, EXIT_OK, EXIT_UNSOLVABLE, Failure, note, output_failure};
use crate::level_rules;
use crate::source::LevelFile;

/// A solve, checked: the levels to solve and how.
#[derive(Debug)]
pub struct SolveConfig {
    /// The file's name, for messages.
    pub file_name: String,
    /// The levels to solve, with their 1-based numbers in the file.
    pub levels: Vec<(usize, Level)>,
    /// How many levels the file holds.
    pub count: usize,
    /// Whether a collection is solved level by level (titles printed).
    pub each: bool,
    /// The solver's options.
    pub options: SolveOptions,
}

impl SolveConfig {
    /// Read the level file and turn the flags into solver options.
    pub fn resolve(args: &SolveArgs) -> Result<SolveConfig, Failure> {
        let file = LevelFile::read(&args.level_file)?;
        let each = args.level.is_none() && file.len() > 1;
        let levels: Vec<(usize, Level)> = if each {
            file.collection
                .levels
                .iter()
                .enumerate()
                .map(|(i, l)| (i + 1, l.clone()))
                .collect()
        } else {
            let (i, level) = file.select(args.level)?;
            vec![(i + 1, level.clone())]
        };
        // A level the sim cannot play is bad input, as in replay and play.
        for (number, level) in &levels {
            world_from_level(level).map_err(|e| {
                Failure::bad_input(format!(
                    "{}: level {number} cannot be played: {e}",
                    file.name
                ))
            })?;
        }
        let optimize = match args.optimal {
            None => Optimize::Fast,
            Some(OptimalArg::Pushes) => Optimize::Pushes,
            Some(OptimalArg::Moves) => Optimize::Moves,
        };
        let options = SolveOptions {
            rules: args.rules.rules(),
            optimize,
            timeout: Some(args.timeout),
            memory_mb: args.memory.max(1),
            threads: usize::try_from(args.threads).unwrap_or(1),
            cancel: None,
            ..SolveOptions::default()
        };
        Ok(SolveConfig {
            file_name: file.name.clone(),
            levels,
            count: file.len(),
            each,
            options,
        })
    }
}

/// What happened to one level.
enum Verdict {
    Solved,
    Unsolvable,
    GaveUp,
}

fn rules_name(rules: Rules) -> &'static str {
    if rules == Rules::SOKOBAN {
        "Sokoban"
    } else {
        "Muscleman"
    }
}

fn seconds(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

/// Run `solve`.
pub fn run(args: &SolveArgs) -> Result<(), Failure> {
    let config = SolveConfig::resolve(args)?;
    let mut out = io::stdout().lock();
    let mut solved = 0usize;
    let mut gave_up = false;
    let mut unsolvable = false;
    for (number, level) in &config.levels {
        let label = match (config.count > 1, level.title()) {
            (true, Some(t)) => format!("level {number} of {} ({t})", config.count),
            (true, None) => format!("level {number} of {}", config.count),
            (false, Some(t)) => t.to_owned(),
            (false, None) => "the level".to_owned(),
        };
        let (verdict, text) = solve_level(&config, *number, level, &label);
        if let Some(text) = text {
            out.write_all(text.as_bytes())
                .and_then(|()| out.flush())
                .map_err(|e| output_failure(&e))?;
        }
        match verdict {
            Verdict::Solved => solved += 1,
            Verdict::Unsolvable => unsolvable = true,
            Verdict::GaveUp => gave_up = true,
        }
    }
    if config.each {
        note(&format!("solved {solved} of {}", config.levels.len()));
    }
    let code = if gave_up {
        EXIT_GAVE_UP
    } else if unsolvable {
        EXIT_UNSOLVABLE
    } else {
        EXIT_OK
    };
    if code == EXIT_OK {
        Ok(())
    } else {
        Err(Failure::quiet(code))
    }
}

/// Solve one level: report on standard error, and return the verdict with
/// what standard output gets (the solution, under its title on a collection).
fn solve_level(
    config: &SolveConfig,
    number: usize,
    level: &Level,
    label: &str,
) -> (Verdict, Option<String>) {
    let outcome = search(level, &config.options, label);
    let (verdict, message) = describe(&outcome, &config.options, &config.file_name, level);
    note(&format!("{label}: {message}"));
    let text = match &outcome {
        Ok(SolveOutcome::Solved(s)) => {
            let mut text = String::new();
            if config.each {
                let title = level
                    .title()
                    .map_or_else(|| format!("Level {number}"), str::to_owned);
                text.push_str(&format!("; {title}\n"));
            }
            text.push_str(&s.moves);
            text.push('\n');
            if config.each {
                text.push('\n');
            }
            Some(text)
        }
        _ => None,
    };
    (verdict, text)
}

/// Search one level, keeping a progress line on standard error while it
/// runs when standard error is a terminal.
fn search(
    level: &Level,
    options: &SolveOptions,
    label: &str,
) -> Result<SolveOutcome, muscleman_solver::SolveError> {
    let live = io::stderr().is_terminal();
    let mut shown = false;
    let mut show = |p: &Progress| {
        shown = true;
        let line = format!(
            "{label}: searching: {}, {} stored, depth {}, {} MB, {}",
            count(as_count(p.stats.expanded), "state", "states"),
            p.stats.stored,
            p.bound,
            p.stats.memory_bytes >> 20,
            seconds(p.stats.elapsed)
        );
        // One row, cut to the terminal's width: a wrapped line would leave
        // its first rows behind at each redraw.
        let width = ratatui::crossterm::terminal::size().map_or(80, |(w, _)| usize::from(w));
        let line: String = line.chars().take(width.saturating_sub(1)).collect();
        eprint!("\r\x1b[2K{line}");
    };
    let outcome = if live {
        solve_level_with_progress(level, options, &mut show)
    } else {
        solve_level_with_progress(level, options, &mut |_| {})
    };
    if shown {
        // Clear the progress line before the verdict.
        eprint!("\r\x1b[2K");
    }
    outcome
}

/// Return a count as `usize`, for [`count`] (a count past it shows as the
/// largest).
fn as_count(n: impl TryInto<usize>) -> usize {
    n.try_into().unwrap_or(usize::MAX)
}

/// Return the verdict of a search and what to say of it (after the level's
/// label), with, for a level that says it needs other rules (`Rules:
/// muscleman` under Sokoban rules), why in the same line.
fn describe(
    outcome: &Result<SolveOutcome, muscleman_solver::SolveError>,
    options: &SolveOptions,
    file_name: &str,
    level: &Level,
) -> (Verdict, String) {
    let (verdict, text) = verdict_of(outcome, options, file_name, level);
    let Some(why) = level_rules::why_not(level, options.rules) else {
        return (verdict, text);
    };
    let text = match verdict {
        Verdict::Unsolvable => format!(
            "no solution under {} rules: {why}; {}",
            rules_name(options.rules),
            text.trim_start_matches("no solution: ")
        ),
        Verdict::Solved => format!("{text}, though {why}"),
        Verdict::GaveUp => format!("{text}; {why}"),
    };
    (verdict, text)
}

/// Return the verdict of a search and what to say of it.
fn verdict_of(
    outcome: &Result<SolveOutcome, muscleman_solver::SolveError>,
    options: &SolveOptions,
    file_name: &str,
    level: &Level,
) -> (Verdict, String) {
    match outcome {
        Ok(SolveOutcome::Solved(s)) => {
            let optimal = match (options.optimize, s.optimal) {
                (Optimize::Pushes, true) => ", fewest pushes",
                (Optimize::Moves, true) => ", fewest moves",
                _ => "",
            };
            (
                Verdict::Solved,
                format!(
                    "solved under {} rules, {}, {}{optimal} ({}, {})",
                    rules_name(options.rules),
                    count(as_count(s.move_count), "move", "moves"),
                    count(as_count(s.pushes), "push", "pushes"),
                    count(as_count(s.stats.expanded), "state", "states"),
                    seconds(s.stats.elapsed)
                ),
            )
        }
        Ok(SolveOutcome::Unsolvable { reason, stats }) => {
            let why = match reason {
                UnsolvableReason::NoGoals => "it has no goals".to_owned(),
                UnsolvableReason::TooFewBoxes { boxes, goals } => {
                    format!(
                        "{} but only {}",
                        count(as_count(*goals), "goal", "goals"),
                        count(as_count(*boxes), "box", "boxes")
                    )
                }
                UnsolvableReason::Counted(why) => why.to_string(),
                UnsolvableReason::Exhausted => format!(
                    "every reachable position was searched ({})",
                    count(as_count(stats.expanded), "state", "states")
                ),
            };
            (Verdict::Unsolvable, format!("no solution: {why}"))
        }
        Ok(SolveOutcome::GaveUp { reason, stats }) => {
            let states = stats.expanded;
            let time = seconds(stats.elapsed);
            let why = match *reason {
                GiveUpReason::Timeout => {
                    format!("time limit reached after {states} states, {time}")
                }
                GiveUpReason::Memory => {
                    format!("memory limit reached after {states} states, {time}")
                }
                GiveUpReason::Cancelled => format!("cancelled after {states} states, {time}"),
                GiveUpReason::Budget => {
                    format!("position budget spent after {states} states, {time}")
                }
                GiveUpReason::OpenLevel { edge } => format!(
                    "the level is open (no wall closes its edge at {}), and this search only \
                     proves enclosed levels unsolvable (it searched only inside the level's \
                     rectangle: {states} states, {time})",
                    cell_name(edge)
                ),
                GiveUpReason::Bounded { at, margin } => format!(
                    "the level is open (the sim has floor beyond its edge): the search was \
                     bounded to the level's rectangle plus {margin} cells on every side, a step \
                     reached past it ({}), and every position inside was searched ({states} \
                     states, {time}); that proves nothing",
                    cell_name(at)
                ),
                GiveUpReason::Unmodelled { what, at } => {
                    format!(
                        "this search does not model {what} ({})",
                        source_name(file_name, level, at)
                    )
                }
                GiveUpReason::PushesOnly => format!(
                    "this search covers pushes only, and under {} rules boxes can also be \
                     pulled and swung ({states} states, {time}; `--rules sokoban` proves \
                     push-only levels)",
                    rules_name(options.rules)
                ),
            };
            (
                Verdict::GaveUp,
                format!("gave up: {why}{}", how_far(&stats.reach)),
            )
        }
        Err(e) => (Verdict::GaveUp, format!("gave up: the solver failed: {e}")),
    }
}

/// Return what a search that gave up says of how far it got (empty when
/// the general search did not run): the best position's goals filled, the
/// order, the prunings that applied and the positions they dropped.
fn how_far(reach: &Reach) -> String {
    if reach.goals == 0 {
        return String::new();
    }
    let order = if reach.guided {
        "best-first"
    } else {
        "breadth-first"
    };
    let prunings: Vec<&str> = reach.prunings.names().collect();
    let prunings = if prunings.is_empty() {
        "none".to_owned()
    } else {
        prunings.join(", ")
    };
    format!(
        "; best position: {} of {} goals filled; {order} search; prunings: {prunings} \
         ({} positions dropped as dead)",
        reach.best_on_goal, reach.goals, reach.dead
    )
}

/// Run `check --solve` on files `check` found valid: print one line per
/// level on standard output, solved (with moves and pushes), no solution
/// or gave up; return exit 0 when every level was solved, 3 when one gave
/// up, else 1 when one has no solution.
pub fn check_solvable(files: &[std::path::PathBuf], timeout: Duration) -> Result<(), Failure> {
    let options = SolveOptions {
        timeout: Some(timeout),
        ..SolveOptions::default()
    };
    let mut out = io::stdout().lock();
    let (mut gave_up, mut unsolvable) = (false, false);
    for path in files {
        let file = LevelFile::read(path)?;
        for (i, level) in file.collection.levels.iter().enumerate() {
            let mut label = format!("{}: level {}", file.name, i + 1);
            if let Some(t) = level.title() {
                label.push_str(&format!(" ({t})"));
            }
            let outcome = search(level, &options, &label);
            let (verdict, message) = describe(&outcome, &options, &file.name, level);
            gave_up |= matches!(verdict, Verdict::GaveUp);
            unsolvable |= matches!(verdict, Verdict::Unsolvable);
            writeln!(out, "{label}: {message}")
                .and_then(|()| out.flush())
                .map_err(|e| output_failure(&e))?;
        }
    }
    match (gave_up, unsolvable) {
        (true, _) => Err(Failure::quiet(EXIT_GAVE_UP)),
        (false, true) => Err(Failure::quiet(EXIT_UNSOLVABLE)),
        (false, false) => Ok(()),
    }
}

/// Name a cell of a level for messages by where it was read: `FILE:LINE:COLUMN`
/// (as `check` names errors), or `row R, column C` for a cell with no source
/// position.
fn source_name(file: &str, level: &Level, at: GridPos) -> String {
    level.source_position(at).map_or_else(
        || cell_name(at),
        |(line, column)| format!("{file}:{line}:{column}"),
    )
}

/// Name a cell of a level for messages: `row R column C`, 1-based from the
/// level's top-left cell.
fn cell_name(at: GridPos) -> String {
    muscleman_level::cell_name(at)
}
