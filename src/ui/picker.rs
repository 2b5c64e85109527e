//! A bordered list to choose one entry from (the position puzzles' lists): a title, one line
//! per entry (or the same few rows for every entry, when entries wrap) with the cursor
//! marked, scrolled to keep the cursor in view, and a line of key hints. Drawing and the
//! mouse use the same geometry ([`Picker::frame`], [`Picker::frame_rows`]).

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
        Self::frame_rows(area, width, count, 1)
    }

    /// [`Picker::frame`] for entries of `per_entry` rows each (a description wrapped under
    /// its title).
    #[must_use]
    pub fn frame_rows(area: Rect, width: u16, count: usize, per_entry: usize) -> Rect {
        let rows = u16::try_from(count.saturating_mul(per_entry.max(1)))
            .unwrap_or(u16::MAX)
            .saturating_add(3);
        super::layout::centered(area, width.min(area.width), rows.min(area.height))
    }

    /// Entries that fit in `frame` (borders and the hint line take three rows).
    fn visible(frame: Rect, per_entry: usize) -> usize {
        (usize::from(frame.height.saturating_sub(3)) / per_entry.max(1)).max(1)
    }

    /// The first entry shown in `frame`: enough scrolled to keep the cursor in view.
    fn first_shown(self, frame: Rect, per_entry: usize) -> usize {
        (self.cursor + 1).saturating_sub(Self::visible(frame, per_entry))
    }

    /// Moves the cursor or chooses, for a list of `count` entries drawn in `frame`: the list
    /// keys (↑/↓, pages, Home/End), the wheel, hovering and clicks, Enter.
    pub fn handle(&mut self, event: &Event, frame: Rect, count: usize) -> Picked {
        self.handle_rows(event, frame, count, 1)
    }

    /// [`Picker::handle`] for entries of `per_entry` rows each: a click on any row of an
    /// entry chooses it.
    pub fn handle_rows(
        &mut self,
        event: &Event,
        frame: Rect,
        count: usize,
        per_entry: usize,
    ) -> Picked {
        let per_entry = per_entry.max(1);
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
            let row = usize::from(pos.y.saturating_sub(top)) / per_entry;
            let index = self.first_shown(frame, per_entry) + row;
            if inside && row < Self::visible(frame, per_entry) && index < count {
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
        let entries: Vec<Vec<String>> = entries.iter().map(|e| vec![e.clone()]).collect();
        self.render_rows(frame, area, title, &entries, hint, theme);
    }

    /// [`Picker::render`] for entries of several rows each, as many as the first entry has
    /// (every entry the same, so clicks and rows agree); the cursor's rows are all marked.
    pub fn render_rows(
        self,
        frame: &mut Frame,
        area: Rect,
        title: &str,
        entries: &[Vec<String>],
        hint: &str,
        theme: &Theme,
    ) {
        let per_entry = entries.first().map_or(1, Vec::len).max(1);
        let first = self.first_shown(area, per_entry);
        let last = (first + Self::visible(area, per_entry)).min(entries.len());
        let room = usize::from(area.width.saturating_sub(2));
        let mut lines: Vec<Line> = Vec::new();
        for (i, entry) in entries.iter().enumerate().take(last).skip(first) {
            let (marker, style) = if i == self.cursor {
                (theme.glyph("▶", ">"), theme.selected)
            } else {
                (" ", theme.text)
            };
            for (row, text) in entry.iter().enumerate().take(per_entry) {
                let marker = if row == 0 { marker } else { " " };
                lines.push(Line::styled(
                    crate::core::text::truncate(&format!("{marker}{text}"), room),
                    style,
                ));
            }
        }
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
    fn a_click_on_any_row_of_a_tall_entry_chooses_it() {
        let frame = Picker::frame_rows(Rect::new(0, 0, 40, 20), 30, 4, 3);
        assert_eq!(frame.height, 15);
        let mut picker = Picker::default();
        // Entry 1's rows are the 4th to 6th under the border.
        for row in 3..6 {
            assert_eq!(
                picker.handle_rows(&click(frame.x + 3, frame.y + 1 + row), frame, 4, 3),
                Picked::Chosen(1)
            );
        }
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
