//! Sounds: one table (the `sounds!` list), a sound an entry: its name,
//! which events ask for it ([`EVENT_SOUNDS`], what every front end reads:
//! the Godot adapter's signals and the web page's events carry the same
//! names) and its notes, from which its samples are computed here (no
//! sound files). Adding a sound is one entry.
//!
//! A step's events ask for sounds through the table: a refused move's
//! `sound_hint` (`bump`), a duck's (`quack`), a push, a sinking, a smash, a
//! door opening or closing, a key put into a cauldron, a brew, a grab and a
//! pickup. Each sound's [`Sound::samples`] are mono 16-bit PCM at
//! [`RATE`], short (at most half a second) and the same on every run.

use muscleman_core::{MoveCause, SoundKind};

/// The sample rate of every sound, in samples per second.
pub const RATE: u32 = 22_050;

/// A waveform.
#[derive(Clone, Copy, Debug)]
enum Wave {
    Sine,
    Square,
    Saw,
    Noise,
}

/// One note of a sound: a wave gliding from one pitch to another (Hz,
/// exponentially), starting `at` seconds in and lasting `secs`, at
/// `volume` (0 to 1), with a short attack and a decay to silence.
#[derive(Clone, Copy, Debug)]
struct Note {
    wave: Wave,
    from: f32,
    to: f32,
    at: f32,
    secs: f32,
    volume: f32,
}

/// Declares every sound once, one entry a sound: its doc, the variant,
/// its name, the events that ask for it (an event's name and the name it
/// must carry, a move's cause or a sound hint's kind; `""` for any) and
/// its notes (wave, from Hz, to Hz, start s, length s, volume).
/// [`Sound::ALL`], [`Sound::name`], [`EVENT_SOUNDS`] and the samples follow
/// from the list.
macro_rules! sounds {
    ($($(#[doc = $doc:expr])* $sound:ident = $name:literal,
       asked by [$(($event:literal, $carried:expr)),*],
       notes [$(($wave:ident, $from:expr, $to:expr, $at:expr, $secs:expr, $volume:expr)),*];)*) => {
        /// A sound the scene can play.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Sound {
            $($(#[doc = $doc])* $sound,)*
        }

        /// Which signal asks for which sound: the signal's name, the name it
        /// must carry (a move's cause, a sound hint's kind; `""` for any), and
        /// the sound. Signals not listed (a move of the player's own, the moves
        /// back of an undo or a restart, a plate) are silent; a redo emits its
        /// step's signals again, and so sounds like it.
        pub const EVENT_SOUNDS: &[(&str, &str, Sound)] = &[$($(($event, $carried, Sound::$sound),)*)*];

        impl Sound {
            /// Every sound, in order.
            pub const ALL: [Sound; [$(Sound::$sound),*].len()] = [$(Sound::$sound),*];

            /// Return its name (`"bump"`, `"door_open"`, ...).
            pub const fn name(self) -> &'static str {
                match self {
                    $(Sound::$sound => $name,)*
                }
            }

            /// Its notes.
            const fn notes(self) -> &'static [Note] {
                match self {
                    $(Sound::$sound => &[$(Note {
                        wave: Wave::$wave,
                        from: $from,
                        to: $to,
                        at: $at,
                        secs: $secs,
                        volume: $volume,
                    }),*],)*
                }
            }
        }
    };
}

sounds! {
    /// A move that moved nothing: a dull thud.
    Bump = "bump", asked by [("sound_hint", SoundKind::Bump.name())],
        notes [(Sine, 130.0, 55.0, 0.0, 0.12, 0.8), (Noise, 0.0, 0.0, 0.0, 0.03, 0.15)];
    /// A duck that cannot walk on turns and quacks.
    Quack = "quack", asked by [("sound_hint", SoundKind::Quack.name())],
        notes [(Saw, 640.0, 430.0, 0.0, 0.14, 0.35), (Square, 320.0, 215.0, 0.0, 0.14, 0.15)];
    /// A push: a short scrape.
    Push = "push", asked by [("moved", MoveCause::Push.name())],
        notes [(Noise, 0.0, 0.0, 0.0, 0.07, 0.25), (Sine, 95.0, 80.0, 0.0, 0.08, 0.4)];
    /// A heavy box sinks: a falling gurgle.
    Sink = "sink", asked by [("sank", "")],
        notes [(Sine, 520.0, 110.0, 0.0, 0.35, 0.5), (Sine, 700.0, 300.0, 0.1, 0.08, 0.2),
               (Sine, 600.0, 250.0, 0.22, 0.08, 0.2)];
    /// A hammer breaks something: a crash.
    Smash = "smash", asked by [("smashed", "")],
        notes [(Noise, 0.0, 0.0, 0.0, 0.28, 0.6), (Square, 90.0, 40.0, 0.0, 0.15, 0.3)];
    /// A door opens: a rising pair of notes.
    DoorOpen = "door_open", asked by [("door_opened", "")],
        notes [(Square, 330.0, 330.0, 0.0, 0.07, 0.2), (Square, 494.0, 494.0, 0.07, 0.12, 0.2)];
    /// A door closes: a falling pair of notes.
    DoorClose = "door_close", asked by [("door_closed", "")],
        notes [(Square, 494.0, 494.0, 0.0, 0.07, 0.2), (Square, 330.0, 330.0, 0.07, 0.12, 0.2)];
    /// A key goes into a cauldron: a plop.
    PutIn = "put_in", asked by [("put_in", "")],
        notes [(Sine, 260.0, 560.0, 0.0, 0.09, 0.6)];
    /// A cauldron brews: bubbles, then a chime.
    Brew = "brew", asked by [("brewed", "")],
        notes [(Sine, 300.0, 620.0, 0.0, 0.06, 0.4), (Sine, 340.0, 700.0, 0.08, 0.06, 0.4),
               (Sine, 280.0, 580.0, 0.16, 0.06, 0.4), (Sine, 660.0, 660.0, 0.24, 0.25, 0.3),
               (Sine, 990.0, 990.0, 0.24, 0.25, 0.2)];
    /// The player takes hold of something: a soft click.
    Grab = "grab", asked by [("grab_attached", "")],
        notes [(Sine, 200.0, 260.0, 0.0, 0.05, 0.5)];
    /// The player picks up a collectible: a bright two-note chime.
    Pickup = "pickup", asked by [("item_collected", "")],
        notes [(Sine, 988.0, 988.0, 0.0, 0.06, 0.35), (Sine, 1319.0, 1319.0, 0.06, 0.12, 0.35)];
    /// A book releases a ghost: an airy shimmer rising away.
    Release = "release", asked by [("ghost_released", "")],
        notes [(Sine, 440.0, 880.0, 0.0, 0.4, 0.3), (Sine, 660.0, 1320.0, 0.08, 0.32, 0.2),
               (Sine, 990.0, 1980.0, 0.16, 0.24, 0.12), (Noise, 0.0, 0.0, 0.0, 0.2, 0.04)];
}

impl Sound {
    /// Return the sound of a name, if there is one.
    ///
    /// # Example
    /// ```
    /// use muscleman_play::sound::Sound;
    ///
    /// assert_eq!(Sound::named("quack"), Some(Sound::Quack));
    /// assert_eq!(Sound::named("moo"), None);
    /// ```
    pub fn named(name: &str) -> Option<Sound> {
        Sound::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Return its samples: mono, 16-bit, at [`RATE`] per second, the same
    /// on every call.
    ///
    /// # Example
    /// ```
    /// use muscleman_play::sound::{RATE, Sound};
    ///
    /// let bump = Sound::Bump.samples();
    /// assert!(!bump.is_empty() && bump.len() < RATE as usize / 2);
    /// assert_eq!(bump, Sound::Bump.samples());
    /// ```
    pub fn samples(self) -> Vec<i16> {
        let notes = self.notes();
        let secs = notes.iter().map(|n| n.at + n.secs).fold(0.0, f32::max);
        let len = (secs * RATE as f32).ceil() as usize;
        let mut mix = vec![0.0_f32; len];
        // Noise from a fixed seed: every run plays the same samples.
        let mut seed: u32 = 0x9e37_79b9 ^ (self as u32);
        for n in notes {
            let start = (n.at * RATE as f32) as usize;
            let count = (n.secs * RATE as f32) as usize;
            let mut phase = 0.0_f32;
            for (i, out) in mix.iter_mut().skip(start).take(count).enumerate() {
                let t = i as f32 / count as f32;
                let freq = n.from * (n.to / n.from.max(1.0)).max(0.0).powf(t);
                phase = (phase + freq / RATE as f32).fract();
                let value = match n.wave {
                    Wave::Sine => (phase * std::f32::consts::TAU).sin(),
                    Wave::Square => {
                        if phase < 0.5 {
                            0.6
                        } else {
                            -0.6
                        }
                    }
                    Wave::Saw => 2.0 * phase - 1.0,
                    Wave::Noise => {
                        seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                        (seed >> 16) as f32 / 32_768.0 - 1.0
                    }
                };
                *out += value * n.volume * envelope(i, count);
            }
        }
        mix.iter()
            .map(|v| (v.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16)
            .collect()
    }

    /// Return its samples as the bytes of 16-bit little-endian PCM (what
    /// Godot's `AudioStreamWAV` plays).
    pub fn pcm_bytes(self) -> Vec<u8> {
        self.samples()
            .iter()
            .flat_map(|s| s.to_le_bytes())
            .collect()
    }
}

/// The loudness of sample `i` of a note `count` samples long: up in 4 ms,
/// then down to silence.
fn envelope(i: usize, count: usize) -> f32 {
    let attack = (RATE as usize / 250).min(count / 4).max(1);
    if i < attack {
        return i as f32 / attack as f32;
    }
    let left = 1.0 - (i - attack) as f32 / (count - attack).max(1) as f32;
    left * left
}

/// Return the sound an event asks for ([`EVENT_SOUNDS`]), if any: the
/// event's name, and whether it carries a name (a move's cause, a sound
/// hint's kind).
///
/// # Example
/// ```
/// use muscleman_play::sound::{Sound, sound_for};
///
/// assert_eq!(sound_for("moved", |n| n == "push"), Some(Sound::Push));
/// assert_eq!(sound_for("moved", |n| n == "walk"), None);
/// assert_eq!(sound_for("sank", |_| false), Some(Sound::Sink));
/// ```
pub fn sound_for(event: &str, carries: impl Fn(&'static str) -> bool) -> Option<Sound> {
    EVENT_SOUNDS.iter().find_map(|&(name, carried, sound)| {
        (event == name && (carried.is_empty() || carries(carried))).then_some(sound)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every sound hint's kind the sim emits has its sound: a kind added
    /// to `SoundKind` fails here until the table has an entry that asks
    /// for it.
    #[test]
    fn every_sound_kind_is_asked_for_by_a_sound() {
        for kind in SoundKind::ALL {
            assert!(
                sound_for("sound_hint", |n| n == kind.name()).is_some(),
                "{kind:?} has no sound"
            );
        }
    }

    #[test]
    fn every_sound_has_notes_and_a_name_of_its_own() {
        for sound in Sound::ALL {
            assert!(!sound.notes().is_empty(), "{sound:?}");
            assert_eq!(Sound::named(sound.name()), Some(sound));
        }
    }
}
