//! A reference model of walk, push, no swimming and sinking, grab, drop,
//! moving while holding, swings, the hammer, keys, doors, plates,
//! collectibles, floors and stairs, ducks, cauldrons and bongs, the bump,
//! ghosts and books, and history, written from rules.md §3–§5 (version 4) alone, on plain
//! character grids: one board per floor, the player's floor the one every
//! rule but the stairs, the ducks, the brew and the doors' plates looks at.
//!
//! It shares no code with the sim (not even `muscleman-core`): positions
//! are `(x, y)` pairs, the board is five layers of characters, and history
//! is a stack of whole boards. It is deliberately slow and obvious (the
//! environment phase looks at every cell of the board in every step), so
//! that when it and the sim disagree, the sim is the suspect.
//!
//! The board's layers:
//!
//! | layer | characters |
//! | --- | --- |
//! | thing (at most one per cell) | `@` player, `#` wall, `%` weak wall, `$` box, `&` heavy box, `h` hammer, `r` `b` `y` `g` red, blue, yellow, green key, `n` `e` `s` `w` duck facing up, right, down, left, `C` cauldron, `O` bong, `m` book, `i` `j` `k` `l` ghost facing up, right, down, left, space nothing |
//! | ground | `.` goal, `~` water, `:` water and goal, `=` water a sunk heavy box fills, `<` stairs up, `>` stairs down, space plain floor |
//! | fixture | `r` red plate, `b` blue plate, `h` heavy plate, `R` red door, `B` blue door, `S` secret door, space none |
//! | state (of the fixture) | plates: space up, `v` pressed; doors: space closed, `o` open, `u` unlocked for good by a key |
//! | item | `a` apple, `p` pear, `c` cheese, `o` coin, space none |
//! | held (two) | the keys a cauldron or a bong holds, in the order they went in |
//!
//! Besides the characters, every thing carries a serial number: its place
//! in reading order (row by row, left to right) on the board the game
//! started with. It follows the thing when it moves, so the model knows
//! which thing is which (the one held, and the order of the things the
//! environment phase visits).
//!
//! Outside the rows it holds, the board is empty floor; writing there grows it.

#![allow(
    dead_code,
    reason = "each test binary uses a different subset of the model"
)]

use std::collections::BTreeMap;
use std::fmt;

/// Nothing stands in the cell (the thing layer), plain floor (the ground
/// layer), no fixture, no item, or the first state of a fixture.
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
/// A red key (thing layer).
pub const KEY_RED: char = 'r';
/// A blue key (thing layer).
pub const KEY_BLUE: char = 'b';
/// A yellow key (thing layer).
pub const KEY_YELLOW: char = 'y';
/// A green key (thing layer).
pub const KEY_GREEN: char = 'g';
/// A hammer (thing layer).
pub const HAMMER: char = 'h';
/// Ducks facing up, right, down and left (thing layer), in [`Dir::ALL`] order.
pub const DUCKS: [char; 4] = ['n', 'e', 's', 'w'];
/// A cauldron (thing layer); its keys are its cell's `held`.
pub const CAULDRON: char = 'C';
/// A bong (thing layer); its two keys are its cell's `held`.
pub const BONG: char = 'O';
/// What a move note names any duck by, whichever way it faces.
pub const DUCK: char = 'D';
/// A ghost facing up, right, down, left.
pub const GHOSTS: [char; 4] = ['i', 'j', 'k', 'l'];
/// What a move note names any ghost by, whichever way it faces.
pub const GHOST: char = 'G';
/// A book.
pub const BOOK: char = 'm';
/// A goal.
pub const GOAL: char = '.';
/// Water.
pub const WATER: char = '~';
/// Water on a goal.
pub const WATER_GOAL: char = ':';
/// Water filled by a sunk heavy box: walkable floor.
pub const BRIDGE: char = '=';
/// A red pressure plate (fixture layer).
pub const PLATE_RED: char = 'r';
/// A blue pressure plate (fixture layer).
pub const PLATE_BLUE: char = 'b';
/// A heavy pressure plate (fixture layer).
pub const PLATE_HEAVY: char = 'h';
/// A red door (fixture layer).
pub const DOOR_RED: char = 'R';
/// A blue door (fixture layer).
pub const DOOR_BLUE: char = 'B';
/// The secret door (fixture layer).
pub const DOOR_SECRET: char = 'S';
/// A plate's state when something presses it.
pub const PRESSED: char = 'v';
/// A door's state when it is open (by its plates, or held by what stands in it).
pub const OPEN: char = 'o';
/// A door's state when a key unlocked it for good.
pub const UNLOCKED: char = 'u';
/// Stairs up (ground layer): to the same cell of the floor above.
pub const STAIRS_UP: char = '<';
/// Stairs down (ground layer): to the same cell of the floor below.
pub const STAIRS_DOWN: char = '>';
/// An apple (item layer).
pub const APPLE: char = 'a';
/// A pear (item layer).
pub const PEAR: char = 'p';
/// A piece of cheese (item layer).
pub const CHEESE: char = 'c';
/// A coin (item layer).
pub const COIN: char = 'o';
/// The items, in the order of [`State::collected`].
pub const ITEMS: [char; 4] = [APPLE, PEAR, CHEESE, COIN];

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

/// Reading order (row by row, left to right): the order in which a level
/// is written, hence the order of the sim's entity ids at load.
fn reading_order(p: &Pos) -> (i32, i32) {
    (p.1, p.0)
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
    /// A duck walked by itself.
    Brain,
}

/// One event of a step, as the model names it: by cells and characters,
/// not by entity ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    /// A thing moved one cell (or two, for a swing).
    Moved(Move),
    /// The player took hold of the thing in front.
    Grab,
    /// The player let go (a drop, or the cleanup after a spent key).
    Release,
    /// A swing carried the held thing from F past V to T.
    Swung { from: Pos, via: Pos, to: Pos },
    /// A swing was stopped, at V (`true`) or at T.
    Blocked { via: bool },
    /// The key at `key` was spent opening the door at `door`.
    KeyConsumed { key: Pos, door: Pos },
    /// The door at this cell opened.
    DoorOpened(Pos),
    /// The door at this cell closed.
    DoorClosed(Pos),
    /// The plate at this cell became pressed.
    PlatePressed(Pos),
    /// The plate at this cell was released.
    PlateReleased(Pos),
    /// The player collected this item at this cell.
    Collected { at: Pos, item: char },
    /// A heavy box sank at this cell.
    Sank(Pos),
    /// The player took stairs from floor `from` to floor `to`, with the
    /// thing it held if `carried`.
    Climbed { from: u32, to: u32, carried: bool },
    /// The player's move moved nothing: its bump, the step's last event.
    Bump,
    /// The duck at this cell was blocked: it turned and quacked.
    Quack(Pos),
    /// The key at `key` went into the cauldron at `cauldron`.
    PutIn { key: Pos, cauldron: Pos },
    /// The cauldron at this cell brewed.
    Brewed(Pos),
    /// The hammer smashed what stood at this cell.
    Smashed(Pos),
    /// The ghost at this cell met a book and was released.
    Released(Pos),
}

/// One thing moving one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub what: char,
    pub from: Pos,
    pub to: Pos,
    pub cause: Cause,
}

/// What one cell holds, one character per layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    pub thing: char,
    pub ground: char,
    pub fixture: char,
    pub state: char,
    pub item: char,
    /// The keys the thing holds (a cauldron, a bong), [`EMPTY`] past them.
    pub held: [char; 2],
}

impl Cell {
    /// A cell that holds nothing.
    pub const EMPTY: Cell = Cell {
        thing: EMPTY,
        ground: EMPTY,
        fixture: EMPTY,
        state: EMPTY,
        item: EMPTY,
        held: [EMPTY; 2],
    };
}

/// Five layers of characters and the things' serials over a growable
/// rectangle.
#[derive(Clone)]
pub struct Board {
    /// The coordinates of `rows[0][0]`.
    left: i32,
    top: i32,
    rows: Vec<Vec<Cell>>,
    /// The serial of the thing in each cell (0 for none).
    serials: Vec<Vec<u32>>,
}

impl Board {
    /// An empty board.
    pub fn new() -> Board {
        Board {
            left: 0,
            top: 0,
            rows: Vec::new(),
            serials: Vec::new(),
        }
    }

    fn slot(&self, p: Pos) -> Option<(usize, usize)> {
        let x = usize::try_from(p.0 - self.left).ok()?;
        let y = usize::try_from(p.1 - self.top).ok()?;
        let row = self.rows.get(y)?;
        (x < row.len()).then_some((x, y))
    }

    /// Everything at `p`.
    pub fn at(&self, p: Pos) -> Cell {
        self.slot(p).map_or(Cell::EMPTY, |(x, y)| self.rows[y][x])
    }

    /// The thing at `p`, or [`EMPTY`].
    pub fn thing(&self, p: Pos) -> char {
        self.at(p).thing
    }

    /// The ground at `p`, or [`EMPTY`].
    pub fn ground(&self, p: Pos) -> char {
        self.at(p).ground
    }

    /// The serial of the thing at `p`, or 0.
    pub fn serial(&self, p: Pos) -> u32 {
        self.slot(p).map_or(0, |(x, y)| self.serials[y][x])
    }

    fn width(&self) -> i32 {
        self.rows.first().map_or(0, |row| row.len() as i32)
    }

    fn height(&self) -> i32 {
        self.rows.len() as i32
    }

    /// Grow the rectangle until it holds `p`.
    fn grow_to(&mut self, p: Pos) {
        if self.rows.is_empty() {
            self.left = p.0;
            self.top = p.1;
            self.rows.push(vec![Cell::EMPTY]);
            self.serials.push(vec![0]);
        }
        while p.0 < self.left {
            self.rows.iter_mut().for_each(|r| r.insert(0, Cell::EMPTY));
            self.serials.iter_mut().for_each(|r| r.insert(0, 0));
            self.left -= 1;
        }
        while p.0 >= self.left + self.width() {
            self.rows.iter_mut().for_each(|r| r.push(Cell::EMPTY));
            self.serials.iter_mut().for_each(|r| r.push(0));
        }
        while p.1 < self.top {
            self.rows
                .insert(0, vec![Cell::EMPTY; self.width() as usize]);
            self.serials.insert(0, vec![0; self.width() as usize]);
            self.top -= 1;
        }
        while p.1 >= self.top + self.height() {
            self.rows.push(vec![Cell::EMPTY; self.width() as usize]);
            self.serials.push(vec![0; self.width() as usize]);
        }
    }

    /// Change what is at `p`.
    pub fn update(&mut self, p: Pos, f: impl FnOnce(&mut Cell)) {
        self.grow_to(p);
        if let Some((x, y)) = self.slot(p) {
            f(&mut self.rows[y][x]);
        }
    }

    /// Put `thing` at `p` (with no serial: [`Board::number_things`] gives them).
    pub fn set_thing(&mut self, p: Pos, thing: char) {
        self.update(p, |c| c.thing = thing);
    }

    /// Put `ground` at `p`.
    pub fn set_ground(&mut self, p: Pos, ground: char) {
        self.update(p, |c| c.ground = ground);
    }

    fn set_serial(&mut self, p: Pos, serial: u32) {
        self.grow_to(p);
        if let Some((x, y)) = self.slot(p) {
            self.serials[y][x] = serial;
        }
    }

    /// Take the thing at `p` away, with what it holds.
    fn clear_thing(&mut self, p: Pos) {
        self.update(p, |c| {
            c.thing = EMPTY;
            c.held = [EMPTY; 2];
        });
        self.set_serial(p, 0);
    }

    /// Move the thing at `from`, serial and what it holds and all, to `to`
    /// (which holds none).
    fn move_thing(&mut self, from: Pos, to: Pos) -> char {
        let (what, serial, held) = (self.thing(from), self.serial(from), self.at(from).held);
        self.clear_thing(from);
        self.update(to, |c| {
            c.thing = what;
            c.held = held;
        });
        self.set_serial(to, serial);
        what
    }

    /// Give every thing its serial: its place in reading order, from 1.
    pub fn number_things(&mut self) {
        self.number_things_from(1);
    }

    /// Give every thing its serial in reading order, from `first`; return
    /// the next serial (a floor above goes on from there).
    pub fn number_things_from(&mut self, first: u32) -> u32 {
        let mut things: Vec<Pos> = self
            .cells()
            .into_iter()
            .filter(|(_, c)| c.thing != EMPTY)
            .map(|(p, _)| p)
            .collect();
        things.sort_by_key(reading_order);
        let n = things.len() as u32;
        for (i, p) in things.into_iter().enumerate() {
            self.set_serial(p, first + i as u32);
        }
        first + n
    }

    /// Every cell that holds something.
    pub fn cells(&self) -> BTreeMap<Pos, Cell> {
        let mut out = BTreeMap::new();
        for (y, row) in self.rows.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                if c != Cell::EMPTY {
                    out.insert((self.left + x as i32, self.top + y as i32), c);
                }
            }
        }
        out
    }

    /// Every thing's serial, by cell.
    fn serial_map(&self) -> BTreeMap<Pos, u32> {
        let mut out = BTreeMap::new();
        for (y, row) in self.serials.iter().enumerate() {
            for (x, &s) in row.iter().enumerate() {
                if s != 0 {
                    out.insert((self.left + x as i32, self.top + y as i32), s);
                }
            }
        }
        out
    }

    /// The cells for which `pick` holds, in reading order (the rows are
    /// scanned top to bottom, each left to right).
    fn find(&self, pick: impl Fn(&Cell) -> bool) -> Vec<Pos> {
        let mut out = Vec::new();
        for (y, row) in self.rows.iter().enumerate() {
            for (x, c) in row.iter().enumerate() {
                if pick(c) {
                    out.push((self.left + x as i32, self.top + y as i32));
                }
            }
        }
        out
    }

    /// The cells holding a fixture for which `pick` holds, in reading order.
    fn fixtures(&self, pick: impl Fn(char) -> bool) -> Vec<Pos> {
        self.find(|c| pick(c.fixture))
    }
}

/// Two boards are the same when their cells and serials are, however far
/// each has grown.
impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        let same_rectangle = (self.left, self.top) == (other.left, other.top)
            && (self.width(), self.height()) == (other.width(), other.height());
        if same_rectangle {
            return self.rows == other.rows && self.serials == other.serials;
        }
        self.cells() == other.cells() && self.serial_map() == other.serial_map()
    }
}

impl Eq for Board {}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

/// Print a map of cells as a grid, things over ground, from its top-left;
/// then, if any cell has a fixture or an item, a second grid with three
/// characters and a bar per cell: fixture, its state, item.
pub fn picture(cells: &BTreeMap<Pos, Cell>) -> String {
    let Some(min_x) = cells.keys().map(|p| p.0).min() else {
        return "(empty)\n".to_owned();
    };
    let max_x = cells.keys().map(|p| p.0).max().unwrap_or(min_x);
    let min_y = cells.keys().map(|p| p.1).min().unwrap_or(0);
    let max_y = cells.keys().map(|p| p.1).max().unwrap_or(min_y);
    let mut out = format!("(top-left at ({min_x}, {min_y}))\n");
    let grid = |out: &mut String, show: &dyn Fn(Cell) -> String| {
        for y in min_y..=max_y {
            let mut line = String::new();
            for x in min_x..=max_x {
                line.push_str(&show(cells.get(&(x, y)).copied().unwrap_or(Cell::EMPTY)));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    };
    grid(&mut out, &|c| {
        match (c.thing, c.ground) {
            (EMPTY, g) => g,
            (PLAYER, GOAL) => '+',
            (BOX, GOAL) => '*',
            (t, _) => t,
        }
        .to_string()
    });
    if cells.values().any(|c| c.held != [EMPTY; 2]) {
        out.push_str("(held keys per cell)\n");
        grid(&mut out, &|c| format!("{}{}|", c.held[0], c.held[1]));
    }
    if cells
        .values()
        .any(|c| c.fixture != EMPTY || c.item != EMPTY)
    {
        out.push_str("(fixture, state, item per cell)\n");
        grid(&mut out, &|c| {
            format!("{}{}{}|", c.fixture, c.state, c.item)
        });
    }
    out
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\n{}", picture(&self.cells()))
    }
}

/// Everything undo restores: the board, the player, its facing, its hands
/// and the counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The player's floor.
    pub board: Board,
    /// Every floor by its number - 1, the player's an empty board while
    /// `board` holds it (rules.md §4 Floors: every rule but the stairs and
    /// the doors' plates works within the player's floor).
    pub others: Vec<Board>,
    /// The player's floor, from 1.
    pub floor: u32,
    pub player: Pos,
    pub facing: Dir,
    /// The serial of the thing the player holds (always in front of it).
    pub held: Option<u32>,
    /// Steps in which the player moved.
    pub moves: u32,
    /// Steps in which a chain was pushed.
    pub pushes: u32,
    /// Items collected, in the order of [`ITEMS`].
    pub collected: [u64; 4],
    /// Green keys brewed, bongs brewed, bongs broken, ghosts released.
    pub made: [u64; 4],
}

impl State {
    /// Whether the player holds something.
    pub fn holding(&self) -> bool {
        self.held.is_some()
    }

    /// Whether the level is solved (rules.md §4, Solved): it has a goal, and
    /// every goal holds a box or a heavy box that has not sunk.
    pub fn solved(&self) -> bool {
        let goals: Vec<Cell> = std::iter::once(&self.board)
            .chain(&self.others)
            .flat_map(|b| b.cells().into_values())
            .filter(|c| c.ground == GOAL || c.ground == WATER_GOAL)
            .collect();
        !goals.is_empty() && goals.iter().all(|c| c.thing == BOX || c.thing == HEAVY)
    }
}

/// What one command did, as the model sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing has happened yet.
    Start,
    /// A step; `true` when it was an undo step (it changed more than
    /// Facing). Its events are in [`Model::notes`].
    Step(bool),
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
    /// Every event of the last command if it was a step, in order.
    pub notes: Vec<Note>,
    /// Whether the player may grab, drop and swing.
    pub hands: bool,
    /// Each floor's rectangle, by floor - 1, fixed at load: the smallest
    /// holding its strong walls, water, goals and stairs (rules.md §4
    /// Floors).
    pub rects: Vec<Option<(Pos, Pos)>>,
    /// The serial the next thing a rule makes gets (a brew's product, a
    /// smashed bong's keys): past every other.
    pub next_serial: u32,
}

fn is_key(thing: char) -> bool {
    matches!(thing, KEY_RED | KEY_BLUE | KEY_YELLOW | KEY_GREEN)
}

fn is_duck(thing: char) -> bool {
    DUCKS.contains(&thing)
}

fn is_ghost(thing: char) -> bool {
    GHOSTS.contains(&thing)
}

/// What a move note names a thing by: its character, a duck by [`DUCK`],
/// a ghost by [`GHOST`].
pub fn kind(thing: char) -> char {
    if is_duck(thing) {
        DUCK
    } else if is_ghost(thing) {
        GHOST
    } else {
        thing
    }
}

fn is_pushable(thing: char) -> bool {
    thing == BOX
        || thing == HEAVY
        || is_key(thing)
        || matches!(thing, HAMMER | BONG | BOOK)
        || is_duck(thing)
}

fn is_liftable(thing: char) -> bool {
    thing == BOX || is_key(thing) || matches!(thing, HAMMER | BONG | BOOK) || is_duck(thing)
}

/// Water nothing fills: the player cannot enter it.
fn is_water(ground: char) -> bool {
    ground == WATER || ground == WATER_GOAL
}

/// Things with BlocksMovement.
fn blocks(thing: char) -> bool {
    matches!(
        thing,
        PLAYER | WALL | WEAK_WALL | BOX | HEAVY | HAMMER | CAULDRON | BONG | BOOK
    ) || is_key(thing)
        || is_duck(thing)
        || is_ghost(thing)
}

/// Things with BlocksPush (all blockers but the weak wall).
fn blocks_swing(thing: char) -> bool {
    blocks(thing) && thing != WEAK_WALL
}

fn is_plate(fixture: char) -> bool {
    matches!(fixture, PLATE_RED | PLATE_BLUE | PLATE_HEAVY)
}

fn is_door(fixture: char) -> bool {
    matches!(fixture, DOOR_RED | DOOR_BLUE | DOOR_SECRET)
}

/// The door a key of this colour unlocks (the levels have red and blue
/// doors only).
fn door_of_key(key: char) -> char {
    match key {
        KEY_RED => DOOR_RED,
        KEY_BLUE => DOOR_BLUE,
        _ => '?',
    }
}

/// A closed door at this cell: it blocks movement and swings.
fn closed_door(c: Cell) -> bool {
    is_door(c.fixture) && c.state == EMPTY
}

/// The board of floor `f` (from 1): the player's, or another.
fn floor_mut(s: &mut State, f: u32) -> &mut Board {
    if f == s.floor {
        &mut s.board
    } else {
        &mut s.others[(f - 1) as usize]
    }
}

/// A planned push chain.
struct Chain {
    /// The cells of the members that move, nearest first.
    cells: Vec<Pos>,
    /// The key spent at its door, and the door, under the key rule.
    spent: Option<(Pos, Pos)>,
    /// The key put into a cauldron, and the cauldron.
    put_in: Option<(Pos, Pos)>,
    /// The ghost a book at the far end releases (the whole chain moves).
    release: Option<Pos>,
}

impl Chain {
    const NONE: Chain = Chain {
        cells: Vec::new(),
        spent: None,
        put_in: None,
        release: None,
    };
}

/// Return whether two states have the same things on the same cells (and
/// the same serials), player, facing, hands and counters; the move and
/// push counts apart.
fn same_place(a: &State, b: &State) -> bool {
    a.board == b.board
        && a.others == b.others
        && a.floor == b.floor
        && a.player == b.player
        && a.facing == b.facing
        && a.held == b.held
        && a.collected == b.collected
        && a.made == b.made
}

impl Model {
    /// Start a game on `board`, whose player stands at `player`, facing
    /// down. Its doors are written closed (state [`EMPTY`]), open
    /// ([`OPEN`]) or unlocked ([`UNLOCKED`]); plates and doors take the
    /// state their rules give (rules.md §6), and things their serials.
    pub fn new(board: Board, player: Pos, max_chain: Option<u32>) -> Model {
        Model::on_floors(vec![board], 1, player, max_chain)
    }

    /// Start a game on `floors` (by floor - 1), the player on floor
    /// `floor` at `player`; things are numbered in reading order, floor by
    /// floor (rules.md §4 Floors, ids).
    pub fn on_floors(
        mut floors: Vec<Board>,
        floor: u32,
        player: Pos,
        max_chain: Option<u32>,
    ) -> Model {
        let mut next = 1;
        for b in &mut floors {
            next = b.number_things_from(next);
        }
        let rects = floors.iter().map(rect_of).collect();
        let i = floor as usize - 1;
        let board = std::mem::take(&mut floors[i]);
        assert_eq!(
            board.thing(player),
            PLAYER,
            "the player is not on the board"
        );
        let mut initial = State {
            board,
            others: floors,
            floor,
            player,
            facing: Dir::Down,
            held: None,
            moves: 0,
            pushes: 0,
            collected: [0; 4],
            made: [0; 4],
        };
        // rules.md §6: a plate is pressed if something presses it; a door
        // written open stays open only if its plates hold it open or
        // something stands in it; no events.
        let mut silent = Vec::new();
        for f in 1..=initial.others.len() as u32 {
            let board = floor_mut(&mut initial, f);
            for at in board.fixtures(is_door) {
                if board.at(at).state == OPEN {
                    board.update(at, |c| c.state = EMPTY);
                    let cell = board.at(at);
                    if cell.thing != EMPTY || cell.item != EMPTY {
                        board.update(at, |c| c.state = OPEN);
                    }
                }
            }
        }
        Model::plates_and_doors(&mut initial, &mut silent);
        Model {
            now: initial.clone(),
            initial,
            undo: Vec::new(),
            redo: Vec::new(),
            max_chain,
            last: Effect::Start,
            notes: Vec::new(),
            hands: true,
            rects,
            next_serial: next,
        }
    }

    /// Apply one command and remember what it did in `last`.
    pub fn apply(&mut self, cmd: Cmd) {
        // rules.md §4, History: a step that changes more than Facing is an
        // undo step and clears the redo list; a turn or a bump keeps it.
        // Turns made while there is nothing to undo join the first undo
        // step, so undoing everything gives back the very start; a restart
        // gives back the position it left, Facing included.
        self.notes.clear();
        self.last = match cmd {
            Cmd::Key(key) => {
                let before = self.now.clone();
                match key {
                    Key::Go(dir) if self.now.holding() => self.carry(dir),
                    Key::Go(dir) => self.walk(dir),
                    Key::Wait => {}
                    _ if !self.hands => {}
                    Key::Grab => self.grab(),
                    Key::Drop => self.drop_held(),
                    Key::SwingLeft => self.swing(self.now.facing.counter_clockwise()),
                    Key::SwingRight => self.swing(self.now.facing.clockwise()),
                }
                // rules.md §4, Emit: a move whose action moved nothing bumps.
                let moved_nothing = !self.notes.iter().any(|n| matches!(n, Note::Moved(_)));
                self.actors();
                self.environment(before.player);
                self.cleanup();
                if matches!(key, Key::Go(_)) && moved_nothing {
                    self.notes.push(Note::Bump);
                }
                let moves: Vec<Move> = self
                    .notes
                    .iter()
                    .filter_map(|n| match n {
                        Note::Moved(m) => Some(*m),
                        _ => None,
                    })
                    .collect();
                // rules.md §7: a move is a step in which the player moved,
                // a push one in which something else moved.
                if moves.iter().any(|m| m.cause == Cause::Player) {
                    self.now.moves += 1;
                }
                if moves
                    .iter()
                    .any(|m| m.cause != Cause::Player && m.cause != Cause::Brain)
                {
                    self.now.pushes += 1;
                }
                let mut turned = before.clone();
                turned.facing = self.now.facing;
                let undo_step = turned != self.now;
                if undo_step {
                    self.redo.clear();
                    let snapshot = if self.undo.is_empty() {
                        self.initial.clone()
                    } else {
                        before
                    };
                    self.undo.push((snapshot, false));
                }
                Effect::Step(undo_step)
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
                let undo_step = !same_place(&self.now, &self.initial);
                if undo_step {
                    self.redo.clear();
                    let now = std::mem::replace(&mut self.now, self.initial.clone());
                    self.undo.push((now, true));
                }
                Effect::Restart(undo_step)
            }
        };
    }

    /// Whether a thing with BlocksMovement stands at `p` (a closed door included).
    fn blocked(&self, p: Pos) -> bool {
        let c = self.now.board.at(p);
        blocks(c.thing) || closed_door(c)
    }

    /// Whether a thing with BlocksPush stands at `p` (a closed door included).
    fn blocks_push(&self, p: Pos) -> bool {
        let c = self.now.board.at(p);
        blocks_swing(c.thing) || closed_door(c)
    }

    /// rules.md §4, Walk: face `dir`, then step.
    fn walk(&mut self, dir: Dir) {
        self.now.facing = dir;
        self.step_player(dir);
    }

    /// Move the player one cell in `dir` under the walk and push rules,
    /// facing unchanged. Returns whether it moved.
    fn step_player(&mut self, dir: Dir) -> bool {
        let from = self.now.player;
        let Some(chain) = self.plan_walk(dir) else {
            return false;
        };
        self.commit(&chain, dir);
        self.move_player(from, step(from, dir));
        true
    }

    /// Plan the player's step in `dir`: `None` if refused, else the chain
    /// it pushes (maybe none).
    fn plan_walk(&self, dir: Dir) -> Option<Chain> {
        let to = step(self.now.player, dir);
        let board = &self.now.board;
        // No swimming.
        if is_water(board.ground(to)) {
            return None;
        }
        if is_pushable(board.thing(to)) {
            return self.plan_chain(to, dir, true);
        }
        (!self.blocked(to)).then_some(Chain::NONE)
    }

    /// Plan a push chain from `start` in `dir`, with the key rule if `keys`:
    /// `None` if it cannot move (too long, or blocked beyond).
    fn plan_chain(&self, start: Pos, dir: Dir, keys: bool) -> Option<Chain> {
        let board = &self.now.board;
        let mut cells = Vec::new();
        let mut end = start;
        while is_pushable(board.thing(end)) {
            cells.push(end);
            end = step(end, dir);
        }
        if self
            .max_chain
            .is_some_and(|max| cells.len() as u64 > u64::from(max))
        {
            return None;
        }
        if !self.blocked(end) {
            return Some(Chain {
                cells,
                ..Chain::NONE
            });
        }
        // The key rules: the far end is a key and beyond it, its closed
        // door, or a cauldron that holds fewer than two keys.
        let last = *cells.last()?;
        let key = board.thing(last);
        let beyond = board.at(end);
        if keys && is_key(key) && closed_door(beyond) && beyond.fixture == door_of_key(key) {
            cells.pop();
            return Some(Chain {
                cells,
                spent: Some((last, end)),
                ..Chain::NONE
            });
        }
        let room = beyond.held.iter().filter(|k| **k != EMPTY).count() < 2;
        if keys && is_key(key) && beyond.thing == CAULDRON && room {
            cells.pop();
            return Some(Chain {
                cells,
                put_in: Some((last, end)),
                ..Chain::NONE
            });
        }
        // The book rule: the far end is a book and beyond it a ghost,
        // released wherever it stands; then the whole chain moves.
        if keys && key == BOOK && is_ghost(beyond.thing) {
            return Some(Chain {
                cells,
                release: Some(end),
                ..Chain::NONE
            });
        }
        None
    }

    /// Move a planned chain one cell in `dir`, far end first, after
    /// spending its key if it has one.
    fn commit(&mut self, chain: &Chain, dir: Dir) {
        if let Some((key, door)) = chain.spent {
            self.now.board.clear_thing(key);
            self.now.board.update(door, |c| c.state = UNLOCKED);
            self.notes.push(Note::KeyConsumed { key, door });
            self.notes.push(Note::DoorOpened(door));
        }
        if let Some((key, cauldron)) = chain.put_in {
            let k = self.now.board.thing(key);
            self.now.board.clear_thing(key);
            self.now.board.update(cauldron, |c| {
                let slot = if c.held[0] == EMPTY { 0 } else { 1 };
                c.held[slot] = k;
            });
            self.notes.push(Note::PutIn { key, cauldron });
        }
        if let Some(ghost) = chain.release {
            self.release(ghost);
        }
        for &at in chain.cells.iter().rev() {
            self.move_thing(at, step(at, dir), Cause::Push);
        }
    }

    /// Move the thing at `from` to `to`.
    fn move_thing(&mut self, from: Pos, to: Pos, cause: Cause) {
        let what = kind(self.now.board.move_thing(from, to));
        self.note_move(what, from, to, cause);
    }

    /// Note that `what` moved from `from` to `to`.
    fn note_move(&mut self, what: char, from: Pos, to: Pos, cause: Cause) {
        self.notes.push(Note::Moved(Move {
            what,
            from,
            to,
            cause,
        }));
    }

    /// Move the player from `from` to `to`.
    fn move_player(&mut self, from: Pos, to: Pos) {
        self.move_thing(from, to, Cause::Player);
        self.now.player = to;
    }

    /// The cell in front of the player.
    fn front(&self) -> Pos {
        step(self.now.player, self.now.facing)
    }

    /// rules.md §4, Grab: take hold of the liftable thing in front.
    fn grab(&mut self) {
        let front = self.front();
        if !self.now.holding() && is_liftable(self.now.board.thing(front)) {
            self.now.held = Some(self.now.board.serial(front));
            self.notes.push(Note::Grab);
        }
    }

    /// rules.md §4, Drop: let go.
    fn drop_held(&mut self) {
        if self.now.holding() {
            self.now.held = None;
            self.notes.push(Note::Release);
        }
    }

    /// rules.md §4, Moving while holding: forward, backward, sideways.
    fn carry(&mut self, dir: Dir) {
        let (p, f) = (self.now.player, self.now.facing);
        let front = step(p, f);
        if dir == f {
            if is_water(self.now.board.ground(front)) {
                return;
            }
            let Some(chain) = self.plan_chain(front, dir, true) else {
                return;
            };
            self.commit(&chain, dir);
            self.move_player(p, front);
        } else if dir == f.back() {
            if self.step_player(dir) {
                self.move_thing(front, p, Cause::Push);
            }
        } else {
            let (Some(item_lane), Some(player_lane)) =
                (self.plan_chain(front, dir, true), self.plan_walk(dir))
            else {
                return;
            };
            self.commit(&item_lane, dir);
            self.commit(&player_lane, dir);
            self.move_player(p, step(p, dir));
        }
    }

    /// rules.md §4, Swing, towards `to`: with empty hands a turn; else the
    /// V/T scan, the shoves and the held thing carried from F to T.
    fn swing(&mut self, to: Dir) {
        if !self.now.holding() {
            self.now.facing = to;
            return;
        }
        let (p, f) = (self.now.player, self.now.facing);
        let (front, via, at_t) = (step(p, f), step(step(p, f), to), step(p, to));
        if self.now.board.thing(front) == HAMMER && self.strike(via, at_t) {
            return;
        }
        let board = &self.now.board;
        let via_plan = if is_pushable(board.thing(via)) {
            self.plan_chain(via, to, false)
        } else if self.blocks_push(via) {
            None
        } else {
            Some(Chain::NONE)
        };
        let Some(via_plan) = via_plan else {
            self.notes.push(Note::Blocked { via: true });
            return;
        };
        let t_plan = if is_pushable(board.thing(at_t)) {
            self.plan_chain(at_t, f.back(), false)
        } else if self.blocked(at_t) {
            None
        } else {
            Some(Chain::NONE)
        };
        let Some(t_plan) = t_plan else {
            self.notes.push(Note::Blocked { via: false });
            return;
        };
        self.commit(&via_plan, to);
        self.commit(&t_plan, f.back());
        self.move_thing(front, at_t, Cause::Swing);
        self.now.facing = to;
        self.notes.push(Note::Swung {
            from: front,
            via,
            to: at_t,
        });
    }

    /// rules.md §4, Environment phase: collect, sink, plates, doors; each
    /// visits its entities in id order (see [`reading_order`] and the
    /// serials).
    fn environment(&mut self, player_was: Pos) {
        self.stairs(player_was);
        let s = &mut self.now;
        // Collect: only the player, only where its move ended.
        if s.player != player_was {
            let item = s.board.at(s.player).item;
            if let Some(i) = ITEMS.iter().position(|&it| it == item) {
                s.board.update(s.player, |c| c.item = EMPTY);
                s.collected[i] += 1;
                self.notes.push(Note::Collected { at: s.player, item });
            }
        }
        self.brew();
        let s = &mut self.now;
        // Sink: a heavy box on unfilled water arrived there this step (none
        // stands there at the end of a step, invariant 7); none is held.
        // On every floor: the player may have pushed it there and then
        // taken the stairs (heavy boxes never change floor, so floor order
        // is serial order).
        for f in 1..=s.others.len() as u32 {
            let board = floor_mut(s, f);
            let mut sinking: Vec<(u32, Pos)> = board
                .find(|c| c.thing == HEAVY && is_water(c.ground))
                .into_iter()
                .map(|p| (board.serial(p), p))
                .collect();
            sinking.sort();
            for (_, at) in sinking {
                board.clear_thing(at);
                board.set_ground(at, BRIDGE);
                self.notes.push(Note::Sank(at));
            }
        }
        Model::plates_and_doors(s, &mut self.notes);
    }

    /// rules.md §4, Environment phase 3 and 4: plates, then doors, each in
    /// reading order (their ids'), noting each change.
    fn plates_and_doors(s: &mut State, notes: &mut Vec<Note>) {
        // Floor by floor, each in reading order: the sim's id order.
        let floors = s.others.len() as u32;
        // What the player holds stands in front of it; a held key spent
        // this step (cleanup has not let go yet) is there no more.
        let front = step(s.player, s.facing);
        let held_at = s
            .held
            .filter(|h| s.board.serial(front) == *h)
            .map(|_| (s.floor, front));
        for f in 1..=floors {
            let board = floor_mut(s, f);
            for at in board.fixtures(is_plate) {
                let c = board.at(at);
                let presses = blocks(c.thing)
                    && !is_ghost(c.thing)
                    && held_at != Some((f, at))
                    && (c.fixture != PLATE_HEAVY || c.thing == HEAVY);
                let was = c.state == PRESSED;
                if presses != was {
                    board.update(at, |c| c.state = if presses { PRESSED } else { EMPTY });
                    notes.push(if presses {
                        Note::PlatePressed(at)
                    } else {
                        Note::PlateReleased(at)
                    });
                }
            }
        }
        // Plates and doors belong to the whole level.
        let held_open = |s: &State, plate: char| {
            let mut plates = std::iter::once(&s.board)
                .chain(&s.others)
                .flat_map(|b| b.fixtures(|f| f == plate).into_iter().map(move |p| b.at(p)))
                .peekable();
            plates.peek().is_some() && plates.all(|c| c.state == PRESSED)
        };
        let (red, blue, secret) = (
            held_open(s, PLATE_RED),
            held_open(s, PLATE_BLUE),
            held_open(s, PLATE_HEAVY),
        );
        for f in 1..=floors {
            let board = floor_mut(s, f);
            for at in board.fixtures(is_door) {
                let c = board.at(at);
                let open = c.state == UNLOCKED
                    || match c.fixture {
                        DOOR_RED => red,
                        DOOR_BLUE => blue,
                        _ => secret,
                    };
                if c.state == EMPTY && open {
                    board.update(at, |c| c.state = OPEN);
                    notes.push(Note::DoorOpened(at));
                } else if c.state == OPEN && !open && c.thing == EMPTY && c.item == EMPTY {
                    board.update(at, |c| c.state = EMPTY);
                    notes.push(Note::DoorClosed(at));
                }
            }
        }
    }

    /// rules.md §4, Environment phase 0, Stairs: a player that entered
    /// stairs by its own move goes to the same cell of the floor above or
    /// below when nothing blocks it there, with the thing it holds when
    /// that thing's cell there is free (else it lets go first).
    fn stairs(&mut self, player_was: Pos) {
        let s = &mut self.now;
        // The player moves only by its own moves.
        if s.player == player_was {
            return;
        }
        let from = s.floor;
        let to = match s.board.ground(s.player) {
            STAIRS_UP => from + 1,
            STAIRS_DOWN => from - 1,
            _ => return,
        };
        let Some(target) = s.others.get((to - 1) as usize) else {
            return;
        };
        let stops = |b: &Board, p: Pos| blocks(b.thing(p)) || closed_door(b.at(p));
        if stops(target, s.player) {
            return;
        }
        let front = step(s.player, s.facing);
        let mut carried = false;
        if let Some(held) = s.held
            && s.board.serial(front) == held
        {
            if stops(target, front) {
                s.held = None;
                self.notes.push(Note::Release);
            } else {
                carried = true;
            }
        }
        let mut target = std::mem::take(&mut s.others[(to - 1) as usize]);
        let mut take = |p: Pos| {
            let (what, serial, held) = (s.board.thing(p), s.board.serial(p), s.board.at(p).held);
            s.board.clear_thing(p);
            target.update(p, |c| {
                c.thing = what;
                c.held = held;
            });
            target.set_serial(p, serial);
        };
        take(s.player);
        if carried {
            take(front);
        }
        let old = std::mem::replace(&mut s.board, target);
        s.others[(from - 1) as usize] = old;
        s.floor = to;
        self.notes.push(Note::Climbed { from, to, carried });
    }

    /// rules.md §4, Cleanup: hands that hold what is no longer in front
    /// (a key spent at its door) let go.
    fn cleanup(&mut self) {
        if let Some(held) = self.now.held
            && self.now.board.serial(self.front()) != held
        {
            self.now.held = None;
            self.notes.push(Note::Release);
        }
    }
}

mod v3;

use v3::rect_of;
