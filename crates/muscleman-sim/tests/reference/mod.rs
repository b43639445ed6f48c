//! A reference model of walk, push and history, written from rules.md §4
//! alone, on a plain character grid.
//!
//! It shares no code with the sim (not even `muscleman-core`): positions
//! are `(x, y)` pairs, the board is two layers of characters, and history is
//! a stack of whole boards. It is deliberately slow and obvious, so that when
//! it and the sim disagree, the sim is the suspect.
//!
//! The board's layers:
//!
//! | layer | characters |
//! | --- | --- |
//! | thing (at most one per cell) | `@` player, `#` wall, `%` weak wall, `$` box, `&` heavy box, space nothing |
//! | ground | `.` goal, `~` water, `:` water and goal, `=` water a sunk heavy box fills, space plain floor |
//!
//! Outside the rows it holds, the board is empty floor; writing there grows it.

#![allow(
    dead_code,
    reason = "each test binary uses a different subset of the model"
)]

use std::collections::BTreeMap;
use std::fmt;

/// Nothing stands in the cell (the thing layer) or plain floor (the ground layer).
pub const EMPTY: char = ' ';
/// The player.
pub const PLAYER: char = '@';
/// A strong wall.
pub const WALL: char = '#';
/// A weak wall.
pub const WEAK_WALL: char = '%';
/// A box.
pub const BOX: char = '$';
/// A heavy box.
pub const HEAVY: char = '&';
/// A goal.
pub const GOAL: char = '.';
/// Water.
pub const WATER: char = '~';
/// Water on a goal.
pub const WATER_GOAL: char = ':';
/// Water filled by a sunk heavy box: walkable floor.
pub const BRIDGE: char = '=';

/// A direction; y grows downward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dir {
    Up,
    Right,
    Down,
    Left,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Right, Dir::Down, Dir::Left];

    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::Up => (0, -1),
            Dir::Right => (1, 0),
            Dir::Down => (0, 1),
            Dir::Left => (-1, 0),
        }
    }
}

/// A cell coordinate, `(x, y)`.
pub type Pos = (i32, i32);

fn step(p: Pos, d: Dir) -> Pos {
    let (dx, dy) = d.delta();
    (p.0 + dx, p.1 + dy)
}

/// What the player does in one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    Go(Dir),
    Wait,
    Grab,
    Drop,
    SwingLeft,
    SwingRight,
}

/// One command to a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmd {
    Key(Key),
    Undo,
    Redo,
    Restart,
}

/// Why a thing moved in a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    Player,
    Push,
}

/// One thing moving one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub what: char,
    pub from: Pos,
    pub to: Pos,
    pub cause: Cause,
}

/// Two layers of characters over a growable rectangle.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    /// The coordinates of `things[0][0]`.
    left: i32,
    top: i32,
    things: Vec<Vec<char>>,
    ground: Vec<Vec<char>>,
}

impl Board {
    /// An empty board.
    pub fn new() -> Board {
        Board {
            left: 0,
            top: 0,
            things: Vec::new(),
            ground: Vec::new(),
        }
    }

    fn slot(&self, p: Pos) -> Option<(usize, usize)> {
        let x = usize::try_from(p.0 - self.left).ok()?;
        let y = usize::try_from(p.1 - self.top).ok()?;
        let row = self.things.get(y)?;
        (x < row.len()).then_some((x, y))
    }

    /// The thing at `p`, or [`EMPTY`].
    pub fn thing(&self, p: Pos) -> char {
        self.slot(p).map_or(EMPTY, |(x, y)| self.things[y][x])
    }

    /// The ground at `p`, or [`EMPTY`].
    pub fn ground(&self, p: Pos) -> char {
        self.slot(p).map_or(EMPTY, |(x, y)| self.ground[y][x])
    }

    fn width(&self) -> i32 {
        self.things.first().map_or(0, |row| row.len() as i32)
    }

    fn height(&self) -> i32 {
        self.things.len() as i32
    }

    /// Grow the rectangle until it holds `p`.
    fn grow_to(&mut self, p: Pos) {
        if self.things.is_empty() {
            self.left = p.0;
            self.top = p.1;
            self.things.push(vec![EMPTY]);
            self.ground.push(vec![EMPTY]);
        }
        while p.0 < self.left {
            for row in self.things.iter_mut().chain(self.ground.iter_mut()) {
                row.insert(0, EMPTY);
            }
            self.left -= 1;
        }
        while p.0 >= self.left + self.width() {
            for row in self.things.iter_mut().chain(self.ground.iter_mut()) {
                row.push(EMPTY);
            }
        }
        while p.1 < self.top {
            let blank = vec![EMPTY; self.width() as usize];
            self.things.insert(0, blank.clone());
            self.ground.insert(0, blank);
            self.top -= 1;
        }
        while p.1 >= self.top + self.height() {
            let blank = vec![EMPTY; self.width() as usize];
            self.things.push(blank.clone());
            self.ground.push(blank);
        }
    }

    /// Put `thing` at `p`.
    pub fn set_thing(&mut self, p: Pos, thing: char) {
        self.grow_to(p);
        if let Some((x, y)) = self.slot(p) {
            self.things[y][x] = thing;
        }
    }

    /// Put `ground` at `p`.
    pub fn set_ground(&mut self, p: Pos, ground: char) {
        self.grow_to(p);
        if let Some((x, y)) = self.slot(p) {
            self.ground[y][x] = ground;
        }
    }

    /// Every cell that holds something, as `(thing, ground)`.
    pub fn cells(&self) -> BTreeMap<Pos, (char, char)> {
        let mut out = BTreeMap::new();
        for (y, (things, ground)) in self.things.iter().zip(&self.ground).enumerate() {
            for (x, (&t, &g)) in things.iter().zip(ground).enumerate() {
                if t != EMPTY || g != EMPTY {
                    out.insert((self.left + x as i32, self.top + y as i32), (t, g));
                }
            }
        }
        out
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

/// Print a map of cells as a grid, things over ground, from its top-left.
pub fn picture(cells: &BTreeMap<Pos, (char, char)>) -> String {
    let Some(min_x) = cells.keys().map(|p| p.0).min() else {
        return "(empty)\n".to_owned();
    };
    let max_x = cells.keys().map(|p| p.0).max().unwrap_or(min_x);
    let min_y = cells.keys().map(|p| p.1).min().unwrap_or(0);
    let max_y = cells.keys().map(|p| p.1).max().unwrap_or(min_y);
    let mut out = format!("(top-left at ({min_x}, {min_y}))\n");
    for y in min_y..=max_y {
        let mut line = String::new();
        for x in min_x..=max_x {
            let (t, g) = cells.get(&(x, y)).copied().unwrap_or((EMPTY, EMPTY));
            line.push(match (t, g) {
                (EMPTY, g) => g,
                (PLAYER, GOAL) => '+',
                (BOX, GOAL) => '*',
                (t, _) => t,
            });
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\n{}", picture(&self.cells()))
    }
}

/// Everything undo restores: the board, the player, its facing and the counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub board: Board,
    pub player: Pos,
    pub facing: Dir,
    /// Steps in which the player moved.
    pub moves: u32,
    /// Steps in which a chain was pushed.
    pub pushes: u32,
}

/// What one command did, as the model sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing has happened yet.
    Start,
    /// A step: these things moved, far end first, the player last (empty:
    /// refused or a no-op).
    Step(Vec<Move>),
    /// Undo went back one undo step (`true`) or had nothing to undo.
    Undo(bool),
    /// Redo went forward one undo step (`true`) or had nothing to redo.
    Redo(bool),
    /// Restart went back to the start; `true` when it was an undo step.
    Restart(bool),
}

/// The model: the game now, its start, and history as stacks of whole states.
#[derive(Clone, Debug)]
pub struct Model {
    pub now: State,
    pub initial: State,
    /// States to go back to, each with whether a restart left it.
    pub undo: Vec<(State, bool)>,
    /// Undone states, each with whether a restart left the state before it.
    pub redo: Vec<(State, bool)>,
    /// Longest chain the player can push; `None` is unlimited.
    pub max_chain: Option<u32>,
    /// What the last command did.
    pub last: Effect,
    /// Where heavy boxes sank in the last command, in the order they did.
    pub sank: Vec<Pos>,
}

fn is_pushable(thing: char) -> bool {
    thing == BOX || thing == HEAVY
}

/// Water nothing fills: the player cannot enter it.
fn is_water(ground: char) -> bool {
    ground == WATER || ground == WATER_GOAL
}

fn blocks(thing: char) -> bool {
    matches!(thing, PLAYER | WALL | WEAK_WALL | BOX | HEAVY)
}

impl Model {
    /// Start a game on `board`, whose player stands at `player`, facing down.
    pub fn new(board: Board, player: Pos, max_chain: Option<u32>) -> Model {
        assert_eq!(
            board.thing(player),
            PLAYER,
            "the player is not on the board"
        );
        let initial = State {
            board,
            player,
            facing: Dir::Down,
            moves: 0,
            pushes: 0,
        };
        Model {
            now: initial.clone(),
            initial,
            undo: Vec::new(),
            redo: Vec::new(),
            max_chain,
            last: Effect::Start,
            sank: Vec::new(),
        }
    }

    /// Apply one command and remember what it did in `last`.
    pub fn apply(&mut self, cmd: Cmd) {
        // rules.md §4, History: a step that changes more than Facing is an
        // undo step and clears the redo list; a turn or a bump keeps it.
        // Turns made while there is nothing to undo join the first undo
        // step, so undoing everything gives back the very start; a restart
        // gives back the position it left, Facing included.
        self.sank.clear();
        self.last = match cmd {
            Cmd::Key(key) => {
                let before = self.now.clone();
                let moves = match key {
                    Key::Go(dir) => self.walk(dir),
                    _ => Vec::new(),
                };
                if !moves.is_empty() {
                    self.redo.clear();
                    let snapshot = if self.undo.is_empty() {
                        self.initial.clone()
                    } else {
                        before
                    };
                    self.undo.push((snapshot, false));
                }
                Effect::Step(moves)
            }
            Cmd::Undo => match self.undo.pop() {
                Some((earlier, by_restart)) => {
                    let now = std::mem::replace(&mut self.now, earlier);
                    self.redo.push((now, by_restart));
                    Effect::Undo(true)
                }
                None => Effect::Undo(false),
            },
            Cmd::Redo => match self.redo.pop() {
                Some((later, by_restart)) => {
                    let now = std::mem::replace(&mut self.now, later);
                    let snapshot = if self.undo.is_empty() && !by_restart {
                        self.initial.clone()
                    } else {
                        now
                    };
                    self.undo.push((snapshot, by_restart));
                    Effect::Redo(true)
                }
                None => Effect::Redo(false),
            },
            Cmd::Restart => {
                let undo_step = !self.same_place(&self.now.clone(), &self.initial.clone());
                if undo_step {
                    self.redo.clear();
                    let now = std::mem::replace(&mut self.now, self.initial.clone());
                    self.undo.push((now, true));
                }
                Effect::Restart(undo_step)
            }
        };
    }

    /// Return whether two states have the same things on the same cells,
    /// player and facing (however far the board has grown).
    fn same_place(&self, a: &State, b: &State) -> bool {
        a.board.cells() == b.board.cells() && a.player == b.player && a.facing == b.facing
    }

    /// rules.md §4, Walk and Push chain. Returns what moved, far end first.
    fn walk(&mut self, dir: Dir) -> Vec<Move> {
        let s = &mut self.now;
        s.facing = dir;
        let from = s.player;
        let to = step(from, dir);
        let mut moves = Vec::new();
        // No swimming.
        if is_water(s.board.ground(to)) {
            return moves;
        }
        if is_pushable(s.board.thing(to)) {
            let mut chain = Vec::new();
            let mut end = to;
            while is_pushable(s.board.thing(end)) {
                chain.push(end);
                end = step(end, dir);
            }
            if self
                .max_chain
                .is_some_and(|max| chain.len() as u64 > u64::from(max))
            {
                return moves;
            }
            if blocks(s.board.thing(end)) {
                return moves;
            }
            for &at in chain.iter().rev() {
                let what = s.board.thing(at);
                let dest = step(at, dir);
                s.board.set_thing(dest, what);
                s.board.set_thing(at, EMPTY);
                moves.push(Move {
                    what,
                    from: at,
                    to: dest,
                    cause: Cause::Push,
                });
            }
            // A heavy box that lands on water sinks and fills it, in the
            // order the chain moved (far end first).
            for &at in chain.iter().rev() {
                let dest = step(at, dir);
                if s.board.thing(dest) == HEAVY && is_water(s.board.ground(dest)) {
                    s.board.set_thing(dest, EMPTY);
                    s.board.set_ground(dest, BRIDGE);
                    self.sank.push(dest);
                }
            }
            s.pushes += 1;
        } else if blocks(s.board.thing(to)) {
            return moves;
        }
        s.board.set_thing(from, EMPTY);
        s.board.set_thing(to, PLAYER);
        s.player = to;
        s.moves += 1;
        moves.push(Move {
            what: PLAYER,
            from,
            to,
            cause: Cause::Player,
        });
        moves
    }
}
