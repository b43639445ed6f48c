//! Run-length encoded grid lines: runs (`4#`), groups (`2(#$)`) and row
//! breaks (`|`).
//!
//! Neither pass below recurses, and neither stores the expansion. A line
//! with parentheses is first read by [`check`], which reports malformed
//! groups and adds up, with saturating arithmetic, what expanding them costs,
//! so that a group bomb is refused before anything is expanded. Then every
//! line, with or without groups, is read by an [`Expander`]: it hands out the
//! runs and row breaks one at a time, reading a group's text again for each
//! repeat with a stack of at most [`MAX_GROUP_DEPTH`] groups, so the reader's
//! limits on rows and cells stop it as early as they stop plain text.
//!
//! The cost of a group is the length in bytes of its text (count and
//! parentheses included, inner groups counted at their cost) times its count,
//! so `2(#$)` costs 10: an upper bound on the bytes the expander reads for it,
//! a group's count and `(` being read once and its body and `)` once per
//! repeat. The cost of a line is its length with its groups counted at their
//! cost.
//!
//! Both passes read malformed text the same way: a bad count counts 1, a `)`
//! that closes nothing is ignored, a group still open at the end of the line
//! closes there, an empty group is nothing, and parentheses nested past
//! [`MAX_GROUP_DEPTH`] are ignored with their count.

use crate::error::{Errors, ParseErrorKind as Kind};
use crate::limits::{MAX_GROUP_DEPTH, MAX_INPUT_BYTES, MAX_RUN_LENGTH};

/// A pending run length: the count (capped just above [`MAX_RUN_LENGTH`])
/// and the column of its first digit.
type Run = Option<(usize, usize)>;

/// Add a digit to a pending run length.
fn digit(run: Run, d: u32, column: usize) -> Run {
    let d = d as usize;
    Some(match run {
        None => (d, column),
        Some((k, at)) => ((k * 10 + d).min(MAX_RUN_LENGTH + 1), at),
    })
}

/// Return a group's count from the run length before its `(`: 1 if there is
/// none, or after a bad count (reported when `errors` is given).
fn group_count(run: Run, n: usize, errors: Option<&mut Errors>) -> usize {
    let (kind, at) = match run {
        None => return 1,
        Some((k, _)) if (1..=MAX_RUN_LENGTH).contains(&k) => return k,
        Some((0, at)) => (Kind::ZeroRun, at),
        Some((_, at)) => (Kind::RunTooLong, at),
    };
    if let Some(errors) = errors {
        errors.push(n, at, kind);
    }
    1
}

/// A group [`check`] is reading.
struct Open {
    /// Its count (1 after a bad count).
    count: usize,
    /// The column of its `(`.
    paren: usize,
    /// The column where it starts: its count's first digit, else its `(`.
    start: usize,
    /// The cost of one repeat: the bytes of its own text (count and
    /// parentheses included), plus the cost of its inner groups.
    cost: usize,
    /// Whether anything stands between its parentheses.
    any: bool,
}

/// What [`check`] adds up.
struct Check<'e> {
    n: usize,
    errors: &'e mut Errors,
    /// The groups open, innermost last.
    open: Vec<Open>,
    /// The line's cost so far, outside any group.
    cost: usize,
    /// The cost of the rest of the input.
    spent: usize,
    /// The start column of the last outermost group closed.
    last: Option<usize>,
}

impl Check<'_> {
    /// Add bytes to the innermost open group, or to the line.
    fn add(&mut self, bytes: usize) {
        match self.open.last_mut() {
            Some(g) => g.cost = g.cost.saturating_add(bytes),
            None => self.cost = self.cost.saturating_add(bytes),
        }
    }

    /// Close the innermost group; `Err` with its start column if, being
    /// outermost, it takes the input past the limit.
    fn close(&mut self) -> Result<(), usize> {
        let Some(g) = self.open.pop() else {
            return Ok(());
        };
        if !g.any {
            self.errors.push(self.n, g.paren, Kind::EmptyGroup);
        }
        let cost = g.count.saturating_mul(g.cost);
        if let Some(outer) = self.open.last_mut() {
            outer.cost = outer.cost.saturating_add(cost);
            return Ok(());
        }
        self.cost = self.cost.saturating_add(cost);
        self.last = Some(g.start);
        self.over()
    }

    /// `Err` with the start column of the last outermost group if the input's
    /// cost is past the limit.
    fn over(&self) -> Result<(), usize> {
        match self.last {
            Some(start) if self.spent.saturating_add(self.cost) > MAX_INPUT_BYTES => Err(start),
            _ => Ok(()),
        }
    }
}

/// Check the groups of grid line `n` and return the line's cost, or `Err`
/// with the column of the group at which the input's cost passes
/// [`MAX_INPUT_BYTES`]; `spent` is the cost of the rest of the input.
///
/// Reports malformed groups and bad group counts; the [`Expander`] reports
/// the rest.
pub(crate) fn check(
    line: &str,
    n: usize,
    spent: usize,
    errors: &mut Errors,
) -> Result<usize, usize> {
    let mut check = Check {
        n,
        errors,
        open: Vec::new(),
        cost: 0,
        spent,
        last: None,
    };
    // Parentheses nested too deep, ignored.
    let mut flat = 0usize;
    let mut run: Run = None;
    // The bytes of the pending run length, charged where it is used.
    let mut digits = 0usize;
    for (i, c) in line.chars().enumerate() {
        let column = i + 1;
        if (c != ')' || flat > 0)
            && let Some(g) = check.open.last_mut()
        {
            g.any = true;
        }
        if let Some(d) = c.to_digit(10) {
            run = digit(run, d, column);
            digits += 1;
            continue;
        }
        // What was read is charged to the innermost group, or to the line; a
        // group's count and parentheses are part of its own text.
        let bytes = std::mem::take(&mut digits).saturating_add(c.len_utf8());
        match c {
            '(' => {
                let start = run.map_or(column, |(_, at)| at);
                let count = group_count(run.take(), n, Some(&mut *check.errors));
                if flat > 0 || check.open.len() >= MAX_GROUP_DEPTH {
                    if flat == 0 {
                        check.errors.push(n, column, Kind::GroupTooDeep);
                    }
                    flat += 1;
                    check.add(bytes);
                } else {
                    check.open.push(Open {
                        count,
                        paren: column,
                        start,
                        cost: bytes,
                        any: false,
                    });
                }
            }
            ')' => {
                run = None;
                check.add(bytes);
                if flat > 0 {
                    flat -= 1;
                } else if check.open.is_empty() {
                    check.errors.push(n, column, Kind::UnopenedGroup);
                } else {
                    check.close()?;
                }
            }
            _ => {
                run = None;
                check.add(bytes);
            }
        }
    }
    check.add(digits);
    for g in &mut check.open {
        // Reported as unclosed only, even when nothing follows its `(`.
        check.errors.push(n, g.paren, Kind::UnclosedGroup);
        g.any = true;
    }
    while !check.open.is_empty() {
        check.close()?;
    }
    // Text after the last group may pass the limit too.
    check.over()?;
    Ok(check.cost)
}

/// A run of cells or a row break, in expansion order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Piece {
    /// `count` cells of `symbol`, written at `column`. `first` tells whether
    /// this is the symbol's first reading (not a group's later repeat), the
    /// one whose errors are reported.
    Cells {
        symbol: char,
        count: usize,
        column: usize,
        first: bool,
    },
    /// A `|` at `column`: the row ends.
    Bar { column: usize },
}

/// The characters that [`Expander::skip_plain`] stops at.
const SPECIAL: [char; 3] = ['(', ')', '|'];

/// Return the byte offset of the first `(`, `)` or `|` in `text`, or its
/// length: searched for in growing pieces, so the cost follows the distance.
fn next_special(text: &str) -> usize {
    let (mut start, mut size) = (0, 64usize);
    while start < text.len() {
        let mut end = start.saturating_add(size).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        let part = text.get(start..end).unwrap_or("");
        if let Some(i) = SPECIAL.iter().filter_map(|&c| part.find(c)).min() {
            return start + i;
        }
        start = end;
        size = size.saturating_mul(2);
    }
    text.len()
}

/// A group the [`Expander`] is in.
struct Group {
    /// The byte offset and column of the first character after its `(`.
    body: usize,
    body_column: usize,
    /// Repeats left after the one being read.
    left: usize,
    /// Whether the repeat being read is not the first.
    again: bool,
    /// Whether a `|` was read in it (so, once it has been read through,
    /// whether it holds one).
    bars: bool,
}

/// Reads a grid line's runs and row breaks one at a time, expanding groups.
pub(crate) struct Expander<'l> {
    line: &'l str,
    n: usize,
    /// The byte offset and column of the next character.
    at: usize,
    column: usize,
    /// The groups being read, innermost last; at most [`MAX_GROUP_DEPTH`].
    groups: Vec<Group>,
    /// Parentheses nested too deep, ignored.
    flat: usize,
    /// How many of `groups` are in a repeat after the first.
    repeats: usize,
}

impl<'l> Expander<'l> {
    /// Start reading grid line `n`.
    pub(crate) fn new(line: &'l str, n: usize) -> Self {
        Expander {
            line,
            n,
            at: 0,
            column: 1,
            groups: Vec::new(),
            flat: 0,
            repeats: 0,
        }
    }

    /// Return the next piece. With `skipping`, the rest of the row is not
    /// wanted: read on to the next `|` without handing out cells or
    /// reporting errors, and skip the repeats of groups that hold no `|`.
    ///
    /// Reports the errors of run lengths before symbols, `)`, `|` and the
    /// end of the line, on their first reading only.
    pub(crate) fn next(&mut self, skipping: bool, errors: &mut Errors) -> Option<Piece> {
        let mut run: Run = None;
        loop {
            if skipping && self.skip_plain() {
                run = None;
            }
            let report = !skipping && self.repeats == 0;
            let Some(c) = self.line.get(self.at..).and_then(|s| s.chars().next()) else {
                // The end of the line closes the groups still open.
                self.end_run(run.take(), report, errors);
                self.flat = 0;
                if self.close(self.at, skipping) {
                    continue;
                }
                return None;
            };
            let column = self.column;
            self.at += c.len_utf8();
            self.column += 1;
            if let Some(d) = c.to_digit(10) {
                run = digit(run, d, column);
                continue;
            }
            match c {
                '(' => {
                    let count = group_count(run.take(), self.n, None);
                    if self.flat > 0 || self.groups.len() >= MAX_GROUP_DEPTH {
                        self.flat += 1;
                    } else {
                        self.groups.push(Group {
                            body: self.at,
                            body_column: self.column,
                            left: count.saturating_sub(1),
                            again: false,
                            bars: false,
                        });
                    }
                }
                ')' => {
                    self.end_run(run.take(), report, errors);
                    if self.flat > 0 {
                        self.flat -= 1;
                    } else {
                        self.close(self.at - 1, skipping);
                    }
                }
                '|' => {
                    self.end_run(run.take(), report, errors);
                    if let Some(g) = self.groups.last_mut() {
                        g.bars = true;
                    }
                    return Some(Piece::Bar { column });
                }
                _ if skipping => run = None,
                _ => {
                    let count = match run.take() {
                        None => 1,
                        Some((k, _)) if (1..=MAX_RUN_LENGTH).contains(&k) => k,
                        Some((k, at)) => {
                            if report {
                                let kind = if k == 0 {
                                    Kind::ZeroRun
                                } else {
                                    Kind::RunTooLong
                                };
                                errors.push(self.n, at, kind);
                            }
                            1
                        }
                    };
                    return Some(Piece::Cells {
                        symbol: c,
                        count,
                        column,
                        first: report,
                    });
                }
            }
        }
    }

    /// Skip at once the symbols and run lengths up to the next `(`, `)` or
    /// `|` (but for the count right before a `(`), so that the rest of a long
    /// row costs a few searches, not a loop; return whether anything was
    /// skipped.
    fn skip_plain(&mut self) -> bool {
        let rest = self.line.get(self.at..).unwrap_or("");
        match rest.chars().next() {
            Some(c) if !c.is_ascii_digit() && !SPECIAL.contains(&c) => {}
            _ => return false,
        }
        let end = next_special(rest);
        let keep_count = rest.get(end..).is_some_and(|s| s.starts_with('('));
        let skipped = match rest.get(..end) {
            Some(text) if keep_count => text.trim_end_matches(|c: char| c.is_ascii_digit()),
            Some(text) => text,
            None => return false,
        };
        self.at += skipped.len();
        self.column += skipped.chars().count();
        !skipped.is_empty()
    }

    /// Report a run length that no symbol follows.
    fn end_run(&self, run: Run, report: bool, errors: &mut Errors) {
        if let Some((_, at)) = run
            && report
        {
            errors.push(self.n, at, Kind::RunWithoutSymbol);
        }
    }

    /// Close the innermost group at byte offset `end` (its `)` or the end of
    /// the line): go back for its next repeat, or leave it. Return whether
    /// there was a group.
    fn close(&mut self, end: usize, skipping: bool) -> bool {
        let Some(g) = self.groups.last_mut() else {
            return false;
        };
        // A repeat of an empty group reads nothing, and one of a group with
        // no `|` gives no cell wanted while skipping.
        if g.left > 0 && end > g.body && (g.bars || !skipping) {
            g.left -= 1;
            if !g.again {
                g.again = true;
                self.repeats += 1;
            }
            self.at = g.body;
            self.column = g.body_column;
            return true;
        }
        let (again, bars) = (g.again, g.bars);
        self.groups.pop();
        if again {
            self.repeats -= 1;
        }
        if let Some(outer) = self.groups.last_mut() {
            outer.bars |= bars;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cost(line: &str) -> Result<usize, usize> {
        check(line, 1, 0, &mut Errors::default())
    }

    fn pieces(line: &str) -> Vec<Piece> {
        let mut errors = Errors::default();
        let mut expander = Expander::new(line, 1);
        std::iter::from_fn(|| expander.next(false, &mut errors)).collect()
    }

    fn cells(line: &str) -> String {
        let mut text = String::new();
        for piece in pieces(line) {
            match piece {
                Piece::Cells { symbol, count, .. } => {
                    text.extend(std::iter::repeat_n(symbol, count));
                }
                Piece::Bar { .. } => text.push('|'),
            }
        }
        text
    }

    #[test]
    fn a_group_costs_its_text_times_its_count() {
        assert_eq!(cost("#@#"), Ok(3));
        assert_eq!(cost("2(#$)"), Ok(10));
        assert_eq!(cost("#2(#$)#"), Ok(12));
        assert_eq!(cost("(#$)"), Ok(4));
        // Inner groups count at their cost: 3 × (4 + 2 × 4).
        assert_eq!(cost("3(a2(b))"), Ok(36));
        assert_eq!(cost("64(64(#))"), Ok(64 * (4 + 64 * 5)));
        // About 117 MB: past the input limit, refused at the outermost group.
        assert_eq!(cost("#@4096(4096(#))"), Err(3));
        // Saturating.
        assert_eq!(cost("4096(4096(4096(4096(4096(4096(#))))))"), Err(1));
        assert_eq!(cost(&"4096(".repeat(100_000)), Err(1));
    }

    #[test]
    fn the_rest_of_the_input_counts() {
        let mut errors = Errors::default();
        assert_eq!(check("2(#$)", 1, MAX_INPUT_BYTES - 10, &mut errors), Ok(10));
        assert_eq!(check("2(#$)", 1, MAX_INPUT_BYTES - 9, &mut errors), Err(1));
        // Text after the last group may pass the limit too: reported at that group.
        assert_eq!(check("#(#)##", 1, MAX_INPUT_BYTES - 5, &mut errors), Err(2));
        assert!(errors.is_empty());
    }

    #[test]
    fn groups_expand_as_their_text_repeated() {
        assert_eq!(cells("2(#$)"), "#$#$");
        assert_eq!(cells("2(a3(b))"), "abbbabbb");
        assert_eq!(cells("(#$)@"), "#$@");
        assert_eq!(cells("2(#|)"), "#|#|");
        assert_eq!(cells("2(3#-)"), "###-###-");
        assert_eq!(cells("3(#-)#"), "#-#-#-#");
        // What the checker reports is read leniently: an unclosed group
        // closes at the end, a stray `)` and an empty group are nothing.
        assert_eq!(cells("2(#$"), "#$#$");
        assert_eq!(cells("#)$"), "#$");
        assert_eq!(cells("#4096()$"), "#$");
        assert_eq!(cells("#$2("), "#$");
        assert_eq!(cells("0(#)4097($)"), "#$");
    }

    #[test]
    fn columns_are_those_of_the_text() {
        assert_eq!(
            pieces("2(#|)"),
            [
                Piece::Cells {
                    symbol: '#',
                    count: 1,
                    column: 3,
                    first: true
                },
                Piece::Bar { column: 4 },
                Piece::Cells {
                    symbol: '#',
                    count: 1,
                    column: 3,
                    first: false
                },
                Piece::Bar { column: 4 },
            ]
        );
    }

    #[test]
    fn nesting_past_the_limit_is_read_flat() {
        let deep = format!("{}#{}", "(".repeat(40), ")".repeat(40));
        let mut errors = Errors::default();
        assert!(check(&deep, 1, 0, &mut errors).is_ok());
        let errors = errors.finish();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors.errors()[0].kind, Kind::GroupTooDeep);
        assert_eq!(errors.errors()[0].column, MAX_GROUP_DEPTH + 1);
        assert_eq!(cells(&deep), "#");
        assert_eq!(cells(&format!("2{deep}")), "##");
    }

    #[test]
    fn skipping_jumps_to_the_next_bar_and_drops_repeats_without_one() {
        let mut errors = Errors::default();
        let mut expander = Expander::new("##4096(4096(#))x|2(#|)", 1);
        assert!(matches!(
            expander.next(false, &mut errors),
            Some(Piece::Cells { column: 1, .. })
        ));
        assert_eq!(
            expander.next(true, &mut errors),
            Some(Piece::Bar { column: 17 })
        );
        assert!(matches!(
            expander.next(true, &mut errors),
            Some(Piece::Bar { column: 21 })
        ));
        assert!(matches!(
            expander.next(true, &mut errors),
            Some(Piece::Bar { column: 21 })
        ));
        assert_eq!(expander.next(true, &mut errors), None);
        assert!(errors.is_empty());
    }
}
