//! Tunnel runs in the general search (fast mode, rules without hands):
//! on small random levels full of corridors (strong walls on every other
//! cell of every other row, so that one-cell-wide passages are the rule),
//! under Sokoban rules with mechanics (water, weak walls, a key and its
//! door, a plate, a heavy plate and a secret door, a coin, boxes and heavy
//! boxes, as many goals as boxes), the pruned search, which pushes a box
//! on along a corridor in one edge, agrees with the plain search on
//! solvable or not, from the level's start and from a position some
//! moves into it; a solution found is replayed to solved in the sim
//! (`explore_level` and `explore_game` check it).

use std::collections::BTreeMap;

use muscleman_core::{GridDir, Input};
use muscleman_level::Level;
use muscleman_sim::{Command, Game, Rules};
use muscleman_solver::{
    Optimize, Prunings, SolveOptions, SolveOutcome, explore_game, explore_level,
};
use proptest::prelude::*;

/// Interior cells besides the walls that make corridors: floor most
/// often, then every mechanic that plays without hands.
const CELLS: [(char, Option<&str>); 24] = [
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    (' ', None),
    ('%', None),
    ('~', None),
    ('k', Some("legend: k = KeyRed")),
    ('D', Some("legend: D = DoorRed")),
    ('q', Some("legend: q = PressurePlateRed")),
    ('o', Some("legend: o = Coin")),
    ('H', Some("legend: H = PressurePlateHeavy")),
    ('S', Some("legend: S = SecretDoor")),
];

/// The shape of a level: the widths of its left room, its corridors and
/// its right room, its height, the rows of its one or two corridors, and
/// whether it is turned a quarter (corridors running down).
#[derive(Clone, Debug)]
struct Shape {
    left: usize,
    length: usize,
    right: usize,
    height: usize,
    corridors: Vec<usize>,
    turned: bool,
    /// Per cell: a corridor's wall here beside a corridor is opened into
    /// a niche (where a box pushed along may need to stop).
    niches: Vec<bool>,
    /// Where the goals after the first go: the right room, or anywhere
    /// (a corridor, a niche).
    anywhere: bool,
    /// Something more on a free cell after the walk: nothing (0), a box
    /// to spare (1), a key (2).
    extra: u8,
}

/// Build a level: a ring of strong walls round two rooms joined by one-
/// cell-wide corridors between strong walls, the other cells of the
/// rooms and corridors from `cells`. Then boxes (a box, or a heavy box
/// for a 1 in `kinds`) are put on goals on the first free cells of
/// `order` in the right room (the first on a corridor's row) and the
/// player beside the first, to its left if it can, and the player walks
/// `walk`: strokes of a direction (up, right, down, or left for 3 and
/// more), a number of steps, and whether each step pulls what is behind,
/// as in classic Sokoban played backwards (everything but the walls
/// counts as floor there, so the mechanics may make the level
/// unsolvable).
fn text(
    shape: &Shape,
    cells: &[u8],
    order: &[usize],
    kinds: &[u8],
    walk: &[(usize, usize, bool)],
) -> String {
    let (w, h) = (shape.left + shape.length + shape.right, shape.height);
    let mut grid: Vec<(char, Option<&str>)> = (0..w * h)
        .map(|i| CELLS[usize::from(cells.get(i).copied().unwrap_or(0)) % CELLS.len()])
        .collect();
    for (i, cell) in grid.iter_mut().enumerate() {
        let (x, y) = (i % w, i / w);
        let in_corridor = (shape.left..shape.left + shape.length).contains(&x);
        let beside = shape.corridors.iter().any(|c| c.abs_diff(y) == 1);
        let niche = beside && shape.niches.get(i).copied().unwrap_or(false);
        if in_corridor && !shape.corridors.contains(&y) && !niche {
            *cell = ('#', None);
        }
    }
    let right = shape.left + shape.length;
    // Goals in the right room, the first on a corridor's row.
    let on_row = |i: &usize| shape.corridors.contains(&(i / w));
    let mut goals: Vec<usize> = Vec::new();
    for first in [true, false] {
        let wanted = if first {
            1
        } else {
            kinds.len().saturating_sub(goals.len())
        };
        let more: Vec<usize> = order
            .iter()
            .copied()
            .filter(|i| {
                let placed = if first { on_row(i) } else { shape.anywhere };
                grid[*i].0 != '#'
                    && (i % w >= right || placed && !first)
                    && (!first || placed)
                    && !goals.contains(i)
            })
            .take(wanted)
            .collect();
        goals.extend(more);
    }
    let mut boxes = goals.clone();
    let step = |at: usize, d: usize| -> Option<usize> {
        let (x, y) = (at % w, at / w);
        let (x, y) = match d {
            0 => (x, y.checked_sub(1)?),
            1 => (x + 1, y),
            2 => (x, y + 1),
            _ => (x.checked_sub(1)?, y),
        };
        (x < w && y < h && grid[y * w + x].0 != '#').then_some(y * w + x)
    };
    // The player starts beside the first box, to its left if it can.
    let first = goals.first().copied().unwrap_or(0);
    let Some(mut player) = [3, 0, 2, 1]
        .into_iter()
        .filter_map(|d| step(first, d))
        .find(|at| !boxes.contains(at))
    else {
        return String::new();
    };
    for &(d, len, pull) in walk {
        let d = d.min(3);
        let back = [2, 3, 0, 1][d];
        for _ in 0..len {
            let Some(to) = step(player, d).filter(|t| !boxes.contains(t)) else {
                break;
            };
            if pull
                && let Some(behind) = step(player, back)
                && let Some(b) = boxes.iter_mut().find(|b| **b == behind)
            {
                *b = player;
            }
            player = to;
        }
    }
    for &g in &goals {
        grid[g] = ('.', None);
    }
    for (b, kind) in boxes.iter().zip(kinds) {
        grid[*b] = match (goals.contains(b), *kind == 1) {
            (false, false) => ('$', None),
            (true, false) => ('*', None),
            (false, true) => ('&', None),
            (true, true) => ('Y', Some("legend: Y = HeavyBox Goal")),
        };
    }
    grid[player] = (if goals.contains(&player) { '+' } else { '@' }, None);
    let taken = |i: &usize| *i == player || boxes.contains(i) || goals.contains(i);
    if let Some(at) = order.iter().rev().find(|i| grid[**i].0 != '#' && !taken(i)) {
        match shape.extra {
            1 => grid[*at] = ('$', None),
            2 => grid[*at] = ('k', Some("legend: k = KeyRed")),
            _ => {}
        }
    }
    let legends: BTreeMap<char, &str> = grid
        .iter()
        .filter_map(|(c, l)| l.map(|l| (*c, l)))
        .collect();
    let mut rows: Vec<String> = legends.values().map(|l| (*l).to_owned()).collect();
    let (cols, lines) = if shape.turned { (h, w) } else { (w, h) };
    rows.push("#".repeat(cols + 2));
    for line in 0..lines {
        let row: String = (0..cols)
            .map(|c| {
                let i = if shape.turned {
                    c * w + line
                } else {
                    line * w + c
                };
                grid[i].0
            })
            .collect();
        rows.push(format!("#{row}#"));
    }
    rows.push("#".repeat(cols + 2));
    rows.join("\n") + "\n"
}

/// Levels of two rooms of 2 or 3 cells across joined by one or two
/// corridors 2 to 4 cells long, 2 to 4 cells high (3 at most with two
/// boxes), with one or two boxes pulled off their goals.
fn corridor_levels() -> impl Strategy<Value = String> {
    (2usize..=3, 2usize..=4, 2usize..=3, 1usize..=2).prop_flat_map(|(left, length, right, k)| {
        let heights = if k == 1 { 2usize..=4 } else { 2usize..=3 };
        heights.prop_flat_map(move |height| {
            let w = left + length + right;
            let n = w * height;
            (
                prop::collection::vec(0u8..CELLS.len() as u8, n),
                prop::collection::vec(0..height, 1..=2),
                any::<bool>(),
                Just((0..n).collect::<Vec<usize>>()).prop_shuffle(),
                prop::collection::vec(0u8..2, k),
                // First left, pulling the first box out of the right room
                // and into a corridor; then left more often than not.
                2usize..=8,
                prop::collection::vec((0usize..6, 1usize..=4, any::<bool>()), 0..12),
                prop::collection::vec(prop::bool::weighted(0.15), n),
                (any::<bool>(), 0u8..4),
            )
                .prop_map(
                    move |(
                        cells,
                        corridors,
                        turned,
                        order,
                        kinds,
                        first,
                        more,
                        niches,
                        (anywhere, extra),
                    )| {
                        let shape = Shape {
                            left,
                            length,
                            right,
                            height,
                            corridors,
                            turned,
                            niches,
                            anywhere,
                            extra,
                        };
                        let mut walk = vec![(3, first, true)];
                        walk.extend(more);
                        text(&shape, &cells, &order, &kinds, &walk)
                    },
                )
        })
    })
}

fn options() -> SolveOptions {
    SolveOptions {
        rules: Rules::SOKOBAN,
        optimize: Optimize::Fast,
        memory_mb: 4,
        ..SolveOptions::default()
    }
}

/// Return whether the search found a solution (`Some(true)`), proved
/// there is none (`Some(false)`) or gave up (`None`).
fn verdict(outcome: &SolveOutcome) -> Option<bool> {
    match outcome {
        SolveOutcome::Solved(_) => Some(true),
        SolveOutcome::Unsolvable { .. } => Some(false),
        SolveOutcome::GaveUp { .. } => None,
    }
}

/// 256 cases by default; `PROPTEST_CASES=N` for a soak run.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    /// The pruned fast search (tunnel runs on where their proof holds)
    /// and the plain search agree on solvable or not, from the start and
    /// after some moves.
    #[test]
    fn tunnel_runs_lose_nothing(
        text in corridor_levels(),
        played in prop::collection::vec(0usize..4, 0..6),
    ) {
        let Ok(level) = Level::parse(&text) else { return Ok(()) };
        let fail = |e: muscleman_solver::SolveError| TestCaseError::fail(format!("{e}\n{text}"));
        let opts = options();
        let plain = explore_level(&level, &opts, false).map_err(fail)?;
        if let Some(plain) = verdict(&plain) {
            let pruned = explore_level(&level, &opts, true).map_err(fail)?;
            prop_assert_eq!(verdict(&pruned), Some(plain), "{:?}\n{}", pruned.stats().reach, text);
        }
        let Ok(mut game) = Game::new(&level, Rules::SOKOBAN) else { return Ok(()) };
        for i in played {
            let _ = game.step(Input::Move(GridDir::ALL[i]));
        }
        if game.is_solved() {
            return Ok(());
        }
        let plain = explore_game(&game, &opts, false).map_err(fail)?;
        let Some(plain) = verdict(&plain) else { return Ok(()) };
        let pruned = explore_game(&game, &opts, true).map_err(fail)?;
        prop_assert_eq!(verdict(&pruned), Some(plain), "after {:?}: {:?}\n{}", game.commands(), pruned.stats().reach, text);
    }
}

/// A level the property test's generator could make: two rooms joined by
/// two corridors, a coin on the way. The pruned search runs the boxes
/// along the corridors, and its solution replays in the game to solved,
/// as the plain search's does.
#[test]
fn a_solution_through_tunnel_runs_replays() {
    let text = "legend: o = Coin\n##############\n#    #      o#\n# $  ######  #\n\
                #@         . #\n#  $ ######  #\n#          . #\n##############\n";
    let level = Level::parse(text).unwrap();
    let pruned = explore_level(&level, &options(), true).unwrap();
    let SolveOutcome::Solved(s) = &pruned else {
        panic!("{pruned:?}")
    };
    let reach = s.stats.reach;
    assert!(reach.prunings.contains(Prunings::TUNNELS), "{reach:?}");
    assert!(reach.run_moves > 0, "{reach:?}");
    let mut game = Game::new(&level, Rules::SOKOBAN).unwrap();
    for c in s.moves.chars() {
        game.apply(Command::from_letter(c).unwrap()).unwrap();
    }
    assert!(game.is_solved(), "{}", s.moves);
    let roomy = SolveOptions {
        memory_mb: 64,
        ..options()
    };
    let plain = explore_level(&level, &roomy, false).unwrap();
    assert!(matches!(plain, SolveOutcome::Solved(_)), "{plain:?}");
}

/// Levels that each lose their solution if one condition of the tunnel
/// rule is left out: the pruned search must solve every one, as the plain
/// search does.
#[test]
fn each_condition_of_the_rule_keeps_a_solution() {
    let cases = [
        // A key counts on no goal: pushed into the corridor so the player
        // can leave the closet above it, it must stay at the corridor's
        // mouth; run on, it would stop on the goal and block the box.
        "legend: k = KeyRed\n############\n#          #\n## ####### #\n#@k    .$  #\n############\n",
        // Where a cell beside the box is open (a crossing, a goal below),
        // the box stops there: run on, it would end against the far wall.
        "##########\n#    #####\n#@ $    ##\n####.#####\n##########\n",
        // Where a cell beside the next cell is open (the way round to push
        // the box back onto the goal), the box stops before it: run on, it
        // would stand in that dead end for good.
        "#######\n##   ##\n## # ##\n#+$  ##\n#######\n",
        // A goal in the corridor stops the box.
        "############\n#@ $  .    #\n############\n",
    ];
    let roomy = SolveOptions {
        memory_mb: 64,
        ..options()
    };
    for text in cases {
        let level = Level::parse(text).unwrap();
        let plain = explore_level(&level, &roomy, false).unwrap();
        assert!(matches!(plain, SolveOutcome::Solved(_)), "{text}{plain:?}");
        let pruned = explore_level(&level, &roomy, true).unwrap();
        assert!(
            matches!(pruned, SolveOutcome::Solved(_)),
            "{text}{pruned:?}"
        );
        assert!(pruned.stats().reach.prunings.contains(Prunings::TUNNELS));
    }
}

/// Levels where a run would meet a mechanic (a plate the player steps
/// off, water a heavy box sinks in, a coin the player would collect): the
/// rule stops before each, so no run step does more than push the box and
/// move the player (which the search checks, failing with a solver bug),
/// and the verdict is the plain search's.
#[test]
fn a_run_stops_before_every_mechanic() {
    let cases = [
        "legend: q = PressurePlateRed\n#########\n#@$q  . #\n#  ###  #\n#########\n",
        "########\n#@& ~. #\n#  ##  #\n########\n",
        "legend: o = Coin\n########\n#@$o . #\n#  ##  #\n########\n",
    ];
    for text in cases {
        let level = Level::parse(text).unwrap();
        let plain = explore_level(&level, &options(), false).unwrap();
        let pruned = explore_level(&level, &options(), true).unwrap();
        assert_eq!(verdict(&pruned), verdict(&plain), "{text}");
        assert!(verdict(&plain).is_some(), "{text}{plain:?}");
    }
}
