//! A crate's modules, read from its files by following its `mod`
//! declarations from the root file, and the imports between them resolved
//! into a [`ModuleGraph`].
//!
//! A path is resolved the way the compiler does, as far as modules go:
//! from `crate`, `super`, `self` or a child module's name, down through
//! child modules and through the names `use` items bind, so `crate::Level`
//! re-exported by the root as `pub use level::Level` is an import of
//! `crate::level`, not of the root. A path that leaves the crate (`std`,
//! another crate, an external name re-exported) is no edge. A glob
//! re-export is not looked into: a name it would bring is taken as the
//! globbing module's own.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};

use crate::graph::ModuleGraph;
use crate::items::{ModuleItems, UseLeaf, read_module};

/// How many `use` bindings a path is followed through before giving up.
const MAX_HOPS: usize = 16;

/// A module's path from its crate's root (empty for the root).
type ModulePath = Vec<String>;

/// One module as read.
struct Module {
    children: BTreeSet<String>,
    uses: Vec<UseLeaf>,
    paths: Vec<Vec<String>>,
}

/// The modules of one crate (a library or a binary), read from its root file.
pub struct CrateModules {
    modules: BTreeMap<ModulePath, Module>,
    files: BTreeSet<PathBuf>,
    test_files: BTreeSet<PathBuf>,
}

/// Why a crate could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// The module whose file is missing or unreadable.
    pub module: String,
    /// The files looked for.
    pub tried: Vec<PathBuf>,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "module {} has no readable file (tried", self.module)?;
        for path in &self.tried {
            write!(f, " {}", path.display())?;
        }
        write!(f, ")")
    }
}

impl std::error::Error for ReadError {}

/// Return a module's name: `crate`, `crate::play::app`.
fn name_of(path: &[String]) -> String {
    std::iter::once("crate")
        .chain(path.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join("::")
}

/// The files a module `name` declared in a module whose children live in
/// `dir` may be in.
fn candidates(dir: &Path, name: &str) -> Vec<PathBuf> {
    vec![
        dir.join(format!("{name}.rs")),
        dir.join(name).join("mod.rs"),
    ]
}

impl CrateModules {
    /// Read the crate whose root file (`src/lib.rs`, `src/main.rs`) is `root`.
    pub fn read(root: &Path) -> Result<CrateModules, ReadError> {
        CrateModules::read_with(root, &mut |p| std::fs::read_to_string(p).ok())
    }

    /// Read the crate whose root file is `root`, getting each file's text
    /// from `read` (`None`: no such file).
    pub fn read_with(
        root: &Path,
        read: &mut dyn FnMut(&Path) -> Option<String>,
    ) -> Result<CrateModules, ReadError> {
        let mut krate = CrateModules {
            modules: BTreeMap::new(),
            files: BTreeSet::new(),
            test_files: BTreeSet::new(),
        };
        let source = read(root).ok_or_else(|| ReadError {
            module: "crate".to_owned(),
            tried: vec![root.to_owned()],
        })?;
        krate.files.insert(root.to_owned());
        let dir = root.parent().unwrap_or(Path::new("")).to_owned();
        krate.add(Vec::new(), read_module(&source), &dir, read)?;
        Ok(krate)
    }

    fn add(
        &mut self,
        path: ModulePath,
        items: ModuleItems,
        dir: &Path,
        read: &mut dyn FnMut(&Path) -> Option<String>,
    ) -> Result<(), ReadError> {
        for name in &items.test_children {
            if let Some(file) = candidates(dir, name)
                .into_iter()
                .find(|f| read(f).is_some())
            {
                self.test_files.insert(file);
            }
        }
        let mut children = BTreeSet::new();
        for name in items.file_children {
            let mut child = path.clone();
            child.push(name.clone());
            let tried = candidates(dir, &name);
            let Some((file, source)) = tried.iter().find_map(|f| read(f).map(|s| (f.clone(), s)))
            else {
                return Err(ReadError {
                    module: name_of(&child),
                    tried,
                });
            };
            self.files.insert(file);
            self.add(child, read_module(&source), &dir.join(&name), read)?;
            children.insert(name);
        }
        for (name, inline) in items.inline_children {
            let mut child = path.clone();
            child.push(name.clone());
            self.add(child, inline, &dir.join(&name), read)?;
            children.insert(name);
        }
        self.modules.insert(
            path,
            Module {
                children,
                uses: items.uses,
                paths: items.paths,
            },
        );
        Ok(())
    }

    /// Return the files of the crate's non-test modules, the root's included.
    pub fn files(&self) -> &BTreeSet<PathBuf> {
        &self.files
    }

    /// Return the files of modules only tests compile (`#[cfg(test)] mod
    /// name;`); they are not read.
    pub fn test_files(&self) -> &BTreeSet<PathBuf> {
        &self.test_files
    }

    /// Return the module graph: every module, and the modules its `use`
    /// items and other paths name. A path is an import of the module it
    /// leads to and of the last module it names on the way:
    /// `crate::play::keys_help`, re-exported by `play` from `play::keys`,
    /// imports both, so a module's re-exports tie it to what it re-exports.
    /// The crate root is the exception: its re-exports are the crate's
    /// public face, and `crate::Level` is an import of `crate::level` alone.
    pub fn graph(&self) -> ModuleGraph {
        let mut graph = ModuleGraph::new();
        for (path, module) in &self.modules {
            let from = name_of(path);
            graph.add_module(&from);
            let named = module
                .uses
                .iter()
                .map(|u| &u.path)
                .chain(module.paths.iter().filter(|p| self.starts_inside(path, p)));
            for target in named {
                if let Some((to, _)) = self.resolve(path, target, 0) {
                    graph.add_import(&from, &name_of(&to));
                }
                // Read literally: no `use` binding followed.
                if let Some((to, _)) = self.resolve(path, target, MAX_HOPS)
                    && !to.is_empty()
                {
                    graph.add_import(&from, &name_of(&to));
                }
            }
        }
        graph
    }

    fn has_child(&self, module: &[String], name: &str) -> bool {
        self.modules
            .get(module)
            .is_some_and(|m| m.children.contains(name))
    }

    fn binding(&self, module: &[String], name: &str) -> Option<&UseLeaf> {
        self.modules
            .get(module)?
            .uses
            .iter()
            .find(|u| u.name.as_deref() == Some(name))
    }

    /// Return whether a path outside `use` names this crate's modules
    /// (`crate::`, `super::`, `self::` or a child module's name first).
    fn starts_inside(&self, from: &[String], path: &[String]) -> bool {
        path.first().is_some_and(|first| {
            matches!(first.as_str(), "crate" | "super" | "self") || self.has_child(from, first)
        })
    }

    /// Return the module a path written in `from` leads to, and whether
    /// it names that module itself (rather than an item in it); `None`
    /// when it leaves the crate.
    fn resolve(&self, from: &[String], path: &[String], hops: usize) -> Option<(ModulePath, bool)> {
        let (first, rest) = path.split_first()?;
        match first.as_str() {
            "crate" => self.walk(Vec::new(), rest, hops),
            "self" => self.walk(from.to_vec(), rest, hops),
            "super" => {
                let mut at = from.to_vec();
                at.pop()?;
                self.walk(at, rest, hops)
            }
            name if self.has_child(from, name) => self.walk(from.to_vec(), path, hops),
            name if hops < MAX_HOPS => {
                let bound = self.binding(from, name)?;
                match self.resolve(from, &bound.path, hops + 1)? {
                    (module, true) => self.walk(module, rest, hops + 1),
                    item => Some(item),
                }
            }
            _ => None,
        }
    }

    /// Go down from module `at` along `rest`.
    fn walk(&self, mut at: ModulePath, rest: &[String], hops: usize) -> Option<(ModulePath, bool)> {
        for (i, seg) in rest.iter().enumerate() {
            match seg.as_str() {
                "super" => {
                    at.pop()?;
                }
                "self" => {}
                name if self.has_child(&at, name) => at.push(name.to_owned()),
                name => {
                    let Some(bound) = self.binding(&at, name).filter(|_| hops < MAX_HOPS) else {
                        // An item of `at`.
                        return Some((at, false));
                    };
                    let (module, is_module) = self.resolve(&at, &bound.path, hops + 1)?;
                    if !is_module {
                        return Some((module, false));
                    }
                    return self.walk(module, rest.get(i + 1..).unwrap_or_default(), hops + 1);
                }
            }
        }
        Some((at, true))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Read a made-up crate from `(file, text)` pairs, `src/lib.rs` its root.
    fn made_up(files: &[(&str, &str)]) -> Result<CrateModules, ReadError> {
        let files: BTreeMap<PathBuf, String> = files
            .iter()
            .map(|(p, s)| (PathBuf::from(p), (*s).to_owned()))
            .collect();
        CrateModules::read_with(Path::new("src/lib.rs"), &mut |p| files.get(p).cloned())
    }

    fn describe_all(krate: &CrateModules) -> Vec<String> {
        krate
            .graph()
            .circles()
            .iter()
            .map(|c| crate::graph::describe(c))
            .collect()
    }

    const LIB: &str = "mod a;\nmod b;\npub mod c;\npub use a::Thing;\npub use std::fmt::Debug;\n";
    const C: &str = "mod d;\npub use d::D;\n#[cfg(test)]\nmod tests;\n";
    const D: &str =
        "use super::super::b;\npub struct D;\n#[cfg(test)]\nmod t { use crate::c::D; }\n";

    #[test]
    fn a_circle_through_a_re_export_is_found() -> Result<(), ReadError> {
        let krate = made_up(&[
            ("src/lib.rs", LIB),
            ("src/a.rs", "use crate::b::B;\npub struct Thing;\n"),
            // `crate::Thing` is `a`'s, re-exported by the root.
            (
                "src/b.rs",
                "pub struct B;\npub fn f() -> crate::Thing { crate::Thing }\n",
            ),
            ("src/c/mod.rs", C),
            ("src/c/d.rs", D),
            ("src/c/tests.rs", "use crate::c::D;\n"),
        ])?;
        assert_eq!(describe_all(&krate), ["crate::a -> crate::b -> crate::a"]);
        let graph = krate.graph();
        assert_eq!(graph.imports_of("crate").collect::<Vec<_>>(), ["crate::a"]);
        assert_eq!(
            graph.imports_of("crate::b").collect::<Vec<_>>(),
            ["crate::a"]
        );
        assert_eq!(
            graph.imports_of("crate::c").collect::<Vec<_>>(),
            ["crate::c::d"]
        );
        // The test module inside `d` imports `c`; it does not count.
        assert_eq!(
            graph.imports_of("crate::c::d").collect::<Vec<_>>(),
            ["crate::b"]
        );
        assert_eq!(
            krate.test_files().iter().collect::<Vec<_>>(),
            [Path::new("src/c/tests.rs")]
        );
        assert_eq!(krate.files().len(), 5);
        Ok(())
    }

    #[test]
    fn layered_modules_have_no_circle() -> Result<(), ReadError> {
        let krate = made_up(&[
            ("src/lib.rs", LIB),
            ("src/a.rs", "use crate::b::B;\npub struct Thing(B);\n"),
            (
                "src/b.rs",
                "pub struct B;\npub fn f() -> crate::Debug { todo!() }\n",
            ),
            ("src/c/mod.rs", C),
            ("src/c/d.rs", D),
        ])?;
        assert!(describe_all(&krate).is_empty());
        assert_eq!(krate.graph().modules().count(), 5);
        Ok(())
    }

    #[test]
    fn a_path_through_a_modules_re_export_imports_that_module() -> Result<(), ReadError> {
        // `b` names `crate::c::D`, which `c` re-exports from `c::d`; `c::d` imports `b`.
        let krate = made_up(&[
            ("src/lib.rs", LIB),
            ("src/a.rs", "pub struct Thing;\n"),
            ("src/b.rs", "pub fn f(_: crate::c::D) {}\n"),
            ("src/c/mod.rs", C),
            ("src/c/d.rs", D),
        ])?;
        let graph = krate.graph();
        assert_eq!(
            graph.imports_of("crate::b").collect::<Vec<_>>(),
            ["crate::c", "crate::c::d"]
        );
        assert_eq!(
            describe_all(&krate),
            ["crate::b -> crate::c::d -> crate::b"]
        );
        assert_eq!(graph.circle_groups().first().map(BTreeSet::len), Some(3));
        Ok(())
    }

    #[test]
    fn a_missing_module_file_is_an_error() {
        let krate = made_up(&[("src/lib.rs", "mod gone;\n")]);
        let err = krate.err().map(|e| e.to_string());
        assert_eq!(
            err.as_deref(),
            Some("module crate::gone has no readable file (tried src/gone.rs src/gone/mod.rs)")
        );
    }
}
