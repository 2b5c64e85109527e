//! Perfect play from the database, under the game's real rules.
//!
//! The database knows each position's result with the draw rule aside. The draw rule counts
//! plies without a capture or a pawn move, so the distance that decides whether a win is still
//! a win is the distance to conversion, which the retrograde solve of the position's pawn
//! placement gives ([`super::solve`], run here when the game enters a placement; for the
//! kings-only five-piece materials, whose one placement would take seconds, the shipped
//! [`super::distances`] hold the solve's result): a win `d` plies from conversion, with `q`
//! quiet plies already played, is a win under the rule when `q + d ≤ 80`, and a draw otherwise
//! (the same for a loss). That holds because no position up to five pieces is more than 80
//! plies from conversion (the longest is 49, `docs/BENCHMARKS.md`; the test suite checks the
//! bound), so the position after a conversion, its counter back at zero, is always what the
//! database says.
//!
//! The winner converts as soon as it can (ends the game, captures, or moves a pawn into a
//! position still won) and otherwise makes the king move that comes nearest to conversion;
//! each conversion cannot be undone and there are few to make, so the game is won well within
//! the rule. The loser holds out as long as it can, which is also the best defence against the
//! draw rule. In a drawn position any move that keeps the draw will do; one that leaves the
//! other side a theoretical loss (that only the counter saves) comes first.

use std::sync::{Arc, Mutex, OnceLock};

use super::database::Database;
use super::distances;
use super::index::{Normal, PawnBlock};
use super::solve::{Code, Solved, Wdl, solve};
use crate::games::checkers::engine::board::MoveList;
use crate::games::checkers::engine::board::{EngineMove, Position};
use crate::games::checkers::rules::DRAW_PLIES;

/// The database shipped inside the program (every position with up to five pieces).
static SHIPPED: &[u8] = include_bytes!("../../../../assets/checkers/endgame.bin");

/// The shipped database, read on first use; `None` (and an error in the log) if it does not
/// read, which a test rules out.
pub fn shipped() -> Option<&'static Database> {
    static DATABASE: OnceLock<Option<Database>> = OnceLock::new();
    DATABASE
        .get_or_init(|| match Database::parse(SHIPPED) {
            Ok(db) => Some(db),
            Err(e) => {
                log::error!("the checkers endgame database does not read: {e}");
                None
            }
        })
        .as_ref()
}

/// What a position or a move is worth by the database, for the side it concerns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    /// The result under the game's rules, draw rule included.
    pub wdl: Wdl,
    /// The result with the draw rule aside (a win the counter turns into a draw says so).
    pub theoretical: Wdl,
    /// Plies to the next conversion with best play (0 when the game is over or drawn).
    pub distance: u8,
}

impl Verdict {
    /// The same verdict for the other side, one ply earlier (the mover's view of a reply's
    /// verdict).
    const fn before(self) -> Self {
        Self {
            wdl: self.wdl.flipped(),
            theoretical: self.theoretical.flipped(),
            distance: self.distance.saturating_add(1),
        }
    }

    /// A verdict from a theoretical result `d` plies from conversion with `quiet` plies
    /// already counted by the draw rule.
    const fn under_rule(theoretical: Wdl, distance: u8, quiet: u8) -> Self {
        let wdl = match theoretical {
            Wdl::Draw => Wdl::Draw,
            _ if quiet as u32 + distance as u32 > DRAW_PLIES as u32 => Wdl::Draw,
            w => w,
        };
        Self {
            wdl,
            theoretical,
            distance,
        }
    }
}

/// The last solved placement, kept: the game stays in one placement until a capture or a pawn
/// move. The kings-only materials, whose one placement would take seconds, are shipped solved
/// instead ([`distances`]); a placement with pawns takes a fraction of a second.
fn solved_placement(db: &Database, block: PawnBlock) -> Arc<Solved> {
    static LAST: Mutex<Option<Arc<Solved>>> = Mutex::new(None);
    let mut last = LAST
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(s) = last.as_ref()
        && (s.block == block || s.block == block.swapped())
    {
        return Arc::clone(s);
    }
    let known = |pos: &Position| db.wdl(pos).unwrap_or(Wdl::Draw);
    let solved = Arc::new(solve(block, &known));
    *last = Some(Arc::clone(&solved));
    solved
}

/// The verdict of a position under the rules for its side to move (`pos.quiet_plies`
/// counted), or `None` when the database does not cover it.
pub fn verdict(db: &Database, pos: &Position) -> Option<Verdict> {
    if !db.covers(pos) {
        return None;
    }
    if pos.count_moves(true, &mut MoveList::new()) == 0 {
        return Some(Verdict {
            wdl: Wdl::Loss,
            theoretical: Wdl::Loss,
            distance: 0,
        });
    }
    if pos.quiet_plies >= DRAW_PLIES {
        return Some(Verdict {
            wdl: Wdl::Draw,
            theoretical: db.wdl(pos)?,
            distance: 0,
        });
    }
    let theoretical = db.wdl(pos)?;
    if theoretical == Wdl::Draw {
        return Some(Verdict::under_rule(Wdl::Draw, 0, pos.quiet_plies));
    }
    let normal = Normal::of(pos);
    let code = if pos.has_capture() {
        // A capture is a conversion: the distance is one ply (what the solve gives too).
        match theoretical {
            Wdl::Win => Code::win(1),
            _ => Code::loss(1),
        }
    } else if let Some(code) = distances::shipped().and_then(|d| d.code(normal)) {
        code
    } else {
        solved_placement(db, PawnBlock::of(normal)).code(normal)?
    };
    Some(Verdict::under_rule(
        code.wdl(),
        code.distance(),
        pos.quiet_plies,
    ))
}

/// Every legal move (captures compulsory) with its verdict for the mover, or `None` when the
/// database does not cover the position or the game is over.
pub fn move_verdicts(db: &Database, pos: &Position) -> Option<Vec<(EngineMove, Verdict)>> {
    if !db.covers(pos) || pos.quiet_plies >= DRAW_PLIES {
        return None;
    }
    let mut moves = MoveList::new();
    pos.generate(true, &mut moves);
    if moves.is_empty() {
        return None;
    }
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        let child = pos.play(&m);
        let verdict = if child.count_moves(true, &mut MoveList::new()) == 0 {
            // The move ends the game.
            Verdict {
                wdl: Wdl::Win,
                theoretical: Wdl::Win,
                distance: 0,
            }
        } else if child.quiet_plies == 0 {
            // A conversion: the counter starts again, so the theoretical result is the
            // result.
            Verdict::under_rule(db.wdl(&child)?, 0, 0).before()
        } else {
            verdict(db, &child)?.before()
        };
        out.push((m, verdict));
    }
    Some(out)
}

/// How good a verdict is for the mover, larger better: wins (nearer conversion better) above
/// draws (a draw that leaves the other side theoretically lost first) above losses (farther
/// from conversion better).
pub fn rank(v: Verdict) -> i32 {
    match v.wdl {
        Wdl::Win => 1_000 - i32::from(v.distance),
        Wdl::Draw => i32::from(v.theoretical == Wdl::Win),
        Wdl::Loss => -1_000 + i32::from(v.distance),
    }
}

/// The database's best move in `pos`: see the module's documentation. `None` when the
/// database does not cover the position or the game is over.
pub fn best_move(db: &Database, pos: &Position) -> Option<(EngineMove, Verdict)> {
    let verdicts = move_verdicts(db, pos)?;
    // The first of the best, in the generator's order (captures first): deterministic.
    let mut best: Option<(EngineMove, Verdict)> = None;
    for (m, v) in verdicts {
        if best.is_none_or(|(_, b)| rank(v) > rank(b)) {
            best = Some((m, v));
        }
    }
    best
}
