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
//!   `Assume::moves` is `Moves::ByItself`, [`key::moves_by_itself`],
//!   never a match on the duck). A found path is written with `w` for each
//!   step that only let the world move on, where that changes nothing
//!   else (`replay::prefer_waits`).
//! - **Order**: [`Optimize::Fast`](crate::options::Optimize::Fast) with pruning on is best-first
//!   ([`guide::Guide`]): weighted A* on `inputs + 5 × estimate`, where the
//!   estimate is a greedy matching of the empty goals of every floor to
//!   the boxes off goal at box distances over every cell but strong walls
//!   (without hands, only where a pusher can stand behind; with hands,
//!   from the floor above or below by the stairs), plus what the
//!   landmarks still standing cost (`landmarks.rs`: the doors, weak walls
//!   and water on the way to the goals and to what opens them, each
//!   costing the way to bring its opener there, read from the registry's
//!   `Assume`: `opened_by`, `pressed_by`, `brews`, `breaks`,
//!   `broken_by_swing`, `bridged_by_sinking`, `sinks`,
//!   `leads_between_floors`; while one that opens for good stands before a
//!   goal the boxes' part stays the start's), the same on every run
//!   (ties: fewer inputs, then the node found first). A position is
//!   expanded once, however it was reached, and the first solved position
//!   generated ends the search. The estimate only orders: nothing is
//!   dropped by it, so a search that runs out has still searched every
//!   position, a proof as before, ducks or not (it reads the boxes
//!   only). Without pruning (the property tests'
//!   plain search) it is breadth-first in inputs. [`Optimize::Moves`](crate::options::Optimize::Moves) and
//!   [`Optimize::Pushes`](crate::options::Optimize::Pushes) cost a path
//!   three counts compared in order (`cost::Cost`): the mode's own, then
//!   the other, then the inputs (the ties of the crate docs). A step counts
//!   a move when the player walked (a push included), a push when
//!   something was pushed or swung, as the sim's game counts them (a wait,
//!   and a duck's own walk, count neither), and an input, the turns before
//!   a turned grab included. With pruning on, where [`bound`] is sound
//!   (one floor, and the registry says nothing but the player's inputs
//!   moves a box), they search by A*: lowest cost plus a lower bound of the
//!   mode's count left first, the ties next (then to the deeper position),
//!   re-opening a position reached cheaper, so the first solved position
//!   taken off is optimal, ties included (a bound on the first count alone
//!   stays consistent in this order). Each layer of the mode's count is
//!   ordered by a lower bound on the first tie as well where one is sound
//!   (`explore/rank.rs`: the pushes left in moves mode, the moves left in
//!   pushes mode, the other mode's [`bound`]; with hands and in moves mode
//!   the only bound there is), and the inputs by the larger of the two
//!   (every move and every push is an input): each bounds its count for
//!   any way on, so for the cheapest way on in the mode's order, and the
//!   priority stays admissible in that order. The bound: box
//!   distances over every cell but strong walls, with each box's moves
//!   under the rules (pushes; for a box that can be grabbed, also pulls,
//!   carries and swings), matched to the goals and divided by how many
//!   boxes one costly step may move (one under Sokoban rules, so the
//!   matching itself), never less than the farthest box's own distance;
//!   in move-optimal search the player's walk to the nearest pushable is
//!   added. Move-optimal search with hands has no bound (a swing moves
//!   boxes and is no move, and the walk alone did not pay). Elsewhere a
//!   heap takes positions in order of cost (Dijkstra's order); the plain
//!   search for any solution, whose every step is one input, takes them
//!   breadth-first.
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
//!   fast push search does (the moves among the fewest pushes are then not
//!   proved, crate docs "Ties": the open list orders by the pushes alone,
//!   and only fewer pushes re-open a position). A cell is free when the
//!   player can walk onto it
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
//!   was 58 times slower. Measured again best-first (2026-12-02, the
//!   designer set, docs/benchmarks-solver.md): fewer positions on 12 of
//!   20 levels, but What's in the Box and Plate Relay no longer solved in
//!   10 s, and solutions up to twice as long in moves (a tour's walks are
//!   the tour's, not the shortest), which the hint shows a player: still
//!   left exact. The
//!   property tests of `tests/general.rs` hold
//!   the stored positions of goal-less levels equal to the reference's walk
//!   classes and every verdict equal to the reference's.
//! - **Tunnel runs** (fast mode with pruning on only: `corridors.rs`,
//!   `explore/tunnel.rs`):
//!   after a `Move(d)` whose only events are one box B's push from `f` to
//!   `e` and the player's move onto `f`, while the rule below holds,
//!   `Move(d)` is stepped again on the trail within the same edge (B pushed
//!   on, the player behind it), each such step checked to have exactly
//!   those two events (anything else is reported as a solver bug, never
//!   filed). The child filed is the run's end, under one input index that
//!   replays every move, so a path and a solution hold every step; an
//!   edge takes at most 60 moves after the first, a longer run being cut
//!   into edges (the next starts when the cut end is expanded). Never in
//!   the optimal modes (a run can cost inputs a solution would not take:
//!   the walks back below) nor in the plain search.
//!   *The rule.* Once per search: rules without hands and `max_chain`
//!   `Some(1)`; one floor; nothing moves by itself ([`key::moves_by_itself`]:
//!   a duck walks every step); dead cells sound ([`key::DeadCells::sound`]
//!   without hands: only the player's pushes move a box, and the sim has no
//!   mechanic this was not checked against); no recipe of the level
//!   answers the player's steps while blocking movement (so it answers
//!   steps onto other cells: a lantern glows beside it); as many things
//!   that count on a goal ([`key::counts_on_goal`]) as goals. At each
//!   step, with the player on `f`, B on `e` and `x = e + d`: B counts on a
//!   goal; `f`, `e` and `x` are *plain* (the level puts nothing there but
//!   the player, what is pushed, in its own state, and goals: no water,
//!   plate, door, collectible, stairs, cauldron or wall); `e` is off goal;
//!   both cells beside `e` and both beside `x` across `d` are strong walls
//!   ([`walls::strong_wall`]: never changed, never destroyed, blocking
//!   movement and pushes); nothing stands on `x`.
//!   *Facts* (rules.md §4, under that gate). (a) Only the player's moves
//!   move anything, one pushable a push (a chain of two is refused before
//!   any key rule is looked at); nothing is grabbed, smashed or moves by
//!   itself. (b) No rule makes a thing that counts on a goal (contents and
//!   brews are keys, hammers, collectibles, bongs), and one that stops
//!   counting (a heavy box sunk) never counts again: with as many as
//!   goals, every solution ends with each of them on a goal. (c) A step
//!   reads the player's cell and the one it moves to, its push chain and
//!   the cell beyond, and answers at the cells something left or entered
//!   (collectibles, water, plates, stairs, a doorway, a cauldron) and at
//!   the doors of a plate that changed; plain cells hold none of these,
//!   so a step that neither enters nor pushes into a set of plain cells
//!   does the same whichever of them holds B. (d) A step that changes
//!   nothing but the player's Facing can be left out of a solution:
//!   without hands nothing reads Facing.
//!   *Lemma.* Let the run from S (B on `e_0 = e`, the player on `f`) push
//!   B on `k` times, along `e_1 … e_k`: `e_0 … e_{k-1}` plain, off goal,
//!   walled on both sides, `e_k` plain and walled, `e_1 … e_k` empty in
//!   S. Let Y be its end with the player walked back to `f` (`k` walks
//!   over the emptied cells, pushing nothing); by (c) Y is S with B on
//!   `e_k`. If S is solvable, Y is, in no more inputs. Play a shortest
//!   solution σ of S (each of its steps changes more than Facing, by (d))
//!   from Y, keeping this: the two positions are equal but for B, on `e_i`
//!   in σ's and `e_j` in ours, `i ≤ j`, and the player stands on none of
//!   `e_{i+1} … e_j` (at first `i = 0`, `j = k`, the player on `f`). While
//!   `i < j`, the player enters those cells only along the line (walls
//!   beside), so: (1) a move from `e_{i-1}` (`f` for `i = 0`) onto `e_i`
//!   pushes B on in σ (`e_{i+1}` is empty there) and walks in ours: now
//!   `i + 1`; (2) a move from past `e_j` onto `e_j` walks in σ and pushes B
//!   back onto the empty `e_{j-1}` in ours: now `j - 1`, the player on
//!   `e_j` in both; (3) B moves no other way (a); a push onto `e_i` from
//!   `e_{i-1}` is a chain of two, refused, so not in σ (d); a push of a
//!   thing C onto `e_j` from past it is in no solution: B and C would face
//!   each other over cells the player cannot reach (walls beside, B and C
//!   at the ends), C could only come nearer and B go on to `e_{j-1}` at
//!   most, never reaching a goal, against (b); (4) any other step does the
//!   same in both (c). When `i = j` the positions are equal and σ goes on
//!   as it is, and σ's position is never solved while `i < j` (B on
//!   `e_i`, off goal, (b)). So σ solves Y.
//!   *Complete.* The search explores every position of the graph whose
//!   edges are the steps, one that starts a run leading to the run's end
//!   instead. Every solvable position P has a path in it to a solved one,
//!   by induction on P's fewest inputs `n` to solved: a shortest
//!   solution's first step reaches a position of `n - 1` inputs, either
//!   as an edge, or it starts a run, whose end leads by `k` walks back
//!   (edges: they push nothing) to Y, of at most `n - 1` by the lemma. The
//!   prunings drop only positions no solution passes, so "unsolvable" is
//!   still a proof. Why each condition: a thing that does not count, or a
//!   box to spare, may wait in the corridor for good where a solution
//!   brings another thing in from the far side (a key pushed in only to
//!   clear the way, run onto the goal where a box must go: a test has
//!   it); a goal, or an open cell beside `e` or `x` (a crossing, the way
//!   round), is where the box may have to stop; a cell that answers steps
//!   (a plate the player steps off, water a heavy box sinks in, a coin)
//!   would make a run step do more, and (c) fail. Each mechanic: hands
//!   (grab, carry, swing, hammer, cleanup) and chains are off; water,
//!   plates, doors, collectibles, stairs and cauldrons are never on a
//!   plain cell and act alike in both positions elsewhere (c); heavy boxes
//!   count and are pushed like boxes; a key counts on no goal, so never
//!   runs, and goes into its door or a cauldron only at a chain's far end
//!   with the taker beyond (never on a plain cell); a bong is made and
//!   broken elsewhere, and needs a hammer to break; a lantern answers
//!   steps beside it: off; ducks move by themselves: off; a mechanic the
//!   sim gains turns dead cells, so this, off until it is checked.
//! - **Not done**: corral deadlocks; other macro moves: a box pulled or
//!   carried along a path. With hands a box in a corridor can be pulled
//!   back, so (a) fails; in the optimal modes every step of a carry costs
//!   a move and a push, so nothing can be merged; and in fast mode such an
//!   edge saves no position: a pull is undone by a carry forward and the
//!   box may be dropped at any cell of the way, so every position along
//!   it is a neighbour of the next and of its own drop, and a search that
//!   must still prove "unsolvable" files them all the same. Tried as a
//!   jump (a pull in a corridor also filed with its run to the corridor's
//!   end, nothing dropped: sound, an ordering only), any solution, one
//!   thread, 2026-12-02: designer set 1,520,222 states to 1,520,218 (four
//!   levels one state fewer), built-in levels 38,572 to 38,573,
//!   Combinations 625,034 to 622,071; not kept. A box pushed
//!   along a path that turns, or into a goal room in one edge (the fast
//!   push search's goal macros drop continuations, so a search with them
//!   proves nothing when it runs out); in fast mode merging the free
//!   region (the walk to the next interaction as one edge, sound there
//!   too) was measured twice and did not pay ("Free region" above); a
//!   move-optimal bound with hands (swings move boxes for no move).
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
mod corridors;
mod cost;
mod ended;
mod explore;
mod facts;
mod frame;
mod freeze;
mod guide;
pub(crate) mod key;
mod landmarks;
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
pub(crate) use walls::strong_wall;
