//! The editor's edits of the level's layout: a floor resized, added,
//! removed, switched or named, the title and the metadata. Each is one
//! undo step.

use super::model::Editor;
use super::shape;
use crate::diagnose::count;

impl Editor {
    /// Resize the floor shown to `width` × `height`, keeping what fits at
    /// the top left.
    pub fn resize(&mut self, width: usize, height: usize) -> String {
        match shape::resized(&self.level, self.floor, width, height) {
            Ok(level) => {
                self.replace(level, self.floor);
                format!("floor {} is now {width}×{height}", self.floor)
            }
            Err(e) => format!("cannot resize: {e}"),
        }
    }

    /// Add a floor of the shown floor's size on top, walled round, and show it.
    pub fn add_floor(&mut self) -> String {
        let mut level = self.level.clone();
        let (w, h) = self.size();
        match shape::with_walled_floor(&mut level, w, h) {
            Ok(n) => {
                self.replace(level, n);
                format!(
                    "added floor {n}: the level has {}",
                    count(n, "floor", "floors")
                )
            }
            Err(e) => format!("cannot add a floor: {e}"),
        }
    }

    /// Remove the floor shown.
    pub fn remove_floor(&mut self) -> String {
        match shape::without_floor(&self.level, self.floor) {
            Ok(level) => {
                let gone = self.floor;
                self.replace(level, gone.saturating_sub(1).max(1));
                format!("removed floor {gone}")
            }
            Err(e) => format!("cannot remove the floor: {e}"),
        }
    }

    /// Show the next floor up (or down, with `down`).
    pub fn switch_floor(&mut self, down: bool) -> String {
        let n = self.level.floor_count();
        let next = if down {
            self.floor.saturating_sub(1)
        } else {
            self.floor + 1
        };
        if next == 0 || next > n {
            return format!(
                "no floor {next}: the level has {}",
                count(n, "floor", "floors")
            );
        }
        self.floor = next;
        self.mark = None;
        self.clamp_cursor();
        format!("floor {next} of {n}")
    }

    /// Set the level's title (empty: none).
    pub fn set_title(&mut self, title: &str) -> String {
        let mut level = self.level.clone();
        match shape::with_title(&mut level, title) {
            Ok(()) => {
                self.replace(level, self.floor);
                format!("title: {}", title.trim())
            }
            Err(e) => format!("cannot set the title: {e}"),
        }
    }

    /// Set a metadata line `Key: value` (an empty value removes the key).
    pub fn set_metadata(&mut self, line: &str) -> String {
        let Some((key, value)) = line.split_once(':') else {
            return "write metadata as Key: value".to_owned();
        };
        let mut level = self.level.clone();
        if value.trim().is_empty() {
            if level.metadata_mut().remove(key).is_none() {
                return format!("no metadata {}", key.trim());
            }
        } else if let Err(e) = level.metadata_mut().set(key, value.trim()) {
            return format!("cannot set {}: {e}", key.trim());
        }
        self.replace(level, self.floor);
        format!("{}: {}", key.trim(), value.trim())
    }

    /// Set the name of the floor shown (empty: none).
    pub fn set_floor_name(&mut self, name: &str) -> String {
        let mut level = self.level.clone();
        match level.set_floor_name(self.floor, name) {
            Ok(()) => {
                self.replace(level, self.floor);
                format!("floor {} named {}", self.floor, name.trim())
            }
            Err(e) => format!("cannot name the floor: {e}"),
        }
    }
}
