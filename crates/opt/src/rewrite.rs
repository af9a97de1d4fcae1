//! Helpers the passes share: walking the placed instructions in program order, replacing uses
//! of values, and unplacing instructions.
//!
//! Assumes nothing about the kernel: every lookup is checked, and a walk visits each instruction
//! once even where malformed IR places one twice or nests an op inside its own region. The walks
//! use an explicit stack, so deep nesting cannot overflow the call stack. Removed instructions
//! stay in the arena as dead storage; only the blocks that placed them change.

use std::collections::{HashMap, HashSet};

use metile_ir::{Block, InstId, Kernel, Op, ValueId};

/// One step of a walk over the placed instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A block (the body or a region) starts; its instructions follow.
    Open,
    Inst(InstId),
    /// The innermost open block ends.
    Close,
}

/// The walk over `k.body` and, recursively, the regions of its instructions: an instruction,
/// then its regions in order (`then` before `else`), then the next instruction of its block.
pub(crate) fn steps(k: &Kernel) -> Vec<Step> {
    steps_in(k, &[&k.body])
}

/// [`steps`] over the blocks `roots`, one after the other (each opened and closed), instead of
/// `k.body`: the open blocks of a kernel being traced, outermost first.
pub(crate) fn steps_in(k: &Kernel, roots: &[&Block]) -> Vec<Step> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    // Each frame is a block being walked and whether its `Open` was emitted.
    let mut stack: Vec<(std::slice::Iter<'_, InstId>, bool)> = roots
        .iter()
        .rev()
        .map(|b| (b.insts.iter(), false))
        .collect();
    while let Some((iter, opened)) = stack.last_mut() {
        if !*opened {
            *opened = true;
            out.push(Step::Open);
        }
        let Some(&id) = iter.next() else {
            out.push(Step::Close);
            stack.pop();
            continue;
        };
        if !seen.insert(id) {
            continue;
        }
        let Some(inst) = k.insts.get(id.index()) else {
            continue;
        };
        out.push(Step::Inst(id));
        for r in inst.op.regions().into_iter().rev() {
            stack.push((r.insts.iter(), false));
        }
    }
    out
}

/// The placed instructions in program order (outer before inner).
pub(crate) fn placed(k: &Kernel) -> Vec<InstId> {
    steps(k)
        .into_iter()
        .filter_map(|s| match s {
            Step::Inst(id) => Some(id),
            Step::Open | Step::Close => None,
        })
        .collect()
}

/// Follows `map` from `v` to the value that finally stands for it (bounded, so a cycle in the
/// map cannot hang).
pub(crate) fn resolve(map: &HashMap<ValueId, ValueId>, v: ValueId) -> ValueId {
    let mut v = v;
    for _ in 0..=map.len() {
        match map.get(&v) {
            Some(&n) if n != v => v = n,
            _ => break,
        }
    }
    v
}

/// Rewrites every operand of every instruction (yields in regions included) through `map`.
/// Each replacement must be visible wherever the replaced value is used; the passes only map a
/// value to an operand of its defining op or to a value of an enclosing scope, which are.
pub(crate) fn replace_uses(k: &mut Kernel, map: &HashMap<ValueId, ValueId>) {
    if map.is_empty() {
        return;
    }
    for inst in &mut k.insts {
        inst.op.map_operands(|v| resolve(map, v));
    }
}

/// The regions of `op`, mutably.
pub(crate) fn regions_mut(op: &mut Op) -> Vec<&mut Block> {
    op.regions_mut()
}

/// Takes the instructions in `dead` out of every block; they stay in the arena, unplaced.
pub(crate) fn unplace(k: &mut Kernel, dead: &HashSet<InstId>) {
    if dead.is_empty() {
        return;
    }
    k.body.insts.retain(|i| !dead.contains(i));
    for inst in &mut k.insts {
        for r in regions_mut(&mut inst.op) {
            r.insts.retain(|i| !dead.contains(i));
        }
    }
}

/// How many times each value is read by a placed instruction.
pub(crate) fn use_counts(k: &Kernel) -> HashMap<ValueId, usize> {
    let mut uses = HashMap::new();
    for id in placed(k) {
        if let Some(inst) = k.insts.get(id.index()) {
            inst.op
                .for_each_operand(|v| *uses.entry(v).or_insert(0) += 1);
        }
    }
    uses
}
