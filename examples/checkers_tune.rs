//! Fits Master's evaluation weights (`master_eval::MASTER`) to game outcomes, Texel-style:
//! `gen` plays games from the tournament openings and writes every quiet position with the
//! result for its side to move; `fit` finds the weights whose evaluation, through a logistic
//! curve, best predicts those results (least squares, L2 pull towards the current weights;
//! the pattern tables' correction, `engine::pattern`, added as it is).
//!
//! ```text
//! cargo run --release --features tools --example checkers_tune -- gen data.txt m40000 s10000 [FROM TO]
//! cargo run --release --features tools --example checkers_tune -- fit [--keep 0,1] [--l2 X] data.txt ...
//! ```
//!
//! `gen` plays openings FROM..TO (default 0..80) of `tournament_openings` with both colours;
//! a player is `m` (Master) or `s` (Strong) and a node budget. Games stop at 200 plies (then
//! a pawn's worth of material decides) or the draw rule. `fit` prints the weights in
//! `MASTER`'s order, ready for `checkers_tournament --weights`.

use std::io::{BufRead, BufReader, Write};
use std::process::ExitCode;

use parlor::games::checkers::engine::levels::tournament_openings;
use parlor::games::checkers::engine::master_eval::{
    FEATURES, MASTER, NAMES, features, progress, score,
};
use parlor::games::checkers::engine::pattern;
use parlor::games::checkers::engine::{Position, Strength};

#[path = "support/checkers_master.rs"]
mod checkers_master;
use checkers_master::{End, play_game, weights_from_args};

/// A player given as `m40000` (Master) or `s10000` (Strong): the level and its node budget.
fn player(spec: &str) -> Result<(Strength, u64), String> {
    let (level, nodes) = if let Some(nodes) = spec.strip_prefix('m') {
        (Strength::Master, nodes)
    } else if let Some(nodes) = spec.strip_prefix('s') {
        (Strength::Strong, nodes)
    } else {
        return Err(format!(
            "`{spec}`: a player is m or s and a node budget, like m40000"
        ));
    };
    let nodes = nodes
        .parse()
        .map_err(|_| format!("`{spec}`: the node budget is not a number"))?;
    Ok((level, nodes))
}

/// Plays one game; the quiet positions met and black's result (1, 0.5, 0).
fn game(
    start: Position,
    black: (Strength, u64),
    white: (Strength, u64),
    seed: u64,
) -> (Vec<Position>, f64) {
    let mut seen = Vec::new();
    let end = play_game(start, black, white, seed, |_, pos| {
        if !pos.has_capture() {
            seen.push(*pos);
        }
    });
    let result = match end.end {
        End::DrawRule => 0.5,
        End::NoMove | End::PlyLimit => f64::from(end.black_result + 1) / 2.0,
    };
    (seen, result)
}

fn generate(args: &[String]) -> Result<(), String> {
    weights_from_args(args)?;
    let args: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|&(i, a)| a != "--weights" && (i == 0 || args[i - 1] != "--weights"))
        .map(|(_, a)| a)
        .collect();
    let [out, a, b, rest @ ..] = args.as_slice() else {
        return Err("gen needs FILE and two players".into());
    };
    let (a, b) = (player(a)?, player(b)?);
    let number = |k: usize, default: usize| {
        rest.get(k).map_or(Ok(default), |x| {
            x.parse().map_err(|_| format!("`{x}`: an opening number"))
        })
    };
    let (from, to) = (number(0, 0)?, number(1, 80)?);
    let mut file = std::fs::File::create(out).map_err(|e| format!("{out}: {e}"))?;
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
                .map_err(|e| format!("{out}: {e}"))?;
            }
            eprint!("{i}:{result} ");
        }
    }
    eprintln!();
    Ok(())
}

struct Sample {
    f: [f64; FEATURES],
    /// Progress share (1 when level).
    scale: f64,
    /// The pattern tables' correction (`engine::pattern`), which the fit leaves as it is.
    correction: f64,
    result: f64,
}

/// One line of a `gen` file: `BLACK WHITE KINGS BLACK_TO_MOVE QUIET_PLIES RESULT`, the
/// bitboards as decimal numbers, the result for the side to move (0, 0.5 or 1).
fn parse_line(line: &str) -> Result<(Position, f64), String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [black, white, kings, to_move, quiet, result] = fields.as_slice() else {
        return Err(format!("{} fields, 6 expected", fields.len()));
    };
    let number = |text: &str| -> Result<u32, String> {
        text.parse()
            .map_err(|_| format!("`{text}` is not a bitboard"))
    };
    let pos = Position {
        black: number(black)?,
        white: number(white)?,
        kings: number(kings)?,
        black_to_move: match *to_move {
            "1" => true,
            "0" => false,
            other => return Err(format!("`{other}`: the side to move is 1 or 0")),
        },
        quiet_plies: quiet
            .parse()
            .map_err(|_| format!("`{quiet}` is not a ply count"))?,
    };
    if pos.black & pos.white != 0 || pos.kings & !(pos.black | pos.white) != 0 {
        return Err("overlapping pieces or a king on an empty square".into());
    }
    let result: f64 = result
        .parse()
        .map_err(|_| format!("`{result}` is not a result"))?;
    if !(0.0..=1.0).contains(&result) {
        return Err(format!("result {result} is not between 0 and 1"));
    }
    Ok((pos, result))
}

fn load(paths: &[String]) -> Result<Vec<Sample>, String> {
    let mut out = Vec::new();
    for path in paths {
        let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
        for (n, line) in BufReader::new(file).lines().enumerate() {
            let line = line.map_err(|e| format!("{path}: {e}"))?;
            let (pos, result) = parse_line(&line).map_err(|e| format!("{path}:{}: {e}", n + 1))?;
            let mut f = [0.0; FEATURES];
            for (a, b) in f.iter_mut().zip(features(&pos)) {
                *a = f64::from(b) / 8.0;
            }
            let sample = Sample {
                f,
                scale: progress(&pos).map_or(1.0, |l| f64::from(l) / 160.0),
                correction: 0.0,
                result,
            };
            // The features weighed by Master's weights are its evaluation, up to rounding.
            debug_assert!(
                (score(&pos, &MASTER) - eval(&sample, &MASTER.map(f64::from)) as i32).abs() <= 2
            );
            out.push(Sample {
                correction: f64::from(pattern::correction(&pos)),
                ..sample
            });
        }
    }
    Ok(out)
}

fn eval(s: &Sample, w: &[f64; FEATURES]) -> f64 {
    s.f.iter().zip(w).map(|(a, b)| a * b).sum::<f64>() * s.scale + s.correction
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

/// The value after a flag, parsed.
fn value<T: std::str::FromStr>(flag: &str, text: Option<&String>) -> Result<T, String> {
    let text = text.ok_or(format!("{flag} needs a value"))?;
    text.parse()
        .map_err(|_| format!("{flag}: `{text}` is not a number"))
}

fn fit(args: &[String]) -> Result<(), String> {
    let mut keep = vec![0usize];
    let mut l2 = 1e-9;
    let mut iters = 2000;
    let mut paths = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--keep" => {
                let list = it.next().ok_or("--keep needs feature numbers")?;
                keep = list
                    .split(',')
                    .map(|x| match x.parse::<usize>() {
                        Ok(i) if i < FEATURES => Ok(i),
                        _ => Err(format!(
                            "--keep: `{x}` is not a feature number below {FEATURES}"
                        )),
                    })
                    .collect::<Result<_, _>>()?;
            }
            "--l2" => l2 = value("--l2", it.next())?,
            "--iters" => iters = value("--iters", it.next())?,
            _ => paths.push(a.clone()),
        }
    }
    if paths.is_empty() {
        return Err("fit needs at least one data file".into());
    }
    let data = load(&paths)?;
    if data.is_empty() {
        return Err("no positions in the data files".into());
    }
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
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let run = match args.first().map(String::as_str) {
        Some("gen") => generate(&args[1..]),
        Some("fit") => fit(&args[1..]),
        _ => Err("gen or fit?".into()),
    };
    match run {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("checkers_tune: {e}");
            eprintln!(
                "usage: checkers_tune gen FILE m40000 s10000 [FROM TO] [--weights W,…] | fit [--keep I,…] [--l2 X] [--iters N] FILE…"
            );
            ExitCode::from(2)
        }
    }
}
