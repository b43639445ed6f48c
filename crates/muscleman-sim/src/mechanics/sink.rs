//! Sink (rules.md §4, Environment phase 2): a sinkable that arrives on
//! water nothing fills sinks and fills it, making it walkable.

use muscleman_core::{EntityId, GridPos, Sank};

use crate::changes::StepChange;
use crate::component::{TagKind, TagSet};
use crate::context::StepContext;
use crate::decl::StateDecl;
use crate::decl::{Art, Assume, Layer, Mechanic, RecipeDecl, Tint};
use crate::line::{Phase, reacting};
use crate::mechanics::walk::is_unfilled_water;
use crate::needs::Needs;
use crate::world::{InvariantError, World, WorldError};
use muscleman_core::{EntityRecipe, RecipeState};

crate::component::tags! {
    TAGS;
    /// Sinks in water.
    Sinkable = 7,
    /// Is water.
    WaterCell = 14,
}

/// Water and heavy boxes, which sink in it.
pub(crate) const MECHANIC: Mechanic = Mechanic {
    check: Some(check),
    meets: &[(Needs::Water, TagKind::WaterCell)],
    tags: TAGS,
    ..Mechanic::new(
        "sink",
        &[
            RecipeDecl::new(
                EntityRecipe::WaterCell,
                &[TagKind::WaterCell, TagKind::Static],
                Art::new("water", "water", Layer::WATER, '~', Tint::Blue),
                Assume::SCENERY
                    .bridged_by_sinking()
                    .outside_push_search("water"),
            )
            .explained(
                "you cannot swim. A box floats on it and can be pushed on; a heavy box sinks in \
                 it and fills it, so you can walk over.",
            ),
            RecipeDecl::new(
                EntityRecipe::HeavyBox,
                &[
                    TagKind::BlocksMovement,
                    TagKind::BlocksPush,
                    TagKind::Pushable,
                    TagKind::Heavy,
                    TagKind::Sinkable,
                ],
                Art::new("heavy_box", "heavy box", Layer::THING, '&', Tint::Grey),
                Assume::PUSHED.changing().sinking(),
            )
            .with_states(&[StateDecl {
                state: RecipeState::Sunk,
                lose: LOST,
                gain: TagSet::of(&[TagKind::Walkable]),
                art: Art::new("sunk_heavy_box", "heavy box", Layer::FLOOR, '=', Tint::Blue),
                shown: "sunk",
                explain: "it fills its water for good: you walk over it, and push things across.",
            }])
            .explained(
                "pushed like a box, but too heavy to grab. Pushed into water, it sinks and fills \
                 it; only it presses a heavy plate.",
            ),
        ],
        &[reacting(Phase::Environment, "sink", run).when(Needs::Water)],
    )
};

/// No sinkable floats on unfilled water, and water holds at most one thing
/// that fills it (rules.md §5, invariant 7).
fn check(world: &World, at: GridPos, _held: Option<EntityId>) -> Result<(), InvariantError> {
    let index = world.index();
    let kinds = index.kinds_at(at);
    if !kinds.contains(TagKind::WaterCell) {
        return Ok(());
    }
    let mut fills = 0;
    for (id, tags) in index.tagged_at(at) {
        if tags.contains(TagKind::Sinkable) && is_unfilled_water(kinds) {
            return Err(InvariantError::Broken {
                rule: "a sinkable floats on unfilled water",
                at,
                entity: Some(id),
            });
        }
        fills += u32::from(tags.contains(TagKind::Walkable));
    }
    if fills > 1 {
        return Err(InvariantError::Broken {
            rule: "water is filled twice",
            at,
            entity: None,
        });
    }
    Ok(())
}

/// What sinking takes away.
const LOST: TagSet = TagSet::of(&[
    TagKind::BlocksMovement,
    TagKind::BlocksPush,
    TagKind::Pushable,
    TagKind::Sinkable,
]);

/// Sink each sinkable that arrived on unfilled water this step and is not
/// held, in ascending id order (rules.md §4: a phase visits entities by id).
pub(crate) fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    let mut arrived = ctx.take_ids();
    let index = ctx.world().index();
    for change in ctx.changes() {
        // Arrivals: moves, spawns and items let go of, where the entity
        // still is (a later move this step may have taken it on).
        if matches!(
            change,
            StepChange::Moved { .. } | StepChange::Spawned { .. } | StepChange::Landed { .. }
        ) && index
            .locate(change.entity())
            .is_some_and(|(at, tags)| at == change.cell() && tags.contains(TagKind::Sinkable))
        {
            arrived.push(change.entity());
        }
    }
    arrived.sort_unstable();
    arrived.dedup();
    let mut result = Ok(());
    for &id in &arrived {
        result = sink(ctx, id);
        if result.is_err() {
            break;
        }
    }
    ctx.give_back_ids(arrived);
    result
}

/// Sink `id` if it stands on water nothing fills and is not held.
fn sink(ctx: &mut StepContext<'_>, id: EntityId) -> Result<(), WorldError> {
    let index = ctx.world().index();
    let Some((at, tags)) = index.locate(id) else {
        return Ok(());
    };
    if !is_unfilled_water(index.kinds_at(at)) || is_held(ctx, id) {
        return Ok(());
    }
    ctx.set_tags(id, tags.minus(LOST).with(TagKind::Walkable))?;
    ctx.events.push(Sank { entity: id });
    Ok(())
}

/// Return whether the player holds `id`.
fn is_held(ctx: &StepContext<'_>, id: EntityId) -> bool {
    ctx.held() == Some(id)
}
