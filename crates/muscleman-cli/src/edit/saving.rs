//! Saving from the editor: the questions asked first (errors, a file
//! changed on disk, a layout that cannot be kept), then the level put in
//! place of its lines, read back, and written.

use super::app::{EditApp, Mode, Question};

impl EditApp {
    /// Save, asking first what must be asked; each question answered yes
    /// comes back here.
    pub(super) fn save(&mut self) {
        let errors: Vec<String> = self
            .editor
            .errors()
            .map(|d| d.line(self.editor.level().floor_count()))
            .collect();
        if !errors.is_empty() && !self.confirmed.contains(&Question::SaveWithErrors) {
            let mut lines = vec!["The level has errors: `check` will refuse it.".to_owned()];
            lines.extend(errors);
            self.ask(Question::SaveWithErrors, lines, "save it anyway? y saves");
            return;
        }
        if self.doc.changed_on_disk() && !self.confirmed.contains(&Question::Overwrite) {
            let lines = vec![format!(
                "{} changed on disk since it was opened (or does not exist).",
                self.doc.path.display()
            )];
            self.ask(Question::Overwrite, lines, "overwrite it? y overwrites");
            return;
        }
        let before = self.doc.clone();
        let level = self.editor.level().clone();
        let placed = self.doc.put(self.index, &level);
        let checked = if placed {
            self.doc.reads_back()
        } else {
            Err("where the level's lines are is not known".to_owned())
        };
        if let Err(why) = checked {
            self.doc = before;
            if self.confirmed.contains(&Question::Reprint) {
                if let Some(slot) = self.doc.levels.get_mut(self.index) {
                    *slot = level;
                }
                self.doc.reprint();
            } else {
                let lines = vec![
                    format!("The rest of the file cannot be kept as it is: {why}."),
                    "Saving rewrites the whole file in the printer's layout".to_owned(),
                    "(comments between levels are lost).".to_owned(),
                ];
                self.ask(Question::Reprint, lines, "rewrite it? y rewrites");
                return;
            }
        }
        self.confirmed.clear();
        match self.doc.write() {
            Ok(()) => {
                self.editor.mark_saved();
                self.message = Some(format!("saved {}", self.doc.path.display()));
            }
            Err(e) => self.message = Some(e),
        }
    }

    fn ask(&mut self, question: Question, lines: Vec<String>, prompt: &str) {
        self.mode = Mode::Confirm { question, lines };
        self.message = Some(format!("{prompt}, any other key does not"));
    }
}
