//! The file being edited: its text, line by line, and which lines each
//! level owns (from its title comment to its last row or metadata line).
//! Saving puts the edited level's printed text in place of its lines and
//! keeps every other byte (other levels, comments between levels, the
//! header), checks that the file reads back with the other levels
//! unchanged, and writes it to a temporary file renamed over the old one.

use std::fs;
use std::path::{Path, PathBuf};

use muscleman_level::{Collection, Level, MAX_INPUT_BYTES};

use crate::source::{describe, format_errors, read_capped};

/// A level file as text, with the lines each level owns.
#[derive(Clone, Debug)]
pub struct Document {
    /// Where it is saved.
    pub path: PathBuf,
    /// Its lines, without their line ends.
    lines: Vec<String>,
    /// Whether the lines end `\r\n`.
    crlf: bool,
    /// The levels, as last put in the text.
    pub levels: Vec<Level>,
    /// The lines `[start, end)` each level owns; `None` when unknown.
    spans: Vec<Option<(usize, usize)>>,
    /// The file's bytes when last read or written (`None`: no file yet).
    disk: Option<Vec<u8>>,
}

/// Why a file could not be opened for editing: the messages to show, and
/// whether the file was read (its text does not read as levels) or not
/// (missing rights, a directory, too large).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenError(pub String, pub bool);

impl Document {
    /// Open `path`: a new document when there is no such file.
    pub fn open(path: &Path) -> Result<Document, OpenError> {
        if !path.exists() {
            return Ok(Document {
                path: path.to_path_buf(),
                lines: Vec::new(),
                crlf: false,
                levels: Vec::new(),
                spans: Vec::new(),
                disk: None,
            });
        }
        let bytes = read_capped(path, MAX_INPUT_BYTES).map_err(|e| OpenError(e.message, false))?;
        let name = path.display().to_string();
        let collection = match Collection::parse_drafts(&bytes) {
            Ok(c) => c,
            // No level yet (an empty file, or comments only): levels are added to it.
            Err(errors)
                if (&errors)
                    .into_iter()
                    .all(|e| e.kind == muscleman_level::ParseErrorKind::NoLevel) =>
            {
                Collection::new()
            }
            Err(errors) => return Err(OpenError(format_errors(&name, &errors), true)),
        };
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let crlf = text.contains("\r\n");
        let mut lines: Vec<String> = text
            .split('\n')
            .map(|l| l.strip_suffix('\r').unwrap_or(l).to_owned())
            .collect();
        if text.ends_with('\n') {
            lines.pop();
        }
        let spans = spans(&lines, &collection.levels);
        Ok(Document {
            path: path.to_path_buf(),
            lines,
            crlf,
            levels: collection.levels,
            spans,
            disk: Some(bytes),
        })
    }

    /// Return the text as it would be saved.
    pub fn text(&self) -> String {
        let end = if self.crlf { "\r\n" } else { "\n" };
        let mut out = String::new();
        for line in &self.lines {
            out.push_str(line);
            out.push_str(end);
        }
        out
    }

    /// Add `level` at the end of the file, a blank line before it; return its index.
    pub fn push_level(&mut self, level: Level) -> usize {
        if self.lines.last().is_some_and(|l| !l.trim().is_empty()) {
            self.lines.push(String::new());
        }
        let start = self.lines.len();
        self.lines.extend(level_lines(&level));
        self.spans.push(Some((start, self.lines.len())));
        self.levels.push(level);
        self.levels.len() - 1
    }

    /// Put `level` as level `index` into the text, in place of its lines.
    /// Return `false` when where its lines are is not known (then nothing changes).
    pub fn put(&mut self, index: usize, level: &Level) -> bool {
        let Some(Some((start, end))) = self.spans.get(index).copied() else {
            return false;
        };
        let new = level_lines(level);
        let (old_len, new_len) = (end - start, new.len());
        if end > self.lines.len() {
            return false;
        }
        self.lines.splice(start..end, new);
        for span in self.spans.iter_mut().skip(index + 1).flatten() {
            span.0 = span.0 + new_len - old_len;
            span.1 = span.1 + new_len - old_len;
        }
        if let Some(span) = self.spans.get_mut(index) {
            *span = Some((start, start + new_len));
        }
        if let Some(slot) = self.levels.get_mut(index) {
            *slot = level.clone();
        }
        true
    }

    /// Return whether the text reads back as the levels (so nothing but
    /// the edited level changed), drafts (no player, unpaired stairs) included.
    pub fn reads_back(&self) -> Result<(), String> {
        match Collection::parse_drafts(self.text().as_bytes()) {
            Ok(c) if c.levels == self.levels => Ok(()),
            Ok(_) => Err("the file would not read back as its levels".to_owned()),
            Err(e) => Err(format_errors(&self.path.display().to_string(), &e)),
        }
    }

    /// Replace the whole text by the printer's: every level and the
    /// header, in the printer's layout (comments between levels lost).
    pub fn reprint(&mut self) {
        let mut collection = Collection::new();
        collection.levels = self.levels.clone();
        let text = collection.to_text();
        self.lines = text.lines().map(str::to_owned).collect();
        self.spans = spans(&self.lines, &self.levels);
    }

    /// Return whether the file on disk is not what was last read or written.
    pub fn changed_on_disk(&self) -> bool {
        let now = read_capped(&self.path, MAX_INPUT_BYTES).ok();
        now != self.disk
    }

    /// Write the text to the file: to a temporary file beside it, then
    /// renamed over it, so a crash leaves the old file or the new.
    pub fn write(&mut self) -> Result<(), String> {
        let text = self.text();
        let dir = match self.path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = self
            .path
            .file_name()
            .map_or_else(|| "level".into(), |n| n.to_string_lossy().into_owned());
        let temp = dir.join(format!(".{name}.muscleman-edit.tmp"));
        let fail =
            |e: std::io::Error| format!("cannot save {}: {}", self.path.display(), describe(&e));
        fs::write(&temp, text.as_bytes()).map_err(fail)?;
        // The file keeps its permissions.
        if let Ok(meta) = fs::metadata(&self.path) {
            let _ = fs::set_permissions(&temp, meta.permissions());
        }
        if let Err(e) = fs::rename(&temp, &self.path) {
            let _ = fs::remove_file(&temp);
            return Err(fail(e));
        }
        self.disk = Some(text.into_bytes());
        Ok(())
    }
}

/// Return a level's printed lines.
fn level_lines(level: &Level) -> Vec<String> {
    level.to_text().lines().map(str::to_owned).collect()
}

fn blank(line: &str) -> bool {
    line.trim().is_empty()
}

fn comment(line: &str) -> bool {
    line.trim_start().starts_with(';')
}

/// A `Key: value` line (legend and floor lines too).
fn metadata(line: &str) -> bool {
    line.starts_with(|c: char| c.is_ascii_alphabetic()) && line.contains(':')
}

/// A `Comment:` line that opens a block.
fn opens_block(line: &str) -> bool {
    line.trim_end().eq_ignore_ascii_case("comment:")
}

/// Return the lines each level owns, by where its rows were read.
fn spans(lines: &[String], levels: &[Level]) -> Vec<Option<(usize, usize)>> {
    let line = |i: usize| lines.get(i).map_or("", String::as_str);
    // Each level's rows, as 0-based lines: first and last.
    let grids: Vec<Option<(usize, usize)>> = levels
        .iter()
        .map(|level| {
            let mut rows = level.floors().flat_map(|f| {
                (0..f.height()).filter_map(move |y| {
                    let y = i32::try_from(y).ok()?;
                    f.source_position(muscleman_core::GridPos::new(0, y))
                })
            });
            let first = rows.next()?.0;
            let last = rows.fold(first, |m, (l, _)| m.max(l));
            Some((first.checked_sub(1)?, last))
        })
        .collect();
    let mut out = Vec::with_capacity(levels.len());
    let mut low = 0;
    for (i, grid) in grids.iter().enumerate() {
        let Some((first, last)) = *grid else {
            out.push(None);
            continue;
        };
        let high = grids
            .iter()
            .skip(i + 1)
            .flatten()
            .next()
            .map_or(lines.len(), |g| g.0);
        // Up: the grid's paragraph (legend, floor and metadata lines), and
        // its title comment, perhaps above blank lines.
        let mut start = first;
        while start > low && !blank(line(start - 1)) {
            start -= 1;
            if comment(line(start)) {
                break;
            }
        }
        if !comment(line(start)) {
            let mut j = start;
            while j > low && blank(line(j - 1)) {
                j -= 1;
            }
            if j > low && comment(line(j - 1)) {
                start = j - 1;
            }
        }
        // Down: the rest of the grid's paragraph, and paragraphs of
        // metadata only that do not run into the next grid.
        let mut end = paragraph_end(lines, last);
        loop {
            let mut j = end;
            while j < high && blank(line(j)) {
                j += 1;
            }
            if j >= high || !metadata(line(j)) {
                break;
            }
            let next = paragraph_end(lines, j);
            if next > high || !only_metadata(lines, j, next) {
                break;
            }
            end = next;
        }
        out.push(Some((start, end)));
        low = end;
    }
    out
}

/// Return the line after the paragraph starting at `from`: its first
/// blank line outside a comment block, or the end.
fn paragraph_end(lines: &[String], from: usize) -> usize {
    let line = |i: usize| lines.get(i).map_or("", String::as_str);
    let mut j = from;
    while j < lines.len() && !blank(line(j)) {
        if opens_block(line(j)) {
            j = block_end(lines, j);
        }
        j += 1;
    }
    j.min(lines.len())
}

/// Return the line of the `Comment-End:` closing the block opened at `from`.
fn block_end(lines: &[String], from: usize) -> usize {
    let mut j = from + 1;
    while j < lines.len()
        && !lines
            .get(j)
            .is_some_and(|l| l.trim().eq_ignore_ascii_case("comment-end:"))
    {
        j += 1;
    }
    j
}

/// Return whether lines `from..to` are metadata lines and comment blocks only.
fn only_metadata(lines: &[String], from: usize, to: usize) -> bool {
    let mut j = from;
    while j < to {
        let l = lines.get(j).map_or("", String::as_str);
        if opens_block(l) {
            j = block_end(lines, j);
        } else if !metadata(l) {
            return false;
        }
        j += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    const SET: &str = "; My set\nTitle: The set\n\n; 1\n####\n#@.#\n#$ #\n####\n\n'free text'\n\n;screen.02\n#####\n#@$.#\n#####\nAuthor: Someone\n\nDifficulty: easy\n\n; 3\nlegend: k = KeyRed\n#####\n#@k #\n#####\n";

    /// Open `text` as a file of its own (`name`: tests run side by side).
    fn doc(name: &str, text: &str) -> Document {
        let dir = std::env::temp_dir();
        let path = dir.join(format!("muscleman-doc-{}-{name}.txt", std::process::id()));
        let _ = fs::write(&path, text);
        let d = Document::open(&path).unwrap_or_else(|e| panic!("{}", e.0));
        let _ = fs::remove_file(&path);
        d
    }

    #[test]
    fn each_level_owns_its_title_rows_and_metadata() {
        let d = doc("spans", SET);
        assert_eq!(d.spans, [Some((3, 8)), Some((11, 18)), Some((19, 24))]);
        assert_eq!(d.text(), SET);
    }

    #[test]
    fn putting_a_level_changes_only_its_lines() {
        let mut d = doc("put", SET);
        let mut level = d
            .levels
            .get(1)
            .cloned()
            .unwrap_or_else(|| panic!("level 2"));
        let _ = level.set_title("Two");
        assert!(d.put(1, &level));
        assert_eq!(d.reads_back(), Ok(()));
        let want = SET.replace(
            ";screen.02\n#####\n#@$.#\n#####\nAuthor: Someone\n\nDifficulty: easy\n",
            "; Two\nAuthor: Someone\nDifficulty: easy\n#####\n#@$.#\n#####\n",
        );
        assert_eq!(d.text(), want);
    }
}
