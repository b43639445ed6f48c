//! The solver against every recipe the sim declares (issue 34): on small
//! random levels whose cells are drawn from the registry itself (every
//! playable recipe in each of its states, the things that hold things
//! with contents, and the `demo-glow` build's lantern and firefly), so a
//! recipe added to the sim is searched here with no edit:
//! - without goals, the unpruned search stores exactly as many positions
//!   as a brute-force search over exact dumps of the world finds (no two
//!   positions share a key, no position has two): what the key writer
//!   reads from the declarations leaves nothing out;
//! - with goals, the pruned search's verdict is the brute force's.
//!
//! Stairs are left out (they need a second floor, paired); the floors'
//! own tests cover them.

use std::collections::BTreeMap;

use muscleman_core::{Contents, EntityRecipe, EntitySpec, Holds};
use muscleman_level::Level;
use muscleman_sim::{Rules, Trail, recipe_decls};
use muscleman_solver::{Optimize, SolveOptions, SolveOutcome, explore_level};
use proptest::prelude::*;

mod reference;
use reference::{Cost, Reference, reference_from};

/// Positions past which the reference gives up on a level.
const CAP: usize = 1500;

/// Every spec a random cell may hold: each declared recipe (but the
/// player, goals and stairs) in its own state and each of its states, and
/// what holds things also holding what it may.
fn specs() -> Vec<EntitySpec> {
    let mut specs = Vec::new();
    for decl in recipe_decls() {
        let r = decl.recipe;
        if matches!(
            r,
            EntityRecipe::Player
                | EntityRecipe::Goal
                | EntityRecipe::StairsUp
                | EntityRecipe::StairsDown
        ) {
            continue;
        }
        specs.push(EntitySpec::new(r));
        for state in decl.states {
            specs.push(EntitySpec::new(r).with_state(state.state));
        }
        let contents: &[&[EntityRecipe]] = match r.info().holds {
            Holds::Nothing => &[],
            _ => &[
                &[EntityRecipe::KeyRed, EntityRecipe::Coin],
                &[EntityRecipe::KeyBlue],
                &[EntityRecipe::KeyRed, EntityRecipe::KeyBlue],
                &[EntityRecipe::Hammer],
            ],
        };
        for c in contents {
            let Some(c) = Contents::from_slice(c) else {
                continue;
            };
            let spec = EntitySpec::new(r).with_contents(c);
            if muscleman_sim::spec_tags(&spec).is_some() {
                specs.push(spec);
            }
        }
    }
    specs
}

/// A level of `w`×`h` cells inside a ring of strong walls: the player at
/// `player`, a goal under `goal` if given, every other cell empty or a
/// spec of `specs` (indexes past the specs are floor).
fn text(
    w: usize,
    h: usize,
    cells: &[usize],
    player: usize,
    goal: Option<usize>,
    specs: &[EntitySpec],
) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut letters: BTreeMap<String, char> = BTreeMap::new();
    let mut rows = vec!["#".repeat(w + 2)];
    for y in 0..h {
        let mut row = String::from("#");
        for x in 0..w {
            let i = y * w + x;
            let spec = specs.get(cells.get(i).copied().unwrap_or(usize::MAX));
            let under = if goal == Some(i) { " Goal" } else { "" };
            let c = if i == player {
                if under.is_empty() { '@' } else { '+' }
            } else if let Some(spec) = spec {
                let key = format!("{spec}{under}");
                let next = LETTERS.get(letters.len()).copied().unwrap_or(b'z');
                *letters.entry(key).or_insert(char::from(next))
            } else if under.is_empty() {
                ' '
            } else {
                '.'
            };
            row.push(c);
        }
        row.push('#');
        rows.push(row);
    }
    rows.push("#".repeat(w + 2));
    let mut out: Vec<String> = letters
        .iter()
        .map(|(spec, c)| format!("legend: {c} = {spec}"))
        .collect();
    out.extend(rows);
    out.join("\n") + "\n"
}

/// Small levels of declared recipes, with a goal or without.
fn levels(with_goal: bool) -> impl Strategy<Value = String> {
    let specs = specs();
    let n_specs = specs.len();
    (2usize..=4, 2usize..=3).prop_flat_map(move |(w, h)| {
        let n = w * h;
        let specs = specs.clone();
        (
            // About half the cells are floor.
            prop::collection::vec(0..n_specs * 2, n),
            0..n,
            0..n,
        )
            .prop_map(move |(cells, player, goal)| {
                let goal = (with_goal && goal != player).then_some(goal);
                text(w, h, &cells, player, goal, &specs)
            })
    })
}

fn options(rules: Rules) -> SolveOptions {
    SolveOptions {
        rules,
        optimize: Optimize::Fast,
        ..SolveOptions::default()
    }
}

fn reference(level: &Level, rules: Rules) -> Option<Reference> {
    reference_from(Trail::new(level, rules).ok()?, Cost::Moves, CAP)
}

#[test]
fn the_random_cells_hold_every_declared_recipe() {
    let specs = specs();
    for decl in recipe_decls() {
        let r = decl.recipe;
        let left_out = matches!(
            r,
            EntityRecipe::Player
                | EntityRecipe::Goal
                | EntityRecipe::StairsUp
                | EntityRecipe::StairsDown
        );
        assert_eq!(specs.iter().any(|s| s.recipe == r), !left_out, "{r}");
    }
    assert!(specs.iter().any(|s| !s.contents.is_empty()), "contents");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Without goals nothing is ever solved, so the unpruned search visits
    /// every reachable position: exactly as many keys as the reference's
    /// exact dumps tell apart.
    #[test]
    fn keys_tell_apart_positions_of_every_declared_recipe(text in levels(false), sokoban in any::<bool>()) {
        let Ok(level) = Level::parse(&text) else { return Ok(()) };
        let rules = if sokoban { Rules::SOKOBAN } else { Rules::MUSCLEMAN };
        let Some(truth) = reference(&level, rules) else { return Ok(()) };
        let outcome = explore_level(&level, &options(rules), false)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert!(matches!(outcome, SolveOutcome::Unsolvable { .. }), "{:?}\n{}", outcome, text);
        prop_assert_eq!(outcome.stats().stored as usize, truth.positions, "\n{}", text);
    }

    /// With a goal, the pruned search's verdict is the reference's.
    #[test]
    fn pruning_loses_nothing_with_every_declared_recipe(text in levels(true), sokoban in any::<bool>()) {
        let Ok(level) = Level::parse(&text) else { return Ok(()) };
        let rules = if sokoban { Rules::SOKOBAN } else { Rules::MUSCLEMAN };
        let Some(truth) = reference(&level, rules) else { return Ok(()) };
        let outcome = explore_level(&level, &options(rules), true)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let solved = match outcome {
            SolveOutcome::Solved(_) => true,
            SolveOutcome::Unsolvable { .. } => false,
            SolveOutcome::GaveUp { reason, .. } => {
                return Err(TestCaseError::fail(format!("gave up: {reason:?}\n{text}")));
            }
        };
        prop_assert_eq!(solved, truth.fewest.is_some(), "\n{}", text);
    }
}
