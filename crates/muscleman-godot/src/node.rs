//! The gdext layer: the `MusclemanGame` node. It converts between Godot
//! values and the plain data of [`Session`], and emits the signals; every
//! decision is made in the plain-Rust modules.

use godot::classes::{INode, Node};
use godot::prelude::*;
use muscleman_core::Input;
use muscleman_play::hint::Hints;
use muscleman_play::progress::Improvement;
use muscleman_sim::{Command, Rules};

use crate::convert::{strings, variant_of};
use crate::error::AdapterError;
use crate::input::{action_names, command_named, commands_of_moves, move_command};
use crate::levels;
use crate::session::Session;
use crate::shelf::Shelf;
use crate::signals::{Signal, info_of, signals};
use crate::sound::{Sound, sounds_of};

/// A Muscleman game as a Godot node: load a level, step inputs, undo,
/// redo, restart, save and load, read the view; every sim event is emitted
/// as a signal of its own, in the sim's order, during the call that caused
/// it.
#[derive(GodotClass)]
#[class(base = Node)]
pub struct MusclemanGame {
    base: Base<Node>,
    pub(crate) session: Option<Session>,
    pub(crate) last_error: String,
    sokoban_rules: bool,
    /// The built-in collections and the progress kept (`node_shelf.rs`).
    pub(crate) shelf: Option<Shelf>,
    /// The collection and level (from 0) playing, when from a collection.
    pub(crate) place: Option<(usize, usize)>,
    /// What the last solve improved in the level's record.
    pub(crate) improvement: Option<Improvement>,
    /// What the player should know of the progress kept ("" for nothing).
    pub(crate) warning: String,
    /// The hint: its search under way and its cells (`node_hint.rs`).
    pub(crate) hints: Hints,
    /// The sounds the last call's signals asked for (`node_sounds.rs`
    /// answers for them).
    pub(crate) sounds: Vec<Sound>,
}

#[godot_api]
impl INode for MusclemanGame {
    fn init(base: Base<Node>) -> Self {
        MusclemanGame {
            base,
            session: None,
            last_error: String::new(),
            sokoban_rules: false,
            shelf: None,
            place: None,
            improvement: None,
            warning: String::new(),
            hints: Hints::default(),
            sounds: Vec::new(),
        }
    }
}

#[godot_api]
impl MusclemanGame {
    // One signal per event of the sim's catalogue (`signals::signals`, same
    // names and parameters, held to it by a test), then `solved`. Entities
    // are ints (`EntityId` bits, 0 for none).

    /// An entity moved one cell; `cause` is `"player"`, `"push"`,
    /// `"swing"`, `"brain"`, `"undo"` or `"restart"`.
    #[signal]
    fn moved(entity: i64, from: Vector2i, to: Vector2i, cause: GString);
    /// The player took hold of an entity.
    #[signal]
    fn grab_attached(player: i64, entity: i64);
    /// The player let go of an entity.
    #[signal]
    fn grab_released(player: i64, entity: i64);
    /// The player swung what it holds from `arc_from` through `arc_via` to `arc_to`.
    #[signal]
    fn swung(player: i64, arc_from: Vector2i, arc_via: Vector2i, arc_to: Vector2i);
    /// A swing was refused at `"via"` or `"to"`.
    #[signal]
    fn swing_blocked(actor: i64, reason: GString);
    /// A heavy box sank into water.
    #[signal]
    fn sank(entity: i64);
    /// A box broke; `contents` are the entities it released, in spawn order.
    #[signal]
    fn smashed(entity: i64, contents: PackedInt64Array);
    /// A key was used up opening a door.
    #[signal]
    fn key_consumed(key: i64, door: i64);
    /// A door opened.
    #[signal]
    fn door_opened(door: i64);
    /// A door closed.
    #[signal]
    fn door_closed(door: i64);
    /// A plate became pressed.
    #[signal]
    fn plate_pressed(plate: i64);
    /// A plate was released.
    #[signal]
    fn plate_released(plate: i64);
    /// A collectible was picked up; `counter` names the counter it raised.
    #[signal]
    fn item_collected(entity: i64, counter: GString);
    /// The player took `stairs` from floor `from_floor` to floor
    /// `to_floor` (from 1), carrying `carried` (0: nothing).
    #[signal]
    fn level_transition(player: i64, stairs: i64, carried: i64, from_floor: i64, to_floor: i64);
    /// A key went into a container (a cauldron).
    #[signal]
    fn put_in(container: i64, entity: i64);
    /// A cauldron brewed: it is gone, and `product` (a green key or a bong)
    /// stands in its cell.
    #[signal]
    fn brewed(cauldron: i64, product: i64);
    /// A hint to play a sound: `kind` is `"bump"` (a refused move, the last
    /// signal of its command) or `"quack"` (a blocked duck).
    #[signal]
    fn sound_hint(entity: i64, kind: GString);
    /// A ghost met a book and was released: it is gone, and `book` stays
    /// where it is.
    #[signal]
    fn ghost_released(ghost: i64, book: i64);
    /// The level became solved (emitted after the events of the command that solved it).
    #[signal]
    fn solved();
    /// An event of a mechanic this node declares no signal of its own for:
    /// its catalogue name and its fields by name.
    #[signal]
    fn sim_event(name: GString, fields: VarDictionary);

    /// Return the titles of the built-in levels, in order.
    #[func]
    fn builtin_titles(&self) -> PackedStringArray {
        match levels::builtin_titles() {
            Ok(titles) => titles.iter().map(GString::from).collect(),
            Err(e) => {
                godot_error!("the built-in levels do not read: {e}");
                PackedStringArray::new()
            }
        }
    }

    /// Play the levels loaded from now on under classic Sokoban rules (no
    /// chains, no hands) when `on`, else under Muscleman's (the default).
    #[func]
    fn use_sokoban_rules(&mut self, on: bool) {
        self.sokoban_rules = on;
    }

    /// Return the rule book this build plays (rules.md's version, which
    /// the progress file records).
    #[func]
    fn rule_book(&self) -> i64 {
        i64::from(muscleman_sim::RULES_VERSION)
    }

    /// Return the name of the rules levels load under: `Muscleman` or
    /// `Sokoban` (`muscleman-play`'s, the terminal's words).
    #[func]
    fn rules_name(&self) -> GString {
        GString::from(&muscleman_play::about::rules_name(self.rules()))
    }

    /// Start built-in level `number` (from 0). Return false (see
    /// `last_error`) and keep the current game when it cannot.
    #[func]
    fn load_builtin(&mut self, number: i64) -> bool {
        self.load_level(levels::BUILTIN.into(), number)
    }

    /// Start level `number` (from 0) of a level or collection text.
    #[func]
    fn load_level(&mut self, text: GString, number: i64) -> bool {
        let rules = self.rules();
        let result = usize::try_from(number)
            .map_err(|_| AdapterError::NegativeLevel(number))
            .and_then(|n| Session::from_text(&text.to_string(), n, rules));
        self.start(result)
    }

    /// Start level `number` of the level file at `path` (`res://`,
    /// `user://` or a plain path), read as the terminal reads one
    /// (`muscleman-play`'s `level_file`: every parse error placed,
    /// `pond.txt:3:4: ...`).
    #[func]
    fn load_level_file(&mut self, path: GString, number: i64) -> bool {
        let rules = self.rules();
        let name = path.get_file().to_string();
        let result = crate::files::file_bytes(&path)
            .and_then(|bytes| muscleman_play::level_file::parse(&name, &bytes))
            .map_err(AdapterError::File)
            .and_then(|collection| {
                let n = usize::try_from(number).map_err(|_| AdapterError::NegativeLevel(number))?;
                let count = collection.levels.len();
                let level = collection
                    .levels
                    .get(n)
                    .ok_or(AdapterError::NoLevel { number: n, count })?;
                Session::new(level, n, rules)
            });
        self.start(result)
    }

    /// Load a save made by `save`: its level, rules and history.
    #[func]
    fn load_save(&mut self, text: GString) -> bool {
        let result = Session::from_save(&text.to_string());
        self.start(result)
    }

    /// Return the game as a save (JSON text), or "" when no level is loaded.
    #[func]
    fn save(&self) -> GString {
        self.session
            .as_ref()
            .map_or_else(GString::new, |s| GString::from(&s.save()))
    }

    /// Return why the last refused call was refused.
    #[func]
    fn last_error(&self) -> GString {
        self.last_error.as_str().into()
    }

    /// Return whether a level is loaded.
    #[func]
    fn has_level(&self) -> bool {
        self.session.is_some()
    }

    /// Apply a command by its action name (`"up"`, `"grab"`,
    /// `"swing_left"`, `"undo"`, ...: `action_names`).
    #[func]
    fn act(&mut self, action: GString) -> bool {
        let name = action.to_string();
        match command_named(&name) {
            Some(command) => self.apply(command),
            None => self.refuse(AdapterError::UnknownAction(name)),
        }
    }

    /// Walk or push one cell along `dir` (`Vector2i.UP`, `.RIGHT`, `.DOWN`, `.LEFT`).
    #[func(rename = move)]
    fn move_toward(&mut self, dir: Vector2i) -> bool {
        match move_command(dir.x.into(), dir.y.into()) {
            Ok(command) => self.apply(command),
            Err(e) => self.refuse(e),
        }
    }

    /// Take hold of the liftable thing in front.
    #[func]
    fn grab(&mut self) -> bool {
        self.apply(Command::Step(Input::Grab))
    }

    /// Let go of what is held.
    #[func(rename = drop)]
    fn let_go(&mut self) -> bool {
        self.apply(Command::Step(Input::Drop))
    }

    /// Swing what is held a quarter turn counter-clockwise.
    #[func]
    fn swing_left(&mut self) -> bool {
        self.apply(Command::Step(Input::SwingLeft))
    }

    /// Swing what is held a quarter turn clockwise.
    #[func]
    fn swing_right(&mut self) -> bool {
        self.apply(Command::Step(Input::SwingRight))
    }

    /// Do nothing for one step.
    #[func]
    fn wait(&mut self) -> bool {
        self.apply(Command::Step(Input::Wait))
    }

    /// Undo the last undo step (moves back with cause `"undo"`).
    #[func]
    fn undo(&mut self) -> bool {
        self.apply(Command::Undo)
    }

    /// Redo the last undone step.
    #[func]
    fn redo(&mut self) -> bool {
        self.apply(Command::Redo)
    }

    /// Go back to the level's start (moves back with cause `"restart"`).
    #[func]
    fn restart(&mut self) -> bool {
        self.apply(Command::Restart)
    }

    /// Apply a MOVES string (`"rddRRdrU"`: u r d l, w wait, g grab, p drop,
    /// [ ] swings, z undo, y redo, ! restart), emitting each command's
    /// signals before the next runs. A bad letter is refused before anything
    /// runs.
    #[func]
    fn play(&mut self, moves: GString) -> bool {
        self.sounds.clear();
        match commands_of_moves(&moves.to_string()) {
            // Each command's signals go out before the next command runs, so
            // a handler reads the state its signal comes from.
            Ok(commands) => commands.into_iter().all(|c| self.run(c)),
            Err(e) => self.refuse(e),
        }
    }

    /// Return every action name `act` takes, in the sim's order.
    #[func]
    fn action_names(&self) -> PackedStringArray {
        strings(action_names())
    }

    /// Return every signal this node emits, in declaration order.
    #[func]
    fn signal_names(&self) -> PackedStringArray {
        signals().map(|s| GString::from(s.name)).collect()
    }

    /// Return each signal's parameter names by signal name, built from the
    /// sim's event catalogue (not from this node's declarations, which a
    /// test holds to it).
    #[func]
    fn signal_parameters(&self) -> VarDictionary {
        let mut all = VarDictionary::new();
        for s in signals() {
            all.set(s.name, &strings(s.params.iter().map(|(name, _)| *name)));
        }
        all
    }
}

impl MusclemanGame {
    pub(crate) fn rules(&self) -> Rules {
        if self.sokoban_rules {
            Rules::SOKOBAN
        } else {
            Rules::MUSCLEMAN
        }
    }

    pub(crate) fn start(&mut self, result: Result<Session, AdapterError>) -> bool {
        match result {
            Ok(session) => {
                self.keep_position();
                self.hints.cancel();
                self.hints.cells.clear();
                self.session = Some(session);
                self.place = None;
                self.improvement = None;
                self.warning.clear();
                self.sounds.clear();
                self.last_error.clear();
                true
            }
            Err(e) => self.refuse(e),
        }
    }

    fn refuse(&mut self, error: AdapterError) -> bool {
        self.sounds.clear();
        self.last_error = error.to_string();
        false
    }

    /// Apply one command as a call of its own: its sounds are the call's.
    fn apply(&mut self, command: Command) -> bool {
        self.sounds.clear();
        self.run(command)
    }

    /// Apply one command, add its sounds to the call's, emit its signals.
    fn run(&mut self, command: Command) -> bool {
        let before = self.session.as_ref().map(|s| s.game().state_hash());
        let result = match self.session.as_mut() {
            Some(session) => session.apply(command),
            None => Err(AdapterError::NoGame),
        };
        if let Some(now) = self.session.as_ref().map(|s| s.game().state_hash()) {
            self.hint_follows(now, before != Some(now));
        }
        if let Ok(signals) = &result {
            // Kept before the handlers run, so they read the new record.
            self.kept_after(signals.iter().any(|s| s.name == "solved"));
        }
        self.emit_all(result)
    }

    /// Emit each signal in order; the node's own methods may be called
    /// from the handlers (`base_mut` lets go of `self` while Godot runs them).
    fn emit_all(&mut self, result: Result<Vec<Signal>, AdapterError>) -> bool {
        let signals = match result {
            Ok(signals) => signals,
            Err(e) => {
                if matches!(e, AdapterError::Step(_)) {
                    godot_error!("{e}");
                }
                return self.refuse(e);
            }
        };
        self.last_error.clear();
        for sound in sounds_of(&signals) {
            if !self.sounds.contains(&sound) {
                self.sounds.push(sound);
            }
        }
        for signal in &signals {
            let args: Vec<Variant> = signal.args.iter().map(variant_of).collect();
            // An event this node declares no signal of its own for (a
            // mechanic newer than the node) goes out as `sim_event`, its
            // fields by name.
            let (name, args) = if self.base().has_signal(signal.name) {
                (signal.name, args)
            } else {
                let mut fields = VarDictionary::new();
                let params = info_of(signal.name).map_or(&[][..], |i| i.params);
                for ((field, _), value) in params.iter().zip(&args) {
                    fields.set(*field, value);
                }
                (
                    "sim_event",
                    vec![GString::from(signal.name).to_variant(), fields.to_variant()],
                )
            };
            // `try_`: a call Godot refuses is reported, never a panic. (Its
            // `Ok(ERR_UNAVAILABLE)` only means nothing is connected.)
            if let Err(e) = self.base_mut().try_emit_signal(name, &args) {
                godot_error!("signal {name} not emitted: {e}");
            }
        }
        true
    }
}
