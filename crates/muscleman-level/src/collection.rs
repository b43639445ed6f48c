//! A collection: several levels in one file.

use crate::level::Level;
use crate::meta::Metadata;

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
}
