//! The static board: a wall-padded grid of cells, goals, push distances,
//! dead squares and Zobrist keys. Built once per problem.

#![expect(
    clippy::indexing_slicing,
    reason = "cell indices are made by the board's own construction and stay below its cell count; none comes from input unchecked"
)]

use std::collections::VecDeque;

use muscleman_core::GridPos;
use muscleman_sim::Rules;

use crate::error::ProblemError;
use crate::problem::Problem;

/// Distance value for "no push sequence reaches it".
pub(crate) const INF: u16 = u16::MAX;

/// Largest goal-distance table (goals × padded cells × 2 bytes) a board builds.
pub(crate) const MAX_TABLE_BYTES: u64 = 1 << 30;

/// Return the bytes of the goal-distance table of `p` (goals × padded cells × 2).
pub(crate) fn table_bytes(p: &Problem) -> u64 {
    let n = (u64::from(p.width) + 2) * (u64::from(p.height) + 2);
    (p.goals.len() as u64).saturating_mul(n * 2)
}

/// Direction letters in `GridDir::ALL` order (Up, Right, Down, Left).
pub(crate) const WALK: [char; 4] = ['u', 'r', 'd', 'l'];
/// Push letters in `GridDir::ALL` order.
pub(crate) const PUSH: [char; 4] = ['U', 'R', 'D', 'L'];

/// A deterministic 64-bit generator (splitmix64) for Zobrist keys.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The static part of a problem, on a grid with one ring of wall around it,
/// so that every neighbour of an inner cell is a valid index.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    /// Padded width.
    pub w: usize,
    /// Padded cell count.
    pub n: usize,
    /// Wall per cell (the padding ring included).
    pub wall: Vec<bool>,
    /// Goal per cell.
    pub goal: Vec<bool>,
    /// Goal cells, in index order.
    pub goals: Vec<u16>,
    /// Index offsets of Up, Right, Down, Left.
    pub off: [isize; 4],
    /// `dist[g * n + c]`: fewest pushes that bring a lone box from `c` to goal `g`.
    pub dist: Vec<u16>,
    /// Cells from which a lone box reaches no goal.
    pub dead: Vec<bool>,
    /// Whether dead squares and freezes may prune: only when there are
    /// exactly as many boxes as goals (a spare box may rest anywhere).
    pub prune: bool,
    /// Longest chain a push may move (`u32::MAX` for unlimited).
    pub max_chain: u32,
    /// Zobrist key per cell for a box.
    pub zbox: Vec<u64>,
    /// Zobrist key per cell for the (normalized) player.
    pub zplayer: Vec<u64>,
    /// Start: box cells, sorted.
    pub boxes0: Vec<u16>,
    /// Start: player cell.
    pub player0: u16,
}

impl Board {
    /// Build the board of `p` under `rules`.
    pub fn new(p: &Problem, rules: &Rules) -> Result<Board, ProblemError> {
        p.check()?;
        if let Some((what, at)) = p.unmodelled() {
            return Err(ProblemError::Unmodelled { what, at });
        }
        let w = p.width as usize + 2;
        let n = w * (p.height as usize + 2);
        let cell = |at: GridPos| -> Result<usize, ProblemError> {
            p.index(at).ok_or(ProblemError::OutOfBounds { at })?;
            // In range: index() checked 0 <= x < width and 0 <= y < height.
            Ok((at.y as usize + 1) * w + at.x as usize + 1)
        };
        let mut wall = vec![false; n];
        for (i, slot) in wall.iter_mut().enumerate() {
            let (x, y) = (i % w, i / w);
            *slot = x == 0 || y == 0 || x == w - 1 || y == n / w - 1;
        }
        for (at, _) in &p.walls {
            wall[cell(*at)?] = true;
        }
        let mut goal = vec![false; n];
        for at in &p.goals {
            goal[cell(*at)?] = true;
        }
        let goals: Vec<u16> = (0..n).filter(|i| goal[*i]).map(|i| i as u16).collect();
        let mut boxes0 = Vec::with_capacity(p.boxes.len());
        for (at, _) in &p.boxes {
            boxes0.push(cell(*at)? as u16);
        }
        boxes0.sort_unstable();
        let player0 = cell(p.player)? as u16;
        if table_bytes(p) > MAX_TABLE_BYTES {
            return Err(ProblemError::TooLarge {
                width: p.width,
                height: p.height,
            });
        }
        let off = [-(w as isize), 1, w as isize, -1];
        let mut seed = 0x4D75_7363_6C65_6D61u64;
        let zbox = (0..n).map(|_| splitmix(&mut seed)).collect();
        let zplayer = (0..n).map(|_| splitmix(&mut seed)).collect();
        let mut board = Board {
            w,
            n,
            wall,
            goal,
            goals,
            off,
            dist: Vec::new(),
            dead: vec![false; n],
            prune: p.boxes.len() == p.goals.len(),
            max_chain: rules.max_chain.unwrap_or(u32::MAX),
            zbox,
            zplayer,
            boxes0,
            player0,
        };
        board.compute_distances();
        Ok(board)
    }

    /// Return the neighbour of `c` in direction `d` (0..4). `c` must not be
    /// on the padding ring, which no search ever stands on.
    #[inline]
    pub fn step(&self, c: usize, d: usize) -> usize {
        c.wrapping_add_signed(self.off[d])
    }

    /// Return the problem coordinates of a padded cell.
    pub fn pos(&self, c: usize) -> GridPos {
        GridPos::new((c % self.w) as i32 - 1, (c / self.w) as i32 - 1)
    }

    /// Push distances to every goal by reverse BFS ("pulls"): a box at `p`
    /// moves to `p + d` when `p - d` (where the pusher stands, the player or
    /// the box behind it in a chain) and `p + d` are not walls. Chains do not
    /// change this condition, so the distances and dead squares hold for
    /// Muscleman rules too.
    fn compute_distances(&mut self) {
        let dist = self.distances_with(&[]);
        let n = self.n;
        for c in 0..n {
            self.dead[c] = !self.wall[c] && (0..self.goals.len()).all(|gi| dist[gi * n + c] == INF);
        }
        self.dist = dist;
    }

    /// Push distances to every goal when the boxes on `frozen` (sorted
    /// cells) never move again: they are walls for every other box, and a
    /// frozen box on a goal is at distance 0 from that goal and can reach no other.
    pub fn distances_with(&self, frozen: &[u16]) -> Vec<u16> {
        let n = self.n;
        let is_frozen = |c: usize| frozen.binary_search(&(c as u16)).is_ok();
        let blocked = |c: usize| self.wall[c] || is_frozen(c);
        let mut dist = vec![INF; self.goals.len() * n];
        let mut queue = VecDeque::new();
        for (gi, &g) in self.goals.iter().enumerate() {
            let row = &mut dist[gi * n..(gi + 1) * n];
            let g = g as usize;
            row[g] = 0;
            if is_frozen(g) {
                continue;
            }
            queue.clear();
            queue.push_back(g);
            while let Some(t) = queue.pop_front() {
                for d in 0..4 {
                    // The box came to t from p = t - d, pushed from p - d.
                    let p = t.wrapping_add_signed(-self.off[d]);
                    if p >= n || blocked(p) {
                        continue;
                    }
                    let pusher = p.wrapping_add_signed(-self.off[d]);
                    if pusher >= n || blocked(pusher) || row[p] != INF {
                        continue;
                    }
                    row[p] = row[t] + 1;
                    queue.push_back(p);
                }
            }
        }
        dist
    }
}
