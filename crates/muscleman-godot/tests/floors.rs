//! Floors through the adapter: each piece's floor, the player's floor, the
//! floors' count, names and common rectangle, any floor's pieces and floor
//! area, and the `level_transition` signal through a climb and its undo.

use muscleman_core::{EntityId, GridPos};
use muscleman_godot::levels::BUILTIN;
use muscleman_godot::session::Session;
use muscleman_godot::signals::{Arg, Signal};
use muscleman_godot::view::{Floors, ViewData};
use muscleman_sim::{Command, Rules};

/// Built-in level 27, Key Upstairs (from 0: 26):
///
/// ```text
/// floor: Cellar
/// #######
/// #@k u #
/// #######
/// floor: Hall
/// ##########
/// #   d R$.#
/// ##########
/// ```
const KEY_UPSTAIRS: usize = 26;

fn session(number: usize) -> Session {
    Session::from_text(BUILTIN, number, Rules::MUSCLEMAN).unwrap()
}

/// The id of the first piece of `kind` at `at` on `floor`.
fn id_of(session: &Session, floor: u32, at: GridPos, kind: &str) -> EntityId {
    let view = session.view_on(floor);
    let piece = view.cell(at).find(|p| p.look.kind == kind);
    piece.map(|p| p.id).unwrap()
}

fn kinds(view: &ViewData, at: GridPos) -> Vec<&'static str> {
    view.cell(at).map(|p| p.look.kind).collect()
}

#[test]
fn a_level_with_floors_names_them_and_fits_them_in_one_rectangle() {
    let session = session(KEY_UPSTAIRS);
    let floors = session.floors();
    assert_eq!(
        floors,
        Floors {
            player: 1,
            count: 2,
            names: vec!["Cellar".to_owned(), "Hall".to_owned()],
            origin: GridPos::new(0, 0),
            // The Hall is 10 wide, the Cellar 7: the rectangle holds both.
            size: (10, 3),
        }
    );
    assert_eq!(
        (floors.name(1), floors.name(2), floors.name(3)),
        (Some("Cellar"), Some("Hall"), None)
    );
    assert_eq!(floors.floor(2), Some(2));
    assert_eq!((floors.floor(0), floors.floor(3)), (None, None));

    // Without a floor: the player's (the Cellar).
    let cellar = session.view();
    assert_eq!(
        (cellar.floor, cellar.origin, cellar.size),
        (1, GridPos::new(0, 0), (7, 3))
    );
    assert!(cellar.pieces.iter().all(|p| p.floor == 1));
    assert_eq!(session.view_on(1), cellar);
    assert_eq!(kinds(&cellar, GridPos::new(4, 1)), ["stairs_up"]);

    // Another floor: its own pieces, in its own coordinates, and its floor
    // area reached from its stairs.
    let hall = session.view_on(2);
    assert_eq!((hall.floor, hall.size), (2, (10, 3)));
    assert!(hall.pieces.iter().all(|p| p.floor == 2));
    assert_eq!(kinds(&hall, GridPos::new(4, 1)), ["stairs_down"]);
    assert_eq!(kinds(&hall, GridPos::new(6, 1)), ["door"]);
    assert!(hall.inside.contains(&GridPos::new(4, 1)));
    assert!(hall.inside.contains(&GridPos::new(1, 1)));
    assert!(!hall.pieces.iter().any(|p| p.look.kind == "player"));

    // A floor the level does not have: nothing.
    let none = session.view_on(3);
    assert_eq!(
        (none.pieces.len(), none.inside.len(), none.size),
        (0, 0, (0, 0))
    );
}

#[test]
fn floors_of_different_heights_share_one_rectangle() {
    // Plate Below: the Ground is 7 by 5, Upstairs 7 by 3.
    let session = session(27);
    let floors = session.floors();
    assert_eq!(
        (floors.count, floors.origin, floors.size),
        (2, GridPos::new(0, 0), (7, 5))
    );
    assert_eq!(session.view_on(2).size, (7, 3));
}

#[test]
fn a_one_floor_level_has_one_unnamed_floor() {
    let session = Session::from_text("#@$.#", 0, Rules::MUSCLEMAN).unwrap();
    let floors = session.floors();
    assert_eq!(
        (floors.player, floors.count, floors.name(1)),
        (1, 1, Some(""))
    );
    assert_eq!((floors.origin, floors.size), (GridPos::new(0, 0), (5, 1)));
    assert_eq!(session.view_on(1), session.view());
}

#[test]
fn the_stairs_signal_the_climb_with_what_is_carried_and_undo_walks_back_down() {
    let mut session = session(KEY_UPSTAIRS);
    let player = session.game().player();
    let key = id_of(&session, 1, GridPos::new(2, 1), "key");
    let stairs = id_of(&session, 1, GridPos::new(4, 1), "stairs_up");
    // Push the key right, grab it, walk it onto the stairs: not yet up.
    session.play("RgR").unwrap();
    assert_eq!(session.floors().player, 1);
    let before = session.view();

    // The next step takes the player up, the key along.
    let signals = session.play("R").unwrap();
    let names: Vec<_> = signals.iter().map(|s| s.name).collect();
    assert_eq!(names, ["moved", "moved", "level_transition"]);
    assert_eq!(
        signals.last(),
        Some(&Signal {
            name: "level_transition",
            args: vec![
                Arg::Entity(Some(player)),
                Arg::Entity(Some(stairs)),
                Arg::Entity(Some(key)),
                Arg::Int(1),
                Arg::Int(2),
            ],
        })
    );
    assert_eq!(session.floors().player, 2);
    let hall = session.view();
    assert_eq!(hall.floor, 2);
    assert_eq!(kinds(&hall, GridPos::new(4, 1)), ["player", "stairs_down"]);
    assert_eq!(kinds(&hall, GridPos::new(5, 1)), ["key"]);
    assert_eq!(hall.holding, Some(key));
    let cellar = session.view_on(1);
    assert!(cellar.pieces.iter().all(|p| p.id != player && p.id != key));

    // Undo: the moves back (cause undo, cells in their floor's coordinates),
    // no transition signal; the player is on the Cellar's stairs again.
    let back = session.apply(Command::Undo).unwrap();
    assert!(!back.is_empty());
    assert!(
        back.iter()
            .all(|s| s.name == "moved" && s.args.get(3) == Some(&Arg::Name("undo")))
    );
    assert_eq!(session.floors().player, 1);
    assert_eq!(session.view(), before);

    // Redo climbs again, signalling it.
    let again = session.apply(Command::Redo).unwrap();
    assert_eq!(again.last().map(|s| s.name), Some("level_transition"));
    assert_eq!(session.floors().player, 2);
}
