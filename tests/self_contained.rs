//! A fresh clone must build, test and read its docs with nothing beside it: no file the
//! project ships points outside the repository (the shared folder beside it) or at a machine
//! path (the workplace's folders, a home folder). This test reads every text file under src/, tests/, benches/, examples/,
//! docs/ and the README, and names each line that does.

use std::path::{Path, PathBuf};

/// What a path out of the repository looks like. Built from pieces so this file does not
/// match itself.
fn patterns() -> Vec<String> {
    let up = "..";
    vec![
        format!("{up}/shared"),
        format!("{up}/{up}/shared"),
        ["/", "work", "/"].concat(),
        ["/", "home", "/"].concat(),
        ["/", "Users", "/"].concat(),
    ]
}

/// Files that still point outside and are being changed by their owners (the benches read
/// their reference data from `tests/data/reference/` once converted to criterion; the tmux
/// test finds its driver in the repository once it ships one). Each must still offend: when
/// one is fixed, the test fails until it leaves this list, so the list only shrinks.
const PENDING: &[&str] = &[
    "benches/pentago_solver.rs",
    "benches/reversi_engine.rs",
    "tests/tmux_smoke.rs",
];

fn files(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, found);
        } else {
            found.push(path);
        }
    }
}

#[test]
fn nothing_points_outside_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = vec![root.join("README.md")];
    for dir in ["src", "tests", "benches", "examples", "docs"] {
        files(&root.join(dir), &mut all);
    }
    let patterns = patterns();
    let mut offending = Vec::new();
    let mut offenders = Vec::new();
    for path in &all {
        // Binary files (snapshots are text; data files may not be) are not read as paths.
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let name = path
            .strip_prefix(root)
            .unwrap_or(path)
            .to_string_lossy()
            .replace('\\', "/");
        let mut offends = false;
        for (number, line) in text.lines().enumerate() {
            if patterns.iter().any(|p| line.contains(p.as_str())) {
                offends = true;
                if !PENDING.contains(&name.as_str()) {
                    offending.push(format!("{name}:{}: {}", number + 1, line.trim()));
                }
            }
        }
        if offends {
            offenders.push(name);
        }
    }
    assert!(
        offending.is_empty(),
        "these lines point outside the repository:\n{}",
        offending.join("\n")
    );
    let fixed: Vec<&&str> = PENDING
        .iter()
        .filter(|p| !offenders.iter().any(|o| o == *p))
        .collect();
    assert!(
        fixed.is_empty(),
        "no longer pointing outside: take them off PENDING: {fixed:?}"
    );
}
