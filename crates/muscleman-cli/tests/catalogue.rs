//! `replay --json` and the docs read the sim's event catalogue (issue 22):
//! every event kind has its JSON name in docs/cli.md, and what `replay
//! --json` prints for an event is its catalogue name and fields.

mod common;

use muscleman_core::SimEvent;

#[test]
fn the_cli_page_names_every_event_of_the_catalogue() {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cli.md"))
        .unwrap_or_default();
    for event in SimEvent::CATALOGUE.iter().filter(|e| !e.demo) {
        assert!(
            page.contains(&format!("`{}`", event.name)),
            "docs/cli.md does not name the event `{}`",
            event.name
        );
    }
}

#[test]
fn json_events_are_their_catalogue_names_with_their_fields() {
    let f = common::Files::new();
    let level = f.write(
        "key.txt",
        "legend: r = KeyRed\nlegend: R = DoorRed\n#@#\n#r#\n#R#\n# #\n###\n",
    );
    let (out, _) = common::expect_ok(
        &f,
        &["replay", level.to_str().unwrap_or(""), "gdd", "--json"],
        None,
    );
    let mut seen = 0;
    for line in out.lines() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap_or_default();
        for event in value["events"].as_array().into_iter().flatten() {
            let name = event["event"].as_str().unwrap_or_default();
            let info = SimEvent::CATALOGUE
                .iter()
                .find(|e| e.name == name)
                .unwrap_or_else(|| panic!("{name} is no event of the catalogue"));
            let mut keys: Vec<&str> = event
                .as_object()
                .map(|o| o.keys().map(String::as_str).collect())
                .unwrap_or_default();
            keys.retain(|k| *k != "event");
            keys.sort_unstable();
            let mut fields: Vec<&str> = info.fields.iter().map(|(n, _)| *n).collect();
            fields.sort_unstable();
            assert_eq!(keys, fields, "{name}");
            seen += 1;
        }
    }
    assert!(seen >= 3, "the replay spent a key at its door: {out}");
}

/// The demonstration mechanic (`--features demo-glow`) reaches `replay
/// --json` with no edit to the CLI: its event is written from the catalogue.
#[cfg(feature = "demo-glow")]
#[test]
fn the_demonstration_lantern_glows_in_json() {
    let f = common::Files::new();
    let level = f.write("lantern.txt", "legend: l = Lantern\n#####\n#@ l#\n#####\n");
    let (out, _) = common::expect_ok(
        &f,
        &["replay", level.to_str().unwrap_or(""), "rl", "--json"],
        None,
    );
    let glowed: Vec<serde_json::Value> = out
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .flat_map(|v| v["events"].as_array().cloned().unwrap_or_default())
        .filter(|e| e["event"] == "glowed")
        .collect();
    assert_eq!(glowed.len(), 2, "{out}");
    assert_eq!(glowed[0]["lit"], true);
    assert_eq!(glowed[0]["lantern"]["recipe"], "Lantern");
    assert_eq!(glowed[1]["lit"], false);
}
