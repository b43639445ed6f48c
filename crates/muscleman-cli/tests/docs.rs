//! docs/cli.md says what the code does: the help the binary prints for the
//! flags whose behaviour is subtle is on the page, word for word.

mod common;

use common::{Files, expect_ok};

/// The text with backticks dropped and every run of whitespace one space,
/// so a help text wrapped by clap matches the same words in Markdown.
fn normalize(text: &str) -> String {
    text.replace('`', "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn page() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/cli.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The paragraphs of the long help of `flag` in `muscleman SUBCOMMAND
/// --help` after its one-line summary: the lines after the flag's own line
/// and its summary, up to its `[default: ...]` or the next flag.
fn long_help(subcommand: &str, flag: &str) -> Vec<String> {
    let f = Files::new();
    let (out, _) = expect_ok(&f, &[subcommand, "--help"], None);
    let mut lines = out
        .lines()
        .skip_while(|l| !l.trim_start().starts_with(flag));
    assert!(lines.next().is_some(), "{flag} is not in the help:\n{out}");
    let text: Vec<&str> = lines
        .take_while(|l| {
            let l = l.trim_start();
            !l.starts_with('-') && !l.starts_with("[default")
        })
        .collect();
    let mut paragraphs = vec![String::new()];
    for line in text {
        match paragraphs.last_mut() {
            Some(last) if !line.trim().is_empty() => {
                last.push(' ');
                last.push_str(line);
            }
            _ => paragraphs.push(String::new()),
        }
    }
    paragraphs
        .iter()
        .map(|p| normalize(p))
        .filter(|p| !p.is_empty())
        .skip(1)
        .collect()
}

#[test]
fn the_threads_flag_is_documented_as_the_solver_runs_it() {
    let help = long_help("solve", "--threads");
    assert!(help.iter().any(|p| p.contains("side by side")), "{help:?}");
    let page = normalize(&page());
    for paragraph in &help {
        assert!(
            page.contains(paragraph.as_str()),
            "docs/cli.md does not say what `solve --threads` does:\n{paragraph}"
        );
    }
    assert!(
        !page.contains("for now"),
        "a stale promise is left on the page"
    );
}
