//! What `play` remembers between runs: per level, solved or not and the best
//! moves and pushes, in `progress.json` in the user's data directory.
//!
//! The file is written atomically (a temporary file in the same directory,
//! then a rename). A file that cannot be read as progress is moved aside to
//! `progress.json.corrupt-<n>` with a warning, and play starts afresh.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use muscleman_level::Level;
use serde::{Deserialize, Serialize};

use crate::fsutil::write_atomic;

/// The environment variable that overrides the data directory.
pub const DATA_DIR_ENV: &str = "MUSCLEMAN_DATA_DIR";
/// The progress file's name inside the data directory.
pub const FILE_NAME: &str = "progress.json";
/// The version of the progress file's format.
pub const VERSION: u32 = 1;
/// Largest progress file read, in bytes; a larger one is treated as corrupt.
const MAX_BYTES: u64 = 16 * 1024 * 1024;

/// One level's record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelRecord {
    /// Whether the level was ever solved.
    pub solved: bool,
    /// Fewest moves of a solution.
    pub best_moves: Option<u32>,
    /// Fewest pushes of a solution (maybe not the one with the fewest moves).
    pub best_pushes: Option<u32>,
}

/// The file's contents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProgressFile {
    version: u32,
    /// Records by level key (see [`level_key`]), in key order.
    levels: BTreeMap<String, LevelRecord>,
}

/// A problem with the progress file: play goes on, but the player should know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// A short form for the game's status line (one line of 80 columns).
    pub short: String,
    /// The full message, with paths and reasons, for standard error.
    pub detail: String,
}

impl Warning {
    fn new(short: impl Into<String>, detail: impl Into<String>) -> Warning {
        Warning {
            short: short.into(),
            detail: detail.into(),
        }
    }
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.detail)
    }
}

/// What a solve changed in a level's record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Improvement {
    /// The level had not been solved before.
    pub first_solve: bool,
    /// Fewer moves than the best so far (or the first solve).
    pub moves: bool,
    /// Fewer pushes than the best so far (or the first solve).
    pub pushes: bool,
}

/// The progress of every level played, and where it is kept.
#[derive(Clone, Debug)]
pub struct Progress {
    path: Option<PathBuf>,
    levels: BTreeMap<String, LevelRecord>,
}

impl Progress {
    /// Progress kept in memory only (nothing is written).
    pub fn in_memory() -> Progress {
        Progress {
            path: None,
            levels: BTreeMap::new(),
        }
    }

    /// Return the data directory: `$MUSCLEMAN_DATA_DIR` when set and not
    /// empty, else the platform's data directory for muscleman.
    pub fn default_dir() -> Option<PathBuf> {
        match std::env::var_os(DATA_DIR_ENV) {
            Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
            _ => directories::ProjectDirs::from("", "", "muscleman")
                .map(|d| d.data_dir().to_path_buf()),
        }
    }

    /// Open the progress file in the default directory; see [`Progress::open`].
    pub fn open_default() -> (Progress, Vec<Warning>) {
        match Progress::default_dir() {
            Some(dir) => Progress::open(&dir),
            None => (
                Progress::in_memory(),
                vec![Warning::new(
                    "No data directory: progress will not be kept",
                    format!(
                        "no data directory found (set {DATA_DIR_ENV}); progress will not be kept"
                    ),
                )],
            ),
        }
    }

    /// Open `dir/progress.json`, returning the progress and any warnings.
    ///
    /// A missing file is empty progress. A file that is not valid progress
    /// is moved aside to `progress.json.corrupt-<n>`; if even that fails,
    /// progress is kept in memory only, so the file is never overwritten.
    /// Never fails.
    pub fn open(dir: &Path) -> (Progress, Vec<Warning>) {
        let path = dir.join(FILE_NAME);
        let mut warnings = Vec::new();
        let fresh = |path: Option<PathBuf>| Progress {
            path,
            levels: BTreeMap::new(),
        };
        let bytes = match read_limited(&path) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return (fresh(Some(path)), warnings),
            Err(e) => {
                warnings.push(Warning::new(
                    "Cannot read the progress file: progress will not be kept",
                    format!(
                        "cannot read {}: {e}; progress will not be kept",
                        path.display()
                    ),
                ));
                return (fresh(None), warnings);
            }
        };
        match parse(&bytes) {
            Ok(levels) => (
                Progress {
                    path: Some(path),
                    levels,
                },
                warnings,
            ),
            Err(why) => match move_aside(&path) {
                Ok(aside) => {
                    let aside_name = aside
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    warnings.push(Warning::new(
                        format!("Progress file was corrupt: moved to {aside_name}"),
                        format!(
                            "the progress file {} was corrupt ({why}); moved it to {} and started afresh",
                            path.display(),
                            aside.display()
                        ),
                    ));
                    (fresh(Some(path)), warnings)
                }
                Err(e) => {
                    warnings.push(Warning::new(
                        "Progress file is corrupt: progress will not be kept",
                        format!(
                            "the progress file {} is corrupt ({why}) and cannot be moved aside \
                             ({e}); progress will not be kept",
                            path.display()
                        ),
                    ));
                    (fresh(None), warnings)
                }
            },
        }
    }

    /// Return where the progress is written, if anywhere.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Return the record of a level, if it was ever solved.
    pub fn get(&self, level: &Level) -> Option<LevelRecord> {
        self.levels.get(&level_key(level)).copied()
    }

    /// Return how many of `levels` were ever solved.
    pub fn solved_count<'a>(&self, levels: impl IntoIterator<Item = &'a Level>) -> usize {
        levels
            .into_iter()
            .filter(|l| self.get(l).is_some_and(|r| r.solved))
            .count()
    }

    /// Record a solve of `level` and write the file if anything improved.
    ///
    /// Returns what improved; an error is a message for the player (the
    /// record is kept in memory all the same).
    pub fn record_solve(
        &mut self,
        level: &Level,
        moves: u32,
        pushes: u32,
    ) -> Result<Improvement, String> {
        let record = self.levels.entry(level_key(level)).or_default();
        let better = |best: Option<u32>, now: u32| best.is_none_or(|b| now < b);
        let improvement = Improvement {
            first_solve: !record.solved,
            moves: better(record.best_moves, moves),
            pushes: better(record.best_pushes, pushes),
        };
        record.solved = true;
        if improvement.moves {
            record.best_moves = Some(moves);
        }
        if improvement.pushes {
            record.best_pushes = Some(pushes);
        }
        if improvement.first_solve || improvement.moves || improvement.pushes {
            self.save()?;
        }
        Ok(improvement)
    }

    /// Write the file (atomically), creating the directory if needed.
    pub fn save(&self) -> Result<(), String> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        let file = ProgressFile {
            version: VERSION,
            levels: self.levels.clone(),
        };
        let mut text = serde_json::to_string_pretty(&file)
            .map_err(|e| format!("cannot encode progress: {e}"))?;
        text.push('\n');
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        write_atomic(path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

/// Read a file of at most [`MAX_BYTES`]; `None` when it does not exist.
/// A larger file is read as far as the cap, so it fails to parse.
fn read_limited(path: &Path) -> io::Result<Option<Vec<u8>>> {
    use std::io::Read;
    let file = match fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1).read_to_end(&mut bytes)?;
    Ok(Some(bytes))
}

fn parse(bytes: &[u8]) -> Result<BTreeMap<String, LevelRecord>, String> {
    if u64::try_from(bytes.len()).unwrap_or(u64::MAX) > MAX_BYTES {
        return Err(format!("larger than {MAX_BYTES} bytes"));
    }
    let file: ProgressFile = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
    if file.version != VERSION {
        return Err(format!("version {}, expected {VERSION}", file.version));
    }
    Ok(file.levels)
}

/// Rename `path` to the first free `path.corrupt-<n>` and return it.
fn move_aside(path: &Path) -> io::Result<PathBuf> {
    for n in 1..10_000u32 {
        let mut name = path.as_os_str().to_owned();
        name.push(format!(".corrupt-{n}"));
        let aside = PathBuf::from(name);
        if aside.exists() {
            continue;
        }
        fs::rename(path, &aside)?;
        return Ok(aside);
    }
    Err(io::Error::other("too many corrupt progress files already"))
}

/// Return the key of a level in the progress file: the FNV-1a 64-bit hash of
/// its grid as text (title and metadata left out, so renaming a level keeps
/// its progress), in hex.
///
/// # Example
/// ```
/// use muscleman_cli::progress::level_key;
/// use muscleman_level::Level;
///
/// let a = Level::parse("; One\n#####\n#@$.#\n#####\n")?;
/// let b = Level::parse("; Renamed\n#####\n#@$.#\n#####\n")?;
/// assert_eq!(level_key(&a), level_key(&b));
/// assert_eq!(level_key(&a).len(), 16);
/// # Ok::<(), muscleman_level::ParseErrors>(())
/// ```
pub fn level_key(level: &Level) -> String {
    let mut grid = level.clone();
    let _ = grid.set_title("");
    let keys: Vec<String> = grid.metadata().iter().map(|(k, _)| k.to_owned()).collect();
    for k in keys {
        grid.metadata_mut().remove(&k);
    }
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in grid.to_text().bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}
