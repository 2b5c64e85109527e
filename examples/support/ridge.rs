//! What the pattern trainers (`reversi_train`, `checkers_train`) share: positions as rows of
//! table indices with a stage and a label, and a ridge-regression fit of one stage's tables.
//!
//! Why ridge regression solved by conjugate gradients rather than stochastic gradient
//! descent: a stage has far more weights than positions, so most table entries are seen a
//! handful of times. Plain descent moves the common entries and leaves the rare ones wherever
//! the learning rate happened to stop them; the ridge term (λ: each weight is pulled towards
//! zero as if by λ positions of label 0) decides what a rarely seen entry is worth, and
//! conjugate gradients (with the diagonal as preconditioner) reach that minimum in a few
//! hundred passes instead of depending on a step size. Each position is used for its own stage
//! and, at half weight, for the neighbouring ones, so that a stage borrows from its
//! neighbours.
//!
//! Included by both with `#[path]`; it is not an example of its own.

/// The features of every position (a fixed number each), their stages, labels and whether
/// they are held out, in flat arrays: the solver walks them hundreds of times per stage.
#[derive(Default)]
pub struct Samples {
    /// `width` feature indices per position.
    pub features: Vec<u32>,
    /// Indices per position (set by the first [`Samples::push`]).
    pub width: usize,
    /// Each position's stage.
    pub stage: Vec<u8>,
    /// Each position's label.
    pub label: Vec<f32>,
    /// Whether a position is kept out of the fit to measure it.
    pub held_out: Vec<bool>,
}

impl Samples {
    /// Adds a position.
    pub fn push(&mut self, features: &[usize], stage: usize, label: f32, held_out: bool) {
        if self.width == 0 {
            self.width = features.len();
        }
        assert_eq!(
            features.len(),
            self.width,
            "every position has as many indices"
        );
        self.features.extend(features.iter().map(|&f| f as u32));
        self.stage.push(stage as u8);
        self.label.push(label);
        self.held_out.push(held_out);
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.label.len()
    }

    fn row(&self, i: usize) -> &[u32] {
        &self.features[i * self.width..(i + 1) * self.width]
    }

    /// Position `i`'s value under `weights`.
    pub fn predict(&self, i: usize, weights: &[f32]) -> f32 {
        self.row(i).iter().map(|&f| weights[f as usize]).sum()
    }

    /// How much a training position counts for stage `s`: its own stage in full, the
    /// neighbours at half weight.
    fn weight_for(&self, i: usize, s: usize) -> f32 {
        if self.held_out[i] {
            return 0.0;
        }
        match usize::from(self.stage[i]).abs_diff(s) {
            0 => 1.0,
            1 => 0.5,
            _ => 0.0,
        }
    }

    /// `(AᵀWA + λI) v`: the normal equations' matrix applied to `v`, over the chosen
    /// positions.
    fn normal_product(&self, chosen: &[(usize, f32)], lambda: f32, v: &[f32], out: &mut [f32]) {
        for (o, x) in out.iter_mut().zip(v) {
            *o = lambda * x;
        }
        for &(i, w) in chosen {
            let dot = self.predict(i, v) * w;
            for &f in self.row(i) {
                out[f as usize] += dot;
            }
        }
    }
}

fn dot(a: &[f32], b: &[f32]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| f64::from(*x) * f64::from(*y))
        .sum()
}

/// What [`train_stage`] found for one stage.
pub struct Fit {
    /// The stage's weights.
    pub weights: Vec<f32>,
    /// The mean absolute error on the stage's held-out positions.
    pub held_out_error: f64,
    /// The same error with all weights zero (the label's own size).
    pub baseline_error: f64,
    /// The stage's own training positions.
    pub positions: usize,
}

/// Fits stage `s`'s `size` weights by preconditioned conjugate gradients on the ridge normal
/// equations.
pub fn train_stage(
    samples: &Samples,
    s: usize,
    size: usize,
    lambda: f32,
    iterations: usize,
) -> Fit {
    let chosen: Vec<(usize, f32)> = (0..samples.len())
        .filter_map(|i| {
            let w = samples.weight_for(i, s);
            (w > 0.0).then_some((i, w))
        })
        .collect();
    // Right-hand side AᵀWy and the Jacobi preconditioner diag(AᵀWA) + λ.
    let mut rhs = vec![0f32; size];
    let mut diagonal = vec![lambda; size];
    for &(i, w) in &chosen {
        for &f in samples.row(i) {
            rhs[f as usize] += w * samples.label[i];
            diagonal[f as usize] += w;
        }
    }
    let mut weights = vec![0f32; size];
    let mut residual = rhs;
    let mut z: Vec<f32> = residual.iter().zip(&diagonal).map(|(r, d)| r / d).collect();
    let mut direction = z.clone();
    let mut rz = dot(&residual, &z);
    let mut product = vec![0f32; size];
    for _ in 0..iterations {
        samples.normal_product(&chosen, lambda, &direction, &mut product);
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
    let mean = |f: &dyn Fn(usize) -> f32| {
        // A fold from +0: an empty `sum` of floats is −0.
        held.iter()
            .fold(0.0, |total, &i| total + f64::from(f(i).abs()))
            / held.len().max(1) as f64
    };
    let held_out_error = mean(&|i| samples.label[i] - samples.predict(i, &weights));
    let baseline_error = mean(&|i| samples.label[i]);
    let positions = chosen
        .iter()
        .filter(|&&(i, _)| usize::from(samples.stage[i]) == s)
        .count();
    Fit {
        weights,
        held_out_error,
        baseline_error,
        positions,
    }
}

/// What both trainers' command lines give: the ridge weight, the solver's passes, the output
/// file and the data files, plus the options a trainer has of its own.
pub struct CommandLine {
    /// `--lambda L`.
    pub lambda: f32,
    /// `--iterations N` (default 300).
    pub iterations: usize,
    /// The tables' file to write.
    pub output: String,
    /// The labelled positions to read.
    pub data: Vec<String>,
    /// Other `--flag value` pairs, in order, for the trainer to read.
    pub others: Vec<(String, String)>,
}

/// A ridge weight from the command line: a number ≥ 0.
pub fn ridge_weight(text: &str, flag: &str) -> Result<f32, String> {
    text.parse::<f32>()
        .ok()
        .filter(|l| l.is_finite() && *l >= 0.0)
        .ok_or(format!("{flag} wants a number ≥ 0"))
}

/// Reads `[--lambda L] [--iterations N] [--flag value …] OUTPUT DATA [DATA…]`; `known` lists
/// the trainer's own flags, which land in [`CommandLine::others`] (any other flag is refused).
pub fn command_line(
    mut args: Vec<String>,
    default_lambda: f32,
    known: &[&str],
) -> Result<CommandLine, String> {
    let mut line = CommandLine {
        lambda: default_lambda,
        iterations: 300,
        output: String::new(),
        data: Vec::new(),
        others: Vec::new(),
    };
    while let Some(flag) = args.first().filter(|a| a.starts_with("--")).cloned() {
        let value = args
            .get(1)
            .cloned()
            .ok_or(format!("{flag} needs a value"))?;
        args.drain(..2);
        match flag.as_str() {
            "--lambda" => line.lambda = ridge_weight(&value, "--lambda")?,
            "--iterations" => {
                line.iterations = value.parse().map_err(|e| format!("--iterations: {e}"))?;
            }
            _ if known.contains(&flag.as_str()) => line.others.push((flag, value)),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if args.len() < 2 {
        return Err("expected OUTPUT DATA [DATA…]".into());
    }
    line.output = args.remove(0);
    line.data = args;
    Ok(line)
}

/// The positions `read` gave, after printing their number; `None` after printing why there
/// are none.
pub fn loaded(read: Result<Samples, String>) -> Option<Samples> {
    match read {
        Ok(samples) => {
            println!("{} positions", samples.len());
            Some(samples)
        }
        Err(e) => {
            eprintln!("{e}");
            None
        }
    }
}

/// Writes the encoded tables to `path` and says so; the exit code tells whether it could.
pub fn write_tables(path: &str, bytes: &[u8]) -> std::process::ExitCode {
    if let Err(e) = std::fs::write(path, bytes) {
        eprintln!("cannot write {path}: {e}");
        return std::process::ExitCode::FAILURE;
    }
    println!("wrote {path} ({} bytes)", bytes.len());
    std::process::ExitCode::SUCCESS
}
