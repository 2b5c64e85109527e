//! The Pentago board on screen: four framed quadrants drawn apart, with a rotation arrow at
//! the outer corners of each (left turn at one corner, right turn at the other).
//!
//! [`geometry`] is the one function from an area to every rectangle (cells, quadrant frames,
//! arrows); drawing and mouse hit-testing both use it, so they cannot disagree.
//!
//! ```text
//!  ↺           ↻  ↺           ↻      <- arrows of quadrants 1 and 2
//!     1   2   3      4   5   6
//!   ╭──── 1 ────╮  ╭──── 2 ────╮
//! A │ ·   ·   · │  │ ·   ·   · │ A
//!   │           │  │           │
//! …
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::{Margin, Position, Rect};
use ratatui::style::{Color, Style};
use ratatui::widgets::{Block, Borders, Widget};

use super::notation::row_letter;
use super::rules::{Board, Dir, Line, Move, Quadrant, SIZE, Square};
use crate::core::Seat;
use crate::ui::board_colors::BoardPaints;
use crate::ui::grid::{CellShape, Grid};
use crate::ui::palette::Paint;
use crate::ui::square_board::{CellText, draw_cell};
use crate::ui::theme::Theme;

// xterm-256 cube and grey-ramp colours, so the 256-colour palette shows exactly what
// truecolor does; the 16-colour stand-ins are chosen for xterm's default values.
/// Pentago: quadrants in two shades of wood (red and plum in 16 colours), black and white
/// marbles.
pub const PAINTS: BoardPaints = BoardPaints {
    square: Paint::new(175, 95, 0, Color::Red),
    other: Paint::new(135, 95, 0, Color::Magenta),
    other_holds_pieces: true,
    pieces_are_text: false,
    frame: Paint::new(175, 95, 0, Color::Red),
    lines: Paint::new(95, 0, 0, Color::Black),
    first: Paint::new(0, 0, 0, Color::Black),
    second: Paint::new(255, 255, 255, Color::White),
    third: Paint::new(0, 0, 0, Color::Black),
    hole: Paint::new(175, 95, 0, Color::Red),
    mark: Paint::new(255, 255, 255, Color::White),
    note: Paint::new(255, 255, 215, Color::White),
};

/// The cell shapes tried, largest first: big cells (pieces drawn as blocks or discs, as on
/// every large board), the roomy classic look (a blank row between rows) and the compact look
/// for short terminals (rows together).
const SHAPES: [CellShape; 6] = [
    shape(11, 5, 1),
    shape(9, 4, 1),
    shape(7, 3, 1),
    shape(5, 2, 1),
    shape(3, 1, 1),
    shape(3, 1, 0),
];
/// The roomy classic look: three-column cells, a blank row between the rows of a quadrant.
const ROOMY: CellShape = SHAPES[4];
/// The compact look: three-column cells, rows together.
const COMPACT: CellShape = SHAPES[5];

const fn shape(width: u16, height: u16, gap_y: u16) -> CellShape {
    CellShape {
        width,
        height,
        gap_x: 1,
        gap_y,
    }
}

/// One quadrant's frame: three cells, two gaps, two frame lines each way.
const fn box_size(shape: CellShape) -> (u16, u16) {
    (
        3 * shape.width + 2 * shape.gap_x + 2,
        3 * shape.height + 2 * shape.gap_y + 2,
    )
}
/// Columns between the left and right quadrants: the "apart" that shows they turn alone.
const APART_X: u16 = 2;
/// Rows between the upper and lower quadrants.
const APART_Y: u16 = 1;
/// The whole board in a cell shape: row letters, two frames and the gap across; arrows, column
/// numbers, two frames and the gap down.
const fn size_in(shape: CellShape) -> (u16, u16) {
    let (w, h) = box_size(shape);
    (2 + w + APART_X + w + 2, 2 + h + APART_Y + h + 2)
}

/// Where everything of the board is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    /// The board's whole rectangle.
    pub area: Rect,
    /// Each quadrant's frame, in quadrant order (1–4).
    pub frames: [Rect; 4],
    /// Each quadrant's 3×3 cells.
    pub grids: [Grid; 4],
    /// Each quadrant's arrows: `[left turn, right turn]`.
    pub arrows: [[Rect; 2]; 4],
}

/// Something on the board the mouse can point at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A square.
    Square(Square),
    /// A rotation arrow.
    Arrow(Quadrant, Dir),
    /// A quadrant's frame (not one of its squares).
    Frame(Quadrant),
}

/// The board's smallest outer size (the compact look, no blank rows inside the quadrants).
#[must_use]
pub const fn board_size() -> (u16, u16) {
    size_in(COMPACT)
}

/// The roomy look's outer size, with a blank row between the rows of each quadrant: the
/// layout prefers an arrangement where this fits (bigger looks come with a bigger area).
#[must_use]
pub const fn roomy_size() -> (u16, u16) {
    size_in(ROOMY)
}

/// Lays the board out centred in `area` in the largest look that fits; `None` if it does not
/// fit at all. Drawing and hit-testing both read this.
#[must_use]
pub fn geometry(area: Rect) -> Option<Geometry> {
    SHAPES.iter().find_map(|&shape| geometry_with(area, shape))
}

fn geometry_with(area: Rect, shape: CellShape) -> Option<Geometry> {
    let (width, height) = size_in(shape);
    let (box_w, box_h) = box_size(shape);
    if area.width < width || area.height < height {
        return None;
    }
    let x0 = area.x + (area.width - width) / 2;
    let y0 = area.y + (area.height - height) / 2;
    let mut frames = [Rect::default(); 4];
    let mut grids = [Grid {
        x: 0,
        y: 0,
        cols: 3,
        rows: 3,
        cell_width: shape.width,
        cell_height: shape.height,
        gap_x: shape.gap_x,
        gap_y: shape.gap_y,
    }; 4];
    let mut arrows = [[Rect::default(); 2]; 4];
    for (i, quadrant) in Quadrant::ALL.into_iter().enumerate() {
        let (row0, col0) = quadrant.origin();
        let lower = row0 > 0;
        let fx = x0 + 2 + if col0 > 0 { box_w + APART_X } else { 0 };
        let fy = y0 + 2 + if lower { box_h + APART_Y } else { 0 };
        frames[i] = Rect::new(fx, fy, box_w, box_h);
        grids[i].x = fx + 1;
        grids[i].y = fy + 1;
        let arrow_y = if lower { y0 + height - 1 } else { y0 };
        arrows[i] = [
            Rect::new(fx, arrow_y, 3, 1),
            Rect::new(fx + box_w - 3, arrow_y, 3, 1),
        ];
    }
    Some(Geometry {
        area: Rect::new(x0, y0, width, height),
        frames,
        grids,
        arrows,
    })
}

const fn quadrant_index(quadrant: Quadrant) -> usize {
    quadrant.number() as usize - 1
}

const fn dir_index(dir: Dir) -> usize {
    match dir {
        Dir::Left => 0,
        Dir::Right => 1,
    }
}

impl Geometry {
    /// The screen rectangle of a square.
    #[must_use]
    pub fn cell(&self, (row, col): Square) -> Rect {
        let quadrant = Quadrant::of((row, col));
        self.grids[quadrant_index(quadrant)].cell((col % 3) as u16, (row % 3) as u16)
    }

    /// The rectangle of a rotation arrow.
    #[must_use]
    pub fn arrow(&self, quadrant: Quadrant, dir: Dir) -> Rect {
        self.arrows[quadrant_index(quadrant)][dir_index(dir)]
    }

    /// The frame of a quadrant.
    #[must_use]
    pub fn frame(&self, quadrant: Quadrant) -> Rect {
        self.frames[quadrant_index(quadrant)]
    }

    /// What is under a mouse position: a square, an arrow, or a quadrant's frame.
    #[must_use]
    pub fn target_at(&self, pos: Position) -> Option<Target> {
        for quadrant in Quadrant::ALL {
            for dir in Dir::ALL {
                if self.arrow(quadrant, dir).contains(pos) {
                    return Some(Target::Arrow(quadrant, dir));
                }
            }
            let grid = &self.grids[quadrant_index(quadrant)];
            if let Some((col, row)) = grid.hit(pos) {
                let (r0, c0) = quadrant.origin();
                return Some(Target::Square((r0 + row as usize, c0 + col as usize)));
            }
            if self.frame(quadrant).contains(pos) {
                return Some(Target::Frame(quadrant));
            }
        }
        None
    }
}

/// What to draw besides the pieces.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marks {
    /// The keyboard cursor's square (while placing).
    pub cursor: Option<Square>,
    /// What the mouse points at.
    pub hover: Option<Target>,
    /// Where the last move's piece stands now.
    pub last: Option<Square>,
    /// Where the piece being placed stands (turned with the preview).
    pub pending: Option<Square>,
    /// The quadrant chosen for the rotation, and the direction once chosen (the preview).
    pub rotation: Option<(Quadrant, Option<Dir>)>,
    /// Whether the arrows can be used now (a piece is down, waiting for its rotation).
    pub arrows_active: bool,
    /// Fives in a line to mark.
    pub winning: Vec<Line>,
    /// A suggested move (the hint key): its square and its rotation's arrow are marked.
    pub hint: Option<Move>,
}

/// The glyph of a piece: shape differs by seat, so colour is never the only cue.
#[must_use]
pub fn piece_glyph(seat: Seat, theme: &Theme) -> &'static str {
    match seat {
        Seat::First => theme.glyph("●", "X"),
        Seat::Second => theme.glyph("○", "O"),
    }
}

/// The glyph of a rotation arrow.
#[must_use]
pub fn arrow_glyph(dir: Dir, theme: &Theme) -> &'static str {
    match dir {
        Dir::Left => theme.glyph("↺", "L"),
        Dir::Right => theme.glyph("↻", "R"),
    }
}

/// Draws `board` (the position, or the preview of a turn) with its marks.
pub fn render(board: &Board, marks: &Marks, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let Some(geo) = geometry(area) else { return };
    draw_labels(&geo, buf, theme);
    for quadrant in Quadrant::ALL {
        draw_frame(&geo, quadrant, marks, buf, theme);
        if let Some(shade) = shade(quadrant, theme) {
            buf.set_style(
                geo.frame(quadrant).inner(Margin::new(1, 1)),
                Style::new().bg(shade),
            );
        }
        for dir in Dir::ALL {
            draw_arrow(&geo, quadrant, dir, marks, buf, theme);
        }
    }
    for (row, cells) in board.iter().enumerate() {
        for (col, &cell) in cells.iter().enumerate() {
            let square = (row, col);
            let rect = geo.cell(square);
            let (content, mut style) = cell_text(cell, square, marks, theme);
            // On the shaded quadrants marbles keep their black and white (brackets and stars
            // mark them) and the empty points are pale.
            if let (Some(colours), Some(shade)) =
                (theme.board(&PAINTS), shade(Quadrant::of(square), theme))
            {
                let fg = match cell {
                    Some(Seat::First) => colours.first,
                    Some(Seat::Second) => colours.second,
                    None if content == CellText::HINT => colours.mark,
                    None => colours.note,
                };
                style = style.fg(fg).bg(shade);
            }
            draw_cell(buf, rect, content, style, true);
        }
    }
}

/// The shade of a quadrant's inside: the two shades alternate like a chequer of quadrants, so
/// each quadrant stands apart from its neighbours; `None` without board colours.
fn shade(quadrant: Quadrant, theme: &Theme) -> Option<ratatui::style::Color> {
    let colours = theme.board(&PAINTS)?;
    Some(if matches!(quadrant.number(), 1 | 4) {
        colours.square
    } else {
        colours.other
    })
}

fn draw_labels(geo: &Geometry, buf: &mut Buffer, theme: &Theme) {
    let top = geo.area.y + 1;
    let bottom = geo.area.bottom() - 2;
    for col in 0..SIZE {
        let cell = geo.cell((0, col));
        let x = cell.x + cell.width / 2;
        let label = (col + 1).to_string();
        buf.set_string(x, top, &label, theme.dim);
        buf.set_string(x, bottom, &label, theme.dim);
    }
    for row in 0..SIZE {
        let cell = geo.cell((row, 0));
        let y = cell.y + (cell.height - 1) / 2;
        let letter = row_letter(row).to_string();
        buf.set_string(geo.area.x, y, &letter, theme.dim);
        buf.set_string(geo.area.right() - 1, y, &letter, theme.dim);
    }
}

fn draw_frame(geo: &Geometry, quadrant: Quadrant, marks: &Marks, buf: &mut Buffer, theme: &Theme) {
    let (style, title) = match marks.rotation {
        Some((q, Some(dir))) if q == quadrant => (
            theme.selected,
            format!(" {} {} ", quadrant.number(), arrow_glyph(dir, theme)),
        ),
        Some((q, None)) if q == quadrant => (theme.cursor, format!("[{}]", quadrant.number())),
        _ if marks.hover == Some(Target::Frame(quadrant)) && marks.arrows_active => {
            (theme.hover, format!(" {} ", quadrant.number()))
        }
        _ => (theme.border, format!(" {} ", quadrant.number())),
    };
    Block::default()
        .borders(Borders::ALL)
        .border_set(theme.border_set())
        .border_style(style)
        .title(title)
        .title_alignment(ratatui::layout::Alignment::Center)
        .render(geo.frame(quadrant), buf);
}

fn draw_arrow(
    geo: &Geometry,
    quadrant: Quadrant,
    dir: Dir,
    marks: &Marks,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let rect = geo.arrow(quadrant, dir);
    let glyph = arrow_glyph(dir, theme);
    let chosen = marks.rotation == Some((quadrant, Some(dir)));
    let hinted =
        marks.rotation.is_none() && marks.hint.and_then(|mv| mv.rotation) == Some((quadrant, dir));
    let (text, style) = if chosen {
        (format!("[{glyph}]"), theme.selected)
    } else if hinted {
        (format!("<{glyph}>"), theme.mark)
    } else if !marks.arrows_active {
        (format!(" {glyph} "), theme.dim)
    } else if marks.hover == Some(Target::Arrow(quadrant, dir)) {
        (format!("[{glyph}]"), theme.hover)
    } else {
        (format!(" {glyph} "), theme.text)
    };
    buf.set_string(rect.x, rect.y, text, style);
}

/// What a square shows and in which style: a marble between its marks (`*●*` in a winning
/// line, `<●>` being placed, `[●]` under the cursor, `(●)` the last move) or a point.
fn cell_text(
    cell: Option<Seat>,
    square: Square,
    marks: &Marks,
    theme: &Theme,
) -> (CellText<'static>, Style) {
    let cursor = marks.cursor == Some(square);
    let hovered = marks.hover == Some(Target::Square(square));
    match cell {
        Some(seat) => {
            let glyph = piece_glyph(seat, theme);
            let style = theme.seat(seat);
            if marks.winning.iter().any(|line| line.contains(&square)) {
                (CellText::marked("*", glyph, "*"), style.patch(theme.good))
            } else if marks.pending == Some(square) {
                (
                    CellText::marked("<", glyph, ">"),
                    style.patch(theme.selected),
                )
            } else if cursor {
                (CellText::marked("[", glyph, "]"), style.patch(theme.cursor))
            } else if marks.last == Some(square) {
                (CellText::marked("(", glyph, ")"), style)
            } else {
                (CellText::piece(glyph), style)
            }
        }
        None => {
            let dot = theme.glyph("·", ".");
            if cursor {
                (
                    CellText::Mark {
                        left: "[",
                        glyph: dot,
                        right: "]",
                    },
                    theme.cursor,
                )
            } else if marks.hint.is_some_and(|mv| mv.place == square) {
                (CellText::HINT, theme.mark)
            } else if hovered && !marks.arrows_active {
                (CellText::marker(dot), theme.hover)
            } else {
                (CellText::marker(dot), theme.dim)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn every_square_and_arrow_hits_itself(
            x in 0u16..40,
            y in 0u16..20,
            extra_w in 0u16..40,
            extra_h in 0u16..20,
        ) {
            let (width, height) = roomy_size();
            let area = Rect::new(x, y, width + extra_w * 3, height + extra_h * 3);
            let geo = geometry(area).expect("fits");
            proptest::prop_assert!(area.contains(Position::new(geo.area.x, geo.area.y)));
            for row in 0..SIZE {
                for col in 0..SIZE {
                    let rect = geo.cell((row, col));
                    for dx in 0..rect.width {
                        for dy in 0..rect.height {
                            let pos = Position::new(rect.x + dx, rect.y + dy);
                            proptest::prop_assert_eq!(geo.target_at(pos), Some(Target::Square((row, col))));
                        }
                    }
                }
            }
            for quadrant in Quadrant::ALL {
                for dir in Dir::ALL {
                    let rect = geo.arrow(quadrant, dir);
                    for dx in 0..rect.width {
                        let pos = Position::new(rect.x + dx, rect.y);
                        proptest::prop_assert_eq!(geo.target_at(pos), Some(Target::Arrow(quadrant, dir)));
                    }
                    proptest::prop_assert!(geo.area.contains(Position::new(rect.x, rect.y)));
                }
                let frame = geo.frame(quadrant);
                proptest::prop_assert_eq!(
                    geo.target_at(Position::new(frame.x, frame.y)),
                    Some(Target::Frame(quadrant))
                );
            }
            proptest::prop_assert_eq!(geo.target_at(Position::new(geo.area.x, geo.area.y + 1)), None);
        }
    }

    #[test]
    fn quadrants_are_apart_and_arrows_sit_at_outer_corners() {
        let (width, height) = roomy_size();
        let geo = geometry(Rect::new(0, 0, width, height)).expect("fits exactly");
        let [q1, q2, q3, q4] = geo.frames;
        assert!(q1.right() < q2.x && q3.right() < q4.x);
        assert!(q1.bottom() < q3.y && q2.bottom() < q4.y);
        assert_eq!(geo.arrow(Quadrant::UpperLeft, Dir::Left).x, q1.x);
        assert!(geo.arrow(Quadrant::UpperLeft, Dir::Left).y < q1.y);
        assert_eq!(
            geo.arrow(Quadrant::LowerRight, Dir::Right).right(),
            q4.right()
        );
        assert!(geo.arrow(Quadrant::LowerRight, Dir::Right).y >= q4.bottom());
        assert!(geometry(Rect::new(0, 0, width - 1, height)).is_none());
        let compact = geometry(Rect::new(0, 0, width, height - 1)).expect("the compact look fits");
        assert_eq!(compact.area.height, board_size().1);
        assert!(geometry(Rect::new(0, 0, width, board_size().1 - 1)).is_none());
    }
}
