//! Generates the Checkers endgame databases (`parlor::games::checkers::endgame`).
//!
//! `checkers_endgame generate DIR PIECES` solves every material with up to PIECES pieces,
//! fewest first, writing each solved material to `DIR/NAME.codes` (one byte a position: the
//! result and the distance to conversion, `endgame::solve::Code`) as soon as it is done, and
//! reading back those already there: stopped at any time, it goes on where it was when run
//! again with the same arguments. Progress and a line of statistics per material go to
//! stderr. Run it from a copied binary, niced, so a rebuild does not stop it:
//!
//! `checkers_endgame pack DIR PIECES OUT` writes the database the game reads
//! (`assets/checkers/endgame.bin`: win/draw/loss, run-length coded,
//! `endgame::database`) from the solved materials; `checkers_endgame longest DIR MATERIAL`
//! prints the won position of a material (`KKKvKK`: the side to move first) farthest from
//! conversion, as `parlor solve checkers` reads positions; `checkers_endgame pack-distances
//! DIR 5 OUT` writes the distances of the kings-only five-piece materials
//! (`assets/checkers/endgame-distances.bin`, `endgame::distances`); `checkers_endgame speed`
//! times the shipped database (decoding, probes, the distances, the heaviest solves).
//!
//! ```text
//! cargo build --release --features tools --example checkers_endgame
//! cp target/release/examples/checkers_endgame /tmp/egdb-gen
//! nice -n 19 /tmp/egdb-gen generate egdb-data 5   # about 145 MB of solved tables
//! ```

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use parlor::games::checkers::endgame::database::{self, Database};
use parlor::games::checkers::endgame::distances::{self, Distances};
use parlor::games::checkers::endgame::generate::Tables;
use parlor::games::checkers::endgame::index::{Material, Normal};
use parlor::games::checkers::endgame::solve::{Code, Wdl};

fn codes_path(dir: &Path, material: Material) -> PathBuf {
    dir.join(format!("{}.codes", material.name()))
}

fn read_codes(path: &Path, material: Material) -> std::io::Result<Option<Vec<Code>>> {
    match std::fs::read(path) {
        Ok(bytes) if bytes.len() as u64 == material.len() => {
            Ok(Some(bytes.into_iter().map(Code).collect()))
        }
        Ok(_) => Ok(None),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

fn write_codes(path: &Path, codes: &[Code]) -> std::io::Result<()> {
    let tmp = path.with_extension("tmp");
    let bytes: Vec<u8> = codes.iter().map(|c| c.0).collect();
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(tmp, path)
}

/// Wins, draws, losses among the material's positions, and the longest distance to
/// conversion of a win and of a loss.
fn stats(tables: &Tables, material: Material) -> String {
    let Some(codes) = tables.get(material) else {
        return String::new();
    };
    let (mut w, mut d, mut l, mut max_w, mut max_l) = (0u64, 0u64, 0u64, 0u8, 0u8);
    for i in 0..material.len() {
        if material.unindex(i).is_none() {
            continue;
        }
        let code = codes[i as usize];
        match code.wdl() {
            Wdl::Win => {
                w += 1;
                max_w = max_w.max(code.distance());
            }
            Wdl::Draw => d += 1,
            Wdl::Loss => {
                l += 1;
                max_l = max_l.max(code.distance());
            }
        }
    }
    format!("{w} won, {d} drawn, {l} lost; longest win {max_w} plies, longest loss {max_l}")
}

fn generate(dir: &Path, pieces: u8) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut tables = Tables::new();
    let started = Instant::now();
    for n in 2..=pieces {
        for material in Material::with_pieces(n) {
            if tables.get(material).is_some() {
                continue;
            }
            let mirror = material.swapped();
            let paths = [codes_path(dir, material), codes_path(dir, mirror)];
            if let (Some(a), Some(b)) = (
                read_codes(&paths[0], material)?,
                read_codes(&paths[1], mirror)?,
            ) {
                tables.insert(material, a);
                tables.insert(mirror, b);
                eprintln!("{}: read back", material.name());
                continue;
            }
            let t = Instant::now();
            let mut last = Instant::now();
            tables.generate(material, &mut |done, total| {
                if last.elapsed().as_secs() >= 30 {
                    eprintln!("  {}: {done} of {total} placements", material.name());
                    last = Instant::now();
                }
            });
            for (path, m) in paths.iter().zip([material, mirror]) {
                if let Some(codes) = tables.get(m) {
                    write_codes(path, codes)?;
                }
            }
            eprintln!(
                "{} ({} positions): {:.1} s; {}",
                material.name(),
                material.len(),
                t.elapsed().as_secs_f64(),
                stats(&tables, material)
            );
            if mirror != material {
                eprintln!("{}: {}", mirror.name(), stats(&tables, mirror));
            }
        }
        eprintln!(
            "up to {n} pieces done after {:.1} s",
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// Packs the solved materials of `dir` up to `pieces` pieces into one database file.
fn pack(dir: &Path, pieces: u8, out: &Path) -> std::io::Result<()> {
    let mut streams = Vec::new();
    let mut total = 0usize;
    for n in 2..=pieces {
        let mut size = 0usize;
        for material in Material::with_pieces(n) {
            let Some(codes) = read_codes(&codes_path(dir, material), material)? else {
                return Err(std::io::Error::other(format!(
                    "{} is not generated yet",
                    material.name()
                )));
            };
            let stream = database::stream(material, &codes);
            size += stream.len();
            streams.push((material, stream));
        }
        total += size;
        eprintln!("{n} pieces: {size} bytes");
    }
    let bytes = Database::write(pieces, &streams);
    std::fs::write(out, &bytes)?;
    eprintln!("{} bytes in all ({total} of results)", bytes.len());
    Ok(())
}

/// Packs the kings-only materials with `pieces` pieces into the distances file
/// (`assets/checkers/endgame-distances.bin`, `endgame::distances`): with up to four pieces
/// they take milliseconds to solve, with five seconds.
fn pack_distances(dir: &Path, pieces: u8, out: &Path) -> std::io::Result<()> {
    let mut streams = Vec::new();
    for material in Material::with_pieces(pieces) {
        if material.pawns() != 0 {
            continue;
        }
        let Some(codes) = read_codes(&codes_path(dir, material), material)? else {
            return Err(std::io::Error::other(format!(
                "{} is not generated yet",
                material.name()
            )));
        };
        let stream = distances::stream(material, &codes);
        eprintln!(
            "{}: {} positions, {} bytes",
            material.name(),
            material.len(),
            stream.len()
        );
        streams.push((material, stream));
    }
    let bytes = Distances::write(pieces, &streams);
    std::fs::write(out, &bytes)?;
    eprintln!("{} bytes in all", bytes.len());
    Ok(())
}

/// A position as `parlor solve checkers` reads it: rows from the top, then `X` (black to
/// move, as the database's positions are).
fn solve_line(pos: Normal) -> String {
    let mut rows = Vec::new();
    for y in (0..8u8).rev() {
        let row: String = (0..8u8)
            .map(|x| {
                let bit = if (x + y) % 2 == 0 {
                    1u32 << (y * 4 + x / 2)
                } else {
                    0
                };
                match (
                    pos.mover & bit != 0,
                    pos.other & bit != 0,
                    pos.kings & bit != 0,
                ) {
                    (true, _, false) => 'X',
                    (true, _, true) => 'B',
                    (_, true, false) => 'O',
                    (_, true, true) => 'W',
                    _ => '.',
                }
            })
            .collect();
        rows.push(row);
    }
    format!("{} X", rows.join("/"))
}

/// Prints the won position of `name` farthest from conversion.
fn longest(dir: &Path, name: &str) -> std::io::Result<()> {
    let Some(material) = (2..=6)
        .flat_map(Material::with_pieces)
        .find(|m| m.name() == name)
    else {
        return Err(std::io::Error::other(format!("no material {name}")));
    };
    let Some(codes) = read_codes(&codes_path(dir, material), material)? else {
        return Err(std::io::Error::other(format!(
            "{name} is not generated yet"
        )));
    };
    let best = (0..material.len())
        .filter(|&i| material.unindex(i).is_some() && codes[i as usize].wdl() == Wdl::Win)
        .max_by_key(|&i| codes[i as usize].distance());
    if let Some(i) = best
        && let Some(pos) = material.unindex(i)
    {
        println!(
            "{} (win {} plies from conversion)",
            solve_line(pos),
            codes[i as usize].distance()
        );
    }
    Ok(())
}

/// Times the shipped database: the first probe of each material (decoding it), then random
/// probes, then the first verdict in three kings against two (the shipped distances), then
/// the distance solves: three kings against two (what the game did before the distances
/// shipped) and the heaviest placement with a pawn (what it still does).
fn speed() {
    use parlor::games::checkers::endgame::play;
    let Some(db) = play::shipped() else {
        eprintln!("the shipped database does not read");
        return;
    };
    let materials: Vec<Material> = (2..=db.pieces()).flat_map(Material::with_pieces).collect();
    let t = Instant::now();
    for m in &materials {
        if let Some(pos) = (0..m.len()).find_map(|i| m.unindex(i)) {
            let _ = db.wdl(&pos.position());
        }
    }
    println!(
        "decoding all {} materials: {:.2} s",
        materials.len(),
        t.elapsed().as_secs_f64()
    );
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let positions: Vec<_> = (0..1_000_000)
        .filter_map(|_| {
            let m = materials[(next() % materials.len() as u64) as usize];
            m.unindex(next() % m.len()).map(Normal::position)
        })
        .collect();
    let t = Instant::now();
    let wins = positions
        .iter()
        .filter(|p| db.wdl(p) == Some(Wdl::Win))
        .count();
    let per = t.elapsed().as_secs_f64() * 1e9 / positions.len() as f64;
    println!(
        "{} random probes ({wins} won): {per:.0} ns a probe",
        positions.len()
    );
    let kings = Material {
        mover_kings: 3,
        mover_pawns: 0,
        other_kings: 2,
        other_pawns: 0,
    };
    // The first verdict in three kings against two: the shipped distances inflated.
    let won = (0..kings.len()).step_by(997).find_map(|i| {
        let pos = kings.unindex(i)?.position();
        (!pos.has_capture() && db.wdl(&pos) == Some(Wdl::Win)).then_some(pos)
    });
    if let Some(pos) = won {
        let t = Instant::now();
        let verdict = play::verdict(db, &pos);
        println!(
            "first verdict in {} (shipped distances inflated): {:.3} s ({verdict:?})",
            kings.name(),
            t.elapsed().as_secs_f64()
        );
        let t = Instant::now();
        let moves = play::best_move(db, &pos);
        println!(
            "then a best move there: {:.3} ms ({:?})",
            t.elapsed().as_secs_f64() * 1e3,
            moves.map(|(_, v)| v)
        );
    }
    // What the game paid for it before the distances shipped, and the heaviest placement it
    // still solves (a pawn with two kings against two kings).
    let pawned = Material {
        mover_kings: 2,
        mover_pawns: 1,
        other_kings: 2,
        other_pawns: 0,
    };
    for material in [kings, pawned] {
        let Some(block) = (0..material.pawn_blocks()).find_map(|n| material.pawn_block(n)) else {
            continue;
        };
        let t = Instant::now();
        let known = |p: &parlor::games::checkers::engine::Position| db.wdl(p).unwrap_or(Wdl::Draw);
        let solved = parlor::games::checkers::endgame::solve::solve(block, &known);
        let positions = solved.codes.len() + solved.mirror.as_ref().map_or(0, Vec::len);
        println!(
            "solving one placement of {} ({positions} positions with its mirror): {:.2} s",
            material.name(),
            t.elapsed().as_secs_f64()
        );
    }
}

fn usage() -> ExitCode {
    eprintln!(
        "usage: checkers_endgame generate DIR PIECES | pack DIR PIECES OUT | pack-distances DIR PIECES OUT | longest DIR MATERIAL | speed"
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["generate", dir, pieces] => {
            let Ok(pieces) = pieces.parse::<u8>() else {
                return usage();
            };
            if !(2..=6).contains(&pieces) {
                eprintln!("PIECES must be 2 to 6");
                return ExitCode::from(2);
            }
            match generate(Path::new(dir), pieces) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("checkers_endgame: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        ["pack", dir, pieces, out] => {
            let Ok(pieces) = pieces.parse::<u8>() else {
                return usage();
            };
            match pack(Path::new(dir), pieces, Path::new(out)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("checkers_endgame: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        ["pack-distances", dir, pieces, out] => {
            let Ok(pieces) = pieces.parse::<u8>() else {
                return usage();
            };
            match pack_distances(Path::new(dir), pieces, Path::new(out)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("checkers_endgame: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        ["longest", dir, name] => match longest(Path::new(dir), name) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("checkers_endgame: {e}");
                ExitCode::FAILURE
            }
        },
        ["speed"] => {
            speed();
            ExitCode::SUCCESS
        }
        _ => usage(),
    }
}
