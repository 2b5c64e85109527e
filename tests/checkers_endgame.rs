//! The Checkers endgame database (`parlor::games::checkers::endgame`): its index against the
//! published position counts, its results against the rules (every position of up to three
//! pieces, generated here, checked against its moves) and against the search, the classic
//! endings, and Master winning won positions under the draw rule against the best defence.

use std::sync::atomic::AtomicBool;

use parlor::core::{Outcome, Rules, Seat};
use parlor::games::checkers::endgame::database::{self, Database};
use parlor::games::checkers::endgame::distances;
use parlor::games::checkers::endgame::generate::Tables;
use parlor::games::checkers::endgame::index::{Material, Normal};
use parlor::games::checkers::endgame::play;
use parlor::games::checkers::endgame::solve::{self, Code, Wdl};
use parlor::games::checkers::engine::search::Searcher;
use parlor::games::checkers::engine::{Position, engine_move, win_in};
use parlor::games::checkers::notation::square_number;
use parlor::games::checkers::rules::{Checkers, Move, Piece, Setup, Square};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// Positions per number of pieces, no side to move, one side's pieces possibly all gone:
/// J. Schaeffer et al., "Checkers Is Solved", Science 317 (2007), 1518–1522, table 1
/// (reproduced by Mark Vande Wettering on brainwagon.org, 25 April 2008, "Total number of checkers
/// positions").
const PUBLISHED: [(u8, u64); 5] = [
    (1, 120),
    (2, 6_972),
    (3, 261_224),
    (4, 7_092_774),
    (5, 148_688_232),
];

#[test]
fn the_index_counts_the_published_positions() {
    // The database holds one side to move: its positions of a material are the material's
    // placements, which is what the published table counts (with or without a capture on).
    for (pieces, published) in PUBLISHED {
        let mut count = 0u64;
        for black in 0..=pieces {
            let white = pieces - black;
            for bk in 0..=black {
                for wk in 0..=white {
                    let material = Material {
                        mover_kings: bk,
                        mover_pawns: black - bk,
                        other_kings: wk,
                        other_pawns: white - wk,
                    };
                    let blocks = (0..material.pawn_blocks())
                        .filter(|&b| material.pawn_block(b).is_some())
                        .count() as u64;
                    count += blocks * material.block_len();
                }
            }
        }
        assert_eq!(count, published, "{pieces} pieces");
    }
}

/// The code a position must have by its moves and its children's codes: the definition of
/// the database's values (a loss when there is no move; a win at the shortest distance to a
/// child lost for the other side; a draw when some child is drawn; else a loss at the longest
/// distance), a capture or a pawn move counting as a conversion at distance 1.
fn code_by_the_moves(pos: &Position, code: &dyn Fn(&Position) -> Code) -> Code {
    let mut moves = Vec::new();
    pos.generate(true, &mut moves);
    if moves.is_empty() {
        return Code::loss(0);
    }
    let (mut win, mut draw, mut loss) = (None::<u8>, false, 0u8);
    for m in &moves {
        let converts = m.is_capture() || pos.kings & (1 << m.from) == 0;
        let child = code(&pos.play(m));
        let distance = if converts { 1 } else { child.distance() + 1 };
        match child.wdl() {
            Wdl::Loss => win = Some(win.map_or(distance, |w| w.min(distance))),
            Wdl::Draw => draw = true,
            Wdl::Win => loss = loss.max(distance),
        }
    }
    match (win, draw) {
        (Some(d), _) => Code::win(d),
        (None, true) => Code::DRAW,
        (None, false) => Code::loss(loss),
    }
}

fn small_tables() -> Tables {
    let mut tables = Tables::new();
    tables.generate_up_to(3);
    tables
}

#[test]
fn every_position_up_to_three_pieces_agrees_with_its_moves() {
    // Consistent values with consistent distances are the right ones: a labelled win or loss
    // leads down its distances to a position the rules decide, so none can be invented, and
    // a real win labelled anything else would break the rule at the first position of it.
    let tables = small_tables();
    let mut checked = 0;
    for pieces in 2..=3 {
        for material in Material::with_pieces(pieces) {
            let codes = tables.get(material).expect("generated");
            for i in 0..material.len() {
                let Some(pos) = material.unindex(i) else {
                    continue;
                };
                let expected = code_by_the_moves(&pos.position(), &|p| tables.code(p));
                assert_eq!(codes[i as usize], expected, "{} {pos:?}", material.name());
                checked += 1;
            }
        }
    }
    // The published 6 972 and 261 224 less the placements of one colour only (1 742 and
    // 32 596 each: kings and pawns of one side on 2 or 3 squares).
    assert_eq!(checked, 6_972 - 2 * 1_742 + 261_224 - 2 * 32_596);
}

#[test]
fn the_shipped_database_is_complete_and_agrees_with_the_generator() {
    let db = play::shipped().expect("the shipped database reads");
    assert_eq!(db.pieces(), 5);
    let tables = small_tables();
    for pieces in 2..=3 {
        for material in Material::with_pieces(pieces) {
            let codes = tables.get(material).expect("generated");
            for i in 0..material.len() {
                if let Some(pos) = material.unindex(i) {
                    let pos = pos.position();
                    assert_eq!(db.wdl(&pos), Some(codes[i as usize].wdl()), "{pos:?}");
                }
            }
        }
    }
    // Packing the generated tables gives a database that reads back the same results.
    let streams: Vec<(Material, Vec<u8>)> = (2..=3)
        .flat_map(Material::with_pieces)
        .map(|m| {
            let codes = tables.get(m).expect("generated");
            (m, database::stream(m, codes))
        })
        .collect();
    let bytes: &'static [u8] = Box::leak(Database::write(3, &streams).into_boxed_slice());
    let packed = Database::parse(bytes).expect("reads back");
    let mut rng = SmallRng::seed_from_u64(41);
    for _ in 0..2_000 {
        let pos = random_position(&mut rng, 3);
        assert_eq!(packed.wdl(&pos), db.wdl(&pos), "{pos:?}");
    }
}

/// The kings-only five-piece materials, whose distances ship (`endgame::distances`).
fn kings_only_five() -> Vec<Material> {
    Material::with_pieces(5)
        .into_iter()
        .filter(|m| m.pawns() == 0)
        .collect()
}

/// A position's code as the game knows it: the shipped distances when they hold it, else the
/// rules (no move: lost at once; a capture: a conversion, one ply) with the database's result
/// (the only part a conversion's child needs).
fn known_code(pos: &Position) -> Code {
    let db = play::shipped().expect("the shipped database reads");
    let distances = distances::shipped().expect("the shipped distances read");
    if pos.count_moves(true, &mut Vec::new()) == 0 {
        return Code::loss(0);
    }
    if let Some(code) = distances.code(Normal::of(pos)) {
        return code;
    }
    match db.wdl(pos).expect("covered") {
        Wdl::Win => Code::win(1),
        Wdl::Draw => Code::DRAW,
        Wdl::Loss => Code::loss(1),
    }
}

#[test]
fn the_shipped_distances_agree_with_the_moves_and_the_database_on_samples() {
    // The retrograde solve gives each position the code its moves give it (see
    // `every_position_up_to_three_pieces_agrees_with_its_moves`); here on 2 000 positions of
    // each shipped material, spread over its whole index (every position of them, against
    // the solve itself: the ignored test below).
    let db = play::shipped().expect("the shipped database reads");
    let distances = distances::shipped().expect("the shipped distances read");
    let mut shipped: Vec<Material> = distances.materials().collect();
    shipped.sort();
    let mut expected = kings_only_five();
    expected.sort();
    assert_eq!(shipped, expected);
    let mut rng = SmallRng::seed_from_u64(4141);
    for material in expected {
        let (mut checked, mut longest) = (0, 0);
        while checked < 2_000 {
            let Some(normal) = material.unindex(rng.random_range(0..material.len())) else {
                continue;
            };
            let pos = normal.position();
            let Some(code) = distances.code(normal) else {
                assert!(pos.has_capture(), "{} {pos:?} not shipped", material.name());
                continue;
            };
            assert_eq!(Some(code.wdl()), db.wdl(&pos), "{pos:?}");
            assert_eq!(code, code_by_the_moves(&pos, &known_code), "{pos:?}");
            longest = longest.max(code.distance());
            checked += 1;
        }
        assert!(
            longest >= 10,
            "{}: longest sampled {longest}",
            material.name()
        );
    }
}

#[test]
#[ignore = "solves every kings-only five-piece placement: 12 s in a test build (load 6); \
            run by hand (docs/BENCHMARKS.md)"]
fn the_shipped_distances_are_the_retrograde_solve_of_every_position() {
    let db = play::shipped().expect("the shipped database reads");
    let distances = distances::shipped().expect("the shipped distances read");
    let known = |p: &Position| db.wdl(p).unwrap_or(Wdl::Draw);
    // Each solve gives a material and its mirror (KKKvKK and KKvKKK).
    for material in kings_only_five()
        .into_iter()
        .filter(|m| m.mover_kings > m.other_kings)
    {
        let block = material.pawn_block(0).expect("one placement, no pawns");
        let solved = solve::solve(block, &known);
        for side in [block, block.swapped()] {
            let mut compared = 0u64;
            for local in 0..side.len() {
                let normal = side.position(local);
                let Some(code) = distances.code(normal) else {
                    assert!(normal.position().has_capture());
                    continue;
                };
                assert_eq!(Some(code), solved.code(normal), "{normal:?}");
                compared += 1;
            }
            assert!(compared > side.len() / 2, "{}", side.material.name());
        }
    }
}

/// A random position with `pieces` pieces, at least one a side, black to move (pawns off
/// their crowning rows).
fn random_position(rng: &mut SmallRng, pieces: u32) -> Position {
    loop {
        let (mut black, mut white, mut kings) = (0u32, 0u32, 0u32);
        let mut placed = 0;
        while placed < pieces {
            let sq = rng.random_range(0..32u32);
            let bit = 1u32 << sq;
            if (black | white) & bit != 0 {
                continue;
            }
            let is_black = placed == 0 || (placed > 1 && rng.random_bool(0.5));
            let king = rng.random_bool(0.5);
            let crowning = if is_black { sq < 4 } else { sq >= 28 };
            if crowning && !king {
                continue;
            }
            if is_black {
                black |= bit;
            } else {
                white |= bit;
            }
            if king {
                kings |= bit;
            }
            placed += 1;
        }
        if black != 0 && white != 0 {
            return Position {
                black,
                white,
                kings,
                black_to_move: rng.random_bool(0.5),
                quiet_plies: 0,
            };
        }
    }
}

#[test]
fn five_piece_results_agree_with_their_moves_and_with_the_search() {
    // Sampled: every move's result from the shipped database must give the position's, and
    // wherever the search proves a win or a loss, the database says the same.
    let db = play::shipped().expect("the shipped database reads");
    let never = AtomicBool::new(false);
    let mut rng = SmallRng::seed_from_u64(2026);
    let (mut proven, mut drawn) = (0, 0);
    for n in 0..300 {
        let pieces = 4 + (n % 2);
        let pos = random_position(&mut rng, pieces);
        let wdl = db.wdl(&pos).expect("covered");
        let mut moves = Vec::new();
        pos.generate(true, &mut moves);
        let by_moves = moves
            .iter()
            .map(|m| db.wdl(&pos.play(m)).expect("covered").flipped())
            .max()
            .unwrap_or(Wdl::Loss);
        assert_eq!(wdl, by_moves, "{pos:?}");
        let mut searcher = Searcher::new(16, 30_000, true, &never);
        if let Some(found) = searcher.iterate(&pos, 40, &mut || 0)
            && let Some(plies) = win_in(found.score)
        {
            let expected = if plies > 0 { Wdl::Win } else { Wdl::Loss };
            assert_eq!(wdl, expected, "the search proves {plies} plies: {pos:?}");
            proven += 1;
        }
        drawn += usize::from(wdl == Wdl::Draw);
    }
    assert!(proven >= 60, "the search proved only {proven} of 300");
    assert!(drawn >= 20, "only {drawn} draws among 300");
}

/// A position from standard draughts numbers (1–32, Black's side first), `K` before a number
/// for a king, and `quiet` plies on the draw counter.
fn standard(black: &[&str], white: &[&str], to_move: Seat, quiet: u8) -> Checkers {
    let piece = |text: &&str, side: Seat| {
        let (king, number) = text.strip_prefix('K').map_or((false, *text), |n| (true, n));
        let number: u8 = number.parse().expect("a square number");
        let square = (0..8)
            .flat_map(|y| (0..8).map(move |x| Square::new(x, y)))
            .find(|&s| square_number(s) == Some(number))
            .expect("a square 1-32");
        (square, Piece { side, king })
    };
    let pieces = black
        .iter()
        .map(|t| piece(t, Seat::First))
        .chain(white.iter().map(|t| piece(t, Seat::Second)))
        .collect();
    Checkers::try_from(Setup {
        pieces,
        to_move,
        quiet_plies: quiet,
        forced_capture: true,
    })
    .expect("a legal position")
}

fn wdl(game: &Checkers) -> Wdl {
    play::shipped()
        .and_then(|db| db.wdl(&game.position()))
        .expect("covered")
}

#[test]
fn the_classic_endings_have_their_book_results() {
    // King against king: with the opposition (White on 32 to move against 26) White drives
    // the black king to the edge and wins; with Black to move, 26-31 holds (E. Lasker, Chess
    // and Checkers: the Way to Mastership, 1918, diagram 88).
    assert_eq!(
        wdl(&standard(&["K26"], &["K32"], Seat::Second, 0)),
        Wdl::Win
    );
    assert_eq!(
        wdl(&standard(&["K26"], &["K32"], Seat::First, 0)),
        Wdl::Draw
    );
    // In the middle of the board, neither can force anything.
    assert_eq!(
        wdl(&standard(&["K14"], &["K23"], Seat::First, 0)),
        Wdl::Draw
    );
    // Two kings against one win, whoever is to move.
    for to_move in [Seat::First, Seat::Second] {
        let game = standard(&["K1"], &["K18", "K19"], to_move, 0);
        let white_wins = if to_move == Seat::Second {
            Wdl::Win
        } else {
            Wdl::Loss
        };
        assert_eq!(wdl(&game), white_wins, "{to_move:?} to move");
    }
    // First position: White (king 15, man 20) to move wins against Black's king 28 and man 12
    // (American Checker Federation, "Standard positions: winning 1st position").
    assert_eq!(
        wdl(&standard(&["K28", "12"], &["K15", "20"], Seat::Second, 0)),
        Wdl::Win
    );
    // First position "without" the move: Black's kings on 15 and 6 still win against White's
    // king 5 and man 22, Black to move (B. Newell, "Without", 8 April 2017).
    assert_eq!(
        wdl(&standard(&["K15", "K6"], &["22", "K5"], Seat::First, 0)),
        Wdl::Win
    );
}

/// Plays `game` out: Master for `winner`, the database's best defence for the other side.
/// Returns the outcome and the number of plies.
fn play_out(mut game: Checkers, master: Seat) -> (Outcome, usize) {
    let db = play::shipped().expect("the shipped database reads");
    let never = AtomicBool::new(false);
    let mut plies = 0;
    while game.outcome().is_none() {
        let mv = if game.side_to_move() == master {
            engine_move(&game, 4, 1, &never, None).expect("Master has a move")
        } else {
            let (m, _) = play::best_move(db, &game.position()).expect("covered");
            Move::from_engine(&m)
        };
        game.play(&mv).expect("a legal move");
        plies += 1;
        assert!(plies < 1_000, "the game does not end");
    }
    (game.outcome().expect("over"), plies)
}

#[test]
fn master_wins_the_longest_three_kings_against_two_within_the_draw_rule() {
    // The 3 v 2 kings position farthest from conversion (48 plies; `checkers_endgame
    // longest`), with the draw counter set so that exactly those 48 plies are left: one
    // wasted move and the draw rule would save the defender.
    let line = LONGEST_KKKVKK;
    let game = position_line(line, 80 - 48);
    let db = play::shipped().expect("reads");
    let verdict = play::verdict(db, &game.position()).expect("covered");
    assert_eq!((verdict.wdl, verdict.distance), (Wdl::Win, 48));
    let (outcome, plies) = play_out(game, Seat::First);
    assert_eq!(outcome, Outcome::Won(Seat::First), "after {plies} plies");
}

#[test]
fn one_quiet_ply_too_many_and_the_same_position_is_a_draw_the_defence_holds() {
    let game = position_line(LONGEST_KKKVKK, 80 - 48 + 1);
    let db = play::shipped().expect("reads");
    let verdict = play::verdict(db, &game.position()).expect("covered");
    assert_eq!((verdict.wdl, verdict.theoretical), (Wdl::Draw, Wdl::Win));
    let (outcome, _) = play_out(game, Seat::First);
    assert_eq!(outcome, Outcome::Draw);
}

#[test]
fn master_wins_the_longest_king_king_pawn_against_two_kings() {
    let game = position_line(LONGEST_KKPVKK, 0);
    let (outcome, plies) = play_out(game, Seat::First);
    assert_eq!(outcome, Outcome::Won(Seat::First), "after {plies} plies");
}

#[test]
fn master_holds_a_drawn_ending_against_the_best_attack() {
    // Two kings each: a draw; the attacker (the database, trying its best) gets nowhere
    // against Master in 80 quiet plies.
    let game = standard(&["K14", "K15"], &["K22", "K23"], Seat::First, 0);
    assert_eq!(wdl(&game), Wdl::Draw);
    let (outcome, plies) = play_out(game, Seat::Second);
    assert_eq!(outcome, Outcome::Draw, "after {plies} plies");
}

/// The 3 v 2 kings win farthest from conversion, black (three kings) to move.
const LONGEST_KKKVKK: &str =
    ".....B.B/......../......../......W./......../W......./.B....../........ X";
/// The king, king and pawn against two kings win farthest from conversion, black to move.
const LONGEST_KKPVKK: &str =
    ".B....../......../.......X/....W.../.......B/....W.../......../........ X";

/// A `parlor solve checkers` line as a game with `quiet` plies on the draw counter.
fn position_line(line: &str, quiet: u8) -> Checkers {
    let game = parlor::games::checkers::analysis_commands::parse_position(line)
        .expect("a position line")
        .expect("not blank");
    let mut setup = game.setup();
    setup.quiet_plies = quiet;
    Checkers::try_from(setup).expect("valid")
}

#[test]
fn a_normal_form_turns_white_to_move_into_black() {
    let game = standard(&["K1"], &["K18", "K19"], Seat::Second, 0);
    let normal = Normal::of(&game.position());
    assert_eq!(normal.material().name(), "KKvK");
}
