//! Storage that the programs of a launch write, shared by the worker threads without data races.
//!
//! Soundness argument. The launch holds the buffer's `&mut [T]` for its whole duration, so no
//! reference outside the launch touches the elements. Inside, the elements are split into blocks
//! of [`BLOCK`] consecutive elements, each guarded by a spin lock (one `AtomicBool`). Every read
//! or write of an element, by any program on any thread, happens while its thread holds the lock
//! of the element's block: a lock is taken with an `Acquire` compare-exchange and given back with
//! a `Release` store, so the critical sections of one block are totally ordered by
//! happens-before, and any two accesses to one element are ordered. Hence there is no data race
//! whatever the kernel does (programs storing to overlapping elements just serialize, block by
//! block), and inside a critical section the block's elements may be handled as a plain
//! `&mut [T]`: ordinary, vectorizable loads and stores instead of one relaxed atomic per element.
//! A thread holds at most one lock at a time and does bounded work under it (no other lock, no
//! rayon call), so there is no deadlock; a waiter yields its core while the holder is descheduled.
//!
//! Cost: one uncontended compare-exchange and one store per block touched by a contiguous access
//! (four for a 4096-wide f32 row), versus the per-element atomics this replaces; accesses at
//! computed indices keep the lock of the current block while consecutive indices stay inside it.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};

/// log2 of the elements per lock.
const BLOCK_SHIFT: u32 = 10;
/// Elements per lock.
pub(crate) const BLOCK: usize = 1 << BLOCK_SHIFT;

/// A written buffer of a launch: elements reachable only through the block locks.
pub(crate) struct Shared<'a, T> {
    ptr: *mut T,
    len: usize,
    locks: Box<[AtomicBool]>,
    _borrow: PhantomData<&'a mut [T]>,
}

// SAFETY: the elements are only accessed under their block's lock (module doc), which makes
// concurrent use from several threads free of data races; `T` values move between threads.
unsafe impl<T: Send> Sync for Shared<'_, T> {}
unsafe impl<T: Send> Send for Shared<'_, T> {}

impl<'a, T: Copy> Shared<'a, T> {
    pub fn new(data: &'a mut [T]) -> Shared<'a, T> {
        let blocks = data.len().div_ceil(BLOCK);
        Shared {
            ptr: data.as_mut_ptr(),
            len: data.len(),
            locks: (0..blocks).map(|_| AtomicBool::new(false)).collect(),
            _borrow: PhantomData,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    fn lock(&self, block: usize) {
        let l = &self.locks[block];
        let mut spins = 0u32;
        while l
            .compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            spins += 1;
            if spins < 64 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }

    fn unlock(&self, block: usize) {
        self.locks[block].store(false, Ordering::Release);
    }

    /// Runs `f(offset, elements)` over the run `start..start + n` (in bounds), one block's part at
    /// a time under that block's lock; `offset` is the part's position within the run.
    #[inline]
    pub fn with_run(&self, start: usize, n: usize, mut f: impl FnMut(usize, &mut [T])) {
        assert!(start + n <= self.len, "run outside the buffer");
        let mut at = start;
        while at < start + n {
            let block = at >> BLOCK_SHIFT;
            let end = ((block + 1) << BLOCK_SHIFT).min(start + n);
            self.lock(block);
            // SAFETY: `at..end` lies in the buffer (asserted above) and in one block whose lock
            // this thread holds, so no other reference to these elements exists until `unlock`.
            let part = unsafe { std::slice::from_raw_parts_mut(self.ptr.add(at), end - at) };
            f(at - start, part);
            self.unlock(block);
            at = end;
        }
    }

    /// Accesses at computed indices, keeping the current block's lock between them.
    pub fn cursor(&self) -> Cursor<'_, 'a, T> {
        Cursor {
            shared: self,
            held: None,
        }
    }
}

/// Element access under the lock of the block last touched (given back on a block change and on
/// drop).
pub(crate) struct Cursor<'s, 'a, T: Copy> {
    shared: &'s Shared<'a, T>,
    held: Option<usize>,
}

impl<T: Copy> Cursor<'_, '_, T> {
    /// A pointer to element `i` (in bounds) whose block lock this thread holds.
    #[inline]
    fn at(&mut self, i: usize) -> *mut T {
        assert!(i < self.shared.len, "element outside the buffer");
        let block = i >> BLOCK_SHIFT;
        if self.held != Some(block) {
            if let Some(b) = self.held.take() {
                self.shared.unlock(b);
            }
            self.shared.lock(block);
            self.held = Some(block);
        }
        // SAFETY: in bounds (asserted above).
        unsafe { self.shared.ptr.add(i) }
    }

    #[inline]
    pub fn get(&mut self, i: usize) -> T {
        let p = self.at(i);
        // SAFETY: this thread holds the element's block lock (module doc).
        unsafe { *p }
    }

    #[inline]
    pub fn set(&mut self, i: usize, v: T) {
        let p = self.at(i);
        // SAFETY: this thread holds the element's block lock (module doc).
        unsafe { *p = v }
    }

    /// Replaces element `i` by `f` of it, in one critical section.
    #[inline]
    pub fn update(&mut self, i: usize, f: impl FnOnce(T) -> T) {
        let p = self.at(i);
        // SAFETY: this thread holds the element's block lock (module doc).
        unsafe { *p = f(*p) }
    }
}

impl<T: Copy> Drop for Cursor<'_, '_, T> {
    fn drop(&mut self) {
        if let Some(b) = self.held.take() {
            self.shared.unlock(b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rayon::prelude::*;

    /// Threads adding to the same elements through the locks lose no update.
    #[test]
    fn overlapping_updates_serialize() {
        let mut data = vec![0u64; 3 * BLOCK + 5];
        let shared = Shared::new(&mut data);
        (0..64).into_par_iter().for_each(|p| {
            let mut c = shared.cursor();
            for i in (p % 7..shared.len()).step_by(7) {
                c.update(i, |x| x + 1);
            }
            drop(c);
            shared.with_run(BLOCK - 3, 2 * BLOCK, |_, part| {
                part.iter_mut().for_each(|x| *x += 1)
            });
        });
        drop(shared);
        for (i, x) in data.iter().enumerate() {
            let strided = (0..64)
                .filter(|p| i >= p % 7 && (i - p % 7) % 7 == 0)
                .count() as u64;
            let run = if (BLOCK - 3..3 * BLOCK - 3).contains(&i) {
                64
            } else {
                0
            };
            assert_eq!(*x, strided + run, "element {i}");
        }
    }

    /// `with_run` visits exactly the run, in order, split at block boundaries.
    #[test]
    fn runs_split_at_blocks() {
        let mut data = vec![0u32; 2 * BLOCK + 1];
        let shared = Shared::new(&mut data);
        let mut parts = Vec::new();
        shared.with_run(5, 2 * BLOCK - 4, |off, part| {
            part.iter_mut()
                .enumerate()
                .for_each(|(k, x)| *x = (off + k) as u32 + 1);
            parts.push((off, part.len()));
        });
        drop(shared);
        assert_eq!(
            parts,
            vec![(0, BLOCK - 5), (BLOCK - 5, BLOCK), (2 * BLOCK - 5, 1)]
        );
        assert!(data[..5].iter().all(|x| *x == 0));
        assert!(data[5..2 * BLOCK + 1]
            .iter()
            .enumerate()
            .all(|(k, x)| *x == k as u32 + 1));
    }
}
