//! `muscleman levels [LEVEL] [--export]`: list the levels of a file or the
//! built-in levels with your progress, or print them as a collection.

use std::io::{self, Write};

use muscleman_level::Level;

use crate::builtin;
use crate::cli::LevelsArgs;
use crate::error::{Failure, output_failure, warn};
use crate::progress::Progress;
use crate::source::LevelFile;

/// Read the levels `LEVEL` names, or the built-in levels without one.
pub fn read_set(path: Option<&std::path::Path>) -> Result<LevelFile, Failure> {
    match path {
        Some(p) => LevelFile::read(p),
        None => builtin::levels(),
    }
}

/// Return the levels as one collection in the level format: each level's
/// text (its title as a `;` line), a blank line between two.
pub fn export(levels: &[Level]) -> String {
    let mut out = String::new();
    for (i, level) in levels.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if level.title().is_none() {
            out.push_str(&format!("; Level {}\n", i + 1));
        }
        out.push_str(&level.to_text());
    }
    out
}

/// Run `levels`.
pub fn run(args: &LevelsArgs) -> Result<(), Failure> {
    let file = read_set(args.level_file.as_deref())?;
    let levels = &file.collection.levels;
    let text = if args.export {
        export(levels)
    } else {
        let (progress, warnings) = match Progress::default_dir() {
            Some(dir) => Progress::open(&dir),
            None => (Progress::in_memory(), Vec::new()),
        };
        for w in &warnings {
            warn(&w.detail);
        }
        let rules = args.rules.rules();
        let mut out = String::from("    #  solved  moves  pushes  title\n");
        for (i, level) in levels.iter().enumerate() {
            let record = progress.get(level, rules).filter(|r| r.solved);
            let count = |n: Option<u32>| n.map_or_else(|| "-".to_owned(), |n| n.to_string());
            let mut title = level
                .title()
                .map_or_else(|| format!("Level {}", i + 1), str::to_owned);
            if !crate::level_rules::allows(level, rules) {
                title.push_str("  (needs Muscleman rules)");
            }
            out.push_str(&format!(
                "{:>5}  {:<6}  {:>5}  {:>6}  {title}\n",
                i + 1,
                if record.is_some() { "yes" } else { "-" },
                count(record.and_then(|r| r.best_moves)),
                count(record.and_then(|r| r.best_pushes)),
            ));
        }
        let solved = progress.solved_count(levels, rules);
        crate::error::note(&format!(
            "{}: {solved} of {} solved under {} rules",
            file.name,
            levels.len(),
            crate::play::ui::rules_name(rules)
        ));
        out
    };
    let mut stdout = io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| output_failure(&e))
}
