//! The Connect Four board on screen: geometry (shared by drawing and hit-testing) and drawing.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Color, Style};

use super::rules::{Board, COLS, ROWS};
use crate::core::{Rules, Seat};
use crate::ui::board_colors::BoardPaints;
use crate::ui::palette::Paint;
use crate::ui::square_board::{BoardGeometry, BoardSpec, CellText, Tier};
use crate::ui::theme::Theme;

// xterm-256 cube and grey-ramp colours, so the 256-colour palette shows exactly what
// truecolor does; the 16-colour stand-ins are chosen for xterm's default values.
/// Connect Four: a blue board with round black holes, red and yellow tokens. In 16 colours no
/// blue is dark enough for a red token, so the holes are black squares in a blue frame.
pub const PAINTS: BoardPaints = BoardPaints {
    square: Paint::new(0, 0, 175, Color::Black),
    other: Paint::new(0, 0, 175, Color::Black),
    other_holds_pieces: false,
    pieces_are_text: false,
    frame: Paint::new(0, 0, 175, Color::Blue),
    lines: Paint::new(0, 0, 175, Color::Blue),
    first: Paint::new(255, 0, 0, Color::LightRed),
    second: Paint::new(255, 215, 0, Color::LightYellow),
    third: Paint::new(255, 0, 0, Color::LightRed),
    hole: Paint::new(0, 0, 0, Color::Black),
    mark: Paint::new(255, 255, 255, Color::White),
    note: Paint::new(175, 175, 215, Color::DarkGray),
};

/// The board: 7 columns of 6 rows, the drop indicator above, column numbers below.
pub const SPEC: BoardSpec = BoardSpec::new((COLS as u16, ROWS as u16), 0, true, (1, 0));

/// Where everything of the board is (the shared labelled-board geometry).
pub type Geometry = BoardGeometry;

/// Lays the board out in `area`, centred, in the largest tier that fits; `None` if it does
/// not fit.
#[must_use]
pub fn geometry(area: Rect) -> Option<Geometry> {
    BoardGeometry::fit(SPEC, area)
}

/// The column under a mouse position: any cell of the column, the frame beside or between
/// rows, the indicator above or the label below.
#[must_use]
pub fn column_at(geo: &Geometry, pos: Position) -> Option<u8> {
    geo.column_at(pos).map(|col| col as u8)
}

/// What to draw besides the tokens.
pub struct Marks {
    /// The keyboard cursor's column.
    pub cursor: u8,
    /// The column under the mouse.
    pub hover: Option<u8>,
    /// The column of the last move.
    pub last: Option<u8>,
    /// A suggested column.
    pub hint: Option<u8>,
    /// Whether a person may drop now (the cursor is hidden while the computer moves).
    pub active: bool,
    /// A token on its way down (column, row, seat): the motion of a drop.
    pub falling: Option<(usize, usize, Seat)>,
}

/// The glyph of a token: shape differs by seat, so colour is never the only cue.
#[must_use]
pub fn token_glyph(seat: Seat, theme: &Theme) -> &'static str {
    match seat {
        Seat::First => theme.glyph("●", "x"),
        Seat::Second => theme.glyph("○", "o"),
    }
}

/// Draws the board and its marks.
pub fn render(board: &Board, marks: &Marks, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let Some(geo) = geometry(area) else { return };
    let paint = theme.board(&PAINTS);
    geo.draw_frame_in(
        buf,
        theme,
        paint.map_or(theme.border, |p| p.lattice()),
        |_| String::new(),
        |col| {
            let hovered = marks.hover == Some(col as u8);
            (
                (col + 1).to_string(),
                if hovered { theme.hover } else { theme.dim },
            )
        },
    );
    let winning = board.winning_line();
    for col in 0..COLS {
        for row in 0..ROWS {
            let falling = marks
                .falling
                .filter(|&(c, r, _)| (c, r) == (col, row))
                .map(|(_, _, seat)| seat);
            let (text, style) = match board.at(col, row).or(falling) {
                Some(seat) => {
                    let glyph = token_glyph(seat, theme);
                    let in_line = winning.is_some_and(|line| line.contains(&(col, row)));
                    let is_last = marks.last == Some(col as u8) && board.height(col) == row + 1;
                    if in_line {
                        (
                            CellText::marked("*", glyph, "*"),
                            theme.seat(seat).patch(theme.good),
                        )
                    } else if is_last {
                        (CellText::marked("[", glyph, "]"), theme.seat(seat))
                    } else {
                        (CellText::piece(glyph), theme.seat(seat))
                    }
                }
                None => {
                    let landing = board.height(col) == row;
                    if landing && marks.hint == Some(col as u8) {
                        (CellText::HINT, theme.mark)
                    } else if landing
                        && marks.active
                        && board.outcome().is_none()
                        && marks.cursor == col as u8
                    {
                        (CellText::marker("·"), theme.dim)
                    } else {
                        (CellText::EMPTY, theme.text)
                    }
                }
            };
            // On the blue board tokens keep their red and yellow (the brackets and stars mark
            // the last move and the winning line) and an empty place is a round black hole.
            // A hole never has a token's shape, so no state rests on colour alone: a dotted
            // ring `◌` in the small tiers, a dark disc with an empty centre in the large one.
            // The landing preview keeps the hole's shape, tinted the mover's colour (a dot in
            // the large tier's dark disc), so the hole never looks missing.
            let mut landing_dot = None;
            let (text, style) = match paint {
                Some(p) => {
                    let landing = text == CellText::marker("·");
                    let mover = match board.to_move() {
                        Some(Seat::Second) => p.second,
                        _ => p.first,
                    };
                    let colour = match board.at(col, row).or(falling) {
                        Some(Seat::First) => p.first,
                        Some(Seat::Second) => p.second,
                        None if text == CellText::HINT => p.mark,
                        None if text == CellText::EMPTY => p.hole,
                        None if landing => mover,
                        None => p.note,
                    };
                    let text = if text == CellText::EMPTY || landing {
                        CellText::piece(if geo.tier == Tier::Large { " " } else { "◌" })
                    } else {
                        text
                    };
                    if landing && geo.tier == Tier::Large {
                        // The large tier's hole is drawn as every hole is, and the dot in the
                        // mover's colour goes in its empty centre.
                        landing_dot = Some(Style::new().fg(mover).bg(p.hole));
                        (text, p.on_square(style, p.hole))
                    } else {
                        (text, p.on_square(style, colour))
                    }
                }
                None => (text, style),
            };
            let cell = geo.cell(col as u16, row as u16);
            geo.draw_cell(buf, cell, text, style);
            if let Some(dot) = landing_dot {
                let middle = cell.y + (cell.height - 1) / 2;
                buf.set_string(cell.x + cell.width / 2, middle, "·", dot);
            }
        }
        if marks.active && board.outcome().is_none() {
            let (arrow, style) = if marks.cursor == col as u8 {
                let seat = board.to_move().unwrap_or(Seat::First);
                (
                    format!("{}{}", theme.glyph("▼", "v"), token_glyph(seat, theme)),
                    theme.cursor,
                )
            } else if marks.hover == Some(col as u8) {
                (theme.glyph("▽", "v").to_string(), theme.hover)
            } else {
                continue;
            };
            let top = geo.cell(col as u16, ROWS as u16 - 1);
            geo.put_centred(buf, top, geo.above_y(0), &arrow, style);
        }
    }
}
