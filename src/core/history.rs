//! Unlimited undo and redo over any [`Rules`]: the start position, every move made, and how many
//! of them are currently applied.

use super::rules::{IllegalMove, IllegalReason, Rules};

/// The moves of one game with the positions they led to.
///
/// Undo and redo only move the `applied` index, so redo after undo gives back exactly the same
/// positions, and the full move list (including undone moves) can be saved and restored.
/// Playing a new move after an undo discards the undone moves, as in every editor.
#[derive(Debug, Clone, PartialEq)]
pub struct History<R: Rules> {
    start: R,
    /// Each move with the position after it.
    entries: Vec<(R::Move, R)>,
    applied: usize,
}

impl<R: Rules> History<R> {
    /// A history with no moves, starting from `start`.
    #[must_use]
    pub fn new(start: R) -> Self {
        Self {
            start,
            entries: Vec::new(),
            applied: 0,
        }
    }

    /// Rebuilds a history from a start position, a move list and how many moves are applied,
    /// as a save stores them. Every move is checked against the rules.
    ///
    /// # Errors
    /// The first illegal move with its index, or an `applied` beyond the list.
    pub fn replay(
        start: R,
        moves: &[R::Move],
        applied: usize,
    ) -> Result<Self, (usize, IllegalMove)> {
        let mut history = Self::new(start);
        for (index, mv) in moves.iter().enumerate() {
            history.play(mv).map_err(|err| (index, err))?;
        }
        if applied > moves.len() {
            return Err((
                moves.len(),
                IllegalMove::new(
                    IllegalReason::Incomplete,
                    format!(
                        "{applied} moves are marked as played but only {} are listed",
                        moves.len()
                    ),
                ),
            ));
        }
        history.applied = applied;
        Ok(history)
    }

    /// The position after the applied moves.
    #[must_use]
    pub fn current(&self) -> &R {
        match self.applied {
            0 => &self.start,
            n => &self.entries[n - 1].1,
        }
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &R {
        &self.start
    }

    #[cfg(any(test, feature = "testing"))]
    /// Replaces the position the moves start from, keeping the moves: only for tests that
    /// prove a broken history is noticed (the game screen's invariant check replays the moves).
    #[doc(hidden)]
    pub fn replace_start_for_tests(&mut self, start: R) {
        self.start = start;
    }

    /// Plays a move on the current position, dropping any undone moves.
    ///
    /// # Errors
    /// [`IllegalMove`] from the rules; the history is then unchanged.
    pub fn play(&mut self, mv: &R::Move) -> Result<(), IllegalMove> {
        let mut next = self.current().clone();
        next.play(mv)?;
        self.entries.truncate(self.applied);
        self.entries.push((mv.clone(), next));
        self.applied += 1;
        Ok(())
    }

    /// Takes back the last applied move. Returns false when there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        if self.applied == 0 {
            return false;
        }
        self.applied -= 1;
        true
    }

    /// Re-applies the next undone move. Returns false when there is nothing to redo.
    pub fn redo(&mut self) -> bool {
        if self.applied == self.entries.len() {
            return false;
        }
        self.applied += 1;
        true
    }

    /// Whether [`History::undo`] would do something.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.applied > 0
    }

    /// Whether [`History::redo`] would do something.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        self.applied < self.entries.len()
    }

    /// How many moves are applied (the move number of the current position).
    #[must_use]
    pub fn applied(&self) -> usize {
        self.applied
    }

    /// Every recorded move, applied or undone, with the position it was played in.
    pub fn all_moves(&self) -> impl Iterator<Item = (&R, &R::Move)> {
        let befores =
            std::iter::once(&self.start).chain(self.entries.iter().map(|(_, after)| after));
        befores.zip(self.entries.iter().map(|(mv, _)| mv))
    }

    /// The applied moves, each with the position it was played in (for notation that needs it).
    pub fn applied_moves(&self) -> impl Iterator<Item = (&R, &R::Move)> {
        self.all_moves().take(self.applied)
    }

    /// The last applied move and the position before it.
    #[must_use]
    pub fn last_move(&self) -> Option<(&R, &R::Move)> {
        self.applied_moves().last()
    }

    /// Total number of recorded moves, undone ones included.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no move was ever recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Outcome, Seat};

    /// A counter that may go up by 1 or 2 until it reaches 5: enough rules to test the history.
    #[derive(Debug, Clone, PartialEq)]
    struct Count(u8);

    impl Rules for Count {
        type Move = u8;
        fn legal_moves(&self) -> Vec<u8> {
            if self.0 >= 5 { vec![] } else { vec![1, 2] }
        }
        fn play(&mut self, mv: &u8) -> Result<(), IllegalMove> {
            if !self.legal_moves().contains(mv) {
                return Err(IllegalMove::new(
                    IllegalReason::Forbidden,
                    format!("cannot add {mv}"),
                ));
            }
            self.0 += mv;
            Ok(())
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.0 >= 5).then_some(Outcome::Solved)
        }
        fn to_move(&self) -> Option<Seat> {
            None
        }
    }

    #[test]
    fn undo_then_redo_gives_the_same_positions() {
        let mut h = History::new(Count(0));
        h.play(&1).expect("legal");
        h.play(&2).expect("legal");
        assert_eq!(h.current(), &Count(3));
        assert!(h.undo());
        assert_eq!(h.current(), &Count(1));
        assert!(h.undo());
        assert!(!h.undo());
        assert_eq!(h.current(), &Count(0));
        assert!(h.redo());
        assert!(h.redo());
        assert!(!h.redo());
        assert_eq!(h.current(), &Count(3));
    }

    #[test]
    fn a_new_move_after_undo_drops_the_redo_tail() {
        let mut h = History::new(Count(0));
        h.play(&1).expect("legal");
        h.play(&1).expect("legal");
        h.undo();
        h.play(&2).expect("legal");
        assert_eq!(h.len(), 2);
        assert!(!h.can_redo());
        assert_eq!(h.current(), &Count(3));
    }

    #[test]
    fn illegal_moves_leave_the_history_alone() {
        let mut h = History::new(Count(4));
        h.play(&1).expect("legal");
        assert!(h.play(&1).is_err());
        assert_eq!(h.len(), 1);
    }

    #[test]
    fn replay_restores_moves_and_undo_position() {
        let h = History::replay(Count(0), &[1, 2, 1], 2).expect("valid");
        assert_eq!(h.current(), &Count(3));
        assert!(h.can_redo());
        assert!(History::replay(Count(0), &[2, 2, 2, 1], 4).is_err());
        assert!(History::replay(Count(0), &[1], 2).is_err());
        let moves: Vec<u8> = h.all_moves().map(|(_, m)| *m).collect();
        assert_eq!(moves, vec![1, 2, 1]);
        assert_eq!(
            h.last_move().map(|(before, m)| (before.0, *m)),
            Some((1, 2))
        );
    }
}
