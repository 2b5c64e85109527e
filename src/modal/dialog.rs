//! A modal question with buttons ("Save before leaving?", "Game over"): a screen pushed over
//! the one that asks, replying with the chosen button's [`Answer`].

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::core::text;
use crate::screen::{Answer, Ctx, KeyHint, Reply, Screen, Transition};
use crate::ui::footer::bottom_row;
use crate::ui::input::{Action, Event, MouseKind};
use crate::ui::layout::centered;

/// A question with a row of buttons. Keys: ←/→ or Tab move, Enter chooses, Esc cancels; a
/// button's first letter chooses it too; the mouse clicks buttons and hovering highlights.
pub struct Dialog {
    title: String,
    message: Vec<String>,
    /// Each button's label and the answer it gives: the asking screen matches answers, never
    /// positions, so reordering the labels cannot change what a button does.
    buttons: Vec<(String, Answer)>,
    focus: usize,
    hover: Option<usize>,
    /// The button Esc stands for, if any (otherwise Esc replies [`Reply::Cancelled`]).
    cancel: Option<usize>,
    /// The button the leave key (`q`) stands for, if any; otherwise `q` is just a letter.
    leave: Option<usize>,
}

/// Where a dialog's parts are drawn: one function for drawing and hit-testing.
struct DialogLayout {
    popup: Rect,
    message: Rect,
    buttons: Vec<Rect>,
}

impl Dialog {
    /// A dialog with a title, message lines and buttons (at least one), each a label and the
    /// answer it replies.
    #[must_use]
    pub fn new(title: impl Into<String>, message: &[&str], buttons: &[(&str, Answer)]) -> Self {
        Self {
            title: title.into(),
            message: message.iter().map(|s| (*s).to_string()).collect(),
            buttons: buttons
                .iter()
                .map(|(label, answer)| ((*label).to_string(), *answer))
                .collect(),
            focus: 0,
            hover: None,
            cancel: None,
            leave: None,
        }
    }

    /// Makes the leave key (`q` by default) choose this button: on every screen that key
    /// leaves, so in a dialog it must pick the button that leaves, never one that does more.
    #[must_use]
    pub fn with_leave(mut self, answer: Answer) -> Self {
        self.leave = self.index_of(answer);
        self
    }

    /// Makes Esc choose this button instead of cancelling.
    #[must_use]
    pub fn with_cancel(mut self, answer: Answer) -> Self {
        self.cancel = self.index_of(answer);
        self
    }

    /// Starts with this button focused.
    #[must_use]
    pub fn with_focus(mut self, answer: Answer) -> Self {
        self.focus = self.index_of(answer).unwrap_or(0);
        self
    }

    fn index_of(&self, answer: Answer) -> Option<usize> {
        self.buttons.iter().position(|(_, a)| *a == answer)
    }

    fn layout(&self, area: Rect) -> DialogLayout {
        let buttons_width: u16 = self
            .buttons
            .iter()
            .map(|(b, _)| text::width(b) as u16 + 4)
            .sum::<u16>()
            + self.buttons.len().saturating_sub(1) as u16;
        let text_width = self
            .message
            .iter()
            .map(|l| text::width(l) as u16)
            .chain(std::iter::once(text::width(&self.title) as u16 + 2))
            .max()
            .unwrap_or(0);
        let width = text_width.max(buttons_width).saturating_add(4).max(24);
        let height = self.message.len() as u16 + 4;
        let popup = centered(area, width, height);
        let inner = Block::new().borders(Borders::ALL).inner(popup);
        let message = Rect {
            height: inner.height.saturating_sub(2),
            ..inner
        };
        let row = inner.bottom().saturating_sub(1);
        let mut x = inner.x + inner.width.saturating_sub(buttons_width) / 2;
        let buttons = self
            .buttons
            .iter()
            .map(|(label, _)| {
                let width = text::width(label) as u16 + 4;
                let rect = Rect::new(x, row, width, 1).intersection(inner);
                x = x.saturating_add(width + 1);
                rect
            })
            .collect();
        DialogLayout {
            popup,
            message,
            buttons,
        }
    }

    fn choose(&self, index: usize) -> Transition {
        match self.buttons.get(index) {
            Some((_, answer)) => Transition::Pop(Some(Reply::Choice(*answer))),
            None => Transition::Stay,
        }
    }
}

impl Screen for Dialog {
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        let count = self.buttons.len().max(1);
        if let Some(mouse) = event.mouse() {
            // The app draws every screen in the terminal's area, kept in `ctx.area`, so the
            // layout hit-tested here is the one drawn.
            let layout = self.layout(ctx.area);
            let hit = layout
                .buttons
                .iter()
                .position(|rect| rect.contains(mouse.position()));
            return match mouse.kind {
                MouseKind::Click => hit.map_or(Transition::Stay, |i| self.choose(i)),
                MouseKind::Hover => {
                    self.hover = hit;
                    if let Some(i) = hit {
                        self.focus = i;
                    }
                    Transition::Stay
                }
                _ => Transition::Stay,
            };
        }
        if let (Some(Action::Quit), Some(index)) = (event.action(), self.leave) {
            return self.choose(index);
        }
        match event.action() {
            Some(Action::Left | Action::PrevField | Action::Up) => {
                self.focus = (self.focus + count - 1) % count;
                Transition::Stay
            }
            Some(Action::Right | Action::NextField | Action::Down) => {
                self.focus = (self.focus + 1) % count;
                Transition::Stay
            }
            Some(Action::Confirm) => self.choose(self.focus),
            Some(Action::Back) => match self.cancel {
                Some(index) => self.choose(index),
                None => Transition::Pop(Some(Reply::Cancelled)),
            },
            _ => {
                let letter = event.text().map(|c| c.to_ascii_lowercase());
                let found = letter.and_then(|letter| {
                    self.buttons.iter().position(|(b, _)| {
                        b.chars().next().map(|c| c.to_ascii_lowercase()) == Some(letter)
                    })
                });
                found.map_or(Transition::Stay, |i| self.choose(i))
            }
        }
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        crate::screen::draw_footer(self, frame, area, ctx);
        let layout = self.layout(area);
        frame.render_widget(Clear, layout.popup);
        frame.render_widget(
            crate::ui::layout::popup_block(&self.title, theme),
            layout.popup,
        );
        let lines: Vec<Line> = self
            .message
            .iter()
            .map(|l| Line::styled(l.clone(), theme.text))
            .collect();
        frame.render_widget(
            Paragraph::new(lines)
                .alignment(Alignment::Center)
                .wrap(Wrap { trim: false }),
            layout.message,
        );
        for (i, ((label, _), rect)) in self.buttons.iter().zip(&layout.buttons).enumerate() {
            let style = if i == self.focus {
                theme.cursor
            } else if Some(i) == self.hover {
                theme.hover
            } else {
                theme.text
            };
            // The first letter chooses the button: it is underlined (no colour needed).
            let (open, close) = if i == self.focus {
                ("[ ", " ]")
            } else {
                ("  ", "  ")
            };
            let mut chars = label.chars();
            let first = chars.next().map(String::from).unwrap_or_default();
            let line = Line::from(vec![
                Span::styled(open, style),
                Span::styled(first, style.add_modifier(Modifier::UNDERLINED)),
                Span::styled(chars.as_str().to_string(), style),
                Span::styled(close, style),
            ]);
            frame.render_widget(Paragraph::new(line), *rect);
        }
    }

    fn footer(&self, area: Rect, ctx: &Ctx) -> Option<(Rect, Vec<KeyHint>)> {
        let keys = &ctx.config.keymap;
        Some((
            bottom_row(area),
            vec![
                KeyHint::new(keys.key_names(&[Action::Left, Action::Right]), "choose"),
                KeyHint::new(keys.key_name(Action::Confirm), "press").sends(Action::Confirm),
                KeyHint::new("letter", "underlined button"),
                KeyHint::essential(keys.key_name(Action::Back), "close").sends(Action::Back),
            ],
        ))
    }

    fn is_opaque(&self) -> bool {
        false
    }
}
