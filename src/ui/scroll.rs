//! The scrolling of a view taller than its room (help pages, the statistics table, the key
//! bindings page): one rule for every such view, so the same keys and the wheel move the same
//! way everywhere. Lists with a selection use [`super::list`] instead.

use super::input::{Action, Event, MouseKind};

/// Rows one wheel notch scrolls.
pub const WHEEL_ROWS: usize = 3;

/// The new first row after `event` in a view scrolled to `top` that can go down to `max`,
/// `page` rows at a time: ↑/↓ one row, Page Up/Down a page, Home/End the ends, the wheel
/// [`WHEEL_ROWS`]. `None` when the event is not a scroll (the caller handles it).
#[must_use]
pub fn scroll_step(event: &Event, top: usize, max: usize, page: usize) -> Option<usize> {
    let page = page.max(1);
    let top = top.min(max);
    if let Some(mouse) = event.mouse() {
        return match mouse.kind {
            MouseKind::ScrollUp => Some(top.saturating_sub(WHEEL_ROWS)),
            MouseKind::ScrollDown => Some((top + WHEEL_ROWS).min(max)),
            MouseKind::Click | MouseKind::Hover | MouseKind::RightClick => None,
        };
    }
    match event.action()? {
        Action::Up => Some(top.saturating_sub(1)),
        Action::Down => Some((top + 1).min(max)),
        Action::PageUp => Some(top.saturating_sub(page)),
        Action::PageDown => Some((top + page).min(max)),
        Action::Home => Some(0),
        Action::End => Some(max),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::input::{KeyInput, MouseInput};

    fn key(action: Action) -> Event {
        Event::Key(KeyInput {
            action: Some(action),
            text: None,
        })
    }

    fn wheel(kind: MouseKind) -> Event {
        Event::Mouse(MouseInput {
            kind,
            column: 0,
            row: 0,
        })
    }

    #[test]
    fn every_scroll_input_stays_within_the_view() {
        assert_eq!(scroll_step(&key(Action::Down), 4, 5, 3), Some(5));
        assert_eq!(scroll_step(&key(Action::Down), 5, 5, 3), Some(5));
        assert_eq!(scroll_step(&key(Action::Up), 0, 5, 3), Some(0));
        assert_eq!(scroll_step(&key(Action::PageDown), 1, 5, 3), Some(4));
        assert_eq!(scroll_step(&key(Action::PageDown), 4, 5, 3), Some(5));
        assert_eq!(scroll_step(&key(Action::PageUp), 4, 5, 3), Some(1));
        assert_eq!(scroll_step(&key(Action::Home), 4, 5, 3), Some(0));
        assert_eq!(scroll_step(&key(Action::End), 0, 5, 3), Some(5));
        assert_eq!(scroll_step(&wheel(MouseKind::ScrollDown), 0, 5, 3), Some(3));
        assert_eq!(scroll_step(&wheel(MouseKind::ScrollDown), 4, 5, 3), Some(5));
        assert_eq!(scroll_step(&wheel(MouseKind::ScrollUp), 2, 5, 3), Some(0));
        // A view that shrank below where it was scrolled comes back within it.
        assert_eq!(scroll_step(&key(Action::Up), 9, 5, 3), Some(4));
        assert_eq!(scroll_step(&key(Action::Back), 2, 5, 3), None);
        assert_eq!(scroll_step(&wheel(MouseKind::Click), 2, 5, 3), None);
    }
}
