//! The text face of [`Level`] and [`Collection`]: reading them
//! (`parse`, `parse_bytes`, `FromStr`) and printing them (`to_text`,
//! `Display`, `Debug`), over the reader and the printer. The data modules
//! (`level.rs`, `collection.rs`) know nothing of either, so the reader and
//! the printer sit on the data and this module on all of them.

use std::fmt;

use crate::collection::Collection;
use crate::error::ParseErrors;
use crate::level::Level;
use crate::{print, read};

impl Level {
    /// Read exactly one level from text.
    ///
    /// The text may hold comments and metadata around the level, as a
    /// collection file does; metadata of the file's header goes to the level
    /// when the level does not set the same key. Every error is reported.
    ///
    /// # Example
    /// ```
    /// use muscleman_level::Level;
    ///
    /// let level = Level::parse("####\n#@.#\n####\n")?;
    /// assert_eq!(level.to_text(), "####\n#@.#\n####\n");
    /// assert!(Level::parse("####\n#..#\n####\n").is_err()); // no player
    /// # Ok::<(), muscleman_level::ParseErrors>(())
    /// ```
    pub fn parse(text: &str) -> Result<Level, ParseErrors> {
        read::level(read::read_str(text, true))
    }

    /// Read exactly one level from bytes, reporting invalid UTF-8 as an error.
    pub fn parse_bytes(bytes: &[u8]) -> Result<Level, ParseErrors> {
        read::level(read::read_bytes(bytes, true))
    }

    /// Print the level in the level text format (see the crate docs).
    ///
    /// A level read from plain XSB prints as the same XSB, with floor as
    /// spaces and trailing spaces trimmed. Reading the text back gives an
    /// equal level, for every level that has exactly one player.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        print::level(&mut out, self);
        out
    }
}

impl std::str::FromStr for Level {
    type Err = ParseErrors;

    fn from_str(text: &str) -> Result<Self, ParseErrors> {
        Level::parse(text)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl fmt::Debug for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut grid = String::new();
        print::grid(&mut grid, self);
        f.debug_struct("Level")
            .field("title", &self.title())
            .field("metadata", self.metadata())
            .field("width", &self.width())
            .field("height", &self.height())
            .field("floors", &self.floor_count())
            .field("grid", &grid)
            .finish()
    }
}

impl Collection {
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

    /// Read a collection from bytes as [`Collection::parse_bytes`] does,
    /// but let through levels that are drafts: without a player, or with
    /// stairs whose other end is missing. An editor opens them (a designer
    /// may save a level before it is done); every other error is reported.
    ///
    /// # Example
    /// ```
    /// use muscleman_level::Collection;
    ///
    /// let draft = b"####\n#.$#\n####\n";
    /// assert!(Collection::parse_bytes(draft).is_err());
    /// let read = Collection::parse_drafts(draft)?;
    /// assert_eq!(read.levels[0].player(), None);
    /// assert!(Collection::parse_drafts(b"#@#\n#Q#\n").is_err());
    /// # Ok::<(), muscleman_level::ParseErrors>(())
    /// ```
    pub fn parse_drafts(bytes: &[u8]) -> Result<Collection, ParseErrors> {
        read::read_bytes_as(bytes, false, true)
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
