//! The Magic Square board on screen: one geometry function (used by drawing and by mouse
//! hit-testing alike) and the drawing.
//!
//! ```text
//! magic sum 15
//!   ┌───┬───┬───┐ ↗15✓
//! 2 │ 4 │ 9 │ 2 │ 15✓
//!   ├───┼───┼───┤
//! 1 │ 3 │ 5 │ 7 │ 15✓
//!   ├───┼───┼───┤
//! 0 │ 8 │ 1 │ 6 │ 15✓
//!   └───┴───┴───┘
//!     0   1   2
//!    15✓ 15✓ 15✓  ↘15✓
//!
//!  1  2 [3]  4  5 …         <- the tray of unused pieces
//! ```
//!
//! Row sums sit right of their rows, column sums under the column labels, the rising diagonal's
//! sum at the top right corner where that diagonal leaves the board and the falling one's at the bottom
//! right. A complete line on the magic sum is bold with `✓`, a complete line off it has `✗`, so
//! colour is never the only cue.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;

use super::rules::{Line, LineSum, MagicSquare, Placement};
use crate::ui::grid::{CellShape, Grid};
use crate::ui::theme::Theme;

/// What to draw besides the pieces.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marks {
    /// The keyboard cursor's square, `(x, y)`.
    pub cursor: (u8, u8),
    /// The piece chosen to place next.
    pub selected: Option<i64>,
    /// What the player has typed towards a piece value ("-", "1").
    pub typed: String,
    /// The square or tray piece under the mouse.
    pub hover: Option<Target>,
    /// The last placement, marked on the board.
    pub last: Option<Placement>,
    /// A placement the hint suggests.
    pub hint: Option<Placement>,
    /// Whether input is accepted (false once the game is over: no cursor).
    pub active: bool,
}

/// Something on the board a mouse position can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// The board square `(x, y)`.
    Square(u8, u8),
    /// A piece in the tray.
    Piece(i64),
}

/// Where everything is drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Geometry {
    /// The squares; grid row 0 is the top row (`y = n-1`).
    pub grid: Grid,
    /// Board side.
    pub n: u8,
    /// Row of the title line (the magic sum).
    pub title_y: u16,
    /// Column where the row labels are drawn.
    pub row_label_x: u16,
    /// Column where the row sums start.
    pub row_sum_x: u16,
    /// Row of the column labels.
    pub col_label_y: u16,
    /// Row of the column sums (and the falling diagonal's sum).
    pub col_sum_y: u16,
    /// The tray pieces and their rectangles.
    pub tray: Vec<(i64, Rect)>,
    /// Row of the line saying which piece is chosen.
    pub status_y: u16,
    /// The whole board's area.
    pub area: Rect,
}

/// Widths that depend only on the game's parameters, so the layout does not jump as the board
/// fills.
#[derive(Debug, Clone, Copy)]
struct Widths {
    /// The widest piece.
    piece: u16,
    /// The board with its labels and sums (narrower than the tray on larger boards).
    board: u16,
    /// The pieces per tray line.
    tray_per_line: u16,
    /// Tray lines.
    tray_lines: u16,
    /// Total width and height.
    width: u16,
    height: u16,
}

fn text_width(v: i64) -> u16 {
    v.to_string().len() as u16
}

fn widths(state: &MagicSquare) -> Widths {
    let n = i64::from(state.size());
    let count = state.piece_count();
    let piece = text_width(state.min()).max(text_width(state.max()));
    // Sums of up to n pieces lie between the n smallest and the n largest pieces' sums (or 0).
    let smallest: i64 = (0..n).map(|i| state.min() + i).sum();
    let largest: i64 = (0..n).map(|i| state.max() - i).sum();
    let sum = text_width(smallest).max(text_width(largest)) + 1;
    let cell = piece + 2;
    let (grid_w, grid_h) = Grid::size_of(
        u16::from(state.size()),
        u16::from(state.size()),
        shape(piece, state.size()),
    );
    // Row label, space, frame, grid, frame, space, sums (with room for the diagonal arrow).
    let board_w = 2 + 1 + grid_w + 1 + 1 + sum + 1;
    let title_w = format!("magic sum {}", state.magic_sum()).len() as u16;
    // Wide enough for a 3×3 tray on one line, or about 64 columns of tray on larger boards.
    let tray_w = (count as u16 * (cell + 1)).saturating_sub(1).min(64);
    let width = board_w.max(title_w).max(tray_w);
    let tray_per_line = ((width + 1) / (cell + 1)).max(1);
    let tray_lines = (count as u16).div_ceil(tray_per_line);
    // Title, frame and cells, labels, sums, blank, tray, blank, status.
    let height = 1 + grid_h + 2 + 1 + 1 + 1 + tray_lines + 1 + 1;
    Widths {
        piece,
        board: board_w,
        tray_per_line,
        tray_lines,
        width,
        height,
    }
}

/// Cells as wide as the widest piece plus brackets, with frame lines between them; from 7×7 up
/// the rows go without lines between them so the board fits a 30-row terminal.
fn shape(piece: u16, n: u8) -> CellShape {
    CellShape {
        width: piece + 2,
        height: 1,
        gap_x: 1,
        gap_y: u16::from(n < COMPACT_FROM),
    }
}

/// The board side from which rows are drawn without separating lines.
const COMPACT_FROM: u8 = 7;

/// The smallest area the board needs.
pub fn board_size(state: &MagicSquare) -> (u16, u16) {
    let w = widths(state);
    (w.width, w.height)
}

/// Lays the board out in `area`, centred; `None` when it does not fit.
pub fn geometry(state: &MagicSquare, area: Rect) -> Option<Geometry> {
    let w = widths(state);
    if area.width < w.width || area.height < w.height {
        return None;
    }
    let left = area.x + (area.width - w.width) / 2;
    let top = area.y + (area.height - w.height) / 2;
    let n = state.size();
    let shape = shape(w.piece, n);
    let (grid_w, grid_h) = Grid::size_of(u16::from(n), u16::from(n), shape);
    // The board is centred over the tray.
    let board_left = left + (w.width - w.board) / 2;
    let grid = Grid {
        x: board_left + 3,
        y: top + 2,
        cols: u16::from(n),
        rows: u16::from(n),
        cell_width: shape.width,
        cell_height: shape.height,
        gap_x: shape.gap_x,
        gap_y: shape.gap_y,
    };
    let col_label_y = top + 1 + grid_h + 2;
    let tray_y = col_label_y + 3;
    let cell = w.piece + 2;
    let tray = state
        .available()
        .into_iter()
        .enumerate()
        .map(|(i, value)| {
            let i = i as u16;
            let rect = Rect::new(
                left + (i % w.tray_per_line) * (cell + 1),
                tray_y + i / w.tray_per_line,
                cell,
                1,
            );
            (value, rect)
        })
        .collect();
    Some(Geometry {
        grid,
        n,
        title_y: top,
        row_label_x: board_left,
        row_sum_x: grid.x + grid_w + 2,
        col_label_y,
        col_sum_y: col_label_y + 1,
        tray,
        status_y: tray_y + w.tray_lines + 1,
        area: Rect::new(left, top, w.width, w.height),
    })
}

impl Geometry {
    /// The rectangle of square `(x, y)`.
    pub fn square(&self, x: u8, y: u8) -> Rect {
        self.grid.cell(u16::from(x), u16::from(self.n - 1 - y))
    }

    /// What is under a mouse position: a square or a tray piece.
    pub fn target_at(&self, pos: Position) -> Option<Target> {
        if let Some((col, row)) = self.grid.hit(pos) {
            return Some(Target::Square(col as u8, self.n - 1 - row as u8));
        }
        self.tray
            .iter()
            .find(|(_, rect)| rect.contains(pos))
            .map(|&(value, _)| Target::Piece(value))
    }
}

/// A line sum as drawn: the number and a mark, and the style that goes with it.
fn sum_text(sum: LineSum, target: i64, theme: &Theme) -> (String, Style) {
    if sum.filled == 0 {
        (String::new(), theme.dim)
    } else if !sum.is_complete() {
        (format!("{} ", sum.sum), theme.dim)
    } else if sum.sum == target {
        (format!("{}{}", sum.sum, theme.glyph("✓", "*")), theme.good)
    } else {
        (format!("{}{}", sum.sum, theme.glyph("✗", "x")), theme.error)
    }
}

/// Draws the board, the sums, the tray and the chosen piece.
pub fn render(state: &MagicSquare, marks: &Marks, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let Some(geo) = geometry(state, area) else {
        return;
    };
    let n = state.size();
    let target = state.magic_sum();
    let cell_w = usize::from(geo.grid.cell_width);

    buf.set_string(
        geo.row_label_x,
        geo.title_y,
        format!("magic sum {target}"),
        theme.title,
    );
    geo.grid.draw_lattice(buf, theme.border, theme.ascii);

    for y in 0..n {
        for x in 0..n {
            let rect = geo.square(x, y);
            let piece = state.get(x, y);
            let hinted = marks
                .hint
                .filter(|h| (h.x, h.y) == (x, y) && piece.is_none());
            let is_cursor = marks.active && marks.cursor == (x, y);
            let is_last = marks.last.is_some_and(|p| (p.x, p.y) == (x, y));
            let (text, style) = match (piece, hinted) {
                (Some(v), _) if is_last => (v.to_string(), theme.mark),
                (Some(v), _) => (v.to_string(), theme.text),
                (None, Some(h)) => (h.value.to_string(), theme.mark),
                (None, None) if is_cursor => (
                    marks.selected.map(|v| v.to_string()).unwrap_or_default(),
                    theme.dim,
                ),
                (None, None) => (String::new(), theme.text),
            };
            let (open, close) = if is_cursor {
                ("[", "]")
            } else if hinted.is_some() {
                ("<", ">")
            } else {
                (" ", " ")
            };
            let mut style = style;
            if is_cursor {
                style = style.patch(theme.cursor);
            } else if marks.hover == Some(Target::Square(x, y)) {
                style = style.patch(theme.hover);
            }
            let inner = cell_w - 2;
            buf.set_string(
                rect.x,
                rect.y,
                format!("{open}{text:>inner$}{close}"),
                style,
            );
        }
        // Row label and sum.
        let row_y = geo.square(0, y).y;
        buf.set_string(geo.row_label_x, row_y, y.to_string(), theme.dim);
        let (text, style) = sum_text(state.line_sum(Line::Row(y)), target, theme);
        buf.set_string(geo.row_sum_x, row_y, text, style);
    }
    for x in 0..n {
        let rect = geo.square(x, 0);
        let label = x.to_string();
        buf.set_string(
            rect.x + (rect.width - label.len() as u16).div_ceil(2),
            geo.col_label_y,
            label,
            theme.dim,
        );
        let (text, style) = sum_text(state.line_sum(Line::Column(x)), target, theme);
        buf.set_string(rect.x, geo.col_sum_y, format!("{text:>cell_w$}"), style);
    }
    for (line, y, arrow) in [
        (Line::Rising, geo.grid.y - 1, theme.glyph("↗", "/")),
        (Line::Falling, geo.col_sum_y, theme.glyph("↘", "\\")),
    ] {
        let (text, style) = sum_text(state.line_sum(line), target, theme);
        if !text.is_empty() {
            buf.set_string(geo.row_sum_x, y, format!("{arrow}{text}"), style);
        }
    }

    for &(value, rect) in &geo.tray {
        let selected = marks.selected == Some(value);
        let hinted = marks.hint.is_some_and(|h| h.value == value);
        let (open, close) = if selected {
            ("[", "]")
        } else if hinted {
            ("<", ">")
        } else {
            (" ", " ")
        };
        let mut style = if selected {
            theme.selected
        } else if hinted {
            theme.mark
        } else {
            theme.text
        };
        if marks.hover == Some(Target::Piece(value)) {
            style = style.patch(theme.hover);
        }
        let inner = cell_w - 2;
        buf.set_string(
            rect.x,
            rect.y,
            format!("{open}{value:>inner$}{close}"),
            style,
        );
    }

    let status = if state.is_full() {
        String::new()
    } else if !marks.typed.is_empty() && marks.selected.is_none() {
        format!("piece: {}_", marks.typed)
    } else if let Some(v) = marks.selected {
        format!("piece: {v}")
    } else {
        "piece: none".to_string()
    };
    buf.set_string(geo.area.x, geo.status_y, status, theme.text);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rules;
    use crate::games::magic_square::rules::Params;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn every_square_and_tray_piece_hit_tests_back_to_itself(
            size in 1_u8..=9,
            min in -100_000_i64..100_000,
            placed in 0_usize..20,
            extra_w in 0_u16..30,
            extra_h in 0_u16..10,
            ax in 0_u16..20,
            ay in 0_u16..20,
        ) {
            let mut state = MagicSquare::new(Params { size, min }).expect("valid");
            for _ in 0..placed {
                let moves = state.legal_moves();
                let Some(&mv) = moves.get(moves.len() / 3) else { break };
                state.play(&mv).expect("legal");
            }
            let (w, h) = board_size(&state);
            let area = Rect::new(ax, ay, w + extra_w, h + extra_h);
            let geo = geometry(&state, area).expect("fits by construction");
            prop_assert!(area.contains(Position::new(geo.area.x, geo.area.y)));
            prop_assert!(geo.area.right() <= area.right() && geo.area.bottom() <= area.bottom());
            for y in 0..size {
                for x in 0..size {
                    let rect = geo.square(x, y);
                    for px in rect.x..rect.right() {
                        prop_assert_eq!(
                            geo.target_at(Position::new(px, rect.y)),
                            Some(Target::Square(x, y))
                        );
                    }
                }
            }
            prop_assert_eq!(geo.tray.len(), state.available().len());
            for &(value, rect) in &geo.tray {
                prop_assert!(geo.area.contains(Position::new(rect.right() - 1, rect.y)));
                prop_assert!(rect.y < geo.status_y);
                for px in rect.x..rect.right() {
                    prop_assert_eq!(
                        geo.target_at(Position::new(px, rect.y)),
                        Some(Target::Piece(value))
                    );
                }
            }
            // Too small an area draws nothing rather than overlapping.
            prop_assert!(geometry(&state, Rect::new(0, 0, w - 1, h)).is_none());
        }
    }

    #[test]
    fn sums_fit_under_their_columns() {
        for (size, min) in [
            (3_u8, 1_i64),
            (4, 1),
            (9, 1),
            (3, -9),
            (9, -100),
            (5, 99_999),
        ] {
            let state = MagicSquare::new(Params { size, min }).expect("valid");
            let n = i64::from(size);
            let cell = i64::from(text_width(state.min()).max(text_width(state.max())) + 2);
            let extremes = [
                (0..n).map(|i| state.min() + i).sum::<i64>(),
                (0..n).map(|i| state.max() - i).sum::<i64>(),
            ];
            for sum in extremes {
                // The sum plus its mark.
                assert!(i64::from(text_width(sum)) < cell, "{size} {min} {sum}");
            }
        }
    }
}
