//! Shared helpers: random enclosed levels, and a brute-force reference
//! search over player steps (no pruning at all) to hold the solver against.

#![allow(dead_code, reason = "each test binary uses a different subset")]

use std::collections::{BTreeMap, VecDeque};

use muscleman_core::{GridDir, GridPos};
use muscleman_sim::Rules;
use muscleman_solver::{BoxKind, Position, Problem, WallKind};
use proptest::prelude::*;

/// A random level, enclosed by a ring of strong walls, with interior cells
/// drawn from floor, both walls and both boxes, goals anywhere free of
/// walls, and the player on some non-blocked cell. No water: the push search
/// does not model it (a level with water gives up unsearched), and
/// `solve.rs` tests that on its own.
pub fn level(max_w: usize, max_h: usize) -> impl Strategy<Value = Problem> {
    (2..=max_w, 2..=max_h).prop_flat_map(|(w, h)| {
        let n = w * h;
        (
            Just((w, h)),
            prop::collection::vec(0u8..16, n),
            prop::collection::vec(0u8..4, n),
            any::<usize>(),
        )
            .prop_map(|((w, h), cells, goals, pick)| build(w, h, &cells, &goals, pick))
    })
}

fn build(w: usize, h: usize, cells: &[u8], goals: &[u8], pick: usize) -> Problem {
    let (pw, ph) = (w + 2, h + 2);
    let mut p = Problem {
        width: pw as u32,
        height: ph as u32,
        ..Problem::default()
    };
    for y in 0..ph {
        for x in 0..pw {
            if x == 0 || y == 0 || x == pw - 1 || y == ph - 1 {
                p.walls
                    .push((GridPos::new(x as i32, y as i32), WallKind::Strong));
            }
        }
    }
    let mut free = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            let at = GridPos::new(x as i32 + 1, y as i32 + 1);
            let mut blocked = true;
            match cells[i] {
                10 => p.walls.push((at, WallKind::Strong)),
                11 => p.walls.push((at, WallKind::Weak)),
                12 | 13 => p.boxes.push((at, BoxKind::Box)),
                14 => p.boxes.push((at, BoxKind::Heavy)),
                _ => blocked = false,
            }
            let wall = matches!(cells[i], 10 | 11);
            if goals[i] == 0 && !wall {
                p.goals.push(at);
            }
            if !blocked {
                free.push(at);
            }
        }
    }
    p.player = if free.is_empty() {
        // Make room: clear the first cell.
        let at = GridPos::new(1, 1);
        p.walls.retain(|(c, _)| *c != at);
        p.boxes.retain(|(c, _)| *c != at);
        at
    } else {
        free[pick % free.len()]
    };
    p
}

/// Rules drawn from unlimited chains and max_chain 0 to 3.
pub fn rules() -> impl Strategy<Value = Rules> {
    prop_oneof![
        Just(Rules::MUSCLEMAN),
        Just(Rules::MUSCLEMAN.with_max_chain(Some(0))),
        Just(Rules::SOKOBAN),
        Just(Rules::MUSCLEMAN.with_max_chain(Some(2))),
        Just(Rules::MUSCLEMAN.with_max_chain(Some(3))),
    ]
}

/// Fewest (pushes, moves) to solve, by exhaustive search over single player
/// steps (0-1 BFS on pushes, then moves); `None` if no solution. Also the
/// fewest moves by plain BFS. Explores at most `cap` positions (`Err` past it).
pub fn brute_force(p: &Problem, rules: &Rules, cap: usize) -> Result<Option<(u32, u32)>, ()> {
    let start = Position::new(p, rules).map_err(|_| ())?;
    let key = |pos: &Position| (pos.player(), pos.boxes());
    // Dijkstra on (pushes, moves) lexicographic, with a BTreeMap as the queue.
    let mut best: BTreeMap<(GridPos, Vec<GridPos>), (u32, u32)> = BTreeMap::new();
    let mut queue: BTreeMap<(u32, u32, u64), Position> = BTreeMap::new();
    let mut seq = 0u64;
    best.insert(key(&start), (0, 0));
    queue.insert((0, 0, 0), start);
    while let Some(((pu, mo, _), pos)) = queue.pop_first() {
        if best.get(&key(&pos)).is_some_and(|b| *b < (pu, mo)) {
            continue;
        }
        if pos.is_solved() {
            return Ok(Some((pu, mo)));
        }
        if best.len() > cap {
            return Err(());
        }
        for d in GridDir::ALL {
            let mut next = pos.clone();
            let before = next.boxes();
            if !next.step(d) {
                continue;
            }
            let pushed = next.boxes() != before;
            let cost = (pu + u32::from(pushed), mo + 1);
            let k = key(&next);
            if best.get(&k).is_none_or(|b| cost < *b) {
                best.insert(k, cost);
                seq += 1;
                queue.insert((cost.0, cost.1, seq), next);
            }
        }
    }
    Ok(None)
}

/// Fewest moves to solve by BFS over player steps; `Err` past `cap` positions.
pub fn brute_moves(p: &Problem, rules: &Rules, cap: usize) -> Result<Option<u32>, ()> {
    let start = Position::new(p, rules).map_err(|_| ())?;
    let mut seen = std::collections::BTreeSet::new();
    seen.insert((start.player(), start.boxes()));
    let mut queue = VecDeque::from([(start, 0u32)]);
    while let Some((pos, mo)) = queue.pop_front() {
        if pos.is_solved() {
            return Ok(Some(mo));
        }
        if seen.len() > cap {
            return Err(());
        }
        for d in GridDir::ALL {
            let mut next = pos.clone();
            if next.step(d) && seen.insert((next.player(), next.boxes())) {
                queue.push_back((next, mo + 1));
            }
        }
    }
    Ok(None)
}

/// A level text: a ring of strong walls round `w × h` cells, cell `i` (in
/// reading order) written as `cell(i)` gives it, its letter and its legend
/// line if it needs one (each letter's line once, in letter order, before
/// the rows). The random level builders of the tests that search the
/// sim's own positions (`general.rs`, `ducks.rs`) draw their cells here.
pub fn walled(
    w: usize,
    h: usize,
    mut cell: impl FnMut(usize) -> (char, Option<&'static str>),
) -> String {
    let mut legends: BTreeMap<char, &str> = BTreeMap::new();
    let mut rows = vec!["#".repeat(w + 2)];
    for y in 0..h {
        let mut row = String::from("#");
        for x in 0..w {
            let (c, legend) = cell(y * w + x);
            if let Some(l) = legend {
                legends.insert(c, l);
            }
            row.push(c);
        }
        row.push('#');
        rows.push(row);
    }
    rows.push("#".repeat(w + 2));
    let mut out: Vec<String> = legends.values().map(|l| (*l).to_owned()).collect();
    out.extend(rows);
    out.join("\n") + "\n"
}

/// Put `what` on the free cell (`b' '`) of `grid` that `pick` chooses;
/// `None` when no cell is free.
pub fn place(grid: &mut [u8], pick: &prop::sample::Index, what: u8) -> Option<()> {
    let free: Vec<usize> = (0..grid.len()).filter(|i| grid[*i] == b' ').collect();
    if free.is_empty() {
        return None;
    }
    grid[free[pick.index(free.len())]] = what;
    Some(())
}

/// The problem of `grid` (`w` cells wide, one XSB byte a cell, in reading
/// order) in a ring of strong walls, if it reads.
pub fn walled_problem(w: usize, grid: &[u8]) -> Option<Problem> {
    let text = walled(w, grid.len() / w, |i| (char::from(grid[i]), None));
    Problem::from_xsb(&text).ok()
}

/// A game of `level` under `rules` after the inputs `played` picks (places
/// in `Input::ALL`), stopped where it is solved; `None` where the level
/// does not load or the game ends solved.
pub fn played_game(
    level: &muscleman_level::Level,
    rules: Rules,
    played: &[usize],
) -> Option<muscleman_sim::Game> {
    let mut game = muscleman_sim::Game::new(level, rules).ok()?;
    for &i in played {
        if game.is_solved() {
            break;
        }
        let _ = game.step(muscleman_core::Input::ALL[i]);
    }
    (!game.is_solved()).then_some(game)
}

/// The levels of a benchmark set's file (`name` for the message).
pub fn set_levels(name: &str, text: &str) -> Vec<muscleman_level::Level> {
    muscleman_level::Collection::parse(text)
        .unwrap_or_else(|e| panic!("{name} reads: {e:?}"))
        .levels
}

/// A benchmark set's stored solutions, in order: `N: MOVES` lines, `#`
/// comments.
pub fn set_solutions(text: &'static str) -> Vec<(usize, &'static str)> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (n, moves) = l
                .split_once(':')
                .unwrap_or_else(|| panic!("a solution line is `N: MOVES`: {l}"));
            let n = n
                .trim()
                .parse()
                .unwrap_or_else(|e| panic!("a level number: {l}: {e}"));
            (n, moves.trim())
        })
        .collect()
}

/// A level from its text (a test's own: it reads, or the test is wrong).
pub fn parse_level(text: &str) -> muscleman_level::Level {
    muscleman_level::Level::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The default options under `rules`, searching for `optimize`.
pub fn options(
    rules: Rules,
    optimize: muscleman_solver::Optimize,
) -> muscleman_solver::SolveOptions {
    muscleman_solver::SolveOptions {
        rules,
        optimize,
        ..muscleman_solver::SolveOptions::default()
    }
}

/// Check that each stored solution (`N: MOVES`) plays level `N` of
/// `levels` to solved in a `muscleman_sim::Game` under Muscleman rules,
/// and only after its last step.
pub fn every_solution_plays_to_solved(
    levels: &[muscleman_level::Level],
    solutions: &[(usize, &str)],
) {
    for &(n, moves) in solutions {
        let level = levels.get(n - 1).unwrap_or_else(|| panic!("no level {n}"));
        let mut game = muscleman_sim::Game::new(level, Rules::MUSCLEMAN)
            .unwrap_or_else(|e| panic!("level {n} loads: {e}"));
        for (i, c) in moves.chars().enumerate() {
            assert!(!game.is_solved(), "level {n} is solved before step {i}");
            let command = muscleman_sim::Command::from_letter(c)
                .unwrap_or_else(|| panic!("level {n}: bad move {c:?} at {i}"));
            game.apply(command)
                .unwrap_or_else(|e| panic!("level {n}, step {i}: {e}"));
        }
        assert!(game.is_solved(), "level {n}: {moves} does not solve it");
    }
}
