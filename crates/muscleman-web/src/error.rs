//! Errors as values the page shows: a message, and the positioned errors
//! of level text (line and column, from 1).

use muscleman_level::ParseErrors;
use serde_json::{Value, json};

/// One problem at a place in the text the page gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Positioned {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What is wrong there.
    pub message: String,
}

impl Positioned {
    /// Return it as JSON: `{"line", "column", "message"}`.
    pub fn to_json(&self) -> Value {
        json!({ "line": self.line, "column": self.column, "message": self.message })
    }
}

/// Why a call did nothing (or stopped): what the page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebError {
    /// One line that names the cause.
    pub message: String,
    /// The positioned errors of level text, in the text's order (empty
    /// where none applies).
    pub errors: Vec<Positioned>,
}

impl WebError {
    /// An error with a message alone.
    pub fn new(message: impl Into<String>) -> WebError {
        WebError {
            message: message.into(),
            errors: Vec::new(),
        }
    }

    /// The errors of level text that did not read.
    pub fn of_parse(errors: &ParseErrors) -> WebError {
        let errors: Vec<Positioned> = errors
            .iter()
            .map(|e| Positioned {
                line: e.line,
                column: e.column,
                message: e.kind.to_string(),
            })
            .collect();
        let n = errors.len();
        WebError {
            message: format!(
                "the level text has {n} {}",
                if n == 1 { "error" } else { "errors" }
            ),
            errors,
        }
    }

    /// Return it as the JSON answer of a call:
    /// `{"error": {"message", "errors": [...]}}`.
    pub fn to_json(&self) -> Value {
        let errors: Vec<Value> = self.errors.iter().map(Positioned::to_json).collect();
        json!({ "error": { "message": self.message, "errors": errors } })
    }
}

impl std::fmt::Display for WebError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for WebError {}

/// Return the JSON answer of a call: `{"ok": value}` or the error's.
pub fn answer(result: Result<Value, WebError>) -> Value {
    match result {
        Ok(value) => json!({ "ok": value }),
        Err(e) => e.to_json(),
    }
}
