//! The solver's input: a rectangle of cells with walls, water, goals, boxes and one player.

#![expect(
    clippy::indexing_slicing,
    reason = "every index comes from `Problem::index`, which checks it against the rectangle, or is the neighbour of a cell not on the rectangle's edge"
)]

use muscleman_core::{CellClass, EntityId, EntityRecipe, EntitySpec, GridPos};
use muscleman_level::{Collection, Level};
use muscleman_sim::{World, spawn, spawn_spec};

use crate::error::ProblemError;
use crate::options::Unmodelled;

/// Largest padded cell count (`(width + 2) × (height + 2)`) the solver accepts;
/// cell indices are `u16`.
pub const MAX_PADDED_CELLS: usize = 65_000;

/// Kind of wall: both block the player and boxes alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum WallKind {
    /// A strong wall (`#`).
    Strong,
    /// A weak wall (`%`); for walking and pushing it is a wall like any other.
    Weak,
}

/// Kind of box: both push the same way and both count on a goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BoxKind {
    /// An ordinary box (`$`).
    Box,
    /// A heavy box (`&`); it pushes exactly like a box.
    Heavy,
}

impl BoxKind {
    /// The sim recipe that makes this kind of box.
    pub const fn recipe(self) -> EntityRecipe {
        match self {
            BoxKind::Box => EntityRecipe::Box,
            BoxKind::Heavy => EntityRecipe::HeavyBox,
        }
    }
}

impl WallKind {
    /// The sim recipe that makes this kind of wall.
    pub const fn recipe(self) -> EntityRecipe {
        match self {
            WallKind::Strong => EntityRecipe::WallStrong,
            WallKind::Weak => EntityRecipe::WallWeak,
        }
    }
}

/// A level as the solver sees it: a `width × height` rectangle whose top-left
/// cell is `(0, 0)`.
///
/// Cells outside the rectangle are treated as walls: the player never leaves
/// the level's bounding box and no box is pushed out of it. The sim's grid is
/// unbounded, so on a level that is open to the outside (see
/// [`Problem::boundary`]) the sim allows moves the solver never makes: a
/// solution the solver finds is still a solution in the sim, but an
/// exhausted search proves nothing, and [`crate::solve`] gives up with
/// [`crate::GiveUpReason::OpenLevel`] instead of saying unsolvable.
///
/// # Example
/// ```
/// use muscleman_solver::Problem;
///
/// let p = Problem::from_xsb("#####\n#@$.#\n#####")?;
/// assert_eq!((p.width, p.height), (5, 3));
/// assert_eq!(p.boxes.len(), 1);
/// # Ok::<(), muscleman_solver::ProblemError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Problem {
    /// Number of columns.
    pub width: u32,
    /// Number of rows.
    pub height: u32,
    /// Where the player starts.
    pub player: GridPos,
    /// Wall cells.
    pub walls: Vec<(GridPos, WallKind)>,
    /// Water cells. The search does not model water (the player cannot
    /// swim, heavy boxes sink): a problem with water is never searched.
    pub water: Vec<GridPos>,
    /// Goal cells.
    pub goals: Vec<GridPos>,
    /// Boxes and their kinds.
    pub boxes: Vec<(GridPos, BoxKind)>,
    /// Everything else the level holds that the sim plays but the search does
    /// not model ([`Unmodelled::of`] is `Some`), and anything written in a
    /// state (a sunk heavy box, an open door). A problem holding any is
    /// never searched ([`Problem::unmodelled`]).
    pub others: Vec<(GridPos, EntitySpec)>,
}

impl Problem {
    /// Build a problem from a list of recipes per cell, as a level file gives them.
    ///
    /// What it does not model is kept in
    /// [`Problem::others`] (the search then gives up); recipes the sim
    /// itself refuses (Bong, Ghost...) are [`ProblemError::UnsupportedRecipe`];
    /// a level needs exactly one player.
    pub fn from_recipes(
        width: u32,
        height: u32,
        cells: impl IntoIterator<Item = (GridPos, EntityRecipe)>,
    ) -> Result<Problem, ProblemError> {
        Problem::from_specs(
            width,
            height,
            cells.into_iter().map(|(at, r)| (at, EntitySpec::new(r))),
        )
    }

    /// Build a problem from specs per cell: as [`Problem::from_recipes`],
    /// where a box's contents are dropped (only a hammer opens a box, and a
    /// level with a hammer is never searched), an entity the search does not
    /// model goes to [`Problem::others`] with its state, and any other state
    /// is [`ProblemError::UnsupportedSpec`].
    fn from_specs(
        width: u32,
        height: u32,
        cells: impl IntoIterator<Item = (GridPos, EntitySpec)>,
    ) -> Result<Problem, ProblemError> {
        let mut p = Problem {
            width,
            height,
            ..Problem::default()
        };
        let mut player = None;
        for (at, spec) in cells {
            // What the push search does not model, and anything in a state
            // (a sunk heavy box stands in water, an open door is a door).
            if spec.recipe != EntityRecipe::WaterCell
                && (Unmodelled::of(&spec).is_some() || spec.state.is_some())
            {
                p.others.push((at, spec));
                continue;
            }
            if spec.state.is_some() {
                return Err(ProblemError::UnsupportedSpec { spec, at });
            }
            match spec.recipe {
                EntityRecipe::Player => {
                    if player.is_some() {
                        return Err(ProblemError::TwoPlayers { at });
                    }
                    player = Some(at);
                }
                EntityRecipe::WallStrong => p.walls.push((at, WallKind::Strong)),
                EntityRecipe::WallWeak => p.walls.push((at, WallKind::Weak)),
                EntityRecipe::WaterCell => p.water.push(at),
                EntityRecipe::Goal => p.goals.push(at),
                EntityRecipe::Box => p.boxes.push((at, BoxKind::Box)),
                EntityRecipe::HeavyBox => p.boxes.push((at, BoxKind::Heavy)),
                other => return Err(ProblemError::UnsupportedRecipe { recipe: other, at }),
            }
        }
        p.player = player.ok_or(ProblemError::NoPlayer)?;
        p.check()?;
        Ok(p)
    }

    /// Build a problem from a level read by the level crate.
    ///
    /// What the search does not model ([`Unmodelled`],
    /// collectibles, hammers, a sunk heavy box) is kept, and
    /// [`Problem::unmodelled`] names the first; a box's contents are dropped
    /// (only a hammer opens a box). Recipes the sim refuses are
    /// [`ProblemError::UnsupportedRecipe`].
    ///
    /// # Example
    /// ```
    /// use muscleman_core::GridPos;
    /// use muscleman_level::{Collection, Level};
    /// use muscleman_solver::{Problem, Unmodelled};
    ///
    /// let level = Level::parse("#####\n#@$.#\n#####").unwrap();
    /// let p = Problem::from_level(&level)?;
    /// assert_eq!(p.goals.len(), 1);
    /// assert_eq!(p.unmodelled(), None);
    ///
    /// // A sunk heavy box is no box: it fills water, which the search does not model.
    /// let bridge = Level::parse("legend: f = WaterCell HeavyBox:sunk\n#@f$.#").unwrap();
    /// let p = Problem::from_level(&bridge)?;
    /// assert!(p.boxes.len() == 1);
    /// assert_eq!(p.unmodelled(), Some((Unmodelled::WATER, GridPos::new(2, 0))));
    /// # Ok::<(), muscleman_solver::ProblemError>(())
    /// ```
    pub fn from_level(level: &Level) -> Result<Problem, ProblemError> {
        // One grid: a level with floors is the general search's.
        if level.floor_count() > 1 {
            return Err(ProblemError::Floors {
                floors: level.floor_count(),
            });
        }
        let too_large = || ProblemError::TooLarge {
            width: u32::try_from(level.width()).unwrap_or(u32::MAX),
            height: u32::try_from(level.height()).unwrap_or(u32::MAX),
        };
        let width = u32::try_from(level.width()).map_err(|_| too_large())?;
        let height = u32::try_from(level.height()).map_err(|_| too_large())?;
        Problem::from_specs(width, height, level.entities())
    }

    /// Return the first thing, in reading order, that the search does not
    /// model ([`Unmodelled`]), with its cell.
    ///
    /// [`crate::solve`] gives up on such a problem without searching it
    /// ([`crate::GiveUpReason::Unmodelled`]), and [`crate::Position::new`]
    /// refuses it: a push search that treats water as floor and keys as
    /// boxes would find false solutions and false proofs.
    pub fn unmodelled(&self) -> Option<(Unmodelled, GridPos)> {
        let water = self.water.iter().map(|at| (*at, Unmodelled::WATER));
        let others = self
            .others
            .iter()
            .filter_map(|(at, spec)| Unmodelled::of(spec).map(|what| (*at, what)));
        water
            .chain(others)
            .min_by_key(|(at, what)| (at.y, at.x, *what))
            .map(|(at, what)| (what, at))
    }

    /// Read one level in the level format (`muscleman_level::Level::parse`:
    /// XSB text with the Muscleman cells and legend letters) and build its
    /// problem.
    ///
    /// # Example
    /// ```
    /// use muscleman_solver::Problem;
    ///
    /// let p = Problem::from_xsb("#####\n#@$.#\n#####")?;
    /// assert_eq!(p.boxes.len(), 1);
    /// assert!(Problem::from_xsb("#?#").is_err());
    /// # Ok::<(), muscleman_solver::ProblemError>(())
    /// ```
    pub fn from_xsb(text: &str) -> Result<Problem, ProblemError> {
        let level = Level::parse(text).map_err(|e| ProblemError::Level {
            message: e.to_string(),
        })?;
        Problem::from_level(&level)
    }

    /// Check sizes, bounds and that no two blockers share a cell.
    pub fn check(&self) -> Result<(), ProblemError> {
        let (w, h) = (self.width as usize, self.height as usize);
        if w == 0 || h == 0 {
            return Err(ProblemError::Empty);
        }
        let padded = (w + 2).checked_mul(h + 2);
        if padded.is_none_or(|n| n > MAX_PADDED_CELLS) {
            return Err(ProblemError::TooLarge {
                width: self.width,
                height: self.height,
            });
        }
        let mut blocked = vec![false; w * h];
        let mut claim = |at: GridPos, blocks: bool| -> Result<(), ProblemError> {
            let i = self.index(at).ok_or(ProblemError::OutOfBounds { at })?;
            if blocks {
                let slot = blocked.get_mut(i).ok_or(ProblemError::OutOfBounds { at })?;
                if *slot {
                    return Err(ProblemError::Overlap { at });
                }
                *slot = true;
            }
            Ok(())
        };
        claim(self.player, true)?;
        for (at, _) in &self.walls {
            claim(*at, true)?;
        }
        for (at, _) in &self.boxes {
            claim(*at, true)?;
        }
        for at in self.water.iter().chain(&self.goals) {
            claim(*at, false)?;
        }
        for (at, spec) in &self.others {
            // What blocks movement (keys, hammers, closed doors), as the
            // level's cell class says.
            claim(*at, spec.class().contains(CellClass::BLOCKER))?;
        }
        Ok(())
    }

    /// Return the row-major index of `at`, if it lies in the rectangle.
    pub(crate) fn index(&self, at: GridPos) -> Option<usize> {
        let x = usize::try_from(at.x).ok()?;
        let y = usize::try_from(at.y).ok()?;
        (x < self.width as usize && y < self.height as usize).then(|| y * self.width as usize + x)
    }

    /// Return whether the level is enclosed ([`Problem::boundary`]).
    ///
    /// The player, walking around walls only (boxes ignored), can then never
    /// reach the edge of the rectangle, and the solver and the sim's
    /// unbounded grid agree on every move.
    pub fn is_enclosed(&self) -> bool {
        self.boundary().is_enclosed()
    }

    /// Spawn this problem into a fresh sim world and return it with the player's id.
    ///
    /// Entities are spawned row by row, in the order walls, water, goals,
    /// boxes, the others (in their list's order), player, so the same
    /// problem always gives the same ids.
    pub fn to_world(&self) -> Result<(World, EntityId), ProblemError> {
        self.check()?;
        let mut world = World::new();
        let mut cells: Vec<(GridPos, u8, EntitySpec)> = Vec::new();
        let plain = |r: EntityRecipe| EntitySpec::new(r);
        cells.extend(self.walls.iter().map(|(at, k)| (*at, 0, plain(k.recipe()))));
        cells.extend(
            self.water
                .iter()
                .map(|at| (*at, 1, plain(EntityRecipe::WaterCell))),
        );
        cells.extend(
            self.goals
                .iter()
                .map(|at| (*at, 2, plain(EntityRecipe::Goal))),
        );
        cells.extend(self.boxes.iter().map(|(at, k)| (*at, 3, plain(k.recipe()))));
        cells.extend(self.others.iter().map(|(at, spec)| (*at, 4, *spec)));
        cells.sort_by_key(|(at, order, _)| (at.y, at.x, *order));
        for (at, _, spec) in cells {
            spawn_spec(&mut world, &spec, at)
                .map_err(|_| ProblemError::UnsupportedSpec { spec, at })?;
        }
        let player = spawn(&mut world, EntityRecipe::Player, self.player).map_err(|_| {
            ProblemError::UnsupportedRecipe {
                recipe: EntityRecipe::Player,
                at: self.player,
            }
        })?;
        Ok((world, player))
    }

    /// Print the problem as XSB-like text (with `%`, `~` and `&` for the
    /// Muscleman cells); a water cell under a box or player shows the box or player.
    pub fn to_xsb(&self) -> String {
        let (w, h) = (self.width as usize, self.height as usize);
        let mut grid = vec![' '; w * h];
        let mut goal = vec![false; w * h];
        for at in &self.goals {
            if let Some(i) = self.index(*at) {
                goal[i] = true;
                grid[i] = '.';
            }
        }
        for at in &self.water {
            if let Some(i) = self.index(*at) {
                grid[i] = '~';
            }
        }
        for (at, k) in &self.walls {
            if let Some(i) = self.index(*at) {
                grid[i] = if *k == WallKind::Strong { '#' } else { '%' };
            }
        }
        for (at, k) in &self.boxes {
            if let Some(i) = self.index(*at) {
                grid[i] = match (k, goal[i]) {
                    (BoxKind::Heavy, _) => '&',
                    (BoxKind::Box, true) => '*',
                    (BoxKind::Box, false) => '$',
                };
            }
        }
        if let Some(i) = self.index(self.player) {
            grid[i] = if goal[i] { '+' } else { '@' };
        }
        let mut out = String::with_capacity((w + 1) * h);
        for row in grid.chunks(w) {
            let line: String = row.iter().collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

/// One level of a collection read by [`parse_collection`].
#[derive(Clone, Debug)]
pub struct CollectionLevel {
    /// The level's title (the `;` line just above it), or `"N"` if none.
    pub title: String,
    /// The level as the level crate prints it (plain XSB for an XSB level).
    pub text: String,
    /// The level as read.
    pub level: Level,
    /// Its problem, or why the push search cannot take it.
    pub problem: Result<Problem, ProblemError>,
}

/// Read a collection with the level crate (`muscleman_level::Collection`:
/// blank lines between levels, `;` comment lines, the last one above a
/// level its title) and build each level's problem.
pub fn parse_collection(text: &str) -> Result<Vec<CollectionLevel>, ProblemError> {
    let collection = Collection::parse(text).map_err(|e| ProblemError::Level {
        message: e.to_string(),
    })?;
    Ok(collection
        .levels
        .into_iter()
        .enumerate()
        .map(|(i, level)| CollectionLevel {
            title: level
                .title()
                .map_or_else(|| (i + 1).to_string(), str::to_owned),
            text: level.to_text(),
            problem: Problem::from_level(&level),
            level,
        })
        .collect())
}
