//! Rematerialises broadcasts of index-like tiles: `broadcast(f(arange, scalars))` becomes
//! `f` evaluated at the broadcast's own shape, from per-dimension position tiles computed from a
//! flat `arange` of that shape (`(iota / stride) % extent`).
//!
//! Why: a GPU target moves a broadcast tile between threads through shared memory (two barriers
//! each), while the same values are a few integer operations away in every thread. Kernels that
//! address `[rows, cols]` tiles from a `[rows, 1]` row part and a `[1, cols]` column part (RoPE,
//! embedding) paid a shared-memory round trip per broadcast.
//!
//! What qualifies: the broadcast's source is built only from `arange`, constants, splats of
//! scalars, scalars (any uniform value), `expand_dims`, nested broadcasts, the elementwise
//! `binary`, `compare`, `cast` and `select` ops, and loads from read-only buffers (parameters the
//! kernel never writes, so every element reads the value the broadcast would have copied); at
//! most [`MAX_NEW_INSTS`] instructions per broadcast. Anything else (loads from written buffers,
//! reductions, reshapes, unary math) keeps the broadcast. The result computes the same value at every element (the ops are the same, applied
//! to the same operand values), so the rewrite is exact on every target. The new instructions
//! sit right before the broadcast, whose uses they take over; the broadcast is unplaced.

use std::collections::{HashMap, HashSet};

use metile_ir::{
    Access, BinaryOp, ConstValue, DType, InstId, Kernel, Op, ParamKind, Shape, Type, ValueId,
};

use crate::rewrite::{placed, replace_uses, unplace};
use crate::Pass;

/// The most instructions one rematerialised broadcast may add.
pub const MAX_NEW_INSTS: usize = 96;

/// See the module doc.
pub struct RematerializeBroadcasts;

impl Pass for RematerializeBroadcasts {
    fn name(&self) -> &'static str {
        "rematerialize-broadcasts"
    }

    fn run(&self, k: &mut Kernel) -> bool {
        let order = placed(k);
        let def: HashMap<ValueId, InstId> = order
            .iter()
            .filter_map(|&id| k.insts.get(id.index()).map(|i| (id, i)))
            .flat_map(|(id, i)| i.results.iter().map(move |r| (*r, id)))
            .collect();
        let mut map = HashMap::new();
        let mut dead = HashSet::new();
        // (broadcast, the instructions that replace it) to place.
        let mut inserts: Vec<(InstId, Vec<InstId>)> = Vec::new();
        for id in order {
            let Some(inst) = k.insts.get(id.index()) else {
                continue;
            };
            let Op::Broadcast { src, shape } = &inst.op else {
                continue;
            };
            let (src, shape) = (*src, shape.clone());
            let Some(&result) = inst.results.first() else {
                continue;
            };
            if k.ty(src).is_scalar() || shape.0.iter().product::<usize>() == 0 {
                continue;
            }
            let mut b = Builder {
                k: &mut *k,
                def: &def,
                shape: shape.clone(),
                new: Vec::new(),
            };
            let Some(pos) = b.positions() else {
                continue;
            };
            // Through the broadcast itself, whose arm drops the positions of the source's
            // extent-1 dimensions (an `arange(0, 1)` there is 0 at every element, not the
            // broadcast's index along that dimension).
            if let Some(v) = b.rebuild(result, &pos) {
                let new = b.new;
                map.insert(result, v);
                dead.insert(id);
                inserts.push((id, new));
            }
        }
        if map.is_empty() {
            return false;
        }
        for (at, new) in inserts {
            place_before(k, at, &new);
        }
        replace_uses(k, &map);
        unplace(k, &dead);
        true
    }
}

/// Inserts `new` right before `at` in the block that places `at`.
fn place_before(k: &mut Kernel, at: InstId, new: &[InstId]) {
    fn go(insts: &mut Vec<InstId>, at: InstId, new: &[InstId]) -> bool {
        match insts.iter().position(|i| *i == at) {
            Some(p) => {
                insts.splice(p..p, new.iter().copied());
                true
            }
            None => false,
        }
    }
    if go(&mut k.body.insts, at, new) {
        return;
    }
    for inst in &mut k.insts {
        for r in inst.op.regions_mut() {
            if go(&mut r.insts, at, new) {
                return;
            }
        }
    }
}

/// Builds the rematerialised expression of one broadcast at its shape.
struct Builder<'a> {
    k: &'a mut Kernel,
    def: &'a HashMap<ValueId, InstId>,
    shape: Shape,
    new: Vec<InstId>,
}

impl Builder<'_> {
    fn emit(&mut self, op: Op, dtype: DType) -> Option<ValueId> {
        if self.new.len() >= MAX_NEW_INSTS {
            return None;
        }
        let ty = Type {
            dtype,
            shape: self.shape.clone(),
        };
        let (id, results) = self.k.new_inst(op, vec![ty]);
        self.new.push(id);
        results.first().copied()
    }

    fn int(&mut self, v: i64) -> Option<ValueId> {
        self.emit(
            Op::Constant {
                value: ConstValue::Int(v),
                ty: Type {
                    dtype: DType::I32,
                    shape: self.shape.clone(),
                },
            },
            DType::I32,
        )
    }

    /// The index along each dimension of the shape (i32 tiles), `None` where the extent is 1.
    fn positions(&mut self) -> Option<Vec<Option<ValueId>>> {
        let dims = self.shape.0.clone();
        let numel: usize = dims.iter().product();
        let numel = i64::try_from(numel)
            .ok()
            .filter(|n| *n <= i32::MAX as i64)?;
        let flat_ty = Type {
            dtype: DType::I32,
            shape: Shape(vec![numel as usize]),
        };
        let (id, r) = self.k.new_inst(
            Op::Arange {
                start: 0,
                end: numel,
            },
            vec![flat_ty],
        );
        self.new.push(id);
        let iota = self.emit(
            Op::Reshape {
                src: *r.first()?,
                shape: self.shape.clone(),
            },
            DType::I32,
        )?;
        let mut out = Vec::with_capacity(dims.len());
        let mut stride: i64 = numel;
        for (j, &extent) in dims.iter().enumerate() {
            stride /= extent as i64;
            if extent == 1 {
                out.push(None);
                continue;
            }
            let mut p = iota;
            if stride > 1 {
                let s = self.int(stride)?;
                p = self.emit(binary(BinaryOp::Div, p, s), DType::I32)?;
            }
            if j > 0 {
                let e = self.int(extent as i64)?;
                p = self.emit(binary(BinaryOp::Rem, p, e), DType::I32)?;
            }
            out.push(Some(p));
        }
        Some(out)
    }

    /// `v` at every element of the shape, where `pos` gives `v`'s own index along each of its
    /// dimensions (`None`: 0); `None` when `v` is not index-like.
    fn rebuild(&mut self, v: ValueId, pos: &[Option<ValueId>]) -> Option<ValueId> {
        let ty = self.k.ty(v).clone();
        if ty.is_scalar() {
            return self.emit(
                Op::Splat {
                    src: v,
                    shape: self.shape.clone(),
                },
                ty.dtype,
            );
        }
        if ty.shape.0.len() != pos.len() {
            return None;
        }
        let op = self.k.insts.get(self.def.get(&v)?.index())?.op.clone();
        match op {
            Op::Constant { value, .. } => self.emit(
                Op::Constant {
                    value,
                    ty: Type {
                        dtype: ty.dtype,
                        shape: self.shape.clone(),
                    },
                },
                ty.dtype,
            ),
            Op::Splat { src, .. } => self.emit(
                Op::Splat {
                    src,
                    shape: self.shape.clone(),
                },
                ty.dtype,
            ),
            Op::Arange { start, .. } => match pos.first().copied().flatten() {
                None => self.int(start),
                Some(p) if start == 0 => Some(p),
                Some(p) => {
                    let s = self.int(start)?;
                    self.emit(binary(BinaryOp::Add, p, s), DType::I32)
                }
            },
            Op::ExpandDims { src, axis } => {
                let mut inner = pos.to_vec();
                if (axis as usize) >= inner.len() {
                    return None;
                }
                inner.remove(axis as usize);
                self.rebuild(src, &inner)
            }
            Op::Broadcast { src, .. } => {
                let dims = self.k.ty(src).shape.0.clone();
                if dims.len() != pos.len() {
                    return None;
                }
                let inner: Vec<Option<ValueId>> = dims
                    .iter()
                    .zip(pos)
                    .map(|(&d, p)| if d == 1 { None } else { *p })
                    .collect();
                self.rebuild(src, &inner)
            }
            Op::Binary { op, lhs, rhs } => {
                let (a, b) = (self.rebuild(lhs, pos)?, self.rebuild(rhs, pos)?);
                self.emit(binary(op, a, b), ty.dtype)
            }
            Op::Compare { op, lhs, rhs } => {
                let (a, b) = (self.rebuild(lhs, pos)?, self.rebuild(rhs, pos)?);
                self.emit(Op::Compare { op, lhs: a, rhs: b }, DType::Bool)
            }
            Op::Cast { src, to } => {
                let s = self.rebuild(src, pos)?;
                self.emit(Op::Cast { src: s, to }, to)
            }
            Op::Select {
                cond,
                on_true,
                on_false,
            } => {
                let c = self.rebuild(cond, pos)?;
                let (t, f) = (self.rebuild(on_true, pos)?, self.rebuild(on_false, pos)?);
                self.emit(
                    Op::Select {
                        cond: c,
                        on_true: t,
                        on_false: f,
                    },
                    ty.dtype,
                )
            }
            // A read-only buffer holds the same values wherever the load sits, so each element
            // may read its own copy (a broadcast load: one cached line per row).
            Op::Load {
                buffer,
                index,
                mask,
                other,
            } if self.read_only(buffer) => {
                let i = self.rebuild(index, pos)?;
                let m = match mask {
                    Some(m) => Some(self.rebuild(m, pos)?),
                    None => None,
                };
                self.emit(
                    Op::Load {
                        buffer,
                        index: i,
                        mask: m,
                        other,
                    },
                    ty.dtype,
                )
            }
            _ => None,
        }
    }

    fn read_only(&self, buffer: u32) -> bool {
        matches!(
            self.k.params.get(buffer as usize).map(|p| &p.kind),
            Some(ParamKind::Buffer {
                access: Access::Read,
                ..
            })
        )
    }
}

fn binary(op: BinaryOp, lhs: ValueId, rhs: ValueId) -> Op {
    Op::Binary { op, lhs, rhs }
}
