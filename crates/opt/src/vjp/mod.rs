//! `vjp`: reverse-mode differentiation of a bounded expression DAG between values the caller
//! names.
//!
//! Given `outputs`, one `cotangent` per output (of the output's type) and the values `wrt`,
//! [`vjp`] appends to the kernel's arena the instructions computing, for each `wrt` value `w`,
//! `sum_o cotangent_o * d output_o / d w` (a value of `w`'s type), and returns them for the caller
//! to place after the outputs (they read the forward values and the cotangents, so they must sit
//! where those are visible). The `wrt` values are independent leaves: the derivative does not
//! flow through one `wrt` value into another. A `wrt` value no output depends on gets zeros.
//! Values the outputs depend on that do not depend on `wrt` (loads of other buffers, scalar
//! parameters, constants, index arithmetic) are constants of the derivative and may come from
//! any op.
//!
//! Differentiable ops on the path from `wrt` to the outputs (float values only):
//! - `neg abs exp exp2 log log2 sqrt rsqrt tanh sigmoid sin cos erf`;
//!   `add sub mul div rem min max pow`; `cast` between float dtypes (the cotangent is cast back);
//!   `select` (the condition is piecewise constant: comparisons of active values are allowed);
//!   `splat broadcast expand_dims reshape` (their adjoints sum over the broadcast axes);
//!   `reduce.sum`, `reduce.max`, `reduce.min` along any axis.
//!
//! Conventions at points where the derivative is not defined (each matches the hand-written
//! kernels and the FP64 oracles of the activations):
//! - `max(a, b)` sends the cotangent to `a` where `a > b` and to `b` elsewhere, ties and NaN
//!   included; `min(a, b)` to `a` where `a < b`. So `max(x, 0)` (ReLU) has derivative 0 at 0.
//! - `abs(x)` has derivative `1`, `-1` and `0` for `x > 0`, `x < 0` and otherwise (0 and NaN).
//! - `select(c, t, f)` sends the cotangent to the chosen arm and exact zeros to the other, so a
//!   NaN or infinite cotangent does not leak into an arm that was not chosen.
//! - `reduce.max`/`reduce.min` share the cotangent equally between tied extremes; a row whose
//!   extreme is NaN gets zeros.
//! - `pow(a, b)`: `d/da = b * a^(b-1)`; `d/db = a^b * log(a)`, taken as 0 where `a == 0`.
//! - `rem(a, b)`: `d/da = 1`, `d/db = -(a - rem(a, b)) / b` (minus the truncated quotient).
//! - Elsewhere NaN propagates as the formulas give it (`exp'(NaN) = NaN`).
//!
//! Refuses, with a [`VjpError`], never a panic: a path from `wrt` to an output through a loop or
//! conditional (`for`/`if` results and block arguments defined after the first `wrt` value),
//! memory (`load` whose index, mask or fill depends on `wrt`), a dynamic read (`extract`), a
//! matrix product (`dot`), or a discrete value turned back into a float (`cast` of an integer or
//! bool that depends on `wrt`: use `select` for piecewise definitions); DAGs of more than
//! [`MAX_VJP_NODES`] instructions; requests whose values are not defined in the given scope,
//! are not floats, or whose cotangents do not match the outputs' types.
//!
//! The output is logical IR that the canonicalisation passes then simplify (constants fold, the
//! forward recomputation merges with the kernel's own). The derived backward kernels of the
//! activations are checked against the hand-written ones and the FP64 oracles
//! (`metile-kernels`, `activations::derived`), and composite expressions against central
//! differences.

mod rules;

use std::collections::{HashMap, HashSet};
use std::fmt;

use metile_ir::{Block, InstId, Kernel, Op, ValueId};

use crate::rewrite::{steps_in, Step};

/// The most instructions the differentiated DAG may have (between `wrt` and the outputs,
/// constants of the derivative included once they are defined after the first `wrt` value).
pub const MAX_VJP_NODES: usize = 1024;

/// What to differentiate: `cotangents[i]` is the cotangent of `outputs[i]`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct VjpRequest {
    pub outputs: Vec<ValueId>,
    pub cotangents: Vec<ValueId>,
    pub wrt: Vec<ValueId>,
}

/// The derivative: new instructions (in order, not yet placed in any block) and, per `wrt`
/// value, the value holding its cotangent.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Derivative {
    pub insts: Vec<InstId>,
    pub grads: Vec<ValueId>,
}

/// Why an op on the path from `wrt` to an output has no derivative here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A `for`/`if` result or a block argument.
    ControlFlow,
    /// A load whose index, mask or fill value depends on `wrt`.
    Memory,
    /// `extract`: a read at a dynamic index.
    DynamicIndex,
    /// `dot`.
    MatrixProduct,
    /// An integer or bool that depends on `wrt`, cast back to a float.
    DiscretePath,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refusal::ControlFlow => "loops and conditionals are not differentiated",
            Refusal::Memory => "memory accesses are not differentiated",
            Refusal::DynamicIndex => "reads at a dynamic index are not differentiated",
            Refusal::MatrixProduct => "matrix products are not differentiated",
            Refusal::DiscretePath => {
                "a derivative cannot flow through an integer or bool value (use select)"
            }
        })
    }
}

/// Why a derivative could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VjpError {
    #[error("vjp request: {0}")]
    Request(String),
    #[error("the expression has more than {limit} instructions")]
    TooLarge { limit: usize },
    #[error("{value} ({op}): {reason}")]
    NotDifferentiable {
        value: ValueId,
        op: String,
        reason: Refusal,
    },
    /// A typing rule rejected a derivative op: a bug of this pass, reported instead of a panic.
    #[error("vjp internal error: {0}")]
    Internal(String),
}

/// Differentiates in a kernel whose instructions are placed in `k.body` (see the module docs).
pub fn vjp(k: &mut Kernel, req: &VjpRequest) -> Result<Derivative, VjpError> {
    let body = k.body.clone();
    vjp_in(k, &[body], req)
}

/// [`vjp`] where the placed instructions are those of `scope`: the blocks enclosing the point
/// where the derivative will be placed, outermost first (the open blocks of a kernel being
/// traced).
pub fn vjp_in(k: &mut Kernel, scope: &[Block], req: &VjpRequest) -> Result<Derivative, VjpError> {
    let roots: Vec<&Block> = scope.iter().collect();
    let sites = sites(k, &roots);
    check_request(k, &sites, req)?;
    let dag = collect(k, &sites, req)?;
    rules::differentiate(k, &dag, req)
}

/// Where a value is defined.
#[derive(Clone, Copy, Debug)]
enum Def {
    Inst(InstId),
    /// A block argument (of a region, or of an open block).
    Arg,
}

/// A value's definition and its position in program order. A region op's results are defined
/// after its regions.
#[derive(Clone, Copy, Debug)]
struct Site {
    def: Def,
    pos: usize,
}

/// The values visible at the end of the innermost of `roots` (those defined directly in a root
/// block, its arguments included, not inside a region), with their sites; positions count every
/// instruction, nested ones included.
fn sites(k: &Kernel, roots: &[&Block]) -> HashMap<ValueId, Site> {
    let mut out = HashMap::new();
    let mut def = |vs: &[ValueId], def: Def, pos: usize| {
        for v in vs {
            out.insert(*v, Site { def, pos });
        }
    };
    let (mut depth, mut root) = (0usize, 0usize);
    // Region ops whose regions are being walked: (inst, depth of its block, regions left).
    let mut open: Vec<(InstId, usize, usize)> = Vec::new();
    for (pos, step) in steps_in(k, roots).into_iter().enumerate() {
        match step {
            Step::Open => {
                if depth == 0 {
                    if let Some(b) = roots.get(root) {
                        def(&b.args, Def::Arg, pos);
                    }
                    root += 1;
                }
                depth += 1;
            }
            Step::Close => {
                depth = depth.saturating_sub(1);
                if let Some(top) = open.last_mut() {
                    if top.1 == depth {
                        top.2 = top.2.saturating_sub(1);
                        if top.2 == 0 {
                            let id = top.0;
                            open.pop();
                            if let (1, Some(inst)) = (depth, k.insts.get(id.index())) {
                                def(&inst.results, Def::Inst(id), pos);
                            }
                        }
                    }
                }
            }
            Step::Inst(id) => {
                let Some(inst) = k.insts.get(id.index()) else {
                    continue;
                };
                let regions = inst.op.regions().len();
                if regions > 0 {
                    open.push((id, depth, regions));
                } else if depth == 1 {
                    def(&inst.results, Def::Inst(id), pos);
                }
            }
        }
    }
    out
}

fn check_request(
    k: &Kernel,
    sites: &HashMap<ValueId, Site>,
    req: &VjpRequest,
) -> Result<(), VjpError> {
    let bad = |m: String| Err(VjpError::Request(m));
    if req.outputs.len() != req.cotangents.len() {
        return bad(format!(
            "{} outputs but {} cotangents",
            req.outputs.len(),
            req.cotangents.len()
        ));
    }
    let named = [
        ("output", &req.outputs),
        ("cotangent", &req.cotangents),
        ("wrt value", &req.wrt),
    ];
    for (what, values) in named {
        for v in values.iter() {
            let Some(ty) = k.values.get(v.index()) else {
                return bad(format!("{what} {v} does not exist"));
            };
            if !sites.contains_key(v) {
                return bad(format!(
                    "{what} {v} is not defined where the derivative goes"
                ));
            }
            if !ty.dtype.is_float() {
                return bad(format!("{what} {v} is {ty}, not a float"));
            }
        }
    }
    for (o, c) in req.outputs.iter().zip(&req.cotangents) {
        if k.values.get(o.index()) != k.values.get(c.index()) {
            return bad(format!("cotangent {c} must have the type of output {o}"));
        }
    }
    Ok(())
}

/// The expression between `wrt` and the outputs.
pub(crate) struct Dag {
    /// Instructions the outputs depend on, operands before users, not counting values defined
    /// before the first `wrt` value.
    pub order: Vec<InstId>,
    /// Values that depend on a `wrt` value (the `wrt` values included), of any dtype.
    pub active: HashSet<ValueId>,
}

/// Walks from the outputs to their operands (iteratively, bounded), stopping at `wrt` values and
/// at values defined before the first of them (which cannot depend on them); then marks the
/// values that depend on `wrt` and refuses what cannot be differentiated.
fn collect(k: &Kernel, sites: &HashMap<ValueId, Site>, req: &VjpRequest) -> Result<Dag, VjpError> {
    let wrt: HashSet<ValueId> = req.wrt.iter().copied().collect();
    let first = req
        .wrt
        .iter()
        .filter_map(|w| sites.get(w))
        .map(|s| s.pos)
        .min();
    // A value defined before the first `wrt` value is a constant of the derivative; so is a
    // block argument defined with it (a sibling argument of the same block).
    let constant = |s: &Site| match (first, s.def) {
        (None, _) => true,
        (Some(f), Def::Arg) => s.pos <= f,
        (Some(f), Def::Inst(_)) => s.pos < f,
    };
    let mut order = Vec::new();
    let mut expanded_count = 0usize;
    let mut seen: HashSet<ValueId> = HashSet::new();
    let mut stack: Vec<(ValueId, bool)> = req.outputs.iter().rev().map(|v| (*v, false)).collect();
    while let Some((v, expanded)) = stack.pop() {
        let Some(site) = sites.get(&v) else {
            return Err(VjpError::Request(format!(
                "{v} is not defined where the derivative goes"
            )));
        };
        let Def::Inst(id) = site.def else {
            if !wrt.contains(&v) && !constant(site) {
                return Err(refused(v, "block argument", Refusal::ControlFlow));
            }
            seen.insert(v);
            continue;
        };
        if expanded {
            order.push(id);
            continue;
        }
        if !seen.insert(v) || wrt.contains(&v) || constant(site) {
            continue;
        }
        let Some(inst) = k.insts.get(id.index()) else {
            return Err(VjpError::Internal(format!("{v} has no instruction")));
        };
        if !inst.op.regions().is_empty() {
            return Err(refused(v, &inst.op.name(), Refusal::ControlFlow));
        }
        expanded_count += 1;
        if expanded_count > MAX_VJP_NODES {
            return Err(VjpError::TooLarge {
                limit: MAX_VJP_NODES,
            });
        }
        stack.push((v, true));
        for o in inst.op.operands().into_iter().rev() {
            if !seen.contains(&o) {
                stack.push((o, false));
            }
        }
    }
    let mut active = wrt;
    for &id in &order {
        let Some(inst) = k.insts.get(id.index()) else {
            continue;
        };
        if inst.op.operands().iter().any(|o| active.contains(o)) {
            check_op(k, &inst.op, inst.results.first().copied(), &active)?;
            active.extend(inst.results.iter().copied());
        }
    }
    Ok(Dag { order, active })
}

fn refused(value: ValueId, op: &str, reason: Refusal) -> VjpError {
    VjpError::NotDifferentiable {
        value,
        op: op.into(),
        reason,
    }
}

/// Refuses an op that reads a value depending on `wrt` but has no derivative here.
fn check_op(
    k: &Kernel,
    op: &Op,
    result: Option<ValueId>,
    active: &HashSet<ValueId>,
) -> Result<(), VjpError> {
    let value = result.unwrap_or(ValueId(u32::MAX));
    let no = |reason| Err(refused(value, &op.name(), reason));
    let float = |v: &ValueId| k.values.get(v.index()).is_some_and(|t| t.dtype.is_float());
    match op {
        Op::Load { .. } | Op::Store { .. } | Op::AtomicAdd { .. } => no(Refusal::Memory),
        Op::Extract { .. } => no(Refusal::DynamicIndex),
        Op::Dot { .. } => no(Refusal::MatrixProduct),
        Op::For { .. } | Op::If { .. } | Op::Yield { .. } => no(Refusal::ControlFlow),
        Op::Cast { src, .. }
            if active.contains(src) && !float(src) && result.is_some_and(|r| float(&r)) =>
        {
            no(Refusal::DiscretePath)
        }
        Op::ProgramId { .. }
        | Op::NumPrograms { .. }
        | Op::ScalarArg { .. }
        | Op::Arange { .. }
        | Op::Constant { .. }
        | Op::Splat { .. }
        | Op::Broadcast { .. }
        | Op::ExpandDims { .. }
        | Op::Reshape { .. }
        | Op::Unary { .. }
        | Op::Binary { .. }
        | Op::Compare { .. }
        | Op::Cast { .. }
        | Op::Select { .. }
        | Op::Reduce { .. } => Ok(()),
    }
}
