//! What a front end says about a level beside its board: its
//! introduction (the `Comment` the level opens with) and everything it
//! holds, each in the words its recipe declares in the sim
//! (`RecipeDecl::explain`), for the help of the terminal and the page.

use muscleman_core::{EntitySpec, GridPos};
use muscleman_level::Level;
use muscleman_sim::{Appearance, View, World, appearance, spawn_spec};

/// Return a level's comment, if it has one that is not blank: what it
/// says of itself as it opens.
pub fn intro_comment(level: &Level) -> Option<&str> {
    level
        .metadata()
        .get("Comment")
        .map(str::trim)
        .filter(|c| !c.is_empty())
}

/// Return the appearances of everything the level holds, as it began and
/// as it is now: its things in the states they are written in or have come
/// to, and what boxes hold, in recipe order. What is not in play any more
/// (a spent key) is still explained; so is what came (a sunk heavy box).
pub fn things_in(level: &Level, view: &View) -> Vec<Appearance> {
    let mut specs: Vec<EntitySpec> = level.all_entities().map(|(_, _, s)| s).collect();
    specs.sort_unstable();
    specs.dedup();
    let mut world = World::new();
    let mut out: Vec<Appearance> = Vec::new();
    let mut x = 0;
    let mut add = |out: &mut Vec<Appearance>, spec: &EntitySpec| {
        x += 1;
        if let Ok(id) = spawn_spec(&mut world, spec, GridPos::new(x, 0)) {
            out.push(appearance(&world, id));
        }
    };
    for spec in &specs {
        add(&mut out, spec);
    }
    let now: Vec<Appearance> = view.all_sprites().iter().map(|s| s.appearance).collect();
    for a in &now {
        out.push(*a);
    }
    let inside: Vec<EntitySpec> = out
        .iter()
        .flat_map(|a| a.contents.as_slice().to_vec())
        .map(EntitySpec::new)
        .collect();
    for spec in &inside {
        add(&mut out, spec);
    }
    out.sort_by_key(|a| (a.recipe, a.state, a.kind));
    out.dedup_by_key(|a| (a.recipe, a.state, a.kind, a.state_explain));
    out
}
