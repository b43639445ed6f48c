//! The mechanics: one module each, declaring its recipes, its systems with
//! their schedule lines and its hooks (see `registry.rs`), registered below
//! with one line each.
//!
//! The order of [`MECHANICS`] is the order of the rules: within a phase,
//! systems run in it (stairs, collect, brew, sink, then switches and the
//! doors they open; the bump last of all), and switches settle
//! before doors at load.

pub(crate) mod actors;
pub(crate) mod bong;
pub(crate) mod books;
pub(crate) mod bump;
pub(crate) mod carry;
pub(crate) mod cauldron;
pub(crate) mod cleanup;
pub(crate) mod collect;
pub(crate) mod doors;
pub(crate) mod ducks;
#[cfg(feature = "demo-glow")]
pub(crate) mod fireflies;
pub(crate) mod ghosts;
#[cfg(feature = "demo-glow")]
pub(crate) mod glow;
pub(crate) mod grab;
pub(crate) mod plates;
pub(crate) mod push;
pub(crate) mod sink;
pub(crate) mod stairs;
pub(crate) mod swing;
pub(crate) mod walk;

use crate::decl::Mechanic;

/// Every mechanic, in the order of the rules.
pub(crate) const MECHANICS: &[&Mechanic] = &[
    &walk::MECHANIC,
    &push::MECHANIC,
    &carry::MECHANIC,
    &grab::MECHANIC,
    &swing::MECHANIC,
    &bong::MECHANIC,
    &books::MECHANIC,
    &actors::MECHANIC,
    &ducks::MECHANIC,
    &ghosts::MECHANIC,
    #[cfg(feature = "demo-glow")]
    &fireflies::MECHANIC,
    &stairs::MECHANIC,
    #[cfg(feature = "demo-glow")]
    &glow::MECHANIC,
    &collect::MECHANIC,
    &cauldron::MECHANIC,
    &sink::MECHANIC,
    &plates::MECHANIC,
    &doors::MECHANIC,
    &cleanup::MECHANIC,
    &bump::MECHANIC,
];
