//! The docs count the built-in levels as the collections hold them: every
//! place a page says how many levels a built-in collection has is read
//! and compared with the collection itself, so a level added (or taken
//! away) without the docs fails here. The counts are read, never written
//! down here.

use std::path::PathBuf;

use muscleman_cli::builtin;
use muscleman_levels::COLLECTIONS;

/// A built-in collection as the docs name it.
struct Built {
    id: &'static str,
    title: String,
    count: usize,
    titles: Vec<String>,
}

fn collections() -> Vec<Built> {
    COLLECTIONS
        .iter()
        .map(|c| {
            let file = builtin::read(c).unwrap_or_else(|e| panic!("{}", e.message));
            let title = file
                .collection
                .title
                .clone()
                .unwrap_or_else(|| c.id.to_owned());
            let titles = file
                .collection
                .levels
                .iter()
                .map(|l| l.title().unwrap_or("").to_owned())
                .collect();
            Built {
                id: c.id,
                title,
                count: file.collection.levels.len(),
                titles,
            }
        })
        .collect()
}

fn read(page: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(page);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Return the number that starts `text` (after spaces), if one does.
fn number_at(text: &str) -> Option<usize> {
    let digits: String = text
        .trim_start()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// Every claim of `page` that a built-in collection has so many levels:
/// `(collection id, the count said, where)`. Read from the page's text as
/// it is written, its lines joined (a phrase may break across lines):
///
/// - `"Title" (N`: the collection's title in quotes, then its count;
/// - a table row `| \`id\`, "Title" | ... | N...`: the last column's number;
/// - `--collection id  # ... N levels` or `... N harder levels`;
/// - `level K of N (Title)` and `K of N solved` (the first collection's,
///   the built-in levels' lines): N, and the title of level K.
fn claims(page: &str, built: &[Built]) -> Vec<(&'static str, usize, String)> {
    claims_in(&read(page), page, built)
}

/// [`claims`] of `text`, named `page` in messages.
fn claims_in(text: &str, page: &str, built: &[Built]) -> Vec<(&'static str, usize, String)> {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = Vec::new();
    for b in built {
        let quoted = format!("\"{}\" (", b.title);
        for (at, _) in flat.match_indices(&quoted) {
            if let Some(n) = number_at(&flat[at + quoted.len()..]) {
                out.push((b.id, n, format!("{page}: {quoted}{n}")));
            }
        }
    }
    for line in text.lines() {
        for b in built {
            let row = format!("| `{}`, \"{}\" |", b.id, b.title);
            if line.starts_with(&row)
                && let Some(last) = line.trim_end_matches('|').rsplit('|').next()
                && let Some(n) = number_at(last)
            {
                out.push((b.id, n, format!("{page}: {line}")));
            }
            let flag = format!("--collection {}", b.id);
            if let Some(at) = line.find(&flag)
                && let Some((_, comment)) = line[at..].split_once('#')
            {
                let words: Vec<&str> = comment.split_whitespace().collect();
                for (i, w) in words.iter().enumerate() {
                    let next = words.get(i + 1).copied().unwrap_or("");
                    let after = words.get(i + 2).copied().unwrap_or("");
                    let levels = next.starts_with("levels") || after.starts_with("levels");
                    if let Ok(n) = w.parse::<usize>()
                        && levels
                    {
                        out.push((b.id, n, format!("{page}: {line}")));
                    }
                }
            }
        }
    }
    // `level K of N (Title)` of a built-in level, and the first
    // collection's `built-in levels: K of N solved`.
    if let Some(first) = built.first() {
        for (at, _) in flat.match_indices(" of ") {
            let before = &flat[..at];
            let after = &flat[at + 4..];
            let Some(n) = number_at(after) else { continue };
            let rest = after.trim_start_matches(|c: char| c.is_ascii_digit());
            let k = before
                .rsplit(' ')
                .next()
                .and_then(|w| w.trim_start_matches('`').parse::<usize>().ok());
            let Some(k) = k else { continue };
            let said_level = before.ends_with(&format!("level {k}"));
            // `level K of N (Title)` quoting a built-in level by its title:
            // N is its collection's count, and K its place.
            let quoted = rest
                .strip_prefix(" (")
                .and_then(|t| t.split(')').next())
                .map(|t| t.trim_end_matches('`').to_owned());
            let home = quoted.as_ref().and_then(|t| {
                built
                    .iter()
                    .find(|b| b.titles.iter().any(|x| !x.is_empty() && x == t))
            });
            if said_level && let (Some(b), Some(title)) = (home, &quoted) {
                let expected = b.titles.get(k - 1).cloned().unwrap_or_default();
                assert_eq!(
                    title, &expected,
                    "{page}: level {k} of {n} ({title}): level {k} of {} is {expected:?}",
                    b.id
                );
                out.push((b.id, n, format!("{page}: level {k} of {n} ({title})")));
            } else if rest.starts_with(" solved") && before.contains("built-in levels") {
                out.push((first.id, n, format!("{page}: {k} of {n} solved")));
            }
        }
    }
    out
}

#[test]
fn every_count_of_built_in_levels_in_the_docs_is_the_collections() {
    let built = collections();
    let mut found = 0;
    for page in [
        "README.md",
        "docs/cli.md",
        "docs/editor.md",
        "docs/level-format.md",
        "ARCHITECTURE.md",
        "godot/README.md",
    ] {
        for (id, n, place) in claims(page, &built) {
            let b = built.iter().find(|b| b.id == id).expect("a collection");
            assert_eq!(
                n, b.count,
                "{place}: says {n} levels, the {} collection has {}",
                b.title, b.count
            );
            found += 1;
        }
    }
    // The README and the CLI page count both collections; a rewording
    // that hides a count from this test fails it too.
    for b in &built {
        for page in ["README.md", "docs/cli.md"] {
            assert!(
                claims(page, &built).iter().any(|(id, _, _)| *id == b.id),
                "{page} no longer says how many levels {} has (where?)",
                b.title
            );
        }
    }
    assert!(found >= 2 * built.len(), "{found} counts found");
}

#[test]
fn a_wrong_count_is_caught() {
    // The reading itself: a page that says otherwise is read as saying so.
    let built = collections();
    let claims_of = |text: &str| claims_in(text, "probe", &built);
    let first = &built[0];
    let said = claims_of(&format!(
        "two collections: \"{}\" (3 levels: ...)",
        first.title
    ));
    assert_eq!(said.len(), 1);
    assert_eq!((said[0].0, said[0].1), (first.id, 3));
    let second = &built[1];
    let said = claims_of(&format!(
        "muscleman play --collection {}   # the second: 4 harder levels\n",
        second.id
    ));
    assert_eq!((said[0].0, said[0].1), (second.id, 4));
}
