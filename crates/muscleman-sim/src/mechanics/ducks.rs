//! Ducks (rules.md §4, "Actors phase: ducks"): actors, given their turn by
//! the actors phase (`actors.rs`) with every other actor, in id order.
//!
//! Rule: on its turn (every step, whatever the input, unless the player
//! holds it), a duck looks at the cell ahead of it (its cell plus its
//! Facing). If that cell is inside its floor's rectangle and holds nothing
//! that blocks movement, the duck walks there (`Moved`, cause `Brain`): it
//! swims (water is fine, and it never sinks) and never pushes. Otherwise
//! it turns clockwise where it stands and quacks (`SoundHint`, kind
//! `quack`). Later actors see the moves of earlier ones.
//!
//! A duck is otherwise a thing: pushed, carried and shoved like a box,
//! pressing coloured plates (it blocks movement), counting on no goal. Its
//! Facing is state (`Duck:up` in a level; `Duck:down`, the way it spawns,
//! printed plain), hashed, saved and restored by undo like any component,
//! so in a level with a duck every step changes the state.

use muscleman_core::{EntityId, EntityRecipe, GridDir, GridPos, MoveCause, SoundHint, SoundKind};

use crate::component::{Facing, TagKind};
use crate::context::StepContext;
use crate::decl::{
    Answer, Art, Assume, Init, Layer, Mechanic, Moves, OpenedBy, PressedBy, RecipeDecl, Spawns,
    StateDecl, Tint, facing_states, shows_facing,
};
use crate::mechanics::actors::way_ahead;
use crate::world::WorldError;

/// A duck's look, whichever way it faces (the view gives the way).
const ART: Art = Art::new("duck", "duck", Layer::THING, 'D', Tint::Yellow);

/// Its states: the ways it may face.
const STATES: [StateDecl; 3] = facing_states(ART);

/// Ducks: actors that walk their way and turn where they cannot.
pub(crate) const MECHANIC: Mechanic = Mechanic::new(
    "ducks",
    &[RecipeDecl::new(
        EntityRecipe::Duck,
        &[
            TagKind::Brain,
            TagKind::BlocksMovement,
            TagKind::BlocksPush,
            TagKind::Pushable,
            TagKind::Liftable,
        ],
        ART,
        Assume {
            never_changes: false,
            moves: Moves::ByItself,
            never_moves_others: true,
            never_destroyed: true,
            push_search: Some("ducks"),
            answers_steps: Answer::Beyond,
            contents_change: false,
            spawns: Spawns::Nothing,
            makes: &[],
            opened_by: OpenedBy::NotADoor,
            pressed_by: PressedBy::NotAPlate,
            leads_between_floors: false,
            brews: &[],
            breaks: false,
            broken_by_swing: false,
            bridged_by_sinking: false,
            sinks: false,
        },
    )
    .explained(
        "walks a cell its way every step, even while you wait, and turns clockwise \
             where it cannot; swims, presses plates; moved like a box, never on a goal.",
    )
    .acting(act)
    .with_init(&[Init::Facing(GridDir::Down)])
    .with_states(&STATES)
    .showing(shows_facing)],
    &[],
);

/// One duck's turn: a step ahead, or a quarter turn clockwise and a quack.
fn act(ctx: &mut StepContext<'_>, duck: EntityId, at: GridPos) -> Result<(), WorldError> {
    let facing = ctx.world().get::<Facing>(duck)?.0;
    let world = ctx.world();
    let free = way_ahead(world, at, facing)
        .filter(|ahead| !world.index().has_kind_at(TagKind::BlocksMovement, *ahead));
    if let Some(ahead) = free {
        return ctx.move_entity(duck, at, ahead, MoveCause::Brain);
    }
    ctx.set(duck, Facing(facing.rotate_right()))?;
    ctx.events.push(SoundHint {
        entity: duck,
        kind: SoundKind::Quack,
    });
    Ok(())
}
