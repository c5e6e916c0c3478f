//! The layers hold, in every crate (kernel, gpu, app): no import cycle
//! between files, nor between top-level modules (a game's folder counted as
//! one), outside tests; no `use super::*` outside tests; no source file over
//! 800 lines and no function over 150. In the app, the shared widgets are a
//! leaf, nothing under `ui/` reaches into the shell (`ui.rs`), and no game's
//! window imports another game's.
//!
//! A file depends on another when it names a path into it (`crate::a::b`,
//! `super::x`, a child module's `x::y`, in a `use` or inline); the path is
//! resolved to the deepest module that is a file (never the crate root,
//! which only declares and re-exports). Declaring a child module
//! (`mod x;`) is not a dependency. Test files (`tests.rs`, `tests_*.rs`,
//! `*_tests.rs`, and a test module's own files under a `tests/` folder)
//! and `#[cfg(test)]` modules are left out: tests may use anything.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path inside a crate (`[]` is the crate root).
type Module = Vec<String>;

/// Every `.rs` file under `root` by its module path.
fn modules(root: &Path) -> BTreeMap<Module, PathBuf> {
    let mut out = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                // A binary beside a library is a crate of its own.
                if path == root.join("main.rs") && root.join("lib.rs").exists() {
                    continue;
                }
                let rel = path.strip_prefix(root).unwrap().with_extension("");
                let mut parts: Module = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
                if parts == ["lib"] || parts == ["main"] || parts.last().is_some_and(|l| l == "mod") {
                    parts.pop();
                    if parts == ["lib"] || parts == ["main"] {
                        parts.clear();
                    }
                }
                out.insert(parts, path);
            }
        }
    }
    out
}

/// Whether a file holds tests only: a test file by its name, or one of a
/// test module's own files (under a `tests/` folder beside `tests.rs`).
fn is_test_file(path: &Path) -> bool {
    let test_name = |name: &str| name == "tests" || name.starts_with("tests_") || name.ends_with("_tests");
    let stem = path.file_stem().unwrap().to_string_lossy();
    test_name(&stem) || path.parent().into_iter().flat_map(Path::components).any(|c| c.as_os_str() == "tests")
}

/// The code with comments, strings and character literals blanked out, so
/// that neither a path in a doc comment nor a brace in a string counts.
fn code_only(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let rest = &b[i..];
        if rest.starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if rest.starts_with(b"/*") {
            let mut depth = 0;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if b[i] == b'r' && (rest.starts_with(b"r\"") || rest.starts_with(b"r#")) && !ident_before(b, i) {
            // A raw string: r"..." or r#"..."#.
            let hashes = rest[1..].iter().take_while(|&&c| c == b'#').count();
            if rest.get(1 + hashes) != Some(&b'"') {
                out.push('r');
                i += 1;
                continue;
            }
            let close: Vec<u8> = std::iter::once(b'"').chain(std::iter::repeat_n(b'#', hashes)).collect();
            i += 2 + hashes;
            while i < b.len() && !b[i..].starts_with(&close) {
                i += 1;
            }
            i += close.len();
            out.push_str("\"\"");
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if b[i] == b'\'' {
            // A character literal ('x', '\n', '\u{..}') or a lifetime ('a).
            let end = if rest.get(1) == Some(&b'\\') {
                rest.iter().skip(2).position(|&c| c == b'\'').map(|p| p + 3)
            } else {
                let ch = src[i + 1..].chars().next().map_or(1, char::len_utf8);
                (rest.get(1 + ch) == Some(&b'\'')).then_some(2 + ch)
            };
            match end {
                Some(n) => {
                    out.push_str("' '");
                    i += n;
                }
                None => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            let ch = src[i..].chars().next().unwrap();
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

fn ident_before(b: &[u8], i: usize) -> bool {
    i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')
}

/// The code less its `#[cfg(test)]` modules.
fn without_test_modules(code: &str) -> String {
    let mut out = code.to_string();
    while let Some(at) = find_test_module(&out) {
        let open = at + out[at..].find('{').unwrap();
        let end = (closing_brace(&out, open) + 1).min(out.len());
        out.replace_range(at..end, "");
    }
    out
}

/// Where the brace opened at `open` closes (the end of the code if never).
fn closing_brace(code: &str, open: usize) -> usize {
    let mut depth = 0;
    for (k, c) in code[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return open + k;
                }
            }
            _ => {}
        }
    }
    code.len()
}

/// Where a `#[cfg(test)] mod name {` starts.
fn find_test_module(code: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(k) = code[from..].find("#[cfg(test)]") {
        let at = from + k;
        let words: Vec<&str> = code[at + 12..].split_whitespace().take(4).collect();
        let module = match words.as_slice() {
            ["mod", _, brace, ..] => brace.starts_with('{'),
            [vis, "mod", rest @ ..] if vis.starts_with("pub") => {
                rest.first().is_some_and(|n| n.ends_with('{')) || rest.get(1).is_some_and(|b| b.starts_with('{'))
            }
            ["mod", name, ..] => name.ends_with('{'),
            _ => false,
        };
        if module {
            return Some(at);
        }
        from = at + 12;
    }
    None
}

/// Every path of two or more segments in the code, `use` groups expanded
/// (`use a::{b, c::{d}}` gives `a::b` and `a::c::d`).
fn paths(code: &str) -> Vec<Vec<String>> {
    let tokens = tokenize(code);
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i] == "use" {
            let end = tokens[i..].iter().position(|t| t == ";").map_or(tokens.len(), |p| i + p);
            use_tree(&tokens[i + 1..end], &[], &mut out);
            i = end;
            continue;
        }
        if is_ident(&tokens[i]) {
            let mut path = vec![tokens[i].clone()];
            let mut j = i + 1;
            while j + 1 < tokens.len() && tokens[j] == "::" && is_ident(&tokens[j + 1]) {
                path.push(tokens[j + 1].clone());
                j += 2;
            }
            if path.len() > 1 {
                out.push(path);
            }
            i = j;
            continue;
        }
        i += 1;
    }
    out
}

/// Expands one `use` tree after `prefix` into `out`.
fn use_tree(tokens: &[String], prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        if t == "{" {
            // Split the group's items at top-level commas.
            let mut depth = 0;
            let mut start = i + 1;
            for k in i..tokens.len() {
                match tokens[k].as_str() {
                    "{" => depth += 1,
                    "}" => {
                        depth -= 1;
                        if depth == 0 {
                            use_tree(&tokens[start..k], &path, out);
                            return;
                        }
                    }
                    "," if depth == 1 => {
                        use_tree(&tokens[start..k], &path, out);
                        start = k + 1;
                    }
                    _ => {}
                }
            }
            return;
        } else if is_ident(t) {
            path.push(t.clone());
        } else if t == "as" {
            break;
        }
        i += 1;
    }
    if !path.is_empty() {
        out.push(path);
    }
}

fn is_ident(t: &str) -> bool {
    t.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_') && t != "as"
}

fn tokenize(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = code.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c.is_alphanumeric() || c == '_' {
            let mut end = i + c.len_utf8();
            while let Some(&(k, d)) = chars.peek() {
                if d.is_alphanumeric() || d == '_' {
                    end = k + d.len_utf8();
                    chars.next();
                } else {
                    break;
                }
            }
            out.push(code[i..end].to_string());
        } else if c == ':' && chars.peek().is_some_and(|&(_, d)| d == ':') {
            chars.next();
            out.push("::".into());
        } else if !c.is_whitespace() {
            out.push(c.to_string());
        }
    }
    out
}

/// The deepest module that is a file which `path`, written in `from`, names.
fn resolve(files: &BTreeMap<Module, PathBuf>, from: &Module, path: &[String]) -> Option<Module> {
    let (mut base, rest): (Module, &[String]) = match path[0].as_str() {
        "crate" => (Vec::new(), &path[1..]),
        "super" | "self" => {
            let mut base = from.clone();
            let mut k = 0;
            while k < path.len() && (path[k] == "super" || path[k] == "self") {
                if path[k] == "super" {
                    base.pop();
                }
                k += 1;
            }
            (base, &path[k..])
        }
        first => {
            let mut child = from.clone();
            child.push(first.to_string());
            if !files.contains_key(&child) {
                return None;
            }
            (from.clone(), path)
        }
    };
    // The crate root only declares modules and re-exports: a path that
    // ends there (`crate::Session`) names the module it re-exports from,
    // which the root's own `pub use` already counts.
    let mut best = (files.contains_key(&base) && !base.is_empty()).then(|| base.clone());
    for seg in rest {
        base.push(seg.clone());
        if files.contains_key(&base) {
            best = Some(base.clone());
        } else {
            break;
        }
    }
    best
}

/// Each file's dependencies on other files of the crate at `root`.
fn graph(root: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let files = modules(root);
    let mut out = BTreeMap::new();
    for (module, path) in &files {
        let mut deps = BTreeSet::new();
        if !is_test_file(path) {
            let code = without_test_modules(&code_only(&std::fs::read_to_string(path).unwrap()));
            for p in paths(&code) {
                if let Some(to) = resolve(&files, module, &p) {
                    if &to != module {
                        deps.insert(to);
                    }
                }
            }
        }
        out.insert(module.clone(), deps);
    }
    out
}

/// The graph with every file counted as its top-level module.
fn collapsed(graph: &BTreeMap<Module, BTreeSet<Module>>) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut out: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (from, deps) in graph {
        let top: Module = from.iter().take(1).cloned().collect();
        let entry = out.entry(top.clone()).or_default();
        for d in deps {
            let to: Module = d.iter().take(1).cloned().collect();
            if to != top && !to.is_empty() && !top.is_empty() {
                entry.insert(to);
            }
        }
    }
    out
}

fn show(c: &[Module]) -> String {
    c.iter().map(|m| if m.is_empty() { "crate".to_string() } else { m.join("::") }).collect::<Vec<_>>().join(" -> ")
}

/// The source folder of a workspace crate.
fn src(krate: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(krate).join("src")
}

/// A path from the workspace's root, the same on every machine.
fn relative(path: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    path.strip_prefix(root).unwrap_or(path).display().to_string()
}

/// The crates whose layers are held, by folder.
const CRATES: [&str; 3] = ["kernel", "gpu", "app"];

fn m(s: &str) -> Module {
    s.split("::").filter(|p| !p.is_empty()).map(String::from).collect()
}

/// Every non-test `.rs` file of the crate at `root`, with its code (comments,
/// strings and `#[cfg(test)]` modules left out) and its raw text.
fn sources(root: &Path) -> Vec<(Module, PathBuf, String, String)> {
    modules(root)
        .into_iter()
        .filter(|(_, path)| !is_test_file(path))
        .map(|(module, path)| {
            let raw = std::fs::read_to_string(&path).unwrap();
            let code = without_test_modules(&code_only(&raw));
            (module, path, code, raw)
        })
        .collect()
}

/// Every group of modules that import each other round (a strongly
/// connected component of more than one module), each sorted, one a line.
fn all_cycles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<String> {
    // Kosaraju: finishing order on the graph, then components on its reverse.
    fn order(n: &Module, g: &BTreeMap<Module, BTreeSet<Module>>, seen: &mut BTreeSet<Module>, out: &mut Vec<Module>) {
        if !seen.insert(n.clone()) {
            return;
        }
        for d in g.get(n).into_iter().flatten() {
            order(d, g, seen, out);
        }
        out.push(n.clone());
    }
    let mut seen = BTreeSet::new();
    let mut finished = Vec::new();
    for n in graph.keys() {
        order(n, graph, &mut seen, &mut finished);
    }
    let mut reverse: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (from, deps) in graph {
        for d in deps {
            reverse.entry(d.clone()).or_default().insert(from.clone());
        }
    }
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for n in finished.iter().rev() {
        let mut group = Vec::new();
        order(n, &reverse, &mut seen, &mut group);
        if group.len() > 1 {
            group.sort();
            out.push(show(&group).replace(" -> ", " <-> "));
        }
    }
    out.sort();
    out
}

/// Breaches that were there when a check was written, each to be removed
/// from here when it is mended: a check fails on any breach not listed, and
/// on a listed one that is gone (so this list only shrinks).
const KNOWN: &[&str] = &[];

/// `found` less the known breaches, and the known ones of `kind` not found.
fn unknown(kind: &str, found: &[String]) -> Vec<String> {
    let prefix = format!("{kind}: ");
    let mut out: Vec<String> =
        found.iter().filter(|f| !KNOWN.contains(&format!("{prefix}{f}").as_str())).cloned().collect();
    for k in KNOWN.iter().filter_map(|k| k.strip_prefix(&prefix)) {
        if !found.iter().any(|f| f == k) {
            out.push(format!("mended, take it off KNOWN: {prefix}{k}"));
        }
    }
    out
}

#[test]
fn no_cycle_between_the_files_of_any_crate() {
    for krate in CRATES {
        let g = graph(&src(krate));
        assert!(g.len() > 10, "the files of {krate} were not found: {}", g.len());
        let cycles = unknown(&format!("{krate} files"), &all_cycles(&g));
        assert!(cycles.is_empty(), "import cycles between {krate}'s files:\n{}", cycles.join("\n"));
    }
}

#[test]
fn no_cycle_between_the_top_level_modules_of_any_crate() {
    for krate in CRATES {
        let cycles = unknown(&format!("{krate} modules"), &all_cycles(&collapsed(&graph(&src(krate)))));
        assert!(cycles.is_empty(), "import cycles between {krate}'s top-level modules:\n{}", cycles.join("\n"));
    }
}

#[test]
fn the_games_rules_do_not_use_their_tools() {
    // Rules never use tools: the scene search, bots, routes and solvers are
    // reached only from above.
    let g = graph(&src("kernel"));
    let tools = [
        "explodo::scene",
        "explodo::bot",
        "explodo::route",
        "life::solve",
        "miau::solver",
        "miau::compact",
        "miau::key",
    ];
    for (from, deps) in &g {
        let from_tool = tools.iter().any(|t| from.starts_with(&m(t)));
        for t in tools {
            let tool = m(t);
            // The face (`explodo.rs`) declares its tools; it must not use them.
            let rules = from.first() == tool.first() && !from_tool;
            if rules && deps.iter().any(|d| d.starts_with(&tool)) {
                panic!("{} (rules) uses the tool {t}", from.join("::"));
            }
        }
    }
}

/// The app's window rules, as breaches (empty: they hold).
fn window_breaches(g: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<String> {
    let games = ["life", "mines", "miau", "explodo"];
    // What a widget may use under `ui/`: other widgets, the window's words, emoji.
    let leaf_may = [m("ui::widgets"), m("ui::text"), m("ui::emoji")];
    let game_of = |x: &Module| -> Option<String> {
        (x.len() >= 2 && x[0] == "ui" && games.contains(&x[1].as_str())).then(|| x[1].clone())
    };
    let mut out = Vec::new();
    for (from, deps) in g {
        for d in deps {
            let name = |rule: &str| format!("{} uses {}: {rule}", from.join("::"), d.join("::"));
            let under_ui = from.len() >= 2 && from[0] == "ui";
            if under_ui && d == &m("ui") {
                out.push(name("nothing under ui/ imports the shell's internals"));
            }
            if from.starts_with(&m("ui::widgets"))
                && d.first().is_some_and(|f| f == "ui")
                && !leaf_may.iter().any(|l| d.starts_with(l))
            {
                out.push(name("the widgets are a leaf"));
            }
            if let (Some(a), Some(b)) = (game_of(from), game_of(d)) {
                if a != b {
                    out.push(name("no game's window imports another game's"));
                }
            }
        }
    }
    out
}

#[test]
fn the_windows_widgets_are_a_leaf_and_the_games_stay_apart() {
    let g = graph(&src("app"));
    assert!(g.contains_key(&m("ui::widgets")), "app/src/ui/widgets.rs holds the shared widgets");
    let breaches = unknown("window", &window_breaches(&g));
    assert!(breaches.is_empty(), "{}", breaches.join("\n"));
}

/// Where a file globs its parent (`use super::*`) outside tests, as `line`s.
fn parent_globs(code: &str) -> Vec<usize> {
    let mut out = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let t: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        let t = t.strip_prefix("pub").unwrap_or(&t);
        if let Some(rest) = t.strip_prefix("usesuper::") {
            if rest.trim_start_matches("super::").starts_with('*') {
                out.push(n + 1);
            }
        }
    }
    out
}

#[test]
fn no_file_globs_its_parent_outside_tests() {
    let mut found = Vec::new();
    for krate in CRATES {
        for (_, path, code, _) in sources(&src(krate)) {
            if !parent_globs(&code).is_empty() {
                found.push(relative(&path));
            }
        }
    }
    let found = unknown("glob", &found);
    assert!(found.is_empty(), "`use super::*` outside tests (name what is used):\n{}", found.join("\n"));
}

/// The longest file allowed, in lines, tests aside.
const MAX_FILE_LINES: usize = 800;
/// The longest function allowed, in lines (its doc comment aside).
const MAX_FN_LINES: usize = 150;

/// The lines of the raw file less those of its `#[cfg(test)]` modules.
fn file_lines(raw: &str) -> usize {
    let code = code_only(raw);
    let kept = without_test_modules(&code);
    raw.lines().count() - (code.lines().count() - kept.lines().count())
}

/// Each function's name and length in lines of code.
fn functions(code: &str) -> Vec<(String, usize)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(k) = code[from..].find("fn ") {
        let at = from + k;
        from = at + 3;
        if ident_before(b, at) {
            continue;
        }
        let name: String = code[at + 3..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if name.is_empty() {
            continue;
        }
        // The body opens at the first `{` outside brackets; a `;` first is a declaration.
        let mut depth = 0i32;
        let mut open = None;
        for (i, c) in code[at..].char_indices() {
            match c {
                '(' | '[' | '<' => depth += 1,
                ')' | ']' => depth -= 1,
                '>' if !code[..at + i].ends_with('-') && !code[..at + i].ends_with('=') => depth -= 1,
                '{' if depth <= 0 => {
                    open = Some(at + i);
                    break;
                }
                ';' if depth <= 0 => break,
                _ => {}
            }
        }
        let Some(open) = open else { continue };
        let close = closing_brace(code, open);
        let lines = code[at..=close.min(code.len() - 1)].lines().count();
        out.push((name, lines));
    }
    out
}

#[test]
fn no_file_over_800_lines_and_no_function_over_150() {
    let mut found = Vec::new();
    for krate in CRATES {
        for (_, path, code, raw) in sources(&src(krate)) {
            let n = file_lines(&raw);
            if n > MAX_FILE_LINES {
                found.push(format!("{}: over {MAX_FILE_LINES} lines", relative(&path)));
            }
            for (name, n) in functions(&code) {
                if n > MAX_FN_LINES {
                    found.push(format!("{}: fn {name}", relative(&path)));
                }
            }
        }
    }
    let found = unknown("size", &found);
    assert!(found.is_empty(), "past {MAX_FILE_LINES} lines a file or {MAX_FN_LINES} a function:\n{}", found.join("\n"));
}

/// Copies a folder (a crate's sources, to plant a breach in).
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let dest = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &dest);
        } else {
            std::fs::copy(&path, &dest).unwrap();
        }
    }
}

/// The checker catches a cycle planted in each real crate: a file that
/// another file imports gets an inline path back to it.
#[test]
fn a_planted_cycle_is_found_in_every_crate() {
    for krate in CRATES {
        let dir = tempfile::tempdir().unwrap();
        copy_dir(&src(krate), dir.path());
        let files = modules(dir.path());
        let g = graph(dir.path());
        let (a, b) = g
            .iter()
            .find_map(|(a, deps)| deps.iter().find(|b| !b.is_empty() && !a.is_empty()).map(|b| (a.clone(), b.clone())))
            .expect("an edge to plant against");
        let planted = format!("\nfn planted_back() {{ crate::{}::planted(); }}\n", a.join("::"));
        let path = &files[&b];
        let mut text = std::fs::read_to_string(path).unwrap();
        text.push_str(&planted);
        std::fs::write(path, text).unwrap();
        let cycles = all_cycles(&graph(dir.path()));
        assert!(
            cycles.iter().any(|c| c.contains(&a.join("::")) && c.contains(&b.join("::"))),
            "{krate}: the planted cycle {} -> {} was not found: {cycles:?}",
            a.join("::"),
            b.join("::")
        );
    }
}

/// The other checks find what they should, on small planted sources.
#[test]
fn the_shape_checks_find_their_breaches() {
    assert_eq!(parent_globs("use std::io;\nuse super::*;\n  pub use super::super::*;\nuse super::x;"), [2, 3]);
    let code = "fn a() {\n let x = 1;\n}\nfn b(x: impl Fn() -> u8) -> Vec<u8> where u8: Copy {\n 1;\n 2;\n}\ntrait T { fn c(&self); }\n";
    assert_eq!(functions(code), [("a".to_string(), 3), ("b".to_string(), 4)]);
    assert_eq!(file_lines("fn a() {}\n#[cfg(test)]\nmod tests {\n fn t() {}\n}\n"), 2);
    assert_eq!(
        parent_globs(&without_test_modules("#[cfg(test)]\npub(crate) mod tests {\n use super::*;\n}\n")),
        [0; 0]
    );
    let g = BTreeMap::from([
        (m("ui::widgets"), BTreeSet::from([m("ui::text"), m("ui::life")])),
        (m("ui::life"), BTreeSet::from([m("ui::widgets"), m("ui::mines::text")])),
        (m("ui::mines::text"), BTreeSet::from([m("ui")])),
        (m("ui"), BTreeSet::from([m("ui::life")])),
    ]);
    let breaches = window_breaches(&g);
    assert_eq!(breaches.len(), 3, "{breaches:#?}");
    assert!(breaches[0].contains("ui::life uses ui::mines::text: no game's"), "{breaches:#?}");
    assert!(breaches[1].contains("ui::mines::text uses ui: nothing under ui/"), "{breaches:#?}");
    assert!(breaches[2].contains("ui::widgets uses ui::life: the widgets are a leaf"), "{breaches:#?}");
}

/// The checker itself finds what it should: a cycle through a `use` group,
/// an inline path, and `super`, and none through comments, strings or tests.
#[test]
fn the_checker_finds_cycles_and_only_real_ones() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let write = |p: &str, s: &str| {
        let path = root.join(p);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, s).unwrap();
    };
    write("lib.rs", "mod a;\nmod b;\n");
    write("a.rs", "mod inner;\nuse crate::{x::Y, b::{Z, W}};\n");
    write("a/inner.rs", "fn f() { super::super::b::g(); }\n");
    write("b.rs", "// crate::a::X\nconst S: &str = \"crate::a::X\";\n#[cfg(test)]\nmod tests {\n use crate::a::X; }\n");
    let g = graph(root);
    let m = |s: &str| -> Module { s.split("::").map(String::from).collect() };
    assert_eq!(g[&m("a")], BTreeSet::from([m("b")]));
    assert_eq!(g[&m("a::inner")], BTreeSet::from([m("b")]));
    assert!(g[&m("b")].is_empty(), "{:?}", g[&m("b")]);
    assert!(all_cycles(&g).is_empty());
    write("b.rs", "pub fn g() { let c = '{'; let s = r#\"}\"#; crate::a::inner::h(c, s) }\n");
    let c = all_cycles(&graph(root));
    assert!(c.iter().any(|c| c.contains("a::inner")), "a cycle through an inline path: {c:?}");
    assert!(!all_cycles(&collapsed(&graph(root))).is_empty());
}

/// What the kernel writes into a log, a setup or a digest must not depend
/// on the machine (issue 64 item 4): the types it encodes (every
/// `Serialize`) hold no `usize` or `isize`, whose width is the machine's,
/// and no code reads or writes bytes in the machine's own order
/// (`to_ne_bytes`, `from_ne_bytes`), but for `key::eight_bytes`, whose
/// words are only ever compared for equality, which no byte order changes.
/// Hashed parts go through `PartHasher`, which takes fixed-width integers
/// only (a length as `u32`).
fn machine_dependent_encodings(root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for (_, path, code, _) in sources(root) {
        let name = relative(&path);
        for (at, _) in code.match_indices("_ne_bytes") {
            let allowed = name.ends_with("miau/key.rs")
                && code[..at].rfind("fn ").is_some_and(|f| {
                    code[f..].starts_with("fn eight_bytes")
                        && at < closing_brace(&code, f + code[f..].find('{').unwrap())
                });
            if !allowed {
                found.push(format!("{name}: bytes in the machine's order"));
            }
        }
        let mut from = 0;
        while let Some(d) = code[from..].find("#[derive(") {
            let at = from + d;
            let end = at + code[at..].find(")]").unwrap_or(0);
            from = end + 1;
            if !code[at..end].contains("Serialize") {
                continue;
            }
            // The item after the derive: its body up to its closing brace (or the `;` of a tuple struct).
            let rest = &code[end..];
            let body_end = match (rest.find('{'), rest.find(';')) {
                (Some(b), Some(s)) if s < b => end + s,
                (Some(b), _) => closing_brace(&code, end + b),
                (None, Some(s)) => end + s,
                (None, None) => code.len(),
            };
            let body = &code[end..body_end];
            let item = body.split_whitespace().skip_while(|w| !matches!(*w, "struct" | "enum")).nth(1).unwrap_or("?");
            let word = |w: &str| {
                body.match_indices(w).any(|(i, _)| {
                    let b = body.as_bytes();
                    !ident_before(b, i) && b.get(i + w.len()).is_none_or(|c| !c.is_ascii_alphanumeric() && *c != b'_')
                })
            };
            if word("usize") || word("isize") {
                found.push(format!("{name}: {item} is encoded and holds a usize or isize"));
            }
        }
    }
    found
}

#[test]
fn the_kernels_encodings_are_the_same_on_every_machine() {
    let found = machine_dependent_encodings(&src("kernel"));
    assert!(found.is_empty(), "machine-dependent encodings in the kernel:\n{}", found.join("\n"));
    // The check catches both kinds planted in a copy of the kernel.
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&src("kernel"), dir.path());
    let planted = "\n#[derive(Serialize)]\npub struct Planted {\n    pub n: usize,\n}\n\
                   pub fn planted(x: u32) -> [u8; 4] {\n    x.to_ne_bytes()\n}\n";
    let game = dir.path().join("game.rs");
    let mut text = std::fs::read_to_string(&game).unwrap();
    text.push_str(planted);
    std::fs::write(&game, text).unwrap();
    let found = machine_dependent_encodings(dir.path());
    assert!(found.iter().any(|f| f.contains("Planted is encoded")), "{found:?}");
    assert!(found.iter().any(|f| f.ends_with("game.rs: bytes in the machine's order")), "{found:?}");
}

/// Where the app's native and web builds differ (issue 63): only
/// `platform.rs` and `platform/` choose (`target_arch`/`target_family`),
/// besides the binary's two `main`s (`main.rs`), the native-only window
/// module (`lib.rs`) and the one method eframe's trait has on the web only
/// (`ui.rs`); and no screen, store or file helper reaches the machine
/// around it (the file system, threads, the clock, dialogs, folders).
fn platform_breaches(root: &Path) -> Vec<String> {
    const CHOOSERS: [&str; 3] = ["main.rs", "lib.rs", "ui.rs"];
    const MACHINE: [&str; 8] = [
        "std::fs::",
        "std::thread::spawn",
        "std::time::Instant",
        "std::time::SystemTime",
        "rfd::",
        "opener::",
        "directories::",
        "Gpu::new",
    ];
    let mut found = Vec::new();
    for (_, path, code, _) in sources(root) {
        let name = path.strip_prefix(root).unwrap_or(&path).display().to_string().replace('\\', "/");
        let platform = name == "platform.rs" || name.starts_with("platform/");
        if !platform
            && !CHOOSERS.contains(&name.as_str())
            && (code.contains("target_arch") || code.contains("target_family"))
        {
            found.push(format!("app/src/{name}: chooses a platform outside platform/"));
        }
        let screens = name == "ui.rs" || name.starts_with("ui/") || name.starts_with("store") || name == "files.rs";
        for what in MACHINE.iter().filter(|w| screens && code.contains(*w)) {
            found.push(format!("app/src/{name}: {what} outside platform/"));
        }
    }
    found
}

#[test]
fn the_app_reaches_the_machine_through_its_platform_seam() {
    assert_eq!(platform_breaches(&src("app")), Vec::<String>::new());
    // And the check finds both kinds, planted in a copy.
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&src("app"), dir.path());
    let home = dir.path().join("ui/home.rs");
    let planted = "\n#[cfg(target_arch = \"wasm32\")]\nfn planted() { let _ = std::fs::read(\"x\"); }\n";
    std::fs::write(&home, std::fs::read_to_string(&home).unwrap() + planted).unwrap();
    assert_eq!(
        platform_breaches(dir.path()),
        ["app/src/ui/home.rs: chooses a platform outside platform/", "app/src/ui/home.rs: std::fs:: outside platform/"]
    );
}
