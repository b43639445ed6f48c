//! What a step did that a player should notice, on the status line: a key
//! into a cauldron, a brew, a door unlocked by its key, something smashed
//! and what spilled, a heavy box sunk, a door opened or closed by its
//! plates, a thing collected, a ghost released. Read from the step's
//! events in the words the event catalogue gives each (`says`), and named
//! as the view names each thing (the sim's recipe declarations): no rule
//! is worked out here. Stairs and quacks have
//! their own lines (`mod.rs`, `sounds.rs`).

use muscleman_core::{Contents, EntityId, EventBatch, FieldValue, SimEvent};
use muscleman_sim::{Appearance, View};

use super::App;
use crate::play::art::name_of;

/// How many notices one status line says, the first first.
const MOST: usize = 2;

impl App {
    /// Say on the status line what `events` did that a player should
    /// notice, when nothing else is said there; `before` is the view
    /// before the step (what a step used up is named as it was).
    pub(super) fn notice(&mut self, before: &View, events: &EventBatch) {
        if self.screen.message.is_some() {
            return;
        }
        let after = self.session.game.view();
        let notices = notices(before, &after, events);
        if !notices.is_empty() {
            self.screen.message = Some(notices.join("; "));
        }
    }
}

/// Return what `events` did, one sentence a notable event, at most
/// [`MOST`], in the order they happened.
pub(crate) fn notices(before: &View, after: &View, events: &EventBatch) -> Vec<String> {
    let name = |id: EntityId| {
        named(after, id)
            .or_else(|| named(before, id))
            .unwrap_or_else(|| "thing".to_owned())
    };
    // Doors a key unlocked, and cauldrons that brewed: their own words
    // say it, so their door_opened and put_in are not said again.
    let unlocked: Vec<EntityId> = events
        .events()
        .iter()
        .filter_map(|e| match e {
            SimEvent::KeyConsumed(k) => Some(k.door),
            _ => None,
        })
        .collect();
    let brewed: Vec<EntityId> = events
        .events()
        .iter()
        .filter_map(|e| match e {
            SimEvent::Brewed(b) => Some(b.cauldron),
            _ => None,
        })
        .collect();
    let mut out: Vec<String> = Vec::new();
    for event in events.events() {
        let said = match event {
            // Said by the brew or the key that did it.
            SimEvent::PutIn(p) if brewed.contains(&p.container) => None,
            SimEvent::DoorOpened(d) if unlocked.contains(&d.door) => None,
            SimEvent::Smashed(s) => {
                let spilled: Vec<String> = s.contents.iter().map(|id| name(*id)).collect();
                Some(if spilled.is_empty() {
                    format!("The {} broke", name(s.entity))
                } else {
                    format!(
                        "The {} broke: {} fell out",
                        name(s.entity),
                        and_list(&spilled)
                    )
                })
            }
            _ => event.says().map(|says| filled(says, event, &name)),
        };
        if let Some(said) = said
            && !out.contains(&said)
        {
            out.push(said);
        }
    }
    out.truncate(MOST);
    out
}

/// Return the sentence `says` with each `{field}` replaced by the name of
/// the entity in that field of `event` (the catalogue's words).
fn filled(says: &str, event: &SimEvent, name: &dyn Fn(EntityId) -> String) -> String {
    let fields = event.fields();
    let mut out = String::new();
    let mut rest = says;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            break;
        };
        let field = &after[..close];
        match fields.iter().find(|(f, _)| *f == field) {
            Some((_, FieldValue::Entity(id))) => out.push_str(&name(*id)),
            _ => out.push_str("thing"),
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Return what the view calls entity `id` without its state or contents
/// (`red door`, `box`), if it shows it.
fn named(view: &View, id: EntityId) -> Option<String> {
    view.all_sprites().iter().find(|s| s.entity == id).map(|s| {
        name_of(Appearance {
            state: "",
            contents: Contents::EMPTY,
            ..s.appearance
        })
    })
}

/// Return `a`, `a and b`, `a, b and c`, each with `a` or `an` before it.
fn and_list(names: &[String]) -> String {
    let with_article: Vec<String> = names
        .iter()
        .map(|n| {
            let vowel = n.starts_with(['a', 'e', 'i', 'o', 'u']);
            format!("{} {n}", if vowel { "an" } else { "a" })
        })
        .collect();
    match with_article.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}
