//! Systems: the rules, one module per mechanic, run by `step` in the order
//! of the schedule (`schedule.rs`).

#[cfg(test)]
pub(crate) mod glow;
pub(crate) mod push;
pub(crate) mod sink;
pub(crate) mod walk;
