//! The registry: every mechanic, each declared once in its own module, and
//! what every other layer reads of them.
//!
//! A mechanic ([`Mechanic`]) is one module of `mechanics/`: the sim's part of
//! its recipes ([`RecipeDecl`]: tags, data components, states, appearance,
//! what the solver may assume), its systems with their schedule lines, the
//! way its entities settle at load and the invariants it checks. The list
//! [`MECHANICS`](crate::mechanics::MECHANICS) registers each with one line.
//! The schedule, spawning, the view, level conversion and validation read
//! the registry, never a list of recipes of their own.
//!
//! Limits are compile errors: a recipe declared twice, a recipe the level
//! table marks playable that no mechanic declares (or the reverse), a
//! schedule past its bit set.

use muscleman_core::{Brew, EntityId, EntityRecipe};

use std::fmt;

mod actors;
mod assume;
mod chains;
mod decls;
mod world;

pub(crate) use actors::act_of;
pub use assume::motions;
pub(crate) use chains::{find_clearer, find_taker};
pub(crate) use decls::nth_line;

use crate::component::{Holding, SHARED_TAGS, TagKind, TagSet};
use crate::decl::{CellCheck, Mechanic, RecipeDecl};
use crate::line::System;
use crate::mechanics::MECHANICS;
use crate::needs::{NEED_BITS, Needs};
use crate::world::{InvariantError, World};
use decls::{nth_decl, nth_tag};

/// By recipe (its `as usize`), its declaration.
const BY_RECIPE: [Option<&'static RecipeDecl>; EntityRecipe::COUNT] = {
    let mut table: [Option<&'static RecipeDecl>; EntityRecipe::COUNT] = [None; EntityRecipe::COUNT];
    let mut nth = 0;
    while let Some((_, decl)) = nth_decl(nth) {
        let i = decl.recipe as usize;
        assert!(i < EntityRecipe::COUNT);
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, checked just above"
        )]
        {
            assert!(table[i].is_none(), "a recipe is declared twice");
            table[i] = Some(decl);
        }
        nth += 1;
    }
    table
};

/// How many brews the recipes declare.
const BREW_COUNT: usize = {
    let mut n = 0;
    let mut nth = 0;
    while let Some((_, decl)) = nth_decl(nth) {
        n += decl.assume.brews.len();
        nth += 1;
    }
    n
};

/// Every brew a recipe declares (`Assume::brews`: the cauldron's), in
/// registration order, gathered at compile time.
const BREW_TABLE: [Brew; BREW_COUNT] = {
    const NONE: Brew = Brew {
        container: EntityRecipe::Player,
        from: [EntityRecipe::Player; 2],
        makes: EntityRecipe::Player,
    };
    let mut table = [NONE; BREW_COUNT];
    let mut n = 0;
    let mut nth = 0;
    while let Some((_, decl)) = nth_decl(nth) {
        let mut brews = decl.assume.brews;
        while let [brew, more @ ..] = brews {
            #[expect(
                clippy::indexing_slicing,
                reason = "evaluated at compile time, below BREW_COUNT"
            )]
            {
                table[n] = *brew;
            }
            n += 1;
            brews = more;
        }
        nth += 1;
    }
    table
};

/// What the mechanics brew, each declared once by the recipe that brews
/// (the cauldron's `Assume::brews`) and gathered here: what level analysis
/// reads (`muscleman_level::signal_warnings`) to know a source of keys.
///
/// # Example
/// ```
/// use muscleman_core::EntityRecipe;
///
/// assert!(muscleman_sim::BREWS.iter().any(|b| b.makes == EntityRecipe::KeyGreen));
/// ```
pub const BREWS: &[Brew] = &BREW_TABLE;

/// The longest explanation a recipe or a state may have, in bytes: one
/// line or two of a help.
pub const MAX_EXPLAIN: usize = 200;

// Every declared recipe is explained to players, in at most two lines, and
// so is every state that explains itself: a compile-time check, so a new
// recipe cannot reach a help without its words.
const _: () = {
    let mut nth = 0;
    while let Some((_, decl)) = nth_decl(nth) {
        assert!(
            !decl.explain.is_empty(),
            "a recipe has no explanation: give it .explained(\"...\")"
        );
        assert!(
            decl.explain.len() <= MAX_EXPLAIN,
            "a recipe's explanation is longer than two lines"
        );
        let mut states = decl.states;
        while let [state, more @ ..] = states {
            assert!(
                state.explain.len() <= MAX_EXPLAIN,
                "a state's explanation is longer than two lines"
            );
            states = more;
        }
        nth += 1;
    }
};

// The sim plays exactly the recipes core's table marks playable: a
// compile-time check.
const _: () = {
    let mut i = 0;
    while i < EntityRecipe::COUNT {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the lengths"
        )]
        let (declared, playable) = (BY_RECIPE[i].is_some(), EntityRecipe::ALL[i].has_rules());
        assert!(
            declared == playable,
            "a playable recipe has no mechanic, or a mechanic declares an unplayable one"
        );
        i += 1;
    }
};

/// By need bit, the tags whose presence meets the need: what each
/// mechanic declares it meets (`Mechanic::meets`), gathered.
pub(crate) const MEETS: [TagSet; NEED_BITS] = {
    let mut meets = [TagSet::EMPTY; NEED_BITS];
    let mut mechanics = MECHANICS;
    while let [mechanic, more @ ..] = mechanics {
        let mut declared = mechanic.meets;
        while let [(need, tag), rest @ ..] = declared {
            let bit = need.index();
            #[expect(
                clippy::indexing_slicing,
                reason = "evaluated at compile time; a need past NEED_BITS fails the build"
            )]
            {
                meets[bit] = meets[bit].with(*tag);
            }
            declared = rest;
        }
        mechanics = more;
    }
    meets
};

// Every need a line waits on but the hands' and `Always` is met by some
// mechanic's entities: a compile-time check, so no system waits on a need
// nothing meets and silently never runs.
const _: () = {
    let mut nth = 0;
    while let Some((_, line)) = nth_line(nth) {
        let need = line.needs;
        let by_hands = matches!(need, Needs::Always | Needs::Holding | Needs::EmptyHands);
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below NEED_BITS"
        )]
        let met = !MEETS[need.index()].is_empty();
        assert!(by_hands || met, "a line waits on a need no mechanic meets");
        nth += 1;
    }
};

/// Every tag: the shared ones, then each mechanic's in registration order.
const TAGS: [TagKind; TAG_COUNT] = {
    let mut tags = [TagKind::Player; TAG_COUNT];
    let (shared, declared) = tags.split_at_mut(SHARED_TAGS.len());
    shared.copy_from_slice(SHARED_TAGS);
    let mut nth = 0;
    while let Some((_, tag)) = nth_tag(nth) {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below TAG_COUNT"
        )]
        {
            declared[nth] = *tag;
        }
        nth += 1;
    }
    tags
};

/// How many tags there are.
const TAG_COUNT: usize = {
    let mut nth = 0;
    while nth_tag(nth).is_some() {
        nth += 1;
    }
    SHARED_TAGS.len() + nth
};

/// One more than the highest bit of any tag: how many bits of a
/// [`TagSet`] are in use.
pub const TAG_BITS: u32 = {
    let mut bits = 0;
    let mut i = 0;
    while i < TAG_COUNT {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the length"
        )]
        let bit = TAGS[i].bit() as u32 + 1;
        if bit > bits {
            bits = bit;
        }
        i += 1;
    }
    bits
};

/// Return whether two names are equal, at compile time.
pub(crate) const fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the equal lengths"
        )]
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Return whether `tag` is declared, at compile time.
const fn declared(tag: TagKind) -> bool {
    let mut i = 0;
    while i < TAG_COUNT {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the length"
        )]
        if TAGS[i].bit() == tag.bit() && same_name(TAGS[i].name(), tag.name()) {
            return true;
        }
        i += 1;
    }
    false
}

/// Return whether every tag of `set` is declared, at compile time.
const fn all_declared(set: TagSet) -> bool {
    let mut rest = set.bits();
    let mut bit = 0;
    while rest != 0 {
        if rest & 1 == 1 {
            let mut found = false;
            let mut i = 0;
            while i < TAG_COUNT {
                #[expect(
                    clippy::indexing_slicing,
                    reason = "evaluated at compile time, below the length"
                )]
                if TAGS[i].bit() as u32 == bit {
                    found = true;
                }
                i += 1;
            }
            if !found {
                return false;
            }
        }
        rest >>= 1;
        bit += 1;
    }
    true
}

// No two tags share a bit or a name, every need's tag is declared, and
// every tag a recipe has in any state is declared: compile-time checks, so
// a mechanic's tag cannot collide with another's or go unregistered (its
// saves would not load).
const _: () = {
    let mut i = 0;
    while i < TAG_COUNT {
        let mut j = i + 1;
        while j < TAG_COUNT {
            #[expect(
                clippy::indexing_slicing,
                reason = "evaluated at compile time, below the length"
            )]
            let (a, b) = (TAGS[i], TAGS[j]);
            assert!(a.bit() != b.bit(), "two tags share a bit");
            assert!(!same_name(a.name(), b.name()), "two tags share a name");
            j += 1;
        }
        i += 1;
    }
    let mut mechanics = MECHANICS;
    while let [mechanic, more @ ..] = mechanics {
        let mut meets = mechanic.meets;
        while let [(_, tag), rest @ ..] = meets {
            assert!(declared(*tag), "a need is met by an undeclared tag");
            meets = rest;
        }
        mechanics = more;
    }
    let mut nth = 0;
    while let Some((_, decl)) = nth_decl(nth) {
        assert!(
            all_declared(decl.all_tags()),
            "a recipe has an undeclared tag"
        );
        let mut states = decl.states;
        while let [state, more @ ..] = states {
            assert!(all_declared(state.gain), "a state gains an undeclared tag");
            states = more;
        }
        nth += 1;
    }
};

/// Iterate over every tag, in bit order: the shared ones and each
/// mechanic's.
///
/// # Example
/// ```
/// use muscleman_sim::{TagKind, tag_kinds};
///
/// assert!(tag_kinds().any(|t| t == TagKind::Pushable));
/// ```
pub fn tag_kinds() -> impl Iterator<Item = TagKind> {
    let mut tags = TAGS;
    tags.sort_unstable_by_key(|t| t.bit());
    tags.into_iter()
}

/// Return the tag named `name` (as in saves: `"BlocksMovement"`), if any.
///
/// # Example
/// ```
/// use muscleman_sim::{TagKind, tag_named};
///
/// assert_eq!(tag_named("Pushable"), Some(TagKind::Pushable));
/// assert_eq!(tag_named("Wings"), None);
/// ```
pub fn tag_named(name: &str) -> Option<TagKind> {
    TAGS.into_iter().find(|t| t.name() == name)
}

impl TagSet {
    /// Iterate over the tags in the set, in bit order.
    pub fn iter(self) -> impl Iterator<Item = TagKind> {
        tag_kinds().filter(move |t| self.contains(*t))
    }
}

impl fmt::Debug for TagSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Return the sim's declaration of a recipe, or `None` if the sim does not
/// play it.
///
/// # Example
/// ```
/// use muscleman_core::EntityRecipe;
/// use muscleman_sim::recipe_decl;
///
/// assert_eq!(recipe_decl(EntityRecipe::HeavyBox).map(|d| d.art.kind), Some("heavy_box"));
/// assert!(recipe_decl(EntityRecipe::Ghost).is_some_and(|d| d.acts()));
/// ```
pub const fn recipe_decl(recipe: EntityRecipe) -> Option<&'static RecipeDecl> {
    let i = recipe as usize;
    if i < EntityRecipe::COUNT {
        #[expect(clippy::indexing_slicing, reason = "checked just above")]
        BY_RECIPE[i]
    } else {
        None
    }
}

/// Iterate over every declared recipe, in recipe order.
pub fn recipe_decls() -> impl Iterator<Item = &'static RecipeDecl> {
    BY_RECIPE.iter().filter_map(|d| *d)
}

/// Iterate over every mechanic, in registration order, by name.
///
/// # Example
/// ```
/// assert!(muscleman_sim::mechanics().any(|m| m == "doors"));
/// ```
pub fn mechanics() -> impl Iterator<Item = &'static str> {
    MECHANICS.iter().map(|m| m.name)
}

/// Iterate over the mechanics' load hooks, in registration order, with the
/// recipes each one's entities are made of.
pub(crate) fn settlers() -> impl Iterator<Item = (fn(&mut World, EntityId), &'static Mechanic)> {
    MECHANICS.iter().filter_map(|m| m.settle.map(|f| (f, *m)))
}

/// How many mechanics declare an emit hook.
const EMITTER_COUNT: usize = {
    let mut n = 0;
    let mut mechanics = MECHANICS;
    while let [mechanic, more @ ..] = mechanics {
        if mechanic.emit.is_some() {
            n += 1;
        }
        mechanics = more;
    }
    n
};

/// The mechanics' emit hooks with their names, in registration order: what
/// each step adds last to its events (the emit phase).
pub(crate) const EMITTERS: [(System, &str); EMITTER_COUNT] = {
    let mut table: [(System, &str); EMITTER_COUNT] = [(|_| Ok(()), ""); EMITTER_COUNT];
    let mut n = 0;
    let mut mechanics = MECHANICS;
    while let [mechanic, more @ ..] = mechanics {
        if let Some(emit) = mechanic.emit {
            #[expect(
                clippy::indexing_slicing,
                reason = "evaluated at compile time, below EMITTER_COUNT"
            )]
            {
                table[n] = (emit, mechanic.name);
            }
            n += 1;
        }
        mechanics = more;
    }
    table
};

/// Iterate over the mechanics' cell checks, in registration order.
pub(crate) fn checks() -> impl Iterator<Item = CellCheck> {
    std::iter::once(actors::check as CellCheck).chain(MECHANICS.iter().filter_map(|m| m.check))
}

impl World {
    /// Check every mechanic's invariants over the whole world (rules.md §5,
    /// 7 to 10): no sinkable floats and no water is filled twice, a closed
    /// door is alone and an open one is meant to be open or holds something,
    /// every switch is set exactly as what stands on it says, stairs are
    /// paired, a cauldron holds one key at most and a bong two, every duck
    /// faces some way, and whatever else a mechanic checks.
    ///
    /// # Example
    /// ```
    /// use muscleman_level::Level;
    /// use muscleman_sim::world_from_level;
    ///
    /// let (world, _) = world_from_level(&Level::parse("#@$.~#")?)?;
    /// assert_eq!(world.validate_environment(), Ok(()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate_environment(&self) -> Result<(), InvariantError> {
        // What the player holds stands on nothing.
        let held = self
            .entities()
            .into_iter()
            .find_map(|id| self.get::<Holding>(id).ok()?.0);
        for (at, _) in self.index().cells() {
            for check in checks() {
                check(self, at, held)?;
            }
        }
        Ok(())
    }
}
