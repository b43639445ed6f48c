//! The binary and temporary level files for end-to-end tests.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// The `muscleman` binary, with its data directory in `data_dir` (never the user's).
pub fn muscleman(data_dir: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_muscleman"));
    cmd.env("MUSCLEMAN_DATA_DIR", data_dir)
        .env_remove("NO_COLOR");
    cmd
}

/// A temporary directory holding files for one test.
pub struct Files {
    /// The directory (deleted when dropped).
    pub dir: tempfile::TempDir,
}

impl Files {
    /// Make an empty directory.
    pub fn new() -> Files {
        Files {
            dir: tempfile::tempdir().expect("temp dir"),
        }
    }

    /// Write `name` with `bytes` and return its path.
    pub fn write(&self, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
        let path = self.dir.path().join(name);
        std::fs::write(&path, bytes).expect("write test file");
        path
    }

    /// Return the path of `name` in the directory (which may not exist).
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// The `muscleman` binary, run in this directory, with its data directory inside it.
    pub fn cmd(&self) -> Command {
        let mut cmd = muscleman(&self.dir.path().join("data"));
        cmd.current_dir(self.dir.path());
        cmd
    }
}

/// Run `muscleman ARGS` in `files`, expect exit 2, an empty stdout and a
/// non-empty message on stderr; return the message.
pub fn expect_bad_input(files: &Files, args: &[&str], stdin: Option<&[u8]>) -> String {
    let mut cmd = files.cmd();
    cmd.args(args);
    if let Some(bytes) = stdin {
        cmd.write_stdin(bytes.to_vec());
    }
    let out = cmd.output().expect("run muscleman");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "args {args:?}: stderr {stderr}");
    assert!(
        out.stdout.is_empty(),
        "args {args:?}: stdout {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(!stderr.trim().is_empty(), "args {args:?}: no message");
    assert!(!stderr.contains("panicked"), "args {args:?}: {stderr}");
    stderr
}

/// Run `muscleman ARGS` in `files`, expect exit 0; return stdout and stderr.
pub fn expect_ok(files: &Files, args: &[&str], stdin: Option<&[u8]>) -> (String, String) {
    let mut cmd = files.cmd();
    cmd.args(args);
    if let Some(bytes) = stdin {
        cmd.write_stdin(bytes.to_vec());
    }
    let out = cmd.output().expect("run muscleman");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(0), "args {args:?}: stderr {stderr}");
    (stdout, stderr)
}
