//! Reading and writing an entity's data components.

use super::*;

impl World {
    /// Return whether the entity has the component `C`.
    pub fn has<C: Component>(&self, id: EntityId) -> Result<bool, WorldError> {
        let e = self.entity(id)?;
        match self.side_component(C::KIND, id) {
            Some(c) => Ok(c.is_some()),
            None => Ok(self.ecs.satisfies::<&C>(e)),
        }
    }

    /// Return a copy of the entity's component `C`.
    #[inline]
    pub fn get<C: Component>(&self, id: EntityId) -> Result<C, WorldError> {
        let missing = WorldError::MissingComponent {
            entity: id,
            component: C::KIND,
        };
        if let Some(c) = self.side_component(C::KIND, id) {
            return match c.and_then(C::from_any) {
                Some(c) => Ok(c),
                None => self.check_alive(id).and(Err(missing)),
            };
        }
        let e = self.entity(id)?;
        self.ecs
            .get::<&C>(e)
            .map(|c| *c)
            .map_err(|_| WorldError::MissingComponent {
                entity: id,
                component: C::KIND,
            })
    }

    /// Return every data component of the entity, in [`ComponentKind::ALL`] order.
    pub fn components(&self, id: EntityId) -> Result<Vec<AnyComponent>, WorldError> {
        let e = self.entity(id)?;
        Ok(ComponentKind::ALL
            .iter()
            .filter_map(|kind| self.component_of(*kind, id, e))
            .collect())
    }

    /// Call `f` with each data component of the entity, in
    /// [`ComponentKind::ALL`] order, without collecting them.
    pub(crate) fn for_each_component(
        &self,
        id: EntityId,
        mut f: impl FnMut(AnyComponent),
    ) -> Result<(), WorldError> {
        let e = self.entity(id)?;
        for kind in ComponentKind::ALL {
            if let Some(c) = self.component_of(*kind, id, e) {
                f(c);
            }
        }
        Ok(())
    }

    /// Set the entity's component `C`, adding it if missing. Setting a
    /// [`Position`] moves the entity (see [`World::move_to`]).
    #[inline]
    pub fn set<C: Component>(&mut self, id: EntityId, value: C) -> Result<(), WorldError> {
        match value.into_any() {
            // Unchanged (the usual step: the player walks on the way it
            // faces): one look at the column's first row.
            AnyComponent::Facing(f)
                if self
                    .facing
                    .rows
                    .first()
                    .is_some_and(|row| row.0 == id && row.1 == f.0) =>
            {
                return Ok(());
            }
            AnyComponent::Facing(f) => return self.set_facing(id, f.0),
            // Unchanged: nothing to do, nothing to record (an entity in the
            // column is alive: destroying it takes it out).
            AnyComponent::Holding(h) if self.holding.get(id) == Some(h.0) => return Ok(()),
            any @ (AnyComponent::Position(_)
            | AnyComponent::Holding(_)
            | AnyComponent::LevelMember(_)) => {
                return self.set_any(id, any);
            }
            _ => {}
        }
        // Typed, so a step's Facing costs one query, not a generic dispatch.
        let e = self.entity(id)?;
        self.touch(id);
        let old = match self.ecs.query_one_mut::<&mut C>(e) {
            Ok(slot) if *slot == value => return Ok(()),
            Ok(slot) => Some(std::mem::replace(slot, value)),
            Err(_) => {
                self.ecs
                    .insert_one(e, value)
                    .map_err(|_| WorldError::NoSuchEntity(id))?;
                None
            }
        };
        self.record(|| Change::Component {
            id,
            old: old.map_or(OldComponent::Lacked(C::KIND), |o| {
                OldComponent::Had(o.into_any())
            }),
        });
        Ok(())
    }

    /// Set the entity's [`Facing`]: one column read when it does not change.
    #[inline(always)]
    pub(super) fn set_facing(&mut self, id: EntityId, dir: GridDir) -> Result<(), WorldError> {
        let Ok(row) = self.facing.find(id) else {
            return self.set_any(id, AnyComponent::Facing(Facing(dir)));
        };
        let old = match self.facing.rows.get(row) {
            Some(&(_, old)) if old != dir => old,
            _ => return Ok(()),
        };
        self.touch(id);
        if let Some(slot) = self.facing.rows.get_mut(row) {
            slot.1 = dir;
        }
        self.record(|| Change::Component {
            id,
            old: OldComponent::Had(AnyComponent::Facing(Facing(old))),
        });
        Ok(())
    }

    /// Set a component given as an [`AnyComponent`], adding it if missing.
    #[inline]
    pub fn set_any(&mut self, id: EntityId, value: AnyComponent) -> Result<(), WorldError> {
        let old = match value {
            AnyComponent::Position(p) => {
                if self.index.locate(id).is_some() {
                    return self.relocate(id, p.0).map(|_| ());
                }
                // A position added: the entity enters the index.
                let tags = self.tags(id)?;
                self.touch(id);
                self.index.insert(id, tags, p.0);
                None
            }
            // An entity's floor is where it stands: it moves there.
            AnyComponent::LevelMember(m) => return self.move_to_floor(id, m.0.max(1)),
            AnyComponent::Facing(f) => {
                let old = self.facing.get(id);
                if old == Some(f.0) {
                    return Ok(());
                }
                if old.is_none() {
                    self.check_alive(id)?;
                }
                self.touch(id);
                self.facing.set(id, f.0);
                old.map(|o| AnyComponent::Facing(Facing(o)))
            }
            AnyComponent::Holding(h) => {
                let old = self.holding.get(id);
                if old == Some(h.0) {
                    return Ok(());
                }
                if old.is_none() {
                    self.check_alive(id)?;
                }
                self.touch(id);
                self.holding.set(id, h.0);
                old.map(|o| AnyComponent::Holding(Holding(o)))
            }
            _ => {
                let e = self.entity(id)?;
                self.touch(id);
                match value.insert(&mut self.ecs, e) {
                    Ok(old) => old,
                    // The value was already there: nothing changed.
                    Err(()) => return Ok(()),
                }
            }
        };
        self.record(|| Change::Component {
            id,
            old: old.map_or(OldComponent::Lacked(value.kind()), OldComponent::Had),
        });
        Ok(())
    }

    /// Remove the entity's component `C` and return it (`None` if it had
    /// none). Removing [`Position`] takes the entity out of the index.
    pub fn remove<C: Component>(&mut self, id: EntityId) -> Result<Option<C>, WorldError> {
        Ok(self.remove_kind(id, C::KIND)?.and_then(C::from_any))
    }

    /// Remove the component named `kind` from the entity and return it
    /// (`None` if it had none).
    pub fn remove_kind(
        &mut self,
        id: EntityId,
        kind: ComponentKind,
    ) -> Result<Option<AnyComponent>, WorldError> {
        let e = self.entity(id)?;
        self.touch(id);
        let old = match kind {
            ComponentKind::Position => self.index.locate(id).map(|(at, _)| {
                self.index.remove(id, at);
                AnyComponent::Position(Position(at))
            }),
            ComponentKind::Facing => self.facing.remove(id).map(|f| Facing(f).into_any()),
            ComponentKind::Holding => self.holding.remove(id).map(|h| Holding(h).into_any()),
            ComponentKind::LevelMember => {
                let old = self.side_component(kind, id).flatten();
                if old.is_some() {
                    // Floor 1 is no component; the move is recorded.
                    self.move_to_floor(id, 1)?;
                }
                return Ok(old);
            }
            _ => kind.remove(&mut self.ecs, e),
        };
        if let Some(old) = old {
            self.record(|| Change::Component {
                id,
                old: OldComponent::Had(old),
            });
        }
        Ok(old)
    }
}
