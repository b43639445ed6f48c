//! No crate of the workspace has an import circle (ARCHITECTURE.md's
//! invariant): every library and binary under `crates/` is read from its
//! root file, and its module graph must have no circle.

use std::path::{Path, PathBuf};

use muscleman_imports::{CrateModules, describe};

/// A crate's library or binary: the package's name, the target's name and its root file.
struct Target {
    package: String,
    name: String,
    root: PathBuf,
    src: PathBuf,
}

/// Every library and binary root of the packages under `crates/`.
fn targets() -> Vec<Target> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut packages: Vec<PathBuf> = std::fs::read_dir(&crates)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("Cargo.toml").is_file())
        .collect();
    packages.sort();
    let mut out = Vec::new();
    for package in packages {
        let name = package
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        for (file, kind) in [("lib.rs", "lib"), ("main.rs", "bin")] {
            let root = package.join("src").join(file);
            if root.is_file() {
                out.push(Target {
                    package: name.clone(),
                    name: format!("{name} ({kind})"),
                    root,
                    src: package.join("src"),
                });
            }
        }
    }
    out
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

fn read(target: &Target) -> Result<CrateModules, String> {
    CrateModules::read(&target.root).map_err(|e| format!("{}: {e}", target.name))
}

#[test]
fn no_crate_has_an_import_circle() -> Result<(), String> {
    let mut found = Vec::new();
    for target in targets() {
        let graph = read(&target)?.graph();
        for (circle, group) in graph.circles().iter().zip(graph.circle_groups()) {
            let group: Vec<String> = group.into_iter().collect();
            found.push(format!(
                "{}: {} (all of {} import each other)",
                target.name,
                describe(circle),
                group.join(", ")
            ));
        }
    }
    assert!(
        found.is_empty(),
        "import circles (move what both sides need into a module of its own):\n{}",
        found.join("\n")
    );
    Ok(())
}

/// The sim's storage layer: the world, its spatial index and tallies, the
/// components, the journal (with the restart's first-change record) and
/// the stack it is kept in, the hash, and the lists a step keeps beside
/// the world.
const SIM_STORAGE: &[&str] = &[
    "crate::changes",
    "crate::component",
    "crate::field",
    "crate::floor",
    "crate::fnv",
    "crate::hash",
    "crate::index",
    "crate::journal",
    "crate::journal::baseline",
    "crate::stack",
    "crate::tally",
    "crate::world",
];

/// The sim's storage names no rule, no system, no schedule, no step context
/// and no history (ARCHITECTURE.md): it imports only storage.
#[test]
fn the_sims_storage_imports_only_storage() -> Result<(), String> {
    let target = targets()
        .into_iter()
        .find(|t| t.package == "muscleman-sim")
        .ok_or("the sim's library")?;
    let graph = read(&target)?.graph();
    // A storage module's own children are storage too.
    let is_storage = |m: &str| {
        SIM_STORAGE
            .iter()
            .any(|s| m == *s || m.starts_with(&format!("{s}::")))
    };
    for module in SIM_STORAGE {
        assert!(
            graph.modules().any(|m| m == *module),
            "{module} is no module of the sim"
        );
    }
    for module in graph.modules().filter(|m| is_storage(m)) {
        for import in graph.imports_of(module) {
            assert!(is_storage(import), "{module} (storage) imports {import}");
        }
    }
    Ok(())
}

/// The most lines a source file under `crates/*/src` may have (inline
/// tests count): past it, split the file by concern.
const MAX_LINES: usize = 600;

#[test]
fn no_source_file_is_over_600_lines() {
    let mut long = Vec::new();
    for target in targets() {
        for file in rust_files(&target.src) {
            let lines = std::fs::read_to_string(&file)
                .map(|t| t.lines().count())
                .unwrap_or(0);
            if lines > MAX_LINES {
                long.push(format!("{} ({lines} lines)", file.display()));
            }
        }
    }
    long.sort();
    long.dedup();
    assert!(
        long.is_empty(),
        "over {MAX_LINES} lines: {}",
        long.join(", ")
    );
}

#[test]
fn every_source_file_is_read() -> Result<(), String> {
    let targets = targets();
    for package in [
        "muscleman-core",
        "muscleman-level",
        "muscleman-sim",
        "muscleman-cli",
    ] {
        assert!(
            targets.iter().any(|t| t.package == package),
            "{package} not found under crates/"
        );
    }
    let mut src_dirs: Vec<&PathBuf> = targets.iter().map(|t| &t.src).collect();
    src_dirs.dedup();
    for src in src_dirs {
        let mut reached = Vec::new();
        for target in targets.iter().filter(|t| &t.src == src) {
            let krate = read(target)?;
            reached.extend(krate.files().iter().cloned());
            reached.extend(krate.test_files().iter().cloned());
        }
        for file in rust_files(src) {
            assert!(
                reached.contains(&file),
                "{} is in no module tree the check reads",
                file.display()
            );
        }
    }
    Ok(())
}

#[test]
fn real_imports_are_seen() -> Result<(), String> {
    let cli = targets()
        .into_iter()
        .find(|t| t.name == "muscleman-cli (lib)")
        .ok_or("no muscleman-cli library")?;
    let graph = read(&cli)?.graph();
    // `use super::art::{…}` in ui.rs, `pub use app::{App, …}` in play/mod.rs.
    let ui: Vec<&str> = graph.imports_of("crate::play::ui").collect();
    assert!(ui.contains(&"crate::play::art"), "{ui:?}");
    let play: Vec<&str> = graph.imports_of("crate::play").collect();
    assert!(play.contains(&"crate::play::app"), "{play:?}");
    Ok(())
}
