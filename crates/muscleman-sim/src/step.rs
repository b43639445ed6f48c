//! One step of the simulation, phase by phase.

use muscleman_core::{EntityId, EventBatch, GridPos, Input};

use crate::mechanics::walk::{self, Free};
use crate::needs::Needs;

use crate::component::TagKind;
use crate::context::{StepContext, Wiring, world_needs};
use crate::recipe::{breaking, spawn_spec};
use crate::registry::{EMITTERS, MEETS, act_of, find_clearer, find_taker};
use crate::rules::Rules;
use crate::schedule::{self, MOVE_RUNS_WALK_ALONE, REACTIVE, TRACK_CHANGES};
use crate::world::{World, WorldError};

/// How every step is wired to the schedule: the change list is kept when a
/// need of a line that reads it holds, deferred spawns go through
/// `spawn_spec`, and the key takers, what chains clear out of their way
/// and the breaking of smashables are the declarations'.
pub(crate) const WIRING: Wiring = Wiring {
    reactive: if TRACK_CHANGES { REACTIVE } else { 0 },
    spawn: spawn_spec,
    meets: &MEETS,
    find_taker,
    find_clearer,
    breaking,
    act_of,
};

/// Why a step could not run. The world is unchanged when a step fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// The entity given as the player is not one.
    #[error("entity {0} is not a player")]
    NotAPlayer(EntityId),
    /// The world refused an operation (the player is dead or has no position).
    #[error(transparent)]
    World(#[from] WorldError),
}

/// Resolve one input under the Muscleman rules and return the events, in order.
///
/// # Example
/// ```
/// use muscleman_core::{EntityRecipe, GridDir, GridPos, Input, Moved};
/// use muscleman_sim::{spawn, step, World};
///
/// let mut world = World::new();
/// let player = spawn(&mut world, EntityRecipe::Player, GridPos::new(0, 0))?;
/// spawn(&mut world, EntityRecipe::Box, GridPos::new(1, 0))?;
/// let events = step(&mut world, player, Input::Move(GridDir::Right))?;
/// assert_eq!(events.of::<Moved>().count(), 2);
/// assert_eq!(world.position(player)?, GridPos::new(1, 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn step(world: &mut World, player: EntityId, input: Input) -> Result<EventBatch, StepError> {
    step_with(world, player, input, &Rules::MUSCLEMAN)
}

/// Resolve one input under `rules` and return the events, in order.
pub fn step_with(
    world: &mut World,
    player: EntityId,
    input: Input,
    rules: &Rules,
) -> Result<EventBatch, StepError> {
    let mut events = EventBatch::new();
    step_into(world, player, input, rules, &mut events)?;
    Ok(events)
}

/// Resolve one input under `rules`, writing the events into `events` (cleared
/// first). Reusing one batch across steps makes a step allocate nothing.
///
/// The step runs the systems of the schedule in phase order: player
/// action, actors, environment, cleanup, emit (see `ARCHITECTURE.md`),
/// then the mechanics' emit hooks (the bump).
pub fn step_into(
    world: &mut World,
    player: EntityId,
    input: Input,
    rules: &Rules,
    events: &mut EventBatch,
) -> Result<(), StepError> {
    run_step(world, player, input, rules, events).map(|_| ())
}

/// What a step was, as far as the fast walk knows it (`Game` files a step
/// from this without reading its changes and events again).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stepped {
    /// The fast walk: the player walked into a free cell, its Facing and
    /// move one journal change marked as an undo step of its own
    /// (`OwnStep`), and one `Moved`.
    Walked,
    /// The fast walk: the player pushed one pushable into a free cell and
    /// followed it (two `Moved`, the pushable's first; the box's move,
    /// then the walk marked as an undo step of its own).
    Pushed,
    /// The schedule ran (or the fast walk took the general walk): what
    /// changed is in the journal and the events.
    Ran,
}

/// [`step_into`], saying whether the fast walk took the step (its move
/// written last: [`walk::walk_free`]; `Game` steps through [`walk_fast`]
/// and [`run_scheduled`] instead).
#[inline(always)]
fn run_step(
    world: &mut World,
    player: EntityId,
    input: Input,
    rules: &Rules,
    events: &mut EventBatch,
) -> Result<Stepped, StepError> {
    events.clear();
    // Checked here so that no system fails half-way through.
    let (at, carrying) = player_position(world, player)?;
    // The index looks at the player's floor first (a no-op on one floor).
    world.focus(at);
    if let Input::Move(dir) = input
        && !carrying
        && walks_alone(world)
    {
        match walk::walk_free::<false>(world, player, at, dir, rules, events, false)? {
            Free::Walked => return Ok(Stepped::Walked),
            Free::Pushed => return Ok(Stepped::Pushed),
            Free::Filed => return Ok(Stepped::Ran),
            Free::No => {}
        }
    }
    run_schedule(world, player, (at, carrying), input, rules, events)
}

/// The fast walk alone, for `Game`'s step, its move written first
/// ([`walk::walk_free`] with `MOVE_FIRST`): [`run_step`] when the fast walk
/// takes the step. `Game::step_into` is this and its filing, with the rest
/// of the step ([`run_scheduled`]) out of line: the registers the rest
/// holds are not taken from every walk (BENCHMARKS.md, "The tenth part").
/// Return `Ok(None)`, having changed nothing but cleared `events`, when
/// the step needs the schedule ([`run_scheduled`]): not a move, a player
/// the index does not hold or that carries, a world where a move runs more
/// than the walk, or a cell ahead that is not free.
///
/// `checked`: the caller knows that [`walk_checks`] held at the fast
/// walk it took last and that nothing but fast walks (and their undos)
/// changed the world since, which keeps them true: they are not made
/// again (BENCHMARKS.md, "The eleventh part").
#[inline(always)]
pub(crate) fn walk_fast(
    world: &mut World,
    player: EntityId,
    input: Input,
    rules: &Rules,
    events: &mut EventBatch,
    checked: bool,
) -> Result<Option<Stepped>, WorldError> {
    events.clear();
    let Input::Move(dir) = input else {
        return Ok(None);
    };
    // Two returns, not one `let`-`else` after the `if`: the same logic so
    // spelt compiled to 8 instructions more a move and played 10% slower
    // (BENCHMARKS.md, "The eleventh part").
    let at = if checked {
        match world.index().cell_of_indexed(player) {
            Some(at) => at,
            None => return Ok(None),
        }
    } else {
        match walk_checks(world, player) {
            Some(at) => at,
            None => return Ok(None),
        }
    };
    Ok(
        match walk::walk_free::<true>(world, player, at, dir, rules, events, checked)? {
            Free::Walked => Some(Stepped::Walked),
            Free::Pushed => Some(Stepped::Pushed),
            Free::Filed => Some(Stepped::Ran),
            Free::No => None,
        },
    )
}

/// What [`walk_fast`] checks of the world before a walk, and no fast walk
/// changes (nor its undo): the index holds the player, a player with empty
/// hands; the index looks at its floor first; a move runs the walk alone
/// ([`walks_alone`]). Return the player's cell if they hold. Out of line:
/// a `Game` makes them once, then again only after a change of another
/// kind (`Game::walk_checked`); the first fast walk after them also notes
/// the player in the restart baseline, which later walks then skip.
#[inline(never)]
fn walk_checks(world: &mut World, player: EntityId) -> Option<GridPos> {
    let (at, tags) = world.index().locate(player)?;
    if !tags.contains(TagKind::Player) || tags.contains(TagKind::Carrying) {
        return None;
    }
    world.focus(at);
    walks_alone(world).then_some(at)
}

/// [`run_step`] without the fast walk: the step [`walk_fast`] did not
/// take.
#[inline(always)]
pub(crate) fn run_scheduled(
    world: &mut World,
    player: EntityId,
    input: Input,
    rules: &Rules,
    events: &mut EventBatch,
) -> Result<Stepped, StepError> {
    events.clear();
    let (at, carrying) = player_position(world, player)?;
    world.focus(at);
    run_schedule(world, player, (at, carrying), input, rules, events)
}

/// Run the schedule's systems for one input, then the emit hooks: a step
/// the fast walk does not take.
#[inline(always)]
fn run_schedule(
    world: &mut World,
    player: EntityId,
    (at, carrying): (GridPos, bool),
    input: Input,
    rules: &Rules,
    events: &mut EventBatch,
) -> Result<Stepped, StepError> {
    let mut ctx = StepContext::new(world, player, at, input, rules, events, WIRING);
    ctx.start(carrying);
    schedule::run(&mut ctx)?;
    // The emit phase's hooks, last: they change nothing the lines read.
    for (emit, _) in EMITTERS {
        emit(&mut ctx)?;
    }
    Ok(Stepped::Ran)
}

/// Whether the bump is the only emit hook: the one hook that does nothing
/// after a move in which the player moved.
const ONLY_BUMP_EMITS: bool = match EMITTERS.as_slice() {
    [(_, name)] => crate::registry::same_name(name, "bump"),
    _ => false,
};

/// Return whether, in this world, a move with empty hands runs the walk
/// and nothing else: the schedule runs no other line on it (no water,
/// switches, stairs, collectibles, actors or containers to answer) and no
/// emit hook but the bump, which is silent when the player moved. Then a
/// walk into a cell with nothing in the way is [`walk::walk_free`] alone.
/// Worked out from the needs the world meets once per set of tags present
/// and kept with it, so a step reads it back.
#[inline]
fn walks_alone(world: &mut World) -> bool {
    let present = world.index().tallies().present();
    match world.step_buffers_ref().walks_alone {
        Some((tags, alone)) if tags == present => alone,
        _ => {
            let met =
                Needs::Always.bit() | Needs::EmptyHands.bit() | world_needs(world, WIRING.meets);
            let alone = ONLY_BUMP_EMITS
                && MOVE_RUNS_WALK_ALONE
                    .get(usize::from(met))
                    .copied()
                    .unwrap_or(false);
            world.step_buffers().walks_alone = Some((present, alone));
            alone
        }
    }
}

/// Return where the player stands and whether it carries something, or
/// why it cannot act: it is dead
/// ([`WorldError::NoSuchEntity`]), not a player ([`StepError::NotAPlayer`]),
/// or has no position.
///
/// The spatial index knows every positioned entity's cell and tags (kept in
/// sync with the ECS: rules.md §5, 1), so the usual case costs no ECS
/// lookup; anything else takes the slow path, which gives the errors in that
/// order.
#[inline]
fn player_position(world: &World, player: EntityId) -> Result<(GridPos, bool), StepError> {
    if let Some((at, tags)) = world.index().locate(player) {
        return if tags.contains(TagKind::Player) {
            Ok((at, tags.contains(TagKind::Carrying)))
        } else {
            Err(StepError::NotAPlayer(player))
        };
    }
    let tags = world.tags(player)?;
    if !tags.contains(TagKind::Player) {
        return Err(StepError::NotAPlayer(player));
    }
    Ok((world.position(player)?, tags.contains(TagKind::Carrying)))
}
