//! The tracing scope: the kernel being built and the stack of open blocks, held per thread.
//!
//! `trace` pushes a scope, runs the user's closure and pops it. Every DSL call appends to the
//! innermost open block of the top scope. The first error of a trace is kept; later calls keep
//! building placeholder values so the closure runs to its end, and `trace` returns that error.

use std::cell::RefCell;

use metile_ir::{Block, InstId, Kernel, Op, Type, ValueId};

use crate::LangError;

pub(crate) struct Scope {
    pub id: u32,
    pub kernel: Kernel,
    /// Open blocks, innermost last; the kernel body is the first.
    pub blocks: Vec<Block>,
    pub error: Option<LangError>,
}

thread_local! {
    static SCOPES: RefCell<Vec<Scope>> = const { RefCell::new(Vec::new()) };
    static NEXT_ID: RefCell<u32> = const { RefCell::new(0) };
}

pub(crate) fn push(name: &str) -> u32 {
    let id = NEXT_ID.with(|n| {
        let mut n = n.borrow_mut();
        *n = n.wrapping_add(1);
        *n
    });
    SCOPES.with(|s| {
        s.borrow_mut().push(Scope {
            id,
            kernel: Kernel::new(name),
            blocks: vec![Block::default()],
            error: None,
        })
    });
    id
}

pub(crate) fn pop() -> Option<Scope> {
    SCOPES.with(|s| s.borrow_mut().pop())
}

/// Runs `f` on the innermost scope; `None` when no trace is active on this thread.
pub(crate) fn with<R>(f: impl FnOnce(&mut Scope) -> R) -> Option<R> {
    SCOPES.with(|s| s.borrow_mut().last_mut().map(f))
}

impl Scope {
    /// Records the first error of the trace.
    pub fn fail(&mut self, op: &str, message: String) {
        if self.error.is_none() {
            self.error = Some(LangError::Trace {
                kernel: self.kernel.name.clone(),
                op: op.to_string(),
                message,
            });
        }
    }

    pub fn failed(&self) -> bool {
        self.error.is_some()
    }

    pub fn ty(&self, v: ValueId) -> Type {
        self.kernel.ty(v).clone()
    }

    /// Appends `op` to the current block after checking it against its typing rule. On a type
    /// error the error is recorded and placeholder values of `fallback` types are returned.
    pub fn emit(&mut self, op: Op, fallback: &[Type]) -> Vec<ValueId> {
        if !self.failed() {
            match op.infer(&self.kernel) {
                Ok(types) => return self.place(op, types),
                Err(msg) => self.fail(&op.name(), msg),
            }
        }
        fallback
            .iter()
            .map(|t| self.kernel.new_value(t.clone()))
            .collect()
    }

    /// Appends `op` with known result types (no typing check) to the current block.
    pub fn place(&mut self, op: Op, types: Vec<Type>) -> Vec<ValueId> {
        let (id, results) = self.kernel.new_inst(op, types);
        self.current().insts.push(id);
        results
    }

    pub fn current(&mut self) -> &mut Block {
        // The body block is pushed with the scope and never popped before the scope ends.
        let last = self.blocks.len() - 1;
        &mut self.blocks[last]
    }

    pub fn open_block(&mut self, args: Vec<ValueId>) {
        self.blocks.push(Block {
            args,
            insts: Vec::<InstId>::new(),
        });
    }

    pub fn close_block(&mut self) -> Block {
        if self.blocks.len() > 1 {
            self.blocks.pop().unwrap_or_default()
        } else {
            Block::default()
        }
    }
}
