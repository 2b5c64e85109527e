//! The Reversi board on screen: one geometry function (used by drawing and by mouse
//! hit-testing alike) and the drawing of discs and marks.
//!
//! Layout, top to bottom: the disc counts, the framed 8×8 lattice with `y` labels on the
//! left, the `x` labels, and a note line (a pass, or who must pass). Every mark has a glyph as
//! well as a colour, so the monochrome theme loses nothing.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;

use super::rules::{Board, Disc, Move, SIZE};
use crate::ui::grid::{CellShape, Grid};
use crate::ui::theme::Theme;

/// Cells three columns wide, with frame lines between them.
pub const SHAPE: CellShape = CellShape {
    width: 3,
    height: 1,
    gap_x: 1,
    gap_y: 1,
};

/// Columns left of the frame: a `y` label and a space.
const LABEL_WIDTH: u16 = 2;

/// Where each part of the board is drawn in a given area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    /// The 8×8 cells, grid row 0 at the top (= board row 7).
    pub grid: Grid,
    /// The row above the frame with the disc counts.
    pub counts_y: u16,
    /// The row below the frame with the `x` labels.
    pub labels_y: u16,
    /// The row under the labels for pass notes.
    pub note_y: u16,
    /// The leftmost column of the whole board (where the `y` labels are).
    pub left: u16,
}

/// The smallest area the board fits in: lattice, frame, labels, counts and note lines.
#[must_use]
pub fn board_size() -> (u16, u16) {
    let (w, h) = Grid::size_of(u16::from(SIZE), u16::from(SIZE), SHAPE);
    (w + 2 + LABEL_WIDTH, h + 2 + 3)
}

/// Lays the board out centred in `area`; `None` when it does not fit.
#[must_use]
pub fn geometry(area: Rect) -> Option<Geometry> {
    let (w, h) = board_size();
    if area.width < w || area.height < h {
        return None;
    }
    let left = area.x + (area.width - w) / 2;
    let top = area.y + (area.height - h) / 2;
    let (gw, gh) = Grid::size_of(u16::from(SIZE), u16::from(SIZE), SHAPE);
    let inner = Rect::new(left + LABEL_WIDTH + 1, top + 2, gw, gh);
    let grid = Grid::centered(inner, u16::from(SIZE), u16::from(SIZE), SHAPE)?;
    let bottom_frame = grid.area().bottom();
    Some(Geometry {
        grid,
        counts_y: top,
        labels_y: bottom_frame + 1,
        note_y: bottom_frame + 2,
        left,
    })
}

impl Geometry {
    /// The board square `(x, y)` under a terminal position; frame lines and labels hit nothing.
    #[must_use]
    pub fn square_at(&self, pos: Position) -> Option<(u8, u8)> {
        let (col, row) = self.grid.hit(pos)?;
        Some((col as u8, SIZE - 1 - row as u8))
    }

    /// The screen rectangle of board square `(x, y)`.
    #[must_use]
    pub fn cell(&self, x: u8, y: u8) -> Rect {
        self.grid.cell(u16::from(x), u16::from(SIZE - 1 - y))
    }
}

/// What to draw besides the discs.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Marks {
    /// The keyboard cursor; `None` while the computer moves or the game is over.
    pub cursor: Option<(u8, u8)>,
    /// The square under the mouse.
    pub hover: Option<(u8, u8)>,
    /// Squares the side to move may play (empty when the markers are off).
    pub legal: Vec<(u8, u8)>,
    /// The last move's square.
    pub last: Option<(u8, u8)>,
    /// The discs the last move turned over.
    pub flipped: Vec<(u8, u8)>,
    /// A suggested square.
    pub hint: Option<(u8, u8)>,
    /// The sentence under the board ("White had no legal move and passed.").
    pub note: Option<String>,
}

/// The glyph of a disc: the shapes differ, so colour is never the only cue.
#[must_use]
pub fn disc_glyph(disc: Disc, theme: &Theme) -> &'static str {
    match disc {
        Disc::Black => theme.glyph("●", "X"),
        Disc::White => theme.glyph("○", "O"),
    }
}

/// The style discs of a colour are drawn in.
#[must_use]
pub fn disc_style(disc: Disc, theme: &Theme) -> Style {
    match disc {
        Disc::Black => theme.first,
        Disc::White => theme.second,
    }
}

/// The counts line: both colours with their glyphs, the side to move first marked.
#[must_use]
pub fn counts_text(board: &Board, theme: &Theme) -> String {
    format!(
        "{} Black {:>2}   {} White {:>2}",
        disc_glyph(Disc::Black, theme),
        board.count(Disc::Black),
        disc_glyph(Disc::White, theme),
        board.count(Disc::White)
    )
}

/// The note for the last move when it was a pass: passes are never silent.
#[must_use]
pub fn pass_note(before: &Board, mv: &Move) -> Option<String> {
    (*mv == Move::Pass).then(|| {
        let colour = before.turn().name();
        format!(
            "{}{} had no legal move and passed.",
            colour[..1].to_uppercase(),
            &colour[1..]
        )
    })
}

/// Draws the board with its marks in `area` (nothing when it does not fit).
pub fn render(board: &Board, marks: &Marks, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let Some(geo) = geometry(area) else { return };
    let counts = counts_text(board, theme);
    let counts_x = geo.grid.x
        + (geo
            .grid
            .area()
            .width
            .saturating_sub(counts.chars().count() as u16))
            / 2;
    buf.set_string(counts_x, geo.counts_y, counts, theme.text);
    geo.grid.draw_lattice(buf, theme.border, theme.ascii);
    for y in 0..SIZE {
        let rect = geo.cell(0, y);
        buf.set_string(geo.left, rect.y, y.to_string(), theme.dim);
    }
    for x in 0..SIZE {
        let rect = geo.cell(x, 0);
        let style = if marks.hover.is_some_and(|(hx, _)| hx == x) {
            theme.hover
        } else {
            theme.dim
        };
        buf.set_string(rect.x + 1, geo.labels_y, x.to_string(), style);
    }
    for y in 0..SIZE {
        for x in 0..SIZE {
            draw_square(board, marks, (x, y), geo.cell(x, y), buf, theme);
        }
    }
    if let Some(note) = &marks.note {
        // Centred under the board, but clipped to the board's area: never over the side panel.
        let width = (note.chars().count() as u16).min(area.width);
        let x = area.x + (area.width - width) / 2;
        buf.set_stringn(x, geo.note_y, note, usize::from(width), theme.selected);
    }
}

/// One square: its disc or marker, bracketed when it is the last move, in parentheses when
/// the last move flipped it, highlighted under the cursor or the mouse.
fn draw_square(
    board: &Board,
    marks: &Marks,
    square: (u8, u8),
    rect: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let (x, y) = square;
    let (text, mut style) = match board.disc_at(x, y) {
        Some(disc) => {
            let glyph = disc_glyph(disc, theme);
            let style = disc_style(disc, theme);
            if marks.last == Some(square) {
                (format!("[{glyph}]"), style.patch(theme.mark))
            } else if marks.flipped.contains(&square) {
                (format!("({glyph})"), style.patch(theme.mark))
            } else {
                (format!(" {glyph} "), style)
            }
        }
        None if marks.hint == Some(square) => ("<?>".to_string(), theme.mark),
        None if marks.legal.contains(&square) => {
            (format!(" {} ", theme.glyph("·", ".")), theme.mark)
        }
        None => ("   ".to_string(), theme.text),
    };
    if marks.cursor == Some(square) {
        style = style.patch(theme.cursor);
    } else if marks.hover == Some(square) {
        style = style.patch(theme.hover);
    }
    buf.set_string(rect.x, rect.y, text, style);
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// Drawing and hit-testing share one geometry: every square's cell hit-tests back to
        /// the square, wherever the board sits, and the frame beside it hits nothing.
        #[test]
        fn every_cell_hit_tests_back_to_its_square(x in 0u16..50, y in 0u16..20, extra_w in 0u16..60, extra_h in 0u16..30) {
            let (w, h) = board_size();
            let geo = geometry(Rect::new(x, y, w + extra_w, h + extra_h)).expect("fits");
            for sy in 0..SIZE {
                for sx in 0..SIZE {
                    let cell = geo.cell(sx, sy);
                    for dx in 0..cell.width {
                        prop_assert_eq!(geo.square_at(Position::new(cell.x + dx, cell.y)), Some((sx, sy)));
                    }
                    prop_assert_eq!(geo.square_at(Position::new(cell.right(), cell.y)), None);
                    prop_assert_eq!(geo.square_at(Position::new(cell.x, cell.y + 1)), None);
                }
            }
            prop_assert!(geo.counts_y < geo.grid.y && geo.note_y < y + h + extra_h);
        }
    }

    #[test]
    fn too_small_an_area_has_no_geometry() {
        let (w, h) = board_size();
        assert!(geometry(Rect::new(0, 0, w - 1, h)).is_none());
        assert!(geometry(Rect::new(0, 0, w, h - 1)).is_none());
        assert!(geometry(Rect::new(0, 0, w, h)).is_some());
    }
}
