//! Tunnel runs (fast mode, rules without hands): after a move pushed one
//! box into a corridor, the box is pushed on along it within the same
//! edge while the rule holds, and the stored child is the run's end. The
//! rule and why it keeps every solution are in the module docs of
//! `general` ("Tunnel runs"), and the cells it reads are `corridors.rs`'s;
//! here: the run on the trail, and the input index that replays a run's
//! moves.

use muscleman_core::{GridDir, GridPos, Input, MoveCause, Moved, SimEvent};

use super::turns::TURNED_GRAB;
use super::{Search, lost};
use crate::error::SolveError;
use crate::general::cost::Cost;
use crate::general::ended::Explored;
use crate::general::key::counts_on_goal;

/// The first input index of a run (after the turned grabs): a run of
/// `Move(d)` taken `1 + extra` times is filed as
/// `RUN + d.index() * MAX_RUN + extra - 1`.
pub(super) const RUN: u8 = TURNED_GRAB + 4;

/// The most moves a run adds to the move that started it in one edge. A
/// longer run is cut into edges: its end so far is filed, and when that
/// position is expanded its next push starts a run again (the rule holds
/// there as it did), so nothing is lost, only filed once more.
pub(super) const MAX_RUN: u8 = 60;

// Every run index fits the node's input byte.
const _: () = assert!(RUN as u32 + 4 * MAX_RUN as u32 <= u8::MAX as u32 + 1);

/// Return the direction of a run and how many moves it takes (2 or more),
/// if input index `i` is one.
pub(super) fn run_of(i: u8) -> Option<(GridDir, u32)> {
    let k = i.checked_sub(RUN)?;
    let d = GridDir::ALL.get(usize::from(k / MAX_RUN)).copied()?;
    Some((d, u32::from(k % MAX_RUN) + 2))
}

/// Return the input index of a run along `d` with `extra` moves after the
/// first (1 to [`MAX_RUN`]).
fn run_index(d: GridDir, extra: u32) -> Option<u8> {
    let extra = u8::try_from(extra)
        .ok()
        .filter(|e| (1..=MAX_RUN).contains(e))?;
    let d = u8::try_from(d.index()).ok()?;
    RUN.checked_add(d.checked_mul(MAX_RUN)?)?
        .checked_add(extra - 1)
}

impl Search<'_> {
    /// Take input `i` (`input`) from node `n` with the player on `at`, push
    /// on along a tunnel if it starts a run, file the position reached and
    /// take the steps back.
    pub(super) fn step_child(
        &mut self,
        n: u32,
        cost: Cost,
        i: usize,
        input: Input,
        at: GridPos,
    ) -> Result<Option<Explored>, SolveError> {
        let changed = self.step(input)?;
        let mut extra = 0;
        let mut index = u8::try_from(i).map_err(|_| lost(n))?;
        if changed && let Input::Move(d) = input {
            extra = self.tunnel_run(d)?;
            if extra > 0 {
                index = run_index(d, extra).ok_or_else(|| lost(n))?;
            }
        }
        let found = if changed {
            self.child(n, cost, index, at, extra)?
        } else {
            None
        };
        for _ in 0..=extra {
            self.back()?;
        }
        Ok(found)
    }

    /// After the trail stepped `Move(d)`: if its only events are one
    /// box's push along `d` and the player's move, and the box counts on
    /// a goal, step `Move(d)` again while the run goes on
    /// ([`Corridors::goes_on`](crate::general::corridors::Corridors::goes_on)), at most [`MAX_RUN`] times; return how many
    /// times. Each such step must move that box and the player one cell
    /// and do nothing else: anything more is a solver bug, never a merged
    /// position.
    fn tunnel_run(&mut self, d: GridDir) -> Result<u32, SolveError> {
        if !self.corridors.on() {
            return Ok(0);
        }
        let player = self.trail.player();
        let (pushed, mut f, mut e) = match self.trail.events().events() {
            [SimEvent::Moved(b), SimEvent::Moved(p)]
                if b.cause == MoveCause::Push
                    && b.to == b.from.step(d)
                    && p.entity == player
                    && p.cause == MoveCause::Player
                    && p.to == b.from =>
            {
                (b.entity, b.from, b.to)
            }
            _ => return Ok(0),
        };
        if !self.trail.world().tags(pushed).is_ok_and(counts_on_goal) {
            return Ok(0);
        }
        let mut extra = 0;
        while extra < u32::from(MAX_RUN) && self.corridors.goes_on(self.trail.world(), f, e, d) {
            self.step(Input::Move(d))?;
            extra += 1;
            let expected = [
                Moved {
                    entity: pushed,
                    from: e,
                    to: e.step(d),
                    cause: MoveCause::Push,
                },
                Moved {
                    entity: player,
                    from: f,
                    to: e,
                    cause: MoveCause::Player,
                },
            ];
            match self.trail.events().events() {
                [SimEvent::Moved(a), SimEvent::Moved(b)] if [*a, *b] == expected => {}
                other => {
                    return Err(SolveError::Level {
                        message: format!(
                            "a tunnel run of the general search from {f:?} {d} did more than \
                             push one box and move the player: {other:?} (a solver bug)"
                        ),
                    });
                }
            }
            (f, e) = (e, e.step(d));
        }
        self.reach.run_moves += u64::from(extra);
        Ok(extra)
    }
}

#[cfg(test)]
mod tests {
    use super::super::explore_runs;
    use super::*;
    use crate::general::{Explored, replay_inputs};
    use crate::options::{Optimize, SolveOptions, Stats};
    use crate::reach::Prunings;
    use muscleman_level::Level;
    use muscleman_sim::Rules;

    /// Search `text` under `rules` and `optimize`, pruned, with tunnel
    /// runs if `runs`.
    fn search(text: &str, rules: Rules, optimize: Optimize, runs: bool) -> (Explored, Stats) {
        let level = Level::parse(text).unwrap();
        let options = SolveOptions {
            rules,
            optimize,
            ..SolveOptions::default()
        };
        explore_runs(&level, None, &options, true, runs, None, &mut |_| {}).unwrap()
    }

    fn sokoban(text: &str, runs: bool) -> (Explored, Stats) {
        search(text, Rules::SOKOBAN, Optimize::Fast, runs)
    }

    /// A corridor the whole level long: the first push runs the box on to
    /// the goal in one edge; the solution holds every move and replays
    /// to solved, the same as without runs, from fewer positions.
    #[test]
    fn a_corridor_is_one_edge_and_its_solution_replays() {
        let text = "############\n#@ $      .#\n############\n";
        let (with, stats) = sokoban(text, true);
        let (without, plain) = sokoban(text, false);
        let Explored::Found { inputs, .. } = &with else {
            panic!("{with:?}")
        };
        assert_eq!(*inputs, vec![Input::Move(GridDir::Right); 8]);
        assert_eq!(with, without);
        assert!(stats.reach.prunings.contains(Prunings::TUNNELS));
        assert!(!plain.reach.prunings.contains(Prunings::TUNNELS));
        assert_eq!(stats.reach.run_moves, 6);
        assert!(
            stats.stored < plain.stored,
            "{} with runs, {} without",
            stats.stored,
            plain.stored
        );
        let level = Level::parse(text).unwrap();
        let options = SolveOptions {
            rules: Rules::SOKOBAN,
            ..SolveOptions::default()
        };
        let replayed = replay_inputs(&level, &options, inputs).unwrap();
        assert_eq!(replayed.letters, "rRRRRRRR");
    }

    /// A goal in the corridor stops the run: the box lands on it (pushed
    /// past it, it would end against the wall, where no push moves it).
    #[test]
    fn a_goal_stops_the_run() {
        let (end, stats) = sokoban("############\n#@ $  .    #\n############\n", true);
        let Explored::Found { inputs, .. } = &end else {
            panic!("{end:?}")
        };
        assert_eq!(inputs.len(), 4, "{inputs:?}");
        assert_eq!(stats.reach.run_moves, 2);
    }

    /// Corridors between rooms, a plate and a door that no box can keep
    /// open: no solution, found from far fewer positions with runs.
    #[test]
    fn runs_keep_the_verdict_from_fewer_positions() {
        let text = "legend: q = PressurePlateRed\nlegend: D = DoorRed\n\
                    ##############\n#    #   q   #\n# $  ######  #\n#@        D  #\n\
                    #  $ ######  #\n#    #  .  . #\n##############\n";
        let (with, stats) = sokoban(text, true);
        let (without, plain) = sokoban(text, false);
        assert_eq!(with, Explored::Exhausted);
        assert_eq!(without, Explored::Exhausted);
        assert!(stats.reach.run_moves > 0);
        assert!(
            stats.stored * 3 < plain.stored * 2,
            "{} with runs, {} without",
            stats.stored,
            plain.stored
        );
    }

    /// Runs are off in the optimal modes, with hands, with chains, with a
    /// box to spare, on two floors, where something moves by itself and
    /// without pruning.
    #[test]
    fn runs_are_off_where_the_proof_does_not_hold() {
        let on = |text: &str, rules: Rules, optimize: Optimize| {
            let (_, stats) = search(text, rules, optimize, true);
            stats.reach.prunings.contains(Prunings::TUNNELS)
        };
        let corridor = "############\n#@ $      .#\n############\n";
        assert!(on(corridor, Rules::SOKOBAN, Optimize::Fast));
        assert!(!on(corridor, Rules::SOKOBAN, Optimize::Moves));
        assert!(!on(corridor, Rules::SOKOBAN, Optimize::Pushes));
        assert!(!on(corridor, Rules::MUSCLEMAN, Optimize::Fast));
        let chains = Rules::SOKOBAN.with_max_chain(None);
        assert!(!on(corridor, chains, Optimize::Fast));
        let spare = "############\n#@ $  $   .#\n############\n";
        assert!(!on(spare, Rules::SOKOBAN, Optimize::Fast));
        let floors = "############\n#@ $      .#\n############\nfloor: 2\n###\n# #\n###\n";
        assert!(!on(floors, Rules::SOKOBAN, Optimize::Fast));
        // A duck walks every step: the world does not stand still.
        let duck = "legend: u = Duck\n############\n#@ $      .#\n############\n#u #\n####\n";
        assert!(!on(duck, Rules::SOKOBAN, Optimize::Fast));
        let level = Level::parse(corridor).unwrap();
        let options = SolveOptions {
            rules: Rules::SOKOBAN,
            ..SolveOptions::default()
        };
        let (_, plain) =
            explore_runs(&level, None, &options, false, true, None, &mut |_| {}).unwrap();
        assert!(!plain.reach.prunings.contains(Prunings::TUNNELS));
    }

    #[test]
    fn run_indices_round_trip_and_fit_a_byte() {
        for d in GridDir::ALL {
            for extra in 1..=u32::from(MAX_RUN) {
                let i = run_index(d, extra).unwrap();
                assert!(i >= RUN);
                assert_eq!(run_of(i), Some((d, extra + 1)));
            }
            assert_eq!(run_index(d, 0), None);
            assert_eq!(run_index(d, u32::from(MAX_RUN) + 1), None);
        }
        assert_eq!(run_of(RUN - 1), None);
        let last = RUN + 4 * MAX_RUN - 1;
        assert_eq!(run_of(last), Some((GridDir::Left, u32::from(MAX_RUN) + 1)));
        assert_eq!(run_of(last + 1), None);
    }
}
