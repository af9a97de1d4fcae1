//! `EliminateDeadCode`: unplaces instructions whose results nobody reads and whose execution
//! nobody can observe.
//!
//! Removable when every result is unused:
//! - pure ops (`Effect::Pure`), in the body and inside regions;
//! - loads (`Effect::Reads`): reading memory changes nothing. (An unmasked out-of-bounds load is
//!   a broken kernel contract, not behaviour to keep: the executor's bounds check is then no
//!   longer reached for that load.)
//! - `For` and `If` whose regions (nested ones included) hold no op with `Effect::Writes`; the
//!   instructions of their regions go with them.
//!
//! The walk goes backwards in program order, so a use is seen before the definition it reads;
//! removing an instruction releases its operands (and those of its regions' instructions), and
//! the walk repeats until nothing changes. Removed instructions stay in the arena, unplaced.
//!
//! Assumes nothing beyond the helpers' checks; on a verified kernel the result verifies.
//!
//! Refuses: stores and atomics (`Effect::Writes`) and control flow holding one, whatever their
//! results; `Yield`. It does not shrink a loop's carried values or an `If`'s results: a `For`
//! one of whose results is used keeps its whole body.

use std::collections::{HashMap, HashSet};

use metile_ir::{Effect, InstId, Kernel, Op, ValueId};

use crate::rewrite::{placed, unplace, use_counts};
use crate::Pass;

/// Removes unused pure ops, loads and effect-free control flow (see the module docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct EliminateDeadCode;

impl Pass for EliminateDeadCode {
    fn name(&self) -> &'static str {
        "eliminate-dead-code"
    }

    fn run(&self, k: &mut Kernel) -> bool {
        let mut changed = false;
        // One backward sweep reaches the fixed point on well-formed IR; the bound keeps
        // malformed IR from looping.
        for _ in 0..=k.insts.len() {
            let dead = sweep(k);
            if dead.is_empty() {
                break;
            }
            unplace(k, &dead);
            changed = true;
        }
        changed
    }
}

/// One backward pass over the placed instructions: the ones found dead.
fn sweep(k: &Kernel) -> HashSet<InstId> {
    let mut uses = use_counts(k);
    let mut dead = HashSet::new();
    for id in placed(k).into_iter().rev() {
        let Some(inst) = k.insts.get(id.index()) else {
            continue;
        };
        let unused = inst
            .results
            .iter()
            .all(|r| uses.get(r).copied().unwrap_or(0) == 0);
        let removable = unused
            && match inst.op.effect() {
                Effect::Pure | Effect::Reads => true,
                Effect::Regions => !writes_inside(k, &inst.op),
                Effect::Writes | Effect::Terminator => false,
            };
        if !removable {
            continue;
        }
        dead.insert(id);
        release(&mut uses, &inst.op);
        for inner in nested(k, &inst.op) {
            if dead.insert(inner) {
                if let Some(i) = k.insts.get(inner.index()) {
                    release(&mut uses, &i.op);
                }
            }
        }
    }
    dead
}

fn release(uses: &mut HashMap<ValueId, usize>, op: &Op) {
    op.for_each_operand(|v| {
        if let Some(n) = uses.get_mut(&v) {
            *n = n.saturating_sub(1);
        }
    });
}

/// Every instruction inside the regions of `op`, at any depth (each once).
fn nested(k: &Kernel, op: &Op) -> Vec<InstId> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut stack: Vec<InstId> = op
        .regions()
        .iter()
        .flat_map(|r| r.insts.iter().copied())
        .collect();
    while let Some(id) = stack.pop() {
        if !seen.insert(id) {
            continue;
        }
        out.push(id);
        if let Some(inst) = k.insts.get(id.index()) {
            for r in inst.op.regions() {
                stack.extend(r.insts.iter().copied());
            }
        }
    }
    out
}

/// Whether any instruction inside the regions of `op` writes memory.
fn writes_inside(k: &Kernel, op: &Op) -> bool {
    nested(k, op).into_iter().any(|id| {
        k.insts
            .get(id.index())
            .is_some_and(|i| i.op.effect() == Effect::Writes)
    })
}
