//! The proofs by counting (`muscleman_solver::counting_proof`, issue 43)
//! against the brute-force reference: on small random levels of two
//! rooms split by a wall with a door in it (coloured or secret, keys
//! loose or inside boxes, plates, heavy boxes, a hammer, a duck), no level
//! a proof calls unsolvable is solved by the reference, and `solve_level`
//! never solves one either; and none of the built-in levels, Combinations
//! or the designer set (every one solvable: their stored solutions replay
//! to solved in their own tests) is called unsolvable.

use muscleman_level::{Collection, Level};
use muscleman_sim::{Rules, Trail};
use muscleman_solver::{SolveOptions, SolveOutcome, counting_proof, solve_level};
use proptest::prelude::*;

mod reference;
use reference::{Cost, reference_from};

/// Positions past which the reference gives up on a level.
const CAP: usize = 2500;

/// What a random cell may hold, by legend letter (about half the draws
/// are floor).
const CELLS: [(char, &str); 14] = [
    ('$', ""),
    ('&', ""),
    ('x', "Box(KeyRed)"),
    ('y', "Box(KeyBlue)"),
    ('h', "Hammer"),
    ('r', "KeyRed"),
    ('P', "PressurePlateHeavy"),
    ('p', "PressurePlateRed"),
    ('q', "PressurePlateBlue"),
    ('#', ""),
    ('~', ""),
    ('D', "Duck"),
    ('b', "KeyBlue"),
    ('c', "Cauldron"),
];

/// The door in the dividing wall, by legend letter.
const DOORS: [(char, &str); 4] = [
    ('R', "DoorRed"),
    ('B', "DoorBlue"),
    ('S', "SecretDoor"),
    (' ', ""),
];

/// A level of two rooms `w` wide, `top` and `bottom` rows high, split by
/// a wall with a door at `door_x`; the player at `player` of the top
/// room; goals at `goals` (cells of both rooms, in reading order).
fn text(
    w: usize,
    (top, bottom): (usize, usize),
    cells: &[usize],
    (door, door_x): (usize, usize),
    player: usize,
    goals: &[usize],
) -> String {
    let mut legend: Vec<String> = Vec::new();
    let mut note = |c: char, spec: &str| {
        let line = format!("legend: {c} = {spec}");
        if !spec.is_empty() && !legend.contains(&line) {
            legend.push(line);
        }
    };
    let mut rows = vec!["#".repeat(w + 2)];
    let mut i = 0;
    for y in 0..top + bottom + 1 {
        let mut row = String::from("#");
        for x in 0..w {
            if y == top {
                let (c, spec) = if x == door_x {
                    DOORS[door % DOORS.len()]
                } else {
                    ('#', "")
                };
                note(c, spec);
                row.push(if c == ' ' { ' ' } else { c });
                continue;
            }
            let goal = goals.contains(&i);
            let c = if i == player {
                if goal { '+' } else { '@' }
            } else {
                match CELLS.get(cells.get(i).copied().unwrap_or(usize::MAX)) {
                    // A goal holds a box, or nothing else.
                    Some(&('$', _)) if goal => '*',
                    Some(_) | None if goal => '.',
                    Some(&(c, spec)) => {
                        note(c, spec);
                        c
                    }
                    None => ' ',
                }
            };
            row.push(c);
            i += 1;
        }
        row.push('#');
        rows.push(row);
    }
    rows.push("#".repeat(w + 2));
    legend.extend(rows);
    legend.join("\n") + "\n"
}

/// Small two-room levels, one to three goals.
fn levels() -> impl Strategy<Value = String> {
    (2usize..=4, 1usize..=2, 1usize..=2).prop_flat_map(|(w, top, bottom)| {
        let n = w * (top + bottom);
        (
            prop::collection::vec(0..CELLS.len() * 2, n),
            (0..DOORS.len(), 0..w),
            0..w * top,
            prop::collection::vec(0..n, 1..=3),
        )
            .prop_map(move |(cells, door, player, goals)| {
                text(w, (top, bottom), &cells, door, player, &goals)
            })
    })
}

/// 192 cases by default; `PROPTEST_CASES=N` for a soak run (the
/// configuration's own count would override the variable).
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(192)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    /// No level a counting proof calls unsolvable has a solution: the
    /// brute force over the sim's own steps finds none (under both rule
    /// sets), and `solve_level` says unsolvable too.
    #[test]
    fn no_level_counted_unsolvable_has_a_solution(text in levels(), sokoban in any::<bool>()) {
        let Ok(level) = Level::parse(&text) else { return Ok(()) };
        let Some(why) = counting_proof(&level) else { return Ok(()) };
        let rules = if sokoban { Rules::SOKOBAN } else { Rules::MUSCLEMAN };
        let Some(trail) = Trail::new(&level, rules).ok() else { return Ok(()) };
        if let Some(truth) = reference_from(trail, Cost::Moves, CAP) {
            prop_assert_eq!(truth.fewest, None, "{}\n{}", why, text);
        }
        let options = SolveOptions { rules, ..SolveOptions::default() };
        let outcome = solve_level(&level, &options).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(matches!(outcome, SolveOutcome::Unsolvable { .. }), "{:?}\n{}", outcome, text);
    }
}

/// Every built-in level (both collections) and every level of the
/// designer set has a solution, so no proof may fire on any of them.
#[test]
fn no_solvable_level_is_counted_unsolvable() {
    let sets = [
        muscleman_levels::BUILTIN,
        muscleman_levels::COMBINATIONS,
        include_str!("../benches/designer.txt"),
    ];
    let mut n = 0;
    for set in sets {
        let levels = Collection::parse(set)
            .unwrap_or_else(|e| panic!("{e:?}"))
            .levels;
        for level in &levels {
            assert_eq!(counting_proof(level), None, "{:?}", level.title());
            n += 1;
        }
    }
    assert!(n > 80, "{n} levels");
}
