//! Doors (rules.md §4, Environment phase 4): a door is open while a key has
//! unlocked it or all the plates of its colour are pressed (a secret door:
//! all the heavy plates), and closes only on an empty doorway.

use muscleman_core::{
    DoorClosed, DoorOpened, EntityId, EntityRecipe, GridPos, KeyConsumed, RecipeState,
};

use crate::changes::StepChange;
use crate::component::{TagKind, TagSet};
use crate::context::StepContext;
use crate::decl::{
    Answer, Art, Assume, KeyTaker, Layer, Mechanic, OpenedBy, RecipeDecl, StateDecl, Tint,
};
use crate::index::SpatialIndex;
use crate::line::{Phase, reacting};
use crate::mechanics::plates::PlateTally;
use crate::needs::Needs;
use crate::tally::SIGNAL_CLASSES as CLASSES;
use crate::world::{InvariantError, World, WorldError};

crate::component::tags! {
    TAGS;
    /// Is a door.
    Door = 16,
    /// Is an open door.
    DoorOpen = 17,
    /// Is a key (its colour is its colour tag: `KeyOf(c)` of rules.md §3).
    Key = 19,
    /// Is a door still locked by its key (`LockedBy(c)`, `c` its colour
    /// tag); a key takes it away for good.
    Locked = 20,
}

/// A key: pushed into its door, it is spent and opens it for good.
const fn key(recipe: EntityRecipe) -> RecipeDecl {
    RecipeDecl::new(
        recipe,
        &[
            TagKind::BlocksMovement,
            TagKind::BlocksPush,
            TagKind::Pushable,
            TagKind::Liftable,
            TagKind::Key,
        ],
        Art::new("key", "key", Layer::THING, 'k', Tint::Own),
        Assume::PUSHED.destroyable().outside_push_search("keys"),
    )
    .explained(
        "push or carry it into the door of its colour: the door opens for good and the key is \
         spent.",
    )
}

/// A door's state `state`, looking like `art` opened, explained in
/// `explain`.
const fn open_state(
    state: RecipeState,
    lose: TagSet,
    art: Art,
    explain: &'static str,
) -> StateDecl {
    StateDecl {
        state,
        lose,
        gain: TagSet::of(&[TagKind::DoorOpen]),
        art: Art {
            layer: Layer::DOORWAY,
            glyph: '\'',
            ..art
        },
        shown: "open",
        explain,
    }
}

/// A coloured door's art, closed.
const DOOR: Art = Art::new("door", "door", Layer::WALL, '+', Tint::Own);
/// The secret door's art, closed.
const SECRET: Art = Art::new(
    "secret_door",
    "secret door",
    Layer::WALL,
    '+',
    Tint::Magenta,
);
/// The states of a coloured door.
const DOOR_STATES: &[StateDecl] = &[
    open_state(RecipeState::Open, BLOCKERS, DOOR, HELD_OPEN),
    open_state(
        RecipeState::Unlocked,
        BLOCKERS.with(TagKind::Locked),
        DOOR,
        "",
    ),
];
/// What an open door says of itself: it may shut again.
const HELD_OPEN: &str = "open while its plates are pressed, it shuts when one is let go, but \
     never on something that stands in it.";

/// A coloured door: locked by its key, opened by its plates.
const fn door(recipe: EntityRecipe) -> RecipeDecl {
    RecipeDecl::new(
        recipe,
        &[
            TagKind::Door,
            TagKind::BlocksMovement,
            TagKind::BlocksPush,
            TagKind::Locked,
        ],
        DOOR,
        Assume::SCENERY
            .changing()
            .outside_push_search("doors")
            .answering_steps(Answer::InItsCell)
            .opened_by(OpenedBy::KeyOrPlatesOfItsColour),
    )
    .with_states(DOOR_STATES)
    .explained(
        "closed, it blocks everything. Its key opens it for good; it is also open while every \
         plate of its colour is pressed.",
    )
}

/// Keys and doors.
pub(crate) const MECHANIC: Mechanic = Mechanic {
    settle: Some(settle),
    check: Some(check),
    meets: &[(Needs::Switches, TagKind::Door)],
    lists: &[TagKind::Door],
    tags: TAGS,
    takes_key: Some(KeyTaker {
        finds: locked_door,
        takes: unlock,
    }),
    ..Mechanic::new(
        "doors",
        &[
            key(EntityRecipe::KeyBlue),
            key(EntityRecipe::KeyRed),
            key(EntityRecipe::KeyYellow),
            key(EntityRecipe::KeyGreen),
            door(EntityRecipe::DoorBlue),
            door(EntityRecipe::DoorRed),
            door(EntityRecipe::DoorYellow),
            door(EntityRecipe::DoorGreen),
            RecipeDecl::new(
                EntityRecipe::SecretDoor,
                &[TagKind::Door, TagKind::BlocksMovement, TagKind::BlocksPush],
                SECRET,
                Assume::SCENERY
                    .changing()
                    .outside_push_search("doors")
                    .answering_steps(Answer::InItsCell)
                    .opened_by(OpenedBy::HeavyPlates),
            )
            .with_states(&[open_state(RecipeState::Open, BLOCKERS, SECRET, HELD_OPEN)])
            .explained(
                "closed, it blocks everything; it is open while every heavy plate is pressed \
                 (only heavy boxes press them).",
            ),
        ],
        &[reacting(Phase::Environment, "doors", run).when(Needs::Switches)],
    )
};

/// At load: a door is open if a key unlocked it, its plates hold it open
/// or something stands in it, and closed otherwise, whatever the level
/// wrote.
fn settle(world: &mut World, door: EntityId) {
    let Some((at, tags)) = world.index().locate(door) else {
        return;
    };
    if !tags.contains(TagKind::Door) {
        // A key: it settles as it is.
        return;
    }
    let occupied = world.index().all_at(at).any(|id| id != door);
    let tags = if should_open(world.index(), tags) || occupied {
        opened(tags)
    } else {
        closed(tags)
    };
    // The door was just spawned, so it lives.
    let _ = world.set_tags(door, tags);
}

/// A closed door holds nothing else; an open one is meant to be open or
/// holds something (rules.md §5, invariant 8).
fn check(world: &World, at: GridPos, _held: Option<EntityId>) -> Result<(), InvariantError> {
    let index = world.index();
    let alone = index.all_at(at).nth(1).is_none();
    for (id, tags) in index.tagged_at(at) {
        if tags.contains(TagKind::Door) {
            let open = tags.contains(TagKind::DoorOpen);
            if !open && !alone {
                return Err(InvariantError::Broken {
                    rule: "a closed door holds something",
                    at,
                    entity: Some(id),
                });
            }
            if open && alone && !should_open(index, tags) {
                return Err(InvariantError::Broken {
                    rule: "a door is open for nothing",
                    at,
                    entity: Some(id),
                });
            }
        }
    }
    Ok(())
}

/// The key rule (rules.md §4, Push chain): the closed door at `at` that a
/// key of these tags' colour unlocks, if any.
fn locked_door(world: &World, key: TagSet, at: GridPos) -> Option<EntityId> {
    let color = key.color()?;
    world
        .index()
        .tagged_at(at)
        .find(|(_, tags)| {
            tags.contains_all(TagSet::of(&[TagKind::Door, TagKind::Locked]))
                && !tags.contains(TagKind::DoorOpen)
                && tags.color() == Some(color)
        })
        .map(|(door, _)| door)
}

/// The key, spent, unlocks its door for good: `KeyConsumed`, `DoorOpened`.
fn unlock(
    ctx: &mut StepContext<'_>,
    key: EntityId,
    _: TagSet,
    door: EntityId,
) -> Result<(), WorldError> {
    ctx.events.push(KeyConsumed { key, door });
    let tags = ctx.world().tags(door)?;
    ctx.set_tags(door, opened(tags).without(TagKind::Locked))?;
    ctx.events.push(DoorOpened { door });
    Ok(())
}

/// What a closed door has and an open one has not.
pub(crate) const BLOCKERS: TagSet = TagSet::of(&[TagKind::BlocksMovement, TagKind::BlocksPush]);

/// Open or close, in id order, the doors this step may concern: the doors
/// of every colour whose plates changed, and any door in a cell the step
/// touched (something may have left a doorway held open).
pub(crate) fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    if !ctx.world_has(TagKind::Door) {
        return Ok(());
    }
    let mut doors = ctx.take_ids();
    let index = ctx.world().index();
    let mut classes = [false; CLASSES.len()];
    for change in ctx.changes() {
        if let StepChange::Retagged { id, .. } = *change
            && let Some((_, tags)) = index.locate(id)
            && tags.contains(TagKind::PressurePlate)
            && let Some(slot) = CLASSES
                .iter()
                .position(|c| *c == tags.color())
                .and_then(|i| classes.get_mut(i))
        {
            *slot = true;
        }
        for at in std::iter::once(change.cell()).chain(change.left()) {
            doors.extend(index.first_with(TagKind::Door, at));
        }
    }
    for (color, _) in CLASSES.iter().zip(classes).filter(|(_, changed)| *changed) {
        doors.extend(index.tallies().listed(TagKind::Door, *color));
    }
    doors.sort_unstable();
    doors.dedup();
    let mut result = Ok(());
    for &door in &doors {
        result = update(ctx, door);
        if result.is_err() {
            break;
        }
    }
    ctx.give_back_ids(doors);
    result
}

/// Return whether a door with `tags` should be open (rules.md §4, Doors):
/// unlocked by a key, or all the plates of its colour pressed; a secret
/// door, all the heavy plates.
pub(crate) fn should_open(index: &SpatialIndex, tags: TagSet) -> bool {
    let color = tags.color();
    let unlocked = color.is_some() && !tags.contains(TagKind::Locked);
    unlocked || PlateTally::of(index, color).all_pressed()
}

/// Return the tags of a door with `tags`, opened.
pub(crate) const fn opened(tags: TagSet) -> TagSet {
    tags.minus(BLOCKERS).with(TagKind::DoorOpen)
}

/// Return the tags of a door with `tags`, closed.
pub(crate) const fn closed(tags: TagSet) -> TagSet {
    tags.union(BLOCKERS).without(TagKind::DoorOpen)
}

/// Open `door` if it should be open, or close it if it should not and its
/// cell holds nothing else, with its event.
fn update(ctx: &mut StepContext<'_>, door: EntityId) -> Result<(), WorldError> {
    let index = ctx.world().index();
    let Some((at, tags)) = index.locate(door) else {
        return Ok(());
    };
    let open = tags.contains(TagKind::DoorOpen);
    let should = should_open(index, tags);
    if should && !open {
        ctx.set_tags(door, opened(tags))?;
        ctx.events.push(DoorOpened { door });
    } else if !should && open && index.all_at(at).all(|id| id == door) {
        ctx.set_tags(door, closed(tags))?;
        ctx.events.push(DoorClosed { door });
    }
    Ok(())
}
