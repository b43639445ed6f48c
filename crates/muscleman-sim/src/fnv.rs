//! FNV-1a, the hasher of the state fingerprint and of every value a
//! component writes into it.

use muscleman_core::EntityId;

/// FNV-1a, 64 bit: fixed constants, so the same state hashes the same on
/// every run, build and machine.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fnv(u64);

impl Fnv {
    pub(crate) const fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    pub(crate) fn bytes(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    pub(crate) fn u32(&mut self, v: u32) {
        self.bytes(&v.to_le_bytes());
    }

    pub(crate) fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }

    pub(crate) fn id(&mut self, id: EntityId) {
        self.u64(id.to_bits());
    }

    pub(crate) const fn finish(self) -> u64 {
        self.0
    }
}
