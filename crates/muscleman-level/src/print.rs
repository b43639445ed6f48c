//! The printer: levels and collections back to text.

use crate::collection::Collection;
use crate::floor::Floor;
use crate::level::Level;
use crate::meta::COMMENT_END;

/// Legend letters, in the order the printer hands them out.
const LETTERS: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// Print one level: title comment, metadata, legend, then the grid of each
/// floor, after a `floor:` line when the level has several floors or a
/// named one. Every floor prints from its `(0, 0)`: one origin for all.
pub(crate) fn level(out: &mut String, level: &Level) {
    if let Some(title) = level.title() {
        comment(out, title);
    }
    for (key, value) in level.metadata().iter() {
        metadata(out, key, value);
    }
    let symbols = symbols_of(level);
    for (id, letter) in &symbols.legend {
        let names: Vec<String> = level
            .cells()
            .content(*id)
            .iter()
            .map(|s| s.to_string())
            .collect();
        push_line(out, &format!("legend: {letter} = {}", names.join(" ")));
    }
    floors_with(out, level, &symbols);
}

/// Print only the grids of a level, with their `floor:` lines (for `Debug`).
pub(crate) fn grid(out: &mut String, level: &Level) {
    let symbols = symbols_of(level);
    floors_with(out, level, &symbols);
}

fn floors_with(out: &mut String, level: &Level, symbols: &Symbols) {
    let lines = level.floor_count() > 1 || level.floors().any(|f| f.name().is_some());
    for floor in level.floors() {
        if lines {
            match floor.name() {
                Some(name) => push_line(out, &format!("floor: {}", clean(name))),
                None => push_line(out, "floor:"),
            }
        }
        grid_with(out, floor, symbols);
    }
}

/// The symbol of each of a level's contents, and the legend letters handed out.
struct Symbols {
    /// By content id.
    of: Vec<char>,
    /// Content ids with a letter, in the order the letters were handed out.
    legend: Vec<(u8, char)>,
}

/// Hand a letter to each cell content that has no fixed symbol, in reading order.
fn symbols_of(level: &Level) -> Symbols {
    let cells = level.cells();
    let mut of: Vec<Option<char>> = (0..cells.table_len())
        .map(|id| u8::try_from(id).ok().and_then(|id| cells.symbol(id)))
        .collect();
    let mut legend = Vec::new();
    let mut letters = LETTERS.chars();
    for &id in cells.ids() {
        if let Some(slot @ None) = of.get_mut(usize::from(id)) {
            // A level holds at most as many contents without a fixed symbol
            // as there are letters (`Level::add` refuses more).
            let letter = letters.next().unwrap_or('?');
            *slot = Some(letter);
            legend.push((id, letter));
        }
    }
    Symbols {
        of: of.into_iter().map(|c| c.unwrap_or('?')).collect(),
        legend,
    }
}

fn grid_with(out: &mut String, level: Floor<'_>, symbols: &Symbols) {
    let used = |row: &[u8]| row.iter().rposition(|&id| id != 0).map_or(0, |i| i + 1);
    let widest = level.rows().map(used).max().unwrap_or(0);
    for (y, row) in level.rows().enumerate() {
        let n = used(row);
        for &id in row.iter().take(n) {
            out.push(symbols.of.get(usize::from(id)).copied().unwrap_or('?'));
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
