//! The page's help and taps, natively: a level's introduction and its
//! things in their recipes' words, and a tap's walk or push as the
//! terminal's mouse plans it.

use muscleman_web::session::Web;

#[test]
fn the_help_says_what_the_level_holds_in_its_recipes_words_and_its_comment() {
    let mut web = Web::new();
    web.load_text(
        b"Title: Keys\nAuthor: Ada\nComment: Fetch the key.\nlegend: r = KeyRed\nlegend: R = DoorRed\n#######\n#@ r R.#\n#  $  #\n#######\n",
        1,
    )
    .unwrap();
    let about = web.about().unwrap();
    assert_eq!(about["title"], "Keys");
    assert_eq!(about["author"], "Ada");
    assert_eq!(about["comment"], "Fetch the key.");
    let rules = about["rules"].as_str().unwrap();
    assert!(
        rules.starts_with("Muscleman: you push a whole line of boxes at once. g grabs"),
        "{rules}"
    );
    assert!(
        about["moves"]
            .as_str()
            .unwrap()
            .starts_with("each step you walk is a move")
    );
    let things = about["things"].as_array().unwrap();
    let names: Vec<String> = things
        .iter()
        .flat_map(|t| t["names"].as_array().unwrap().clone())
        .map(|n| n.as_str().unwrap().to_owned())
        .collect();
    for want in ["red key", "red door", "box", "goal"] {
        assert!(names.iter().any(|n| n == want), "{want} in {names:?}");
    }
    assert!(
        things
            .iter()
            .all(|t| !t["explain"].as_str().unwrap().is_empty())
    );
}

#[test]
fn a_tap_walks_the_shortest_way_and_a_picked_box_is_pushed_to_the_cell_tapped() {
    let mut web = Web::new();
    web.load_text(b"#######\n#@    #\n# $  .#\n#######\n", 1)
        .unwrap();
    assert_eq!(web.walk(4, 1, None).unwrap()["moves"], "rrr");
    assert!(web.walk(0, 0, None).is_err());
    assert_eq!(web.pushable(2, 2).unwrap(), true);
    assert_eq!(web.pushable(3, 2).unwrap(), false);
    let push = web.walk(5, 2, Some((2, 2))).unwrap();
    let moves = push["moves"].as_str().unwrap().to_owned();
    assert_eq!(web.play(moves.as_bytes()).unwrap()["state"]["solved"], true);
    assert!(web.walk(5, 2, Some((3, 1))).is_err());
}

#[test]
fn a_step_names_the_sounds_its_events_ask_for_by_the_godot_adapters_table() {
    let mut web = Web::new();
    web.load_text(b"#@$$ #\n", 1).unwrap();
    let push = web.play(b"r").unwrap();
    assert_eq!(push["steps"][0]["sounds"], serde_json::json!(["push"]));
    let bump = web.play(b"rr").unwrap();
    assert_eq!(bump["steps"][1]["sounds"], serde_json::json!(["bump"]));
    assert_eq!(
        web.play(b"z").unwrap()["steps"][0]["sounds"],
        serde_json::json!([])
    );
    let all = muscleman_web::record::sounds();
    assert_eq!(all["rate"], 22_050);
    let names: Vec<&str> = muscleman_play::sound::Sound::ALL
        .iter()
        .map(|s| s.name())
        .collect();
    let given: Vec<&str> = all["sounds"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(given.len(), names.len());
    assert!(names.iter().all(|n| given.contains(n)), "{given:?}");
}
