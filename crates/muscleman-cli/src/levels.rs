//! `muscleman levels [LEVEL] [--export]`: list the levels of a file or the
//! built-in levels with your progress, or print them as a collection.

use std::io::{self, Write};

use muscleman_level::Level;

use crate::builtin;
use crate::cli::LevelsArgs;
use crate::error::{Failure, output_failure, warn};
use crate::progress::Progress;
use crate::source::LevelFile;

/// Read the levels `LEVEL` names, or without one the built-in collection
/// `collection` names (the first when `None`). Return the levels and, for
/// a built-in collection, its pars (`None` for a level without one).
pub fn read_set(
    path: Option<&std::path::Path>,
    collection: Option<&str>,
) -> Result<(LevelFile, Vec<Option<u32>>), Failure> {
    match path {
        Some(p) => {
            let file = LevelFile::read(p)?;
            let pars = vec![None; file.len()];
            Ok((file, pars))
        }
        None => {
            let chosen = match collection {
                Some(id) => builtin::find(id).ok_or_else(|| {
                    Failure::bad_input(format!(
                        "no built-in collection {id:?}, expected one of {}",
                        builtin::ids()
                    ))
                })?,
                None => builtin::COLLECTIONS
                    .first()
                    .ok_or_else(|| Failure::bad_input("no built-in collection"))?,
            };
            let file = builtin::read(chosen)?;
            let pars = builtin::pars(chosen, &file.collection.levels);
            Ok((file, pars))
        }
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
    let (file, pars) = read_set(args.level_file.as_deref(), args.collection.as_deref())?;
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
        // A par is a Muscleman-rules count: shown under those rules only.
        let with_par = rules == muscleman_sim::Rules::MUSCLEMAN && pars.iter().any(Option::is_some);
        let mut out = if with_par {
            String::from("    #  solved  moves  pushes  par  title\n")
        } else {
            String::from("    #  solved  moves  pushes  title\n")
        };
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
                "{:>5}  {:<6}  {:>5}  {:>6}  ",
                i + 1,
                if record.is_some() { "yes" } else { "-" },
                count(record.and_then(|r| r.best_moves)),
                count(record.and_then(|r| r.best_pushes)),
            ));
            if with_par {
                out.push_str(&format!("{:>3}  ", count(pars.get(i).copied().flatten())));
            }
            out.push_str(&format!("{title}\n"));
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
