//! Print a crate's import circles and the imports of each module in them:
//! `cargo run -p muscleman-imports --example circles -- crates/muscleman-sim/src/lib.rs`.

use std::path::Path;

use muscleman_imports::{CrateModules, describe};

fn main() {
    let Some(root) = std::env::args().nth(1) else {
        eprintln!("usage: circles CRATE_ROOT_FILE");
        std::process::exit(2);
    };
    let modules = match CrateModules::read(Path::new(&root)) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let graph = modules.graph();
    for (circle, group) in graph.circles().iter().zip(graph.circle_groups()) {
        println!("circle: {}", describe(circle));
        for module in &group {
            let inside: Vec<&str> = graph
                .imports_of(module)
                .filter(|m| group.contains(*m))
                .collect();
            println!("  {module} -> {}", inside.join(", "));
        }
    }
}
