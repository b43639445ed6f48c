//! Systems: the rules, one module per mechanic, run by `step` in phase order.

pub(crate) mod player_action;
pub(crate) mod push;
