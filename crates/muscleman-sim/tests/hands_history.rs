//! Undo, redo, restart, saves and the hash round-trip every state grab,
//! carry, swing and the hammer make: holding, facing, smashed entities and
//! their contents with the same ids (issue 12, part 5).

mod common;

use common::{dump, level_from_ascii};
use muscleman_core::{GridDir, Input, SimEvent};
use muscleman_sim::{Command, Game, Holding, Rules};

const ROOM: &str = "
    #######
    #  @  #
    #  hz #
    # $   #
    #######
";

/// Every step of a game that grabs, strikes, swings, carries and drops.
fn inputs() -> Vec<Input> {
    use GridDir::*;
    vec![
        Input::Grab,
        Input::SwingLeft,  // the hammer smashes the box at V: a coin and an apple
        Input::SwingLeft,  // nothing left to strike: the hammer swings to T
        Input::Move(Left), // backward: the hammer follows
        Input::Move(Left),
        Input::SwingRight, // back to facing down
        Input::Drop,
        Input::Move(Down),
    ]
}

#[test]
fn undo_brings_back_every_step_exactly_and_redo_the_same_ids() {
    let mut game = Game::new(&level_from_ascii(ROOM), Rules::MUSCLEMAN).unwrap();
    let mut dumps = vec![(dump(game.world()), game.state_hash())];
    let mut smashed = None;
    for input in inputs() {
        let events = game.step(input).unwrap();
        for e in events.iter() {
            if let SimEvent::Smashed(s) = e {
                smashed = Some(*s);
            }
        }
        dumps.push((dump(game.world()), game.state_hash()));
    }
    let smashed = smashed.expect("the hammer struck");
    let after = dumps.last().cloned().unwrap();
    // Undo everything: each undo step gives back an earlier state exactly.
    while game.undo_depth() > 0 {
        game.undo().unwrap();
        let now = (dump(game.world()), game.state_hash());
        assert!(
            dumps.contains(&now),
            "undo gave a state never seen:\n{}",
            now.0
        );
    }
    assert_eq!((dump(game.world()), game.state_hash()), dumps[0]);
    assert!(game.world().is_alive(smashed.entity), "the box is back");
    assert_eq!(game.world().get::<Holding>(game.player()).unwrap().0, None);
    // Redo everything: the same ids for the contents, the same end.
    while game.redo_depth() > 0 {
        game.redo().unwrap();
    }
    assert_eq!((dump(game.world()), game.state_hash()), after);
    for id in smashed.contents.iter() {
        assert!(game.world().is_alive(*id), "content {id} has its id again");
    }
}

#[test]
fn restart_and_its_undo_round_trip_holding_and_smashes() {
    let mut game = Game::new(&level_from_ascii(ROOM), Rules::MUSCLEMAN).unwrap();
    let start = (dump(game.world()), game.state_hash());
    for input in inputs().into_iter().take(4) {
        game.step(input).unwrap();
    }
    let before = (dump(game.world()), game.state_hash());
    game.apply(Command::Restart).unwrap();
    assert_eq!((dump(game.world()), game.state_hash()), start);
    game.undo().unwrap();
    assert_eq!((dump(game.world()), game.state_hash()), before);
}

#[test]
fn a_save_mid_carry_loads_holding_the_same_item() {
    let mut game = Game::new(&level_from_ascii(ROOM), Rules::MUSCLEMAN).unwrap();
    for input in inputs().into_iter().take(4) {
        game.step(input).unwrap();
    }
    let held = game.world().get::<Holding>(game.player()).unwrap().0;
    assert!(held.is_some());
    let loaded = Game::load(&game.save()).unwrap();
    assert_eq!(loaded.state_hash(), game.state_hash());
    assert_eq!(dump(loaded.world()), dump(game.world()));
    assert_eq!(
        loaded.world().get::<Holding>(loaded.player()).unwrap().0,
        held
    );
}

#[test]
fn grab_and_drop_are_undo_steps_and_a_blocked_swing_is_not() {
    let mut game = Game::new(&level_from_ascii("###\n#@#\n#$#\n###"), Rules::MUSCLEMAN).unwrap();
    game.step(Input::Grab).unwrap();
    assert_eq!(game.undo_depth(), 1, "a grab changes Holding");
    let events = game.step(Input::SwingLeft).unwrap();
    assert!(matches!(events.events(), [SimEvent::SwingBlocked(_)]));
    assert_eq!(game.undo_depth(), 1, "a blocked swing changes nothing");
    game.step(Input::Drop).unwrap();
    assert_eq!(game.undo_depth(), 2, "a drop changes Holding");
}
