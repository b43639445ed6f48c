//! The step context: what every system works on, and the two lists a step
//! keeps beside the world (what changed, and the deferred spawns and
//! destroys).

use muscleman_core::{
    EntityId, EntitySpec, EventBatch, GlobalCounter, GridPos, Input, MoveCause, Moved,
};

use crate::breaking::Breaking;
use crate::changes::{Commands, Deferred, StepChange};
use crate::component::{Component, Holding, TagKind, TagSet};
use crate::floor::local;
use crate::motion::Motion;
use crate::needs::{NEED_BITS, NeedBits, Needs};
use crate::rules::Rules;
use crate::world::{RecipeError, World, WorldError};

/// Spawn an entity of a spec at a cell: what a deferred spawn calls. The
/// step hands in the sim's `spawn_spec`, so the context does not reach up
/// to the recipes.
pub(crate) type Spawner = fn(&mut World, &EntitySpec, GridPos) -> Result<EntityId, RecipeError>;

/// Take a key that a push chain brought, just destroyed (its id and tags),
/// into what takes it (the taker's id): change the taker and emit its
/// events (a door's `KeyConsumed` and `DoorOpened`, a cauldron's `PutIn`).
pub(crate) type TakeKey =
    fn(&mut StepContext<'_>, EntityId, TagSet, EntityId) -> Result<(), WorldError>;

/// Find what at a cell takes a key with these tags, if anything: its id
/// and how it takes it (the mechanics' declarations, gathered).
pub(crate) type FindTaker = fn(&World, TagSet, GridPos) -> Option<(EntityId, TakeKey)>;

/// Clear what stands in the way of a push chain (the far end's id, what
/// is cleared): destroy it and emit its events (a ghost's
/// `GhostReleased`), before the chain moves into its cell.
pub(crate) type ClearWay = fn(&mut StepContext<'_>, EntityId, EntityId) -> Result<(), WorldError>;

/// Find what at a cell a push chain whose far end has these tags clears
/// out of its way, if anything: its id and how it is cleared (the
/// mechanics' declarations, gathered).
pub(crate) type FindClearer = fn(&World, TagSet, GridPos) -> Option<(EntityId, ClearWay)>;

/// How a smashable entity at a cell breaks (`None`: no target there).
pub(crate) type BreakingOf = fn(&World, EntityId, GridPos) -> Option<Breaking>;

/// An actor's turn in the actors phase (rules.md §4): what one entity of
/// an acting recipe does by itself this step, given its id and its cell.
pub(crate) type Act = fn(&mut StepContext<'_>, EntityId, GridPos) -> Result<(), WorldError>;

/// Find how an entity with these tags acts, if it is an actor (the
/// recipes' declarations, gathered).
pub(crate) type ActOf = fn(TagSet) -> Option<Act>;

/// How a step is wired to the schedule and the declarations above it: the
/// needs of the lines that read the change list (0 if none does), the
/// spawner, and the answers the rules ask of the declarations.
#[derive(Clone, Copy)]
pub(crate) struct Wiring {
    /// The needs of the lines that read the change list.
    pub(crate) reactive: NeedBits,
    /// What deferred spawns call.
    pub(crate) spawn: Spawner,
    /// By need bit, the tags whose presence meets it.
    pub(crate) meets: &'static [TagSet; NEED_BITS],
    /// What takes a key a push chain brings.
    pub(crate) find_taker: FindTaker,
    /// What a push chain's far end clears out of its way.
    pub(crate) find_clearer: FindClearer,
    /// How a hammer breaks a smashable.
    pub(crate) breaking: BreakingOf,
    /// How an actor acts.
    pub(crate) act_of: ActOf,
}

/// What a system works on: the world, the player, the input, the rules, the
/// events so far, what changed so far in this step, and the deferred
/// spawns and destroys.
///
/// Systems change the world through the context's methods, which keep the
/// event batch and the change list in step with the world; they read it
/// through [`StepContext::world`].
pub(crate) struct StepContext<'a> {
    world: &'a mut World,
    /// The player.
    pub(crate) player: EntityId,
    /// Where the player stood when the step began.
    pub(crate) player_at: GridPos,
    /// The input being resolved.
    pub(crate) input: Input,
    /// The rules.
    pub(crate) rules: &'a Rules,
    /// The events so far, in order.
    pub(crate) events: &'a mut EventBatch,
    /// Whether this step keeps its change list: only if some system reads
    /// it and the world holds something such a system answers (water,
    /// switches, doors, collectibles), so a step in a plain Sokoban level
    /// keeps nothing.
    track: bool,
    /// The [`Needs`] that hold now, as bits.
    met: NeedBits,
    /// The wiring to the schedule.
    wiring: Wiring,
    /// In a debug build, the running line's name and the bits of the
    /// motions its mechanic declares (every move is checked against them).
    #[cfg(debug_assertions)]
    line: (&'static str, u8),
}

/// Return the bits of the [`Needs`] the world meets (`meets`: by need
/// bit, the tags whose presence meets it). They are kept with the tags
/// present they were worked out from, so a step whose world has the same
/// kinds of things as the last one (nearly every step) reads them back
/// instead of working them out again.
#[inline]
pub(crate) fn world_needs(world: &mut World, meets: &[TagSet; NEED_BITS]) -> NeedBits {
    let present = world.index().tallies().present();
    match world.step_buffers_ref().needs {
        Some((tags, bits)) if tags == present => bits,
        _ => {
            let bits = Needs::of_world(present, meets);
            world.step_buffers().needs = Some((present, bits));
            bits
        }
    }
}

/// Return the needs that hold given the world's and whether the hands are
/// full.
#[inline]
fn with_hands(world: NeedBits, carrying: bool) -> NeedBits {
    let hands = if carrying {
        Needs::Holding
    } else {
        Needs::EmptyHands
    };
    Needs::Always.bit() | hands.bit() | world
}

impl<'a> StepContext<'a> {
    /// Start a step on `world`, emptying its reusable buffers.
    pub(crate) fn new(
        world: &'a mut World,
        player: EntityId,
        player_at: GridPos,
        input: Input,
        rules: &'a Rules,
        events: &'a mut EventBatch,
        wiring: Wiring,
    ) -> Self {
        let buffers = world.step_buffers();
        buffers.changes.clear();
        buffers.commands.queue.clear();
        StepContext {
            world,
            player,
            player_at,
            input,
            rules,
            events,
            track: false,
            met: 0,
            wiring,
            #[cfg(debug_assertions)]
            line: ("", 0),
        }
    }

    /// Return the world, to read.
    #[inline]
    pub(crate) fn world(&self) -> &World {
        self.world
    }

    /// Return what changed so far in this step, in order. Empty unless a
    /// scheduled system reads it (see `SystemEntry::reads_changes`).
    pub(crate) fn changes(&self) -> &[StepChange] {
        &self.world.step_buffers_ref().changes
    }

    /// Return the deferred commands, to queue spawns and destroys.
    pub(crate) fn commands(&mut self) -> &mut Commands {
        &mut self.world.step_buffers().commands
    }

    #[inline]
    fn note(&mut self, change: StepChange) {
        if self.track {
            self.world.step_buffers().changes.push(change);
        }
    }

    /// Note, in a debug build, which line runs and the motions its mechanic
    /// declares.
    #[cfg(debug_assertions)]
    pub(crate) fn running(&mut self, name: &'static str, motions: u8) {
        self.line = (name, motions);
    }

    /// Check, in a debug build, that the running line's mechanic declares a
    /// motion that moves things with `cause` (`Mechanic::motions`): a
    /// mechanic that moves things a way it does not declare is a bug the
    /// solver would not see.
    #[inline]
    fn check_motion(&self, cause: u8) {
        #[cfg(debug_assertions)]
        debug_assert!(
            self.line.1 & cause != 0,
            "the line {:?} moves something in a way its mechanic does not declare (Mechanic::motions)",
            self.line.0
        );
        let _ = cause;
    }

    /// Move `id` from `from` to `to` and emit `Moved` with `cause`.
    #[inline]
    pub(crate) fn move_entity(
        &mut self,
        id: EntityId,
        from: GridPos,
        to: GridPos,
        cause: MoveCause,
    ) -> Result<(), WorldError> {
        self.check_motion(Motion::of_cause(cause));
        self.world.move_to(id, to)?;
        self.events.push(Moved {
            entity: id,
            from: local(from),
            to: local(to),
            cause,
        });
        self.note(StepChange::Moved { id, from, to });
        Ok(())
    }

    /// Move `id` to the same cell of floor `floor` (the stairs rule): no
    /// event (its cell does not change), but the change list notes it.
    pub(crate) fn move_to_floor(&mut self, id: EntityId, floor: u32) -> Result<(), WorldError> {
        self.check_motion(Motion::Floors.bit());
        let from = self.world.position(id)?;
        self.world.move_to_floor(id, floor)?;
        let to = self.world.position(id)?;
        self.note(StepChange::Moved { id, from, to });
        Ok(())
    }

    /// Set a data component of `id` (not its position: use
    /// [`StepContext::move_entity`]).
    #[inline]
    pub(crate) fn set<C: Component>(&mut self, id: EntityId, value: C) -> Result<(), WorldError> {
        self.world.set(id, value)
    }

    /// Set a data component of `id` and note the change in the step's
    /// change list, for an environment rule that answers it (a cauldron's
    /// contents, which its brew answers).
    pub(crate) fn set_noted<C: Component>(
        &mut self,
        id: EntityId,
        value: C,
    ) -> Result<(), WorldError> {
        self.world.set(id, value)?;
        if let Ok(at) = self.world.position(id) {
            self.note(StepChange::Changed { id, at });
        }
        Ok(())
    }

    /// Note that `id`, at `at`, was lifted (`held: true`) or let go.
    pub(crate) fn note_held(&mut self, id: EntityId, at: GridPos, held: bool) {
        self.note(if held {
            StepChange::Lifted { id, at }
        } else {
            StepChange::Landed { id, at }
        });
    }

    /// Return what at `at` takes a key with tags `key` a push chain brings
    /// there (its door, a cauldron with room), and how, if anything does.
    pub(crate) fn key_taker(&self, key: TagSet, at: GridPos) -> Option<(EntityId, TakeKey)> {
        (self.wiring.find_taker)(self.world, key, at)
    }

    /// Return what at `at` a push chain whose far end has tags `far`
    /// clears out of its way (a ghost before a book), and how, if
    /// anything does.
    pub(crate) fn way_clearer(&self, far: TagSet, at: GridPos) -> Option<(EntityId, ClearWay)> {
        (self.wiring.find_clearer)(self.world, far, at)
    }

    /// Return how the smashable `id` at `at` breaks under a hammer, as its
    /// recipe declares; `None` when it is no target where it stands.
    pub(crate) fn breaking(&self, id: EntityId, at: GridPos) -> Option<Breaking> {
        (self.wiring.breaking)(self.world, id, at)
    }

    /// Return how an entity with `tags` acts in the actors phase, as its
    /// recipe declares; `None` when it is no actor.
    #[inline]
    pub(crate) fn act_of(&self, tags: TagSet) -> Option<Act> {
        (self.wiring.act_of)(tags)
    }

    /// Return whether some entity of the world has `tag` (from the index's
    /// tallies, in constant time): a system with nothing of its kind to
    /// answer returns at once.
    #[inline]
    pub(crate) fn world_has(&self, tag: TagKind) -> bool {
        self.world.index().tallies().present().contains(tag)
    }

    /// Return the [`Needs`] that hold now, as bits.
    #[inline]
    pub(crate) fn met(&self) -> NeedBits {
        self.met
    }

    /// Begin the step knowing whether the player carries something: work
    /// out which [`Needs`] hold and whether to keep the change list.
    #[inline]
    pub(crate) fn start(&mut self, carrying: bool) {
        self.met = self.needs_met(carrying);
        self.track = self.met & self.wiring.reactive != 0;
    }

    /// Work out which [`Needs`] hold, the hands being full or not. The
    /// world's part is kept with the tags present it was worked out from,
    /// so a step whose world has the same kinds of things as the last one
    /// (nearly every step) reads it back instead of working it out again.
    #[inline]
    fn needs_met(&mut self, carrying: bool) -> NeedBits {
        with_hands(world_needs(self.world, self.wiring.meets), carrying)
    }

    /// Return whether the player holds something, from the spatial index.
    #[inline]
    pub(crate) fn is_carrying(&self) -> bool {
        self.world
            .index()
            .locate(self.player)
            .is_some_and(|(_, tags)| tags.contains(TagKind::Carrying))
    }

    /// Return what the player holds, from the spatial index first: a step
    /// with empty hands reads no component.
    #[inline]
    pub(crate) fn held(&self) -> Option<EntityId> {
        if !self.is_carrying() {
            return None;
        }
        self.world
            .get::<Holding>(self.player)
            .ok()
            .and_then(|h| h.0)
    }

    /// Make the player hold `held` (or nothing): its `Holding` and its
    /// `Carrying` tag together.
    pub(crate) fn set_held(&mut self, held: Option<EntityId>) -> Result<(), WorldError> {
        let player = self.player;
        self.world.set(player, Holding(held))?;
        let tags = self.world.tags(player)?;
        let tags = if held.is_some() {
            tags.with(TagKind::Carrying)
        } else {
            tags.without(TagKind::Carrying)
        };
        self.set_tags(player, tags)?;
        self.met = self.needs_met(held.is_some());
        Ok(())
    }

    /// Add `by` to a level-wide counter.
    pub(crate) fn add_counter(&mut self, counter: GlobalCounter, by: u64) {
        let value = self.world.counter(counter).saturating_add(by);
        self.world.set_counter(counter, value);
    }

    /// Replace the tags of `id`.
    pub(crate) fn set_tags(&mut self, id: EntityId, tags: TagSet) -> Result<(), WorldError> {
        if self.world.tags(id)? == tags {
            return Ok(());
        }
        self.world.set_tags(id, tags)?;
        if let Ok(at) = self.world.position(id) {
            self.note(StepChange::Retagged { id, at });
        }
        Ok(())
    }

    /// Take the step's reusable list of ids, empty, for a system that must
    /// gather ids before it acts on them; hand it back with
    /// [`StepContext::give_back_ids`] so that the next step reuses its memory.
    pub(crate) fn take_ids(&mut self) -> Vec<EntityId> {
        let mut ids = std::mem::take(&mut self.world.step_buffers().ids);
        ids.clear();
        ids
    }

    /// Give back the list [`StepContext::take_ids`] lent.
    pub(crate) fn give_back_ids(&mut self, ids: Vec<EntityId>) {
        self.world.step_buffers().ids = ids;
    }

    /// Return whether spawns or destroys wait to be applied.
    #[inline]
    pub(crate) fn has_commands(&self) -> bool {
        !self.world.step_buffers_ref().commands.queue.is_empty()
    }

    /// Apply the deferred commands now, in the order they were queued, and
    /// return the ids the spawns among them got, in that order. The step
    /// calls this after every system; a system calls it when it must see
    /// the result (or the new ids) before it goes on.
    pub(crate) fn apply_commands(&mut self) -> Result<&[EntityId], WorldError> {
        self.world.step_buffers().spawned.clear();
        if self.world.step_buffers().commands.queue.is_empty() {
            return Ok(&[]);
        }
        let mut queue = std::mem::take(&mut self.world.step_buffers().commands.queue);
        let mut result = Ok(());
        for command in queue.drain(..) {
            result = match command {
                Deferred::Spawn { spec, at } => match (self.wiring.spawn)(self.world, &spec, at) {
                    Ok(id) => {
                        self.world.step_buffers().spawned.push(id);
                        self.note(StepChange::Spawned { id, at });
                        Ok(())
                    }
                    Err(e) => Err(WorldError::Recipe(e)),
                },
                Deferred::Destroy { id } => {
                    let at = self.world.position(id).ok();
                    self.world.destroy(id).map(|()| {
                        if let Some(at) = at {
                            self.note(StepChange::Destroyed { id, at });
                        }
                    })
                }
            };
            if result.is_err() {
                break;
            }
        }
        queue.clear();
        self.world.step_buffers().commands.queue = queue;
        // A spawn may bring the first collectible: keep the list from now.
        self.met = self.needs_met(self.met & Needs::Holding.bit() != 0);
        self.track |= self.met & self.wiring.reactive != 0;
        result.map(|()| self.world.step_buffers_ref().spawned.as_slice())
    }
}

#[cfg(test)]
mod tests {
    use muscleman_core::{EntityRecipe, EventBatch, GridPos, Input};

    use super::*;
    use crate::component::TagKind;
    use crate::recipe::spawn;

    fn spec(recipe: EntityRecipe) -> EntitySpec {
        EntitySpec::new(recipe)
    }

    /// A world with a player at the origin, a box beside it, and water
    /// away from both (so that the step keeps its change list: the sink
    /// system reads it).
    fn world() -> (World, EntityId, EntityId) {
        let mut world = World::new();
        let player = spawn(&mut world, EntityRecipe::Player, GridPos::ZERO);
        let boxed = spawn(&mut world, EntityRecipe::Box, GridPos::new(1, 0));
        let _ = spawn(&mut world, EntityRecipe::WaterCell, GridPos::new(9, 9));
        match (player, boxed) {
            (Ok(p), Ok(b)) => (world, p, b),
            other => panic!("{other:?}"),
        }
    }

    /// Run `f` in a step over a player at the origin and a box beside it,
    /// handing it the box.
    fn in_step<R>(f: impl FnOnce(&mut StepContext<'_>, EntityId) -> R) -> R {
        let (mut world, player, boxed) = world();
        let mut events = EventBatch::new();
        let rules = Rules::MUSCLEMAN;
        let mut ctx = StepContext::new(
            &mut world,
            player,
            GridPos::ZERO,
            Input::Wait,
            &rules,
            &mut events,
            crate::step::WIRING,
        );
        ctx.start(false);
        f(&mut ctx, boxed)
    }

    #[test]
    fn deferred_commands_apply_in_order_with_their_ids_and_changes() {
        in_step(|ctx, boxed| {
            let at = GridPos::new(1, 0);
            ctx.commands().destroy(boxed);
            ctx.commands().spawn(spec(EntityRecipe::Goal), at);
            ctx.commands().spawn(spec(EntityRecipe::Box), at);
            assert!(
                ctx.world().is_alive(boxed),
                "nothing happens before they are applied"
            );
            let spawned = ctx.apply_commands().map(<[EntityId]>::to_vec);
            let spawned = spawned.unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(spawned.len(), 2);
            assert!(!ctx.world().is_alive(boxed));
            let mut there: Vec<_> = ctx.world().index().all_at(at).collect();
            there.sort_by_key(|id| spawned.iter().position(|s| s == id));
            assert_eq!(there, spawned);
            if crate::schedule::TRACK_CHANGES {
                assert_eq!(
                    ctx.changes(),
                    &[
                        StepChange::Destroyed { id: boxed, at },
                        StepChange::Spawned { id: spawned[0], at },
                        StepChange::Spawned { id: spawned[1], at },
                    ]
                );
            }
            assert_eq!(
                ctx.apply_commands().map(<[EntityId]>::len),
                Ok(0),
                "the queue is empty"
            );
        });
    }

    #[test]
    fn the_same_commands_give_the_same_ids() {
        let ids = || {
            in_step(|ctx, boxed| {
                ctx.commands().destroy(boxed);
                ctx.commands()
                    .spawn(spec(EntityRecipe::Box), GridPos::new(2, 0));
                ctx.apply_commands().map(<[EntityId]>::to_vec)
            })
        };
        assert_eq!(ids(), ids());
    }

    #[test]
    fn a_refused_spawn_stops_the_queue_with_its_error() {
        in_step(|ctx, _| {
            // A box has no sunk state.
            let sunk = spec(EntityRecipe::Box).with_state(muscleman_core::RecipeState::Sunk);
            ctx.commands().spawn(sunk, GridPos::new(2, 0));
            assert!(matches!(ctx.apply_commands(), Err(WorldError::Recipe(_))));
        });
    }

    #[test]
    fn counters_add_up() {
        in_step(|ctx, _| {
            ctx.add_counter(GlobalCounter::Coins, 2);
            ctx.add_counter(GlobalCounter::Coins, 1);
            assert_eq!(ctx.world().counter(GlobalCounter::Coins), 3);
        });
    }

    #[test]
    fn tag_changes_are_noted_where_they_happen() {
        in_step(|ctx, boxed| {
            let tags = ctx
                .world()
                .tags(boxed)
                .unwrap_or_default()
                .without(TagKind::Pushable);
            assert_eq!(ctx.set_tags(boxed, tags), Ok(()));
            assert_eq!(ctx.set_tags(boxed, tags), Ok(()), "no change, no note");
            if crate::schedule::TRACK_CHANGES {
                let at = GridPos::new(1, 0);
                assert_eq!(ctx.changes(), &[StepChange::Retagged { id: boxed, at }]);
            }
        });
    }
}
