//! The demonstration mechanic (cargo feature `demo-glow`, off by default):
//! a lantern that glows while the player stands next to it.
//!
//! It is what adding a mechanic costs: this module, one line in
//! `MECHANICS`, and in core the `Lantern` line of the recipe table and the
//! `Glowed` line of the event catalogue. The level format reads
//! `legend: l = Lantern`, the view gives its kind, glyph, tint, layer and
//! its `"lit"` state, the terminal and the Godot board draw its fallback,
//! and `replay --json` and the Godot node carry `glowed`, all from these
//! declarations.
//!
//! Rule: after the player's action, each lantern that the player came next
//! to or left emits `Glowed { lantern, lit }`, in id order. Whether a
//! lantern is lit is worked out from where the player stands, so it is no
//! state: undo, saves and the hash need nothing.

use muscleman_core::{EntityId, EntityRecipe, Glowed, GridDir, GridPos};

use crate::component::{TagKind, TagSet};
use crate::context::StepContext;
use crate::decl::{Answer, Art, Assume, Layer, Mechanic, RecipeDecl, Tint};
use crate::index::SpatialIndex;
use crate::line::{Phase, system};
use crate::world::{World, WorldError};

/// A lantern's tags: it blocks like a wall and never changes.
const LANTERN: &[TagKind] = &[
    TagKind::BlocksMovement,
    TagKind::BlocksPush,
    TagKind::Static,
];

/// Lanterns, and their glow.
pub(crate) const MECHANIC: Mechanic = Mechanic::new(
    "glow",
    &[RecipeDecl::new(
        EntityRecipe::Lantern,
        LANTERN,
        Art::new("lantern", "lantern", Layer::THING, 'L', Tint::Yellow),
        Assume::SCENERY
            .outside_push_search("lanterns")
            .answering_steps(Answer::Beyond),
    )
    .showing(shows)
    .explained("it glows while you stand next to it.")],
    &[system(Phase::Environment, "glow", run)],
);

/// Return whether `tags` are a lantern's.
fn is_lantern(tags: TagSet) -> bool {
    tags == TagSet::of(LANTERN)
}

/// Return the four cells next to `at`.
fn around(at: GridPos) -> impl Iterator<Item = GridPos> {
    GridDir::ALL.into_iter().map(move |d| at + d.offset())
}

/// Return whether the player stands next to `at`.
fn player_beside(index: &SpatialIndex, at: GridPos) -> bool {
    around(at).any(|c| index.has_kind_at(TagKind::Player, c))
}

/// A lantern shows `"lit"` while the player stands next to it.
fn shows(world: &World, _: EntityId, at: GridPos, _: TagSet) -> &'static str {
    if player_beside(world.index(), at) {
        "lit"
    } else {
        ""
    }
}

/// Emit `Glowed` for each lantern the player came next to or left this
/// step, in id order.
fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    let (before, now) = (ctx.player_at, ctx.world().position(ctx.player)?);
    if before == now {
        return Ok(());
    }
    let mut lanterns = ctx.take_ids();
    let index = ctx.world().index();
    for at in around(before).chain(around(now)) {
        lanterns.extend(
            index
                .tagged_at(at)
                .filter(|(_, tags)| is_lantern(*tags))
                .map(|(id, _)| id),
        );
    }
    lanterns.sort_unstable();
    lanterns.dedup();
    let beside = |a: GridPos, b: GridPos| a.x.abs_diff(b.x) + a.y.abs_diff(b.y) == 1;
    for &lantern in &lanterns {
        if let Some((at, _)) = ctx.world().index().locate(lantern) {
            let (was, is) = (beside(at, before), beside(at, now));
            if was != is {
                ctx.events.push(Glowed { lantern, lit: is });
            }
        }
    }
    ctx.give_back_ids(lanterns);
    Ok(())
}

#[cfg(test)]
mod tests {
    use muscleman_core::{GridDir, Input, SimEvent};
    use muscleman_level::Level;

    use crate::game::Game;
    use crate::rules::Rules;
    use crate::view::appearance;

    fn game() -> Game {
        let level = Level::parse("legend: l = Lantern\n#####\n#@ l#\n#####\n")
            .unwrap_or_else(|e| panic!("{e}"));
        Game::new(&level, Rules::MUSCLEMAN).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Step `input` and return the `lit` of each `Glowed` it emitted.
    fn glowed(game: &mut Game, input: Input) -> Vec<bool> {
        game.step(input)
            .unwrap_or_else(|e| panic!("{e}"))
            .iter()
            .filter_map(|e| match e {
                SimEvent::Glowed(g) => Some(g.lit),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_lantern_lights_beside_the_player_and_goes_dark_when_it_leaves() {
        let mut game = game();
        let lantern = game
            .view()
            .sprites()
            .iter()
            .find(|s| s.appearance.kind == "lantern")
            .map(|s| s.entity)
            .unwrap_or_else(|| panic!("a lantern"));
        assert_eq!(appearance(game.world(), lantern).state, "");
        let (right, left) = (Input::Move(GridDir::Right), Input::Move(GridDir::Left));
        assert_eq!(glowed(&mut game, right), [true]);
        assert_eq!(appearance(game.world(), lantern).state, "lit");
        assert_eq!(glowed(&mut game, right), [false; 0], "a lantern blocks");
        assert_eq!(glowed(&mut game, left), [false]);
        game.undo().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(appearance(game.world(), lantern).state, "lit", "undo");
    }
}
