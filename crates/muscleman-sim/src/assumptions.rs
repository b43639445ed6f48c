//! What a recipe promises the solver ([`Assume`]), declared with it in
//! `decl.rs`'s [`RecipeDecl`](crate::RecipeDecl) and checked at compile
//! time against its tags (`registry/assume.rs`).

use muscleman_core::{Brew, EntityRecipe};

/// What the solver's prunings may assume of a recipe. Each is a promise the
/// rules keep; a search that needs one turns its pruning off when a level
/// holds a recipe that does not promise it, so it never proves too much.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Assume {
    /// It never moves, changes or goes (walls, goals, water cells).
    pub never_changes: bool,
    /// How it moves: never, only when the player's action moves it, or by
    /// itself too.
    pub moves: Moves,
    /// Whatever it does by itself, it moves nothing but itself: only the
    /// player's actions move other things (a duck walks and turns, and
    /// never pushes). True of everything that never moves by itself.
    pub never_moves_others: bool,
    /// No rule destroys it.
    pub never_destroyed: bool,
    /// The fast Sokoban push search models it; otherwise the name of what
    /// it brings, for the search's message (`"keys"`).
    pub push_search: Option<&'static str>,
    /// What a rule does when the player steps onto or off its cell.
    pub answers_steps: Answer,
    /// Its contents change while it stands: things are put in or taken out
    /// (a cauldron). Otherwise they are what the level or the rule that
    /// spawned it gave it, for as long as it stands (a box, a bong).
    pub contents_change: bool,
    /// What a rule spawns because of it.
    pub spawns: Spawns,
    /// The recipes a rule may make because of it that need not have been
    /// in the level, its own contents aside (a cauldron brews a key,
    /// or a bong of the two keys put in): empty exactly when it spawns
    /// nothing or only its contents. What a proof that a key can never
    /// exist reads.
    pub makes: &'static [EntityRecipe],
    /// What opens it, if it is a door (what a proof that a door never
    /// opens reads).
    pub opened_by: OpenedBy,
    /// What presses it, if it is a pressure plate.
    pub pressed_by: PressedBy,
    /// It takes the player, and what the player holds, to the same cell of
    /// the floor above or below (stairs); nothing else changes floor.
    pub leads_between_floors: bool,
    /// What two things put into it make (a cauldron: a blue and a yellow
    /// key brew a green one): each product is one of [`Assume::makes`].
    /// What a guide that orders a search by the steps still needed reads.
    pub brews: &'static [Brew],
    /// Held and swung, it breaks what is [`Assume::broken_by_swing`] (a
    /// hammer).
    pub breaks: bool,
    /// A swung breaker ([`Assume::breaks`]) in the player's hands destroys
    /// it (a weak wall, a box, a bong), spilling what it holds.
    pub broken_by_swing: bool,
    /// Nothing but what floats may cross it (the player cannot swim)
    /// until a thing that [`Assume::sinks`] is pushed onto it, which fills
    /// it for good (water).
    pub bridged_by_sinking: bool,
    /// Pushed onto what is [`Assume::bridged_by_sinking`], it sinks there
    /// and fills it (a heavy box).
    pub sinks: bool,
}

/// What opens a door: nothing else does, and until it opens it stands
/// closed where it is, blocking every move into its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpenedBy {
    /// It is no door.
    NotADoor,
    /// A key of its colour pushed into it (it stays open for good), or
    /// every plate of its colour ([`PressedBy::WhatBlocks`]) pressed, while
    /// the level has at least one.
    KeyOrPlatesOfItsColour,
    /// Every heavy plate ([`PressedBy::Heavy`]) pressed, while the level
    /// has at least one.
    HeavyPlates,
}

/// What presses a pressure plate: an entity in its cell that blocks
/// movement and is not held, and nothing else.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PressedBy {
    /// It is no plate.
    NotAPlate,
    /// Any such entity but a weightless one (a ghost): a coloured plate.
    WhatBlocks,
    /// Only one with [`TagKind::Heavy`](crate::TagKind): a heavy plate.
    Heavy,
}

/// How a recipe's entities move (what a search must write of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Moves {
    /// Never: they stay where the level, or the rule that made them, put
    /// them (walls, doors, plates).
    Never,
    /// Only when the player's action moves them: the player's own walk, a
    /// push, a pull, a carry, a swing or its shove (a box, a key).
    WhenMoved,
    /// By themselves too: they act in the actors phase (a duck).
    ByItself,
}

/// What a rule spawns because of a recipe's entity (what a search must
/// expect to appear).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spawns {
    /// Nothing.
    Nothing,
    /// Its contents, when a rule destroys it (a box or a bong smashed
    /// spills what it holds).
    ItsContents,
    /// Entities of other recipes, whatever it holds (a cauldron brews a
    /// key or a bong).
    Others,
}

/// What a rule does in answer to the player's steps (onto or off a
/// recipe's entity's cell, or near it): what a search that merges the
/// cells the player walks between must know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// Nothing: the player's steps leave it as it is and emit nothing of it.
    Nothing,
    /// It answers steps onto or off its own cell, and changes that cell
    /// only (a door shuts on an empty doorway).
    InItsCell,
    /// Anything more: it changes more than its cell (a collected coin
    /// raises a counter), or answers steps elsewhere (a lantern glows when
    /// the player comes near).
    Beyond,
}

impl Assume {
    /// Fixed scenery: never changes, never moves, never goes, modelled by
    /// the push search.
    pub const SCENERY: Assume = Assume {
        never_changes: true,
        moves: Moves::Never,
        never_moves_others: true,
        never_destroyed: true,
        push_search: None,
        answers_steps: Answer::Nothing,
        contents_change: false,
        spawns: Spawns::Nothing,
        makes: &[],
        opened_by: OpenedBy::NotADoor,
        pressed_by: PressedBy::NotAPlate,
        leads_between_floors: false,
        brews: &[],
        breaks: false,
        broken_by_swing: false,
        bridged_by_sinking: false,
        sinks: false,
    };
    /// A thing the player pushes and nothing else moves: a box.
    pub const PUSHED: Assume = Assume {
        never_changes: false,
        moves: Moves::WhenMoved,
        ..Assume::SCENERY
    };
    /// An actor: it moves by itself every step, answering steps beyond
    /// its cell (a duck, a ghost, a firefly). Outside the push search:
    /// give it [`Assume::outside_push_search`].
    pub const ACTOR: Assume = Assume {
        moves: Moves::ByItself,
        answers_steps: Answer::Beyond,
        ..Assume::PUSHED
    };

    /// Return whether it moves by itself (an actor): then the world does
    /// not stand still while the player does.
    pub const fn moves_by_itself(&self) -> bool {
        matches!(self.moves, Moves::ByItself)
    }

    /// This, spawning `spawns` (see [`Spawns`]).
    pub const fn spawning(self, spawns: Spawns) -> Assume {
        Assume { spawns, ..self }
    }

    /// This, spawning `spawns`, which may make `makes` (see
    /// [`Assume::makes`]).
    pub const fn making(self, makes: &'static [EntityRecipe]) -> Assume {
        Assume {
            spawns: Spawns::Others,
            makes,
            ..self
        }
    }

    /// This, a door that `opened_by` opens.
    pub const fn opened_by(self, opened_by: OpenedBy) -> Assume {
        Assume { opened_by, ..self }
    }

    /// This, a plate that `pressed_by` presses.
    pub const fn pressed_by(self, pressed_by: PressedBy) -> Assume {
        Assume { pressed_by, ..self }
    }

    /// This, brewing `brews` (see [`Assume::brews`]).
    pub const fn brewing(self, brews: &'static [Brew]) -> Assume {
        Assume { brews, ..self }
    }

    /// This, breaking what a swing of it reaches (see [`Assume::breaks`]).
    pub const fn breaking(self) -> Assume {
        Assume {
            breaks: true,
            ..self
        }
    }

    /// This, destroyed by a swung breaker (see
    /// [`Assume::broken_by_swing`]): destroyable too.
    pub const fn broken_by_swing(self) -> Assume {
        Assume {
            broken_by_swing: true,
            never_destroyed: false,
            ..self
        }
    }

    /// This, crossed only once something sank in it (see
    /// [`Assume::bridged_by_sinking`]).
    pub const fn bridged_by_sinking(self) -> Assume {
        Assume {
            bridged_by_sinking: true,
            ..self
        }
    }

    /// This, sinking in water (see [`Assume::sinks`]).
    pub const fn sinking(self) -> Assume {
        Assume {
            sinks: true,
            ..self
        }
    }

    /// This, and it takes the player to another floor (stairs).
    pub const fn leading_between_floors(self) -> Assume {
        Assume {
            leads_between_floors: true,
            ..self
        }
    }

    /// This, with contents that change while it stands.
    pub const fn with_changing_contents(self) -> Assume {
        Assume {
            contents_change: true,
            ..self
        }
    }

    /// This, and a rule answers the player's steps onto or off its cell.
    pub const fn answering_steps(self, answer: Answer) -> Assume {
        Assume {
            answers_steps: answer,
            ..self
        }
    }

    /// This, not modelled by the push search, which names it `what`.
    pub const fn outside_push_search(self, what: &'static str) -> Assume {
        Assume {
            push_search: Some(what),
            ..self
        }
    }

    /// This, and a rule may destroy it.
    pub const fn destroyable(self) -> Assume {
        Assume {
            never_destroyed: false,
            ..self
        }
    }

    /// This, and its tags change in play.
    pub const fn changing(self) -> Assume {
        Assume {
            never_changes: false,
            ..self
        }
    }
}
