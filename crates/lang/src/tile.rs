//! Tile handles, their methods and operators, and the semantic layer under them: literal
//! promotion and numpy-style broadcasting, made explicit as `Splat`/`Reshape`/`Broadcast` ops.
//!
//! Rules: operands of an elementwise op have one dtype (cast explicitly otherwise); a Rust literal
//! takes the dtype of the tile it meets (a float literal never becomes an integer); shapes
//! broadcast as in numpy (align trailing dimensions, size 1 stretches, missing leading dimensions
//! are added).

use std::ops;

use metile_ir::{BinaryOp, CmpOp, ConstValue, DType, Op, ReduceOp, Shape, Type, UnaryOp, ValueId};

use crate::scope::{self, Scope};

/// A handle to an SSA value of the kernel being traced. Cheap to copy; every method appends ops
/// to the current block.
#[derive(Clone, Copy, Debug)]
pub struct Tile {
    pub(crate) id: ValueId,
    pub(crate) scope: u32,
}

/// Something that can stand where a tile is expected: a tile, or a Rust literal that takes the
/// dtype of the tile it is combined with.
#[derive(Clone, Copy, Debug)]
pub enum Operand {
    Tile(Tile),
    Float(f64),
    Int(i64),
    Bool(bool),
}

impl From<Tile> for Operand {
    fn from(t: Tile) -> Self {
        Operand::Tile(t)
    }
}
impl From<&Tile> for Operand {
    fn from(t: &Tile) -> Self {
        Operand::Tile(*t)
    }
}
impl From<f32> for Operand {
    fn from(v: f32) -> Self {
        Operand::Float(v as f64)
    }
}
impl From<f64> for Operand {
    fn from(v: f64) -> Self {
        Operand::Float(v)
    }
}
impl From<i32> for Operand {
    fn from(v: i32) -> Self {
        Operand::Int(v as i64)
    }
}
impl From<i64> for Operand {
    fn from(v: i64) -> Self {
        Operand::Int(v)
    }
}
impl From<usize> for Operand {
    fn from(v: usize) -> Self {
        Operand::Int(v as i64)
    }
}
impl From<bool> for Operand {
    fn from(v: bool) -> Self {
        Operand::Bool(v)
    }
}

/// Runs `f` on the active scope if every tile in `tiles` belongs to it. A foreign tile records
/// an error and gives `None`; so does the absence of an active trace (a tile smuggled out of its
/// `trace` closure), where nothing can be recorded.
pub(crate) fn in_scope<R>(op: &str, tiles: &[Tile], f: impl FnOnce(&mut Scope) -> R) -> Option<R> {
    scope::with(|s| {
        if let Some(t) = tiles.iter().find(|t| t.scope != s.id) {
            s.fail(op, format!("{} belongs to another trace", t.id));
            return None;
        }
        Some(f(s))
    })
    .flatten()
}

pub(crate) fn tile(s: &Scope, id: ValueId) -> Tile {
    Tile { id, scope: s.id }
}

/// A constant of `dtype` from a literal, or an error saying why the literal does not fit.
pub(crate) fn literal(dtype: DType, v: Operand) -> Result<ConstValue, String> {
    let c = match v {
        Operand::Float(x) if dtype.is_float() => ConstValue::Float(x as f32),
        Operand::Float(x) => return Err(format!("float literal {x} cannot become {dtype}")),
        Operand::Int(x) if dtype.is_float() => ConstValue::Int(x).convert(dtype),
        Operand::Int(x) if dtype.is_int() => ConstValue::Int(x),
        Operand::Int(x) => return Err(format!("integer literal {x} cannot become {dtype}")),
        Operand::Bool(b) if dtype.is_bool() => ConstValue::Bool(b),
        Operand::Bool(b) => return Err(format!("bool literal {b} cannot become {dtype}")),
        Operand::Tile(_) => return Err("internal: tile passed as literal".into()),
    };
    let rounded = c.convert(dtype);
    if let (ConstValue::Int(a), ConstValue::Int(b)) = (c, rounded) {
        if a != b {
            return Err(format!("integer literal {a} does not fit {dtype}"));
        }
    }
    Ok(rounded)
}

impl Scope {
    /// A rank-0 constant of `dtype` from a literal; on a literal that does not fit, records the
    /// error and returns zero.
    pub(crate) fn literal_or_zero(&mut self, op: &str, dtype: DType, v: Operand) -> ValueId {
        match literal(dtype, v) {
            Ok(c) => self.constant(c, dtype),
            Err(m) => {
                self.fail(op, m);
                self.constant(ConstValue::Int(0).convert(dtype), dtype)
            }
        }
    }

    /// A rank-0 constant.
    pub(crate) fn constant(&mut self, value: ConstValue, dtype: DType) -> ValueId {
        let ty = Type::scalar(dtype);
        self.emit(
            Op::Constant {
                value,
                ty: ty.clone(),
            },
            &[ty],
        )[0]
    }

    /// Turns operands into values of one dtype (literals adopt the tiles' dtype).
    pub(crate) fn unify(&mut self, op: &str, operands: &[Operand]) -> Option<Vec<ValueId>> {
        let dtype = operands.iter().find_map(|o| match o {
            Operand::Tile(t) => Some(self.ty(t.id).dtype),
            _ => None,
        });
        let Some(dtype) = dtype else {
            self.fail(
                op,
                "needs at least one tile operand to know the dtype".into(),
            );
            return None;
        };
        let mut out = Vec::new();
        for o in operands {
            match o {
                Operand::Tile(t) => {
                    let d = self.ty(t.id).dtype;
                    if d != dtype {
                        self.fail(
                            op,
                            format!(
                                "operand dtypes differ: {dtype} and {d}; cast one with .cast()"
                            ),
                        );
                        return None;
                    }
                    out.push(t.id);
                }
                lit => match literal(dtype, *lit) {
                    Ok(c) => out.push(self.constant(c, dtype)),
                    Err(m) => {
                        self.fail(op, m);
                        return None;
                    }
                },
            }
        }
        Some(out)
    }

    /// The numpy broadcast of several shapes, or an error naming them.
    pub(crate) fn broadcast_shape(&mut self, op: &str, shapes: &[Shape]) -> Option<Shape> {
        let rank = shapes.iter().map(|s| s.rank()).max().unwrap_or(0);
        let mut out = vec![1usize; rank];
        for s in shapes {
            let off = rank - s.rank();
            for (i, d) in s.dims().iter().enumerate() {
                let o = &mut out[off + i];
                if *o == 1 {
                    *o = *d;
                } else if *d != 1 && *d != *o {
                    let all: Vec<String> = shapes.iter().map(show_shape).collect();
                    self.fail(
                        op,
                        format!("shapes do not broadcast: {}", all.join(" and ")),
                    );
                    return None;
                }
            }
        }
        Some(Shape(out))
    }

    /// Makes `v` have shape `to` (a broadcast target of its shape).
    pub(crate) fn broadcast_to(&mut self, v: ValueId, to: &Shape) -> ValueId {
        let ty = self.ty(v);
        if ty.shape == *to {
            return v;
        }
        if ty.is_scalar() {
            let out = Type::new(ty.dtype, to.clone());
            return self.emit(
                Op::Splat {
                    src: v,
                    shape: to.clone(),
                },
                &[out],
            )[0];
        }
        let mut v = v;
        if ty.shape.rank() < to.rank() {
            let mut dims = vec![1; to.rank() - ty.shape.rank()];
            dims.extend_from_slice(ty.shape.dims());
            let shape = Shape(dims);
            let t = Type::new(ty.dtype, shape.clone());
            v = self.emit(Op::Reshape { src: v, shape }, &[t])[0];
        }
        let out = Type::new(ty.dtype, to.clone());
        self.emit(
            Op::Broadcast {
                src: v,
                shape: to.clone(),
            },
            &[out],
        )[0]
    }

    /// Unifies dtypes and broadcasts shapes of `operands`.
    pub(crate) fn prepare(&mut self, op: &str, operands: &[Operand]) -> Option<Vec<ValueId>> {
        let vals = self.unify(op, operands)?;
        let shapes: Vec<Shape> = vals.iter().map(|v| self.ty(*v).shape).collect();
        let shape = self.broadcast_shape(op, &shapes)?;
        Some(
            vals.into_iter()
                .map(|v| self.broadcast_to(v, &shape))
                .collect(),
        )
    }

    pub(crate) fn binary(&mut self, op: BinaryOp, a: Operand, b: Operand) -> ValueId {
        match self.prepare(op.name(), &[a, b]) {
            Some(v) => {
                let fallback = [self.ty(v[0])];
                self.emit(
                    Op::Binary {
                        op,
                        lhs: v[0],
                        rhs: v[1],
                    },
                    &fallback,
                )[0]
            }
            None => self.placeholder(&[a, b], None),
        }
    }

    pub(crate) fn compare(&mut self, op: CmpOp, a: Operand, b: Operand) -> ValueId {
        match self.prepare(op.name(), &[a, b]) {
            Some(v) => {
                let fallback = [self.ty(v[0]).with_dtype(DType::Bool)];
                self.emit(
                    Op::Compare {
                        op,
                        lhs: v[0],
                        rhs: v[1],
                    },
                    &fallback,
                )[0]
            }
            None => self.placeholder(&[a, b], Some(DType::Bool)),
        }
    }

    /// A value standing in for the result of a failed op, typed like its first tile operand.
    pub(crate) fn placeholder(&mut self, operands: &[Operand], dtype: Option<DType>) -> ValueId {
        let ty = operands
            .iter()
            .find_map(|o| match o {
                Operand::Tile(t) => Some(self.ty(t.id)),
                _ => None,
            })
            .unwrap_or(Type::scalar(DType::F32));
        let ty = dtype.map(|d| ty.with_dtype(d)).unwrap_or(ty);
        self.kernel.new_value(ty)
    }

    pub(crate) fn unary(&mut self, op: UnaryOp, src: ValueId) -> ValueId {
        let ty = self.ty(src);
        self.emit(Op::Unary { op, src }, &[ty])[0]
    }
}

fn show_shape(s: &Shape) -> String {
    if s.is_scalar() {
        "scalar".into()
    } else {
        format!(
            "[{}]",
            s.dims()
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}

/// Applies a closure on the active scope and wraps the value it returns; on a foreign tile the
/// result is a placeholder (the trace has failed by then).
fn apply(op: &str, tiles: &[Tile], f: impl FnOnce(&mut Scope) -> ValueId) -> Tile {
    in_scope(op, tiles, |s| {
        let v = f(s);
        tile(s, v)
    })
    .or_else(|| {
        scope::with(|s| {
            let v = s.kernel.new_value(Type::scalar(DType::F32));
            tile(s, v)
        })
    })
    .unwrap_or(Tile {
        id: ValueId(0),
        scope: 0,
    })
}

fn tiles_of(operands: &[Operand]) -> Vec<Tile> {
    operands
        .iter()
        .filter_map(|o| match o {
            Operand::Tile(t) => Some(*t),
            _ => None,
        })
        .collect()
}

pub(crate) fn binary(op: BinaryOp, a: Operand, b: Operand) -> Tile {
    apply(op.name(), &tiles_of(&[a, b]), |s| s.binary(op, a, b))
}

fn compare(op: CmpOp, a: Operand, b: Operand) -> Tile {
    apply(op.name(), &tiles_of(&[a, b]), |s| s.compare(op, a, b))
}

impl Tile {
    /// The value's type.
    pub fn ty(&self) -> Type {
        in_scope("ty", &[*self], |s| s.ty(self.id)).unwrap_or(Type::scalar(DType::F32))
    }

    pub fn dtype(&self) -> DType {
        self.ty().dtype
    }

    pub fn shape(&self) -> Shape {
        self.ty().shape
    }

    /// The underlying IR value.
    pub fn value(&self) -> ValueId {
        self.id
    }

    fn unary(self, op: UnaryOp) -> Tile {
        apply(op.name(), &[self], |s| s.unary(op, self.id))
    }

    pub fn exp(self) -> Tile {
        self.unary(UnaryOp::Exp)
    }
    pub fn exp2(self) -> Tile {
        self.unary(UnaryOp::Exp2)
    }
    pub fn log(self) -> Tile {
        self.unary(UnaryOp::Log)
    }
    pub fn log2(self) -> Tile {
        self.unary(UnaryOp::Log2)
    }
    pub fn sqrt(self) -> Tile {
        self.unary(UnaryOp::Sqrt)
    }
    pub fn rsqrt(self) -> Tile {
        self.unary(UnaryOp::Rsqrt)
    }
    pub fn tanh(self) -> Tile {
        self.unary(UnaryOp::Tanh)
    }
    pub fn sigmoid(self) -> Tile {
        self.unary(UnaryOp::Sigmoid)
    }
    pub fn sin(self) -> Tile {
        self.unary(UnaryOp::Sin)
    }
    pub fn cos(self) -> Tile {
        self.unary(UnaryOp::Cos)
    }
    pub fn erf(self) -> Tile {
        self.unary(UnaryOp::Erf)
    }
    pub fn abs(self) -> Tile {
        self.unary(UnaryOp::Abs)
    }

    /// Converts elements to `to` (see `Op::Cast` for the rounding rules); a no-op if equal.
    pub fn cast(self, to: DType) -> Tile {
        apply("cast", &[self], |s| {
            let ty = s.ty(self.id);
            if ty.dtype == to {
                return self.id;
            }
            s.emit(Op::Cast { src: self.id, to }, &[ty.with_dtype(to)])[0]
        })
    }

    /// Elementwise NaN-propagating minimum.
    pub fn minimum(self, rhs: impl Into<Operand>) -> Tile {
        binary(BinaryOp::Min, self.into(), rhs.into())
    }
    /// Elementwise NaN-propagating maximum.
    pub fn maximum(self, rhs: impl Into<Operand>) -> Tile {
        binary(BinaryOp::Max, self.into(), rhs.into())
    }
    pub fn pow(self, rhs: impl Into<Operand>) -> Tile {
        binary(BinaryOp::Pow, self.into(), rhs.into())
    }

    pub fn lt(self, rhs: impl Into<Operand>) -> Tile {
        compare(CmpOp::Lt, self.into(), rhs.into())
    }
    pub fn le(self, rhs: impl Into<Operand>) -> Tile {
        compare(CmpOp::Le, self.into(), rhs.into())
    }
    pub fn gt(self, rhs: impl Into<Operand>) -> Tile {
        compare(CmpOp::Gt, self.into(), rhs.into())
    }
    pub fn ge(self, rhs: impl Into<Operand>) -> Tile {
        compare(CmpOp::Ge, self.into(), rhs.into())
    }
    pub fn equal(self, rhs: impl Into<Operand>) -> Tile {
        compare(CmpOp::Eq, self.into(), rhs.into())
    }
    pub fn not_equal(self, rhs: impl Into<Operand>) -> Tile {
        compare(CmpOp::Ne, self.into(), rhs.into())
    }

    fn reduce(self, op: ReduceOp, axis: usize) -> Tile {
        apply(op.name(), &[self], |s| {
            let ty = s.ty(self.id);
            let mut dims = ty.shape.0.clone();
            if axis < dims.len() {
                dims.remove(axis);
            }
            let dtype = if op == ReduceOp::Argmax {
                DType::I32
            } else {
                ty.dtype
            };
            let axis = u8::try_from(axis).unwrap_or(u8::MAX);
            s.emit(
                Op::Reduce {
                    op,
                    src: self.id,
                    axis,
                },
                &[Type::new(dtype, dims)],
            )[0]
        })
    }

    /// Sum along `axis` (the dimension is removed).
    pub fn sum(self, axis: usize) -> Tile {
        self.reduce(ReduceOp::Sum, axis)
    }
    pub fn max(self, axis: usize) -> Tile {
        self.reduce(ReduceOp::Max, axis)
    }
    pub fn min(self, axis: usize) -> Tile {
        self.reduce(ReduceOp::Min, axis)
    }
    /// Index (i32) of the first maximum along `axis`.
    pub fn argmax(self, axis: usize) -> Tile {
        self.reduce(ReduceOp::Argmax, axis)
    }

    /// Inserts a dimension of size 1 at `axis`.
    pub fn expand_dims(self, axis: usize) -> Tile {
        apply("expand_dims", &[self], |s| {
            let ty = s.ty(self.id);
            let mut dims = ty.shape.0.clone();
            dims.insert(axis.min(dims.len()), 1);
            let axis = u8::try_from(axis).unwrap_or(u8::MAX);
            s.emit(
                Op::ExpandDims { src: self.id, axis },
                &[Type::new(ty.dtype, dims)],
            )[0]
        })
    }

    /// Broadcasts to `shape` with numpy rules.
    pub fn broadcast_to(self, shape: impl Into<Shape>) -> Tile {
        let shape = shape.into();
        apply("broadcast", &[self], |s| {
            let own = s.ty(self.id).shape;
            match s.broadcast_shape("broadcast", &[own, shape.clone()]) {
                Some(b) if b == shape => s.broadcast_to(self.id, &shape),
                Some(_) => {
                    s.fail(
                        "broadcast",
                        format!("cannot broadcast to {}", show_shape(&shape)),
                    );
                    self.id
                }
                None => self.id,
            }
        })
    }

    /// Row-major reshape.
    pub fn reshape(self, shape: impl Into<Shape>) -> Tile {
        let shape = shape.into();
        apply("reshape", &[self], |s| {
            let ty = s.ty(self.id);
            s.emit(
                Op::Reshape {
                    src: self.id,
                    shape: shape.clone(),
                },
                &[ty.with_dtype(ty.dtype)],
            )[0]
        })
    }

    /// The element of this 1-D tile at the integer scalar `index` (which must be in range at run
    /// time).
    pub fn extract(self, index: Tile) -> Tile {
        apply("extract", &[self, index], |s| {
            let ty = Type::scalar(s.ty(self.id).dtype);
            s.emit(
                Op::Extract {
                    src: self.id,
                    index: index.id,
                },
                &[ty],
            )[0]
        })
    }

    /// `self ? on_true : on_false` elementwise (`self` is bool); operands broadcast together.
    pub fn select(self, on_true: impl Into<Operand>, on_false: impl Into<Operand>) -> Tile {
        select(self, on_true, on_false)
    }
}

/// `cond ? on_true : on_false` elementwise; the arms unify like binary operands and all three
/// broadcast together.
pub fn select(cond: Tile, on_true: impl Into<Operand>, on_false: impl Into<Operand>) -> Tile {
    let (t, f) = (on_true.into(), on_false.into());
    let mut tiles = vec![cond];
    tiles.extend(tiles_of(&[t, f]));
    apply("select", &tiles, |s| {
        let Some(arms) = s.unify("select", &[t, f]) else {
            return s.placeholder(&[t, f], None);
        };
        let shapes = [
            s.ty(cond.id).shape,
            s.ty(arms[0]).shape,
            s.ty(arms[1]).shape,
        ];
        let Some(shape) = s.broadcast_shape("select", &shapes) else {
            return arms[0];
        };
        let c = s.broadcast_to(cond.id, &shape);
        let a = s.broadcast_to(arms[0], &shape);
        let b = s.broadcast_to(arms[1], &shape);
        let fallback = [s.ty(a)];
        s.emit(
            Op::Select {
                cond: c,
                on_true: a,
                on_false: b,
            },
            &fallback,
        )[0]
    })
}

/// Matrix product of 2-D tiles `[M,K] x [K,N]`, f32 result, optionally accumulated onto `acc`.
pub fn dot(lhs: Tile, rhs: Tile, acc: Option<Tile>) -> Tile {
    let mut tiles = vec![lhs, rhs];
    tiles.extend(acc);
    apply("dot", &tiles, |s| {
        let (a, b) = (s.ty(lhs.id), s.ty(rhs.id));
        let m = a.shape.dims().first().copied().unwrap_or(1);
        let n = b.shape.dims().get(1).copied().unwrap_or(1);
        s.emit(
            Op::Dot {
                lhs: lhs.id,
                rhs: rhs.id,
                acc: acc.map(|t| t.id),
            },
            &[Type::new(DType::F32, [m, n])],
        )[0]
    })
}

macro_rules! binary_operator {
    ($trait:ident, $method:ident, $op:expr) => {
        impl<R: Into<Operand>> ops::$trait<R> for Tile {
            type Output = Tile;
            fn $method(self, rhs: R) -> Tile {
                binary($op, self.into(), rhs.into())
            }
        }
        impl ops::$trait<Tile> for f32 {
            type Output = Tile;
            fn $method(self, rhs: Tile) -> Tile {
                binary($op, self.into(), rhs.into())
            }
        }
        impl ops::$trait<Tile> for f64 {
            type Output = Tile;
            fn $method(self, rhs: Tile) -> Tile {
                binary($op, self.into(), rhs.into())
            }
        }
        impl ops::$trait<Tile> for i32 {
            type Output = Tile;
            fn $method(self, rhs: Tile) -> Tile {
                binary($op, self.into(), rhs.into())
            }
        }
        impl ops::$trait<Tile> for i64 {
            type Output = Tile;
            fn $method(self, rhs: Tile) -> Tile {
                binary($op, self.into(), rhs.into())
            }
        }
    };
}

binary_operator!(Add, add, BinaryOp::Add);
binary_operator!(Sub, sub, BinaryOp::Sub);
binary_operator!(Mul, mul, BinaryOp::Mul);
binary_operator!(Div, div, BinaryOp::Div);
binary_operator!(Rem, rem, BinaryOp::Rem);

impl<R: Into<Operand>> ops::BitAnd<R> for Tile {
    type Output = Tile;
    fn bitand(self, rhs: R) -> Tile {
        binary(BinaryOp::And, self.into(), rhs.into())
    }
}
impl<R: Into<Operand>> ops::BitOr<R> for Tile {
    type Output = Tile;
    fn bitor(self, rhs: R) -> Tile {
        binary(BinaryOp::Or, self.into(), rhs.into())
    }
}
impl<R: Into<Operand>> ops::BitXor<R> for Tile {
    type Output = Tile;
    fn bitxor(self, rhs: R) -> Tile {
        binary(BinaryOp::Xor, self.into(), rhs.into())
    }
}
impl ops::Neg for Tile {
    type Output = Tile;
    fn neg(self) -> Tile {
        self.unary(UnaryOp::Neg)
    }
}
impl ops::Not for Tile {
    type Output = Tile;
    fn not(self) -> Tile {
        self.unary(UnaryOp::Not)
    }
}
