//! The world: entities, their tags and components, and the spatial index.
//!
//! This module (with `index` and `component`) is the only one that names the
//! ECS. Its public methods speak [`EntityId`], [`GridPos`], [`Tag`] and
//! [`Component`]; no ECS type ever shows.

use muscleman_core::{EntityId, EventBatch, GlobalCounter, GridDir, GridPos, MoveCause, Moved};

use crate::changes::StepBuffers;
use crate::component::{
    AnyComponent, Component, ComponentKind, Facing, Holding, LevelMember, Position, Tag, TagKind,
    TagSet,
};
use crate::floor::{floor_of, local, local_move, on_first_floor, on_floor, same_band};
use crate::index::{Found, SpatialIndex, Spot};
use crate::journal::baseline::{Baseline, Snapshot};
use crate::journal::{Change, DestroyedEntity, FreeIds, OldComponent, OwnStep, join, split};
use crate::stack::Stack;

mod column;
mod components;
mod error;
mod floors;
mod history;
mod moves;
mod validate;

use column::Column;
pub use error::{InvariantError, RecipeError, WorldError};

/// All entities of one level, their tags and components, and the spatial
/// index that finds them by cell.
///
/// Every mutation goes through this API, which keeps the index in sync.
///
/// # Example
/// ```
/// use muscleman_core::GridPos;
/// use muscleman_sim::{BlocksMovement, Position, World};
///
/// let mut world = World::new();
/// let id = world.spawn_empty(GridPos::new(2, 3));
/// world.add_tag::<BlocksMovement>(id)?;
/// assert_eq!(world.get::<Position>(id)?, Position(GridPos::new(2, 3)));
/// assert!(world.index().has_tag_at::<BlocksMovement>(GridPos::new(2, 3)));
/// world.move_to(id, GridPos::new(3, 3))?;
/// assert!(!world.index().any_at(GridPos::new(2, 3)));
/// # Ok::<(), muscleman_sim::WorldError>(())
/// ```
pub struct World {
    ecs: hecs::World,
    /// Where every positioned entity stands, with its tags: the one store
    /// of [`Position`] (the ECS keeps none), so a move touches no ECS table.
    index: SpatialIndex,
    /// The [`Facing`] of each entity that has one (the players): kept out
    /// of the ECS so a step reads and sets it without a component search.
    facing: Column<GridDir>,
    /// The [`Holding`] of each entity that has one, likewise.
    holding: Column<Option<EntityId>>,
    /// The undo journal (see `Game`, which keeps its history here): while
    /// `recording`, every mutation is appended with what it replaced.
    journal: Stack<Change>,
    recording: bool,
    /// The step's change list and deferred commands, kept between steps so
    /// their buffers are reused.
    step_buffers: StepBuffers,
    /// While kept (see `Game`), how each entity changed since the last
    /// restart was at the start.
    baseline: Option<Baseline>,
    /// One more than the highest slot index ever spawned.
    slots: u32,
    /// The level-wide counters, by [`GlobalCounter::index`].
    counters: [u64; GlobalCounter::ALL.len()],
    /// The floors' rectangles, fixed at load.
    floors: Vec<FloorRect>,
    /// The tags whose entities weigh nothing (no plate counts them).
    weightless: TagSet,
}

/// A floor's rectangle (rules.md §4 Floors): the smallest rectangle that
/// holds the floor's strong walls, water cells, goals and stairs, in the
/// floor's own coordinates, fixed at load; `None` when the floor has none
/// of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FloorRect {
    /// The top left and bottom right cells, inclusive.
    pub rect: Option<(GridPos, GridPos)>,
}

impl FloorRect {
    /// Return whether `at` (in the floor's coordinates) is inside.
    pub fn contains(&self, at: GridPos) -> bool {
        self.rect
            .is_some_and(|(lo, hi)| at.x >= lo.x && at.y >= lo.y && at.x <= hi.x && at.y <= hi.y)
    }
}

impl std::fmt::Debug for World {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("World")
            .field("entities", &self.ecs.len())
            .finish_non_exhaustive()
    }
}

fn to_id(entity: hecs::Entity) -> EntityId {
    let bits = entity.to_bits().get();
    EntityId::new(bits as u32, (bits >> 32) as u32)
}

impl World {
    /// Make an empty world whose index lists the entities of the tags in
    /// `listed` (see [`Tallies`](crate::Tallies)). [`World::new`] lists
    /// the tags the mechanics ask for.
    pub(crate) fn listing(listed: TagSet, weightless: TagSet) -> Self {
        World {
            ecs: hecs::World::default(),
            index: SpatialIndex::listing(listed),
            facing: Column::default(),
            holding: Column::default(),
            journal: Stack::new(),
            recording: false,
            step_buffers: StepBuffers::default(),
            baseline: None,
            slots: 0,
            counters: [0; GlobalCounter::ALL.len()],
            floors: Vec::new(),
            weightless,
        }
    }

    /// Return the tags whose entities weigh nothing: no plate counts them
    /// (what the mechanics declare `weightless`).
    pub(crate) fn weightless(&self) -> TagSet {
        self.weightless
    }

    fn entity(&self, id: EntityId) -> Result<hecs::Entity, WorldError> {
        hecs::Entity::from_bits(id.to_bits())
            .filter(|e| self.ecs.contains(*e))
            .ok_or(WorldError::NoSuchEntity(id))
    }

    /// Check that `id` is alive: from the index for a positioned entity
    /// (it holds exactly the live positioned ids), else from the ECS.
    #[inline]
    fn check_alive(&self, id: EntityId) -> Result<(), WorldError> {
        if self.index.locate(id).is_some() {
            return Ok(());
        }
        self.entity(id).map(|_| ())
    }

    /// Return the entity's component of `kind` if it is one kept outside
    /// the ECS (`Some(None)`: it has none), or `None` if the ECS keeps it.
    #[inline]
    fn side_component(&self, kind: ComponentKind, id: EntityId) -> Option<Option<AnyComponent>> {
        match kind {
            ComponentKind::Position => Some(
                self.index
                    .locate(id)
                    .map(|(at, _)| AnyComponent::Position(Position(at))),
            ),
            ComponentKind::Facing => {
                Some(self.facing.get(id).map(|f| AnyComponent::Facing(Facing(f))))
            }
            ComponentKind::Holding => Some(
                self.holding
                    .get(id)
                    .map(|h| AnyComponent::Holding(Holding(h))),
            ),
            // Read from where the entity stands (see `crate::floor`):
            // floor 1 is no component.
            ComponentKind::LevelMember => Some(
                self.index
                    .locate(id)
                    .map(|(at, _)| floor_of(at))
                    .filter(|&f| f != 1)
                    .map(|f| AnyComponent::LevelMember(LevelMember(f))),
            ),
            _ => None,
        }
    }

    /// Return the entity's component of `kind`, wherever it is kept.
    #[inline]
    fn component_of(
        &self,
        kind: ComponentKind,
        id: EntityId,
        e: hecs::Entity,
    ) -> Option<AnyComponent> {
        match self.side_component(kind, id) {
            Some(c) => c,
            None => kind.get(&self.ecs, e),
        }
    }

    #[inline(always)]
    fn record(&mut self, change: impl FnOnce() -> Change) {
        if self.recording {
            self.journal.push(change());
        }
    }

    /// Note, the first time `id` changes while a baseline is kept, how it
    /// was before (see `baseline.rs`). Call before the change.
    #[inline(always)]
    fn touch(&mut self, id: EntityId) {
        if let Some(baseline) = &self.baseline
            && !baseline.has(id)
        {
            self.note_first(id);
        }
    }

    /// Note how `id` is now, before its first change since the baseline
    /// began: once per entity, so out of the hot path.
    #[cold]
    #[inline(never)]
    fn note_first(&mut self, id: EntityId) {
        let before = self.snapshot(id);
        if let Some(baseline) = &mut self.baseline {
            baseline.note(id, before);
        }
    }

    /// Note that `id` was just spawned: at the start it did not exist
    /// (unless it was noted before, as a destroyed entity).
    #[inline]
    fn touch_spawned(&mut self, id: EntityId) {
        self.slots = self.slots.max(id.index().saturating_add(1));
        if let Some(baseline) = &mut self.baseline
            && !baseline.has(id)
        {
            baseline.note(id, None);
        }
    }

    /// Return the entity's tags and components, or `None` if it is dead.
    fn snapshot(&self, id: EntityId) -> Option<Snapshot> {
        Some(Snapshot {
            tags: self.tags(id).ok()?,
            components: self.components(id).ok()?.into_boxed_slice(),
        })
    }

    /// Record the ids future spawns will reuse, before a spawn or destroy
    /// changes them, so that undo hands out the same ids again.
    fn record_freelist(&mut self) {
        if self.recording {
            let free: Vec<EntityId> = self.ecs.freelist().map(to_id).collect();
            let slots = self.slots;
            self.record(|| Change::Freelist(Box::new(FreeIds { free, slots })));
        }
    }

    /// Put back the ids future spawns reuse as they were when `free` was
    /// the free list and `slots` slots had been made: the slots made since
    /// (all dead again) come after `free`, in the order they were first
    /// made, with their first generation, so spawns replayed after an undo
    /// or a restart get the very ids they got the first time.
    fn restore_freelist(&mut self, free: &[EntityId], slots: u32) {
        let fresh = (slots..self.slots).rev().map(|i| EntityId::new(i, 1));
        let list: Vec<hecs::Entity> = fresh
            .chain(free.iter().copied())
            .filter_map(|id| hecs::Entity::from_bits(id.to_bits()))
            .collect();
        self.ecs.set_freelist(&list);
    }

    /// Spawn an entity with no tags at `pos`, and return its id.
    pub fn spawn_empty(&mut self, pos: GridPos) -> EntityId {
        self.spawn_tagged(pos, TagSet::EMPTY)
    }

    /// Spawn an entity with `tags` at `pos` in one go (one ECS insert, one
    /// index insert), and return its id.
    pub fn spawn_tagged(&mut self, pos: GridPos, tags: TagSet) -> EntityId {
        self.record_freelist();
        let id = to_id(self.ecs.spawn((tags,)));
        self.touch_spawned(id);
        self.index.insert(id, tags, pos);
        self.record(|| Change::Spawned { id });
        id
    }

    /// Return the value of a level-wide counter.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::GlobalCounter;
    /// use muscleman_sim::World;
    ///
    /// assert_eq!(World::new().counter(GlobalCounter::Coins), 0);
    /// ```
    pub fn counter(&self, counter: GlobalCounter) -> u64 {
        self.counters.get(counter.index()).copied().unwrap_or(0)
    }

    /// Iterate over every counter with its value, in [`GlobalCounter::ALL`] order.
    pub fn counters(&self) -> impl Iterator<Item = (GlobalCounter, u64)> + '_ {
        GlobalCounter::ALL.into_iter().map(|c| (c, self.counter(c)))
    }

    /// Set a level-wide counter (recorded like every other mutation).
    pub(crate) fn set_counter(&mut self, counter: GlobalCounter, value: u64) {
        let Some(slot) = self.counters.get_mut(counter.index()) else {
            return;
        };
        let old = std::mem::replace(slot, value);
        if old != value {
            if let Some(baseline) = &mut self.baseline {
                baseline.note_counters_changed();
            }
            self.record(|| Change::Counter {
                counter,
                old: split(old),
            });
        }
    }

    /// Return the step's reusable buffers.
    #[inline]
    pub(crate) fn step_buffers(&mut self) -> &mut StepBuffers {
        &mut self.step_buffers
    }

    /// Return the step's reusable buffers, to read.
    #[inline]
    pub(crate) fn step_buffers_ref(&self) -> &StepBuffers {
        &self.step_buffers
    }

    /// Spawn an entity under a given id with the given tags and components.
    /// Fails if the id is in use.
    pub(crate) fn spawn_with_id(
        &mut self,
        id: EntityId,
        tags: TagSet,
        components: &[AnyComponent],
    ) -> Result<(), WorldError> {
        let e = hecs::Entity::from_bits(id.to_bits()).ok_or(WorldError::NoSuchEntity(id))?;
        // A slot is free if it was never used or is on the free list (short:
        // the entities destroyed and not replaced).
        let slot_free =
            id.index() >= self.slots || self.ecs.freelist().any(|f| f.id() == id.index());
        if !slot_free {
            return Err(WorldError::IdInUse(id));
        }
        self.record_freelist();
        let mut builder = hecs::EntityBuilder::new();
        builder.add(tags);
        let mut at = None;
        let (mut facing, mut holding) = (None, None);
        for c in components {
            match *c {
                AnyComponent::Position(p) => at = Some(p.0),
                AnyComponent::Facing(f) => facing = Some(f.0),
                AnyComponent::Holding(h) => holding = Some(h.0),
                // Read from the position.
                AnyComponent::LevelMember(_) => {}
                c => c.build(&mut builder),
            }
        }
        self.ecs.spawn_at(e, builder.build());
        if let Some(f) = facing {
            self.facing.set(id, f);
        }
        if let Some(h) = holding {
            self.holding.set(id, h);
        }
        self.touch_spawned(id);
        if let Some(at) = at {
            self.index.insert(id, tags, at);
        }
        self.record(|| Change::Spawned { id });
        Ok(())
    }

    /// Destroy an entity and take it out of the index.
    pub fn destroy(&mut self, id: EntityId) -> Result<(), WorldError> {
        let e = self.entity(id)?;
        self.touch(id);
        if self.recording {
            let tags = self.tags(id)?;
            let components = self.components(id)?.into_boxed_slice();
            self.record_freelist();
            self.record(|| {
                Change::Destroyed(Box::new(DestroyedEntity {
                    id,
                    tags,
                    components,
                }))
            });
        }
        if let Some((at, _)) = self.index.locate(id) {
            self.index.remove(id, at);
        }
        self.facing.remove(id);
        self.holding.remove(id);
        self.ecs
            .despawn(e)
            .map_err(|_| WorldError::NoSuchEntity(id))
    }

    /// Return whether `id` names a live entity.
    pub fn is_alive(&self, id: EntityId) -> bool {
        self.entity(id).is_ok()
    }

    /// Return the number of live entities.
    pub fn len(&self) -> usize {
        self.ecs.len() as usize
    }

    /// Return whether the world has no entity.
    pub fn is_empty(&self) -> bool {
        self.ecs.is_empty()
    }

    /// Return the ids of every live entity, in ascending order.
    pub fn entities(&self) -> Vec<EntityId> {
        let mut ids: Vec<EntityId> = self.ecs.iter().map(|e| to_id(e.entity())).collect();
        ids.sort_unstable();
        ids
    }

    /// Return the spatial index.
    pub fn index(&self) -> &SpatialIndex {
        &self.index
    }

    /// Return the entity's tags.
    #[inline]
    pub fn tags(&self, id: EntityId) -> Result<TagSet, WorldError> {
        // The index holds a positioned entity's tags.
        if let Some((_, tags)) = self.index.locate(id) {
            return Ok(tags);
        }
        self.ecs_tags(id)
    }

    /// Return the entity's tags as the ECS keeps them.
    fn ecs_tags(&self, id: EntityId) -> Result<TagSet, WorldError> {
        let e = self.entity(id)?;
        Ok(self.ecs.get::<&TagSet>(e).map(|t| *t).unwrap_or_default())
    }

    /// Replace the entity's whole tag set.
    pub fn set_tags(&mut self, id: EntityId, tags: TagSet) -> Result<(), WorldError> {
        let e = self.entity(id)?;
        self.touch(id);
        let old = match self.ecs.query_one_mut::<&mut TagSet>(e) {
            Ok(slot) => std::mem::replace(slot, tags),
            Err(_) => {
                self.ecs
                    .insert_one(e, tags)
                    .map_err(|_| WorldError::NoSuchEntity(id))?;
                TagSet::EMPTY
            }
        };
        if old == tags {
            return Ok(());
        }
        if let Some((at, _)) = self.index.locate(id) {
            self.index.set_tags(id, at, tags);
        }
        self.record(|| Change::Tags { id, old });
        Ok(())
    }

    /// Return whether the entity has the tag `T`.
    pub fn has_tag<T: Tag>(&self, id: EntityId) -> Result<bool, WorldError> {
        Ok(self.tags(id)?.contains(T::KIND))
    }

    /// Give the entity the tag `T` (no change if it has it).
    pub fn add_tag<T: Tag>(&mut self, id: EntityId) -> Result<(), WorldError> {
        self.add_tag_kind(id, T::KIND)
    }

    /// Take the tag `T` from the entity (no change if it lacks it).
    pub fn remove_tag<T: Tag>(&mut self, id: EntityId) -> Result<(), WorldError> {
        self.remove_tag_kind(id, T::KIND)
    }

    /// Give the entity `tag`, named at run time.
    pub fn add_tag_kind(&mut self, id: EntityId, tag: TagKind) -> Result<(), WorldError> {
        let tags = self.tags(id)?;
        self.set_tags(id, tags.with(tag))
    }

    /// Take `tag`, named at run time, from the entity.
    pub fn remove_tag_kind(&mut self, id: EntityId, tag: TagKind) -> Result<(), WorldError> {
        let tags = self.tags(id)?;
        self.set_tags(id, tags.without(tag))
    }

    /// Return the entity's position.
    pub fn position(&self, id: EntityId) -> Result<GridPos, WorldError> {
        self.get::<Position>(id).map(|p| p.0)
    }

    /// Make room for `additional` more entities, so that filling a level of
    /// known size does not copy the ECS's and the index's tables as they grow.
    pub fn reserve(&mut self, additional: usize) {
        self.ecs
            .reserve::<(TagSet,)>(u32::try_from(additional).unwrap_or(u32::MAX));
        self.index.reserve_entries(additional);
    }

    /// Have the spatial index look at the floor of world cell `at` first
    /// (the step's player's floor), so a step costs the same on any floor.
    #[inline]
    pub(crate) fn focus(&mut self, at: GridPos) {
        self.index.focus(at);
    }

    /// Make room in the index for the rectangle from `min` to `max`, so that
    /// filling a level of known size does not grow it step by step.
    pub fn reserve_area(&mut self, min: GridPos, max: GridPos) {
        self.index.reserve_area(min, max);
    }
}
