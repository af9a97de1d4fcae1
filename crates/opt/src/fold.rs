//! `FoldConstants`: evaluates ops whose operands are constants, and drops exact algebraic
//! identities.
//!
//! What it does, in one walk in program order (so chains fold in one run):
//! - `Unary`, `Binary`, `Compare`, `Cast` on `Constant` operands become a `Constant` of the
//!   result type, computed with the element semantics of [`metile_ir::eval`] (`unary_const`,
//!   `binary_const`, `compare_const`, `cast_const`): f16 and bf16 results are rounded exactly as
//!   the executor rounds them. A `Constant` is uniform, so a tile constant folds like a scalar.
//! - `Splat`, `Broadcast`, `ExpandDims`, `Reshape` of a `Constant` become a `Constant` of the
//!   result shape.
//! - `Select` with a constant condition, or with two identical arms, is replaced by the arm it
//!   picks.
//! - Identities that hold for every value, NaN and signed zero included: on integers `x + 0`,
//!   `0 + x`, `x - 0`, `x * 1`, `1 * x`, `x / 1`; on floats `x * 1.0`, `1.0 * x`, `x / 1.0`,
//!   `x + -0.0`, `-0.0 + x`, `x - 0.0`. (`x + 0.0` is not one: it turns `-0.0` into `+0.0`.)
//!   The op's result is replaced by `x` in every use and the op is unplaced.
//!
//! A folded op keeps its result value and becomes the `Constant` that defines it, so no use
//! needs rewriting; the constants it read may become dead, which `EliminateDeadCode` removes.
//!
//! Assumes a verified kernel (operand types equal the typing rules). On anything else it stays
//! safe: it folds only when the result is a value of the result dtype (`ConstValue::fits`).
//!
//! Refuses (leaves alone): integer division or remainder by zero (a run-time error, not a
//! value); `Pow` on integers; reductions, `Dot`, loads and control flow, even with constant
//! operands or conditions.

use std::collections::{HashMap, HashSet};

use metile_ir::eval::{binary_const, cast_const, compare_const, unary_const};
use metile_ir::{BinaryOp, ConstValue, DType, Kernel, Op, Type, ValueId};

use crate::rewrite::{placed, replace_uses, resolve, unplace};
use crate::Pass;

/// Constant folding and exact algebraic identities (see the module docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct FoldConstants;

/// What one op folds to.
enum Folded {
    /// A constant of the op's result type.
    Const(ConstValue),
    /// An existing value the result equals.
    Value(ValueId),
    No,
}

impl Pass for FoldConstants {
    fn name(&self) -> &'static str {
        "fold-constants"
    }

    fn run(&self, k: &mut Kernel) -> bool {
        let mut consts: HashMap<ValueId, ConstValue> = HashMap::new();
        let mut replace: HashMap<ValueId, ValueId> = HashMap::new();
        let mut dead = HashSet::new();
        let mut changed = false;
        for id in placed(k) {
            let Some(inst) = k.insts.get(id.index()) else {
                continue;
            };
            let [result] = inst.results[..] else {
                continue;
            };
            let Some(ty) = k.values.get(result.index()).cloned() else {
                continue;
            };
            if let Op::Constant { value, ty: cty } = &inst.op {
                if *cty == ty && value.fits(ty.dtype) {
                    consts.insert(result, *value);
                }
                continue;
            }
            let mut op = inst.op.clone();
            op.map_operands(|v| resolve(&replace, v));
            match fold(&op, &ty, &consts) {
                Folded::Const(value) if value.fits(ty.dtype) => {
                    if let Some(inst) = k.insts.get_mut(id.index()) {
                        inst.op = Op::Constant { value, ty };
                        consts.insert(result, value);
                        changed = true;
                    }
                }
                Folded::Value(x) if k.values.get(x.index()) == Some(&ty) && x != result => {
                    replace.insert(result, x);
                    dead.insert(id);
                    changed = true;
                }
                Folded::Const(_) | Folded::Value(_) | Folded::No => {}
            }
        }
        replace_uses(k, &replace);
        unplace(k, &dead);
        changed
    }
}

/// Folds one op (operands already resolved) whose single result has type `ty`.
fn fold(op: &Op, ty: &Type, consts: &HashMap<ValueId, ConstValue>) -> Folded {
    let c = |v: &ValueId| consts.get(v).copied();
    let known = |r: Option<ConstValue>| r.map_or(Folded::No, Folded::Const);
    match op {
        Op::Splat { src, .. }
        | Op::Broadcast { src, .. }
        | Op::ExpandDims { src, .. }
        | Op::Reshape { src, .. } => known(c(src)),
        Op::Unary { op, src } => known(c(src).and_then(|v| unary_const(*op, ty.dtype, v))),
        Op::Cast { src, to } => known(c(src).map(|v| cast_const(v, *to))),
        Op::Binary { op, lhs, rhs } => match (c(lhs), c(rhs)) {
            (Some(a), Some(b)) => known(binary_const(*op, ty.dtype, a, b)),
            (a, b) => {
                identity(*op, ty.dtype, (*lhs, a), (*rhs, b)).map_or(Folded::No, Folded::Value)
            }
        },
        Op::Compare { op, lhs, rhs } => match (c(lhs), c(rhs)) {
            (Some(a), Some(b)) => known(compare_const(*op, a, b).map(ConstValue::Bool)),
            _ => Folded::No,
        },
        Op::Select {
            cond,
            on_true,
            on_false,
        } => match c(cond) {
            Some(ConstValue::Bool(true)) => Folded::Value(*on_true),
            Some(ConstValue::Bool(false)) => Folded::Value(*on_false),
            _ if on_true == on_false => Folded::Value(*on_true),
            _ => Folded::No,
        },
        Op::ProgramId { .. }
        | Op::NumPrograms { .. }
        | Op::ScalarArg { .. }
        | Op::Arange { .. }
        | Op::Constant { .. }
        | Op::Load { .. }
        | Op::Store { .. }
        | Op::AtomicAdd { .. }
        | Op::Reduce { .. }
        | Op::Extract { .. }
        | Op::Dot { .. }
        | Op::For { .. }
        | Op::If { .. }
        | Op::Yield { .. } => Folded::No,
    }
}

/// Whether `c` is the constant `want`, compared bit for bit for floats (so `-0.0` is not `0.0`).
fn is(c: Option<ConstValue>, want: ConstValue) -> bool {
    match (c, want) {
        (Some(ConstValue::Float(a)), ConstValue::Float(b)) => a.to_bits() == b.to_bits(),
        (Some(ConstValue::Int(a)), ConstValue::Int(b)) => a == b,
        (Some(ConstValue::Bool(a)), ConstValue::Bool(b)) => a == b,
        _ => false,
    }
}

/// The operand `lhs op rhs` equals for every value of the other operand, if any. Each side is
/// the value and its constant, if it has one.
fn identity(
    op: BinaryOp,
    dtype: DType,
    (l, lc): (ValueId, Option<ConstValue>),
    (r, rc): (ValueId, Option<ConstValue>),
) -> Option<ValueId> {
    let (zero, one, neg_zero) = if dtype.is_int() {
        (ConstValue::Int(0), ConstValue::Int(1), None)
    } else if dtype.is_float() {
        (
            ConstValue::Float(0.0),
            ConstValue::Float(1.0),
            Some(ConstValue::Float(-0.0)),
        )
    } else {
        return None;
    };
    let int = dtype.is_int();
    match op {
        // Integers: x + 0 and 0 + x. Floats: only -0.0 is an additive identity.
        BinaryOp::Add => {
            let id = if int { Some(zero) } else { neg_zero };
            let id = id?;
            if is(rc, id) {
                Some(l)
            } else if is(lc, id) {
                Some(r)
            } else {
                None
            }
        }
        // x - 0 (for floats +0.0: -0.0 - 0.0 is -0.0).
        BinaryOp::Sub => is(rc, zero).then_some(l),
        BinaryOp::Mul => {
            if is(rc, one) {
                Some(l)
            } else if is(lc, one) {
                Some(r)
            } else {
                None
            }
        }
        BinaryOp::Div => is(rc, one).then_some(l),
        BinaryOp::Rem
        | BinaryOp::Min
        | BinaryOp::Max
        | BinaryOp::Pow
        | BinaryOp::And
        | BinaryOp::Or
        | BinaryOp::Xor => None,
    }
}
