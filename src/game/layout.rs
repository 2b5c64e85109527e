//! Where the parts of a game screen go: one function for drawing and hit-testing alike.

use ratatui::layout::{Constraint, Layout, Rect};

/// Width of the side panel (players, status, move history).
pub const SIDE_WIDTH: u16 = 28;

/// The rectangles of a game screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameLayout {
    /// The title row.
    pub header: Rect,
    /// Where the board is drawn and hit-tested.
    pub board: Rect,
    /// The side panel: the game box and the move history.
    pub side: Rect,
    /// The status line.
    pub status: Rect,
    /// The key hints.
    pub footer: Rect,
}

impl GameLayout {
    /// Lays a game screen out in `area`.
    #[must_use]
    pub fn new(area: Rect) -> Self {
        let [header, body, status, footer] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let [board, side] =
            Layout::horizontal([Constraint::Min(1), Constraint::Length(SIDE_WIDTH)]).areas(body);
        Self {
            header,
            board,
            side,
            status,
            footer,
        }
    }
}
