//! A bounded proof search, written once for the games whose solvers do not count moves to the
//! end (Checkers' and Pentago's engines): can the side to move force a win within `k` of its
//! own moves, whatever the other side does? An AND/OR search over the game's fast position
//! type ([`Node`]), with a table of what is proven, a node budget and a cancel flag. It
//! proves, it does not estimate: nothing is pruned that could change the answer.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::core::MoveValue;

/// Where a move leads, seen from the side that makes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next<N> {
    /// The move wins the game at once.
    Won,
    /// The move loses the game at once (a Pentago turn that makes the other side's five).
    Lost,
    /// The move ends the game drawn.
    Drawn,
    /// The game goes on from this position (the other side to move).
    Open(N),
}

/// A game position the prover can search.
pub trait Node: Copy + Eq + Hash {
    /// A move of the game's engine.
    type Move: Copy;

    /// Every move of the side to move with where it leads (moves to the same result may be
    /// merged), into `out`, which is cleared first.
    fn moves(&self, out: &mut Vec<(Self::Move, Next<Self>)>);

    /// Whether the side to move, with no move at all, has lost (Checkers) rather than drawn.
    const STUCK_LOSES: bool;

    /// Whether the side to move wins with its very next move: a quick test a game may have
    /// (the default looks through [`Node::moves`]).
    fn wins_now(&self) -> bool {
        let mut moves = Vec::new();
        self.moves(&mut moves);
        moves.iter().any(|(_, next)| match next {
            Next::Won => true,
            Next::Open(child) => child.stuck_and_lost(),
            _ => false,
        })
    }

    /// Whether the side to move has no move and so has lost.
    fn stuck_and_lost(&self) -> bool {
        if !Self::STUCK_LOSES {
            return false;
        }
        let mut moves = Vec::new();
        self.moves(&mut moves);
        moves.is_empty()
    }
}

/// The search's memory and limits.
pub struct Prover<'a, N: Node> {
    /// Proven answers: (position, k, whether the question is "wins") → answer.
    table: HashMap<(N, u32, bool), bool>,
    nodes: u64,
    budget: u64,
    cancel: &'a AtomicBool,
    /// How far [`Prover::values`] looks for losses (wins: as far as asked).
    loss_horizon: u32,
}

/// The search ran out of nodes or was stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped;

impl<'a, N: Node> Prover<'a, N> {
    /// A prover that gives up after `budget` positions or when `cancel` is raised.
    pub fn new(budget: u64, cancel: &'a AtomicBool) -> Self {
        Self {
            table: HashMap::new(),
            nodes: 0,
            budget,
            cancel,
            loss_horizon: u32::MAX,
        }
    }

    /// Looks for losses only within `moves` of the other side's moves in
    /// [`Prover::values`] (proving a move loses in two can cost far more than proving a win):
    /// for a game whose puzzles never ask more of a defence.
    #[must_use]
    pub const fn with_loss_horizon(mut self, moves: u32) -> Self {
        self.loss_horizon = moves;
        self
    }

    fn visit(&mut self) -> Result<(), Stopped> {
        self.nodes += 1;
        if self.nodes > self.budget
            || (self.nodes.trailing_zeros() >= 10 && self.cancel.load(Ordering::Relaxed))
        {
            return Err(Stopped);
        }
        Ok(())
    }

    /// Whether the side to move in `node` wins with one of its next `k` moves, whatever the
    /// defence.
    ///
    /// # Errors
    /// [`Stopped`] when out of budget or cancelled.
    pub fn wins_within(&mut self, node: N, k: u32) -> Result<bool, Stopped> {
        if k == 0 {
            return Ok(false);
        }
        if node.wins_now() {
            return Ok(true);
        }
        if k == 1 {
            return Ok(false);
        }
        if let Some(&known) = self.table.get(&(node, k, true)) {
            return Ok(known);
        }
        self.visit()?;
        let mut moves = Vec::new();
        node.moves(&mut moves);
        let mut found = false;
        for (_, next) in moves {
            if let Next::Open(child) = next
                && self.loses_within(child, k - 1)?
            {
                found = true;
                break;
            }
        }
        self.table.insert((node, k, true), found);
        Ok(found)
    }

    /// Whether the side to move in `node` loses, whatever it does, to a win of the other side
    /// within `k` of that side's moves (with `k` = 0: it has already lost, having no move).
    ///
    /// # Errors
    /// [`Stopped`] when out of budget or cancelled.
    pub fn loses_within(&mut self, node: N, k: u32) -> Result<bool, Stopped> {
        if let Some(&known) = self.table.get(&(node, k, false)) {
            return Ok(known);
        }
        self.visit()?;
        let mut moves = Vec::new();
        node.moves(&mut moves);
        if moves.is_empty() {
            return Ok(N::STUCK_LOSES);
        }
        if k == 0 {
            return Ok(false);
        }
        let mut lost = true;
        for (_, next) in moves {
            let refuted = match next {
                Next::Won | Next::Drawn => false,
                Next::Lost => true,
                Next::Open(child) => self.wins_within(child, k)?,
            };
            if !refuted {
                lost = false;
                break;
            }
        }
        self.table.insert((node, k, false), lost);
        Ok(lost)
    }

    /// The value of each move of `node` for its mover: a win or a loss within `horizon` of the
    /// winner's moves with its distance, a draw at once, else unknown
    /// ([`MoveValue::Estimate`]`(0)`).
    ///
    /// # Errors
    /// [`Stopped`] when out of budget or cancelled.
    pub fn values(&mut self, node: N, horizon: u32) -> Result<Vec<(N::Move, MoveValue)>, Stopped> {
        let mut moves = Vec::new();
        node.moves(&mut moves);
        let mut values = Vec::with_capacity(moves.len());
        for (mv, next) in moves {
            let value = match next {
                Next::Won => MoveValue::Win(Some(1)),
                Next::Lost => MoveValue::Loss(Some(0)),
                Next::Drawn => MoveValue::Draw,
                Next::Open(child) => self.open_value(child, horizon)?,
            };
            values.push((mv, value));
        }
        Ok(values)
    }

    /// The value of a move that leads to `child`, for the side that made it.
    fn open_value(&mut self, child: N, horizon: u32) -> Result<MoveValue, Stopped> {
        for k in 0..horizon {
            if self.loses_within(child, k)? {
                return Ok(MoveValue::Win(Some(k + 1)));
            }
        }
        for j in 1..=horizon.min(self.loss_horizon) {
            if self.wins_within(child, j)? {
                return Ok(MoveValue::Loss(Some(j)));
            }
        }
        Ok(MoveValue::Estimate(0))
    }
}
