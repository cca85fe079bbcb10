//! The layers of ARCHITECTURE.md, enforced: every module path a file of
//! `src/` names (`use crate::…`, `super::…`, a child module, or an inline
//! `crate::x::f()`) is resolved to the file it points at, and checked
//! against the layer table read from ARCHITECTURE.md itself, so the map and
//! the code cannot drift apart. Nothing imports a higher layer, and no file
//! and no module reaches itself through others (a module's own file using
//! its submodules is containment, not a circle; a submodule using its
//! parent's items while the parent's file uses it back is one only through
//! a third file).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The layer of each module named in ARCHITECTURE.md's table: the first
/// cell a number, the second the modules, each in backticks.
fn layer_table(text: &str) -> BTreeMap<String, u32> {
    let section = text
        .split("## The layers")
        .nth(1)
        .expect("ARCHITECTURE.md has a section \"## The layers\"");
    let mut layers = BTreeMap::new();
    for line in section.lines().skip_while(|l| !l.starts_with('|')) {
        if !line.starts_with('|') {
            break;
        }
        let cells: Vec<&str> = line.split('|').collect();
        let Ok(layer) = cells[1].trim().parse::<u32>() else {
            continue; // the header and the rule under it
        };
        for name in cells[2].split('`').skip(1).step_by(2) {
            if name.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                let before = layers.insert(name.to_string(), layer);
                assert!(
                    before.is_none_or(|b| b == layer),
                    "ARCHITECTURE.md puts `{name}` in two layers"
                );
            }
        }
    }
    layers
}

/// A source file: its path under `src/`, its module path, and whether it
/// belongs to the program (`main.rs`, `cli/`) rather than the library.
struct SourceFile {
    rel: PathBuf,
    module: Vec<String>,
    program: bool,
}

fn source_files(dir: &Path, out: &mut Vec<SourceFile>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            source_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root().join("src")).unwrap().to_path_buf();
            let module = module_of(&rel);
            let program = rel == Path::new("main.rs") || module.first().is_some_and(|m| m == "cli");
            out.push(SourceFile {
                rel,
                module,
                program,
            });
        }
    }
}

/// The module path a file under `src/` holds (`routes/mod.rs`: `routes`).
fn module_of(rel: &Path) -> Vec<String> {
    let mut module: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if module.last().is_some_and(|m| m == "mod") {
        module.pop();
    }
    if module == ["lib"] || module == ["main"] {
        module.clear();
    }
    module
}

/// The file a module path is kept in, if it is one of ours.
fn module_file(module: &[String], program: bool) -> Option<PathBuf> {
    if module.is_empty() {
        return Some(PathBuf::from(if program { "main.rs" } else { "lib.rs" }));
    }
    let base: PathBuf = module.iter().collect();
    let src = root().join("src");
    [base.with_extension("rs"), base.join("mod.rs")]
        .into_iter()
        .find(|f| src.join(f).is_file())
}

/// The code alone: comments, strings and character literals blanked (line
/// breaks kept, so positions still name their line).
fn code_of(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && !ident_char(b.get(i.wrapping_sub(1)).copied())
        {
            // a raw string: r"…" or r#"…"#
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == '"' && (0..hashes).all(|h| b.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                out.push(blank(b[j]));
                j += 1;
            }
            i = j;
        } else if c == '"' {
            // serde names functions by path in a string (`deserialize_with
            // = "crate::unique::map"`): such a path is code, kept.
            let named_fn = out.trim_end().ends_with("with =") || out.trim_end().ends_with("with=");
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    i += 1;
                }
                if let Some(&ch) = b.get(i) {
                    out.push(if named_fn { ch } else { blank(ch) });
                }
                i += 1;
            }
            i += 1;
        } else if c == '\'' {
            // a character literal ('a', '\n', '\u{..}'), or a lifetime
            let close = (i + 2..(i + 12).min(b.len())).find(|&j| b[j] == '\'');
            let is_char = match next {
                Some('\\') => true,
                Some(_) => b.get(i + 2) == Some(&'\''),
                None => false,
            };
            if is_char && let Some(end) = close {
                i = end + 1;
            } else {
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_char(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || c == '_')
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Ident(String),
    Path, // ::
    Open,
    Close,
    Comma,
    Star,
    Other,
}

fn tokens(code: &str) -> Vec<(Token, usize)> {
    let b: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < b.len() {
        let c = b[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while ident_char(b.get(i).copied()) {
                i += 1;
            }
            out.push((Token::Ident(b[start..i].iter().collect()), line));
        } else if c == ':' && b.get(i + 1) == Some(&':') {
            out.push((Token::Path, line));
            i += 2;
        } else {
            let t = match c {
                '{' => Token::Open,
                '}' => Token::Close,
                ',' => Token::Comma,
                '*' => Token::Star,
                _ => Token::Other,
            };
            out.push((t, line));
            i += 1;
        }
    }
    out
}

/// Every path starting at `at` (a use tree's groups expanded), and the
/// index after it.
fn paths_at(t: &[(Token, usize)], mut at: usize, prefix: Vec<String>) -> (Vec<Vec<String>>, usize) {
    let mut path = prefix;
    loop {
        match t.get(at).map(|x| &x.0) {
            Some(Token::Ident(s)) => {
                path.push(s.clone());
                at += 1;
            }
            Some(Token::Open) if t.get(at.wrapping_sub(1)).map(|x| &x.0) == Some(&Token::Path) => {
                let mut all = Vec::new();
                at += 1;
                loop {
                    match t.get(at).map(|x| &x.0) {
                        Some(Token::Close) => return (all, at + 1),
                        Some(Token::Comma) => at += 1,
                        None => return (all, at),
                        _ => {
                            let (inner, next) = paths_at(t, at, path.clone());
                            all.extend(inner);
                            at = next.max(at + 1);
                        }
                    }
                }
            }
            _ => return (vec![path], at),
        }
        if t.get(at).map(|x| &x.0) == Some(&Token::Path) {
            at += 1;
        } else {
            return (vec![path], at);
        }
    }
}

/// One reference from a file to another: the line it is on, and the file.
struct Edge {
    from: PathBuf,
    line: usize,
    to: PathBuf,
}

fn edges_of(file: &SourceFile) -> Vec<Edge> {
    let text = std::fs::read_to_string(root().join("src").join(&file.rel)).unwrap();
    let t = tokens(&code_of(&text));
    let mut inline: Vec<(String, usize)> = Vec::new(); // inline `mod x {` and its depth
    let mut depth = 0;
    let mut out = Vec::new();
    let mut i = 0;
    while i < t.len() {
        match &t[i].0 {
            Token::Open => {
                depth += 1;
                i += 1;
                continue;
            }
            Token::Close => {
                depth -= 1;
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                i += 1;
                continue;
            }
            Token::Ident(m) if m == "mod" => {
                if let (Some((Token::Ident(name), _)), Some((Token::Open, _))) =
                    (t.get(i + 1), t.get(i + 2))
                {
                    inline.push((name.clone(), depth));
                }
                i += 1;
                continue;
            }
            Token::Ident(_) => {}
            _ => {
                i += 1;
                continue;
            }
        }
        let starts_path = t.get(i + 1).map(|x| &x.0) == Some(&Token::Path)
            && i.checked_sub(1).is_none_or(|p| t[p].0 != Token::Path);
        if !starts_path {
            i += 1;
            continue;
        }
        let line = t[i].1;
        let (paths, next) = paths_at(&t, i, Vec::new());
        let here: Vec<String> = file
            .module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(m, _)| m.clone()))
            .collect();
        for path in paths {
            if let Some(to) = resolve(file, &here, &path)
                && to != file.rel
            {
                out.push(Edge {
                    from: file.rel.clone(),
                    line,
                    to,
                });
            }
        }
        i = next.max(i + 1);
    }
    out
}

/// The file a path names, if it names one of ours: `crate::`, `super::`,
/// `self::`, `hexroute::` from the program, or a child module's name.
fn resolve(file: &SourceFile, here: &[String], path: &[String]) -> Option<PathBuf> {
    let (mut base, rest, program): (Vec<String>, &[String], bool) = match path[0].as_str() {
        "crate" => (Vec::new(), &path[1..], file.program),
        "hexroute" if file.program => (Vec::new(), &path[1..], false),
        "self" => (here.to_vec(), &path[1..], file.program),
        "super" => {
            let mut base = here.to_vec();
            let mut n = 0;
            while path.get(n).is_some_and(|s| s == "super") {
                base.pop();
                n += 1;
            }
            (base, &path[n..], file.program)
        }
        child => {
            let mut base = file.module.clone();
            base.push(child.to_string());
            module_file(&base, file.program)?;
            (base, &path[1..], file.program)
        }
    };
    for seg in rest {
        base.push(seg.clone());
        if module_file(&base, program).is_none() {
            base.pop();
            break;
        }
    }
    module_file(&base, program)
}

/// The top-level module a file belongs to: `cli` for the program.
fn top_module(rel: &Path) -> Option<String> {
    if rel == Path::new("main.rs") {
        return Some("cli".into());
    }
    if rel == Path::new("lib.rs") {
        return None;
    }
    let first = rel
        .components()
        .next()?
        .as_os_str()
        .to_string_lossy()
        .into_owned();
    Some(first.trim_end_matches(".rs").to_string())
}

/// The strongly connected parts of more than one node (Tarjan's).
fn circles<N: Ord + Clone>(graph: &BTreeMap<N, BTreeSet<N>>) -> Vec<Vec<N>> {
    struct Walk<'a, N> {
        graph: &'a BTreeMap<N, BTreeSet<N>>,
        index: BTreeMap<N, usize>,
        low: BTreeMap<N, usize>,
        stack: Vec<N>,
        found: Vec<Vec<N>>,
    }
    impl<N: Ord + Clone> Walk<'_, N> {
        fn visit(&mut self, v: &N) {
            let n = self.index.len();
            self.index.insert(v.clone(), n);
            self.low.insert(v.clone(), n);
            self.stack.push(v.clone());
            for w in self.graph.get(v).into_iter().flatten() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let l = self.low[v].min(self.low[w]);
                    self.low.insert(v.clone(), l);
                } else if self.stack.contains(w) {
                    let l = self.low[v].min(self.index[w]);
                    self.low.insert(v.clone(), l);
                }
            }
            if self.low[v] == self.index[v] {
                let mut part = Vec::new();
                while let Some(w) = self.stack.pop() {
                    let done = &w == v;
                    part.push(w);
                    if done {
                        break;
                    }
                }
                if part.len() > 1 {
                    part.sort();
                    self.found.push(part);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    walk.found
}

fn all_edges() -> Vec<Edge> {
    let mut files = Vec::new();
    source_files(&root().join("src"), &mut files);
    files.iter().flat_map(edges_of).collect()
}

#[test]
fn no_module_imports_a_higher_layer() {
    let layers = layer_table(&std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap());
    assert!(
        layers.contains_key("geometry") && layers.contains_key("cli"),
        "the layer table was not read: {layers:?}"
    );
    let mut wrong = Vec::new();
    let mut unknown = BTreeSet::new();
    for e in all_edges() {
        let (Some(from), Some(to)) = (top_module(&e.from), top_module(&e.to)) else {
            continue;
        };
        let (Some(a), Some(b)) = (layers.get(&from), layers.get(&to)) else {
            unknown.extend([from, to].into_iter().filter(|m| !layers.contains_key(m)));
            continue;
        };
        if a < b {
            wrong.push(format!(
                "src/{}:{}: `{from}` (layer {a}) uses `{to}` (layer {b})",
                e.from.display(),
                e.line
            ));
        }
    }
    assert!(
        unknown.is_empty() && wrong.is_empty(),
        "modules missing from ARCHITECTURE.md's layer table: {unknown:?}\n{} imports from a lower layer to a higher one:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn no_file_and_no_module_reaches_itself() {
    let edges = all_edges();
    let mut files: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    let mut modules: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for e in &edges {
        // A module's own file using its submodules is how Rust contains
        // them, not a circle: only the other way round counts.
        let (from, to) = (module_of(&e.from), module_of(&e.to));
        if !(to.len() > from.len() && to.starts_with(&from)) {
            files
                .entry(e.from.clone())
                .or_default()
                .insert(e.to.clone());
        }
        if let (Some(a), Some(b)) = (top_module(&e.from), top_module(&e.to))
            && a != b
        {
            modules.entry(a).or_default().insert(b);
        }
    }
    let file_circles = circles(&files);
    let module_circles = circles(&modules);
    assert!(
        file_circles.is_empty() && module_circles.is_empty(),
        "circles between files: {file_circles:?}\ncircles between modules: {module_circles:?}"
    );
}

/// The parser itself, on a use tree with groups, a comment and a string.
#[test]
fn paths_are_read_through_groups_comments_and_strings() {
    let code = code_of(
        "use crate::{a::B, c::{d, e::F}}; // crate::x::y\nlet s = \"crate::z\";\n#[serde(with = \"crate::w::f\")]",
    );
    let t = tokens(&code);
    let (paths, _) = paths_at(&t, 1, Vec::new());
    let joined: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(joined, ["crate::a::B", "crate::c::d", "crate::c::e::F"]);
    assert!(!code.contains("crate::x") && !code.contains("crate::z"));
    assert!(code.contains("crate::w::f"), "a path serde calls is code");
}

#[test]
fn the_table_is_read_with_every_row() {
    let table = layer_table(
        "## The layers\n\n| # | module | owns |\n|---|---|---|\n| 1 | `geometry`, `address` | hexes (`J12`) |\n| 5 | `play` | events |\n\n## Next\n| 9 | `x` | y |\n",
    );
    let expect: BTreeMap<String, u32> = [("geometry", 1), ("address", 1), ("play", 5)]
        .into_iter()
        .map(|(m, l)| (m.to_string(), l))
        .collect();
    assert_eq!(table, expect);
}
