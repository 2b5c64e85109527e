//! A scrollable text overlay: a game's rules and controls, or Parlor's own help.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::screen::{Ctx, KeyHint, Screen, Transition};
use crate::ui::input::{Action, Event, MouseKind};
use crate::ui::layout::centered;
use crate::ui::scroll::scroll_step;
use crate::ui::theme::Theme;

/// Help text in a frame over the current screen. ↑/↓, PgUp/PgDn and the wheel scroll; Esc,
/// `q`, `?`, Enter, a click outside or on the "Esc close" label close it.
pub struct HelpOverlay {
    title: String,
    /// The current screen's keys, each "key what" ("u undo"), drawn as one paragraph above
    /// the text.
    keys: Vec<String>,
    lines: Vec<String>,
    scroll: u16,
}

/// The word before the key paragraph; its continuation rows are indented to line up after it.
const KEYS_LABEL: &str = "Keys:";

/// Between two keys of the paragraph, as in the footer.
const SEPARATOR: &str = " · ";

impl HelpOverlay {
    /// An overlay with a title and text (Markdown-ish plain text from `assets/`).
    #[must_use]
    pub fn new(title: impl Into<String>, text: &str) -> Self {
        Self {
            title: title.into(),
            keys: Vec::new(),
            lines: text.lines().map(str::to_string).collect(),
            scroll: 0,
        }
    }

    /// Puts the current screen's keys above the text as one compact paragraph ("Keys: u undo ·
    /// r redo · …", wrapped between keys, never inside one): the same hints its footer shows
    /// (so a remapped key reads the same in both), the ones a narrow footer left out
    /// (`? keys`) included, all readable on the first page while the rules still start in
    /// view below them.
    #[must_use]
    pub fn with_keys(mut self, hints: &[KeyHint]) -> Self {
        self.keys
            .extend(hints.iter().map(|h| format!("{} {}", h.key, h.what)));
        self
    }

    /// The key paragraph packed into rows of `width` columns: "Keys:" and the first keys,
    /// then rows indented under them; a row breaks only between two keys.
    fn key_rows(&self, width: usize) -> Vec<Vec<&str>> {
        let indent = crate::core::text::width(KEYS_LABEL) + 1;
        let gap = crate::core::text::width(SEPARATOR);
        let mut rows: Vec<Vec<&str>> = Vec::new();
        let mut used = 0;
        for key in &self.keys {
            let key_width = crate::core::text::width(key);
            match rows.last_mut() {
                Some(row) if used + gap + key_width <= width => {
                    row.push(key);
                    used += gap + key_width;
                }
                _ => {
                    rows.push(vec![key.as_str()]);
                    used = indent + key_width;
                }
            }
        }
        rows
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
        let rows = self.body(theme, popup.width.saturating_sub(2)).len();
        u16::try_from(rows)
            .unwrap_or(u16::MAX)
            .saturating_sub(visible)
    }

    /// The text as drawn `width` columns wide: the key paragraph, then the text (see
    /// [`super::help_text`]: headings in the title style, Markdown's marks drawn as styles,
    /// wrapped rows hanging under their item), already wrapped, so the rows counted for
    /// scrolling are the rows drawn.
    fn body(&self, theme: &Theme, width: u16) -> Vec<Line<'_>> {
        let indent = " ".repeat(crate::core::text::width(KEYS_LABEL) + 1);
        let mut lines: Vec<Line> = self
            .key_rows(usize::from(width))
            .into_iter()
            .enumerate()
            .map(|(i, row)| {
                let lead = if i == 0 {
                    Span::styled(format!("{KEYS_LABEL} "), theme.title)
                } else {
                    Span::raw(indent.clone())
                };
                Line::from(vec![lead, Span::styled(row.join(SEPARATOR), theme.text)])
            })
            .collect();
        if !lines.is_empty() && !self.lines.is_empty() {
            lines.push(Line::default());
        }
        lines.extend(super::help_text::rows(
            &self.lines,
            usize::from(width),
            theme,
        ));
        lines
    }

    /// The border's labels at the popup's foot: "Esc close", and "↓ more" while the text goes
    /// on below, each with the cells it is drawn in; a click on the first closes the help, on
    /// the second scrolls a page. Drawing and the mouse both use it.
    fn foot_labels(&self, area: Rect, ctx: &Ctx) -> Vec<(Rect, String)> {
        let popup = Self::popup(area);
        let more = self.scroll < self.max_scroll(area, &ctx.theme);
        let mut labels = vec![format!(
            " {} close ",
            ctx.config.keymap.key_name(Action::Back)
        )];
        if more {
            labels.push(format!("{} more ", ctx.theme.glyph("↓", "v")));
        }
        let mut x = popup.x.saturating_add(1);
        let y = popup.bottom().saturating_sub(1);
        labels
            .into_iter()
            .map(|label| {
                let w = u16::try_from(crate::core::text::width(&label)).unwrap_or(u16::MAX);
                let rect = Rect::new(x, y, w, 1).intersection(Rect {
                    x: popup.x.saturating_add(1),
                    width: popup.width.saturating_sub(2),
                    ..popup
                });
                x = x.saturating_add(w);
                (rect, label)
            })
            .collect()
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
            if mouse.kind == MouseKind::Click {
                let labels = self.foot_labels(ctx.area, ctx);
                let on = |i: usize| {
                    labels
                        .get(i)
                        .is_some_and(|(rect, _)| rect.contains(mouse.position()))
                };
                if on(0) || !Self::popup(ctx.area).contains(mouse.position()) {
                    return Transition::Pop(None);
                }
                if on(1) {
                    self.scroll = self.scroll.saturating_add(page).min(max);
                }
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
        let scroll = self.scroll.min(self.max_scroll(area, theme));
        frame.render_widget(
            Paragraph::new(self.body(theme, popup.width.saturating_sub(2)))
                .block(crate::ui::layout::popup_block(&self.title, theme))
                .scroll((scroll, 0)),
            popup,
        );
        for (rect, label) in self.foot_labels(area, ctx) {
            frame.render_widget(Paragraph::new(Line::styled(label, theme.dim)), rect);
        }
    }

    fn is_opaque(&self) -> bool {
        false
    }
}
