//! Grid positions and the four directions.

use std::fmt;
use std::ops::{Add, AddAssign, Sub, SubAssign};

/// Cell coordinate on the grid; `x` grows to the right, `y` grows downward.
///
/// # Example
/// ```
/// use muscleman_core::GridPos;
///
/// assert_eq!(GridPos::new(5, 5) - GridPos::new(2, 1), GridPos::new(3, 4));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GridPos {
    /// Column, growing to the right.
    pub x: i32,
    /// Row, growing downward.
    pub y: i32,
}

impl GridPos {
    /// The origin, `(0, 0)`.
    pub const ZERO: GridPos = GridPos { x: 0, y: 0 };

    /// Make a position from its column and row.
    pub const fn new(x: i32, y: i32) -> Self {
        GridPos { x, y }
    }

    /// Return the neighbouring cell in `dir`, saturating at the edges of `i32`.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{GridDir, GridPos};
    ///
    /// assert_eq!(GridPos::new(1, 1).step(GridDir::Up), GridPos::new(1, 0));
    /// ```
    pub const fn step(self, dir: GridDir) -> Self {
        let o = dir.offset();
        GridPos {
            x: self.x.saturating_add(o.x),
            y: self.y.saturating_add(o.y),
        }
    }

    /// Return the neighbouring cell in `dir`, wrapping at the edges of
    /// `i32`: [`GridPos::step`] for a caller that only uses the cell if it
    /// lies in an area it knows, which a wrapped cell never does (an area
    /// of cells cannot hold both `i32::MAX` and `i32::MIN`).
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{GridDir, GridPos};
    ///
    /// assert_eq!(GridPos::new(1, 1).wrapping_step(GridDir::Left), GridPos::new(0, 1));
    /// assert_eq!(GridPos::new(i32::MAX, 0).wrapping_step(GridDir::Right), GridPos::new(i32::MIN, 0));
    /// ```
    #[inline]
    pub const fn wrapping_step(self, dir: GridDir) -> Self {
        let o = dir.offset();
        GridPos {
            x: self.x.wrapping_add(o.x),
            y: self.y.wrapping_add(o.y),
        }
    }
}

impl fmt::Display for GridPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

impl Add for GridPos {
    type Output = GridPos;
    fn add(self, rhs: GridPos) -> GridPos {
        GridPos::new(self.x.wrapping_add(rhs.x), self.y.wrapping_add(rhs.y))
    }
}

impl Sub for GridPos {
    type Output = GridPos;
    fn sub(self, rhs: GridPos) -> GridPos {
        GridPos::new(self.x.wrapping_sub(rhs.x), self.y.wrapping_sub(rhs.y))
    }
}

impl AddAssign for GridPos {
    fn add_assign(&mut self, rhs: GridPos) {
        *self = *self + rhs;
    }
}

impl SubAssign for GridPos {
    fn sub_assign(&mut self, rhs: GridPos) {
        *self = *self - rhs;
    }
}

/// One of the four grid directions, in the order Up, Right, Down, Left.
///
/// # Example
/// ```
/// use muscleman_core::GridDir;
///
/// assert_eq!(GridDir::Up.rotate_right(), GridDir::Right);
/// assert_eq!(GridDir::Up.rotate_left(), GridDir::Left);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GridDir {
    /// Toward smaller `y`.
    Up,
    /// Toward larger `x`.
    Right,
    /// Toward larger `y`.
    #[default]
    Down,
    /// Toward smaller `x`.
    Left,
}

impl GridDir {
    /// All four directions, in their canonical order.
    pub const ALL: [GridDir; 4] = [GridDir::Up, GridDir::Right, GridDir::Down, GridDir::Left];

    /// Return the unit offset of this direction (`Up` is `(0, -1)`).
    pub const fn offset(self) -> GridPos {
        match self {
            GridDir::Up => GridPos::new(0, -1),
            GridDir::Right => GridPos::new(1, 0),
            GridDir::Down => GridPos::new(0, 1),
            GridDir::Left => GridPos::new(-1, 0),
        }
    }

    /// Return the direction a quarter turn clockwise.
    pub const fn rotate_right(self) -> Self {
        match self {
            GridDir::Up => GridDir::Right,
            GridDir::Right => GridDir::Down,
            GridDir::Down => GridDir::Left,
            GridDir::Left => GridDir::Up,
        }
    }

    /// Return the direction a quarter turn counter-clockwise.
    pub const fn rotate_left(self) -> Self {
        match self {
            GridDir::Up => GridDir::Left,
            GridDir::Left => GridDir::Down,
            GridDir::Down => GridDir::Right,
            GridDir::Right => GridDir::Up,
        }
    }

    /// Return the opposite direction.
    pub const fn opposite(self) -> Self {
        self.rotate_right().rotate_right()
    }

    /// Return its name in saves, JSON and messages (`"up"`, `"right"`,
    /// `"down"`, `"left"`).
    pub const fn name(self) -> &'static str {
        match self {
            GridDir::Up => "up",
            GridDir::Right => "right",
            GridDir::Down => "down",
            GridDir::Left => "left",
        }
    }

    /// Return the position of this direction in [`GridDir::ALL`] (0 to 3).
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for GridDir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
