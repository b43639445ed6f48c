//! The screen's palette: the art's colours, or its plain styles when
//! colours are off (`NO_COLOR`), and the accent and dim styles of text.

use ratatui::style::{Color, Modifier, Style};

use super::app::App;
use super::art::Look;

/// The styles in use: in colour or plain.
#[derive(Clone, Copy)]
pub(crate) struct Palette {
    color: bool,
}

impl Palette {
    /// The palette of the game's screen settings.
    pub(crate) fn of(app: &App) -> Palette {
        Palette {
            color: app.screen.color,
        }
    }

    /// The palette with colours on or off.
    pub(crate) fn with_color(color: bool) -> Palette {
        Palette { color }
    }

    /// Return how a look is styled.
    pub(crate) fn style(self, look: Look) -> Style {
        if self.color { look.color } else { look.plain }
    }

    /// Return the accent style: titles, keys.
    pub(crate) fn accent(self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::LightCyan)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }

    /// Return the dim style: labels, borders.
    pub(crate) fn dim(self) -> Style {
        if self.color {
            Style::new().fg(Color::Gray)
        } else {
            Style::new()
        }
    }
}
