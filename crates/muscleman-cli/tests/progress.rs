//! The progress file: per level and rules solved and best moves and pushes,
//! written atomically under the rule book's version, an old file migrated or
//! refused, a corrupt file moved aside with a warning, never a crash.

use muscleman_cli::progress::{FILE_NAME, Progress, level_key, rules_key};
use muscleman_level::Level;
use muscleman_sim::{RULES_VERSION, Rules};

const M: Rules = Rules::MUSCLEMAN;
const S: Rules = Rules::SOKOBAN;

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
    assert_eq!(p.get(&l, M), None);
    let improved = p.record_solve(&l, M, 5, 1).unwrap();
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
        p.record_solve(&a, M, 10, 4).unwrap();
        let i = p.record_solve(&a, M, 12, 3).unwrap();
        assert!(!i.first_solve && !i.moves && i.pushes);
        p.record_solve(&b, M, 7, 2).unwrap();
    }
    let (p, warnings) = Progress::open(tmp.path());
    assert!(warnings.is_empty());
    let r = p.get(&a, M).unwrap();
    assert!(r.solved);
    assert_eq!((r.best_moves, r.best_pushes), (Some(10), Some(3)));
    assert_eq!(p.get(&b, M).unwrap().best_moves, Some(7));
    assert_eq!(p.solved_count([&a, &b], M), 2);
    // The same grid under another title is the same level.
    assert!(
        p.get(&level("; Renamed\n#####\n#@$.#\n#####\n"), M)
            .is_some()
    );
}

#[test]
fn writes_are_atomic_and_leave_no_temporary_files() {
    let tmp = tempfile::tempdir().unwrap();
    let (mut p, _) = Progress::open(tmp.path());
    for moves in (1..30).rev() {
        p.record_solve(&level("#####\n#@$.#\n#####\n"), M, moves, 1)
            .unwrap();
        // After every write the file is whole, valid progress.
        let text = std::fs::read_to_string(tmp.path().join(FILE_NAME)).unwrap();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(json["version"], 3);
        assert_eq!(json["rules_version"], RULES_VERSION);
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
        b"{\"version\": 0, \"levels\": {}}",
        b"{\"version\": 2, \"levels\": {}}",
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
        p.record_solve(&level("#####\n#@$.#\n#####\n"), M, 1, 1)
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
    p.record_solve(&level("#####\n#@$.#\n#####\n"), M, 1, 1)
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

/// A level solved under Muscleman rules is not solved under Sokoban rules:
/// records are keyed by level and rules (`#@$$ ..#` needs a chain push).
#[test]
fn records_are_kept_per_rules() {
    let tmp = tempfile::tempdir().unwrap();
    let chain = level("#@$$ ..#\n");
    let (mut p, _) = Progress::open(tmp.path());
    p.record_solve(&chain, M, 3, 3).unwrap();
    assert!(p.get(&chain, M).is_some_and(|r| r.solved));
    assert_eq!(p.get(&chain, S), None, "not solved under Sokoban rules");
    assert_eq!(p.solved_count([&chain], S), 0);
    assert_eq!(p.under(S).solved_count([&chain]), 0);
    assert_eq!(p.under(M).solved_count([&chain]), 1);
    // A Sokoban solve is its own record, with its own bests.
    let other = level("#####\n#@$.#\n#####\n");
    p.record_solve(&other, S, 9, 1).unwrap();
    p.record_solve(&other, M, 1, 1).unwrap();
    let (p, warnings) = Progress::open(tmp.path());
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(p.get(&chain, S), None);
    assert_eq!(p.get(&other, S).unwrap().best_moves, Some(9));
    assert_eq!(p.get(&other, M).unwrap().best_moves, Some(1));
    let text = std::fs::read_to_string(tmp.path().join(FILE_NAME)).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["version"], 3);
    assert_eq!(json["rules_version"], RULES_VERSION);
    let by_rules = &json["levels"][level_key(&other)];
    assert_eq!(by_rules["sokoban"]["best_moves"], 9);
    assert_eq!(by_rules["muscleman"]["best_moves"], 1);
    assert_eq!(
        rules_key(Rules::MUSCLEMAN.with_max_chain(Some(2))),
        "max-chain-2"
    );
}

/// A format-1 file (rule book 1, rules not recorded) is migrated: its
/// records count under Muscleman rules for levels without water only, are
/// kept in the rewritten file until a solve merges them, and never count
/// under Sokoban rules.
#[test]
fn a_format_1_file_is_migrated_where_its_records_still_hold() {
    let tmp = tempfile::tempdir().unwrap();
    let dry = level("#####\n#@$.#\n#####\n");
    let wet = level("######\n#@$~.#\n######\n");
    let v1 = serde_json::json!({
        "version": 1,
        "levels": {
            level_key(&dry): { "solved": true, "best_moves": 4, "best_pushes": 2 },
            level_key(&wet): { "solved": true, "best_moves": 3, "best_pushes": 3 },
        }
    });
    let path = tmp.path().join(FILE_NAME);
    std::fs::write(&path, v1.to_string()).unwrap();
    let (mut p, warnings) = Progress::open(tmp.path());
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].detail.contains("rule book 1"), "{warnings:?}");
    assert!(warnings[0].short.chars().count() < 79, "{warnings:?}");
    let dry_record = p
        .get(&dry, M)
        .expect("a level without water keeps its record");
    assert_eq!(
        (dry_record.best_moves, dry_record.best_pushes),
        (Some(4), Some(2))
    );
    assert_eq!(p.get(&dry, S), None, "rules unknown: not a Sokoban record");
    assert_eq!(p.get(&wet, M), None, "water plays differently now");
    assert_eq!(p.get(&wet, S), None);
    // The file was rewritten in the current format, nothing lost.
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(json["version"], 3);
    assert_eq!(json["rules_version"], RULES_VERSION);
    assert_eq!(json["from_rule_book_1"][level_key(&wet)]["best_moves"], 3);
    assert_eq!(names(tmp.path()), [FILE_NAME]);
    // Reopened: current, no warning, same answers.
    let (_, warnings) = Progress::open(tmp.path());
    assert!(warnings.is_empty(), "{warnings:?}");
    // A solve merges the old record: not a first solve, the old best kept.
    let i = p.record_solve(&dry, M, 6, 1).unwrap();
    assert!(!i.first_solve && !i.moves && i.pushes, "{i:?}");
    let r = p.get(&dry, M).unwrap();
    assert_eq!((r.best_moves, r.best_pushes), (Some(4), Some(1)));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        json["levels"][level_key(&dry)]["muscleman"]["best_moves"],
        4
    );
    assert!(json["from_rule_book_1"].get(level_key(&dry)).is_none());
}

/// A file of an older rule book with no migration is refused: moved aside
/// with a message naming the rule books, never read as current (rule book 1
/// in a format that records rule books: no build wrote one).
#[test]
fn an_older_rule_book_without_a_migration_is_moved_aside() {
    const OLD: u32 = 1;
    let tmp = tempfile::tempdir().unwrap();
    let l = level("#####\n#@$.#\n#####\n");
    let old = serde_json::json!({
        "version": 2,
        "rules_version": OLD,
        "levels": { level_key(&l): { "muscleman": { "solved": true, "best_moves": 1, "best_pushes": 1 } } }
    })
    .to_string();
    let path = tmp.path().join(FILE_NAME);
    std::fs::write(&path, &old).unwrap();
    let (p, warnings) = Progress::open(tmp.path());
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0]
            .detail
            .contains(&format!("written under rule book {OLD}")),
        "{warnings:?}"
    );
    assert_eq!(
        warnings[0].short,
        format!(
            "Progress of rule book {OLD} (this is {RULES_VERSION}) moved to {FILE_NAME}.rules-{OLD}-1"
        ),
        "the short line names the cause"
    );
    assert_eq!(p.get(&l, M), None, "not read as if it were current");
    let aside = tmp.path().join(format!("{FILE_NAME}.rules-{OLD}-1"));
    assert_eq!(std::fs::read_to_string(aside).unwrap(), old);
    assert!(p.path().is_some(), "play starts afresh and keeps progress");
}

/// A file written by a newer muscleman (format or rule book) is refused and
/// left alone for it: progress is kept in memory only.
#[test]
fn a_newer_file_is_left_alone() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join(FILE_NAME);
    for newer in [
        serde_json::json!({ "version": 4, "anything": [] }),
        serde_json::json!({ "version": 3, "rules_version": RULES_VERSION + 1, "levels": {} }),
    ] {
        let text = newer.to_string();
        std::fs::write(&path, &text).unwrap();
        let (mut p, warnings) = Progress::open(tmp.path());
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].detail.contains("newer"), "{warnings:?}");
        assert!(p.path().is_none());
        p.record_solve(&level("#####\n#@$.#\n#####\n"), M, 1, 1)
            .unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "untouched");
        assert_eq!(names(tmp.path()), [FILE_NAME]);
    }
}

/// The migrations from rule books 1, 2 and 3 are written for rule book 4:
/// a new rule book must decide what carries over (and change this test).
#[test]
fn the_migration_is_written_for_this_rule_book() {
    assert_eq!(
        RULES_VERSION, 4,
        "the rule book changed: review progress.rs's migration (which records still hold?)"
    );
}

/// A file of rule book 2 or 3 holds under rule book 4 as it is: read as
/// current, no warning, and written back under rule book 4.
#[test]
fn a_rule_book_2_or_3_file_is_kept_under_rule_book_4() {
    for older in [2, 3] {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join(FILE_NAME);
        let l = level("#####\n#@$.#\n#####\n");
        let old = serde_json::json!({
            "version": 3,
            "rules_version": older,
            "levels": { level_key(&l): { "muscleman": { "solved": true, "best_moves": 4, "best_pushes": 1 } } }
        });
        std::fs::write(&path, old.to_string()).unwrap();
        let (mut p, warnings) = Progress::open(tmp.path());
        assert!(warnings.is_empty(), "{older}: {warnings:?}");
        assert_eq!(p.get(&l, M).unwrap().best_moves, Some(4));
        p.record_solution(&l, M, 1, 1, Some("R")).unwrap();
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(json["rules_version"], 4);
        assert_eq!(names(tmp.path()), [FILE_NAME], "nothing moved aside");
    }
}

/// A format-2 file (before solutions and the last level played were kept)
/// is read as it is and written back as format 3 at the next change.
#[test]
fn a_format_2_file_is_read_and_upgraded() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join(FILE_NAME);
    let l = level("#####\n#@$.#\n#####\n");
    let old = serde_json::json!({
        "version": 2,
        "rules_version": RULES_VERSION,
        "levels": { level_key(&l): { "muscleman": { "solved": true, "best_moves": 4, "best_pushes": 1 } } }
    });
    std::fs::write(&path, old.to_string()).unwrap();
    let (mut p, warnings) = Progress::open(tmp.path());
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(p.get(&l, M).unwrap().best_moves, Some(4));
    p.record_solution(&l, M, 1, 1, Some("R")).unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(json["version"], 3);
    assert_eq!(json["levels"][level_key(&l)]["muscleman"]["best_moves"], 1);
}

/// The best solution (fewest moves, then pushes) and the level last played
/// in a set are kept per rules, across a reopen.
#[test]
fn solutions_and_the_last_level_are_kept_per_rules() {
    let tmp = tempfile::tempdir().unwrap();
    let l = level("#######\n#@ $ .#\n#######\n");
    {
        let (mut p, _) = Progress::open(tmp.path());
        p.record_solution(&l, M, 5, 2, Some("rlrRR")).unwrap();
        p.record_solution(&l, M, 3, 2, Some("rRR")).unwrap();
        p.record_solution(&l, M, 4, 1, Some("xxxx")).unwrap();
        p.set_last_played("set", S, &l).unwrap();
    }
    let (p, _) = Progress::open(tmp.path());
    let kept = p.solution(&l, M).unwrap();
    assert_eq!(
        (kept.moves.as_str(), kept.move_count, kept.push_count),
        ("rRR", 3, 2)
    );
    assert!(p.solution(&l, S).is_none());
    assert_eq!(p.last_played("set", S), Some(level_key(&l).as_str()));
    assert_eq!(p.last_played("set", M), None);
    assert_eq!(p.last_played("other", S), None);
}
