//! The Connect Four engine against published and independent answers: Pascal Pons's
//! reference sets, a slow plain minimax near the end of the game, the perfect level against
//! random play, and tournaments between the levels (node budgets, never clocks).

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use parlor::core::Seat;
use parlor::games::connect4::engine::{
    Book, HEIGHT, Position, Solver, Strength, WIDTH, choose_move, column_values, hint, master_move,
};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// The published reference data kept in the repository (`tests/data/reference/`, see its README).
fn reference_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/reference/connect4")
}

/// Solves the first `limit` positions of a set and lists every disagreement.
fn check_set(name: &str, limit: usize) {
    let text = std::fs::read_to_string(reference_dir().join(name)).expect("readable set");
    let mut solver = Solver::new();
    let mut wrong = Vec::new();
    let mut count = 0;
    for line in text.lines().take(limit) {
        let mut fields = line.split_whitespace();
        let moves = fields.next().expect("moves");
        let expected: i32 = fields.next().expect("score").parse().expect("number");
        let position = Position::from_moves(moves).expect("legal reference line");
        let score = solver.solve(&position);
        if score != expected {
            wrong.push(format!("{moves}: {score} instead of {expected}"));
        }
        count += 1;
    }
    assert_eq!(count, limit.min(1000));
    assert!(wrong.is_empty(), "{name}: {wrong:?}");
}

#[test]
fn end_easy_set() {
    check_set("Test_L3_R1", 1000);
}

#[test]
fn middle_easy_set() {
    check_set("Test_L2_R1", 1000);
}

#[test]
fn begin_easy_set() {
    check_set("Test_L1_R1", 1000);
}

/// Random early positions (plies 8-12) scored by Pascal Pons's solver built from source (see
/// `tests/data/reference/README.md`). Ignored: about 8 s of CPU in a release build, far more
/// in the test profile on a loaded machine; run by hand with
/// `cargo test --release --test all connect4_engine::random_early -- --ignored`.
#[test]
#[ignore = "heavy: run by hand in release (docs/BENCHMARKS.md, issue #41 part 1)"]
fn solver_agrees_with_pons_on_random_early_positions() {
    check_set("random_early_pons.txt", 40);
}

/// The whole set takes tens of seconds in the test profile on a shared machine; the first
/// hundred positions keep the medium depth covered (the benchmark runs all of it).
#[test]
fn middle_medium_set_sample() {
    check_set("Test_L2_R2", 100);
}

/// An independent, deliberately naive model: a grid of cells and a full minimax.
#[derive(Clone)]
struct Grid {
    cells: [[u8; HEIGHT]; WIDTH],
    heights: [usize; WIDTH],
    moves: usize,
}

impl Grid {
    fn from_moves(moves: &[usize]) -> Self {
        let mut g = Self {
            cells: [[0; HEIGHT]; WIDTH],
            heights: [0; WIDTH],
            moves: 0,
        };
        for &c in moves {
            g.drop_token(c);
        }
        g
    }

    fn drop_token(&mut self, col: usize) {
        let player = (self.moves % 2) as u8 + 1;
        self.cells[col][self.heights[col]] = player;
        self.heights[col] += 1;
        self.moves += 1;
    }

    fn undo(&mut self, col: usize) {
        self.heights[col] -= 1;
        self.cells[col][self.heights[col]] = 0;
        self.moves -= 1;
    }

    /// Whether the token at the top of `col` is part of four in a line.
    fn wins_at(&self, col: usize) -> bool {
        let row = self.heights[col] - 1;
        let player = self.cells[col][row];
        for (dc, dr) in [(1i32, 0i32), (0, 1), (1, 1), (1, -1)] {
            let mut run = 1;
            for sign in [1, -1] {
                let (mut c, mut r) = (col as i32 + sign * dc, row as i32 + sign * dr);
                while (0..WIDTH as i32).contains(&c)
                    && (0..HEIGHT as i32).contains(&r)
                    && self.cells[c as usize][r as usize] == player
                {
                    run += 1;
                    c += sign * dc;
                    r += sign * dr;
                }
            }
            if run >= 4 {
                return true;
            }
        }
        false
    }

    /// The score for the side to move by trying every continuation.
    fn minimax(&mut self) -> i32 {
        if self.moves == WIDTH * HEIGHT {
            return 0;
        }
        let mut best = i32::MIN;
        for col in 0..WIDTH {
            if self.heights[col] == HEIGHT {
                continue;
            }
            self.drop_token(col);
            let score = if self.wins_at(col) {
                // The mover has played ceil(moves / 2) tokens now.
                22 - self.moves.div_ceil(2) as i32
            } else {
                -self.minimax()
            };
            self.undo(col);
            best = best.max(score);
        }
        best
    }
}

/// A random game prefix with `empty` cells left and nobody able to have won yet.
fn random_late_position(rng: &mut SmallRng, empty: usize) -> Option<(Vec<usize>, Position)> {
    let mut moves = Vec::new();
    let mut position = Position::empty();
    while (position.moves_played() as usize) < WIDTH * HEIGHT - empty {
        let legal: Vec<usize> = (0..WIDTH)
            .filter(|&c| position.can_play(c) && !position.is_winning_move(c))
            .collect();
        if legal.is_empty() {
            return None;
        }
        let col = legal[rng.random_range(0..legal.len())];
        position.play(col);
        moves.push(col);
    }
    Some((moves, position))
}

#[test]
fn solver_agrees_with_plain_minimax_near_the_end() {
    let mut rng = SmallRng::seed_from_u64(4);
    let mut solver = Solver::new();
    let mut checked = 0;
    let mut non_draws = 0;
    while checked < 60 {
        let empty = rng.random_range(4..=10);
        let Some((moves, position)) = random_late_position(&mut rng, empty) else {
            continue;
        };
        let expected = Grid::from_moves(&moves).minimax();
        assert_eq!(solver.solve(&position), expected, "moves {moves:?}");
        checked += 1;
        non_draws += usize::from(expected != 0);
    }
    assert!(non_draws > 10, "the sample should hold wins and losses");
}

fn random_move(position: &Position, rng: &mut SmallRng) -> usize {
    let legal = position.legal_columns();
    legal[rng.random_range(0..legal.len())]
}

/// Plays a game; returns the winner.
fn play_game(
    mut first: impl FnMut(&Position) -> usize,
    mut second: impl FnMut(&Position) -> usize,
) -> Option<Seat> {
    let mut position = Position::empty();
    while !position.is_over() {
        let col = match position.to_move() {
            Seat::First => first(&position),
            Seat::Second => second(&position),
        };
        assert!(position.can_play(col), "an engine chose a full column");
        position.play(col);
    }
    position
        .last_player_won()
        .then(|| position.to_move().other())
}

#[test]
fn master_never_loses_to_random_play() {
    let never = AtomicBool::new(false);
    // Where the exact answer takes more than the budget (early moves beyond the book) Master
    // falls back to the win/draw/loss solver or Strong's search; random play loses either way.
    let master =
        |p: &Position| choose_move(p, Strength::Master, 0, &never, Some(300_000)).expect("a move");
    for seed in 0..8 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let winner = play_game(master, |p| random_move(p, &mut rng));
        assert_eq!(winner, Some(Seat::First), "Master first, seed {seed}");
        let mut rng = SmallRng::seed_from_u64(seed + 100);
        let winner = play_game(|p| random_move(p, &mut rng), master);
        assert_eq!(winner, Some(Seat::Second), "Master second, seed {seed}");
    }
}

#[test]
fn hint_takes_a_win_and_blocks_a_loss() {
    // x to move wins at once in column 1 (0-based 0).
    let p = Position::from_moves("121212").expect("legal");
    assert_eq!(hint(&p), Some(0));
    // o to move must block column 1.
    let p = Position::from_moves("12121").expect("legal");
    assert_eq!(hint(&p), Some(0));
    let won = Position::from_moves("1212121").expect("legal");
    assert_eq!(hint(&won), None);
}

#[test]
fn a_raised_cancel_flag_returns_at_once() {
    let raised = AtomicBool::new(true);
    let p = Position::from_moves("44").expect("legal");
    for level in Strength::ALL {
        assert_eq!(choose_move(&p, level, 1, &raised, None), None);
    }
}

/// Games between two levels, each side both colours, each level with its own node budget
/// per move; returns (upper wins, lower wins).
fn match_levels(upper: (Strength, u64), lower: (Strength, u64), games: u64) -> (u32, u32) {
    let never = AtomicBool::new(false);
    let (mut up, mut low) = (0, 0);
    for game in 0..games {
        let mover = |(level, budget): (Strength, u64)| {
            let never = &never;
            move |p: &Position| {
                let seed = game * 1000 + u64::from(p.moves_played());
                choose_move(p, level, seed, never, Some(budget)).expect("a move")
            }
        };
        if game % 2 == 0 {
            match play_game(mover(upper), mover(lower)) {
                Some(Seat::First) => up += 1,
                Some(Seat::Second) => low += 1,
                None => {}
            }
        } else {
            match play_game(mover(lower), mover(upper)) {
                Some(Seat::First) => low += 1,
                Some(Seat::Second) => up += 1,
                None => {}
            }
        }
    }
    (up, low)
}

fn assert_beats(upper: (Strength, u64), lower: (Strength, u64), games: u64) {
    let (up, low) = match_levels(upper, lower, games);
    assert!(
        u64::from(up) * 2 > games && up > low,
        "{} against {}: {up} wins, {low} losses in {games} games",
        upper.0.name(),
        lower.0.name()
    );
}

#[test]
fn casual_beats_beginner() {
    assert_beats(
        (Strength::Casual, 100_000),
        (Strength::Beginner, 100_000),
        20,
    );
}

#[test]
fn strong_beats_casual() {
    assert_beats((Strength::Strong, 200_000), (Strength::Casual, 100_000), 12);
}

#[test]
fn master_beats_strong() {
    assert_beats(
        (Strength::Master, 1_000_000),
        (Strength::Strong, 200_000),
        6,
    );
}

/// Positions of plies 2-9 from Pascal Pons's Begin-Easy set, with his exact scores.
fn early_reference_positions(limit: usize) -> Vec<(Position, i32)> {
    let text = std::fs::read_to_string(reference_dir().join("Test_L1_R1")).expect("readable set");
    text.lines()
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let moves = fields.next()?;
            let score: i32 = fields.next()?.parse().ok()?;
            (2..=9).contains(&moves.len()).then(|| {
                (
                    Position::from_moves(moves).expect("legal reference line"),
                    score,
                )
            })
        })
        .take(limit)
        .collect()
}

/// Master's move reaches the published score exactly (fastest win, slowest loss) when it
/// may search to the end, with the shipped book and without any, and keeps the published
/// win/draw/loss value within a small node budget, where it may answer with the win/draw/loss
/// solver.
#[test]
fn master_keeps_the_published_value_on_early_positions() {
    let never = AtomicBool::new(false);
    let mut checker = Solver::new();
    let positions = early_reference_positions(40);
    assert_eq!(positions.len(), 40);
    for (p, score) in positions {
        for book in [Book::embedded(), None] {
            let col = master_move(&p, book, &never, None).expect("a move");
            let mut child = p;
            child.play(col);
            let after = if child.last_player_won() {
                (43 - p.moves_played() as i32) / 2
            } else {
                -checker.solve(&child)
            };
            assert_eq!(after, score, "exact Master after {p:?}");
        }
        let col = master_move(&p, None, &never, Some(200_000)).expect("a move");
        let mut child = p;
        child.play(col);
        let after = if child.last_player_won() {
            1
        } else {
            -checker.solve(&child).signum()
        };
        assert_eq!(after, score.signum(), "budgeted Master after {p:?}");
    }
}

/// A damaged book is refused with a message, and Master still plays without it, by search.
#[test]
fn a_damaged_book_is_refused_and_master_plays_on() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/connect4/book.bin");
    let bytes = std::fs::read(path).expect("the shipped book");
    assert!(Book::from_bytes(&bytes).is_ok());
    let error = Book::from_bytes(&bytes[..bytes.len() - 1]).expect_err("truncated");
    assert!(!error.to_string().is_empty());
    let mut garbled = bytes.clone();
    garbled[3] ^= 0xFF;
    let error = Book::from_bytes(&garbled).expect_err("bad header");
    assert!(
        error
            .to_string()
            .contains("not a Connect Four opening book")
    );
    // Without a book, Master still blocks the three in column 1 and finds the win.
    let never = AtomicBool::new(false);
    let p = Position::from_moves("12121").expect("legal");
    assert_eq!(master_move(&p, None, &never, Some(100_000)), Some(0));
    let p = Position::from_moves("121212").expect("legal");
    assert_eq!(master_move(&p, None, &never, Some(100_000)), Some(0));
}

/// The value of every column, against a slow plain minimax near the end of the game.
#[test]
fn column_values_agree_with_plain_minimax() {
    let mut rng = SmallRng::seed_from_u64(21);
    let mut solver = Solver::new();
    let never = AtomicBool::new(false);
    let mut checked = 0;
    while checked < 15 {
        let Some((moves, position)) = random_late_position(&mut rng, 8) else {
            continue;
        };
        let values = column_values(&mut solver, &position, &never).expect("no cancel");
        for (col, held) in values.iter().enumerate() {
            let mut grid = Grid::from_moves(&moves);
            if grid.heights[col] == HEIGHT {
                assert_eq!(*held, None);
                continue;
            }
            grid.drop_token(col);
            let expected = if grid.wins_at(col) {
                22 - grid.moves.div_ceil(2) as i32
            } else {
                -grid.minimax()
            };
            let value = held.expect("a playable column has a value");
            assert_eq!(
                value.score(position.moves_played()),
                expected,
                "{moves:?} column {col}"
            );
        }
        checked += 1;
    }
}

/// Issue #41 part 1: the shipped opening book holds the exact score of every position with up
/// to eight tokens (mirror images share one), so Master answers every position with up to
/// seven from it at once (their children are all in it; from eight tokens the solver runs).
#[test]
fn the_shipped_book_is_complete_to_eight_tokens() {
    let book = Book::embedded().expect("the shipped book");
    assert_eq!(book.deepest_ply(), Some(8));
    for ply in 0..=8 {
        let missing = book.positions(ply).filter(|&(_, _, known)| !known).count();
        assert_eq!(missing, 0, "ply {ply}: {missing} positions without a score");
    }
    // The first player wins with its last token (Pons's published value of the empty board).
    assert_eq!(book.score(&Position::default()), Some(1));
}

/// The issue's own case: after `56` column 2 wins and column 4 loses, and Master (with no
/// search budget at all, so from the book alone) plays a winning column, the fastest win.
#[test]
fn master_answers_the_early_game_from_the_book_alone() {
    let book = Book::embedded().expect("the shipped book");
    let never = AtomicBool::new(false);
    let p = Position::from_moves("56").expect("legal");
    let after = |col: usize| {
        let mut child = p;
        child.play(col);
        -book
            .score(&child)
            .expect("every child of a two-token position is in the book")
    };
    assert!(after(1) > 0, "column 2 wins after 56");
    assert!(after(3) < 0, "column 4 loses after 56");
    let col = master_move(&p, Book::embedded(), &never, Some(1)).expect("a move");
    let best = (0..WIDTH).map(after).max().expect("seven columns");
    assert_eq!(after(col), best, "Master's column {} after 56", col + 1);
    // And on every position of plies 0 to 7 reached by a seeded random game, the same.
    let mut rng = SmallRng::seed_from_u64(41);
    for _ in 0..50 {
        let mut p = Position::default();
        for _ in 0..rng.random_range(0..8) {
            let legal: Vec<usize> = (0..WIDTH).filter(|&c| p.can_play(c)).collect();
            p.play(legal[rng.random_range(0..legal.len())]);
        }
        if p.is_over() {
            continue;
        }
        let col = master_move(&p, Book::embedded(), &never, Some(1)).expect("a move");
        assert_eq!(
            book.best_move(&p).map(|(c, _)| c),
            Some(col),
            "Master from the book after {p:?}"
        );
    }
}
