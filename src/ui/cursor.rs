//! The board cursor every square-grid game shares: arrow keys move it one square, clamped at
//! the edges, in board coordinates with `y` pointing up (as GAMES.md numbers squares).

use ratatui::layout::Position;

use super::input::{Action, Event, MouseKind};

/// Where an arrow key moves a cursor at `(x, y)` on a `width`×`height` board; `None` when the
/// action is not an arrow (the caller handles it).
#[must_use]
pub fn arrow_step(action: Action, (x, y): (u8, u8), (width, height): (u8, u8)) -> Option<(u8, u8)> {
    let (max_x, max_y) = (width.saturating_sub(1), height.saturating_sub(1));
    match action {
        Action::Left => Some((x.saturating_sub(1), y)),
        Action::Right => Some((x.saturating_add(1).min(max_x), y)),
        Action::Up => Some((x, y.saturating_add(1).min(max_y))),
        Action::Down => Some((x, y.saturating_sub(1))),
        _ => None,
    }
}

/// A square board's cursor and the square under the mouse, and what keys and the mouse do
/// to them: the part of input handling every square-grid game shares, written once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SquareCursor {
    /// The cursor's square, `(x, y)` with `y` up.
    pub at: (u8, u8),
    /// The square under the mouse, if any.
    pub hover: Option<(u8, u8)>,
    /// The board's width and height in squares.
    pub size: (u8, u8),
}

/// What an event did to a [`SquareCursor`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CursorInput {
    /// The cursor moved or the mouse hovered: nothing for the game to do.
    Moved,
    /// A square was chosen: Enter on the cursor, or a click (the cursor moves there first).
    Chosen((u8, u8)),
    /// A click outside every square (a frame line, a label, beside the board).
    ClickedOff,
    /// Not a cursor event: the game's own keys (or the screen's) handle it.
    Other,
}

impl SquareCursor {
    /// A cursor at `at` on a board of `size`.
    #[must_use]
    pub fn new(at: (u8, u8), size: (u8, u8)) -> Self {
        Self {
            at,
            hover: None,
            size,
        }
    }

    /// Applies an event: arrows, Home and End move the cursor, Enter chooses its square, a
    /// click chooses the square under it (found by `square_at`, the board's own geometry),
    /// hovering marks the square under the mouse.
    pub fn handle(
        &mut self,
        event: &Event,
        square_at: impl Fn(Position) -> Option<(u8, u8)>,
    ) -> CursorInput {
        if let Some(mouse) = event.mouse() {
            let square = square_at(mouse.position());
            return match (mouse.kind, square) {
                (MouseKind::Click, Some(square)) => {
                    self.at = square;
                    CursorInput::Chosen(square)
                }
                (MouseKind::Click, None) => CursorInput::ClickedOff,
                (MouseKind::Hover, square) => {
                    self.hover = square;
                    CursorInput::Moved
                }
                _ => CursorInput::Other,
            };
        }
        match event.action() {
            Some(action @ (Action::Left | Action::Right | Action::Up | Action::Down)) => {
                if let Some(at) = arrow_step(action, self.at, self.size) {
                    self.at = at;
                }
                CursorInput::Moved
            }
            Some(Action::Home) => {
                self.at.0 = 0;
                CursorInput::Moved
            }
            Some(Action::End) => {
                self.at.0 = self.size.0.saturating_sub(1);
                CursorInput::Moved
            }
            Some(Action::Confirm) => CursorInput::Chosen(self.at),
            _ => CursorInput::Other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_move_one_square_and_stop_at_the_edges() {
        assert_eq!(arrow_step(Action::Up, (2, 2), (5, 5)), Some((2, 3)));
        assert_eq!(arrow_step(Action::Up, (2, 4), (5, 5)), Some((2, 4)));
        assert_eq!(arrow_step(Action::Down, (2, 0), (5, 5)), Some((2, 0)));
        assert_eq!(arrow_step(Action::Left, (0, 1), (5, 5)), Some((0, 1)));
        assert_eq!(arrow_step(Action::Right, (7, 1), (8, 8)), Some((7, 1)));
        assert_eq!(arrow_step(Action::Right, (3, 1), (8, 8)), Some((4, 1)));
        assert_eq!(arrow_step(Action::Confirm, (3, 1), (8, 8)), None);
    }
}
