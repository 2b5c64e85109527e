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
        for (number, line) in text.lines().enumerate() {
            if patterns.iter().any(|p| line.contains(p.as_str())) {
                offending.push(format!("{name}:{}: {}", number + 1, line.trim()));
            }
        }
    }
    assert!(
        offending.is_empty(),
        "these lines point outside the repository:\n{}",
        offending.join("\n")
    );
}
