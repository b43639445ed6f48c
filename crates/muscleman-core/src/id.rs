//! The entity id that events and the world API carry.

use std::fmt;

/// Identify one entity of a world: a slot index and the generation of that slot.
///
/// Ids are handed out deterministically: the same level and inputs give the
/// same ids on every run. A destroyed entity's slot may be reused with a
/// higher generation, so a stale id never names a new entity.
///
/// # Example
/// ```
/// use muscleman_core::EntityId;
///
/// let id = EntityId::new(7, 1);
/// assert_eq!(EntityId::from_bits(id.to_bits()), Some(id));
/// assert_eq!(id.to_string(), "7");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EntityId {
    generation: u32,
    index: u32,
}

impl EntityId {
    /// Make an id from a slot index and a generation (generations start at 1).
    pub const fn new(index: u32, generation: u32) -> Self {
        EntityId { generation, index }
    }

    /// Return the slot index.
    pub const fn index(self) -> u32 {
        self.index
    }

    /// Return the generation of the slot.
    pub const fn generation(self) -> u32 {
        self.generation
    }

    /// Pack the id into 64 bits: generation in the high half, index in the low half.
    pub const fn to_bits(self) -> u64 {
        ((self.generation as u64) << 32) | self.index as u64
    }

    /// Unpack an id made by [`EntityId::to_bits`]; `None` when the generation is 0.
    pub const fn from_bits(bits: u64) -> Option<Self> {
        let generation = (bits >> 32) as u32;
        if generation == 0 {
            None
        } else {
            Some(EntityId {
                generation,
                index: bits as u32,
            })
        }
    }
}

impl fmt::Display for EntityId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.generation == 1 {
            write!(f, "{}", self.index)
        } else {
            write!(f, "{}v{}", self.index, self.generation)
        }
    }
}
