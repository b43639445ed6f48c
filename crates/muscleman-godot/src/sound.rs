//! Sounds: which signal asks for which sound, by `muscleman-play`'s one
//! table ([`EVENT_SOUNDS`], which the web page reads too), and each
//! sound's samples, computed there (no sound files).
//!
//! A command's signals ask for sounds through the table: a refused move's
//! `sound_hint` (`bump`), a duck's (`quack`), a push, a sinking, a smash, a
//! door opening or closing, a key put into a cauldron, a brew, a grab, a
//! pickup and a ghost's release. [`sounds_of`] gives each sound once per command, in the order
//! first asked for; the node hands them to the scene (`last_sounds()`), and
//! the scene plays each from [`Sound::samples`]: mono 16-bit PCM at
//! [`RATE`], short (at most half a second) and the same on every run.

use crate::signals::{Arg, Signal};

use muscleman_play::sound::sound_for;
pub use muscleman_play::sound::{EVENT_SOUNDS, RATE, Sound};

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
    sound_for(signal.name, |carried| {
        signal.args.contains(&Arg::Name(carried))
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
