//! The sim against a small reference model of floors (rules.md §4
//! "Floors", environment step 0 "Stairs", §5 invariant 9), written from the
//! rule book alone and sharing no code with the sim: a map from
//! `(floor, x, y)` to characters, whole states on an undo stack.
//!
//! Random levels of one to three floors (walls, boxes, goals, red plates
//! and red doors, stairs paired across floors, boxes on stairs, the player
//! on any floor) are played with random moves and undos, in a `Game` and
//! in the model side by side; after every command the two must agree on
//! every floor's things and open doors, the player's floor and cell, the
//! floor changes the step reported, and solved or not. The model knows
//! walking, push chains of any length, the stairs rule, plates and doors
//! that belong to the whole level, and undo. (The hands, water and the
//! other rules are the main reference model's, `reference_model.rs`, which
//! plays one floor.)

mod common;

use std::collections::{BTreeMap, BTreeSet};

use muscleman_core::{GridDir, Input, LevelTransition};
use muscleman_level::Level;
use muscleman_sim::{Command, Game, Rules, TagKind};
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
    /// The doors standing open.
    open: BTreeSet<At>,
}

/// The model: the fixed ground of every floor, the state, its history.
#[derive(Clone, Debug)]
struct Model {
    /// Goals, plates, doors and stairs, which never move.
    ground: BTreeMap<At, char>,
    floors: u32,
    now: State,
    undo: Vec<State>,
}

fn delta(d: GridDir) -> (i32, i32) {
    match d {
        GridDir::Up => (0, -1),
        GridDir::Right => (1, 0),
        GridDir::Down => (0, 1),
        GridDir::Left => (-1, 0),
    }
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

    /// Plates and doors (rules.md §4 environment 4 and 5), over every floor.
    fn settle(&self, s: &mut State) {
        let plates: Vec<At> = self
            .ground
            .iter()
            .filter(|(_, g)| **g == PLATE)
            .map(|(at, _)| *at)
            .collect();
        let all_pressed = !plates.is_empty() && plates.iter().all(|p| s.things.contains_key(p));
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

    /// One move; return the floor change it made, if any.
    fn step(&mut self, d: GridDir) -> Option<(u32, u32)> {
        let mut s = self.now.clone();
        let (dx, dy) = delta(d);
        let (f, x, y) = s.player;
        let to = (f, x + dx, y + dy);
        let mut moved = false;
        if s.things.get(&to) == Some(&BOX) {
            let mut end = to;
            while s.things.get(&end) == Some(&BOX) {
                end = (f, end.1 + dx, end.2 + dy);
            }
            if !self.blocks(&s, end) {
                // Far end first: each box to the cell beyond.
                let mut at = end;
                while at != to {
                    let from = (f, at.1 - dx, at.2 - dy);
                    s.things.remove(&from);
                    s.things.insert(at, BOX);
                    at = from;
                }
                moved = true;
            }
        } else if !self.blocks(&s, to) {
            moved = true;
        }
        let mut climbed = None;
        if moved {
            s.things.remove(&s.player);
            s.things.insert(to, PLAYER);
            s.player = to;
            // Stairs: the same cell one floor up or down, if nothing
            // blocks it there.
            let target = match self.ground(to) {
                Some(UP) => Some(f + 1),
                Some(DOWN) => Some(f - 1),
                _ => None,
            };
            if let Some(g) = target {
                let there = (g, to.1, to.2);
                if !self.blocks(&s, there) {
                    s.things.remove(&to);
                    s.things.insert(there, PLAYER);
                    s.player = there;
                    climbed = Some((f, g));
                }
            }
        }
        self.settle(&mut s);
        if s != self.now {
            self.undo.push(std::mem::replace(&mut self.now, s));
        }
        climbed
    }

    fn undo(&mut self) {
        if let Some(s) = self.undo.pop() {
            self.now = s;
        }
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
            open: BTreeSet::new(),
        },
        undo: Vec::new(),
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
    State {
        things,
        player: player.unwrap(),
        open,
    }
}

fn command() -> impl Strategy<Value = Option<GridDir>> {
    prop_oneof![
        8 => prop::sample::select(GridDir::ALL.to_vec()).prop_map(Some),
        2 => Just(None),
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
        for (i, c) in commands.iter().enumerate() {
            match c {
                Some(d) => {
                    let events = game.apply(Command::Step(Input::Move(*d))).unwrap();
                    let climbed: Vec<(u32, u32)> = events
                        .of::<LevelTransition>()
                        .map(|t| (t.from_floor, t.to_floor))
                        .collect();
                    let expected: Vec<(u32, u32)> = model.step(*d).into_iter().collect();
                    prop_assert_eq!(climbed, expected, "command {} {:?}\n{}", i, d, text);
                }
                None => {
                    game.apply(Command::Undo).unwrap();
                    model.undo();
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
