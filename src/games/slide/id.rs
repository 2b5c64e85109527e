//! Slide's puzzle IDs (docs/NOTATION.md): `slide-1-PAR-BOARD-CHECK` writes a level's board
//! (and its par, `x` when unknown), `slide-sSEED[-easy|-hard]` names a generated level
//! (`parlor slide --seed S --difficulty D`; medium is left out).
//!
//! The board field packs, in [`ALPHABET`](crate::core::puzzle_id::ALPHABET) characters: the
//! first goal's square and whether the second is right of it or below, the number of `O` and
//! of `X`, then the squares of the `O` pieces and of the `X` pieces in increasing order (each
//! square `row × 10 + column`, 0 to 99). Reading refuses anything that is not one canonical
//! spelling of a valid board, so two IDs never name the same board.

use crate::core::puzzle_id::{IdBody, IdError, Packer, PuzzleId, Unpacker, expect_fields};

use super::generate::Difficulty;
use super::generate::generate;
use super::level::{MAX_O, MAX_X, board_from_rows};
use super::levels;
use super::params::Params;
use super::rules::SIZE;

/// The code Slide's IDs start with.
pub const CODE: &str = "slide";
/// The newest format of Slide's descriptive IDs.
pub const VERSION: u32 = 1;

/// The squares of a board, as [`encode_board`] packs them.
struct Pieces {
    goal: usize,
    goal_below: bool,
    o: Vec<usize>,
    x: Vec<usize>,
}

const CELLS: u32 = (SIZE * SIZE) as u32;

/// The board field of a level's rows (`None` for rows that are not a board: never for a
/// level's).
#[must_use]
pub fn encode_board(rows: &[String]) -> Option<String> {
    let cells: Vec<char> = rows.iter().flat_map(|row| row.chars()).collect();
    if cells.len() != SIZE * SIZE {
        return None;
    }
    let of =
        |symbol: char| -> Vec<usize> { (0..cells.len()).filter(|&i| cells[i] == symbol).collect() };
    let goals = of('G');
    let goal = *goals.first()?;
    let pieces = Pieces {
        goal,
        goal_below: goals.get(1) == Some(&(goal + SIZE)),
        o: of('O'),
        x: of('X'),
    };
    let mut packer = Packer::new();
    packer.push(pieces.goal as u32, CELLS);
    packer.push(u32::from(pieces.goal_below), 2);
    packer.push(pieces.o.len() as u32, MAX_O as u32 + 1);
    packer.push(pieces.x.len() as u32, MAX_X as u32 + 1);
    for &square in pieces.o.iter().chain(&pieces.x) {
        packer.push(square as u32, CELLS);
    }
    Some(packer.finish())
}

/// The rows of a board field, checked to be one valid board written the one way
/// [`encode_board`] writes it.
///
/// # Errors
/// [`IdError::Field`] saying what is wrong.
pub fn decode_board(field: &str) -> Result<Vec<String>, IdError> {
    let bad = |why: &str| IdError::Field(format!("the board code {why}"));
    let mut unpacker = Unpacker::new(field, "board")?;
    let goal = unpacker.take(CELLS) as usize;
    let goal_below = unpacker.take(2) == 1;
    let o_count = unpacker.take(MAX_O as u32 + 1) as usize;
    let x_count = unpacker.take(MAX_X as u32 + 1) as usize;
    let mut read = |count: usize| -> Vec<usize> {
        (0..count).map(|_| unpacker.take(CELLS) as usize).collect()
    };
    let o = read(o_count);
    let x = read(x_count);
    unpacker.finish("board")?;
    let mut grid = vec!['.'; SIZE * SIZE];
    let second = if goal_below { goal + SIZE } else { goal + 1 };
    if second >= SIZE * SIZE || (!goal_below && goal % SIZE == SIZE - 1) {
        return Err(bad("puts a goal off the board"));
    }
    grid[goal] = 'G';
    grid[second] = 'G';
    for (squares, symbol) in [(&o, 'O'), (&x, 'X')] {
        if squares.windows(2).any(|pair| pair[0] >= pair[1]) {
            return Err(bad("lists pieces out of order"));
        }
        for &square in squares {
            if grid[square] != '.' {
                return Err(bad("puts two things on one square"));
            }
            grid[square] = symbol;
        }
    }
    let rows: Vec<String> = grid.chunks(SIZE).map(|row| row.iter().collect()).collect();
    board_from_rows(&rows).map_err(|err| IdError::Field(err.to_string()))?;
    Ok(rows)
}

/// The ID of a Slide game's parameters: its seed for a generated level, else its board.
#[must_use]
pub fn puzzle_id(params: &Params) -> Option<PuzzleId> {
    if let Some((seed, difficulty)) = seed_of_key(&params.key) {
        let words = match difficulty {
            Difficulty::Medium => Vec::new(),
            other => vec![difficulty_word(other).to_string()],
        };
        return Some(PuzzleId::seed(CODE, seed, words));
    }
    let par = params
        .par
        .map_or_else(|| "x".to_string(), |p| format!("p{p}"));
    Some(PuzzleId::descriptive(
        CODE,
        VERSION,
        vec![par, encode_board(&params.rows)?],
    ))
}

/// The parameters of a Slide ID: a generated level for a seed, else the board it writes,
/// named and keyed as the shipped level it is when it is one.
///
/// # Errors
/// [`IdError`] naming what cannot be read.
pub fn from_puzzle_id(id: &PuzzleId) -> Result<Params, IdError> {
    if let IdBody::Seed { seed, words } = &id.body {
        let difficulty = match words.as_slice() {
            [] => Difficulty::Medium,
            [word] => parse_difficulty(word)?,
            _ => {
                return Err(IdError::Field(
                    "a Slide seed ID has one word at most: its difficulty".into(),
                ));
            }
        };
        let level = generate(*seed, difficulty.par_range());
        return Ok(Params::for_level(&level, seed_key(*seed, difficulty)));
    }
    let (_, fields) = id.fields(VERSION)?;
    let [par, board] = expect_fields::<2>(fields, "Slide")?;
    let par = match par {
        "x" => None,
        _ => Some(
            par.strip_prefix('p')
                .filter(|n| !n.starts_with('0'))
                .and_then(|n| n.parse::<u32>().ok())
                .filter(|&n| (1..=999).contains(&n))
                .ok_or_else(|| IdError::Field(format!("{par:?} is not a par (p14, or x)")))?,
        ),
    };
    let rows = decode_board(board)?;
    let shipped = levels::shipped()
        .into_iter()
        .enumerate()
        .find(|(_, level)| level.board.rows() == rows);
    Ok(match shipped {
        Some((index, level)) => Params::for_level(&level, levels::level_key(index + 1)),
        None => Params {
            key: format!("id-{board}"),
            name: "Shared level".into(),
            rows,
            par,
        },
    })
}

/// The best-result key of a generated level.
#[must_use]
pub fn seed_key(seed: u64, difficulty: Difficulty) -> String {
    format!("seed-{seed}-{}", difficulty_word(difficulty))
}

/// The seed and difficulty a generated level's key names.
fn seed_of_key(key: &str) -> Option<(u64, Difficulty)> {
    let rest = key.strip_prefix("seed-")?;
    let (seed, word) = rest.split_once('-')?;
    Some((seed.parse().ok()?, parse_difficulty(word).ok()?))
}

const fn difficulty_word(difficulty: Difficulty) -> &'static str {
    match difficulty {
        Difficulty::Easy => "easy",
        Difficulty::Medium => "medium",
        Difficulty::Hard => "hard",
    }
}

fn parse_difficulty(word: &str) -> Result<Difficulty, IdError> {
    match word {
        "easy" => Ok(Difficulty::Easy),
        "medium" => Ok(Difficulty::Medium),
        "hard" => Ok(Difficulty::Hard),
        _ => Err(IdError::Field(format!(
            "{word:?} is not a difficulty; use easy, medium or hard"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn shipped_levels_round_trip_with_their_names_and_keys() {
        for number in 1..=levels::COUNT {
            let level = levels::shipped_level(number).expect("a shipped level");
            let params = Params::for_level(&level, levels::level_key(number));
            let id = puzzle_id(&params).expect("an ID");
            let text = id.to_string();
            assert!(text.len() < 40, "{text}");
            let back = from_puzzle_id(&text.parse().expect("reads")).expect("opens");
            assert_eq!(back, params, "{text}");
        }
    }

    #[test]
    fn seed_ids_are_short_and_name_the_generated_level() {
        let id: PuzzleId = "slide-s7-easy".parse().expect("reads");
        let params = from_puzzle_id(&id).expect("generates");
        assert_eq!(params.key, "seed-7-easy");
        assert_eq!(
            puzzle_id(&params).map(|i| i.to_string()).as_deref(),
            Some("slide-s7-easy")
        );
        assert!(matches!(
            from_puzzle_id(&"slide-s7-tricky".parse().expect("reads")),
            Err(IdError::Field(_))
        ));
    }

    #[test]
    fn bad_boards_are_refused_with_a_reason() {
        // One O between the goals' squares: the O code names the goal's own square.
        let mut packer = Packer::new();
        packer.push(95, CELLS);
        packer.push(0, 2);
        packer.push(1, 5);
        packer.push(0, 9);
        packer.push(95, CELLS);
        let err = decode_board(&packer.finish()).expect_err("overlaps");
        assert_eq!(
            err.to_string(),
            "the board code puts two things on one square"
        );
        // The goal on the right edge with its partner "to the right".
        let mut packer = Packer::new();
        packer.push(9, CELLS);
        packer.push(0, 2);
        packer.push(1, 5);
        packer.push(0, 9);
        packer.push(50, CELLS);
        assert!(decode_board(&packer.finish()).is_err());
        assert!(
            from_puzzle_id(&PuzzleId::descriptive(
                CODE,
                1,
                vec!["p0".into(), "1".into()]
            ))
            .is_err()
        );
        assert!(matches!(
            from_puzzle_id(&PuzzleId::descriptive(CODE, 2, vec![])),
            Err(IdError::Newer { found: 2, known: 1 })
        ));
    }

    proptest! {
        #[test]
        fn any_board_round_trips(
            goal in 0usize..89,
            below in any::<bool>(),
            squares in prop::collection::btree_set(0usize..100, 1..=12),
            split in 1usize..=4,
        ) {
            let mut grid = vec!['.'; 100];
            let second = if below || goal % 10 == 9 { goal + 10 } else { goal + 1 };
            grid[goal] = 'G';
            grid[second] = 'G';
            let free: Vec<usize> = squares.into_iter().filter(|&s| grid[s] == '.').collect();
            prop_assume!(!free.is_empty());
            let o = split.min(free.len());
            for (i, &s) in free.iter().enumerate().take(o + MAX_X) {
                grid[s] = if i < o { 'O' } else { 'X' };
            }
            let rows: Vec<String> = grid.chunks(10).map(|r| r.iter().collect()).collect();
            let field = encode_board(&rows).expect("a board");
            prop_assert_eq!(decode_board(&field).expect("reads"), rows);
        }
    }
}
