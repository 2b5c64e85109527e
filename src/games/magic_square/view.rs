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
use ratatui::style::{Color, Style};

use super::rules::{Line, LineSum, MagicSquare, Placement};
use crate::ui::board_colors::BoardPaints;
use crate::ui::grid::{CellShape, Grid, put_centred};
use crate::ui::palette::Paint;
use crate::ui::theme::Theme;

// xterm-256 cube and grey-ramp colours, so the 256-colour palette shows exactly what
// truecolor does; the 16-colour stand-ins are chosen for xterm's default values.
/// Magic Square: pale numbers on navy tiles, gold for the last and the hinted placement.
pub const PAINTS: BoardPaints = BoardPaints {
    square: Paint::new(0, 0, 95, Color::Blue),
    other: Paint::new(0, 0, 95, Color::Blue),
    other_holds_pieces: false,
    pieces_are_text: true,
    frame: Paint::new(0, 0, 95, Color::Blue),
    lines: Paint::new(95, 95, 175, Color::LightBlue),
    first: Paint::new(215, 215, 255, Color::White),
    second: Paint::new(215, 215, 255, Color::White),
    third: Paint::new(215, 215, 255, Color::White),
    hole: Paint::new(0, 0, 95, Color::Blue),
    mark: Paint::new(255, 215, 0, Color::LightYellow),
    note: Paint::new(135, 135, 175, Color::LightCyan),
};

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
    /// Row of the title line (the magic sum), in the roomy look.
    pub title_y: Option<u16>,
    /// Column where the row labels are drawn.
    pub row_label_x: u16,
    /// Column where the row sums start.
    pub row_sum_x: u16,
    /// Row of the column labels.
    pub col_label_y: u16,
    /// Row of the column sums (and the falling diagonal's sum).
    pub col_sum_y: u16,
    /// The tray pieces shown and their rectangles.
    pub tray: Vec<(i64, Rect)>,
    /// The piece just before the pieces shown, when the tray is scrolled on (the `…` before
    /// the first shown piece names it, so a click there scrolls back).
    pub tray_before: Option<i64>,
    /// The piece just after the pieces shown, when more follow.
    pub tray_after: Option<i64>,
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
    /// The widest line sum with its mark.
    sum: u16,
    /// The title line's width.
    title: u16,
    /// Every piece in the tray on one line.
    tray_full: u16,
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
    Widths {
        piece,
        sum,
        title: format!("magic sum {}", state.magic_sum()).len() as u16,
        tray_full: (count as u16 * (cell + 1)).saturating_sub(1),
    }
}

impl Widths {
    /// The board with its labels and sums in a cell shape (narrower than the tray on larger
    /// boards): row label, space, frame, grid, frame, space, sums (with room for the diagonal
    /// arrow).
    fn board(self, state: &MagicSquare, shape: CellShape) -> u16 {
        let n = u16::from(state.size());
        let (grid_w, _) = Grid::size_of(n, n, shape);
        2 + 1 + grid_w + 1 + 1 + self.sum + 1
    }
}

/// The looks of the board: roomy (the title line, blank lines around the tray, the whole tray
/// wrapped at 64 columns), in cells that grow with the room (`grow` 0 to [`MAX_GROW`]); and
/// compact (for short terminals: no title or blank lines, the tray on the lines left, scrolled
/// to keep the chosen piece in view). Rows are apart, with a line between them, in every look
/// but the last resort (compact, rows together) of a big board on a small terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Plan {
    roomy: bool,
    /// How much the cells grow: two columns and one row a step.
    grow: u16,
    /// Whether a frame line separates the rows.
    row_lines: bool,
    width: u16,
    height: u16,
    tray_per_line: u16,
    tray_lines: u16,
}

/// The most the cells grow on a big terminal.
const MAX_GROW: u16 = 9;

impl Plan {
    fn roomy(state: &MagicSquare, w: Widths, room: u16, grow: u16) -> Self {
        let cell = w.piece + 2;
        let shape = shape(w.piece, grow, true);
        // Wide enough for a 3×3 tray on one line, or about 64 columns of tray on larger boards.
        let width = w
            .board(state, shape)
            .max(w.title)
            .max(w.tray_full.min(64).min(room));
        let tray_per_line = ((width + 1) / (cell + 1)).max(1);
        let tray_lines = (state.piece_count() as u16).div_ceil(tray_per_line);
        let (_, grid_h) = grid_size(state, shape);
        // Title, frame and cells, labels, sums, blank, tray, blank, status.
        let height = 1 + grid_h + 2 + 1 + 1 + 1 + tray_lines + 1 + 1;
        Self {
            roomy: true,
            grow,
            row_lines: true,
            width,
            height,
            tray_per_line,
            tray_lines,
        }
    }

    fn compact(state: &MagicSquare, w: Widths, room: (u16, u16), row_lines: bool) -> Self {
        let shape = shape(w.piece, 0, row_lines);
        let width = w
            .board(state, shape)
            .max(w.tray_full.min(room.0))
            .max(min_tray(w));
        let cell = w.piece + 2;
        let tray_per_line = ((width + 1) / (cell + 1)).max(1);
        let (_, grid_h) = grid_size(state, shape);
        // Frame and cells, labels, sums, tray, status.
        let fixed = grid_h + 2 + 1 + 1 + 1;
        let needed = (state.piece_count() as u16).div_ceil(tray_per_line);
        let tray_lines = needed.min(room.1.saturating_sub(fixed)).max(1);
        Self {
            roomy: false,
            grow: 0,
            row_lines,
            width,
            height: fixed + tray_lines,
            tray_per_line,
            tray_lines,
        }
    }

    /// The largest look that fits `room`.
    fn fit(state: &MagicSquare, room: (u16, u16)) -> Option<Self> {
        let w = widths(state);
        (0..=MAX_GROW)
            .rev()
            .map(|grow| Self::roomy(state, w, room.0, grow))
            .chain([
                Self::compact(state, w, room, true),
                Self::compact(state, w, room, false),
            ])
            .find(|plan| plan.width <= room.0 && plan.height <= room.1)
    }

    fn shape(self, w: Widths) -> CellShape {
        shape(w.piece, self.grow, self.row_lines)
    }
}

fn grid_size(state: &MagicSquare, shape: CellShape) -> (u16, u16) {
    let n = u16::from(state.size());
    Grid::size_of(n, n, shape)
}

/// Cells as wide as the widest piece plus brackets (and `grow` steps of two columns and one
/// row on a big terminal), with frame lines between the columns, and between the rows when
/// `row_lines`.
fn shape(piece: u16, grow: u16, row_lines: bool) -> CellShape {
    CellShape {
        width: piece + 2 + 2 * grow,
        height: 1 + grow,
        gap_x: 1,
        gap_y: u16::from(row_lines),
    }
}

/// The smallest area the board needs: the compact look with one line of tray.
pub fn board_size(state: &MagicSquare) -> (u16, u16) {
    let w = widths(state);
    let shape = shape(w.piece, 0, false);
    let (_, grid_h) = grid_size(state, shape);
    (
        w.board(state, shape).max(min_tray(w)),
        grid_h + 2 + 1 + 1 + 1 + 1,
    )
}

/// The narrowest tray: three pieces a line (or all of them, when fewer).
fn min_tray(w: Widths) -> u16 {
    w.tray_full.min(3 * (w.piece + 3) - 1)
}

/// The roomy look's size, with the whole tray.
pub fn roomy_size(state: &MagicSquare) -> (u16, u16) {
    let plan = Plan::roomy(state, widths(state), 64, 0);
    (plan.width, plan.height)
}

/// How much of `area` the board covers, in the largest look that fits (all of it when none
/// does): the screen compares it with and without a second status row, and wraps a long
/// status only when the board keeps its look and place.
#[must_use]
pub fn extent(state: &MagicSquare, area: Rect) -> (u16, u16) {
    Plan::fit(state, (area.width, area.height))
        .map_or((area.width, area.height), |plan| (plan.width, plan.height))
}

/// Lays the board out in `area`, centred, in the largest look that fits; `None` when it does
/// not fit. `selected` is the chosen piece: a tray too long for its lines scrolls to show it.
pub fn geometry(state: &MagicSquare, area: Rect, selected: Option<i64>) -> Option<Geometry> {
    let plan = Plan::fit(state, (area.width, area.height))?;
    let w = widths(state);
    let left = area.x + (area.width - plan.width) / 2;
    let top = area.y + (area.height - plan.height) / 2;
    let n = state.size();
    let shape = plan.shape(w);
    let (grid_w, grid_h) = Grid::size_of(u16::from(n), u16::from(n), shape);
    // The board is centred over the tray.
    let board_left = left + (plan.width - w.board(state, shape)) / 2;
    let title = u16::from(plan.roomy);
    let grid = Grid {
        x: board_left + 3,
        y: top + title + 1,
        cols: u16::from(n),
        rows: u16::from(n),
        cell_width: shape.width,
        cell_height: shape.height,
        gap_x: shape.gap_x,
        gap_y: shape.gap_y,
    };
    let col_label_y = top + title + grid_h + 2;
    let tray_y = col_label_y + 2 + u16::from(plan.roomy);
    let cell = w.piece + 2;
    let available = state.available();
    let shown = usize::from(plan.tray_per_line * plan.tray_lines);
    let first = tray_window(&available, shown, selected);
    let tray = available
        .iter()
        .skip(first)
        .take(shown)
        .enumerate()
        .map(|(i, &value)| {
            let i = i as u16;
            let rect = Rect::new(
                left + (i % plan.tray_per_line) * (cell + 1),
                tray_y + i / plan.tray_per_line,
                cell,
                1,
            );
            (value, rect)
        })
        .collect();
    Some(Geometry {
        grid,
        n,
        title_y: plan.roomy.then_some(top),
        row_label_x: board_left,
        row_sum_x: grid.x + grid_w + 2,
        col_label_y,
        col_sum_y: col_label_y + 1,
        tray,
        tray_before: available[..first].last().copied(),
        tray_after: available.get(first + shown).copied(),
        status_y: tray_y + plan.tray_lines + u16::from(plan.roomy),
        area: Rect::new(left, top, plan.width, plan.height),
    })
}

/// The first tray piece shown when only `shown` fit: the window that holds the chosen piece,
/// the first window when none is chosen.
fn tray_window(available: &[i64], shown: usize, selected: Option<i64>) -> usize {
    if available.len() <= shown || shown == 0 {
        return 0;
    }
    let at = selected
        .and_then(|v| available.iter().position(|&a| a == v))
        .unwrap_or(0);
    (at / shown * shown).min(available.len() - shown)
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
        if let Some(&(value, _)) = self.tray.iter().find(|(_, rect)| rect.contains(pos)) {
            return Some(Target::Piece(value));
        }
        // The status line names the hidden neighbours of a scrolled tray: "‹ 12" and "13 ›".
        if pos.y == self.status_y {
            let mid = self.area.x + self.area.width / 2;
            let hidden = if pos.x < mid {
                self.tray_before
            } else {
                self.tray_after
            };
            return hidden.map(Target::Piece);
        }
        None
    }
}

/// What a number on a tile is, for its colour.
#[derive(Clone, Copy)]
enum Role {
    /// A placed or available piece.
    Piece,
    /// The last placement, a hint, the chosen piece.
    Mark,
    /// The piece about to be placed, shown at the cursor.
    Note,
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
    let Some(geo) = geometry(state, area, marks.selected) else {
        return;
    };
    let n = state.size();
    let target = state.magic_sum();
    // Numbers are right-aligned in a tile as wide as the widest piece and its two marks,
    // centred in cells that may be bigger.
    let piece_w = usize::from(widths(state).piece);
    let tile_w = widths(state).piece + 2;

    if let Some(title_y) = geo.title_y {
        buf.set_string(
            geo.row_label_x,
            title_y,
            format!("magic sum {target}"),
            theme.title,
        );
    }
    let tiles = theme.board(&PAINTS);
    geo.grid.draw_lattice(
        buf,
        tiles.map_or(theme.border, |t| t.lattice()),
        theme.ascii,
    );
    // On the navy tiles numbers are pale, the last and the hinted placement gold, the piece
    // about to be placed quiet; brackets mark the cursor and the hint as without colour.
    let on_tile = |style: Style, role: Role| {
        tiles.map_or(style, |t| {
            let fg = match role {
                Role::Piece => t.first,
                Role::Mark => t.mark,
                Role::Note => t.note,
            };
            t.on_square(style, fg)
        })
    };

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
                (Some(v), _) if is_last => (v.to_string(), on_tile(theme.mark, Role::Mark)),
                (Some(v), _) => (v.to_string(), on_tile(theme.text, Role::Piece)),
                (None, Some(h)) => (h.value.to_string(), on_tile(theme.mark, Role::Mark)),
                (None, None) if is_cursor => (
                    marks.selected.map(|v| v.to_string()).unwrap_or_default(),
                    on_tile(theme.dim, Role::Note),
                ),
                (None, None) => (String::new(), on_tile(theme.text, Role::Piece)),
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
            put_centred(buf, rect, &format!("{open}{text:>piece_w$}{close}"), style);
        }
        // Row label and sum.
        let row = geo.square(0, y);
        let row_y = row.y + (row.height - 1) / 2;
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
        let x = rect.x + (rect.width - tile_w) / 2;
        buf.set_string(
            x,
            geo.col_sum_y,
            format!("{text:>width$}", width = usize::from(tile_w)),
            style,
        );
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
        // Tray pieces are tiles too.
        let mut style = if selected {
            on_tile(theme.selected, Role::Mark)
        } else if hinted {
            on_tile(theme.mark, Role::Mark)
        } else {
            on_tile(theme.text, Role::Piece)
        };
        if marks.hover == Some(Target::Piece(value)) {
            style = style.patch(theme.hover);
        }
        buf.set_string(
            rect.x,
            rect.y,
            format!("{open}{value:>piece_w$}{close}"),
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
    buf.set_string(geo.area.x, geo.status_y, &status, theme.text);
    // A scrolled tray says what is hidden on either side, and a click there shows it.
    if let Some(before) = geo.tray_before {
        let text = format!("{} {before}", theme.glyph("‹", "<"));
        let x = geo.area.x + geo.area.width / 2 - 1 - crate::core::text::width(&text) as u16;
        buf.set_string(x, geo.status_y, text, theme.dim);
    }
    if let Some(after) = geo.tray_after {
        let text = format!("{after} {}", theme.glyph("›", ">"));
        let x = geo
            .area
            .right()
            .saturating_sub(crate::core::text::width(&text) as u16);
        buf.set_string(x, geo.status_y, text, theme.dim);
    }
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
            let selected = state.available().last().copied();
            let geo = geometry(&state, area, selected).expect("fits by construction");
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
            let hidden = usize::from(geo.tray_before.is_some()) + usize::from(geo.tray_after.is_some());
            prop_assert!(geo.tray.len() == state.available().len() || hidden > 0);
            prop_assert!(geo.tray.iter().any(|&(v, _)| Some(v) == selected) || selected.is_none());
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
            prop_assert!(geometry(&state, Rect::new(0, 0, w - 1, h), None).is_none());
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
