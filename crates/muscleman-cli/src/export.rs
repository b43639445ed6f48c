//! `muscleman export`: print your best solution of a level, kept by `play`,
//! or the moves of a save, as LURD.

use std::io::{self, Write};

use crate::cli::ExportArgs;
use crate::error::{Failure, output_failure, warn};
use crate::levels::read_set;
use crate::progress::Progress;
use crate::replay::load_save;
use crate::solution::moves_of;

/// Run `export`.
pub fn run(args: &ExportArgs) -> Result<(), Failure> {
    let moves = match &args.load {
        Some(path) => {
            let (_, game) = load_save(path)?;
            moves_of(&game)
        }
        None => {
            let (file, _) = read_set(args.level_file.as_deref(), args.collection.as_deref())?;
            let (index, level) = file.select(args.level)?;
            let rules = args.rules.rules();
            let (progress, warnings) = match Progress::default_dir() {
                Some(dir) => Progress::open(&dir),
                None => (Progress::in_memory(), Vec::new()),
            };
            for w in &warnings {
                warn(&w.detail);
            }
            match progress.solution(level, rules) {
                Some(s) => s.moves.clone(),
                None => {
                    return Err(Failure::bad_input(format!(
                        "{}: level {}: no solution kept under {} rules (solve it in `play` first)",
                        file.name,
                        index + 1,
                        crate::play::ui::rules_name(rules)
                    )));
                }
            }
        }
    };
    let mut out = io::stdout().lock();
    out.write_all(format!("{moves}\n").as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| output_failure(&e))
}
