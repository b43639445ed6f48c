//! Properties: print then read gives the same level (multi-line comments
//! included); plain XSB prints unchanged; no input makes the reader panic
//! (groups and comment blocks included).

use muscleman_core::{
    Contents, EntityRecipe as R, EntitySpec, GridPos, Holds, MAX_CONTENTS, RecipeState,
};
use muscleman_level::{Collection, Level};
use proptest::prelude::*;

/// Every recipe levels read but the player and the stairs (which must
/// pair across floors: `gridish` below writes them with their pairs and
/// without).
fn recipes() -> Vec<R> {
    R::ALL
        .into_iter()
        .filter(|r| r.in_levels() && !matches!(r, R::Player | R::StairsUp | R::StairsDown))
        .collect()
}

/// One spec: any recipe levels read but the player, often in a state that
/// applies to it (a duck's facing among them), a box, a cauldron or a bong
/// often with contents (not always valid ones: the level refuses those).
fn spec() -> impl Strategy<Value = EntitySpec> {
    let state = prop::option::weighted(0.4, prop::sample::select(&RecipeState::ALL[..]));
    let item = prop::sample::select(
        &[
            R::Apple,
            R::Pear,
            R::Cheese,
            R::Coin,
            R::Hammer,
            R::KeyBlue,
            R::KeyRed,
            R::KeyYellow,
            R::KeyGreen,
        ][..],
    );
    let contents = prop_oneof![
        3 => prop::collection::vec(item.clone(), 0..3),
        1 => prop::collection::vec(item, 0..=MAX_CONTENTS),
    ];
    // Boxes, heavy boxes and water often, to reach contents and sunk heavy
    // boxes; ducks, cauldrons and bongs for their states and keys.
    let recipe = prop_oneof![
        2 => Just(R::Box),
        1 => Just(R::HeavyBox),
        1 => Just(R::WaterCell),
        1 => prop::sample::select(&[R::Duck, R::Cauldron, R::Bong][..]),
        4 => prop::sample::select(recipes()),
    ];
    (recipe, state, contents).prop_map(|(recipe, state, items)| {
        let mut spec = EntitySpec::new(recipe);
        if let Some(state) = state.filter(|s| s.applies_to(recipe)) {
            spec = spec.with_state(state);
        }
        if recipe.info().holds != Holds::Nothing {
            spec = spec.with_contents(Contents::from_slice(&items).unwrap_or_default());
        }
        spec
    })
}

/// One cell without a player: mostly floor or a fixed symbol's recipes,
/// sometimes a few specs of any kind (added in canonical order, so water
/// comes before a sunk heavy box; what breaks a rule is left out).
fn cell() -> impl Strategy<Value = Vec<EntitySpec>> {
    let fixed = prop::sample::select(
        &[
            R::WallStrong,
            R::WallWeak,
            R::Box,
            R::HeavyBox,
            R::Goal,
            R::WaterCell,
        ][..],
    )
    .prop_map(|r| vec![EntitySpec::new(r)]);
    // Water filled by a sunk heavy box, with more on the bridge.
    let sunk = EntitySpec::new(R::HeavyBox).with_state(RecipeState::Sunk);
    let bridge = prop::collection::vec(spec(), 0..3).prop_map(move |mut specs| {
        specs.extend([EntitySpec::new(R::WaterCell), sunk]);
        specs
    });
    prop_oneof![
        6 => Just(Vec::new()),
        3 => fixed,
        2 => prop::collection::vec(spec(), 1..4),
        1 => bridge,
    ]
}

fn text() -> impl Strategy<Value = String> {
    "[ -~]{0,12}"
}

fn metadata() -> impl Strategy<Value = Vec<(String, String)>> {
    prop::collection::vec(("[A-Za-z][A-Za-z0-9 _#-]{0,8}", text()), 0..4)
}

/// A `Comment` value, often of several lines, some of which look like grid
/// rows, comments, metadata or the end of a block; and the key's spelling.
fn comment() -> impl Strategy<Value = Option<(&'static str, String)>> {
    let line = prop_oneof![
        4 => text(),
        1 => Just("#@$.#".to_owned()),
        1 => Just("4#|#@.#|4#".to_owned()),
        1 => Just("; not a comment".to_owned()),
        1 => Just("Title: not a title".to_owned()),
        1 => Just("legend: a = Box".to_owned()),
        1 => Just("Comment:".to_owned()),
        1 => Just("comment-end: not the end".to_owned()),
        // Refused by `Metadata::set`: the comment is then skipped.
        1 => Just(" Comment-End: ".to_owned()),
        1 => Just(String::new()),
        1 => Just("  indented \t".to_owned()),
        1 => Just("\r".to_owned()),
    ];
    let key = prop::sample::select(&["Comment", "comment", "COMMENT"][..]);
    prop::option::weighted(0.5, (key, prop::collection::vec(line, 1..5)))
        .prop_map(|c| c.map(|(key, lines)| (key, lines.join("\n"))))
}

fn level() -> impl Strategy<Value = Level> {
    (1usize..10, 1usize..8).prop_flat_map(|(w, h)| {
        (
            prop::collection::vec(cell(), w * h),
            0..w,
            0..h,
            (any::<bool>(), any::<bool>()),
            prop::option::of(text()),
            metadata(),
            comment(),
        )
            .prop_map(move |(cells, px, py, (pw, pg), title, meta, comment)| {
                let mut level = Level::new(w, h).unwrap();
                let player = GridPos::new(px as i32, py as i32);
                level.add(player, R::Player).unwrap();
                for (pos, on) in [(R::WaterCell, pw), (R::Goal, pg)] {
                    if on {
                        // Water and a goal do not share a cell: the second is refused.
                        let _ = level.add(player, pos);
                    }
                }
                for (i, mut specs) in cells.into_iter().enumerate() {
                    let pos = GridPos::new((i % w) as i32, (i / w) as i32);
                    specs.sort();
                    for spec in specs {
                        // What breaks a rule (or the legend limit) is refused, and left out.
                        let _ = level.add(pos, spec);
                    }
                }
                if let Some(t) = title {
                    level.set_title(&t).unwrap();
                }
                for (k, v) in meta {
                    // Reserved keys are refused: skip them.
                    let _ = level.metadata_mut().set(&k, &v);
                }
                if let Some((k, v)) = comment {
                    let _ = level.metadata_mut().set(k, &v);
                }
                level
            })
    })
}

fn collection() -> impl Strategy<Value = Collection> {
    (
        prop::option::of(text()),
        prop::collection::vec(text(), 0..3),
        metadata(),
        comment(),
        prop::collection::vec(level(), 1..4),
    )
        .prop_map(|(title, comments, meta, comment, levels)| {
            let mut c = Collection::new();
            c.title = title.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty());
            c.comments = comments.into_iter().map(|s| s.trim().to_owned()).collect();
            for (k, v) in meta {
                let _ = c.metadata.set(&k, &v);
            }
            if let Some((k, v)) = comment {
                let _ = c.metadata.set(k, &v);
            }
            c.levels = levels;
            c
        })
}

/// Plain XSB rows: fixed symbols only, one player, no trailing space, no blank row.
fn plain_xsb() -> impl Strategy<Value = String> {
    let row = prop::collection::vec(prop::sample::select(&b"#$.*%~& "[..]), 1..10);
    (
        prop::collection::vec(row, 1..8),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        any::<bool>(),
        prop::option::of("[!-~][ -~]{0,8}[!-~]"),
    )
        .prop_map(|(mut rows, ry, rx, on_goal, title)| {
            for row in &mut rows {
                if let Some(last) = row.last_mut()
                    && *last == b' '
                {
                    *last = b'#';
                }
            }
            let y = ry.index(rows.len());
            let x = rx.index(rows[y].len());
            rows[y][x] = if on_goal { b'+' } else { b'@' };
            let mut text = String::new();
            if let Some(t) = title {
                text.push_str(&format!("; {t}\n"));
            }
            for row in rows {
                text.push_str(std::str::from_utf8(&row).unwrap());
                text.push('\n');
            }
            text
        })
}

/// Text close to the format, to reach deep into the reader: blocks of
/// optional comment, metadata, comment-block and legend lines, then grid rows
/// (with run lengths, groups, bars, legend letters, one player put in),
/// joined by varied separators.
fn gridish() -> impl Strategy<Value = String> {
    let head = prop::collection::vec(
        prop_oneof![
            Just("; title\n"),
            Just(";\n"),
            Just("Author: x\n"),
            Just("Title: T\n"),
            Just("legend: a = HeavyBox Goal\n"),
            Just("legend: b = WaterCell Box\n"),
            Just("legend: a = HeavyBox\n"),
            Just("legend: c = WaterCell HeavyBox:sunk\n"),
            Just("legend: d = Box(Apple KeyRed) DoorRed:open\n"),
            Just("legend: d = box( coin coin ) PRESSUREPLATEHEAVY\n"),
            Just("legend: c = SecretDoor:open Player\n"),
            Just("'free text'\n"),
            Just("\n"),
            Just("Comment:\n"),
            Just("Comment-End:\n"),
            Just("comment: one line\n"),
            Just("COMMENT:\n#@#\n; c\n\nTitle: t\n comment-END :\n"),
            Just("Comment:\n  a  \n\n"),
            Just("floor:\n"),
            Just("FLOOR: Attic\n"),
            Just("legend: b = StairsUp\n"),
            Just("legend: a = StairsDown Box\n"),
        ],
        0..3,
    );
    let row = prop_oneof![
        4 => "[#$.*%~& _abcd|2-4-]{1,8}",
        2 => "[#$.*%~& _abcd|()0-3-]{1,10}",
        1 => Just("2(#$)".to_owned()),
        1 => Just("2(a3(b))".to_owned()),
        1 => Just("#2(-|#)#".to_owned()),
        1 => Just("3(#-)#|".to_owned()),
    ];
    let rows = prop::collection::vec(row, 1..4);
    let block = (
        head,
        rows,
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        any::<bool>(),
    )
        .prop_map(|(head, mut rows, ry, rx, goal)| {
            let y = ry.index(rows.len());
            let row = &mut rows[y];
            let x = rx.index(row.len() + 1);
            if row.is_char_boundary(x) {
                row.insert(x, if goal { '+' } else { '@' });
            }
            let mut text: String = head.concat();
            for row in rows {
                text.push_str(&row);
                text.push('\n');
            }
            text
        });
    let sep = prop_oneof![
        Just(""),
        Just("\n"),
        Just("\n\n"),
        Just("Author: y\n"),
        Just(";\n"),
        Just("Comment:\nx\nComment-End:\n"),
        Just("Comment:\nx\n"),
        Just("floor: Up\n"),
        Just("floor:\nlegend: c = StairsDown\n"),
    ];
    prop::collection::vec((block, sep), 1..4)
        .prop_map(|blocks| blocks.into_iter().map(|(b, s)| b + s).collect::<String>())
}

/// Check that the distinct cells and their counts are the grid's, however
/// the level was built.
fn assert_counts(level: &Level) {
    let mut seen: Vec<(Vec<EntitySpec>, usize)> = Vec::new();
    for (_, cell) in level.iter() {
        match seen.iter_mut().find(|(c, _)| c.as_slice() == cell) {
            Some((_, n)) => *n += 1,
            None => seen.push((cell.to_vec(), 1)),
        }
    }
    seen.sort();
    let distinct: Vec<(Vec<EntitySpec>, usize)> = level
        .distinct_cells()
        .map(|(c, n)| (c.to_vec(), n))
        .collect();
    assert_eq!(distinct, seen);
}

/// Check that an accepted text prints and reads back the same.
fn check_accepted(text: &str) {
    if let Ok(c) = Collection::parse(text) {
        let printed = c.to_text();
        assert_eq!(Collection::parse(&printed).as_ref(), Ok(&c), "{printed}");
    }
    if let Ok(l) = Level::parse(text) {
        assert_counts(&l);
        let printed = l.to_text();
        assert_eq!(Level::parse(&printed).as_ref(), Ok(&l), "{printed}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn print_then_read_gives_the_same_level(level in level()) {
        let text = level.to_text();
        for (_, spec) in level.entities() {
            prop_assert_eq!(level.positions_of(spec.recipe).count() > 0, true);
        }
        assert_counts(&level);
        prop_assert_eq!(Level::parse(&text), Ok(level.clone()), "{}", text);
        prop_assert_eq!(Level::parse_bytes(text.as_bytes()), Ok(level));
    }

    #[test]
    fn print_then_read_gives_the_same_collection(c in collection()) {
        let text = c.to_text();
        prop_assert_eq!(Collection::parse(&text), Ok(c), "{}", text);
    }

    #[test]
    fn plain_xsb_prints_unchanged(text in plain_xsb()) {
        let level = Level::parse(&text).unwrap();
        prop_assert_eq!(level.to_text(), text);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        let _ = Collection::parse_bytes(&bytes);
        let _ = Level::parse_bytes(&bytes);
    }

    #[test]
    fn arbitrary_text_never_panics_and_what_is_accepted_round_trips(text in any::<String>()) {
        check_accepted(&text);
    }

    #[test]
    fn near_format_text_never_panics_and_what_is_accepted_round_trips(text in gridish()) {
        check_accepted(&text);
    }

    #[test]
    fn mutated_levels_never_panic(
        level in level(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, prop::sample::select(&b"#@+$*.%~&- _|()0123456789a;:\n\t\r\xff"[..])), 1..6),
    ) {
        let mut bytes = level.to_text().into_bytes();
        for (at, op, b) in edits {
            let i = at.index(bytes.len() + 1);
            match op {
                0 => bytes.insert(i, b),
                1 if i < bytes.len() => { bytes.remove(i); }
                _ if i < bytes.len() => bytes[i] = b,
                _ => {}
            }
        }
        let _ = Level::parse_bytes(&bytes);
        if let Ok(text) = std::str::from_utf8(&bytes) {
            check_accepted(text);
        }
    }
}
