//! Fits Master's evaluation weights (`master_eval::MASTER`) to game outcomes, Texel-style:
//! `gen` plays games from the tournament openings and writes every quiet position with the
//! result for its side to move; `fit` finds the weights whose evaluation, through a logistic
//! curve, best predicts those results (least squares, L2 pull towards the current weights).
//!
//! ```text
//! cargo run --release --example checkers_tune -- gen data.txt m40000 s10000 [FROM TO]
//! cargo run --release --example checkers_tune -- fit [--keep 0,1] [--l2 X] data.txt ...
//! ```
//!
//! `gen` plays openings FROM..TO (default 0..80) of `tournament_openings` with both colours;
//! a player is `m` (Master) or `s` (Strong) and a node budget. Games stop at 200 plies (then
//! a pawn's worth of material decides) or the draw rule. `fit` prints the weights in
//! `MASTER`'s order, ready for `checkers_tournament --weights`.

use std::io::{BufRead, BufReader, Write};
use std::sync::OnceLock;
use std::sync::atomic::AtomicBool;

use parlor::games::checkers::engine::eval::material;
use parlor::games::checkers::engine::levels::{MAX_DEPTH, tournament_openings};
use parlor::games::checkers::engine::master_eval::{
    FEATURES, MASTER, NAMES, Weights, features, progress, score,
};
use parlor::games::checkers::engine::search::Searcher;
use parlor::games::checkers::engine::{EngineMove, Level, Position, choose};

/// Master's weights for `gen` (`--weights`), else its own.
static WEIGHTS: OnceLock<Weights> = OnceLock::new();

fn master_eval(pos: &Position) -> i32 {
    score(pos, WEIGHTS.get().unwrap_or(&MASTER))
}

/// A move of `level` with `nodes`: Master's with this run's weights, the others as in play.
fn pick(pos: &Position, level: Level, nodes: u64, seed: u64) -> Option<EngineMove> {
    let never = AtomicBool::new(false);
    if level != Level::Master || WEIGHTS.get().is_none() {
        return choose(pos, true, level, seed, &never, Some(nodes));
    }
    let bits = (64 - nodes.leading_zeros()).clamp(12, 20);
    Searcher::new(bits, nodes, true, &never)
        .with_evaluation(master_eval)
        .with_reductions()
        .iterate(pos, MAX_DEPTH, &mut || 0)
        .map(|f| f.best)
}

/// `--weights w1,w2,…` anywhere in `args`: sets Master's weights for this run.
fn read_weights(args: &[String]) {
    if let Some(w) = args
        .iter()
        .position(|a| a == "--weights")
        .and_then(|i| args.get(i + 1))
    {
        let mut weights = MASTER;
        for (slot, v) in weights
            .iter_mut()
            .zip(w.split(',').filter_map(|x| x.trim().parse().ok()))
        {
            *slot = v;
        }
        let _ = WEIGHTS.set(weights);
    }
}

fn player(spec: &str) -> (Level, u64) {
    let level = if spec.starts_with('m') {
        Level::Master
    } else {
        Level::Strong
    };
    (level, spec[1..].parse().unwrap_or(10_000))
}

/// Plays one game; the quiet positions met and black's result (1, 0.5, 0).
fn game(
    mut pos: Position,
    black: (Level, u64),
    white: (Level, u64),
    seed: u64,
) -> (Vec<Position>, f64) {
    let mut moves = Vec::new();
    let mut seen = Vec::new();
    for ply in 0..200u64 {
        pos.generate(true, &mut moves);
        if moves.is_empty() {
            return (seen, if pos.black_to_move { 0.0 } else { 1.0 });
        }
        if pos.quiet_plies >= 80 {
            return (seen, 0.5);
        }
        if !pos.has_capture() {
            seen.push(pos);
        }
        let (level, nodes) = if pos.black_to_move { black } else { white };
        let Some(m) = pick(&pos, level, nodes, seed + ply) else {
            break;
        };
        pos = pos.play(&m);
    }
    let lead = material(&pos) * if pos.black_to_move { 1 } else { -1 };
    (
        seen,
        if lead >= 100 {
            1.0
        } else if lead <= -100 {
            0.0
        } else {
            0.5
        },
    )
}

fn generate(args: &[String]) {
    read_weights(args);
    let args: Vec<String> = args
        .iter()
        .filter(|a| !a.contains(',') && *a != "--weights")
        .cloned()
        .collect();
    let out = &args[0];
    let a = player(&args[1]);
    let b = player(&args[2]);
    let from: usize = args.get(3).and_then(|x| x.parse().ok()).unwrap_or(0);
    let to: usize = args.get(4).and_then(|x| x.parse().ok()).unwrap_or(80);
    let mut file = std::fs::File::create(out).expect("output file");
    for (i, &start) in tournament_openings(to, true).iter().enumerate().skip(from) {
        for (black, white) in [(a, b), (b, a)] {
            let (positions, result) = game(start, black, white, i as u64 * 7919);
            for p in positions {
                let r = if p.black_to_move {
                    result
                } else {
                    1.0 - result
                };
                writeln!(
                    file,
                    "{} {} {} {} {} {r}",
                    p.black,
                    p.white,
                    p.kings,
                    u8::from(p.black_to_move),
                    p.quiet_plies
                )
                .expect("write");
            }
            eprint!("{i}:{result} ");
        }
    }
    eprintln!();
}

struct Sample {
    f: [f64; FEATURES],
    /// Progress share (1 when level).
    scale: f64,
    result: f64,
}

fn load(paths: &[String]) -> Vec<Sample> {
    let mut out = Vec::new();
    for path in paths {
        let file = std::fs::File::open(path).expect("data file");
        for line in BufReader::new(file).lines().map_while(Result::ok) {
            let v: Vec<&str> = line.split_whitespace().collect();
            if v.len() < 6 {
                continue;
            }
            let pos = Position {
                black: v[0].parse().unwrap_or(0),
                white: v[1].parse().unwrap_or(0),
                kings: v[2].parse().unwrap_or(0),
                black_to_move: v[3] == "1",
                quiet_plies: v[4].parse().unwrap_or(0),
            };
            let f = features(&pos);
            let mut fs = [0.0; FEATURES];
            for (a, b) in fs.iter_mut().zip(f) {
                *a = f64::from(b) / 8.0;
            }
            out.push(Sample {
                f: fs,
                scale: progress(&pos).map_or(1.0, |l| f64::from(l) / 160.0),
                result: v[5].parse().unwrap_or(0.5),
            });
            // Checks the features against the evaluation.
            debug_assert!(
                (score(&pos, &MASTER) - eval(&out[out.len() - 1], &MASTER.map(f64::from)) as i32)
                    .abs()
                    <= 2
            );
        }
    }
    out
}

fn eval(s: &Sample, w: &[f64; FEATURES]) -> f64 {
    s.f.iter().zip(w).map(|(a, b)| a * b).sum::<f64>() * s.scale
}

fn sigmoid(x: f64, k: f64) -> f64 {
    1.0 / (1.0 + (-k * x / 100.0).exp())
}

fn loss(data: &[Sample], w: &[f64; FEATURES], k: f64) -> f64 {
    data.iter()
        .map(|s| (s.result - sigmoid(eval(s, w), k)).powi(2))
        .sum::<f64>()
        / data.len() as f64
}

fn fit(args: &[String]) {
    let mut keep = vec![0usize];
    let mut l2 = 1e-9;
    let mut iters = 2000;
    let mut paths = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--keep" => {
                keep = it
                    .next()
                    .map(|s| s.split(',').filter_map(|x| x.parse().ok()).collect())
                    .unwrap_or_default();
            }
            "--l2" => l2 = it.next().and_then(|s| s.parse().ok()).unwrap_or(l2),
            "--iters" => iters = it.next().and_then(|s| s.parse().ok()).unwrap_or(iters),
            _ => paths.push(a.clone()),
        }
    }
    let data = load(&paths);
    let start = MASTER.map(f64::from);
    let mut slope = 1.0;
    let mut best = f64::MAX;
    for i in 1..=60 {
        let kk = f64::from(i) * 0.05;
        let fit = loss(&data, &start, kk);
        if fit < best {
            best = fit;
            slope = kk;
        }
    }
    eprintln!("{} positions, K {slope:.2}, loss {best:.5}", data.len());
    // Adam on the weights (hundredths of a pawn scale, stored as eighths).
    let mut weights = start;
    let mut mean = [0.0; FEATURES];
    let mut var = [0.0; FEATURES];
    let rate = 4.0;
    for step in 1..=iters {
        let mut grad = [0.0; FEATURES];
        for s in &data {
            let p = sigmoid(eval(s, &weights), slope);
            let g = -2.0 * (s.result - p) * p * (1.0 - p) * slope / 100.0 * s.scale;
            for (gi, fi) in grad.iter_mut().zip(&s.f) {
                *gi += g * fi;
            }
        }
        for i in 0..FEATURES {
            grad[i] = grad[i] / data.len() as f64 + 2.0 * l2 * (weights[i] - start[i]);
            if keep.contains(&i) {
                grad[i] = 0.0;
            }
            mean[i] = 0.9 * mean[i] + 0.1 * grad[i];
            var[i] = 0.999 * var[i] + 0.001 * grad[i] * grad[i];
            let mh = mean[i] / (1.0 - 0.9f64.powi(step));
            let vh = var[i] / (1.0 - 0.999f64.powi(step));
            weights[i] -= rate * mh / (vh.sqrt() + 1e-12);
        }
        if step % 500 == 0 {
            eprintln!("step {step}: loss {:.5}", loss(&data, &weights, slope));
        }
    }
    for i in 0..FEATURES {
        eprintln!("{:>20} {:>6} -> {:>6.0}", NAMES[i], MASTER[i], weights[i]);
    }
    let list: Vec<String> = weights
        .iter()
        .map(|x| format!("{}", x.round() as i32))
        .collect();
    println!("{}", list.join(","));
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("gen") => generate(&args[1..]),
        Some("fit") => fit(&args[1..]),
        _ => eprintln!("usage: checkers_tune gen FILE m40000 s10000 [FROM TO] | fit FILE..."),
    }
}
