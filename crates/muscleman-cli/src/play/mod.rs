//! `muscleman play`: the full-screen terminal game.
//!
//! [`App`] holds the game and handles keys; [`ui`] draws it into a ratatui
//! frame. This module only resolves the flags and runs the terminal loop.

mod app;
pub(crate) mod art;
pub(crate) mod board;
pub(crate) mod help;
mod inspect;
mod intro;
mod keys;
pub mod names;
pub(crate) mod palette;
mod panel;
mod playback;
mod screen;
mod session;
mod shelf;
pub mod ui;
pub mod watch;

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

use muscleman_level::Level;
use muscleman_sim::{Game, Rules};
use ratatui::crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
    Event,
};

pub use app::App;
pub use keys::{
    GameAction, KEY_BINDINGS, Key, KeyBinding, LegendLine, action_for, key_legend, keys_help,
};
pub use playback::SPEEDS;
pub use screen::{BoardMap, Overlay};
pub use session::SolveNote;
pub use shelf::Collection;

use crate::builtin;
use crate::cli::PlayArgs;
use crate::error::{Failure, warn};
use crate::progress::{Progress, level_key, set_key};
use crate::saves::Saves;
use crate::source::LevelFile;

/// Return the text after `play --help`: the keys, from the game's one table
/// ([`KEY_BINDINGS`]), then where progress is kept.
pub fn play_help() -> String {
    format!(
        "{}\n\
         Letters work in either case; restart can be undone. The mouse walks (click a cell)\n\
         and pushes (click a box, then a cell); pasted LURD moves are played back.\n\
         With no LEVEL_FILE: the built-in levels, two collections (--collection NAME picks\n\
         one; in the level list, Tab, the left and right arrows switch).\n\
         Every level's position (with its undo history) is kept and restored, and the game\n\
         opens where you left off. Progress (solved levels, best moves and pushes, best\n\
         solutions, kept apart per rules) and positions are kept in the user's data\n\
         directory, or in $MUSCLEMAN_DATA_DIR when it is set. NO_COLOR turns colours off.",
        keys_help()
    )
}

/// A `play`, checked: the levels, where to start, and any saved game.
#[derive(Debug)]
pub struct PlayConfig {
    /// The levels to play.
    pub levels: Vec<Level>,
    /// The name shown for the set (a built-in collection's, or the file's name).
    pub set_name: String,
    /// The 0-based level to start at.
    pub start: usize,
    /// The rules.
    pub rules: Rules,
    /// A saved game to resume (its level is `levels[start]`).
    pub game: Option<Game>,
    /// With no level file: every built-in collection, which the level list
    /// offers, and the index of the one in `levels`.
    pub builtin: Option<(Vec<Collection>, usize)>,
    /// Whether the command line chose the collection or the level
    /// (`--collection`, `--level`, `--load`); otherwise the game opens the
    /// built-in collection played last ([`PlayConfig::resume_collection`]).
    pub chosen: bool,
}

/// Read every built-in collection, as the game offers them: named
/// `Built-in levels: TITLE`, with their pars.
pub fn builtin_collections() -> Result<Vec<Collection>, Failure> {
    builtin::COLLECTIONS
        .iter()
        .map(|c| {
            let file = builtin::read(c)?;
            let pars = builtin::pars(c, &file.collection.levels);
            let title = file
                .collection
                .title
                .clone()
                .unwrap_or_else(|| c.id.to_owned());
            Ok(Collection {
                name: format!("Built-in levels: {title}"),
                levels: file.collection.levels,
                pars,
            })
        })
        .collect()
}

impl PlayConfig {
    /// Read the level file (or take the built-in levels) and any save.
    pub fn resolve(args: &PlayArgs) -> Result<PlayConfig, Failure> {
        let mut builtin = None;
        let (levels, set_name, start) = match &args.level_file {
            Some(path) => {
                let file = LevelFile::read(path)?;
                let (start, _) = file.select(args.level)?;
                (file.collection.levels, file.name, start)
            }
            None => {
                let collections = builtin_collections()?;
                let index = match &args.collection {
                    Some(id) => builtin::COLLECTIONS
                        .iter()
                        .position(|c| c.id.eq_ignore_ascii_case(id))
                        .ok_or_else(|| {
                            Failure::bad_input(format!(
                                "no built-in collection {id:?}, expected one of {}",
                                builtin::ids()
                            ))
                        })?,
                    None => 0,
                };
                let chosen = collections
                    .get(index)
                    .cloned()
                    .ok_or_else(|| Failure::bad_input("no built-in collection"))?;
                let start = select(&chosen, args.level)?;
                builtin = Some((collections, index));
                (chosen.levels, chosen.name, start)
            }
        };
        // Every level the game may open: the file's, or every built-in one.
        let sets: Vec<(&str, &[Level])> = match &builtin {
            Some((collections, _)) => collections
                .iter()
                .map(|c| (c.name.as_str(), c.levels.as_slice()))
                .collect(),
            None => vec![(set_name.as_str(), levels.as_slice())],
        };
        for (name, set) in sets {
            muscleman_play::level_file::playable(name, set, args.rules.rules())
                .map_err(Failure::bad_input)?;
        }
        let mut config = PlayConfig {
            levels,
            set_name,
            start,
            rules: args.rules.rules(),
            game: None,
            builtin,
            chosen: args.collection.is_some() || args.level.is_some() || args.load.is_some(),
        };
        if let Some(path) = &args.load {
            config.load(path, args.level_file.is_some())?;
        }
        Ok(config)
    }

    /// Resume the save at `path`: find its level among the levels (with
    /// no file, in every built-in collection), or play it alone.
    fn load(&mut self, path: &std::path::Path, from_file: bool) -> Result<(), Failure> {
        let (_, game) = crate::replay::load_save(path)?;
        let key = level_key(game.level());
        let found = self.levels.iter().position(|l| level_key(l) == key);
        let elsewhere = self.builtin.as_ref().and_then(|(collections, _)| {
            collections.iter().enumerate().find_map(|(c, collection)| {
                let i = collection.levels.iter().position(|l| level_key(l) == key)?;
                Some((c, i, collection.clone()))
            })
        });
        match (found, elsewhere) {
            (Some(i), _) => self.start = i,
            (None, Some((c, i, collection))) => {
                self.levels = collection.levels;
                self.set_name = collection.name;
                self.start = i;
                if let Some((_, index)) = &mut self.builtin {
                    *index = c;
                }
            }
            (None, None) if from_file => {
                return Err(Failure::bad_input(format!(
                    "{}: the saved game is of a level that is not in {}",
                    path.display(),
                    self.set_name
                )));
            }
            (None, None) => {
                self.levels = vec![game.level().clone()];
                self.start = 0;
                self.set_name = path.display().to_string();
                self.builtin = None;
            }
        }
        self.rules = game.rules();
        self.game = Some(game);
        Ok(())
    }

    /// Open the built-in collection played last under the rules (as
    /// `progress` remembers it), unless the command line chose one: its
    /// levels, from the level last played there ([`open_where_left`]
    /// finds it).
    pub fn resume_collection(&mut self, progress: &Progress) {
        if self.chosen {
            return;
        }
        let Some((collections, index)) = &mut self.builtin else {
            return;
        };
        let Some(key) = progress.last_collection(self.rules) else {
            return;
        };
        let Some((i, collection)) = collections
            .iter()
            .enumerate()
            .find(|(_, c)| set_key(&c.levels) == key)
        else {
            return;
        };
        *index = i;
        self.levels = collection.levels.clone();
        self.set_name = collection.name.clone();
        self.start = 0;
    }
}

/// Return the 0-based level `--level N` picks in `collection` (its first
/// when `None`).
fn select(collection: &Collection, number: Option<u32>) -> Result<usize, Failure> {
    let n = number.unwrap_or(1);
    let count = collection.levels.len();
    usize::try_from(n)
        .ok()
        .and_then(|n| n.checked_sub(1))
        .filter(|&i| i < count)
        .ok_or_else(|| {
            Failure::bad_input(format!(
                "--level {n} is out of range: the {} hold {count} levels (1 to {count})",
                collection.name.to_lowercase()
            ))
        })
}

/// Whether colours are wanted: not when `NO_COLOR` is set to something.
pub fn color_wanted() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Restores the terminal when dropped, on every way out of the game loop.
struct RestoreGuard;

impl Drop for RestoreGuard {
    fn drop(&mut self) {
        let _ =
            ratatui::crossterm::execute!(io::stdout(), DisableMouseCapture, DisableBracketedPaste);
        ratatui::restore();
    }
}

/// How long without a key before the position is kept on disk.
const KEEP_AFTER: Duration = Duration::from_secs(2);
/// How long the player's cell flashes for a refused move.
const FLASH: Duration = Duration::from_millis(150);

/// Run `play`.
pub fn run(args: &PlayArgs) -> Result<(), Failure> {
    if args.watch {
        return run_watch(args);
    }
    let mut config = PlayConfig::resolve(args)?;
    if !io::stdout().is_terminal() {
        return Err(Failure::bad_input(
            "play needs a terminal, but standard output is not one (use replay for scripts)",
        ));
    }
    let (progress, warnings) = Progress::open_default();
    config.resume_collection(&progress);
    let saves = Progress::default_dir().map_or_else(Saves::none, |d| Saves::in_dir(&d));
    let builtin = config.builtin.take();
    let mut app = match config.game {
        Some(game) => App::with_game(config.levels, config.start, config.set_name, game, progress),
        None => App::new(
            config.levels,
            config.start,
            config.set_name,
            config.rules,
            progress,
        )
        .map_err(Failure::bad_input)?,
    };
    app.set_color(color_wanted());
    if let Some((collections, index)) = builtin {
        app.set_collections(collections, index);
    }
    open_where_left(&mut app, saves, args);
    if !warnings.is_empty() {
        let short: Vec<&str> = warnings.iter().map(|w| w.short.as_str()).collect();
        app.set_message(short.join("; "));
    }
    // `try_init` installs a panic hook that restores the terminal first.
    let mut terminal = ratatui::try_init()
        .map_err(|e| Failure::bad_input(format!("cannot start the terminal: {e}")))?;
    let guard = RestoreGuard;
    // Without them the game still plays: no mouse, and a paste arrives as keys.
    let _ = ratatui::crossterm::execute!(io::stdout(), EnableMouseCapture, EnableBracketedPaste);
    let result = event_loop(&mut terminal, &mut app);
    app.keep();
    drop(guard);
    for w in &warnings {
        warn(&w.detail);
    }
    if let Some(m) = app
        .message()
        .filter(|m| m.starts_with("position not saved"))
    {
        warn(m);
    }
    result.map_err(|e| Failure::bad_input(format!("terminal error: {e}")))
}

/// Run `play FILE --watch`: the level read again whenever the file changes.
fn run_watch(args: &PlayArgs) -> Result<(), Failure> {
    let Some(path) = &args.level_file else {
        return Err(Failure::bad_input("--watch needs a level file"));
    };
    if path.is_dir() {
        return Err(Failure::bad_input(format!(
            "{}: is a directory, expected a level file",
            path.display()
        )));
    }
    if !io::stdout().is_terminal() {
        return Err(Failure::bad_input(
            "play needs a terminal, but standard output is not one (use replay for scripts)",
        ));
    }
    let mut watch = watch::Watch::new(path.clone(), args.level, args.rules.rules(), color_wanted());
    let mut terminal = ratatui::try_init()
        .map_err(|e| Failure::bad_input(format!("cannot start the terminal: {e}")))?;
    let guard = RestoreGuard;
    let _ = ratatui::crossterm::execute!(io::stdout(), EnableMouseCapture, EnableBracketedPaste);
    let result = (|| -> io::Result<()> {
        let mut last_read = Instant::now();
        loop {
            terminal.draw(|frame| watch::draw(&watch, frame))?;
            if watch.take_bell() {
                ring_bell()?;
            }
            if watch.should_quit() {
                return Ok(());
            }
            let flashing = watch.is_flashing();
            if event::poll(Duration::from_millis(100))? {
                match event::read()? {
                    Event::Key(key) => watch.handle_key(key),
                    Event::Mouse(mouse) => watch.handle_mouse(mouse),
                    _ => {}
                }
            } else if flashing {
                watch.end_flash();
            }
            if last_read.elapsed() >= Duration::from_millis(300) {
                watch.reload();
                last_read = Instant::now();
            }
            watch.poll();
        }
    })();
    drop(guard);
    result.map_err(|e| Failure::bad_input(format!("terminal error: {e}")))
}

/// Open the game where the player left it: the level last played in this
/// set under these rules (unless `--level` or `--load` says otherwise), at
/// its kept position. The first time a set of several levels is played,
/// the level browser comes up first.
pub fn open_where_left(app: &mut App, saves: Saves, args: &PlayArgs) {
    let first_run = !app.was_played();
    let chosen = args.level.is_some() || args.load.is_some();
    let last = if chosen { None } else { app.last_played() };
    app.set_saves(saves, args.load.is_none());
    app.remember_collection();
    if let Some(index) = last.filter(|&i| i != app.level_index()) {
        app.go_to(index);
    }
    if first_run && !chosen && app.level_count() > 1 {
        app.open_browser();
    } else {
        app.introduce();
    }
}

/// Put `text` on the terminal's clipboard with OSC 52.
fn copy_to_clipboard(text: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    write!(out, "\x1b]52;c;{}\x07", base64(text.as_bytes()))?;
    out.flush()
}

/// Ring the terminal bell (BEL), for a refused move with the bell on.
fn ring_bell() -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(b"\x07")?;
    out.flush()
}

/// Encode bytes in base64 (RFC 4648, with padding).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk.first().copied().unwrap_or(0),
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                let six = usize::try_from((n >> (18 - 6 * i)) & 63).unwrap_or(0);
                out.push(char::from(ALPHABET.get(six).copied().unwrap_or(b'=')));
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn event_loop(terminal: &mut ratatui::DefaultTerminal, app: &mut App) -> io::Result<()> {
    let mut last_tick = Instant::now();
    let mut last_key = Instant::now();
    loop {
        terminal.draw(|frame| ui::draw(app, frame))?;
        if let Some(text) = app.take_clipboard() {
            copy_to_clipboard(&text)?;
        }
        if app.take_bell() {
            ring_bell()?;
        }
        if app.should_quit() {
            return Ok(());
        }
        let wait = if app.is_playing_back() {
            app.tick_interval().saturating_sub(last_tick.elapsed())
        } else if app.is_hinting() {
            Duration::from_millis(100)
        } else {
            KEEP_AFTER
        };
        // A flash (a refused move) lasts until the next key, or FLASH.
        let flashing = app.is_flashing();
        let wait = if flashing { wait.min(FLASH) } else { wait };
        if event::poll(wait)? {
            last_key = Instant::now();
            match event::read()? {
                Event::Key(key) => app.handle_key(key),
                Event::Mouse(mouse) => app.handle_mouse(mouse),
                Event::Paste(text) => app.paste(&text),
                // The next draw fits the new size.
                _ => {}
            }
        } else if flashing {
            app.end_flash();
        } else if last_key.elapsed() >= KEEP_AFTER {
            app.keep_if_changed();
        }
        if app.is_playing_back() && last_tick.elapsed() >= app.tick_interval() {
            app.tick();
            last_tick = Instant::now();
        }
        app.poll_hint();
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64_matches_rfc_4648() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(super::base64(plain.as_bytes()), coded);
        }
    }
}
