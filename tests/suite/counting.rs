//! The suite's counting allocator: the system one, counting what the
//! current thread allocates while it measures, and the peak of the bytes
//! it holds.
//!
//! Counting is thread-local (a flag and counters in thread-local cells),
//! so the harness's other threads and the tests running beside a
//! measurement never disturb it. Both counters are themselves checked by
//! the tests that use them (`alloc::the_counter_counts`,
//! `hostile::the_byte_counter_counts`).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::hint::black_box;

struct Counting;

thread_local! {
    // Const-initialised and without destructors: reading them never
    // allocates, so the allocator may use them.
    static MEASURING: Cell<bool> = const { Cell::new(false) };
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    static HELD: Cell<i64> = const { Cell::new(0) };
    static PEAK: Cell<i64> = const { Cell::new(0) };
}

/// Notes one allocation call that changes the bytes held by `delta`.
fn note(allocates: bool, delta: i64) {
    // `try_with`: during thread teardown the slots may be gone; never count then.
    if !MEASURING.try_with(Cell::get).unwrap_or(false) {
        return;
    }
    if allocates {
        let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
    }
    if let Ok(held) = HELD.try_with(|h| {
        h.set(h.get() + delta);
        h.get()
    }) {
        let _ = PEAK.try_with(|p| p.set(p.get().max(held)));
    }
}

// SAFETY: every call is forwarded unchanged to `System`, which upholds
// the `GlobalAlloc` contract; counting touches only thread-local cells.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note(true, layout.size() as i64);
        // SAFETY: the caller's guarantees for `layout` are passed on as they are.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note(true, layout.size() as i64);
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note(true, new_size as i64 - layout.size() as i64);
        // SAFETY: `ptr` was allocated by `System` with `layout`, as the caller guarantees.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        note(false, -(layout.size() as i64));
        // SAFETY: `ptr` was allocated by `System` (through this wrapper) with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Runs `f` and returns its result with the number of allocations
/// (`alloc`, `alloc_zeroed` and `realloc` calls) it made on this thread.
pub fn allocations<T>(f: impl FnOnce() -> T) -> (T, u64) {
    ALLOCATIONS.with(|count| count.set(0));
    MEASURING.with(|flag| flag.set(true));
    let out = black_box(f());
    MEASURING.with(|flag| flag.set(false));
    (out, ALLOCATIONS.with(Cell::get))
}

/// The allocations counted by the last measurement of this thread.
pub fn last_count() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Runs `f` and returns its result with the most bytes this thread held
/// at once while it ran.
pub fn peak_heap<T>(f: impl FnOnce() -> T) -> (T, usize) {
    HELD.with(|h| h.set(0));
    PEAK.with(|p| p.set(0));
    MEASURING.with(|m| m.set(true));
    let out = black_box(f());
    MEASURING.with(|m| m.set(false));
    (out, PEAK.with(Cell::get).max(0) as usize)
}

/// Runs `f` and returns its result with the bytes this thread allocated
/// and did not free while it ran (what `f` kept, or leaked).
pub fn kept_heap<T>(f: impl FnOnce() -> T) -> (T, i64) {
    HELD.with(|h| h.set(0));
    MEASURING.with(|m| m.set(true));
    let out = black_box(f());
    MEASURING.with(|m| m.set(false));
    (out, HELD.with(Cell::get))
}
