//! Trains the Reversi pattern evaluation from the positions of `examples/reversi_datagen.rs`.
//!
//! `cargo run --release --example reversi_train -- OUTPUT DATA [DATA…]` reads the position
//! files (`PLAYER_HEX OPPONENT_HEX SCORE` lines; `#` lines are skipped), fits the weights of
//! every stage by least squares (stochastic gradient descent; every tenth game is held out to
//! measure the error) and writes them to OUTPUT (`assets/reversi/weights.bin` is the shipped
//! file). Each position is used for its own stage and, at half weight, for the neighbouring
//! ones, so that a stage with few positions borrows from its neighbours. It prints, per stage,
//! the number of positions and the mean absolute error on the held-out positions, in discs.

use std::process::ExitCode;

use parlor::games::reversi::engine::pattern::{STAGE_WEIGHTS, STAGES, Weights, features, stage};

/// A position's features (indices into one stage's weights), its stage and its label in discs.
struct Sample {
    features: Vec<u32>,
    stage: usize,
    label: f32,
    held_out: bool,
}

fn read(paths: &[String]) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    let mut buffer = Vec::new();
    // Positions of one game share its outcome: hold out whole games (every tenth).
    let mut game = 0u64;
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for line in text.lines() {
            if line.starts_with('#') {
                game += 1;
                continue;
            }
            if line.trim().is_empty() {
                continue;
            }
            let mut parts = line.split_whitespace();
            let (Some(p), Some(o), Some(score)) = (parts.next(), parts.next(), parts.next()) else {
                return Err(format!("{path}: bad line {line:?}"));
            };
            let p = u64::from_str_radix(p, 16).map_err(|e| format!("{path}: {e}"))?;
            let o = u64::from_str_radix(o, 16).map_err(|e| format!("{path}: {e}"))?;
            let score: f32 = score.parse().map_err(|e| format!("{path}: {e}"))?;
            features(p, o, &mut buffer);
            samples.push(Sample {
                features: buffer.iter().map(|&f| f as u32).collect(),
                stage: stage((!(p | o)).count_ones()),
                label: score,
                held_out: game % 10 == 9,
            });
        }
    }
    Ok(samples)
}

/// Fits one stage's weights; returns them and the held-out mean absolute error.
fn train_stage(samples: &[Sample], s: usize) -> (Vec<f32>, f64, usize) {
    let mut weights = vec![0f32; STAGE_WEIGHTS];
    // (sample, weight): own stage in full, the neighbours at half weight.
    let chosen: Vec<(&Sample, f32)> = samples
        .iter()
        .filter(|x| !x.held_out)
        .filter_map(|x| match x.stage.abs_diff(s) {
            0 => Some((x, 1.0)),
            1 => Some((x, 0.5)),
            _ => None,
        })
        .collect();
    let epochs = 40;
    for epoch in 0..epochs {
        let eta = 0.003 * (1.0 - 0.8 * epoch as f32 / epochs as f32);
        for &(x, w) in &chosen {
            let prediction: f32 = x.features.iter().map(|&f| weights[f as usize]).sum();
            let step = eta * w * (x.label - prediction);
            for &f in &x.features {
                weights[f as usize] += step;
            }
        }
    }
    let held: Vec<&Sample> = samples
        .iter()
        .filter(|x| x.held_out && x.stage == s)
        .collect();
    let error: f64 = held
        .iter()
        .map(|x| {
            let prediction: f32 = x.features.iter().map(|&f| weights[f as usize]).sum();
            f64::from((x.label - prediction).abs())
        })
        .sum::<f64>()
        / held.len().max(1) as f64;
    let own = chosen.iter().filter(|(x, _)| x.stage == s).count();
    (weights, error, own)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: reversi_train OUTPUT DATA [DATA…]");
        return ExitCode::from(2);
    }
    let samples = match read(&args[1..]) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    println!("{} positions", samples.len());
    let mut all = Vec::with_capacity(STAGES * STAGE_WEIGHTS);
    for s in 0..STAGES {
        let (weights, error, count) = train_stage(&samples, s);
        println!(
            "stage {s:2} (empties {:2}-{:2}): {count:7} positions, held-out mean error {error:5.2} discs",
            s * 5,
            s * 5 + 4
        );
        all.extend(
            weights
                .iter()
                .map(|w| (w * 100.0).round().clamp(-32000.0, 32000.0) as i16),
        );
    }
    let bytes = Weights::encode(&all);
    if let Err(e) = std::fs::write(&args[0], &bytes) {
        eprintln!("cannot write {}: {e}", args[0]);
        return ExitCode::FAILURE;
    }
    println!("wrote {} ({} bytes)", args[0], bytes.len());
    ExitCode::SUCCESS
}
