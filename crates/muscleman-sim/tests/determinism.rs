//! Determinism (rules.md §5.5): the same level and commands give the same
//! events and states, on every run; a game rebuilt from its save, and a game
//! that undid and redid everything, go on exactly like the original.

use muscleman_core::{EventBatch, GridDir, Input, MoveCause, SimEvent};
use muscleman_level::Level;
use muscleman_sim::{Command, Game, Rules};
use proptest::prelude::*;

/// A random session: a level, rules, and commands.
#[derive(Clone, Debug)]
struct Session {
    level: Level,
    rules: Rules,
    commands: Vec<Command>,
}

/// What one command gave: its events and the state hash after it.
type Trace = Vec<(EventBatch, u64)>;

fn level() -> impl Strategy<Value = Level> {
    let cell = prop_oneof![
        8 => Just(' '),
        2 => Just('#'),
        1 => Just('%'),
        4 => Just('$'),
        2 => Just('&'),
        1 => Just('.'),
        1 => Just('*'),
        1 => Just('~'),
        // Rule book 3: ducks, a cauldron, a key for it, a bong and a
        // hammer to smash it (the legend below).
        1 => prop::sample::select(vec!['d', 'n', 'e', 'w']),
        1 => prop::sample::select(vec!['c', 'y', 'o', 'h']),
    ];
    (1usize..=10, 1usize..=10, any::<bool>()).prop_flat_map(move |(w, h, enclosed)| {
        (
            prop::collection::vec(cell.clone(), w * h),
            0..w * h,
            any::<bool>(),
        )
            .prop_map(move |(mut cells, player, on_goal)| {
                cells[player] = if on_goal { '+' } else { '@' };
                let mut text = String::from(
                    "legend: d = Duck\nlegend: n = Duck:up\nlegend: e = Duck:right\n\
                     legend: w = Duck:left\nlegend: c = Cauldron(KeyBlue)\nlegend: y = KeyYellow\n\
                     legend: o = Bong(KeyRed KeyBlue)\nlegend: h = Hammer\n",
                );
                let wall = |text: &mut String| {
                    if enclosed {
                        text.push_str(&"#".repeat(w + 2));
                        text.push('\n');
                    }
                };
                wall(&mut text);
                for row in cells.chunks(w) {
                    if enclosed {
                        text.push('#');
                    }
                    // Floor as `-` so that leading and trailing floor stays.
                    text.extend(row.iter().map(|&c| if c == ' ' { '-' } else { c }));
                    if enclosed {
                        text.push('#');
                    }
                    text.push('\n');
                }
                wall(&mut text);
                Level::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
            })
    })
}

fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        12 => prop::sample::select(GridDir::ALL.to_vec()).prop_map(|d| Command::Step(Input::Move(d))),
        1 => Just(Command::Step(Input::Wait)),
        1 => prop::sample::select(vec![Input::Grab, Input::Drop, Input::SwingLeft, Input::SwingRight])
            .prop_map(Command::Step),
        3 => Just(Command::Undo),
        2 => Just(Command::Redo),
        1 => Just(Command::Restart),
    ]
}

fn rules() -> impl Strategy<Value = Rules> {
    prop_oneof![
        Just(Rules::MUSCLEMAN),
        Just(Rules::SOKOBAN),
        (0u32..4).prop_map(|m| Rules::MUSCLEMAN.with_max_chain(Some(m))),
    ]
}

fn session(len: std::ops::Range<usize>) -> impl Strategy<Value = Session> {
    (level(), rules(), prop::collection::vec(command(), len)).prop_map(
        |(level, rules, commands)| Session {
            level,
            rules,
            commands,
        },
    )
}

fn apply_all(game: &mut Game, commands: &[Command]) -> Trace {
    commands
        .iter()
        .map(|c| {
            let events = game.apply(*c).unwrap_or_else(|e| panic!("{c:?}: {e}"));
            (events, game.state_hash())
        })
        .collect()
}

fn run(s: &Session) -> Trace {
    let mut game = Game::new(&s.level, s.rules).unwrap();
    apply_all(&mut game, &s.commands)
}

/// Undo everything, then redo everything.
fn undo_and_redo_everything(game: &mut Game) {
    while game.undo_depth() > 0 {
        game.undo().unwrap();
    }
    redo_everything(game);
}

/// Redo every undone step.
fn redo_everything(game: &mut Game) {
    while game.redo_depth() > 0 {
        game.redo().unwrap();
    }
}

/// Both games give the same events and hashes for `further`, and end with
/// the same history depths and stats.
fn same_future(a: &mut Game, b: &mut Game, further: &[Command]) -> Result<(), TestCaseError> {
    prop_assert_eq!(a.state_hash(), b.state_hash());
    prop_assert_eq!(
        (a.undo_depth(), a.redo_depth(), a.stats()),
        (b.undo_depth(), b.redo_depth(), b.stats())
    );
    for (i, c) in further.iter().enumerate() {
        let ea = a.apply(*c).unwrap();
        let eb = b.apply(*c).unwrap();
        prop_assert_eq!(&ea, &eb, "events of further command {} ({:?})", i, c);
        prop_assert_eq!(a.state_hash(), b.state_hash(), "hash after {:?}", c);
    }
    // Finally walk both histories to the ends.
    for c in [Command::Undo; 3].iter().chain(&[Command::Redo; 2]) {
        prop_assert_eq!(a.apply(*c).unwrap(), b.apply(*c).unwrap());
        prop_assert_eq!(a.state_hash(), b.state_hash());
    }
    prop_assert_eq!(
        (a.undo_depth(), a.redo_depth(), a.stats()),
        (b.undo_depth(), b.redo_depth(), b.stats())
    );
    Ok(())
}

/// 96 cases by default; `PROPTEST_CASES=N` for a soak run.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(96)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    /// The same session, run twice (the second time on another thread, with
    /// another heap), gives the same events and state hashes, command by command.
    #[test]
    fn the_same_session_twice_gives_the_same_events_and_hashes(s in session(0..120)) {
        let first = run(&s);
        let again = {
            let s = s.clone();
            std::thread::spawn(move || run(&s)).join().unwrap()
        };
        prop_assert_eq!(first.len(), again.len());
        for (i, (a, b)) in first.iter().zip(&again).enumerate() {
            prop_assert_eq!(a, b, "command {} ({:?})", i, s.commands[i]);
        }
    }

    /// A game rebuilt from a save goes on exactly like the original.
    #[test]
    fn a_loaded_save_goes_on_like_the_original(
        s in session(0..80),
        further in prop::collection::vec(command(), 0..40),
    ) {
        let mut original = Game::new(&s.level, s.rules).unwrap();
        apply_all(&mut original, &s.commands);
        let text = original.save();
        let mut loaded = Game::load(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(loaded.save(), text);
        same_future(&mut original, &mut loaded, &further)?;
        // And the save of the continued games still loads to the same state.
        let again = Game::load(&loaded.save()).unwrap();
        prop_assert_eq!(again.state_hash(), original.state_hash());
    }

    /// A game that undid everything and redid everything goes on exactly
    /// like one that only redid what it could. (Not like one that did
    /// neither: turns made while nothing is left to undo join the next undo
    /// step, the redone one, rules.md §4 History.)
    #[test]
    fn undoing_and_redoing_everything_changes_nothing_to_come(
        s in session(0..80),
        further in prop::collection::vec(command(), 0..40),
    ) {
        let mut original = Game::new(&s.level, s.rules).unwrap();
        apply_all(&mut original, &s.commands);
        redo_everything(&mut original);
        let mut replayed = Game::new(&s.level, s.rules).unwrap();
        apply_all(&mut replayed, &s.commands);
        undo_and_redo_everything(&mut replayed);
        same_future(&mut original, &mut replayed, &further)?;
    }
}

/// Digest of a trace: every event's entity, cells and cause, and every hash.
fn digest(trace: &Trace) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |v: u64| {
        for b in v.to_le_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for (events, hash) in trace {
        for e in events {
            let m = match e {
                SimEvent::Moved(m) => m,
                SimEvent::SoundHint(hint) => {
                    mix(hint.entity.to_bits());
                    mix(16 + hint.kind as u64);
                    continue;
                }
                other => panic!("only Moved and sound hints in this session: {other:?}"),
            };
            let cause = match m.cause {
                MoveCause::Player => 1,
                MoveCause::Push => 2,
                MoveCause::Swing => 3,
                MoveCause::Brain => 4,
                MoveCause::Undo => 5,
                MoveCause::Restart => 6,
            };
            mix(m.entity.to_bits());
            for v in [m.from.x, m.from.y, m.to.x, m.to.y] {
                mix(v as u32 as u64);
            }
            mix(cause);
        }
        mix(*hash);
    }
    h
}

/// The same session gives the same result on every machine and build: the
/// digest of its events and hashes is pinned. If a deliberate change to the
/// rules, the ids or the state hash changes it, update the constants (rule
/// book 3 added eleven bumps, the refused moves', and no state).
#[test]
fn a_pinned_session_gives_pinned_events_and_hashes() {
    let level = Level::parse(
        "\
#########
#.  $  .#
# $$@ % #
#  #  $ #
#.   $ .#
#########
",
    )
    .unwrap();
    let letters = "lluurrddrrzzyy!zrrruldlddlurrrwwzzzyrrdllll";
    let commands: Vec<Command> = letters
        .chars()
        .map(|c| match c {
            'u' => Command::Step(Input::Move(GridDir::Up)),
            'd' => Command::Step(Input::Move(GridDir::Down)),
            'l' => Command::Step(Input::Move(GridDir::Left)),
            'r' => Command::Step(Input::Move(GridDir::Right)),
            'w' => Command::Step(Input::Wait),
            'z' => Command::Undo,
            'y' => Command::Redo,
            '!' => Command::Restart,
            other => panic!("{other}"),
        })
        .collect();
    let mut game = Game::new(&level, Rules::MUSCLEMAN).unwrap();
    let trace = apply_all(&mut game, &commands);
    let events: usize = trace.iter().map(|(e, _)| e.len()).sum();
    assert_eq!(
        (game.state_hash(), digest(&trace), events),
        (0xeded_28d6_a315_a775, 0x198d_430d_2c5b_91bd, 62),
        "pinned session changed"
    );
}
