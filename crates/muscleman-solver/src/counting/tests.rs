use muscleman_core::{EntityRecipe, GridPos};
use muscleman_level::Level;

use super::{Counted, Shut, counting_proof};

fn proof(text: &str) -> Option<Counted> {
    counting_proof(&Level::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}")))
}

/// Two heavy plates, one heavy box: the secret door that guards every
/// goal never opens (issue 43).
const SECRET: &str = "legend: P = PressurePlateHeavy\nlegend: S = SecretDoor\n\
##########\n\
#@ $ P  $#\n\
# &  P $ #\n\
####S#####\n\
#  . . . #\n\
##########\n";

/// The red key inside one of three boxes, all three needed on the goals
/// behind the red door (issue 43).
const KEY_IN_BOX: &str = "legend: h = Hammer\nlegend: x = Box(KeyRed)\nlegend: R = DoorRed\n\
#########\n\
#@ h    #\n\
# $ x $ #\n\
#       #\n\
####R####\n\
#       #\n\
# . . . #\n\
#########\n";

#[test]
fn a_secret_door_with_too_few_heavy_boxes_guards_the_goals() {
    match proof(SECRET) {
        Some(Counted::GoalOutOfReach {
            door: Some(door), ..
        }) => {
            assert_eq!(door.recipe, EntityRecipe::SecretDoor);
            assert_eq!(door.cell.at, GridPos::new(4, 3));
            assert_eq!(
                door.why,
                Shut::TooFewHeavy {
                    heavy: 1,
                    plates: 2
                }
            );
        }
        other => panic!("{other:?}"),
    }
    // A second heavy box: the door may open, and the search decides.
    assert_eq!(proof(&SECRET.replace("$#\n# &", "&#\n# &")), None);
}

#[test]
fn the_key_inside_a_needed_box_is_proved() {
    match proof(KEY_IN_BOX) {
        Some(Counted::KeyInsideABox {
            recipe,
            boxes: 3,
            goals: 3,
            ..
        }) => assert_eq!(recipe, EntityRecipe::DoorRed),
        other => panic!("{other:?}"),
    }
    // Two goals (Hammer and Tongs): a box to spare, no proof.
    assert_eq!(proof(&KEY_IN_BOX.replace("# . . . #", "# .   . #")), None);
    // A loose red key too: the box need not be smashed.
    assert_eq!(
        proof(&KEY_IN_BOX.replace("#@ h    #", "#@ h  k #").replace(
            "legend: h = Hammer\n",
            "legend: h = Hammer\nlegend: k = KeyRed\n"
        )),
        None
    );
    // A red plate may open the door instead.
    assert_eq!(
        proof(&KEY_IN_BOX.replace("#@ h    #", "#@ h  p #").replace(
            "legend: h = Hammer\n",
            "legend: h = Hammer\nlegend: p = PressurePlateRed\n"
        )),
        None
    );
}

#[test]
fn more_floors_and_ducks_change_nothing() {
    // The goals upstairs, behind a secret door no heavy box can open; a
    // duck walks downstairs.
    let floors = "legend: P = PressurePlateHeavy\nlegend: S = SecretDoor\n\
legend: u = StairsUp\nlegend: d = StairsDown\nlegend: D = Duck\n\
floor: Ground\n\
##########\n\
#@ $ P  u#\n\
# & D$ P #\n\
#   $    #\n\
##########\n\
floor: Upper\n\
##########\n\
#       d#\n\
###S######\n\
# . . .  #\n\
##########\n";
    match proof(floors) {
        Some(Counted::GoalOutOfReach {
            goal,
            door: Some(door),
        }) => {
            assert_eq!((goal.floor, door.cell.floor), (2, 2));
            assert_eq!(
                door.why,
                Shut::TooFewHeavy {
                    heavy: 1,
                    plates: 2
                }
            );
        }
        other => panic!("{other:?}"),
    }
    // With the stairs walled in, nothing leads up: the goals are walled
    // off.
    let walled = floors
        .replace("#@ $ P  u#", "#@ $ P #u#")
        .replace("# & D$ P #", "# & D$ P##");
    assert!(
        matches!(
            proof(&walled),
            Some(Counted::GoalOutOfReach { door: None, .. })
        ),
        "{:?}",
        proof(&walled)
    );
    // The key inside a box, the door and its goals upstairs, a duck below.
    let key = "legend: h = Hammer\nlegend: x = Box(KeyRed)\nlegend: R = DoorRed\n\
legend: u = StairsUp\nlegend: d = StairsDown\nlegend: D = Duck\n\
floor: Ground\n\
##########\n\
#@ h $  u#\n\
# D x  $ #\n\
##########\n\
floor: Upper\n\
##########\n\
#       d#\n\
####R#####\n\
# . . .  #\n\
##########\n";
    assert!(
        matches!(
            proof(key),
            Some(Counted::KeyInsideABox {
                boxes: 3,
                goals: 3,
                ..
            })
        ),
        "{:?}",
        proof(key)
    );
}

#[test]
fn a_door_with_no_key_and_no_plate_never_opens() {
    let text = "legend: B = DoorBlue\n#######\n#@$ $ #\n###B###\n#. .  #\n#######\n";
    match proof(text) {
        Some(Counted::GoalOutOfReach {
            door: Some(door), ..
        }) => assert_eq!(door.why, Shut::NoOpener),
        other => panic!("{other:?}"),
    }
    // A cauldron may brew a green key from a blue and a yellow one, so a
    // green door with a cauldron is left to the search.
    let green = "legend: G = DoorGreen\nlegend: C = Cauldron\nlegend: b = KeyBlue\nlegend: y = KeyYellow\n\
#########\n#@$ $ C #\n# b y   #\n####G####\n#.  .   #\n#########\n";
    assert_eq!(proof(green), None);
}

#[test]
fn too_few_boxes_where_the_player_can_go() {
    // Two boxes walled in, one on a goal: the player's side has two goals
    // and one box.
    let text = "#########\n#@ $ #*$#\n# .  ####\n#  . #  #\n#########\n";
    assert_eq!(
        proof(text),
        Some(Counted::TooFewBoxesInReach { boxes: 1, goals: 2 })
    );
    // A goal already holding a box that is walled in stays filled.
    let filled = "#######\n#@ $ .#\n###*###\n#######\n";
    assert_eq!(proof(filled), None);
}
