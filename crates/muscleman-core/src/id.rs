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
#[derive(Clone, Copy, Eq)]
#[repr(C)]
pub struct EntityId {
    // In this order, the id's eight bytes read as one little-endian `u64`
    // are its bits ([`EntityId::to_bits`]), so a comparison is one compare.
    index: u32,
    generation: u32,
}

impl EntityId {
    /// Make an id from a slot index and a generation (generations start at 1).
    pub const fn new(index: u32, generation: u32) -> Self {
        EntityId { index, generation }
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

/// Two ids are equal when their bits are: one compare, where the two
/// fields would take two.
impl PartialEq for EntityId {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        self.to_bits() == other.to_bits()
    }
}

/// Ids are ordered by generation, then index: by their bits.
impl Ord for EntityId {
    #[inline]
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.to_bits().cmp(&other.to_bits())
    }
}

impl PartialOrd for EntityId {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }

    #[inline]
    fn lt(&self, other: &Self) -> bool {
        self.to_bits() < other.to_bits()
    }
}

impl fmt::Debug for EntityId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EntityId")
            .field("generation", &self.generation())
            .field("index", &self.index())
            .finish()
    }
}

/// Hashed as the generation, then the index.
impl std::hash::Hash for EntityId {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.generation().hash(state);
        self.index().hash(state);
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
