//! The kernel context handed to a `trace` closure: parameters, grid queries, tile constructors,
//! structured control flow, and buffer handles with masked loads and stores.

use metile_ir::{Access, ConstValue, DType, Op, ParamKind, Shape, Type, ValueId};

use crate::scope::{self, Scope};
use crate::tile::{in_scope, tile, Operand, Tile};

/// Declares parameters and builds grid-level values; obtained from `trace`.
pub struct Ctx {
    pub(crate) scope: u32,
}

/// A buffer parameter of the kernel being traced.
#[derive(Clone, Copy, Debug)]
pub struct Buffer {
    param: u32,
    scope: u32,
}

fn fail_tile(op: &str, msg: String) -> Tile {
    scope::with(|s| {
        s.fail(op, msg);
        let v = s.kernel.new_value(Type::scalar(DType::F32));
        tile(s, v)
    })
    .unwrap_or(Tile {
        id: ValueId(0),
        scope: 0,
    })
}

fn with_scope(op: &str, f: impl FnOnce(&mut Scope) -> ValueId) -> Tile {
    scope::with(|s| {
        let v = f(s);
        tile(s, v)
    })
    .unwrap_or_else(|| fail_tile(op, String::new()))
}

impl Ctx {
    fn buffer(&self, name: &str, dtype: DType, access: Access) -> Buffer {
        let param = scope::with(|s| {
            if s.kernel.param_index(name).is_some() {
                s.fail("param", format!("parameter name `{name}` is used twice"));
            }
            s.kernel
                .add_param(name, ParamKind::Buffer { dtype, access })
        })
        .unwrap_or(0);
        Buffer {
            param,
            scope: self.scope,
        }
    }

    /// A buffer the kernel only loads from.
    pub fn input(&self, name: &str, dtype: DType) -> Buffer {
        self.buffer(name, dtype, Access::Read)
    }

    /// A buffer the kernel only stores to.
    pub fn output(&self, name: &str, dtype: DType) -> Buffer {
        self.buffer(name, dtype, Access::Write)
    }

    /// A buffer the kernel loads from and stores to.
    pub fn inout(&self, name: &str, dtype: DType) -> Buffer {
        self.buffer(name, dtype, Access::ReadWrite)
    }

    /// A run-time scalar parameter, as a rank-0 tile.
    pub fn scalar(&self, name: &str, dtype: DType) -> Tile {
        with_scope("scalar", |s| {
            if s.kernel.param_index(name).is_some() {
                s.fail("param", format!("parameter name `{name}` is used twice"));
            }
            let param = s.kernel.add_param(name, ParamKind::Scalar { dtype });
            s.emit(Op::ScalarArg { param }, &[Type::scalar(dtype)])[0]
        })
    }

    /// Caps the threads per program a GPU plan may use (`Kernel::max_threads`); a cap below
    /// one warp is a trace error.
    pub fn max_threads(&self, threads: u32) {
        scope::with(|s| {
            if threads < 32 {
                s.fail(
                    "max_threads",
                    format!("{threads} threads is less than one warp"),
                );
            } else {
                s.kernel.max_threads = Some(threads);
            }
        });
    }

    /// Asks a GPU plan for at least `threads` threads per program (`Kernel::min_threads`).
    pub fn min_threads(&self, threads: u32) {
        scope::with(|s| s.kernel.min_threads = Some(threads));
    }

    /// Asks a GPU plan to keep at least `threads` threads resident per multiprocessor
    /// (`Kernel::min_resident_threads`: a register budget).
    pub fn min_resident_threads(&self, threads: u32) {
        scope::with(|s| s.kernel.min_resident_threads = Some(threads));
    }

    /// Asks a GPU target to load the read-only buffers' vectors through the read-only data path
    /// (`Kernel::read_only_cache`).
    pub fn read_only_cache(&self) {
        scope::with(|s| s.kernel.read_only_cache = true);
    }

    /// Asks a GPU target to launch the kernel as a programmatic dependent of the grid before it
    /// (`Kernel::programmatic_launch`).
    pub fn programmatic_launch(&self) {
        scope::with(|s| s.kernel.programmatic_launch = true);
    }

    /// Asks a GPU target for the aligned fast body as an entry point of its own
    /// (`Kernel::split_fast_entry`).
    pub fn split_fast_entry(&self) {
        scope::with(|s| s.kernel.split_fast_entry = true);
    }

    /// This program's index along grid axis `axis` (i32 scalar).
    pub fn program_id(&self, axis: u8) -> Tile {
        with_scope("program_id", |s| {
            s.emit(Op::ProgramId { axis }, &[Type::scalar(DType::I32)])[0]
        })
    }

    /// The number of programs along grid axis `axis` (i32 scalar).
    pub fn num_programs(&self, axis: u8) -> Tile {
        with_scope("num_programs", |s| {
            s.emit(Op::NumPrograms { axis }, &[Type::scalar(DType::I32)])[0]
        })
    }

    /// The i32 tile `start..end`.
    pub fn arange(&self, start: i64, end: i64) -> Tile {
        with_scope("arange", |s| {
            let n = end
                .checked_sub(start)
                .unwrap_or(0)
                .clamp(1, i32::MAX as i64) as usize;
            s.emit(Op::Arange { start, end }, &[Type::new(DType::I32, [n])])[0]
        })
    }

    /// A scalar constant of `dtype`.
    pub fn constant(&self, value: impl Into<Operand>, dtype: DType) -> Tile {
        self.full(Shape::scalar(), value, dtype)
    }

    /// A tile of `shape` filled with `value`.
    pub fn full(&self, shape: impl Into<Shape>, value: impl Into<Operand>, dtype: DType) -> Tile {
        let shape = shape.into();
        let value = value.into();
        with_scope("full", |s| {
            let c = match crate::tile::literal(dtype, value) {
                Ok(c) => c,
                Err(m) => {
                    s.fail("full", m);
                    ConstValue::Int(0).convert(dtype)
                }
            };
            let ty = Type::new(dtype, shape.clone());
            s.emit(
                Op::Constant {
                    value: c.convert(dtype),
                    ty: ty.clone(),
                },
                &[ty],
            )[0]
        })
    }

    /// A tile of zeros.
    pub fn zeros(&self, shape: impl Into<Shape>, dtype: DType) -> Tile {
        let v: Operand = if dtype.is_bool() {
            Operand::Bool(false)
        } else {
            Operand::Int(0)
        };
        self.full(shape, v, dtype)
    }

    /// A structured loop `for iv in (lower..upper).step_by(step)` carrying `init` through `body`,
    /// which receives the induction variable and the carried values and returns their next
    /// values (same types). Returns the carried values after the loop. Integer literals among
    /// the bounds take the dtype of the tile bounds (i32 if all are literals).
    pub fn for_range(
        &self,
        lower: impl Into<Operand>,
        upper: impl Into<Operand>,
        step: impl Into<Operand>,
        init: &[Tile],
        body: impl FnOnce(Tile, &[Tile]) -> Vec<Tile>,
    ) -> Vec<Tile> {
        let bounds = [lower.into(), upper.into(), step.into()];
        let opened = scope::with(|s| {
            if let Some(t) = init.iter().find(|t| t.scope != s.id) {
                s.fail("for", format!("{} belongs to another trace", t.id));
                return None;
            }
            let has_tile = bounds.iter().any(|b| matches!(b, Operand::Tile(_)));
            let b = if has_tile {
                s.unify("for", &bounds)?
            } else {
                bounds
                    .iter()
                    .map(|o| s.literal_or_zero("for", DType::I32, *o))
                    .collect()
            };
            let ity = s.ty(b[0]);
            let iv = s.kernel.new_value(ity);
            let carried: Vec<ValueId> = init
                .iter()
                .map(|t| {
                    let ty = s.ty(t.id);
                    s.kernel.new_value(ty)
                })
                .collect();
            let mut args = vec![iv];
            args.extend(&carried);
            s.open_block(args);
            Some((b, iv, carried))
        })
        .flatten();
        let Some((b, iv, carried)) = opened else {
            return init.to_vec();
        };
        let iv = Tile {
            id: iv,
            scope: self.scope,
        };
        let carried: Vec<Tile> = carried
            .into_iter()
            .map(|id| Tile {
                id,
                scope: self.scope,
            })
            .collect();
        let next = body(iv, &carried);
        let out = scope::with(|s| {
            let ok = next.len() == init.len()
                && next
                    .iter()
                    .zip(init)
                    .all(|(n, i)| n.scope == s.id && s.ty(n.id) == s.ty(i.id));
            if !ok {
                let show = |ts: &[Tile]| {
                    ts.iter()
                        .map(|t| {
                            if t.scope == s.id {
                                s.ty(t.id).to_string()
                            } else {
                                "foreign".into()
                            }
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                let msg = format!(
                    "body returns ({}), the carried values are ({})",
                    show(&next),
                    show(init)
                );
                s.fail("for", msg);
            }
            let values: Vec<ValueId> = if ok {
                next.iter().map(|t| t.id).collect()
            } else {
                carried.iter().map(|t| t.id).collect()
            };
            s.place(Op::Yield { values }, vec![]);
            let body = s.close_block();
            let types: Vec<Type> = init.iter().map(|t| s.ty(t.id)).collect();
            let op = Op::For {
                lower: b[0],
                upper: b[1],
                step: b[2],
                init: init.iter().map(|t| t.id).collect(),
                body,
            };
            let results = s.emit(op, &types);
            results
                .into_iter()
                .map(|id| tile(s, id))
                .collect::<Vec<_>>()
        });
        out.unwrap_or_else(|| init.to_vec())
    }

    /// `if cond { then() } else { otherwise() }` on a bool scalar; both branches return values of
    /// the same types, which the op returns.
    pub fn if_else(
        &self,
        cond: Tile,
        then: impl FnOnce() -> Vec<Tile>,
        otherwise: impl FnOnce() -> Vec<Tile>,
    ) -> Vec<Tile> {
        let region = |f: Box<dyn FnOnce() -> Vec<Tile> + '_>| {
            scope::with(|s| s.open_block(vec![]));
            let vals = f();
            scope::with(|s| {
                let ids: Vec<ValueId> = vals
                    .iter()
                    .filter(|t| t.scope == s.id)
                    .map(|t| t.id)
                    .collect();
                if ids.len() != vals.len() {
                    s.fail("if", "a branch returned a tile of another trace".into());
                }
                s.place(
                    Op::Yield {
                        values: ids.clone(),
                    },
                    vec![],
                );
                let types: Vec<Type> = ids.iter().map(|v| s.ty(*v)).collect();
                (s.close_block(), types)
            })
        };
        let Some((then_body, types)) = region(Box::new(then)) else {
            return Vec::new();
        };
        let Some((else_body, _)) = region(Box::new(otherwise)) else {
            return Vec::new();
        };
        in_scope("if", &[cond], |s| {
            let op = Op::If {
                cond: cond.id,
                then_body,
                else_body,
            };
            s.emit(op, &types)
                .into_iter()
                .map(|id| tile(s, id))
                .collect()
        })
        .unwrap_or_default()
    }

    /// `if cond { then() }` for its effects (stores) only.
    pub fn when(&self, cond: Tile, then: impl FnOnce()) {
        self.if_else(
            cond,
            || {
                then();
                Vec::new()
            },
            Vec::new,
        );
    }
}

impl Buffer {
    /// Parameter index in the kernel.
    pub fn param(&self) -> u32 {
        self.param
    }

    /// Asks a GPU target to load this buffer's vectors under an L2 evict_last policy
    /// (`Kernel::l2_evict_last`; a buffer the kernel also writes is loaded plainly).
    pub fn l2_evict_last(&self) {
        scope::with(|s| {
            if !s.kernel.l2_evict_last.contains(&self.param) {
                s.kernel.l2_evict_last.push(self.param);
            }
        });
    }

    fn access(
        &self,
        op: &str,
        index: Tile,
        rest: &[Tile],
        f: impl FnOnce(&mut Scope) -> Tile,
    ) -> Tile {
        let mut all = vec![index];
        all.extend_from_slice(rest);
        let r = scope::with(|s| {
            if self.scope != s.id || all.iter().any(|t| t.scope != s.id) {
                s.fail(op, "buffer or tile belongs to another trace".into());
                return None;
            }
            Some(f(s))
        })
        .flatten();
        r.unwrap_or_else(|| fail_tile(op, "used outside its trace".into()))
    }

    fn dtype(s: &Scope, param: u32) -> DType {
        match s.kernel.params.get(param as usize).map(|p| &p.kind) {
            Some(ParamKind::Buffer { dtype, .. }) => *dtype,
            _ => DType::F32,
        }
    }

    /// `self[index]` (no mask: every index must be in bounds).
    pub fn load(&self, index: Tile) -> Tile {
        self.access("load", index, &[], |s| {
            let ty = Type::new(Buffer::dtype(s, self.param), s.ty(index.id).shape);
            let op = Op::Load {
                buffer: self.param,
                index: index.id,
                mask: None,
                other: None,
            };
            let v = s.emit(op, &[ty])[0];
            tile(s, v)
        })
    }

    /// `mask ? self[index] : other`; masked-off elements do not touch memory. The mask broadcasts
    /// to the index's shape; `other` is a scalar literal or tile of the buffer's dtype.
    pub fn load_masked(&self, index: Tile, mask: Tile, other: impl Into<Operand>) -> Tile {
        let other = other.into();
        let mut extra = vec![mask];
        if let Operand::Tile(t) = other {
            extra.push(t);
        }
        self.access("load", index, &extra, |s| {
            let dtype = Buffer::dtype(s, self.param);
            let shape = s.ty(index.id).shape;
            let m = s.broadcast_to(mask.id, &shape);
            let o = match other {
                Operand::Tile(t) => t.id,
                lit => s.literal_or_zero("load", dtype, lit),
            };
            let op = Op::Load {
                buffer: self.param,
                index: index.id,
                mask: Some(m),
                other: Some(o),
            };
            let v = s.emit(op, &[Type::new(dtype, shape)])[0];
            tile(s, v)
        })
    }

    fn write(&self, op: &str, index: Tile, value: Operand, mask: Option<Tile>, atomic: bool) {
        let mut extra: Vec<Tile> = mask.into_iter().collect();
        if let Operand::Tile(t) = value {
            extra.push(t);
        }
        self.access(op, index, &extra, |s| {
            let dtype = Buffer::dtype(s, self.param);
            let shape = s.ty(index.id).shape;
            let v = match value {
                Operand::Tile(t) => s.broadcast_to(t.id, &shape),
                lit => {
                    let c = s.literal_or_zero(op, dtype, lit);
                    s.broadcast_to(c, &shape)
                }
            };
            let m = mask.map(|m| s.broadcast_to(m.id, &shape));
            let (buffer, index) = (self.param, index.id);
            let op = if atomic {
                Op::AtomicAdd {
                    buffer,
                    index,
                    value: v,
                    mask: m,
                }
            } else {
                Op::Store {
                    buffer,
                    index,
                    value: v,
                    mask: m,
                }
            };
            s.emit(op, &[]);
            tile(s, v)
        });
    }

    /// `self[index] = value` (no mask: every index must be in bounds).
    pub fn store(&self, index: Tile, value: impl Into<Operand>) {
        self.write("store", index, value.into(), None, false);
    }

    /// `self[index] = value` where `mask` holds.
    pub fn store_masked(&self, index: Tile, value: impl Into<Operand>, mask: Tile) {
        self.write("store", index, value.into(), Some(mask), false);
    }

    /// `self[index] += value` atomically where `mask` holds (if given).
    pub fn atomic_add(&self, index: Tile, value: impl Into<Operand>, mask: Option<Tile>) {
        self.write("atomic_add", index, value.into(), mask, true);
    }
}
