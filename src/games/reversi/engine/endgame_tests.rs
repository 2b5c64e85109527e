//! The exact solver's tests: values against plain minimax and FFO's published answers, the
//! selective passes' guesses never changing the exact value, and the helpers other modules'
//! tests share (random positions, FFO #1–19).

use std::sync::atomic::AtomicBool;

use super::super::board::{Position, parse_square};
use super::super::eval;
use super::*;
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// FFO endgame positions 1–19 (14–16 empties): position, exact score, the best moves.
pub(in super::super) const FFO_1_19: [(&str, i32, &str); 19] = [
    (
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
        18,
        "G8",
    ),
    (
        "-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X",
        10,
        "A4",
    ),
    (
        "----OX----OOXX---OOOXX-XOOXXOOOOOXXOXXOOOXXXOOOOOXXXXOXO--OOOOOX X",
        2,
        "D1",
    ),
    (
        "-XXXXXX-X-XXXOO-XOXXXOOXXXOXOOOX-OXOOXXX--OOOXXX--OOXX----XOXXO- X",
        0,
        "H8 A5",
    ),
    (
        "-OOOOO----OXXO-XXXOXOXX-XXOXOXXOXXOOXOOOXXXXOO-OX-XOOO---XXXXX-- X",
        32,
        "G8",
    ),
    (
        "--OXXX--OOOXXX--OOOXOXO-OOXOOOX-OOXXXXXXXOOXXOX--OOOOX---XXXXXX- X",
        14,
        "A1 H3",
    ),
    (
        "--OXXO--XOXXXX--XOOOXXXXXOOXXXXXXOOOOXXX-XXXXXXX--XXOOO----XXOO- X",
        8,
        "A6",
    ),
    (
        "---X-X--X-XXXX--XXXXOXXXXXXOOOOOXXOXXXO-XOXXXXO-XOOXXX--XOOXXO-- O",
        8,
        "E1",
    ),
    (
        "--XOXX--O-OOXXXX-OOOXXXX-XOXXXOXXXOXOOOXOXXOXOXX--OXOO----OOOO-- O",
        -8,
        "G7 A4",
    ),
    (
        "-XXXX-----OXXX--XOXOXOXXOXOXXOXXOXXOXOOOXXXOXOOX--OXXO---OOOOO-- O",
        10,
        "B2",
    ),
    (
        "---O-XOX----XXOX---XXOOXO-XXOXOXXXXOOXOX-XOOXXXXXOOOXX-XOOOOOOO- O",
        30,
        "B3",
    ),
    (
        "--O--O--X-OOOOX-XXOOOXOOXXOXOXOOXXOXXOOOXXXXOOOO--OXXX---XXXXX-- O",
        -8,
        "B7",
    ),
    (
        "--XXXXX--OOOXX---OOOXXXX-OXOXOXXOXXXOXXX--XOXOXX--OXOOO--OOOOO-- X",
        14,
        "B7",
    ),
    (
        "--XXXXX---OOOX---XOOXXXX-OOOOOOOOOOXXXOOOOOXXOOX--XXOO----XXXXX- X",
        18,
        "A3",
    ),
    (
        "----O------OOX---OOOXX-XOOOXOOOOOXXOXXOOOXXXOOOOOXXXOOXO--OOOOOX X",
        4,
        "G3 B8",
    ),
    (
        "-XXXXXX-X-XXXOO-XOXXXOOXXOOXXXOX-OOOXXXX--OOXXXX---OOO----XOX-O- X",
        24,
        "F8",
    ),
    (
        "-OOOOO----OXXO-XXXOOOXX-XXOXOXXOXXOOXOOOXXXXOO-OX-XOO----XXXX--- X",
        8,
        "F8",
    ),
    (
        "-XXX------OOOX--XOOOOOXXOXOXOOXXOXXOOOOOXXXOXOOX--OXXO---OOOOO-- X",
        -2,
        "G2",
    ),
    (
        "--OXXO--XOXXXX--XOOOOXXXXOOOXXXXX-OOOXXX--OOOOXX--XXOOO----XXOO- X",
        8,
        "B6",
    ),
];

fn exact(pos: &Position) -> Found {
    let never = AtomicBool::new(false);
    let mut searcher = Searcher::new(18, u64::MAX, &never);
    searcher
        .solve(pos.player, pos.opponent)
        .expect("unlimited search finishes")
}

#[test]
fn solves_ffo_1_to_19() {
    for (i, &(line, score, best)) in FFO_1_19.iter().enumerate() {
        let pos = Position::parse(line).expect("valid FFO line");
        let found = exact(&pos);
        assert_eq!(found.score, score, "FFO #{}", i + 1);
        let best: Vec<_> = best.split(' ').map(parse_square).collect();
        assert!(
            best.contains(&found.best),
            "FFO #{}: {:?}",
            i + 1,
            found.best
        );
    }
}

/// Plain minimax over every move sequence: slow, obviously right (the last empties' tests
/// use it too).
pub(in super::super) fn minimax(p: u64, o: u64) -> i32 {
    let moves = legal_moves(p, o);
    if moves == 0 {
        if legal_moves(o, p) == 0 {
            return final_score(p, o);
        }
        return -minimax(o, p);
    }
    Bits(moves)
        .map(|sq| {
            let f = flips(p, o, sq);
            -minimax(o & !f, p | f | (1 << sq))
        })
        .max()
        .expect("at least one move")
}

/// A position with about `empties` empty squares: random play from the start, or (when
/// `scatter`) discs scattered at random, which gives odd shapes with many passes.
pub(in super::super) fn random_position(seed: u64, empties: u32, scatter: bool) -> Position {
    let mut rng = SmallRng::seed_from_u64(seed);
    if scatter {
        let mut squares: Vec<u8> = (0..64).collect();
        for i in (1..64).rev() {
            squares.swap(i, rng.random_range(0..=i));
        }
        let (mut black, mut white) = (0u64, 0u64);
        for &sq in &squares[empties as usize..] {
            if rng.random_bool(0.5) {
                black |= 1 << sq;
            } else {
                white |= 1 << sq;
            }
        }
        return Position::from_colours(black, white, rng.random_bool(0.5));
    }
    let mut pos = Position::start();
    while pos.empties().count_ones() > empties && !pos.is_over() {
        let moves: Vec<u8> = Bits(pos.moves()).collect();
        pos = if moves.is_empty() {
            pos.pass()
        } else {
            pos.play(moves[rng.random_range(0..moves.len())])
                .expect("generated moves are legal")
        };
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]
    #[test]
    fn exact_solver_agrees_with_minimax(seed in any::<u64>(), empties in 0u32..=10, scatter in any::<bool>()) {
        let pos = random_position(seed, empties, scatter);
        let truth = minimax(pos.player, pos.opponent);
        let found = exact(&pos);
        prop_assert_eq!(found.score, truth, "{}", pos);
        if let Some(sq) = found.best {
            let child = pos.play(sq).expect("the solver's move is legal");
            prop_assert_eq!(-minimax(child.player, child.opponent), truth);
        } else {
            prop_assert_eq!(pos.moves(), 0);
        }
        // A null window around the value proves the right side of it.
        let never = AtomicBool::new(false);
        let mut searcher = Searcher::new(12, u64::MAX, &never);
        let low = searcher.solve_window(pos.player, pos.opponent, truth - 1, truth).expect("finishes");
        prop_assert!(low.score >= truth);
        let high = searcher.solve_window(pos.player, pos.opponent, truth, truth + 1).expect("finishes");
        prop_assert!(high.score <= truth);
    }
}

/// The value of `pos` by one full-window search of a fresh searcher (no estimate, no
/// selective pass, nothing left in the table): what the solver's other paths must agree with.
fn full_window_value(pos: &Position) -> i32 {
    let never = AtomicBool::new(false);
    Searcher::new(16, u64::MAX, &never)
        .solve_window(pos.player, pos.opponent, -64, 64)
        .expect("an unlimited search finishes")
        .score
}

/// From 14 empties `solve` estimates first and searches narrow windows: it must agree
/// with one full-window search, score and a move of that score.
#[test]
fn aspiration_windows_agree_with_the_full_window() {
    for seed in 0..12 {
        let pos = random_position(seed, 14 + (seed % 3) as u32, false);
        let truth = full_window_value(&pos);
        let found = exact(&pos);
        assert_eq!(found.score, truth, "{pos}");
        if let Some(sq) = found.best {
            let child = pos.play(sq).expect("the solver's move is legal");
            assert_eq!(-full_window_value(&child), truth, "{pos}");
        }
    }
}

/// The selective pass prunes moves, so its value is only a guess: whatever it finds, the
/// exact pass must still return the true value. Forced here on small positions with the
/// harshest beam (one move per node) so that its guess is often wrong.
#[test]
fn a_wrong_selective_guess_does_not_change_the_exact_value() {
    let never = AtomicBool::new(false);
    for seed in 0..12 {
        let pos = random_position(seed + 100, 14 + (seed % 3) as u32, false);
        let truth = full_window_value(&pos);
        let mut beamed = Searcher::new(16, u64::MAX, &never);
        beamed.tuning.beam_gate = 14;
        beamed.tuning.beam_from = 10;
        beamed.tuning.beam_width = 1;
        let found = beamed.solve(pos.player, pos.opponent).expect("finishes");
        assert_eq!(found.score, truth, "{pos}");
        assert_eq!(
            beamed.pass,
            Pass::Exact,
            "the selective pass is switched off after use"
        );
    }
}

/// The same for `ProbCut`'s passes: forced at every null-window node with the table (above
/// `shallow_to` empties) with a margin of about a disc, so that many of its cut-offs are
/// wrong, the exact pass still returns the true value, a move of that value, and leaves the
/// passes switched off.
#[test]
fn wrong_probable_cuts_do_not_change_the_exact_value() {
    let never = AtomicBool::new(false);
    let mut wrong_guesses = 0;
    for seed in 0..12 {
        let pos = random_position(seed + 200, 14 + (seed % 3) as u32, false);
        let truth = full_window_value(&pos);
        let mut cut = Searcher::new(16, u64::MAX, &never);
        cut.tuning.probcut_gate = 14;
        cut.tuning.probcut_from = 8;
        cut.tuning.probcut_passes = [10, 0, 0, 0];
        cut.tuning.probcut_sigma = [1000, 0, 0];
        cut.pass = Pass::ProbCut(10);
        let guess = cut
            .solve_window(pos.player, pos.opponent, -64, 64)
            .expect("finishes");
        if guess.score != truth {
            wrong_guesses += 1;
        }
        cut.pass = Pass::Exact;
        let found = cut.solve(pos.player, pos.opponent).expect("finishes");
        assert_eq!(found.score, truth, "{pos}");
        assert_eq!(cut.pass, Pass::Exact);
        if let Some(sq) = found.best {
            let child = pos.play(sq).expect("the solver's move is legal");
            assert_eq!(-full_window_value(&child), truth, "{pos}");
        }
    }
    assert!(
        wrong_guesses > 0,
        "the cuts were never wrong: the test proves little"
    );
}

/// Far above what any solve of the property below needs (at most 5.3 M nodes in 9 000
/// solves), so that only a search that never ends runs out. (At 16 empties and 20 M nodes
/// the property once failed in CI on a slow but finite solve: a wrong guess far above the
/// value costs the exact pass many windows with a 256-entry table.)
const SOLVE_BUDGET: u64 = 200_000_000;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]
    /// The class of the case below: one searcher with a small table solving the positions
    /// of one game in turn (as `parlor solve reversi` keeps its table over a file, and the
    /// generator over a game), with a harsh selective pass (the beam at one move a node,
    /// or `ProbCut` at a one-disc margin) whose answers are often wrong and inconsistent,
    /// ends every solve within a budget with the value a fresh full-window search finds.
    /// From 14 empties with the passes from 12: every solve has a selective pass and the
    /// exact ones stay cheap (the old loop fails here at once).
    #[test]
    fn one_searcher_solving_a_game_in_turn_finds_the_true_values(seed in any::<u64>(), beam in any::<bool>()) {
        let never = AtomicBool::new(false);
        let mut searcher = Searcher::new(8, u64::MAX, &never).with_evaluator(eval::evaluate);
        if beam {
            searcher.tuning.beam_gate = 12;
            searcher.tuning.beam_from = 8;
            searcher.tuning.beam_width = 1;
        } else {
            searcher.tuning.probcut_gate = 12;
            searcher.tuning.probcut_from = 8;
            searcher.tuning.probcut_passes = [10, 0, 0, 0];
            searcher.tuning.probcut_sigma = [1000, 0, 0];
        }
        let mut pos = random_position(seed, 14, false);
        for _ in 0..3 {
            if pos.is_over() {
                break;
            }
            searcher.set_budget(SOLVE_BUDGET);
            let found = searcher.solve(pos.player, pos.opponent);
            prop_assert_eq!(found.map(|f| f.score), Some(full_window_value(&pos)), "{}", pos);
            pos = match found.and_then(|f| f.best) {
                Some(sq) => pos.play(sq).expect("the solver's move is legal"),
                None => pos.pass(),
            };
        }
    }
}

/// Three positions of one game of the training-data generator (`reversi_datagen`, seed 53,
/// game 2842), solved in turn by one searcher with the hand-written evaluation as the
/// generator does: with what the first two solves left in the table, the third one's
/// selective pass failed low and high in turn and its aspiration loop never ended (its
/// window's width then overflowed). It must end, well within the budget, with the value
/// a fresh searcher finds. Whether the contradiction arises depends on where the table
/// places the entries (it did with the 64-byte buckets: the old loop fails this test); the
/// property above keeps covering the class whatever the table's layout.
#[test]
fn a_selective_pass_that_contradicts_itself_still_ends() {
    let never = AtomicBool::new(false);
    let game = [
        (0x0030_0f37_1f1b_247e, 0x1c0c_f008_6024_1800, -16),
        (0x1c0c_d008_6024_1800, 0x0070_2f37_1f1b_247e, 16),
        (0x0030_0f27_171b_247e, 0x9c4c_f018_6824_1800, -16),
    ];
    let mut searcher = Searcher::new(18, u64::MAX, &never).with_evaluator(eval::evaluate);
    for (p, o, value) in game {
        searcher.set_budget(100_000_000);
        let found = searcher.solve(p, o);
        assert_eq!(found.map(|f| f.score), Some(value), "{p:016x} {o:016x}");
    }
}

#[test]
fn a_raised_cancel_flag_stops_the_solver() {
    let cancel = AtomicBool::new(true);
    let pos = Position::parse(FFO_1_19[0].0).expect("valid");
    let mut searcher = Searcher::new(12, u64::MAX, &cancel);
    assert_eq!(searcher.solve(pos.player, pos.opponent), None);
    assert!(searcher.nodes <= 10, "{}", searcher.nodes);
}
