//! Free `Key: value` metadata, kept in order.

use crate::error::MetadataError;

/// Free `Key: value` metadata of a level or a collection, in the order written.
///
/// Keys compare case-insensitively (`author` and `Author` are one key) but
/// keep the spelling they were first set with. Keys start with an ASCII
/// letter and hold no `:` or line break (`\n`); `title` and `legend` are
/// reserved. Values hold no line break. Surrounding whitespace is trimmed from both,
/// and setting an empty value removes the key.
///
/// # Example
/// ```
/// use muscleman_level::Metadata;
///
/// let mut meta = Metadata::new();
/// meta.set("Author", "David W. Skinner")?;
/// meta.set("Date", " 2000 ")?;
/// assert_eq!(meta.get("author"), Some("David W. Skinner"));
/// assert_eq!(meta.get("date"), Some("2000"));
/// assert!(meta.set("Title", "x").is_err());
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
        let value = check_text(value)?;
        self.set_read(key, value);
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
    if key.eq_ignore_ascii_case("title") || key.eq_ignore_ascii_case("legend") {
        return Err(MetadataError::ReservedKey(key.to_owned()));
    }
    Ok(key)
}

/// Return the trimmed text of a value or title, or why it is refused.
pub(crate) fn check_text(text: &str) -> Result<&str, MetadataError> {
    let text = text.trim();
    if text.contains('\n') {
        return Err(MetadataError::LineBreak(text.to_owned()));
    }
    Ok(text)
}
