//! The checkers board on screen: one geometry function shared by drawing and mouse
//! hit-testing, and the drawing of pieces and marks.
//!
//! Pieces differ by shape as well as colour (`●`/`○` pawns, `♚`/`♔` kings; the seed's
//! `X`/`O`/`B`/`W` in the ASCII theme), so neither the side nor a crowning depends on colour.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Color, Modifier, Style};

use super::rules::{Board, Checkers, Piece, SIZE, Square};
use crate::core::{Coordinates, Seat};
use crate::ui::board_colors::BoardPaints;
use crate::ui::palette::Paint;
use crate::ui::square_board::{BoardGeometry, BoardSpec, CellText};
use crate::ui::theme::Theme;

// xterm-256 cube and grey-ramp colours, so the 256-colour palette shows exactly what
// truecolor does; the 16-colour stand-ins are chosen for xterm's default values.
/// Checkers: dark squares (where the men stand) and light ones on a dark wooden frame,
/// black and white men.
pub const PAINTS: BoardPaints = BoardPaints {
    square: Paint::new(135, 95, 95, Color::Red),
    other: Paint::new(255, 215, 175, Color::Gray),
    other_holds_pieces: false,
    pieces_are_text: false,
    frame: Paint::new(95, 0, 0, Color::Black),
    lines: Paint::new(95, 0, 0, Color::Black),
    first: Paint::new(0, 0, 0, Color::Black),
    second: Paint::new(255, 255, 255, Color::White),
    third: Paint::new(0, 0, 0, Color::Black),
    hole: Paint::new(135, 95, 95, Color::Red),
    mark: Paint::new(255, 255, 95, Color::LightYellow),
    note: Paint::new(255, 255, 255, Color::White),
};

/// The board with the seed's names: 8×8 squares, `y` on the left, `x` under the frame.
pub const SPEC: BoardSpec = BoardSpec::new((SIZE as u16, SIZE as u16), 1, true, (0, 0));

/// The board with standard names: each row's first square number (up to 29) on the left.
pub const SPEC_STANDARD: BoardSpec = BoardSpec::new((SIZE as u16, SIZE as u16), 2, true, (0, 0));

/// The numbers of the dark squares, drawn in the empty ones when the names are standard.
const NUMBERS: [&str; 32] = [
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17",
    "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31", "32",
];

/// The board's layout for a way of naming squares.
#[must_use]
pub fn spec(names: Coordinates) -> BoardSpec {
    match names {
        Coordinates::Standard => SPEC_STANDARD,
        Coordinates::Original => SPEC,
    }
}

/// Where the board's parts are (the shared labelled-board geometry).
pub type Geometry = BoardGeometry;

/// Lays the board out centred in `area` in the largest tier that fits; `None` when it does
/// not fit.
#[must_use]
pub fn geometry(names: Coordinates, area: Rect) -> Option<Geometry> {
    BoardGeometry::fit(spec(names), area)
}

/// The screen rectangle of a board square.
#[must_use]
pub fn cell(geo: &Geometry, square: Square) -> Rect {
    geo.cell(u16::from(square.x), u16::from(square.y))
}

/// The board square under a screen position (cells only, not the frame).
#[must_use]
pub fn square_at(geo: &Geometry, pos: Position) -> Option<Square> {
    geo.square_at(pos)
        .map(|(x, y)| Square::new(x as u8, y as u8))
}

/// Everything drawn besides the pieces.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marks {
    /// The keyboard cursor, hidden while the computer moves or the game is over.
    pub cursor: Option<Square>,
    /// The square under the mouse.
    pub hover: Option<Square>,
    /// The move being built: the selected piece's square, then the squares chosen so far.
    pub path: Vec<Square>,
    /// Where the move being built may go next.
    pub destinations: Vec<Square>,
    /// Pieces that must capture (marked only while nothing is selected).
    pub must_capture: Vec<Square>,
    /// The squares of the last move, start first.
    pub last: Vec<Square>,
    /// The path of the move a hint suggests, start first: the piece is bracketed `<X>` and
    /// the squares it goes through marked `<?>`.
    pub hint: Vec<Square>,
    /// Men taken by a jump in motion, drawn faint where they stood until the jump ends.
    pub fading: Vec<(Square, Piece)>,
    /// How squares are named: standard numbers (on the left of each row and in the empty
    /// dark squares when they are wide enough) or the seed's `x` and `y` on the edges.
    pub names: Coordinates,
}

/// The glyph of a piece: pawns and kings, black and white, all of different shapes.
pub fn piece_glyph(piece: Piece, theme: &Theme) -> &'static str {
    match (piece.side, piece.king) {
        (Seat::First, false) => theme.glyph("●", "X"),
        (Seat::Second, false) => theme.glyph("○", "O"),
        (Seat::First, true) => theme.glyph("♚", "B"),
        (Seat::Second, true) => theme.glyph("♔", "W"),
    }
}

/// Draws the position (with a half-built multi-jump shown as it stands) and its marks.
pub fn render(game: &Checkers, marks: &Marks, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let Some(geo) = geometry(marks.names, area) else {
        return;
    };
    let standard = marks.names == Coordinates::Standard;
    let wood = theme.board(&PAINTS);
    geo.draw_frame_in(
        buf,
        theme,
        wood.map_or(theme.border, |w| w.lattice()),
        |y| {
            if standard {
                let first =
                    (0..SIZE).find_map(|x| super::notation::square_number(Square::new(x, y as u8)));
                first.map(|n| n.to_string()).unwrap_or_default()
            } else {
                y.to_string()
            }
        },
        |x| {
            let label = if standard {
                String::new()
            } else {
                x.to_string()
            };
            (label, theme.dim)
        },
    );
    // Numbers need a cell of three columns (the compact tier's two would cut "29").
    let numbered = standard && cell(&geo, Square::new(0, 0)).width >= 3;
    let board: Board = game.preview(&marks.path);
    let captured = super::rules::Move::new(marks.path.clone()).captured();
    let end = marks.path.last().copied();
    for y in 0..SIZE {
        for x in 0..SIZE {
            let square = Square::new(x, y);
            let (mut text, mut style) = cell_text(square, &board, marks, &captured, end, theme);
            if numbered
                && text == CellText::EMPTY
                && let Some(n) = super::notation::square_number(square)
            {
                text = CellText::Mark {
                    left: "",
                    glyph: NUMBERS[usize::from(n - 1)],
                    right: "",
                };
                style = wood.map_or(theme.dim, |w| w.on_square(theme.dim, w.note));
            }
            if marks.hover == Some(square) {
                style = style.patch(theme.hover);
            }
            if marks.cursor == Some(square) {
                style = style.patch(theme.cursor);
            }
            geo.draw_cell(buf, cell(&geo, square), text, style);
        }
    }
}

/// What one cell shows, and its style: without board colours as [`plain_cell`] has it; on the
/// painted board the men keep their black and white (brackets and underlines mark them) and
/// the marks are pale on the dark squares, the light squares plain.
fn cell_text(
    square: Square,
    board: &Board,
    marks: &Marks,
    captured: &[Square],
    end: Option<Square>,
    theme: &Theme,
) -> (CellText<'static>, Style) {
    let (text, style) = plain_cell(square, board, marks, captured, end, theme);
    let Some(wood) = theme.board(&PAINTS) else {
        return (text, style);
    };
    if !square.is_dark() {
        // Black on the light square: reverse video (the cursor) shows a dark block.
        return (
            CellText::Fill(" "),
            Style::new().fg(wood.first).bg(wood.other),
        );
    }
    // A man taken by a jump in motion keeps its colour (faint) until the jump ends.
    let fading = marks
        .fading
        .iter()
        .find(|(at, _)| *at == square)
        .map(|&(_, piece)| piece);
    let colour = match board.piece_at(square).or(fading) {
        Some(piece) if piece.side == Seat::First => wood.first,
        Some(_) => wood.second,
        None => wood.mark,
    };
    (text, wood.on_square(style, colour))
}

/// A cell as drawn with glyphs and marks only (the mono theme, `NO_COLOR`).
fn plain_cell(
    square: Square,
    board: &Board,
    marks: &Marks,
    captured: &[Square],
    end: Option<Square>,
    theme: &Theme,
) -> (CellText<'static>, Style) {
    if !square.is_dark() {
        // Shaded in both themes: without colour the unplayable squares must still differ
        // from the empty playable ones.
        return (CellText::Fill(theme.glyph("░", ":")), theme.dim);
    }
    if let Some(piece) = board.piece_at(square) {
        let glyph = piece_glyph(piece, theme);
        let style = theme.seat(piece.side);
        return if end == Some(square) {
            (
                CellText::marked("[", glyph, "]"),
                style.patch(theme.selected),
            )
        } else if marks.path.is_empty() && marks.hint.first() == Some(&square) {
            (CellText::marked("<", glyph, ">"), style.patch(theme.mark))
        } else if marks.path.is_empty() && marks.must_capture.contains(&square) {
            (CellText::marked("(", glyph, ")"), style)
        } else if marks.last.last() == Some(&square) {
            (
                CellText::piece(glyph),
                style.add_modifier(Modifier::UNDERLINED),
            )
        } else {
            (CellText::piece(glyph), style)
        };
    }
    if let Some(&(_, piece)) = marks.fading.iter().find(|(at, _)| *at == square) {
        return (
            CellText::piece(piece_glyph(piece, theme)),
            theme.seat(piece.side).add_modifier(Modifier::DIM),
        );
    }
    if captured.contains(&square) {
        return (CellText::marker(theme.glyph("×", "x")), theme.dim);
    }
    if marks.path.is_empty() && marks.hint.iter().skip(1).any(|&s| s == square) {
        return (CellText::HINT, theme.mark);
    }
    if marks.destinations.contains(&square) {
        return (CellText::marker(theme.glyph("◇", "+")), theme.mark);
    }
    if marks.path.contains(&square) {
        return (CellText::marker(theme.glyph("•", "*")), theme.selected);
    }
    if marks.last.contains(&square) {
        return (CellText::marker(theme.glyph("·", ".")), theme.mark);
    }
    (CellText::EMPTY, theme.text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_hit_tests_back_to_itself() {
        let (w, h) = SPEC.framed_size();
        for (dx, dy) in [(0, 0), (7, 3), (30, 10)] {
            let area = Rect::new(dx, dy, w + dx, h + dy);
            let geo = geometry(Coordinates::Original, area).expect("fits");
            for y in 0..SIZE {
                for x in 0..SIZE {
                    let square = Square::new(x, y);
                    let rect = cell(&geo, square);
                    for cx in rect.x..rect.right() {
                        assert_eq!(square_at(&geo, Position::new(cx, rect.y)), Some(square));
                    }
                }
            }
            assert!(geo.labels_y() < area.bottom());
        }
        let (w, h) = SPEC.min_size();
        assert_eq!(
            geometry(Coordinates::Original, Rect::new(0, 0, w - 1, h)),
            None
        );
    }

    #[test]
    fn white_is_at_the_bottom_and_black_at_the_top() {
        let geo = geometry(Coordinates::Original, Rect::new(0, 0, 40, 20)).expect("fits");
        assert!(cell(&geo, Square::new(0, 0)).y > cell(&geo, Square::new(0, 7)).y);
        assert!(cell(&geo, Square::new(0, 0)).x < cell(&geo, Square::new(7, 0)).x);
    }

    fn drawn(game: &Checkers, marks: &Marks, theme: &Theme) -> (Geometry, Buffer) {
        let (w, h) = SPEC.framed_size();
        let area = Rect::new(0, 0, w, h);
        let mut buf = Buffer::empty(area);
        render(game, marks, area, &mut buf, theme);
        (geometry(marks.names, area).expect("fits"), buf)
    }

    fn cell_at(geo: &Geometry, buf: &Buffer, x: u8, y: u8) -> String {
        let rect = cell(geo, Square::new(x, y));
        (rect.x..rect.right())
            .map(|cx| buf[(cx, rect.y)].symbol().to_string())
            .collect()
    }

    #[test]
    fn kings_look_different_from_pawns_in_every_theme() {
        use super::super::rules::Setup;
        use crate::ui::theme::ThemeKind;
        let piece = |side, king| Piece { side, king };
        let game = Checkers::try_from(Setup {
            pieces: vec![
                (Square::new(1, 1), piece(Seat::First, true)),
                (Square::new(3, 3), piece(Seat::First, false)),
                (Square::new(5, 5), piece(Seat::Second, true)),
                (Square::new(7, 5), piece(Seat::Second, false)),
            ],
            to_move: Seat::First,
            quiet_plies: 0,
            forced_capture: true,
        })
        .expect("valid");
        for (kind, expected) in [
            (ThemeKind::Dark, [" ♚ ", " ● ", " ♔ ", " ○ "]),
            (ThemeKind::Mono, [" B ", " X ", " W ", " O "]),
        ] {
            let theme = Theme::new(kind, false);
            let (geo, buf) = drawn(&game, &Marks::default(), &theme);
            let found = [(1, 1), (3, 3), (5, 5), (7, 5)].map(|(x, y)| cell_at(&geo, &buf, x, y));
            assert_eq!(found, expected, "{kind:?}");
        }
    }

    #[test]
    fn a_hint_brackets_the_piece_and_marks_where_it_goes() {
        use crate::ui::theme::ThemeKind;
        let game = Checkers::default();
        let theme = Theme::new(ThemeKind::Mono, false);
        let marks = Marks {
            hint: vec![Square::new(1, 5), Square::new(2, 4)],
            names: Coordinates::Original,
            ..Marks::default()
        };
        let (geo, buf) = drawn(&game, &marks, &theme);
        assert_eq!(cell_at(&geo, &buf, 1, 5), "<X>");
        assert_eq!(cell_at(&geo, &buf, 2, 4), "<?>");
        assert_eq!(cell_at(&geo, &buf, 0, 4), "   ");
        // Once the player starts a move of their own, the hint steps aside.
        let marks = Marks {
            path: vec![Square::new(3, 5)],
            destinations: vec![Square::new(2, 4), Square::new(4, 4)],
            ..marks
        };
        let (geo, buf) = drawn(&game, &marks, &theme);
        assert_eq!(cell_at(&geo, &buf, 1, 5), " X ");
        assert_eq!(cell_at(&geo, &buf, 2, 4), " + ");
    }

    #[test]
    fn a_partial_jump_shows_its_path_and_what_it_took() {
        use crate::ui::theme::ThemeKind;
        let game = Checkers::default();
        let theme = Theme::new(ThemeKind::Mono, false);
        let marks = Marks {
            path: vec![Square::new(1, 5)],
            destinations: vec![Square::new(0, 4), Square::new(2, 4)],
            names: Coordinates::Original,
            ..Marks::default()
        };
        let (geo, buf) = drawn(&game, &marks, &theme);
        assert_eq!(cell_at(&geo, &buf, 1, 5), "[X]");
        assert_eq!(cell_at(&geo, &buf, 0, 4), " + ");
        assert_eq!(cell_at(&geo, &buf, 2, 4), " + ");
        assert_eq!(cell_at(&geo, &buf, 4, 4), "   ");
        assert_eq!(
            cell_at(&geo, &buf, 0, 5),
            ":::",
            "light squares are shaded in ASCII too, unlike the empty dark ones"
        );
    }
}
