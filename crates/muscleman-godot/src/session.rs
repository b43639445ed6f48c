//! A session: one game and the signals each command emits.
//!
//! This is everything the node does, in plain Rust: load a level (from
//! text, a collection or a save), apply commands, turn their events into
//! signals (and `solved` when a command solves the level), save, and read
//! the view. The gdext layer only converts its answers into Godot values.

use muscleman_core::EventBatch;
use muscleman_level::{Collection, Level};
use muscleman_sim::{Command, Game, Rules, Stats};

use crate::error::AdapterError;
use crate::input::commands_of_moves;
use crate::levels::title_of;
use crate::signals::{Signal, signal_of, solved};
use crate::view::{Floors, ViewData};

/// One game being played, with its title.
#[derive(Debug)]
pub struct Session {
    game: Game,
    title: String,
    /// The events of the last command, one batch reused for every command.
    events: EventBatch,
}

impl Session {
    /// Start a game of level `number` (from 0) of a collection's text under
    /// `rules`.
    ///
    /// # Example
    /// ```
    /// use muscleman_godot::session::Session;
    /// use muscleman_sim::Rules;
    ///
    /// let session = Session::from_text("; Tiny\n#@$.#\n", 0, Rules::MUSCLEMAN)?;
    /// assert_eq!(session.title(), "Tiny");
    /// assert!(Session::from_text("#@$.#", 1, Rules::MUSCLEMAN).is_err());
    /// # Ok::<(), muscleman_godot::AdapterError>(())
    /// ```
    pub fn from_text(text: &str, number: usize, rules: Rules) -> Result<Session, AdapterError> {
        let collection = Collection::parse(text)?;
        let count = collection.levels.len();
        let level = collection
            .levels
            .get(number)
            .ok_or(AdapterError::NoLevel { number, count })?;
        Session::new(level, number, rules)
    }

    /// Start a game of `level`, the `number`th of its collection (from 0,
    /// for its fallback title).
    pub fn new(level: &Level, number: usize, rules: Rules) -> Result<Session, AdapterError> {
        Ok(Session {
            game: Game::new(level, rules)?,
            title: title_of(level, number),
            events: EventBatch::default(),
        })
    }

    /// Go on with `game` (a kept position), under `title`.
    pub fn of_game(game: Game, title: String) -> Session {
        Session {
            game,
            title,
            events: EventBatch::default(),
        }
    }

    /// Load a save (`docs/save-format.md`): the level, rules and history it
    /// holds, checked by the sim.
    pub fn from_save(text: &str) -> Result<Session, AdapterError> {
        let game = Game::load(text)?;
        let title = title_of(game.level(), 0);
        Ok(Session {
            game,
            title,
            events: EventBatch::default(),
        })
    }

    /// Return the level's title.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// Return the game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Apply one command; return its signals in the sim's order, then
    /// `solved` if the level was not solved before and is now.
    pub fn apply(&mut self, command: Command) -> Result<Vec<Signal>, AdapterError> {
        let was_solved = self.game.is_solved();
        self.game.apply_into(command, &mut self.events)?;
        let mut signals: Vec<Signal> = self.events.iter().map(signal_of).collect();
        if !was_solved && self.game.is_solved() {
            signals.push(solved());
        }
        Ok(signals)
    }

    /// Apply a MOVES string (`"rddRRdrU"`) command by command; return every
    /// signal in order. A bad letter is refused before anything runs.
    pub fn play(&mut self, moves: &str) -> Result<Vec<Signal>, AdapterError> {
        let mut signals = Vec::new();
        for command in commands_of_moves(moves)? {
            signals.extend(self.apply(command)?);
        }
        Ok(signals)
    }

    /// Return the game as a save (`docs/save-format.md`).
    pub fn save(&self) -> String {
        self.game.save()
    }

    /// Return what to draw of the player's floor.
    pub fn view(&self) -> ViewData {
        ViewData::of(&self.game.view())
    }

    /// Return what to draw of floor `floor` (from 1; nothing for a floor
    /// the level does not have).
    pub fn view_on(&self, floor: u32) -> ViewData {
        ViewData::on(&self.game.view(), floor)
    }

    /// Return the level's floors: the player's, how many, their names and
    /// the rectangle they all fit in.
    pub fn floors(&self) -> Floors {
        Floors::of(&self.game.view())
    }

    /// Return whether every goal holds a box.
    pub fn is_solved(&self) -> bool {
        self.game.is_solved()
    }

    /// Return the moves and pushes so far.
    pub fn stats(&self) -> Stats {
        self.game.stats()
    }
}

#[cfg(test)]
mod tests {
    use muscleman_core::{GridDir, GridPos, Input};

    use super::*;
    use crate::levels::{BUILTIN, builtin};
    use crate::signals::Arg;

    /// The stored solution of each built-in level.
    const SOLUTIONS: &str = muscleman_levels::SOLUTIONS;

    fn names(signals: &[Signal]) -> Vec<&'static str> {
        signals.iter().map(|s| s.name).collect()
    }

    #[test]
    fn every_builtin_level_plays_to_solved_with_its_stored_solution_and_says_so_once() {
        let levels = builtin().unwrap();
        let solutions: Vec<&str> = SOLUTIONS
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| l.split_once(':').map(|(_, m)| m.trim()))
            .collect();
        assert_eq!(solutions.len(), levels.len());
        for (n, moves) in solutions.iter().enumerate() {
            let mut session = Session::from_text(BUILTIN, n, Rules::MUSCLEMAN).unwrap();
            let signals = session.play(moves).unwrap();
            assert!(session.is_solved(), "level {}", n + 1);
            let solved_at: Vec<_> = signals.iter().filter(|s| s.name == "solved").collect();
            assert_eq!(solved_at.len(), 1, "level {}", n + 1);
            assert_eq!(signals.last().map(|s| s.name), Some("solved"));
        }
    }

    #[test]
    fn a_push_signals_the_far_box_first_then_the_player_then_solved() {
        // Before: #@$.#   After: # @*#
        let mut session = Session::from_text("#@$.#", 0, Rules::MUSCLEMAN).unwrap();
        let player = session.view().pieces[1].id;
        let crate_id = session.view().pieces[2].id;
        let signals = session
            .apply(Command::Step(Input::Move(GridDir::Right)))
            .unwrap();
        let (p1, p2, p3) = (GridPos::new(1, 0), GridPos::new(2, 0), GridPos::new(3, 0));
        assert_eq!(
            signals,
            [
                Signal {
                    name: "moved",
                    args: vec![
                        Arg::Entity(Some(crate_id)),
                        Arg::Cell(p2),
                        Arg::Cell(p3),
                        Arg::Name("push")
                    ],
                },
                Signal {
                    name: "moved",
                    args: vec![
                        Arg::Entity(Some(player)),
                        Arg::Cell(p1),
                        Arg::Cell(p2),
                        Arg::Name("player")
                    ],
                },
                solved(),
            ]
        );
        // Undo moves both back (no `solved`), redo solves again.
        let back = session.apply(Command::Undo).unwrap();
        assert_eq!(names(&back), ["moved", "moved"]);
        assert_eq!(back[0].args[3], Arg::Name("undo"));
        assert!(!session.is_solved());
        assert_eq!(
            names(&session.apply(Command::Redo).unwrap()),
            ["moved", "moved", "solved"]
        );
        // A step in a solved level does not say `solved` again.
        assert_eq!(
            names(&session.apply(Command::Step(Input::Wait)).unwrap()),
            Vec::<&str>::new()
        );
        let back = session.apply(Command::Restart).unwrap();
        assert_eq!(
            back.iter().map(|s| &s.args[3]).collect::<Vec<_>>(),
            [&Arg::Name("restart"); 2]
        );
    }

    #[test]
    fn a_save_loads_back_to_the_same_position() {
        let mut session = Session::from_text(BUILTIN, 0, Rules::MUSCLEMAN).unwrap();
        session.play("rdd").unwrap();
        let loaded = Session::from_save(&session.save()).unwrap();
        assert_eq!(loaded.view(), session.view());
        assert_eq!(loaded.title(), "First Steps");
        assert_eq!(loaded.stats(), session.stats());
        assert_eq!(loaded.game().state_hash(), session.game().state_hash());
    }

    #[test]
    fn bad_input_is_refused_and_changes_nothing() {
        let count = builtin().unwrap().len();
        let no_level = Session::from_text(BUILTIN, count, Rules::MUSCLEMAN);
        assert!(matches!(
            no_level,
            Err(AdapterError::NoLevel { number, count: c }) if number == count && c == count
        ));
        assert!(matches!(
            Session::from_text("#@$.#\n#Q#", 0, Rules::MUSCLEMAN),
            Err(AdapterError::Parse(_))
        ));
        let no_player = Session::from_text("#$.#", 0, Rules::MUSCLEMAN);
        assert!(matches!(no_player, Err(AdapterError::Parse(_))));
        assert!(matches!(
            Session::from_save("{"),
            Err(AdapterError::Save(_))
        ));
        let mut session = Session::from_text(BUILTIN, 0, Rules::MUSCLEMAN).unwrap();
        let before = session.game().state_hash();
        assert!(matches!(
            session.play("rrq"),
            Err(AdapterError::BadMove { letter: 'q', at: 2 })
        ));
        assert_eq!(session.game().state_hash(), before);
    }
}
