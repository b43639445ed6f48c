//! The sim against a small reference model of floors (rules.md §4
//! "Floors", environment step 0 "Stairs", §5 invariant 9), written from the
//! rule book alone and sharing no code with the sim: a map from
//! `(floor, x, y)` to characters, whole states on an undo stack.
//!
//! Random levels of one to three floors (walls, boxes, goals, red plates
//! and red doors, stairs paired across floors, boxes on stairs, the player
//! on any floor) are played with random moves, grabs, drops and undos, in a `Game` and
//! in the model side by side; after every command the two must agree on
//! every floor's things and open doors, the player's floor, cell, facing
//! and hands, the floor changes the step reported, and solved or not. The
//! model knows walking, push chains of any length, grab and drop, moving
//! while holding (forward, backward, both lanes sideways), the stairs rule
//! with a carried item (taken along, or let go when its cell upstairs is
//! taken; the player stays when the landing is taken), plates and doors
//! that belong to the whole level (a held box presses nothing), and undo.
//! (Swings, keys, water and the other rules are the main reference
//! model's, `reference_model.rs`, which plays one floor.)

mod common;

use std::collections::{BTreeMap, BTreeSet};

use muscleman_core::{GridDir, Input, LevelTransition};
use muscleman_level::Level;
use muscleman_sim::{Command, Facing, Game, Holding, Rules, TagKind};
use proptest::prelude::*;

/// A cell: `(floor, x, y)`, floors from 1.
type At = (u32, i32, i32);

const WALL: char = '#';
const BOX: char = '$';
const PLAYER: char = '@';
const GOAL: char = '.';
const PLATE: char = 'p';
const DOOR: char = 'R';
const UP: char = 'u';
const DOWN: char = 'd';

/// Everything undo restores.
#[derive(Clone, Debug, PartialEq, Eq)]
struct State {
    /// What stands in each cell: a wall, a box or the player.
    things: BTreeMap<At, char>,
    player: At,
    facing: GridDir,
    /// Whether the player holds the box in front of it (rules.md §5, 6:
    /// a held item is always at F).
    holding: bool,
    /// The doors standing open.
    open: BTreeSet<At>,
}

impl State {
    /// The state but the player's facing: what makes an undo step.
    fn beyond_facing(&self) -> (&BTreeMap<At, char>, At, bool, &BTreeSet<At>) {
        (&self.things, self.player, self.holding, &self.open)
    }

    /// F, the cell in front of the player.
    fn front(&self) -> At {
        ahead(self.player, self.facing)
    }
}

/// One command of the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cmd {
    Go(GridDir),
    Grab,
    Drop,
    Undo,
}

/// The model: the fixed ground of every floor, the state, its history.
#[derive(Clone, Debug)]
struct Model {
    /// Goals, plates, doors and stairs, which never move.
    ground: BTreeMap<At, char>,
    floors: u32,
    now: State,
    undo: Vec<State>,
    /// The state before the turns made while no undo step was left: the
    /// next undo step takes them back too (rules.md §4 History).
    turned_from: Option<State>,
}

fn delta(d: GridDir) -> (i32, i32) {
    match d {
        GridDir::Up => (0, -1),
        GridDir::Right => (1, 0),
        GridDir::Down => (0, 1),
        GridDir::Left => (-1, 0),
    }
}

fn back(d: GridDir) -> GridDir {
    match d {
        GridDir::Up => GridDir::Down,
        GridDir::Right => GridDir::Left,
        GridDir::Down => GridDir::Up,
        GridDir::Left => GridDir::Right,
    }
}

/// The cell next to `at` in direction `d`, on the same floor.
fn ahead((f, x, y): At, d: GridDir) -> At {
    let (dx, dy) = delta(d);
    (f, x + dx, y + dy)
}

impl Model {
    fn ground(&self, at: At) -> Option<char> {
        self.ground.get(&at).copied()
    }

    /// Whether something in `at` stops a walk or a chain: a thing, or a
    /// closed door.
    fn blocks(&self, s: &State, at: At) -> bool {
        s.things.contains_key(&at) || (self.ground(at) == Some(DOOR) && !s.open.contains(&at))
    }

    /// The push chain from `start` in `d` (the boxes in a row), if the
    /// cell beyond it lets it move: its cells, nearest first.
    fn chain(&self, s: &State, start: At, d: GridDir) -> Option<Vec<At>> {
        let mut cells = Vec::new();
        let mut at = start;
        while s.things.get(&at) == Some(&BOX) {
            cells.push(at);
            at = ahead(at, d);
        }
        (!self.blocks(s, at)).then_some(cells)
    }

    /// Move the boxes of a chain one cell in `d`, far end first.
    fn shove(s: &mut State, cells: &[At], d: GridDir) {
        for &at in cells.iter().rev() {
            s.things.remove(&at);
            s.things.insert(ahead(at, d), BOX);
        }
    }

    /// A walk from the player's cell in `d` (rules.md §4 Walk): the chain
    /// in front pushed, or nothing that blocks; `None` if refused.
    fn walk_plan(&self, s: &State, d: GridDir) -> Option<Vec<At>> {
        let to = ahead(s.player, d);
        if s.things.get(&to) == Some(&BOX) {
            self.chain(s, to, d)
        } else if self.blocks(s, to) {
            None
        } else {
            Some(Vec::new())
        }
    }

    fn move_player(s: &mut State, to: At) {
        s.things.remove(&s.player);
        s.things.insert(to, PLAYER);
        s.player = to;
    }

    /// The player's action for a move; return whether the player moved.
    fn go(&self, s: &mut State, d: GridDir) -> bool {
        if !s.holding {
            s.facing = d;
            let Some(chain) = self.walk_plan(s, d) else {
                return false;
            };
            Self::shove(s, &chain, d);
            Self::move_player(s, ahead(s.player, d));
            return true;
        }
        let (f, front) = (s.facing, s.front());
        if d == f {
            // Forward: a chain with the held item first.
            let Some(chain) = self.chain(s, front, d) else {
                return false;
            };
            Self::shove(s, &chain, d);
            Self::move_player(s, front);
        } else if d == back(f) {
            // Backward: a walk, and the item follows into the player's cell.
            let Some(chain) = self.walk_plan(s, d) else {
                return false;
            };
            let from = s.player;
            Self::shove(s, &chain, d);
            Self::move_player(s, ahead(from, d));
            s.things.remove(&front);
            s.things.insert(from, BOX);
        } else {
            // Sideways: the item lane and the player lane, both or neither.
            let (Some(items), Some(walk)) = (self.chain(s, front, d), self.walk_plan(s, d)) else {
                return false;
            };
            Self::shove(s, &items, d);
            Self::shove(s, &walk, d);
            Self::move_player(s, ahead(s.player, d));
        }
        true
    }

    /// Stairs (environment step 0); return the floor change.
    fn climb(&self, s: &mut State) -> Option<(u32, u32)> {
        let (f, x, y) = s.player;
        let to = match self.ground(s.player) {
            Some(UP) => f + 1,
            Some(DOWN) => f - 1,
            _ => return None,
        };
        let there = (to, x, y);
        if self.blocks(s, there) {
            return None;
        }
        if s.holding {
            let front = s.front();
            let (_, fx, fy) = front;
            let next = (to, fx, fy);
            if self.blocks(s, next) {
                s.holding = false;
            } else {
                s.things.remove(&front);
                s.things.insert(next, BOX);
            }
        }
        Self::move_player(s, there);
        Some((f, to))
    }

    /// Plates and doors (rules.md §4 environment 4 and 5), over every
    /// floor: a plate is pressed by a thing that is not held.
    fn settle(&self, s: &mut State) {
        let held = s.holding.then(|| s.front());
        let plates: Vec<At> = self
            .ground
            .iter()
            .filter(|(_, g)| **g == PLATE)
            .map(|(at, _)| *at)
            .collect();
        let all_pressed = !plates.is_empty()
            && plates
                .iter()
                .all(|p| s.things.contains_key(p) && held != Some(*p));
        for (&at, &g) in &self.ground {
            if g != DOOR {
                continue;
            }
            if all_pressed {
                s.open.insert(at);
            } else if !s.things.contains_key(&at) {
                s.open.remove(&at);
            }
        }
    }

    /// One command; return the floor change a step made, if any.
    fn apply(&mut self, cmd: Cmd) -> Option<(u32, u32)> {
        let mut s = self.now.clone();
        let mut climbed = None;
        match cmd {
            Cmd::Undo => {
                // Turns made while no undo step was left wait for the next
                // one, whatever undo finds to do (it finds nothing then).
                if let Some(before) = self.undo.pop() {
                    self.now = before;
                }
                return None;
            }
            Cmd::Go(d) => {
                if self.go(&mut s, d) {
                    climbed = self.climb(&mut s);
                }
            }
            Cmd::Grab => {
                if !s.holding && s.things.get(&s.front()) == Some(&BOX) {
                    s.holding = true;
                }
            }
            Cmd::Drop => s.holding = false,
        }
        self.settle(&mut s);
        if s.beyond_facing() != self.now.beyond_facing() {
            let before = std::mem::replace(&mut self.now, s);
            let before = match self.turned_from.take() {
                Some(first) if self.undo.is_empty() => first,
                _ => before,
            };
            self.undo.push(before);
        } else {
            if self.undo.is_empty() && s.facing != self.now.facing {
                self.turned_from.get_or_insert_with(|| self.now.clone());
            }
            self.now = s;
        }
        climbed
    }

    fn solved(&self) -> bool {
        let goals: Vec<At> = self
            .ground
            .iter()
            .filter(|(_, g)| **g == GOAL)
            .map(|(at, _)| *at)
            .collect();
        !goals.is_empty() && goals.iter().all(|g| self.now.things.get(g) == Some(&BOX))
    }
}

/// A random level: floors of random cells, stairs paired across them, one
/// player; written in the level format, with the model of it.
#[derive(Clone, Debug)]
struct Layout {
    floors: Vec<Vec<Vec<(char, char)>>>,
    stairs: Vec<(usize, usize, usize, bool)>,
    player: (usize, usize, usize),
}

fn layout() -> impl Strategy<Value = Layout> {
    let cell = prop_oneof![
        8 => Just((' ', ' ')),
        1 => Just((WALL, ' ')),
        2 => Just((BOX, ' ')),
        1 => Just((' ', GOAL)),
        1 => Just((BOX, GOAL)),
        1 => Just((' ', PLATE)),
        1 => Just((BOX, PLATE)),
        1 => Just((' ', DOOR)),
    ];
    let floor = (3usize..7, 3usize..6).prop_flat_map(move |(w, h)| {
        prop::collection::vec(prop::collection::vec(cell.clone(), w), h)
    });
    (1usize..4)
        .prop_flat_map(move |n| prop::collection::vec(floor.clone(), n))
        .prop_flat_map(|floors| {
            let n = floors.len();
            // Stairs and the player near the top left, where every floor
            // has cells, so that they meet often.
            let stairs = prop::collection::vec((0..n, 0usize..4, 0usize..3, any::<bool>()), 1..8);
            let player = (0..n, 0usize..4, 0usize..3);
            (Just(floors), stairs, player)
        })
        .prop_map(|(floors, stairs, player)| Layout {
            floors,
            stairs,
            player,
        })
}

/// The level text and the model of a layout, or `None` when the layout
/// makes no valid level (stairs out of a floor, say).
fn build(l: &Layout) -> Option<(String, Model)> {
    let mut floors = l.floors.clone();
    let n = floors.len();
    let mut ground_extra: BTreeMap<(usize, usize, usize), char> = BTreeMap::new();
    // Stairs from floor k to k + 1 at a cell both have; `box_on` puts a box
    // on the lower end.
    for &(k, x, y, box_on) in &l.stairs {
        if k + 1 >= n {
            continue;
        }
        let fits = |f: usize| floors[f].get(y).is_some_and(|row| x < row.len());
        if !fits(k) || !fits(k + 1) {
            continue;
        }
        floors[k][y][x] = (if box_on { BOX } else { ' ' }, ' ');
        floors[k + 1][y][x] = (' ', ' ');
        ground_extra.insert((k, x, y), UP);
        ground_extra.insert((k + 1, x, y), DOWN);
    }
    let (pf, px, py) = l.player;
    let (pf, px, py) = (pf.min(n - 1), px, py);
    if floors[pf].get(py).is_none_or(|row| px >= row.len()) {
        return None;
    }
    if floors[pf][py][px].0 == BOX || floors[pf][py][px].1 == DOOR {
        floors[pf][py][px].1 = if floors[pf][py][px].1 == DOOR {
            ' '
        } else {
            floors[pf][py][px].1
        };
    }
    floors[pf][py][px].0 = PLAYER;
    let mut text = String::from(
        "legend: u = StairsUp\nlegend: d = StairsDown\nlegend: U = StairsUp Box\n\
         legend: D = StairsUp Player\nlegend: E = StairsDown Player\nlegend: p = PressurePlateRed\n\
         legend: P = PressurePlateRed Box\nlegend: q = PressurePlateRed Player\nlegend: R = DoorRed\n",
    );
    let mut ground = BTreeMap::new();
    let mut things = BTreeMap::new();
    let mut player = None;
    for (f, rows) in floors.iter().enumerate() {
        text.push_str("floor:\n");
        for (y, row) in rows.iter().enumerate() {
            let mut line = String::new();
            for (x, &(thing, g)) in row.iter().enumerate() {
                let g = ground_extra.get(&(f, x, y)).copied().unwrap_or(g);
                let at = (f as u32 + 1, x as i32, y as i32);
                if g != ' ' {
                    ground.insert(at, g);
                }
                if thing != ' ' {
                    things.insert(at, thing);
                }
                if thing == PLAYER {
                    player = Some(at);
                }
                line.push(match (thing, g) {
                    (' ', ' ') => '-',
                    (t, ' ') => t,
                    (' ', GOAL) => '.',
                    (BOX, GOAL) => '*',
                    (PLAYER, GOAL) => '+',
                    (' ', UP) => 'u',
                    (BOX, UP) => 'U',
                    (PLAYER, UP) => 'D',
                    (' ', DOWN) => 'd',
                    (PLAYER, DOWN) => 'E',
                    (' ', PLATE) => 'p',
                    (BOX, PLATE) => 'P',
                    (PLAYER, PLATE) => 'q',
                    (' ', DOOR) => 'R',
                    _ => return None,
                });
            }
            text.push_str(&line);
            text.push('\n');
        }
    }
    let mut model = Model {
        ground,
        floors: n as u32,
        now: State {
            things,
            player: player?,
            facing: GridDir::Down,
            holding: false,
            open: BTreeSet::new(),
        },
        undo: Vec::new(),
        turned_from: None,
    };
    let mut start = model.now.clone();
    model.settle(&mut start);
    model.now = start;
    Some((text, model))
}

/// The sim's picture in the model's terms: things, the player, open doors.
fn picture(game: &Game) -> State {
    let world = game.world();
    let mut things = BTreeMap::new();
    let mut open = BTreeSet::new();
    let mut player = None;
    for id in world.entities() {
        let Ok((f, at)) = world.place(id) else {
            continue;
        };
        let at = (f, at.x, at.y);
        let tags = world.tags(id).unwrap();
        if tags.contains(TagKind::Player) {
            things.insert(at, PLAYER);
            player = Some(at);
        } else if tags.contains(TagKind::WallStrong) {
            things.insert(at, WALL);
        } else if tags.contains(TagKind::Pushable) {
            things.insert(at, BOX);
        } else if tags.contains(TagKind::DoorOpen) {
            open.insert(at);
        }
    }
    let player_id = game.player();
    State {
        things,
        player: player.unwrap(),
        facing: world.get::<Facing>(player_id).unwrap().0,
        holding: world.get::<Holding>(player_id).unwrap().0.is_some(),
        open,
    }
}

fn command() -> impl Strategy<Value = Cmd> {
    prop_oneof![
        12 => prop::sample::select(GridDir::ALL.to_vec()).prop_map(Cmd::Go),
        2 => Just(Cmd::Grab),
        1 => Just(Cmd::Drop),
        3 => Just(Cmd::Undo),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_sim_plays_floors_like_the_model(
        l in layout(),
        commands in prop::collection::vec(command(), 20..60),
    ) {
        let Some((text, mut model)) = build(&l) else {
            return Ok(());
        };
        let level = match Level::parse(&text) {
            Ok(level) => level,
            // A layout the level format refuses (a box on a door...).
            Err(_) => return Ok(()),
        };
        let mut game = Game::new(&level, Rules::MUSCLEMAN).unwrap();
        prop_assert_eq!(game.world().floor_count(), model.floors);
        prop_assert_eq!(picture(&game), model.now.clone(), "at load\n{}", text);
        for (i, &c) in commands.iter().enumerate() {
            let command = match c {
                Cmd::Go(d) => Command::Step(Input::Move(d)),
                Cmd::Grab => Command::Step(Input::Grab),
                Cmd::Drop => Command::Step(Input::Drop),
                Cmd::Undo => Command::Undo,
            };
            let events = game.apply(command).unwrap();
            let climbed: Vec<(u32, u32)> = events
                .of::<LevelTransition>()
                .map(|t| (t.from_floor, t.to_floor))
                .collect();
            let expected: Vec<(u32, u32)> = model.apply(c).into_iter().collect();
            prop_assert_eq!(climbed, expected, "command {} {:?}\n{}", i, c, text);
            // A step's `Moved` events speak the floor's own cells: one cell
            // each, ending where the entity stands (in an undo, where it
            // was put back to), on the floor it is on.
            if c != Cmd::Undo {
                for m in events.of::<muscleman_core::Moved>() {
                    let (_, at) = game.world().place(m.entity).unwrap();
                    prop_assert_eq!(m.to, at, "command {} {:?}\n{}", i, c, text);
                    let d = (m.to.x - m.from.x).abs() + (m.to.y - m.from.y).abs();
                    prop_assert_eq!(d, 1, "command {} {:?}\n{}", i, c, text);
                }
            }
            common::assert_invariants(game.world());
            prop_assert_eq!(
                picture(&game),
                model.now.clone(),
                "after command {} {:?}\n{}",
                i,
                c,
                text
            );
            prop_assert_eq!(game.player_floor(), model.now.player.0);
            prop_assert_eq!(game.is_solved(), model.solved());
        }
    }
}
