//! The recipe declarations of every mechanic, walked one by one at
//! compile time: what the registry's tables and checks read (a module of
//! its own, so that the registry and its parts import it, not each other).

use crate::decl::RecipeDecl;
use crate::mechanics::MECHANICS;

/// Return the `nth` recipe declaration of all the mechanics, mechanic by
/// mechanic in registration order, or `None` past the last: the
/// compile-time tables and checks walk them with
/// `while let Some(decl) = nth_decl(nth)`.
pub(super) const fn nth_decl(mut nth: usize) -> Option<&'static RecipeDecl> {
    let mut mechanics = MECHANICS;
    while let [mechanic, more @ ..] = mechanics {
        let mut recipes = mechanic.recipes;
        while let [decl, rest @ ..] = recipes {
            if nth == 0 {
                return Some(decl);
            }
            nth -= 1;
            recipes = rest;
        }
        mechanics = more;
    }
    None
}
