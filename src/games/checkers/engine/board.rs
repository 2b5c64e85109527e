//! The engine's bitboards and move generator.
//!
//! Squares are the rules' bit indices: dark square `(x, y)` is bit `y * 4 + x / 2`, row 0 at
//! the bottom (white's side), four squares a row. A diagonal step is then a shift by 3, 4 or 5
//! depending on the row's parity, so whole sets of pieces step at once: [`step`] moves a set
//! one square in a direction, and a jump is two steps in the same direction (always a shift by
//! 7 or 9). Black (the first seat) moves down, white up.
//!
//! Moves are [`EngineMove`]s: the start and end squares, the captured pieces and the jump's
//! directions, so that every distinct jump path is its own move (a king going round a ring of
//! four pieces one way or the other captures the same pieces on different paths).

use crate::core::Seat;

/// Rows 0, 2, 4, 6: the rows whose dark squares start at column 0.
const EVEN_ROWS: u32 = 0x0F0F_0F0F;
/// Rows 1, 3, 5, 7.
const ODD_ROWS: u32 = 0xF0F0_F0F0;
/// The left-most dark square of each row (`x` = 0 on even rows, 1 on odd rows).
const LEFT_COLUMN: u32 = 0x1111_1111;
/// The right-most dark square of each row (`x` = 6 on even rows, 7 on odd rows).
const RIGHT_COLUMN: u32 = 0x8888_8888;
/// Row 0, where black pawns are crowned.
pub const BLACK_CROWN: u32 = 0x0000_000F;
/// Row 7, where white pawns are crowned.
pub const WHITE_CROWN: u32 = 0xF000_0000;

/// Up-right `(+1, +1)`, up-left `(-1, +1)`, down-right `(+1, -1)`, down-left `(-1, -1)`.
pub const DIRECTIONS: [Dir; 4] = [Dir::UpRight, Dir::UpLeft, Dir::DownRight, Dir::DownLeft];

/// A diagonal direction, as the board is printed (row 7 at the top).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    /// `(+1, +1)`: white pawns move this way and up-left.
    UpRight = 0,
    /// `(-1, +1)`.
    UpLeft = 1,
    /// `(+1, -1)`: black pawns move this way and down-left.
    DownRight = 2,
    /// `(-1, -1)`.
    DownLeft = 3,
}

impl Dir {
    /// The direction with this number (its position in [`DIRECTIONS`], modulo 4).
    pub const fn from_index(i: u32) -> Self {
        DIRECTIONS[(i & 3) as usize]
    }
}

/// Every square of `bits` moved one step in direction `d`; squares that would leave the board
/// are dropped.
#[inline]
pub const fn step(bits: u32, d: Dir) -> u32 {
    match d {
        Dir::UpRight => ((bits & EVEN_ROWS) << 4) | ((bits & ODD_ROWS & !RIGHT_COLUMN) << 5),
        Dir::UpLeft => ((bits & EVEN_ROWS & !LEFT_COLUMN) << 3) | ((bits & ODD_ROWS) << 4),
        Dir::DownRight => ((bits & EVEN_ROWS) >> 4) | ((bits & ODD_ROWS & !RIGHT_COLUMN) >> 3),
        Dir::DownLeft => ((bits & EVEN_ROWS & !LEFT_COLUMN) >> 5) | ((bits & ODD_ROWS) >> 4),
    }
}

/// The directions a piece moves in: pawns forward only, kings all four.
#[inline]
const fn directions(king: bool, black: bool) -> &'static [Dir] {
    if king {
        &DIRECTIONS
    } else if black {
        &[Dir::DownRight, Dir::DownLeft]
    } else {
        &[Dir::UpRight, Dir::UpLeft]
    }
}

/// One whole turn in the engine's form. `dirs` holds the direction of each jump, two bits per
/// jump from the lowest, which with `from` gives back the whole path; a step has no jumps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct EngineMove {
    /// The start square's bit index.
    pub from: u8,
    /// The end square's bit index.
    pub to: u8,
    /// How many pieces the move jumps (0 for a step).
    pub jumps: u8,
    /// The jumps' directions, two bits each, first jump lowest.
    pub dirs: u32,
    /// The squares of the captured pieces.
    pub captured: u32,
}

impl EngineMove {
    /// Whether the move captures.
    pub const fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// The squares the piece visits, start first, as bit indices.
    pub fn path(&self) -> Vec<u8> {
        let mut at = 1u32 << self.from;
        let mut path = vec![self.from];
        if self.jumps == 0 {
            path.push(self.to);
            return path;
        }
        for j in 0..u32::from(self.jumps) {
            let d = Dir::from_index(self.dirs >> (2 * j));
            at = step(step(at, d), d);
            path.push(at.trailing_zeros() as u8);
        }
        path
    }
}

/// A position: both sides' pieces, the kings among them, whose turn it is and the quiet plies
/// counted towards the draw rule. Capture rule and draw rule are the search's business.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Black's pieces (the first seat; moves down the board).
    pub black: u32,
    /// White's pieces.
    pub white: u32,
    /// The kings of both sides.
    pub kings: u32,
    /// Whether black moves next.
    pub black_to_move: bool,
    /// Plies since the last capture or pawn move.
    pub quiet_plies: u8,
}

/// A move list. The search and perft keep one per ply and reuse it, so generation does not
/// allocate once the lists have grown to the largest move count met.
pub type MoveList = Vec<EngineMove>;

impl Position {
    /// The start position, black to move.
    pub const fn start() -> Self {
        Self {
            black: 0xFFF0_0000,
            white: 0x0000_0FFF,
            kings: 0,
            black_to_move: true,
            quiet_plies: 0,
        }
    }

    /// The side to move as a seat.
    pub const fn seat(&self) -> Seat {
        if self.black_to_move {
            Seat::First
        } else {
            Seat::Second
        }
    }

    /// The side to move's pieces and the opponent's.
    #[inline]
    pub const fn sides(&self) -> (u32, u32) {
        if self.black_to_move {
            (self.black, self.white)
        } else {
            (self.white, self.black)
        }
    }

    /// Empty dark squares.
    #[inline]
    pub const fn empty(&self) -> u32 {
        !(self.black | self.white)
    }

    /// The pieces of the side to move that can jump now.
    #[inline]
    pub fn jumpers(&self) -> u32 {
        let (own, opp) = self.sides();
        let empty = self.empty();
        let mut out = 0;
        for &d in directions(false, self.black_to_move) {
            out |= own & back(back(step(step(own, d) & opp, d) & empty, d), d);
        }
        let kings = own & self.kings;
        if kings != 0 {
            for &d in back_dirs(self.black_to_move) {
                out |= kings & back(back(step(step(kings, d) & opp, d) & empty, d), d);
            }
        }
        out
    }

    /// Whether the side to move has a capture.
    #[inline]
    pub fn has_capture(&self) -> bool {
        self.jumpers() != 0
    }

    /// The legal moves: every jump path, then (unless a capture is compulsory and there is
    /// one) the steps. Written into `out`, cleared first.
    pub fn generate(&self, forced_capture: bool, out: &mut MoveList) {
        out.clear();
        self.generate_jumps(out);
        if !out.is_empty() && forced_capture {
            return;
        }
        self.generate_steps(out);
    }

    /// Every jump path of the side to move into `out` (appended).
    pub fn generate_jumps(&self, out: &mut MoveList) {
        let mut jumpers = self.jumpers();
        if jumpers == 0 {
            return;
        }
        let (_, opp) = self.sides();
        let crown = self.crown_row();
        while jumpers != 0 {
            let from = jumpers.trailing_zeros() as u8;
            jumpers &= jumpers - 1;
            let bit = 1u32 << from;
            let king = self.kings & bit != 0;
            let ctx = JumpContext {
                dirs: directions(king, self.black_to_move),
                opp,
                empty: self.empty() | bit,
                crown: if king { 0 } else { crown },
                from,
            };
            ctx.extend(bit, 0, 0, 0, out);
        }
    }

    /// Every step of the side to move into `out` (appended), kings' backward steps last.
    pub fn generate_steps(&self, out: &mut MoveList) {
        let (own, _) = self.sides();
        let empty = self.empty();
        let kings = own & self.kings;
        let groups: [(u32, &[Dir]); 2] = [
            (own, directions(false, self.black_to_move)),
            (kings, back_dirs(self.black_to_move)),
        ];
        for (pieces, dirs) in groups {
            for &d in dirs {
                let mut targets = step(pieces, d) & empty;
                while targets != 0 {
                    let to = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    let from = back(1 << to, d).trailing_zeros() as u8;
                    out.push(EngineMove {
                        from,
                        to,
                        jumps: 0,
                        dirs: 0,
                        captured: 0,
                    });
                }
            }
        }
    }

    /// The number of legal moves, counted without building them where that is cheap.
    pub fn count_moves(&self, forced_capture: bool, scratch: &mut MoveList) -> u64 {
        let mut total = 0;
        if self.has_capture() {
            scratch.clear();
            self.generate_jumps(scratch);
            total += scratch.len() as u64;
            if forced_capture {
                return total;
            }
        }
        let (own, _) = self.sides();
        let empty = self.empty();
        let kings = own & self.kings;
        for &d in directions(false, self.black_to_move) {
            total += u64::from((step(own, d) & empty).count_ones());
        }
        if kings != 0 {
            for &d in back_dirs(self.black_to_move) {
                total += u64::from((step(kings, d) & empty).count_ones());
            }
        }
        total
    }

    /// Where the side to move's pawns are crowned.
    #[inline]
    const fn crown_row(&self) -> u32 {
        if self.black_to_move {
            BLACK_CROWN
        } else {
            WHITE_CROWN
        }
    }

    /// The position after `m` (which must be legal here).
    #[inline]
    #[must_use]
    pub fn play(&self, m: &EngineMove) -> Self {
        let from = 1u32 << m.from;
        let to = 1u32 << m.to;
        let king = self.kings & from != 0;
        let mut next = *self;
        let (own, opp) = if self.black_to_move {
            (&mut next.black, &mut next.white)
        } else {
            (&mut next.white, &mut next.black)
        };
        *own = (*own & !from) | to;
        *opp &= !m.captured;
        next.kings &= !(m.captured | from);
        if king || to & self.crown_row() != 0 {
            next.kings |= to;
        }
        next.quiet_plies = if king && m.captured == 0 {
            self.quiet_plies.saturating_add(1)
        } else {
            0
        };
        next.black_to_move = !self.black_to_move;
        next
    }
}

/// The directions only kings have: backwards for the side to move.
#[inline]
const fn back_dirs(black: bool) -> &'static [Dir] {
    if black {
        &[Dir::UpRight, Dir::UpLeft]
    } else {
        &[Dir::DownRight, Dir::DownLeft]
    }
}

/// One step against direction `d` (the inverse of [`step`] on squares that stay on the board).
#[inline]
const fn back(bits: u32, d: Dir) -> u32 {
    step(
        bits,
        match d {
            Dir::UpRight => Dir::DownLeft,
            Dir::UpLeft => Dir::DownRight,
            Dir::DownRight => Dir::UpLeft,
            Dir::DownLeft => Dir::UpRight,
        },
    )
}

/// The fixed facts of one piece's jump search.
struct JumpContext {
    dirs: &'static [Dir],
    opp: u32,
    /// Empty squares, the jumping piece's own start square included (a king may come back).
    empty: u32,
    /// A pawn landing here is crowned and its turn ends; 0 for a king.
    crown: u32,
    from: u8,
}

impl JumpContext {
    /// Extends the jump that has reached `at` in every way it can, recording each path that
    /// cannot go further. Captured pieces stay on the board until the move ends but can never
    /// be jumped twice; they never block a landing (captures and landings lie on different
    /// diagonal lattices).
    fn extend(&self, at: u32, captured: u32, jumps: u8, dirs: u32, out: &mut MoveList) {
        let mut extended = false;
        if jumps == 0 || at & self.crown == 0 {
            for &d in self.dirs {
                let over = step(at, d);
                if over & self.opp & !captured == 0 {
                    continue;
                }
                let land = step(over, d);
                if land & self.empty == 0 {
                    continue;
                }
                extended = true;
                self.extend(
                    land,
                    captured | over,
                    jumps + 1,
                    dirs | ((d as u32) << (2 * jumps)),
                    out,
                );
            }
        }
        if !extended && jumps > 0 {
            out.push(EngineMove {
                from: self.from,
                to: at.trailing_zeros() as u8,
                jumps,
                dirs,
                captured,
            });
        }
    }
}

/// The number of move sequences of length `depth` from `pos` (every distinct jump path its own
/// move), ignoring the draw rule as the published counts do. The last ply is counted, not
/// played.
pub fn perft(pos: &Position, depth: u32, forced_capture: bool) -> u64 {
    let mut lists: Vec<MoveList> = (0..=depth).map(|_| Vec::with_capacity(32)).collect();
    perft_with(pos, depth, forced_capture, &mut lists)
}

fn perft_with(pos: &Position, depth: u32, forced: bool, lists: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((moves, rest)) = lists.split_first_mut() else {
        return 1;
    };
    if depth == 1 {
        return pos.count_moves(forced, moves);
    }
    pos.generate(forced, moves);
    let mut total = 0;
    for m in moves.iter() {
        total += perft_with(&pos.play(m), depth - 1, forced, rest);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bit of dark square `(x, y)`.
    fn sq(x: u8, y: u8) -> u32 {
        assert!((x + y).is_multiple_of(2));
        1 << (y * 4 + x / 2)
    }

    #[test]
    fn steps_follow_the_coordinates_and_stop_at_the_edges() {
        for y in 0..8i8 {
            for x in (0..8i8).filter(|x| (x + y) % 2 == 0) {
                let from = sq(x as u8, y as u8);
                for (d, (dx, dy)) in DIRECTIONS.iter().zip([(1, 1), (-1, 1), (1, -1), (-1, -1)]) {
                    let (nx, ny) = (x + dx, y + dy);
                    let expected = if (0..8).contains(&nx) && (0..8).contains(&ny) {
                        sq(nx as u8, ny as u8)
                    } else {
                        0
                    };
                    assert_eq!(step(from, *d), expected, "({x},{y}) {d:?}");
                }
            }
        }
    }

    #[test]
    fn perft_from_the_start_matches_the_published_counts() {
        let expected = [7, 49, 302, 1469, 7361, 36768, 179_740, 845_931];
        for (depth, &n) in (1..).zip(&expected) {
            assert_eq!(perft(&Position::start(), depth, true), n, "depth {depth}");
        }
    }

    #[test]
    fn a_ring_gives_two_paths_with_the_same_captures() {
        // A black king on 2,2 with four white pawns around it.
        let pos = Position {
            black: sq(2, 2),
            white: sq(3, 3) | sq(5, 3) | sq(5, 1) | sq(3, 1),
            kings: sq(2, 2),
            black_to_move: true,
            quiet_plies: 0,
        };
        let mut moves = Vec::new();
        pos.generate(true, &mut moves);
        let rings: Vec<_> = moves.iter().filter(|m| m.jumps == 4).collect();
        assert_eq!(rings.len(), 2);
        assert_ne!(rings[0].path(), rings[1].path());
        assert_eq!(rings[0].captured, rings[1].captured);
        assert_eq!(rings[0].from, rings[0].to);
    }
}
