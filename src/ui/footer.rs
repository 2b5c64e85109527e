//! The footer line of key hints every screen shows, cut to the width available.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Widget};

use super::theme::Theme;

/// A key and what it does, for footers and the help overlay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyHint {
    /// The key as shown ("u", "←→", "Enter").
    pub key: String,
    /// What it does, in two or three words.
    pub what: String,
    /// Kept when space is short; the other hints give way, the last ones first.
    pub essential: bool,
}

impl KeyHint {
    /// A hint from any two strings.
    pub fn new(key: impl Into<String>, what: impl Into<String>) -> Self {
        Self {
            key: key.into(),
            what: what.into(),
            essential: false,
        }
    }

    /// A hint the footer never drops (help, leave): a newcomer in a small terminal must
    /// still learn how to get help and how to get out.
    pub fn essential(key: impl Into<String>, what: impl Into<String>) -> Self {
        Self {
            essential: true,
            ..Self::new(key, what)
        }
    }

    /// Columns the hint takes: the key, a space, what it does.
    fn width(&self) -> usize {
        super::text::width(&self.key) + 1 + super::text::width(&self.what)
    }
}

/// Key hints drawn as `key what · key what`, as many as fit.
pub struct Footer<'a> {
    /// The hints, most important first.
    pub hints: &'a [KeyHint],
    /// The theme.
    pub theme: &'a Theme,
}

impl Footer<'_> {
    /// Which hints fit in `width` columns: every essential one, then the others in order
    /// while they fit beside them, each separated by ` · `.
    fn chosen(&self, width: usize) -> Vec<&KeyHint> {
        const SEP: usize = 3;
        let cost = |hint: &KeyHint| hint.width() + SEP;
        let mut left = (width + SEP).saturating_sub(
            self.hints
                .iter()
                .filter(|hint| hint.essential)
                .map(cost)
                .sum::<usize>(),
        );
        self.hints
            .iter()
            .filter(|hint| {
                if hint.essential {
                    return true;
                }
                let fits = cost(hint) <= left;
                if fits {
                    left -= cost(hint);
                } else {
                    left = 0;
                }
                fits
            })
            .collect()
    }
}

impl Widget for Footer<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let mut spans = Vec::new();
        for hint in self.chosen(usize::from(area.width)) {
            if !spans.is_empty() {
                spans.push(Span::styled(" · ", self.theme.dim));
            }
            spans.push(Span::styled(hint.key.clone(), self.theme.title));
            spans.push(Span::styled(format!(" {}", hint.what), self.theme.text));
        }
        Line::from(spans).render(area, buf);
    }
}

/// Draws `hints` over the bottom row of `area`, replacing the footer of the screen below: a
/// dialog, form or prompt shows its own keys while it is open, never the keys of a screen
/// they do not reach.
pub fn render_over(frame: &mut Frame, area: Rect, hints: &[KeyHint], theme: &Theme) {
    if area.height == 0 {
        return;
    }
    let row = Rect::new(area.x, area.bottom() - 1, area.width, 1);
    frame.render_widget(Clear, row);
    frame.render_widget(Footer { hints, theme }, row);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn footer_text(hints: &[KeyHint], width: u16) -> String {
        let theme = Theme::new(crate::ui::theme::ThemeKind::Dark, false);
        let area = Rect::new(0, 0, width, 1);
        let mut buf = Buffer::empty(area);
        Footer {
            hints,
            theme: &theme,
        }
        .render(area, &mut buf);
        (0..width)
            .map(|x| buf[(x, 0)].symbol().to_string())
            .collect::<String>()
            .trim_end()
            .to_string()
    }

    #[test]
    fn help_and_leave_stay_when_space_is_short_and_the_rest_gives_way_in_order() {
        let hints = [
            KeyHint::new("←→", "column"),
            KeyHint::new("u", "undo"),
            KeyHint::new("r", "redo"),
            KeyHint::essential("?", "help"),
            KeyHint::essential("q", "leave"),
        ];
        assert_eq!(
            footer_text(&hints, 60),
            "←→ column · u undo · r redo · ? help · q leave"
        );
        assert_eq!(
            footer_text(&hints, 37),
            "←→ column · u undo · ? help · q leave"
        );
        assert_eq!(footer_text(&hints, 36), "←→ column · ? help · q leave");
        assert_eq!(footer_text(&hints, 20), "? help · q leave");
    }
}
