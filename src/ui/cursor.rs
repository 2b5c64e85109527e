//! The board cursor every square-grid game shares: arrow keys move it one square, clamped at
//! the edges, in board coordinates with `y` pointing up (as GAMES.md numbers squares).

use super::input::Action;

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
