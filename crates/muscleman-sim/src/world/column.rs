//! Components kept beside the ECS, in columns sorted by id.

use muscleman_core::EntityId;

/// A component kept beside the ECS: each entity that has it, with its
/// value, sorted by id. Only players have these, so a lookup is a binary
/// search over a handful of rows.
#[derive(Clone, Debug)]
pub(super) struct Column<T> {
    pub(super) rows: Vec<(EntityId, T)>,
}

impl<T> Default for Column<T> {
    fn default() -> Self {
        Column { rows: Vec::new() }
    }
}

impl<T: Copy> Column<T> {
    #[inline(always)]
    pub(super) fn find(&self, id: EntityId) -> Result<usize, usize> {
        // Usually there is one player: its row is the first.
        if self.rows.first().is_some_and(|row| row.0 == id) {
            return Ok(0);
        }
        self.rows.binary_search_by_key(&id, |row| row.0)
    }

    /// Return the entity's value, if it has one.
    #[inline]
    pub(super) fn get(&self, id: EntityId) -> Option<T> {
        let i = self.find(id).ok()?;
        self.rows.get(i).map(|row| row.1)
    }

    /// Set the entity's value; return the one it replaced.
    #[inline]
    pub(super) fn set(&mut self, id: EntityId, value: T) -> Option<T> {
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
    pub(super) fn remove(&mut self, id: EntityId) -> Option<T> {
        let i = self.find(id).ok()?;
        Some(self.rows.remove(i).1)
    }
}
