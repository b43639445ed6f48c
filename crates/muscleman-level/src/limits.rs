//! Hard limits on what the reader accepts, so absurd input gets an error
//! instead of exhausting memory.

/// Largest input the reader looks at, in bytes (64 MiB); larger input is
/// refused before anything else is done.
pub const MAX_INPUT_BYTES: usize = 64 * 1024 * 1024;

/// Widest level, in cells.
pub const MAX_WIDTH: usize = 4096;

/// Tallest level (each floor of it), in cells.
pub const MAX_HEIGHT: usize = 4096;

/// Most cells (width × height) in one level, its floors together.
pub const MAX_CELLS: usize = 4_000_000;

/// Most floors in one level.
pub const MAX_FLOORS: usize = 1024;

/// Most cells in all the levels of one collection together.
pub const MAX_TOTAL_CELLS: usize = 64 * 1024 * 1024;

/// Most levels in one collection.
pub const MAX_LEVELS: usize = 100_000;

/// Largest run length in a run-length encoded row (`4096#`), and largest
/// count of a group (`4096(#$)`).
pub const MAX_RUN_LENGTH: usize = MAX_WIDTH;

/// Deepest nesting of run-length groups: `2(a3(b))` is 2 deep.
pub const MAX_GROUP_DEPTH: usize = 16;

/// Most `Key: value` lines for one level or one header.
pub const MAX_METADATA: usize = 1000;

/// Most header comment lines kept; later ones are dropped, except the last
/// (the first level's title).
pub const MAX_HEADER_COMMENTS: usize = 1000;

/// Most errors reported for one input; reading stops after that many.
pub const MAX_ERRORS: usize = 100;
