//! What a counting proof ([`counting_proof`](crate::counting_proof))
//! found, in a designer's words.

use std::fmt;

use muscleman_core::{EntityRecipe, GridPos};
use muscleman_level::cell_name_on;
use muscleman_sim::recipe_decl;

/// A cell of a level, as a message names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    /// Its floor, from 1.
    pub floor: usize,
    /// The cell on that floor (0-based).
    pub at: GridPos,
    /// How many floors the level has (a message names the floor when
    /// there are several).
    pub floors: usize,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&cell_name_on(self.floor, self.floors, self.at))
    }
}

/// Why a door never opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shut {
    /// Nothing the level holds or can make opens it: no key and no plate
    /// of its colour (a coloured door), no heavy plate (a secret door).
    NoOpener,
    /// More heavy plates than heavy things that could press them.
    TooFewHeavy {
        /// Things that may ever press a heavy plate.
        heavy: usize,
        /// Heavy plates.
        plates: usize,
    },
}

/// A door that never opens (shut for good, as [`counting_proof`](crate::counting_proof) says).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShutDoor {
    /// Where it stands.
    pub cell: Cell,
    /// What door it is.
    pub recipe: EntityRecipe,
    /// Why it never opens.
    pub why: Shut,
}

/// Why a level can never be solved, proved by counting (see the crate
/// docs, "Counting proofs").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Counted {
    /// No box can ever reach this empty goal: walls close it off from the
    /// player, or a door that never opens (`door`).
    GoalOutOfReach {
        /// The goal.
        goal: Cell,
        /// A door that never opens between the player and the goal.
        door: Option<ShutDoor>,
    },
    /// Fewer boxes than goals where the player can ever go.
    TooFewBoxesInReach {
        /// Boxes (and heavy boxes) there.
        boxes: usize,
        /// Goals there.
        goals: usize,
    },
    /// A door guards a goal, and every key of its colour is inside a box
    /// that is needed on a goal: smashing it for the key leaves too few.
    KeyInsideABox {
        /// The door.
        door: Cell,
        /// What door it is.
        recipe: EntityRecipe,
        /// Boxes where the player can go.
        boxes: usize,
        /// Goals there.
        goals: usize,
    },
}

/// Return how messages name `recipe`: its colour and its declared name
/// (`red door`, `secret door`).
fn name(recipe: EntityRecipe) -> String {
    let art = recipe_decl(recipe).map_or("door", |d| d.art.name);
    match recipe.color() {
        Some(c) => format!("{} {art}", format!("{c:?}").to_lowercase()),
        None => art.to_owned(),
    }
}

/// `1 box`, `2 boxes`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl fmt::Display for Shut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shut::NoOpener => f.write_str("nothing in the level opens it"),
            Shut::TooFewHeavy { heavy, plates } => write!(
                f,
                "{} but only {}",
                count(*plates, "heavy plate", "heavy plates"),
                count(*heavy, "heavy box", "heavy boxes")
            ),
        }
    }
}

impl ShutDoor {
    /// What opens nothing: `no red key and no red plate`, or the counts.
    fn reason(&self) -> String {
        match (self.why, self.recipe.color()) {
            (Shut::NoOpener, Some(c)) => {
                let c = format!("{c:?}").to_lowercase();
                format!("no {c} key and no {c} plate")
            }
            (Shut::NoOpener, None) => "no heavy plate".to_owned(),
            (why, _) => why.to_string(),
        }
    }
}

impl fmt::Display for Counted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Counted::GoalOutOfReach {
                goal,
                door: Some(door),
            } => write!(
                f,
                "the goal at {goal} is behind the {} at {}, which never opens ({})",
                name(door.recipe),
                door.cell,
                door.reason()
            ),
            Counted::GoalOutOfReach { goal, door: None } => write!(
                f,
                "the goal at {goal} is walled off: no box can ever reach it"
            ),
            Counted::TooFewBoxesInReach { boxes, goals } => write!(
                f,
                "the player can reach {} but only {}",
                count(*goals, "goal", "goals"),
                count(*boxes, "box", "boxes")
            ),
            Counted::KeyInsideABox {
                door,
                recipe,
                boxes,
                goals,
            } => {
                let door_name = name(*recipe);
                let key = door_name.replace("door", "key");
                write!(
                    f,
                    "a goal is behind the {door_name} at {door}, and every {key} is inside a \
                     box: smashing one leaves {} for {}",
                    count(boxes.saturating_sub(1), "box", "boxes"),
                    count(*goals, "goal", "goals")
                )
            }
        }
    }
}
