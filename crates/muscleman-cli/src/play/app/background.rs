//! What runs beside the player's keys: moves played back one a tick
//! (a solution kept, or pasted moves) and the hint, searched for on its
//! own thread and polled by the loop.

use crate::diagnose::count;
use std::time::Duration;

use muscleman_sim::Command;

use super::App;
use crate::play::keys::hint_keys;
use crate::play::screen::Overlay;
use muscleman_play::hint::Polled;

impl App {
    /// Stop what runs beside the keys: the playback and the hint's search.
    pub(super) fn stop_background(&mut self) {
        self.playing.current = None;
        self.hints.cells.clear();
        self.hints.cancel();
    }

    /// Play back the best solution kept for this level.
    pub(super) fn play_best(&mut self) {
        let Some(solution) = self
            .store
            .progress
            .solution(self.session.game.level(), self.session.rules)
        else {
            self.screen.message =
                Some("No solution kept yet: solve the level, or paste LURD".to_owned());
            return;
        };
        let text = solution.moves.clone();
        self.start_playback(&text, "your best solution");
    }

    /// Play back pasted text as MOVES from the level's start.
    pub fn paste(&mut self, text: &str) {
        self.screen.message = None;
        if self.screen.overlay != Overlay::None {
            return;
        }
        self.start_playback(text, "the pasted moves");
    }

    /// Play back `text` (MOVES letters) from the level's start, one move a
    /// tick; a restart first, so `z` brings the position back.
    pub fn start_playback(&mut self, text: &str, what: &str) {
        let commands = match crate::moves::parse(text) {
            Ok(c) => c,
            Err(e) => {
                self.screen.message = Some(format!("Not moves: {e}"));
                return;
            }
        };
        if commands.is_empty() {
            self.screen.message = Some("No moves to play back".to_owned());
            return;
        }
        self.stop_background();
        self.command(Command::Restart);
        self.playing.start(commands, what);
    }

    /// Play the next move of the playback, if any; return whether one was played.
    pub fn tick(&mut self) -> bool {
        let Some(mut playback) = self.playing.current.take() else {
            return false;
        };
        let Some(&command) = playback.commands.get(playback.done) else {
            return false;
        };
        playback.done += 1;
        let before = self.session.game.is_solved();
        self.command(command);
        let finished = playback.done >= playback.commands.len();
        if finished {
            let verdict = if self.session.game.is_solved() {
                "solved"
            } else if before {
                "solved before its end"
            } else {
                "not solved"
            };
            // The letters played are inputs; the panel counts moves.
            self.screen.message = Some(format!(
                "Played back {} ({}): {verdict}",
                playback.what,
                count(playback.commands.len(), "input", "inputs")
            ));
        } else {
            self.playing.current = Some(playback);
        }
        true
    }

    /// Ask the solver, in the background, for the moves from here.
    pub(super) fn ask_hint(&mut self) {
        if self.session.game.is_solved() {
            self.screen.message = Some("Already solved: Enter goes on".to_owned());
            return;
        }
        match self.hints.ask(&self.session.game) {
            Ok(()) => self.screen.message = Some("Looking for a hint...".to_owned()),
            Err(e) => self.screen.message = Some(e),
        }
    }

    /// Take the hint's answer if it came; return whether the screen changed.
    pub fn poll_hint(&mut self) -> bool {
        match self.hints.poll(&self.session.game, &hint_keys()) {
            Polled::Waiting => false,
            Polled::Stale => true,
            Polled::Answer(message) => {
                self.screen.message = Some(message);
                true
            }
        }
    }

    /// Wait for the hint's answer (tests): at most `limit`.
    pub fn wait_for_hint(&mut self, limit: Duration) {
        let start = std::time::Instant::now();
        while self.hints.job.is_some() && start.elapsed() < limit {
            if !self.poll_hint() {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
    }
}
