//! A scrollable text overlay: a game's rules and controls, or Parlor's own help.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Wrap};

use crate::screen::{Ctx, KeyHint, Screen, Transition};
use crate::ui::input::{Action, Event, MouseKind};
use crate::ui::layout::centered;
use crate::ui::scroll::scroll_step;
use crate::ui::theme::Theme;

/// Help text in a frame over the current screen. ↑/↓, PgUp/PgDn and the wheel scroll; Esc,
/// `q`, `?`, Enter or a click outside close it.
pub struct HelpOverlay {
    title: String,
    lines: Vec<String>,
    scroll: u16,
}

impl HelpOverlay {
    /// An overlay with a title and text (Markdown-ish plain text from `assets/`).
    #[must_use]
    pub fn new(title: impl Into<String>, text: &str) -> Self {
        Self {
            title: title.into(),
            lines: text.lines().map(str::to_string).collect(),
            scroll: 0,
        }
    }

    /// Puts the current screen's keys first, under a "Keys" heading, one per line: the same
    /// hints its footer shows (so a remapped key reads the same in both), and the ones a
    /// narrow footer left out (`? keys`), readable without scrolling.
    #[must_use]
    pub fn with_keys(mut self, hints: &[KeyHint]) -> Self {
        let keys = std::iter::once("# Keys".to_string())
            .chain(hints.iter().map(|h| format!("  {:<8} {}", h.key, h.what)))
            .chain(std::iter::once(String::new()));
        self.lines.splice(0..0, keys);
        self
    }

    /// Adds lines at the end (the key list of the current screen).
    #[must_use]
    pub fn with_lines(mut self, lines: impl IntoIterator<Item = String>) -> Self {
        self.lines.extend(lines);
        self
    }

    fn popup(area: Rect) -> Rect {
        centered(
            area,
            area.width.saturating_sub(4).min(84),
            area.height.saturating_sub(2),
        )
    }

    /// How far the text can scroll: the rows it takes once wrapped to the popup's inner
    /// width, less the rows shown. Counting source lines instead stops short whenever long
    /// paragraphs wrap, leaving the end of the help unreachable.
    fn max_scroll(&self, area: Rect, theme: &Theme) -> u16 {
        let popup = Self::popup(area);
        let visible = popup.height.saturating_sub(2);
        let rows = self.body(theme).line_count(popup.width.saturating_sub(2));
        u16::try_from(rows)
            .unwrap_or(u16::MAX)
            .saturating_sub(visible)
    }

    /// The text as drawn (headings in the title style), wrapped at word boundaries.
    fn body(&self, theme: &Theme) -> Paragraph<'_> {
        let lines: Vec<Line> = self
            .lines
            .iter()
            .map(|l| {
                if l.starts_with('#') {
                    Line::styled(l.trim_start_matches('#').trim().to_string(), theme.title)
                } else {
                    Line::styled(l.as_str(), theme.text)
                }
            })
            .collect();
        Paragraph::new(lines).wrap(Wrap { trim: false })
    }
}

impl Screen for HelpOverlay {
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        let max = self.max_scroll(ctx.area, &ctx.theme);
        let page = Self::popup(ctx.area).height.saturating_sub(3);
        if let Some(top) = scroll_step(
            event,
            usize::from(self.scroll),
            usize::from(max),
            usize::from(page),
        ) {
            // Never beyond `max`, a u16.
            self.scroll = u16::try_from(top).unwrap_or(max);
            return Transition::Stay;
        }
        if let Some(mouse) = event.mouse() {
            if mouse.kind == MouseKind::Click && !Self::popup(ctx.area).contains(mouse.position()) {
                return Transition::Pop(None);
            }
            return Transition::Stay;
        }
        match event.action() {
            Some(Action::Back | Action::Quit | Action::Help | Action::Confirm) => {
                Transition::Pop(None)
            }
            _ => Transition::Stay,
        }
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let popup = Self::popup(area);
        frame.render_widget(Clear, popup);
        // After a resize the stored offset may lie past the new end: draw the end then.
        let max = self.max_scroll(area, theme);
        let scroll = self.scroll.min(max);
        let more = if scroll < max { " ↓ more " } else { "" };
        let block = crate::ui::layout::popup_block(&self.title, theme).title_bottom(Line::styled(
            format!(" {} close{more} ", ctx.config.keymap.key_name(Action::Back)),
            theme.dim,
        ));
        frame.render_widget(self.body(theme).block(block).scroll((scroll, 0)), popup);
    }

    fn is_opaque(&self) -> bool {
        false
    }
}
