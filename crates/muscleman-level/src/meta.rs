//! Free `Key: value` metadata, kept in order.

use std::borrow::Cow;

use crate::level_error::MetadataError;

/// The key whose value may span lines, as a `Comment:` ... `Comment-End:` block.
pub(crate) const COMMENT: &str = "Comment";

/// The line that ends a `Comment:` block.
pub(crate) const COMMENT_END: &str = "Comment-End:";

/// Free `Key: value` metadata of a level or a collection, in the order written.
///
/// Keys compare case-insensitively (`author` and `Author` are one key) but
/// keep the spelling they were first set with. Keys start with an ASCII
/// letter and hold no `:` or line break (`\n`); `title`, `legend` and
/// `floor` are reserved. Values hold no line break, except the value of
/// `Comment`, which the format writes as a `Comment:` ... `Comment-End:`
/// block: its lines lose their trailing whitespace, and none may be a
/// `Comment-End:` line.
/// Surrounding whitespace is trimmed from keys and values, and setting an
/// empty value removes the key.
///
/// # Example
/// ```
/// use muscleman_level::Metadata;
///
/// let mut meta = Metadata::new();
/// meta.set("Author", "David W. Skinner")?;
/// meta.set("Date", " 2000 ")?;
/// meta.set("Comment", "First line  \n  second line\n")?;
/// assert_eq!(meta.get("author"), Some("David W. Skinner"));
/// assert_eq!(meta.get("date"), Some("2000"));
/// assert_eq!(meta.get("comment"), Some("First line\n  second line"));
/// assert!(meta.set("Title", "x").is_err());
/// assert!(meta.set("FLOOR", "Attic").is_err());
/// assert!(meta.set("Date", "2000\n2001").is_err());
/// assert!(meta.set("Comment", "a\ncomment-end:\nb").is_err());
/// # Ok::<(), muscleman_level::MetadataError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Metadata {
    entries: Vec<(String, String)>,
}

impl Metadata {
    /// Make empty metadata.
    pub const fn new() -> Self {
        Metadata {
            entries: Vec::new(),
        }
    }

    /// Return the value of a key, compared case-insensitively.
    pub fn get(&self, key: &str) -> Option<&str> {
        let key = key.trim();
        self.entries
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    }

    /// Set a key's value, in place if the key is there, else at the end; an empty value removes the key.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), MetadataError> {
        let key = check_key(key)?;
        let value = check_value(key, value)?;
        self.set_read(key, &value);
        Ok(())
    }

    /// Set a key the reader found: trimmed, valid and not reserved by construction.
    pub(crate) fn set_read(&mut self, key: &str, value: &str) {
        let (key, value) = (key.trim(), value.trim());
        if value.is_empty() {
            self.remove(key);
            return;
        }
        match self
            .entries
            .iter_mut()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
        {
            Some((_, v)) => value.clone_into(v),
            None => self.entries.push((key.to_owned(), value.to_owned())),
        }
    }

    /// Remove a key and return its value.
    pub fn remove(&mut self, key: &str) -> Option<String> {
        let key = key.trim();
        let i = self
            .entries
            .iter()
            .position(|(k, _)| k.eq_ignore_ascii_case(key))?;
        Some(self.entries.remove(i).1)
    }

    /// Iterate over the entries as `(key, value)`, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.entries.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Return the number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Return whether there is no entry.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// Return the trimmed key, or why it is refused.
fn check_key(key: &str) -> Result<&str, MetadataError> {
    let key = key.trim();
    let starts_well = key.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
    if !starts_well || key.contains([':', '\n']) {
        return Err(MetadataError::BadKey(key.to_owned()));
    }
    if ["title", "legend", "floor"]
        .iter()
        .any(|reserved| key.eq_ignore_ascii_case(reserved))
    {
        return Err(MetadataError::ReservedKey(key.to_owned()));
    }
    Ok(key)
}

/// Return a value as it is kept, or why it is refused: one line trimmed, or
/// for `Comment` several lines, trimmed as a whole and each at its end.
fn check_value<'v>(key: &str, value: &'v str) -> Result<Cow<'v, str>, MetadataError> {
    let value = value.trim();
    if !key.eq_ignore_ascii_case(COMMENT) || !value.contains('\n') {
        return check_text(value).map(Cow::Borrowed);
    }
    let mut text = String::with_capacity(value.len());
    for (i, line) in value.split('\n').enumerate() {
        if is_comment_end(line) {
            return Err(MetadataError::CommentEnd(line.trim().to_owned()));
        }
        if i > 0 {
            text.push('\n');
        }
        text.push_str(line.trim_end());
    }
    Ok(Cow::Owned(text))
}

/// Whether a line ends a `Comment:` block: `Comment-End:` in any case, with
/// only whitespace around it and its parts.
pub(crate) fn is_comment_end(line: &str) -> bool {
    line.trim().split_once(':').is_some_and(|(key, rest)| {
        key.trim().eq_ignore_ascii_case("comment-end") && rest.trim().is_empty()
    })
}

/// Return the trimmed text of a value or title, or why it is refused.
pub(crate) fn check_text(text: &str) -> Result<&str, MetadataError> {
    let text = text.trim();
    if text.contains('\n') {
        return Err(MetadataError::LineBreak(text.to_owned()));
    }
    Ok(text)
}
