//! Books (rules.md §3, §4 "Push chain: Book into a ghost"): an item like a
//! key, pushed, carried and shoved like one, in a doorway, on water and in
//! a box.
//!
//! Rule: a book releases a ghost it meets, and is never spent. How it
//! meets one is the ghost's to say (`ghosts.rs`): a push chain whose far
//! end is a book clears a ghost out of its way, and a ghost whose next
//! cell holds a book (held or not) is released on its turn. This module
//! declares the recipe and its tag, which those rules look for.

use muscleman_core::EntityRecipe;

use crate::component::TagKind;
use crate::decl::{Art, Assume, Layer, Mechanic, RecipeDecl, Tint};

crate::component::tags! {
    TAGS;
    /// Is a book: a ghost it meets is released.
    Book = 33,
}

/// Books: items that release the ghosts they meet.
pub(crate) const MECHANIC: Mechanic = Mechanic {
    tags: TAGS,
    ..Mechanic::new(
        "books",
        &[RecipeDecl::new(
            EntityRecipe::Book,
            &[
                TagKind::Book,
                TagKind::BlocksMovement,
                TagKind::BlocksPush,
                TagKind::Pushable,
                TagKind::Liftable,
            ],
            Art::new("book", "book", Layer::THING, 'B', Tint::Red),
            Assume::PUSHED.outside_push_search("books"),
        )
        .explained(
            "push or carry it into a ghost, or let a ghost walk into it: the ghost is released. \
             The book is never spent.",
        )],
        &[],
    )
};
