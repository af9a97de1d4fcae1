//! The reverse sweep of `vjp` and the adjoint of each differentiable op.
//!
//! The sweep visits the expression's instructions users first; each one whose result has a
//! cotangent adds, for every operand that depends on `wrt` and is a float, that operand's
//! contribution (a new value) to the operand's cotangent. Every op it builds goes through its
//! typing rule (`Op::infer`), so a wrong rule is an `Internal` error, not a broken kernel.

use std::collections::HashMap;

use metile_ir::{
    BinaryOp, CmpOp, ConstValue, InstId, Kernel, Op, ReduceOp, Shape, Type, UnaryOp, ValueId,
};

use super::{Dag, Derivative, VjpError, VjpRequest};

pub(super) fn differentiate(
    k: &mut Kernel,
    dag: &Dag,
    req: &VjpRequest,
) -> Result<Derivative, VjpError> {
    let mut b = Builder {
        k,
        insts: Vec::new(),
    };
    let mut cot: HashMap<ValueId, ValueId> = HashMap::new();
    for (o, c) in req.outputs.iter().zip(&req.cotangents) {
        if dag.active.contains(o) {
            b.accumulate(&mut cot, *o, *c)?;
        }
    }
    for &id in dag.order.iter().rev() {
        let Some(inst) = b.k.insts.get(id.index()).cloned() else {
            continue;
        };
        let [y] = inst.results[..] else {
            continue;
        };
        let Some(&g) = cot.get(&y) else {
            continue;
        };
        let active = |v: &ValueId| dag.active.contains(v);
        for (operand, contribution) in adjoint(&mut b, &inst.op, y, g, &active)? {
            b.accumulate(&mut cot, operand, contribution)?;
        }
    }
    let mut grads = Vec::with_capacity(req.wrt.len());
    for w in &req.wrt {
        grads.push(match cot.get(w) {
            Some(g) => *g,
            None => b.constant(0.0, *w)?,
        });
    }
    Ok(Derivative {
        insts: b.insts,
        grads,
    })
}

/// The contributions of `op` (result `y`, cotangent `g`) to its operands' cotangents, for the
/// operands that depend on `wrt` and are floats.
fn adjoint(
    b: &mut Builder<'_>,
    op: &Op,
    y: ValueId,
    g: ValueId,
    active: &dyn Fn(&ValueId) -> bool,
) -> Result<Vec<(ValueId, ValueId)>, VjpError> {
    let wants = |b: &Builder<'_>, v: &ValueId| active(v) && b.is_float(*v);
    let mut out = Vec::new();
    match op {
        Op::Unary { op, src: x } if wants(b, x) => {
            let d = unary(b, *op, *x, y, g)?;
            out.extend(d.map(|d| (*x, d)));
        }
        Op::Binary { op, lhs, rhs } => {
            let (da, db) = binary(b, *op, (*lhs, wants(b, lhs)), (*rhs, wants(b, rhs)), y, g)?;
            out.extend(da.map(|d| (*lhs, d)));
            out.extend(db.map(|d| (*rhs, d)));
        }
        Op::Cast { src, .. } if wants(b, src) => {
            let to = b.ty(*src)?.dtype;
            out.push((*src, b.op(Op::Cast { src: g, to })?));
        }
        Op::Select {
            cond,
            on_true,
            on_false,
        } if wants(b, on_true) || wants(b, on_false) => {
            let zero = b.constant(0.0, g)?;
            if wants(b, on_true) {
                out.push((*on_true, b.select(*cond, g, zero)?));
            }
            if wants(b, on_false) {
                out.push((*on_false, b.select(*cond, zero, g)?));
            }
        }
        Op::Splat { src, .. } if wants(b, src) => {
            let mut sum = g;
            for _ in 0..b.ty(g)?.shape.rank() {
                sum = b.sum(sum, 0)?;
            }
            out.push((*src, sum));
        }
        Op::Broadcast { src, shape } if wants(b, src) => {
            let from = b.ty(*src)?.shape;
            let axes: Vec<usize> = (0..from.rank())
                .filter(|&i| from.dims()[i] == 1 && shape.dims().get(i) != Some(&1))
                .collect();
            let mut sum = g;
            for &axis in axes.iter().rev() {
                sum = b.sum(sum, axis)?;
            }
            if !axes.is_empty() {
                sum = b.reshape(sum, from)?;
            }
            out.push((*src, sum));
        }
        Op::ExpandDims { src, .. } | Op::Reshape { src, .. } if wants(b, src) => {
            let from = b.ty(*src)?.shape;
            out.push((*src, b.reshape(g, from)?));
        }
        Op::Reduce { op, src, axis } if wants(b, src) => {
            let d = reduce(b, *op, *src, *axis, y, g)?;
            out.extend(d.map(|d| (*src, d)));
        }
        // Operands that do not carry a derivative (constants, discrete values, conditions).
        Op::Unary { .. }
        | Op::Select { .. }
        | Op::Cast { .. }
        | Op::Splat { .. }
        | Op::Broadcast { .. }
        | Op::ExpandDims { .. }
        | Op::Reshape { .. }
        | Op::Reduce { .. }
        | Op::Compare { .. }
        | Op::ProgramId { .. }
        | Op::NumPrograms { .. }
        | Op::ScalarArg { .. }
        | Op::Arange { .. }
        | Op::Constant { .. } => {}
        Op::Load { .. }
        | Op::Store { .. }
        | Op::AtomicAdd { .. }
        | Op::Extract { .. }
        | Op::Dot { .. }
        | Op::For { .. }
        | Op::If { .. }
        | Op::Yield { .. } => {
            return Err(VjpError::Internal(format!(
                "{} reached the sweep after it was refused",
                op.name()
            )))
        }
    }
    Ok(out)
}

/// `g * f'(x)` for `y = f(x)`.
fn unary(
    b: &mut Builder<'_>,
    op: UnaryOp,
    x: ValueId,
    y: ValueId,
    g: ValueId,
) -> Result<Option<ValueId>, VjpError> {
    use std::f64::consts::{FRAC_2_SQRT_PI, LN_2, LOG2_E};
    let d = match op {
        UnaryOp::Neg => b.un(UnaryOp::Neg, g)?,
        UnaryOp::Abs => {
            let zero = b.constant(0.0, x)?;
            let pos = b.cmp(CmpOp::Gt, x, zero)?;
            let neg = b.cmp(CmpOp::Lt, x, zero)?;
            let minus_g = b.un(UnaryOp::Neg, g)?;
            let inner = b.select(pos, g, zero)?;
            b.select(neg, minus_g, inner)?
        }
        UnaryOp::Exp => b.mul(g, y)?,
        UnaryOp::Exp2 => {
            let gy = b.mul(g, y)?;
            b.scale(gy, LN_2)?
        }
        UnaryOp::Log => b.bin(BinaryOp::Div, g, x)?,
        UnaryOp::Log2 => {
            let q = b.bin(BinaryOp::Div, g, x)?;
            b.scale(q, LOG2_E)?
        }
        UnaryOp::Sqrt => {
            let q = b.bin(BinaryOp::Div, g, y)?;
            b.scale(q, 0.5)?
        }
        UnaryOp::Rsqrt => {
            let y2 = b.mul(y, y)?;
            let y3 = b.mul(y2, y)?;
            let gy3 = b.mul(g, y3)?;
            b.scale(gy3, -0.5)?
        }
        UnaryOp::Tanh => {
            let one = b.constant(1.0, y)?;
            let y2 = b.mul(y, y)?;
            let d = b.bin(BinaryOp::Sub, one, y2)?;
            b.mul(g, d)?
        }
        UnaryOp::Sigmoid => {
            let one = b.constant(1.0, y)?;
            let rest = b.bin(BinaryOp::Sub, one, y)?;
            let d = b.mul(y, rest)?;
            b.mul(g, d)?
        }
        UnaryOp::Sin => {
            let c = b.un(UnaryOp::Cos, x)?;
            b.mul(g, c)?
        }
        UnaryOp::Cos => {
            let s = b.un(UnaryOp::Sin, x)?;
            let gs = b.mul(g, s)?;
            b.un(UnaryOp::Neg, gs)?
        }
        UnaryOp::Erf => {
            let x2 = b.mul(x, x)?;
            let m = b.un(UnaryOp::Neg, x2)?;
            let e = b.un(UnaryOp::Exp, m)?;
            let d = b.scale(e, FRAC_2_SQRT_PI)?;
            b.mul(g, d)?
        }
        UnaryOp::Not => return Ok(None),
    };
    Ok(Some(d))
}

/// The contributions of `y = a op b` to `a` and `b` (each operand with whether it wants one).
fn binary(
    b: &mut Builder<'_>,
    op: BinaryOp,
    (lhs, want_l): (ValueId, bool),
    (rhs, want_r): (ValueId, bool),
    y: ValueId,
    g: ValueId,
) -> Result<(Option<ValueId>, Option<ValueId>), VjpError> {
    let (mut dl, mut dr) = (None, None);
    match op {
        BinaryOp::Add => {
            dl = want_l.then_some(g);
            dr = want_r.then_some(g);
        }
        BinaryOp::Sub => {
            dl = want_l.then_some(g);
            if want_r {
                dr = Some(b.un(UnaryOp::Neg, g)?);
            }
        }
        BinaryOp::Mul => {
            if want_l {
                dl = Some(b.mul(g, rhs)?);
            }
            if want_r {
                dr = Some(b.mul(g, lhs)?);
            }
        }
        BinaryOp::Div => {
            let q = b.bin(BinaryOp::Div, g, rhs)?;
            dl = want_l.then_some(q);
            if want_r {
                let qy = b.mul(q, y)?;
                dr = Some(b.un(UnaryOp::Neg, qy)?);
            }
        }
        BinaryOp::Rem => {
            dl = want_l.then_some(g);
            if want_r {
                let whole = b.bin(BinaryOp::Sub, lhs, y)?;
                let quotient = b.bin(BinaryOp::Div, whole, rhs)?;
                let gq = b.mul(g, quotient)?;
                dr = Some(b.un(UnaryOp::Neg, gq)?);
            }
        }
        BinaryOp::Max | BinaryOp::Min => {
            let picks_lhs = if op == BinaryOp::Max {
                CmpOp::Gt
            } else {
                CmpOp::Lt
            };
            let c = b.cmp(picks_lhs, lhs, rhs)?;
            let zero = b.constant(0.0, g)?;
            if want_l {
                dl = Some(b.select(c, g, zero)?);
            }
            if want_r {
                dr = Some(b.select(c, zero, g)?);
            }
        }
        BinaryOp::Pow => {
            if want_l {
                let one = b.constant(1.0, rhs)?;
                let e = b.bin(BinaryOp::Sub, rhs, one)?;
                let p = b.bin(BinaryOp::Pow, lhs, e)?;
                let d = b.mul(rhs, p)?;
                dl = Some(b.mul(g, d)?);
            }
            if want_r {
                let zero = b.constant(0.0, lhs)?;
                let at_zero = b.cmp(CmpOp::Eq, lhs, zero)?;
                let l = b.un(UnaryOp::Log, lhs)?;
                let yl = b.mul(y, l)?;
                let d = b.select(at_zero, zero, yl)?;
                dr = Some(b.mul(g, d)?);
            }
        }
        BinaryOp::And | BinaryOp::Or | BinaryOp::Xor => {}
    }
    Ok((dl, dr))
}

/// The contribution of `y = reduce(src, axis)` to `src`.
fn reduce(
    b: &mut Builder<'_>,
    op: ReduceOp,
    src: ValueId,
    axis: u8,
    y: ValueId,
    g: ValueId,
) -> Result<Option<ValueId>, VjpError> {
    let shape = b.ty(src)?.shape;
    match op {
        ReduceOp::Sum => Ok(Some(b.spread(g, axis, &shape)?)),
        ReduceOp::Max | ReduceOp::Min => {
            // Ties share the cotangent equally.
            let extreme = b.spread(y, axis, &shape)?;
            let hit = b.cmp(CmpOp::Eq, src, extreme)?;
            let dtype = b.ty(src)?.dtype;
            let ones = b.op(Op::Cast {
                src: hit,
                to: dtype,
            })?;
            let count = b.sum(ones, usize::from(axis))?;
            let share = b.bin(BinaryOp::Div, g, count)?;
            let spread = b.spread(share, axis, &shape)?;
            let zero = b.constant(0.0, spread)?;
            Ok(Some(b.select(hit, spread, zero)?))
        }
        ReduceOp::Argmax => Ok(None),
    }
}

/// Builds the derivative's instructions in the kernel's arena, in order.
struct Builder<'k> {
    k: &'k mut Kernel,
    insts: Vec<InstId>,
}

impl Builder<'_> {
    fn ty(&self, v: ValueId) -> Result<Type, VjpError> {
        self.k
            .values
            .get(v.index())
            .cloned()
            .ok_or_else(|| VjpError::Internal(format!("{v} does not exist")))
    }

    fn is_float(&self, v: ValueId) -> bool {
        self.k
            .values
            .get(v.index())
            .is_some_and(|t| t.dtype.is_float())
    }

    fn op(&mut self, op: Op) -> Result<ValueId, VjpError> {
        let types = op
            .infer(self.k)
            .map_err(|m| VjpError::Internal(format!("{}: {m}", op.name())))?;
        let (id, results) = self.k.new_inst(op, types);
        self.insts.push(id);
        results
            .first()
            .copied()
            .ok_or_else(|| VjpError::Internal("an op without a result".into()))
    }

    /// The float constant `x` (rounded to the dtype) with the type of `like`.
    fn constant(&mut self, x: f64, like: ValueId) -> Result<ValueId, VjpError> {
        let ty = self.ty(like)?;
        let value = ConstValue::Float(x as f32).convert(ty.dtype);
        self.op(Op::Constant { value, ty })
    }

    fn un(&mut self, op: UnaryOp, src: ValueId) -> Result<ValueId, VjpError> {
        self.op(Op::Unary { op, src })
    }

    fn bin(&mut self, op: BinaryOp, lhs: ValueId, rhs: ValueId) -> Result<ValueId, VjpError> {
        self.op(Op::Binary { op, lhs, rhs })
    }

    fn mul(&mut self, lhs: ValueId, rhs: ValueId) -> Result<ValueId, VjpError> {
        self.bin(BinaryOp::Mul, lhs, rhs)
    }

    /// `v * x` for a constant `x`.
    fn scale(&mut self, v: ValueId, x: f64) -> Result<ValueId, VjpError> {
        let c = self.constant(x, v)?;
        self.mul(v, c)
    }

    fn cmp(&mut self, op: CmpOp, lhs: ValueId, rhs: ValueId) -> Result<ValueId, VjpError> {
        self.op(Op::Compare { op, lhs, rhs })
    }

    fn select(&mut self, cond: ValueId, t: ValueId, f: ValueId) -> Result<ValueId, VjpError> {
        self.op(Op::Select {
            cond,
            on_true: t,
            on_false: f,
        })
    }

    fn sum(&mut self, src: ValueId, axis: usize) -> Result<ValueId, VjpError> {
        let axis = u8::try_from(axis).map_err(|_| VjpError::Internal("axis > 255".into()))?;
        self.op(Op::Reduce {
            op: ReduceOp::Sum,
            src,
            axis,
        })
    }

    fn reshape(&mut self, src: ValueId, shape: Shape) -> Result<ValueId, VjpError> {
        self.op(Op::Reshape { src, shape })
    }

    /// `v` (reduced along `axis`) given back that axis and broadcast to `shape`.
    fn spread(&mut self, v: ValueId, axis: u8, shape: &Shape) -> Result<ValueId, VjpError> {
        let e = self.op(Op::ExpandDims { src: v, axis })?;
        self.op(Op::Broadcast {
            src: e,
            shape: shape.clone(),
        })
    }

    /// Adds `c` to the cotangent of `v`.
    fn accumulate(
        &mut self,
        cot: &mut HashMap<ValueId, ValueId>,
        v: ValueId,
        c: ValueId,
    ) -> Result<(), VjpError> {
        let sum = match cot.get(&v) {
            Some(&prev) => self.bin(BinaryOp::Add, prev, c)?,
            None => c,
        };
        cot.insert(v, sum);
        Ok(())
    }
}
