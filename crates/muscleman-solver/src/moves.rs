//! The rules as the search applies them: one player step, push chains, the
//! player's region, and the successor function (every legal push from a region).
//!
//! This is the code the differential test checks against the sim.

#![expect(
    clippy::indexing_slicing,
    reason = "cell and box indices come from the board, which makes them below its cell count; the search's inner loop relies on them"
)]

use crate::board::Board;

/// A visited-set that clears in O(1) by bumping a generation number.
#[derive(Clone, Debug)]
pub(crate) struct Marks {
    mark: Vec<u32>,
    generation: u32,
}

impl Marks {
    /// Make marks for `n` cells.
    pub fn new(n: usize) -> Marks {
        Marks {
            mark: vec![0; n],
            generation: 0,
        }
    }

    /// Forget every mark.
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.generation = 1;
        }
    }

    /// Return whether `c` is marked.
    #[inline]
    pub fn get(&self, c: usize) -> bool {
        self.mark[c] == self.generation
    }

    /// Mark `c`; return whether it was unmarked.
    #[inline]
    pub fn set(&mut self, c: usize) -> bool {
        if self.mark[c] == self.generation {
            false
        } else {
            self.mark[c] = self.generation;
            true
        }
    }
}

/// What one player step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StepResult {
    /// Nothing moved (a wall, or a chain that cannot move).
    Blocked,
    /// The player walked to the cell.
    Walked(usize),
    /// The player pushed the chain starting at `first`; the far end's box
    /// went to `end` (only `first` emptied and `end` filled) and the player
    /// moved to `first`.
    Pushed {
        /// The nearest box's cell, where the player now stands.
        first: usize,
        /// The cell the chain's far end moved into.
        end: usize,
    },
}

/// Return the cell the far end of the chain starting at box `b` moves into
/// when pushed in direction `d`, or `None` if the push is refused: the chain
/// is longer than `max_chain` or the cell beyond it is a wall. (Beyond the
/// maximal run there is no box, by construction.)
#[inline]
pub(crate) fn push_end(board: &Board, occupied: &[bool], b: usize, d: usize) -> Option<usize> {
    let mut e = b;
    let mut len = 0u32;
    while occupied[e] {
        len += 1;
        e = board.step(e, d);
    }
    (len > 0 && len <= board.max_chain && !board.wall[e]).then_some(e)
}

/// One player step in direction `d` from `player` (rules.md §4): push the
/// chain in front if there is one, else walk unless a wall blocks. `occupied` is
/// updated on a push.
pub(crate) fn step(board: &Board, occupied: &mut [bool], player: usize, d: usize) -> StepResult {
    let to = board.step(player, d);
    if occupied[to] {
        match push_end(board, occupied, to, d) {
            Some(end) => {
                occupied[to] = false;
                occupied[end] = true;
                StepResult::Pushed { first: to, end }
            }
            None => StepResult::Blocked,
        }
    } else if board.wall[to] {
        StepResult::Blocked
    } else {
        StepResult::Walked(to)
    }
}

/// Flood the player's region from `start` (boxes and walls block), writing
/// its cells in BFS order to `queue` and their walking distances to `dist`;
/// return the region's smallest cell (its normalized player position).
pub(crate) fn reach(
    board: &Board,
    occupied: &[bool],
    start: usize,
    marks: &mut Marks,
    queue: &mut Vec<u16>,
    dist: &mut [u32],
) -> usize {
    marks.clear();
    queue.clear();
    marks.set(start);
    queue.push(start as u16);
    dist[start] = 0;
    let mut min = start;
    let mut head = 0;
    while let Some(&c) = queue.get(head) {
        head += 1;
        let c = c as usize;
        let dc = dist[c];
        for d in 0..4 {
            let x = board.step(c, d);
            if !board.wall[x] && !occupied[x] && marks.set(x) {
                dist[x] = dc + 1;
                min = min.min(x);
                queue.push(x as u16);
            }
        }
    }
    min
}

/// Like [`reach`] but only the smallest cell (no distances kept).
pub(crate) fn normalize(
    board: &Board,
    occupied: &[bool],
    start: usize,
    marks: &mut Marks,
    queue: &mut Vec<u16>,
) -> usize {
    marks.clear();
    queue.clear();
    marks.set(start);
    queue.push(start as u16);
    let mut min = start;
    let mut head = 0;
    while let Some(&c) = queue.get(head) {
        head += 1;
        let c = c as usize;
        for d in 0..4 {
            let x = board.step(c, d);
            if !board.wall[x] && !occupied[x] && marks.set(x) {
                min = min.min(x);
                queue.push(x as u16);
            }
        }
    }
    min
}

/// The successor function: call `f(c, d, b, e)` for every legal push from
/// the region `region` (player cells): the player at `c` pushes direction
/// `d`, the chain's nearest box is at `b = c + d` and its far end moves into
/// `e`. Order: region order, then Up, Right, Down, Left.
#[inline]
pub(crate) fn for_each_push(
    board: &Board,
    occupied: &[bool],
    region: &[u16],
    mut f: impl FnMut(usize, usize, usize, usize),
) {
    for &c in region {
        let c = c as usize;
        for d in 0..4 {
            let b = board.step(c, d);
            if occupied[b]
                && let Some(e) = push_end(board, occupied, b, d)
            {
                f(c, d, b, e);
            }
        }
    }
}

/// Return the moves (lower-case letters) of a shortest walk from `from` to
/// `to` around walls and boxes, or `None` if `to` is out of reach.
pub(crate) fn walk_path(
    board: &Board,
    occupied: &[bool],
    from: usize,
    to: usize,
    marks: &mut Marks,
    queue: &mut Vec<u16>,
    came: &mut [u8],
) -> Option<Vec<u8>> {
    marks.clear();
    queue.clear();
    marks.set(from);
    queue.push(from as u16);
    let mut head = 0;
    while let Some(&c) = queue.get(head) {
        head += 1;
        let c = c as usize;
        if c == to {
            let mut dirs = Vec::new();
            let mut at = to;
            while at != from {
                let d = came[at];
                dirs.push(d);
                at = board.step(at, (d as usize + 2) % 4);
            }
            dirs.reverse();
            return Some(dirs);
        }
        for d in 0..4 {
            let x = board.step(c, d);
            if !board.wall[x] && !occupied[x] && marks.set(x) {
                came[x] = d as u8;
                queue.push(x as u16);
            }
        }
    }
    None
}
