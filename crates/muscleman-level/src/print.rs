//! The printer: levels and collections back to text.

use crate::cell::{self, Mask};
use crate::collection::Collection;
use crate::level::Level;
use crate::meta::COMMENT_END;

/// Legend letters, in the order the printer hands them out.
const LETTERS: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// Print one level: title comment, metadata, legend, grid.
pub(crate) fn level(out: &mut String, level: &Level) {
    if let Some(title) = level.title() {
        comment(out, title);
    }
    for (key, value) in level.metadata().iter() {
        metadata(out, key, value);
    }
    let legend = legend_of(level);
    for &(letter, mask) in &legend {
        let names: Vec<String> = cell::recipes(mask).iter().map(|r| r.to_string()).collect();
        push_line(out, &format!("legend: {letter} = {}", names.join(" ")));
    }
    grid_with(out, level, &legend);
}

/// Print only the grid of a level (for `Debug`).
pub(crate) fn grid(out: &mut String, level: &Level) {
    let legend = legend_of(level);
    grid_with(out, level, &legend);
}

/// Hand a letter to each cell content that has no fixed symbol, in reading order.
fn legend_of(level: &Level) -> Vec<(char, Mask)> {
    let mut legend: Vec<(char, Mask)> = Vec::new();
    for (_, mask) in level.iter_masks() {
        if cell::mask_symbol(mask).is_none() && !legend.iter().any(|&(_, m)| m == mask) {
            // A cell holds at most one solid thing on any of water and goal:
            // 24 contents, 10 with fixed symbols, so 14 letters at most.
            if let Some(letter) = LETTERS.chars().nth(legend.len()) {
                legend.push((letter, mask));
            }
        }
    }
    legend
}

fn grid_with(out: &mut String, level: &Level, legend: &[(char, Mask)]) {
    let used = |row: &[Mask]| row.iter().rposition(|&m| m != 0).map_or(0, |i| i + 1);
    let widest = level.rows().map(used).max().unwrap_or(0);
    for (y, row) in level.rows().enumerate() {
        let n = used(row);
        for &mask in row.iter().take(n) {
            let symbol = cell::mask_symbol(mask)
                .or_else(|| legend.iter().find(|&&(_, m)| m == mask).map(|&(c, _)| c))
                .unwrap_or('?');
            out.push(symbol);
        }
        if y == 0 && widest < level.width() {
            // Keep empty columns on the right: `-` is floor that is not trimmed.
            out.extend(std::iter::repeat_n('-', level.width() - n));
        } else if n == 0 {
            // An empty row would end the level: write one floor cell.
            out.push('-');
        }
        out.push('\n');
    }
}

/// Print a collection: header comments and metadata, then each level.
pub(crate) fn collection(out: &mut String, collection: &Collection) {
    let mut header = false;
    for text in &collection.comments {
        comment(out, &clean(text));
        header = true;
    }
    if let Some(title) = collection.title.as_deref().map(clean)
        && !title.is_empty()
    {
        push_line(out, &format!("Title: {title}"));
        header = true;
    }
    for (key, value) in collection.metadata.iter() {
        metadata(out, key, value);
        header = true;
    }
    for (i, lvl) in collection.levels.iter().enumerate() {
        if i > 0 || header {
            out.push('\n');
        }
        if i == 0 && lvl.title().is_none() && !collection.comments.is_empty() {
            // The last comment above a level is its title: an empty one says "none".
            push_line(out, ";");
        }
        level(out, lvl);
    }
}

/// Print a `Key: value` line, or a `Comment:` ... `Comment-End:` block for a
/// value of several lines (only `Comment` values have several).
fn metadata(out: &mut String, key: &str, value: &str) {
    if value.contains('\n') {
        push_line(out, &format!("{key}:"));
        for line in value.split('\n') {
            push_line(out, line);
        }
        push_line(out, COMMENT_END);
    } else {
        push_line(out, &format!("{key}: {value}"));
    }
}

fn comment(out: &mut String, text: &str) {
    if text.is_empty() {
        push_line(out, ";");
    } else {
        push_line(out, &format!("; {text}"));
    }
}

fn push_line(out: &mut String, line: &str) {
    out.push_str(line);
    out.push('\n');
}

/// Put a free text on one line. A `\r` inside a line is plain text to the
/// reader, so only `\n` is replaced (and `trim` takes any `\r` at the end).
fn clean(text: &str) -> String {
    text.replace('\n', " ").trim().to_owned()
}
