//! Where the parts of a game screen go, in every terminal size: one function for drawing and
//! hit-testing alike, decided here for every game rather than patched per game.
//!
//! Two arrangements:
//! - **side**: the board with the side panel (players, status, move history) to its right. On
//!   a big terminal the board and panel are centred together instead of the panel being
//!   pinned to the far edge.
//! - **strip**: when the side panel would squeeze the board, it folds into a strip of lines
//!   above the board (players and status); the history opens as an overlay.
//!
//! The board itself picks its size tier inside the area it is given (see
//! [`crate::ui::board`]).

use ratatui::layout::{Constraint, Layout, Rect};

/// Rows the analysis strip asks for: a heading and the values.
pub(super) const STRIP_ROWS: u16 = 2;

/// Width of the side panel (players, status, move history).
pub const SIDE_WIDTH: u16 = 28;

/// Lines of the folded panel above the board.
pub const STRIP_HEIGHT: u16 = 2;

/// Columns left free on each side of a board placed beside the panel on a big terminal.
const BOARD_MARGIN: u16 = 2;

/// The narrowest board column when there is room: a board's notes under it (a pass, a
/// prompt) are sentences, wider than a small board.
const BOARD_COLUMN: u16 = 52;

/// The sizes of a board the layout chooses between.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardSizes {
    /// The smallest area the board can be drawn in at all.
    pub min: (u16, u16),
    /// The area of its classic look: the layout folds the panel before going below it.
    pub preferred: (u16, u16),
}

/// How the side panel is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Panel {
    /// A column right of the board.
    Side(Rect),
    /// Lines above the board.
    Strip(Rect),
}

/// The rectangles of a game screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameLayout {
    /// The title row.
    pub header: Rect,
    /// Where the board is drawn and hit-tested.
    pub board: Rect,
    /// The side panel or its folded strip.
    pub panel: Panel,
    /// The analysis strip under the board and panel (one or two rows), when it is shown
    /// and there is room for it.
    pub analysis: Option<Rect>,
    /// The status line.
    pub status: Rect,
    /// The key hints.
    pub footer: Rect,
}

impl GameLayout {
    /// Lays a game screen out in `area` for a board of `sizes`; `extent` says how much of an
    /// area the board really covers once drawn there (its tier's size), so a big terminal can
    /// centre board and panel together.
    #[must_use]
    pub fn new(area: Rect, sizes: BoardSizes, extent: impl Fn(Rect) -> (u16, u16)) -> Self {
        Self::with_analysis(area, sizes, 0, extent)
    }

    /// [`GameLayout::new`] with up to `analysis_rows` rows kept under the board for the
    /// analysis strip: as many as the board can spare while it keeps its smallest size.
    #[must_use]
    pub fn with_analysis(
        area: Rect,
        sizes: BoardSizes,
        analysis_rows: u16,
        extent: impl Fn(Rect) -> (u16, u16),
    ) -> Self {
        let [header, body, status, footer] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        // The board beside the panel needs its own height; folded, the strip's rows too.
        let needed = if body.width.saturating_sub(SIDE_WIDTH) >= sizes.min.0 {
            sizes.min.1
        } else {
            sizes.min.1.saturating_add(STRIP_HEIGHT)
        };
        let rows = analysis_rows.min(body.height.saturating_sub(needed));
        let [body, analysis] =
            Layout::vertical([Constraint::Min(0), Constraint::Length(rows)]).areas(body);
        let analysis = (rows > 0).then_some(analysis);
        let beside = Rect {
            width: body.width.saturating_sub(SIDE_WIDTH),
            ..body
        };
        let [strip, below] =
            Layout::vertical([Constraint::Length(STRIP_HEIGHT), Constraint::Min(0)]).areas(body);
        let fits = |rect: Rect, (w, h): (u16, u16)| rect.width >= w && rect.height >= h;
        let side = fits(beside, sizes.preferred)
            || (!fits(below, sizes.preferred) && fits(beside, sizes.min));
        if !side {
            return Self {
                header,
                board: below,
                panel: Panel::Strip(strip),
                analysis,
                status,
                footer,
            };
        }
        // Board and panel side by side, centred together when the board leaves room.
        let (board_width, _) = extent(beside);
        let board_width = board_width
            .saturating_add(2 * BOARD_MARGIN)
            .max(BOARD_COLUMN)
            .min(beside.width);
        let spare = beside.width - board_width;
        let board = Rect {
            x: body.x + spare / 2,
            width: board_width,
            ..body
        };
        let panel = Rect {
            x: board.right(),
            width: SIDE_WIDTH.min(body.width),
            ..body
        };
        Self {
            header,
            board,
            panel: Panel::Side(panel),
            analysis,
            status,
            footer,
        }
    }

    /// The smallest screen a board of `sizes` can be played in (the strip arrangement, with
    /// room for the footer's essential keys).
    #[must_use]
    pub fn min_size(sizes: BoardSizes) -> (u16, u16) {
        (
            sizes.min.0.max(MIN_WIDTH),
            sizes.min.1.saturating_add(3 + STRIP_HEIGHT),
        )
    }

    /// The side panel's rectangle, when it is shown as a column.
    #[must_use]
    pub fn side(&self) -> Option<Rect> {
        match self.panel {
            Panel::Side(rect) => Some(rect),
            Panel::Strip(_) => None,
        }
    }
}

/// The narrowest game screen: the status line and the footer's help and leave keys.
const MIN_WIDTH: u16 = 32;

#[cfg(test)]
mod tests {
    use super::*;

    const SIZES: BoardSizes = BoardSizes {
        min: (20, 13),
        preferred: (35, 20),
    };

    fn fixed(area: Rect) -> (u16, u16) {
        (area.width.min(35), area.height.min(20))
    }

    #[test]
    fn the_panel_folds_when_it_would_squeeze_the_board() {
        let wide = GameLayout::new(Rect::new(0, 0, 80, 24), SIZES, fixed);
        assert!(wide.side().is_some());
        assert!(wide.board.width >= 35);
        let narrow = GameLayout::new(Rect::new(0, 0, 60, 26), SIZES, fixed);
        assert!(matches!(narrow.panel, Panel::Strip(_)));
        assert_eq!(narrow.board.width, 60);
        // Too short for the preferred size either way: the panel stays beside a small board.
        let short = GameLayout::new(Rect::new(0, 0, 60, 20), SIZES, fixed);
        assert!(short.side().is_some());
    }

    #[test]
    fn on_a_big_terminal_board_and_panel_are_centred_together() {
        let layout = GameLayout::new(Rect::new(0, 0, 200, 60), SIZES, fixed);
        let side = layout.side().expect("side panel");
        assert_eq!(side.x, layout.board.right());
        let left = layout.board.x;
        let right = 200 - side.right();
        assert!(left.abs_diff(right) <= 1, "{left} vs {right}");
    }

    #[test]
    fn the_analysis_strip_takes_only_rows_the_board_can_spare() {
        let roomy = GameLayout::with_analysis(Rect::new(0, 0, 80, 24), SIZES, 2, fixed);
        let strip = roomy.analysis.expect("room for the strip");
        assert_eq!((strip.height, strip.width), (2, 80));
        assert_eq!(strip.bottom(), roomy.status.y);
        assert!(roomy.board.bottom() <= strip.y);
        // 15 rows of body for a board of 13 at least: two rows spare.
        let tight = GameLayout::with_analysis(Rect::new(0, 0, 60, 18), SIZES, 2, fixed);
        assert_eq!(tight.analysis.map(|r| r.height), Some(2));
        assert!(tight.board.height >= SIZES.min.1);
        let tighter = GameLayout::with_analysis(Rect::new(0, 0, 60, 17), SIZES, 2, fixed);
        assert_eq!(tighter.analysis.map(|r| r.height), Some(1));
        let none = GameLayout::with_analysis(Rect::new(0, 0, 60, 16), SIZES, 2, fixed);
        assert_eq!(none.analysis, None);
        assert!(none.board.height >= SIZES.min.1);
    }

    #[test]
    fn the_smallest_screen_fits_the_strip_arrangement() {
        let (w, h) = GameLayout::min_size(SIZES);
        let layout = GameLayout::new(Rect::new(0, 0, w, h), SIZES, fixed);
        assert!(layout.board.width >= SIZES.min.0 && layout.board.height >= SIZES.min.1);
    }
}
