//! Whether a level is enclosed, which is when the solver's search covers
//! every move the sim allows, so that an exhausted search is a proof.
//!
//! See [`Boundary`] for the definition and why it is enough.

use muscleman_core::{GridDir, GridPos};

use crate::problem::Problem;

/// Whether the player and the boxes of a level stay inside its rectangle.
///
/// The solver treats the cells outside the level's rectangle as walls; the
/// sim's grid is unbounded and has floor there. The two agree on every move
/// exactly when nothing that moves can reach the rectangle's edge.
///
/// **Definition.** The *playing area* is the set of cells reachable from the
/// player's start by steps between side-adjacent cells of the rectangle that
/// hold no wall. Boxes, goals and water do not stop it (a box may move away,
/// and water is counted as open whatever its rules). Strong and weak walls
/// stop it: both block walking and pushing, and nothing in a [`Problem`] can
/// remove a wall (the hammer, which breaks weak walls, is not modelled, so a
/// level with one is refused before it gets here). The level is *enclosed*
/// when no cell of the playing area lies on the rectangle's edge (its first
/// or last row or column), and *open* otherwise.
///
/// **Why enclosed is enough.** Say the playing area `A` does not touch the
/// edge, so every neighbour of a cell of `A` lies inside the rectangle. The
/// player starts in `A` and only ever steps onto a side-adjacent cell without
/// a wall, which is then in `A` too. A push moves a chain of boxes that
/// starts next to the player and runs through consecutive cells, each holding
/// a box and so no wall, into a cell beyond that holds nothing that blocks
/// movement: every one of those cells is in `A`. So boxes outside `A` never
/// move, boxes inside it never leave it, and no move of the sim ever involves
/// a cell outside the rectangle: the solver's walls there change nothing.
///
/// **Open is conservative.** An open level may still be confined in play
/// (boxes may stand between the player and the edge for good), but the
/// solver does not try to tell: on an open level an exhausted search is no
/// proof, and [`crate::solve`] gives up with [`crate::GiveUpReason::OpenLevel`]
/// instead of saying unsolvable. A solution found on an open level is still a
/// solution: it is replayed through the sim before it is returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Boundary {
    /// No cell of the playing area lies on the rectangle's edge.
    ///
    /// The solver's search then covers every move of the sim, so an exhausted
    /// search is a proof.
    Enclosed,
    /// The playing area reaches the rectangle's edge with no wall closing it.
    Open {
        /// The first such edge cell in reading order, `(0, 0)` the top-left cell.
        edge: GridPos,
    },
}

impl Boundary {
    /// Return whether the level is enclosed.
    pub fn is_enclosed(self) -> bool {
        matches!(self, Boundary::Enclosed)
    }
}

impl Problem {
    /// Tell whether the level is enclosed or open, and where it is open.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::GridPos;
    /// use muscleman_solver::{Boundary, Problem};
    ///
    /// let walled = Problem::from_xsb("#####\n#@$.#\n#####")?;
    /// assert_eq!(walled.boundary(), Boundary::Enclosed);
    /// // No walls: the sim lets the player walk off the map.
    /// let open = Problem::from_xsb("$@.")?;
    /// assert_eq!(open.boundary(), Boundary::Open { edge: GridPos::new(0, 0) });
    /// # Ok::<(), muscleman_solver::ProblemError>(())
    /// ```
    pub fn boundary(&self) -> Boundary {
        let (w, h) = (self.width as usize, self.height as usize);
        let mut wall = vec![false; w * h];
        for (at, _) in &self.walls {
            if let Some(cell) = self.index(*at).and_then(|i| wall.get_mut(i)) {
                *cell = true;
            }
        }
        let mut reached = vec![false; w * h];
        let Some(start) = self.index(self.player) else {
            // The player stands outside the rectangle: nothing closes it in.
            return Boundary::Open { edge: self.player };
        };
        if let Some(cell) = reached.get_mut(start) {
            *cell = true;
        }
        let mut todo = vec![self.player];
        while let Some(at) = todo.pop() {
            for dir in GridDir::ALL {
                let next = at.step(dir);
                let Some(i) = self.index(next) else {
                    continue;
                };
                if wall.get(i).copied().unwrap_or(true) {
                    continue;
                }
                if let Some(seen) = reached.get_mut(i)
                    && !*seen
                {
                    *seen = true;
                    todo.push(next);
                }
            }
        }
        let on_edge = |x: usize, y: usize| x == 0 || y == 0 || x + 1 == w || y + 1 == h;
        for (i, _) in reached.iter().enumerate().filter(|(_, r)| **r) {
            let (x, y) = (i % w, i / w);
            if on_edge(x, y) {
                let edge = GridPos::new(
                    i32::try_from(x).unwrap_or(i32::MAX),
                    i32::try_from(y).unwrap_or(i32::MAX),
                );
                return Boundary::Open { edge };
            }
        }
        Boundary::Enclosed
    }
}
