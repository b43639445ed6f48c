//! `Game` against a peer engine: the 155 Microban solutions, played move by
//! move and undone fully, through `muscleman_sim::Game` (Sokoban rules) and
//! through the `soukoban` crate's `Level` (0.1.5), which also keeps a move
//! history.
//!
//! Run with `cargo bench -p muscleman-sim --bench microban`. The levels are
//! read from `../shared/levels/Microban.xsb` beside the repository (or the
//! file `MICROBAN` names); the solutions are the ones `muscleman solve
//! --rules sokoban` found, stored in `benches/microban_solutions.txt`
//! (28,045 moves). One iteration is one round over all 155 levels; the
//! throughput is set in moves, so `time / 28,045` is the cost of one move.
//!
//! - `microban/play/{sim,sim_alloc,soukoban}`: every solution played move by
//!   move (`Game::step_into` with one reused batch; `Game::step`, which
//!   returns a new batch each; `Level::execute`). The full undo that puts
//!   the levels back is not timed.
//! - `microban/undo/{sim,sim_alloc,soukoban}`: every solution undone move by
//!   move, from its solved position, back to the start (`Game::undo_into`;
//!   `Game::undo`; `Level::undo`). Playing the solutions is not timed.
//! - `microban/redo/{sim,soukoban}`: every undone solution redone move by
//!   move (`Game::redo_into`; `Level::redo`); the undos are not timed.
//! - `microban/restart/sim`: one restart of each level from its solved
//!   position (one iteration is 155 restarts, throughput in restarts); the
//!   play before and the undos after are not timed. soukoban has no restart.
//!
//! A game whose command log (which a `Game` keeps for good) holds more than
//! 16 playthroughs is started afresh between two timed rounds, untimed, so
//! that a long run times moves of games of a player's length, not of one
//! game thousands of playthroughs long. The allocating forms' results are
//! looked at where they are returned (`black_box(&result)`), as the `_into`
//! forms' batch is.
//!
//! `MICROBAN_SIDE_BY_SIDE=N` times `N` rounds of each side in turn
//! instead, round by round, and prints the medians and ratios (see
//! `side_by_side`); `MICROBAN_PROFILE` runs one side for callgrind (see
//! `main`).
//!
//! Before anything is timed, every solution is played through both engines
//! and must solve its level in both; undoing it fully must give back the
//! start state (the state hash, on our side).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group};
use muscleman_core::{EventBatch, GridDir, Input};
use muscleman_level::Collection;
use muscleman_sim::{Game, Rules};
use soukoban::direction::Direction;

/// The solutions, one line per level: its number, then the moves.
const SOLUTIONS: &str = include_str!("microban_solutions.txt");

/// How many playthroughs of its solution a game's command log holds before
/// the bench starts that game afresh (see `Rig::renew_long_games`).
const LOG_PLAYTHROUGHS: usize = 16;

/// One level in both engines, with its solution.
struct Pair {
    game: Game,
    theirs: soukoban::level::Level,
    moves: Vec<GridDir>,
}

/// Every level, and the number of moves in all the solutions.
struct Rig {
    pairs: Vec<Pair>,
    moves: u64,
    events: EventBatch,
}

fn direction(dir: GridDir) -> Direction {
    match dir {
        GridDir::Up => Direction::Up,
        GridDir::Right => Direction::Right,
        GridDir::Down => Direction::Down,
        GridDir::Left => Direction::Left,
    }
}

fn parse_moves(text: &str) -> Vec<GridDir> {
    text.chars()
        .map(|c| match c.to_ascii_lowercase() {
            'u' => GridDir::Up,
            'r' => GridDir::Right,
            'd' => GridDir::Down,
            'l' => GridDir::Left,
            other => panic!("bad move {other:?} in the solutions file"),
        })
        .collect()
}

impl Rig {
    /// Read the levels and the solutions, and check every solution in both
    /// engines. `None` if the level file is not there.
    fn new() -> Option<Rig> {
        let path = std::env::var("MICROBAN").unwrap_or_else(|_| {
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../../shared/levels/Microban.xsb"
            )
            .to_owned()
        });
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("microban bench: {path}: {e}; set MICROBAN to the file");
                return None;
            }
        };
        let ours = Collection::parse(&text).expect("Microban reads").levels;
        let theirs: Vec<soukoban::level::Level> = soukoban::level::Level::load_from_str(&text)
            .collect::<Result<_, _>>()
            .expect("soukoban reads Microban");
        assert_eq!(ours.len(), 155);
        assert_eq!(theirs.len(), 155);
        let mut pairs = Vec::new();
        let mut total = 0u64;
        for line in SOLUTIONS.lines().filter(|l| !l.starts_with('#')) {
            let (n, moves) = line.split_once(' ').expect("a level number and moves");
            let n: usize = n.parse().expect("a level number");
            let moves = parse_moves(moves.trim());
            let level = &ours[n - 1];
            let mut game = Game::new(level, Rules::SOKOBAN).expect("the level plays");
            let mut theirs = theirs[n - 1].clone();
            let start = game.state_hash();
            for &dir in &moves {
                game.step(Input::Move(dir)).expect("a step");
                theirs
                    .execute(direction(dir))
                    .expect("soukoban takes the move");
            }
            assert!(game.is_solved(), "level {n}: ours not solved");
            assert!(theirs.is_solved(), "level {n}: soukoban's not solved");
            assert_eq!(game.stats().moves as usize, moves.len());
            while game.undo_depth() > 0 {
                game.undo().expect("an undo");
            }
            while theirs.undo().is_ok() {}
            assert_eq!(game.state_hash(), start, "level {n}: undo gave the start");
            total += moves.len() as u64;
            pairs.push(Pair {
                game,
                theirs,
                moves,
            });
        }
        assert_eq!(pairs.len(), 155);
        Some(Rig {
            pairs,
            moves: total,
            events: EventBatch::new(),
        })
    }

    /// Start afresh every game at its start whose command log holds more
    /// than [`LOG_PLAYTHROUGHS`] playthroughs of its solution (each played
    /// and undone). The new game is at its start too, with its solution to
    /// redo if the old one had something to redo (played and undone once
    /// more, so its log holds one playthrough): the redo bench redoes the
    /// solution, and the other benches play it first, which forgets what
    /// was to redo.
    ///
    /// A `Game` logs every command for good (`Game::commands`): the timed
    /// rounds would otherwise keep growing 155 logs by about 56 KB a round
    /// in all, for the whole run, into memory never touched before, a cost
    /// of a run thousands of playthroughs long that no game has.
    fn renew_long_games(&mut self) {
        for p in &mut self.pairs {
            let limit = 2 * LOG_PLAYTHROUGHS * p.moves.len();
            if p.game.commands().len() <= limit || p.game.undo_depth() > 0 {
                continue;
            }
            let had_redo = p.game.redo_depth() > 0;
            let mut game = Game::new(p.game.level(), Rules::SOKOBAN).expect("the level plays");
            if had_redo {
                for &dir in &p.moves {
                    game.step(Input::Move(dir)).expect("a step");
                }
                while game.undo_depth() > 0 {
                    game.undo().expect("an undo");
                }
            }
            p.game = game;
        }
    }

    fn play_sim(&mut self) {
        for p in &mut self.pairs {
            for &dir in &p.moves {
                let r = p
                    .game
                    .step_into(black_box(Input::Move(dir)), &mut self.events);
                black_box(&r);
                black_box(&self.events);
            }
        }
    }

    fn play_sim_alloc(&mut self) {
        for p in &mut self.pairs {
            for &dir in &p.moves {
                let r = p.game.step(black_box(Input::Move(dir)));
                black_box(&r);
            }
        }
    }

    fn play_theirs(&mut self) {
        for p in &mut self.pairs {
            for &dir in &p.moves {
                black_box(p.theirs.execute(black_box(direction(dir))).ok());
            }
        }
    }

    fn undo_sim(&mut self) {
        for p in &mut self.pairs {
            for _ in 0..p.game.undo_depth() {
                let r = p.game.undo_into(&mut self.events);
                black_box(&r);
                black_box(&self.events);
            }
        }
    }

    fn undo_sim_alloc(&mut self) {
        for p in &mut self.pairs {
            for _ in 0..p.game.undo_depth() {
                let r = p.game.undo();
                black_box(&r);
            }
        }
    }

    fn undo_theirs(&mut self) {
        for p in &mut self.pairs {
            while black_box(p.theirs.undo()).is_ok() {}
        }
    }

    fn redo_sim(&mut self) {
        for p in &mut self.pairs {
            for _ in 0..p.game.redo_depth() {
                let r = p.game.redo_into(&mut self.events);
                black_box(&r);
                black_box(&self.events);
            }
        }
    }

    fn redo_theirs(&mut self) {
        for p in &mut self.pairs {
            while black_box(p.theirs.redo()).is_ok() {}
        }
    }

    fn restart_sim(&mut self) {
        for p in &mut self.pairs {
            let r = p.game.restart_into(&mut self.events);
            black_box(&r);
            black_box(&self.events);
        }
    }
}

/// Time `rounds` rounds of `timed`, each between two untimed calls.
fn rounds(
    rig: &mut Rig,
    iters: u64,
    mut before: impl FnMut(&mut Rig),
    mut timed: impl FnMut(&mut Rig),
    mut after: impl FnMut(&mut Rig),
) -> Duration {
    let mut total = Duration::ZERO;
    for _ in 0..iters {
        rig.renew_long_games();
        before(rig);
        let start = Instant::now();
        timed(rig);
        total += start.elapsed();
        after(rig);
    }
    total
}

fn bench(c: &mut Criterion) {
    let Some(mut rig) = Rig::new() else {
        return;
    };
    let moves = rig.moves;
    let nothing = |_: &mut Rig| {};

    let mut g = c.benchmark_group("microban/play");
    g.throughput(Throughput::Elements(moves));
    g.bench_function("sim", |b| {
        b.iter_custom(|n| rounds(&mut rig, n, nothing, Rig::play_sim, Rig::undo_sim));
    });
    g.bench_function("sim_alloc", |b| {
        b.iter_custom(|n| rounds(&mut rig, n, nothing, Rig::play_sim_alloc, Rig::undo_sim));
    });
    g.bench_function("soukoban", |b| {
        b.iter_custom(|n| rounds(&mut rig, n, nothing, Rig::play_theirs, Rig::undo_theirs));
    });
    g.finish();

    let mut g = c.benchmark_group("microban/undo");
    g.throughput(Throughput::Elements(moves));
    g.bench_function("sim", |b| {
        b.iter_custom(|n| rounds(&mut rig, n, Rig::play_sim, Rig::undo_sim, nothing));
    });
    g.bench_function("sim_alloc", |b| {
        b.iter_custom(|n| rounds(&mut rig, n, Rig::play_sim, Rig::undo_sim_alloc, nothing));
    });
    g.bench_function("soukoban", |b| {
        b.iter_custom(|n| rounds(&mut rig, n, Rig::play_theirs, Rig::undo_theirs, nothing));
    });
    g.finish();

    let mut g = c.benchmark_group("microban/redo");
    g.throughput(Throughput::Elements(moves));
    // Every solution is undone (its redo list full) before each round.
    rig.play_sim();
    rig.undo_sim();
    rig.play_theirs();
    rig.undo_theirs();
    g.bench_function("sim", |b| {
        b.iter_custom(|n| rounds(&mut rig, n, nothing, Rig::redo_sim, Rig::undo_sim));
    });
    g.bench_function("soukoban", |b| {
        b.iter_custom(|n| rounds(&mut rig, n, nothing, Rig::redo_theirs, Rig::undo_theirs));
    });
    g.finish();

    let mut g = c.benchmark_group("microban/restart");
    g.throughput(Throughput::Elements(rig.pairs.len() as u64));
    g.bench_function("sim", |b| {
        b.iter_custom(|n| {
            rounds(&mut rig, n, Rig::play_sim, Rig::restart_sim, |rig| {
                // Undo the restart, then the solution.
                rig.undo_sim();
            })
        });
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    targets = bench
}
/// Time `n` rounds of each engine in turn, round by round (ours, then
/// theirs, for play and for undo, then ours through the allocating
/// forms), and print the median round of each and their ratios: a
/// comparison that noise on a shared machine hits on both sides alike,
/// where criterion times one side for seconds, then the other.
fn side_by_side(rig: &mut Rig, n: usize) {
    let nothing = |_: &mut Rig| {};
    let mut times: [Vec<Duration>; 6] = Default::default();
    for _ in 0..n {
        let [play, play_theirs, undo, undo_theirs, play_alloc, undo_alloc] = &mut times;
        play.push(rounds(rig, 1, nothing, Rig::play_sim, Rig::undo_sim));
        play_theirs.push(rounds(rig, 1, nothing, Rig::play_theirs, Rig::undo_theirs));
        undo.push(rounds(rig, 1, Rig::play_sim, Rig::undo_sim, nothing));
        undo_theirs.push(rounds(rig, 1, Rig::play_theirs, Rig::undo_theirs, nothing));
        play_alloc.push(rounds(rig, 1, nothing, Rig::play_sim_alloc, Rig::undo_sim));
        undo_alloc.push(rounds(rig, 1, Rig::play_sim, Rig::undo_sim_alloc, nothing));
    }
    let median = |v: &mut Vec<Duration>| {
        v.sort();
        v.get(v.len() / 2)
            .copied()
            .unwrap_or_default()
            .as_secs_f64()
            * 1e6
    };
    let [play, play_theirs, undo, undo_theirs, play_alloc, undo_alloc] =
        times.each_mut().map(median);
    println!(
        "medians of {n} rounds each, in turn, µs a round of {} moves:",
        rig.moves
    );
    println!(
        "play: sim {play:.1}, soukoban {play_theirs:.1}: {:.2}×",
        play / play_theirs
    );
    println!(
        "undo: sim {undo:.1}, soukoban {undo_theirs:.1}: {:.2}×",
        undo / undo_theirs
    );
    println!(
        "step / step_into {:.2}×, undo / undo_into {:.2}×",
        play_alloc / play,
        undo_alloc / undo
    );
}

/// Run the benches, or with `MICROBAN_PROFILE=WHAT:N` (`WHAT` one of
/// `play`, `undo`, `redo`, `restart`, `alloc` for `play` and `undo`
/// through `Game::step` and `Game::undo`, or `soukoban` for the peer's
/// `Level::execute` and `Level::undo`) exactly `N` rounds of our side of
/// one group, for callgrind: every solution is played (and undone) once
/// more while the rig is checked, so `Game::step_into` runs `N + 1` rounds.
fn main() {
    if let Ok(n) = std::env::var("MICROBAN_SIDE_BY_SIDE") {
        let n: usize = n.parse().expect("MICROBAN_SIDE_BY_SIDE=ROUNDS");
        if let Some(mut rig) = Rig::new() {
            side_by_side(&mut rig, n);
        }
        return;
    }
    if let Ok(spec) = std::env::var("MICROBAN_PROFILE") {
        let (what, n) = spec.split_once(':').unwrap_or((spec.as_str(), "10"));
        let n: u64 = n.parse().expect("MICROBAN_PROFILE=WHAT:N");
        let Some(mut rig) = Rig::new() else { return };
        for _ in 0..n {
            match what {
                "play" | "undo" => {
                    rig.play_sim();
                    rig.undo_sim();
                }
                "redo" => {
                    rig.redo_sim();
                    rig.undo_sim();
                }
                "alloc" => {
                    rig.play_sim_alloc();
                    rig.undo_sim_alloc();
                }
                "soukoban" => {
                    rig.play_theirs();
                    rig.undo_theirs();
                }
                "restart" => {
                    rig.play_sim();
                    rig.restart_sim();
                    rig.undo_sim();
                }
                other => panic!("unknown MICROBAN_PROFILE {other}"),
            }
        }
        println!("{} rounds of {} moves", n, rig.moves);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
