//! A level file as every front end reads it: its bytes parsed into a
//! collection (a file with one level gives it the header's title and
//! metadata), every error placed as `NAME:LINE:COL: message`, and every
//! level checked playable. The terminal's `play`, `check`, `solve` and
//! editor read files through it, and the Godot adapter opens a file
//! chosen in its level list through it, so both say the same of a bad one.

use muscleman_level::{Collection, Level, ParseErrors};
use muscleman_sim::{Game, Rules};

/// Parse level text read from `name` (one level or a collection). An
/// error is a message whose every line starts with its place
/// (`NAME:LINE:COL: `), in line and column order.
///
/// # Example
/// ```
/// use muscleman_play::level_file::parse;
///
/// let levels = parse("tiny.txt", b"; Tiny\n#@$.#\n")?;
/// assert_eq!(levels.levels[0].title(), Some("Tiny"));
/// let bad = parse("bad.txt", b"#@$.#\n#Q#\n").unwrap_err();
/// assert!(bad.starts_with("bad.txt:2:2: "), "{bad}");
/// # Ok::<(), String>(())
/// ```
pub fn parse(name: &str, bytes: &[u8]) -> Result<Collection, String> {
    match Collection::parse_bytes(bytes) {
        Ok(mut collection) => {
            if collection.levels.is_empty() {
                return Err(format!(
                    "{name}:1:1: no level found, expected a grid of rows such as '#@$.#'"
                ));
            }
            merge_header(&mut collection);
            Ok(collection)
        }
        Err(errors) => Err(format_errors(name, &errors)),
    }
}

/// Return why the sim cannot play one of `levels` under `rules` (the
/// first it refuses, numbered from 1, in `name`), or `Ok` when it can
/// play every one.
///
/// # Example
/// ```
/// use muscleman_level::Level;
/// use muscleman_play::level_file::playable;
/// use muscleman_sim::Rules;
///
/// let levels = [Level::parse("#@$.#")?];
/// assert_eq!(playable("tiny.txt", &levels, Rules::MUSCLEMAN), Ok(()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn playable(name: &str, levels: &[Level], rules: Rules) -> Result<(), String> {
    for (i, level) in levels.iter().enumerate() {
        Game::new(level, rules)
            .map_err(|e| format!("{name}: level {} cannot be played: {e}", i + 1))?;
    }
    Ok(())
}

/// A file with a single level gets the header's title and metadata, as
/// `Level::parse` gives them.
fn merge_header(collection: &mut Collection) {
    if collection.levels.len() != 1 {
        return;
    }
    let title = collection.title.clone();
    let metadata = collection.metadata.clone();
    if let Some(level) = collection.levels.first_mut() {
        if level.title().is_none()
            && let Some(title) = title
        {
            // The reader accepted the title, so the level accepts it too.
            let _ = level.set_title(&title);
        }
        for (key, value) in metadata.iter() {
            if level.metadata().get(key).is_none() {
                let _ = level.metadata_mut().set(key, value);
            }
        }
    }
}

/// Format every parse error as `NAME:LINE:COL: message`, one a line, in
/// line and column order (the reader finds some, such as a level's missing
/// player, only at the level's end).
pub fn format_errors(name: &str, errors: &ParseErrors) -> String {
    let mut out = String::new();
    let mut sorted: Vec<_> = errors.into_iter().collect();
    sorted.sort_by_key(|e| (e.line, e.column));
    for e in sorted {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&format!("{name}:{e}"));
    }
    if errors.is_truncated() {
        out.push_str(&format!(
            "\n{name}: stopped after {} errors; more may follow",
            errors.len()
        ));
    }
    if out.is_empty() {
        out = format!("{name}: not a valid level file");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_file_and_a_bad_one_say_where() {
        assert_eq!(
            parse("empty.txt", b"; only a title\n").map(|c| c.levels.len()),
            Err("empty.txt:1:1: no level found, expected a grid of rows such as '#@$.#'".into())
        );
        let bad = parse("two.txt", b"#@$.#\n\n#@Q.#\n").unwrap_err();
        assert!(bad.starts_with("two.txt:3:"), "{bad}");
    }

    #[test]
    fn one_level_takes_the_header_s_title_and_metadata() {
        let one = parse("one.txt", b"Title: Alone\nAuthor: Me\n\n#@$.#\n").unwrap();
        let level = &one.levels[0];
        assert_eq!(level.title(), Some("Alone"));
        assert_eq!(level.metadata().get("Author"), Some("Me"));
    }
}
