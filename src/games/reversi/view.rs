//! The Reversi board on screen: one geometry function (used by drawing and by mouse
//! hit-testing alike) and the drawing of discs and marks.
//!
//! Layout, top to bottom: the disc counts, the framed 8×8 lattice with row labels on the
//! left (`1`–`8` from the top, or the seed's `y`), the column labels (`a`–`h`, or `x`), and a note line (a pass, or who must pass). Every mark has a glyph as
//! well as a colour, so the monochrome theme loses nothing.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Color, Style};

use super::rules::{Board, Disc, Move, SIZE};
use crate::core::Coordinates;
use crate::ui::board_colors::BoardPaints;
use crate::ui::palette::Paint;
use crate::ui::square_board::{BoardGeometry, BoardSpec, CellText};
use crate::ui::theme::Theme;

// xterm-256 cube and grey-ramp colours, so the 256-colour palette shows exactly what
// truecolor does; the 16-colour stand-ins are chosen for xterm's default values.
// No green among the 16 is dark enough for a white disc (white on xterm's green is 2.1:1), so
// there, as Connect Four's holes do, the board keeps its colour in the frame and the lines
// between squares (green, black lines) and the squares the discs stand on are grey.
/// Reversi: green felt, darker green lines, black and white discs, pale marks.
pub const PAINTS: BoardPaints = BoardPaints {
    square: Paint::new(0, 135, 0, Color::Green),
    other: Paint::new(0, 135, 0, Color::Green),
    other_holds_pieces: false,
    pieces_are_text: false,
    frame: Paint::new(0, 135, 0, Color::Green),
    lines: Paint::new(0, 95, 0, Color::Black),
    first: Paint::new(0, 0, 0, Color::Black),
    // xterm's ANSI green is too light for a white disc (2.1:1): in 16 colours a white disc's
    // square is black under it, the felt stays green.
    second: Paint::new(255, 255, 255, Color::White).on_ansi_ground(Color::Black),
    third: Paint::new(0, 0, 0, Color::Black),
    hole: Paint::new(0, 135, 0, Color::Green),
    mark: Paint::new(255, 255, 215, Color::Black),
    note: Paint::new(255, 255, 215, Color::Black),
};

/// The board: 8×8 squares with `y` labels on the left and `x` labels under it, the disc counts
/// above and a note line below.
pub const SPEC: BoardSpec = BoardSpec::new((SIZE as u16, SIZE as u16), 1, true, (1, 1));

/// Where each part of the board is drawn in a given area (the shared labelled-board geometry).
pub type Geometry = BoardGeometry;

/// Lays the board out centred in `area` in the largest tier that fits; `None` when it does
/// not fit at all.
#[must_use]
pub fn geometry(area: Rect) -> Option<Geometry> {
    BoardGeometry::fit(SPEC, area)
}

/// The board square `(x, y)` under a terminal position; frame lines and labels hit nothing.
#[must_use]
pub fn square_at(geo: &Geometry, pos: Position) -> Option<(u8, u8)> {
    geo.square_at(pos).map(|(x, y)| (x as u8, y as u8))
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
    /// Discs of the last move not yet turned in its motion: drawn in their old colour.
    pub unturned: Vec<(u8, u8)>,
    /// A suggested square.
    pub hint: Option<(u8, u8)>,
    /// The sentence under the board ("White had no legal move and passed.").
    pub note: Option<String>,
    /// How the edges name the squares: `a`–`h` and `1`–`8` from the top, or `x` and `y`.
    pub names: Coordinates,
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
    let frame = geo.frame();
    geo.put_centred(buf, frame, geo.above_y(0), &counts, theme.text);
    let felt = theme.board(&PAINTS);
    geo.draw_frame_in(
        buf,
        theme,
        felt.map_or(theme.border, |f| f.lattice()),
        |y| match marks.names {
            Coordinates::Standard => (u16::from(SIZE) - y).to_string(),
            Coordinates::Original => y.to_string(),
        },
        |x| {
            let hovered = marks.hover.is_some_and(|(hx, _)| u16::from(hx) == x);
            let label = match marks.names {
                Coordinates::Standard => char::from(b'a' + x as u8).to_string(),
                Coordinates::Original => x.to_string(),
            };
            (label, if hovered { theme.hover } else { theme.dim })
        },
    );
    for y in 0..SIZE {
        for x in 0..SIZE {
            let (text, style) = square_look(board, marks, (x, y), theme);
            geo.draw_cell(buf, geo.cell(u16::from(x), u16::from(y)), text, style);
        }
    }
    if let Some(note) = &marks.note {
        // Centred under the board, but clipped to the board's area: never over the side panel.
        let note = crate::core::text::truncate(note, usize::from(area.width));
        let width = crate::core::text::width(&note) as u16;
        let x = area.x + (area.width - width) / 2;
        buf.set_string(x, geo.below_y(0), note, theme.selected);
    }
}

/// One square: its disc or marker, bracketed when it is the last move, in parentheses when
/// the last move flipped it, highlighted under the cursor or the mouse. On the green felt of
/// the colour themes, discs keep their black and white (the brackets mark the move) and
/// markers are pale on the felt.
fn square_look(
    board: &Board,
    marks: &Marks,
    square: (u8, u8),
    theme: &Theme,
) -> (CellText<'static>, Style) {
    let (x, y) = square;
    let felt = theme.board(&PAINTS);
    let shown = board.disc_at(x, y).map(|disc| {
        if marks.unturned.contains(&square) {
            disc.other()
        } else {
            disc
        }
    });
    let (text, mut style) = match shown {
        Some(disc) => {
            let glyph = disc_glyph(disc, theme);
            let style = disc_style(disc, theme);
            // On the felt a marked disc keeps its colour: the brackets mark it.
            let (style, marked) = match felt {
                Some(felt) => {
                    let seat = match disc {
                        Disc::Black => crate::core::Seat::First,
                        Disc::White => crate::core::Seat::Second,
                    };
                    let on_felt = style.patch(felt.seat(seat));
                    (on_felt, on_felt)
                }
                None => (style, style.patch(theme.mark)),
            };
            if marks.last == Some(square) {
                (CellText::marked("[", glyph, "]"), marked)
            } else if marks.flipped.contains(&square) {
                (CellText::marked("(", glyph, ")"), marked)
            } else {
                (CellText::piece(glyph), style)
            }
        }
        None if marks.hint == Some(square) => (CellText::HINT, on_felt(theme, theme.mark)),
        None if marks.legal.contains(&square) => (
            CellText::marker(theme.glyph("·", ".")),
            on_felt(theme, theme.mark),
        ),
        None => (CellText::EMPTY, on_felt(theme, theme.text)),
    };
    if marks.cursor == Some(square) {
        style = style.patch(theme.cursor);
    } else if marks.hover == Some(square) {
        style = style.patch(theme.hover);
    }
    (text, style)
}

/// A marker's style on the felt (pale on green), or `plain` without board colours.
fn on_felt(theme: &Theme, plain: Style) -> Style {
    theme
        .board(&PAINTS)
        .map_or(plain, |felt| felt.on_square(plain, felt.mark))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::board_colors::failures;
    use crate::ui::palette::Depth;

    /// The contrast checker is not a formality: the felt with its white discs lowered to grey
    /// fails, at every depth, and names the pair; a mark at about 4:1 fails too, since text
    /// is held to 4.5:1 though a piece would pass.
    #[test]
    fn a_pair_below_its_minimum_is_reported() {
        let lowered = BoardPaints {
            second: Paint::new(95, 135, 95, Color::DarkGray),
            ..PAINTS
        };
        for depth in Depth::ALL {
            let found = failures(&lowered.pairs("reversi"), depth);
            assert!(
                found.iter().any(|f| f.contains("second piece on square")),
                "{depth:?}: {found:?}"
            );
            assert!(failures(&PAINTS.pairs("reversi"), depth).is_empty());
        }
        let dull = BoardPaints {
            mark: Paint::new(215, 215, 215, Color::Black),
            ..PAINTS
        };
        let found = failures(&dull.pairs("reversi"), Depth::TrueColor);
        assert!(
            found.iter().any(|f| f.contains("mark on square")),
            "{found:?}"
        );
    }

    #[test]
    fn too_small_an_area_has_no_geometry() {
        let (w, h) = SPEC.min_size();
        assert!(geometry(Rect::new(0, 0, w - 1, h)).is_none());
        assert!(geometry(Rect::new(0, 0, w, h - 1)).is_none());
        assert!(geometry(Rect::new(0, 0, w, h)).is_some());
    }

    #[test]
    fn squares_are_numbered_from_the_lower_left() {
        let geo = geometry(Rect::new(0, 0, 80, 24)).expect("fits");
        let a = geo.cell(0, 0);
        assert_eq!(square_at(&geo, Position::new(a.x, a.y)), Some((0, 0)));
        let h = geo.cell(7, 7);
        assert!(h.y < a.y && h.x > a.x);
        assert_eq!(square_at(&geo, Position::new(h.x, h.y)), Some((7, 7)));
    }
}
