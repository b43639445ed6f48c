//! The lines around a level's rows: legend lines, and `floor:` lines
//! that name a floor or begin the next one (rules.md §6 "Floors").

use super::builder::{column_of, next_floor};
use super::{Phase, Reader};
use crate::cell;
use crate::error::ParseErrorKind as Kind;
use crate::legend;
use crate::limits::MAX_FLOORS;

impl Reader<'_> {
    /// Read `floor:` or `floor: Name` (line `n`, `value` after the `:`):
    /// within a level it begins the next floor; before a level's first row
    /// it names floor 1.
    pub(super) fn floor_line(&mut self, n: usize, value: &str) {
        let name = value.trim();
        let name = (!name.is_empty()).then(|| name.to_owned());
        match self.phase {
            Phase::InGrid | Phase::AfterGrid => {
                let Some(b) = self.level.as_mut() else {
                    return;
                };
                if b.floors.len() + 1 >= MAX_FLOORS {
                    self.error(n, 1, Kind::TooManyFloors);
                    self.stopped = true;
                    return;
                }
                next_floor(b, n, name);
                self.phase = Phase::FloorHead;
            }
            Phase::FloorHead => {
                // The floor above has no rows: this line takes its place.
                if let Some(b) = self.level.as_mut() {
                    let line = std::mem::replace(&mut b.floor_line, n);
                    b.name = name;
                    self.error(line, 1, Kind::FloorWithoutRows);
                }
            }
            Phase::Idle => {
                self.drop_pending_floor();
                self.pending_floor = Some((n, name));
            }
        }
    }

    /// Report a `floor:` line before a level that no row followed.
    pub(super) fn drop_pending_floor(&mut self) {
        if let Some((line, _)) = self.pending_floor.take() {
            self.error(line, 1, Kind::FloorWithoutRows);
        }
    }

    /// Read `legend: a = Recipe Recipe ...`; `offset` is the byte offset of the `:`.
    pub(super) fn legend_line(&mut self, n: usize, line: &str, offset: usize) {
        let col = |byte: usize| column_of(line, byte);
        let value_at = offset + 1;
        let value = line.get(value_at..).unwrap_or("");
        let Some((lhs, rhs)) = value.split_once('=') else {
            let at = value_at + (value.len() - value.trim_start().len());
            self.error(n, col(at), Kind::LegendSyntax);
            return;
        };
        let lhs_at = value_at + (lhs.len() - lhs.trim_start().len());
        let letter_text = lhs.trim();
        let mut chars = letter_text.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) if cell::is_legend_letter(c) => Some(c),
            (None, _) => {
                self.error(n, col(lhs_at), Kind::LegendSyntax);
                None
            }
            _ => {
                self.error(n, col(lhs_at), Kind::LegendLetter(letter_text.to_owned()));
                None
            }
        };
        let rhs_at = value_at + lhs.len() + 1;
        let read = legend::read(rhs);
        for (at, kind) in read.errors {
            self.error(n, col(rhs_at + at), kind);
        }
        if !read.any {
            self.error(n, col(rhs_at), Kind::LegendSyntax);
            return;
        }
        let Some(letter) = letter else {
            return;
        };
        // After a `floor:` line the letter is the level's, else the next level's.
        let into_level = self.phase == Phase::FloorHead;
        let legend = match self.level.as_mut() {
            Some(b) if into_level => &mut b.legend,
            _ => &mut self.legend,
        };
        let first = legend.get(letter).map(|(_, line)| line);
        if first.is_none() {
            // Defined even after a bad recipe name, so its uses add no more errors.
            legend.define(letter, read.cell, (n, col(lhs_at)));
        }
        match first {
            Some(first_line) => {
                self.error(n, col(lhs_at), Kind::LegendRedefined { letter, first_line });
            }
            None if into_level => {
                // Its uses on the floors above were unknown symbols: say why.
                let mark = self.level.as_ref().map_or(0, |b| b.mark);
                self.errors.retag_unknown(mark, letter, n);
            }
            None => {
                // A level just above used it, unknown: the legend line
                // came below its grid.
                if let Some(mark) = self.level.as_ref().map(|b| b.mark) {
                    self.errors.retag_unknown_below(mark, letter, n);
                }
            }
        }
    }
}
