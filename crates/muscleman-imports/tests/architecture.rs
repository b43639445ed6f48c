//! ARCHITECTURE.md stays true: every path its code spans name exists, its
//! code map names every crate and every top folder, and it stays short
//! enough to read (at most 400 lines).
//!
//! In the code map (the `###` sections), a path is relative to a folder the
//! section's heading names (or that folder's `src/`); elsewhere, to the
//! repository or to any crate (or its `src/`). A code span is taken for a
//! path when it is made of path characters and has a `/` or a file
//! extension; a template such as `mechanics/<name>.rs` and a path outside
//! the repository (`../shared/...`) are not checked.

use std::path::{Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The page's text.
fn page() -> String {
    std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md reads")
}

/// One part of the page: its heading (empty before the first) and its text.
struct Section {
    heading: String,
    in_code_map: bool,
    text: String,
}

/// The page cut at its headings, fenced code blocks left out.
fn sections(page: &str) -> Vec<Section> {
    let mut out = vec![Section {
        heading: String::new(),
        in_code_map: false,
        text: String::new(),
    }];
    let mut in_code_map = false;
    let mut fenced = false;
    for line in page.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        if let Some(title) = line.strip_prefix("## ") {
            in_code_map = title.trim() == "Code map";
        }
        if line.starts_with("## ") || line.starts_with("### ") {
            out.push(Section {
                heading: line.to_owned(),
                in_code_map: in_code_map && line.starts_with("### "),
                text: String::new(),
            });
        } else if let Some(last) = out.last_mut() {
            last.text.push_str(line);
            last.text.push('\n');
        }
    }
    out
}

/// The code spans of a text (they may run over a line break).
fn code_spans(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(|s| s.replace('\n', " "))
        .collect()
}

/// Whether a code span names a path to check.
fn is_path(span: &str) -> bool {
    const EXTENSIONS: [&str; 11] = [
        ".rs", ".md", ".gd", ".js", ".toml", ".txt", ".sh", ".json", ".tscn", ".html", ".css",
    ];
    let path_chars = span
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/'));
    path_chars
        && !span.starts_with("../")
        && (span.contains('/') || EXTENSIONS.iter().any(|e| span.ends_with(e)))
}

/// Every crate folder under `crates/`.
fn crates() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(root().join("crates"))
        .expect("crates/ reads")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("Cargo.toml").is_file())
        .collect();
    out.sort();
    out
}

/// Whether `path` exists under `base` or `base/src`.
fn exists_under(base: &Path, path: &str) -> bool {
    [base.join(path), base.join("src").join(path)]
        .iter()
        .any(|p| {
            if path.ends_with('/') {
                p.is_dir()
            } else {
                p.exists()
            }
        })
}

#[test]
fn every_path_the_page_names_exists() {
    let root = root();
    let crates = crates();
    let mut missing = Vec::new();
    let mut checked = 0;
    for section in sections(&page()) {
        let bases: Vec<PathBuf> = if section.in_code_map {
            code_spans(&section.heading)
                .iter()
                .filter(|s| is_path(s))
                .map(|s| root.join(s))
                .collect()
        } else {
            std::iter::once(root.clone())
                .chain(crates.iter().cloned())
                .collect()
        };
        for span in code_spans(&section.text) {
            if !is_path(&span) {
                continue;
            }
            checked += 1;
            let found = exists_under(&root, &span) || bases.iter().any(|b| exists_under(b, &span));
            if !found {
                missing.push(format!("{span} (under {:?})", section.heading));
            }
        }
    }
    assert!(
        checked > 100,
        "the page names only {checked} paths: is the parser right?"
    );
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names paths that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_code_map_names_every_crate_and_top_folder() {
    let page = page();
    let headed: Vec<String> = sections(&page)
        .iter()
        .filter(|s| s.in_code_map)
        .flat_map(|s| code_spans(&s.heading))
        .map(|s| s.trim_end_matches('/').to_owned())
        .collect();
    let mut unnamed = Vec::new();
    for krate in crates() {
        let name = krate
            .file_name()
            .expect("a crate has a name")
            .to_string_lossy();
        let path = format!("crates/{name}");
        if !headed.contains(&path) {
            unnamed.push(path);
        }
    }
    let mut tops: Vec<String> = std::fs::read_dir(root())
        .expect("the root reads")
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "target" && n != "crates" && (!n.starts_with('.') || n == ".ci"))
        .collect();
    tops.sort();
    for top in tops {
        if !headed.contains(&top) {
            unnamed.push(format!("{top}/"));
        }
    }
    assert!(
        unnamed.is_empty(),
        "ARCHITECTURE.md's code map has no section heading naming: {}",
        unnamed.join(", ")
    );
}

#[test]
fn the_page_is_at_most_400_lines() {
    let lines = page().lines().count();
    assert!(
        lines <= 400,
        "ARCHITECTURE.md is {lines} lines; at most 400 keep it read"
    );
}

#[test]
fn a_missing_path_is_found() {
    // The checker itself: a made-up path in a code-map section fails it.
    let page = "## Code map\n\n### `crates/muscleman-core`\n\n`grid.rs` and `nothing/here.rs`.\n";
    let section = sections(page)
        .into_iter()
        .find(|s| s.in_code_map)
        .expect("a code-map section");
    let base = root().join("crates/muscleman-core");
    let spans: Vec<String> = code_spans(&section.text)
        .into_iter()
        .filter(|s| is_path(s))
        .collect();
    assert_eq!(spans, ["grid.rs", "nothing/here.rs"]);
    assert!(exists_under(&base, "grid.rs"));
    assert!(!exists_under(&base, "nothing/here.rs"));
    assert!(
        !is_path("Needs::Stairs")
            && !is_path("mechanics/<name>.rs")
            && !is_path("../shared/spec/rules.md")
    );
}
