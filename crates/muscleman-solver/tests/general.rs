//! The general search against a plain reference: on small random enclosed
//! levels holding every mechanic (both walls, water, both boxes, keys,
//! doors, plates, a secret door, hammers, coins, boxes with contents), the
//! pruned search, the unpruned search and a brute-force breadth-first
//! search written here (its own exact state dump, no pruning, every input)
//! agree on solvable or not, on the fewest moves in move-optimal mode and
//! on the fewest pushes in push-optimal mode; on the same levels without
//! goals, the unpruned search stores exactly as many positions as the
//! reference finds (its keys are exact: no two positions share one, no
//! position has two). A second family of levels, without hands and mostly
//! without plates or collectibles (walls, water, both boxes, keys, doors,
//! sometimes a plate), is where the pruned search files a whole free
//! region of the player as one position: there too every mode agrees with
//! the reference.

use std::collections::HashMap;

use muscleman_core::Input;
use muscleman_level::Level;
use muscleman_sim::{AnyComponent, Command, Game, Rules, Trail};
use muscleman_solver::{
    Optimize, Prunings, SolveOptions, SolveOutcome, UnsolvableReason, explore_game, explore_level,
    lower_bound, solve_game, solve_level,
};
use proptest::prelude::*;

mod common;
mod reference;
use common::options;
use reference::{Cost, Dump, Reference, dump, fewest, reference_from};

const INPUTS: [Input; 9] = Input::ALL;

/// Positions past which the reference gives up on a level (kept small: it
/// replays each position from the start).
const CAP: usize = 1500;

/// Interior cells, with the legend line each needs (floor most often).
const CELLS: [(char, Option<&str>); 22] = [
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    ('#', None),
    ('%', None),
    ('~', None),
    ('$', None),
    ('&', None),
    ('.', None),
    ('o', Some("legend: o = Coin")),
    ('k', Some("legend: k = KeyRed")),
    ('D', Some("legend: D = DoorRed")),
    ('q', Some("legend: q = PressurePlateRed")),
    ('H', Some("legend: H = PressurePlateHeavy")),
    ('S', Some("legend: S = SecretDoor")),
    ('h', Some("legend: h = Hammer")),
    ('x', Some("legend: x = Box(KeyRed Coin)")),
];

/// Interior cells of the levels without hands: no collectibles, and a
/// plate only now and then, so that most levels have their free regions
/// normalized and some (those with a plate) do not.
const SOKOBAN_CELLS: [(char, Option<&str>); 17] = [
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    ('#', None),
    ('%', None),
    ('~', None),
    ('~', None),
    ('&', None),
    ('k', Some("legend: k = KeyRed")),
    ('D', Some("legend: D = DoorRed")),
    ('q', Some("legend: q = PressurePlateRed")),
];

/// Interior cells of walled-in levels, half strong walls: closets and
/// bends where a box may be dead even with hands.
const WALLY_CELLS: [(char, Option<&str>); 8] = [
    (' ', None),
    (' ', None),
    (' ', None),
    ('#', None),
    ('#', None),
    ('#', None),
    ('$', None),
    ('.', None),
];

/// Levels from [`WALLY_CELLS`], a little larger.
fn wally_levels() -> impl Strategy<Value = String> {
    (3usize..=4, 2usize..=4).prop_flat_map(|(w, h)| {
        let n = w * h;
        (
            prop::collection::vec(0u8..WALLY_CELLS.len() as u8, n),
            (0..n, 0..n, 0..n, 0u8..2),
        )
            .prop_map(move |(cells, (p, b, g, k))| text(&WALLY_CELLS, w, h, &cells, p, b, g, k))
    })
}

/// The box placed on every level: a box, a heavy box or a box holding a
/// key and a coin.
const BOXES: [(char, Option<&str>); 3] = [
    ('$', None),
    ('&', None),
    ('x', Some("legend: x = Box(KeyRed Coin)")),
];

/// Build a level text: a ring of strong walls round `w × h` cells, the
/// player on cell `player`, a box of kind `kind` on cell `box_at` and a
/// goal on `goal` (a box on goal when they meet), where they do not meet
/// the player; the other cells from `cells`.
#[expect(clippy::too_many_arguments, reason = "a test's level builder")]
fn text(
    palette: &[(char, Option<&'static str>)],
    w: usize,
    h: usize,
    cells: &[u8],
    player: usize,
    box_at: usize,
    goal: usize,
    kind: u8,
) -> String {
    common::walled(w, h, |i| {
        if i == player {
            ('@', None)
        } else if i == box_at {
            if i == goal {
                ('*', None)
            } else {
                BOXES[usize::from(kind) % BOXES.len()]
            }
        } else if i == goal {
            ('.', None)
        } else {
            palette[usize::from(cells[i]) % palette.len()]
        }
    })
}

/// Like [`text`], with several boxes (each with its kind) and goals; a
/// later one takes a cell before an earlier one, the player first.
fn text_many(
    w: usize,
    h: usize,
    cells: &[u8],
    player: usize,
    boxes: &[(usize, u8)],
    goals: &[usize],
) -> String {
    text_many_from(&CELLS, w, h, cells, player, boxes, goals)
}

/// [`text_many`] from the cells of `palette`.
fn text_many_from(
    palette: &[(char, Option<&'static str>)],
    w: usize,
    h: usize,
    cells: &[u8],
    player: usize,
    boxes: &[(usize, u8)],
    goals: &[usize],
) -> String {
    common::walled(w, h, |i| {
        let on_goal = goals.contains(&i);
        if i == player {
            ('@', None)
        } else if let Some((_, kind)) = boxes.iter().find(|(b, _)| *b == i) {
            if on_goal {
                ('*', None)
            } else {
                BOXES[usize::from(*kind) % BOXES.len()]
            }
        } else if on_goal {
            ('.', None)
        } else {
            palette[usize::from(cells[i]) % palette.len()]
        }
    })
}

/// Levels with two boxes and two goals (the guide's matching has a choice
/// to make), from every mechanic.
fn two_box_levels() -> impl Strategy<Value = String> {
    (3usize..=4, 2usize..=3).prop_flat_map(|(w, h)| {
        let n = w * h;
        (
            prop::collection::vec(0u8..CELLS.len() as u8, n),
            0..n,
            prop::collection::vec((0..n, 0u8..3), 2),
            prop::collection::vec(0..n, 2),
        )
            .prop_map(move |(cells, p, boxes, goals)| text_many(w, h, &cells, p, &boxes, &goals))
    })
}

/// Interior cells of the levels where boxes freeze: mostly floor, some
/// strong walls, now and then a hammer (which turns the rule off with
/// hands).
const FREEZE_CELLS: [(char, Option<&str>); 12] = [
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    ('#', None),
    ('#', None),
    ('h', Some("legend: h = Hammer")),
];

/// Levels with two or three boxes or heavy boxes on distinct cells and as
/// many goals (some under boxes), walled in, where boxes freeze against
/// walls and each other.
fn freeze_levels() -> impl Strategy<Value = String> {
    (3usize..=5, 2usize..=3, 2usize..=3).prop_flat_map(|(w, h, k)| {
        let n = w * h;
        let cells: Vec<usize> = (0..n).collect();
        (
            prop::collection::vec(0u8..FREEZE_CELLS.len() as u8, n),
            Just(cells.clone()).prop_shuffle(),
            Just(cells).prop_shuffle(),
            prop::collection::vec(0u8..2, k),
        )
            .prop_map(move |(palette, order, goal_order, kinds)| {
                let boxes: Vec<(usize, u8)> = order[1..=k].iter().copied().zip(kinds).collect();
                let goals: Vec<usize> = goal_order
                    .iter()
                    .copied()
                    .filter(|g| *g != order[0])
                    .take(k)
                    .collect();
                text_many_from(&FREEZE_CELLS, w, h, &palette, order[0], &boxes, &goals)
            })
    })
}

fn levels() -> impl Strategy<Value = String> {
    (2usize..=4, 1usize..=3).prop_flat_map(|(w, h)| {
        let n = w * h;
        (
            prop::collection::vec(0u8..CELLS.len() as u8, n),
            (0..n, 0..n, 0..n, 0u8..3),
        )
            .prop_map(move |(cells, (p, b, g, k))| text(&CELLS, w, h, &cells, p, b, g, k))
    })
}

/// Levels for rules without hands: a little larger, from [`SOKOBAN_CELLS`],
/// with a box or a heavy box.
fn sokoban_levels() -> impl Strategy<Value = String> {
    (2usize..=5, 1usize..=3).prop_flat_map(|(w, h)| {
        let n = w * h;
        (
            prop::collection::vec(0u8..SOKOBAN_CELLS.len() as u8, n),
            (0..n, 0..n, 0..n, 0u8..2),
        )
            .prop_map(move |(cells, (p, b, g, k))| text(&SOKOBAN_CELLS, w, h, &cells, p, b, g, k))
    })
}

/// Every position reachable from `level`, each by its cheapest path in
/// moves (a step costs 1 when the player walked); `None` past [`CAP`].
fn reference(level: &Level, rules: Rules) -> Option<Reference> {
    reference_by(level, rules, Cost::Moves)
}

/// Every position reachable from `level`, each by its cheapest path under
/// `cost`; `None` past [`CAP`].
fn reference_by(level: &Level, rules: Rules, cost_of: Cost) -> Option<Reference> {
    reference_from(Trail::new(level, rules).ok()?, cost_of, CAP)
}

/// The player's Position and Facing taken out of a dump.
fn without_player(dump: &Dump, player: u64) -> Dump {
    let mut d = dump.clone();
    for (id, _, components) in &mut d.0 {
        if *id == player {
            components
                .retain(|c| !matches!(c, AnyComponent::Position(_) | AnyComponent::Facing(_)));
        }
    }
    d
}

/// How many walk classes the positions reachable from `level` fall in: a
/// step that changes nothing but the player's cell and Facing joins the
/// two positions' classes (either way round); `None` past [`CAP`].
fn walk_classes(level: &Level, rules: Rules) -> Option<usize> {
    let mut trail = Trail::new(level, rules).ok()?;
    let player = trail.player().to_bits();
    let mut seen: HashMap<Dump, usize> = HashMap::new();
    let mut paths: Vec<Vec<Input>> = vec![Vec::new()];
    let mut class: Vec<usize> = vec![0];
    fn root(class: &mut [usize], mut n: usize) -> usize {
        while class[n] != n {
            class[n] = class[class[n]];
            n = class[n];
        }
        n
    }
    seen.insert(dump(&trail), 0);
    let mut n = 0;
    while n < paths.len() {
        while trail.depth() > 0 {
            trail.back().ok()?;
        }
        for input in &paths[n] {
            trail.step(*input).ok()?;
        }
        let here = without_player(&dump(&trail), player);
        for input in INPUTS {
            trail.step(input).ok()?;
            let d = dump(&trail);
            trail.back().ok()?;
            let m = match seen.get(&d) {
                Some(&m) => m,
                None => {
                    let m = paths.len();
                    if m >= CAP {
                        return None;
                    }
                    let mut path = paths[n].clone();
                    path.push(input);
                    paths.push(path);
                    class.push(m);
                    seen.insert(d.clone(), m);
                    m
                }
            };
            if without_player(&d, player) == here {
                let (a, b) = (root(&mut class, n), root(&mut class, m));
                class[a] = b;
            }
        }
        n += 1;
    }
    Some(
        (0..class.len())
            .filter(|&i| root(&mut class, i) == i)
            .count(),
    )
}

/// Return the fewest moves of a solution, `None` for proved unsolvable;
/// fail the test on anything else.
fn verdict(outcome: &SolveOutcome) -> Result<Option<u32>, TestCaseError> {
    fewest(outcome, Cost::Moves)
}

/// Return the first two parts of a solution's cost as the reference
/// counts them under `cost` (the count asked for, then the other), `None`
/// for proved unsolvable; fail the test on anything else.
fn tied(outcome: &SolveOutcome, cost: Cost) -> Result<Option<(u32, u32)>, TestCaseError> {
    Ok(reference::tied(outcome, cost)?.map(|(a, b, _)| (a, b)))
}

/// The first two parts of the reference's cheapest solution.
fn truth_tied(truth: &Reference) -> Option<(u32, u32)> {
    truth.tied.map(|(a, b, _)| (a, b))
}

/// Return the pushes of a solution, `None` for proved unsolvable; fail the
/// test on anything else.
fn pushes(outcome: &SolveOutcome) -> Result<Option<u32>, TestCaseError> {
    fewest(outcome, Cost::Pushes)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Pruned, unpruned and reference agree on every random level, under
    /// both rule sets.
    #[test]
    fn pruning_loses_nothing(text in levels(), sokoban in any::<bool>()) {
        let Ok(level) = Level::parse(&text) else { return Ok(()) };
        let rules = if sokoban { Rules::SOKOBAN } else { Rules::MUSCLEMAN };
        let Some(truth) = reference(&level, rules) else { return Ok(()) };
        let moves = options(rules, Optimize::Moves);
        let fast = options(rules, Optimize::Fast);
        let pruned = verdict(&explore_level(&level, &moves, true).map_err(|e| TestCaseError::fail(e.to_string()))?)?;
        let unpruned = verdict(&explore_level(&level, &moves, false).map_err(|e| TestCaseError::fail(e.to_string()))?)?;
        prop_assert_eq!(pruned, truth.fewest, "pruned, moves-optimal\n{}", text);
        prop_assert_eq!(unpruned, truth.fewest, "unpruned, moves-optimal\n{}", text);
        // The whole pipeline (the fast push search first, where it applies).
        let whole = solve_level(&level, &fast).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let goals = level.positions_of(muscleman_core::EntityRecipe::Goal).count();
        match (&whole, truth.fewest) {
            (SolveOutcome::Solved(_), Some(_)) => {}
            (SolveOutcome::Unsolvable { reason, .. }, None) => {
                if *reason == UnsolvableReason::NoGoals { prop_assert_eq!(goals, 0); }
            }
            (other, truth) => prop_assert!(false, "solve_level: {:?}, reference: {:?}\n{}", other, truth, text),
        }
        let moves_optimal = solve_level(&level, &moves).map_err(|e| TestCaseError::fail(e.to_string()))?;
        // Among the fewest moves, the fewest pushes.
        prop_assert_eq!(tied(&moves_optimal, Cost::Moves)?, truth_tied(&truth), "solve_level, moves-optimal\n{}", text);
        every_mode_agrees(&level, rules, &truth, &text)?;
    }

    /// Without goals the pruned push-optimal search without hands, plates
    /// or collectibles visits every reachable region: as many positions as
    /// the reference's walk classes (positions joined by steps that change
    /// nothing but the player's cell and Facing), or more when a door's
    /// cell (never free) splits a class. Fewer would mean two positions
    /// that no walk joins were filed as one.
    #[test]
    fn regions_are_the_walk_classes(text in sokoban_levels(), chains in any::<bool>()) {
        let text = text.replace('.', " ").replace('*', "$");
        let Ok(level) = Level::parse(&text) else { return Ok(()) };
        if text.contains('q') {
            return Ok(());
        }
        let rules = if chains { Rules::SOKOBAN.with_max_chain(None) } else { Rules::SOKOBAN };
        let Some(classes) = walk_classes(&level, rules) else { return Ok(()) };
        let outcome = explore_level(&level, &options(rules, Optimize::Pushes), true)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(matches!(outcome, SolveOutcome::Unsolvable { .. }), "{:?}", outcome);
        let stored = outcome.stats().stored as usize;
        if text.contains('D') {
            prop_assert!(stored >= classes, "stored {}, classes {}\n{}", stored, classes, text);
        } else {
            prop_assert_eq!(stored, classes, "\n{}", text);
        }
    }

    /// With hands, on walled-in levels where some cells are dead even to
    /// pulls, carries and swings, the pruned search (dead cells on) agrees
    /// with the reference in every mode.
    #[test]
    fn dead_cells_with_hands_lose_nothing(text in wally_levels()) {
        let Ok(level) = Level::parse(&text) else { return Ok(()) };
        let rules = Rules::MUSCLEMAN;
        let Some(truth) = reference(&level, rules) else { return Ok(()) };
        let moves = options(rules, Optimize::Moves);
        let pruned = explore_level(&level, &moves, true).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(pruned.stats().reach.prunings.contains(Prunings::DEAD_CELLS));
        prop_assert_eq!(verdict(&pruned)?, truth.fewest, "pruned, moves-optimal\n{}", text);
        every_mode_agrees(&level, rules, &truth, &text)?;
    }

    /// On walled-in levels with two or three boxes or heavy boxes, under
    /// Sokoban rules, Sokoban rules with chains, and Muscleman rules with
    /// and without chains (the freeze rules for pushes alone, one box or
    /// chains, and with hands; off with a hammer and hands), the pruned
    /// search agrees with the plain one on solvable or not in every mode,
    /// on the fewest moves and on the fewest pushes: a frozen box never
    /// hides a solution.
    #[test]
    fn frozen_boxes_lose_nothing(text in freeze_levels(), which in 0usize..4) {
        let Ok(level) = Level::parse(&text) else { return Ok(()) };
        let rules = [
            Rules::SOKOBAN,
            Rules::SOKOBAN.with_max_chain(None),
            Rules::MUSCLEMAN,
            Rules::MUSCLEMAN.with_max_chain(Some(1)),
        ][which];
        let fail = |e: muscleman_solver::SolveError| TestCaseError::fail(format!("{e}\n{text}"));
        for optimize in [Optimize::Moves, Optimize::Pushes, Optimize::Fast] {
            let opts = SolveOptions { memory_mb: 16, ..options(rules, optimize) };
            let plain = explore_level(&level, &opts, false).map_err(fail)?;
            if matches!(plain, SolveOutcome::GaveUp { .. }) { return Ok(()) }
            let pruned = explore_level(&level, &opts, true).map_err(fail)?;
            let (p, q) = match optimize {
                Optimize::Moves => (verdict(&pruned)?, verdict(&plain)?),
                Optimize::Pushes => (pushes(&pruned)?, pushes(&plain)?),
                Optimize::Fast => (verdict(&pruned)?.map(|_| 0), verdict(&plain)?.map(|_| 0)),
            };
            prop_assert_eq!(p, q, "{:?} under {:?}, pruned {:?}\n{}", optimize, rules, pruned.stats().reach, text);
        }
    }

    /// Without hands (the rules where the pruned search files a free region
    /// of the player as one position, in push-optimal mode), the
    /// pruned search agrees with the reference in every mode.
    #[test]
    fn normalized_regions_lose_nothing(text in sokoban_levels(), chains in any::<bool>()) {
        let Ok(level) = Level::parse(&text) else { return Ok(()) };
        let rules = if chains { Rules::SOKOBAN.with_max_chain(None) } else { Rules::SOKOBAN };
        let Some(truth) = reference(&level, rules) else { return Ok(()) };
        let moves = options(rules, Optimize::Moves);
        let pruned = verdict(&explore_level(&level, &moves, true).map_err(|e| TestCaseError::fail(e.to_string()))?)?;
        prop_assert_eq!(pruned, truth.fewest, "pruned, moves-optimal\n{}", text);
        every_mode_agrees(&level, rules, &truth, &text)?;
    }

    /// The guided search (best-first on its estimate, the pruned search's
    /// order for any solution) and the plain breadth-first search, unpruned,
    /// agree on solvable or not on levels with two boxes and two goals from
    /// every mechanic, under both rule sets; a solution found is replayed
    /// to solved in the sim (`explore_level` checks it), and on an
    /// unsolvable level the guided search stores no more positions.
    #[test]
    fn the_guided_search_agrees_with_the_plain_search(text in two_box_levels(), sokoban in any::<bool>()) {
        let Ok(level) = Level::parse(&text) else { return Ok(()) };
        let rules = if sokoban { Rules::SOKOBAN } else { Rules::MUSCLEMAN };
        let fail = |e: muscleman_solver::SolveError| TestCaseError::fail(format!("{e}\n{text}"));
        // Bounded by memory, not time, so the verdict does not depend on
        // load: a rare random level (open edges, a hammer, contents) makes
        // millions of positions, which took 20 minutes of a debug build
        // unbounded. A case the plain search cannot finish in 16 MiB is
        // left out; the guided one, which stores no more on an unsolvable
        // level, has room to spare for its order on a solvable one.
        let plain = explore_level(&level, &SolveOptions { memory_mb: 16, ..options(rules, Optimize::Fast) }, false).map_err(fail)?;
        if matches!(plain, SolveOutcome::GaveUp { .. }) { return Ok(()) }
        let guided = explore_level(&level, &SolveOptions { memory_mb: 64, ..options(rules, Optimize::Fast) }, true).map_err(fail)?;
        prop_assert!(guided.stats().reach.guided, "{:?}", guided);
        prop_assert!(!plain.stats().reach.guided, "{:?}", plain);
        prop_assert_eq!(verdict(&guided)?.is_some(), verdict(&plain)?.is_some(), "guided {:?}, plain {:?}\n{}", guided, plain, text);
        if verdict(&plain)?.is_none() {
            // Both searched every position: merging and dead positions only
            // take some away.
            prop_assert!(guided.stats().stored <= plain.stats().stored,
                "guided stored {}, plain {}\n{}", guided.stats().stored, plain.stats().stored, text);
        }
    }

    /// From a game's position (some inputs played, so the player may face
    /// any way and hold something), under both rule sets, the pruned
    /// search, the unpruned one and the whole pipeline (`solve_game`) agree
    /// on solvable or not, on the fewest moves and on the fewest pushes;
    /// every solution is replayed in the game itself.
    #[test]
    fn a_game_is_searched_from_its_position(
        text in levels(),
        played in prop::collection::vec(0usize..INPUTS.len(), 0..8),
        sokoban in any::<bool>(),
    ) {
        let Ok(level) = Level::parse(&text) else { return Ok(()) };
        let rules = if sokoban { Rules::SOKOBAN } else { Rules::MUSCLEMAN };
        let Some(mut game) = common::played_game(&level, rules, &played) else { return Ok(()) };
        let fail = |e: muscleman_solver::SolveError| TestCaseError::fail(format!("{e}\n{text}"));
        // Kept small (a hammer and a box's contents make many positions):
        // a case the plain search cannot finish in 4 MiB is left out.
        let moves = SolveOptions { memory_mb: 4, ..options(rules, Optimize::Moves) };
        let plain = explore_game(&game, &moves, false).map_err(fail)?;
        if matches!(plain, SolveOutcome::GaveUp { .. }) { return Ok(()) }
        let plain = verdict(&plain)?;
        let pruned = verdict(&explore_game(&game, &moves, true).map_err(fail)?)?;
        prop_assert_eq!(pruned, plain, "pruned, moves-optimal, after {:?}\n{}", game.commands(), text);
        // Push-optimal: the pruned search files free regions (empty hands)
        // and turns before every grab there.
        let push_opts = SolveOptions { optimize: Optimize::Pushes, ..moves.clone() };
        let plain_pushes = explore_game(&game, &push_opts, false).map_err(fail)?;
        if !matches!(plain_pushes, SolveOutcome::GaveUp { .. }) {
            let pruned_pushes = explore_game(&game, &push_opts, true).map_err(fail)?;
            prop_assert_eq!(pushes(&pruned_pushes)?, pushes(&plain_pushes)?, "pruned, push-optimal, after {:?}\n{}", game.commands(), text);
        }
        let whole = solve_game(&game, &options(rules, Optimize::Fast)).map_err(fail)?;
        prop_assert_eq!(verdict(&whole)?.is_some(), plain.is_some(), "solve_game {:?}\n{}", whole, text);
        if let SolveOutcome::Solved(s) = whole {
            for c in s.moves.chars() {
                let cmd = Command::from_letter(c).ok_or_else(|| TestCaseError::fail("a letter"))?;
                game.apply(cmd).map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
            prop_assert!(game.is_solved(), "{}\n{}", s.moves, text);
        }
    }

    /// From a game's position (some inputs played, so the player may hold
    /// something and boxes may have sunk or been smashed) on levels with
    /// one or two boxes from every mechanic, under both rule sets, the
    /// optimal modes' lower bound is never more than the fewest moves or
    /// pushes the reference finds, and never calls a solvable position
    /// dead.
    #[test]
    fn the_lower_bound_never_overestimates(
        text in prop_oneof![levels(), two_box_levels(), freeze_levels()],
        played in prop::collection::vec(0usize..INPUTS.len(), 0..10),
        which in 0usize..3,
    ) {
        let Ok(level) = Level::parse(&text) else { return Ok(()) };
        let rules = [Rules::SOKOBAN, Rules::MUSCLEMAN, Rules::SOKOBAN.with_max_chain(None)][which];
        let Ok(mut game) = Game::new(&level, rules) else { return Ok(()) };
        for i in played {
            let _ = game.step(INPUTS[i]);
        }
        for (optimize, cost) in [(Optimize::Moves, Cost::Moves), (Optimize::Pushes, Cost::Pushes)] {
            let Ok(world) = game.world().copy_position() else { return Ok(()) };
            let Some(truth) = reference_from(Trail::from_world(world, game.player(), rules), cost, CAP) else {
                return Ok(());
            };
            let bound = lower_bound(&game, &options(rules, optimize));
            if let Some(fewest) = truth.fewest {
                prop_assert!(bound.is_some_and(|b| b <= fewest),
                    "{:?}: bound {:?}, fewest {}, after {:?}\n{}", optimize, bound, fewest, game.commands(), text);
            }
        }
    }

    /// Without goals nothing is ever solved, so the unpruned search visits
    /// every reachable position: exactly as many as the reference's exact
    /// dumps tell apart.
    #[test]
    fn keys_tell_positions_apart_exactly(text in levels(), sokoban in any::<bool>()) {
        let text = text.replace('.', " ").replace('*', "$");
        let Ok(level) = Level::parse(&text) else { return Ok(()) };
        let rules = if sokoban { Rules::SOKOBAN } else { Rules::MUSCLEMAN };
        let Some(truth) = reference(&level, rules) else { return Ok(()) };
        let outcome = explore_level(&level, &options(rules, Optimize::Fast), false)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(matches!(outcome, SolveOutcome::Unsolvable { .. }), "{:?}", outcome);
        prop_assert_eq!(outcome.stats().stored as usize, truth.positions, "\n{}", text);
    }
}

/// Check the pruned general search in fast and push-optimal modes against
/// the reference: solvable or not, and the fewest pushes.
fn every_mode_agrees(
    level: &Level,
    rules: Rules,
    truth: &Reference,
    text: &str,
) -> Result<(), TestCaseError> {
    let fail = |e: muscleman_solver::SolveError| TestCaseError::fail(format!("{e}\n{text}"));
    let fast = explore_level(level, &options(rules, Optimize::Fast), true).map_err(fail)?;
    prop_assert_eq!(
        verdict(&fast)?.is_some(),
        truth.fewest.is_some(),
        "pruned, fast\n{}",
        text
    );
    let Some(by_pushes) = reference_by(level, rules, Cost::Pushes) else {
        return Ok(());
    };
    let pushed = explore_level(level, &options(rules, Optimize::Pushes), true).map_err(fail)?;
    prop_assert_eq!(
        pushes(&pushed)?,
        by_pushes.fewest,
        "pruned, push-optimal\n{}",
        text
    );
    // The moves among the fewest pushes are proved fewest only where the
    // key holds the player's cell (here the free region is filed as one,
    // and the push search files the region too): the pushes are exact.
    let whole = solve_level(level, &options(rules, Optimize::Pushes)).map_err(fail)?;
    prop_assert_eq!(
        pushes(&whole)?,
        by_pushes.fewest,
        "solve_level, push-optimal\n{}",
        text
    );
    Ok(())
}

/// Small unsolvable Muscleman levels, each proved by a complete search.
#[test]
fn small_unsolvable_muscleman_levels_are_proved() {
    let cases = [
        // The player cannot swim, and nothing reaches across the water.
        "#######\n#@~$ .#\n#######\n",
        // A heavy box cannot be grabbed, and a push only moves it away.
        "#####\n#.@&#\n#####\n",
        // A red door with no red key and no red plate never opens.
        "legend: D = DoorRed\n#######\n#@$D .#\n#######\n",
        // The heavy box sinks in the only way to the goal: no box is left.
        "######\n#@&~.#\n######\n",
        // A box in a closet that opens onto a corridor turning at once:
        // no push, pull, carry or swing takes it out (a dead cell with
        // hands: the pruned search proves it at its first position).
        "########\n#.@    #\n######$#\n########\n",
    ];
    for text in cases {
        let level = Level::parse(text).unwrap();
        let truth = reference(&level, Rules::MUSCLEMAN).unwrap();
        assert_eq!(truth.fewest, None, "{text}");
        let pruned =
            explore_level(&level, &options(Rules::MUSCLEMAN, Optimize::Fast), true).unwrap();
        if text.contains("######$#") {
            assert_eq!(pruned.stats().stored, 1, "{text}: {pruned:?}");
        }
        for optimize in [Optimize::Fast, Optimize::Moves, Optimize::Pushes] {
            match solve_level(&level, &options(Rules::MUSCLEMAN, optimize)).unwrap() {
                SolveOutcome::Unsolvable { .. } => {}
                other => panic!("{text}: {optimize:?}: {other:?}"),
            }
        }
    }
}

/// How many positions a search of `level` stores, where it has no goal
/// (so it searches every position and solves none).
fn stored_positions(level: &Level, rules: Rules, optimize: Optimize, prune: bool) -> u64 {
    let outcome = explore_level(level, &options(rules, optimize), prune).unwrap();
    assert!(
        matches!(outcome, SolveOutcome::Unsolvable { .. }),
        "{outcome:?}"
    );
    outcome.stats().stored
}

/// A plate answers the player's steps, so push-optimal, the pruned search
/// keeps the player's exact cell where there is one: as many positions as
/// move-optimal.
fn a_plate_keeps_every_cell_exact(rules: Rules) {
    let plate =
        Level::parse("legend: q = PressurePlateRed\n######\n#@ $q#\n#    #\n######\n").unwrap();
    assert_eq!(
        stored_positions(&plate, rules, Optimize::Pushes, true),
        stored_positions(&plate, rules, Optimize::Moves, true)
    );
}

/// Without hands the pruned search leaves Facing out of its key: a room
/// with no goal (so every position is searched) stores fewer positions
/// pruned than unpruned; with hands it leaves it out while the hands are
/// empty, so fewer than the reference tells apart too. (Move-optimal,
/// where the player's cell stays in the key.)
#[test]
fn without_hands_facing_is_left_out_of_the_key() {
    let level = Level::parse("######\n#@ $ #\n#    #\n######\n").unwrap();
    let stored = |rules, prune| stored_positions(&level, rules, Optimize::Moves, prune);
    let sokoban_pruned = stored(Rules::SOKOBAN, true);
    let sokoban_plain = stored(Rules::SOKOBAN, false);
    assert_eq!(
        sokoban_plain as usize,
        reference(&level, Rules::SOKOBAN).unwrap().positions
    );
    // Pushes keep the box in the top row (nothing stands above it to push
    // it down): 4 box cells, each with the player on one of the 7 others,
    // and unpruned each of those with every Facing it can have.
    assert!(
        sokoban_pruned * 2 < sokoban_plain,
        "pruned {sokoban_pruned}, plain {sokoban_plain}"
    );
    assert_eq!(
        sokoban_pruned,
        4 * 7,
        "every box cell with every player cell"
    );
    // With hands the key holds Facing only while something is held (with
    // empty hands only a grab reads it, and the search grabs every way):
    // fewer positions than the reference tells apart, which the plain
    // search stores exactly.
    let muscleman = reference(&level, Rules::MUSCLEMAN).unwrap().positions as u64;
    assert_eq!(stored(Rules::MUSCLEMAN, false), muscleman);
    assert!(
        stored(Rules::MUSCLEMAN, true) < muscleman,
        "pruned {}, reference {muscleman}",
        stored(Rules::MUSCLEMAN, true)
    );
}

/// Without hands, plates and collectibles, and push-optimal, the pruned
/// search files every position whose player stands anywhere in one free
/// region as one: in rooms with no goal (so every position is searched) it
/// stores far fewer positions than with the player's exact cell (which
/// fast and move-optimal modes keep).
#[test]
fn without_hands_the_free_region_is_one_position() {
    let stored = |level: &Level, optimize| stored_positions(level, Rules::SOKOBAN, optimize, true);
    // The box never leaves the top row: 4 box cells, the player on any of
    // the 7 other cells; one region each, the box never cuts the room.
    let room = Level::parse("######\n#@ $ #\n#    #\n######\n").unwrap();
    assert_eq!(stored(&room, Optimize::Moves), 4 * 7);
    assert_eq!(stored(&room, Optimize::Fast), 4 * 7);
    assert_eq!(stored(&room, Optimize::Pushes), 4);
    // Water, a heavy box and two boxes: a heavy box pushed into the water
    // fills it (a new floor cell), and the boxes cut the room in parts.
    let water = Level::parse("#######\n#@ $  #\n# &~$ #\n#   ~ #\n#######\n").unwrap();
    let exact = stored(&water, Optimize::Fast);
    let regions = stored(&water, Optimize::Pushes);
    assert_eq!(exact, stored(&water, Optimize::Moves));
    assert!(
        regions * 4 < exact,
        "regions {regions}, exact cells {exact}"
    );
    // A gate: the box in the gap of a wall is seen with the player on
    // either side, two regions that no walk joins, two positions. The
    // solution brings the box back through the gap from the right.
    let gate = "########\n#  #   #\n#.@$   #\n#  #   #\n########\n";
    let level = Level::parse(gate).unwrap();
    let pushes = options(Rules::SOKOBAN, Optimize::Pushes);
    let outcome = explore_level(&level, &pushes, true).unwrap();
    assert!(matches!(outcome, SolveOutcome::Solved(_)), "{outcome:?}");
    let open = Level::parse(&gate.replace('.', " ")).unwrap();
    assert_eq!(
        stored(&open, Optimize::Pushes),
        walk_classes(&open, Rules::SOKOBAN).unwrap() as u64
    );
    a_plate_keeps_every_cell_exact(Rules::SOKOBAN);
}

/// With hands, push-optimal, the pruned search files the free region of a
/// player whose hands are empty as one position (Facing is out of the key
/// then, and a grab is tried every way from every cell): in a room with no
/// goal (every position is searched) far fewer positions than with the
/// player's exact cell, while a plate keeps every cell exact.
#[test]
fn with_empty_hands_the_free_region_is_one_position() {
    let stored =
        |level: &Level, optimize| stored_positions(level, Rules::MUSCLEMAN, optimize, true);
    let room = Level::parse("######\n#@ $ #\n#    #\n######\n").unwrap();
    let (regions, exact) = (
        stored(&room, Optimize::Pushes),
        stored(&room, Optimize::Moves),
    );
    assert!(
        regions * 2 < exact,
        "regions {regions}, exact cells {exact}"
    );
    a_plate_keeps_every_cell_exact(Rules::MUSCLEMAN);
}

/// Frozen boxes, in the search: under Sokoban rules two boxes pushed side
/// by side against a wall freeze, and the pruned search drops such
/// positions (with the right answer in every mode); with hands and a
/// hammer, or on a level of two floors, the rule stays off.
#[test]
fn frozen_boxes_fire_where_sound_and_stay_off_elsewhere() {
    let room = "########\n#.  .  #\n#  $ $ #\n#@     #\n########\n";
    let level = Level::parse(room).unwrap();
    for optimize in [Optimize::Fast, Optimize::Moves, Optimize::Pushes] {
        let pruned = explore_level(&level, &options(Rules::SOKOBAN, optimize), true).unwrap();
        let plain = explore_level(&level, &options(Rules::SOKOBAN, optimize), false).unwrap();
        assert!(pruned.stats().reach.prunings.contains(Prunings::FROZEN));
        assert!(pruned.stats().reach.frozen > 0, "{optimize:?}: {pruned:?}");
        assert_eq!(
            verdict(&pruned).unwrap().is_some(),
            verdict(&plain).unwrap().is_some()
        );
    }
}
