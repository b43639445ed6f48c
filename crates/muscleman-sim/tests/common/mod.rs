//! Shared test helpers: a fluent world builder, an ASCII grid reader and
//! printer, the invariant checker and `assert_steps`.

#![allow(
    dead_code,
    reason = "each test binary uses a different subset of the helpers"
)]

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::sync::OnceLock;

use muscleman_core::{
    EntityId, EntityRecipe, EntitySpec, EventBatch, GlobalCounter, GridDir, GridPos, Input,
    MoveCause, Moved, SimEvent, SoundKind,
};
use muscleman_level::Level;
use muscleman_sim::{
    AnyComponent, Facing, Holding, Rules, TagKind, World, spawn, spec_of, step_with,
    world_from_level,
};

/// A world built up fluently, with named entities (the plan's `TestWorld`).
pub struct TestWorld {
    pub world: World,
    pub player: EntityId,
    pub named: BTreeMap<String, EntityId>,
}

impl Default for TestWorld {
    fn default() -> Self {
        Self::new()
    }
}

impl TestWorld {
    pub fn new() -> Self {
        TestWorld {
            world: World::new(),
            player: EntityId::new(u32::MAX, u32::MAX),
            named: BTreeMap::new(),
        }
    }

    fn add(mut self, recipe: EntityRecipe, x: i32, y: i32, name: Option<&str>) -> Self {
        let id = spawn(&mut self.world, recipe, GridPos::new(x, y)).unwrap();
        if recipe == EntityRecipe::Player {
            self.player = id;
        }
        if let Some(name) = name {
            self.named.insert(name.to_owned(), id);
        }
        self
    }

    pub fn player_at(self, x: i32, y: i32) -> Self {
        self.add(EntityRecipe::Player, x, y, Some("player"))
    }

    pub fn wall(self, x: i32, y: i32) -> Self {
        self.add(EntityRecipe::WallStrong, x, y, None)
    }

    pub fn weak_wall(self, x: i32, y: i32) -> Self {
        self.add(EntityRecipe::WallWeak, x, y, None)
    }

    pub fn water(self, x: i32, y: i32) -> Self {
        self.add(EntityRecipe::WaterCell, x, y, None)
    }

    pub fn boxed(self, x: i32, y: i32, name: &str) -> Self {
        self.add(EntityRecipe::Box, x, y, Some(name))
    }

    pub fn heavy_box(self, x: i32, y: i32, name: &str) -> Self {
        self.add(EntityRecipe::HeavyBox, x, y, Some(name))
    }

    pub fn id(&self, name: &str) -> EntityId {
        self.named[name]
    }

    pub fn pos_of(&self, name: &str) -> GridPos {
        self.world.position(self.id(name)).unwrap()
    }

    pub fn player_pos(&self) -> GridPos {
        self.world.position(self.player).unwrap()
    }

    /// Step under the Muscleman rules, checking every invariant around it.
    pub fn step(&mut self, input: Input) -> EventBatch {
        checked_step(&mut self.world, self.player, input, &Rules::MUSCLEMAN)
    }

    pub fn mv(&mut self, dir: GridDir) -> EventBatch {
        self.step(Input::Move(dir))
    }
}

/// The test grids' letters beyond the XSB ones: one fixed legend for every
/// test, read by the level reader and used again to print a world.
/// A cell whose things have no letter here cannot be printed: add a line.
pub const TEST_LEGEND: &[(char, &str)] = &[
    ('h', "Hammer"),
    ('f', "WaterCell HeavyBox:sunk"),
    ('b', "KeyBlue"),
    ('r', "KeyRed"),
    ('y', "KeyYellow"),
    ('g', "KeyGreen"),
    ('B', "DoorBlue"),
    ('R', "DoorRed"),
    ('Y', "DoorYellow"),
    ('G', "DoorGreen"),
    ('S', "SecretDoor"),
    ('O', "DoorRed:open"),
    ('U', "DoorRed:unlocked"),
    ('Q', "SecretDoor:open"),
    ('p', "PressurePlateRed"),
    ('q', "PressurePlateBlue"),
    ('P', "PressurePlateHeavy"),
    ('a', "Apple"),
    ('e', "Pear"),
    ('c', "Cheese"),
    ('o', "Coin"),
    ('x', "Box(Apple)"),
    ('X', "Box(KeyRed)"),
    ('z', "Box(Coin Apple)"),
    ('w', "Box WaterCell"),
    ('W', "Player WaterCell HeavyBox:sunk"),
    ('i', "Box PressurePlateRed"),
    ('j', "Player PressurePlateRed"),
    ('J', "HeavyBox PressurePlateHeavy"),
    ('k', "Box DoorRed:open"),
    ('K', "Player DoorRed:open"),
    ('n', "Player DoorRed:unlocked"),
    ('m', "Hammer PressurePlateRed"),
    ('l', "KeyRed PressurePlateRed"),
    ('t', "Player Coin"),
    ('u', "Box Coin"),
    ('v', "Box Apple"),
    ('H', "Hammer Coin"),
    ('D', "HeavyBox Coin"),
    ('F', "Box(Apple) Goal"),
    ('I', "KeyRed Coin"),
    ('L', "Box WaterCell HeavyBox:sunk"),
    ('M', "HeavyBox WaterCell HeavyBox:sunk"),
    ('N', "Player PressurePlateHeavy"),
    ('T', "DoorBlue:open"),
    ('V', "Box DoorBlue:open"),
    ('Z', "SecretDoor:open Player"),
    ('C', "Player PressurePlateBlue"),
    ('E', "Apple Coin"),
];

/// A test legend: letters and what each stands for.
pub type Legend = [(char, &'static str)];

/// [`TEST_LEGEND`] with the letters of `extra` standing for what `extra`
/// says instead (a test file of its own mechanic gives its letters so).
pub fn legend_with(extra: &Legend) -> Vec<(char, &'static str)> {
    TEST_LEGEND
        .iter()
        .filter(|(c, _)| !extra.iter().any(|(e, _)| e == c))
        .chain(extra)
        .copied()
        .collect()
}

/// The legend lines of a legend, as a level file writes them.
fn legend_lines(legend: &Legend) -> String {
    legend
        .iter()
        .map(|(c, spec)| format!("legend: {c} = {spec}\n"))
        .collect()
}

/// Read an ASCII grid with the level reader: `#` wall, `%` weak wall, `~`
/// water, `$` box, `&` heavy box, `.` goal, `*` box on goal, `@` player,
/// `+` player on goal, space or `-` floor, and the letters of
/// [`TEST_LEGEND`]. Blank first and last lines and the common leading
/// indentation are dropped, so write a leading floor cell as `-`.
pub fn level_from_ascii(grid: &str) -> Level {
    level_from_ascii_in(TEST_LEGEND, grid)
}

/// [`level_from_ascii`] with the letters of `legend`.
pub fn level_from_ascii_in(legend: &Legend, grid: &str) -> Level {
    let text = format!("{}{}", legend_lines(legend), rows(grid).join("\n"));
    Level::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Build the world of an ASCII grid (see [`level_from_ascii`]).
pub fn world_from_ascii(grid: &str) -> (World, EntityId) {
    world_from_level(&level_from_ascii(grid)).unwrap()
}

/// [`world_from_ascii`] with the letters of `legend`.
pub fn world_from_ascii_in(legend: &Legend, grid: &str) -> (World, EntityId) {
    world_from_level(&level_from_ascii_in(legend, grid)).unwrap()
}

fn rows(grid: &str) -> Vec<String> {
    let lines: Vec<&str> = grid.lines().skip_while(|l| l.trim().is_empty()).collect();
    let lines: Vec<&str> = {
        let mut v = lines;
        while v.last().is_some_and(|l| l.trim().is_empty()) {
            v.pop();
        }
        v
    };
    let indent = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    lines
        .iter()
        .map(|l| l.get(indent..).unwrap_or("").trim_end().to_owned())
        .collect()
}

/// The grid as [`world_to_ascii`] prints it: floor as spaces, rows trimmed.
fn normalized(grid: &str) -> String {
    rows(grid)
        .iter()
        .map(|r| r.replace('-', " ").trim_end().to_owned() + "\n")
        .collect()
}

/// Every printable cell of a legend: its things' specs (sorted) and its
/// character.
fn chars_of(legend: &Legend) -> Vec<(Vec<EntitySpec>, char)> {
    let fixed = "#%~$&.*@+";
    let row: String = fixed
        .chars()
        .chain(legend.iter().map(|(c, _)| *c))
        .collect();
    // One level per character, with a player beside it unless it
    // holds one.
    row.chars()
        .map(|c| {
            let alone = format!("{}{c}", legend_lines(legend));
            let level = Level::parse(&alone)
                .or_else(|_| Level::parse(&format!("{alone}@")))
                .unwrap_or_else(|e| panic!("{c}: {e}"));
            let mut specs: Vec<EntitySpec> = level.cell(GridPos::ZERO).to_vec();
            specs.sort();
            (specs, c)
        })
        .collect()
}

/// Every printable cell of [`TEST_LEGEND`], worked out once.
fn cell_chars() -> &'static Vec<(Vec<EntitySpec>, char)> {
    static CHARS: OnceLock<Vec<(Vec<EntitySpec>, char)>> = OnceLock::new();
    CHARS.get_or_init(|| chars_of(TEST_LEGEND))
}

/// The character of a cell holding things of these specs (sorted).
fn char_of(chars: &[(Vec<EntitySpec>, char)], specs: &[EntitySpec]) -> char {
    if specs.is_empty() {
        return ' ';
    }
    chars
        .iter()
        .find(|(s, _)| s == specs)
        .map(|(_, c)| *c)
        .unwrap_or_else(|| panic!("no test grid char for {specs:?}: add one to the legend"))
}

/// Print the world as an ASCII grid from (0, 0), rows trimmed on the right.
pub fn world_to_ascii(world: &World) -> String {
    print_ascii(cell_chars(), world)
}

/// [`world_to_ascii`] with the letters of `legend`.
pub fn world_to_ascii_in(legend: &Legend, world: &World) -> String {
    print_ascii(&chars_of(legend), world)
}

/// Print the world with the cells' characters `chars`.
fn print_ascii(chars: &[(Vec<EntitySpec>, char)], world: &World) -> String {
    let mut cells: BTreeMap<(i32, i32), Vec<EntitySpec>> = BTreeMap::new();
    for (at, ids) in world.index().cells() {
        let mut specs: Vec<EntitySpec> = ids
            .map(|id| {
                spec_of(world, id).unwrap_or_else(|| {
                    panic!(
                        "entity matches no recipe: {:?} {:?}",
                        world.tags(id),
                        world.components(id)
                    )
                })
            })
            .collect();
        specs.sort();
        cells.insert((at.y, at.x), specs);
    }
    let max_y = cells.keys().map(|k| k.0).max().unwrap_or(-1);
    let max_x = cells.keys().map(|k| k.1).max().unwrap_or(-1);
    let mut out = String::new();
    for y in 0..=max_y {
        let mut line = String::new();
        for x in 0..=max_x {
            line.push(char_of(chars, cells.get(&(y, x)).map_or(&[][..], |v| v)));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Parse move letters: `u d l r` (either case), `w` wait, `g` grab, `p`
/// drop, `[` swing left, `]` swing right.
pub fn inputs(moves: &str) -> Vec<Input> {
    moves
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c.to_ascii_lowercase() {
            'u' => Input::Move(GridDir::Up),
            'd' => Input::Move(GridDir::Down),
            'l' => Input::Move(GridDir::Left),
            'r' => Input::Move(GridDir::Right),
            'w' => Input::Wait,
            'g' => Input::Grab,
            'p' => Input::Drop,
            '[' => Input::SwingLeft,
            ']' => Input::SwingRight,
            other => panic!("unknown move letter {other:?}"),
        })
        .collect()
}

/// A full dump of the world: every entity by id with its tags and components.
pub fn dump(world: &World) -> String {
    dump_filtered(world, |_, _| true)
}

/// The dump with the players' and the actors' facings left out, to
/// compare around a refused move.
pub fn dump_without_facing(world: &World) -> String {
    dump_filtered(world, |id, c| {
        // The player's Facing, and an actor's: the actors phase still runs
        // after a refused action (rules.md §5, 3), and a firefly's or a
        // ghost's turn is silent.
        let tags = world.tags(id).unwrap();
        !(matches!(c, AnyComponent::Facing(_))
            && (tags.contains(TagKind::Player) || tags.contains(TagKind::Brain)))
    })
}

fn dump_filtered(world: &World, keep: impl Fn(EntityId, &AnyComponent) -> bool) -> String {
    let mut out = String::new();
    for id in world.entities() {
        let tags: Vec<&str> = world.tags(id).unwrap().iter().map(TagKind::name).collect();
        let comps: Vec<AnyComponent> = world
            .components(id)
            .unwrap()
            .into_iter()
            .filter(|c| keep(id, c))
            .collect();
        writeln!(out, "{id}: {tags:?} {comps:?}").unwrap();
    }
    out
}

/// Check rules.md §5 (1, 2, 7, 8): the index is exact, no cell holds two
/// blockers, water, doors and plates are in the state their rules give.
pub fn assert_invariants(world: &World) {
    if let Err(e) = world.validate().and_then(|()| world.validate_environment()) {
        panic!("invariant broken: {e}\n{}", dump(world));
    }
}

/// Run one step and check every invariant of rules.md §5 around it: the
/// world stays consistent (index, blockers, holding, water, doors,
/// containers), only the rules that may create or destroy entities did (a
/// key spent or put in a cauldron, a collectible collected, a smash and its
/// contents, a brew and its product, a ghost released, each named by its event), the `Moved` events match what moved, and a step without events
/// changed nothing but the player's facing.
pub fn checked_step(
    world: &mut World,
    player: EntityId,
    input: Input,
    rules: &Rules,
) -> EventBatch {
    let before = dump_without_facing(world);
    let ids_before = world.entities();
    let positions_before: Vec<_> = ids_before.iter().map(|id| world.place(*id).ok()).collect();
    let events = step_with(world, player, input, rules).expect("step failed");
    assert_invariants(world);
    let mut may_go: BTreeSet<EntityId> = BTreeSet::new();
    let mut may_come: BTreeSet<EntityId> = BTreeSet::new();
    for e in events.iter() {
        match e {
            SimEvent::KeyConsumed(k) => {
                may_go.insert(k.key);
            }
            SimEvent::ItemCollected(c) => {
                may_go.insert(c.entity);
            }
            SimEvent::Smashed(s) => {
                may_go.insert(s.entity);
                may_come.extend(s.contents.iter().copied());
            }
            SimEvent::PutIn(p) => {
                may_go.insert(p.entity);
            }
            SimEvent::Brewed(b) => {
                may_go.insert(b.cauldron);
                may_come.insert(b.product);
            }
            SimEvent::GhostReleased(g) => {
                may_go.insert(g.ghost);
            }
            _ => {}
        }
    }
    let ids_after = world.entities();
    let gone: BTreeSet<_> = ids_before
        .iter()
        .filter(|id| !ids_after.contains(id))
        .copied()
        .collect();
    let came: BTreeSet<_> = ids_after
        .iter()
        .filter(|id| !ids_before.contains(id))
        .copied()
        .collect();
    assert_eq!(gone, may_go, "entities destroyed without their event");
    assert_eq!(came, may_come, "entities created without their event");
    let moved: Vec<&Moved> = events.of::<Moved>().collect();
    // What took the stairs, from which floor to which.
    let mut climbed: BTreeMap<EntityId, (u32, u32)> = BTreeMap::new();
    for t in events.of::<muscleman_core::LevelTransition>() {
        climbed.insert(t.player, (t.from_floor, t.to_floor));
        if let Some(item) = t.carried {
            climbed.insert(item, (t.from_floor, t.to_floor));
        }
    }
    for (id, before) in ids_before.iter().zip(&positions_before) {
        if gone.contains(id) {
            continue;
        }
        let after = world.place(*id).ok();
        let floors = before.zip(after).map(|(b, a)| (b.0, a.0));
        match climbed.get(id) {
            Some(&f) => assert_eq!(Some(f), floors, "{id} took the stairs elsewhere"),
            None => assert!(
                floors.is_none_or(|(b, a)| b == a),
                "{id} changed floor without a transition"
            ),
        }
        let (before, after) = (before.map(|p| p.1), after.map(|p| p.1));
        let event = moved.iter().find(|m| m.entity == *id);
        match event {
            Some(m) => {
                assert_eq!(
                    Some(m.from),
                    before,
                    "Moved.from of {id} is not where it was"
                );
                assert_eq!(Some(m.to), after, "Moved.to of {id} is not where it is");
                // A swing carries its item from F to T, diagonal neighbours.
                let diagonal = (m.from.x - m.to.x).abs() == 1 && (m.from.y - m.to.y).abs() == 1;
                if m.cause == MoveCause::Swing {
                    assert!(diagonal, "a swing moves to the diagonal cell: {m:?}");
                } else {
                    assert_eq!(m.from.step_towards_count(m.to), 1, "a move is one cell");
                }
            }
            None => assert_eq!(after, before, "{id} moved without an event"),
        }
    }
    // A refused move emits one `bump` (rules.md §5, 3); a step with no
    // other event changed nothing but the player's Facing.
    let bumps = events
        .iter()
        .filter(|e| matches!(e, SimEvent::SoundHint(h) if h.kind == SoundKind::Bump))
        .count();
    assert!(bumps <= 1, "two bumps in one step");
    if bumps == 1 {
        assert!(
            matches!(events.events().last(), Some(SimEvent::SoundHint(_))),
            "the bump comes last"
        );
        assert!(matches!(input, Input::Move(_)), "only a move bumps");
    }
    if events.len() == bumps {
        assert_eq!(
            dump_without_facing(world),
            before,
            "a refused action changed the world"
        );
    }
    events
}

trait Dist {
    fn step_towards_count(self, to: GridPos) -> i32;
}

impl Dist for GridPos {
    fn step_towards_count(self, to: GridPos) -> i32 {
        (self.x - to.x).abs() + (self.y - to.y).abs()
    }
}

/// A game played through [`assert_play_with`]: the world, its player and
/// the events of every step.
pub struct Played {
    pub world: World,
    pub player: EntityId,
    pub batches: Vec<EventBatch>,
}

impl Played {
    /// Return the player's facing.
    pub fn facing(&self) -> GridDir {
        self.world.get::<Facing>(self.player).unwrap().0
    }

    /// Return what the player holds.
    pub fn holding(&self) -> Option<EntityId> {
        self.world.get::<Holding>(self.player).unwrap().0
    }

    /// Return the one entity at `(x, y)` that has `tag`.
    pub fn at(&self, x: i32, y: i32, tag: TagKind) -> EntityId {
        self.world
            .index()
            .first_with(tag, GridPos::new(x, y))
            .unwrap_or_else(|| panic!("nothing with {tag} at ({x}, {y})"))
    }

    /// Return the events of the last step.
    pub fn last(&self) -> &[SimEvent] {
        self.batches.last().map_or(&[], EventBatch::events)
    }

    /// Return the `Moved` events of the last step as (from, to, cause).
    pub fn moves(&self) -> Vec<MoveLine> {
        self.last()
            .iter()
            .filter_map(|e| match e {
                SimEvent::Moved(Moved {
                    from, to, cause, ..
                }) => Some(((from.x, from.y), (to.x, to.y), *cause)),
                _ => None,
            })
            .collect()
    }
}

/// One move as a test writes it: from `(x, y)`, to `(x, y)`, why.
pub type MoveLine = ((i32, i32), (i32, i32), MoveCause);

/// Build `before`, apply `moves` under `rules` checking invariants after
/// every step, assert the board reads `after`, and return the world and
/// the events.
pub fn assert_play_with(rules: &Rules, before: &str, moves: &str, after: &str) -> Played {
    assert_play_in(TEST_LEGEND, rules, before, moves, after)
}

/// [`assert_play_with`] with the letters of `legend` (see [`legend_with`]).
pub fn assert_play_in(
    legend: &Legend,
    rules: &Rules,
    before: &str,
    moves: &str,
    after: &str,
) -> Played {
    let (mut world, player) = world_from_ascii_in(legend, before);
    let chars = chars_of(legend);
    assert_invariants(&world);
    assert_eq!(
        print_ascii(&chars, &world),
        normalized(before),
        "test grid does not round-trip"
    );
    let batches = inputs(moves)
        .into_iter()
        .map(|input| checked_step(&mut world, player, input, rules))
        .collect();
    let expected = normalized(after);
    let actual = print_ascii(&chars, &world);
    assert!(
        actual == expected,
        "after {moves:?}\n--- expected\n{expected}--- actual\n{actual}"
    );
    Played {
        world,
        player,
        batches,
    }
}

/// [`assert_play_with`] under the Muscleman rules.
pub fn assert_play(before: &str, moves: &str, after: &str) -> Played {
    assert_play_with(&Rules::MUSCLEMAN, before, moves, after)
}

/// Build `before`, apply `moves` under `rules` checking invariants after
/// every step, and assert the board reads `after`. Returns every event.
pub fn assert_steps_with(rules: &Rules, before: &str, moves: &str, after: &str) -> Vec<EventBatch> {
    assert_play_with(rules, before, moves, after).batches
}

/// [`assert_steps_with`] under the Muscleman rules.
pub fn assert_steps(before: &str, moves: &str, after: &str) -> Vec<EventBatch> {
    assert_steps_with(&Rules::MUSCLEMAN, before, moves, after)
}

/// [`assert_steps`] with the letters of `legend` (see [`legend_with`]).
pub fn assert_steps_in(legend: &Legend, before: &str, moves: &str, after: &str) -> Vec<EventBatch> {
    assert_play_in(legend, &Rules::MUSCLEMAN, before, moves, after).batches
}

/// A 10×7 room with every kind of cell, for the history and save tests.
pub const ARENA: &str = "
    ##########
    #   .  ~ #
    # $$ & $ #
    #  % @ $ #
    # .&  .  #
    # ~  $$  #
    ##########
";

/// A random command: mostly moves, some waits, undos, redos and restarts.
pub fn command() -> impl proptest::strategy::Strategy<Value = muscleman_sim::Command> {
    use muscleman_sim::Command;
    use proptest::prelude::*;
    prop_oneof![
        6 => prop::sample::select(GridDir::ALL.to_vec()).prop_map(|d| Command::Step(Input::Move(d))),
        1 => Just(Command::Step(Input::Wait)),
        2 => Just(Command::Undo),
        1 => Just(Command::Redo),
        1 => Just(Command::Restart),
    ]
}

/// Start a Muscleman game of `grid` and apply `moves`, written as MOVES letters.
pub fn played(grid: &str, moves: &str) -> muscleman_sim::Game {
    played_in(TEST_LEGEND, grid, moves)
}

/// [`played`] with the letters of `legend`.
pub fn played_in(legend: &Legend, grid: &str, moves: &str) -> muscleman_sim::Game {
    let level = level_from_ascii_in(legend, grid);
    let mut game = muscleman_sim::Game::new(&level, Rules::MUSCLEMAN).unwrap();
    for c in moves.chars() {
        let command = muscleman_sim::Command::from_letter(c).expect("a MOVES letter");
        game.apply(command).unwrap();
    }
    game
}

/// The id of the entity with `tag` at `(x, y)` in the world of `grid`:
/// loading is deterministic, so it is the id that entity has in every world
/// built from `grid` ([`assert_steps`] included).
pub fn id_at(grid: &str, x: i32, y: i32, tag: TagKind) -> EntityId {
    id_at_in(TEST_LEGEND, grid, x, y, tag)
}

/// [`id_at`] with the letters of `legend`.
pub fn id_at_in(legend: &Legend, grid: &str, x: i32, y: i32, tag: TagKind) -> EntityId {
    let (world, _) = world_from_ascii_in(legend, grid);
    world
        .index()
        .tagged_at(GridPos::new(x, y))
        .find(|(_, tags)| tags.contains(tag))
        .map(|(id, _)| id)
        .unwrap_or_else(|| panic!("no {tag} at ({x}, {y})"))
}

/// A step's events in a short form to compare in order: `moved 3`,
/// `sank 3`, `key_consumed 4 5`, `door_opened 5`, `door_closed 5`,
/// `plate_pressed 6`, `plate_released 6`, `item_collected 7 coins`,
/// `bump 1`, `quack 8`, `put_in 9 4`, `brewed 9 12`, `grab_released 4`,
/// `swing_blocked via`, `ghost_released 8 4`.
pub fn story(batch: &EventBatch) -> Vec<String> {
    batch
        .iter()
        .map(|e| match e {
            SimEvent::Moved(m) => format!("moved {}", m.entity),
            SimEvent::Sank(s) => format!("sank {}", s.entity),
            SimEvent::KeyConsumed(k) => format!("key_consumed {} {}", k.key, k.door),
            SimEvent::DoorOpened(d) => format!("door_opened {}", d.door),
            SimEvent::DoorClosed(d) => format!("door_closed {}", d.door),
            SimEvent::PlatePressed(p) => format!("plate_pressed {}", p.plate),
            SimEvent::PlateReleased(p) => format!("plate_released {}", p.plate),
            SimEvent::ItemCollected(c) => {
                format!("item_collected {} {}", c.entity, c.counter.name())
            }
            SimEvent::SoundHint(h) => format!("{} {}", h.kind.name(), h.entity),
            SimEvent::PutIn(p) => format!("put_in {} {}", p.container, p.entity),
            SimEvent::Brewed(b) => format!("brewed {} {}", b.cauldron, b.product),
            SimEvent::GrabReleased(g) => format!("grab_released {}", g.entity),
            SimEvent::SwingBlocked(b) => format!("swing_blocked {}", b.reason.name()),
            SimEvent::GhostReleased(g) => format!("ghost_released {} {}", g.ghost, g.book),
            other => format!("{other:?}"),
        })
        .collect()
}

/// Return whether a step's events are those of a refused move: exactly
/// one, its bump (rules.md §5, invariant 3).
pub fn bumped(events: &[SimEvent]) -> bool {
    matches!(events, [SimEvent::SoundHint(h)] if h.kind == SoundKind::Bump)
}

/// The state of a game to compare exactly: its hash, every entity by id
/// with its tags and components, and the counters.
fn state(game: &muscleman_sim::Game) -> (u64, String, Vec<(GlobalCounter, u64)>) {
    (
        game.state_hash(),
        dump(game.world()),
        game.world().counters().collect(),
    )
}

/// Play `moves` on `grid`, then check that undoing everything gives the
/// start back, redoing everything the end, restart the start, the undo of
/// the restart the end, and a save loaded back the end: the same ids, tags,
/// components, counters and state hash each time.
pub fn assert_history_round_trips(grid: &str, moves: &str) {
    assert_history_round_trips_in(TEST_LEGEND, grid, moves);
}

/// [`assert_history_round_trips`] with the letters of `legend`.
pub fn assert_history_round_trips_in(legend: &Legend, grid: &str, moves: &str) {
    let start = state(&played_in(legend, grid, ""));
    let mut game = played_in(legend, grid, moves);
    let end = state(&game);
    assert_ne!(start, end, "{moves:?} changed nothing");
    let depth = game.undo_depth();
    for _ in 0..depth {
        game.undo().unwrap();
        assert_invariants(game.world());
    }
    assert_eq!(state(&game), start, "undo everything");
    for _ in 0..depth {
        game.redo().unwrap();
        assert_invariants(game.world());
    }
    assert_eq!(state(&game), end, "redo everything");
    game.restart().unwrap();
    assert_invariants(game.world());
    assert_eq!(state(&game), start, "restart");
    game.undo().unwrap();
    assert_eq!(state(&game), end, "undo the restart");
    let loaded = muscleman_sim::Game::load(&game.save()).unwrap();
    assert_invariants(loaded.world());
    assert_eq!(state(&loaded), end, "save and load");
}
