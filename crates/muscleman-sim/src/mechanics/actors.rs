//! The actors phase (rules.md §4, "Actors phase"): every entity that acts
//! by itself, in one pass.
//!
//! Rule: every step, whatever the input (a wait, a refused move, a blocked
//! swing and a no-op included), each actor that the player does not hold,
//! in id order, whatever its recipe, takes its turn as its recipe declares
//! (`RecipeDecl::acting`: a duck walks or turns). Later actors see what
//! earlier ones did. Whether an actor is held is decided when the phase
//! runs: one dropped this step acts, one grabbed does not.
//!
//! An actor is an entity with a brain ([`TagKind::Brain`]); the spatial
//! index lists them (`Tallies::listed`), so the phase costs in proportion
//! to the actors, never to the level's area. The registry checks at
//! compile time that every recipe with a brain declares how it acts, and
//! that no two acting recipes share a set of tags, so the pass finds each
//! actor's turn from its tags alone, and `World::validate_environment`
//! checks that every actor is of such a recipe and faces some way if its
//! recipe spawns facing.

use crate::component::TagKind;
use crate::context::StepContext;
use crate::decl::Mechanic;
use crate::floor::same_band;
use crate::line::{Phase, system};
use crate::motion::Motion;
use crate::needs::Needs;
use crate::world::{World, WorldError};
use muscleman_core::{GridDir, GridPos};

/// The actors phase: one line, whatever acts.
pub(crate) const MECHANIC: Mechanic = Mechanic {
    motions: &[Motion::Actor],
    meets: &[(Needs::Actors, TagKind::Brain)],
    lists: &[TagKind::Brain],
    ..Mechanic::new(
        "actors",
        &[],
        &[system(Phase::Actors, "actors", run).when(Needs::Actors)],
    )
};

/// Return the cell ahead of an actor at `at` facing `facing`, if it is
/// inside the actor's floor's rectangle (what every actor's turn looks
/// at first).
pub(crate) fn way_ahead(world: &World, at: GridPos, facing: GridDir) -> Option<GridPos> {
    let ahead = at.step(facing);
    (same_band(at, ahead) && world.inside_floor(ahead)).then_some(ahead)
}

/// Give every actor the player does not hold its turn, in id order.
fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    let mut actors = ctx.take_ids();
    ctx.world()
        .index()
        .tallies()
        .listed_all(TagKind::Brain, &mut actors);
    let held = ctx.held();
    let mut result = Ok(());
    for &actor in actors.iter().filter(|a| Some(**a) != held) {
        // An earlier actor's turn may have destroyed it.
        let Some((at, tags)) = ctx.world().index().locate(actor) else {
            continue;
        };
        let Some(act) = ctx.act_of(tags) else {
            continue;
        };
        result = act(ctx, actor, at);
        if result.is_err() {
            break;
        }
    }
    ctx.give_back_ids(actors);
    result
}
