//! Arbitrary bytes into the level reader.
//!
//! Reading never panics, and whatever it accepts prints and reads back to
//! an equal collection or level, each cell of each floor with its source
//! position, and every stairs paired.

#![no_main]

use libfuzzer_sys::fuzz_target;
use muscleman_level::{Collection, Level};

fuzz_target!(|data: &[u8]| {
    match Collection::parse_bytes(data) {
        Ok(collection) => {
            let text = collection.to_text();
            let again = match Collection::parse(&text) {
                Ok(c) => c,
                Err(e) => panic!("a printed collection does not read back: {e}\n{text}"),
            };
            assert_eq!(again, collection, "print then read changed the collection");
            for level in &collection.levels {
                // Every cell of a level read from text knows where it was written.
                for (pos, _) in level.iter() {
                    assert!(level.source_position(pos).is_some(), "no position for {pos}");
                }
                for floor in level.floors() {
                    for (pos, _) in floor.iter() {
                        let at = floor.source_position(pos);
                        assert!(at.is_some(), "no position for {pos} on floor {}", floor.number());
                    }
                }
                let unpaired = level.unpaired_stairs();
                assert!(unpaired.is_empty(), "read with unpaired stairs: {unpaired:?}");
                assert!(level.player_floor().is_some_and(|f| f <= level.floor_count()));
                let text = level.to_text();
                match Level::parse(&text) {
                    Ok(l) => assert_eq!(&l, level, "print then read changed a level"),
                    Err(e) => panic!("a printed level does not read back: {e}\n{text}"),
                }
            }
        }
        Err(errors) => {
            let _ = errors.to_string();
        }
    }
    match Level::parse_bytes(data) {
        Ok(level) => {
            let text = level.to_text();
            match Level::parse(&text) {
                Ok(l) => assert_eq!(l, level, "print then read changed the level"),
                Err(e) => panic!("a printed level does not read back: {e}\n{text}"),
            }
        }
        Err(errors) => {
            let _ = errors.to_string();
        }
    }
});
