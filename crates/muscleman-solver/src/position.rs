//! A position the way the search sees it, with the search's own step and
//! successor functions exposed, so tests can hold them against the sim.

#![expect(
    clippy::indexing_slicing,
    reason = "cell and box indices come from the board, which makes them below its cell count"
)]

use muscleman_core::{GridDir, GridPos};
use muscleman_sim::Rules;

use crate::board::Board;
use crate::error::ProblemError;
use crate::moves::{self, Marks, StepResult};
use crate::problem::Problem;

/// One push the successor function offers.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Push {
    /// Where the player stands to push.
    pub from: GridPos,
    /// The push's direction.
    pub dir: GridDir,
    /// Where the player stands after the push.
    pub player_after: GridPos,
    /// Every box after the push, sorted by row then column.
    pub boxes_after: Vec<GridPos>,
}

/// A compact position: box cells and the player, on the solver's board.
///
/// # Example
/// ```
/// use muscleman_core::GridDir;
/// use muscleman_sim::Rules;
/// use muscleman_solver::{Position, Problem};
///
/// let p = Problem::from_xsb("######\n#@$$.#\n######")?;
/// let mut pos = Position::new(&p, &Rules::MUSCLEMAN)?;
/// assert!(pos.step(GridDir::Right)); // a chain of two moves
/// assert_eq!(pos.pushes().len(), 0); // the far box is at the wall now
/// # Ok::<(), muscleman_solver::ProblemError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Position {
    board: Board,
    occ: Vec<bool>,
    player: usize,
}

impl Position {
    /// The start position of `problem` under `rules`.
    pub fn new(problem: &Problem, rules: &Rules) -> Result<Position, ProblemError> {
        let board = Board::new(problem, rules)?;
        let mut occ = vec![false; board.n];
        for &c in &board.boxes0 {
            occ[c as usize] = true;
        }
        let player = board.player0 as usize;
        Ok(Position { board, occ, player })
    }

    /// The player's cell.
    pub fn player(&self) -> GridPos {
        self.board.pos(self.player)
    }

    /// The box cells, sorted by row then column.
    pub fn boxes(&self) -> Vec<GridPos> {
        (0..self.board.n)
            .filter(|c| self.occ[*c])
            .map(|c| self.board.pos(c))
            .collect()
    }

    /// Whether every goal holds a box (never, without goals).
    pub fn is_solved(&self) -> bool {
        !self.board.goals.is_empty() && self.board.goals.iter().all(|g| self.occ[*g as usize])
    }

    /// One player step with the search's rules; return whether anything moved.
    pub fn step(&mut self, dir: GridDir) -> bool {
        match moves::step(&self.board, &mut self.occ, self.player, dir.index()) {
            StepResult::Blocked => false,
            StepResult::Walked(to) | StepResult::Pushed { first: to, .. } => {
                self.player = to;
                true
            }
        }
    }

    /// The cells the player can walk to without pushing, as board cells, in
    /// the order the search's walk finds them.
    fn reach(&self) -> Vec<u16> {
        let b = &self.board;
        let mut marks = Marks::new(b.n);
        let mut region = Vec::new();
        let mut dist = vec![0u32; b.n];
        moves::reach(
            b,
            &self.occ,
            self.player,
            &mut marks,
            &mut region,
            &mut dist,
        );
        region
    }

    /// The search's successor function: every push the player can make from
    /// anywhere in its region, in the order the search makes them.
    pub fn pushes(&self) -> Vec<Push> {
        let b = &self.board;
        let region = self.reach();
        let mut found = Vec::new();
        moves::for_each_push(b, &self.occ, &region, |c, d, first, e| {
            found.push((c, d, first, e));
        });
        found
            .into_iter()
            .map(|(c, d, first, e)| {
                let mut occ = self.occ.clone();
                occ[first] = false;
                occ[e] = true;
                Push {
                    from: b.pos(c),
                    dir: GridDir::ALL[d],
                    player_after: b.pos(first),
                    boxes_after: (0..b.n).filter(|x| occ[*x]).map(|x| b.pos(x)).collect(),
                }
            })
            .collect()
    }

    /// Cells the player can walk to without pushing, sorted by row then column.
    pub fn region(&self) -> Vec<GridPos> {
        let b = &self.board;
        let mut region = self.reach();
        region.sort_unstable();
        region.into_iter().map(|c| b.pos(c as usize)).collect()
    }

    /// Cells where a lone box can never reach a goal (the dead squares the
    /// search prunes when boxes and goals are equal in number), sorted.
    pub fn dead_squares(&self) -> Vec<GridPos> {
        let b = &self.board;
        (0..b.n).filter(|c| b.dead[*c]).map(|c| b.pos(c)).collect()
    }
}
