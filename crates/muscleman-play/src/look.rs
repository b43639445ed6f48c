//! Looking at a cell: what every front end calls a thing and a cell's
//! whole stack, top first, from the sim's view (names, states, colours,
//! contents, the layer each recipe declares), so nothing hides under what
//! is drawn on top.

use muscleman_core::{GridDir, GridPos, KeyColor, RecipeState};
use muscleman_sim::{Appearance, Sprite, View, recipe_appearance};

/// Return which entity of a cell is drawn: the lowest rank wins, and it
/// follows the layer the recipe declares (the player over walls and closed
/// doors over boxes, keys and hammers over what lies on the floor over the
/// floor itself).
pub fn rank(a: Appearance) -> u8 {
    u8::MAX - a.layer.0
}

/// Return what an appearance is called: its shown state, its colour and
/// its name (`"pressed red plate"`), and what it holds (`"box with red
/// key and apple"`).
pub fn name_of(a: Appearance) -> String {
    let mut name = String::new();
    for word in [a.state, a.color.map_or("", KeyColor::name)] {
        if !word.is_empty() {
            name.push_str(word);
            name.push(' ');
        }
    }
    name.push_str(a.name);
    let inside: Vec<String> = a
        .contents
        .as_slice()
        .iter()
        .filter_map(|r| recipe_appearance(*r))
        .map(name_of)
        .collect();
    if !inside.is_empty() {
        name.push_str(" with ");
        name.push_str(&inside.join(" and "));
    }
    name
}

/// Return what a thing facing `facing` is called: as [`name_of`], with
/// its way said after its name when its shown state is that way
/// (`"duck facing left"`, not `"left duck"`).
pub fn name_facing(a: Appearance, facing: Option<GridDir>) -> String {
    match facing {
        Some(dir) if !a.is("player") && a.state == RecipeState::facing_state(dir).name() => {
            format!(
                "{} facing {}",
                name_of(Appearance { state: "", ..a }),
                a.state
            )
        }
        _ => name_of(a),
    }
}

/// Return a cell's sprites top first: in the order a board draws them
/// over each other.
pub fn stack(view: &View, floor: u32, at: GridPos) -> Vec<Sprite> {
    let mut sprites = view.cell_on(floor, at).to_vec();
    sprites.sort_by_key(|s| (rank(s.appearance), s.entity));
    sprites
}

/// Return what a thing of the stack is called: its name with its state
/// and contents, and `held` for what the player holds.
pub fn called(view: &View, sprite: &Sprite) -> String {
    let name = name_facing(sprite.appearance, sprite.facing);
    if view.holding() == Some(sprite.entity) {
        format!("{name} (held)")
    } else {
        name
    }
}

/// Return where a cell of floor `floor` is, as every message says it:
/// `row 2 column 4`, after its floor on a level of several (`floor 2 row
/// 2 column 4`).
pub fn place(view: &View, floor: u32, at: GridPos) -> String {
    let floor = usize::try_from(floor).unwrap_or(usize::MAX);
    let floors = usize::try_from(view.floor_count()).unwrap_or(usize::MAX);
    muscleman_level::cell_name_on(floor, floors, at)
}

/// Return what a cell of floor `floor` holds, in words, top first: `box
/// with red key on water`, `you on goal`; `floor` for an empty cell of the
/// level, `nothing` outside it.
///
/// # Example
/// ```
/// use muscleman_core::GridPos;
/// use muscleman_level::Level;
/// use muscleman_play::look::stack_text;
/// use muscleman_sim::{Game, Rules};
///
/// let game = Game::new(&Level::parse("#@$.#")?, Rules::MUSCLEMAN)?;
/// let view = game.view();
/// assert_eq!(stack_text(&view, 1, GridPos::new(2, 0)), "box");
/// assert_eq!(stack_text(&view, 1, GridPos::new(9, 9)), "nothing");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn stack_text(view: &View, floor: u32, at: GridPos) -> String {
    let names: Vec<String> = stack(view, floor, at)
        .iter()
        .map(|s| called(view, s))
        .collect();
    if !names.is_empty() {
        return names.join(" on ");
    }
    if view.inside_on(floor).contains(&at) {
        "floor".to_owned()
    } else {
        "nothing".to_owned()
    }
}
