//! The view as plain data for Godot: kinds, colours, states, layers, the
//! floor area (`muscleman_godot::view`).

use muscleman_core::Input;
use muscleman_level::Level;
use muscleman_sim::{Game, Rules, World};

use muscleman_core::{EntityId, GlobalCounter, GridDir, GridPos};
use muscleman_godot::view::{ViewData, look_of};
use muscleman_sim::{Appearance, View};

const ROOM: &str = "legend: p = PressurePlateRed\n\
                    legend: R = DoorRed\n\
                    legend: H = PressurePlateHeavy\n\
                    legend: S = SecretDoor\n\
                    legend: k = KeyBlue\n\
                    legend: o = Coin\n\
                    legend: a = Apple\n\
                    legend: h = Hammer\n\
                    #########\n\
                    #@$p R%~#\n\
                    #&HSkoah#\n\
                    #########\n";

/// Each cell of row `y` from x = 1 to 7 as its first piece's look, in
/// short: kind, colour, then `+` for open or pressed and the counter.
fn row(view: &ViewData, y: i32) -> Vec<String> {
    (1..8)
        .map(|x| match view.cell(GridPos::new(x, y)).next() {
            None => "floor".to_owned(),
            Some(p) => {
                let l = p.look;
                let on = if l.state.is_empty() { "" } else { "+" };
                format!("{} {}{on} {}", l.kind, l.color, l.counter)
                    .trim()
                    .to_owned()
            }
        })
        .collect()
}

#[test]
fn every_look_has_its_name_colour_state_and_counter() {
    let mut game = Game::new(&Level::parse(ROOM).unwrap(), Rules::MUSCLEMAN).unwrap();
    let view = ViewData::of(&game.view());
    assert_eq!((view.origin, view.size), (GridPos::new(0, 0), (9, 4)));
    assert_eq!(
        row(&view, 1),
        [
            "player",
            "box",
            "plate red",
            "floor",
            "door red",
            "weak_wall",
            "water"
        ]
    );
    assert_eq!(
        row(&view, 2),
        [
            "heavy_box",
            "heavy_plate",
            "secret_door",
            "key blue",
            "coin  coins",
            "apple  apples_eaten",
            "hammer"
        ]
    );
    assert_eq!(view.facing, Some(GridDir::Down));
    assert_eq!(view.holding, None);
    assert_eq!(view.counters.len(), GlobalCounter::ALL.len());
    assert_eq!(view.counters[0], ("coins", 0));

    // Before: #@$p R%~#   After: # @$ R%~#  (the box, read before the
    // plate in id order, presses it; the red door opens)
    game.step(Input::Move(GridDir::Right)).unwrap();
    let view = ViewData::of(&game.view());
    assert_eq!(
        row(&view, 1),
        [
            "floor",
            "player",
            "box",
            "floor",
            "door red+",
            "weak_wall",
            "water"
        ]
    );
    let on_plate: Vec<_> = view
        .cell(GridPos::new(3, 1))
        .map(|p| (p.look.kind, p.look.state))
        .collect();
    assert_eq!(on_plate, [("box", ""), ("plate", "pressed")]);
}

/// Every recipe the sim declares reaches a script by its kind, layer and
/// fallback glyph, with no edit here (the demonstration lantern of
/// `--features demo-glow` included).
#[test]
fn every_declared_recipe_has_a_look() {
    let mut world = World::new();
    let mut player = None;
    for (x, decl) in (0..).zip(muscleman_sim::recipe_decls()) {
        let id = muscleman_sim::spawn(&mut world, decl.recipe, GridPos::new(x, 0)).unwrap();
        player = player.or((decl.recipe == muscleman_core::EntityRecipe::Player).then_some(id));
    }
    let view = ViewData::of(&View::of(&world, player.unwrap()));
    for (piece, decl) in view.pieces.iter().zip(muscleman_sim::recipe_decls()) {
        assert_eq!(piece.look.kind, decl.art.kind);
        assert_eq!(piece.look.glyph, decl.art.glyph);
        assert_eq!(piece.look.layer, decl.art.layer.0);
    }
}

#[test]
fn an_empty_view_has_no_size() {
    let view = ViewData::of(&View::of(&World::new(), EntityId::new(0, 1)));
    assert_eq!((view.origin, view.size), (GridPos::ZERO, (0, 0)));
    assert_eq!((view.pieces.len(), view.facing), (0, None));
}

#[test]
fn an_appearance_the_adapter_does_not_know_is_drawn_as_unknown() {
    let unknown = look_of(Appearance::UNKNOWN);
    assert_eq!(
        (unknown.kind, unknown.glyph, unknown.tint),
        ("unknown", '?', "magenta")
    );
}

/// The kind, facing and contents of the first piece in cell `(x, y)`.
fn facing_at(view: &ViewData, x: i32, y: i32) -> (&'static str, Option<GridDir>) {
    let p = view.cell(GridPos::new(x, y)).next().unwrap();
    (p.look.kind, p.facing)
}

/// Each piece's facing is the sim view's, never worked out here: a duck's
/// as the level writes it and as it turns, the player's, none for the rest.
#[test]
fn every_piece_faces_the_way_the_sim_says() {
    let level = "legend: t = Duck:right\nlegend: x = Duck:up\nlegend: d = Duck\n\
                 #######\n#@-t#x#\n#--d--#\n#######\n";
    let mut game = Game::new(&Level::parse(level).unwrap(), Rules::MUSCLEMAN).unwrap();
    let view = ViewData::of(&game.view());
    assert_eq!(facing_at(&view, 1, 1), ("player", Some(GridDir::Down)));
    assert_eq!(facing_at(&view, 3, 1), ("duck", Some(GridDir::Right)));
    assert_eq!(facing_at(&view, 5, 1), ("duck", Some(GridDir::Up)));
    assert_eq!(facing_at(&view, 3, 2), ("duck", Some(GridDir::Down)));
    assert_eq!(facing_at(&view, 0, 0), ("wall", None));
    let sim = game.view();
    for (piece, sprite) in view.pieces.iter().zip(sim.sprites()) {
        assert_eq!((piece.id, piece.facing), (sprite.entity, sprite.facing));
    }

    // A wait and a move: the ducks walk or turn; the view still gives
    // each the sim's facing, and the player faces the way it moved.
    game.step(Input::Wait).unwrap();
    game.step(Input::Move(GridDir::Right)).unwrap();
    let view = ViewData::of(&game.view());
    let sim = game.view();
    for (piece, sprite) in view.pieces.iter().zip(sim.sprites()) {
        assert_eq!((piece.id, piece.facing), (sprite.entity, sprite.facing));
    }
    assert_eq!(facing_at(&view, 2, 1), ("player", Some(GridDir::Right)));
}

/// What a cauldron or a bong holds is listed from its contents: a cauldron
/// with a key in it is drawn marked, a bong with its two keys.
#[test]
fn a_cauldron_and_a_bong_list_what_they_hold() {
    let level = "legend: c = Cauldron\nlegend: e = Cauldron(KeyBlue)\n\
                 legend: v = Bong(KeyRed KeyBlue)\n#@cev#\n";
    let game = Game::new(&Level::parse(level).unwrap(), Rules::MUSCLEMAN).unwrap();
    let view = ViewData::of(&game.view());
    let held = |x| -> Vec<(&str, &str)> {
        let p = view.cell(GridPos::new(x, 0)).next().unwrap();
        p.content_looks().map(|l| (l.kind, l.color)).collect()
    };
    assert_eq!(held(2), []);
    assert_eq!(held(3), [("key", "blue")]);
    assert_eq!(held(4), [("key", "red"), ("key", "blue")]);
    assert_eq!(held(1), []);
}
