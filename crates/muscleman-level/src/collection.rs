//! A collection: several levels in one file.

use std::fmt;

use crate::error::ParseErrors;
use crate::level::Level;
use crate::meta::Metadata;
use crate::{print, read};

/// Several levels read from one file, with the file's header.
///
/// The header is what comes before the first level: `;` comment lines
/// (except the one just above the first level, which is that level's title)
/// and `Key: value` lines separated from the first level by a blank line.
///
/// # Example
/// ```
/// use muscleman_level::Collection;
///
/// let text = "\
/// ; Two tiny levels
///
/// ; 1
/// #####
/// #@$.#
/// #####
///
/// ;screen.02
/// 5#|#.$@#|5#
/// ";
/// let collection = Collection::parse(text)?;
/// assert_eq!(collection.comments, ["Two tiny levels"]);
/// assert_eq!(collection.levels.len(), 2);
/// assert_eq!(collection.levels[0].title(), Some("1"));
/// assert_eq!(collection.levels[1].title(), Some("screen.02"));
/// assert_eq!(collection.levels[1].to_text(), "; screen.02\n#####\n#.$@#\n#####\n");
/// assert_eq!(Collection::parse(&collection.to_text())?, collection);
/// # Ok::<(), muscleman_level::ParseErrors>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Collection {
    /// The collection's title, from a `Title:` line in the header.
    pub title: Option<String>,
    /// The header's other `Key: value` lines, in order.
    pub metadata: Metadata,
    /// The header's comment lines, without the `;`, trimmed.
    pub comments: Vec<String>,
    /// The levels, in file order.
    pub levels: Vec<Level>,
}

impl Collection {
    /// Make an empty collection.
    pub fn new() -> Self {
        Collection::default()
    }

    /// Read a collection (one or more levels) from text, reporting every error.
    pub fn parse(text: &str) -> Result<Collection, ParseErrors> {
        read::read_str(text, false)
    }

    /// Read a collection from bytes, reporting invalid UTF-8 as an error.
    ///
    /// # Example
    /// ```
    /// use muscleman_level::{Collection, ParseErrorKind};
    ///
    /// let errors = Collection::parse_bytes(b"#@#\n#\xff#\n").unwrap_err();
    /// let first = &errors.errors()[0];
    /// assert_eq!((first.line, first.column, &first.kind), (2, 2, &ParseErrorKind::InvalidUtf8));
    /// ```
    pub fn parse_bytes(bytes: &[u8]) -> Result<Collection, ParseErrors> {
        read::read_bytes(bytes, false)
    }

    /// Print the collection in the level text format.
    ///
    /// Reading the text back gives an equal collection, for every collection
    /// the reader accepts.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        print::collection(&mut out, self);
        out
    }
}

impl std::str::FromStr for Collection {
    type Err = ParseErrors;

    fn from_str(text: &str) -> Result<Self, ParseErrors> {
        Collection::parse(text)
    }
}

impl fmt::Display for Collection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}
