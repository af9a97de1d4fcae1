//! `EliminateCommonSubexpressions`: merges pure ops that compute the same thing.
//!
//! Two instructions are the same computation when both ops are pure (`Effect::Pure`), of one
//! kind with equal attributes, read the same operands (after earlier merges; the operands of a
//! commutative binary op in either order) and record the same result types. Constants are equal
//! bit for bit, so `0.0` and `-0.0` stay apart. The later instruction's results are replaced by
//! the earlier one's in every use and the later instruction is unplaced.
//!
//! Scoping: the walk keeps one table per open block. An op may reuse a value computed earlier
//! in its own block or in an enclosing one (a loop body may reuse a value computed before the
//! loop); a value computed inside a region is never reused outside it, nor in the other branch
//! of an `If`.
//!
//! Assumes a verified kernel, so that every operand is visible where it is used; then every
//! replacement is visible at each use of the value it replaces.
//!
//! Loads merge only from buffers the kernel never writes (`Access::Read` parameters): nothing
//! can change what they read, so two loads of the same index, mask and fill are one value
//! (a rematerialised broadcast re-emits its read-only loads, which this merges back).
//!
//! Refuses: other loads (a store between two loads may change what they read), stores and
//! atomics (effects, not values), control flow and `Yield`.

use std::collections::{HashMap, HashSet};
use std::mem::{discriminant, Discriminant};

use metile_ir::{Access, ConstValue, Effect, Kernel, Op, ParamKind, Shape, Type, ValueId};

use crate::rewrite::{replace_uses, resolve, steps, unplace, Step};
use crate::Pass;

/// Merges identical pure computations within a scope (see the module docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct EliminateCommonSubexpressions;

/// What identifies a pure computation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    kind: Discriminant<Op>,
    /// The op's attributes (axes, sub-op, constant bits, shapes), flattened.
    attrs: Vec<i64>,
    operands: Vec<ValueId>,
    results: Vec<Type>,
}

impl Pass for EliminateCommonSubexpressions {
    fn name(&self) -> &'static str {
        "eliminate-common-subexpressions"
    }

    fn run(&self, k: &mut Kernel) -> bool {
        let read_only: HashSet<u32> = (0u32..)
            .zip(&k.params)
            .filter(|(_, p)| {
                matches!(
                    p.kind,
                    ParamKind::Buffer {
                        access: Access::Read,
                        ..
                    }
                )
            })
            .map(|(i, _)| i)
            .collect();
        let mut scopes: Vec<HashMap<Key, Vec<ValueId>>> = Vec::new();
        let mut replace: HashMap<ValueId, ValueId> = HashMap::new();
        let mut dead = HashSet::new();
        for step in steps(k) {
            let id = match step {
                Step::Open => {
                    scopes.push(HashMap::new());
                    continue;
                }
                Step::Close => {
                    scopes.pop();
                    continue;
                }
                Step::Inst(id) => id,
            };
            let Some(inst) = k.insts.get(id.index()) else {
                continue;
            };
            let mut op = inst.op.clone();
            op.map_operands(|v| resolve(&replace, v));
            let results: Option<Vec<Type>> = inst
                .results
                .iter()
                .map(|r| k.values.get(r.index()).cloned())
                .collect();
            let (Some(key), Some(results)) = (key(&op, &read_only), results) else {
                continue;
            };
            let key = Key { results, ..key };
            let earlier = scopes.iter().rev().find_map(|s| s.get(&key));
            match earlier {
                Some(prev) if prev.len() == inst.results.len() => {
                    for (r, p) in inst.results.iter().zip(prev) {
                        replace.insert(*r, *p);
                    }
                    dead.insert(id);
                }
                Some(_) => {}
                None => {
                    if let Some(s) = scopes.last_mut() {
                        s.insert(key, inst.results.clone());
                    }
                }
            }
        }
        replace_uses(k, &replace);
        unplace(k, &dead);
        !dead.is_empty()
    }
}

fn const_bits(v: ConstValue) -> [i64; 2] {
    match v {
        ConstValue::Float(x) => [0, i64::from(x.to_bits())],
        ConstValue::Int(x) => [1, x],
        ConstValue::Bool(b) => [2, i64::from(b)],
    }
}

fn dims(s: &Shape) -> Vec<i64> {
    s.dims()
        .iter()
        .map(|d| i64::try_from(*d).unwrap_or(i64::MAX))
        .collect()
}

/// The key of a pure op or of a load from a `read_only` buffer (results left empty for the
/// caller), or `None` for ops never merged.
fn key(op: &Op, read_only: &HashSet<u32>) -> Option<Key> {
    if let Op::Load {
        buffer,
        mask,
        other,
        ..
    } = op
    {
        if !read_only.contains(buffer) {
            return None;
        }
        return Some(Key {
            kind: discriminant(op),
            attrs: vec![
                i64::from(*buffer),
                i64::from(mask.is_some()),
                i64::from(other.is_some()),
            ],
            operands: op.operands(),
            results: Vec::new(),
        });
    }
    if op.effect() != Effect::Pure {
        return None;
    }
    let attrs: Vec<i64> = match op {
        Op::ProgramId { axis } | Op::NumPrograms { axis } => vec![i64::from(*axis)],
        Op::ScalarArg { param } => vec![i64::from(*param)],
        Op::Arange { start, end } => vec![*start, *end],
        Op::Constant { value, .. } => const_bits(*value).to_vec(),
        Op::Splat { shape, .. } | Op::Broadcast { shape, .. } | Op::Reshape { shape, .. } => {
            dims(shape)
        }
        Op::ExpandDims { axis, .. } => vec![i64::from(*axis)],
        Op::Unary { op, .. } => vec![*op as i64],
        Op::Binary { op, .. } => vec![*op as i64],
        Op::Compare { op, .. } => vec![*op as i64],
        Op::Cast { to, .. } => vec![*to as i64],
        Op::Select { .. } => Vec::new(),
        Op::Reduce { op, axis, .. } => vec![*op as i64, i64::from(*axis)],
        Op::Dot { acc, .. } => vec![i64::from(acc.is_some())],
        Op::Extract { .. } => Vec::new(),
        Op::Load { .. }
        | Op::Store { .. }
        | Op::AtomicAdd { .. }
        | Op::For { .. }
        | Op::If { .. }
        | Op::Yield { .. } => return None,
    };
    let mut operands = op.operands();
    if let Op::Binary { op: b, .. } = op {
        if b.is_commutative() {
            operands.sort();
        }
    }
    Some(Key {
        kind: discriminant(op),
        attrs,
        operands,
        results: Vec::new(),
    })
}
