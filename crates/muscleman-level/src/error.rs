//! Errors of the reader (building levels by hand: `level_error.rs`).

use std::fmt;

use muscleman_core::{EntityRecipe, EntitySpec, GridPos, MAX_CONTENTS, RecipeState};

use crate::limits::{
    MAX_CELLS, MAX_ERRORS, MAX_FLOORS, MAX_GROUP_DEPTH, MAX_HEIGHT, MAX_INPUT_BYTES, MAX_LEVELS,
    MAX_METADATA, MAX_RUN_LENGTH, MAX_TOTAL_CELLS, MAX_WIDTH,
};
use crate::messages::{
    blockers, contents_hint, doorway, dry, holders, keys_held, on_stairs, recipe_hint, state_hint,
    unknown_symbol,
};
use crate::place::cell_name_on;
use crate::stairs::UnpairedStairs;

/// One problem in level text, at a 1-based line and column.
///
/// Columns count characters (Unicode scalar values), not bytes; a tab counts
/// as one column.
///
/// # Example
/// ```
/// use muscleman_level::{Level, ParseErrorKind};
///
/// let errors = Level::parse("#####\n#@x.#\n#####\n").unwrap_err();
/// let first = &errors.errors()[0];
/// assert_eq!((first.line, first.column), (2, 3));
/// assert_eq!(first.kind, ParseErrorKind::UnknownSymbol('x'));
/// assert!(first.to_string().starts_with("2:3: unknown symbol 'x'"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {kind}")]
pub struct ParseError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// What is wrong with a piece of level text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input is larger than [`MAX_INPUT_BYTES`]; nothing else was read.
    #[error("input is {size} bytes, more than the limit of {MAX_INPUT_BYTES} bytes")]
    InputTooLarge {
        /// The size of the input, in bytes.
        size: usize,
    },
    /// The bytes here are not valid UTF-8.
    #[error("invalid UTF-8, expected UTF-8 text")]
    InvalidUtf8,
    /// A grid row holds a character that is no symbol (a letter: that no
    /// legend line of the level defines).
    #[error("{text}", text = unknown_symbol(*.0))]
    UnknownSymbol(char),
    /// A grid row holds a letter no legend line defines, whose other case
    /// one does (`K` with `legend: k = ...`): letters are case-sensitive.
    #[error(
        "unknown symbol {letter:?}: no legend line defines it, but one defines {defined:?} \
         (legend letters are case-sensitive: did you mean {defined:?}?)"
    )]
    LetterCase {
        /// The letter written in the grid.
        letter: char,
        /// The letter the legend defines, in the other case.
        defined: char,
    },
    /// A line of text stands inside a grid or right above one.
    #[error(
        "expected a grid row, found text starting with {0:?} (text next to a grid \
         must be a ';' comment or a 'Key: value' line)"
    )]
    TextInGrid(char),
    /// A grid row holds a tab.
    #[error("tab in a grid row, expected spaces (tabs are not expanded)")]
    Tab,
    /// A grid row is wider than [`MAX_WIDTH`].
    #[error("row is wider than {MAX_WIDTH} cells")]
    RowTooWide,
    /// A level is taller than [`MAX_HEIGHT`].
    #[error("level is taller than {MAX_HEIGHT} rows")]
    TooManyRows,
    /// A level has more than [`MAX_CELLS`] cells, its floors together.
    #[error("level has more than {MAX_CELLS} cells (width × height)")]
    TooManyCells,
    /// A level has more than [`MAX_FLOORS`] floors; reported at the `floor:`
    /// line that passes it, and nothing more is read.
    #[error("level has more than {MAX_FLOORS} floors")]
    TooManyFloors,
    /// A `floor:` line has no grid row below it (a floor has at least one
    /// row); reported at the `floor:` line.
    #[error("'floor:' line with no rows, expected the floor's grid rows below it")]
    FloorWithoutRows,
    /// A legend letter is used on a row above the legend line that defines
    /// it (a `legend:` line after a later `floor:` line); reported at the use.
    #[error(
        "legend letter {letter:?} is used above its definition on line {line}, expected \
         its legend line above its first use"
    )]
    LetterAboveDefinition {
        /// The letter.
        letter: char,
        /// The line of its definition.
        line: usize,
    },
    /// A legend letter is used in a grid and defined by a legend line below
    /// that grid (on line `line`), which defines it for the level below, if
    /// any; reported at the use.
    #[error(
        "legend letter {letter:?} is defined below the grid, on line {line}, expected \
         its legend line above the level's first row"
    )]
    LetterBelowGrid {
        /// The letter.
        letter: char,
        /// The line of its definition.
        line: usize,
    },
    /// A `Key: value` line whose key is `floor` misspelled (`flor: Attic`):
    /// reported once, then read as a `floor:` line, so the floor's rows
    /// are no new level besides.
    #[error("{0:?} is not a floor key, did you mean \"floor:\"? (read as one)")]
    FloorMisspelled(String),
    /// A `Key: value` line whose key is `legend` misspelled and whose value
    /// defines a letter (`legnd: a = Coin`): as metadata it would define
    /// nothing, and the letter's uses would be unknown symbols.
    #[error(
        "{0:?} is not a legend key, did you mean \"legend:\"? (read as one: \
         \"legend: LETTER = RECIPE\")"
    )]
    LegendMisspelled(String),
    /// Stairs with no partner in the same cell one floor up (`StairsUp`) or
    /// down (`StairsDown`); reported at the unpaired stairs.
    #[error("{0}")]
    UnpairedStairs(UnpairedStairs),
    /// The levels read so far hold more than [`MAX_TOTAL_CELLS`] cells together.
    #[error("the levels hold more than {MAX_TOTAL_CELLS} cells in all")]
    CollectionTooLarge,
    /// The input holds more than [`MAX_LEVELS`] levels.
    #[error("more than {MAX_LEVELS} levels")]
    TooManyLevels,
    /// A level or header has more than [`MAX_METADATA`] `Key: value` lines.
    #[error("more than {MAX_METADATA} 'Key: value' lines for one level or header")]
    TooMuchMetadata,
    /// A run length (or a group's count) is larger than [`MAX_RUN_LENGTH`].
    #[error("run length is larger than {MAX_RUN_LENGTH}")]
    RunTooLong,
    /// A run length (or a group's count) is 0.
    #[error("run length 0, expected a count from 1 to {MAX_RUN_LENGTH}")]
    ZeroRun,
    /// A run length is followed by no symbol and no group.
    #[error("run length with no symbol after it, expected a symbol such as '#' or a group '('")]
    RunWithoutSymbol,
    /// A group's `(` has no `)` on its line; reported at the `(`.
    #[error("group is not closed on its line, expected ')'")]
    UnclosedGroup,
    /// A `)` closes no group.
    #[error("')' closes no group, expected a '(' before it on the line")]
    UnopenedGroup,
    /// A group holds nothing: `()`.
    #[error("empty group, expected symbols between '(' and ')'")]
    EmptyGroup,
    /// Groups are nested more than [`MAX_GROUP_DEPTH`] deep; reported at the
    /// first `(` too deep.
    #[error("groups are nested more than {MAX_GROUP_DEPTH} deep")]
    GroupTooDeep,
    /// Expanding the groups would cost more than [`MAX_INPUT_BYTES`]: each
    /// group counts as its text times its count. Reported at the group that
    /// passes the limit, before it is expanded; nothing more is read.
    #[error(
        "groups expand past {MAX_INPUT_BYTES} bytes, the input limit (a group counts \
         as its text times its count)"
    )]
    ExpansionTooLarge,
    /// A `Comment:` block has no `Comment-End:` line; reported at the `Comment:` line.
    #[error("'Comment:' block is not closed, expected a 'Comment-End:' line")]
    UnclosedComment,
    /// A level has no player.
    #[error("level has no player, expected exactly one ('@' or '+')")]
    NoPlayer,
    /// A level has no player, and its grid began right after a blank line
    /// that ended the grid above: most likely one level split in two.
    #[error(
        "level has no player, expected exactly one ('@' or '+'): the blank line on line \
         {blank} ended the level above it (a blank line always ends a level; write a row of \
         floor as '-')"
    )]
    NoPlayerAfterBlank {
        /// The line of the blank line.
        blank: usize,
    },
    /// A level has more than one player; reported at the second one. The
    /// message names the players' cells 1-based, as rows and columns of the
    /// level's grid (a file's lines and columns differ where rows are
    /// run-length encoded or indented).
    #[error("level has {count} players, at {}, expected exactly one", list(positions, *count))]
    SeveralPlayers {
        /// How many players the level has.
        count: usize,
        /// Where the first few are (at most 10), in reading order: each
        /// one's floor (from 1) and cell on that floor.
        positions: Vec<(usize, GridPos)>,
    },
    /// A legend line is not of the form `legend: a = Recipe Recipe ...`.
    #[error("expected a legend line like 'legend: a = HeavyBox Goal'")]
    LegendSyntax,
    /// A legend symbol is not one ASCII letter.
    #[error("legend symbol must be one ASCII letter, found {0:?}")]
    LegendLetter(String),
    /// A legend letter is defined twice for one level.
    #[error("legend letter {letter:?} is already defined on line {first_line}")]
    LegendRedefined {
        /// The letter.
        letter: char,
        /// The line of the first definition.
        first_line: usize,
    },
    /// A legend names no recipe at all; the message offers the nearest
    /// name when one is near.
    #[error("unknown recipe {0:?}, {hint}", hint = recipe_hint(.0))]
    UnknownRecipe(String),
    /// A legend names a recipe whose rules come in a later rule book (none
    /// since rule book 4, which plays every recipe of the plan).
    #[error("recipe {0} cannot be used yet: its rules come in a later rule book")]
    UnsupportedRecipe(EntityRecipe),
    /// A legend names a state that does not exist (after the colon); the
    /// message names the states of `recipe` when it is known, and the
    /// nearest of them when one is near.
    #[error("unknown state {state:?}, {}", state_hint(state, *recipe))]
    UnknownState {
        /// The state as written.
        state: String,
        /// The recipe it follows, when that is a recipe.
        recipe: Option<EntityRecipe>,
    },
    /// A legend gives a recipe a state that does not apply to it.
    #[error("{recipe} cannot be {state}: {}", states_of(*recipe))]
    StateNotApplicable {
        /// The recipe.
        recipe: EntityRecipe,
        /// The state.
        state: RecipeState,
    },
    /// Contents in parentheses follow something that holds nothing (only
    /// a box, a cauldron and a bong hold contents).
    #[error("only {holders} holds contents, not {0}", holders = holders())]
    ContentsNotInBox(EntityRecipe),
    /// A box's contents name something a box cannot hold.
    #[error("a box holds keys, hammers, books and collectibles, not {0}")]
    NotContent(EntityRecipe),
    /// A cauldron's or a bong's contents name something that is not a key;
    /// reported at it.
    #[error("a {holder} holds keys only, not {item}")]
    NotAKey {
        /// What holds keys only.
        holder: EntityRecipe,
        /// What it may not hold.
        item: EntityRecipe,
    },
    /// A cauldron or a bong holds more keys than it may (reported at the
    /// first one too many) or fewer (at its contents, or its name).
    #[error("a {holder} holds {held}, found {found}", held = keys_held(*holder))]
    KeyCount {
        /// What holds keys.
        holder: EntityRecipe,
        /// How many keys it was given.
        found: usize,
    },
    /// A box's contents name more than [`MAX_CONTENTS`] things; reported at the first too many.
    #[error("a box holds at most {MAX_CONTENTS} things")]
    TooManyContents,
    /// A box's contents hold two things that block movement (keys, hammers, books).
    #[error(
        "a box's contents hold at most one thing that blocks movement (a key, a hammer or a book), \
         found {0} and {1}"
    )]
    ContentsTwoBlockers(EntityRecipe, EntityRecipe),
    /// A `(` opens contents that no `)` closes; reported at the `(`.
    #[error("contents are not closed, expected ')'")]
    UnclosedContents,
    /// Empty contents `()`; reported at the `(`.
    #[error("empty contents, expected recipes between '(' and ')' (or no parentheses)")]
    EmptyContents,
    /// A parenthesis that opens or closes no box's contents.
    #[error("stray {0:?}, expected contents right after a box, as in Box(Apple KeyRed)")]
    StrayParenthesis(char),
    /// A legend names the same thing twice for one cell.
    #[error("{0} is listed twice, a cell holds each thing once")]
    DuplicateSpec(EntitySpec),
    /// A legend puts two sunk heavy boxes in one cell.
    #[error("a water cell holds at most one sunk heavy box")]
    SecondSunkHeavyBox,
    /// A legend puts two things that block movement in one cell; when one
    /// could hold the other, the message offers it as contents.
    #[error(
        "a cell cannot hold both {0} and {1}: at most one thing that blocks movement \
         ({blockers}){hint}",
        blockers = blockers(),
        hint = contents_hint(.0, .1)
    )]
    TwoBlockers(EntitySpec, EntitySpec),
    /// A legend puts water with something that never stands on water.
    #[error("{0} cannot stand on water: {dry}", dry = dry())]
    WaterShared(EntitySpec),
    /// A legend puts something with a closed door.
    #[error(
        "a closed door shares its cell with nothing, found {0} with {1} (write {rec}:open \
         for an open door)",
        rec = .0.recipe
    )]
    ClosedDoorShared(EntitySpec, EntitySpec),
    /// A legend puts in an open door something that cannot stand in a doorway.
    #[error("{1} cannot stand in the open door {0}: {doorway}", doorway = doorway())]
    NotInDoorway(EntitySpec, EntitySpec),
    /// A legend puts on stairs something that cannot stand on them
    /// (anything but one thing that moves and fits a doorway).
    #[error("{1} cannot stand on the stairs {0}: {stairs}", stairs = on_stairs())]
    NotOnStairs(EntitySpec, EntitySpec),
    /// A legend puts a heavy box on water that no sunk heavy box fills.
    #[error(
        "a heavy box on unfilled water sinks, write HeavyBox:sunk (or HeavyBox:sunk and \
         HeavyBox for one on the bridge)"
    )]
    HeavyBoxOnWater,
    /// A legend puts a sunk heavy box where there is no water.
    #[error("a sunk heavy box stands on water, expected WaterCell in the cell")]
    SunkWithoutWater,
    /// The input holds no level.
    #[error("no level found, expected a grid of rows such as '#@$.#'")]
    NoLevel,
    /// A second level starts where exactly one was expected.
    #[error("a second level starts here, expected exactly one (read collections as a Collection)")]
    SeveralLevels,
}

/// The states a recipe can be written in, for messages.
fn states_of(recipe: EntityRecipe) -> String {
    let states: Vec<String> = RecipeState::ALL
        .into_iter()
        .filter(|s| s.applies_to(recipe))
        .map(|s| format!("{recipe}:{s}"))
        .collect();
    if states.is_empty() {
        format!("{recipe} has no states")
    } else {
        format!("expected {}", states.join(" or "))
    }
}

/// Cells as messages name them, each after its floor when any is past
/// floor 1 (a level of several floors).
fn list(positions: &[(usize, GridPos)], count: usize) -> String {
    let floors = positions.iter().map(|&(f, _)| f).max().unwrap_or(1);
    let mut s = positions
        .iter()
        .map(|&(floor, p)| cell_name_on(floor, floors, p))
        .collect::<Vec<_>>()
        .join(", ");
    if count > positions.len() {
        s.push_str(", ...");
    }
    s
}

/// Every error found in a piece of level text, in input order.
///
/// Reading goes on after an error where it can, and stops after
/// [`MAX_ERRORS`] errors.
///
/// # Example
/// ```
/// use muscleman_level::Collection;
///
/// let errors = Collection::parse("#?#\n#@#\n\n#!#\n#@#\n").unwrap_err();
/// assert_eq!(errors.len(), 2);
/// assert_eq!(errors.to_string(), "\
/// 1:2: unknown symbol '?', expected one of # @ + $ * . % ~ & space - _, a run length, '(', ')', '|' or a legend letter
/// 4:2: unknown symbol '!', expected one of # @ + $ * . % ~ & space - _, a run length, '(', ')', '|' or a legend letter");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseErrors {
    errors: Vec<ParseError>,
    truncated: bool,
}

impl ParseErrors {
    /// Return the errors, in input order.
    pub fn errors(&self) -> &[ParseError] {
        &self.errors
    }

    /// Iterate over the errors, in input order.
    pub fn iter(&self) -> std::slice::Iter<'_, ParseError> {
        self.errors.iter()
    }

    /// Return the number of errors reported.
    pub fn len(&self) -> usize {
        self.errors.len()
    }

    /// Return whether no error is reported (never, for an error from the reader).
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// Return whether reading stopped at [`MAX_ERRORS`], so more errors may follow.
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }
}

impl fmt::Display for ParseErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{e}")?;
        }
        if self.truncated {
            write!(
                f,
                "\nstopped after {MAX_ERRORS} errors; more may follow, not shown"
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseErrors {}

impl<'a> IntoIterator for &'a ParseErrors {
    type Item = &'a ParseError;
    type IntoIter = std::slice::Iter<'a, ParseError>;
    fn into_iter(self) -> Self::IntoIter {
        self.errors.iter()
    }
}

impl IntoIterator for ParseErrors {
    type Item = ParseError;
    type IntoIter = std::vec::IntoIter<ParseError>;
    fn into_iter(self) -> Self::IntoIter {
        self.errors.into_iter()
    }
}

/// Collects errors up to the cap.
#[derive(Debug, Default)]
pub(crate) struct Errors {
    errors: Vec<ParseError>,
    truncated: bool,
}

impl Errors {
    /// Record an error; return `false` once the cap is reached and reading should stop.
    pub(crate) fn push(&mut self, line: usize, column: usize, kind: ParseErrorKind) -> bool {
        if self.errors.len() >= MAX_ERRORS {
            self.truncated = true;
            return false;
        }
        self.errors.push(ParseError { line, column, kind });
        true
    }

    /// Whether reading must stop.
    pub(crate) fn full(&self) -> bool {
        self.truncated
    }

    /// Whether no error was recorded.
    pub(crate) fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// Return a mark for [`Errors::sort_since`].
    pub(crate) fn mark(&self) -> usize {
        self.errors.len()
    }

    /// Call the unknown-symbol errors of `letter` since `mark` what they
    /// are: uses above its definition on line `line`.
    pub(crate) fn retag_unknown(&mut self, mark: usize, letter: char, line: usize) {
        self.retag_unknown_as(
            mark,
            letter,
            ParseErrorKind::LetterAboveDefinition { letter, line },
        );
    }

    /// Call the unknown-symbol errors of `letter` since `mark` uses of a
    /// letter defined below their grid, on line `line`.
    pub(crate) fn retag_unknown_below(&mut self, mark: usize, letter: char, line: usize) {
        self.retag_unknown_as(
            mark,
            letter,
            ParseErrorKind::LetterBelowGrid { letter, line },
        );
    }

    /// Give the unknown-symbol errors of `letter` since `mark` the kind `kind`.
    fn retag_unknown_as(&mut self, mark: usize, letter: char, kind: ParseErrorKind) {
        for e in self.errors.iter_mut().skip(mark) {
            if e.kind == ParseErrorKind::UnknownSymbol(letter) {
                e.kind = kind.clone();
            }
        }
    }

    /// Put the errors recorded since `mark` in input order (a stable sort).
    pub(crate) fn sort_since(&mut self, mark: usize) {
        if let Some(recent) = self.errors.get_mut(mark..) {
            recent.sort_by_key(|e| (e.line, e.column));
        }
    }

    /// Turn the errors into the public type.
    pub(crate) fn finish(self) -> ParseErrors {
        ParseErrors {
            errors: self.errors,
            truncated: self.truncated,
        }
    }
}
