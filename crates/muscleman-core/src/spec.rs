//! What a level says about one entity: its recipe, its state and its contents.

use std::fmt;

use crate::{CellClass, EntityRecipe, RecipeState};

/// Most recipes one box can hold (rules.md §6 sets no number for a box; a
/// cauldron holds at most one key, a bong two; this one keeps contents and
/// the `Smashed` event a fixed size, so a step never allocates).
pub const MAX_CONTENTS: usize = 6;

/// What a box, a cauldron or a bong holds: up to [`MAX_CONTENTS`]
/// recipes, in the order they went in and spawn when it is smashed.
///
/// # Example
/// ```
/// use muscleman_core::{Contents, EntityRecipe};
///
/// let mut contents = Contents::EMPTY;
/// contents.push(EntityRecipe::Apple)?;
/// contents.push(EntityRecipe::KeyRed)?;
/// assert_eq!(contents.as_slice(), &[EntityRecipe::Apple, EntityRecipe::KeyRed]);
/// assert_eq!(Contents::from_slice(contents.as_slice()), Some(contents));
/// # Ok::<(), muscleman_core::ContentsFull>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Contents {
    len: u8,
    /// Slots past `len` always hold `Player`, so derived comparisons are exact.
    items: [EntityRecipe; MAX_CONTENTS],
}

/// Contents already hold [`MAX_CONTENTS`] recipes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContentsFull;

impl fmt::Display for ContentsFull {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a box holds at most {MAX_CONTENTS} things")
    }
}

impl std::error::Error for ContentsFull {}

impl Contents {
    /// Nothing.
    pub const EMPTY: Contents = Contents {
        len: 0,
        items: [EntityRecipe::Player; MAX_CONTENTS],
    };

    /// Make contents from a list, or `None` if it is longer than [`MAX_CONTENTS`].
    pub fn from_slice(recipes: &[EntityRecipe]) -> Option<Contents> {
        let mut c = Contents::EMPTY;
        for r in recipes {
            c.push(*r).ok()?;
        }
        Some(c)
    }

    /// Append a recipe at the end.
    pub fn push(&mut self, recipe: EntityRecipe) -> Result<(), ContentsFull> {
        let slot = self
            .items
            .get_mut(usize::from(self.len))
            .ok_or(ContentsFull)?;
        *slot = recipe;
        self.len += 1;
        Ok(())
    }

    /// Return the recipes, in spawn order.
    pub fn as_slice(&self) -> &[EntityRecipe] {
        self.items.get(..usize::from(self.len)).unwrap_or(&[])
    }

    /// Return how many recipes there are.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Return whether there are none.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Default for Contents {
    fn default() -> Self {
        Contents::EMPTY
    }
}

impl fmt::Debug for Contents {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// One entity as a level places it: a recipe, the state it is written in
/// (`None` for the recipe's own state) and, for a box, a cauldron or a
/// bong, its contents.
///
/// Specs order by recipe first, so a cell's list of specs has one canonical
/// order however it was written.
///
/// # Example
/// ```
/// use muscleman_core::{EntityRecipe, EntitySpec, RecipeState};
///
/// let sunk = EntitySpec::new(EntityRecipe::HeavyBox).with_state(RecipeState::Sunk);
/// assert_eq!(sunk.to_string(), "HeavyBox:sunk");
/// assert!(EntitySpec::new(EntityRecipe::Box) < sunk);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EntitySpec {
    /// The recipe.
    pub recipe: EntityRecipe,
    /// The state it is written in; `None` is the recipe's own state.
    pub state: Option<RecipeState>,
    /// What it holds (boxes, cauldrons and bongs only), in spawn order.
    pub contents: Contents,
}

impl EntitySpec {
    /// Make the spec of a plain recipe: its own state, no contents.
    pub const fn new(recipe: EntityRecipe) -> EntitySpec {
        EntitySpec {
            recipe,
            state: None,
            contents: Contents::EMPTY,
        }
    }

    /// Return the spec in `state`; the name of the recipe's own state (a
    /// duck's `down`) gives the spec in its own state, `None`.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{EntityRecipe, EntitySpec, RecipeState};
    ///
    /// let duck = EntitySpec::new(EntityRecipe::Duck);
    /// assert_eq!(duck.with_state(RecipeState::Down), duck);
    /// assert_eq!(duck.with_state(RecipeState::Up).to_string(), "Duck:up");
    /// ```
    #[must_use]
    pub const fn with_state(self, state: RecipeState) -> EntitySpec {
        let own = match self.recipe.info().own_state {
            Some(own) => own as u8 == state as u8,
            None => false,
        };
        EntitySpec {
            state: if own { None } else { Some(state) },
            ..self
        }
    }

    /// Return the spec as levels keep it: a state that names the recipe's
    /// own state (written `Duck:down`) dropped (see [`EntitySpec::with_state`]).
    #[must_use]
    pub const fn canonical(self) -> EntitySpec {
        match self.state {
            Some(state) => self.with_state(state),
            None => self,
        }
    }

    /// Return the spec's cell class: its state's, or its recipe's
    /// (rules.md §6; an unknown state gives the recipe's).
    pub const fn class(&self) -> CellClass {
        match self.state {
            Some(state) => match state.class_of(self.recipe) {
                Some(class) => class,
                None => self.recipe.info().class,
            },
            None => self.recipe.info().class,
        }
    }

    /// Return the spec holding `contents`.
    #[must_use]
    pub const fn with_contents(self, contents: Contents) -> EntitySpec {
        EntitySpec { contents, ..self }
    }
}

impl From<EntityRecipe> for EntitySpec {
    fn from(recipe: EntityRecipe) -> EntitySpec {
        EntitySpec::new(recipe)
    }
}

/// Writes the spec as a legend does: `Box(Apple KeyRed)`, `DoorRed:open`.
impl fmt::Display for EntitySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.recipe)?;
        if let Some(state) = self.state {
            write!(f, ":{state}")?;
        }
        if !self.contents.is_empty() {
            f.write_str("(")?;
            for (i, r) in self.contents.as_slice().iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{r}")?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contents_refuse_past_the_limit() {
        let mut c = Contents::EMPTY;
        for _ in 0..MAX_CONTENTS {
            assert_eq!(c.push(EntityRecipe::Coin), Ok(()));
        }
        assert_eq!(c.push(EntityRecipe::Coin), Err(ContentsFull));
        assert_eq!(c.len(), MAX_CONTENTS);
    }

    #[test]
    fn equal_lists_give_equal_contents() {
        let a = Contents::from_slice(&[EntityRecipe::Apple]);
        let mut b = Contents::EMPTY;
        assert_eq!(b.push(EntityRecipe::Apple), Ok(()));
        assert_eq!(a, Some(b));
    }

    #[test]
    fn specs_print_state_and_contents() {
        let c = Contents::from_slice(&[EntityRecipe::Apple, EntityRecipe::KeyRed]);
        let boxed = EntitySpec::new(EntityRecipe::Box).with_contents(c.unwrap_or_default());
        assert_eq!(boxed.to_string(), "Box(Apple KeyRed)");
        let door = EntitySpec::new(EntityRecipe::DoorRed).with_state(RecipeState::Unlocked);
        assert_eq!(door.to_string(), "DoorRed:unlocked");
    }
}
