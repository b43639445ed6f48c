//! Why an operation on the world was refused, and what invariant broke.

use muscleman_core::{EntityId, EntityRecipe, EntitySpec, GridPos};

use crate::component::ComponentKind;

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
    /// A move would take the entity off its floor's band of the world's
    /// rows (a million rows away from the level on an open level): refused,
    /// since only the stairs change an entity's floor (see `crate::floor`).
    #[error("entity {entity} would leave its floor for world cell {at}")]
    LeftFloor {
        /// The entity.
        entity: EntityId,
        /// The world cell it would have moved to.
        at: GridPos,
    },
}

/// A rule of the world's consistency (rules.md §5) that does not hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvariantError {
    /// An entity stands on a floor the world does not have (invariant 9).
    #[error("entity {entity} stands on floor {floor}, which the level does not have")]
    NoSuchFloor {
        /// The entity.
        entity: EntityId,
        /// Its floor.
        floor: u32,
    },
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
    /// A mechanic's own invariant does not hold (rules.md §5): its check
    /// names the rule, the cell and the entity concerned.
    #[error("at {at}: {rule} (entity {entity:?})")]
    Broken {
        /// The rule broken, in words ("a sinkable floats on unfilled water").
        rule: &'static str,
        /// The cell.
        at: GridPos,
        /// The entity concerned, if one is.
        entity: Option<EntityId>,
    },
}
