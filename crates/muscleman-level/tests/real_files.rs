//! The public collections in `../shared/levels/` (skipped when absent).

use std::path::PathBuf;

use muscleman_level::{Collection, Level};

fn levels_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/levels");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("note: {} is missing, skipping", dir.display());
        None
    }
}

/// The grid rows of a level as the file writes them: the lines that are not
/// comments, not quoted names and not blank, trailing spaces trimmed.
fn grid_rows_of_file(text: &str) -> Vec<Vec<String>> {
    let mut levels = Vec::new();
    let mut current: Vec<String> = Vec::new();
    for line in text.lines() {
        let is_row = !line.trim().is_empty() && !line.starts_with(';') && !line.starts_with('\'');
        if is_row {
            current.push(line.trim_end().to_owned());
        } else if !current.is_empty() {
            levels.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        levels.push(current);
    }
    levels
}

fn check(file: &str, count: usize, first_title: &str, last_title: &str) {
    let Some(dir) = levels_dir() else { return };
    let path = dir.join(file);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("note: cannot read {}: {e}, skipping", path.display());
            return;
        }
    };
    let collection = Collection::parse_bytes(&bytes).unwrap();
    assert_eq!(collection.levels.len(), count, "{file}");
    assert_eq!(collection.levels[0].title(), Some(first_title));
    assert_eq!(collection.levels[count - 1].title(), Some(last_title));

    // Plain XSB prints as the same XSB.
    let text = String::from_utf8(bytes).unwrap();
    let rows = grid_rows_of_file(&text);
    assert_eq!(rows.len(), count);
    for (level, rows) in collection.levels.iter().zip(&rows) {
        assert!(level.player().is_some());
        let printed = level.to_text();
        let mut lines = printed.lines();
        assert_eq!(
            lines.next(),
            Some(format!("; {}", level.title().unwrap()).as_str())
        );
        let printed_rows: Vec<&str> = lines.collect();
        assert_eq!(printed_rows, *rows, "{file}: {:?}", level.title());
        assert_eq!(Level::parse(&printed).unwrap(), *level);
    }
    // The whole collection prints and reads back the same.
    assert_eq!(
        Collection::parse(&collection.to_text()).unwrap(),
        collection
    );
}

#[test]
fn microban() {
    check("Microban.xsb", 155, "1", "155");
}

#[test]
fn microban_ii() {
    check("Microban_II.xsb", 135, "1", "135");
}

#[test]
fn xsokoban() {
    check("XSokoban.xsb", 90, "screen.01", "screen.90");
}

#[test]
fn microban_header_is_the_collection_comments() {
    let Some(dir) = levels_dir() else { return };
    let Ok(text) = std::fs::read_to_string(dir.join("Microban.xsb")) else {
        return;
    };
    let collection = Collection::parse(&text).unwrap();
    assert_eq!(collection.comments.len(), 6);
    assert!(collection.comments[0].starts_with("Microban (155 puzzles"));
    // A quoted name under a title is free text, ignored.
    assert_eq!(collection.levels[43].title(), Some("44"));
}
