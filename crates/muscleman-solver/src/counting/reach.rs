//! The cells of every floor, each with a ring of one cell round its grid,
//! and the flood that finds `R` (see `counting_proof`).

use muscleman_core::{GridDir, GridPos};
use muscleman_level::Level;

/// Every floor's cells: which block for good, which lead between floors.
pub(super) struct Cells {
    /// Per floor (from 1, at index `floor - 1`): its width and height with
    /// the ring, and its first slot.
    floors: Vec<(usize, usize, usize)>,
    blocked: Vec<bool>,
    linked: Vec<bool>,
}

/// The cells a flood reached.
pub(super) struct Reached {
    seen: Vec<bool>,
}

impl Cells {
    /// Every floor of `level`, nothing blocked, nothing linked.
    pub(super) fn new(level: &Level) -> Cells {
        let mut floors = Vec::new();
        let mut slots = 0usize;
        for floor in level.floors() {
            let (w, h) = (
                floor.width().saturating_add(2),
                floor.height().saturating_add(2),
            );
            floors.push((w, h, slots));
            slots = slots.saturating_add(w.saturating_mul(h));
        }
        Cells {
            floors,
            blocked: vec![false; slots],
            linked: vec![false; slots],
        }
    }

    /// Return the slot of cell `at` of floor `floor`, if it is one.
    fn slot(&self, floor: usize, at: GridPos) -> Option<usize> {
        let &(w, h, first) = self.floors.get(floor.checked_sub(1)?)?;
        let x = usize::try_from(at.x.checked_add(1)?).ok()?;
        let y = usize::try_from(at.y.checked_add(1)?).ok()?;
        (x < w && y < h).then(|| first + y * w + x)
    }

    /// Block the cell for good.
    pub(super) fn block(&mut self, floor: usize, at: GridPos) {
        if let Some(b) = self.slot(floor, at).and_then(|i| self.blocked.get_mut(i)) {
            *b = true;
        }
    }

    /// Link the cell to the same cell of the floors above and below.
    pub(super) fn link(&mut self, floor: usize, at: GridPos) {
        if let Some(l) = self.slot(floor, at).and_then(|i| self.linked.get_mut(i)) {
            *l = true;
        }
    }

    fn open(&self, floor: usize, at: GridPos, also: Option<(usize, GridPos)>) -> Option<usize> {
        let i = self.slot(floor, at)?;
        let blocked = self.blocked.get(i).copied().unwrap_or(true) || also == Some((floor, at));
        (!blocked).then_some(i)
    }

    /// Return every cell reached from `start` by steps to a neighbour or,
    /// from a linked cell, to the same cell a floor up or down, never onto
    /// a blocked cell nor `also`.
    pub(super) fn flood(&self, start: (usize, GridPos), also: Option<(usize, GridPos)>) -> Reached {
        let mut seen = vec![false; self.blocked.len()];
        let mut queue = Vec::new();
        if let Some(i) = self.open(start.0, start.1, also)
            && let Some(s) = seen.get_mut(i)
        {
            *s = true;
            queue.push(start);
        }
        while let Some((f, at)) = queue.pop() {
            let mut next: Vec<(usize, GridPos)> =
                GridDir::ALL.iter().map(|d| (f, at.step(*d))).collect();
            if self
                .slot(f, at)
                .and_then(|i| self.linked.get(i))
                .copied()
                .unwrap_or(false)
            {
                next.push((f.saturating_add(1), at));
                if let Some(below) = f.checked_sub(1) {
                    next.push((below, at));
                }
            }
            for (g, to) in next {
                if let Some(i) = self.open(g, to, also)
                    && let Some(s) = seen.get_mut(i)
                    && !*s
                {
                    *s = true;
                    queue.push((g, to));
                }
            }
        }
        Reached { seen }
    }

    /// Return whether the door at `at` of floor `floor` borders `reach`
    /// and a flood from it, through nothing else blocked, reaches `goal`:
    /// the door a message names as the one the goal lies behind.
    pub(super) fn behind(
        &self,
        reach: &Reached,
        floor: usize,
        at: GridPos,
        goal: (usize, GridPos),
    ) -> bool {
        let borders = GridDir::ALL
            .iter()
            .any(|d| reach.has_in(self, floor, at.step(*d)));
        if !borders {
            return false;
        }
        let mut opened = Cells {
            floors: self.floors.clone(),
            blocked: self.blocked.clone(),
            linked: self.linked.clone(),
        };
        if let Some(b) = opened
            .slot(floor, at)
            .and_then(|i| opened.blocked.get_mut(i))
        {
            *b = false;
        }
        opened
            .flood((floor, at), None)
            .has_in(&opened, goal.0, goal.1)
    }

    /// A flood's `has`, for a [`Reached`] of these cells.
    pub(super) fn has(&self, reach: &Reached, floor: usize, at: GridPos) -> bool {
        reach.has_in(self, floor, at)
    }
}

impl Reached {
    fn has_in(&self, cells: &Cells, floor: usize, at: GridPos) -> bool {
        cells
            .slot(floor, at)
            .and_then(|i| self.seen.get(i))
            .copied()
            .unwrap_or(false)
    }
}
