//! [`Stack`]: a stack whose push is one store, for the undo journal.

/// A value that fills a free slot of a [`Stack`]: one that owns nothing,
/// so forgetting it leaks nothing.
pub(crate) trait Vacant {
    /// The filler.
    const VACANT: Self;
}

/// A stack kept in a vector that is always full: the slots past the top
/// hold [`Vacant::VACANT`]. So a push is a bounds-checked store and a pop
/// a swap with the filler, both inlined where they are called (a push
/// drops nothing: the free slot held a filler); a full stack grows
/// (doubling) out of line. Where the compiler calls `Vec::push` out of
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

    /// Push `item` on top.
    #[inline(always)]
    pub(crate) fn push(&mut self, item: T) {
        match self.slots.get_mut(self.len) {
            // A free slot holds a filler, which owns nothing.
            Some(slot) => std::mem::forget(std::mem::replace(slot, item)),
            None => self.grow(item),
        }
        self.len += 1;
    }

    /// Double the slots (at least 16) and put `item` in the first free one.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, item: T) {
        let wanted = self.slots.len().saturating_mul(2).max(16);
        self.slots.resize_with(wanted, || T::VACANT);
        if let Some(slot) = self.slots.get_mut(self.len) {
            *slot = item;
        }
    }

    /// Take the top item off, if there is one.
    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Option<T> {
        let top = self.len.checked_sub(1)?;
        let slot = self.slots.get_mut(top)?;
        self.len = top;
        Some(std::mem::replace(slot, T::VACANT))
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
    }

    impl Vacant for Option<std::rc::Rc<()>> {
        const VACANT: Self = None;
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
