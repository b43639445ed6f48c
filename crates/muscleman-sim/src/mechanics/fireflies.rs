//! The demonstration actor (cargo feature `demo-glow`, off by default): a
//! firefly that flies its way and turns round where it cannot.
//!
//! It is what adding an actor costs: this module, one line in
//! `MECHANICS`, and in core the `Firefly` line of the recipe table. The
//! actors phase gives it its turn with the ducks, in id order; the level
//! format reads `legend: f = Firefly:up`; every front end draws it from
//! its declared art and Facing; and the solver searches levels with it as
//! timed puzzles, its cell and Facing in the position key, from these
//! declarations alone (its tests are the solver's `declared.rs` and
//! `fireflies.rs`).
//!
//! Rule: on its turn (every step, whatever the input), a firefly looks at
//! the cell ahead of it (its cell plus its Facing). If that cell is inside
//! its floor's rectangle and holds nothing that blocks movement, it flies
//! there (`Moved`, cause `Brain`), over water too. Otherwise it turns
//! round where it stands, silently. It blocks movement and swings, and is
//! neither pushed nor lifted, so nothing but its own turn moves it.

use muscleman_core::{EntityId, EntityRecipe, GridDir, GridPos, MoveCause};

use crate::component::{Facing, TagKind};
use crate::context::StepContext;
use crate::decl::{
    Answer, Art, Assume, Init, Layer, Mechanic, Moves, OpenedBy, PressedBy, RecipeDecl, Spawns,
    StateDecl, Tint, facing_states, shows_facing,
};
use crate::mechanics::actors::way_ahead;
use crate::world::WorldError;

/// A firefly's look, whichever way it faces (the view gives the way).
const ART: Art = Art::new("firefly", "firefly", Layer::THING, 'f', Tint::Yellow);

/// Its states: the ways it may face.
const STATES: [StateDecl; 3] = facing_states(ART);

/// Fireflies: actors that fly their way and turn round where they cannot.
pub(crate) const MECHANIC: Mechanic = Mechanic::new(
    "fireflies",
    &[RecipeDecl::new(
        EntityRecipe::Firefly,
        &[TagKind::Brain, TagKind::BlocksMovement, TagKind::BlocksPush],
        ART,
        Assume {
            never_changes: false,
            moves: Moves::ByItself,
            never_moves_others: true,
            never_destroyed: true,
            push_search: Some("fireflies"),
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
        "flies a cell its way every step, even while you wait, and turns round where it cannot.",
    )
    .acting(act)
    .with_init(&[Init::Facing(GridDir::Down)])
    .with_states(&STATES)
    .showing(shows_facing)],
    &[],
);

/// One firefly's turn: a cell ahead, or a half turn where it stands.
fn act(ctx: &mut StepContext<'_>, firefly: EntityId, at: GridPos) -> Result<(), WorldError> {
    let facing = ctx.world().get::<Facing>(firefly)?.0;
    let world = ctx.world();
    let free = way_ahead(world, at, facing)
        .filter(|ahead| !world.index().has_kind_at(TagKind::BlocksMovement, *ahead));
    if let Some(ahead) = free {
        return ctx.move_entity(firefly, at, ahead, MoveCause::Brain);
    }
    ctx.set(firefly, Facing(facing.opposite()))
}
