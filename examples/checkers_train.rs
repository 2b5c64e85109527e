//! Trains the Checkers pattern correction (`engine::pattern`) from the positions of
//! `examples/checkers_datagen.rs`.
//!
//! `cargo run --release --features tools --example checkers_train -- [--lambda L] [--tables T,…] [--iterations N] OUTPUT DATA [DATA…]`
//!
//! Each labelled position (`BLACK WHITE KINGS SIDE QUIET SCORE RESULT`) teaches the tables
//! what Master's hand-made evaluation got wrong there: the label is the deeper search's score
//! minus the hand-made evaluation, within ±[`CAP`]. Positions whose score is a found win or
//! loss are skipped (the evaluation is never asked about them). The fit is ridge regression
//! (`examples/support/ridge.rs`; `--lambda` default 128, the value the 2 000-game runs of
//! `docs/BENCHMARKS.md` chose), every tenth game held out; per stage it prints the
//! held-out mean error of the hand-made evaluation alone and with the tables, in hundredths
//! of a pawn, and the size of the fitted corrections (the evaluation clamps them to
//! ±`pattern::MAX_CORRECTION`), and it writes the tables to OUTPUT. `--tables` fits only the named window
//! families (`pawn-blocks`, `pawn-rows`, `piece-blocks`; default all), leaving the others
//! zero.

use std::process::ExitCode;

use parlor::games::checkers::engine::Position;
use parlor::games::checkers::engine::master_eval::{MASTER, score};
use parlor::games::checkers::engine::pattern::{
    Family, STAGE_WEIGHTS, STAGES, Weights, indices, stage,
};

#[path = "support/ridge.rs"]
mod ridge;
use ridge::{CommandLine, Samples, command_line, loaded, train_stage, write_tables};

/// The largest correction a position teaches (hundredths of a pawn): beyond it the search saw
/// tactics, which no arrangement of pieces explains.
const CAP: f32 = 300.0;
/// Scores beyond this are found wins or losses.
const DECIDED: i32 = 1500;
/// No score in a data file is larger than this.
const SCORE_LIMIT: i32 = 1_000_000;

/// One data line as a position and its deeper score, or `None` for a line to skip.
fn parse_line(line: &str) -> Result<Option<(Position, i32)>, String> {
    if line.starts_with('#') || line.trim().is_empty() {
        return Ok(None);
    }
    let parts: Vec<&str> = line.split_whitespace().collect();
    let [black, white, kings, side, quiet, score, _result] = parts[..] else {
        return Err("expected BLACK WHITE KINGS SIDE QUIET SCORE RESULT".into());
    };
    let hex = |t: &str| u32::from_str_radix(t, 16).map_err(|e| format!("`{t}`: {e}"));
    let pos = Position {
        black: hex(black)?,
        white: hex(white)?,
        kings: hex(kings)?,
        black_to_move: match side {
            "b" => true,
            "w" => false,
            _ => return Err(format!("`{side}` is not b or w")),
        },
        quiet_plies: quiet.parse().map_err(|e| format!("`{quiet}`: {e}"))?,
    };
    if pos.black & pos.white != 0 || pos.kings & !(pos.black | pos.white) != 0 {
        return Err("not a position".into());
    }
    let score: i32 = score.parse().map_err(|e| format!("`{score}`: {e}"))?;
    // The generator's scores lie within ±WIN (20 000): anything far beyond is not a score,
    // and would overflow the arithmetic below.
    if !(-SCORE_LIMIT..=SCORE_LIMIT).contains(&score) {
        return Err(format!("score {score} is not within ±{SCORE_LIMIT}"));
    }
    Ok(Some((pos, score)))
}

fn read(paths: &[String], families: &[Family]) -> Result<Samples, String> {
    let mut samples = Samples::default();
    let mut game = 0u64;
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for (number, line) in text.lines().enumerate() {
            if line.starts_with('#') {
                game += 1;
            }
            let Some((pos, deep)) =
                parse_line(line).map_err(|e| format!("{path}:{}: {e}", number + 1))?
            else {
                continue;
            };
            if deep.abs() >= DECIDED {
                continue;
            }
            let hand = score(&pos, &MASTER);
            let label = ((deep - hand) as f32).clamp(-CAP, CAP);
            let chosen: Vec<usize> = indices(&pos)
                .into_iter()
                .enumerate()
                .filter(|&(t, _)| families.contains(&Family::of_table(t)))
                .map(|(_, index)| index)
                .collect();
            let pieces = (pos.black | pos.white).count_ones();
            samples.push(&chosen, stage(pieces), label, game % 10 == 9);
        }
    }
    Ok(samples)
}

/// The size of the fitted correction on stage `s`'s held-out positions (before
/// `pattern::MAX_CORRECTION` clamps it): the median, the 99th percentile and the largest.
fn correction_sizes(samples: &Samples, s: usize, weights: &[f32]) -> (f32, f32, f32) {
    let mut sizes: Vec<f32> = (0..samples.len())
        .filter(|&i| samples.held_out[i] && usize::from(samples.stage[i]) == s)
        .map(|i| samples.predict(i, weights).abs())
        .collect();
    if sizes.is_empty() {
        return (0.0, 0.0, 0.0);
    }
    sizes.sort_by(f32::total_cmp);
    let at = |q: f32| sizes[((sizes.len() - 1) as f32 * q) as usize];
    (at(0.5), at(0.99), at(1.0))
}

/// The command line: the shared options, `--tables`, the output and data files.
struct Args {
    line: CommandLine,
    families: Vec<Family>,
}

fn parse_args(args: Vec<String>) -> Result<Args, String> {
    let line = command_line(args, 128.0, &["--tables"])?;
    let mut families = Family::ALL.to_vec();
    for (_, value) in &line.others {
        families = value
            .split(',')
            .map(|name| match name {
                "pawn-blocks" => Ok(Family::PawnBlocks),
                "pawn-rows" => Ok(Family::PawnRows),
                "piece-blocks" => Ok(Family::PieceBlocks),
                _ => Err(format!(
                    "--tables: `{name}` is not pawn-blocks, pawn-rows or piece-blocks"
                )),
            })
            .collect::<Result<_, _>>()?;
    }
    Ok(Args { line, families })
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1).collect()) {
        Ok(a) => a,
        Err(e) => {
            eprintln!(
                "usage: checkers_train [--lambda L] [--tables T,…] [--iterations N] OUTPUT DATA [DATA…]: {e}"
            );
            return ExitCode::from(2);
        }
    };
    let Some(samples) = loaded(read(&args.line.data, &args.families)) else {
        return ExitCode::FAILURE;
    };
    let mut all = Vec::with_capacity(STAGES * STAGE_WEIGHTS);
    for s in 0..STAGES {
        let fit = train_stage(
            &samples,
            s,
            STAGE_WEIGHTS,
            args.line.lambda,
            args.line.iterations,
        );
        println!(
            "stage {s}: {:6} positions, held-out mean error {:6.1} (hand-made alone {:6.1})",
            fit.positions, fit.held_out_error, fit.baseline_error
        );
        let (median, p99, max) = correction_sizes(&samples, s, &fit.weights);
        println!(
            "         corrections on held-out positions: median {median:.0}, 99th percentile {p99:.0}, largest {max:.0}"
        );
        all.extend(
            fit.weights
                .iter()
                .map(|w| w.round().clamp(-3000.0, 3000.0) as i16),
        );
    }
    let Some(weights) = Weights::from_values(all) else {
        eprintln!("internal error: the tables have the wrong size");
        return ExitCode::FAILURE;
    };
    let bytes = weights.encode();
    write_tables(&args.line.output, &bytes)
}
