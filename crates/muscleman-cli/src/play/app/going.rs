//! Going from level to level: on to the next one not solved yet once a
//! level is solved, and to the next one.

use super::App;
use crate::level_rules;

impl App {
    /// Return the level to go on to once this one is solved: the next one
    /// not solved yet under these rules (after this one, round to the
    /// first), leaving out those that say they need other rules, or, when
    /// every one is, the next one.
    pub fn level_to_go_on_to(&self) -> usize {
        let len = self.set.levels.len().max(1);
        // Not one that says it cannot be solved under these rules.
        let open = |i: usize| {
            self.set
                .levels
                .get(i)
                .is_some_and(|l| level_rules::allows(l, self.session.rules))
        };
        (1..len)
            .map(|k| (self.session.index + k) % len)
            .find(|&i| !self.was_solved(i) && open(i))
            .unwrap_or((self.session.index + 1) % len)
    }

    /// Return whether level `index` (from 0) was ever solved under these rules.
    pub fn was_solved(&self, index: usize) -> bool {
        self.set
            .levels
            .get(index)
            .and_then(|l| self.progress().get(l))
            .is_some_and(|r| r.solved)
    }

    /// Go on to [`App::level_to_go_on_to`], saying so when it is not the
    /// next one.
    pub(super) fn go_on(&mut self) {
        let next = self.level_to_go_on_to();
        if next == self.session.index + 1 {
            self.go_to(next);
            return;
        }
        self.go_to(next);
        self.screen.message = Some(if self.was_solved(next) {
            "That was the last level: back to level 1".to_owned()
        } else {
            format!("Level {}: the next one not solved yet", next + 1)
        });
    }

    pub(super) fn go_to_next(&mut self) {
        let next = self.session.index + 1;
        if next >= self.set.levels.len() {
            self.go_to(0);
            if self.set.levels.len() > 1 {
                self.screen.message = Some("That was the last level: back to level 1".to_owned());
            }
        } else {
            self.go_to(next);
        }
    }
}
