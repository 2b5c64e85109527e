//! The passes of the exact solver: the exact one and the selective ones before it, whose
//! table entries must never serve a pass with less pruning.

/// Which pass of the exact solver (`Searcher::solve`) is running: its table entries are kept
/// apart by [`Pass::level`], a bound found with more pruning never serving a pass with less.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// The exact search.
    Exact,
    /// Only the best few moves near the root (`Tuning::beam_width`).
    Beam,
    /// Probable cut-offs at this confidence (standard deviations, in hundredths).
    ProbCut(u16),
}

impl Pass {
    /// The table level of this pass's bounds: exact the highest, the beam the lowest.
    pub(super) fn level(self) -> u8 {
        match self {
            Pass::Exact => u8::MAX,
            Pass::Beam => 0,
            Pass::ProbCut(t) => t.clamp(1, 254) as u8,
        }
    }
}
