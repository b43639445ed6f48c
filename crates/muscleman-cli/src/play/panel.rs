//! The side panel: the level and its title, the rules, moves and pushes
//! with the bests, the player's facing and holding, the counters, the
//! short key legend and the glyphs of what the level holds.

use muscleman_core::{GridDir, Input, RecipeState};
use muscleman_sim::{Appearance, Rules, View};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::app::App;
use super::art::{BOLD, Look, PLAYER, arrow, look, look_of, name_facing, name_of, rank};
use super::help::wrap;
use super::keys::key_of;
use super::keys::{GameAction, KEY_BINDINGS, LegendLine};
use super::names::{level_title, rules_name};
use super::palette::Palette;
use crate::level_rules;
use muscleman_play::mouse::moves_by_itself;

/// Draw the side panel: the level, the counts and bests, the player's
/// state, the short key legend and the glyphs of what the level holds.
pub(super) fn draw_panel(app: &App, frame: &mut Frame, area: Rect, narrow: bool) {
    let block = Block::bordered()
        .title(Line::from(" Muscleman ").style(Palette::of(app).accent()))
        .border_style(Palette::of(app).dim());
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let stats = app.game().stats();
    let label = Palette::of(app).dim();
    let value = Style::new().add_modifier(Modifier::BOLD);
    let mut lines = vec![
        Line::from(vec![
            Span::styled("Level ", label),
            Span::styled(
                format!("{} of {}", app.level_index() + 1, app.level_count()),
                value,
            ),
        ]),
        Line::from(Span::styled(
            level_title(app.listed_level(), app.level_index()),
            Palette::of(app).accent(),
        )),
        Line::from(vec![
            Span::styled("Rules ", Palette::of(app).dim()),
            Span::styled(rules_name(app.session.rules), value),
        ]),
    ];
    // A level that says it needs other rules says so under them.
    if !level_rules::allows(app.listed_level(), app.rules()) {
        lines.push(Line::from(Span::styled(
            format!("✗ needs {} rules", rules_name(Rules::MUSCLEMAN)),
            value,
        )));
    }
    // The level's author, when its metadata names one, under its title.
    if let Some(author) = app.listed_level().metadata().get("Author") {
        lines.insert(
            2,
            Line::from(vec![
                Span::styled("by ", label),
                Span::styled(author.trim().to_owned(), Style::new()),
            ]),
        );
    }
    let view = app.game().view();
    if view.floor_count() > 1 {
        // The player's floor (the board may show another).
        let floor = view.player_floor();
        let mut spans = vec![
            Span::styled("Floor ", label),
            Span::styled(format!("{floor} of {}", view.floor_count()), value),
        ];
        if let Some(name) = view.floor_name(floor) {
            spans.push(Span::styled(format!(" {name}"), Palette::of(app).accent()));
        }
        lines.push(Line::from(spans));
    }
    let record = app.record().filter(|r| r.solved);
    let best = |n: Option<u32>| match (record, n) {
        (Some(_), Some(n)) => n.to_string(),
        _ => "-".to_owned(),
    };
    lines.push(Line::from(vec![
        Span::styled("Moves   ", label),
        Span::styled(format!("{:>5}", stats.moves), value),
        Span::styled("   best ", label),
        Span::styled(
            format!("{:>5}", best(record.and_then(|r| r.best_moves))),
            value,
        ),
    ]));
    lines.push(Line::from(vec![
        Span::styled("Pushes  ", label),
        Span::styled(format!("{:>5}", stats.pushes), value),
        Span::styled("   best ", label),
        Span::styled(
            format!("{:>5}", best(record.and_then(|r| r.best_pushes))),
            value,
        ),
    ]));
    // The level's par, where its collection sets one.
    if let Some(par) = app.par() {
        lines.push(Line::from(vec![
            Span::styled("Par     ", label),
            Span::styled(format!("{par:>5}"), value),
            Span::styled(" moves", label),
        ]));
    }
    // Whether this position is solved, else whether the level was ever
    // (after an undo the best stays, the position is not solved).
    lines.push(Line::from(Span::styled(
        match (app.game().is_solved(), record.is_some()) {
            (true, _) => "Solved",
            (false, true) => "Solved before",
            (false, false) => "Not solved yet",
        },
        label,
    )));
    lines.extend(state_lines(app, &view, usize::from(inner.width)));
    if let Some(line) = counters_line(app, &view) {
        lines.push(line);
    }
    lines.push(Line::from(""));
    let width = usize::from(inner.width);
    let keys = legend_lines(
        app,
        width,
        &short_legend(
            view.floor_count() > 1,
            app.rules().hands,
            moves_by_itself(&view).is_some(),
        ),
    );
    // The glyph legend, for what this level holds, as far as there is
    // room: where the keys leave it less than two lines, the keys give
    // way to one line (the help lists them), and what is still cut says so.
    let glyphs = glyph_lines(app, &glyph_legend(&view), width, narrow);
    let height = usize::from(inner.height);
    let left = height.saturating_sub(lines.len() + keys.len() + 1);
    if left >= glyphs.len().min(2) {
        lines.extend(keys);
    } else {
        let accent = Palette::of(app).accent();
        lines.push(Line::from(vec![
            Span::styled("↑↓←→", accent),
            Span::raw(" move  "),
            Span::styled(key_of(GameAction::Help).to_owned(), accent),
            Span::raw(" keys  "),
            Span::styled(key_of(GameAction::Quit).to_owned(), accent),
            Span::raw(" quit"),
        ]));
    }
    let room = height.saturating_sub(lines.len() + 1);
    if room > 0 && !glyphs.is_empty() {
        lines.push(Line::from(""));
        let cut = glyphs.len() > room;
        let shown = if cut { room - 1 } else { glyphs.len() };
        lines.extend(glyphs.into_iter().take(shown));
        if cut {
            lines.push(Line::from(Span::styled(
                format!("… more: {} help has all", key_of(GameAction::Help)),
                Palette::of(app).dim(),
            )));
        }
    }
    frame.render_widget(Paragraph::new(lines), inner);
}

/// The player's state: where it faces (an arrow) and what it holds.
fn state_lines(app: &App, view: &View, width: usize) -> Vec<Line<'static>> {
    let facing = view.facing().map_or("-", arrow);
    // What is held, named as the look names it (`duck facing down`).
    let held = view.holding().and_then(|id| {
        view.sprites()
            .iter()
            .find(|s| s.entity == id)
            .map(|s| name_facing(s.appearance, s.facing))
    });
    let held = held.unwrap_or_else(|| "-".to_owned());
    let dim = Palette::of(app).dim();
    let facing = vec![
        Span::styled("Facing ", dim),
        Span::styled(facing, Palette::of(app).accent()),
    ];
    // On one line where it fits; else what is held gets a line of its own,
    // never cut mid-word.
    let one = "Facing ↓  holding ".chars().count() + held.chars().count();
    if one <= width {
        let mut spans = facing;
        spans.push(Span::styled("  holding ", dim));
        spans.push(Span::styled(held, BOLD));
        vec![Line::from(spans)]
    } else {
        let mut lines = vec![Line::from(facing)];
        lines.extend(wrap(
            vec![Span::styled("Holding ", dim), Span::styled(held, BOLD)],
            width,
            2,
        ));
        lines
    }
}

/// The counters players collect (those core's table gives a word to be
/// `shown` under: coins, apples, pears, cheese), those above zero; `None`
/// when all are zero.
fn counters_line(app: &App, view: &View) -> Option<Line<'static>> {
    let mut spans = Vec::new();
    for &(counter, n) in view.counters() {
        let Some(name) = counter.shown() else {
            continue;
        };
        if n > 0 {
            if !spans.is_empty() {
                spans.push(Span::raw(" "));
            }
            spans.push(Span::styled(format!("{name} "), Palette::of(app).dim()));
            spans.push(Span::styled(n.to_string(), BOLD));
        }
    }
    (!spans.is_empty()).then(|| Line::from(spans))
}

/// The panel's short key legend: the arrows, the hands' keys where the
/// rules have hands (grab, drop, and both swings as one entry), then the
/// first key of the actions a player needs most (looking at another floor
/// where there are several, waiting where something moves by itself),
/// from `KEY_BINDINGS`; `?` shows them all.
fn short_legend(floors: bool, hands: bool, lively: bool) -> Vec<LegendLine> {
    let mut out = vec![LegendLine {
        keys: "↑↓←→".to_owned(),
        description: "move",
    }];
    if lively {
        out.push(LegendLine {
            keys: key_of(GameAction::Step(Input::Wait)).to_owned(),
            description: GameAction::Step(Input::Wait).description(),
        });
    }
    if hands {
        for action in [GameAction::Step(Input::Grab), GameAction::Step(Input::Drop)] {
            out.push(LegendLine {
                keys: key_of(action).to_owned(),
                description: action.description(),
            });
        }
        out.push(LegendLine {
            keys: format!(
                "{} {}",
                key_of(GameAction::Step(Input::SwingLeft)),
                key_of(GameAction::Step(Input::SwingRight))
            ),
            description: "swing",
        });
    }
    for action in [
        GameAction::Undo,
        GameAction::Restart,
        GameAction::Levels,
        GameAction::Hint,
        GameAction::Inspect,
        GameAction::LookFloor,
        GameAction::Help,
        GameAction::Quit,
    ] {
        if action == GameAction::LookFloor && !floors {
            continue;
        }
        if let Some(b) = KEY_BINDINGS.iter().find(|b| b.action == action) {
            out.push(LegendLine {
                keys: b.label.to_owned(),
                // Short where the panel is narrow; the help has it whole.
                description: match action {
                    GameAction::Inspect => "look",
                    GameAction::LookFloor => "floors",
                    _ => action.description(),
                },
            });
        }
    }
    out
}

/// The key legend, from [`key_legend`](super::keys::key_legend) (so from `KEY_BINDINGS`): each
/// action's keys then what it does, as many to a line as fit in `width`,
/// an entry too long for a line broken between its keys.
fn legend_lines(app: &App, width: usize, entries: &[LegendLine]) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut used = 0usize;
    let chars = |t: &str| t.chars().count();
    for entry in entries {
        let len = chars(&entry.keys) + 1 + chars(entry.description);
        let gap = if used == 0 { 0 } else { 2 };
        if used > 0 && used + gap + len > width {
            lines.push(Line::from(std::mem::take(&mut spans)));
            used = 0;
        }
        if used > 0 {
            spans.push(Span::raw("  "));
            used += 2;
        }
        // Keys word by word, so a long list wraps between keys.
        for (i, k) in entry.keys.split(' ').enumerate() {
            let sep = usize::from(i > 0);
            if used > 0 && used + sep + chars(k) > width {
                lines.push(Line::from(std::mem::take(&mut spans)));
                used = 0;
            } else if sep == 1 {
                spans.push(Span::raw(" "));
                used += 1;
            }
            spans.push(Span::styled(k.to_owned(), Palette::of(app).accent()));
            used += chars(k);
        }
        let mut what = format!(" {}", entry.description);
        if used + chars(&what) > width {
            lines.push(Line::from(std::mem::take(&mut spans)));
            what = entry.description.to_owned();
            used = 0;
        }
        used += chars(&what);
        spans.push(Span::raw(what));
    }
    if !spans.is_empty() {
        lines.push(Line::from(spans));
    }
    lines
}

/// The glyph legend's entries, glyph (as the board draws it, one column or
/// two) then name, as many to a line as fit.
fn glyph_lines(
    app: &App,
    items: &[(Look, String)],
    width: usize,
    narrow: bool,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut used = 0usize;
    for (look, what) in items {
        let glyph = look.text(narrow);
        let len = glyph.chars().count() + 1 + what.chars().count();
        if used > 0 && used + 2 + len > width {
            lines.push(Line::from(std::mem::take(&mut spans)));
            used = 0;
        }
        if used > 0 {
            spans.push(Span::raw("  "));
            used += 2;
        }
        let style = look.styled(Palette::of(app).style(*look), narrow);
        if used + len > width {
            // Longer than a line (a box named with what it holds): its
            // own lines, wrapped.
            let mut wrapped = wrap(
                vec![Span::styled(glyph, style), Span::raw(format!(" {what}"))],
                width,
                3,
            );
            let last = wrapped.pop().map(|l| l.spans).unwrap_or_default();
            lines.extend(wrapped);
            used = last.iter().map(Span::width).sum();
            spans = last;
            continue;
        }
        spans.push(Span::styled(glyph, style));
        spans.push(Span::raw(format!(" {what}")));
        used += len;
    }
    if !spans.is_empty() {
        lines.push(Line::from(spans));
    }
    lines
}

/// The glyphs of what the view holds (the player first), each kind once,
/// with its name: the legend names only what this level has. A thing that
/// faces some way is listed once whichever way it faces (its arrow shows
/// the way of the first met).
fn glyph_legend(view: &View) -> Vec<(Look, String)> {
    // Every floor's: the legend stays put while another floor is looked at.
    let mut kinds: Vec<(Appearance, Option<GridDir>)> = view
        .all_sprites()
        .iter()
        .map(|s| match s.facing.filter(|_| !s.appearance.is("player")) {
            // Its way is drawn: its shown state, if that is its way, is not.
            Some(dir) if s.appearance.state == RecipeState::facing_state(dir).name() => (
                Appearance {
                    state: "",
                    ..s.appearance
                },
                Some(dir),
            ),
            facing => (s.appearance, facing),
        })
        .collect();
    // One line a look: entities that look alike (open and filled water
    // differ only in whether they can be walked into) are listed once.
    let key =
        |(a, _): &(Appearance, Option<GridDir>)| (rank(*a), a.kind, a.color, a.state, a.contents);
    kinds.sort_by_key(key);
    kinds.dedup_by_key(|a| key(a));
    kinds
        .into_iter()
        .filter(|(a, _)| !a.is("wall"))
        .map(|(a, facing)| {
            let look = if a.is("player") {
                look("@↓", "@", PLAYER.color, PLAYER.plain)
            } else {
                look_of(a, false).faced(facing)
            };
            (look, name_of(a))
        })
        .collect()
}
