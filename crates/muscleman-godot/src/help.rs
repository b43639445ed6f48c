//! What the scene says about a level beside its board, from
//! `muscleman-play`'s `about` (the terminal's and the page's own words):
//! its introduction (title, author, comment) as it opens, and its help
//! (the goal, what the rules in use let the player do, naming this
//! project's keys, what the counters count, and every thing the level
//! holds, grouped by the words its recipe declares in the sim), and a
//! look at one cell (its whole stack, top first, contents included).

use muscleman_core::GridPos;
use muscleman_play::about::{
    GOAL, HandKeys, author, explained, intro_comment, moves_text, rules_for_level, thing_name,
};
use muscleman_play::hint::HintKeys;
use muscleman_play::look::{called, place, stack, stack_text};
use muscleman_sim::Game;

/// The keys of the Godot project's input map the rules' words name.
pub const KEYS: HandKeys = HandKeys {
    grab: "G",
    drop: "P",
    swing_left: "Q",
    swing_right: "E",
};

/// The keys of the Godot project's input map a hint's words name.
pub const HINT_KEYS: HintKeys = HintKeys {
    swing_left: "Q",
    swing_right: "E",
    undo: "Z",
};

/// A level's introduction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Intro {
    /// Its author, if it names one.
    pub author: Option<String>,
    /// Its comment, if it has one.
    pub comment: Option<String>,
}

/// Return the introduction of the game's level.
pub fn intro(game: &Game) -> Intro {
    Intro {
        author: author(game.level()).map(str::to_owned),
        comment: intro_comment(game.level()).map(str::to_owned),
    }
}

/// One thing line of the help: the words, and the glyph and name of each
/// thing they explain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thing {
    /// The words its recipe (or its state) declares.
    pub words: &'static str,
    /// Each thing explained: its glyph and name (`red key`, `open red door`).
    pub things: Vec<(char, String)>,
}

/// The help of a level as it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Help {
    /// What the level asks.
    pub goal: &'static str,
    /// What the rules in use let the player do, naming [`KEYS`], and why
    /// they cannot solve the level when it says so.
    pub rules: String,
    /// What the counters count.
    pub moves: String,
    /// Every thing the level holds (as it began and as it is), explained.
    pub things: Vec<Thing>,
}

/// Return the help of the game's level as it stands.
pub fn help(game: &Game) -> Help {
    let things = explained(game.level(), &game.view())
        .into_iter()
        .map(|e| Thing {
            words: e.words,
            things: e
                .things
                .iter()
                .map(|a| (a.glyph, thing_name(a, true)))
                .collect(),
        })
        .collect();
    Help {
        goal: GOAL,
        rules: rules_for_level(game.level(), game.rules(), &KEYS),
        moves: moves_text(game.rules()),
        things,
    }
}

/// A look at one cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Look {
    /// Where it is (`row 2 column 4`).
    pub place: String,
    /// Its whole stack, top first, in words.
    pub stack: String,
    /// Each thing of the stack, top first: its name and its words.
    pub things: Vec<(String, &'static str)>,
}

/// Return a look at cell `at` of floor `floor` (from 1), in
/// `muscleman-play`'s words (the terminal's look).
pub fn look(game: &Game, floor: u32, at: GridPos) -> Look {
    let view = game.view();
    let things = stack(&view, floor, at)
        .iter()
        .map(|s| {
            let a = s.appearance;
            let words = if a.state_explain.is_empty() {
                a.explain
            } else {
                a.state_explain
            };
            (called(&view, s), words)
        })
        .collect();
    Look {
        place: place(&view, floor, at),
        stack: stack_text(&view, floor, at),
        things,
    }
}

#[cfg(test)]
mod tests {
    use muscleman_sim::{Rules, recipe_decls};

    use super::*;
    use crate::session::Session;

    #[test]
    fn a_look_names_the_whole_stack_top_first_with_contents_and_words() {
        let text = "legend: c = Box(KeyRed)\n#@c.#\n";
        let mut session = Session::from_text(text, 0, Rules::MUSCLEMAN).unwrap();
        let seen = look(session.game(), 1, GridPos::new(2, 0));
        assert_eq!(seen.place, "row 1 column 3");
        assert_eq!(seen.stack, "box with red key");
        assert_eq!(seen.things.len(), 1);
        assert!(!seen.things[0].1.is_empty());
        session.play("R").unwrap();
        let seen = look(session.game(), 1, GridPos::new(3, 0));
        assert_eq!(seen.stack, "box with red key on goal");
        assert_eq!(seen.things.len(), 2);
        assert_eq!(look(session.game(), 1, GridPos::new(1, 0)).stack, "floor");
        assert_eq!(look(session.game(), 1, GridPos::new(7, 7)).stack, "nothing");
    }

    #[test]
    fn the_intro_is_the_levels_author_and_comment() {
        let session = Session::from_text(crate::levels::BUILTIN, 0, Rules::MUSCLEMAN).unwrap();
        let first = intro(session.game());
        assert_eq!(first.author, None);
        assert!(first.comment.unwrap().starts_with("Walk into the box"));
        let own = Session::from_text("Author: Ann\n#@$.#\n", 0, Rules::MUSCLEMAN).unwrap();
        assert_eq!(intro(own.game()).author.as_deref(), Some("Ann"));
        let bare = Session::from_text("#@$.#", 0, Rules::MUSCLEMAN).unwrap();
        assert_eq!(
            intro(bare.game()),
            Intro {
                author: None,
                comment: None
            }
        );
    }

    #[test]
    fn the_help_explains_every_recipe_of_every_builtin_level_in_the_sims_words() {
        let collections = muscleman_play::builtin::COLLECTIONS;
        for c in &collections {
            let levels = muscleman_level::Collection::parse(c.levels).unwrap().levels;
            for (n, level) in levels.iter().enumerate() {
                let game = Game::new(level, Rules::MUSCLEMAN).unwrap();
                let help = help(&game);
                assert!(help.rules.contains("G grabs"), "{}", help.rules);
                let words: Vec<&str> = help.things.iter().map(|t| t.words).collect();
                // Every recipe the level holds (the player included) has its
                // words there, as the sim declares them.
                for (_, _, spec) in level.all_entities() {
                    let decl = recipe_decls().find(|d| d.recipe == spec.recipe).unwrap();
                    if !decl.explain.is_empty() {
                        assert!(
                            words.contains(&decl.explain),
                            "{} {n}: {:?}",
                            c.id,
                            decl.recipe
                        );
                    }
                }
            }
        }
    }
}
