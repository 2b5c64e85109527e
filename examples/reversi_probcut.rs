//! Calibrates the error model of the endgame solver's probable cut-offs (`ProbCut`): how far a
//! shallow midgame search of the trained evaluation lands from the exact final score, by
//! number of empty squares and search depth.
//!
//! `cargo run --release --example reversi_probcut -- DATA [PER_EMPTIES] [MAX_DEPTH]` reads
//! positions labelled with their exact score (the lines `PLAYER_HEX OPPONENT_HEX SCORE` of
//! `examples/reversi_datagen.rs`, every position from its exact point on), takes up to
//! `PER_EMPTIES` (default 300) of each number of empties, searches each to depths
//! `0..=MAX_DEPTH` (default 8) and prints, per empties and depth, the mean and standard deviation of
//! `exact − search` in discs; then the least-squares fit of the standard deviation as
//! `a + b·empties + c·depth`, the model `Tuning::probcut_sigma` takes (docs/BENCHMARKS.md).

// `p` and `o` (player, opponent), `s` (score), `e` (empties) and `f` (fields) are the
// usual short names here.
#![allow(clippy::many_single_char_names)]

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use parlor::games::reversi::engine::search::Searcher;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: reversi_probcut DATA [PER_EMPTIES] [MAX_DEPTH]");
        return ExitCode::from(2);
    };
    let per: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(300);
    let max_depth: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(8);
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    // Positions by empties; the exact ones are those the generator solved (at most 20 or so
    // empties), and every labelled line is taken: the caller picks the file.
    let mut by_empties: Vec<Vec<(u64, u64, i32)>> = vec![Vec::new(); 61];
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let mut f = line.split_whitespace();
        let (Some(p), Some(o), Some(s)) = (f.next(), f.next(), f.next()) else {
            continue;
        };
        let (Ok(p), Ok(o), Ok(s)) = (
            u64::from_str_radix(p, 16),
            u64::from_str_radix(o, 16),
            s.parse::<i32>(),
        ) else {
            continue;
        };
        let e = (!(p | o)).count_ones() as usize;
        if by_empties[e].len() < per {
            by_empties[e].push((p, o, s));
        }
    }
    let never = AtomicBool::new(false);
    // Rows for the fit: (empties, depth, standard deviation).
    let mut rows: Vec<(f64, f64, f64)> = Vec::new();
    for (empties, positions) in by_empties.iter().enumerate() {
        if positions.len() < 30 || empties < 6 {
            continue;
        }
        for depth in 0..=max_depth.min(empties as u32 - 2) {
            let mut errors = Vec::with_capacity(positions.len());
            for &(p, o, exact) in positions {
                let mut searcher = Searcher::new(16, u64::MAX, &never);
                let value = searcher.midgame_value(p, o, depth);
                errors.push(f64::from(exact) - f64::from(value) / 100.0);
            }
            let n = errors.len() as f64;
            let mean = errors.iter().sum::<f64>() / n;
            let sd = (errors.iter().map(|e| (e - mean).powi(2)).sum::<f64>() / n).sqrt();
            println!(
                "empties {empties:2} depth {depth} n {:4} mean {mean:+6.2} sd {sd:6.2}",
                errors.len()
            );
            rows.push((empties as f64, f64::from(depth), sd));
        }
    }
    if let Some((a, b, c)) = fit(&rows) {
        println!("sd ≈ {a:.3} + {b:.4}·empties + {c:.4}·depth");
    }
    ExitCode::SUCCESS
}

/// Least squares of `sd = a + b·empties + c·depth` (normal equations, 3×3).
fn fit(rows: &[(f64, f64, f64)]) -> Option<(f64, f64, f64)> {
    let mut m = [[0.0f64; 4]; 3];
    for &(e, d, s) in rows {
        let x = [1.0, e, d];
        for i in 0..3 {
            for j in 0..3 {
                m[i][j] += x[i] * x[j];
            }
            m[i][3] += x[i] * s;
        }
    }
    // Gaussian elimination with partial pivoting.
    for col in 0..3 {
        let pivot = (col..3).max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))?;
        m.swap(col, pivot);
        if m[col][col].abs() < 1e-12 {
            return None;
        }
        for row in 0..3 {
            if row != col {
                let k = m[row][col] / m[col][col];
                let pivot_row = m[col];
                for (x, &p) in m[row][col..].iter_mut().zip(&pivot_row[col..]) {
                    *x -= k * p;
                }
            }
        }
    }
    Some((m[0][3] / m[0][0], m[1][3] / m[1][1], m[2][3] / m[2][2]))
}
