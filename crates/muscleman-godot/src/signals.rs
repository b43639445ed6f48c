//! Events as signals: each sim event becomes one signal, a name and its
//! arguments as plain data, in the sim's order.
//!
//! The names and parameters are the sim's event catalogue
//! ([`SimEvent::CATALOGUE`]), which the CLI's JSON reads too (rules.md §7).
//! [`signals`] lists every signal with its parameters; the gdext layer
//! declares the same ones (a test reads `node.rs` and holds each
//! `#[signal]` to the catalogue) and turns each [`Arg`] into a Godot value.

use muscleman_core::{EntityId, FieldType, FieldValue, GridPos, SimEvent};

/// One argument of a signal, as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// An entity (an int in Godot: [`entity_int`]; 0 for none).
    Entity(Option<EntityId>),
    /// A cell (a `Vector2i`).
    Cell(GridPos),
    /// A name (a `String`): a move cause, a swing-blocked reason, a counter,
    /// a sound.
    Name(&'static str),
    /// Entities, in order (a `PackedInt64Array`).
    Entities(Vec<EntityId>),
    /// A number (an int).
    Int(u32),
    /// Yes or no (a `bool`).
    Flag(bool),
}

/// One signal to emit: its name and arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signal {
    /// The signal's name (`"moved"`).
    pub name: &'static str,
    /// Its arguments, in the order of the event's fields.
    pub args: Vec<Arg>,
}

/// A signal the node declares: its name and its parameters, each a field of
/// the sim's event catalogue ([`SimEvent::CATALOGUE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SignalInfo {
    /// The signal's name.
    pub name: &'static str,
    /// Each parameter's name and type, in order.
    pub params: &'static [(&'static str, FieldType)],
}

/// Return the Godot type a field becomes.
///
/// # Example
/// ```
/// use muscleman_core::FieldType;
/// use muscleman_godot::signals::godot_type;
///
/// assert_eq!(godot_type(FieldType::Cell), "Vector2i");
/// ```
pub const fn godot_type(field: FieldType) -> &'static str {
    match field {
        FieldType::Entity | FieldType::MaybeEntity | FieldType::Number => "int",
        FieldType::Cell => "Vector2i",
        FieldType::Name => "String",
        FieldType::Entities => "PackedInt64Array",
        FieldType::Flag => "bool",
    }
}

/// Iterate over every signal the node declares: one per event of the sim's
/// catalogue, with its fields as parameters, then `solved`.
pub fn signals() -> impl Iterator<Item = SignalInfo> {
    SimEvent::CATALOGUE
        .iter()
        .map(|e| SignalInfo {
            name: e.name,
            params: e.fields,
        })
        .chain(std::iter::once(SignalInfo {
            name: "solved",
            params: &[],
        }))
}

/// Return an entity id as Godot carries it: the id's 64 bits
/// ([`EntityId::to_bits`]) as an int. Generations start at 1, so 0 is no
/// entity.
pub const fn entity_int(id: EntityId) -> i64 {
    id.to_bits().cast_signed()
}

/// Return the signal a sim event becomes: its catalogue name, and its
/// fields in order.
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
/// assert_eq!(signal.args, [Arg::Entity(Some(id)), Arg::Cell(from), Arg::Cell(to), Arg::Name("push")]);
/// ```
pub fn signal_of(event: &SimEvent) -> Signal {
    let args = event
        .fields()
        .iter()
        .map(|(_, value)| match *value {
            FieldValue::Entity(id) => Arg::Entity(Some(id)),
            FieldValue::MaybeEntity(id) => Arg::Entity(id),
            FieldValue::Cell(at) => Arg::Cell(at),
            FieldValue::Name(n) => Arg::Name(n),
            FieldValue::Entities(ids) => Arg::Entities(ids.as_slice().to_vec()),
            FieldValue::Number(n) => Arg::Int(n),
            FieldValue::Flag(b) => Arg::Flag(b),
        })
        .collect();
    Signal {
        name: event.name(),
        args,
    }
}

/// Return the `solved` signal.
pub fn solved() -> Signal {
    Signal {
        name: "solved",
        args: Vec::new(),
    }
}

/// Return the declaration of a signal by name.
pub fn info_of(name: &str) -> Option<SignalInfo> {
    signals().find(|s| s.name == name)
}

#[cfg(test)]
mod tests {
    use muscleman_core::{
        GlobalCounter, LevelTransition, MoveCause, Moved, Smashed, SoundHint, SoundKind, SpawnedIds,
    };

    use super::*;

    /// The `#[signal]` declarations of `node.rs`, as (name, [(param, type)]).
    fn declared() -> Vec<(String, Vec<(String, String)>)> {
        let source = include_str!("node.rs");
        let mut out = Vec::new();
        let mut lines = source.lines();
        while let Some(line) = lines.next() {
            if line.trim() != "#[signal]" {
                continue;
            }
            let decl = lines.next().unwrap_or_default().trim();
            let decl = decl.trim_start_matches("fn ").trim_end_matches(");");
            let (name, params) = decl.split_once('(').unwrap_or((decl, ""));
            let params = params
                .split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(|p| {
                    let (n, t) = p.split_once(':').unwrap_or((p, ""));
                    (n.trim().to_owned(), t.trim().to_owned())
                })
                .collect();
            out.push((name.to_owned(), params));
        }
        out
    }

    /// The Rust type a `#[signal]` parameter of a Godot type is written with.
    fn rust_type(godot: &str) -> &'static str {
        match godot {
            "int" => "i64",
            "Vector2i" => "Vector2i",
            "String" => "GString",
            "PackedInt64Array" => "PackedInt64Array",
            "bool" => "bool",
            _ => "?",
        }
    }

    /// The signals `node.rs` declares of its own, leaving out `sim_event`.
    fn typed() -> Vec<(String, Vec<(String, String)>)> {
        let mut typed = declared();
        let generic = typed.pop();
        assert_eq!(
            generic,
            Some((
                "sim_event".to_owned(),
                vec![
                    ("name".to_owned(), "GString".to_owned()),
                    ("fields".to_owned(), "VarDictionary".to_owned())
                ]
            )),
            "sim_event comes last"
        );
        typed
    }

    /// Every signal of the catalogue (and `solved`) as `node.rs` would write it.
    fn wanted() -> Vec<(String, Vec<(String, String)>)> {
        signals()
            .map(|s| {
                let params = s
                    .params
                    .iter()
                    .map(|(n, t)| ((*n).to_owned(), rust_type(godot_type(*t)).to_owned()))
                    .collect();
                (s.name.to_owned(), params)
            })
            .collect()
    }

    #[test]
    fn every_signal_of_the_node_is_an_event_of_the_catalogue_with_its_fields() {
        let wanted = wanted();
        let typed = typed();
        let known: Vec<_> = wanted
            .iter()
            .filter(|w| typed.iter().any(|t| t.0 == w.0))
            .cloned()
            .collect();
        assert_eq!(typed, known, "node.rs declares catalogue events, in order");
    }

    /// Without the demonstration mechanic, the node declares a signal of its
    /// own for every event; a newer mechanic's events go out as `sim_event`.
    #[cfg(not(feature = "demo-glow"))]
    #[test]
    fn the_node_declares_every_event_of_the_default_build() {
        assert_eq!(typed(), wanted());
    }

    #[test]
    fn payloads_carry_the_event_fields_in_order() {
        let (a, b) = (EntityId::new(1, 1), EntityId::new(2, 3));
        let (p, q) = (GridPos::new(0, 0), GridPos::new(1, 0));
        let mut contents = SpawnedIds::EMPTY;
        contents.push(b);
        contents.push(a);
        let moved = signal_of(
            &Moved {
                entity: a,
                from: p,
                to: q,
                cause: MoveCause::Undo,
            }
            .into(),
        );
        assert_eq!(moved.args[3], Arg::Name("undo"));
        let smashed = signal_of(
            &Smashed {
                entity: a,
                contents,
            }
            .into(),
        );
        assert_eq!(smashed.args[1], Arg::Entities(vec![b, a]));
        let collected = signal_of(
            &muscleman_core::ItemCollected {
                entity: b,
                counter: GlobalCounter::Coins,
            }
            .into(),
        );
        assert_eq!(collected.args[1], Arg::Name("coins"));
        let stairs = signal_of(
            &LevelTransition {
                player: a,
                stairs: b,
                carried: None,
                from_floor: 1,
                to_floor: 2,
            }
            .into(),
        );
        assert_eq!(
            stairs.args[2..],
            [Arg::Entity(None), Arg::Int(1), Arg::Int(2)]
        );
        let bump = signal_of(
            &SoundHint {
                entity: a,
                kind: SoundKind::Bump,
            }
            .into(),
        );
        assert_eq!(bump.args, [Arg::Entity(Some(a)), Arg::Name("bump")]);
    }

    #[test]
    fn entity_ints_are_the_id_bits_and_never_zero() {
        assert_eq!(entity_int(EntityId::new(7, 1)), (1 << 32) + 7);
        assert_eq!(entity_int(EntityId::new(0, 1)), 1 << 32);
        assert_eq!(EntityId::from_bits(0), None);
    }
}
