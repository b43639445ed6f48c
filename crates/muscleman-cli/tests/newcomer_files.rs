//! `check` on the broken files a newcomer wrote (issue 38), one test per
//! kind: each error names the mistake, at its line and column, and offers
//! what was meant where there is a guess to make; no mistake cascades into
//! errors about things that are fine.

mod common;

use common::{Files, expect_bad_input, expect_ok};

/// Check `text` as `l.txt`, which must fail; return its error lines.
fn errors(text: &str) -> Vec<String> {
    let f = Files::new();
    f.write("l.txt", text);
    expect_bad_input(&f, &["check", "l.txt"], None)
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Check `text` as `l.txt`, which must pass; return its warning lines.
fn warnings(text: &str) -> Vec<String> {
    let f = Files::new();
    f.write("l.txt", text);
    let (_, err) = expect_ok(&f, &["check", "l.txt"], None);
    err.lines().map(str::to_owned).collect()
}

#[test]
fn a_typo_in_a_legend_key_is_read_as_meant() {
    let e = errors("legnd: k = KeyRed\nlegend: d = DoorRed\n#######\n#@k$.d#\n#######\n");
    assert_eq!(
        e,
        [
            "l.txt:1:1: \"legnd\" is not a legend key, did you mean \"legend:\"? (read as one: \
          \"legend: LETTER = RECIPE\")"
        ]
    );
}

#[test]
fn a_recipe_typo_offers_the_nearest_name() {
    let e = errors("legend: k = KeyRd\n#######\n#@k$. #\n#######\n");
    assert_eq!(
        e,
        ["l.txt:1:13: unknown recipe \"KeyRd\", did you mean KeyRed?"]
    );
}

#[test]
fn a_grid_letter_with_no_legend_says_which_legend_line_is_missing() {
    let e = errors("#######\n#@k$. #\n#######\n");
    assert_eq!(
        e,
        [
            "l.txt:2:3: unknown symbol 'k': no legend line defines the letter, expected \
          \"legend: k = RECIPE\" above the grid"
        ]
    );
}

#[test]
fn a_letter_in_the_wrong_case_is_named_so() {
    let e = errors("legend: k = KeyRed\n#######\n#@K$. #\n#######\n");
    assert_eq!(
        e,
        [
            "l.txt:3:3: unknown symbol 'K': no legend line defines it, but one defines 'k' \
          (legend letters are case-sensitive: did you mean 'k'?)"
        ]
    );
}

#[test]
fn unpaired_stairs_name_the_missing_cell_from_1() {
    let e = errors(
        "legend: u = StairsUp\nlegend: d = StairsDown\nfloor: Ground\n######\n#@ $u#\n######\n\
         floor: Attic\n######\n#. d #\n######\n",
    );
    assert_eq!(
        e,
        [
            "l.txt:5:5: unpaired StairsUp, expected StairsDown in the same cell one floor up, \
             at floor 2 row 2 column 5",
            "l.txt:9:4: unpaired StairsDown, expected StairsUp in the same cell one floor down, \
             at floor 1 row 2 column 4",
        ]
    );
}

#[test]
fn stairs_down_on_floor_1_and_a_floor_with_no_rows_say_so_without_a_floor_0() {
    let e = errors("legend: d = StairsDown\nfloor: Ground\n######\n#@d$.#\n######\nfloor: Attic\n");
    assert_eq!(
        e,
        [
            "l.txt:4:3: unpaired StairsDown on floor 1, the lowest floor: stairs down need a \
             floor below (floors count up from the first in the file; did you mean StairsUp?)",
            "l.txt:6:1: 'floor:' line with no rows, expected the floor's grid rows below it",
        ]
    );
    assert!(e.iter().all(|l| !l.contains("floor 0")), "{e:?}");
}

#[test]
fn two_players_are_named_at_their_cells_from_1() {
    let e = errors("#######\n#@@$. #\n#######\n");
    assert_eq!(
        e,
        ["l.txt:2:3: level has 2 players, at row 2 column 2, row 2 column 3, expected exactly one"]
    );
}

#[test]
fn a_cauldron_with_three_keys_says_how_many_it_holds() {
    let e = errors("legend: c = Cauldron(KeyBlue KeyRed KeyYellow)\n#######\n#@c$. #\n#######\n");
    assert_eq!(e, ["l.txt:1:30: a Cauldron holds at most 1 key, found 3"]);
}

#[test]
fn a_box_on_a_wall_a_heavy_box_on_water_and_a_duck_facing_north() {
    let e = errors(
        "legend: a = WallStrong Box\nlegend: h = HeavyBox WaterCell\nlegend: d = Duck:north\n\
         ########\n#@a$.hd#\n########\n",
    );
    assert_eq!(e.len(), 3, "{e:?}");
    assert!(e[0].starts_with("l.txt:1:24: a cell cannot hold both WallStrong and Box"));
    assert!(
        e[1].starts_with("l.txt:2:13: a heavy box on unfilled water sinks, write HeavyBox:sunk"),
        "{e:?}"
    );
    // Only the duck's own states, and the compass word's way.
    assert_eq!(
        e[2],
        "l.txt:3:18: unknown state \"north\", did you mean Duck:up? (expected Duck:up, \
         Duck:right, Duck:down or Duck:left)"
    );
}

#[test]
fn a_tab_in_a_grid_row_asks_for_spaces() {
    let e = errors("#######\n#@\t$. #\n#######\n");
    assert_eq!(
        e,
        ["l.txt:2:3: tab in a grid row, expected spaces (tabs are not expanded)"]
    );
}

#[test]
fn a_misspelt_floor_key_is_read_as_meant_and_nothing_cascades() {
    let e = errors(
        "legend: u = StairsUp\nlegend: d = StairsDown\nfloor: Ground\n#####\n#@$u#\n#####\n\
         flor: Attic\n#####\n#. d#\n#####\n",
    );
    // No unpaired stairs, no "no player", no unknown symbol: only the key.
    assert_eq!(
        e,
        ["l.txt:7:1: \"flor\" is not a floor key, did you mean \"floor:\"? (read as one)"]
    );
}

#[test]
fn a_key_beside_a_cauldron_is_offered_as_its_contents() {
    let e = errors("legend: c = Cauldron KeyBlue\n#######\n#@c$. #\n#######\n");
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].starts_with("l.txt:1:22: a cell cannot hold both Cauldron and KeyBlue")
            && e[0].ends_with("(did you mean Cauldron(KeyBlue)? contents go in parentheses)"),
        "{e:?}"
    );
}

#[test]
fn a_duck_on_a_goal_is_a_warning_that_it_does_not_fill_it() {
    let w = warnings("legend: d = Duck Goal\n#######\n#@d$. #\n#######\n");
    assert!(
        w.contains(
            &"warning: l.txt:3:3: level 1: a Duck on a goal does not fill it: only a box or a \
              heavy box does, and none comes in while the Duck stays"
                .to_owned()
        ),
        "{w:?}"
    );
}

#[test]
fn a_level_with_only_warnings_passes_and_names_each() {
    let f = Files::new();
    f.write(
        "l.txt",
        "legend: p = PressurePlateRed\n#######\n#@p$. #\n#######\n",
    );
    let (out, err) = expect_ok(&f, &["check", "l.txt"], None);
    assert_eq!(out, "l.txt: 1 level read, valid\n");
    assert_eq!(
        err,
        "warning: l.txt:3:3: level 1: the red plate opens nothing: no red door\n"
    );
}

#[test]
fn a_misspelt_metadata_key_the_game_reads_is_a_warning_with_the_key_meant() {
    let w = warnings("; T\nAutor: Ann\nDifficulty: 3\n#####\n#@$.#\n#####\n");
    assert_eq!(
        w,
        [
            "warning: l.txt:4:1: level 1 (T): metadata key \"Autor\" means nothing to the game: \
          did you mean \"Author:\"?"
        ]
    );
}
