//! Events as signals: each sim event becomes one signal, a name and its
//! arguments as plain data, in the sim's order.
//!
//! The names and argument names are the CLI's JSON event names (rules.md
//! §7). [`SIGNALS`] lists every signal with its parameters; the gdext layer
//! declares the same ones and turns each [`Arg`] into a Godot value.

use muscleman_core::{EntityId, GridPos, SimEvent};

/// One argument of a signal, as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// An entity (an int in Godot: [`entity_int`]).
    Entity(EntityId),
    /// A cell (a `Vector2i`).
    Cell(GridPos),
    /// A name (a `String`): a move cause, a swing-blocked reason, a counter.
    Name(&'static str),
    /// Entities, in order (a `PackedInt64Array`).
    Entities(Vec<EntityId>),
    /// A number (an int).
    Int(u32),
}

/// One signal to emit: its name and arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signal {
    /// The signal's name (`"moved"`).
    pub name: &'static str,
    /// Its arguments, in the order [`SIGNALS`] declares them.
    pub args: Vec<Arg>,
}

/// The Godot type of a signal parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamType {
    /// `int`: an entity id or a number.
    Int,
    /// `Vector2i`: a cell.
    Cell,
    /// `String`: a name.
    Name,
    /// `PackedInt64Array`: entity ids.
    Entities,
}

/// A signal the node declares: its name and its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SignalInfo {
    /// The signal's name.
    pub name: &'static str,
    /// Each parameter's name and type, in order.
    pub params: &'static [(&'static str, ParamType)],
}

const fn info(name: &'static str, params: &'static [(&'static str, ParamType)]) -> SignalInfo {
    SignalInfo { name, params }
}

use ParamType::{Cell, Entities, Int, Name};

/// Every signal the node declares: one per sim event kind, then `solved`.
pub const SIGNALS: [SignalInfo; 16] = [
    info(
        "moved",
        &[
            ("entity", Int),
            ("from", Cell),
            ("to", Cell),
            ("cause", Name),
        ],
    ),
    info("grab_attached", &[("player", Int), ("entity", Int)]),
    info("grab_released", &[("player", Int), ("entity", Int)]),
    info(
        "swung",
        &[
            ("player", Int),
            ("arc_from", Cell),
            ("arc_via", Cell),
            ("arc_to", Cell),
        ],
    ),
    info("swing_blocked", &[("actor", Int), ("reason", Name)]),
    info("sank", &[("entity", Int)]),
    info("smashed", &[("entity", Int), ("contents", Entities)]),
    info("key_consumed", &[("key", Int), ("door", Int)]),
    info("door_opened", &[("door", Int)]),
    info("door_closed", &[("door", Int)]),
    info("plate_pressed", &[("plate", Int)]),
    info("plate_released", &[("plate", Int)]),
    info("item_collected", &[("entity", Int), ("counter", Name)]),
    info(
        "level_transition",
        &[
            ("stairs", Int),
            ("target_level", Int),
            ("target_spawn", Int),
        ],
    ),
    info("sound_hint", &[("kind", Name)]),
    info("solved", &[]),
];

/// Return an entity id as Godot carries it: the id's 64 bits
/// ([`EntityId::to_bits`]) as an int. Generations start at 1, so 0 is no
/// entity.
pub const fn entity_int(id: EntityId) -> i64 {
    id.to_bits().cast_signed()
}

/// Return the signal a sim event becomes.
///
/// # Example
/// ```
/// use muscleman_core::{EntityId, GridPos, MoveCause, Moved, SimEvent};
/// use muscleman_godot::signals::{Arg, signal_of};
///
/// let id = EntityId::new(1, 1);
/// let (from, to) = (GridPos::new(1, 1), GridPos::new(2, 1));
/// let signal = signal_of(&SimEvent::Moved(Moved { entity: id, from, to, cause: MoveCause::Push }));
/// assert_eq!(signal.name, "moved");
/// assert_eq!(signal.args, [Arg::Entity(id), Arg::Cell(from), Arg::Cell(to), Arg::Name("push")]);
/// ```
pub fn signal_of(event: &SimEvent) -> Signal {
    use Arg::{Cell as C, Entity as E, Name as N};
    let (name, args) = match event {
        SimEvent::Moved(m) => (
            "moved",
            vec![E(m.entity), C(m.from), C(m.to), N(m.cause.name())],
        ),
        SimEvent::GrabAttached(g) => ("grab_attached", vec![E(g.player), E(g.entity)]),
        SimEvent::GrabReleased(g) => ("grab_released", vec![E(g.player), E(g.entity)]),
        SimEvent::Swung(s) => (
            "swung",
            vec![E(s.player), C(s.arc_from), C(s.arc_via), C(s.arc_to)],
        ),
        SimEvent::SwingBlocked(s) => ("swing_blocked", vec![E(s.actor), N(s.reason.name())]),
        SimEvent::Sank(s) => ("sank", vec![E(s.entity)]),
        SimEvent::Smashed(s) => (
            "smashed",
            vec![E(s.entity), Arg::Entities(s.contents.as_slice().to_vec())],
        ),
        SimEvent::KeyConsumed(k) => ("key_consumed", vec![E(k.key), E(k.door)]),
        SimEvent::DoorOpened(d) => ("door_opened", vec![E(d.door)]),
        SimEvent::DoorClosed(d) => ("door_closed", vec![E(d.door)]),
        SimEvent::PlatePressed(p) => ("plate_pressed", vec![E(p.plate)]),
        SimEvent::PlateReleased(p) => ("plate_released", vec![E(p.plate)]),
        SimEvent::ItemCollected(i) => ("item_collected", vec![E(i.entity), N(i.counter.name())]),
        SimEvent::LevelTransition(t) => (
            "level_transition",
            vec![
                E(t.stairs),
                Arg::Int(t.target_level),
                Arg::Int(t.target_spawn),
            ],
        ),
        SimEvent::SoundHint(s) => ("sound_hint", vec![N(s.kind)]),
    };
    Signal { name, args }
}

/// Return the `solved` signal.
pub fn solved() -> Signal {
    Signal {
        name: "solved",
        args: Vec::new(),
    }
}

/// Return the declaration of a signal by name.
pub fn info_of(name: &str) -> Option<&'static SignalInfo> {
    SIGNALS.iter().find(|s| s.name == name)
}

#[cfg(test)]
mod tests {
    use muscleman_core::{
        DoorClosed, DoorOpened, GlobalCounter, GrabAttached, GrabReleased, ItemCollected,
        KeyConsumed, LevelTransition, MoveCause, Moved, PlatePressed, PlateReleased, Sank, Smashed,
        SoundHint, SpawnedIds, SwingBlocked, SwingBlockedReason, Swung,
    };

    use super::*;

    fn one_of_each() -> Vec<SimEvent> {
        let (a, b) = (EntityId::new(1, 1), EntityId::new(2, 3));
        let (p, q, r) = (GridPos::new(0, 0), GridPos::new(1, 0), GridPos::new(1, 1));
        let mut contents = SpawnedIds::EMPTY;
        contents.push(b);
        contents.push(a);
        vec![
            Moved {
                entity: a,
                from: p,
                to: q,
                cause: MoveCause::Undo,
            }
            .into(),
            GrabAttached {
                player: a,
                entity: b,
            }
            .into(),
            GrabReleased {
                player: a,
                entity: b,
            }
            .into(),
            Swung {
                player: a,
                arc_from: p,
                arc_via: q,
                arc_to: r,
            }
            .into(),
            SwingBlocked {
                actor: a,
                reason: SwingBlockedReason::To,
            }
            .into(),
            Sank { entity: b }.into(),
            Smashed {
                entity: a,
                contents,
            }
            .into(),
            KeyConsumed { key: a, door: b }.into(),
            DoorOpened { door: b }.into(),
            DoorClosed { door: b }.into(),
            PlatePressed { plate: a }.into(),
            PlateReleased { plate: a }.into(),
            ItemCollected {
                entity: b,
                counter: GlobalCounter::Coins,
            }
            .into(),
            LevelTransition {
                stairs: a,
                target_level: 3,
                target_spawn: 1,
            }
            .into(),
            SoundHint { kind: "push" }.into(),
        ]
    }

    fn param_type(arg: &Arg) -> ParamType {
        match arg {
            Arg::Entity(_) | Arg::Int(_) => Int,
            Arg::Cell(_) => Cell,
            Arg::Name(_) => Name,
            Arg::Entities(_) => Entities,
        }
    }

    #[test]
    fn each_event_kind_is_its_own_declared_signal_with_the_declared_params() {
        let signals: Vec<Signal> = one_of_each().iter().map(signal_of).collect();
        let names: Vec<_> = signals.iter().map(|s| s.name).collect();
        let declared: Vec<_> = SIGNALS.iter().map(|s| s.name).collect();
        assert_eq!(
            names,
            declared[..declared.len() - 1],
            "one signal per kind, in order"
        );
        for s in signals.iter().chain([&solved()]) {
            let info = info_of(s.name).unwrap();
            let types: Vec<_> = s.args.iter().map(param_type).collect();
            let want: Vec<_> = info.params.iter().map(|p| p.1).collect();
            assert_eq!(types, want, "{}", s.name);
        }
    }

    #[test]
    fn payloads_carry_the_event_fields_in_order() {
        let signals: Vec<Signal> = one_of_each().iter().map(signal_of).collect();
        let (a, b) = (EntityId::new(1, 1), EntityId::new(2, 3));
        assert_eq!(signals[0].args[3], Arg::Name("undo"));
        assert_eq!(signals[4].args, [Arg::Entity(a), Arg::Name("to")]);
        assert_eq!(signals[6].args[1], Arg::Entities(vec![b, a]));
        assert_eq!(signals[12].args[1], Arg::Name("coins"));
        assert_eq!(signals[13].args[1..], [Arg::Int(3), Arg::Int(1)]);
        assert_eq!(signals[14].args, [Arg::Name("push")]);
    }

    #[test]
    fn entity_ints_are_the_id_bits_and_never_zero() {
        assert_eq!(entity_int(EntityId::new(7, 1)), (1 << 32) + 7);
        assert_eq!(entity_int(EntityId::new(0, 1)), 1 << 32);
        assert_eq!(EntityId::from_bits(0), None);
    }
}
