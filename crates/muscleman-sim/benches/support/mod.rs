//! Bench support: the levels every bench uses, built both as a sim
//! [`World`] and as a dense baseline [`Grid`] with the same entity ids, and
//! the timing loop that keeps a bench's state cycling.
//!
//! # Method
//!
//! Every timed iteration is exactly one step through
//! [`muscleman_sim::step_into`] (or one [`Grid::step`]), with a caller-owned
//! [`EventBatch`] reused across steps. State must stay bounded, and the
//! world is not `Clone`, so:
//!
//! - a walk alternates Right and Left between two free cells: the state
//!   cycles every two steps and needs no reset;
//! - a push walks the chain down a corridor for a run of `run` steps (every
//!   one of them a successful push of the whole chain), then stops the clock
//!   and puts the chain and the player back with [`World::move_to`] (the
//!   baseline the same way), so the next run starts from the same state. Only
//!   the pushes are timed; the reset is not.
//! - a strafe is the same in a corridor of two lanes ([`strafe_corridor`]):
//!   the player holding the item in front strafes Right for a run, both lanes
//!   pushing their chains, and everything is put back with the clock stopped;
//! - a swing that shoves cannot repeat by itself: a shove only ever pushes
//!   away from the player (V along the turn, T back along the old facing,
//!   onto a diagonal), and nothing refills the four cells beside the player,
//!   so at most three swings in a row can shove at both V and T. So a
//!   [`swing_station`] does one full turn of four swings (three shoving at V
//!   and T, the last at V only), and a run steps many separate stations,
//!   each a world of its own, before their boxes are put back with the clock
//!   stopped;
//! - a swing that shoves nothing (Left, Right, ...) or is blocked cycles by
//!   itself and needs no reset.
//!
//! Before anything is timed, [`check_same`] runs both engines through the
//! bench's input pattern and asserts that each step gives equal events and
//! the same player position, so the baseline does exactly the sim's work.

#![allow(
    dead_code,
    reason = "each bench binary uses a different subset of the support code"
)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use muscleman_core::{EntityId, EntityRecipe, EventBatch, GridDir, GridPos, Input};
use muscleman_sim::{Facing, Rules, TagKind, World, recipe_tags, spawn, step_into};

use crate::baseline::{BLOCKS, BLOCKS_PUSH, GOAL, Grid, LIFTABLE, PUSHABLE, WATER};

/// A level as a list of entities in spawn order (row by row, as a level
/// loader spawns them), with its size.
#[derive(Clone, Debug)]
pub struct LevelDesc {
    /// Width in cells.
    pub width: i32,
    /// Height in cells.
    pub height: i32,
    /// Every entity, in spawn order.
    pub entities: Vec<(GridPos, EntityRecipe)>,
}

impl LevelDesc {
    /// Spawn every entity into a fresh world (space reserved first) and
    /// return the world and the ids in spawn order.
    pub fn spawn_world(&self) -> (World, Vec<EntityId>) {
        let mut world = World::new();
        world.reserve_area(GridPos::ZERO, GridPos::new(self.width - 1, self.height - 1));
        let ids = self
            .entities
            .iter()
            .map(|(at, recipe)| spawn(&mut world, *recipe, *at).expect("recipe is implemented"))
            .collect();
        (world, ids)
    }

    /// Fill a baseline grid with the same entities, under the given ids.
    pub fn fill_grid(&self, ids: &[EntityId], rules: &Rules) -> Grid {
        let mut grid = Grid::new(self.width as usize, self.height as usize, rules.max_chain);
        grid.set_hands(rules.hands);
        for ((at, recipe), id) in self.entities.iter().zip(ids) {
            let tags = recipe_tags(*recipe).expect("recipe is implemented");
            let mut flags = 0;
            if tags.contains(TagKind::BlocksMovement) {
                flags |= BLOCKS;
            }
            if tags.contains(TagKind::Pushable) {
                flags |= PUSHABLE;
            }
            if tags.contains(TagKind::BlocksPush) {
                flags |= BLOCKS_PUSH;
            }
            if tags.contains(TagKind::Liftable) {
                flags |= LIFTABLE;
            }
            if *recipe == EntityRecipe::Player {
                grid.put_player(*at, *id);
            } else if flags != 0 {
                grid.put(*at, *id, flags);
            } else {
                let floor = match recipe {
                    EntityRecipe::WaterCell => WATER,
                    EntityRecipe::Goal => GOAL,
                    _ => 1 << (*recipe as u8 % 8),
                };
                grid.put_floor(*at, floor);
            }
        }
        grid
    }

    /// Write the level as plain level text (one symbol per cell: every
    /// level here has at most one entity per cell).
    pub fn to_text(&self) -> String {
        let (w, h) = (self.width as usize, self.height as usize);
        let mut rows = vec![vec![b' '; w]; h];
        for (at, recipe) in &self.entities {
            let cell = &mut rows[at.y as usize][at.x as usize];
            assert_eq!(*cell, b' ', "two entities at {at}");
            *cell = match recipe {
                EntityRecipe::WallStrong => b'#',
                EntityRecipe::WallWeak => b'%',
                EntityRecipe::WaterCell => b'~',
                EntityRecipe::Box => b'$',
                EntityRecipe::HeavyBox => b'&',
                EntityRecipe::Goal => b'.',
                EntityRecipe::Player => b'@',
                other => panic!("no symbol for {other}"),
            };
        }
        let mut text = String::with_capacity((w + 1) * h);
        for row in rows {
            text.push_str(std::str::from_utf8(&row).expect("ascii").trim_end());
            text.push('\n');
        }
        text
    }

    /// Return the player's position.
    pub fn player_pos(&self) -> GridPos {
        self.entities
            .iter()
            .find(|(_, r)| *r == EntityRecipe::Player)
            .map(|(at, _)| *at)
            .expect("level has a player")
    }
}

/// A level built as both engines, with one reused event batch each.
pub struct Rig {
    /// The sim.
    pub world: World,
    /// The sim's player.
    pub player: EntityId,
    /// The baseline, with the sim's entity ids.
    pub grid: Grid,
    /// The rules both run under.
    pub rules: Rules,
    /// The sim's reused batch.
    pub events: EventBatch,
    /// The baseline's reused batch.
    pub grid_events: EventBatch,
    /// Entities in the level.
    pub entity_count: usize,
    /// Sim steps taken so far by a cycling bench (picks the next direction).
    pub tick: u64,
    /// Baseline steps taken so far by a cycling bench.
    pub grid_tick: u64,
    /// Boxes in the chain of a [`corridor`] rig (0 for other levels).
    pub chain: i32,
}

impl Rig {
    /// Build `desc` as both engines.
    pub fn new(desc: &LevelDesc, rules: Rules) -> Self {
        let (world, ids) = desc.spawn_world();
        let player_at = desc.player_pos();
        let player = world
            .index()
            .all_at(player_at)
            .find(|id| world.has_tag::<muscleman_sim::Player>(*id).unwrap_or(false))
            .expect("player spawned");
        let grid = desc.fill_grid(&ids, &rules);
        Rig {
            world,
            player,
            grid,
            rules,
            events: EventBatch::new(),
            grid_events: EventBatch::new(),
            entity_count: ids.len(),
            tick: 0,
            grid_tick: 0,
            chain: 0,
        }
    }

    /// One sim step (what the benches time).
    #[inline(always)]
    pub fn sim_step(&mut self, dir: GridDir) {
        step_into(
            &mut self.world,
            self.player,
            black_box(Input::Move(dir)),
            &self.rules,
            &mut self.events,
        )
        .expect("step runs");
        black_box(&self.events);
    }

    /// One baseline step (what the benches time).
    #[inline(always)]
    pub fn grid_step(&mut self, dir: GridDir) {
        black_box(self.grid.step(black_box(dir), &mut self.grid_events));
        black_box(&self.grid_events);
    }

    /// One sim step of any input (what the hands benches time).
    #[inline(always)]
    pub fn sim_act(&mut self, input: Input) {
        step_into(
            &mut self.world,
            self.player,
            black_box(input),
            &self.rules,
            &mut self.events,
        )
        .expect("step runs");
        black_box(&self.events);
    }

    /// One baseline step of any input.
    #[inline(always)]
    pub fn grid_act(&mut self, input: Input) {
        self.grid.act(black_box(input), &mut self.grid_events);
        black_box(&self.grid_events);
    }

    /// Return the sim player's facing.
    pub fn sim_facing(&self) -> GridDir {
        self.world
            .get::<Facing>(self.player)
            .expect("player has a facing")
            .0
    }

    /// One baseline step without events.
    #[inline(always)]
    pub fn grid_step_bare(&mut self, dir: GridDir) {
        black_box(self.grid.step_bare(black_box(dir), &mut self.grid_events));
    }

    /// Return the sim player's position.
    pub fn sim_player_pos(&self) -> GridPos {
        self.world
            .position(self.player)
            .expect("player has a position")
    }
}

/// Step both engines through `dirs` and assert equal events and player
/// positions after every step.
pub fn check_same(rig: &mut Rig, dirs: &[GridDir]) {
    for (i, dir) in dirs.iter().enumerate() {
        rig.sim_step(*dir);
        rig.grid_step(*dir);
        assert_eq!(
            rig.events, rig.grid_events,
            "sim and baseline differ at step {i} ({dir})"
        );
        assert_eq!(rig.sim_player_pos(), rig.grid.player_pos());
        assert!(!rig.events.is_empty(), "bench step {i} ({dir}) did nothing");
    }
}

/// Step both engines through `inputs` and assert, after every step, equal
/// events, player positions and facings; return how many steps gave no
/// event (a turn in place, a refused move).
pub fn check_inputs(rig: &mut Rig, inputs: &[Input]) -> usize {
    let mut quiet = 0;
    for (i, input) in inputs.iter().enumerate() {
        rig.sim_act(*input);
        rig.grid_act(*input);
        assert_eq!(
            rig.events, rig.grid_events,
            "sim and baseline differ at step {i} ({input:?})"
        );
        assert_eq!(rig.sim_player_pos(), rig.grid.player_pos());
        assert_eq!(rig.sim_facing(), rig.grid.facing(), "facing at step {i}");
        quiet += usize::from(rig.events.is_empty());
    }
    quiet
}

/// Turn the player of a fresh rig (facing Down) to face Up with two empty
/// swings, and grab what is in front: both engines, checked equal.
pub fn face_up_and_grab(rig: &mut Rig) {
    let quiet = check_inputs(rig, &[Input::SwingRight, Input::SwingRight, Input::Grab]);
    assert_eq!(quiet, 2, "the turns are quiet, the grab is not");
    assert_eq!(rig.sim_facing(), GridDir::Up);
    assert!(rig.grid.held().is_some());
}

/// Time `iters` steps on `state`, in runs of at most `run` steps:
/// `steps(state, k)` does `k` steps under the clock, then `reset(state, k)`
/// puts the state back with the clock stopped.
pub fn timed_runs<S>(
    state: &mut S,
    iters: u64,
    run: u64,
    mut steps: impl FnMut(&mut S, u64),
    mut reset: impl FnMut(&mut S, u64),
) -> Duration {
    let mut total = Duration::ZERO;
    let mut left = iters;
    while left > 0 {
        let k = left.min(run);
        let start = Instant::now();
        steps(state, k);
        total += start.elapsed();
        reset(state, k);
        left -= k;
    }
    total
}

/// A small deterministic hash of a cell, for level contents.
fn cell_hash(x: i32, y: i32, seed: u64) -> u64 {
    let mut z = (x as u32 as u64) << 32 | y as u32 as u64;
    z = z.wrapping_add(seed).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// An `n`×`n` level like a big puzzle: strong walls round the edge, and
/// inside, per cell, about 12% walls, 5% boxes, 3% goals, 2% water and 2%
/// weak walls, the rest floor. The player stands at the centre, and the cell
/// to its left, its own and the two to its right are cleared so the walk
/// (Right, Left, ...) never touches anything but floor. About 25% of the
/// cells hold an entity: 250,000 at 1000×1000.
pub fn level(n: i32) -> LevelDesc {
    assert!(n >= 6, "a level needs room for the walk");
    let c = n / 2;
    let mut entities = Vec::new();
    for y in 0..n {
        for x in 0..n {
            let at = GridPos::new(x, y);
            if x == 0 || y == 0 || x == n - 1 || y == n - 1 {
                entities.push((at, EntityRecipe::WallStrong));
                continue;
            }
            if y == c && (c - 1..=c + 2).contains(&x) {
                if x == c {
                    entities.push((at, EntityRecipe::Player));
                }
                continue;
            }
            let recipe = match cell_hash(x, y, 1) % 100 {
                0..12 => EntityRecipe::WallStrong,
                12..17 => EntityRecipe::Box,
                17..20 => EntityRecipe::Goal,
                20..22 => EntityRecipe::WaterCell,
                22..24 => EntityRecipe::WallWeak,
                _ => continue,
            };
            entities.push((at, recipe));
        }
    }
    LevelDesc {
        width: n,
        height: n,
        entities,
    }
}

/// A [`level`] cut to exactly `count` entities: the smallest level that has
/// at least that many, with the last ones in spawn order (never the player)
/// left out.
pub fn level_with_entities(count: usize) -> LevelDesc {
    let mut n = 6;
    let mut desc = level(n);
    while desc.entities.len() < count {
        n += (n / 8).max(1);
        desc = level(n);
    }
    while desc.entities.len() > count {
        let last = desc
            .entities
            .iter()
            .rposition(|(_, r)| *r != EntityRecipe::Player)
            .expect("an entity that is not the player");
        desc.entities.remove(last);
    }
    desc
}

/// A push corridor, walls above and below and at the far end: the player at
/// x = 1 and a chain of `chain` boxes right after it, with `run` free cells
/// beyond the chain, so `run` pushes Right all succeed.
pub fn corridor(chain: i32, run: i32) -> LevelDesc {
    let width = chain + run + 3;
    let mut entities = Vec::new();
    for y in 0..3 {
        for x in 0..width {
            let at = GridPos::new(x, y);
            if y != 1 || x == 0 || x == width - 1 {
                entities.push((at, EntityRecipe::WallStrong));
            } else if x == 1 {
                entities.push((at, EntityRecipe::Player));
            } else if x < 2 + chain {
                entities.push((at, EntityRecipe::Box));
            }
        }
    }
    LevelDesc {
        width,
        height: 3,
        entities,
    }
}

/// Put the chain and player of a [`corridor`] back after `pushed` pushes
/// Right, in the sim: the player first, then the nearest box first, so each
/// destination is free when something moves into it.
pub fn reset_corridor_sim(rig: &mut Rig, pushed: u64) {
    let (chain, pushed) = (rig.chain, pushed as i32);
    assert_eq!(rig.sim_player_pos(), GridPos::new(1 + pushed, 1));
    rig.world
        .move_to(rig.player, GridPos::new(1, 1))
        .expect("player moves");
    for i in 0..chain {
        let at = GridPos::new(2 + pushed + i, 1);
        let id = rig.world.index().pushable_at(at).expect("chain box");
        rig.world
            .move_to(id, GridPos::new(2 + i, 1))
            .expect("box moves");
    }
}

/// [`reset_corridor_sim`] for the baseline.
pub fn reset_corridor_grid(rig: &mut Rig, pushed: u64) {
    let (chain, pushed) = (rig.chain, pushed as i32);
    assert_eq!(rig.grid.player_pos(), GridPos::new(1 + pushed, 1));
    rig.grid
        .teleport(GridPos::new(1 + pushed, 1), GridPos::new(1, 1));
    for i in 0..chain {
        rig.grid
            .teleport(GridPos::new(2 + pushed + i, 1), GridPos::new(2 + i, 1));
    }
}

/// A strafe corridor, walls all round: two lanes of `lane` entities each at
/// the left end, the item lane (row 1: the item to hold at x = 1, then
/// `lane - 1` boxes) above the player lane (row 2: the player at x = 1, then
/// `lane - 1` boxes), with `run` free cells beyond both, so `run` strafes
/// Right while holding the item all succeed, each pushing both chains.
pub fn strafe_corridor(lane: i32, run: i32) -> LevelDesc {
    assert!(lane >= 1);
    let width = lane + run + 2;
    let mut entities = Vec::new();
    for y in 0..4 {
        for x in 0..width {
            let at = GridPos::new(x, y);
            if y == 0 || y == 3 || x == 0 || x == width - 1 {
                entities.push((at, EntityRecipe::WallStrong));
            } else if y == 2 && x == 1 {
                entities.push((at, EntityRecipe::Player));
            } else if x <= lane {
                entities.push((at, EntityRecipe::Box));
            }
        }
    }
    LevelDesc {
        width,
        height: 4,
        entities,
    }
}

/// Put both lanes of a [`strafe_corridor`] back after `pushed` strafes
/// Right, in the sim (nearest first, so each destination is free).
pub fn reset_strafe_sim(rig: &mut Rig, pushed: u64) {
    let (lane, pushed) = (rig.chain, pushed as i32);
    assert_eq!(rig.sim_player_pos(), GridPos::new(1 + pushed, 2));
    rig.world
        .move_to(rig.player, GridPos::new(1, 2))
        .expect("player moves");
    for (y, first) in [(2, 2), (1, 1)] {
        for x in first..=lane {
            let id = rig
                .world
                .index()
                .pushable_at(GridPos::new(x + pushed, y))
                .expect("lane box");
            rig.world
                .move_to(id, GridPos::new(x, y))
                .expect("box moves");
        }
    }
}

/// [`reset_strafe_sim`] for the baseline.
pub fn reset_strafe_grid(rig: &mut Rig, pushed: u64) {
    let (lane, pushed) = (rig.chain, pushed as i32);
    assert_eq!(rig.grid.player_pos(), GridPos::new(1 + pushed, 2));
    for y in [2, 1] {
        for x in 1..=lane {
            rig.grid
                .teleport(GridPos::new(x + pushed, y), GridPos::new(x, y));
        }
    }
}

/// What stands round the player of a [`swing_station`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Station {
    /// Boxes so that a full turn of four `SwingLeft`s shoves at V and T in
    /// each of the first three swings and at V in the fourth.
    Shove,
    /// Nothing but the held box: swings pass freely.
    Free,
    /// A strong wall at the V of a `SwingLeft` from facing Up.
    Blocked,
}

/// The boxes a full turn of a [`Station::Shove`] moves, as (home, where the
/// turn leaves it): relative to the player, (-1,-1) is shoved Left by the
/// first swing; (-1,0) Down by the first (T) and again by the second (V);
/// (0,1) Right by the second (T) and the third (V); (1,0) Up by the third
/// (T) and the fourth (V). The fourth swing's T, the cell the held box left,
/// is empty: nothing ever pushes into a cell beside the player.
pub const SHOVED: [((i32, i32), (i32, i32)); 4] = [
    ((-1, -1), (-2, -1)),
    ((-1, 0), (-1, 2)),
    ((0, 1), (2, 1)),
    ((1, 0), (1, -2)),
];

/// The player's cell in a [`swing_station`].
pub const STATION_CENTRE: GridPos = GridPos::new(3, 3);

/// The cell `(dx, dy)` from the player of a [`swing_station`].
pub fn station_cell((dx, dy): (i32, i32)) -> GridPos {
    GridPos::new(STATION_CENTRE.x + dx, STATION_CENTRE.y + dy)
}

/// A 7×7 room, strong walls round it, the player at its centre and a box
/// above it to hold, with `station`'s other things round them.
pub fn swing_station(station: Station) -> LevelDesc {
    let mut things = vec![((0, -1), EntityRecipe::Box)];
    match station {
        Station::Shove => things.extend(SHOVED.iter().map(|(home, _)| (*home, EntityRecipe::Box))),
        Station::Free => {}
        Station::Blocked => things.push(((-1, -1), EntityRecipe::WallStrong)),
    }
    let mut entities = Vec::new();
    for y in 0..7 {
        for x in 0..7 {
            let at = GridPos::new(x, y);
            if x == 0 || y == 0 || x == 6 || y == 6 {
                entities.push((at, EntityRecipe::WallStrong));
            } else if at == STATION_CENTRE {
                entities.push((at, EntityRecipe::Player));
            } else if let Some((_, r)) = things.iter().find(|(d, _)| station_cell(*d) == at) {
                entities.push((at, *r));
            }
        }
    }
    LevelDesc {
        width: 7,
        height: 7,
        entities,
    }
}

/// Put the boxes of a [`Station::Shove`] back after a full turn, in the
/// sim.
pub fn reset_station_sim(rig: &mut Rig) {
    for (home, end) in SHOVED {
        let id = rig
            .world
            .index()
            .pushable_at(station_cell(end))
            .expect("shoved box");
        rig.world
            .move_to(id, station_cell(home))
            .expect("box moves");
    }
}

/// [`reset_station_sim`] for the baseline.
pub fn reset_station_grid(rig: &mut Rig) {
    for (home, end) in SHOVED {
        rig.grid.teleport(station_cell(end), station_cell(home));
    }
}

/// The criterion settings of the step and history benches: 50 samples over
/// 2 s after 0.8 s of warm-up, then whatever the command line says.
pub fn config() -> criterion::Criterion {
    criterion::Criterion::default()
        .warm_up_time(Duration::from_millis(800))
        .measurement_time(Duration::from_secs(2))
        .sample_size(50)
        .configure_from_args()
}
