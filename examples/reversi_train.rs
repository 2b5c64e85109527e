//! Trains the Reversi pattern evaluation from the positions of `examples/reversi_datagen.rs`.
//!
//! `cargo run --release --features tools --example reversi_train -- [--lambda L] [--endgame-lambda L] [--iterations N] OUTPUT DATA [DATA…]`
//! reads the position files (`PLAYER_HEX OPPONENT_HEX SCORE` lines; `#` lines end a game and
//! are otherwise skipped), fits the weights of every stage by ridge regression and writes them
//! to OUTPUT (`assets/reversi/weights.bin` is the shipped file). It prints, per stage, the
//! number of positions and the mean absolute error on held-out positions (every tenth game),
//! in discs.
//!
//! The fit is ridge regression by conjugate gradients (`examples/support/ridge.rs` says why):
//! `--lambda` (default 32) pulls each weight towards zero as if by 32 positions of score 0.
//! The stages of 24 empty squares or fewer, whose labels are exact
//! and which order the endgame solver's moves, take their own `--endgame-lambda` (default
//! 16). Both defaults were chosen on held-out data, not on the benchmarks: the midgame one by
//! `reversi_match --from 100` (200 games), the endgame one by the solver's nodes on 40
//! positions of 22 empties from held-out games (docs/BENCHMARKS.md).

use std::process::ExitCode;

use parlor::games::reversi::engine::pattern::{STAGE_WEIGHTS, STAGES, Weights, features, stage};

#[path = "support/ridge.rs"]
mod ridge;
use ridge::{CommandLine, Samples, command_line, loaded, ridge_weight, train_stage, write_tables};

/// The stages with exact labels (up to 24 empty squares), trained with `--endgame-lambda`.
const ENDGAME_STAGES: usize = 5;

fn read(paths: &[String]) -> Result<Samples, String> {
    let mut samples = Samples::default();
    let mut buffer = Vec::new();
    // Positions of one game share its outcome: hold out whole games (every tenth).
    let mut game = 0u64;
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for (number, line) in text.lines().enumerate() {
            let place = || format!("{path}:{}", number + 1);
            if line.starts_with('#') {
                game += 1;
                continue;
            }
            if line.trim().is_empty() {
                continue;
            }
            let mut parts = line.split_whitespace();
            let (Some(p), Some(o), Some(score), None) =
                (parts.next(), parts.next(), parts.next(), parts.next())
            else {
                return Err(format!("{}: expected PLAYER OPPONENT SCORE", place()));
            };
            let p = u64::from_str_radix(p, 16).map_err(|e| format!("{}: {e}", place()))?;
            let o = u64::from_str_radix(o, 16).map_err(|e| format!("{}: {e}", place()))?;
            let score: f32 = score.parse().map_err(|e| format!("{}: {e}", place()))?;
            if p & o != 0 || !(-64.0..=64.0).contains(&score) {
                return Err(format!("{}: not a position and a score", place()));
            }
            features(p, o, &mut buffer);
            samples.push(
                &buffer,
                stage((!(p | o)).count_ones()),
                score,
                game % 10 == 9,
            );
        }
    }
    Ok(samples)
}

/// The command line: the shared options, `--endgame-lambda`, the output and data files.
struct Args {
    line: CommandLine,
    endgame_lambda: f32,
}

fn parse_args(args: Vec<String>) -> Result<Args, String> {
    let line = command_line(args, 32.0, &["--endgame-lambda"])?;
    let mut endgame_lambda = 16.0;
    for (_, value) in &line.others {
        endgame_lambda = ridge_weight(value, "--endgame-lambda")?;
    }
    Ok(Args {
        line,
        endgame_lambda,
    })
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1).collect()) {
        Ok(a) => a,
        Err(e) => {
            eprintln!(
                "usage: reversi_train [--lambda L] [--endgame-lambda L] [--iterations N] OUTPUT DATA [DATA…]: {e}"
            );
            return ExitCode::from(2);
        }
    };
    let Some(samples) = loaded(read(&args.line.data)) else {
        return ExitCode::FAILURE;
    };
    let mut all = Vec::with_capacity(STAGES * STAGE_WEIGHTS);
    for s in 0..STAGES {
        let lambda = if s < ENDGAME_STAGES {
            args.endgame_lambda
        } else {
            args.line.lambda
        };
        let fit = train_stage(&samples, s, STAGE_WEIGHTS, lambda, args.line.iterations);
        let (weights, error, count) = (fit.weights, fit.held_out_error, fit.positions);
        println!(
            "stage {s:2} (empties {:2}-{:2}): {count:7} positions, held-out mean error {error:5.2} discs (scores' own mean size {:5.2})",
            s * 5,
            s * 5 + 4,
            fit.baseline_error
        );
        all.extend(
            weights
                .iter()
                .map(|w| (w * 100.0).round().clamp(-32000.0, 32000.0) as i16),
        );
    }
    let bytes = Weights::encode(&all);
    write_tables(&args.line.output, &bytes)
}
