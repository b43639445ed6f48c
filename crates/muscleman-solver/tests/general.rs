//! The general search against a plain reference: on small random enclosed
//! levels holding every mechanic (both walls, water, both boxes, keys,
//! doors, plates, a secret door, hammers, coins, boxes with contents), the
//! pruned search, the unpruned search and a brute-force breadth-first
//! search written here (its own exact state dump, no pruning, every input)
//! agree on solvable or not, and on the fewest moves in move-optimal mode;
//! on the same levels without goals, the unpruned search stores exactly as
//! many positions as the reference finds (its keys are exact: no two
//! positions share one, no position has two).

use std::collections::{BTreeMap, HashMap, VecDeque};

use muscleman_core::{GlobalCounter, GridDir, Input, MoveCause, Moved};
use muscleman_level::Level;
use muscleman_sim::{AnyComponent, Rules, Trail, is_solved};
use muscleman_solver::{
    Optimize, SolveOptions, SolveOutcome, UnsolvableReason, explore_level, solve_level,
};
use proptest::prelude::*;

const INPUTS: [Input; 9] = [
    Input::Move(GridDir::Up),
    Input::Move(GridDir::Right),
    Input::Move(GridDir::Down),
    Input::Move(GridDir::Left),
    Input::Grab,
    Input::Drop,
    Input::SwingLeft,
    Input::SwingRight,
    Input::Wait,
];

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
fn text(
    w: usize,
    h: usize,
    cells: &[u8],
    player: usize,
    box_at: usize,
    goal: usize,
    kind: u8,
) -> String {
    let mut legends: BTreeMap<char, &str> = BTreeMap::new();
    let mut rows = vec!["#".repeat(w + 2)];
    for y in 0..h {
        let mut row = String::from("#");
        for x in 0..w {
            let i = y * w + x;
            let (mut c, mut legend) = CELLS[usize::from(cells[i]) % CELLS.len()];
            if i == player {
                (c, legend) = ('@', None);
            } else if i == box_at {
                (c, legend) = BOXES[usize::from(kind) % BOXES.len()];
                if i == goal {
                    (c, legend) = ('*', None);
                }
            } else if i == goal {
                (c, legend) = ('.', None);
            }
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

fn levels() -> impl Strategy<Value = String> {
    (2usize..=4, 1usize..=3).prop_flat_map(|(w, h)| {
        let n = w * h;
        (
            prop::collection::vec(0u8..CELLS.len() as u8, n),
            (0..n, 0..n, 0..n, 0u8..3),
        )
            .prop_map(move |(cells, (p, b, g, k))| text(w, h, &cells, p, b, g, k))
    })
}

/// Everything about a world, exactly: each entity's id, tags and
/// components, then the counters.
type Dump = (Vec<(u64, u64, Vec<AnyComponent>)>, Vec<u64>);

fn dump(trail: &Trail) -> Dump {
    let w = trail.world();
    let entities = w
        .entities()
        .into_iter()
        .map(|id| {
            (
                id.to_bits(),
                w.tags(id).map(|t| t.bits()).unwrap_or(u64::MAX),
                w.components(id).unwrap_or_default(),
            )
        })
        .collect();
    let counters = GlobalCounter::ALL.iter().map(|c| w.counter(*c)).collect();
    (entities, counters)
}

/// What the reference found: how many positions, and the fewest moves to a
/// solved one (`None`: unsolvable).
#[derive(Debug)]
struct Reference {
    positions: usize,
    fewest_moves: Option<u32>,
}

/// Every position reachable from `level`, each by its cheapest path in
/// moves (a step costs 1 when the player walked); `None` past [`CAP`].
fn reference(level: &Level, rules: Rules) -> Option<Reference> {
    let mut trail = Trail::new(level, rules).ok()?;
    let mut seen: HashMap<Dump, usize> = HashMap::new();
    // Per position: its path of inputs and its cost.
    let mut paths: Vec<(Vec<Input>, u32)> = Vec::new();
    let mut queue: VecDeque<usize> = VecDeque::new();
    seen.insert(dump(&trail), 0);
    paths.push((Vec::new(), 0));
    queue.push_back(0);
    let mut fewest: Option<u32> = None;
    let mut done = vec![false];
    while let Some(n) = queue.pop_front() {
        if done[n] {
            continue;
        }
        done[n] = true;
        let (path, cost) = paths[n].clone();
        while trail.depth() > 0 {
            trail.back().ok()?;
        }
        for input in &path {
            trail.step(*input).ok()?;
        }
        if is_solved(trail.world()) {
            fewest = Some(fewest.map_or(cost, |f| f.min(cost)));
        }
        for input in INPUTS {
            trail.step(input).ok()?;
            let player = trail.player();
            let walked = trail
                .events()
                .of::<Moved>()
                .any(|m| m.entity == player && m.cause == MoveCause::Player);
            let c = cost + u32::from(walked);
            let d = dump(&trail);
            trail.back().ok()?;
            let mut child_path = path.clone();
            child_path.push(input);
            match seen.get(&d) {
                Some(&m) => {
                    if c < paths[m].1 {
                        paths[m] = (child_path, c);
                        done[m] = false;
                        if walked {
                            queue.push_back(m);
                        } else {
                            queue.push_front(m);
                        }
                    }
                }
                None => {
                    let m = paths.len();
                    if m >= CAP {
                        return None;
                    }
                    seen.insert(d, m);
                    paths.push((child_path, c));
                    done.push(false);
                    if walked {
                        queue.push_back(m);
                    } else {
                        queue.push_front(m);
                    }
                }
            }
        }
    }
    Some(Reference {
        positions: paths.len(),
        fewest_moves: fewest,
    })
}

fn options(rules: Rules, optimize: Optimize) -> SolveOptions {
    SolveOptions {
        rules,
        optimize,
        ..SolveOptions::default()
    }
}

/// Return the fewest moves of a solution, `None` for proved unsolvable;
/// fail the test on anything else.
fn verdict(outcome: &SolveOutcome) -> Result<Option<u32>, TestCaseError> {
    match outcome {
        SolveOutcome::Solved(s) => Ok(Some(s.move_count)),
        SolveOutcome::Unsolvable { .. } => Ok(None),
        SolveOutcome::GaveUp { reason, .. } => {
            Err(TestCaseError::fail(format!("gave up: {reason:?}")))
        }
    }
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
        prop_assert_eq!(pruned, truth.fewest_moves, "pruned, moves-optimal\n{}", text);
        prop_assert_eq!(unpruned, truth.fewest_moves, "unpruned, moves-optimal\n{}", text);
        // The whole pipeline (the fast push search first, where it applies).
        let whole = solve_level(&level, &fast).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let goals = level.positions_of(muscleman_core::EntityRecipe::Goal).count();
        match (&whole, truth.fewest_moves) {
            (SolveOutcome::Solved(_), Some(_)) => {}
            (SolveOutcome::Unsolvable { reason, .. }, None) => {
                if *reason == UnsolvableReason::NoGoals { prop_assert_eq!(goals, 0); }
            }
            (other, truth) => prop_assert!(false, "solve_level: {:?}, reference: {:?}\n{}", other, truth, text),
        }
        let moves_optimal = solve_level(&level, &moves).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(verdict(&moves_optimal)?, truth.fewest_moves, "solve_level, moves-optimal\n{}", text);
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
    ];
    for text in cases {
        let level = Level::parse(text).unwrap();
        let truth = reference(&level, Rules::MUSCLEMAN).unwrap();
        assert_eq!(truth.fewest_moves, None, "{text}");
        for optimize in [Optimize::Fast, Optimize::Moves, Optimize::Pushes] {
            match solve_level(&level, &options(Rules::MUSCLEMAN, optimize)).unwrap() {
                SolveOutcome::Unsolvable { .. } => {}
                other => panic!("{text}: {optimize:?}: {other:?}"),
            }
        }
    }
}

/// Without hands the pruned search leaves Facing out of its key: a room
/// with no goal (so every position is searched) stores fewer positions
/// pruned than unpruned, and with hands (where a grab reads Facing) as
/// many as the reference tells apart.
#[test]
fn without_hands_facing_is_left_out_of_the_key() {
    let level = Level::parse("######\n#@ $ #\n#    #\n######\n").unwrap();
    let stored = |rules: Rules, prune: bool| {
        let outcome = explore_level(&level, &options(rules, Optimize::Fast), prune).unwrap();
        assert!(
            matches!(outcome, SolveOutcome::Unsolvable { .. }),
            "{outcome:?}"
        );
        outcome.stats().stored
    };
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
    assert_eq!(
        stored(Rules::MUSCLEMAN, true) as usize,
        reference(&level, Rules::MUSCLEMAN).unwrap().positions
    );
}
