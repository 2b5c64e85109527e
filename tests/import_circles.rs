//! The house has floors: no two files of `src/` import each other, directly or around a
//! circle, and no two rooms (a game's folder, `game_screen/`, `core/`, a top-level file…) do
//! either, so every import runs down. This reads the code the way a newcomer does: each
//! `use` and each `crate::…`/`super::…` path, followed through re-exports (`pub use`) to the
//! file that defines the name, and fails naming every circle with the names that tie it.
//!
//! Test modules (`mod tests`, `tests.rs`) are left out: a test may use what it tests from
//! anywhere. `docs/ARCHITECTURE.md` describes the floors this keeps.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// A module path from the crate root (`["games", "slide", "params"]`).
type ModPath = Vec<String>;

/// One source file: its module path and its code with comments, strings and test modules
/// blanked out.
struct Source {
    file: String,
    module: ModPath,
    code: String,
    /// Its `use` trees, expanded (see [`use_paths`]).
    uses: Vec<(bool, Vec<String>, String)>,
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The module a file under `src/` holds (`lib.rs` the root, `x/mod.rs` and `x.rs` both `x`).
fn module_of(relative: &Path) -> ModPath {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if let Some(last) = parts.last_mut() {
        *last = last.trim_end_matches(".rs").to_owned();
    }
    if parts.last().is_some_and(|l| l == "mod" || l == "lib") {
        parts.pop();
    }
    parts
}

/// `text` with comments, string and character literals replaced by spaces (their length
/// kept), so neither a doc comment's path nor a message's words count as imports.
fn blank_comments_and_strings(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(if chars[i] == '\n' { '\n' } else { ' ' });
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('#') || next == Some('"')) && !ident_before(&chars, i) {
            // A raw string: r"…" or r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            let end = loop {
                match chars.get(j) {
                    None => break chars.len(),
                    Some('"') if (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) => {
                        break j + 1 + hashes;
                    }
                    _ => j += 1,
                }
            };
            for &ch in &chars[i..end] {
                out.push(if ch == '\n' { '\n' } else { ' ' });
            }
            i = end;
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                let skip = if chars[i] == '\\' { 2 } else { 1 };
                for _ in 0..skip {
                    if let Some(&ch) = chars.get(i) {
                        out.push(if ch == '\n' { '\n' } else { ' ' });
                    }
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' && char_literal_len(&chars, i).is_some() {
            let len = char_literal_len(&chars, i).unwrap_or(1);
            out.push_str(&" ".repeat(len));
            i += len;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// The length of a character literal starting at `i` (`'x'`, `'\n'`, `'\u{1F600}'`), or
/// `None` for a lifetime.
fn char_literal_len(chars: &[char], i: usize) -> Option<usize> {
    if chars.get(i + 1) == Some(&'\\') {
        (i + 2..chars.len().min(i + 12))
            .find(|&j| chars[j] == '\'')
            .map(|j| j - i + 1)
    } else {
        (chars.get(i + 2) == Some(&'\'')).then_some(3)
    }
}

/// `code` without its `#[cfg(test)] mod tests { … }` blocks.
fn without_test_modules(code: &str) -> String {
    let mut out = code.to_owned();
    while let Some(start) = find_test_module(&out) {
        let Some(open) = out[start..].find('{').map(|o| start + o) else {
            break;
        };
        let mut depth = 0;
        let mut end = out.len();
        for (k, ch) in out[open..].char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.replace_range(start..end, "");
    }
    out
}

fn find_test_module(code: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = code[from..].find("#[cfg(test)]").map(|a| from + a) {
        let rest = code[at + "#[cfg(test)]".len()..].trim_start();
        let rest = rest.strip_prefix("pub(crate) ").unwrap_or(rest);
        if rest.starts_with("mod ") && rest.split('{').next().is_some_and(|h| !h.contains(';')) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// Every `use` tree of `code`, expanded: (is it `pub`, the path, the name it binds).
fn use_paths(code: &str) -> Vec<(bool, Vec<String>, String)> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let mut from = 0;
    while let Some(at) = code[from..].find("use ").map(|a| from + a) {
        from = at + 4;
        if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
            continue;
        }
        let Some(end) = code[at..].find(';').map(|e| at + e) else {
            break;
        };
        let line_start = code[..at].rfind(['\n', ';', '}', '{']).map_or(0, |p| p + 1);
        let before = code[line_start..at].trim();
        if !(before.is_empty() || before.starts_with("pub") || before.starts_with("#[")) {
            continue;
        }
        let public = before.contains("pub");
        let tree: String = code[at + 4..end]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        expand(&tree, &[], &mut |path, name| {
            found.push((public, path, name));
        });
        from = end;
    }
    found
}

/// Expands a use tree (`a::{b, c::{d as e}, self}`) under `prefix`.
fn expand(tree: &str, prefix: &[String], out: &mut dyn FnMut(Vec<String>, String)) {
    let tree = tree.trim();
    if let Some(brace) = tree.find('{') {
        let head: Vec<String> = tree[..brace]
            .split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect();
        let inner = &tree[brace + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut full = prefix.to_vec();
        full.extend(head);
        for item in split_top_level(inner) {
            expand(item, &full, out);
        }
        return;
    }
    let (path, alias) = match tree.split_once(" as ") {
        Some((p, a)) => (p.trim(), Some(a.trim().to_owned())),
        None => (tree, None),
    };
    let mut full = prefix.to_vec();
    full.extend(
        path.split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned),
    );
    if full.last().is_some_and(|l| l == "self") {
        full.pop();
    }
    if full.last().is_some_and(|l| l == "*") {
        full.pop();
        out(full, "*".into());
        return;
    }
    let name = alias.unwrap_or_else(|| full.last().cloned().unwrap_or_default());
    out(full, name);
}

fn split_top_level(inner: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, ch) in inner.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts.into_iter().filter(|p| !p.trim().is_empty()).collect()
}

/// The `crate::…`, `super::…` and `self::…` paths written in code outside `use`.
fn inline_paths(code: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let starts_of: Vec<Vec<char>> = ["crate::", "super::", "self::"]
        .iter()
        .map(|p| p.chars().collect())
        .collect();
    let mut i = 0;
    while i < chars.len() {
        let starts = starts_of.iter().any(|p| chars[i..].starts_with(p));
        if starts && !ident_before(&chars, i) && (i == 0 || chars[i - 1] != ':') {
            let mut j = i;
            while j < chars.len()
                && (chars[j].is_alphanumeric() || chars[j] == '_' || chars[j] == ':')
            {
                j += 1;
            }
            let path: String = chars[i..j].iter().collect();
            // `crate::core::{…}`: a use tree, read whole by `use_paths`.
            if path.ends_with("::") {
                i = j;
                continue;
            }
            found.push(
                path.split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect(),
            );
            i = j;
        } else {
            i += 1;
        }
    }
    found
}

/// The house as read: each module's file and source.
struct House {
    sources: Vec<Source>,
    by_module: BTreeMap<ModPath, usize>,
}

impl House {
    fn read(root: &Path) -> Self {
        let src = root.join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        files.sort();
        let mut sources = Vec::new();
        for path in files {
            let relative = path.strip_prefix(&src).expect("under src");
            let name = relative.to_string_lossy().into_owned();
            if name == "main.rs" || path.file_name().is_some_and(|f| f == "tests.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a source file reads");
            let code = without_test_modules(&blank_comments_and_strings(&text));
            sources.push(Source {
                file: format!("src/{name}"),
                module: module_of(relative),
                uses: use_paths(&code),
                code,
            });
        }
        let by_module = sources
            .iter()
            .enumerate()
            .map(|(i, s)| (s.module.clone(), i))
            .collect();
        Self { sources, by_module }
    }

    /// A path as written in `from` made absolute from the crate root, if it is the crate's.
    fn absolute(&self, from: &Source, path: &[String]) -> Option<ModPath> {
        let mut base = from.module.clone();
        let mut rest = path;
        match rest.first().map(String::as_str) {
            Some("crate") => {
                base.clear();
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            Some("super") => {
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop()?;
                    rest = &rest[1..];
                }
            }
            Some(first) => {
                // A child module of this file (`pub use game::Game;` in a mod.rs).
                let mut child = base.clone();
                child.push(first.to_owned());
                if !self.by_module.contains_key(&child) {
                    return None;
                }
            }
            None => return None,
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The file that defines what an absolute path names, followed through re-exports.
    fn target(&self, path: &[String], depth: usize) -> Option<usize> {
        let split = (0..=path.len())
            .rev()
            .find(|&k| self.by_module.contains_key(&path[..k]))?;
        let file = self.by_module[&path[..split]];
        let Some(name) = path.get(split) else {
            return Some(file);
        };
        if depth > 8 || defines(&self.sources[file].code, name) {
            return Some(file);
        }
        let source = &self.sources[file];
        for (public, used, bound) in &source.uses {
            if *public && (bound == name || bound == "*") {
                let mut full = used.clone();
                if bound == "*" {
                    full.push(name.clone());
                }
                if let Some(abs) = self.absolute(source, &full)
                    && let Some(found) = self.target(&abs, depth + 1)
                {
                    return Some(found);
                }
            }
        }
        Some(file)
    }

    /// Every import between two files: (from, to) → the names that tie them.
    fn imports(&self) -> BTreeMap<(usize, usize), BTreeSet<String>> {
        let mut edges: BTreeMap<(usize, usize), BTreeSet<String>> = BTreeMap::new();
        for (i, source) in self.sources.iter().enumerate() {
            let mut paths: Vec<Vec<String>> =
                source.uses.iter().map(|(_, p, _)| p.clone()).collect();
            paths.extend(inline_paths(&source.code));
            for path in paths {
                let Some(abs) = self.absolute(source, &path) else {
                    continue;
                };
                // A module's own file is its face: its parts (`super::App` in app/effects.rs)
                // may use what it holds, as an `impl` split over files does.
                let parent = &source.module[..source.module.len().saturating_sub(1)];
                if let Some(to) = self.target(&abs, 0)
                    && to != i
                    && self.sources[to].module != parent
                {
                    let name = abs.last().cloned().unwrap_or_default();
                    edges.entry((i, to)).or_default().insert(name);
                }
            }
        }
        edges
    }

    /// The room a file stands in: a game's folder, a top-level folder (with its `x.rs`), or
    /// the file itself.
    fn room(&self, file: usize) -> String {
        let module = &self.sources[file].module;
        let depth = if module.first().is_some_and(|m| m == "games") {
            2
        } else {
            1
        };
        if module.len() > depth {
            return module[..depth].join("/") + "/";
        }
        let has_folder = self
            .by_module
            .keys()
            .any(|m| m.len() > module.len() && m.starts_with(module));
        if has_folder && !module.is_empty() {
            module.join("/") + "/"
        } else {
            self.sources[file].file.clone()
        }
    }
}

/// Whether `code` defines `name` itself (an item, not a re-export).
fn defines(code: &str, name: &str) -> bool {
    [
        "fn", "struct", "enum", "trait", "type", "const", "static", "union", "mod",
    ]
    .iter()
    .any(|kw| {
        let needle = format!("{kw} {name}");
        code.match_indices(&needle).any(|(at, _)| {
            let after = code[at + needle.len()..].chars().next();
            let before = code[..at].chars().next_back();
            !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
                && !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
    }) || code.contains(&format!("macro_rules! {name}"))
}

/// The strongly connected groups of more than one node (Tarjan's algorithm).
fn circles(nodes: usize, edges: &BTreeSet<(usize, usize)>) -> Vec<Vec<usize>> {
    struct State<'a> {
        next: Vec<Vec<usize>>,
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        counter: usize,
        found: &'a mut Vec<Vec<usize>>,
    }
    fn visit(s: &mut State<'_>, v: usize) {
        s.index[v] = Some(s.counter);
        s.low[v] = s.counter;
        s.counter += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        for w in s.next[v].clone() {
            match s.index[w] {
                None => {
                    visit(s, w);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(iw) if s.on_stack[w] => s.low[v] = s.low[v].min(iw),
                Some(_) => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut group = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack[w] = false;
                group.push(w);
                if w == v {
                    break;
                }
            }
            if group.len() > 1 {
                group.sort_unstable();
                s.found.push(group);
            }
        }
    }
    let mut next = vec![Vec::new(); nodes];
    for &(a, b) in edges {
        next[a].push(b);
    }
    let mut found = Vec::new();
    let mut state = State {
        next,
        index: vec![None; nodes],
        low: vec![0; nodes],
        on_stack: vec![false; nodes],
        stack: Vec::new(),
        counter: 0,
        found: &mut found,
    };
    for v in 0..nodes {
        if state.index[v].is_none() {
            visit(&mut state, v);
        }
    }
    found
}

fn house() -> House {
    House::read(Path::new(env!("CARGO_MANIFEST_DIR")))
}

/// Every circle of the import graph with files mapped to `nodes` nodes by `node_of` (each
/// file its own node, or its room), each with the file-to-file imports that tie it.
fn circles_report(house: &House, node_of: &dyn Fn(usize) -> usize, nodes: usize) -> String {
    let imports = house.imports();
    let edges: BTreeSet<(usize, usize)> = imports
        .keys()
        .map(|&(a, b)| (node_of(a), node_of(b)))
        .filter(|(a, b)| a != b)
        .collect();
    let mut report = String::new();
    for group in circles(nodes, &edges) {
        report.push_str("circle:\n");
        for (&(a, b), names) in &imports {
            let (na, nb) = (node_of(a), node_of(b));
            if na != nb && group.contains(&na) && group.contains(&nb) {
                let names: Vec<&str> = names.iter().map(String::as_str).collect();
                let _ = writeln!(
                    report,
                    "  {} -> {}: {}",
                    house.sources[a].file,
                    house.sources[b].file,
                    names.join(", ")
                );
            }
        }
    }
    report
}

#[test]
fn no_two_files_import_each_other_around_a_circle() {
    let house = house();
    let report = circles_report(&house, &|file| file, house.sources.len());
    assert!(report.is_empty(), "files that import each other:\n{report}");
}

#[test]
fn no_two_rooms_import_each_other_so_every_import_runs_down() {
    let house = house();
    let rooms: Vec<String> = (0..house.sources.len()).map(|f| house.room(f)).collect();
    let names: Vec<String> = rooms
        .iter()
        .cloned()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let room_of = |file: usize| names.binary_search(&rooms[file]).expect("a room");
    let report = circles_report(&house, &room_of, names.len());
    assert!(report.is_empty(), "rooms that import each other:\n{report}");
}

/// The reader sees what it must: a `use` through a re-export lands on the defining file, a
/// path in a doc comment or a string is no import, and a circle is found.
#[test]
fn the_reader_follows_re_exports_and_finds_a_planted_circle() {
    let house = house();
    let imports = house.imports();
    let file = |name: &str| {
        house
            .sources
            .iter()
            .position(|s| s.file == name)
            .unwrap_or_else(|| panic!("{name} is read"))
    };
    // `use crate::core::{…, Game, …}` in a game's game.rs goes through core/mod.rs's
    // `pub use game::{…}` to core/game.rs.
    let slide_game = file("src/games/slide/game.rs");
    assert!(imports.contains_key(&(slide_game, file("src/core/game.rs"))));
    assert!(!imports.contains_key(&(slide_game, file("src/core/mod.rs"))));
    // A doc comment naming a path is not an import.
    let code = blank_comments_and_strings("/// see crate::app::App\nlet s = \"crate::cli\";\n");
    assert!(inline_paths(&code).is_empty());
    // Use trees expand with aliases and `self`.
    let mut seen = Vec::new();
    expand(
        "crate::core::{self, Game as G, record::{format::X}}",
        &[],
        &mut |p, n| {
            seen.push((p.join("::"), n));
        },
    );
    assert_eq!(
        seen,
        [
            ("crate::core".to_owned(), "core".to_owned()),
            ("crate::core::Game".to_owned(), "G".to_owned()),
            ("crate::core::record::format::X".to_owned(), "X".to_owned()),
        ]
    );
    let planted: BTreeSet<(usize, usize)> = [(0, 1), (1, 2), (2, 0), (2, 3)].into();
    assert_eq!(circles(4, &planted), vec![vec![0, 1, 2]]);
}
