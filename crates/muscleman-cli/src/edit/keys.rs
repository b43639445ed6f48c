//! The editor's key bindings: one table, [`EDIT_KEYS`], that the key
//! handling, the help and `docs/editor.md` read.

use muscleman_core::GridDir;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a key does in the editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditAction {
    /// Move the cursor one cell.
    Move(GridDir),
    /// Move the cursor one cell and paint the brush there (Shift-arrows).
    PaintMove(GridDir),
    /// Paint the brush at the cursor.
    Place,
    /// Take the thing on top away from the cell under the cursor.
    Erase,
    /// Take what the cell under the cursor holds as the brush.
    Pick,
    /// The next brush.
    NextBrush,
    /// The previous brush.
    PreviousBrush,
    /// Open the palette: every brush, to choose from.
    Palette,
    /// Mark a rectangle's first corner (again: drop it).
    Mark,
    /// Paint the brush over the rectangle from the mark to the cursor.
    Fill,
    /// Undo the last edit.
    Undo,
    /// Redo the last edit undone.
    Redo,
    /// Move the cursor to the next cell with a problem.
    NextProblem,
    /// Play the level as it stands.
    TestPlay,
    /// Watch the verdict's solution play.
    WatchSolution,
    /// Resize the floor shown.
    Resize,
    /// Edit the title.
    Title,
    /// Edit a metadata line.
    Metadata,
    /// Name the floor shown.
    FloorName,
    /// Add a floor on top.
    AddFloor,
    /// Remove the floor shown.
    RemoveFloor,
    /// Show the floor above.
    FloorUp,
    /// Show the floor below.
    FloorDown,
    /// Add a new level to the file.
    NewLevel,
    /// Edit the next level of the file.
    NextLevel,
    /// Edit the previous level of the file.
    PreviousLevel,
    /// Save the file.
    Save,
    /// Show the help.
    Help,
    /// Leave (asks when there are unsaved changes).
    Quit,
    /// Ask whether to leave (Esc: it also closes the palette, the help and
    /// prompts, so a second Esc must not quit).
    AskQuit,
}

/// One line of the key table: the keys as the help writes them, the
/// codes they match, and the action.
pub struct EditKey {
    /// The keys, as the help writes them.
    pub keys: &'static str,
    /// The key codes.
    pub codes: &'static [KeyCode],
    /// What they do.
    pub action: EditAction,
    /// What the help says they do.
    pub help: &'static str,
}

const fn key(
    keys: &'static str,
    codes: &'static [KeyCode],
    action: EditAction,
    help: &'static str,
) -> EditKey {
    EditKey {
        keys,
        codes,
        action,
        help,
    }
}

use KeyCode::Char as C;

/// Every key of the editor, in the order the help lists them.
pub const EDIT_KEYS: &[EditKey] = &[
    key(
        "arrows hjkl",
        &[KeyCode::Up, C('k')],
        EditAction::Move(GridDir::Up),
        "move the cursor",
    ),
    key(
        "",
        &[KeyCode::Right, C('l')],
        EditAction::Move(GridDir::Right),
        "",
    ),
    key(
        "",
        &[KeyCode::Down, C('j')],
        EditAction::Move(GridDir::Down),
        "",
    ),
    key(
        "",
        &[KeyCode::Left, C('h')],
        EditAction::Move(GridDir::Left),
        "",
    ),
    key(
        "space enter",
        &[C(' '), KeyCode::Enter],
        EditAction::Place,
        "paint the brush",
    ),
    key(
        "x del",
        &[C('x'), KeyCode::Delete, KeyCode::Backspace],
        EditAction::Erase,
        "take the top thing away",
    ),
    key("e", &[C('e')], EditAction::Pick, "eyedropper"),
    key(
        "tab",
        &[KeyCode::Tab, C('n')],
        EditAction::NextBrush,
        "next brush (n too)",
    ),
    key(
        "shift-tab",
        &[KeyCode::BackTab, C('N')],
        EditAction::PreviousBrush,
        "previous brush (N too)",
    ),
    key(
        "b",
        &[C('b')],
        EditAction::Palette,
        "palette: choose a brush",
    ),
    key("m", &[C('m')], EditAction::Mark, "mark a corner"),
    key("f", &[C('f')], EditAction::Fill, "fill mark..cursor"),
    key("z u", &[C('z'), C('u')], EditAction::Undo, "undo"),
    key("y", &[C('y')], EditAction::Redo, "redo"),
    key(
        "!",
        &[C('!')],
        EditAction::NextProblem,
        "go to the next problem",
    ),
    key(
        "p",
        &[C('p')],
        EditAction::TestPlay,
        "test play (q returns)",
    ),
    key(
        "v",
        &[C('v')],
        EditAction::WatchSolution,
        "watch the solution",
    ),
    key("r", &[C('r')], EditAction::Resize, "resize the floor"),
    key("t", &[C('t')], EditAction::Title, "edit the title"),
    key("M", &[C('M')], EditAction::Metadata, "edit metadata"),
    key("a", &[C('a')], EditAction::FloorName, "name the floor"),
    key("F", &[C('F')], EditAction::AddFloor, "add a floor"),
    key("D", &[C('D')], EditAction::RemoveFloor, "remove the floor"),
    key(
        "> <",
        &[C('>'), C('.')],
        EditAction::FloorUp,
        "floor up / down",
    ),
    key("", &[C('<'), C(',')], EditAction::FloorDown, ""),
    key("L", &[C('L')], EditAction::NewLevel, "add a level"),
    key(
        "pgdn pgup",
        &[KeyCode::PageDown],
        EditAction::NextLevel,
        "next / previous level",
    ),
    key("", &[KeyCode::PageUp], EditAction::PreviousLevel, ""),
    key("s", &[C('s')], EditAction::Save, "save"),
    key("?", &[C('?'), KeyCode::F(1)], EditAction::Help, "help"),
    key("q", &[C('q')], EditAction::Quit, "quit"),
    key("esc", &[KeyCode::Esc], EditAction::AskQuit, "ask to quit"),
];

/// Return the action of a key press, if any. Shift-arrows move and paint;
/// Ctrl-S saves, Ctrl-Z undoes, Ctrl-Y redoes and Ctrl-C quits, as in
/// other editors.
pub fn action_for(key: KeyEvent) -> Option<EditAction> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return match key.code {
            C('s') => Some(EditAction::Save),
            C('z') => Some(EditAction::Undo),
            C('y') => Some(EditAction::Redo),
            C('c') | C('q') => Some(EditAction::Quit),
            _ => None,
        };
    }
    if key.modifiers.contains(KeyModifiers::SHIFT) {
        let dir = match key.code {
            KeyCode::Up => Some(GridDir::Up),
            KeyCode::Right => Some(GridDir::Right),
            KeyCode::Down => Some(GridDir::Down),
            KeyCode::Left => Some(GridDir::Left),
            _ => None,
        };
        if let Some(dir) = dir {
            return Some(EditAction::PaintMove(dir));
        }
    }
    EDIT_KEYS
        .iter()
        .find(|k| k.codes.contains(&key.code))
        .map(|k| k.action)
}

/// Return the help's lines: `keys  what they do`.
pub fn help_lines() -> Vec<String> {
    let mut lines: Vec<String> = EDIT_KEYS
        .iter()
        .filter(|k| !k.keys.is_empty())
        .map(|k| format!("{:<12}{}", k.keys, k.help))
        .collect();
    lines.push(format!("{:<12}{}", "shift-arrow", "move and paint"));
    lines.push(format!("{:<12}{}", "mouse", "left paints, right picks"));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_key_has_two_actions() {
        let mut seen: Vec<KeyCode> = Vec::new();
        for k in EDIT_KEYS {
            for code in k.codes {
                assert!(!seen.contains(code), "{code:?} twice");
                seen.push(*code);
            }
        }
    }
}
