//! The screen's palette: the art's colours, or its plain styles when
//! colours are off (`NO_COLOR`), and the accent and dim styles of text.

use ratatui::style::{Color, Modifier, Style};

use super::app::App;
use super::art::Look;

/// The styles in use: in colour or plain.
#[derive(Clone, Copy)]
pub(super) struct Palette {
    color: bool,
}

impl Palette {
    /// The palette of the game's screen settings.
    pub(super) fn of(app: &App) -> Palette {
        Palette {
            color: app.screen.color,
        }
    }

    /// Return how a look is styled.
    pub(super) fn style(self, look: Look) -> Style {
        if self.color { look.color } else { look.plain }
    }

    /// Return the accent style: titles, keys.
    pub(super) fn accent(self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::LightCyan)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }

    /// Return the dim style: labels, borders.
    pub(super) fn dim(self) -> Style {
        if self.color {
            Style::new().fg(Color::Gray)
        } else {
            Style::new()
        }
    }
}
