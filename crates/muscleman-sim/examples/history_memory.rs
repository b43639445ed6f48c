//! Measure the undo history's memory per step on a 100×100 level.
//!
//! Run: `cargo run --release -p muscleman-sim --example history_memory`

use muscleman_core::{GridDir, Input};
use muscleman_level::Level;
use muscleman_sim::{Game, Rules};

/// A 100×100 walled room with the player in a corner and a row of boxes.
fn room() -> String {
    let mut rows = vec!["#".repeat(100)];
    for y in 1..99 {
        let mut row = String::from("#");
        for x in 1..99 {
            row.push(match (x, y) {
                (1, 1) => '@',
                (x, 50) if (10..90).contains(&x) => '$',
                _ => ' ',
            });
        }
        row.push('#');
        rows.push(row);
    }
    rows.push("#".repeat(100));
    rows.join("\n")
}

fn per_step(game: &mut Game, inputs: &[Input]) -> f64 {
    let before = game.history_bytes();
    for input in inputs {
        // The room is walled and the inputs are chosen to move every time.
        if let Err(e) = game.step(*input) {
            eprintln!("step failed: {e}");
            std::process::exit(1);
        }
    }
    (game.history_bytes() - before) as f64 / inputs.len() as f64
}

fn main() {
    let level = match Level::parse(&room()) {
        Ok(level) => level,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let Ok(mut game) = Game::new(&level, Rules::MUSCLEMAN) else {
        eprintln!("the room does not load");
        std::process::exit(1);
    };
    // Walk right and left along row 1: every step moves the player.
    let walks: Vec<Input> = (0..1000)
        .map(|i| {
            let dir = if (i / 90) % 2 == 0 {
                GridDir::Right
            } else {
                GridDir::Left
            };
            Input::Move(dir)
        })
        .collect();
    let walk = per_step(&mut game, &walks);
    // Go above the box row, then push the column of one box down and up.
    let Ok(mut game) = Game::new(&level, Rules::MUSCLEMAN) else {
        return;
    };
    let mut setup = vec![Input::Move(GridDir::Right); 19];
    setup.extend(vec![Input::Move(GridDir::Down); 48]);
    per_step(&mut game, &setup);
    let pushes: Vec<Input> = vec![Input::Move(GridDir::Down); 40];
    let push = per_step(&mut game, &pushes);
    println!("level: 100x100, {} entities", game.world().len());
    println!("walk step: {walk:.1} bytes of history per step");
    println!("push step: {push:.1} bytes of history per step");
}
