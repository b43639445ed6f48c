//! Count the page faults one level load costs: how much of a load's memory
//! comes fresh from the kernel each time, for the sim and the dense
//! baseline, on the load benches' levels (see BENCHMARKS.md, "Growth").
//!
//! Run: `cargo run --release -p muscleman-sim --example load_faults`
//!
//! Reads the process's minor fault count from `/proc/self/stat`, so it
//! needs Linux.

// The bench code, shared: the example uses the level generator and the
// baseline's reader (both modules allow their unused parts).
#[path = "../benches/baseline/mod.rs"]
mod baseline;
#[path = "../benches/support/mod.rs"]
mod support;

use std::error::Error;
use std::hint::black_box;

use muscleman_level::Level;
use muscleman_sim::world_from_level;

/// Return the process's minor page faults so far (field 10 of
/// `/proc/self/stat`, counted after the parenthesised command name).
fn minor_faults() -> Result<u64, Box<dyn Error>> {
    let stat = std::fs::read_to_string("/proc/self/stat")?;
    let after_name = stat.rsplit_once(')').ok_or("no ')' in /proc/self/stat")?.1;
    let field = after_name
        .split_whitespace()
        .nth(7)
        .ok_or("/proc/self/stat is too short")?;
    Ok(field.parse()?)
}

/// Return the page faults per call of `load`, over `reps` calls, each
/// result dropped before the next call (as the load benches do).
fn faults_per_load<T>(
    reps: u32,
    mut load: impl FnMut() -> Result<T, Box<dyn Error>>,
) -> Result<f64, Box<dyn Error>> {
    for _ in 0..3 {
        drop(load()?);
    }
    let before = minor_faults()?;
    for _ in 0..reps {
        drop(black_box(load()?));
    }
    Ok((minor_faults()? - before) as f64 / f64::from(reps))
}

fn main() -> Result<(), Box<dyn Error>> {
    println!("| N | read + spawn | spawn | baseline (read into array) |");
    println!("|---|---:|---:|---:|");
    for n in [100, 300, 1000] {
        let text = support::level(n).to_text();
        let parsed = Level::parse(&text)?;
        let reps = if n >= 1000 { 50 } else { 500 };
        let read_spawn = faults_per_load(reps, || {
            let level = Level::parse(&text)?;
            Ok(world_from_level(&level)?)
        })?;
        let spawn = faults_per_load(reps, || Ok(world_from_level(&parsed)?))?;
        let baseline = faults_per_load(reps, || {
            baseline::Grid::read_xsb(&text, None).ok_or_else(|| "baseline cannot read".into())
        })?;
        println!("| {n} | {read_spawn:.1} | {spawn:.1} | {baseline:.1} |");
    }
    println!("\n(minor page faults per load, 4 KiB each)");
    Ok(())
}
