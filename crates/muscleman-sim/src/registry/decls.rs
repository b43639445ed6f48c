//! The mechanics' declarations one by one, for the compile-time tables and
//! checks of the registry and the schedule: each walk over one list that
//! every mechanic declares is written once, here (a module of its own, so
//! the registry's parts read it without reading each other).

use crate::component::TagKind;
use crate::decl::{Mechanic, RecipeDecl};
use crate::line::SystemEntry;
use crate::mechanics::MECHANICS;

/// Declares a walker over one list that every mechanic declares
/// (`walker!(fn nth_decl -> recipes: RecipeDecl)`): a function that
/// returns the `nth` item of all the mechanics' lists, mechanic by
/// mechanic in registration order, with its mechanic, or `None` past the
/// last. The compile-time tables and checks walk them with
/// `while let Some((mechanic, item)) = nth_decl(nth)`.
macro_rules! walker {
    ($(#[doc = $doc:expr])* $vis:vis fn $name:ident -> $list:ident: $item:ty) => {
        $(#[doc = $doc])*
        $vis const fn $name(mut nth: usize) -> Option<(&'static Mechanic, &'static $item)> {
            let mut mechanics = MECHANICS;
            while let [mechanic, more @ ..] = mechanics {
                let mut items = mechanic.$list;
                while let [item, rest @ ..] = items {
                    if nth == 0 {
                        return Some((mechanic, item));
                    }
                    nth -= 1;
                    items = rest;
                }
                mechanics = more;
            }
            None
        }
    };
}

walker! {
    /// Return the `nth` recipe declaration of all the mechanics, with its
    /// mechanic.
    pub(super) fn nth_decl -> recipes: RecipeDecl
}

walker! {
    /// Return the `nth` schedule line of all the mechanics, with its
    /// mechanic, in registration order (the schedule sorts them by phase).
    pub(crate) fn nth_line -> systems: SystemEntry
}

walker! {
    /// Return the `nth` tag the mechanics declare (`Mechanic::tags`), with
    /// its mechanic.
    pub(super) fn nth_tag -> tags: TagKind
}
