//! The footer line of key hints every screen shows, cut to the width available.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Widget};

use super::text;
use super::theme::Theme;
use crate::screen::KeyHint;

/// Key hints drawn as `key what · key what`, as many as fit.
pub struct Footer<'a> {
    /// The hints, most important first.
    pub hints: &'a [KeyHint],
    /// The theme.
    pub theme: &'a Theme,
}

impl Widget for Footer<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let mut spans = Vec::new();
        let mut used = 0usize;
        let width = usize::from(area.width);
        for hint in self.hints {
            let sep = if spans.is_empty() { 0 } else { 3 };
            let need = sep + text::width(&hint.key) + 1 + text::width(&hint.what);
            if used + need > width {
                break;
            }
            if sep > 0 {
                spans.push(Span::styled(" · ", self.theme.dim));
            }
            spans.push(Span::styled(hint.key.clone(), self.theme.title));
            spans.push(Span::styled(format!(" {}", hint.what), self.theme.text));
            used += need;
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
