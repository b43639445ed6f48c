//! What a step sounds like on a terminal: the sound hints the sim emits
//! (rules.md §4, Actors and Emit). A refused move's `bump`, last in its
//! batch, flashes the player's cell for a moment, and rings the terminal
//! bell only if the player turned the bell on (`m`; off at start); a
//! `quack` is said on the status line. Each kind's look is one line of
//! [`look`]. The wait key lives here too: a
//! step in which the player stays and what moves by itself moves.

use muscleman_core::{EventBatch, Input, SimEvent, SoundHint, SoundKind};
use muscleman_sim::Command;

use super::App;
use crate::diagnose::count;
use muscleman_play::mouse::moves_by_itself;

/// How the terminal shows a sound hint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Look {
    /// Last in its batch, the player's cell flashes (and the bell rings,
    /// with the bell on).
    Flash,
    /// Said on the status line, when nothing else is said there: the
    /// sound, then what the one entity that made it did, or the many.
    Said {
        sound: &'static str,
        one: &'static str,
        many: &'static str,
    },
}

/// Each sound hint's kind's look, one line a kind: the match is
/// exhaustive, so a kind added to `SoundKind` does not build until it has
/// its line here.
const fn look(kind: SoundKind) -> Look {
    match kind {
        SoundKind::Bump => Look::Flash,
        SoundKind::Quack => Look::Said {
            sound: "Quack!",
            one: "was blocked and turned",
            many: "were blocked and turned",
        },
    }
}

impl App {
    /// Wait one step: the player stays, and whatever moves by itself
    /// moves (a duck walks). Where nothing moves by itself a wait would
    /// change nothing: it is not played (no `w` joins the moves), and the
    /// status line says why.
    pub(super) fn wait(&mut self, solved: bool) {
        if solved {
            self.screen.message = Some("Solved! Enter: next level, z: undo".to_owned());
            return;
        }
        if moves_by_itself(&self.session.game.view()).is_none() {
            self.screen.message = Some("You wait: nothing here moves by itself".to_owned());
            return;
        }
        self.command(Command::Step(Input::Wait));
    }

    /// Turn the bell on a refused move on or off, and say which.
    pub(super) fn toggle_bell(&mut self) {
        self.screen.bell = !self.screen.bell;
        self.screen.message = Some(
            if self.screen.bell {
                "Bell on: a refused move rings the terminal bell (m: off)"
            } else {
                "Bell off: a refused move only flashes (m: on)"
            }
            .to_owned(),
        );
    }

    /// Show what the events of a step (or a redo) sound like, by each
    /// kind's [`look`]: a flash last in the batch flashes (and rings, with
    /// the bell on); the first kind said goes on the status line when
    /// nothing else is said there.
    pub(super) fn hear(&mut self, command: Command, events: &EventBatch) {
        if !matches!(command, Command::Step(_) | Command::Redo) {
            return;
        }
        if let Some(SimEvent::SoundHint(SoundHint { kind, .. })) = events.events().last()
            && look(*kind) == Look::Flash
        {
            self.screen.flash = true;
            self.screen.ring |= self.screen.bell;
        }
        let Some((kind, sound, one, many)) =
            events.of::<SoundHint>().find_map(|h| match look(h.kind) {
                Look::Said { sound, one, many } => Some((h.kind, sound, one, many)),
                Look::Flash => None,
            })
        else {
            return;
        };
        if self.screen.message.is_some() {
            return;
        }
        // The entities that made it, named as the view names them.
        let makers: Vec<_> = events
            .of::<SoundHint>()
            .filter(|h| h.kind == kind)
            .map(|h| h.entity)
            .collect();
        let view = self.session.game.view();
        let name = makers
            .first()
            .and_then(|id| view.all_sprites().iter().find(|s| s.entity == *id))
            .map(|s| s.appearance.name);
        self.screen.message = Some(match (makers.len(), name) {
            (_, None) => sound.to_owned(),
            (1, Some(name)) => format!("{sound} The {name} {one}"),
            (n, Some(name)) => format!("{sound} {} {many}", count(n, name, &format!("{name}s"))),
        });
    }

    /// Return whether the player's cell flashes for a refused move.
    pub fn is_flashing(&self) -> bool {
        self.screen.flash
    }

    /// End the flash (the loop does, a moment after drawing it).
    pub fn end_flash(&mut self) {
        self.screen.flash = false;
    }

    /// Return whether the bell rings on a refused move.
    pub fn bell_on(&self) -> bool {
        self.screen.bell
    }

    /// Take whether the terminal bell is to ring now (the loop writes it).
    pub fn take_bell(&mut self) -> bool {
        std::mem::take(&mut self.screen.ring)
    }
}
