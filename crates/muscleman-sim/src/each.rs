//! `each!`, a `for` loop over a slice for `const` items, where `for` is not
//! allowed: the registry's compile-time tables and checks walk the
//! mechanics' declarations with it.

/// Run a block for each element of a slice, in order, at compile time,
/// written as a closure so rustfmt formats it: `each!(mechanic.recipes,
/// |decl| { ... })` binds `decl` to `&slice[i]`. The index moves on before
/// the block runs, so `continue` is safe.
macro_rules! each {
    ($slice:expr, |$item:pat_param| $body:block) => {{
        let slice = $slice;
        let mut at = 0;
        while at < slice.len() {
            #[expect(
                clippy::indexing_slicing,
                reason = "evaluated at compile time, below the length"
            )]
            let $item = &slice[at];
            at += 1;
            $body
        }
    }};
}

/// Run a block for each recipe a list of mechanics declares, in order:
/// `each_recipe!(MECHANICS, |decl| { ... })`.
macro_rules! each_recipe {
    ($mechanics:expr, |$decl:pat_param| $body:block) => {
        $crate::each::each!($mechanics, |mechanic| {
            $crate::each::each!(mechanic.recipes, |$decl| $body)
        })
    };
}

pub(crate) use {each, each_recipe};
