//! Sounds: which signal asks for which sound ([`EVENT_SOUNDS`], the one
//! table), and each sound's samples, computed here (no sound files).
//!
//! A command's signals ask for sounds through the table: a refused move's
//! `sound_hint` (`bump`), a duck's (`quack`), a push, a sinking, a smash, a
//! door opening or closing, a key put into a cauldron, a brew, a grab, a
//! pickup and a ghost's release. [`sounds_of`] gives each sound once per command, in the order
//! first asked for; the node hands them to the scene (`last_sounds()`), and
//! the scene plays each from [`Sound::samples`]: mono 16-bit PCM at
//! [`RATE`], short (at most half a second) and the same on every run.

use crate::signals::{Arg, Signal};

/// The sample rate of every sound, in samples per second.
pub const RATE: u32 = 22_050;

/// A sound the scene can play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Sound {
    /// A move that moved nothing: a dull thud.
    Bump,
    /// A duck that cannot walk on turns and quacks.
    Quack,
    /// A push: a short scrape.
    Push,
    /// A heavy box sinks: a falling gurgle.
    Sink,
    /// A hammer breaks something: a crash.
    Smash,
    /// A door opens: a rising pair of notes.
    DoorOpen,
    /// A door closes: a falling pair of notes.
    DoorClose,
    /// A key goes into a cauldron: a plop.
    PutIn,
    /// A cauldron brews: bubbles, then a chime.
    Brew,
    /// The player takes hold of something: a soft click.
    Grab,
    /// The player picks up a collectible: a bright two-note chime.
    Pickup,
    /// A book releases a ghost: an airy shimmer rising away.
    Release,
}

/// Which signal asks for which sound: the signal's name, the name it
/// must carry (a move's cause, a sound hint's kind; `""` for any), and
/// the sound. Signals not listed (a move of the player's own, the moves
/// back of an undo or a restart, a plate) are silent; a redo emits its
/// step's signals again, and so sounds like it.
pub const EVENT_SOUNDS: &[(&str, &str, Sound)] = &[
    ("sound_hint", "bump", Sound::Bump),
    ("sound_hint", "quack", Sound::Quack),
    ("moved", "push", Sound::Push),
    ("sank", "", Sound::Sink),
    ("smashed", "", Sound::Smash),
    ("door_opened", "", Sound::DoorOpen),
    ("door_closed", "", Sound::DoorClose),
    ("put_in", "", Sound::PutIn),
    ("brewed", "", Sound::Brew),
    ("grab_attached", "", Sound::Grab),
    ("item_collected", "", Sound::Pickup),
    ("ghost_released", "", Sound::Release),
];

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

/// A [`Note`] literal (a constant, so a sound's notes are one `static`
/// list): wave, from, to, at, secs, volume.
macro_rules! note {
    ($wave:ident, $from:expr, $to:expr, $at:expr, $secs:expr, $volume:expr) => {
        Note {
            wave: Wave::$wave,
            from: $from,
            to: $to,
            at: $at,
            secs: $secs,
            volume: $volume,
        }
    };
}

impl Sound {
    /// Every sound, in order.
    pub const ALL: [Sound; 12] = [
        Sound::Bump,
        Sound::Quack,
        Sound::Push,
        Sound::Sink,
        Sound::Smash,
        Sound::DoorOpen,
        Sound::DoorClose,
        Sound::PutIn,
        Sound::Brew,
        Sound::Grab,
        Sound::Pickup,
        Sound::Release,
    ];

    /// Return its name (`"bump"`, `"door_open"`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Sound::Bump => "bump",
            Sound::Quack => "quack",
            Sound::Push => "push",
            Sound::Sink => "sink",
            Sound::Smash => "smash",
            Sound::DoorOpen => "door_open",
            Sound::DoorClose => "door_close",
            Sound::PutIn => "put_in",
            Sound::Brew => "brew",
            Sound::Grab => "grab",
            Sound::Pickup => "pickup",
            Sound::Release => "release",
        }
    }

    /// Return the sound of a name, if there is one.
    ///
    /// # Example
    /// ```
    /// use muscleman_godot::sound::Sound;
    ///
    /// assert_eq!(Sound::named("quack"), Some(Sound::Quack));
    /// assert_eq!(Sound::named("moo"), None);
    /// ```
    pub fn named(name: &str) -> Option<Sound> {
        Sound::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Its notes.
    const fn notes(self) -> &'static [Note] {
        match self {
            Sound::Bump => &[
                note!(Sine, 130.0, 55.0, 0.0, 0.12, 0.8),
                note!(Noise, 0.0, 0.0, 0.0, 0.03, 0.15),
            ],
            Sound::Quack => &[
                note!(Saw, 640.0, 430.0, 0.0, 0.14, 0.35),
                note!(Square, 320.0, 215.0, 0.0, 0.14, 0.15),
            ],
            Sound::Push => &[
                note!(Noise, 0.0, 0.0, 0.0, 0.07, 0.25),
                note!(Sine, 95.0, 80.0, 0.0, 0.08, 0.4),
            ],
            Sound::Sink => &[
                note!(Sine, 520.0, 110.0, 0.0, 0.35, 0.5),
                note!(Sine, 700.0, 300.0, 0.1, 0.08, 0.2),
                note!(Sine, 600.0, 250.0, 0.22, 0.08, 0.2),
            ],
            Sound::Smash => &[
                note!(Noise, 0.0, 0.0, 0.0, 0.28, 0.6),
                note!(Square, 90.0, 40.0, 0.0, 0.15, 0.3),
            ],
            Sound::DoorOpen => &[
                note!(Square, 330.0, 330.0, 0.0, 0.07, 0.2),
                note!(Square, 494.0, 494.0, 0.07, 0.12, 0.2),
            ],
            Sound::DoorClose => &[
                note!(Square, 494.0, 494.0, 0.0, 0.07, 0.2),
                note!(Square, 330.0, 330.0, 0.07, 0.12, 0.2),
            ],
            Sound::PutIn => &[note!(Sine, 260.0, 560.0, 0.0, 0.09, 0.6)],
            Sound::Brew => &[
                note!(Sine, 300.0, 620.0, 0.0, 0.06, 0.4),
                note!(Sine, 340.0, 700.0, 0.08, 0.06, 0.4),
                note!(Sine, 280.0, 580.0, 0.16, 0.06, 0.4),
                note!(Sine, 660.0, 660.0, 0.24, 0.25, 0.3),
                note!(Sine, 990.0, 990.0, 0.24, 0.25, 0.2),
            ],
            Sound::Grab => &[note!(Sine, 200.0, 260.0, 0.0, 0.05, 0.5)],
            Sound::Pickup => &[
                note!(Sine, 988.0, 988.0, 0.0, 0.06, 0.35),
                note!(Sine, 1319.0, 1319.0, 0.06, 0.12, 0.35),
            ],
            Sound::Release => &[
                note!(Sine, 440.0, 880.0, 0.0, 0.4, 0.3),
                note!(Sine, 660.0, 1320.0, 0.08, 0.32, 0.2),
                note!(Sine, 990.0, 1980.0, 0.16, 0.24, 0.12),
                note!(Noise, 0.0, 0.0, 0.0, 0.2, 0.04),
            ],
        }
    }

    /// Return its samples: mono, 16-bit, at [`RATE`] per second, the same
    /// on every call.
    ///
    /// # Example
    /// ```
    /// use muscleman_godot::sound::{RATE, Sound};
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

/// Return the sound a signal asks for ([`EVENT_SOUNDS`]), if any.
///
/// # Example
/// ```
/// use muscleman_core::{EntityId, SoundHint, SoundKind};
/// use muscleman_godot::signals::signal_of;
/// use muscleman_godot::sound::{Sound, sound_of};
///
/// let quack = SoundHint { entity: EntityId::new(3, 1), kind: SoundKind::Quack };
/// assert_eq!(sound_of(&signal_of(&quack.into())), Some(Sound::Quack));
/// ```
pub fn sound_of(signal: &Signal) -> Option<Sound> {
    EVENT_SOUNDS.iter().find_map(|&(name, carries, sound)| {
        let named = carries.is_empty() || signal.args.contains(&Arg::Name(carries));
        (signal.name == name && named).then_some(sound)
    })
}

/// Return the sounds a command's signals ask for: each once, in the order
/// first asked for (a push of three boxes scrapes once).
pub fn sounds_of(signals: &[Signal]) -> Vec<Sound> {
    let mut sounds = Vec::new();
    for sound in signals.iter().filter_map(sound_of) {
        if !sounds.contains(&sound) {
            sounds.push(sound);
        }
    }
    sounds
}

#[cfg(test)]
mod tests {
    use muscleman_core::{GridDir, Input};
    use muscleman_sim::{Command, Rules};

    use super::*;
    use crate::session::Session;

    fn heard(level: &str, moves: &str) -> Vec<&'static str> {
        let mut session = Session::from_text(level, 0, Rules::MUSCLEMAN).unwrap();
        let signals = session.play(moves).unwrap();
        sounds_of(&signals).iter().map(|s| s.name()).collect()
    }

    #[test]
    fn every_table_row_names_a_signal_and_every_sound_is_asked_for() {
        for (name, _, _) in EVENT_SOUNDS {
            assert!(
                crate::signals::info_of(name).is_some(),
                "{name} is a signal"
            );
        }
        for sound in Sound::ALL {
            assert!(EVENT_SOUNDS.iter().any(|row| row.2 == sound), "{sound:?}");
            assert_eq!(Sound::named(sound.name()), Some(sound));
        }
    }

    #[test]
    fn a_refused_move_bumps_a_push_scrapes_once_and_an_undo_is_silent() {
        assert_eq!(heard("#@#", "r"), ["bump"]);
        assert_eq!(heard("#@ #", "r"), Vec::<&str>::new());
        assert_eq!(heard("#@$$ #", "r"), ["push"]);
        assert_eq!(heard("#@$$ #", "rz"), ["push"]);
        let mut session = Session::from_text("#@$$ #", 0, Rules::MUSCLEMAN).unwrap();
        session
            .apply(Command::Step(Input::Move(GridDir::Right)))
            .unwrap();
        let undo = session.apply(Command::Undo).unwrap();
        assert_eq!(sounds_of(&undo), []);
        let redo = session.apply(Command::Redo).unwrap();
        assert_eq!(sounds_of(&redo), [Sound::Push]);
        let restart = session.apply(Command::Restart).unwrap();
        assert_eq!(sounds_of(&restart), []);
    }

    #[test]
    fn a_blocked_duck_quacks_a_plate_opens_its_door_and_a_brew_bubbles() {
        assert_eq!(heard("legend: t = Duck:right\n#@-t#", "w"), ["quack"]);
        let plate = "legend: t = Duck:right\nlegend: p = PressurePlateRed\nlegend: R = DoorRed\n\
                     #@-tp-R#";
        assert_eq!(heard(plate, "w"), ["door_open"]);
        let brew = "legend: e = Cauldron(KeyBlue)\nlegend: y = KeyYellow\n#@ye-#";
        assert_eq!(heard(brew, "r"), ["put_in", "brew"]);
    }

    #[test]
    fn a_smash_a_sinking_a_grab_and_a_pickup_are_heard() {
        let bong = "legend: v = Bong(KeyRed KeyBlue)\nlegend: h = Hammer\n\
                    ######\n#-@--#\n#-hv-#\n#----#\n######";
        assert_eq!(heard(bong, "g"), ["grab"]);
        assert_eq!(heard(bong, "g["), ["grab", "smash"]);
        assert_eq!(heard("#@&~ #", "r"), ["push", "sink"]);
        assert_eq!(heard("legend: o = Coin\n#@o#", "r"), ["pickup"]);
    }

    #[test]
    fn every_sound_is_short_audible_and_the_same_each_time() {
        for sound in Sound::ALL {
            let samples = sound.samples();
            assert!(!samples.is_empty(), "{sound:?}");
            assert!(samples.len() <= RATE as usize / 2, "{sound:?}");
            let peak = samples.iter().map(|s| s.unsigned_abs()).max().unwrap();
            assert!(peak > 3_000, "{sound:?} is audible: peak {peak}");
            assert_eq!(samples, sound.samples(), "{sound:?}");
            assert_eq!(sound.pcm_bytes().len(), 2 * samples.len());
        }
        assert_ne!(Sound::DoorOpen.samples(), Sound::DoorClose.samples());
    }
}
