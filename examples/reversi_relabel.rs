//! Relabels the midgame positions of a training file with searches by the current weights:
//! one step of bootstrapping for the Reversi pattern evaluation.
//!
//! `cargo run --release --example reversi_relabel -- WEIGHTS INPUT OUTPUT [DEPTH] [MIX] [ABOVE]`
//! copies INPUT (the `PLAYER_HEX OPPONENT_HEX SCORE` files of `examples/reversi_datagen.rs`) to
//! OUTPUT; every position with more than ABOVE empty squares (default 20: the ones without an
//! exact label) gets the label `MIX × search + (1 − MIX) × outcome`, where `search` is a
//! DEPTH-ply search (default 4) with the pattern evaluation of WEIGHTS, in discs, and
//! `outcome` the file's label. MIX defaults to 0.5.
//!
//! Why: a midgame position's file label is the outcome of the rest of a game played by a
//! depth-4 search, so two similar positions can carry labels 30 discs apart. A search with an
//! evaluation trained on those labels averages over many games' outcomes; mixing it in cuts
//! the noise the trainer has to see through, at the price of some of the evaluation's own bias.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use parlor::games::reversi::engine::pattern;
use parlor::games::reversi::engine::search::Searcher;

/// The command line.
struct Args {
    weights: String,
    input: String,
    output: String,
    depth: u32,
    mix: f64,
    above: u32,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let [weights, input, output, rest @ ..] = args else {
        return Err("expected WEIGHTS INPUT OUTPUT".into());
    };
    let depth = rest
        .first()
        .map_or(Ok(4), |d| d.parse().map_err(|e| format!("DEPTH {d}: {e}")))?;
    let mix = rest.get(1).map_or(Ok(0.5), |m| {
        m.parse::<f64>().map_err(|e| format!("MIX {m}: {e}"))
    })?;
    if !(0.0..=1.0).contains(&mix) {
        return Err(format!("MIX {mix} is not between 0 and 1"));
    }
    let above = rest
        .get(2)
        .map_or(Ok(20), |a| a.parse().map_err(|e| format!("ABOVE {a}: {e}")))?;
    Ok(Args {
        weights: weights.clone(),
        input: input.clone(),
        output: output.clone(),
        depth,
        mix,
        above,
    })
}

/// One line of the file, relabelled when it is a midgame position.
fn relabel(line: &str, args: &Args, searcher: &mut Searcher) -> Result<String, String> {
    if line.starts_with('#') || line.trim().is_empty() {
        return Ok(line.to_string());
    }
    let parts: Vec<&str> = line.split_whitespace().collect();
    let [p, o, score] = parts[..] else {
        return Err("expected PLAYER OPPONENT SCORE".into());
    };
    let p_bits = u64::from_str_radix(p, 16).map_err(|e| e.to_string())?;
    let o_bits = u64::from_str_radix(o, 16).map_err(|e| e.to_string())?;
    let outcome: f64 = score.parse().map_err(|e| format!("{e}"))?;
    if p_bits & o_bits != 0 {
        return Err("the two sides overlap".into());
    }
    if (!(p_bits | o_bits)).count_ones() <= args.above {
        return Ok(line.to_string());
    }
    searcher.set_budget(2_000_000);
    let mut no_noise = || 0;
    let Some(found) = searcher.iterate(p_bits, o_bits, args.depth, &mut no_noise) else {
        // No move: keep the outcome (a pass position is rare and its label still valid).
        return Ok(line.to_string());
    };
    let search = (f64::from(found.score) / 100.0).clamp(-64.0, 64.0);
    let label = args.mix * search + (1.0 - args.mix) * outcome;
    Ok(format!("{p} {o} {label:.2}"))
}

fn main() -> ExitCode {
    let all: Vec<String> = std::env::args().skip(1).collect();
    let args = match parse_args(&all) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("usage: reversi_relabel WEIGHTS INPUT OUTPUT [DEPTH] [MIX] [ABOVE]: {e}");
            return ExitCode::from(2);
        }
    };
    let weights = std::fs::read(&args.weights)
        .map_err(|e| e.to_string())
        .and_then(|bytes| pattern::Weights::parse(&bytes).map_err(|e| e.to_string()));
    match weights {
        Ok(w) => {
            pattern::install(w);
        }
        Err(e) => {
            eprintln!("{}: {e}", args.weights);
            return ExitCode::FAILURE;
        }
    }
    let text = match std::fs::read_to_string(&args.input) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: {e}", args.input);
            return ExitCode::FAILURE;
        }
    };
    let never = AtomicBool::new(false);
    let mut searcher = Searcher::new(18, u64::MAX, &never).with_evaluator(pattern::evaluate);
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for (number, line) in text.lines().enumerate() {
        match relabel(line, &args, &mut searcher) {
            Ok(l) => {
                let _ = writeln!(out, "{l}");
            }
            Err(e) => {
                eprintln!("{}:{}: {e}", args.input, number + 1);
                return ExitCode::FAILURE;
            }
        }
        if number % 50_000 == 0 {
            eprintln!("line {number}");
        }
    }
    if let Err(e) = std::fs::write(&args.output, out) {
        eprintln!("cannot write {}: {e}", args.output);
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
