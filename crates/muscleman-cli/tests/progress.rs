//! The progress file: per level solved and best moves and pushes, written
//! atomically, a corrupt file moved aside with a warning, never a crash.

use muscleman_cli::progress::{FILE_NAME, Progress, level_key};
use muscleman_level::Level;

fn level(text: &str) -> Level {
    Level::parse(text).expect("level")
}

fn names(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.map(|e| e.unwrap().file_name().into_string().unwrap())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

#[test]
fn a_missing_file_is_empty_progress_and_the_directory_is_made_on_save() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("deep/data");
    let (mut p, warnings) = Progress::open(&dir);
    assert!(warnings.is_empty(), "{warnings:?}");
    let l = level("#####\n#@$.#\n#####\n");
    assert_eq!(p.get(&l), None);
    let improved = p.record_solve(&l, 5, 1).unwrap();
    assert!(improved.first_solve && improved.moves && improved.pushes);
    assert_eq!(names(&dir), [FILE_NAME]);
}

#[test]
fn records_survive_a_reopen_and_keep_the_best() {
    let tmp = tempfile::tempdir().unwrap();
    let a = level("; A\n#####\n#@$.#\n#####\n");
    let b = level("######\n#@$ .#\n######\n");
    {
        let (mut p, _) = Progress::open(tmp.path());
        p.record_solve(&a, 10, 4).unwrap();
        let i = p.record_solve(&a, 12, 3).unwrap();
        assert!(!i.first_solve && !i.moves && i.pushes);
        p.record_solve(&b, 7, 2).unwrap();
    }
    let (p, warnings) = Progress::open(tmp.path());
    assert!(warnings.is_empty());
    let r = p.get(&a).unwrap();
    assert!(r.solved);
    assert_eq!((r.best_moves, r.best_pushes), (Some(10), Some(3)));
    assert_eq!(p.get(&b).unwrap().best_moves, Some(7));
    assert_eq!(p.solved_count([&a, &b]), 2);
    // The same grid under another title is the same level.
    assert!(p.get(&level("; Renamed\n#####\n#@$.#\n#####\n")).is_some());
}

#[test]
fn writes_are_atomic_and_leave_no_temporary_files() {
    let tmp = tempfile::tempdir().unwrap();
    let (mut p, _) = Progress::open(tmp.path());
    for moves in (1..30).rev() {
        p.record_solve(&level("#####\n#@$.#\n#####\n"), moves, 1)
            .unwrap();
        // After every write the file is whole, valid progress.
        let text = std::fs::read_to_string(tmp.path().join(FILE_NAME)).unwrap();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(json["version"], 1);
        assert_eq!(names(tmp.path()), [FILE_NAME], "no temporary file left");
    }
}

#[test]
fn a_corrupt_file_is_moved_aside_with_a_warning() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join(FILE_NAME);
    for (n, junk) in [
        &b"{ not json"[..],
        b"\xff\xfe\x00",
        b"{\"version\": 99, \"levels\": {}}",
        b"{\"version\": 1, \"levels\": {\"k\": {\"solved\": \"yes\"}}}",
        b"",
        b"[]",
    ]
    .iter()
    .enumerate()
    {
        std::fs::write(&path, junk).unwrap();
        let (mut p, warnings) = Progress::open(tmp.path());
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].detail.contains("corrupt"), "{warnings:?}");
        assert!(warnings[0].short.chars().count() < 79, "{warnings:?}");
        let aside = tmp.path().join(format!("{FILE_NAME}.corrupt-{}", n + 1));
        assert_eq!(
            std::fs::read(&aside).unwrap(),
            *junk,
            "the old file is kept aside"
        );
        assert!(!path.exists());
        // Play goes on and writes a fresh file.
        p.record_solve(&level("#####\n#@$.#\n#####\n"), 1, 1)
            .unwrap();
        assert!(path.exists());
        let (_, warnings) = Progress::open(tmp.path());
        assert!(warnings.is_empty(), "{warnings:?}");
    }
}

#[test]
fn an_unreadable_location_is_a_warning_and_progress_in_memory() {
    let tmp = tempfile::tempdir().unwrap();
    // The progress "file" is a directory: it cannot be read.
    std::fs::create_dir(tmp.path().join(FILE_NAME)).unwrap();
    let (mut p, warnings) = Progress::open(tmp.path());
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(p.path().is_none());
    p.record_solve(&level("#####\n#@$.#\n#####\n"), 1, 1)
        .unwrap();
    assert!(
        tmp.path().join(FILE_NAME).is_dir(),
        "nothing was overwritten"
    );
}

#[test]
fn level_keys_ignore_titles_but_not_cells() {
    let a = level("; A\n#####\n#@$.#\n#####\n");
    let b = level("; B\nAuthor: x\n#####\n#@$.#\n#####\n");
    let c = level("#####\n#@.$#\n#####\n");
    assert_eq!(level_key(&a), level_key(&b));
    assert_ne!(level_key(&a), level_key(&c));
}
