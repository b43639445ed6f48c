//! Benchmark harness: solve every level of XSB collections with this solver
//! and with the `soukoban` crate, side by side, with a per-level time limit.
//!
//! ```text
//! cargo run --release -p muscleman-solver --example compare -- \
//!     [--timeout SECS] [--optimal fast|pushes|moves] [--rules sokoban|muscleman] \
//!     [--memory MB] [--threads N] [--only ours|soukoban|both] [--levels A-B] [--quiet] \
//!     [--general] FILE...
//! ```
//!
//! `--general` runs our general search (every input, over the sim's own
//! positions: `muscleman_solver::explore_level`) instead of the fast push
//! search, to compare the two on the same levels.
//!
//! Prints one line per level and a summary per file (levels solved, total
//! time, states per second). soukoban only plays Sokoban rules; with
//! `--rules muscleman` only ours runs.

use std::str::FromStr;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use muscleman_sim::Rules;
use muscleman_solver::{
    Optimize, SolveOptions, SolveOutcome, explore_level, parse_collection, solve,
};

struct Args {
    timeout: f64,
    optimize: Optimize,
    rules: Rules,
    memory: u64,
    threads: usize,
    ours: bool,
    theirs: bool,
    range: Option<(usize, usize)>,
    quiet: bool,
    general: bool,
    files: Vec<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        timeout: 10.0,
        optimize: Optimize::Fast,
        rules: Rules::SOKOBAN,
        memory: 2048,
        threads: 1,
        ours: true,
        theirs: true,
        range: None,
        quiet: false,
        general: false,
        files: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut val = || it.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--timeout" => a.timeout = val()?.parse().map_err(|e| format!("{e}"))?,
            "--threads" => a.threads = val()?.parse().map_err(|e| format!("{e}"))?,
            "--memory" => a.memory = val()?.parse().map_err(|e| format!("{e}"))?,
            "--optimal" => {
                a.optimize = match val()?.as_str() {
                    "fast" | "none" => Optimize::Fast,
                    "pushes" => Optimize::Pushes,
                    "moves" => Optimize::Moves,
                    o => return Err(format!("unknown --optimal {o}")),
                }
            }
            "--rules" => {
                a.rules = match val()?.as_str() {
                    "sokoban" => Rules::SOKOBAN,
                    "muscleman" => Rules::MUSCLEMAN,
                    o => return Err(format!("unknown --rules {o}")),
                }
            }
            "--only" => match val()?.as_str() {
                "ours" => a.theirs = false,
                "soukoban" => a.ours = false,
                "both" => {}
                o => return Err(format!("unknown --only {o}")),
            },
            "--levels" => {
                let v = val()?;
                let (x, y) = v.split_once('-').unwrap_or((&v, &v));
                a.range = Some((
                    x.parse().map_err(|e| format!("{e}"))?,
                    y.parse().map_err(|e| format!("{e}"))?,
                ));
            }
            "--quiet" => a.quiet = true,
            "--general" => a.general = true,
            f => a.files.push(f.to_owned()),
        }
    }
    if a.rules != Rules::SOKOBAN {
        a.theirs = false;
    }
    Ok(a)
}

#[derive(Default)]
struct Tally {
    solved: usize,
    unsolvable: usize,
    total: Duration,
    expanded: u64,
    pushes: u64,
}

/// Run soukoban on one level in a worker thread, stopping it at the limit.
fn soukoban(text: &str, optimize: Optimize, limit: Duration) -> (Option<usize>, Duration, String) {
    use soukoban::prelude::*;
    use soukoban::solver::{Algorithm, Solver, Strategy};
    let level = match Level::from_str(text) {
        Ok(l) => l,
        Err(e) => return (None, Duration::ZERO, format!("parse error {e}")),
    };
    let strategy = match optimize {
        Optimize::Fast => Strategy::Quick,
        Optimize::Pushes => Strategy::PushOptimal,
        Optimize::Moves => Strategy::MoveOptimal,
    };
    let solver = Solver::new(level.map().clone(), strategy);
    let (tx, rx) = mpsc::channel();
    let worker = {
        let solver = solver.clone();
        std::thread::spawn(move || {
            let r = solver.search(Algorithm::AStar);
            let _ = tx.send(r);
        })
    };
    let t = Instant::now();
    let res = match rx.recv_timeout(limit) {
        Ok(r) => Some(r),
        Err(_) => {
            solver.request_stop();
            None
        }
    };
    let _ = worker.join();
    let elapsed = t.elapsed();
    match res {
        Some(Ok(actions)) => {
            let mut check = level.clone();
            let ok = check
                .execute_batch(actions.iter().map(|a| a.direction()))
                .is_ok()
                && check.is_solved();
            if ok {
                (Some(actions.shifts()), elapsed, "solved".into())
            } else {
                (None, elapsed, "WRONG".into())
            }
        }
        Some(Err(e)) => (None, elapsed, format!("{e}")),
        None => (None, elapsed, "timeout".into()),
    }
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("compare: {e}");
            std::process::exit(2);
        }
    };
    let limit = Duration::from_secs_f64(args.timeout);
    println!(
        "# limit {:.1} s per level, {:?}, {:?}, memory {} MB, threads {}",
        args.timeout, args.rules, args.optimize, args.memory, args.threads
    );
    for file in &args.files {
        let text = match std::fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("compare: {file}: {e}");
                std::process::exit(2);
            }
        };
        let levels = match parse_collection(&text) {
            Ok(l) => l,
            Err(e) => {
                eprintln!("compare: {file}: {e}");
                std::process::exit(2);
            }
        };
        let mut ours = Tally::default();
        let mut theirs = Tally::default();
        let mut count = 0usize;
        let mut failed = Vec::new();
        for (i, lv) in levels.iter().enumerate() {
            let n = i + 1;
            if let Some((lo, hi)) = args.range
                && (n < lo || n > hi)
            {
                continue;
            }
            count += 1;
            let mut line = format!("{n:>4} {:<14}", lv.title);
            if args.ours {
                let opts = SolveOptions {
                    rules: args.rules,
                    optimize: args.optimize,
                    timeout: Some(limit),
                    memory_mb: args.memory,
                    threads: args.threads,
                    ..SolveOptions::default()
                };
                let t = Instant::now();
                let result = if args.general {
                    explore_level(&lv.level, &opts, true).map_err(|e| e.to_string())
                } else {
                    match &lv.problem {
                        Ok(p) => solve(p, &opts).map_err(|e| e.to_string()),
                        Err(e) => Err(e.to_string()),
                    }
                };
                let el = t.elapsed();
                ours.total += el;
                let cell = match &result {
                    Ok(SolveOutcome::Solved(s)) => {
                        ours.solved += 1;
                        ours.pushes += u64::from(s.pushes);
                        ours.expanded += s.stats.expanded;
                        format!(
                            "ours: solved {:>4}p {:>5}m {:>7.3}s {:>8} st {:>8.0}/s",
                            s.pushes,
                            s.move_count,
                            el.as_secs_f64(),
                            s.stats.expanded,
                            s.stats.states_per_sec()
                        )
                    }
                    Ok(o @ SolveOutcome::Unsolvable { .. }) => {
                        ours.unsolvable += 1;
                        ours.expanded += o.stats().expanded;
                        failed.push(n);
                        format!("ours: UNSOLVABLE {:>7.3}s", el.as_secs_f64())
                    }
                    Ok(SolveOutcome::GaveUp { reason, stats }) => {
                        ours.expanded += stats.expanded;
                        failed.push(n);
                        format!(
                            "ours: {reason:?} {:>7.3}s {:>8} st {:>8.0}/s",
                            el.as_secs_f64(),
                            stats.expanded,
                            stats.states_per_sec()
                        )
                    }
                    Err(e) => {
                        failed.push(n);
                        format!("ours: ERROR {e}")
                    }
                };
                line.push_str(&format!("{cell:<66}"));
            }
            if args.theirs {
                let (pushes, el, what) = soukoban(&lv.text, args.optimize, limit);
                theirs.total += el;
                if let Some(p) = pushes {
                    theirs.solved += 1;
                    theirs.pushes += p as u64;
                    line.push_str(&format!(
                        " | soukoban: solved {p:>4}p {:>7.3}s",
                        el.as_secs_f64()
                    ));
                } else {
                    line.push_str(&format!(" | soukoban: {what} {:>7.3}s", el.as_secs_f64()));
                }
            }
            if !args.quiet {
                println!("{line}");
            }
        }
        println!("## {file}: {count} levels");
        if args.ours {
            let secs = ours.total.as_secs_f64();
            println!(
                "ours:     solved {}/{count} (unsolvable {}), total {:.1} s, {:.0} states/s, {} pushes in solved levels",
                ours.solved,
                ours.unsolvable,
                secs,
                if secs > 0.0 {
                    ours.expanded as f64 / secs
                } else {
                    0.0
                },
                ours.pushes
            );
            println!("ours: not solved: {failed:?}");
        }
        if args.theirs {
            println!(
                "soukoban: solved {}/{count}, total {:.1} s, {} pushes in solved levels",
                theirs.solved,
                theirs.total.as_secs_f64(),
                theirs.pushes
            );
        }
    }
}
