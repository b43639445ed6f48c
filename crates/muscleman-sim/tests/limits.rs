//! Limits (docs/limits.md): absurd input gets a clear error, quickly and in
//! bounded memory, from the level reader and from the save loader.
//!
//! The level crate's own tests check the errors and their positions; these
//! check that refusing costs little memory. Each case runs in a process of
//! its own (this test binary, started again with the case's name in
//! [`CASE`]), so that its heap is fresh: the input is built without freeing
//! anything, then the growth of peak resident memory around the read is
//! measured through `/proc/self/clear_refs` and `VmHWM` (Linux; elsewhere
//! only the errors are checked).

use std::process::Command;
use std::time::Instant;

use muscleman_level::{
    Collection, Level, MAX_CELLS, MAX_ERRORS, MAX_INPUT_BYTES, MAX_RUN_LENGTH, ParseErrorKind,
    ParseErrors,
};
use muscleman_sim::{Game, MAX_HISTORY, MAX_SAVE_BYTES, Rules, SaveError};

/// The environment variable that names the case a child process runs.
const CASE: &str = "MUSCLEMAN_LIMITS_CASE";

const MIB: u64 = 1024 * 1024;

/// A field of `/proc/self/status`, in bytes.
fn status(field: &str) -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = text.lines().find(|l| l.starts_with(field))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// In the child: run `f`, print how far peak resident memory rose above
/// what was in use when it began, and return what `f` returned.
fn measured<T>(f: impl FnOnce() -> T) -> T {
    let reset = std::fs::write("/proc/self/clear_refs", "5").is_ok();
    let before = status("VmRSS:");
    let start = Instant::now();
    let out = f();
    let elapsed = start.elapsed();
    let peak = status("VmHWM:");
    assert!(elapsed.as_secs() < 20, "took {elapsed:?}");
    if let (true, Some(b), Some(p)) = (reset, before, peak) {
        println!("PEAK_GROWTH {}", p.saturating_sub(b));
    }
    out
}

/// In the parent: run `case` in a child process and check that it passed
/// and that each read in it stayed under `limit_mib` MiB.
fn run_case(case: &str, limit_mib: u64) {
    let exe = std::env::current_exe().expect("the test binary");
    let out = Command::new(exe)
        .args(["child_process_entry", "--exact", "--nocapture"])
        .args(["--test-threads", "1"])
        .env(CASE, case)
        .output()
        .expect("the test binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "case {case} failed:\n{stdout}\n{stderr}"
    );
    assert!(
        stdout.contains("1 passed"),
        "case {case} did not run:\n{stdout}"
    );
    for growth in stdout
        .lines()
        .filter_map(|l| l.strip_prefix("PEAK_GROWTH "))
    {
        let bytes: u64 = growth.trim().parse().expect("a number");
        assert!(
            bytes < limit_mib * MIB,
            "case {case}: peak memory grew by {} KiB, more than {limit_mib} MiB",
            bytes / 1024
        );
    }
}

/// `n` copies of `byte`, allocated once (nothing freed, nothing to reuse).
fn bytes(prefix: &[u8], byte: u8, n: usize, suffix: &[u8]) -> Vec<u8> {
    let mut v = Vec::with_capacity(prefix.len() + n + suffix.len());
    v.extend_from_slice(prefix);
    v.resize(prefix.len() + n, byte);
    v.extend_from_slice(suffix);
    v
}

fn text(prefix: &str, c: char, n: usize, suffix: &str) -> String {
    String::from_utf8(bytes(prefix.as_bytes(), c as u8, n, suffix.as_bytes())).expect("ASCII")
}

fn kinds(e: &ParseErrors) -> Vec<ParseErrorKind> {
    e.errors().iter().map(|e| e.kind.clone()).collect()
}

/// Every error has a line, a column and a message, and there are never
/// more than the cap (plus the note that says so).
fn assert_clear(e: &ParseErrors) {
    assert!(!e.is_empty());
    assert!(e.len() <= MAX_ERRORS + 1, "{} errors", e.len());
    for error in e.errors() {
        assert!(error.line >= 1 && error.column >= 1);
        assert!(!error.to_string().is_empty());
    }
    assert!(e.to_string().len() < 64 * 1024, "the message is bounded");
}

fn saved() -> String {
    let level = Level::parse("#####\n#@$.#\n#####\n").expect("a level");
    let mut game = Game::new(&level, Rules::MUSCLEMAN).expect("a game");
    game.apply(muscleman_sim::Command::Step(muscleman_core::Input::Wait))
        .expect("a step");
    game.save()
}

/// The cases, each run in a child process.
fn child(case: &str) {
    match case {
        "100 MB line" => {
            let line = bytes(b"", b'#', 100 * 1024 * 1024, b"");
            for e in [
                measured(|| Level::parse_bytes(&line)).unwrap_err(),
                measured(|| Collection::parse_bytes(&line)).unwrap_err(),
            ] {
                assert_eq!(
                    kinds(&e),
                    [ParseErrorKind::InputTooLarge { size: line.len() }]
                );
                assert_clear(&e);
            }
            // A line just under the input limit is read up to the width limit only.
            let line = text("@", '#', MAX_INPUT_BYTES - 1, "");
            let e = measured(|| Level::parse(&line)).unwrap_err();
            assert_eq!(kinds(&e), [ParseErrorKind::RowTooWide]);
        }
        "run-length overflow" => {
            let digits = text("#@", '9', 10_000_000, "#");
            let cases = [
                "#@18446744073709551616#".to_owned(),
                format!("#@{}#", MAX_RUN_LENGTH + 1),
                format!("@{MAX_RUN_LENGTH}#{MAX_RUN_LENGTH}#"),
                digits,
            ];
            for t in &cases {
                let e = measured(|| Collection::parse(t)).unwrap_err();
                assert_clear(&e);
                let first = &kinds(&e)[0];
                assert!(
                    matches!(
                        first,
                        ParseErrorKind::RunTooLong | ParseErrorKind::RowTooWide
                    ),
                    "{first:?}"
                );
            }
            // A short text whose runs pass the cell limit is refused at the
            // row that passes it, having held one level's worth of cells.
            let rows = MAX_CELLS / 2000 + 1;
            let bomb = format!("@|{}", "2000#|".repeat(rows));
            assert!(bomb.len() < 16 * 1024);
            let e = measured(|| Level::parse(&bomb)).unwrap_err();
            assert_eq!(kinds(&e), [ParseErrorKind::TooManyCells]);
        }
        "NUL bytes" => {
            let nul = bytes(b"", 0, 48 * 1024 * 1024, b"");
            let e = measured(|| Collection::parse_bytes(&nul)).unwrap_err();
            assert_clear(&e);
            assert_eq!(kinds(&e), [ParseErrorKind::NoLevel]);
            // After the start of a row, NULs are unknown symbols, reported up to the cap.
            let row = bytes(b"#@", 0, 48 * 1024 * 1024, b"");
            let e = measured(|| Level::parse_bytes(&row)).unwrap_err();
            assert_clear(&e);
            assert_eq!(kinds(&e)[0], ParseErrorKind::UnknownSymbol('\0'));
            assert!(e.len() > MAX_ERRORS / 2);
        }
        "invalid UTF-8" => {
            let junk = bytes(b"", 0xff, 48 * 1024 * 1024, b"");
            let e = measured(|| Collection::parse_bytes(&junk)).unwrap_err();
            assert_clear(&e);
            assert_eq!(kinds(&e)[0], ParseErrorKind::InvalidUtf8);
            // One bad byte after a large valid level is found and placed.
            let mut level = Vec::with_capacity(1002 * 1000 + 8);
            for _ in 0..1000 {
                level.push(b'@');
                level.resize(level.len() + 1000, b'#');
                level.push(b'\n');
            }
            level.extend_from_slice(b"#\xc3(#\n");
            let e = measured(|| Level::parse_bytes(&level)).unwrap_err();
            let first = &e.errors()[0];
            assert_eq!(
                (first.line, first.column, &first.kind),
                (1001, 2, &ParseErrorKind::InvalidUtf8)
            );
        }
        "huge save" => {
            let save = saved();
            let huge = text(&save, ' ', MAX_SAVE_BYTES, "");
            let e = measured(|| Game::load(&huge)).unwrap_err();
            assert!(
                matches!(e, SaveError::TooLarge(n) if n == huge.len()),
                "{e}"
            );
        }
        "long history" => {
            let save = saved();
            let (head, tail) = save
                .split_once("\"history\": \"w\"")
                .expect("the history field");
            let long = text(
                &format!("{head}\"history\": \""),
                'w',
                MAX_HISTORY + 1,
                &format!("\"{tail}"),
            );
            assert!(long.len() < MAX_SAVE_BYTES);
            let e = measured(|| Game::load(&long)).unwrap_err();
            assert!(matches!(e, SaveError::HistoryTooLong), "{e}");
        }
        "nested JSON" => {
            let deep = [
                text("", '[', 1_000_000, ""),
                text("{\"format\": ", '[', 1_000_000, ""),
                format!("{}{}", "{\"a\":".repeat(100_000), "}".repeat(100_000)),
            ];
            for t in &deep {
                let e = measured(|| Game::load(t)).unwrap_err();
                assert!(matches!(e, SaveError::Syntax { .. }), "{e}");
            }
        }
        "group bomb" => {
            for text in [
                "4096(4096(4096(4096(#))))".to_owned(),
                "@4096(4096(4096(4096()))))".to_owned(),
                format!("@{}#{}", "4096(".repeat(1000), ")".repeat(1000)),
            ] {
                let e = measured(|| Collection::parse(&text)).unwrap_err();
                assert!(
                    kinds(&e).contains(&ParseErrorKind::ExpansionTooLarge),
                    "{e}"
                );
            }
        }
        "deep groups" => {
            let deep = format!("@{}#{}", "2(".repeat(1_000_000), ")".repeat(1_000_000));
            let e = measured(|| Level::parse(&deep)).unwrap_err();
            assert!(kinds(&e).contains(&ParseErrorKind::GroupTooDeep));
            let open = format!("@{}", "(".repeat(4_000_000));
            let e = measured(|| Level::parse(&open)).unwrap_err();
            assert!(kinds(&e).contains(&ParseErrorKind::GroupTooDeep));
        }
        "groups past the cell limit" => {
            // Within the cost limit, but 2000 rows of 2000 cells after `@`:
            // refused at the row that passes the cell limit, having held
            // one level's worth of cells.
            let text = "@|2000(2000(#)|)";
            let e = measured(|| Level::parse(text)).unwrap_err();
            assert_eq!(kinds(&e), [ParseErrorKind::TooManyCells]);
            // A row of groups past the width limit is cut, not expanded.
            let wide = "@64(64(64(#)))";
            let e = measured(|| Level::parse(wide)).unwrap_err();
            assert_eq!(kinds(&e), [ParseErrorKind::RowTooWide]);
        }
        other => panic!("no case {other:?}"),
    }
}

/// The entry point of the child processes; does nothing in a normal run.
#[test]
fn child_process_entry() {
    if let Ok(case) = std::env::var(CASE) {
        child(&case);
    }
}

#[test]
fn a_100_mb_line_is_refused_in_bounded_memory() {
    run_case("100 MB line", 1);
}

#[test]
fn run_length_overflow_is_refused_in_bounded_memory() {
    // The run-length bomb holds up to one level's cells (4 MB) before it stops.
    run_case("run-length overflow", 16);
}

#[test]
fn a_group_bomb_is_refused_in_bounded_memory() {
    run_case("group bomb", 1);
}

#[test]
fn deep_groups_are_refused_in_bounded_memory() {
    run_case("deep groups", 1);
}

#[test]
fn groups_past_the_cell_limit_are_refused_in_bounded_memory() {
    // The level holds up to one level's cells (4 MB) before it stops.
    run_case("groups past the cell limit", 16);
}

#[test]
fn a_file_of_nul_bytes_is_refused_in_bounded_memory() {
    run_case("NUL bytes", 1);
}

#[test]
fn invalid_utf8_is_refused_in_bounded_memory() {
    // The valid level before the bad byte is not read at all.
    run_case("invalid UTF-8", 1);
}

#[test]
fn a_save_past_the_size_limit_is_refused_before_it_is_read() {
    run_case("huge save", 1);
}

#[test]
fn a_history_past_the_limit_is_refused_before_it_is_replayed() {
    // serde holds the 10 MB history string once while the JSON is read.
    run_case("long history", 24);
}

#[test]
fn deeply_nested_json_is_a_syntax_error_not_a_stack_overflow() {
    run_case("nested JSON", 1);
}
