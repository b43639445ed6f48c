//! The docs say what the code does: each test reads a page's examples and
//! runs them, so a page whose example breaks fails here.
//!
//! # How an example is marked
//!
//! A fenced block's info string (the word after the opening fence) says
//! what the block is. In `docs/cli.md`, `docs/mechanics.md`,
//! `docs/save-format.md` and `README.md` every fence must have one, so no
//! example escapes being read:
//!
//! - `sh`: command lines. Every command that runs `muscleman` (after any
//!   `VAR=value` words; commands split at `&&`, `||`, `|` and `;`, with
//!   redirections and `#` comments dropped, `\` joining lines) must parse
//!   with the command's own clap parser, `Cli` (`--help` parses too). The
//!   `muscleman SUBCOMMAND ...` spans of inline code in the text are checked
//!   the same way, with the `[` `]` around optional parts dropped;
//!   `BENCHMARKS.md`'s `sh` blocks too.
//! - `xsb`: a level or collection in the level format; it must read.
//!   (`docs/level-format.md`'s own examples, `xsb` and the deliberately
//!   invalid `xsb-error`, are read by `crates/muscleman-level/tests/docs.rs`.)
//! - `play` (`docs/mechanics.md`): pictures, played through `Game` under
//!   Muscleman rules. A line is a level of one row: the level before, the
//!   MOVES letters (or the two words `loads as`), the level after, then a
//!   note. When the note, with its parenthesized parts and anything up to
//!   its last `:` dropped, is a comma-separated list of event names
//!   (`Moved, PlatePressed`), the last step's events must be exactly those;
//!   a note saying `no event` wants none. Lines of a block not separated by
//!   a blank line form one picture of several rows when some of them hold
//!   only two words: the level before and after, side by side, and one row
//!   holds the moves between them. The letters are the page's legend table
//!   (`| \`f\` | ... | \`WaterCell HeavyBox:sunk\` |`).
//! - `json`: in `docs/save-format.md`, a save that must load with
//!   `Game::load` and save back to the same text; in `docs/cli.md`, the
//!   `replay --json` lines of the command and level just above it, compared
//!   with what the binary prints, and the progress file, which `play` must
//!   read without a warning.
//! - `rust` (`README.md`): the library example. The same lines, word for
//!   word, are the body of `the_readme_library_example_runs` below (between
//!   its two marker comments), so the example is compiled and run, and a
//!   test fails when the two differ.
//! - `text`: shown, not read (output, syntax).
//!
//! Besides, the help the binary prints for the flags whose behaviour is
//! subtle is on `docs/cli.md` word for word, and `README.md`'s layout table
//! lists every crate of `crates/`.

mod common;

use std::collections::BTreeMap;
use std::path::PathBuf;

use clap::Parser;
use clap::error::ErrorKind;
use common::{Files, expect_ok};
use muscleman_cli::cli::Cli;
use muscleman_cli::progress::{Progress, level_key, set_key};
use muscleman_core::{EntitySpec, GridPos, SimEvent};
use muscleman_level::{Collection, Level};
use muscleman_sim::{Command, Game, Rules};

/// The subcommands a command line may name.
const SUBCOMMANDS: [&str; 8] = [
    "play", "replay", "check", "solve", "levels", "export", "edit", "help",
];

/// The text with backticks dropped and every run of whitespace one space,
/// so a help text wrapped by clap matches the same words in Markdown.
fn normalize(text: &str) -> String {
    text.replace('`', "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The page at `path` from the repository's root.
fn read(path: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn page() -> String {
    read("docs/cli.md")
}

/// A fenced block: its info string, its body, the line its fence opens on.
struct Block {
    info: String,
    body: String,
    line: usize,
}

/// The page split into fenced blocks and the text outside them.
fn split(page: &str) -> (Vec<Block>, String) {
    let mut blocks = Vec::new();
    let mut text = String::new();
    let mut open: Option<Block> = None;
    for (i, line) in page.lines().enumerate() {
        match (&mut open, line.strip_prefix("```")) {
            (None, Some(info)) => {
                open = Some(Block {
                    info: info.trim().to_owned(),
                    body: String::new(),
                    line: i + 1,
                });
            }
            (Some(_), Some("")) => blocks.extend(open.take()),
            (Some(block), _) => {
                block.body.push_str(line);
                block.body.push('\n');
            }
            (None, None) => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    assert!(open.is_none(), "a fence is not closed");
    (blocks, text)
}

/// The blocks of `path`, each with an info string among `known`.
fn blocks(path: &str, known: &[&str]) -> Vec<Block> {
    let (blocks, _) = split(&read(path));
    for b in &blocks {
        assert!(
            known.contains(&b.info.as_str()),
            "{path}:{}: a fenced block marked {:?}, expected one of {known:?} (see the top of tests/docs.rs)",
            b.line,
            b.info
        );
    }
    blocks
}

// --- command lines ---------------------------------------------------------

/// Split a shell line into commands of words: quotes and `$(...)` kept
/// whole, `#` comments, redirections and their targets dropped, and the
/// line cut at `&&`, `||`, `|` and `;`.
fn shell_commands(line: &str) -> Vec<Vec<String>> {
    let mut commands = vec![Vec::new()];
    let mut word = String::new();
    let mut in_word = false;
    let mut redirect = false;
    let mut chars = line.chars().peekable();
    let end_word = |word: &mut String,
                    in_word: &mut bool,
                    redirect: &mut bool,
                    cmds: &mut Vec<Vec<String>>| {
        if *in_word {
            if *redirect {
                *redirect = false;
            } else if let Some(last) = cmds.last_mut() {
                last.push(std::mem::take(word));
            }
        }
        word.clear();
        *in_word = false;
    };
    while let Some(c) = chars.next() {
        match c {
            '#' if !in_word => break,
            ' ' | '\t' => end_word(&mut word, &mut in_word, &mut redirect, &mut commands),
            '\'' | '"' => {
                in_word = true;
                for q in chars.by_ref() {
                    if q == c {
                        break;
                    }
                    word.push(q);
                }
            }
            '$' if chars.peek() == Some(&'(') => {
                in_word = true;
                word.push(c);
                let mut depth = 0;
                for q in chars.by_ref() {
                    word.push(q);
                    match q {
                        '(' => depth += 1,
                        ')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                }
            }
            '&' | '|' | ';' => {
                end_word(&mut word, &mut in_word, &mut redirect, &mut commands);
                if matches!(chars.peek(), Some('&' | '|')) {
                    chars.next();
                }
                commands.push(Vec::new());
            }
            '<' | '>' => {
                // `2>` is a redirection too: the `2` goes with it.
                if word == "2" {
                    word.clear();
                    in_word = false;
                }
                end_word(&mut word, &mut in_word, &mut redirect, &mut commands);
                while matches!(chars.peek(), Some('>' | '&')) {
                    chars.next();
                }
                redirect = true;
            }
            _ => {
                in_word = true;
                word.push(c);
            }
        }
    }
    end_word(&mut word, &mut in_word, &mut redirect, &mut commands);
    commands.retain(|c| !c.is_empty());
    commands
}

/// The `muscleman` command lines of a page's `sh` blocks, `\` joining lines.
fn sh_command_lines(path: &str) -> Vec<(usize, String)> {
    let (blocks, _) = split(&read(path));
    let mut lines = Vec::new();
    for b in blocks.iter().filter(|b| b.info == "sh") {
        let mut pending = String::new();
        for (i, line) in b.body.lines().enumerate() {
            match line.strip_suffix('\\') {
                Some(head) => {
                    pending.push_str(head);
                    pending.push(' ');
                }
                None => {
                    pending.push_str(line);
                    lines.push((b.line + 1 + i, std::mem::take(&mut pending)));
                }
            }
        }
    }
    lines
}

/// Check that `words` (`muscleman ...`) parse with `Cli`; return whether it
/// named a subcommand.
fn assert_parses(place: &str, words: &[String]) -> bool {
    if let Err(e) = Cli::try_parse_from(words) {
        assert!(
            matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion),
            "{place}: `{}` does not parse:\n{e}",
            words.join(" ")
        );
    }
    words
        .get(1)
        .is_some_and(|w| SUBCOMMANDS.contains(&w.as_str()))
}

/// Check every `muscleman` command of the page's `sh` blocks; return how
/// many named a subcommand.
fn check_sh_blocks(path: &str) -> usize {
    let mut named = 0;
    for (line, text) in sh_command_lines(path) {
        for command in shell_commands(&text) {
            let start = command
                .iter()
                .position(|w| !w.contains('=') || w.starts_with('-'))
                .unwrap_or(command.len());
            let words = command.get(start..).unwrap_or_default();
            if words.first().map(String::as_str) == Some("muscleman") {
                named += usize::from(assert_parses(&format!("{path}:{line}"), words));
            }
        }
    }
    named
}

/// The inline code spans of the text outside fences, line breaks as spaces.
fn inline_spans(text: &str) -> Vec<String> {
    let flat = text.replace('\n', " ");
    flat.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// Check every inline `muscleman SUBCOMMAND ...` span of the page; return
/// how many there were.
fn check_inline_commands(path: &str) -> usize {
    let (_, text) = split(&read(path));
    let mut named = 0;
    for span in inline_spans(&text) {
        let span = span.replace(['[', ']'], "");
        for command in shell_commands(&span) {
            let names_one = command.first().map(String::as_str) == Some("muscleman")
                && command
                    .get(1)
                    .is_some_and(|w| SUBCOMMANDS.contains(&w.as_str()));
            if names_one {
                assert_parses(&format!("{path}: inline `{span}`"), &command);
                named += 1;
            }
        }
    }
    named
}

#[test]
fn the_shell_splitter_reads_what_the_pages_write() {
    let words = |s: &[&str]| s.iter().map(|w| (*w).to_owned()).collect::<Vec<_>>();
    assert_eq!(
        shell_commands(
            "NO_COLOR=1 muscleman levels --export > b.txt && muscleman replay p.xsb \"$(cat s.txt)\" - < m.txt # note"
        ),
        vec![
            words(&["NO_COLOR=1", "muscleman", "levels", "--export"]),
            words(&["muscleman", "replay", "p.xsb", "$(cat s.txt)", "-"]),
        ]
    );
    assert_eq!(
        shell_commands("muscleman check a 2>/dev/null | wc -l"),
        vec![words(&["muscleman", "check", "a"]), words(&["wc", "-l"])]
    );
}

#[test]
fn a_command_line_that_does_not_parse_is_caught() {
    let bad = shell_commands("muscleman replay --no-such-flag a rr");
    let caught = std::panic::catch_unwind(|| {
        for command in &bad {
            assert_parses("here", command);
        }
    });
    assert!(caught.is_err(), "an unknown flag parsed");
}

#[test]
fn every_command_line_of_the_cli_page_parses() {
    blocks("docs/cli.md", &["sh", "json", "xsb", "text"]);
    let named = check_sh_blocks("docs/cli.md");
    assert!(named >= 25, "only {named} command lines in docs/cli.md");
    let inline = check_inline_commands("docs/cli.md");
    assert!(inline >= 10, "only {inline} inline commands in docs/cli.md");
}

#[test]
fn every_level_of_the_cli_page_reads() {
    let levels: Vec<Block> = blocks("docs/cli.md", &["sh", "json", "xsb", "text"])
        .into_iter()
        .filter(|b| b.info == "xsb")
        .collect();
    assert!(!levels.is_empty(), "no level on docs/cli.md");
    for b in levels {
        Collection::parse(&b.body).unwrap_or_else(|e| panic!("docs/cli.md:{}: {e}", b.line));
    }
}

#[test]
fn every_command_line_of_the_readme_parses() {
    blocks("README.md", &["sh", "rust"]);
    let named = check_sh_blocks("README.md");
    assert!(named >= 12, "only {named} command lines in README.md");
    check_inline_commands("README.md");
}

#[test]
fn every_command_line_of_the_editor_page_parses() {
    let named = check_sh_blocks("docs/editor.md");
    assert!(named >= 4, "only {named} command lines in docs/editor.md");
    check_inline_commands("docs/editor.md");
}

#[test]
fn every_command_line_of_the_benchmarks_parses() {
    let named = check_sh_blocks("BENCHMARKS.md");
    assert!(named >= 2, "only {named} command lines in BENCHMARKS.md");
}

// --- docs/cli.md: the JSON lines and the progress file ---------------------

#[test]
fn the_json_example_is_what_replay_prints() {
    let page = page();
    let section = page
        .split("### `--json`")
        .nth(1)
        .and_then(|rest| rest.split("\n### ").next())
        .unwrap_or_else(|| panic!("no --json section"));
    let (blocks, text) = split(section);
    let level = blocks
        .iter()
        .find(|b| b.info == "xsb")
        .unwrap_or_else(|| panic!("no level in the --json section"));
    let json = blocks
        .iter()
        .find(|b| b.info == "json")
        .unwrap_or_else(|| panic!("no JSON lines in the --json section"));
    let span = inline_spans(&text)
        .into_iter()
        .find(|s| s.starts_with("muscleman replay ") && s.ends_with("--json"))
        .unwrap_or_else(|| panic!("no `muscleman replay ... --json` in the --json section"));
    let args: Vec<&str> = span.split_whitespace().skip(1).collect();
    let f = Files::new();
    let file = args
        .get(1)
        .unwrap_or_else(|| panic!("no level file in `{span}`"));
    f.write(file, &level.body);
    let (out, _) = expect_ok(&f, &args, None);
    assert_eq!(
        out, json.body,
        "docs/cli.md's --json example is not what `{span}` prints"
    );
}

#[test]
fn the_progress_example_is_read_as_current_progress() {
    let (blocks, _) = split(&page());
    let example = blocks
        .iter()
        .find(|b| b.info == "json" && b.body.contains("\"rules_version\""))
        .unwrap_or_else(|| panic!("no progress.json example"));
    let f = Files::new();
    let dir = f.path("data");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.join("progress.json"), &example.body).unwrap_or_else(|e| panic!("{e}"));
    let (progress, warnings) = Progress::open(&dir);
    assert!(
        warnings.is_empty(),
        "docs/cli.md's progress example is not read as current progress"
    );
    // It is what the page says: built-in level 1, solved in 8 moves and 3
    // pushes under both rules, by a solution that solves it, and the
    // built-in set last played there.
    let levels = Collection::parse(muscleman_cli::builtin::LEVELS)
        .unwrap_or_else(|e| panic!("{e}"))
        .levels;
    let first = levels
        .first()
        .unwrap_or_else(|| panic!("no built-in level"));
    for rules in [Rules::MUSCLEMAN, Rules::SOKOBAN] {
        let record = progress
            .get(first, rules)
            .unwrap_or_else(|| panic!("no record of built-in level 1"));
        assert!(record.solved);
        assert_eq!((record.best_moves, record.best_pushes), (Some(8), Some(3)));
    }
    let solution = progress
        .solution(first, Rules::MUSCLEMAN)
        .unwrap_or_else(|| panic!("no solution kept"));
    let mut game = Game::new(first, Rules::MUSCLEMAN).unwrap_or_else(|e| panic!("{e}"));
    for c in solution.moves.chars() {
        let command = Command::from_letter(c).unwrap_or_else(|| panic!("{c:?}"));
        game.apply(command).unwrap_or_else(|e| panic!("{e}"));
    }
    assert!(game.is_solved(), "the kept solution does not solve level 1");
    let stats = game.stats();
    assert_eq!(
        (stats.moves, stats.pushes),
        (solution.move_count, solution.push_count)
    );
    assert_eq!(
        progress.last_played(&set_key(&levels), Rules::MUSCLEMAN),
        Some(level_key(first).as_str())
    );
}

// --- docs/save-format.md ---------------------------------------------------

#[test]
fn the_save_example_loads_and_saves_back_the_same() {
    let blocks = blocks("docs/save-format.md", &["json"]);
    let [save] = blocks.as_slice() else {
        panic!(
            "docs/save-format.md holds {} blocks, expected its one save",
            blocks.len()
        );
    };
    let game =
        Game::load(&save.body).unwrap_or_else(|e| panic!("the save example does not load: {e}"));
    assert_eq!(
        game.save(),
        save.body,
        "the save example is not what Game::save writes today"
    );
}

// --- docs/mechanics.md -----------------------------------------------------

/// The legend lines of the page's legend table.
fn mechanics_legend(page: &str) -> String {
    let mut lines = String::new();
    for row in page.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
        let (Some(letter), Some(spec)) = (cells.first(), cells.last()) else {
            continue;
        };
        let letter = letter.trim_matches('`');
        let spec = spec.trim_matches('`');
        if letter.chars().count() == 1 && cells.len() == 3 {
            lines.push_str(&format!("legend: {letter} = {spec}\n"));
        }
    }
    assert!(lines.lines().count() >= 20, "no legend table:\n{lines}");
    lines
}

/// One picture: the rows before and after, the moves (`None`: at load),
/// and the note of a one-row picture.
struct Picture {
    line: usize,
    before: Vec<String>,
    moves: Option<String>,
    after: Vec<String>,
    note: String,
}

/// The pictures of a `play` block that starts on `line`.
fn pictures(body: &str, line: usize) -> Vec<Picture> {
    let mut out = Vec::new();
    let mut group: Vec<(usize, Vec<&str>)> = Vec::new();
    let lines: Vec<&str> = body.lines().chain(std::iter::once("")).collect();
    for (i, text) in lines.iter().enumerate() {
        let words: Vec<&str> = text.split_whitespace().collect();
        if !words.is_empty() {
            group.push((line + 1 + i, words));
            continue;
        }
        if group.iter().all(|(_, w)| w.len() >= 3) {
            for (at, w) in group.drain(..) {
                let (moves, rest) = match w.as_slice() {
                    [_, "loads", "as", rest @ ..] => (None, rest),
                    [_, moves, rest @ ..] => (Some((*moves).to_owned()), rest),
                    _ => unreachable!("three words at least"),
                };
                let (after, note) = rest
                    .split_first()
                    .unwrap_or_else(|| panic!("line {at}: no level after"));
                out.push(Picture {
                    line: at,
                    before: vec![w[0].to_owned()],
                    moves,
                    after: vec![(*after).to_owned()],
                    note: note.join(" "),
                });
            }
        } else {
            let at = group.first().map_or(line, |(l, _)| *l);
            let mut picture = Picture {
                line: at,
                before: Vec::new(),
                moves: None,
                after: Vec::new(),
                note: String::new(),
            };
            for (l, w) in group.drain(..) {
                match w.as_slice() {
                    [before, after] => {
                        picture.before.push((*before).to_owned());
                        picture.after.push((*after).to_owned());
                    }
                    [before, moves, after] => {
                        assert!(picture.moves.is_none(), "line {l}: a second row of moves");
                        picture.before.push((*before).to_owned());
                        picture.moves = Some((*moves).to_owned());
                        picture.after.push((*after).to_owned());
                    }
                    _ => panic!("line {l}: a row of a picture holds 2 or 3 words"),
                }
            }
            assert!(
                picture.moves.is_some(),
                "line {at}: a picture without moves"
            );
            out.push(picture);
        }
    }
    out
}

/// The event names a note lists, if it lists them: `Some(vec![])` for
/// `no event`.
fn listed_events(note: &str) -> Option<Vec<String>> {
    if note.contains("no event") {
        return Some(Vec::new());
    }
    let mut plain = String::new();
    let mut depth = 0;
    for c in note.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let tail = plain.rsplit(':').next().unwrap_or_default();
    let names: Vec<String> = tail
        .split(',')
        .map(|n| n.trim().to_owned())
        .filter(|n| !n.is_empty())
        .collect();
    let is_name = |n: &String| {
        n.starts_with(|c: char| c.is_ascii_uppercase())
            && n.chars().all(|c| c.is_ascii_alphanumeric())
    };
    (!names.is_empty() && names.iter().all(is_name)).then_some(names)
}

/// The name of an event (`Moved`).
fn event_name(event: &SimEvent) -> String {
    let debug = format!("{event:?}");
    debug.split('(').next().unwrap_or_default().to_owned()
}

/// A level's cells that hold something, by `(y, x)`, their things sorted.
type CellMap = BTreeMap<(i32, i32), Vec<EntitySpec>>;

/// Every cell that holds something, its things sorted, and the player.
fn cells(level: &Level) -> (CellMap, Option<GridPos>) {
    let map = level
        .iter()
        .filter(|(_, specs)| !specs.is_empty())
        .map(|(at, specs)| {
            let mut specs = specs.to_vec();
            specs.sort();
            ((at.y, at.x), specs)
        })
        .collect();
    (map, level.player())
}

/// Play one picture; return what is wrong with it, if anything.
fn play(legend: &str, p: &Picture) -> Result<(), String> {
    let parse = |rows: &[String]| {
        Level::parse(&format!("{legend}{}\n", rows.join("\n"))).map_err(|e| format!("{e}"))
    };
    let before = parse(&p.before)?;
    let expected = parse(&p.after)?;
    let mut game = Game::new(&before, Rules::MUSCLEMAN).map_err(|e| format!("{e}"))?;
    let mut last = Vec::new();
    for c in p.moves.as_deref().unwrap_or_default().chars() {
        let command = Command::from_letter(c).ok_or(format!("{c:?} is no MOVES letter"))?;
        let events = game.apply(command).map_err(|e| format!("{e}"))?;
        last = events.iter().map(event_name).collect();
    }
    let actual = game.current_level().map_err(|e| format!("{e}"))?;
    if cells(&actual) != cells(&expected) {
        return Err(format!(
            "the level after is\n{}\nnot\n{}",
            actual.to_text(),
            p.after.join("\n")
        ));
    }
    if let Some(events) = listed_events(&p.note)
        && events != last
    {
        return Err(format!(
            "the last step's events are {last:?}, not {events:?}"
        ));
    }
    Ok(())
}

/// Every picture of a page of `play` blocks, with the page's legend.
fn page_pictures(path: &str) -> (String, Vec<Picture>) {
    let page = read(path);
    let legend = mechanics_legend(&page);
    let mut all = Vec::new();
    for b in blocks(path, &["play", "xsb", "text"]) {
        match b.info.as_str() {
            "play" => all.extend(pictures(&b.body, b.line)),
            "xsb" => {
                // A level file of its own: its legend lines win over the
                // page's letters it redefines.
                let own: Vec<&str> = b
                    .body
                    .lines()
                    .filter_map(|l| l.strip_prefix("legend: "))
                    .filter_map(|l| l.get(..1))
                    .collect();
                let page: String = legend
                    .lines()
                    .filter(|l| {
                        l.strip_prefix("legend: ")
                            .and_then(|l| l.get(..1))
                            .is_none_or(|c| !own.contains(&c))
                    })
                    .map(|l| format!("{l}\n"))
                    .collect();
                Collection::parse(&format!("{page}{}", b.body))
                    .unwrap_or_else(|e| panic!("{path}:{}: {e}", b.line));
            }
            _ => {}
        }
    }
    (legend, all)
}

#[test]
fn every_mechanics_picture_plays_as_shown() {
    let (legend, pictures) = page_pictures("docs/mechanics.md");
    assert!(pictures.len() >= 30, "only {} pictures", pictures.len());
    let with_events = pictures
        .iter()
        .filter(|p| listed_events(&p.note).is_some())
        .count();
    assert!(with_events >= 15, "only {with_events} pictures list events");
    let wrong: Vec<String> = pictures
        .iter()
        .filter_map(|p| {
            play(&legend, p).err().map(|e| {
                format!(
                    "docs/mechanics.md:{}: {} -> {}: {e}",
                    p.line,
                    p.before.join("/"),
                    p.after.join("/")
                )
            })
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

#[test]
fn a_wrong_picture_is_caught() {
    let (legend, _) = page_pictures("docs/mechanics.md");
    let wrong = pictures(
        "#@$-#   r   #-$@#    Moved\n#@p-#   r   #-j-#    Moved\n",
        0,
    );
    assert!(
        play(&legend, &wrong[0]).is_err(),
        "a wrong level after passed"
    );
    assert!(
        play(&legend, &wrong[1]).is_err(),
        "a wrong event list passed"
    );
    assert_eq!(
        listed_events("Moved (the box), Sank (one: two)"),
        Some(vec!["Moved".to_owned(), "Sank".to_owned()])
    );
    assert_eq!(listed_events("one of two: shut"), None);
}

// --- help texts ------------------------------------------------------------

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

#[test]
fn the_readme_layout_lists_every_crate() {
    let readme = read("README.md");
    let crates = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut n = 0;
    for entry in std::fs::read_dir(&crates).unwrap_or_else(|e| panic!("{e}")) {
        let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
        if !path.join("Cargo.toml").exists() {
            continue;
        }
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        assert!(
            readme.contains(&format!("| `crates/{name}` |")),
            "README.md's layout does not list crates/{name}"
        );
        n += 1;
    }
    assert!(n >= 6, "only {n} crates");
}

// --- README.md: the library example ----------------------------------------

#[test]
fn the_readme_library_example_runs() -> Result<(), Box<dyn std::error::Error>> {
    // README EXAMPLE START
    use muscleman_core::{GridDir, Input};
    use muscleman_level::Level;
    use muscleman_sim::{Game, Rules};

    let level = Level::parse("#######\n#@$$ .#\n#######\n")?;
    let mut game = Game::new(&level, Rules::MUSCLEMAN)?;
    for event in &game.step(Input::Move(GridDir::Right))? {
        println!("{event:?}"); // far box first, then the nearer box, then the player
    }
    game.undo()?;
    let view = game.view(); // what to draw: every entity's appearance, facing, counters
    // README EXAMPLE END
    assert_eq!(
        view.facing(),
        Some(GridDir::Down),
        "the undo turned the player back"
    );
    Ok(())
}

#[test]
fn the_readme_library_example_is_the_one_that_runs() {
    let source = include_str!("docs.rs");
    let body: Vec<&str> = source
        .lines()
        .skip_while(|l| l.trim() != "// README EXAMPLE START")
        .skip(1)
        .take_while(|l| l.trim() != "// README EXAMPLE END")
        .map(|l| l.strip_prefix("    ").unwrap_or(l))
        .collect();
    let blocks = blocks("README.md", &["sh", "rust"]);
    let examples: Vec<&Block> = blocks.iter().filter(|b| b.info == "rust").collect();
    let [example] = examples.as_slice() else {
        panic!(
            "README.md holds {} rust blocks, expected one",
            examples.len()
        );
    };
    assert_eq!(
        example.body,
        format!("{}\n", body.join("\n")),
        "README.md's library example differs from the one this test runs"
    );
}

/// The game's key table on `docs/cli.md` names every key of
/// `KEY_BINDINGS` (the arrows as `arrows`), each with what it does, so a
/// new key is documented or this fails.
#[test]
fn the_key_table_names_every_key_the_game_answers_to() {
    use muscleman_cli::play::{GameAction, KEY_BINDINGS};
    use muscleman_core::Input;
    let page = page();
    let start = page.find("| keys | do |").expect("the key table");
    let table: Vec<&str> = page[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .collect();
    let tokens: Vec<String> = table
        .iter()
        .filter_map(|row| row.split('|').nth(1))
        .flat_map(|keys| {
            keys.replace('`', " ")
                .split([' ', ','])
                .filter(|t| !t.is_empty())
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect();
    for b in KEY_BINDINGS {
        let label = match b.action {
            GameAction::Step(Input::Move(_)) if !b.label.is_ascii() => "arrows",
            _ => b.label,
        };
        let label = label.trim_start_matches('(').trim_end_matches(')');
        assert!(
            tokens.iter().any(|t| t.trim_matches(['(', ')']) == label),
            "docs/cli.md's key table does not name {label:?} ({}): {tokens:?}",
            b.action.description()
        );
    }
}
