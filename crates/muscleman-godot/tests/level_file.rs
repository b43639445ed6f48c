//! A level file chosen in the level list: read as the terminal reads one,
//! offered as a collection after the built-in ones, its progress kept by
//! level and set as the terminal keeps a file's, a bad file refused with
//! the terminal's placed message.

use muscleman_godot::shelf::Shelf;
use muscleman_play::progress::{Progress, set_key};
use muscleman_sim::Rules;

const TWO: &str = "; Two\n\n; Tiny\n#@$.#\n\n; Hands\nRules: muscleman\n#@$$.#\n#    #\n######\n";

fn write(dir: &std::path::Path, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_file_is_a_collection_of_its_own_with_its_progress_kept_as_the_terminal_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "two.txt", TWO);
    let mut shelf = Shelf::in_memory().unwrap();
    assert!(shelf.open(dir.path()).is_empty());
    let c = shelf.open_file(&file, Rules::MUSCLEMAN).unwrap();
    assert_eq!(c, 2, "after the built-in collections");
    assert_eq!(shelf.names()[2], "two.txt");
    assert_eq!(shelf.ids()[2], file.display().to_string());
    let rows = shelf.rows(c, Rules::MUSCLEMAN);
    let titles: Vec<&str> = rows.iter().map(|r| r.title.as_str()).collect();
    assert_eq!(titles, ["Tiny", "Hands"]);
    assert!(rows.iter().all(|r| r.par.is_none() && !r.record.solved));
    assert!(rows.iter().all(|r| r.why_not.is_none()));
    // Sokoban's rules cannot play the level that says it needs Muscleman's.
    let sokoban = shelf.rows(c, Rules::SOKOBAN);
    assert!(sokoban[0].why_not.is_none());
    assert!(
        sokoban[1]
            .why_not
            .as_deref()
            .unwrap()
            .contains("Rules: muscleman")
    );
    // The same levels again: the same collection.
    assert_eq!(shelf.open_file(&file, Rules::MUSCLEMAN), Ok(c));

    let (mut session, warning) = shelf.start(c, 0, Rules::MUSCLEMAN).unwrap();
    assert_eq!(warning, None);
    assert_eq!(session.title(), "Tiny");
    session.play("r").unwrap();
    assert!(session.is_solved());
    assert!(shelf.record_solve(session.game()).unwrap().first_solve);
    shelf.keep(session.game()).unwrap();
    assert_eq!(shelf.solved_count(c, Rules::MUSCLEMAN), 1);
    // A file is no place the game opens in next run.
    assert_eq!(shelf.where_left(Rules::MUSCLEMAN), None);

    // Next run: the terminal's own file holds the record, under the
    // level's key, and where the file was left under its set's key.
    let (progress, warnings) = Progress::open(dir.path());
    assert!(warnings.is_empty());
    let levels = muscleman_play::level_file::parse("two.txt", TWO.as_bytes())
        .unwrap()
        .levels;
    assert!(progress.get(&levels[0], Rules::MUSCLEMAN).unwrap().solved);
    assert!(
        progress
            .last_played(&set_key(&levels), Rules::MUSCLEMAN)
            .is_some()
    );
    let mut again = Shelf::in_memory().unwrap();
    assert!(again.open(dir.path()).is_empty());
    let c = again.open_file(&file, Rules::MUSCLEMAN).unwrap();
    assert!(again.rows(c, Rules::MUSCLEMAN)[0].record.solved);
    assert_eq!(again.left_in(c, Rules::MUSCLEMAN), Some(0));
    let (kept, _) = again.start(c, 0, Rules::MUSCLEMAN).unwrap();
    assert!(kept.is_solved(), "at its kept position");
}

#[test]
fn a_bad_file_is_refused_with_the_terminal_s_placed_message_and_nothing_offered() {
    let dir = tempfile::tempdir().unwrap();
    let mut shelf = Shelf::in_memory().unwrap();
    let bad = write(dir.path(), "bad.txt", "; Bad\n#####\n#@$Q#\n#####\n");
    let message = shelf.open_file(&bad, Rules::MUSCLEMAN).unwrap_err();
    assert!(message.starts_with("bad.txt:3:4: "), "{message}");
    let empty = write(dir.path(), "empty.txt", "; nothing here\n");
    assert_eq!(
        shelf.open_file(&empty, Rules::MUSCLEMAN),
        Err("empty.txt:1:1: no level found, expected a grid of rows such as '#@$.#'".to_owned())
    );
    let missing = dir.path().join("missing.txt");
    let message = shelf.open_file(&missing, Rules::MUSCLEMAN).unwrap_err();
    assert!(message.ends_with("missing.txt: no such file"), "{message}");
    let message = shelf.open_file(dir.path(), Rules::MUSCLEMAN).unwrap_err();
    assert!(message.contains("is a directory"), "{message}");
    assert_eq!(shelf.names().len(), 2, "nothing offered");
    assert!(shelf.rows(2, Rules::MUSCLEMAN).is_empty());
}
