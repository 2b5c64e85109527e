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

/// Shown instead of a screen that does not fit: what it needs, named only on the axis that
/// is short (a terminal wide enough is never asked to be "enlarged" to fewer columns), and the
/// keys that still work.
pub fn render_too_small(
    frame: &mut Frame,
    area: Rect,
    need: (u16, u16),
    keys: &str,
    theme: &Theme,
) {
    let text = too_small_text(need, (area.width, area.height));
    let text = format!("{text} · {keys}");
    let lines =
        u16::try_from(crate::core::text::width(&text)).unwrap_or(u16::MAX) / area.width.max(1) + 2;
    let inner = centered(area, area.width, lines);
    frame.render_widget(
        Paragraph::new(text)
            .style(theme.error)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true }),
        inner,
    );
}

/// The notice's sentence for a terminal of `now` that needs `need`.
#[must_use]
pub fn too_small_text(need: (u16, u16), now: (u16, u16)) -> String {
    match (now.0 < need.0, now.1 < need.1) {
        (true, true) => format!(
            "Terminal too small: enlarge to {}×{} (now {}×{})",
            need.0, need.1, now.0, now.1
        ),
        (true, false) => format!(
            "Terminal too narrow: needs {} columns (now {})",
            need.0, now.0
        ),
        _ => format!("Terminal too short: needs {} rows (now {})", need.1, now.1),
    }
}
