//! Colours and glyphs. Every piece of state is also shown by a glyph, weight or frame, so the
//! monochrome theme and `NO_COLOR` lose nothing but colour.

use ratatui::style::{Color, Modifier, Style};
use serde::Deserialize;

/// The themes a user can choose in `[ui] theme`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ThemeKind {
    /// Light text on a dark terminal.
    Dark,
    /// Dark text on a light terminal.
    Light,
    /// No colour and ASCII-only glyphs.
    Mono,
}

/// The styles and glyph set screens draw with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// Plain text.
    pub text: Style,
    /// Secondary text: hints, labels, coordinates.
    pub dim: Style,
    /// Titles and headings.
    pub title: Style,
    /// Frames.
    pub border: Style,
    /// The keyboard cursor and the focused item (also drawn with brackets or reverse video).
    pub cursor: Style,
    /// The item under the mouse pointer.
    pub hover: Style,
    /// A selected piece or an accepted choice.
    pub selected: Style,
    /// Squares a move may go to, the last move, a hint.
    pub mark: Style,
    /// Something good: a winning line, a magic sum reached.
    pub good: Style,
    /// An error or a warning message.
    pub error: Style,
    /// The first seat's pieces.
    pub first: Style,
    /// The second seat's pieces.
    pub second: Style,
    /// Whether to draw with ASCII only (box drawing and symbols replaced).
    pub ascii: bool,
}

impl Theme {
    /// The theme of a kind; `no_color` (the `NO_COLOR` convention) strips every colour but keeps
    /// weights and reverse video.
    #[must_use]
    pub fn new(kind: ThemeKind, no_color: bool) -> Self {
        let theme = match kind {
            ThemeKind::Dark => {
                Self::colored(Color::Gray, Color::DarkGray, Color::Yellow, Color::Cyan)
            }
            ThemeKind::Light => {
                Self::colored(Color::Black, Color::DarkGray, Color::Blue, Color::Magenta)
            }
            ThemeKind::Mono => Self::mono(),
        };
        if no_color {
            theme.without_color()
        } else {
            theme
        }
    }

    fn colored(text: Color, dim: Color, accent: Color, mark: Color) -> Self {
        Self {
            text: Style::new().fg(text),
            dim: Style::new().fg(dim),
            title: Style::new().fg(accent).add_modifier(Modifier::BOLD),
            border: Style::new().fg(dim),
            cursor: Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            hover: Style::new().add_modifier(Modifier::UNDERLINED),
            selected: Style::new().fg(accent).add_modifier(Modifier::BOLD),
            mark: Style::new().fg(mark),
            good: Style::new().fg(Color::Green).add_modifier(Modifier::BOLD),
            error: Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
            first: Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
            second: Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            ascii: false,
        }
    }

    fn mono() -> Self {
        let plain = Style::new();
        Self {
            text: plain,
            dim: plain.add_modifier(Modifier::DIM),
            title: plain.add_modifier(Modifier::BOLD),
            border: plain,
            cursor: plain.add_modifier(Modifier::REVERSED | Modifier::BOLD),
            hover: plain.add_modifier(Modifier::UNDERLINED),
            selected: plain.add_modifier(Modifier::BOLD),
            mark: plain.add_modifier(Modifier::BOLD),
            good: plain.add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            error: plain.add_modifier(Modifier::BOLD),
            first: plain.add_modifier(Modifier::BOLD),
            second: plain,
            ascii: true,
        }
    }

    fn without_color(self) -> Self {
        let strip = |style: Style| Style {
            fg: None,
            bg: None,
            ..style
        };
        Self {
            text: strip(self.text),
            dim: strip(self.dim).add_modifier(Modifier::DIM),
            title: strip(self.title),
            border: strip(self.border),
            cursor: strip(self.cursor),
            hover: strip(self.hover),
            selected: strip(self.selected),
            mark: strip(self.mark).add_modifier(Modifier::BOLD),
            good: strip(self.good).add_modifier(Modifier::UNDERLINED),
            error: strip(self.error),
            first: strip(self.first),
            second: strip(self.second),
            ascii: self.ascii,
        }
    }

    /// The colour of a seat's pieces and label (the first player's, the second's), the same
    /// on every board and in the side panel.
    #[must_use]
    pub fn seat(&self, seat: crate::core::Seat) -> Style {
        match seat {
            crate::core::Seat::First => self.first,
            crate::core::Seat::Second => self.second,
        }
    }

    /// Picks the Unicode glyph, or its ASCII stand-in in the monochrome theme.
    #[must_use]
    pub fn glyph<'a>(&self, unicode: &'a str, ascii: &'a str) -> &'a str {
        if self.ascii { ascii } else { unicode }
    }

    /// The border set for frames: rounded lines, or `+-|` in ASCII.
    #[must_use]
    pub fn border_set(&self) -> ratatui::symbols::border::Set<'static> {
        if self.ascii {
            ratatui::symbols::border::Set {
                top_left: "+",
                top_right: "+",
                bottom_left: "+",
                bottom_right: "+",
                vertical_left: "|",
                vertical_right: "|",
                horizontal_top: "-",
                horizontal_bottom: "-",
            }
        } else {
            ratatui::symbols::border::ROUNDED
        }
    }
}

/// The ASCII stand-in for a symbol the monochrome theme cannot show: box drawing becomes
/// `+-|`, arrows and marks become letters and punctuation. The app applies it to every cell
/// after drawing, so no screen can leak a non-ASCII glyph into that theme.
#[must_use]
pub fn ascii_symbol(symbol: &str) -> &'static str {
    let Some(c) = symbol.chars().next() else {
        return " ";
    };
    match c {
        '─' | '━' | '┄' | '═' | '╌' | '—' | '–' => "-",
        '│' | '┃' | '┆' | '║' | '╎' => "|",
        '\u{2500}'..='\u{257f}' => "+",
        '←' | '◀' | '◁' | '‹' => "<",
        '→' | '▶' | '▷' | '›' => ">",
        '↑' | '▲' | '△' => "^",
        '↓' | '▼' | '▽' => "v",
        '·' | '•' | '∙' | '…' => ".",
        '×' | '●' | '◉' => "x",
        '○' | '◯' => "o",
        '★' | '☆' | '✦' => "*",
        '■' | '█' | '▓' | '▒' | '░' => "#",
        '□' => "_",
        '↻' | '⟳' => "R",
        '↺' | '⟲' => "L",
        _ => "?",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_color_strips_every_colour() {
        let theme = Theme::new(ThemeKind::Dark, true);
        for style in [
            theme.text,
            theme.first,
            theme.second,
            theme.good,
            theme.mark,
        ] {
            assert_eq!(style.fg, None);
            assert_eq!(style.bg, None);
        }
        assert!(theme.cursor.add_modifier.contains(Modifier::REVERSED));
    }

    #[test]
    fn mono_is_ascii() {
        let theme = Theme::new(ThemeKind::Mono, false);
        assert!(theme.ascii);
        assert_eq!(theme.glyph("●", "x"), "x");
    }
}
