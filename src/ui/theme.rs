//! Colours and glyphs. Every piece of state is also shown by a glyph, weight or frame, so the
//! monochrome theme and `NO_COLOR` lose nothing but colour.
//!
//! The colour themes' text colours are [`Paint`]s (an RGB value and a 16-colour stand-in),
//! mapped to the terminal's colour depth; their contrast with the terminal's own background is
//! checked assuming black behind the dark theme and white behind the light one
//! ([`Theme::text_pairs`]). Each board's colours are its game's own (`view.rs`'s `PAINTS`),
//! mapped to the depth by [`Theme::board`].

use ratatui::style::{Color, Modifier, Style};

pub use crate::appearance::ThemeKind;

use super::board_colors::{BoardColors, BoardPaints, Pair};
use super::palette::{Depth, PIECE_CONTRAST, Paint, Rgb, TEXT_CONTRAST};

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
    /// The depth boards are painted at; `None` in the mono theme and with `NO_COLOR`, where boards
    /// are drawn with glyphs and marks only.
    pub board_depth: Option<Depth>,
    /// The (text, background) colours every cell takes that has none of its own: the light
    /// theme paints its white page itself, so it reads the same on a dark terminal. `None`
    /// leaves the terminal's own colours (dark, mono, `NO_COLOR`).
    pub canvas: Option<(Color, Color)>,
}

/// The text colours of a colour theme, as defined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextPaints {
    /// The terminal background the theme is meant for (black for dark, white for light): the
    /// assumption text contrast is computed against.
    pub background: Rgb,
    /// Plain text.
    pub text: Paint,
    /// Secondary text and frames.
    pub dim: Paint,
    /// Titles and the selected item.
    pub accent: Paint,
    /// Marks: the last move, a hint.
    pub mark: Paint,
    /// Something good.
    pub good: Paint,
    /// Errors.
    pub error: Paint,
    /// The first seat's name and pieces off the board.
    pub first: Paint,
    /// The second seat's.
    pub second: Paint,
}

/// The dark theme's text, for a black (or near-black) terminal.
pub const DARK: TextPaints = TextPaints {
    background: Rgb(0, 0, 0),
    text: Paint::new(208, 208, 208, Color::Gray),
    dim: Paint::new(138, 138, 138, Color::DarkGray),
    accent: Paint::new(255, 215, 95, Color::Yellow),
    mark: Paint::new(95, 215, 215, Color::Cyan),
    good: Paint::new(95, 215, 95, Color::Green),
    error: Paint::new(255, 95, 95, Color::LightRed),
    first: Paint::new(255, 95, 95, Color::LightRed),
    second: Paint::new(255, 215, 0, Color::Yellow),
};

/// The light theme's text, for a white (or near-white) terminal. No ANSI grey, green or yellow
/// reaches 4.5:1 on white, so secondary text is black and the second seat blue in 16 colours.
pub const LIGHT: TextPaints = TextPaints {
    background: Rgb(255, 255, 255),
    text: Paint::new(28, 28, 28, Color::Black),
    dim: Paint::new(88, 88, 88, Color::Black),
    accent: Paint::new(0, 0, 175, Color::Blue),
    mark: Paint::new(135, 0, 135, Color::Magenta),
    good: Paint::new(0, 95, 0, Color::Black),
    error: Paint::new(175, 0, 0, Color::Red),
    first: Paint::new(175, 0, 0, Color::Red),
    second: Paint::new(135, 95, 0, Color::Blue),
};

impl TextPaints {
    /// Every (text, background) pair at 4.5:1, and frames at 3:1, against the assumed
    /// background.
    #[must_use]
    pub fn pairs(&self, theme: &str) -> Vec<Pair> {
        let bg = Paint::new(
            self.background.0,
            self.background.1,
            self.background.2,
            Color::Reset,
        );
        [
            ("text", self.text, TEXT_CONTRAST),
            ("dim", self.dim, TEXT_CONTRAST),
            ("accent", self.accent, TEXT_CONTRAST),
            ("mark", self.mark, TEXT_CONTRAST),
            ("good", self.good, TEXT_CONTRAST),
            ("error", self.error, TEXT_CONTRAST),
            ("first", self.first, TEXT_CONTRAST),
            ("second", self.second, TEXT_CONTRAST),
            ("frame", self.dim, PIECE_CONTRAST),
        ]
        .into_iter()
        .map(|(what, fg, min)| Pair {
            what: format!("{theme}: {what} on the terminal background"),
            fg,
            bg,
            min,
        })
        .collect()
    }
}

impl Theme {
    /// A board's colours at the theme's depth, from the game's own palette; `None` where
    /// boards have no colours (the mono theme, `NO_COLOR`): they are drawn with glyphs and
    /// marks only.
    #[must_use]
    pub fn board(&self, paints: &BoardPaints) -> Option<BoardColors> {
        self.board_depth.map(|depth| paints.at(depth))
    }

    /// The theme of a kind in 24-bit colour (previews and tests; the app uses
    /// [`Theme::with_depth`] with the terminal's depth); `no_color` (the `NO_COLOR` convention)
    /// strips every colour but keeps weights and reverse video.
    #[must_use]
    pub fn new(kind: ThemeKind, no_color: bool) -> Self {
        Self::with_depth(kind, no_color, Depth::TrueColor)
    }

    /// The theme of a kind with its colours mapped to `depth`; `no_color` strips them all.
    #[must_use]
    pub fn with_depth(kind: ThemeKind, no_color: bool, depth: Depth) -> Self {
        let theme = match kind {
            ThemeKind::Dark => Self::colored(&DARK, depth),
            ThemeKind::Light => Self::colored(&LIGHT, depth),
            ThemeKind::Mono => Self::mono(),
        };
        if no_color {
            theme.without_color()
        } else {
            theme
        }
    }

    /// The text paints of a theme kind (`None` for mono, which has no colour).
    #[must_use]
    pub fn text_paints(kind: ThemeKind) -> Option<TextPaints> {
        match kind {
            ThemeKind::Dark => Some(DARK),
            ThemeKind::Light => Some(LIGHT),
            ThemeKind::Mono => None,
        }
    }

    fn colored(paints: &TextPaints, depth: Depth) -> Self {
        let Rgb(r, g, b) = paints.background;
        // Only a light theme paints its page: a dark one keeps the terminal's own black.
        let canvas = (paints.background != DARK.background).then(|| {
            (
                paints.text.color(depth),
                Paint::new(r, g, b, Color::White).color(depth),
            )
        });
        let fg = |paint: Paint| Style::new().fg(paint.color(depth));
        let bold = |paint: Paint| fg(paint).add_modifier(Modifier::BOLD);
        Self {
            text: fg(paints.text),
            dim: fg(paints.dim),
            title: bold(paints.accent),
            border: fg(paints.dim),
            cursor: Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            hover: Style::new().add_modifier(Modifier::UNDERLINED),
            selected: bold(paints.accent),
            mark: fg(paints.mark),
            good: bold(paints.good),
            error: bold(paints.error),
            first: bold(paints.first),
            second: bold(paints.second),
            ascii: false,
            board_depth: Some(depth),
            canvas,
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
            board_depth: None,
            canvas: None,
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
            board_depth: None,
            canvas: None,
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
