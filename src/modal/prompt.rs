//! A one-line text prompt ("File to import:"), replying with the text typed.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph};

use crate::screen::{Ctx, KeyHint, Reply, Screen, Transition};
use crate::ui::footer::bottom_row;
use crate::ui::input::{Action, Event, MouseKind};
use crate::ui::layout::centered;

/// The longest text a prompt takes (a path).
const MAX_CHARS: usize = 400;

/// A framed text field; Enter replies [`Reply::Text`], Esc [`Reply::Cancelled`].
pub struct Prompt {
    title: String,
    label: String,
    value: String,
    /// Why the last text was refused, shown under the field until the prompt closes.
    error: Option<String>,
}

impl Prompt {
    /// A prompt with a title and a label before the field.
    #[must_use]
    pub fn new(title: impl Into<String>, label: impl Into<String>) -> Self {
        Self {
            title: title.into(),
            label: label.into(),
            value: String::new(),
            error: None,
        }
    }

    /// The same prompt saying why the text it was given was refused ("Cannot open that ID:
    /// …"), wrapped under the field: the reason is read where the text is corrected, whole
    /// on the smallest screen.
    #[must_use]
    pub fn with_error(mut self, error: impl Into<String>) -> Self {
        self.error = Some(crate::core::text::sanitize(&error.into()));
        self
    }

    /// The same prompt with `value` already typed (a suggested path the user can edit).
    #[must_use]
    pub fn with_value(mut self, value: &str) -> Self {
        self.value = value
            .chars()
            .filter(|&c| !crate::core::text::is_unsafe(c))
            .take(MAX_CHARS)
            .collect();
        self
    }

    /// A prompt for a file to save a game to, suggesting `<id>.toml` in the working folder
    /// (where the saves folder could not be written).
    #[must_use]
    pub fn save_elsewhere(title: &str, id: &str) -> Self {
        let suggestion = std::env::current_dir()
            .unwrap_or_default()
            .join(format!("{id}.toml"));
        Self::new(title, "File:").with_value(&suggestion.display().to_string())
    }

    /// The popup, the label's lines and the error's lines in it: 64 columns or the screen's
    /// width, label and error wrapped to the room inside (a long label or reason is never cut
    /// off on a narrow screen), the field and the keys' line between and below them. Drawing
    /// and the mouse's hit test both use it.
    fn layout(&self, area: Rect) -> (Rect, Vec<String>, Vec<String>) {
        let width = 64.min(area.width);
        let room = usize::from(width.saturating_sub(4));
        let lines = crate::core::text::wrap(&self.label, room);
        let error = self
            .error
            .as_deref()
            .map(|error| crate::core::text::wrap(error, room))
            .unwrap_or_default();
        let height = u16::try_from(lines.len() + error.len())
            .unwrap_or(u16::MAX)
            .saturating_add(4);
        (centered(area, width, height), lines, error)
    }
}

impl Screen for Prompt {
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        if let Some(mouse) = event.mouse() {
            if mouse.kind == MouseKind::Click && !self.layout(ctx.area).0.contains(mouse.position())
            {
                return Transition::Pop(Some(Reply::Cancelled));
            }
            return Transition::Stay;
        }
        if let Some(c) = event.text() {
            if !crate::core::text::is_unsafe(c) && self.value.chars().count() < MAX_CHARS {
                self.value.push(c);
            }
            return Transition::Stay;
        }
        match event.action() {
            Some(Action::Backspace) => {
                self.value.pop();
                Transition::Stay
            }
            Some(Action::Confirm) if !self.value.trim().is_empty() => {
                Transition::Pop(Some(Reply::Text(self.value.trim().to_string())))
            }
            Some(Action::Back) => Transition::Pop(Some(Reply::Cancelled)),
            _ => Transition::Stay,
        }
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        crate::screen::draw_footer(self, frame, area, ctx);
        let (popup, label, error) = self.layout(area);
        frame.render_widget(Clear, popup);
        let width = usize::from(popup.width.saturating_sub(4));
        // The end of the text, where the cursor is, stays in view (by display width: a wide
        // character takes two columns).
        let shown = crate::core::text::tail(&self.value, width.saturating_sub(1));
        frame.render_widget(
            Paragraph::new(
                label
                    .into_iter()
                    .map(|line| Line::styled(line, theme.dim))
                    .chain([Line::styled(format!("{shown}_"), theme.cursor)])
                    .chain(
                        error
                            .into_iter()
                            .map(|line| Line::styled(line, theme.error)),
                    )
                    .chain([Line::styled(
                        format!(
                            "{} done · {} cancel",
                            ctx.config.keymap.key_name(Action::Confirm),
                            ctx.config.keymap.key_name(Action::Back)
                        ),
                        theme.dim,
                    )])
                    .collect::<Vec<_>>(),
            )
            .block(crate::ui::layout::popup_block(&self.title, theme)),
            popup,
        );
    }

    fn footer(&self, area: Rect, ctx: &Ctx) -> Option<(Rect, Vec<KeyHint>)> {
        let keys = &ctx.config.keymap;
        Some((
            bottom_row(area),
            vec![
                KeyHint::new("type", "the text"),
                KeyHint::new(keys.key_name(Action::Confirm), "done").sends(Action::Confirm),
                KeyHint::essential(keys.key_name(Action::Back), "cancel").sends(Action::Back),
            ],
        ))
    }

    fn is_opaque(&self) -> bool {
        false
    }
}
