//! The layers hold: no import cycle between the kernel's files, nor between
//! its top-level modules (a game's folder counted as one), outside tests.
//!
//! A file depends on another when it names a path into it (`crate::a::b`,
//! `super::x`, a child module's `x::y`, in a `use` or inline); the path is
//! resolved to the deepest module that is a file (never the crate root,
//! which only declares and re-exports). Declaring a child module
//! (`mod x;`) is not a dependency. Test files (`tests.rs`, `tests_*.rs`,
//! `*_tests.rs`) and `#[cfg(test)]` modules are left out: tests may use
//! anything.

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

/// Whether a file holds tests only.
fn is_test_file(path: &Path) -> bool {
    let name = path.file_stem().unwrap().to_string_lossy();
    name == "tests" || name.starts_with("tests_") || name.ends_with("_tests")
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
        let mut depth = 0;
        let mut end = open;
        for (k, c) in out[open..].char_indices() {
            match c {
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
        out.replace_range(at..end, "");
    }
    out
}

/// Where a `#[cfg(test)] mod name {` starts.
fn find_test_module(code: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(k) = code[from..].find("#[cfg(test)]") {
        let at = from + k;
        let words: Vec<&str> = code[at + 12..].split_whitespace().take(3).collect();
        let module = match words.as_slice() {
            ["mod", _, brace, ..] | ["pub", "mod", brace, ..] => brace.starts_with('{'),
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

/// One cycle of the graph, as the modules around it, if there is one.
fn cycle(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<Module>> {
    // Depth-first search with colours: a grey node met again closes a cycle.
    fn visit(
        n: &Module,
        g: &BTreeMap<Module, BTreeSet<Module>>,
        state: &mut BTreeMap<Module, u8>,
        stack: &mut Vec<Module>,
    ) -> Option<Vec<Module>> {
        state.insert(n.clone(), 1);
        stack.push(n.clone());
        for d in g.get(n).into_iter().flatten() {
            match state.get(d).copied().unwrap_or(0) {
                0 => {
                    if let Some(c) = visit(d, g, state, stack) {
                        return Some(c);
                    }
                }
                1 => {
                    let at = stack.iter().position(|m| m == d).unwrap();
                    let mut c = stack[at..].to_vec();
                    c.push(d.clone());
                    return Some(c);
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(n.clone(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in graph.keys() {
        if state.get(n).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(n, graph, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

fn show(c: &[Module]) -> String {
    c.iter().map(|m| if m.is_empty() { "crate".to_string() } else { m.join("::") }).collect::<Vec<_>>().join(" -> ")
}

fn kernel() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("kernel/src")
}

#[test]
fn no_cycle_between_the_kernels_files() {
    let g = graph(&kernel());
    assert!(g.len() > 50, "the kernel's files were not found: {}", g.len());
    if let Some(c) = cycle(&g) {
        panic!("an import cycle between the kernel's files: {}", show(&c));
    }
}

#[test]
fn no_cycle_between_the_kernels_modules() {
    let g = collapsed(&graph(&kernel()));
    if let Some(c) = cycle(&g) {
        panic!("an import cycle between the kernel's top-level modules: {}", show(&c));
    }
}

#[test]
fn the_games_rules_do_not_use_their_tools() {
    // Rules never use tools: the scene search, bots, routes and solvers are
    // reached only from above.
    let g = graph(&kernel());
    let m = |s: &str| -> Module { s.split("::").map(String::from).collect() };
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
    assert!(cycle(&g).is_none());
    write("b.rs", "pub fn g() { let c = '{'; let s = r#\"}\"#; crate::a::inner::h(c, s) }\n");
    let c = cycle(&graph(root)).expect("a cycle through an inline path");
    assert!(show(&c).contains("a::inner"), "{}", show(&c));
    assert!(cycle(&collapsed(&graph(root))).is_some());
}
