//! The script's heap, counted: QuickJS allocates through [`BudgetedAllocator`], which refuses
//! past the limit (QuickJS then throws "out of memory", or, when it cannot even make that error,
//! `null`) and remembers that it did, so the caller can say why the render failed, and how much
//! the render used at most.
use std::{cell::Cell, rc::Rc};

use rquickjs::allocator::{Allocator, RustAllocator};

/// The script's heap: what it holds, the most it held, and whether an allocation was refused.
#[derive(Default)]
pub struct Budget {
    limit: usize,
    used: Cell<usize>,
    peak: Cell<usize>,
    refused: Cell<bool>,
}

impl Budget {
    pub fn new(limit: usize) -> Self {
        Self { limit, ..Self::default() }
    }

    /// The most bytes held at once.
    pub fn peak(&self) -> usize {
        self.peak.get()
    }

    /// Whether an allocation was refused.
    pub fn refused(&self) -> bool {
        self.refused.get()
    }

    /// Whether `more` bytes fit; a refusal is remembered.
    fn allows(&self, more: usize) -> bool {
        let fits = self.used.get().saturating_add(more) <= self.limit;
        if !fits {
            self.refused.set(true);
        }
        fits
    }

    fn change(&self, freed: usize, taken: usize) {
        let used = self.used.get() - freed + taken;
        self.used.set(used);
        self.peak.set(self.peak.get().max(used));
    }
}

/// QuickJS's allocations through Rust's allocator, counted against the [`Budget`]: past the
/// limit an allocation fails, which QuickJS turns into an "out of memory" error.
pub struct BudgetedAllocator {
    budget: Rc<Budget>,
}

impl BudgetedAllocator {
    pub fn new(budget: Rc<Budget>) -> Self {
        Self { budget }
    }
}

// SAFETY: every pointer comes from, and goes back to, RustAllocator; this only counts.
unsafe impl Allocator for BudgetedAllocator {
    fn alloc(&mut self, size: usize) -> *mut u8 {
        if !self.budget.allows(size) {
            return std::ptr::null_mut();
        }
        let ptr = RustAllocator.alloc(size);
        if !ptr.is_null() {
            self.budget.change(0, unsafe { RustAllocator::usable_size(ptr) });
        }
        ptr
    }

    fn calloc(&mut self, count: usize, size: usize) -> *mut u8 {
        let Some(total) = count.checked_mul(size) else { return std::ptr::null_mut() };
        if !self.budget.allows(total) {
            return std::ptr::null_mut();
        }
        let ptr = RustAllocator.calloc(count, size);
        if !ptr.is_null() {
            self.budget.change(0, unsafe { RustAllocator::usable_size(ptr) });
        }
        ptr
    }

    unsafe fn dealloc(&mut self, ptr: *mut u8) {
        let size = unsafe { RustAllocator::usable_size(ptr) };
        unsafe { RustAllocator.dealloc(ptr) };
        self.budget.change(size, 0);
    }

    unsafe fn realloc(&mut self, ptr: *mut u8, new_size: usize) -> *mut u8 {
        let old_size = unsafe { RustAllocator::usable_size(ptr) };
        if !self.budget.allows(new_size.saturating_sub(old_size)) {
            return std::ptr::null_mut();
        }
        let new_ptr = unsafe { RustAllocator.realloc(ptr, new_size) };
        if !new_ptr.is_null() {
            self.budget.change(old_size, unsafe { RustAllocator::usable_size(new_ptr) });
        }
        new_ptr
    }

    unsafe fn usable_size(ptr: *mut u8) -> usize {
        unsafe { RustAllocator::usable_size(ptr) }
    }
}
