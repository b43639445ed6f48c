//! The keys progress is kept under: a level's (a hash of its grid), a
//! set's (a hash of its levels' keys) and the rules' name.

use muscleman_level::Level;
use muscleman_sim::Rules;

/// Return the name that records made under `rules` are kept under.
///
/// It is `muscleman`, `sokoban`, or `max-chain-N` for another chain limit.
///
/// # Example
/// ```
/// use muscleman_play::progress::rules_key;
/// use muscleman_sim::Rules;
///
/// assert_eq!(rules_key(Rules::MUSCLEMAN), "muscleman");
/// assert_eq!(rules_key(Rules::SOKOBAN), "sokoban");
/// ```
pub fn rules_key(rules: Rules) -> String {
    // Every field named: a new rule option must get a place in the key.
    let Rules { max_chain, hands } = rules;
    match (max_chain, hands) {
        (None, true) => "muscleman".to_owned(),
        (Some(1), false) => "sokoban".to_owned(),
        (None, false) => "no-hands".to_owned(),
        (Some(n), true) => format!("max-chain-{n}"),
        (Some(n), false) => format!("max-chain-{n}-no-hands"),
    }
}

/// Return the key of a level in the progress file: the FNV-1a 64-bit hash of
/// its grid as text (title and metadata left out, so renaming a level keeps
/// its progress), in hex.
///
/// # Example
/// ```
/// use muscleman_play::progress::level_key;
/// use muscleman_level::Level;
///
/// let a = Level::parse("; One\n#####\n#@$.#\n#####\n")?;
/// let b = Level::parse("; Renamed\n#####\n#@$.#\n#####\n")?;
/// assert_eq!(level_key(&a), level_key(&b));
/// assert_eq!(level_key(&a).len(), 16);
/// # Ok::<(), muscleman_level::ParseErrors>(())
/// ```
pub fn level_key(level: &Level) -> String {
    let mut grid = level.clone();
    let _ = grid.set_title("");
    let keys: Vec<String> = grid.metadata().iter().map(|(k, _)| k.to_owned()).collect();
    for k in keys {
        grid.metadata_mut().remove(&k);
    }
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in grid.to_text().bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// Return the key of a set of levels: the FNV-1a 64-bit hash of its levels'
/// keys in order, in hex. The same levels in the same order are the same
/// set wherever the file lies.
pub fn set_key<'a>(levels: impl IntoIterator<Item = &'a Level>) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for level in levels {
        for b in level_key(level).bytes().chain(std::iter::once(b'\n')) {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}
