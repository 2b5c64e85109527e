//! The selection in a vertical list (the menu, the load screen, Slide's levels): one rule for
//! every list, so the same keys move the same way on every screen.

use super::input::Action;

/// How many rows Page Up and Page Down move.
pub const PAGE: usize = 10;

/// Where `action` moves a selection at `selected` in a list of `count` items, or `None` when
/// the action is not a list movement (the caller handles it). ↑/↓ step, Page Up/Down move a page
/// and stop at the ends, Home/End jump there. A short list that `wraps` (the menu) goes round
/// from the last item to the first with ↓ and back with ↑.
#[must_use]
pub fn list_step(action: Action, selected: usize, count: usize, wraps: bool) -> Option<usize> {
    let last = count.saturating_sub(1);
    let selected = selected.min(last);
    Some(match action {
        Action::Up if wraps && selected == 0 => last,
        Action::Up => selected.saturating_sub(1),
        Action::Down if wraps && selected == last => 0,
        Action::Down => (selected + 1).min(last),
        Action::PageUp => selected.saturating_sub(PAGE),
        Action::PageDown => (selected + PAGE).min(last),
        Action::Home => 0,
        Action::End => last,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_pages_and_ends() {
        assert_eq!(list_step(Action::Down, 3, 21, false), Some(4));
        assert_eq!(list_step(Action::Up, 0, 21, false), Some(0));
        assert_eq!(list_step(Action::Down, 20, 21, false), Some(20));
        assert_eq!(list_step(Action::PageDown, 3, 21, false), Some(13));
        assert_eq!(list_step(Action::PageDown, 15, 21, false), Some(20));
        assert_eq!(list_step(Action::PageUp, 15, 21, false), Some(5));
        assert_eq!(list_step(Action::PageUp, 4, 21, false), Some(0));
        assert_eq!(list_step(Action::Home, 9, 21, false), Some(0));
        assert_eq!(list_step(Action::End, 9, 21, false), Some(20));
        assert_eq!(list_step(Action::Confirm, 9, 21, false), None);
    }

    #[test]
    fn a_wrapping_list_goes_round_only_with_the_arrows() {
        assert_eq!(list_step(Action::Up, 0, 5, true), Some(4));
        assert_eq!(list_step(Action::Down, 4, 5, true), Some(0));
        assert_eq!(list_step(Action::PageDown, 4, 5, true), Some(4));
    }

    #[test]
    fn an_empty_list_stays_at_zero() {
        for action in [Action::Up, Action::Down, Action::PageDown, Action::End] {
            assert_eq!(list_step(action, 0, 0, false), Some(0));
            assert_eq!(list_step(action, 0, 0, true), Some(0));
        }
    }
}
