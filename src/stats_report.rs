//! The records as text tables, one per game: what the Statistics screen draws and what
//! `parlor stats` prints, built once here (pure: the build without the terminal prints them
//! too).

use std::fmt::Write as _;

use crate::core::LEVEL_NAMES;
use crate::games::registry::{GameEntry, Registry};
use crate::save::records::{GameRecords, Opponent, PuzzleTally, Records, Tally};

/// Width of a table's row labels.
const LABEL: usize = 14;
/// Width of a column of numbers.
const COLUMN: usize = 9;
/// The narrowest column of puzzle variants' names.
const VARIANT: usize = 16;
/// Columns of a puzzle row besides the variant's name: the indent and the figures.
const FIGURES: usize = 2 + 7 + 7 + 6 + 7 + 5 + 7;

/// One line of a table: a heading (the game, the columns) or a row of figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The text, laid out in columns.
    pub text: String,
    /// Whether it is a heading (drawn bold).
    pub heading: bool,
}

impl Row {
    pub(crate) fn heading(text: String) -> Self {
        Self {
            text,
            heading: true,
        }
    }

    pub(crate) fn plain(text: String) -> Self {
        Self {
            text,
            heading: false,
        }
    }
}

/// One game's table, below a line with its title, every variant's name whole.
#[must_use]
pub fn section(records: &Records, entry: &GameEntry) -> Vec<Row> {
    section_within(records, entry, usize::MAX)
}

/// [`section`] for a table at most `width` columns wide: a puzzle variant's name takes the
/// room the figures leave ("5×5, nine almonds" whole on an 80-column screen) and is cut with
/// "…" only past that.
#[must_use]
pub fn section_within(records: &Records, entry: &GameEntry, width: usize) -> Vec<Row> {
    let mut rows = vec![Row::heading(entry.title.to_string())];
    let empty = GameRecords::default();
    let game = records.game(entry.id).unwrap_or(&empty);
    if entry.two_player {
        two_player_rows(game, &mut rows);
    } else {
        puzzle_rows(game, width, &mut rows);
    }
    rows
}

/// Every game's table, as `parlor stats` prints it.
#[must_use]
pub fn report(records: &Records, games: Registry) -> String {
    let mut out = String::new();
    for entry in games.games() {
        for row in section(records, entry) {
            out.push_str(row.text.trim_end());
            out.push('\n');
        }
        out.push('\n');
    }
    out
}

/// A row of a two-player table: its label and the figure it shows.
type Measure = (&'static str, fn(&Tally) -> u32);

fn two_player_rows(game: &GameRecords, rows: &mut Vec<Row>) {
    let columns: Vec<(String, Tally)> = std::iter::once(Opponent::People)
        .chain((1..=LEVEL_NAMES.len() as u8).map(Opponent::Computer))
        // Games at a server's tables, for a player who has played any.
        .chain(
            game.opponents
                .contains_key(&Opponent::Online.key())
                .then_some(Opponent::Online),
        )
        .map(|opponent| {
            let name = match opponent {
                Opponent::Computer(level) => LEVEL_NAMES[usize::from(level - 1)].to_string(),
                Opponent::People | Opponent::Demo => "People".to_string(),
                Opponent::Online => "Online".to_string(),
            };
            let tally = game
                .opponents
                .get(&opponent.key())
                .copied()
                .unwrap_or_default();
            (name, tally)
        })
        .collect();
    let mut heading = format!("{:LABEL$}", "");
    for (name, _) in &columns {
        let _ = write!(heading, "{name:>COLUMN$}");
    }
    rows.push(Row::heading(heading));
    let measures: [Measure; 6] = [
        ("played", |t| t.played),
        ("won", |t| t.won),
        ("lost", |t| t.lost),
        ("drawn", |t| t.drawn),
        ("streak", |t| t.streak),
        ("best streak", |t| t.best_streak),
    ];
    for (label, measure) in measures {
        let mut line = format!("  {label:<width$}", width = LABEL - 2);
        for (_, tally) in &columns {
            let _ = write!(line, "{:>COLUMN$}", measure(tally));
        }
        rows.push(Row::plain(line));
    }
    rows.push(Row::plain(
        "  People: won and lost count the first player's side.".into(),
    ));
    if let Some(demo) = game.opponents.get(&Opponent::Demo.key()) {
        rows.push(Row::plain(format!(
            "  Computer against itself: {} played, first seat won {}, lost {}, drew {}.",
            demo.played, demo.won, demo.lost, demo.drawn
        )));
    }
}

fn puzzle_rows(game: &GameRecords, width: usize, rows: &mut Vec<Row>) {
    if game.puzzles.is_empty() {
        rows.push(Row::plain("  No puzzle finished yet.".into()));
        return;
    }
    let longest = game
        .puzzles
        .keys()
        .map(|variant| {
            crate::core::text::width(&crate::core::text::sanitize(&variant_title(variant)))
        })
        .max()
        .unwrap_or(0);
    let column = (longest + 1)
        .min(width.saturating_sub(FIGURES))
        .max(VARIANT);
    rows.push(Row::heading(format!(
        "  {:<w$}{:>7}{:>7}{:>6}{:>7}{:>5}{:>7}",
        "Variant",
        "Solved",
        "Solver",
        "Lost",
        "Fewest",
        "Par",
        "Time",
        w = column
    )));
    for (variant, tally) in &game.puzzles {
        rows.push(Row::plain(puzzle_row(variant, tally, column)));
    }
}

/// A puzzle variant's key as a reader names it: `level-first-steps` is "First steps",
/// `seed-42-medium` "Seed 42 medium". The keys are what the records file keeps; the words
/// "level-" and the dashes are the program's, not the player's.
fn variant_title(variant: &str) -> String {
    let words = variant
        .strip_prefix("level-")
        .unwrap_or(variant)
        .replace('-', " ");
    let mut chars = words.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// One variant's row, its name in a column `column` wide.
fn puzzle_row(variant: &str, tally: &PuzzleTally, column: usize) -> String {
    let name = crate::core::text::truncate(
        &crate::core::text::sanitize(&variant_title(variant)),
        column - 1,
    );
    let pad = column.saturating_sub(crate::core::text::width(&name));
    let or_dash = |value: Option<String>| value.unwrap_or_else(|| "-".into());
    format!(
        "  {name}{:pad$}{:>7}{:>7}{:>6}{:>7}{:>5}{:>7}",
        "",
        tally.solved,
        tally.by_solver,
        tally.lost,
        or_dash(tally.fewest.map(|v| v.to_string())),
        or_dash(tally.par.map(|v| v.to_string())),
        or_dash(
            tally
                .best_seconds
                .map(|s| format!("{}:{:02}", s / 60, s % 60))
        ),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_puzzle_table_is_as_wide_as_its_variant_column_and_figures_say() {
        // FIGURES restates the rows' column widths: if a format string changes, this fails.
        let tally = super::PuzzleTally {
            solved: 12,
            fewest: Some(30),
            best_seconds: Some(754),
            ..super::PuzzleTally::default()
        };
        for column in [super::VARIANT, 30] {
            let row = super::puzzle_row("level-first-steps", &tally, column);
            assert_eq!(
                crate::core::text::width(&row),
                column + super::FIGURES,
                "{row:?}"
            );
        }
    }

    #[test]
    fn a_variant_is_named_in_words_not_by_its_key() {
        assert_eq!(super::variant_title("level-first-steps"), "First steps");
        assert_eq!(super::variant_title("seed-42-medium"), "Seed 42 medium");
        assert_eq!(super::variant_title("3"), "3");
    }
}
