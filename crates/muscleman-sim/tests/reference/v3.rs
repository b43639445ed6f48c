//! The rules of rules.md version 3 the model adds, written from the rule
//! book alone: each floor's rectangle, the ducks of the actors phase, the
//! cauldron's brew and the hammer's strike (a bong's keys spill); and of
//! version 4: the ghosts of the same actors phase, and their release.

use super::{
    BONG, BOOK, BOX, BRIDGE, Board, CAULDRON, Cause, DUCK, DUCKS, Dir, EMPTY, GHOST, GHOSTS, GOAL,
    KEY_BLUE, KEY_GREEN, KEY_YELLOW, Model, Note, Pos, STAIRS_DOWN, STAIRS_UP, State, WALL, WATER,
    WATER_GOAL, WEAK_WALL, blocks, blocks_swing, closed_door, floor_mut, is_duck, is_ghost,
    is_water, step,
};

/// A floor's rectangle (rules.md §4 Floors): the smallest holding its
/// strong walls, water cells (filled or not), goals and stairs; `None`
/// when it has none of them.
pub(super) fn rect_of(board: &Board) -> Option<(Pos, Pos)> {
    let frames = board.find(|c| {
        c.thing == WALL
            || matches!(
                c.ground,
                WATER | WATER_GOAL | BRIDGE | GOAL | STAIRS_UP | STAIRS_DOWN
            )
    });
    let mut rect: Option<(Pos, Pos)> = None;
    for p in frames {
        rect = Some(match rect {
            None => (p, p),
            Some((lo, hi)) => (
                (lo.0.min(p.0), lo.1.min(p.1)),
                (hi.0.max(p.0), hi.1.max(p.1)),
            ),
        });
    }
    rect
}

/// The board of floor `f` (from 1), to read.
fn floor_of(s: &State, f: u32) -> &Board {
    if f == s.floor {
        &s.board
    } else {
        &s.others[(f - 1) as usize]
    }
}

/// The cell of the thing with `serial` on `board`, if it is there.
fn find_serial(board: &Board, serial: u32) -> Option<Pos> {
    board
        .serial_map()
        .into_iter()
        .find(|(_, s)| *s == serial)
        .map(|(p, _)| p)
}

impl Model {
    /// Whether `p` lies inside floor `f`'s rectangle.
    fn inside(&self, f: u32, p: Pos) -> bool {
        self.rects
            .get((f - 1) as usize)
            .copied()
            .flatten()
            .is_some_and(|(lo, hi)| p.0 >= lo.0 && p.1 >= lo.1 && p.0 <= hi.0 && p.1 <= hi.1)
    }

    /// rules.md §4, Actors phase: every duck the player does not hold, in
    /// id order (floor by floor, reading order at load: their serials),
    /// walks a cell its way inside its floor's rectangle onto a cell where
    /// nothing blocks, or turns clockwise and quacks. Each sees the moves
    /// of those before it. Ghosts take their turns in the same pass (see
    /// [`Model::ghost`]).
    pub(super) fn actors(&mut self) {
        let floors = self.now.others.len() as u32;
        let mut ducks: Vec<(u32, u32)> = Vec::new();
        for f in 1..=floors {
            let board = floor_of(&self.now, f);
            for p in board.find(|c| is_duck(c.thing) || is_ghost(c.thing)) {
                ducks.push((board.serial(p), f));
            }
        }
        ducks.sort();
        for (serial, f) in ducks {
            if self.now.held == Some(serial) {
                continue;
            }
            let inside = |model: &Model, p: Pos| model.inside(f, p);
            let board = floor_of(&self.now, f);
            let Some(at) = find_serial(board, serial) else {
                continue;
            };
            let thing = board.thing(at);
            if is_ghost(thing) {
                self.ghost(f, at);
                continue;
            }
            let way = DUCKS.iter().position(|d| *d == thing).unwrap_or(0);
            let ahead = step(at, Dir::ALL[way]);
            let c = board.at(ahead);
            let free = inside(self, ahead) && !blocks(c.thing) && !closed_door(c);
            let board = floor_mut(&mut self.now, f);
            if free {
                board.move_thing(at, ahead);
                self.note_move(DUCK, at, ahead, Cause::Brain);
            } else {
                board.set_thing(at, DUCKS[(way + 1) % 4]);
                self.notes.push(Note::Quack(at));
            }
        }
    }

    /// rules.md §4, Actors phase, a ghost's turn (version 4): a book in
    /// the cell it faces, inside its floor's rectangle, releases it (held
    /// or not); else it walks there if nothing blocks; else it turns
    /// around, silently.
    fn ghost(&mut self, f: u32, at: Pos) {
        let board = floor_of(&self.now, f);
        let way = GHOSTS
            .iter()
            .position(|g| *g == board.thing(at))
            .unwrap_or(0);
        let ahead = step(at, Dir::ALL[way]);
        let c = board.at(ahead);
        let inside = self.inside(f, ahead);
        if inside && c.thing == BOOK {
            floor_mut(&mut self.now, f).clear_thing(at);
            self.now.made[3] += 1;
            self.notes.push(Note::Released(at));
        } else if inside && !blocks(c.thing) && !closed_door(c) {
            floor_mut(&mut self.now, f).move_thing(at, ahead);
            self.note_move(GHOST, at, ahead, Cause::Brain);
        } else {
            floor_mut(&mut self.now, f).set_thing(at, GHOSTS[(way + 2) % 4]);
        }
    }

    /// rules.md §4, Push chain, Book into a ghost: the ghost at `at`, on
    /// the player's floor, is released before the chain moves.
    pub(super) fn release(&mut self, at: Pos) {
        self.now.board.clear_thing(at);
        self.now.made[3] += 1;
        self.notes.push(Note::Released(at));
    }

    /// rules.md §4, Environment step 2, Brew: every cauldron holding two
    /// keys (it got one this step: none holds two at the end of a step), in
    /// id order: a blue and a yellow one make a green key, any other two a
    /// bong holding both in the order they went in; the product, a new
    /// thing, takes the cauldron's cell.
    pub(super) fn brew(&mut self) {
        let floors = self.now.others.len() as u32;
        let mut full: Vec<(u32, u32, Pos)> = Vec::new();
        for f in 1..=floors {
            let board = floor_of(&self.now, f);
            for p in board.find(|c| c.thing == CAULDRON && c.held[1] != EMPTY) {
                full.push((board.serial(p), f, p));
            }
        }
        full.sort();
        for (_, f, p) in full {
            let serial = self.next_serial;
            self.next_serial += 1;
            let s = &mut self.now;
            let board = floor_mut(s, f);
            let held = board.at(p).held;
            let green = matches!(held, [KEY_BLUE, KEY_YELLOW] | [KEY_YELLOW, KEY_BLUE]);
            board.update(p, |c| {
                if green {
                    c.thing = KEY_GREEN;
                    c.held = [EMPTY; 2];
                } else {
                    c.thing = BONG;
                }
            });
            board.set_serial(p, serial);
            s.made[usize::from(!green)] += 1;
            self.notes.push(Note::Brewed(p));
        }
    }

    /// Where a smashed bong at `at` spills its second key: its first
    /// neighbour, Up, Right, Down, Left, inside the floor's rectangle, with
    /// nothing that blocks movement, no unfilled water and no stairs.
    fn spill(&self, at: Pos) -> Option<Pos> {
        let board = &self.now.board;
        Dir::ALL.into_iter().map(|d| step(at, d)).find(|&c| {
            let cell = board.at(c);
            self.inside(self.now.floor, c)
                && !blocks(cell.thing)
                && !closed_door(cell)
                && !is_water(cell.ground)
                && !matches!(cell.ground, STAIRS_UP | STAIRS_DOWN)
        })
    }

    /// Whether a hammer's strike breaks what stands at `p`, and where a
    /// bong's second key goes: `None` for no target; a box and a weak wall
    /// always break, a bong only with a neighbour to spill to.
    fn target(&self, p: Pos) -> Option<Option<Pos>> {
        match self.now.board.thing(p) {
            BOX | WEAK_WALL => Some(None),
            BONG => self.spill(p).map(Some),
            _ => None,
        }
    }

    /// rules.md §4, Swing step 2, the hammer's strike (the held thing is a
    /// hammer): the first of V and T (T only if nothing at V stops a swing,
    /// a bong that is no target as if it were not there) that holds a
    /// target is smashed: a box or a weak wall goes (the model's boxes hold
    /// nothing), a bong leaves its first key in its cell and its second
    /// where it spills, and BongsBroken goes up. Return whether it struck.
    pub(super) fn strike(&mut self, via: Pos, at_t: Pos) -> bool {
        let board = &self.now.board;
        let v = board.thing(via);
        let hit = match self.target(via) {
            Some(spill) => Some((via, spill)),
            None => {
                let stops = (blocks_swing(v) && v != BONG) || closed_door(board.at(via));
                if stops {
                    None
                } else {
                    self.target(at_t).map(|spill| (at_t, spill))
                }
            }
        };
        let Some((at, spill)) = hit else {
            return false;
        };
        let board = &mut self.now.board;
        let held = board.at(at).held;
        board.clear_thing(at);
        board.update(at, |c| c.held = [EMPTY; 2]);
        if let Some(cell) = spill {
            for (p, key) in [(at, held[0]), (cell, held[1])] {
                board.set_thing(p, key);
                board.set_serial(p, self.next_serial);
                self.next_serial += 1;
            }
            self.now.made[2] += 1;
        }
        self.notes.push(Note::Smashed(at));
        true
    }
}
