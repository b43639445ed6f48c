//! The dense-grid baseline: the walk and push rules of rules.md §4 on a flat
//! array of cells, with nothing else in the way.
//!
//! It is what a hand-written, special-purpose Sokoban engine would do, and
//! the yardstick every sim figure is divided by. To keep the ratio honest it
//! does the same work as the sim's step, not less:
//!
//! - every cell holds its blocking occupant (wall, box, player) with that
//!   occupant's entity id and flags, and a floor byte for non-blocking things
//!   (goal, water), which stay put;
//! - a step sets the player's facing, follows the chain of pushables (with
//!   the same `max_chain` option), checks the cell beyond for a blocker,
//!   moves the chain far end first, then the player;
//! - it writes the same `Moved` events into the same kind of caller-owned
//!   [`EventBatch`], cleared first, so an equal step gives an equal batch
//!   (the benches check this before they time anything).
//!
//! [`Grid::step_bare`] is the same rule without events: the floor under
//! every figure, reported beside the main baseline for context.
//!
//! [`Grid::act`] adds the hands of rules.md §4 (grab, drop, moving while
//! holding: forward, backward and the two lanes of a strafe; the swing with
//! its V and T scan, shoves with `max_chain` and blocked swings), with the
//! player's held item kept beside its facing. It refuses to walk into
//! water, as the sim does, and knows no hammer, keys or doors: the hands
//! benches use none.
//!
//! For the other benches it also has what a dense engine would do there:
//! [`Grid::read_xsb`] reads level text straight into the array (the load
//! baseline), [`History`] keeps each step's moves to undo them and its input
//! to redo it (the undo/redo baseline, the same scheme as the sim's `Game`),
//! and [`Grid::state_hash`] hashes every occupied cell with the same FNV-1a
//! the sim's `state_hash` uses.

#![allow(
    dead_code,
    reason = "each bench binary uses a different subset of the baseline"
)]

use muscleman_core::{
    EntityId, EventBatch, GrabAttached, GrabReleased, GridDir, GridPos, Input, MoveCause, Moved,
    SwingBlocked, SwingBlockedReason, Swung,
};

/// Floor bit for a goal.
pub const GOAL: u8 = 1;
/// Floor bit for water.
pub const WATER: u8 = 2;

/// The occupant blocks movement.
pub const BLOCKS: u8 = 1;
/// The occupant is pushable.
pub const PUSHABLE: u8 = 2;
/// The occupant stops a swing's arc (a strong wall, a box, the player).
pub const BLOCKS_PUSH: u8 = 4;
/// The occupant can be grabbed.
pub const LIFTABLE: u8 = 8;

/// One cell: its blocking occupant, if any, and what lies on the floor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The occupant's id (meaningless when `flags` is 0).
    pub id: EntityId,
    /// The occupant's flags ([`BLOCKS`], [`PUSHABLE`]); 0 when empty.
    pub flags: u8,
    /// Non-blocking things on the cell (a goal, water); never moved by a step.
    pub floor: u8,
}

impl Cell {
    /// A cell with nothing in it.
    pub const EMPTY: Cell = Cell {
        id: EntityId::new(0, 0),
        flags: 0,
        floor: 0,
    };
}

/// A level as a flat, row-major array of cells from (0, 0) to (width-1, height-1).
#[derive(Clone, Debug)]
pub struct Grid {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    player: usize,
    player_pos: GridPos,
    facing: GridDir,
    max_chain: Option<u32>,
    /// Whether grab, drop and the swings act (`Rules::hands`).
    hands: bool,
    /// What the player holds: always the occupant of the cell in front.
    held: Option<EntityId>,
}

impl Grid {
    /// An empty grid of `width` × `height` cells.
    pub fn new(width: usize, height: usize, max_chain: Option<u32>) -> Self {
        Grid {
            width,
            height,
            cells: vec![Cell::EMPTY; width * height],
            player: 0,
            player_pos: GridPos::ZERO,
            facing: GridDir::Down,
            max_chain,
            hands: true,
            held: None,
        }
    }

    /// Set whether the player has hands (`Rules::hands`).
    pub fn set_hands(&mut self, hands: bool) {
        self.hands = hands;
    }

    /// Return what the player holds.
    pub fn held(&self) -> Option<EntityId> {
        self.held
    }

    /// Return the slot of `at`, which must lie inside the grid.
    pub fn slot(&self, at: GridPos) -> usize {
        assert!(at.x >= 0 && at.y >= 0 && (at.x as usize) < self.width);
        assert!((at.y as usize) < self.height);
        at.y as usize * self.width + at.x as usize
    }

    /// Put a blocking occupant at `at`.
    pub fn put(&mut self, at: GridPos, id: EntityId, flags: u8) {
        let s = self.slot(at);
        assert_eq!(self.cells[s].flags, 0, "two blockers at {at}");
        self.cells[s].id = id;
        self.cells[s].flags = flags;
    }

    /// Mark something non-blocking on the floor at `at`.
    pub fn put_floor(&mut self, at: GridPos, floor: u8) {
        let s = self.slot(at);
        self.cells[s].floor |= floor;
    }

    /// Place the player (also an occupant that blocks movement and swings).
    pub fn put_player(&mut self, at: GridPos, id: EntityId) {
        self.put(at, id, BLOCKS | BLOCKS_PUSH);
        self.player = self.slot(at);
        self.player_pos = at;
    }

    /// Return the cell at `at`.
    pub fn cell(&self, at: GridPos) -> Cell {
        self.cells[self.slot(at)]
    }

    /// Return the player's position.
    pub fn player_pos(&self) -> GridPos {
        self.player_pos
    }

    /// Return the player's facing.
    pub fn facing(&self) -> GridDir {
        self.facing
    }

    /// Move the occupant at `from` to `to` without any rule (bench resets).
    pub fn teleport(&mut self, from: GridPos, to: GridPos) {
        let (f, t) = (self.slot(from), self.slot(to));
        if f == t {
            return;
        }
        assert_eq!(self.cells[t].flags, 0, "teleport onto an occupant at {to}");
        self.cells[t].id = self.cells[f].id;
        self.cells[t].flags = self.cells[f].flags;
        self.cells[f].id = Cell::EMPTY.id;
        self.cells[f].flags = 0;
        if f == self.player {
            self.player = t;
            self.player_pos = to;
        }
    }

    /// Slot offset of one step in `dir`.
    #[inline(always)]
    fn delta(&self, dir: GridDir) -> isize {
        match dir {
            GridDir::Up => -(self.width as isize),
            GridDir::Right => 1,
            GridDir::Down => self.width as isize,
            GridDir::Left => -1,
        }
    }

    /// Move the occupant of slot `from` to slot `to` (which is empty).
    #[inline(always)]
    fn shift(&mut self, from: usize, to: usize) {
        let occupant = self.cells[from];
        self.cells[to].id = occupant.id;
        self.cells[to].flags = occupant.flags;
        self.cells[from].flags = 0;
    }

    /// One step of `Move(dir)`: face `dir`, push the chain in front if there
    /// is one, walk. Writes the `Moved` events into `events` (cleared first),
    /// far end first, exactly as the sim does. Returns whether the player moved.
    #[inline(never)]
    pub fn step(&mut self, dir: GridDir, events: &mut EventBatch) -> bool {
        self.step_impl::<true>(dir, events)
    }

    /// [`Grid::step`] without writing events: the bare rule.
    #[inline(never)]
    pub fn step_bare(&mut self, dir: GridDir, events: &mut EventBatch) -> bool {
        self.step_impl::<false>(dir, events)
    }

    #[inline(always)]
    fn step_impl<const EMIT: bool>(&mut self, dir: GridDir, events: &mut EventBatch) -> bool {
        if EMIT {
            events.clear();
        }
        self.facing = dir;
        let d = self.delta(dir);
        let off = dir.offset();
        let from = self.player;
        let to = from.wrapping_add_signed(d);
        let Some(first) = self.cells.get(to) else {
            return false;
        };
        if first.flags & PUSHABLE != 0 {
            let mut len: u32 = 0;
            let mut end = to;
            while self.cells.get(end).is_some_and(|c| c.flags & PUSHABLE != 0) {
                len += 1;
                end = end.wrapping_add_signed(d);
            }
            if self.max_chain.is_some_and(|max| len > max) {
                return false;
            }
            match self.cells.get(end) {
                Some(c) if c.flags & BLOCKS == 0 => {}
                _ => return false,
            }
            // Commit far end first, as the sim does.
            let mut dst = end;
            let mut dst_pos = GridPos::new(
                self.player_pos.x + off.x * (len as i32 + 1),
                self.player_pos.y + off.y * (len as i32 + 1),
            );
            for _ in 0..len {
                let src = dst.wrapping_add_signed(-d);
                let src_pos = dst_pos - off;
                self.shift(src, dst);
                if EMIT {
                    events.push(Moved {
                        entity: self.cells[dst].id,
                        from: src_pos,
                        to: dst_pos,
                        cause: MoveCause::Push,
                    });
                }
                dst = src;
                dst_pos = src_pos;
            }
        } else if first.flags & BLOCKS != 0 {
            return false;
        }
        self.shift(from, to);
        let from_pos = self.player_pos;
        self.player = to;
        self.player_pos = from_pos + off;
        if EMIT {
            events.push(Moved {
                entity: self.cells[to].id,
                from: from_pos,
                to: self.player_pos,
                cause: MoveCause::Player,
            });
        }
        true
    }
}

/// The hands (rules.md §4, "Grab and drop", "Moving while holding",
/// "Swing"): the same checks in the same order as the sim, writing the same
/// events.
impl Grid {
    /// One step of any input, events into `events` (cleared first). A move
    /// with empty hands is [`Grid::step`].
    #[inline(never)]
    pub fn act(&mut self, input: Input, events: &mut EventBatch) {
        match input {
            Input::Move(dir) if self.held.is_none() => {
                self.step_impl::<true>(dir, events);
            }
            Input::Move(dir) => {
                events.clear();
                self.carry(dir, events);
            }
            Input::Grab => {
                events.clear();
                self.grab(events);
            }
            Input::Drop => {
                events.clear();
                if !self.hands {
                    return;
                }
                if let Some(entity) = self.held.take() {
                    events.push(GrabReleased {
                        player: self.cells[self.player].id,
                        entity,
                    });
                }
            }
            Input::SwingLeft => {
                events.clear();
                self.swing(false, events);
            }
            Input::SwingRight => {
                events.clear();
                self.swing(true, events);
            }
            Input::Wait => events.clear(),
        }
    }

    /// Hold the liftable occupant of the cell in front, if the hands are
    /// empty.
    #[inline(always)]
    fn grab(&mut self, events: &mut EventBatch) {
        if !self.hands || self.held.is_some() {
            return;
        }
        let front = self.player.wrapping_add_signed(self.delta(self.facing));
        let Some(cell) = self.cells.get(front) else {
            return;
        };
        if cell.flags & LIFTABLE != 0 {
            self.held = Some(cell.id);
            events.push(GrabAttached {
                player: self.cells[self.player].id,
                entity: cell.id,
            });
        }
    }

    /// Plan a push of the chain of pushables starting at slot `start`
    /// (which holds one) one cell along `d`: its length, or `None` if it is
    /// longer than `max_chain` or the cell beyond it is blocked.
    #[inline(always)]
    fn chain_len(&self, start: usize, d: isize) -> Option<u32> {
        let mut len: u32 = 0;
        let mut end = start;
        while self.cells.get(end).is_some_and(|c| c.flags & PUSHABLE != 0) {
            len += 1;
            if self.max_chain.is_some_and(|max| len > max) {
                return None;
            }
            end = end.wrapping_add_signed(d);
        }
        match self.cells.get(end) {
            Some(c) if c.flags & BLOCKS == 0 => Some(len),
            _ => None,
        }
    }

    /// Move a planned chain of `len` from `start` (at `start_pos`) one cell
    /// in `dir`, far end first, each with a `Moved` of cause `Push`.
    #[inline(always)]
    fn push_chain(
        &mut self,
        start: usize,
        start_pos: GridPos,
        dir: GridDir,
        len: u32,
        events: &mut EventBatch,
    ) {
        let d = self.delta(dir);
        let off = dir.offset();
        let mut dst = start.wrapping_add_signed(d * len as isize);
        let mut dst_pos = GridPos::new(
            start_pos.x + off.x * len as i32,
            start_pos.y + off.y * len as i32,
        );
        for _ in 0..len {
            let src = dst.wrapping_add_signed(-d);
            let src_pos = dst_pos - off;
            self.shift(src, dst);
            events.push(Moved {
                entity: self.cells[dst].id,
                from: src_pos,
                to: dst_pos,
                cause: MoveCause::Push,
            });
            dst = src;
            dst_pos = src_pos;
        }
    }

    /// Plan the player's walk one cell along `dir`: `None` if refused
    /// (water, a blocker, a chain that cannot move), else the length of the
    /// chain it pushes (0 for none).
    #[inline(always)]
    fn plan_walk(&self, dir: GridDir) -> Option<u32> {
        let d = self.delta(dir);
        let to = self.player.wrapping_add_signed(d);
        let cell = self.cells.get(to)?;
        if cell.floor & WATER != 0 {
            None
        } else if cell.flags & PUSHABLE != 0 {
            self.chain_len(to, d)
        } else if cell.flags & BLOCKS != 0 {
            None
        } else {
            Some(0)
        }
    }

    /// Carry out a planned walk: the chain, then the player.
    #[inline(always)]
    fn commit_walk(&mut self, dir: GridDir, chain: u32, events: &mut EventBatch) {
        let d = self.delta(dir);
        let off = dir.offset();
        let to = self.player.wrapping_add_signed(d);
        let to_pos = self.player_pos + off;
        if chain > 0 {
            self.push_chain(to, to_pos, dir, chain, events);
        }
        let from_pos = self.player_pos;
        self.shift(self.player, to);
        self.player = to;
        self.player_pos = to_pos;
        events.push(Moved {
            entity: self.cells[to].id,
            from: from_pos,
            to: to_pos,
            cause: MoveCause::Player,
        });
    }

    /// A move while holding: forward through the held item, backward
    /// dragging it, or sideways in two lanes that must both move. Facing
    /// never changes.
    #[inline(always)]
    fn carry(&mut self, dir: GridDir, events: &mut EventBatch) {
        let facing = self.facing;
        let fd = self.delta(facing);
        let front = self.player.wrapping_add_signed(fd);
        let front_pos = self.player_pos + facing.offset();
        if dir == facing {
            if self.cells[front].floor & WATER != 0 {
                return;
            }
            if let Some(len) = self.chain_len(front, fd) {
                self.push_chain(front, front_pos, dir, len, events);
                self.commit_walk(dir, 0, events);
            }
        } else if dir == facing.opposite() {
            if let Some(chain) = self.plan_walk(dir) {
                let p = self.player;
                let p_pos = self.player_pos;
                self.commit_walk(dir, chain, events);
                self.shift(front, p);
                events.push(Moved {
                    entity: self.cells[p].id,
                    from: front_pos,
                    to: p_pos,
                    cause: MoveCause::Push,
                });
            }
        } else {
            let Some(item_lane) = self.chain_len(front, self.delta(dir)) else {
                return;
            };
            let Some(player_lane) = self.plan_walk(dir) else {
                return;
            };
            self.push_chain(front, front_pos, dir, item_lane, events);
            self.commit_walk(dir, player_lane, events);
        }
    }

    /// Plan a swing's pass through slot `at` (at `at_pos`): a shove of the
    /// chain there along `dir` (`Ok(len)`), a free pass (`Ok(0)`), or
    /// blocked (`Err`). At T (`landing`) nothing may block movement.
    #[inline(always)]
    fn shove_plan(&self, at: usize, dir: GridDir, landing: bool) -> Result<u32, ()> {
        let Some(cell) = self.cells.get(at) else {
            return Err(());
        };
        if cell.flags & PUSHABLE != 0 {
            return self.chain_len(at, self.delta(dir)).ok_or(());
        }
        let stops = if landing {
            BLOCKS | BLOCKS_PUSH
        } else {
            BLOCKS_PUSH
        };
        if cell.flags & stops != 0 {
            Err(())
        } else {
            Ok(0)
        }
    }

    /// A swing: with empty hands a turn in place; holding, the arc F, V, T
    /// with its shoves, or one `SwingBlocked` and nothing else.
    #[inline(always)]
    fn swing(&mut self, clockwise: bool, events: &mut EventBatch) {
        if !self.hands {
            return;
        }
        let facing = self.facing;
        let to = if clockwise {
            facing.rotate_right()
        } else {
            facing.rotate_left()
        };
        let Some(held) = self.held else {
            self.facing = to;
            return;
        };
        let (fd, sd) = (self.delta(facing), self.delta(to));
        let from = self.player.wrapping_add_signed(fd);
        let via = from.wrapping_add_signed(sd);
        let land = self.player.wrapping_add_signed(sd);
        let player = self.cells[self.player].id;
        let Ok(via_len) = self.shove_plan(via, to, false) else {
            events.push(SwingBlocked {
                actor: player,
                reason: SwingBlockedReason::Via,
            });
            return;
        };
        let back = facing.opposite();
        let Ok(land_len) = self.shove_plan(land, back, true) else {
            events.push(SwingBlocked {
                actor: player,
                reason: SwingBlockedReason::To,
            });
            return;
        };
        let from_pos = self.player_pos + facing.offset();
        let via_pos = from_pos + to.offset();
        let land_pos = self.player_pos + to.offset();
        if via_len > 0 {
            self.push_chain(via, via_pos, to, via_len, events);
        }
        if land_len > 0 {
            self.push_chain(land, land_pos, back, land_len, events);
        }
        self.shift(from, land);
        events.push(Moved {
            entity: held,
            from: from_pos,
            to: land_pos,
            cause: MoveCause::Swing,
        });
        self.facing = to;
        events.push(Swung {
            player,
            arc_from: from_pos,
            arc_via: via_pos,
            arc_to: land_pos,
        });
    }
}

impl Grid {
    /// Read plain level text (`#` `%` wall, `~` water, `$` `&` box, `.`
    /// goal, `@` `+` player, `*` box on goal, anything else floor) straight
    /// into a grid, numbering entities in reading order as the sim's loader
    /// does. Rows may differ in length. Returns `None` on an unknown symbol.
    pub fn read_xsb(text: &str, max_chain: Option<u32>) -> Option<Grid> {
        let height = text.lines().count();
        let width = text.lines().map(str::len).max().unwrap_or(0);
        let mut grid = Grid::new(width, height, max_chain);
        let mut next = 0u32;
        let id = |next: &mut u32| {
            *next += 1;
            EntityId::new(*next - 1, 1)
        };
        for (y, line) in text.lines().enumerate() {
            let row = y * width;
            for (x, b) in line.bytes().enumerate() {
                let cell = &mut grid.cells[row + x];
                match b {
                    b'#' | b'%' => {
                        cell.id = id(&mut next);
                        cell.flags = BLOCKS;
                    }
                    b'$' | b'&' => {
                        cell.id = id(&mut next);
                        cell.flags = BLOCKS | PUSHABLE;
                    }
                    b'*' => {
                        cell.id = id(&mut next);
                        cell.flags = BLOCKS | PUSHABLE;
                        cell.floor = GOAL;
                        next += 1;
                    }
                    b'.' => {
                        cell.floor = GOAL;
                        next += 1;
                    }
                    b'~' => {
                        cell.floor = WATER;
                        next += 1;
                    }
                    b'@' | b'+' => {
                        cell.id = id(&mut next);
                        cell.flags = BLOCKS;
                        if b == b'+' {
                            cell.floor = GOAL;
                            next += 1;
                        }
                        grid.player = row + x;
                        grid.player_pos = GridPos::new(x as i32, y as i32);
                    }
                    b' ' | b'-' | b'_' => {}
                    _ => return None,
                }
            }
        }
        Some(grid)
    }

    /// Hash the state: every occupied cell's slot, occupant and floor, and
    /// the player's facing, with FNV-1a over bytes (the sim's hash function).
    pub fn state_hash(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut bytes = |bs: &[u8]| {
            for b in bs {
                h ^= u64::from(*b);
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        };
        for (slot, cell) in self.cells.iter().enumerate() {
            if cell.flags == 0 && cell.floor == 0 {
                continue;
            }
            bytes(&(slot as u64).to_le_bytes());
            bytes(&cell.id.to_bits().to_le_bytes());
            bytes(&[cell.flags, cell.floor]);
        }
        bytes(&[self.facing as u8]);
        h
    }
}

/// Undo and redo for the baseline, the way the sim's `Game` does them: a
/// step that moved something is kept with its moves and the facing before
/// it; undo moves everything back (last move first) and restores the
/// facing; redo replays the step's input.
#[derive(Clone, Debug, Default)]
pub struct History {
    moves: Vec<Moved>,
    done: Vec<(GridDir, GridDir, usize)>,
    undone: Vec<GridDir>,
}

impl History {
    /// Step, and keep the step if it moved something. A new step clears
    /// the redo list.
    pub fn step(&mut self, grid: &mut Grid, dir: GridDir, events: &mut EventBatch) -> bool {
        self.undone.clear();
        self.play(grid, dir, events)
    }

    fn play(&mut self, grid: &mut Grid, dir: GridDir, events: &mut EventBatch) -> bool {
        let facing = grid.facing;
        let start = self.moves.len();
        if !grid.step(dir, events) {
            return false;
        }
        self.moves.extend(events.of::<Moved>().copied());
        self.done.push((dir, facing, start));
        true
    }

    /// Undo the last kept step, writing a `Moved` with cause `Undo` for each
    /// entity moved back. Returns whether there was a step to undo.
    #[inline(never)]
    pub fn undo(&mut self, grid: &mut Grid, events: &mut EventBatch) -> bool {
        events.clear();
        let Some((dir, facing, start)) = self.done.pop() else {
            return false;
        };
        for m in self.moves[start..].iter().rev() {
            grid.teleport(m.to, m.from);
            events.push(Moved {
                entity: m.entity,
                from: m.to,
                to: m.from,
                cause: MoveCause::Undo,
            });
        }
        self.moves.truncate(start);
        grid.facing = facing;
        self.undone.push(dir);
        true
    }

    /// Redo the last undone step. Returns whether there was one.
    #[inline(never)]
    pub fn redo(&mut self, grid: &mut Grid, events: &mut EventBatch) -> bool {
        match self.undone.pop() {
            Some(dir) => self.play(grid, dir, events),
            None => {
                events.clear();
                false
            }
        }
    }
}
