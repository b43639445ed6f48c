//! The world's consistency rules (rules.md §5, 1, 2 and 6).

use super::*;

impl World {
    /// Check the world's consistency rules (rules.md §5, 1 and 2): every
    /// positioned entity is indexed exactly at its position with its current
    /// tags, the index holds nothing else, no cell holds two entities that
    /// block movement, and no component refers to a dead entity.
    pub fn validate(&self) -> Result<(), InvariantError> {
        let mut positioned = 0usize;
        for id in self.entities() {
            let mut dangling = None;
            // The entity is alive: it came from `entities`.
            let _ = self.for_each_component(id, |c| {
                if let Some(target) = c.refers_to()
                    && !self.is_alive(target)
                {
                    dangling.get_or_insert((c.kind(), target));
                }
            });
            if let Some((component, target)) = dangling {
                return Err(InvariantError::DanglingReference {
                    entity: id,
                    component,
                    target,
                });
            }
            let Ok(at) = self.position(id) else { continue };
            positioned += 1;
            let floor = floor_of(at);
            // A world built by hand, with no floors given, may use any.
            if !self.floors.is_empty() && floor > self.floor_count() {
                return Err(InvariantError::NoSuchFloor { entity: id, floor });
            }
            let tags = self.ecs_tags(id).unwrap_or_default();
            match self.index.tags_of(id, at) {
                None => return Err(InvariantError::NotIndexed { entity: id, at }),
                Some(t) if t != tags => return Err(InvariantError::StaleTags { entity: id }),
                Some(_) => {}
            }
        }
        let mut indexed = 0usize;
        for (at, ids) in self.index.cells() {
            let mut blocker: Option<EntityId> = None;
            for id in ids {
                indexed += 1;
                if self.position(id).ok() != Some(at) {
                    return Err(InvariantError::StrayIndexEntry { entity: id, at });
                }
                if self
                    .tags(id)
                    .unwrap_or_default()
                    .contains(TagKind::BlocksMovement)
                {
                    if let Some(first) = blocker {
                        return Err(InvariantError::TwoBlockers {
                            at,
                            first,
                            second: id,
                        });
                    }
                    blocker = Some(id);
                }
            }
        }
        self.validate_holding()?;
        if indexed != positioned {
            // Some entity is listed twice; find it to name it.
            let mut seen = std::collections::BTreeSet::new();
            for (at, ids) in self.index.cells() {
                for id in ids {
                    if !seen.insert(id) {
                        return Err(InvariantError::StrayIndexEntry { entity: id, at });
                    }
                }
            }
        }
        Ok(())
    }

    /// Check rules.md §5, 6: what a player holds exists, is liftable and
    /// stands in front of it.
    pub(super) fn validate_holding(&self) -> Result<(), InvariantError> {
        for holder in self.entities() {
            let Ok(Holding(holding)) = self.get::<Holding>(holder) else {
                continue;
            };
            let carrying = self
                .tags(holder)
                .is_ok_and(|t| t.contains(TagKind::Carrying));
            let Some(held) = holding else {
                if carrying {
                    return Err(InvariantError::CarryingNothing { holder });
                }
                continue;
            };
            if !carrying {
                return Err(InvariantError::BadHolding { holder, held });
            }
            let front = match (self.position(holder), self.get::<Facing>(holder)) {
                (Ok(at), Ok(facing)) => Some(at.step(facing.0)),
                _ => None,
            };
            let liftable = self.tags(held).is_ok_and(|t| t.contains(TagKind::Liftable));
            if !liftable || front.is_none() || self.position(held).ok() != front {
                return Err(InvariantError::BadHolding { holder, held });
            }
        }
        Ok(())
    }
}
