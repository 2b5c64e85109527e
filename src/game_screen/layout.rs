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

/// Rows the side panel keeps when the analysis strip takes its foot: its game box (players,
/// the game's status, moves) and a little history.
const SIDE_KEPT_ROWS: u16 = 8;

/// Rows the analysis takes at the foot of the side panel: a box whose heading and values wrap
/// to the panel's width.
const PANEL_ROWS: u16 = 7;

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
    /// The status line: two rows when the board can spare them (see
    /// [`GameLayout::with_analysis`]).
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
        Self::with_analysis(area, sizes, 0, 1, extent)
    }

    /// [`GameLayout::new`] with up to `analysis_rows` rows for the analysis strip.
    ///
    /// The status line gets two rows whenever the board keeps its size and arrangement with
    /// them (and the analysis strip its rows under the board), whatever the status says now:
    /// a sentence wider than the terminal wraps into the second, and the board never moves
    /// when the status grows or shrinks (a click aimed at where the board was lands where it
    /// is). Where the second row would cost the board, the status has one row; a sentence
    /// that needs two (`status_rows`) then takes the row under the drawn board if it is free
    /// and the analysis strip closed (the board's area stays as it is, a side panel ends a
    /// row higher), else it ends in an ellipsis.
    ///
    /// The analysis strip (`analysis_rows` > 0 while it is open) never moves or shrinks the
    /// board: the board's area is the one it has with the strip closed, and the strip lies
    /// over rows the board does not draw on. Those are, first, the rows under the drawn board
    /// (boards are drawn centred in their area), across the whole width; else the foot of
    /// the side panel (its move history gives way); else, with the panel folded, the folded
    /// panel's own rows above the board (the status line still says whose turn it is).
    #[must_use]
    pub fn with_analysis(
        area: Rect,
        sizes: BoardSizes,
        analysis_rows: u16,
        status_rows: u16,
        extent: impl Fn(Rect) -> (u16, u16),
    ) -> Self {
        let base = Self::place(area, sizes, 1, &extent);
        // The second row must not cost the board its size or arrangement, nor the analysis
        // strip its place under the board.
        let keeps_board = |layout: &Self| {
            layout.side().is_some() == base.side().is_some()
                && extent(layout.board) == extent(base.board)
                && layout.free_below(&extent) >= base.free_below(&extent).min(STRIP_ROWS)
        };
        let mut layout = Some(Self::place(area, sizes, 2, &extent))
            .filter(keeps_board)
            .unwrap_or(base);
        if analysis_rows > 0 {
            layout.open_analysis(analysis_rows, &extent);
        } else if status_rows > 1 && layout.status.height == 1 && layout.free_below(&extent) > 0 {
            layout.status.y -= 1;
            layout.status.height += 1;
            if let Panel::Side(side) = &mut layout.panel {
                side.height = side.height.min(layout.status.y.saturating_sub(side.y));
            }
        }
        layout
    }

    /// Lays the analysis strip over rows the board leaves free (see [`GameLayout::with_analysis`]).
    fn open_analysis(&mut self, rows: u16, extent: &impl Fn(Rect) -> (u16, u16)) {
        let free_below = self.free_below(extent);
        let side_room = match self.panel {
            Panel::Side(side) => side.height.saturating_sub(SIDE_KEPT_ROWS).min(PANEL_ROWS),
            Panel::Strip(_) => 0,
        };
        if free_below >= rows {
            self.strip_below(rows);
        } else if side_room > rows {
            // The panel keeps its game box: the strip, boxed and wrapped to the panel's width,
            // takes the history's rows.
            if let Panel::Side(side) = &mut self.panel {
                side.height -= side_room;
                self.analysis = Some(Rect {
                    y: side.bottom(),
                    height: side_room,
                    ..*side
                });
            }
        } else if free_below > 0 {
            self.strip_below(free_below);
        } else if let Panel::Strip(strip) = &mut self.panel {
            self.analysis = Some(*strip);
            strip.height = 0;
        }
    }

    /// The rows under the drawn board that it leaves free.
    fn free_below(&self, extent: &impl Fn(Rect) -> (u16, u16)) -> u16 {
        let (_, drawn) = extent(self.board);
        let drawn = drawn.min(self.board.height);
        // Centred: the odd spare row, if any, is the lower one.
        self.board.height - drawn - (self.board.height - drawn) / 2
    }

    /// The strip across the screen on the body's last `rows` rows; a side panel gives them up.
    fn strip_below(&mut self, rows: u16) {
        let body = self.body();
        self.analysis = Some(Rect {
            y: body.bottom() - rows,
            height: rows,
            ..body
        });
        if let Panel::Side(side) = &mut self.panel {
            side.height -= rows;
        }
    }

    /// The rows between the header and the status line, across the screen.
    fn body(&self) -> Rect {
        Rect {
            x: self.header.x,
            y: self.header.bottom(),
            width: self.header.width,
            height: self.status.y - self.header.bottom(),
        }
    }

    /// The layout with `status_rows` for the status, the second taken from the body only
    /// while the board keeps its smallest size; no analysis strip.
    fn place(
        area: Rect,
        sizes: BoardSizes,
        status_rows: u16,
        extent: &impl Fn(Rect) -> (u16, u16),
    ) -> Self {
        let [header, body, footer] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(1),
            Constraint::Length(1),
        ])
        .areas(area);
        // The board beside the panel needs its own height; folded, the strip's rows too.
        let needed = if body.width.saturating_sub(SIDE_WIDTH) >= sizes.min.0 {
            sizes.min.1
        } else {
            sizes.min.1.saturating_add(STRIP_HEIGHT)
        };
        let status_rows = 1 + (status_rows.clamp(1, 2) - 1).min(body.height.saturating_sub(needed));
        let [body, status] =
            Layout::vertical([Constraint::Min(0), Constraint::Length(status_rows)]).areas(body);
        let analysis = None;
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

    /// Where `fixed` draws the board in `area`: centred.
    fn drawn(area: Rect) -> Rect {
        let (w, h) = fixed(area);
        Rect::new(
            area.x + (area.width - w) / 2,
            area.y + (area.height - h) / 2,
            w,
            h,
        )
    }

    #[test]
    fn the_analysis_strip_never_moves_the_board_nor_covers_it() {
        for (w, h) in [
            (80, 30),
            (80, 24),
            (60, 20),
            (60, 26),
            (60, 16),
            (40, 18),
            (200, 60),
        ] {
            let area = Rect::new(0, 0, w, h);
            let closed = GameLayout::new(area, SIZES, fixed);
            let open = GameLayout::with_analysis(area, SIZES, STRIP_ROWS, 1, fixed);
            assert_eq!(open.board, closed.board, "{w}x{h}");
            assert_eq!(open.status, closed.status, "{w}x{h}");
            let strip = open
                .analysis
                .unwrap_or_else(|| panic!("no strip at {w}x{h}"));
            assert!(strip.height > 0, "{w}x{h}");
            assert!(!strip.intersects(drawn(open.board)), "{w}x{h}: {strip:?}");
            assert!(strip.bottom() <= open.status.y, "{w}x{h}");
            match open.panel {
                Panel::Side(side) | Panel::Strip(side) => {
                    assert!(!strip.intersects(side), "{w}x{h}: {strip:?} over {side:?}");
                }
            }
        }
    }

    #[test]
    fn the_analysis_strip_prefers_the_rows_under_the_board() {
        // The board (`fixed`) is at most 20 rows: at 80×30 the body has 27, 4 of them free
        // under the board: the strip takes two across the screen, the panel gives them up.
        let roomy = GameLayout::with_analysis(Rect::new(0, 0, 80, 30), SIZES, 2, 1, fixed);
        let strip = roomy.analysis.expect("room for the strip");
        assert_eq!((strip.height, strip.width), (2, 80));
        assert_eq!(strip.bottom(), roomy.status.y);
        assert_eq!(roomy.side().map(Rect::bottom), Some(strip.y));
        // 21 rows of body for a board of 20: one row free under it, too few for the heading;
        // the strip takes the foot of the side panel instead, boxed.
        let tight = GameLayout::with_analysis(Rect::new(0, 0, 80, 24), SIZES, 2, 1, fixed);
        let side = tight.side().expect("side panel");
        let foot = Rect {
            y: side.bottom(),
            height: PANEL_ROWS,
            ..side
        };
        assert_eq!(tight.analysis, Some(foot));
        assert_eq!(foot.bottom(), tight.status.y);
        // Folded with no row free: the folded panel's rows above the board.
        let folded = GameLayout::with_analysis(Rect::new(0, 0, 40, 18), SIZES, 2, 1, fixed);
        let Panel::Strip(panel) = folded.panel else {
            panic!("folded at 40x18");
        };
        assert_eq!(panel.height, 0);
        assert_eq!(folded.analysis.map(|strip| strip.y), Some(1));
    }

    #[test]
    fn the_status_keeps_two_rows_where_the_board_can_spare_them() {
        // 80×30: the board keeps its size and the strip its rows under it with two status
        // rows, so they are always there.
        let layout = GameLayout::new(Rect::new(0, 0, 80, 30), SIZES, fixed);
        assert_eq!(layout.status.height, 2);
        // 80×24: the second row would take the one row free under the board; 60×20 beside
        // the panel: the board needs every row. The status has one.
        for (w, h) in [(80, 24), (60, 20)] {
            let short = GameLayout::new(Rect::new(0, 0, w, h), SIZES, fixed);
            assert_eq!(short.status.height, 1, "{w}x{h}");
        }
        // At 80×24 a sentence of two rows takes the row free under the board; the board's
        // area stays, the panel ends above the status.
        let one = GameLayout::new(Rect::new(0, 0, 80, 24), SIZES, fixed);
        let two = GameLayout::with_analysis(Rect::new(0, 0, 80, 24), SIZES, 0, 2, fixed);
        assert_eq!(two.board, one.board);
        assert_eq!(
            (two.status.height, two.status.bottom()),
            (2, one.status.bottom())
        );
        assert!(!two.status.intersects(drawn(two.board)));
        assert!(two.side().is_some_and(|side| side.bottom() <= two.status.y));
    }

    #[test]
    fn the_smallest_screen_fits_the_strip_arrangement() {
        let (w, h) = GameLayout::min_size(SIZES);
        let layout = GameLayout::new(Rect::new(0, 0, w, h), SIZES, fixed);
        assert!(layout.board.width >= SIZES.min.0 && layout.board.height >= SIZES.min.1);
    }
}
