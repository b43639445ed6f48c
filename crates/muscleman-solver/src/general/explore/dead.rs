//! Dead positions: fewer boxes than goals, a box on a dead cell, more
//! boxes frozen off goal than boxes to spare (see the module docs of
//! `general` and of `general::freeze`).

use muscleman_core::SimEvent;
use muscleman_sim::TagKind;

use super::Search;
use crate::general::freeze::FreezeRule;
use crate::general::key::{Census, counts_on_goal};

impl Search<'_> {
    /// Return whether the position whose key was just written, with
    /// `census`, is dead by its box count or a box on a dead cell.
    pub(super) fn dead(&self, census: Census) -> bool {
        let goals = self.facts.goals.len() as u64;
        let boxes = u64::from(census.boxes);
        self.prune && (boxes < goals || (census.dead && boxes <= goals))
    }

    /// Return whether the position whose key was just written, with
    /// `census`, has more boxes frozen off goal than it has to spare.
    ///
    /// Checked at the `start`, and after a step only where it may have
    /// frozen a box the position it came from (not dead) did not have. A
    /// walk moves no box. With hands, a box that can be grabbed and moved
    /// in a step can always move back, under the freeze rule's own
    /// conditions: pushed, it is pulled back (the player stands behind it,
    /// on the cell it left or on a chain member that also moved, and came
    /// from a cell that is no strong wall); pulled or carried forward,
    /// pushed back; carried sideways, carried back; swung, swung back (its
    /// arc's V was no strong wall, its old cell is empty); shoved, pulled
    /// back. So it is never stuck, and the boxes frozen after such a step
    /// were frozen before it: the rule is checked only after a step that
    /// moved (or sank) a box that cannot be grabbed.
    pub(super) fn frozen(&mut self, census: Census, start: bool) -> bool {
        let rule = self.freeze.rule();
        if rule == FreezeRule::Off {
            return false;
        }
        if !start {
            let world = self.trail.world();
            let player = self.trail.player();
            let mut moved = self.trail.events().events().iter().filter_map(|e| match e {
                SimEvent::Moved(m) if m.entity != player => Some(m.entity),
                SimEvent::Sank(s) => Some(s.entity),
                _ => None,
            });
            let may_freeze = match rule {
                FreezeRule::Hands => moved.any(|id| {
                    world.tags(id).is_ok_and(|t| {
                        (t.contains(TagKind::Heavy) || counts_on_goal(t))
                            && !t.contains(TagKind::Liftable)
                    })
                }),
                _ => moved.next().is_some(),
            };
            if !may_freeze {
                return false;
            }
        }
        let frozen = self.freeze.frozen_off_goal(self.trail.world(), &self.boxes);
        let goals = self.facts.goals.len() as u64;
        u64::from(census.boxes).saturating_sub(u64::from(frozen)) < goals
    }
}
