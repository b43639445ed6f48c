//! The live verdict: `solve`'s own search ([`solve_level`]) on a level as
//! it stands, on a background thread, time-bounded, cancelled when the
//! level changes. The editor and `play --watch` show it; a leaf module.
//!
//! "Proved unsolvable" is said only when the solver proves it; every other
//! way the search ends without a solution is "no answer".

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

use muscleman_level::Level;
use muscleman_sim::{Game, Rules};
use muscleman_solver::{GiveUpReason, Optimize, SolveOptions, SolveOutcome, solve_level};

use crate::words::count;

/// How long the verdict's search may take.
pub const VERDICT_TIME: Duration = Duration::from_secs(10);
/// How much memory the verdict's search may take, in MiB.
const VERDICT_MEMORY_MB: u64 = 256;

/// What the verdict says of a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The search is under way.
    Searching,
    /// A solution (MOVES letters), checked in the sim by the solver.
    Solved {
        /// The moves.
        moves: String,
        /// How many moves.
        count: u32,
        /// How many pushes.
        pushes: u32,
    },
    /// Proved: no solution.
    Unsolvable(String),
    /// No answer: why (time, an open level, the level cannot be played).
    NoAnswer(String),
}

impl Verdict {
    /// Return the verdict in words.
    pub fn message(&self) -> String {
        match self {
            Verdict::Searching => "searching for a solution…".to_owned(),
            Verdict::Solved {
                moves,
                count: n,
                pushes,
            } => {
                // Grabs, drops and swings are inputs but not moves.
                let inputs = moves.chars().count();
                let also = if inputs == *n as usize {
                    String::new()
                } else {
                    format!(", {} in all", count(inputs, "input", "inputs"))
                };
                format!(
                    "a solution of {}{also} ({})",
                    count(*n as usize, "move", "moves"),
                    count(*pushes as usize, "push", "pushes")
                )
            }
            Verdict::Unsolvable(why) => format!("proved unsolvable ({why})"),
            Verdict::NoAnswer(why) => why.clone(),
        }
    }
}

/// A verdict being searched for in the background, or found.
#[derive(Debug)]
pub struct Verdicts {
    job: Option<(Receiver<Verdict>, Arc<AtomicBool>)>,
    /// When the search under way started.
    started: std::time::Instant,
    /// The last verdict (`Searching` while a search runs).
    pub current: Verdict,
}

impl Default for Verdicts {
    fn default() -> Self {
        Verdicts {
            job: None,
            started: std::time::Instant::now(),
            current: Verdict::NoAnswer("no verdict yet".to_owned()),
        }
    }
}

impl Verdicts {
    /// Stop the search under way, if any.
    pub fn cancel(&mut self) {
        if let Some((_, cancel)) = self.job.take() {
            cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Stop any search and give no verdict, for `why` (a level with errors).
    pub fn refuse(&mut self, why: String) {
        self.cancel();
        self.current = Verdict::NoAnswer(why);
    }

    /// Start a search of `level`, stopping any other. A level the sim
    /// cannot play gets its reason at once.
    #[expect(
        clippy::field_reassign_with_default,
        reason = "options set one by one over the defaults, so an option the solver adds keeps its default here"
    )]
    pub fn ask(&mut self, level: &Level, rules: Rules) {
        self.cancel();
        if let Err(e) = Game::new(level, rules) {
            self.current = Verdict::NoAnswer(format!("no verdict: {e}"));
            return;
        }
        let cancel = Arc::new(AtomicBool::new(false));
        // Field by field over the defaults: a new solver option keeps its default.
        let mut options = SolveOptions::default();
        options.rules = rules;
        options.optimize = Optimize::Fast;
        options.timeout = Some(VERDICT_TIME);
        options.memory_mb = VERDICT_MEMORY_MB;
        options.threads = 1;
        options.cancel = Some(Arc::clone(&cancel));
        let (send, receive) = mpsc::channel();
        let level = level.clone();
        let started = std::thread::Builder::new()
            .name("verdict".to_owned())
            .spawn(move || {
                let _ = send.send(verdict_of(solve_level(&level, &options)));
            });
        match started {
            Ok(_) => {
                self.job = Some((receive, cancel));
                self.started = std::time::Instant::now();
                self.current = Verdict::Searching;
            }
            Err(e) => self.current = Verdict::NoAnswer(format!("cannot start the search ({e})")),
        }
    }

    /// Take the search's answer if it came; return whether it did.
    pub fn poll(&mut self) -> bool {
        let Some((receive, _)) = &self.job else {
            return false;
        };
        let verdict = match receive.try_recv() {
            Ok(v) => v,
            Err(TryRecvError::Empty) => return false,
            Err(TryRecvError::Disconnected) => Verdict::NoAnswer("the search stopped".to_owned()),
        };
        self.job = None;
        self.current = verdict;
        true
    }

    /// Return the verdict in words, with how long the search has run while it runs.
    pub fn message(&self) -> String {
        match self.current {
            Verdict::Searching => format!(
                "{} {} s",
                self.current.message(),
                self.started.elapsed().as_secs()
            ),
            _ => self.current.message(),
        }
    }

    /// Return whether a search is under way.
    pub fn is_searching(&self) -> bool {
        self.job.is_some()
    }

    /// Wait up to `limit` for the answer (for tests and scripts).
    pub fn wait(&mut self, limit: Duration) {
        let end = std::time::Instant::now() + limit;
        while self.is_searching() && std::time::Instant::now() < end {
            if !self.poll() {
                std::thread::sleep(Duration::from_millis(10));
            }
        }
    }
}

impl Drop for Verdicts {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// Turn the solver's outcome into a verdict.
fn verdict_of(outcome: Result<SolveOutcome, muscleman_solver::SolveError>) -> Verdict {
    match outcome {
        Ok(SolveOutcome::Solved(s)) => Verdict::Solved {
            moves: s.moves,
            count: s.move_count,
            pushes: s.pushes,
        },
        Ok(SolveOutcome::Unsolvable { reason, .. }) => Verdict::Unsolvable(match reason {
            muscleman_solver::UnsolvableReason::NoGoals => "no goals".to_owned(),
            muscleman_solver::UnsolvableReason::TooFewBoxes { boxes, goals } => format!(
                "{} for {}",
                count(boxes, "box", "boxes"),
                count(goals, "goal", "goals")
            ),
            muscleman_solver::UnsolvableReason::Counted(why) => why.to_string(),
            muscleman_solver::UnsolvableReason::Exhausted => "every position searched".to_owned(),
        }),
        Ok(SolveOutcome::GaveUp { reason, .. }) => Verdict::NoAnswer(match reason {
            GiveUpReason::Timeout | GiveUpReason::Cancelled => {
                format!("no answer in {} s", VERDICT_TIME.as_secs())
            }
            GiveUpReason::Memory => "no answer (the search ran out of memory)".to_owned(),
            GiveUpReason::Budget => "no answer (the search spent its positions)".to_owned(),
            GiveUpReason::OpenLevel { .. } | GiveUpReason::Bounded { .. } => {
                "no answer: the level is open (wall it in)".to_owned()
            }
            GiveUpReason::PushesOnly => "no answer (pushes only)".to_owned(),
            GiveUpReason::Unmodelled { what, .. } => {
                format!("no answer (the solver does not model {what})")
            }
        }),
        Err(e) => Verdict::NoAnswer(format!("no answer: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_level_gets_its_solution_and_an_impossible_one_its_proof() {
        let mut v = Verdicts::default();
        let level = Level::parse("#####\n#@$.#\n#####\n").unwrap_or_else(|e| panic!("{e}"));
        v.ask(&level, Rules::MUSCLEMAN);
        v.wait(Duration::from_secs(20));
        assert!(
            matches!(v.current, Verdict::Solved { .. }),
            "{:?}",
            v.current
        );
        assert!(v.current.message().starts_with("a solution of "));
        let stuck = Level::parse("#####\n#@ .#\n#####\n").unwrap_or_else(|e| panic!("{e}"));
        v.ask(&stuck, Rules::MUSCLEMAN);
        v.wait(Duration::from_secs(20));
        assert!(
            matches!(v.current, Verdict::Unsolvable(_)),
            "{:?}",
            v.current
        );
    }

    #[test]
    fn a_solution_counts_its_moves_and_its_other_inputs() {
        let swing = Verdict::Solved {
            moves: "[".to_owned(),
            count: 0,
            pushes: 1,
        };
        assert_eq!(
            swing.message(),
            "a solution of 0 moves, 1 input in all (1 push)"
        );
        let walk = Verdict::Solved {
            moves: "rR".to_owned(),
            count: 2,
            pushes: 1,
        };
        assert_eq!(walk.message(), "a solution of 2 moves (1 push)");
    }

    #[test]
    fn a_search_out_of_time_or_on_an_open_level_says_so() {
        let stats = muscleman_solver::Stats::default();
        let gave_up = Ok(SolveOutcome::GaveUp {
            reason: GiveUpReason::Timeout,
            stats,
        });
        assert_eq!(verdict_of(gave_up).message(), "no answer in 10 s");
        let edge = muscleman_core::GridPos::ZERO;
        let open = Ok(SolveOutcome::GaveUp {
            reason: GiveUpReason::OpenLevel { edge },
            stats,
        });
        assert_eq!(
            verdict_of(open).message(),
            "no answer: the level is open (wall it in)"
        );
    }
}
