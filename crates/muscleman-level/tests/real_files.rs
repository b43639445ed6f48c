//! The public collections in `../shared/levels/` (beside the workspace
//! root). They are part of the test suite: a missing directory or file is a
//! failure, never a silent skip.

use std::path::{Path, PathBuf};

use muscleman_level::{Collection, Level};

/// Return `../shared/levels` relative to the workspace root.
fn shared_levels() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/levels")
}

/// Return `dir` if it is a directory, or say what is missing.
fn levels_dir_at(dir: &Path) -> Result<PathBuf, String> {
    if dir.is_dir() {
        Ok(dir.to_path_buf())
    } else {
        Err(format!(
            "{} is missing: the public collections (Microban, Microban II, XSokoban) \
             must be checked out beside the workspace as ../shared/levels",
            dir.display()
        ))
    }
}

/// Return the shared levels directory; fail the test when it is missing.
fn levels_dir() -> PathBuf {
    levels_dir_at(&shared_levels()).unwrap_or_else(|why| panic!("{why}"))
}

/// Return the bytes of `file` in the shared levels; fail the test when it cannot be read.
fn read_level_file(file: &str) -> Vec<u8> {
    let path = levels_dir().join(file);
    std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

#[test]
fn a_missing_levels_directory_fails_instead_of_skipping() {
    let missing = shared_levels().join("no-such-directory");
    let why = levels_dir_at(&missing).expect_err("a missing directory is an error");
    assert!(why.contains("is missing"), "{why}");
    assert!(levels_dir_at(&shared_levels()).is_ok());
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
    let bytes = read_level_file(file);
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
    let text = String::from_utf8(read_level_file("Microban.xsb")).unwrap();
    let collection = Collection::parse(&text).unwrap();
    assert_eq!(collection.comments.len(), 6);
    assert!(collection.comments[0].starts_with("Microban (155 puzzles"));
    // A quoted name under a title is free text, ignored.
    assert_eq!(collection.levels[43].title(), Some("44"));
}
