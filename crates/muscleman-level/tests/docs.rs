//! Every example in `docs/level-format.md` reads as the page says.
//!
//! # How an example is marked
//!
//! A fenced block's info string (the word after the opening fence) says
//! what the block is, and every fence on the page must have one of these,
//! so no example escapes being read:
//!
//! - `xsb`: a valid level or collection in the level format. It must read,
//!   print, and read back to the same collection (and each level alone to
//!   the same level).
//! - `xsb-error`: a deliberately invalid input (an error example). It must
//!   fail to read, and the block right after it, marked `text`, holds the
//!   errors it gives, word for word.
//! - `text`: shown, not read (the errors above, the syntax of a legend
//!   line).
//!
//! `docs/mechanics.md`'s pictures are played by
//! `crates/muscleman-cli/tests/docs.rs`, which needs the simulation.

use std::path::PathBuf;

use muscleman_level::{Collection, Level};

/// The fenced blocks of the page: (info string, body).
fn blocks() -> Vec<(String, String)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/level-format.md");
    let page = std::fs::read_to_string(&path).unwrap();
    let mut blocks = Vec::new();
    let mut open: Option<(String, String)> = None;
    for line in page.lines() {
        match (&mut open, line.strip_prefix("```")) {
            (None, Some(info)) => open = Some((info.to_owned(), String::new())),
            (Some(_), Some("")) => blocks.extend(open.take()),
            (Some((_, body)), _) => {
                body.push_str(line);
                body.push('\n');
            }
            (None, None) => {}
        }
    }
    blocks
}

/// The info strings a fence on the page may have.
const KNOWN: [&str; 3] = ["xsb", "xsb-error", "text"];

#[test]
fn every_block_is_marked() {
    let blocks = blocks();
    assert!(blocks.len() >= 20, "only {} blocks", blocks.len());
    for (info, body) in &blocks {
        assert!(
            KNOWN.contains(&info.as_str()),
            "a block marked {info:?}, expected one of {KNOWN:?}:\n{body}"
        );
    }
}

#[test]
fn every_text_block_follows_an_error_example_or_is_no_level() {
    // A `text` block that reads as a level is a level example left unread.
    let blocks = blocks();
    for pair in blocks.windows(2) {
        let [(info, _), (next, body)] = pair else {
            continue;
        };
        if next == "text" && info != "xsb-error" {
            assert!(
                Collection::parse(body).is_err(),
                "a level example marked text, not xsb:\n{body}"
            );
        }
    }
}

#[test]
fn valid_examples_read_and_print_back() {
    let mut n = 0;
    for (info, body) in blocks() {
        if info != "xsb" {
            continue;
        }
        n += 1;
        let c = Collection::parse(&body).unwrap_or_else(|e| panic!("{body}\n{e}"));
        assert_eq!(Collection::parse(&c.to_text()).unwrap(), c, "{body}");
        for level in &c.levels {
            assert_eq!(Level::parse(&level.to_text()).unwrap(), *level);
        }
    }
    assert!(n >= 4, "only {n} examples");
}

/// The page's example that starts with `first_line`.
fn example(first_line: &str) -> String {
    blocks()
        .into_iter()
        .map(|(_, b)| b)
        .find(|b| b.starts_with(first_line))
        .unwrap_or_else(|| panic!("no example starts with {first_line:?}"))
}

/// Check that the example's first level (titled) equals its second.
fn assert_both_levels_equal(body: &str) {
    let c = Collection::parse(body).unwrap();
    let mut a = c.levels[0].clone();
    a.set_title("").unwrap();
    assert_eq!(a, c.levels[1]);
}

#[test]
fn the_rle_example_is_the_plain_one() {
    assert_both_levels_equal(&example("; The same level twice"));
}

#[test]
fn the_group_example_is_the_plain_one() {
    let body = example("; Grouped, then written out");
    assert!(body.contains("3(-$)"));
    assert_both_levels_equal(&body);
}

#[test]
fn the_floors_example_prints_as_shown() {
    let read = Level::parse(&example("; Two floors\nlegend: u")).unwrap();
    let printed = example("; Two floors\nlegend: a");
    assert_eq!(read.to_text(), printed);
    assert_eq!(read.floor_count(), 2);
    let key = muscleman_core::GridPos::new(3, 1);
    assert!(read.has(key, muscleman_core::EntityRecipe::KeyRed));
    assert!(
        read.floor(2)
            .unwrap()
            .has(key, muscleman_core::EntityRecipe::Box)
    );
}

#[test]
fn the_comment_block_example_keeps_its_lines() {
    let body = example("Title: Commented set");
    let c = Collection::parse(&body).unwrap();
    assert_eq!(
        c.metadata.get("Comment"),
        Some(
            "These levels are for the docs.\nLines in a block are free text, even\n####\n#@.#\n####"
        )
    );
    assert_eq!(c.levels.len(), 1);
    assert_eq!(
        c.levels[0].metadata().get("Comment"),
        Some("A small level.\nAuthor: not metadata here")
    );
    assert_eq!(c.levels[0].author(), None);
}

#[test]
fn error_examples_give_the_errors_shown() {
    let blocks = blocks();
    let mut n = 0;
    for pair in blocks.windows(2) {
        let [(info, input), (next, expected)] = pair else {
            continue;
        };
        if info != "xsb-error" {
            continue;
        }
        assert_eq!(
            next, "text",
            "an xsb-error block is followed by a text block"
        );
        n += 1;
        let errors = Collection::parse(input).unwrap_err();
        // A demonstration recipe (`--features demo-glow`) is listed too; the
        // page shows the default build.
        let mut actual = errors.to_string();
        for demo in muscleman_core::EntityRecipe::ALL
            .into_iter()
            .filter(|r| r.info().demo)
        {
            actual = actual
                .replace(&format!(", {demo}"), "")
                .replace(&format!(" {demo}"), "");
        }
        assert_eq!(actual, expected.trim_end(), "{input}");
    }
    assert!(n >= 5, "only {n} examples");
}

#[test]
fn the_recipe_table_names_every_recipe_with_rules() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/level-format.md");
    let page = std::fs::read_to_string(&path).unwrap();
    let table = page
        .split("### Recipes")
        .nth(1)
        .and_then(|rest| rest.split("###").next())
        .unwrap();
    let documented = muscleman_core::EntityRecipe::ALL
        .into_iter()
        .filter(|r| !r.info().demo);
    for recipe in documented {
        let name = format!("`{recipe}`");
        let row = table
            .lines()
            .any(|l| l.starts_with('|') && l.contains(&name));
        // Recipes levels read have a row; the others are named as refused.
        assert_eq!(row, recipe.in_levels(), "{recipe}");
        assert!(table.contains(&name), "{recipe}");
    }
}
