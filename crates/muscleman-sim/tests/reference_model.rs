//! The sim against an independent reference model (`tests/reference`).
//!
//! A proptest state machine builds random levels (walls, weak walls, boxes,
//! heavy boxes, goals, water; enclosed or open; Muscleman, Sokoban or other
//! chain limits) and random commands (moves, wait, the inputs whose rules
//! are not written yet, undo, redo, restart), and drives a [`Game`] and the
//! model side by side. After every command it checks:
//!
//! - the same board, player position, facing, counts and history depths;
//! - the events against what changed: in a step, one `Moved` per thing that
//!   moved, with its from, to and cause, far end first, the player last; in
//!   an undo, redo or restart, `Moved` events that replay the change exactly;
//! - rules.md §5: `World::validate`, no entity created or destroyed, no tag
//!   changed, a refused or empty step changes nothing but facing and emits
//!   nothing, and undo, redo and restart give back states with the very
//!   state hash they had;
//! - the undo history grows at most in proportion to the commands.
//!
//! A failure shrinks to the shortest command sequence on the smallest level.
//! 256 cases of 40 to 80 commands run by default (over 10,000 commands);
//! `PROPTEST_CASES=N` scales it for a soak run.

mod reference;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};

use muscleman_core::{
    EntityId, EntityRecipe, EntitySpec, EventBatch, GridDir, GridPos, Input, MoveCause, Moved,
    RecipeState, Sank, SimEvent, SwingBlockedReason,
};
use muscleman_level::Level;
use muscleman_sim::{
    AnyComponent, Command, Facing, Game, Holding, Rules, TagKind, TagSet, World, recipe_of, spec_of,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use proptest_state_machine::{ReferenceStateMachine, StateMachineTest};
use reference::{
    BOX, BRIDGE, Board, Cause, Cmd, Dir, EMPTY, Effect, GOAL, HEAVY, Key, Model, Move, Note,
    PLAYER, Pos, WALL, WATER, WATER_GOAL, WEAK_WALL, picture,
};

/// Fewest and most commands in one case.
const MIN_COMMANDS: usize = 40;
const MAX_COMMANDS: usize = 80;

/// Commands applied to the sim by the state machine, over the whole run.
static COMMANDS: AtomicUsize = AtomicUsize::new(0);

// ---------------------------------------------------------------------------
// Random levels.

/// A random level before it becomes a board and a [`Level`].
#[derive(Clone, Debug)]
struct Layout {
    width: usize,
    height: usize,
    /// Whether a ring of walls surrounds the cells.
    enclosed: bool,
    /// `(thing, ground)` per cell, row by row.
    cells: Vec<(char, char)>,
    /// The cell the player takes.
    player: usize,
    max_chain: Option<u32>,
}

fn thing() -> impl Strategy<Value = char> {
    prop_oneof![
        8 => Just(EMPTY),
        2 => Just(WALL),
        1 => Just(WEAK_WALL),
        4 => Just(BOX),
        2 => Just(HEAVY),
    ]
}

fn ground() -> impl Strategy<Value = char> {
    prop_oneof![
        10 => Just(EMPTY),
        2 => Just(GOAL),
        2 => Just(WATER),
    ]
}

fn max_chain() -> impl Strategy<Value = Option<u32>> {
    prop_oneof![
        4 => Just(None),
        2 => Just(Some(1)),
        1 => (0u32..4).prop_map(Some),
    ]
}

fn layout() -> impl Strategy<Value = Layout> {
    (1usize..=9, 1usize..=9, any::<bool>(), max_chain()).prop_flat_map(
        |(width, height, enclosed, max_chain)| {
            let n = width * height;
            (prop::collection::vec((thing(), ground()), n), 0..n).prop_map(
                move |(cells, player)| Layout {
                    width,
                    height,
                    enclosed,
                    cells,
                    player,
                    max_chain,
                },
            )
        },
    )
}

fn recipe_of_thing(thing: char) -> Option<EntityRecipe> {
    match thing {
        PLAYER => Some(EntityRecipe::Player),
        WALL => Some(EntityRecipe::WallStrong),
        WEAK_WALL => Some(EntityRecipe::WallWeak),
        BOX => Some(EntityRecipe::Box),
        HEAVY => Some(EntityRecipe::HeavyBox),
        _ => None,
    }
}

fn recipes_of_ground(ground: char) -> &'static [EntityRecipe] {
    match ground {
        GOAL => &[EntityRecipe::Goal],
        WATER => &[EntityRecipe::WaterCell],
        WATER_GOAL => &[EntityRecipe::WaterCell, EntityRecipe::Goal],
        _ => &[],
    }
}

/// The model's board and the sim's level for one layout, cell for cell.
fn build(layout: &Layout) -> RefState {
    let margin = usize::from(layout.enclosed);
    let (w, h) = (layout.width + 2 * margin, layout.height + 2 * margin);
    let mut board = Board::new();
    let mut level = Level::new(w, h).expect("small level");
    let mut player = (0, 0);
    let mut put = |board: &mut Board, at: Pos, thing: char, ground: char| {
        board.set_thing(at, thing);
        board.set_ground(at, ground);
        let pos = GridPos::new(at.0, at.1);
        for &r in recipe_of_thing(thing)
            .iter()
            .chain(recipes_of_ground(ground))
        {
            level.add(pos, r).expect("a valid cell");
        }
    };
    for y in 0..h {
        for x in 0..w {
            let at = (x as i32, y as i32);
            let inside = (margin..margin + layout.width).contains(&x)
                && (margin..margin + layout.height).contains(&y);
            if !inside {
                put(&mut board, at, WALL, EMPTY);
                continue;
            }
            let i = (y - margin) * layout.width + (x - margin);
            let (mut thing, ground) = layout.cells[i];
            if i == layout.player {
                thing = PLAYER;
                player = at;
            }
            // The level format has no heavy box on unfilled water (it sinks):
            // such a cell starts dry.
            let ground = if thing == HEAVY && ground == WATER {
                EMPTY
            } else {
                ground
            };
            put(&mut board, at, thing, ground);
        }
    }
    RefState {
        model: Model::new(board, player, layout.max_chain),
        level,
        rules: Rules::MUSCLEMAN.with_max_chain(layout.max_chain),
    }
}

// ---------------------------------------------------------------------------
// The reference state machine.

#[derive(Clone)]
struct RefState {
    model: Model,
    level: Level,
    rules: Rules,
}

impl std::fmt::Debug for RefState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "rules {:?}\n{}",
            self.rules,
            self.level.to_text().replace(' ', "-")
        )
    }
}

struct RefMachine;

impl ReferenceStateMachine for RefMachine {
    type State = RefState;
    type Transition = Cmd;

    fn init_state() -> BoxedStrategy<RefState> {
        layout().prop_map(|l| build(&l)).boxed()
    }

    fn transitions(_state: &RefState) -> BoxedStrategy<Cmd> {
        let other = prop_oneof![
            Just(Key::Grab),
            Just(Key::Drop),
            Just(Key::SwingLeft),
            Just(Key::SwingRight),
        ];
        prop_oneof![
            16 => prop::sample::select(Dir::ALL.to_vec()).prop_map(|d| Cmd::Key(Key::Go(d))),
            1 => Just(Cmd::Key(Key::Wait)),
            6 => other.prop_map(Cmd::Key),
            3 => Just(Cmd::Undo),
            2 => Just(Cmd::Redo),
            1 => Just(Cmd::Restart),
        ]
        .boxed()
    }

    fn apply(mut state: RefState, cmd: &Cmd) -> RefState {
        state.model.apply(*cmd);
        state
    }
}

// ---------------------------------------------------------------------------
// The sim under test.

struct Sut {
    game: Game,
    initial_hash: u64,
    /// The state hash each undo step goes back to, mirroring the model's stack.
    undo_hashes: Vec<(u64, bool)>,
    /// The state hash each redo step goes forward to.
    redo_hashes: Vec<(u64, bool)>,
    /// Commands applied so far.
    applied: usize,
}

/// Every entity's tags and components, facing apart.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Snapshot {
    entities: BTreeMap<EntityId, (TagSet, Vec<AnyComponent>)>,
}

impl Snapshot {
    fn of(world: &World) -> Snapshot {
        let entities = world
            .entities()
            .into_iter()
            .map(|id| {
                let tags = world.tags(id).expect("live entity");
                let components = world
                    .components(id)
                    .expect("live entity")
                    .into_iter()
                    .filter(|c| !matches!(c, AnyComponent::Facing(_)))
                    .collect();
                (id, (tags, components))
            })
            .collect();
        Snapshot { entities }
    }

    fn positions(&self) -> BTreeMap<EntityId, Option<GridPos>> {
        self.entities
            .iter()
            .map(|(id, (_, comps))| {
                let pos = comps.iter().find_map(|c| match c {
                    AnyComponent::Position(p) => Some(p.0),
                    _ => None,
                });
                (*id, pos)
            })
            .collect()
    }

    fn tags(&self) -> BTreeMap<EntityId, TagSet> {
        self.entities.iter().map(|(id, (t, _))| (*id, *t)).collect()
    }
}

fn to_command(cmd: Cmd) -> Command {
    let dir = |d: Dir| match d {
        Dir::Up => GridDir::Up,
        Dir::Right => GridDir::Right,
        Dir::Down => GridDir::Down,
        Dir::Left => GridDir::Left,
    };
    match cmd {
        Cmd::Key(Key::Go(d)) => Command::Step(Input::Move(dir(d))),
        Cmd::Key(Key::Wait) => Command::Step(Input::Wait),
        Cmd::Key(Key::Grab) => Command::Step(Input::Grab),
        Cmd::Key(Key::Drop) => Command::Step(Input::Drop),
        Cmd::Key(Key::SwingLeft) => Command::Step(Input::SwingLeft),
        Cmd::Key(Key::SwingRight) => Command::Step(Input::SwingRight),
        Cmd::Undo => Command::Undo,
        Cmd::Redo => Command::Redo,
        Cmd::Restart => Command::Restart,
    }
}

fn to_dir(d: GridDir) -> Dir {
    match d {
        GridDir::Up => Dir::Up,
        GridDir::Right => Dir::Right,
        GridDir::Down => Dir::Down,
        GridDir::Left => Dir::Left,
    }
}

fn grid(p: Pos) -> GridPos {
    GridPos::new(p.0, p.1)
}

/// The model's character for an entity of the sim, by its recipe; `?` for
/// an entity whose tags match no recipe.
fn char_of(world: &World, id: EntityId) -> (char, char) {
    let sunk = EntitySpec::new(EntityRecipe::HeavyBox).with_state(RecipeState::Sunk);
    if spec_of(world, id) == Some(sunk) {
        return (EMPTY, BRIDGE);
    }
    match recipe_of(world, id) {
        Some(EntityRecipe::Player) => (PLAYER, EMPTY),
        Some(EntityRecipe::WallStrong) => (WALL, EMPTY),
        Some(EntityRecipe::WallWeak) => (WEAK_WALL, EMPTY),
        Some(EntityRecipe::Box) => (BOX, EMPTY),
        Some(EntityRecipe::HeavyBox) => (HEAVY, EMPTY),
        Some(EntityRecipe::Goal) => (EMPTY, GOAL),
        Some(EntityRecipe::WaterCell) => (EMPTY, WATER),
        _ => ('?', '?'),
    }
}

/// The sim's world on the model's grid, read through the spatial index.
fn board_of(world: &World) -> BTreeMap<Pos, (char, char)> {
    let mut out = BTreeMap::new();
    for (at, ids) in world.index().cells() {
        let (mut thing, mut ground) = (EMPTY, EMPTY);
        for id in ids {
            let (t, g) = char_of(world, id);
            if t != EMPTY {
                // Two things in one cell cannot be said on the model's grid.
                thing = if thing == EMPTY { t } else { '?' };
            }
            ground = match (ground, g) {
                (x, EMPTY) => x,
                (EMPTY, y) => y,
                (WATER, GOAL) | (GOAL, WATER) => WATER_GOAL,
                (WATER, BRIDGE) | (BRIDGE, WATER) => BRIDGE,
                _ => '?',
            };
        }
        if thing != EMPTY || ground != EMPTY {
            out.insert((at.x, at.y), (thing, ground));
        }
    }
    out
}

/// In a step: exactly the model's moves, in its order, each by the entity
/// that stood at its start, and nothing else moved.
fn check_step(
    before: &Snapshot,
    after: &Snapshot,
    world: &World,
    events: &EventBatch,
    expected: &[Move],
    sank: &[Pos],
    notes: &[Note],
) {
    let moved: Vec<_> = events.of::<Moved>().copied().collect();
    let sank_at: Vec<_> = events
        .of::<Sank>()
        .map(|s| after.positions().get(&s.entity).copied().flatten())
        .collect();
    let want_sank: Vec<_> = sank.iter().map(|p| Some(grid(*p))).collect();
    assert_eq!(sank_at, want_sank, "sinking differs from the model");
    // Moves, then the swing's event, then what sank (the environment
    // phase); grabs, releases and blocked swings come alone.
    let kinds: Vec<_> = events
        .iter()
        .map(|e| match e {
            SimEvent::Moved(_) => 0,
            SimEvent::Sank(_) => 2,
            _ => 1,
        })
        .collect();
    assert!(kinds.is_sorted(), "events out of phase order: {events:?}");
    let sim_notes: Vec<Note> = events
        .iter()
        .filter_map(|e| match e {
            SimEvent::Moved(_) | SimEvent::Sank(_) => None,
            SimEvent::GrabAttached(_) => Some(Note::Grab),
            SimEvent::GrabReleased(_) => Some(Note::Release),
            SimEvent::Swung(s) => Some(Note::Swung {
                from: (s.arc_from.x, s.arc_from.y),
                via: (s.arc_via.x, s.arc_via.y),
                to: (s.arc_to.x, s.arc_to.y),
            }),
            SimEvent::SwingBlocked(b) => Some(Note::Blocked {
                via: b.reason == SwingBlockedReason::Via,
            }),
            other => panic!("a step emitted {other:?}, which the model does not know"),
        })
        .collect();
    assert_eq!(
        sim_notes, notes,
        "the events besides moves differ from the model"
    );
    assert_eq!(
        moved.len(),
        expected.len(),
        "the sim emitted {moved:?}, the model expects {expected:?}"
    );
    let was = before.positions();
    let is = after.positions();
    for (event, want) in moved.iter().zip(expected) {
        let cause = match want.cause {
            Cause::Player => MoveCause::Player,
            Cause::Push => MoveCause::Push,
            Cause::Swing => MoveCause::Swing,
        };
        assert_eq!(
            (event.from, event.to, event.cause),
            (grid(want.from), grid(want.to), cause),
            "events out of order or wrong: {moved:?}, expected {expected:?}"
        );
        assert_eq!(
            was.get(&event.entity).copied().flatten(),
            Some(event.from),
            "{event:?}: the entity was not at `from`"
        );
        assert_eq!(
            is.get(&event.entity).copied().flatten(),
            Some(event.to),
            "{event:?}: the entity is not at `to`"
        );
        let sank_now = events.of::<Sank>().any(|s| s.entity == event.entity);
        let what = if sank_now {
            HEAVY
        } else {
            char_of(world, event.entity).0
        };
        assert_eq!(what, want.what, "{event:?}: the wrong kind of thing moved");
    }
    for (id, pos) in &is {
        let events_for = moved.iter().filter(|m| m.entity == *id).count();
        let changed = was.get(id) != Some(pos);
        assert_eq!(
            events_for,
            usize::from(changed),
            "entity {id} moved {changed} with {events_for} events: {moved:?}"
        );
    }
    if expected.is_empty() && !notes.contains(&Note::Grab) && !notes.contains(&Note::Release) {
        assert_eq!(
            after, before,
            "a refused or empty step changed more than facing"
        );
    }
}

/// In an undo, redo or restart: the `Moved` events, replayed one by one
/// from the old positions, give the new ones, each with an allowed cause:
/// a one-cell move, or for a restart and its undo (a restart puts each
/// entity straight back where the level started it, rules.md §4 History)
/// one move per entity.
fn check_replay(before: &Snapshot, after: &Snapshot, events: &EventBatch, causes: &[MoveCause]) {
    let mut at = before.positions();
    for e in events {
        let m = match e {
            SimEvent::Moved(m) => m,
            // Redo reports the redone step's own events: sinking, grabs,
            // swings.
            _ if causes.contains(&MoveCause::Push) => continue,
            _ => panic!("history emitted {e:?}"),
        };
        assert!(causes.contains(&m.cause), "{m:?}: cause not in {causes:?}");
        let now = at.get_mut(&m.entity).expect("a known entity");
        assert_eq!(*now, Some(m.from), "{m:?}: the entity was not at `from`");
        let d = (m.from.x - m.to.x).abs() + (m.from.y - m.to.y).abs();
        if d != 1 && matches!(m.cause, MoveCause::Restart | MoveCause::Undo) {
            assert!(d > 0, "{m:?}: a restart reported a move to the same cell");
            let again = events
                .of::<Moved>()
                .filter(|o| o.entity == m.entity)
                .count();
            assert_eq!(again, 1, "{m:?}: a restart moves an entity once");
        } else if m.cause == MoveCause::Swing {
            assert_eq!(d, 2, "{m:?}: a swing moves to the diagonal cell");
        } else {
            assert_eq!(d, 1, "{m:?}: a move is one cell");
        }
        *now = Some(m.to);
    }
    assert_eq!(
        at,
        after.positions(),
        "the events do not add up to the change"
    );
}

struct SimVsModel;

impl StateMachineTest for SimVsModel {
    type SystemUnderTest = Sut;
    type Reference = RefMachine;

    fn init_test(state: &RefState) -> Sut {
        let game = Game::new(&state.level, state.rules).expect("a playable level");
        let initial_hash = game.state_hash();
        Sut {
            game,
            initial_hash,
            undo_hashes: Vec::new(),
            redo_hashes: Vec::new(),
            applied: 0,
        }
    }

    fn apply(mut sut: Sut, state: &RefState, cmd: Cmd) -> Sut {
        COMMANDS.fetch_add(1, Ordering::Relaxed);
        sut.applied += 1;
        let before = Snapshot::of(sut.game.world());
        let hash_before = sut.game.state_hash();
        let events = sut
            .game
            .apply(to_command(cmd))
            .unwrap_or_else(|e| panic!("{cmd:?} failed: {e}"));
        let world = sut.game.world();
        let after = Snapshot::of(world);
        let hash = sut.game.state_hash();
        let sunk: Vec<_> = events.of::<Sank>().map(|s| s.entity).collect();
        let mut expected_tags = before.tags();
        for id in &sunk {
            expected_tags.insert(*id, TagSet::of(&[TagKind::Walkable, TagKind::Heavy]));
        }
        // The player carries exactly while the model holds.
        if let Some(tags) = expected_tags.get_mut(&sut.game.player()) {
            *tags = if state.model.now.holding {
                tags.with(TagKind::Carrying)
            } else {
                tags.without(TagKind::Carrying)
            };
        }
        if matches!(state.model.last, Effect::Step(_)) {
            assert_eq!(
                after.tags(),
                expected_tags,
                "{cmd:?} created, destroyed or changed entities"
            );
        } else {
            // History brings back tags (a sunk box floats again after an
            // undo); its hashes are checked below.
            assert!(
                after.tags().keys().eq(before.tags().keys()),
                "{cmd:?} created or destroyed entities"
            );
        }
        match &state.model.last {
            Effect::Start => unreachable!("the model applied a command"),
            Effect::Step(moves) => {
                check_step(
                    &before,
                    &after,
                    world,
                    &events,
                    moves,
                    &state.model.sank,
                    &state.model.notes,
                );
                let held_changed = state
                    .model
                    .notes
                    .iter()
                    .any(|n| matches!(n, Note::Grab | Note::Release));
                if !moves.is_empty() || held_changed {
                    let back_to = if sut.undo_hashes.is_empty() {
                        sut.initial_hash
                    } else {
                        hash_before
                    };
                    sut.undo_hashes.push((back_to, false));
                    sut.redo_hashes.clear();
                }
            }
            Effect::Undo(did) => {
                check_replay(&before, &after, &events, &[MoveCause::Undo]);
                if *did {
                    let (back_to, by_restart) = sut.undo_hashes.pop().expect("mirrors the model");
                    assert_eq!(hash, back_to, "undo did not restore the state hash");
                    sut.redo_hashes.push((hash_before, by_restart));
                } else {
                    assert!(events.is_empty(), "undo with nothing to undo emitted");
                    assert_eq!(hash, hash_before, "undo with nothing to undo changed");
                }
            }
            Effect::Redo(did) => {
                let causes = [
                    MoveCause::Player,
                    MoveCause::Push,
                    MoveCause::Swing,
                    MoveCause::Restart,
                ];
                check_replay(&before, &after, &events, &causes);
                if *did {
                    let (forward_to, by_restart) =
                        sut.redo_hashes.pop().expect("mirrors the model");
                    assert_eq!(hash, forward_to, "redo did not restore the state hash");
                    let back_to = if sut.undo_hashes.is_empty() && !by_restart {
                        sut.initial_hash
                    } else {
                        hash_before
                    };
                    sut.undo_hashes.push((back_to, by_restart));
                } else {
                    assert!(events.is_empty(), "redo with nothing to redo emitted");
                    assert_eq!(hash, hash_before, "redo with nothing to redo changed");
                }
            }
            Effect::Restart(undo_step) => {
                check_replay(&before, &after, &events, &[MoveCause::Restart]);
                assert_eq!(hash, sut.initial_hash, "restart did not restore the start");
                if *undo_step {
                    sut.undo_hashes.push((hash_before, true));
                    sut.redo_hashes.clear();
                } else {
                    assert_eq!(
                        hash, hash_before,
                        "a restart at the start changed the state"
                    );
                }
            }
        }
        sut
    }

    fn check_invariants(sut: &Sut, state: &RefState) {
        let game = &sut.game;
        let world = game.world();
        if let Err(e) = world.validate() {
            panic!("invariant broken: {e}");
        }
        let model = &state.model;
        let now = &model.now;
        let sim_board = board_of(world);
        let model_board = now.board.cells();
        assert!(
            sim_board == model_board,
            "boards differ after {:?}\n--- model\n{}--- sim\n{}",
            model.last,
            picture(&model_board),
            picture(&sim_board)
        );
        let player = game.player();
        assert_eq!(
            world.position(player).expect("a player"),
            grid(now.player),
            "player position"
        );
        let facing = world.get::<Facing>(player).expect("a facing").0;
        assert_eq!(
            to_dir(facing),
            now.facing,
            "facing after {:?}\n{}",
            model.last,
            picture(&model_board)
        );
        let holds = world.get::<Holding>(player).expect("hands").0.is_some();
        assert_eq!(holds, now.holding, "holding after {:?}", model.last);
        let stats = game.stats();
        assert_eq!(
            (stats.moves, stats.pushes),
            (now.moves, now.pushes),
            "moves and pushes"
        );
        assert_eq!(
            (game.undo_depth(), game.redo_depth()),
            (model.undo.len(), model.redo.len()),
            "undo and redo depths after {:?}",
            model.last
        );
        assert_eq!(sut.undo_hashes.len(), model.undo.len());
        assert_eq!(sut.redo_hashes.len(), model.redo.len());
        // History grows at most in proportion to the commands (a step on
        // these small levels changes a few dozen things at most).
        assert!(
            game.history_bytes() <= 4096 * (sut.applied + 1),
            "{} bytes of history after {} commands",
            game.history_bytes(),
            sut.applied
        );
    }
}

#[test]
fn the_sim_plays_like_the_reference_model() {
    let config = Config {
        source_file: Some(file!()),
        ..Config::default()
    };
    let start = COMMANDS.load(Ordering::Relaxed);
    let strategy = RefMachine::sequential_strategy(MIN_COMMANDS..=MAX_COMMANDS);
    let mut runner = TestRunner::new(config.clone());
    let result = runner.run(&strategy, |(initial, transitions, seen)| {
        SimVsModel::test_sequential(config.clone(), initial, transitions, seen);
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let commands = COMMANDS.load(Ordering::Relaxed) - start;
    eprintln!(
        "reference model: {} cases, {commands} commands checked",
        config.cases
    );
    assert!(commands >= config.cases as usize * MIN_COMMANDS);
}
