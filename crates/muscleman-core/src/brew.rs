//! What a container brews: a rule as data, declared once by the mechanic
//! that brews (the sim's cauldron) and read by whatever reasons about it
//! (level analysis), so no other layer writes it again.

use crate::recipe::EntityRecipe;

/// Two things put into `container` that brew into `makes`.
///
/// # Example
/// ```
/// use muscleman_core::{Brew, EntityRecipe as R};
///
/// let brew = Brew { container: R::Box, from: [R::Apple, R::Pear], makes: R::Cheese };
/// assert!(brew.brews(&[R::Pear, R::Apple]));
/// assert!(!brew.brews(&[R::Apple, R::Apple]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Brew {
    /// What brews.
    pub container: EntityRecipe,
    /// The two things that brew, in either order.
    pub from: [EntityRecipe; 2],
    /// What they make.
    pub makes: EntityRecipe,
}

impl Brew {
    /// Return whether what a container holds, in the order it went in,
    /// brews into [`Brew::makes`]: the two of [`Brew::from`], in either
    /// order.
    pub fn brews(&self, held: &[EntityRecipe]) -> bool {
        let [a, b] = self.from;
        held == [a, b] || held == [b, a]
    }
}
