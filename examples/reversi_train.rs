//! Trains the Reversi pattern evaluation from the positions of `examples/reversi_datagen.rs`.
//!
//! `cargo run --release --example reversi_train -- [--lambda L] [--endgame-lambda L] [--iterations N] OUTPUT DATA [DATA…]`
//! reads the position files (`PLAYER_HEX OPPONENT_HEX SCORE` lines; `#` lines end a game and
//! are otherwise skipped), fits the weights of every stage by ridge regression and writes them
//! to OUTPUT (`assets/reversi/weights.bin` is the shipped file). It prints, per stage, the
//! number of positions and the mean absolute error on held-out positions (every tenth game),
//! in discs.
//!
//! Why ridge regression solved by conjugate gradients rather than stochastic gradient descent:
//! a stage has far more weights (about 170 000) than positions (tens of thousands), so most
//! table entries are seen a handful of times. Plain descent moves the common entries and
//! leaves the rare ones wherever the learning rate happened to stop them; the ridge term
//! (`--lambda`, default 32: each weight is pulled towards zero as if by 32 positions of
//! score 0) decides what a rarely seen entry is worth, and conjugate gradients (with the
//! diagonal as preconditioner) reach that minimum in a few hundred passes instead of
//! depending on a step size. The stages of 24 empty squares or fewer, whose labels are exact
//! and which order the endgame solver's moves, take their own `--endgame-lambda` (default
//! 16). Both defaults were chosen on held-out data, not on the benchmarks: the midgame one by
//! `reversi_match --from 100` (200 games), the endgame one by the solver's nodes on 40
//! positions of 22 empties from held-out games (docs/BENCHMARKS.md). Each position is used
//! for its own stage and, at half weight, for the neighbouring ones, so that a stage borrows
//! from its neighbours.

use std::process::ExitCode;

use parlor::games::reversi::engine::pattern::{STAGE_WEIGHTS, STAGES, Weights, features, stage};

/// The stages with exact labels (up to 24 empty squares), trained with `--endgame-lambda`.
const ENDGAME_STAGES: usize = 5;

/// The features of every position (a fixed number each), their stages, labels and whether
/// they are held out, in flat arrays: the solver walks them hundreds of times per stage.
struct Samples {
    /// `width` feature indices per position.
    features: Vec<u32>,
    width: usize,
    stage: Vec<u8>,
    label: Vec<f32>,
    held_out: Vec<bool>,
}

impl Samples {
    fn len(&self) -> usize {
        self.label.len()
    }

    fn row(&self, i: usize) -> &[u32] {
        &self.features[i * self.width..(i + 1) * self.width]
    }

    fn predict(&self, i: usize, weights: &[f32]) -> f32 {
        self.row(i).iter().map(|&f| weights[f as usize]).sum()
    }
}

fn read(paths: &[String]) -> Result<Samples, String> {
    let mut samples = Samples {
        features: Vec::new(),
        width: 0,
        stage: Vec::new(),
        label: Vec::new(),
        held_out: Vec::new(),
    };
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
            if samples.width == 0 {
                samples.width = buffer.len();
            }
            samples.features.extend(buffer.iter().map(|&f| f as u32));
            samples.stage.push(stage((!(p | o)).count_ones()) as u8);
            samples.label.push(score);
            samples.held_out.push(game % 10 == 9);
        }
    }
    Ok(samples)
}

/// How much a training position counts for stage `s`: its own stage in full, the neighbours
/// at half weight.
fn weight_for(samples: &Samples, i: usize, s: usize) -> f32 {
    if samples.held_out[i] {
        return 0.0;
    }
    match usize::from(samples.stage[i]).abs_diff(s) {
        0 => 1.0,
        1 => 0.5,
        _ => 0.0,
    }
}

/// `(AᵀWA + λI) v`: the normal equations' matrix applied to `v`, over the chosen positions.
fn normal_product(
    samples: &Samples,
    chosen: &[(usize, f32)],
    lambda: f32,
    v: &[f32],
    out: &mut [f32],
) {
    for (o, x) in out.iter_mut().zip(v) {
        *o = lambda * x;
    }
    for &(i, w) in chosen {
        let dot = samples.predict(i, v) * w;
        for &f in samples.row(i) {
            out[f as usize] += dot;
        }
    }
}

fn dot(a: &[f32], b: &[f32]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| f64::from(*x) * f64::from(*y))
        .sum()
}

/// Fits one stage's weights by preconditioned conjugate gradients on the ridge normal
/// equations; returns them, the held-out mean absolute error and the stage's own positions.
fn train_stage(
    samples: &Samples,
    s: usize,
    lambda: f32,
    iterations: usize,
) -> (Vec<f32>, f64, usize) {
    let chosen: Vec<(usize, f32)> = (0..samples.len())
        .filter_map(|i| {
            let w = weight_for(samples, i, s);
            (w > 0.0).then_some((i, w))
        })
        .collect();
    // Right-hand side AᵀWy and the Jacobi preconditioner diag(AᵀWA) + λ.
    let mut rhs = vec![0f32; STAGE_WEIGHTS];
    let mut diagonal = vec![lambda; STAGE_WEIGHTS];
    for &(i, w) in &chosen {
        for &f in samples.row(i) {
            rhs[f as usize] += w * samples.label[i];
            diagonal[f as usize] += w;
        }
    }
    let mut weights = vec![0f32; STAGE_WEIGHTS];
    let mut residual = rhs;
    let mut z: Vec<f32> = residual.iter().zip(&diagonal).map(|(r, d)| r / d).collect();
    let mut direction = z.clone();
    let mut rz = dot(&residual, &z);
    let mut product = vec![0f32; STAGE_WEIGHTS];
    for _ in 0..iterations {
        normal_product(samples, &chosen, lambda, &direction, &mut product);
        let curvature = dot(&direction, &product);
        if curvature <= 0.0 || rz == 0.0 {
            break;
        }
        let alpha = (rz / curvature) as f32;
        for ((w, r), (d, p)) in weights
            .iter_mut()
            .zip(residual.iter_mut())
            .zip(direction.iter().zip(&product))
        {
            *w += alpha * d;
            *r -= alpha * p;
        }
        for ((z, r), d) in z.iter_mut().zip(&residual).zip(&diagonal) {
            *z = r / d;
        }
        let next = dot(&residual, &z);
        let beta = (next / rz) as f32;
        rz = next;
        for (d, z) in direction.iter_mut().zip(&z) {
            *d = z + beta * *d;
        }
    }
    let held: Vec<usize> = (0..samples.len())
        .filter(|&i| samples.held_out[i] && usize::from(samples.stage[i]) == s)
        .collect();
    let error = held
        .iter()
        .map(|&i| f64::from((samples.label[i] - samples.predict(i, &weights)).abs()))
        .sum::<f64>()
        / held.len().max(1) as f64;
    let own = chosen
        .iter()
        .filter(|&&(i, _)| usize::from(samples.stage[i]) == s)
        .count();
    (weights, error, own)
}

/// The command line: the options, then the output file and the data files.
struct Args {
    lambda: f32,
    endgame_lambda: f32,
    iterations: usize,
    output: String,
    data: Vec<String>,
}

fn parse_args(mut args: Vec<String>) -> Result<Args, String> {
    let mut lambda = 32.0;
    let mut endgame_lambda = 16.0;
    let mut iterations = 300;
    let ridge = |text: String, name: &str| {
        text.parse::<f32>()
            .ok()
            .filter(|l| l.is_finite() && *l >= 0.0)
            .ok_or(format!("{name} wants a number ≥ 0"))
    };
    while let Some(first) = args.first().cloned() {
        let value = |args: &[String]| args.get(1).cloned().ok_or(format!("{first} needs a value"));
        match first.as_str() {
            "--lambda" => {
                lambda = ridge(value(&args)?, "--lambda")?;
                args.drain(..2);
            }
            "--endgame-lambda" => {
                endgame_lambda = ridge(value(&args)?, "--endgame-lambda")?;
                args.drain(..2);
            }
            "--iterations" => {
                iterations = value(&args)?
                    .parse()
                    .map_err(|e| format!("--iterations: {e}"))?;
                args.drain(..2);
            }
            _ => break,
        }
    }
    if args.len() < 2 {
        return Err("expected OUTPUT DATA [DATA…]".into());
    }
    let output = args.remove(0);
    Ok(Args {
        lambda,
        endgame_lambda,
        iterations,
        output,
        data: args,
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
    let samples = match read(&args.data) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    println!("{} positions", samples.len());
    let mut all = Vec::with_capacity(STAGES * STAGE_WEIGHTS);
    for s in 0..STAGES {
        let lambda = if s < ENDGAME_STAGES {
            args.endgame_lambda
        } else {
            args.lambda
        };
        let (weights, error, count) = train_stage(&samples, s, lambda, args.iterations);
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
    if let Err(e) = std::fs::write(&args.output, &bytes) {
        eprintln!("cannot write {}: {e}", args.output);
        return ExitCode::FAILURE;
    }
    println!("wrote {} ({} bytes)", args.output, bytes.len());
    ExitCode::SUCCESS
}
