//! The solver's benchmark sets in one run: the designer set, the
//! multi-step levels, the built-in levels, Microban under both rules and XSokoban under Sokoban rules, each
//! level through `solve_level` (what `muscleman solve` runs), one thread,
//! any solution, with a per-level time limit; one line per level, then one
//! table of the sets (levels solved, proved unsolvable, total and worst
//! time).
//!
//! ```text
//! cargo run --release -p muscleman-solver --example sets -- \
//!     [--timeout SECS] [--memory MB] [--dir LEVELS_DIR] [--only SET]... \
//!     [--optimal moves|pushes]
//! ```
//!
//! `LEVELS_DIR` holds `Microban.xsb` and `XSokoban.xsb` (default
//! `../shared/levels`, beside the repository); the designer set and the
//! built-in levels are in the repository. `--only` takes a set's short
//! name: `designer`, `multistep` (issue 43's levels where one thing must
//! happen before another), `builtin`, `designer-sokoban`, `builtin-sokoban` (the
//! same levels under Sokoban rules: no hands, so many have no solution,
//! and the general search must prove it), `microban-sokoban`,
//! `microban-muscleman`, `xsokoban`. `--optimal` asks for proved fewest moves or pushes instead of
//! any solution (a level solved but not proved optimal counts as not
//! answered).

use std::time::{Duration, Instant};

use muscleman_sim::Rules;
use muscleman_solver::{
    Optimize, SolveOptions, SolveOutcome, Stats, parse_collection, solve_level,
};

const DESIGNER: &str = include_str!("../benches/designer.txt");
const MULTISTEP: &str = include_str!("../benches/multistep.txt");

/// One set: its short name, its title in the table, where its levels come
/// from and the rules.
struct Set {
    name: &'static str,
    title: &'static str,
    source: Source,
    rules: Rules,
}

enum Source {
    Text(&'static str),
    File(&'static str),
}

const SETS: [Set; 8] = [
    Set {
        name: "designer",
        title: "Designer set, Muscleman rules",
        source: Source::Text(DESIGNER),
        rules: Rules::MUSCLEMAN,
    },
    Set {
        name: "multistep",
        title: "Multi-step levels, Muscleman rules",
        source: Source::Text(MULTISTEP),
        rules: Rules::MUSCLEMAN,
    },
    Set {
        name: "builtin",
        title: "Built-in levels, Muscleman rules",
        source: Source::Text(muscleman_levels::BUILTIN),
        rules: Rules::MUSCLEMAN,
    },
    Set {
        name: "designer-sokoban",
        title: "Designer set, Sokoban rules",
        source: Source::Text(DESIGNER),
        rules: Rules::SOKOBAN,
    },
    Set {
        name: "builtin-sokoban",
        title: "Built-in levels, Sokoban rules",
        source: Source::Text(muscleman_levels::BUILTIN),
        rules: Rules::SOKOBAN,
    },
    Set {
        name: "microban-sokoban",
        title: "Microban, Sokoban rules",
        source: Source::File("Microban.xsb"),
        rules: Rules::SOKOBAN,
    },
    Set {
        name: "microban-muscleman",
        title: "Microban, Muscleman rules",
        source: Source::File("Microban.xsb"),
        rules: Rules::MUSCLEMAN,
    },
    Set {
        name: "xsokoban",
        title: "XSokoban, Sokoban rules",
        source: Source::File("XSokoban.xsb"),
        rules: Rules::SOKOBAN,
    },
];

/// What one set's run gave.
#[derive(Default)]
struct Tally {
    levels: usize,
    solved: usize,
    proved: usize,
    total: Duration,
    worst: Duration,
    worst_level: String,
    not_answered: Vec<String>,
}

/// What the general search's prunings dropped, if it ran: positions found
/// dead, and of those the ones with frozen boxes.
fn dropped(stats: &Stats) -> String {
    let reach = stats.reach;
    if reach.goals == 0 {
        return String::new();
    }
    format!(", {} dead ({} frozen)", reach.dead, reach.frozen)
}

fn main() {
    let mut timeout = 10.0_f64;
    let mut memory = 2048_u64;
    let mut dir = String::from("../shared/levels");
    let mut only: Vec<String> = Vec::new();
    let mut optimize = Optimize::Fast;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next().unwrap_or_else(|| {
                eprintln!("sets: {arg} needs a value");
                std::process::exit(2);
            })
        };
        match arg.as_str() {
            "--timeout" => timeout = value().parse().unwrap_or(timeout),
            "--memory" => memory = value().parse().unwrap_or(memory),
            "--dir" => dir = value(),
            "--only" => only.push(value()),
            "--optimal" => {
                optimize = match value().as_str() {
                    "moves" => Optimize::Moves,
                    "pushes" => Optimize::Pushes,
                    other => {
                        eprintln!("sets: --optimal takes moves or pushes, not {other}");
                        std::process::exit(2);
                    }
                }
            }
            other => {
                eprintln!("sets: unknown argument {other}");
                std::process::exit(2);
            }
        }
    }
    let limit = Duration::from_secs_f64(timeout);
    let goal = match optimize {
        Optimize::Fast => "any solution",
        Optimize::Moves => "proved fewest moves",
        Optimize::Pushes => "proved fewest pushes",
    };
    println!("# limit {timeout:.1} s a level, one thread, {goal}, memory {memory} MB");
    let mut rows: Vec<(&str, Tally)> = Vec::new();
    for set in &SETS {
        if !only.is_empty() && !only.iter().any(|o| o == set.name) {
            continue;
        }
        let text = match set.source {
            Source::Text(t) => t.to_owned(),
            Source::File(f) => {
                let path = format!("{dir}/{f}");
                match std::fs::read_to_string(&path) {
                    Ok(t) => t,
                    Err(e) => {
                        eprintln!("sets: {path}: {e}");
                        std::process::exit(2);
                    }
                }
            }
        };
        let levels = match parse_collection(&text) {
            Ok(l) => l,
            Err(e) => {
                eprintln!("sets: {}: {e}", set.name);
                std::process::exit(2);
            }
        };
        let options = SolveOptions {
            rules: set.rules,
            timeout: Some(limit),
            memory_mb: memory,
            threads: 1,
            optimize,
            ..SolveOptions::default()
        };
        let mut tally = Tally::default();
        for (i, lv) in levels.iter().enumerate() {
            let label = format!("{} {}", i + 1, lv.title);
            let start = Instant::now();
            let outcome = solve_level(&lv.level, &options);
            let took = start.elapsed();
            tally.levels += 1;
            tally.total += took;
            if took >= tally.worst {
                tally.worst = took;
                tally.worst_level = label.clone();
            }
            let what = match &outcome {
                Ok(SolveOutcome::Solved(s)) if optimize != Optimize::Fast && !s.optimal => {
                    tally.not_answered.push(label.clone());
                    format!(
                        "solved, not proved optimal, {} moves, {} pushes, {} states",
                        s.move_count, s.pushes, s.stats.expanded
                    )
                }
                Ok(SolveOutcome::Solved(s)) => {
                    tally.solved += 1;
                    format!(
                        "solved, {} moves, {} pushes, {} states",
                        s.move_count, s.pushes, s.stats.expanded
                    )
                }
                Ok(SolveOutcome::Unsolvable { reason, stats }) => {
                    tally.proved += 1;
                    format!("proved unsolvable ({reason:?}), {} states", stats.expanded)
                }
                Ok(SolveOutcome::GaveUp { reason, stats }) => {
                    tally.not_answered.push(label.clone());
                    format!("gave up ({reason:?}), {} states", stats.expanded)
                }
                Err(e) => {
                    tally.not_answered.push(label.clone());
                    format!("ERROR {e}")
                }
            };
            println!(
                "{} | {label} | {:.3} s | {what}{}",
                set.name,
                took.as_secs_f64(),
                outcome
                    .as_ref()
                    .map_or(String::new(), |o| dropped(o.stats()))
            );
        }
        rows.push((set.title, tally));
    }
    println!();
    println!(
        "| set | solved | proved unsolvable | total time | worst time (level) | not answered |"
    );
    println!("| --- | ---: | ---: | ---: | --- | --- |");
    for (title, t) in &rows {
        let missing = match t.not_answered.len() {
            0 => "none".to_owned(),
            1..=6 => t.not_answered.join(", "),
            n => format!("{n} levels (see the lines above)"),
        };
        println!(
            "| {title} ({}) | {}/{} | {} | {:.1} s | {:.2} s ({}) | {missing} |",
            t.levels,
            t.solved,
            t.levels,
            t.proved,
            t.total.as_secs_f64(),
            t.worst.as_secs_f64(),
            t.worst_level
        );
    }
}
