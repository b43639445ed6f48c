//! The gdext layer's hint funcs of the `MusclemanGame` node (a second
//! `#[godot_api]` block of the class in `node.rs`): the terminal's own
//! hint (`muscleman-play`'s `Hints`: the solver from the game's position
//! on a worker thread, its answer checked by replaying it), asked for by
//! one call and polled each frame by another, so the frame never waits.

use godot::prelude::*;
use muscleman_play::hint::Polled;

use crate::convert::cell;
use crate::help::HINT_KEYS;
use crate::node::MusclemanGame;

#[godot_api(secondary)]
impl MusclemanGame {
    /// Start the hint search from the game's position on a worker thread,
    /// stopping any search under way; poll its answer with `poll_hint`.
    /// Return false (see `last_error`) when it cannot start.
    #[func]
    fn ask_hint(&mut self) -> bool {
        let result = match self.session.as_ref() {
            Some(session) => self.hints.ask(session.game()),
            None => Err("no level is loaded".to_owned()),
        };
        self.hints.cells.clear();
        match result {
            Ok(()) => true,
            Err(e) => {
                self.last_error = e;
                false
            }
        }
    }

    /// Return the hint's answer once it came, in the terminal's words
    /// (`Hint: →→⇓ (⇒ pushes; 8 moves, 3 pushes to go)`, `No solution from
    /// here (the solver proved it): Z undoes`, `No hint found ...`), and
    /// "" while it has not (or none was asked for, or the position changed
    /// since: the search is then dropped). Never waits.
    #[func]
    fn poll_hint(&mut self) -> GString {
        let Some(session) = self.session.as_ref() else {
            return GString::new();
        };
        match self.hints.poll(session.game(), &HINT_KEYS) {
            Polled::Answer(message) => GString::from(&message),
            Polled::Waiting | Polled::Stale => GString::new(),
        }
    }

    /// Return whether a hint search is under way.
    #[func]
    fn is_hint_searching(&self) -> bool {
        self.hints.job.is_some()
    }

    /// Return the cells the last hint walks the player through, up to and
    /// with its first push, on the player's floor; none once the position
    /// changed.
    #[func]
    fn hint_cells(&self) -> Array<Vector2i> {
        self.hints.cells.iter().map(|at| cell(*at)).collect()
    }
}

impl MusclemanGame {
    /// Forget the hint when the position changed (`state`, its hash): its
    /// cells, and a search for the position left.
    pub(crate) fn hint_follows(&mut self, state: u64, changed: bool) {
        self.hints.drop_stale(state);
        if changed {
            self.hints.cells.clear();
        }
    }
}
