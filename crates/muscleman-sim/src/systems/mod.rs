//! Systems: the rules, one module per mechanic, run by `step` in the order
//! of the schedule (`schedule.rs`).

pub(crate) mod carry;
pub(crate) mod cleanup;
pub(crate) mod collect;
pub(crate) mod doors;
#[cfg(test)]
pub(crate) mod glow;
pub(crate) mod grab;
pub(crate) mod plates;
pub(crate) mod push;
pub(crate) mod sink;
pub(crate) mod swing;
pub(crate) mod walk;
