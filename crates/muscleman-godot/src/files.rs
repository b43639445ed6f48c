//! The gdext layer's file reading: a level file's bytes, from a `res://`
//! path through Godot (it may be in an export's pack), from a `user://`
//! or plain one as the terminal reads a file (`muscleman-play`'s
//! `read_capped`), for the node's `load_level_file` and `open_level_file`.

use godot::classes::file_access::ModeFlags;
use godot::classes::{FileAccess, Os};
use godot::prelude::*;

/// Return the file system's path of a `user://` path (any other as it is).
fn plain_path(path: &str) -> String {
    match path.strip_prefix("user://") {
        Some(rest) => format!("{}/{rest}", Os::singleton().get_user_data_dir()),
        None => path.to_owned(),
    }
}

/// Read a level file whole, up to the size a level file may have
/// (`MAX_INPUT_BYTES`): a `res://` one through Godot (it may be in an
/// export's pack), any other as the terminal reads one
/// (`muscleman-play`'s `read_capped`). An error names the file and why.
pub(crate) fn file_bytes(path: &GString) -> Result<Vec<u8>, String> {
    let cap = muscleman_level::MAX_INPUT_BYTES;
    if !path.to_string().starts_with("res://") {
        let plain = plain_path(&path.to_string());
        return muscleman_play::fsutil::read_capped(std::path::Path::new(&plain), cap);
    }
    let mut file = FileAccess::open(path, ModeFlags::READ)
        .ok_or_else(|| format!("cannot read {path}: no such file"))?;
    let length = file.get_length();
    if usize::try_from(length).map_or(true, |n| n > cap) {
        return Err(format!(
            "{path}: the file is larger than the limit of {cap} bytes"
        ));
    }
    let length = i64::try_from(length).unwrap_or(i64::MAX);
    Ok(file.get_buffer(length).to_vec())
}
