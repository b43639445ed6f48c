//! The built-in collections the level list offers (← → switch), and the
//! pars a collection sets.

use muscleman_sim::{Game, Rules};

use super::App;
use crate::play::screen::Overlay;
use crate::play::session::LevelSet;
use crate::play::shelf::{Collection, Shelf};

impl App {
    /// Offer `collections` in the level list, where ← and → switch
    /// between them. The one at `current` is the one being played: the
    /// app's levels must be its levels; its name and pars become the set's.
    pub fn set_collections(&mut self, collections: Vec<Collection>, current: usize) {
        let mut sets: Vec<LevelSet> = collections.into_iter().map(LevelSet::from).collect();
        if let Some(playing) = sets.get_mut(current)
            && playing.key == self.set.key
        {
            std::mem::swap(&mut self.set, playing);
            self.shelf = Shelf::new(sets, current);
        }
    }

    /// Return the collection being played and how many are offered, as
    /// (0-based index, count), when the level list offers several.
    pub fn collection(&self) -> Option<(usize, usize)> {
        (self.shelf.len() > 1).then(|| (self.shelf.current(), self.shelf.len()))
    }

    /// Return the name of collection `index` of those offered.
    pub fn collection_name(&self, index: usize) -> Option<&str> {
        if index == self.shelf.current() && self.shelf.len() > 0 {
            return Some(&self.set.name);
        }
        self.shelf.get(index).map(|s| s.name.as_str())
    }

    /// Return the index of the collection offered that was played last
    /// under these rules, if any.
    pub fn last_collection(&self) -> Option<usize> {
        let key = self.store.progress.last_collection(self.session.rules)?;
        self.shelf.position(key, &self.set.key)
    }

    /// Remember the collection being played as the one played last under
    /// these rules (when several are offered). A failure is shown.
    pub fn remember_collection(&mut self) {
        if self.shelf.len() < 2 {
            return;
        }
        if let Err(e) = self
            .store
            .progress
            .set_last_collection(self.session.rules, &self.set.key)
        {
            self.screen.message = Some(format!("progress not saved: {e}"));
        }
    }

    /// Play collection `index` of those offered, where it was left: its
    /// level last played (its first when never played), at its kept
    /// position, with the level list open on it. The position of the
    /// level left is kept first.
    pub fn switch_collection(&mut self, index: usize) {
        let Some(next) = self.shelf.get(index) else {
            return;
        };
        let target = self
            .store
            .progress
            .last_played(&next.key, self.session.rules)
            .and_then(|key| next.position(key))
            .unwrap_or(0);
        let Some(level) = next.levels.get(target) else {
            return;
        };
        let game = match Game::new(level, self.session.rules) {
            Ok(game) => game,
            Err(e) => {
                self.screen.message = Some(format!(
                    "{}: level {} cannot be played: {e}",
                    next.name,
                    target + 1
                ));
                return;
            }
        };
        self.keep();
        self.stop_background();
        let playing = std::mem::replace(&mut self.set, LevelSet::new(Vec::new(), String::new()));
        self.set = match self.shelf.swap(index, playing) {
            Ok(next) => next,
            Err(playing) => playing,
        };
        self.session.game = game;
        self.session.index = target;
        self.session.solve_note = None;
        self.session.dirty = false;
        self.screen.looking = None;
        self.screen.picked = None;
        self.restore_current();
        self.remember_collection();
        self.screen.overlay = Overlay::Browser { selected: target };
    }

    /// Switch to the collection before (`by` -1) or after (`by` 1) the
    /// one being played, round from the last to the first.
    pub(super) fn step_collection(&mut self, by: isize) {
        let count = self.shelf.len();
        if count < 2 {
            return;
        }
        let current = self.shelf.current();
        let next = if by < 0 {
            current.checked_sub(1).unwrap_or(count - 1)
        } else {
            (current + 1) % count
        };
        self.switch_collection(next);
    }

    /// Return the par of the level being played (its stored solution's
    /// moves), when its set gives one and the rules are Muscleman's (a
    /// par is counted under them).
    pub fn par(&self) -> Option<u32> {
        self.par_of(self.session.index)
    }

    /// Return the par of level `index` (0-based) of the set, as
    /// [`App::par`] does.
    pub fn par_of(&self, index: usize) -> Option<u32> {
        (self.session.rules == Rules::MUSCLEMAN)
            .then(|| self.set.par(index))
            .flatten()
    }

    /// Return whether the level list shows pars: the set gives some and
    /// the rules are Muscleman's.
    pub fn shows_pars(&self) -> bool {
        self.session.rules == Rules::MUSCLEMAN && self.set.has_pars()
    }
}
