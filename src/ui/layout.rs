//! Placement helpers shared by screens: centred popups and the "enlarge the terminal" notice.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::theme::Theme;

/// A `width`×`height` rectangle centred in `area`, shrunk to fit.
#[must_use]
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

/// The frame of a popup (dialog, form, prompt, help): borders in the title style and the title
/// set in spaces, so every modal screen looks the same.
#[must_use]
pub fn popup_block(title: &str, theme: &Theme) -> Block<'static> {
    Block::new()
        .borders(Borders::ALL)
        .border_set(theme.border_set())
        .border_style(theme.title)
        .title(Line::styled(format!(" {title} "), theme.title))
}

/// Shown instead of a screen that does not fit: what size it needs.
pub fn render_too_small(frame: &mut Frame, area: Rect, need: (u16, u16), theme: &Theme) {
    let text = format!(
        "Terminal too small: enlarge to {}×{} (now {}×{})",
        need.0, need.1, area.width, area.height
    );
    let lines = u16::try_from(text.len()).unwrap_or(u16::MAX) / area.width.max(1) + 1;
    let inner = centered(area, area.width, lines);
    frame.render_widget(
        Paragraph::new(text)
            .style(theme.error)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true }),
        inner,
    );
}
