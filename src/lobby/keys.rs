//! The key bindings page (from Settings): every action with all its keys, as the keymap in
//! force has them, so a player can see which key does what without opening the config file,
//! and where to change them.

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use crate::screen::{Ctx, KeyHint, Screen, Transition};
use crate::ui::input::{Action, Event};
use crate::ui::scroll::scroll_step;

/// Width of the keys column.
const KEYS: usize = 18;

/// The most rows the note under the list takes.
const NOTE_ROWS: usize = 4;

/// The key bindings page: a list scrolled as every view is (`ui::scroll`).
#[derive(Debug, Default)]
pub struct KeysScreen {
    /// The first action shown.
    top: usize,
}

struct KeysLayout {
    title: Rect,
    list: Rect,
    note: Rect,
    footer: Rect,
}

impl KeysScreen {
    /// The page scrolled to the top.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The page's parts: the note under the list as tall as it wraps to (a narrow terminal
    /// must not lose its end), the list the rest. Drawing and scrolling both use it.
    fn layout(area: Rect, ctx: &Ctx) -> KeysLayout {
        let note_rows = Self::note_rows(area.width, ctx).len().clamp(1, NOTE_ROWS);
        let [title, _, list, note, footer] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Min(3),
            Constraint::Length(note_rows as u16),
            Constraint::Length(1),
        ])
        .areas(area);
        KeysLayout {
            title,
            list,
            note,
            footer,
        }
    }

    /// The first row that may be at the top: the list never scrolls past its end.
    fn last_top(area: Rect, ctx: &Ctx) -> usize {
        Action::ALL
            .len()
            .saturating_sub(usize::from(Self::layout(area, ctx).list.height))
    }

    /// The note wrapped to `width` (a long config path gives up its first folders).
    fn note_rows(width: u16, ctx: &Ctx) -> Vec<String> {
        crate::core::text::wrap_with_paths(&Self::note(ctx), usize::from(width), NOTE_ROWS)
    }

    /// Where the bindings are changed, under the list.
    fn note(ctx: &Ctx) -> String {
        let note = match &ctx.config_file {
            Some(path) => format!(
                "Change them in the [keys] section of {} (Ctrl-C quits, Ctrl-Z suspends).",
                ctx.shown_path(path)
            ),
            None => "Change them in the [keys] section of a config file given with --config."
                .to_string(),
        };
        crate::core::text::sanitize(&note)
    }

    fn hints(ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
        vec![
            KeyHint::new(keys.key_names(&[Action::Up, Action::Down]), "scroll"),
            KeyHint::essential(keys.key_name(Action::Back), "back").sends(Action::Back),
        ]
    }
}

impl Screen for KeysScreen {
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        let area = ctx.area;
        let page = usize::from(Self::layout(area, ctx).list.height);
        if let Some(top) = scroll_step(event, self.top, Self::last_top(area, ctx), page) {
            self.top = top;
            return Transition::Stay;
        }
        match event.action() {
            Some(Action::Back | Action::Quit | Action::Confirm) => Transition::Pop(None),
            _ => Transition::Stay,
        }
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let layout = Self::layout(area, ctx);
        let top = self.top.min(Self::last_top(area, ctx));
        let shown = usize::from(layout.list.height);
        let more_above = top > 0;
        let more_below = top + shown < Action::ALL.len();
        let title = match (more_above, more_below) {
            (true, true) => "Key bindings (more above and below)".to_string(),
            (true, false) => "Key bindings (more above)".to_string(),
            (false, true) => "Key bindings (more below)".to_string(),
            (false, false) => "Key bindings".to_string(),
        };
        frame.render_widget(
            Paragraph::new(Line::styled(title, theme.title)).alignment(Alignment::Center),
            layout.title,
        );
        let keymap = &ctx.config.keymap;
        for (row, action) in Action::ALL.iter().skip(top).take(shown).enumerate() {
            let keys = keymap.all_key_names(*action).join(" ");
            let pad = KEYS.saturating_sub(crate::core::text::width(&keys));
            let text = format!(" {keys}{:pad$} {}", "", action.describe());
            let rect = Rect::new(
                layout.list.x,
                layout.list.y + row as u16,
                layout.list.width,
                1,
            );
            frame.render_widget(
                Paragraph::new(crate::core::text::truncate(&text, usize::from(rect.width)))
                    .style(theme.text),
                rect,
            );
        }
        let note: Vec<Line> = Self::note_rows(layout.note.width, ctx)
            .into_iter()
            .map(|row| Line::styled(row, theme.dim))
            .collect();
        frame.render_widget(Paragraph::new(note), layout.note);
        crate::screen::draw_footer(self, frame, area, ctx);
    }

    fn footer(&self, area: Rect, ctx: &Ctx) -> Option<(Rect, Vec<KeyHint>)> {
        Some((Self::layout(area, ctx).footer, Self::hints(ctx)))
    }

    fn min_size(&self, _ctx: &Ctx) -> (u16, u16) {
        (40, 10)
    }
}
