//! A bordered list to choose one entry from (the position puzzles' lists): a title, one line
//! per entry with the cursor marked, scrolled to keep the cursor in view, and a line of key
//! hints. Drawing and the mouse use the same geometry ([`Picker::frame`]).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph};

use super::input::{Action, Event, MouseKind};
use super::list::list_step;
use super::theme::Theme;

/// What an event did to a picker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picked {
    /// Not the picker's business.
    Ignored,
    /// The cursor moved (or the event was used up).
    Moved,
    /// This entry was chosen (Enter, or a click on it).
    Chosen(usize),
}

/// The cursor of a list of entries and the list's place on screen.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Picker {
    /// The entry under the cursor.
    pub cursor: usize,
}

impl Picker {
    /// The list's frame in `area` for `count` entries at most `width` wide: centred, as tall
    /// as the entries, its borders and the hint line need, or the area's height.
    #[must_use]
    pub fn frame(area: Rect, width: u16, count: usize) -> Rect {
        let rows = u16::try_from(count).unwrap_or(u16::MAX).saturating_add(3);
        super::layout::centered(area, width.min(area.width), rows.min(area.height))
    }

    /// Entry lines that fit in `frame` (borders and the hint line take three rows).
    fn visible(frame: Rect) -> usize {
        usize::from(frame.height.saturating_sub(3)).max(1)
    }

    /// The first entry shown in `frame`: enough scrolled to keep the cursor in view.
    fn first_shown(self, frame: Rect) -> usize {
        (self.cursor + 1).saturating_sub(Self::visible(frame))
    }

    /// Moves the cursor or chooses, for a list of `count` entries drawn in `frame`: the list
    /// keys (↑/↓, pages, Home/End), the wheel, hovering and clicks, Enter.
    pub fn handle(&mut self, event: &Event, frame: Rect, count: usize) -> Picked {
        if let Some(mouse) = event.mouse() {
            let wheel = match mouse.kind {
                MouseKind::ScrollUp => Some(Action::Up),
                MouseKind::ScrollDown => Some(Action::Down),
                _ => None,
            };
            if let Some(action) = wheel {
                self.cursor = list_step(action, self.cursor, count, false).unwrap_or(self.cursor);
                return Picked::Moved;
            }
            let pos = mouse.position();
            let top = frame.y + 1;
            let inside = pos.x > frame.x && pos.x + 1 < frame.right() && pos.y >= top;
            let row = usize::from(pos.y.saturating_sub(top));
            let index = self.first_shown(frame) + row;
            if inside && row < Self::visible(frame) && index < count {
                self.cursor = index;
                if mouse.kind == MouseKind::Click {
                    return Picked::Chosen(index);
                }
                return Picked::Moved;
            }
            return Picked::Ignored;
        }
        match event.action() {
            Some(Action::Confirm) if count > 0 => Picked::Chosen(self.cursor.min(count - 1)),
            Some(action) => match list_step(action, self.cursor, count, false) {
                Some(next) => {
                    self.cursor = next;
                    Picked::Moved
                }
                None => Picked::Ignored,
            },
            None => Picked::Ignored,
        }
    }

    /// Draws `entries` in `frame` under `title`, the cursor's line marked, and `hint` (or a
    /// message) on the last line.
    pub fn render(
        self,
        frame: &mut Frame,
        area: Rect,
        title: &str,
        entries: &[String],
        hint: &str,
        theme: &Theme,
    ) {
        let first = self.first_shown(area);
        let last = (first + Self::visible(area)).min(entries.len());
        let room = usize::from(area.width.saturating_sub(2));
        let mut lines: Vec<Line> = (first..last)
            .map(|i| {
                let (marker, style) = if i == self.cursor {
                    (theme.glyph("▶", ">"), theme.selected)
                } else {
                    (" ", theme.text)
                };
                Line::styled(
                    crate::core::text::truncate(&format!("{marker}{}", entries[i]), room),
                    style,
                )
            })
            .collect();
        lines.push(Line::styled(
            crate::core::text::truncate(hint, room),
            theme.dim,
        ));
        frame.render_widget(
            Paragraph::new(lines).block(
                Block::new()
                    .borders(Borders::ALL)
                    .border_set(theme.border_set())
                    .border_style(theme.border)
                    .title(Line::styled(format!(" {title} "), theme.title)),
            ),
            area,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::input::MouseInput;

    fn click(x: u16, y: u16) -> Event {
        Event::Mouse(MouseInput {
            kind: MouseKind::Click,
            column: x,
            row: y,
        })
    }

    #[test]
    fn a_click_chooses_the_entry_drawn_on_that_row_even_when_scrolled() {
        let frame = Picker::frame(Rect::new(0, 0, 40, 8), 30, 20);
        assert_eq!(frame.height, 8);
        let mut picker = Picker { cursor: 9 };
        // Five entry rows: entries 5 to 9 are shown, the first on the row under the border.
        assert_eq!(
            picker.handle(&click(frame.x + 3, frame.y + 1), frame, 20),
            Picked::Chosen(5)
        );
        assert_eq!(
            picker.handle(&click(frame.x, frame.y + 1), frame, 20),
            Picked::Ignored
        );
        assert_eq!(
            picker.handle(&click(frame.x + 3, frame.bottom() - 2), frame, 20),
            Picked::Ignored
        );
    }
}
