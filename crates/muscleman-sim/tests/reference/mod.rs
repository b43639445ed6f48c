//! A reference model of walk, push, no swimming and sinking, grab, drop,
//! moving while holding, swings and history, written from rules.md §4
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

    /// The quarter turn clockwise (y grows downward: Up, Right, Down, Left).
    pub fn clockwise(self) -> Dir {
        match self {
            Dir::Up => Dir::Right,
            Dir::Right => Dir::Down,
            Dir::Down => Dir::Left,
            Dir::Left => Dir::Up,
        }
    }

    /// The quarter turn counter-clockwise.
    pub fn counter_clockwise(self) -> Dir {
        self.clockwise().clockwise().clockwise()
    }

    /// The way back.
    pub fn back(self) -> Dir {
        self.clockwise().clockwise()
    }

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
    Swing,
}

/// What a step did besides moving things and sinking, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    /// The player took hold of the box in front.
    Grab,
    /// The player let go.
    Release,
    /// A swing carried the held box from F past V to T.
    Swung { from: Pos, via: Pos, to: Pos },
    /// A swing was stopped, at V (`true`) or at T.
    Blocked { via: bool },
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
    /// Whether the player holds the box in front of it.
    pub holding: bool,
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
    /// What else the last command did, in order.
    pub notes: Vec<Note>,
    /// Whether the player may grab, drop and swing.
    pub hands: bool,
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
            holding: false,
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
            notes: Vec::new(),
            hands: true,
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
        self.notes.clear();
        self.last = match cmd {
            Cmd::Key(key) => {
                let before = self.now.clone();
                let moves = match key {
                    Key::Go(dir) if self.now.holding => self.carry(dir),
                    Key::Go(dir) => self.walk(dir),
                    Key::Wait => Vec::new(),
                    _ if !self.hands => Vec::new(),
                    Key::Grab => self.grab(),
                    Key::Drop => self.drop_held(),
                    Key::SwingLeft => self.swing(self.now.facing.counter_clockwise()),
                    Key::SwingRight => self.swing(self.now.facing.clockwise()),
                };
                // rules.md §7: a move is a step in which the player moved,
                // a push one in which something else moved.
                if moves.iter().any(|m| m.cause == Cause::Player) {
                    self.now.moves += 1;
                }
                if moves.iter().any(|m| m.cause != Cause::Player) {
                    self.now.pushes += 1;
                }
                if !moves.is_empty() || self.now.holding != before.holding {
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
        a.board.cells() == b.board.cells()
            && a.player == b.player
            && a.facing == b.facing
            && a.holding == b.holding
    }

    /// rules.md §4, Walk: face `dir`, then step. Returns what moved, far
    /// end first.
    fn walk(&mut self, dir: Dir) -> Vec<Move> {
        self.now.facing = dir;
        self.step_player(dir)
    }

    /// Move the player one cell in `dir` under the walk and push rules,
    /// facing unchanged. Returns what moved, far end first.
    fn step_player(&mut self, dir: Dir) -> Vec<Move> {
        let from = self.now.player;
        let Some(chain) = self.plan_walk(dir) else {
            return Vec::new();
        };
        let mut moves = self.commit(&chain, dir);
        moves.push(self.move_player(from, step(from, dir)));
        moves
    }

    /// Plan the player's step in `dir`: `None` if refused, else the chain
    /// it pushes (maybe none).
    fn plan_walk(&self, dir: Dir) -> Option<Vec<Pos>> {
        let to = step(self.now.player, dir);
        let board = &self.now.board;
        // No swimming.
        if is_water(board.ground(to)) {
            return None;
        }
        if is_pushable(board.thing(to)) {
            return self.plan_chain(to, dir);
        }
        (!blocks(board.thing(to))).then(Vec::new)
    }

    /// Plan a push chain from `start` in `dir`: its cells, nearest first,
    /// or `None` if it cannot move (too long, or blocked beyond).
    fn plan_chain(&self, start: Pos, dir: Dir) -> Option<Vec<Pos>> {
        let board = &self.now.board;
        let mut chain = Vec::new();
        let mut end = start;
        while is_pushable(board.thing(end)) {
            chain.push(end);
            end = step(end, dir);
        }
        if self
            .max_chain
            .is_some_and(|max| chain.len() as u64 > u64::from(max))
        {
            return None;
        }
        (!blocks(board.thing(end))).then_some(chain)
    }

    /// Move a planned chain one cell in `dir`, far end first; heavy boxes
    /// that land on water sink and fill it.
    fn commit(&mut self, chain: &[Pos], dir: Dir) -> Vec<Move> {
        let s = &mut self.now;
        let mut moves = Vec::new();
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
        for &at in chain.iter().rev() {
            let dest = step(at, dir);
            if s.board.thing(dest) == HEAVY && is_water(s.board.ground(dest)) {
                s.board.set_thing(dest, EMPTY);
                s.board.set_ground(dest, BRIDGE);
                self.sank.push(dest);
            }
        }
        moves
    }

    /// Move the player from `from` to `to`.
    fn move_player(&mut self, from: Pos, to: Pos) -> Move {
        let s = &mut self.now;
        s.board.set_thing(from, EMPTY);
        s.board.set_thing(to, PLAYER);
        s.player = to;
        Move {
            what: PLAYER,
            from,
            to,
            cause: Cause::Player,
        }
    }

    /// The cell in front of the player.
    fn front(&self) -> Pos {
        step(self.now.player, self.now.facing)
    }

    /// rules.md §4, Grab: take hold of the box in front.
    fn grab(&mut self) -> Vec<Move> {
        if !self.now.holding && self.now.board.thing(self.front()) == BOX {
            self.now.holding = true;
            self.notes.push(Note::Grab);
        }
        Vec::new()
    }

    /// rules.md §4, Drop: let go.
    fn drop_held(&mut self) -> Vec<Move> {
        if self.now.holding {
            self.now.holding = false;
            self.notes.push(Note::Release);
        }
        Vec::new()
    }

    /// rules.md §4, Moving while holding: forward, backward, sideways.
    fn carry(&mut self, dir: Dir) -> Vec<Move> {
        let (p, f) = (self.now.player, self.now.facing);
        let front = step(p, f);
        if dir == f {
            if is_water(self.now.board.ground(front)) {
                return Vec::new();
            }
            let Some(chain) = self.plan_chain(front, dir) else {
                return Vec::new();
            };
            let mut moves = self.commit(&chain, dir);
            moves.push(self.move_player(p, front));
            moves
        } else if dir == f.back() {
            let mut moves = self.step_player(dir);
            if !moves.is_empty() {
                self.now.board.set_thing(front, EMPTY);
                self.now.board.set_thing(p, BOX);
                moves.push(Move {
                    what: BOX,
                    from: front,
                    to: p,
                    cause: Cause::Push,
                });
            }
            moves
        } else {
            let (Some(item_lane), Some(player_lane)) =
                (self.plan_chain(front, dir), self.plan_walk(dir))
            else {
                return Vec::new();
            };
            let mut moves = self.commit(&item_lane, dir);
            moves.extend(self.commit(&player_lane, dir));
            moves.push(self.move_player(p, step(p, dir)));
            moves
        }
    }

    /// rules.md §4, Swing, towards `to`: with empty hands a turn; else the
    /// V/T scan, the shoves and the box carried from F to T.
    fn swing(&mut self, to: Dir) -> Vec<Move> {
        if !self.now.holding {
            self.now.facing = to;
            return Vec::new();
        }
        let (p, f) = (self.now.player, self.now.facing);
        let (front, via, at_t) = (step(p, f), step(step(p, f), to), step(p, to));
        let board = &self.now.board;
        let blocks_swing = |thing: char| matches!(thing, PLAYER | WALL | BOX | HEAVY);
        let via_plan = if is_pushable(board.thing(via)) {
            self.plan_chain(via, to)
        } else if blocks_swing(board.thing(via)) {
            None
        } else {
            Some(Vec::new())
        };
        let Some(via_plan) = via_plan else {
            self.notes.push(Note::Blocked { via: true });
            return Vec::new();
        };
        let t_plan = if is_pushable(board.thing(at_t)) {
            self.plan_chain(at_t, f.back())
        } else if blocks(board.thing(at_t)) {
            None
        } else {
            Some(Vec::new())
        };
        let Some(t_plan) = t_plan else {
            self.notes.push(Note::Blocked { via: false });
            return Vec::new();
        };
        let mut moves = self.commit(&via_plan, to);
        moves.extend(self.commit(&t_plan, f.back()));
        self.now.board.set_thing(front, EMPTY);
        self.now.board.set_thing(at_t, BOX);
        moves.push(Move {
            what: BOX,
            from: front,
            to: at_t,
            cause: Cause::Swing,
        });
        self.now.facing = to;
        self.notes.push(Note::Swung {
            from: front,
            via,
            to: at_t,
        });
        moves
    }
}
