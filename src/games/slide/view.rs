//! The Slide board on screen: one geometry function (used by drawing and by mouse
//! hit-testing, so the two cannot disagree) and the drawing itself.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Color;

use super::rules::{Board, Cell, Dir, Landing, Move, SIZE, Square};
use crate::core::Coordinates;
use crate::ui::board_colors::BoardPaints;
use crate::ui::grid::{CellShape, Grid, put_centred};
use crate::ui::palette::Paint;
use crate::ui::theme::Theme;

// xterm-256 cube and grey-ramp colours, so the 256-colour palette shows exactly what
// truecolor does; the 16-colour stand-ins are chosen for xterm's default values.
/// Slide: an icy board, red `O`, blue `X`, green goal.
pub const PAINTS: BoardPaints = BoardPaints {
    square: Paint::new(215, 215, 255, Color::White),
    other: Paint::new(215, 215, 255, Color::White),
    other_holds_pieces: false,
    pieces_are_text: true,
    frame: Paint::new(215, 215, 255, Color::White),
    lines: Paint::new(215, 215, 255, Color::White),
    first: Paint::new(175, 0, 0, Color::Red),
    second: Paint::new(0, 0, 175, Color::Blue),
    third: Paint::new(0, 95, 0, Color::Black),
    hole: Paint::new(215, 215, 255, Color::White),
    mark: Paint::new(135, 0, 135, Color::Magenta),
    note: Paint::new(95, 95, 95, Color::Black),
};

/// The cell shapes tried, largest first: no frame lines (pieces are letters, so they read
/// without colour); on big terminals the cells grow and each piece sits in the middle of its
/// cell.
const SHAPES: [CellShape; 4] = [shape(9, 4), shape(7, 3), shape(5, 2), shape(3, 1)];

/// The smallest cells: three columns, one row.
pub const SHAPE: CellShape = SHAPES[3];

const fn shape(width: u16, height: u16) -> CellShape {
    CellShape {
        width,
        height,
        gap_x: 0,
        gap_y: 0,
    }
}

/// The board's outer size in a cell shape: the grid plus `y` numbers on the left and `x`
/// numbers underneath (from the lower left, as on every other game's board).
fn size_in(shape: CellShape) -> (u16, u16) {
    let (w, h) = Grid::size_of(SIZE as u16, SIZE as u16, shape);
    (w + 2, h + 1)
}

/// The board's smallest outer size.
#[must_use]
pub fn board_size() -> (u16, u16) {
    size_in(SHAPE)
}

/// How much of `area` the board covers in the largest look that fits (all of it when none
/// does): the screen wraps a long status onto a second row only when this stays the same.
#[must_use]
pub fn extent(area: Rect) -> (u16, u16) {
    SHAPES
        .iter()
        .map(|&shape| size_in(shape))
        .find(|&(w, h)| area.width >= w && area.height >= h)
        .unwrap_or((area.width, area.height))
}

/// The grid of squares laid out in `area`, centred, in the largest cells that fit; `None` if
/// even the smallest do not. Drawing and hit-testing both read this.
#[must_use]
pub fn geometry(area: Rect) -> Option<Grid> {
    SHAPES.iter().find_map(|&shape| {
        let (w, h) = size_in(shape);
        if area.width < w || area.height < h {
            return None;
        }
        let inner = Rect::new(
            area.x + (area.width - w) / 2 + 2,
            area.y + (area.height - h) / 2,
            w - 2,
            h - 1,
        );
        Grid::centered(inner, SIZE as u16, SIZE as u16, shape)
    })
}

/// The board square under a screen position.
#[must_use]
pub fn square_at(area: Rect, pos: Position) -> Option<Square> {
    let (col, row) = geometry(area)?.hit(pos)?;
    Some((row as u8, col as u8))
}

/// What to draw besides the pieces.
#[derive(Debug, Clone, Default)]
pub struct Marks {
    /// The keyboard cursor.
    pub cursor: Option<Square>,
    /// The selected piece, whose possible landings are previewed.
    pub selected: Option<Square>,
    /// A suggested move, drawn as an arrow beside its piece.
    pub hint: Option<Move>,
    /// The squares a piece just crossed (the slide animation), drawn as a trail.
    pub trail: Vec<Square>,
    /// `[ui] coordinates`: the rows are numbered up from the bottom (standard `x,y`) or down
    /// from the top (the seed's row,column), as the texts name them.
    pub names: Coordinates,
}

/// The arrow glyph for a direction.
#[must_use]
pub fn arrow(dir: Dir, theme: &Theme) -> &'static str {
    match dir {
        Dir::Up => theme.glyph("↑", "^"),
        Dir::Down => theme.glyph("↓", "v"),
        Dir::Left => theme.glyph("←", "<"),
        Dir::Right => theme.glyph("→", ">"),
    }
}

/// Every square from `from` (excluded) to where `mv` lands (included): the preview path and
/// the animation trail.
#[must_use]
pub fn path(board: &Board, mv: &Move) -> Vec<Square> {
    let Ok(Landing::Stop(end) | Landing::Goal(end)) = board.landing(mv) else {
        return Vec::new();
    };
    let mut squares = Vec::new();
    let mut at = mv.from;
    while at != end {
        match super::rules::step(at, mv.dir) {
            Some(next) => {
                squares.push(next);
                at = next;
            }
            None => break,
        }
    }
    squares
}

/// Draws the board and its marks.
pub fn render(board: &Board, marks: &Marks, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let Some(grid) = geometry(area) else { return };
    let last = SIZE as u16 - 1;
    for i in 0..SIZE as u16 {
        let bottom = grid.cell(i, last);
        buf.set_string(
            bottom.x + bottom.width / 2,
            bottom.bottom(),
            i.to_string(),
            theme.dim,
        );
        let left = grid.cell(0, i);
        let row_label = match marks.names {
            Coordinates::Standard => last - i,
            Coordinates::Original => i,
        };
        let middle = left.y + (left.height - 1) / 2;
        buf.set_string(grid.x - 2, middle, row_label.to_string(), theme.dim);
    }
    // A selected piece shows, for each direction, the squares it would cross and where it
    // would stop (or the goal it would reach), before any slide is made.
    let mut landings: Vec<(Square, bool)> = Vec::new();
    let mut crossed: Vec<Square> = Vec::new();
    if let Some(from) = marks.selected {
        for dir in Dir::ALL {
            let mv = Move { from, dir };
            match board.landing(&mv) {
                Ok(Landing::Stop(square)) => landings.push((square, false)),
                Ok(Landing::Goal(square)) => landings.push((square, true)),
                Err(_) => {}
            }
            crossed.extend(path(board, &mv));
        }
    }
    for row in 0..SIZE as u8 {
        for col in 0..SIZE as u8 {
            let square = (row, col);
            let rect = grid.cell(u16::from(col), u16::from(row));
            let cell = board.cell(square);
            let (mut text, mut style) = match cell {
                Cell::Empty => (format!(" {} ", theme.glyph("·", ".")), theme.dim),
                Cell::O => (" O ".to_string(), theme.first),
                Cell::X => (" X ".to_string(), theme.second),
                Cell::Goal => (" G ".to_string(), theme.good),
            };
            if (crossed.contains(&square) || marks.trail.contains(&square)) && cell == Cell::Empty {
                text = format!(" {} ", theme.glyph("•", "*"));
                style = theme.mark;
            }
            if let Some(&(_, goal)) = landings.iter().find(|(s, _)| *s == square) {
                text = if goal {
                    "(G)".to_string()
                } else {
                    format!(" {} ", theme.glyph("◇", "+"))
                };
                style = theme.mark;
            }
            if let Some(hint) = marks.hint.filter(|h| h.from == square) {
                text = format!("{}{} ", arrow(hint.dir, theme), cell.symbol());
                style = theme.mark;
            }
            if marks.selected == Some(square) {
                text = format!("[{}]", cell.symbol());
                style = style.patch(theme.selected);
            }
            // On the icy board pieces keep their colours (the brackets and arrows mark them);
            // the previews are in the mark colour, empty squares quiet.
            if let Some(ice) = theme.board(&PAINTS) {
                let marked = style == theme.mark;
                let fg = match cell {
                    _ if marked => ice.mark,
                    Cell::O => ice.first,
                    Cell::X => ice.second,
                    Cell::Goal => ice.third,
                    Cell::Empty => ice.note,
                };
                style = ice.on_square(style, fg);
            }
            if marks.selected != Some(square) && marks.cursor == Some(square) {
                let inner: String = text.chars().nth(1).map(String::from).unwrap_or_default();
                text = format!(">{inner}<");
                style = style.patch(theme.cursor);
            }
            put_centred(buf, rect, &text, style);
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #[test]
        fn every_drawn_square_hit_tests_back(w in 40u16..140, h in 12u16..60, r in 0u8..10, c in 0u8..10) {
            let area = Rect::new(0, 0, w, h);
            if let Some(grid) = geometry(area) {
                let rect = grid.cell(u16::from(c), u16::from(r));
                for dx in 0..rect.width {
                    for dy in 0..rect.height {
                        let pos = Position::new(rect.x + dx, rect.y + dy);
                        prop_assert_eq!(square_at(area, pos), Some((r, c)));
                    }
                }
            }
        }
    }
}
