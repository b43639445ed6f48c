//! Edits that change a level's shape, made by building the level anew
//! through the level crate's checked edits: a floor resized, a floor
//! removed. Title, metadata and floor names come along.

use muscleman_core::GridPos;
use muscleman_level::{Level, LevelError, MetadataError};

/// Build a level of floors of `sizes`, with `level`'s title, metadata and
/// floor names, and each cell of `level`'s floor `from[i]` that fits floor
/// `i + 1` and that `keep` keeps (it is given the new floor's number and the cell).
fn rebuild(
    level: &Level,
    sizes: &[(usize, usize)],
    from: &[usize],
    keep: &dyn Fn(usize, GridPos) -> bool,
) -> Result<Level, LevelError> {
    let Some(&(w, h)) = sizes.first() else {
        return Err(LevelError::NoFloor(1));
    };
    let mut out = Level::new(w, h)?;
    for &(w, h) in sizes.iter().skip(1) {
        out.add_floor(w, h)?;
    }
    if let Some(title) = level.title() {
        // The level accepted it, so the copy does too.
        let _ = out.set_title(title);
    }
    *out.metadata_mut() = level.metadata().clone();
    for (i, &source) in from.iter().enumerate() {
        let Some(old) = level.floor(source) else {
            continue;
        };
        let floor = i + 1;
        if let Some(name) = old.name() {
            out.set_floor_name(floor, name)?;
        }
        for (at, cell) in old.iter() {
            if !cell.is_empty()
                && keep(floor, at)
                && out.floor(floor).is_some_and(|f| f.contains(at))
            {
                out.set_cell_on(floor, at, cell.iter().copied())?;
            }
        }
    }
    Ok(out)
}

/// Return `level` with floor `floor` resized to `width` × `height`, what
/// fits kept at the top left. A floor walled all round stays walled all
/// round: its walls move to the new edges, and what stood inside them
/// stays inside.
pub fn resized(
    level: &Level,
    floor: usize,
    width: usize,
    height: usize,
) -> Result<Level, LevelError> {
    if width == 0 || height == 0 {
        return Err(LevelError::OutOfBounds(GridPos::ZERO));
    }
    let mut sizes = Vec::new();
    for f in level.floors() {
        sizes.push(if f.number() == floor {
            (width, height)
        } else {
            (f.width(), f.height())
        });
    }
    let from: Vec<usize> = (1..=sizes.len()).collect();
    let Some((old_w, old_h)) = level.floor(floor).map(|f| (f.width(), f.height())) else {
        return Err(LevelError::NoFloor(floor));
    };
    if !walled_round(level, floor) || width < 3 || height < 3 {
        return rebuild(level, &sizes, &from, &|_, _| true);
    }
    let inside = |at: GridPos, w: usize, h: usize| {
        let (x, y) = (usize::try_from(at.x), usize::try_from(at.y));
        matches!((x, y), (Ok(x), Ok(y)) if x > 0 && y > 0 && x + 1 < w && y + 1 < h)
    };
    let keep = |f: usize, at: GridPos| {
        f != floor || (inside(at, old_w, old_h) && inside(at, width, height))
    };
    let mut out = rebuild(level, &sizes, &from, &keep)?;
    wall_round(&mut out, floor)?;
    Ok(out)
}

/// Return whether every edge cell of floor `floor` is a wall and nothing else.
fn walled_round(level: &Level, floor: usize) -> bool {
    let Some(f) = level.floor(floor) else {
        return false;
    };
    let wall = [muscleman_core::EntitySpec::new(
        muscleman_core::EntityRecipe::WallStrong,
    )];
    let (w, h) = (f.width(), f.height());
    f.iter().all(|(at, cell)| {
        let (x, y) = (
            usize::try_from(at.x).unwrap_or(0),
            usize::try_from(at.y).unwrap_or(0),
        );
        let edge = x == 0 || y == 0 || x + 1 == w || y + 1 == h;
        !edge || cell == wall
    })
}

/// Return `level` without floor `floor`; the last floor is never removed.
pub fn without_floor(level: &Level, floor: usize) -> Result<Level, String> {
    if level.floor_count() <= 1 {
        return Err("a level keeps at least one floor".to_owned());
    }
    let kept: Vec<usize> = (1..=level.floor_count()).filter(|&f| f != floor).collect();
    let sizes: Vec<(usize, usize)> = kept
        .iter()
        .filter_map(|&f| level.floor(f).map(|f| (f.width(), f.height())))
        .collect();
    rebuild(level, &sizes, &kept, &|_, _| true).map_err(|e| e.to_string())
}

/// Set `level`'s title (empty: none).
pub fn with_title(level: &mut Level, title: &str) -> Result<(), MetadataError> {
    level.set_title(title)
}

/// Return an empty room of `width` × `height` walled all round, the
/// player in its first free cell (none when there is no free cell).
pub fn walled_room(width: usize, height: usize) -> Result<Level, LevelError> {
    let mut level = Level::new(width, height)?;
    wall_round(&mut level, 1)?;
    if width > 2 && height > 2 {
        level.add(GridPos::new(1, 1), muscleman_core::EntityRecipe::Player)?;
    }
    Ok(level)
}

/// Add a floor of `width` × `height` walled all round on top of `level`;
/// return its number.
pub fn with_walled_floor(
    level: &mut Level,
    width: usize,
    height: usize,
) -> Result<usize, LevelError> {
    let n = level.add_floor(width, height)?;
    wall_round(level, n)?;
    Ok(n)
}

/// Put a wall on every edge cell of floor `floor`.
fn wall_round(level: &mut Level, floor: usize) -> Result<(), LevelError> {
    let (width, height) = level
        .floor(floor)
        .map(|f| (f.width(), f.height()))
        .ok_or(LevelError::NoFloor(floor))?;
    let to_i32 = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
    let (w, h) = (to_i32(width), to_i32(height));
    for y in 0..h {
        for x in 0..w {
            if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                level.add_on(
                    floor,
                    GridPos::new(x, y),
                    muscleman_core::EntityRecipe::WallStrong,
                )?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use muscleman_core::EntityRecipe;

    #[test]
    fn a_resize_keeps_what_fits_and_the_metadata() {
        let mut level = walled_room(5, 4).unwrap_or_else(|e| panic!("{e}"));
        let _ = level.set_title("Room");
        let _ = level.metadata_mut().set("Author", "me");
        let big = resized(&level, 1, 7, 5).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((big.width(), big.height()), (7, 5));
        assert_eq!(big.title(), Some("Room"));
        assert_eq!(big.author(), Some("me"));
        // Walled round, it stays so: the walls move out.
        assert!(!big.has(GridPos::new(4, 3), EntityRecipe::WallStrong));
        assert!(big.has(GridPos::new(6, 4), EntityRecipe::WallStrong));
        assert!(big.has(GridPos::new(1, 1), EntityRecipe::Player));
        assert!(resized(&level, 1, 0, 3).is_err());
    }

    #[test]
    fn the_last_floor_stays() {
        let mut level = walled_room(4, 4).unwrap_or_else(|e| panic!("{e}"));
        assert!(without_floor(&level, 1).is_err());
        let _ = level.add_floor(3, 3);
        let one = without_floor(&level, 2).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(one, walled_room(4, 4).unwrap_or_else(|e| panic!("{e}")));
    }
}
