//! The `muscleman` binary; see the `muscleman_cli` library.

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::process::ExitCode;

fn main() -> ExitCode {
    muscleman_cli::run_cli()
}
