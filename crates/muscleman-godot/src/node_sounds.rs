//! The gdext layer's sound funcs of the `MusclemanGame` node (a second
//! `#[godot_api]` block of the class in `node.rs`): the sounds the last
//! call asked for, each sound's samples, and the kinds of sound hint. The table and the samples are
//! [`crate::sound`]'s.

use godot::prelude::*;
use muscleman_core::SoundKind;

use crate::convert::strings;
use crate::node::MusclemanGame;
use crate::sound::{RATE, Sound};

#[godot_api(secondary)]
impl MusclemanGame {
    /// Return the sounds the last call's signals asked for (every command
    /// of a `play`), each once, in the order first asked for (`sound.rs`).
    #[func]
    fn last_sounds(&self) -> PackedStringArray {
        strings(self.sounds.iter().map(|s| s.name()))
    }

    /// Return the name of every sound `last_sounds` can give.
    #[func]
    fn sound_names(&self) -> PackedStringArray {
        strings(Sound::ALL.iter().map(|s| s.name()))
    }

    /// Return the name of every kind a `sound_hint` carries (the sim's
    /// `SoundKind`), in order: the scene gives each its look, and a test
    /// holds its table to this list.
    #[func]
    fn sound_kinds(&self) -> PackedStringArray {
        strings(SoundKind::ALL.iter().map(|k| k.name()))
    }

    /// Return the sample rate of `sound_samples`, in samples per second.
    #[func]
    fn sound_rate(&self) -> i64 {
        RATE.into()
    }

    /// Return a sound's samples, mono 16-bit little-endian PCM at
    /// `sound_rate()`; empty for a name that is no sound.
    #[func]
    fn sound_samples(&self, name: GString) -> PackedByteArray {
        Sound::named(&name.to_string())
            .map_or_else(PackedByteArray::new, |s| s.pcm_bytes().as_slice().into())
    }
}
