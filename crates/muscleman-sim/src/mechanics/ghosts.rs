//! Ghosts (rules.md §4, "Actors phase: ducks and ghosts" and "Push chain:
//! Book into a ghost"): actors, given their turn by the actors phase
//! (`actors.rs`) with every other actor, in id order, and released by the
//! books they meet.
//!
//! Rule: on its turn (every step, whatever the input), a ghost looks at
//! the cell ahead of it (its cell plus its Facing). If that cell is inside
//! its floor's rectangle and holds a book (held by the player or not), the
//! ghost is released: destroyed, GhostsReleased + 1, `GhostReleased {
//! ghost, book }`; the book stays. Otherwise, if that cell is inside the
//! rectangle and holds nothing that blocks movement, the ghost moves there
//! (`Moved`, cause `Brain`), over water too. Otherwise it turns around
//! where it stands, silently. It never pushes.
//!
//! A push chain of a move (not a swing's shove) whose far end is a book
//! and whose next cell holds a ghost releases the ghost (this module's
//! `WayClearer`), then moves, the book into the ghost's cell.
//!
//! A ghost weighs nothing (declared `weightless`: no plate counts it), counts on no
//! goal, and is neither pushed, lifted, sunk nor smashed: it blocks walks,
//! chains and swings as a wall does. Its Facing is state (`Ghost:up`;
//! `down`, the way it spawns, printed plain).

use muscleman_core::{
    EntityId, EntityRecipe, GhostReleased, GlobalCounter, GridDir, GridPos, MoveCause,
};

use crate::component::{Facing, TagKind, TagSet};
use crate::context::StepContext;
use crate::decl::{
    Answer, Art, Assume, Init, Layer, Mechanic, Moves, OpenedBy, PressedBy, RecipeDecl, Spawns,
    StateDecl, Tint, WayClearer, facing_states, shows_facing,
};
use crate::mechanics::actors::way_ahead;
use crate::world::{World, WorldError};

crate::component::tags! {
    TAGS;
    /// Is a ghost: released by a book it meets; weighs nothing.
    Ghost = 34,
}

/// A ghost's look, whichever way it faces (the view gives the way).
const ART: Art = Art::new("ghost", "ghost", Layer::THING, 'G', Tint::Cyan);

/// Its states: the ways it may face.
const STATES: [StateDecl; 3] = facing_states(ART);

/// Ghosts: actors that walk their way, turn around where they cannot, and
/// are released by books.
pub(crate) const MECHANIC: Mechanic = Mechanic {
    tags: TAGS,
    weightless: &[TagKind::Ghost],
    clears_way: Some(WayClearer {
        finds: before_book,
        clears: release,
    }),
    ..Mechanic::new(
        "ghosts",
        &[RecipeDecl::new(
            EntityRecipe::Ghost,
            &[
                TagKind::Brain,
                TagKind::Ghost,
                TagKind::BlocksMovement,
                TagKind::BlocksPush,
            ],
            ART,
            Assume {
                never_changes: false,
                moves: Moves::ByItself,
                never_moves_others: true,
                never_destroyed: false,
                push_search: Some("ghosts"),
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
            "walks a cell its way every step, even while you wait, and turns around where it \
             cannot; floats, weighs nothing, cannot be moved. A book it meets releases it.",
        )
        .acting(act)
        .with_init(&[Init::Facing(GridDir::Down)])
        .with_states(&STATES)
        .showing(shows_facing)],
        &[],
    )
};

/// One ghost's turn: released by a book ahead, else a cell ahead, else a
/// half turn where it stands.
fn act(ctx: &mut StepContext<'_>, ghost: EntityId, at: GridPos) -> Result<(), WorldError> {
    let facing = ctx.world().get::<Facing>(ghost)?.0;
    let world = ctx.world();
    let Some(ahead) = way_ahead(world, at, facing) else {
        return ctx.set(ghost, Facing(facing.opposite()));
    };
    if let Some(book) = world.index().first_with(TagKind::Book, ahead) {
        return release(ctx, book, ghost);
    }
    if !world.index().has_kind_at(TagKind::BlocksMovement, ahead) {
        return ctx.move_entity(ghost, at, ahead, MoveCause::Brain);
    }
    ctx.set(ghost, Facing(facing.opposite()))
}

/// The ghost at `at` that a push chain whose far end has tags `far` clears
/// out of its way: one at a book's far end.
fn before_book(world: &World, far: TagSet, at: GridPos) -> Option<EntityId> {
    if !far.contains(TagKind::Book) {
        return None;
    }
    world.index().first_with(TagKind::Ghost, at)
}

/// Release `ghost`, met by `book`: it is destroyed, GhostsReleased goes up
/// by one and `GhostReleased` is emitted.
fn release(ctx: &mut StepContext<'_>, book: EntityId, ghost: EntityId) -> Result<(), WorldError> {
    ctx.commands().destroy(ghost);
    ctx.apply_commands()?;
    ctx.add_counter(GlobalCounter::GhostsReleased, 1);
    ctx.events.push(GhostReleased { ghost, book });
    Ok(())
}
