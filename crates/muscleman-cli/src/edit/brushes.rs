//! The palette: every brush the editor paints with, listed from the
//! registries (core's recipe table and the sim's declarations), so a new
//! recipe, state or box content appears without an edit here.

use muscleman_core::{CellClass, Contents, EntityRecipe, EntitySpec, GridDir, GridPos, Holds};
use muscleman_sim::{Appearance, Facing, Tint, World, appearance, recipe_decl, spawn_spec};

use crate::play::art::name_facing;

/// What a brush paints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Brush {
    /// Clears the cell: bare floor.
    Erase,
    /// Adds one thing to the cell.
    Thing(EntitySpec),
}

impl Brush {
    /// Return the brush's name as the palette lists it: the legend's
    /// spelling (`DoorRed:open`, `Box(Apple)`), and what players call it.
    pub fn name(&self) -> String {
        match self {
            Brush::Erase => "Floor (erase)".to_owned(),
            Brush::Thing(spec) if recipe_decl(spec.recipe).is_none() => {
                format!("{spec}  (level data: the game does not play it yet)")
            }
            Brush::Thing(spec) => format!("{spec}  {}", called(spec)),
        }
    }

    /// Return the short name the status line uses: `DoorRed:open`.
    pub fn short(&self) -> String {
        match self {
            Brush::Erase => "floor".to_owned(),
            Brush::Thing(spec) => spec.to_string(),
        }
    }
}

/// Return what players call the thing `spec` paints, as the game's look
/// names it (`box with blue key`, `duck facing up`), in the state the
/// level writes (a door written `:unlocked` is an `unlocked red door`,
/// though it looks as an open one does).
fn called(spec: &EntitySpec) -> String {
    let (mut a, facing) = looks_of(spec);
    if let Some(state) = spec.state
        && !a.state.is_empty()
        && facing.is_none()
    {
        a.state = state.name();
    }
    name_facing(a, facing)
}

/// Return every brush: erase, then each recipe levels may hold in the
/// table's order, in its own state (unless it must hold something), then
/// in each state it may be written in, then (for a recipe that holds
/// things) holding each thing it may hold, and (for one that holds keys)
/// each key, or two keys, as many as it holds.
pub fn palette() -> Vec<Brush> {
    let in_levels = || EntityRecipe::ALL.into_iter().filter(|r| r.in_levels());
    let mut out = vec![Brush::Erase];
    for recipe in in_levels() {
        let info = recipe.info();
        let base = EntitySpec::new(recipe);
        if !matches!(info.holds, Holds::Keys { least, .. } if least > 0) {
            out.push(Brush::Thing(base));
        }
        for (state, _) in info.states {
            out.push(Brush::Thing(base.with_state(*state)));
        }
        let keys = || in_levels().filter(|r| r.is_key());
        let mut hold = |items: &[EntityRecipe]| {
            if let Some(contents) = Contents::from_slice(items) {
                out.push(Brush::Thing(base.with_contents(contents)));
            }
        };
        match info.holds {
            Holds::Things => {
                for content in in_levels().filter(|r| r.info().class.contains(CellClass::CONTENT)) {
                    hold(&[content]);
                }
            }
            Holds::Keys { least, most } if least <= 1 && most >= 1 => {
                for key in keys() {
                    hold(&[key]);
                }
            }
            Holds::Keys { least, most } if least <= 2 && most >= 2 => {
                for first in keys() {
                    for second in keys().filter(|k| *k >= first) {
                        hold(&[first, second]);
                    }
                }
            }
            Holds::Keys { .. } | Holds::Nothing => {}
        }
    }
    out
}

/// Return how a thing looks, as the game draws it: its appearance in a
/// world of its own, or for a recipe the sim does not play yet (level
/// data such as stairs), its name's last word's initial.
pub fn appearance_of(spec: &EntitySpec) -> Appearance {
    looks_of(spec).0
}

/// Return how a thing looks and the way it faces as the sim spawns it (a
/// duck's state; `None` for what faces no way), read from a world of its
/// own as [`appearance_of`] does.
pub fn looks_of(spec: &EntitySpec) -> (Appearance, Option<GridDir>) {
    let mut world = World::new();
    match spawn_spec(&mut world, spec, GridPos::ZERO) {
        Ok(id) => (
            appearance(&world, id),
            world.get::<Facing>(id).ok().map(|f| f.0),
        ),
        Err(_) => (fallback(spec), None),
    }
}

/// The look of a recipe the sim does not play: its name's last word's
/// initial.
fn fallback(spec: &EntitySpec) -> Appearance {
    let name = spec.recipe.name();
    let initial = name
        .char_indices()
        .rfind(|(_, c)| c.is_ascii_uppercase())
        .map_or('?', |(_, c)| c);
    Appearance {
        recipe: Some(spec.recipe),
        kind: "level_data",
        name,
        glyph: initial,
        tint: Tint::Cyan,
        ..Appearance::UNKNOWN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_lists_every_recipe_levels_hold_with_states_and_contents() {
        let brushes = palette();
        for recipe in EntityRecipe::ALL.into_iter().filter(|r| r.in_levels()) {
            assert!(
                brushes
                    .iter()
                    .any(|b| matches!(b, Brush::Thing(s) if s.recipe == recipe)),
                "{recipe}"
            );
        }
        // A bong holds two keys: no brush paints one without.
        assert!(!brushes.contains(&Brush::Thing(EntitySpec::new(EntityRecipe::Bong))));
        let keys = |items: &[EntityRecipe]| Contents::from_slice(items).unwrap_or_default();
        let bong = EntitySpec::new(EntityRecipe::Bong)
            .with_contents(keys(&[EntityRecipe::KeyBlue, EntityRecipe::KeyYellow]));
        assert!(brushes.contains(&Brush::Thing(bong)));
        let cauldron =
            EntitySpec::new(EntityRecipe::Cauldron).with_contents(keys(&[EntityRecipe::KeyRed]));
        assert!(brushes.contains(&Brush::Thing(cauldron)));
        let open =
            EntitySpec::new(EntityRecipe::DoorRed).with_state(muscleman_core::RecipeState::Open);
        assert!(brushes.contains(&Brush::Thing(open)));
        let apple = Contents::from_slice(&[EntityRecipe::Apple]).unwrap_or_default();
        let boxed = EntitySpec::new(EntityRecipe::Box).with_contents(apple);
        assert!(brushes.contains(&Brush::Thing(boxed)));
        assert_eq!(Brush::Thing(boxed).short(), "Box(Apple)");
        // A ghost with its four facings, and a book.
        let ghost = EntitySpec::new(EntityRecipe::Ghost);
        assert!(brushes.contains(&Brush::Thing(ghost)));
        for way in [
            muscleman_core::RecipeState::Up,
            muscleman_core::RecipeState::Right,
            muscleman_core::RecipeState::Left,
        ] {
            assert!(brushes.contains(&Brush::Thing(ghost.with_state(way))));
        }
        assert!(brushes.contains(&Brush::Thing(EntitySpec::new(EntityRecipe::Book))));
    }

    #[test]
    fn each_brush_is_named_once_and_states_apart() {
        let names: Vec<String> = palette().iter().map(Brush::name).collect();
        let named = |legend: &str| {
            names
                .iter()
                .find(|n| n.split("  ").next() == Some(legend))
                .cloned()
                .unwrap_or_default()
        };
        assert_eq!(named("Box(KeyBlue)"), "Box(KeyBlue)  box with blue key");
        assert_eq!(named("DoorRed:open"), "DoorRed:open  open red door");
        assert_eq!(
            named("DoorRed:unlocked"),
            "DoorRed:unlocked  unlocked red door"
        );
        assert_eq!(named("Duck"), "Duck  duck facing down");
        assert_eq!(named("Duck:up"), "Duck:up  duck facing up");
        // No two brushes read alike.
        let words: Vec<&str> = names.iter().filter_map(|n| n.split("  ").nth(1)).collect();
        for (i, w) in words.iter().enumerate() {
            assert!(!words[..i].contains(w), "{w} twice: {names:#?}");
        }
    }

    #[test]
    fn level_data_the_sim_does_not_play_still_looks_like_something() {
        // What the sim plays looks as its declaration says.
        let stairs = appearance_of(&EntitySpec::new(EntityRecipe::StairsDown));
        assert_eq!((stairs.kind, stairs.glyph), ("stairs_down", '>'));
        let b = appearance_of(&EntitySpec::new(EntityRecipe::Box));
        assert_eq!(b.kind, "box");
        // What levels may hold and the sim does not play yet gets a glyph
        // of its name's last capital.
        let unplayed = EntityRecipe::ALL
            .into_iter()
            .filter(|r| r.in_levels() && muscleman_sim::recipe_decl(*r).is_none());
        for recipe in unplayed {
            let a = appearance_of(&EntitySpec::new(recipe));
            assert_eq!(a.kind, "level_data", "{recipe}");
            assert!(a.glyph.is_ascii_uppercase(), "{recipe}: {}", a.glyph);
        }
    }
}
