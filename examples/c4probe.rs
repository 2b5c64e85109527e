use std::sync::atomic::AtomicBool;
use std::time::Instant;
use parlor::games::connect4::engine::{Position, Solver, Strength, choose_move};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn cpu() -> f64 {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    s.split_whitespace().next().and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0) / 1e9
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let ply: u32 = args[0].parse().unwrap();
    let n: usize = args[1].parse().unwrap();
    let bits: u32 = args[2].parse().unwrap();
    let strong = args.get(3).is_some_and(|s| s == "strong");
    let mut rng = SmallRng::seed_from_u64(ply as u64 * 1000 + 7);
    let never = AtomicBool::new(false);
    let mut solver = Solver::with_table_bits(bits);
    let (mut tn, mut tc, mut worst) = (0u64, 0.0, 0.0f64);
    let mut got = 0;
    while got < n {
        let mut p = Position::empty();
        let mut line = String::new();
        while p.moves_played() < ply && !p.is_over() {
            let c = if strong {
                choose_move(&p, Strength::Strong, rng.random(), &never, Some(200_000)).unwrap()
            } else {
                let l = p.legal_columns();
                l[rng.random_range(0..l.len())]
            };
            line.push(char::from(b'1' + c as u8));
            p.play(c);
        }
        if p.is_over() || p.moves_played() != ply { continue; }
        got += 1;
        solver.reset_node_count();
        let c0 = cpu();
        let t = Instant::now();
        let r = solver.best_move(&p, &never, None).unwrap();
        let dc = cpu() - c0;
        tn += solver.node_count();
        tc += dc;
        worst = worst.max(dc);
        println!("{line} {:?} nodes {} cpu {:.3} wall {:.3}", r, solver.node_count(), dc, t.elapsed().as_secs_f64());
    }
    println!("ply {ply} n {n}: mean nodes {} mean cpu {:.3} worst {:.3}", tn / n as u64, tc / n as f64, worst);
}
