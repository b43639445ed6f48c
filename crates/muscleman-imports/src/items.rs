//! What one module's non-test source says about modules: the child modules
//! it declares, the names its `use` items bring in, and the other paths it
//! names (`crate::a::f()`, `super::B`, `child::C`).

use crate::tokens::{Tok, skip_group, tokenize, without_tests};

/// One path a `use` item imports, with the name it binds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct UseLeaf {
    /// The path as written (`["crate", "level", "Level"]`); a path from the
    /// outside (`::std::…`) starts with `"::"`.
    pub(crate) path: Vec<String>,
    /// The name it binds in the module (the last segment, or the `as`
    /// name); `None` for a glob or `as _`.
    pub(crate) name: Option<String>,
}

/// A module's non-test source, as far as modules go.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct ModuleItems {
    /// Child modules in their own files (`mod name;`).
    pub(crate) file_children: Vec<String>,
    /// Child modules written inline (`mod name { … }`), read the same way.
    pub(crate) inline_children: Vec<(String, ModuleItems)>,
    /// Child modules only tests compile (`#[cfg(test)] mod name;`).
    pub(crate) test_children: Vec<String>,
    /// What the module's `use` items import.
    pub(crate) uses: Vec<UseLeaf>,
    /// Every other path of two or more segments, as written.
    pub(crate) paths: Vec<Vec<String>>,
}

/// Read a module's source, leaving out what only tests compile.
pub(crate) fn read_module(source: &str) -> ModuleItems {
    let non_test = without_tests(tokenize(source));
    let mut items = scan(&non_test.toks);
    items.test_children = non_test.test_modules;
    items
}

/// Return the index of the first `;` at bracket depth 0 from `at`, or the end.
fn statement_end(toks: &[Tok], at: usize) -> usize {
    let mut i = at;
    while let Some(t) = toks.get(i) {
        match t {
            Tok::Punct('(' | '[' | '{') => i = skip_group(toks, i),
            Tok::Punct(';') => return i,
            _ => i += 1,
        }
    }
    i
}

fn scan(toks: &[Tok]) -> ModuleItems {
    let mut items = ModuleItems::default();
    let mut i = 0;
    while let Some(t) = toks.get(i) {
        let next = toks.get(i + 1);
        let prev = i.checked_sub(1).and_then(|p| toks.get(p));
        match (t, next) {
            (Tok::Ident(k), Some(Tok::Ident(name))) if k == "mod" => match toks.get(i + 2) {
                Some(Tok::Punct(';')) => {
                    items.file_children.push(name.clone());
                    i += 3;
                }
                Some(Tok::Punct('{')) => {
                    let end = skip_group(toks, i + 2);
                    let inner = toks.get(i + 3..end.saturating_sub(1)).unwrap_or_default();
                    items.inline_children.push((name.clone(), scan(inner)));
                    i = end;
                }
                _ => i += 2,
            },
            // `use` is a keyword: a use item, or `use<'a>` in a bound.
            (Tok::Ident(k), _) if k == "use" && !next.is_some_and(|n| n.is_punct('<')) => {
                let end = statement_end(toks, i + 1);
                let tree = toks.get(i + 1..end).unwrap_or_default();
                use_tree(tree, &[], &mut items.uses);
                i = end + 1;
            }
            (Tok::Ident(first), Some(Tok::PathSep))
                if !prev.is_some_and(|p| *p == Tok::PathSep || p.is_punct('.')) =>
            {
                let mut path = vec![first.clone()];
                let mut j = i + 1;
                while let (Some(Tok::PathSep), Some(Tok::Ident(seg))) =
                    (toks.get(j), toks.get(j + 1))
                {
                    path.push(seg.clone());
                    j += 2;
                }
                items.paths.push(path);
                i = j;
            }
            _ => i += 1,
        }
    }
    items
}

/// Split `toks` at the commas at bracket depth 0.
fn split_commas(toks: &[Tok]) -> Vec<&[Tok]> {
    let mut parts = Vec::new();
    let (mut start, mut i) = (0, 0);
    while let Some(t) = toks.get(i) {
        match t {
            Tok::Punct('(' | '[' | '{') => i = skip_group(toks, i),
            Tok::Punct(',') => {
                parts.push(toks.get(start..i).unwrap_or_default());
                i += 1;
                start = i;
            }
            _ => i += 1,
        }
    }
    parts.push(toks.get(start..).unwrap_or_default());
    parts.into_iter().filter(|p| !p.is_empty()).collect()
}

/// Read a use tree (`a::{b, c::d as e, f::*, self}`) under `prefix` into
/// the paths it imports.
fn use_tree(toks: &[Tok], prefix: &[String], out: &mut Vec<UseLeaf>) {
    let mut path = prefix.to_vec();
    let mut i = 0;
    if toks.first() == Some(&Tok::PathSep) {
        if path.is_empty() {
            path.push("::".to_owned());
        }
        i = 1;
    }
    while let Some(t) = toks.get(i) {
        match t {
            Tok::Punct('{') => {
                let end = skip_group(toks, i);
                let inner = toks.get(i + 1..end.saturating_sub(1)).unwrap_or_default();
                for part in split_commas(inner) {
                    use_tree(part, &path, out);
                }
                return;
            }
            Tok::Punct('*') => {
                out.push(UseLeaf { path, name: None });
                return;
            }
            Tok::Ident(seg) => {
                path.push(seg.clone());
                match (toks.get(i + 1), toks.get(i + 2)) {
                    (Some(Tok::PathSep), _) => i += 2,
                    (Some(Tok::Ident(k)), Some(Tok::Ident(alias))) if k == "as" => {
                        let name = (alias != "_").then(|| alias.clone());
                        if path.last().is_some_and(|s| s == "self") {
                            path.pop();
                        }
                        out.push(UseLeaf { path, name });
                        return;
                    }
                    _ => {
                        if path.last().is_some_and(|s| s == "self") {
                            path.pop();
                        }
                        let name = path.last().cloned();
                        out.push(UseLeaf { path, name });
                        return;
                    }
                }
            }
            _ => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaf(path: &str, name: Option<&str>) -> UseLeaf {
        UseLeaf {
            path: path.split(' ').map(str::to_owned).collect(),
            name: name.map(str::to_owned),
        }
    }

    #[test]
    fn use_trees_are_read_into_their_paths_and_names() {
        let items = read_module(
            "pub(crate) use crate::a::{self, b::{C, D as E}, f::*};\n\
             use super::G as _;\n\
             use ::std::io;\n\
             use child::H;",
        );
        assert_eq!(
            items.uses,
            [
                leaf("crate a", Some("a")),
                leaf("crate a b C", Some("C")),
                leaf("crate a b D", Some("E")),
                leaf("crate a f", None),
                leaf("super G", None),
                leaf(":: std io", Some("io")),
                leaf("child H", Some("H")),
            ]
        );
    }

    #[test]
    fn modules_and_paths_are_found() {
        let items = read_module(
            "mod a;\n\
             pub mod b { use super::a::X; }\n\
             #[cfg(test)] mod c;\n\
             fn f() -> usize { crate::a::g(x.y::<u8>()) + Vec::<u8>::new().len() }",
        );
        assert_eq!(items.file_children, ["a"]);
        assert_eq!(items.test_children, ["c"]);
        let (name, b) = items.inline_children.first().cloned().unwrap_or_default();
        assert_eq!(name, "b");
        assert_eq!(b.uses, [leaf("super a X", Some("X"))]);
        assert_eq!(
            items.paths,
            [
                ["crate", "a", "g"].map(str::to_owned).to_vec(),
                ["Vec"].map(str::to_owned).to_vec()
            ]
        );
    }
}
