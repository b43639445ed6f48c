//! The general search: best-first (any solution) or by cost (optimal
//! modes) over the real sim's positions, with every input the rules allow.
//!
//! It covers what the fast push search does not: grabs, pulls and swings,
//! every mechanic the sim plays, and the floor
//! beyond an open level's edge. Positions are the sim's own, kept in a
//! [`Trail`](muscleman_sim::Trail) (a world whose steps are taken back through their journal), so
//! the rules are the sim's by construction; [`key::KeyWriter`] writes each
//! position's exact key, and [`table::Table`] finds duplicates by comparing
//! whole keys, never hashes alone.
//!
//! - **Inputs**: the four moves, grab, drop, the two swings and wait, in
//!   that order. With pruning on, only inputs the rules make no-ops are
//!   skipped: grab, drop and the swings without hands, grab with full hands
//!   and drop with empty ones (rules.md §4). A step that changes nothing
//!   makes no new position (it is the position it left, exactly). Where
//!   something moves by itself (a duck walks every step, whatever the
//!   input: rules.md §4 "Actors phase"), a skipped no-op is not nothing:
//!   the ducks still act, so it is the same step as a wait, which is never
//!   skipped (the one input that always lets the world move on), and
//!   skipping it loses no position. Such a level is a timed puzzle: the
//!   positions are the sim's own, so every duck walks, turns, presses
//!   plates and is pushed or carried by the sim's rules; the key holds
//!   every duck's cell and Facing ([`key::KeyWriter`]); and each pruning
//!   below says whether it holds when the world does not stand still
//!   (read from the sim's registry: a recipe whose
//!   `Assume::moves_only_when_pushed` is false, [`key::moves_by_itself`],
//!   never a match on the duck). A found path is written with `w` for each
//!   step that only let the world move on, where that changes nothing
//!   else (`replay::prefer_waits`).
//! - **Order**: [`Optimize::Fast`](crate::options::Optimize::Fast) with pruning on is best-first
//!   ([`guide::Guide`]): weighted A* on `inputs + 5 × estimate`, where the
//!   estimate is a greedy matching of the empty goals to the boxes off
//!   goal at box distances over every cell but strong walls (without
//!   hands, only where a pusher can stand behind), the same on every run
//!   (ties: fewer inputs, then the node found first). A position is
//!   expanded once, however it was reached, and the first solved position
//!   generated ends the search. The estimate only orders: nothing is
//!   dropped by it, so a search that runs out has still searched every
//!   position, a proof as before, ducks or not (it reads the boxes
//!   only). Without pruning (the property tests'
//!   plain search) it is breadth-first in inputs. [`Optimize::Moves`](crate::options::Optimize::Moves) and
//!   [`Optimize::Pushes`](crate::options::Optimize::Pushes) cost a step 1 when the player walked (a push
//!   included), or when something moved by the player's action, and 0
//!   otherwise (a wait, and a duck's own walk, cost nothing). With pruning on, where [`bound`] is sound (one floor, and
//!   the registry says nothing but the player's inputs moves a box), they
//!   search by A*: lowest cost plus a lower bound of the cost left first
//!   (ties to the deeper position), re-opening a position reached cheaper,
//!   so the first solved position taken off is optimal. The bound: box
//!   distances over every cell but strong walls, with each box's moves
//!   under the rules (pushes; for a box that can be grabbed, also pulls,
//!   carries and swings), matched to the goals and divided by how many
//!   boxes one costly step may move (one under Sokoban rules, so the
//!   matching itself), never less than the farthest box's own distance;
//!   in move-optimal search the player's walk to the nearest pushable is
//!   added. Move-optimal search with hands has no bound (a swing moves
//!   boxes and is no move, and the walk alone did not pay). Elsewhere, and
//!   in the plain search, a double-ended queue (0-1 breadth-first) takes
//!   positions in order of cost.
//! - **Dead positions** (pruning on): fewer boxes than goals (no rule makes
//!   a box, and a duck counts on no goal: sound whatever moves), and a box
//!   on a cell from which no run of box moves past
//!   strong walls reaches a goal or the level's edge, when there are no
//!   spare boxes ([`key::DeadCells::unreachable`]): without hands the fast
//!   search's dead squares (pushes only), with hands pushes, pulls,
//!   sideways carries and swings, each needing only that the cells it
//!   names are not strong walls (everything else counts as floor). Sound
//!   where nothing but the player's inputs moves a box
//!   ([`key::DeadCells::sound`]: every recipe of the level, on every floor
//!   and inside boxes, moves only when pushed, or moves by itself but moves
//!   nothing else and is no box, as the registry's `Assume` says
//!   (`never_moves_others`: a duck walks and turns, never pushes); no
//!   mechanic but those the reasoning was checked against; with hands, one
//!   floor); off otherwise. So on with ducks: a duck may stand anywhere
//!   that is no strong wall, which is what the dead cells take every other
//!   cell to be, and a box moves only by the player's actions, a duck in
//!   the chain or in the hands included.
//!   **Frozen boxes** ([`freeze`]): more boxes that can never move again
//!   off goal than boxes to spare. Without hands (or where nothing can be
//!   grabbed) a box is frozen when no push can move it, chains of frozen
//!   boxes included; with hands when no push, pull, carry or swing can
//!   (each needs cells that are no strong wall and hold no frozen box).
//!   Sound on one floor where dead cells are (with ducks too: a frozen box
//!   is held only by strong walls and other frozen boxes, never by a duck,
//!   which counts as something that may move), and with
//!   hands only without a hammer (a smashed frozen box no longer holds the
//!   others); `freeze` gives the proof. With hands a box that can be grabbed can always move
//!   back the way it came, so only a start position or a step that moves a
//!   heavy box can freeze one there. **A goal no box can reach** (optimal
//!   modes, where the bound is on): no matching of goals to boxes over the
//!   box distances above, whose bound's edge joins the floor beyond it.
//!   The bound is on only where dead cells are sound and nothing moves by
//!   itself: a duck may walk up to the player and be the first thing of a
//!   chain it pushes, so the walk to the nearest pushable measured now
//!   bounds nothing.
//! - **Facing** (pruning on): nothing but grab, carry and swing reads the
//!   player's Facing (a move sets it first; a duck reads its own Facing
//!   and whether it is held, never the player's), so without hands the key
//!   leaves it out: positions that differ only in it have the same futures,
//!   input for input, whether or not something moves by itself, and a turn
//!   into a wall makes no new position unless a duck moved. With
//!   hands, while they are empty, only a grab reads it (carry, the held
//!   item's cleanup and a swing's arc need something held), and a swing
//!   with empty hands only turns the player (no move, no push, no event):
//!   so positions that differ only in Facing reach each other by swings
//!   that cost nothing in any mode, and the key leaves Facing out while
//!   the hands are empty. Such a position is expanded with its inputs as
//!   they are but the swings (the same key), plus, for each other way with
//!   something liftable in front (the grab rule: nothing liftable, nothing
//!   happens), the swings that turn there and a grab, as one edge
//!   (`explore/turns.rs`; a swing there that does anything but turn is
//!   reported as a solver bug). Sound under every mode where the world
//!   stands still; the plain search keeps Facing. Where something moves by
//!   itself this half is off and the key holds Facing with hands: a swing
//!   that turns also lets every duck walk a step, so a turn is no longer
//!   free and two positions that differ only in the player's Facing no
//!   longer reach each other unchanged.
//! - **Free region** (pruning on, push-optimal, no hands or empty ones,
//!   and every recipe in the level or inside a box moved only by the
//!   player and answering the player's steps in its own cell at most, as
//!   the sim's registry declares: `Assume::answers_steps`):
//!   the key holds the
//!   smallest cell by (y, x) of the player's free region instead of its
//!   cell ([`region::Regions::canonical`]), so positions that differ only in
//!   where the player stands within one region are filed as one, as the
//!   fast push search does. A cell is free when the player can walk onto it
//!   and no rule answers: no blocker, no pushable, no water nothing fills,
//!   nothing whose rule answers the player's steps (a door shuts on an
//!   empty doorway), inside the bound. A walk from a free cell onto a free cell then
//!   changes only the player's cell and Facing, and Facing is read only
//!   with hands, by a grab while they are empty (tried every way from
//!   every cell of the region, see "Facing"; on a tour the Facing is the
//!   tour's own, which a replay walking there the shortest way need not
//!   have, so there the plain grab input is left out and every grab is a
//!   turned one, which a replay turns first: a property test found a
//!   false "unsolvable" before), so two positions with equal
//!   keys reach each other by
//!   walks (which push nothing, so cost nothing) and have the same
//!   futures. The fill
//!   and the tour stay inside the bound; a walk past it is tried as an
//!   input from the region's edge and cut as below. Expanding such a node
//!   tours its region: the trail walks depth-first onto every free cell of
//!   it, checking each walk's only event is the player's move (anything
//!   else is reported as a solver bug, never merged), and tries every other
//!   input from every cell; a child remembers the cell its input was taken
//!   from, and replaying a node walks the shortest way there first. A
//!   recipe whose answer reaches beyond its cell (the registry's
//!   `Answer::Beyond`) turns the pruning off on the safe side, as does one
//!   that moves by itself (a walk lets every duck walk too, so the region's
//!   cells are not one position: the ducks stand elsewhere on each, and a
//!   duck's cell may be free one step and taken the next). While something
//!   is held, Facing and the player's cell decide what a step does (a move
//!   carries, a swing swings), so such a position keeps its exact cell;
//!   move-optimal search needs the exact cell (a walk is a move), so it is
//!   never normalized. Fast mode would be sound too, but is left
//!   exact on measurement (BENCHMARKS.md, issue 15, when it was still
//!   breadth-first in inputs): it found solutions short in moves early,
//!   while over regions it went breadth-first in pushes, each position
//!   costing a tour of its region (about ten times a plain position's
//!   expansion), so on an open level whose solution is short in moves it
//!   was 58 times slower; not measured again since it became best-first. The
//!   property tests of `tests/general.rs` hold
//!   the stored positions of goal-less levels equal to the reference's walk
//!   classes and every verdict equal to the reference's.
//! - **Not done**: corral deadlocks; macro moves (a box pushed or pulled
//!   along a path, or a walk while holding, as one edge): in the optimal
//!   modes every step of a carry costs a move and a push, so nothing can
//!   be merged, and in fast mode merging the free region (the walk to the
//!   next interaction as one edge, sound there too) was measured and did
//!   not pay (docs/benchmarks-solver.md); a move-optimal bound with hands
//!   (swings move boxes for no move).
//! - **How far it got** ([`Reach`](crate::Reach), in the stats): the most goals filled
//!   in a position stored, the order, the prunings above that applied and
//!   how many positions they dropped as dead, so a search that gives up
//!   still says something.
//! - **Bound**: nothing may step past the level's rectangle plus
//!   [`MARGIN`] cells (the sim's grid is unbounded, with floor beyond an
//!   open edge). A step that would is cut, and a search that runs out after
//!   cutting one proves nothing; one that never cut anything covered every
//!   position the sim can reach, which is a proof. With ducks too: a duck
//!   walks only inside its floor's rectangle (rules.md §4), and one pushed
//!   or carried past it (an open level) is a `Moved` like any other, cut
//!   past the bound; so every position, ducks' cells and Facings
//!   included, lies in a finite set, the search ends, and an exhausted
//!   search that cut nothing tried every input from every position the
//!   sim can reach, waits included: "unsolvable" is a proof.

mod bound;
mod ended;
mod explore;
mod facts;
mod frame;
mod freeze;
mod guide;
pub(crate) mod key;
mod open;
pub(crate) mod region;
mod replay;
pub(crate) mod table;
mod walls;

pub(crate) use bound::bound_of;
pub(crate) use ended::Explored;
pub(crate) use explore::explore;
pub use facts::MARGIN;
pub(crate) use facts::{goals_and_boxes, goals_and_boxes_now};
pub(crate) use key::moves_by_itself;
pub(crate) use replay::{prefer_waits, replay_in, replay_inputs};
