//! [`Stack`]: a stack whose push is one store, for the undo journal.

/// A value that fills a free slot of a [`Stack`]: one that owns nothing,
/// so forgetting it leaks nothing.
pub(crate) trait Vacant {
    /// The filler.
    const VACANT: Self;

    /// Return whether this value owns nothing (a filler does not), so
    /// that a free slot may keep it: forgetting it leaks nothing.
    fn owns_nothing(&self) -> bool;
}

/// A stack kept in a vector that is always full: the slots past the top
/// hold values that own nothing ([`Vacant::VACANT`], or an item popped
/// as a copy). So a push is a bounds-checked store and a pop a swap with
/// the filler, both inlined where they are called (a push drops nothing:
/// the free slot owned nothing); a full stack grows (doubling) out of
/// line. Where the compiler calls `Vec::push` out of
/// line, as it does in the step's hot path, this saves the call.
#[derive(Clone, Debug)]
pub(crate) struct Stack<T> {
    /// The items (the first `len`), then fillers up to the capacity.
    slots: Vec<T>,
    len: usize,
}

impl<T: Vacant> Stack<T> {
    /// Make an empty stack.
    pub(crate) const fn new() -> Self {
        Stack {
            slots: Vec::new(),
            len: 0,
        }
    }

    /// Make room for at least `room` items in all, with no growth until
    /// then.
    pub(crate) fn reserve(&mut self, room: usize) {
        if room > self.slots.len() {
            self.slots.resize_with(room, || T::VACANT);
        }
    }

    /// Push `item` on top.
    ///
    /// The room is made first, and the growth takes no item: so the item,
    /// which need not outlive a call, is written field by field straight
    /// into its slot. Passed to the growth, it was built on the stack and
    /// copied, and the copy's wide reads of its narrow writes stalled the
    /// processor (a fifth of a walk's time, BENCHMARKS.md).
    #[inline(always)]
    pub(crate) fn push(&mut self, item: T) {
        if self.len >= self.slots.len() {
            self.grow();
        }
        if let Some(slot) = self.slots.get_mut(self.len) {
            // A free slot holds a filler, which owns nothing.
            std::mem::forget(std::mem::replace(slot, item));
            self.len += 1;
        }
    }

    /// Double the slots (at least 16).
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let wanted = self.slots.len().saturating_mul(2).max(16);
        self.slots.resize_with(wanted, || T::VACANT);
    }

    /// Take the top item off, if there is one.
    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Option<T> {
        let top = self.len.checked_sub(1)?;
        let slot = self.slots.get_mut(top)?;
        self.len = top;
        Some(std::mem::replace(slot, T::VACANT))
    }

    /// Take the top item off as what `read` reads of it, when `read` gives
    /// something; else leave the stack as it is and return `None`. Meant
    /// for items that own nothing: their slot keeps them, with no filler
    /// written (an item that owns something is dropped, as by [`Self::pop`]).
    #[inline(always)]
    pub(crate) fn pop_copy<R>(&mut self, read: impl FnOnce(&T) -> Option<R>) -> Option<R> {
        let top = self.len.checked_sub(1)?;
        let slot = self.slots.get_mut(top)?;
        let copy = read(slot)?;
        if !slot.owns_nothing() {
            *slot = T::VACANT;
        }
        self.len = top;
        Some(copy)
    }

    /// Drop the items from `len` on (nothing if there are fewer).
    pub(crate) fn truncate(&mut self, len: usize) {
        if len >= self.len {
            return;
        }
        for slot in self.slots.get_mut(len..self.len).unwrap_or_default() {
            *slot = T::VACANT;
        }
        self.len = len;
    }

    /// Return the items, bottom first.
    #[inline(always)]
    pub(crate) fn as_slice(&self) -> &[T] {
        self.slots.get(..self.len).unwrap_or_default()
    }

    /// Return the item at `i`, to change it in place.
    #[inline(always)]
    pub(crate) fn get_mut(&mut self, i: usize) -> Option<&mut T> {
        self.slots.get_mut(..self.len)?.get_mut(i)
    }

    /// Return the number of items.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Vacant for u32 {
        const VACANT: u32 = 0;
        fn owns_nothing(&self) -> bool {
            true
        }
    }

    impl Vacant for Option<std::rc::Rc<()>> {
        const VACANT: Self = None;
        fn owns_nothing(&self) -> bool {
            self.is_none()
        }
    }

    #[test]
    fn a_stack_pushes_pops_and_truncates_past_its_growth() {
        let mut stack = Stack::new();
        let mut model = Vec::new();
        for i in 1..=40 {
            stack.push(i);
            model.push(i);
            assert_eq!(stack.as_slice(), model.as_slice());
            if i % 7 == 0 {
                assert_eq!(stack.pop(), model.pop());
            }
        }
        assert_eq!(stack.len(), model.len());
        stack.truncate(50);
        assert_eq!(stack.as_slice(), model.as_slice());
        stack.truncate(3);
        model.truncate(3);
        assert_eq!(stack.as_slice(), model.as_slice());
        while let Some(top) = model.pop() {
            assert_eq!(stack.pop(), Some(top));
        }
        assert_eq!(stack.pop(), None);
        assert!(stack.as_slice().is_empty());
    }

    #[test]
    fn a_copy_pops_only_what_its_reader_reads_and_drops_what_owns() {
        let mut stack = Stack::new();
        for i in 1..=3u32 {
            stack.push(i);
        }
        assert_eq!(stack.pop_copy(|&i| (i == 2).then_some(i)), None);
        assert_eq!(stack.as_slice(), [1, 2, 3]);
        assert_eq!(stack.pop_copy(|&i| Some(i * 10)), Some(30));
        stack.push(4);
        assert_eq!(stack.as_slice(), [1, 2, 4]);

        let item = std::rc::Rc::new(());
        let mut owning = Stack::new();
        owning.push(Some(std::rc::Rc::clone(&item)));
        owning.push(None);
        assert_eq!(owning.pop_copy(|o| Some(o.is_some())), Some(false));
        assert_eq!(owning.pop_copy(|o| Some(o.is_some())), Some(true));
        assert_eq!(std::rc::Rc::strong_count(&item), 1, "dropped, not kept");
        assert_eq!(owning.pop_copy(|o| Some(o.is_some())), None);
    }

    #[test]
    fn a_reserved_stack_keeps_its_items_and_fills_its_room_first() {
        let mut stack = Stack::new();
        stack.push(1u32);
        stack.reserve(40);
        assert_eq!(stack.as_slice(), [1]);
        assert_eq!(stack.slots.len(), 40);
        for i in 2..=40 {
            stack.push(i);
        }
        assert_eq!(stack.slots.len(), 40, "no growth within the room");
        stack.reserve(8);
        assert_eq!(stack.as_slice(), (1..=40).collect::<Vec<_>>());
    }

    #[test]
    fn a_popped_or_truncated_item_is_dropped_and_its_slot_refilled() {
        let item = std::rc::Rc::new(());
        let mut stack = Stack::new();
        for _ in 0..20 {
            stack.push(Some(std::rc::Rc::clone(&item)));
        }
        assert_eq!(std::rc::Rc::strong_count(&item), 21);
        drop(stack.pop());
        stack.truncate(5);
        assert_eq!(std::rc::Rc::strong_count(&item), 6);
        assert_eq!(stack.len(), 5);
        drop(stack);
        assert_eq!(std::rc::Rc::strong_count(&item), 1);
    }
}
