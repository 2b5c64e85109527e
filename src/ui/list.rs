//! The selection in a vertical list (the menu, the load screen, Slide's levels, a record
//! file's games): one rule for every list, so the same keys and the same mouse gestures move
//! the same way on every screen.

use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Block;

use super::input::{Action, MouseInput, MouseKind};
use super::theme::Theme;

/// How many rows Page Up and Page Down move.
pub const PAGE: usize = 10;

/// A scrolled list's frame with how many items are out of sight: `↑ N more` at the top right
/// when `above` > 0, `↓ N more` at the bottom right when `below` > 0, so a list that goes on
/// never looks complete (the load screen, Slide's levels).
#[must_use]
pub fn with_more<'a>(block: Block<'a>, above: usize, below: usize, theme: &Theme) -> Block<'a> {
    let more = |arrow: &str, n: usize| {
        Line::styled(format!(" {arrow} {n} more "), theme.dim).right_aligned()
    };
    let block = if above > 0 {
        block.title(more(theme.glyph("↑", "^"), above))
    } else {
        block
    };
    if below > 0 {
        block.title_bottom(more(theme.glyph("↓", "v"), below))
    } else {
        block
    }
}

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

/// What a mouse event does to a list whose visible `rows` show the items from `first` on, with
/// `selected` of `count` items chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListMouse {
    /// A click on the row of this item: select it and open it.
    Open(usize),
    /// The selection moves here (the wheel).
    Select(usize),
    /// The pointer is over this row, or over none.
    Hover(Option<usize>),
    /// Nothing for the list (a right click).
    Nothing,
}

impl ListMouse {
    /// Applies the event to a list's `selected` item and `hover`ed row, and says which item
    /// to open (then selected), if any: the whole mouse rule of a row list in one call.
    pub fn apply(self, selected: &mut usize, hover: &mut Option<usize>) -> Option<usize> {
        match self {
            Self::Open(item) => {
                *selected = item;
                Some(item)
            }
            Self::Select(item) => {
                *selected = item;
                None
            }
            Self::Hover(row) => {
                *hover = row;
                None
            }
            Self::Nothing => None,
        }
    }
}

/// The one mouse rule of the load screen and the other row lists: a click opens the row's
/// item, hovering highlights it, the wheel moves the selection one item and stops at the ends.
#[must_use]
pub fn list_mouse(
    mouse: MouseInput,
    rows: &[Rect],
    first: usize,
    selected: usize,
    count: usize,
) -> ListMouse {
    let hit = rows
        .iter()
        .position(|r| r.contains(mouse.position()))
        .map(|i| i + first);
    match mouse.kind {
        MouseKind::Click => hit.map_or(ListMouse::Nothing, ListMouse::Open),
        MouseKind::Hover => ListMouse::Hover(hit),
        MouseKind::ScrollUp => ListMouse::Select(selected.saturating_sub(1)),
        MouseKind::ScrollDown => ListMouse::Select((selected + 1).min(count.saturating_sub(1))),
        MouseKind::RightClick => ListMouse::Nothing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_click_opens_its_row_the_wheel_steps_and_stops_at_the_ends() {
        // Rows 5..8 on screen show items 10, 11 and 12.
        let rows: Vec<Rect> = (5..8).map(|y| Rect::new(2, y, 20, 1)).collect();
        let at = |kind, column, row| MouseInput { kind, column, row };
        let click = |column, row| list_mouse(at(MouseKind::Click, column, row), &rows, 10, 11, 13);
        assert_eq!(click(3, 6), ListMouse::Open(11));
        assert_eq!(click(3, 7), ListMouse::Open(12));
        assert_eq!(click(30, 6), ListMouse::Nothing, "beside the rows");
        assert_eq!(click(3, 4), ListMouse::Nothing, "above the rows");
        let hover = list_mouse(at(MouseKind::Hover, 3, 5), &rows, 10, 11, 13);
        assert_eq!(hover, ListMouse::Hover(Some(10)));
        let off = list_mouse(at(MouseKind::Hover, 0, 0), &rows, 10, 11, 13);
        assert_eq!(off, ListMouse::Hover(None));
        let wheel = |kind, selected| list_mouse(at(kind, 0, 0), &rows, 10, selected, 13);
        assert_eq!(wheel(MouseKind::ScrollDown, 11), ListMouse::Select(12));
        assert_eq!(wheel(MouseKind::ScrollDown, 12), ListMouse::Select(12));
        assert_eq!(wheel(MouseKind::ScrollUp, 0), ListMouse::Select(0));
        assert_eq!(wheel(MouseKind::RightClick, 5), ListMouse::Nothing);
    }

    #[test]
    fn applying_moves_the_selection_or_the_hover_and_names_what_opens() {
        let (mut selected, mut hover) = (3, None);
        assert_eq!(ListMouse::Select(5).apply(&mut selected, &mut hover), None);
        assert_eq!((selected, hover), (5, None));
        assert_eq!(
            ListMouse::Hover(Some(7)).apply(&mut selected, &mut hover),
            None
        );
        assert_eq!((selected, hover), (5, Some(7)));
        assert_eq!(ListMouse::Open(8).apply(&mut selected, &mut hover), Some(8));
        assert_eq!((selected, hover), (8, Some(7)));
        assert_eq!(ListMouse::Nothing.apply(&mut selected, &mut hover), None);
        assert_eq!((selected, hover), (8, Some(7)));
    }

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
