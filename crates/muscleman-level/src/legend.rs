//! The right-hand side of a legend line: a cell's specs, as
//! `Name[:state][(Item Item ...)]` words separated by spaces, checked
//! against the load rules with each error at its place.

use muscleman_core::{Contents, EntitySpec, MAX_CONTENTS, RecipeState};

use crate::cell;
use crate::error::ParseErrorKind as Kind;
use crate::limits::MAX_ERRORS;
use crate::rules::{self, Broken, Part};

/// A spec as written, with the byte offsets of its parts.
struct Written {
    spec: EntitySpec,
    /// The recipe name.
    name: usize,
}

/// What a legend's right-hand side says.
pub(crate) struct Read {
    /// The specs that passed every check, in canonical order.
    pub(crate) cell: Vec<EntitySpec>,
    /// Errors, each at a byte offset of the text.
    pub(crate) errors: Vec<(usize, Kind)>,
    /// Whether the text holds anything but spaces.
    pub(crate) any: bool,
}

/// Whether `c` ends a word: a space, or a parenthesis.
fn ends_word(c: char) -> bool {
    c.is_whitespace() || c == '(' || c == ')'
}

/// Return the offset of the first non-space at or after `i`.
fn skip_spaces(s: &str, i: usize) -> usize {
    s.get(i..)
        .and_then(|rest| rest.find(|c: char| !c.is_whitespace()).map(|k| i + k))
        .unwrap_or(s.len())
}

/// Return the offset where the word starting at `i` ends.
fn word_end(s: &str, i: usize) -> usize {
    s.get(i..)
        .and_then(|rest| rest.find(ends_word).map(|k| i + k))
        .unwrap_or(s.len())
}

fn char_at(s: &str, i: usize) -> Option<char> {
    s.get(i..).and_then(|rest| rest.chars().next())
}

/// Return the parse error of a broken rule.
pub(crate) fn kind(broken: Broken) -> Kind {
    match broken {
        Broken::NoRules(r) => Kind::UnsupportedRecipe(r),
        Broken::BadState(recipe, state) => Kind::StateNotApplicable { recipe, state },
        Broken::ContentsNotInBox(r) => Kind::ContentsNotInBox(r),
        Broken::NotContent(r) => Kind::NotContent(r),
        Broken::NotAKey(holder, item) => Kind::NotAKey { holder, item },
        Broken::KeyCount(holder, found) => Kind::KeyCount { holder, found },
        Broken::ContentsTwoBlockers(a, b) => Kind::ContentsTwoBlockers(a, b),
        Broken::Duplicate(s) => Kind::DuplicateSpec(s),
        Broken::SecondSunk => Kind::SecondSunkHeavyBox,
        Broken::TwoBlockers(a, b) => Kind::TwoBlockers(a, b),
        Broken::WaterShared(s) => Kind::WaterShared(s),
        Broken::ClosedDoorShared(a, b) => Kind::ClosedDoorShared(a, b),
        Broken::NotInDoorway(a, b) => Kind::NotInDoorway(a, b),
        Broken::NotOnStairs(a, b) => Kind::NotOnStairs(a, b),
        Broken::HeavyBoxOnWater => Kind::HeavyBoxOnWater,
        Broken::SunkWithoutWater => Kind::SunkWithoutWater,
    }
}

/// Read a legend's right-hand side.
///
/// It costs in proportion to the text: a cell keeps a dozen specs at most
/// (the rest break a rule), a box's contents are kept up to one past
/// [`MAX_CONTENTS`], and reading stops one error past [`MAX_ERRORS`] (the
/// reader's cap then says more may follow).
pub(crate) fn read(s: &str) -> Read {
    let mut errors = Vec::new();
    let mut written: Vec<Written> = Vec::new();
    let mut any = false;
    let mut i = skip_spaces(s, 0);
    while let Some(c) = char_at(s, i) {
        any = true;
        if errors.len() > MAX_ERRORS {
            break;
        }
        if c == '(' || c == ')' {
            errors.push((i, Kind::StrayParenthesis(c)));
            i = skip_spaces(s, i + 1);
            continue;
        }
        let end = word_end(s, i);
        let token = s.get(i..end).unwrap_or("");
        let name_at = i;
        let (name, state_text) = match token.split_once(':') {
            Some((name, state)) => (name, Some(state)),
            None => (token, None),
        };
        let state_at = name_at + name.len() + 1;
        let mut ok = true;
        let recipe = cell::recipe_named(name);
        if recipe.is_none() {
            errors.push((name_at, Kind::UnknownRecipe(name.to_owned())));
            ok = false;
        }
        let state = match state_text.map(|t| (t, RecipeState::named(t))) {
            None => None,
            Some((_, Some(state))) => Some(state),
            Some((t, None)) => {
                errors.push((
                    state_at,
                    Kind::UnknownState {
                        state: t.to_owned(),
                        recipe,
                    },
                ));
                ok = false;
                None
            }
        };
        // Contents: `(` after the name, perhaps after spaces.
        let mut paren_at = None;
        let mut items: Vec<(usize, &str)> = Vec::new();
        i = skip_spaces(s, end);
        if char_at(s, i) == Some('(') {
            paren_at = Some(i);
            let mut k = skip_spaces(s, i + 1);
            let mut closed = false;
            while let Some(c) = char_at(s, k) {
                if c == ')' {
                    closed = true;
                    k += 1;
                    break;
                }
                if c == '(' {
                    errors.push((k, Kind::StrayParenthesis(c)));
                    ok = false;
                    k = skip_spaces(s, k + 1);
                    continue;
                }
                let e = word_end(s, k);
                // One past the most a box holds is enough to report it.
                if items.len() <= MAX_CONTENTS {
                    items.push((k, s.get(k..e).unwrap_or("")));
                }
                k = skip_spaces(s, e);
            }
            if !closed {
                errors.push((i, Kind::UnclosedContents));
                ok = false;
            } else if items.is_empty() {
                errors.push((i, Kind::EmptyContents));
                ok = false;
            }
            i = skip_spaces(s, k);
        }
        let mut contents = Contents::EMPTY;
        for &(at, item) in &items {
            match cell::recipe_named(item) {
                None => {
                    errors.push((at, Kind::UnknownRecipe(item.to_owned())));
                    ok = false;
                }
                Some(r) => {
                    if contents.push(r).is_err() {
                        errors.push((at, Kind::TooManyContents));
                        ok = false;
                        break;
                    }
                }
            }
        }
        let Some(recipe) = recipe else {
            continue;
        };
        if !ok {
            continue;
        }
        let mut spec = EntitySpec::new(recipe).with_contents(contents);
        if let Some(state) = state {
            spec = spec.with_state(state);
        }
        if let Err((broken, part)) = rules::check_spec(&spec) {
            let at = match part {
                Part::Recipe => name_at,
                Part::State => state_at,
                Part::Contents => paren_at.unwrap_or(name_at),
                Part::Item(k) => items.get(k).map_or(name_at, |(at, _)| *at),
            };
            errors.push((at, kind(broken)));
            continue;
        }
        let clash = written.iter().find_map(|w| rules::conflict(&w.spec, &spec));
        if let Some(broken) = clash {
            errors.push((name_at, kind(broken)));
            continue;
        }
        written.push(Written {
            spec,
            name: name_at,
        });
    }
    let cell: Vec<EntitySpec> = written.iter().map(|w| w.spec).collect();
    if let Err((broken, k)) = rules::check_whole(&cell) {
        let at = written.get(k).map_or(0, |w| w.name);
        errors.push((at, kind(broken)));
    }
    let mut cell = cell;
    cell.sort_unstable();
    errors.sort_by_key(|(at, _)| *at);
    Read { cell, errors, any }
}

#[cfg(test)]
mod tests {
    use muscleman_core::EntityRecipe as R;

    use super::*;

    #[test]
    fn words_states_and_contents() {
        let r = read(" Box(Apple  KeyRed ) heavybox:SUNK watercell ");
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        let contents = Contents::from_slice(&[R::Apple, R::KeyRed]).unwrap_or_default();
        assert_eq!(
            r.cell,
            [
                EntitySpec::new(R::WaterCell),
                EntitySpec::new(R::Box).with_contents(contents),
                EntitySpec::new(R::HeavyBox).with_state(RecipeState::Sunk),
            ]
        );
    }

    #[test]
    fn errors_are_at_their_part() {
        let r = read("Box(Apple Crate) DoorRed:shut Goal (Coin)");
        let at: Vec<usize> = r.errors.iter().map(|(at, _)| *at).collect();
        assert_eq!(at, [10, 25, 35]);
    }
}
