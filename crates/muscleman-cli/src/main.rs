//! The `muscleman` binary; see the `muscleman_cli` library.

use std::process::ExitCode;

fn main() -> ExitCode {
    muscleman_cli::run_cli()
}
