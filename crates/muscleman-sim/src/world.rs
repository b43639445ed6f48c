//! The world: entities, their tags and components, and the spatial index.
//!
//! This module (with `index` and `component`) is the only one that names the
//! ECS. Its public methods speak [`EntityId`], [`GridPos`], [`Tag`] and
//! [`Component`]; no ECS type ever shows.

use muscleman_core::{
    EntityId, EntityRecipe, EntitySpec, EventBatch, GlobalCounter, GridDir, GridPos, MoveCause,
    Moved,
};

use crate::changes::StepBuffers;
use crate::component::{
    AnyComponent, Component, ComponentKind, Facing, Holding, LevelMember, Position, Tag, TagKind,
    TagSet,
};
use crate::index::SpatialIndex;
use crate::journal::baseline::{Baseline, Snapshot};
use crate::journal::{Change, DestroyedEntity, FreeIds, OldComponent, join, split};

/// Why a recipe could not be spawned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecipeError {
    /// The recipe's rules are not written yet, so the sim cannot make it.
    #[error("recipe {0} is not implemented yet")]
    NotImplemented(EntityRecipe),
    /// The recipe is implemented, but not in this state or with these
    /// contents (their rules are not written yet, or the state does not
    /// apply to the recipe).
    #[error("{0} is not implemented yet")]
    SpecNotImplemented(EntitySpec),
}

/// Why an operation on the world was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WorldError {
    /// The entity does not exist: it was never spawned or has been destroyed.
    #[error("entity {0} does not exist")]
    NoSuchEntity(EntityId),
    /// The id is already taken by a live entity.
    #[error("entity id {0} is already in use")]
    IdInUse(EntityId),
    /// The entity exists but lacks a component the operation needs.
    #[error("entity {entity} has no {component:?} component")]
    MissingComponent {
        /// The entity.
        entity: EntityId,
        /// The component it lacks.
        component: ComponentKind,
    },
    /// A recipe could not be spawned.
    #[error(transparent)]
    Recipe(#[from] RecipeError),
}

/// A rule of the world's consistency (rules.md §5) that does not hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvariantError {
    /// A positioned entity is missing from the index cell of its position.
    #[error("entity {entity} at {at} is not in the spatial index there")]
    NotIndexed {
        /// The entity.
        entity: EntityId,
        /// Its position.
        at: GridPos,
    },
    /// The index lists an entity in a cell where it does not stand.
    #[error("the spatial index lists entity {entity} at {at}, where it does not stand")]
    StrayIndexEntry {
        /// The entity listed.
        entity: EntityId,
        /// The cell that lists it.
        at: GridPos,
    },
    /// The index's copy of an entity's tags differs from the entity's tags.
    #[error("the spatial index holds stale tags for entity {entity}")]
    StaleTags {
        /// The entity.
        entity: EntityId,
    },
    /// A component refers to an entity that does not exist.
    #[error("entity {entity}'s {component:?} refers to entity {target}, which does not exist")]
    DanglingReference {
        /// The entity with the component.
        entity: EntityId,
        /// The component.
        component: ComponentKind,
        /// The entity it names.
        target: EntityId,
    },
    /// Two entities that block movement share a cell.
    #[error("entities {first} and {second} both block movement at {at}")]
    TwoBlockers {
        /// The cell.
        at: GridPos,
        /// The blocker with the lower id.
        first: EntityId,
        /// The other blocker.
        second: EntityId,
    },
    /// A player holds nothing but is tagged `Carrying`.
    #[error("entity {holder} is tagged as carrying but holds nothing")]
    CarryingNothing {
        /// The holder.
        holder: EntityId,
    },
    /// A player holds something that is gone, not liftable or not in front
    /// of it (rules.md §5, 6), or without its `Carrying` tag.
    #[error("entity {holder} holds {held}, which is not a liftable thing in front of it")]
    BadHolding {
        /// The holder.
        holder: EntityId,
        /// What it holds.
        held: EntityId,
    },
    /// A sinkable stands on water nothing fills (rules.md §5, 7).
    #[error("entity {entity} stands on unfilled water at {at} without sinking")]
    AfloatSinkable {
        /// The sinkable.
        entity: EntityId,
        /// Its cell.
        at: GridPos,
    },
    /// A water cell holds two walkable entities (rules.md §5, 7).
    #[error("the water at {at} is filled twice")]
    FilledTwice {
        /// The cell.
        at: GridPos,
    },
    /// A closed door shares its cell (rules.md §5, 8).
    #[error("the closed door {door} at {at} holds something")]
    CrowdedClosedDoor {
        /// The door.
        door: EntityId,
        /// Its cell.
        at: GridPos,
    },
    /// An open door is neither meant to be open nor holds anything (rules.md
    /// §5, 8).
    #[error("the door {door} is open for nothing")]
    DoorOpenForNothing {
        /// The door.
        door: EntityId,
    },
    /// A plate's pressed state does not match what stands on it.
    #[error("the plate {plate}'s pressed state does not match what stands on it")]
    StalePlate {
        /// The plate.
        plate: EntityId,
    },
}

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
#[derive(Default)]
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
    journal: Vec<Change>,
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
}

impl std::fmt::Debug for World {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("World")
            .field("entities", &self.ecs.len())
            .finish_non_exhaustive()
    }
}

/// A component kept beside the ECS: each entity that has it, with its
/// value, sorted by id. Only players have these, so a lookup is a binary
/// search over a handful of rows.
#[derive(Clone, Debug)]
struct Column<T> {
    rows: Vec<(EntityId, T)>,
}

impl<T> Default for Column<T> {
    fn default() -> Self {
        Column { rows: Vec::new() }
    }
}

impl<T: Copy> Column<T> {
    #[inline]
    fn find(&self, id: EntityId) -> Result<usize, usize> {
        // Usually there is one player: its row is the first.
        if self.rows.first().is_some_and(|row| row.0 == id) {
            return Ok(0);
        }
        self.rows.binary_search_by_key(&id, |row| row.0)
    }

    /// Return the entity's value, if it has one.
    #[inline]
    fn get(&self, id: EntityId) -> Option<T> {
        let i = self.find(id).ok()?;
        self.rows.get(i).map(|row| row.1)
    }

    /// Set the entity's value; return the one it replaced.
    #[inline]
    fn set(&mut self, id: EntityId, value: T) -> Option<T> {
        match self.find(id) {
            Ok(i) => self
                .rows
                .get_mut(i)
                .map(|row| std::mem::replace(&mut row.1, value)),
            Err(i) => {
                self.rows.insert(i, (id, value));
                None
            }
        }
    }

    /// Take the entity's value away; return it.
    fn remove(&mut self, id: EntityId) -> Option<T> {
        let i = self.find(id).ok()?;
        Some(self.rows.remove(i).1)
    }
}

fn to_id(entity: hecs::Entity) -> EntityId {
    let bits = entity.to_bits().get();
    EntityId::new(bits as u32, (bits >> 32) as u32)
}

impl World {
    /// Make an empty world.
    pub fn new() -> Self {
        World::default()
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

    /// Spawn an entity with `tags` at `pos` as a member of `level`, in one
    /// ECS insert and one index insert, and return its id. A member of the
    /// main level (0) gets no `LevelMember` component: absent means level 0
    /// (see [`World::level_of`]), so the levels of today cost nothing.
    pub(crate) fn spawn_member(
        &mut self,
        pos: GridPos,
        tags: TagSet,
        level: LevelMember,
    ) -> EntityId {
        self.record_freelist();
        let id = if level == crate::component::MAIN_LEVEL {
            to_id(self.ecs.spawn((tags,)))
        } else {
            to_id(self.ecs.spawn((tags, level)))
        };
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

    /// Return the level an entity belongs to: its [`LevelMember`], or the
    /// main level (0) when it has none.
    pub fn level_of(&self, id: EntityId) -> Result<LevelMember, WorldError> {
        match self.get::<LevelMember>(id) {
            Ok(level) => Ok(level),
            Err(WorldError::MissingComponent { .. }) => Ok(crate::component::MAIN_LEVEL),
            Err(e) => Err(e),
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

    /// Return whether the entity has the component `C`.
    pub fn has<C: Component>(&self, id: EntityId) -> Result<bool, WorldError> {
        let e = self.entity(id)?;
        match self.side_component(C::KIND, id) {
            Some(c) => Ok(c.is_some()),
            None => Ok(self.ecs.satisfies::<&C>(e)),
        }
    }

    /// Return a copy of the entity's component `C`.
    #[inline]
    pub fn get<C: Component>(&self, id: EntityId) -> Result<C, WorldError> {
        let missing = WorldError::MissingComponent {
            entity: id,
            component: C::KIND,
        };
        if let Some(c) = self.side_component(C::KIND, id) {
            return match c.and_then(C::from_any) {
                Some(c) => Ok(c),
                None => self.check_alive(id).and(Err(missing)),
            };
        }
        let e = self.entity(id)?;
        self.ecs
            .get::<&C>(e)
            .map(|c| *c)
            .map_err(|_| WorldError::MissingComponent {
                entity: id,
                component: C::KIND,
            })
    }

    /// Return every data component of the entity, in [`ComponentKind::ALL`] order.
    pub fn components(&self, id: EntityId) -> Result<Vec<AnyComponent>, WorldError> {
        let e = self.entity(id)?;
        Ok(ComponentKind::ALL
            .iter()
            .filter_map(|kind| self.component_of(*kind, id, e))
            .collect())
    }

    /// Call `f` with each data component of the entity, in
    /// [`ComponentKind::ALL`] order, without collecting them.
    pub(crate) fn for_each_component(
        &self,
        id: EntityId,
        mut f: impl FnMut(AnyComponent),
    ) -> Result<(), WorldError> {
        let e = self.entity(id)?;
        for kind in ComponentKind::ALL {
            if let Some(c) = self.component_of(*kind, id, e) {
                f(c);
            }
        }
        Ok(())
    }

    /// Set the entity's component `C`, adding it if missing. Setting a
    /// [`Position`] moves the entity (see [`World::move_to`]).
    #[inline]
    pub fn set<C: Component>(&mut self, id: EntityId, value: C) -> Result<(), WorldError> {
        match value.into_any() {
            // Unchanged (the usual step: the player walks on the way it
            // faces): one look at the column's first row.
            AnyComponent::Facing(f)
                if self
                    .facing
                    .rows
                    .first()
                    .is_some_and(|row| row.0 == id && row.1 == f.0) =>
            {
                return Ok(());
            }
            AnyComponent::Facing(f) => return self.set_facing(id, f.0),
            // Unchanged: nothing to do, nothing to record (an entity in the
            // column is alive: destroying it takes it out).
            AnyComponent::Holding(h) if self.holding.get(id) == Some(h.0) => return Ok(()),
            any @ (AnyComponent::Position(_) | AnyComponent::Holding(_)) => {
                return self.set_any(id, any);
            }
            _ => {}
        }
        // Typed, so a step's Facing costs one query, not a generic dispatch.
        let e = self.entity(id)?;
        self.touch(id);
        let old = match self.ecs.query_one_mut::<&mut C>(e) {
            Ok(slot) if *slot == value => return Ok(()),
            Ok(slot) => Some(std::mem::replace(slot, value)),
            Err(_) => {
                self.ecs
                    .insert_one(e, value)
                    .map_err(|_| WorldError::NoSuchEntity(id))?;
                None
            }
        };
        self.record(|| Change::Component {
            id,
            old: old.map_or(OldComponent::Lacked(C::KIND), |o| {
                OldComponent::Had(o.into_any())
            }),
        });
        Ok(())
    }

    /// Set the entity's [`Facing`]: one column read when it does not change.
    #[inline]
    fn set_facing(&mut self, id: EntityId, dir: GridDir) -> Result<(), WorldError> {
        let Ok(row) = self.facing.find(id) else {
            return self.set_any(id, AnyComponent::Facing(Facing(dir)));
        };
        let old = match self.facing.rows.get(row) {
            Some(&(_, old)) if old != dir => old,
            _ => return Ok(()),
        };
        self.touch(id);
        if let Some(slot) = self.facing.rows.get_mut(row) {
            slot.1 = dir;
        }
        self.record(|| Change::Component {
            id,
            old: OldComponent::Had(AnyComponent::Facing(Facing(old))),
        });
        Ok(())
    }

    /// Set a component given as an [`AnyComponent`], adding it if missing.
    #[inline]
    pub fn set_any(&mut self, id: EntityId, value: AnyComponent) -> Result<(), WorldError> {
        let old = match value {
            AnyComponent::Position(p) => {
                if self.index.locate(id).is_some() {
                    return self.move_to(id, p.0).map(|_| ());
                }
                // A position added: the entity enters the index.
                let tags = self.tags(id)?;
                self.touch(id);
                self.index.insert(id, tags, p.0);
                None
            }
            AnyComponent::Facing(f) => {
                let old = self.facing.get(id);
                if old == Some(f.0) {
                    return Ok(());
                }
                if old.is_none() {
                    self.check_alive(id)?;
                }
                self.touch(id);
                self.facing.set(id, f.0);
                old.map(|o| AnyComponent::Facing(Facing(o)))
            }
            AnyComponent::Holding(h) => {
                let old = self.holding.get(id);
                if old == Some(h.0) {
                    return Ok(());
                }
                if old.is_none() {
                    self.check_alive(id)?;
                }
                self.touch(id);
                self.holding.set(id, h.0);
                old.map(|o| AnyComponent::Holding(Holding(o)))
            }
            _ => {
                let e = self.entity(id)?;
                self.touch(id);
                match value.insert(&mut self.ecs, e) {
                    Ok(old) => old,
                    // The value was already there: nothing changed.
                    Err(()) => return Ok(()),
                }
            }
        };
        self.record(|| Change::Component {
            id,
            old: old.map_or(OldComponent::Lacked(value.kind()), OldComponent::Had),
        });
        Ok(())
    }

    /// Remove the entity's component `C` and return it (`None` if it had
    /// none). Removing [`Position`] takes the entity out of the index.
    pub fn remove<C: Component>(&mut self, id: EntityId) -> Result<Option<C>, WorldError> {
        Ok(self.remove_kind(id, C::KIND)?.and_then(C::from_any))
    }

    /// Remove the component named `kind` from the entity and return it
    /// (`None` if it had none).
    pub fn remove_kind(
        &mut self,
        id: EntityId,
        kind: ComponentKind,
    ) -> Result<Option<AnyComponent>, WorldError> {
        let e = self.entity(id)?;
        self.touch(id);
        let old = match kind {
            ComponentKind::Position => self.index.locate(id).map(|(at, _)| {
                self.index.remove(id, at);
                AnyComponent::Position(Position(at))
            }),
            ComponentKind::Facing => self.facing.remove(id).map(|f| Facing(f).into_any()),
            ComponentKind::Holding => self.holding.remove(id).map(|h| Holding(h).into_any()),
            _ => kind.remove(&mut self.ecs, e),
        };
        if let Some(old) = old {
            self.record(|| Change::Component {
                id,
                old: OldComponent::Had(old),
            });
        }
        Ok(old)
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

    /// Move the entity to `to`, keeping the index in sync; return where it was.
    #[inline]
    pub fn move_to(&mut self, id: EntityId, to: GridPos) -> Result<GridPos, WorldError> {
        // The index is where positions are kept: one table read finds the
        // entity's cell and tags, with no ECS lookup.
        let Some((from, tags)) = self.index.locate(id) else {
            self.entity(id)?;
            return Err(WorldError::MissingComponent {
                entity: id,
                component: ComponentKind::Position,
            });
        };
        if from != to {
            self.touch(id);
            self.index.relocate(id, tags, from, to);
            self.record(|| Change::Moved { id, from });
        }
        Ok(from)
    }

    /// Start keeping a baseline at the current state (see `baseline.rs`).
    pub(crate) fn start_baseline(&mut self) {
        let free = self.ecs.freelist().map(to_id).collect();
        self.baseline = Some(Baseline::new(free, self.slots, self.counters));
    }

    /// Return the baseline, leaving a fresh one at the same start state (the
    /// world was just put back at it): what a restart keeps for its undo.
    pub(crate) fn renew_baseline(&mut self) -> Option<Baseline> {
        let fresh = self.baseline.as_ref().map(Baseline::fresh);
        std::mem::replace(&mut self.baseline, fresh)
    }

    /// Put back the baseline a restart replaced (its undo).
    pub(crate) fn set_baseline(&mut self, baseline: Baseline) {
        self.baseline = Some(baseline);
    }

    /// Return the bytes the baseline holds.
    pub(crate) fn baseline_bytes(&self) -> usize {
        self.baseline.as_ref().map_or(0, Baseline::heap_bytes)
    }

    /// Put every entity changed since the baseline began back as it was
    /// then, and the id free list: the start state, at a cost that follows
    /// the number of entities changed, not the history. Moves back are
    /// reported as `Moved` with `cause`, in id order.
    pub(crate) fn restore_baseline(
        &mut self,
        cause: MoveCause,
        events: &mut EventBatch,
    ) -> Result<(), WorldError> {
        let Some(baseline) = self.baseline.take() else {
            return Ok(());
        };
        let result = self.restore(&baseline, cause, events);
        self.baseline = Some(baseline);
        result
    }

    fn restore(
        &mut self,
        baseline: &Baseline,
        cause: MoveCause,
        events: &mut EventBatch,
    ) -> Result<(), WorldError> {
        let entries = baseline.entries();
        // Those that did not exist go first, so their slots are free for
        // those that come back.
        for (id, before) in &entries {
            if before.is_none() && self.is_alive(*id) {
                self.destroy(*id)?;
            }
        }
        for (id, before) in &entries {
            let Some(before) = before else { continue };
            if !self.is_alive(*id) {
                self.spawn_with_id(*id, before.tags, &before.components)?;
                continue;
            }
            self.set_tags(*id, before.tags)?;
            let now = self.components(*id)?;
            for c in &now {
                if !before.components.iter().any(|b| b.kind() == c.kind()) {
                    self.remove_kind(*id, c.kind())?;
                }
            }
            for b in before.components.iter() {
                if let AnyComponent::Position(p) = b
                    && let Ok(from) = self.position(*id)
                    && from != p.0
                {
                    events.push(Moved {
                        entity: *id,
                        from,
                        to: p.0,
                        cause,
                    });
                }
                self.set_any(*id, *b)?;
            }
        }
        if baseline.counters_changed() {
            for (counter, value) in GlobalCounter::ALL.into_iter().zip(baseline.counters()) {
                self.set_counter(counter, value);
            }
        }
        let now: Vec<EntityId> = self.ecs.freelist().map(to_id).collect();
        if now != baseline.freelist() || self.slots != baseline.slots() {
            self.record_freelist();
            self.restore_freelist(baseline.freelist(), baseline.slots());
        }
        Ok(())
    }

    /// Start appending every mutation to the journal.
    #[inline]
    pub(crate) fn start_recording(&mut self) {
        self.recording = true;
    }

    /// Stop appending mutations to the journal.
    #[inline]
    pub(crate) fn stop_recording(&mut self) {
        self.recording = false;
    }

    /// Return the journal: every change recorded and not dropped, in order.
    #[inline]
    pub(crate) fn journal(&self) -> &[Change] {
        &self.journal
    }

    /// Undo the journal's changes from `from` on, newest first (see
    /// [`World::revert`]), and drop them from it.
    pub(crate) fn revert_journal(
        &mut self,
        from: usize,
        cause: MoveCause,
        events: &mut EventBatch,
    ) -> Result<(), WorldError> {
        let recording = std::mem::replace(&mut self.recording, false);
        let mut result = Ok(());
        while self.journal.len() > from {
            let Some(change) = self.journal.pop() else {
                break;
            };
            result = self.revert(std::slice::from_ref(&change), cause, events);
            if result.is_err() {
                break;
            }
        }
        self.journal.truncate(from);
        self.recording = recording;
        result
    }

    /// Undo `changes` (recorded by a journal) in reverse order, restoring the
    /// exact earlier state, ids included. Every position change is reported
    /// in `events` as a `Moved` with `cause`. While recording, the reversal
    /// is itself recorded, so it can be undone in turn.
    fn revert(
        &mut self,
        changes: &[Change],
        cause: MoveCause,
        events: &mut EventBatch,
    ) -> Result<(), WorldError> {
        for change in changes.iter().rev() {
            match change {
                Change::Spawned { id } => self.destroy(*id)?,
                Change::Destroyed(d) => self.spawn_with_id(d.id, d.tags, &d.components)?,
                Change::Freelist(f) => {
                    self.record_freelist();
                    self.restore_freelist(&f.free, f.slots);
                }
                Change::Moved { id, from } => {
                    let to = self.move_to(*id, *from)?;
                    events.push(Moved {
                        entity: *id,
                        from: to,
                        to: *from,
                        cause,
                    });
                }
                Change::Tags { id, old } => self.set_tags(*id, *old)?,
                Change::Counter { counter, old } => self.set_counter(*counter, join(*old)),
                Change::Component { id, old } => match old {
                    // A turn taken back: in place, like a step's turn.
                    OldComponent::Had(AnyComponent::Facing(f)) => self.set_facing(*id, f.0)?,
                    OldComponent::Had(value) => {
                        if let AnyComponent::Position(p) = value {
                            let now = self.position(*id).ok();
                            if let Some(now) = now {
                                events.push(Moved {
                                    entity: *id,
                                    from: now,
                                    to: p.0,
                                    cause,
                                });
                            }
                        }
                        self.set_any(*id, *value)?;
                    }
                    OldComponent::Lacked(kind) => {
                        self.remove_kind(*id, *kind)?;
                    }
                },
            }
        }
        Ok(())
    }

    /// Make room for `additional` more entities, so that filling a level of
    /// known size does not copy the ECS's and the index's tables as they grow.
    pub fn reserve(&mut self, additional: usize) {
        self.ecs
            .reserve::<(TagSet,)>(u32::try_from(additional).unwrap_or(u32::MAX));
        self.index.reserve_entries(additional);
    }

    /// Make room in the index for the rectangle from `min` to `max`, so that
    /// filling a level of known size does not grow it step by step.
    pub fn reserve_area(&mut self, min: GridPos, max: GridPos) {
        self.index.reserve_area(min, max);
    }

    /// Check the world's consistency rules (rules.md §5, 1 and 2): every
    /// positioned entity is indexed exactly at its position with its current
    /// tags, the index holds nothing else, no cell holds two entities that
    /// block movement, and no component refers to a dead entity.
    pub fn validate(&self) -> Result<(), InvariantError> {
        let mut positioned = 0usize;
        for id in self.entities() {
            let mut dangling = None;
            // The entity is alive: it came from `entities`.
            let _ = self.for_each_component(id, |c| {
                if let Some(target) = c.refers_to()
                    && !self.is_alive(target)
                {
                    dangling.get_or_insert((c.kind(), target));
                }
            });
            if let Some((component, target)) = dangling {
                return Err(InvariantError::DanglingReference {
                    entity: id,
                    component,
                    target,
                });
            }
            let Ok(at) = self.position(id) else { continue };
            positioned += 1;
            let tags = self.ecs_tags(id).unwrap_or_default();
            match self.index.tags_of(id, at) {
                None => return Err(InvariantError::NotIndexed { entity: id, at }),
                Some(t) if t != tags => return Err(InvariantError::StaleTags { entity: id }),
                Some(_) => {}
            }
        }
        let mut indexed = 0usize;
        for (at, ids) in self.index.cells() {
            let mut blocker: Option<EntityId> = None;
            for id in ids {
                indexed += 1;
                if self.position(id).ok() != Some(at) {
                    return Err(InvariantError::StrayIndexEntry { entity: id, at });
                }
                if self
                    .tags(id)
                    .unwrap_or_default()
                    .contains(TagKind::BlocksMovement)
                {
                    if let Some(first) = blocker {
                        return Err(InvariantError::TwoBlockers {
                            at,
                            first,
                            second: id,
                        });
                    }
                    blocker = Some(id);
                }
            }
        }
        self.validate_holding()?;
        if indexed != positioned {
            // Some entity is listed twice; find it to name it.
            let mut seen = std::collections::BTreeSet::new();
            for (at, ids) in self.index.cells() {
                for id in ids {
                    if !seen.insert(id) {
                        return Err(InvariantError::StrayIndexEntry { entity: id, at });
                    }
                }
            }
        }
        Ok(())
    }

    /// Check rules.md §5, 6: what a player holds exists, is liftable and
    /// stands in front of it.
    fn validate_holding(&self) -> Result<(), InvariantError> {
        for holder in self.entities() {
            let Ok(Holding(holding)) = self.get::<Holding>(holder) else {
                continue;
            };
            let carrying = self
                .tags(holder)
                .is_ok_and(|t| t.contains(TagKind::Carrying));
            let Some(held) = holding else {
                if carrying {
                    return Err(InvariantError::CarryingNothing { holder });
                }
                continue;
            };
            if !carrying {
                return Err(InvariantError::BadHolding { holder, held });
            }
            let front = match (self.position(holder), self.get::<Facing>(holder)) {
                (Ok(at), Ok(facing)) => Some(at.step(facing.0)),
                _ => None,
            };
            let liftable = self.tags(held).is_ok_and(|t| t.contains(TagKind::Liftable));
            if !liftable || front.is_none() || self.position(held).ok() != front {
                return Err(InvariantError::BadHolding { holder, held });
            }
        }
        Ok(())
    }
}
