//! Files written whole or not at all, and read up to a cap.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// Return a temporary path in the same directory as `path`.
fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".to_owned());
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let temp = format!(".{name}.tmp-{}-{n}", std::process::id());
    path.with_file_name(temp)
}

/// Write `bytes` to `path` atomically: to a temporary file in the same
/// directory, flushed to disk, then renamed over `path`. Readers see the old
/// file or the new one, never a part.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if path.file_name().is_none() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the path names no file",
        ));
    }
    let temp = temp_path(path);
    let result = (|| {
        let mut file = File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

/// Read a whole file, refusing directories and files larger than `cap` bytes
/// (without reading more than `cap + 1` bytes of them); an error is a
/// message naming the file.
pub fn read_capped(path: &Path, cap: usize) -> Result<Vec<u8>, String> {
    let name = path.display();
    if path.is_dir() {
        return Err(format!("{name}: is a directory, expected a level file"));
    }
    let file = File::open(path).map_err(|e| format!("cannot read {name}: {}", describe(&e)))?;
    let limit = u64::try_from(cap).unwrap_or(u64::MAX).saturating_add(1);
    let mut bytes = Vec::new();
    file.take(limit)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {name}: {}", describe(&e)))?;
    if bytes.len() > cap {
        return Err(format!(
            "{name}: the file is larger than the limit of {cap} bytes"
        ));
    }
    Ok(bytes)
}

/// Describe an IO error in words, without the OS error number.
pub fn describe(err: &io::Error) -> String {
    match err.kind() {
        io::ErrorKind::NotFound => "no such file".to_owned(),
        io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
        io::ErrorKind::IsADirectory => "is a directory, expected a file".to_owned(),
        io::ErrorKind::InvalidData => "not valid text".to_owned(),
        _ => err.to_string(),
    }
}
