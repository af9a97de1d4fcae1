//! The closed op set. Each variant states its typing rule in its doc comment; `Op::infer` is that
//! rule as code, and `Op::effect` says whether the op is pure, reads or writes memory.
//!
//! Operands of an op are SSA values of the same kernel. Binary ops, comparisons and `Select` take
//! operands of one shape: the DSL inserts `Splat`/`Broadcast` explicitly, so broadcasting is never
//! implicit in the IR.

use crate::kernel::{Access, Block, Kernel, ParamKind, ValueId};
use crate::types::{ConstValue, DType, Shape, Type};

/// Elementwise functions of one operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// Floats and integers.
    Neg,
    /// Floats and integers.
    Abs,
    Exp,
    Exp2,
    Log,
    Log2,
    Sqrt,
    Rsqrt,
    Tanh,
    Sigmoid,
    Sin,
    Cos,
    Erf,
    /// Logical not on bool, bitwise not on integers.
    Not,
}

impl UnaryOp {
    pub const ALL: [UnaryOp; 14] = [
        UnaryOp::Neg,
        UnaryOp::Abs,
        UnaryOp::Exp,
        UnaryOp::Exp2,
        UnaryOp::Log,
        UnaryOp::Log2,
        UnaryOp::Sqrt,
        UnaryOp::Rsqrt,
        UnaryOp::Tanh,
        UnaryOp::Sigmoid,
        UnaryOp::Sin,
        UnaryOp::Cos,
        UnaryOp::Erf,
        UnaryOp::Not,
    ];

    pub fn name(self) -> &'static str {
        match self {
            UnaryOp::Neg => "neg",
            UnaryOp::Abs => "abs",
            UnaryOp::Exp => "exp",
            UnaryOp::Exp2 => "exp2",
            UnaryOp::Log => "log",
            UnaryOp::Log2 => "log2",
            UnaryOp::Sqrt => "sqrt",
            UnaryOp::Rsqrt => "rsqrt",
            UnaryOp::Tanh => "tanh",
            UnaryOp::Sigmoid => "sigmoid",
            UnaryOp::Sin => "sin",
            UnaryOp::Cos => "cos",
            UnaryOp::Erf => "erf",
            UnaryOp::Not => "not",
        }
    }

    /// Whether the op accepts operands of `dtype`.
    pub fn accepts(self, dtype: DType) -> bool {
        match self {
            UnaryOp::Neg | UnaryOp::Abs => dtype.is_float() || dtype.is_int(),
            UnaryOp::Not => dtype.is_bool() || dtype.is_int(),
            _ => dtype.is_float(),
        }
    }
}

/// Elementwise functions of two operands of one type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    /// Float division; truncating division on integers (division by zero is a run-time error).
    Div,
    /// Remainder with the sign of the dividend (C `fmod` / `%`).
    Rem,
    /// NaN-propagating minimum.
    Min,
    /// NaN-propagating maximum.
    Max,
    /// Floats only.
    Pow,
    /// Logical on bool, bitwise on integers.
    And,
    Or,
    Xor,
}

impl BinaryOp {
    pub const ALL: [BinaryOp; 11] = [
        BinaryOp::Add,
        BinaryOp::Sub,
        BinaryOp::Mul,
        BinaryOp::Div,
        BinaryOp::Rem,
        BinaryOp::Min,
        BinaryOp::Max,
        BinaryOp::Pow,
        BinaryOp::And,
        BinaryOp::Or,
        BinaryOp::Xor,
    ];

    pub fn name(self) -> &'static str {
        match self {
            BinaryOp::Add => "add",
            BinaryOp::Sub => "sub",
            BinaryOp::Mul => "mul",
            BinaryOp::Div => "div",
            BinaryOp::Rem => "rem",
            BinaryOp::Min => "min",
            BinaryOp::Max => "max",
            BinaryOp::Pow => "pow",
            BinaryOp::And => "and",
            BinaryOp::Or => "or",
            BinaryOp::Xor => "xor",
        }
    }

    pub fn accepts(self, dtype: DType) -> bool {
        match self {
            BinaryOp::Add
            | BinaryOp::Sub
            | BinaryOp::Mul
            | BinaryOp::Div
            | BinaryOp::Rem
            | BinaryOp::Min
            | BinaryOp::Max => dtype.is_float() || dtype.is_int(),
            BinaryOp::Pow => dtype.is_float(),
            BinaryOp::And | BinaryOp::Or | BinaryOp::Xor => dtype.is_bool() || dtype.is_int(),
        }
    }

    /// Whether `a op b == b op a`.
    pub fn is_commutative(self) -> bool {
        matches!(
            self,
            BinaryOp::Add
                | BinaryOp::Mul
                | BinaryOp::Min
                | BinaryOp::Max
                | BinaryOp::And
                | BinaryOp::Or
                | BinaryOp::Xor
        )
    }
}

/// Comparisons; the result is bool. Any comparison with NaN is false except `Ne`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl CmpOp {
    pub const ALL: [CmpOp; 6] = [
        CmpOp::Lt,
        CmpOp::Le,
        CmpOp::Gt,
        CmpOp::Ge,
        CmpOp::Eq,
        CmpOp::Ne,
    ];

    pub fn name(self) -> &'static str {
        match self {
            CmpOp::Lt => "lt",
            CmpOp::Le => "le",
            CmpOp::Gt => "gt",
            CmpOp::Ge => "ge",
            CmpOp::Eq => "eq",
            CmpOp::Ne => "ne",
        }
    }
}

/// Reductions along one axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReduceOp {
    Sum,
    /// NaN-propagating.
    Max,
    /// NaN-propagating.
    Min,
    /// Index (i32) of the first maximum; a NaN counts as the maximum.
    Argmax,
}

impl ReduceOp {
    pub fn name(self) -> &'static str {
        match self {
            ReduceOp::Sum => "sum",
            ReduceOp::Max => "max",
            ReduceOp::Min => "min",
            ReduceOp::Argmax => "argmax",
        }
    }
}

/// Whether an op is pure or touches memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Pure,
    Reads,
    Writes,
    /// Structured control flow: the effect is the union of its regions'.
    Regions,
    /// Ends a region.
    Terminator,
}

/// One operation. Results are listed on the instruction that holds the op (`Inst`).
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// `-> i32`: this program's index along grid axis `axis` (0, 1 or 2).
    ProgramId { axis: u8 },
    /// `-> i32`: the grid's extent along `axis`.
    NumPrograms { axis: u8 },
    /// `-> dtype`: the run-time scalar parameter `param` of the kernel.
    ScalarArg { param: u32 },
    /// `-> [end-start] i32`: the integers `start..end`; `end > start`.
    Arange { start: i64, end: i64 },
    /// `-> ty`: a tile (or scalar) every element of which is `value` (exactly representable).
    Constant { value: ConstValue, ty: Type },
    /// `scalar -> shape`: a rank-0 value repeated over `shape`.
    Splat { src: ValueId, shape: Shape },
    /// `[a..] -> shape`: same rank; every dimension of `src` is 1 or equals `shape`'s.
    Broadcast { src: ValueId, shape: Shape },
    /// Inserts a dimension of size 1 at `axis` (0..=rank).
    ExpandDims { src: ValueId, axis: u8 },
    /// Row-major reshape to a shape with the same number of elements.
    Reshape { src: ValueId, shape: Shape },
    /// `buffer[index]` for each element of the integer tile `index`: `-> index.shape` of the
    /// buffer's dtype. Where the bool tile `mask` (shape of `index`) is false, the element is
    /// `other` (a scalar of the buffer's dtype; zero if absent) and memory is not touched.
    Load {
        buffer: u32,
        index: ValueId,
        mask: Option<ValueId>,
        other: Option<ValueId>,
    },
    /// `buffer[index] = value` where `mask` holds; `value` has the index's shape and the buffer's
    /// dtype. No result.
    Store {
        buffer: u32,
        index: ValueId,
        value: ValueId,
        mask: Option<ValueId>,
    },
    /// `buffer[index] += value` atomically (f32, i32, i64 buffers). No result.
    AtomicAdd {
        buffer: u32,
        index: ValueId,
        value: ValueId,
        mask: Option<ValueId>,
    },
    /// `-> src type`.
    Unary { op: UnaryOp, src: ValueId },
    /// Operands of one type `-> that type`.
    Binary {
        op: BinaryOp,
        lhs: ValueId,
        rhs: ValueId,
    },
    /// Operands of one type `-> bool` of that shape.
    Compare {
        op: CmpOp,
        lhs: ValueId,
        rhs: ValueId,
    },
    /// Converts elements to `to`: floats round to nearest even, float to int truncates toward
    /// zero (saturating, NaN to 0), to bool is `!= 0`.
    Cast { src: ValueId, to: DType },
    /// `cond ? on_true : on_false` elementwise; `cond` is bool of the arms' shape.
    Select {
        cond: ValueId,
        on_true: ValueId,
        on_false: ValueId,
    },
    /// Reduces `src` along `axis`; the result drops that dimension. Argmax gives i32.
    Reduce {
        op: ReduceOp,
        src: ValueId,
        axis: u8,
    },
    /// `tile[index] -> scalar`: the element of the 1-D tile `src` at the integer scalar `index`,
    /// which must be in `0..len` at run time (an error otherwise). A dynamic read: GPU targets
    /// forward it to a direct global read when `src` is a load from a read-only buffer and the
    /// index is proved in range, and otherwise read it from shared memory.
    Extract { src: ValueId, index: ValueId },
    /// `[M,K] x [K,N] (+ acc [M,N] f32) -> [M,N] f32`; operands of one float dtype.
    Dot {
        lhs: ValueId,
        rhs: ValueId,
        acc: Option<ValueId>,
    },
    /// `for iv in (lower..upper).step_by(step)` with loop-carried values. `lower`, `upper`, `step`
    /// are integer scalars of one dtype, step > 0 at run time. The body's arguments are
    /// `[iv, carried...]`; it ends with a `Yield` of the carried types. Results: the carried
    /// values after the last iteration (`init` if none ran).
    For {
        lower: ValueId,
        upper: ValueId,
        step: ValueId,
        init: Vec<ValueId>,
        body: Block,
    },
    /// `if cond { then } else { else }` on a bool scalar; both regions take no arguments and end
    /// with a `Yield` of the result types.
    If {
        cond: ValueId,
        then_body: Block,
        else_body: Block,
    },
    /// Ends a `For` or `If` region with the values it passes on.
    Yield { values: Vec<ValueId> },
}

impl Op {
    /// The op's name in the printed IR.
    pub fn name(&self) -> String {
        match self {
            Op::ProgramId { .. } => "program_id".into(),
            Op::NumPrograms { .. } => "num_programs".into(),
            Op::ScalarArg { .. } => "scalar_arg".into(),
            Op::Arange { .. } => "arange".into(),
            Op::Constant { .. } => "constant".into(),
            Op::Splat { .. } => "splat".into(),
            Op::Broadcast { .. } => "broadcast".into(),
            Op::ExpandDims { .. } => "expand_dims".into(),
            Op::Reshape { .. } => "reshape".into(),
            Op::Load { .. } => "load".into(),
            Op::Store { .. } => "store".into(),
            Op::AtomicAdd { .. } => "atomic_add".into(),
            Op::Unary { op, .. } => op.name().into(),
            Op::Binary { op, .. } => op.name().into(),
            Op::Compare { op, .. } => format!("cmp.{}", op.name()),
            Op::Cast { .. } => "cast".into(),
            Op::Select { .. } => "select".into(),
            Op::Reduce { op, .. } => format!("reduce.{}", op.name()),
            Op::Extract { .. } => "extract".into(),
            Op::Dot { .. } => "dot".into(),
            Op::For { .. } => "for".into(),
            Op::If { .. } => "if".into(),
            Op::Yield { .. } => "yield".into(),
        }
    }

    pub fn effect(&self) -> Effect {
        match self {
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
            | Op::Reduce { .. }
            | Op::Extract { .. }
            | Op::Dot { .. } => Effect::Pure,
            Op::Load { .. } => Effect::Reads,
            Op::Store { .. } | Op::AtomicAdd { .. } => Effect::Writes,
            Op::For { .. } | Op::If { .. } => Effect::Regions,
            Op::Yield { .. } => Effect::Terminator,
        }
    }

    /// The values this op reads directly (not those used inside its regions), in a fixed order.
    pub fn operands(&self) -> Vec<ValueId> {
        let mut v = Vec::new();
        self.for_each_operand(|id| v.push(id));
        v
    }

    pub fn for_each_operand(&self, mut f: impl FnMut(ValueId)) {
        match self {
            Op::ProgramId { .. }
            | Op::NumPrograms { .. }
            | Op::ScalarArg { .. }
            | Op::Arange { .. }
            | Op::Constant { .. } => {}
            Op::Splat { src, .. }
            | Op::Broadcast { src, .. }
            | Op::ExpandDims { src, .. }
            | Op::Reshape { src, .. }
            | Op::Unary { src, .. }
            | Op::Cast { src, .. }
            | Op::Reduce { src, .. } => f(*src),
            Op::Load {
                index, mask, other, ..
            } => {
                f(*index);
                mask.iter().chain(other.iter()).for_each(|v| f(*v));
            }
            Op::Store {
                index, value, mask, ..
            }
            | Op::AtomicAdd {
                index, value, mask, ..
            } => {
                f(*index);
                f(*value);
                mask.iter().for_each(|v| f(*v));
            }
            Op::Binary { lhs, rhs, .. } | Op::Compare { lhs, rhs, .. } => {
                f(*lhs);
                f(*rhs);
            }
            Op::Extract { src, index } => {
                f(*src);
                f(*index);
            }
            Op::Select {
                cond,
                on_true,
                on_false,
            } => {
                f(*cond);
                f(*on_true);
                f(*on_false);
            }
            Op::Dot { lhs, rhs, acc } => {
                f(*lhs);
                f(*rhs);
                acc.iter().for_each(|v| f(*v));
            }
            Op::For {
                lower,
                upper,
                step,
                init,
                ..
            } => {
                f(*lower);
                f(*upper);
                f(*step);
                init.iter().for_each(|v| f(*v));
            }
            Op::If { cond, .. } => f(*cond),
            Op::Yield { values } => values.iter().for_each(|v| f(*v)),
        }
    }

    /// Rewrites every direct operand through `f` (used by passes that replace values).
    pub fn map_operands(&mut self, mut f: impl FnMut(ValueId) -> ValueId) {
        let mut g = |v: &mut ValueId| *v = f(*v);
        match self {
            Op::ProgramId { .. }
            | Op::NumPrograms { .. }
            | Op::ScalarArg { .. }
            | Op::Arange { .. }
            | Op::Constant { .. } => {}
            Op::Splat { src, .. }
            | Op::Broadcast { src, .. }
            | Op::ExpandDims { src, .. }
            | Op::Reshape { src, .. }
            | Op::Unary { src, .. }
            | Op::Cast { src, .. }
            | Op::Reduce { src, .. } => g(src),
            Op::Load {
                index, mask, other, ..
            } => {
                g(index);
                mask.iter_mut().for_each(&mut g);
                other.iter_mut().for_each(&mut g);
            }
            Op::Store {
                index, value, mask, ..
            }
            | Op::AtomicAdd {
                index, value, mask, ..
            } => {
                g(index);
                g(value);
                mask.iter_mut().for_each(&mut g);
            }
            Op::Binary { lhs, rhs, .. } | Op::Compare { lhs, rhs, .. } => {
                g(lhs);
                g(rhs);
            }
            Op::Extract { src, index } => {
                g(src);
                g(index);
            }
            Op::Select {
                cond,
                on_true,
                on_false,
            } => {
                g(cond);
                g(on_true);
                g(on_false);
            }
            Op::Dot { lhs, rhs, acc } => {
                g(lhs);
                g(rhs);
                acc.iter_mut().for_each(&mut g);
            }
            Op::For {
                lower,
                upper,
                step,
                init,
                ..
            } => {
                g(lower);
                g(upper);
                g(step);
                init.iter_mut().for_each(&mut g);
            }
            Op::If { cond, .. } => g(cond),
            Op::Yield { values } => values.iter_mut().for_each(&mut g),
        }
    }

    /// The regions this op holds.
    pub fn regions(&self) -> Vec<&Block> {
        match self {
            Op::For { body, .. } => vec![body],
            Op::If {
                then_body,
                else_body,
                ..
            } => vec![then_body, else_body],
            Op::ProgramId { .. }
            | Op::NumPrograms { .. }
            | Op::ScalarArg { .. }
            | Op::Arange { .. }
            | Op::Constant { .. }
            | Op::Splat { .. }
            | Op::Broadcast { .. }
            | Op::ExpandDims { .. }
            | Op::Reshape { .. }
            | Op::Load { .. }
            | Op::Store { .. }
            | Op::AtomicAdd { .. }
            | Op::Unary { .. }
            | Op::Binary { .. }
            | Op::Compare { .. }
            | Op::Cast { .. }
            | Op::Select { .. }
            | Op::Reduce { .. }
            | Op::Extract { .. }
            | Op::Dot { .. }
            | Op::Yield { .. } => Vec::new(),
        }
    }

    /// The regions this op holds, mutably (for passes that edit blocks in place).
    pub fn regions_mut(&mut self) -> Vec<&mut Block> {
        match self {
            Op::For { body, .. } => vec![body],
            Op::If {
                then_body,
                else_body,
                ..
            } => vec![then_body, else_body],
            _ => Vec::new(),
        }
    }

    /// The typing rule: the result types of this op given its operands' types in `k`, or a
    /// message saying what is wrong. Region contents are checked by the verifier; here only the
    /// region signatures (block arguments, yielded types) are read.
    pub fn infer(&self, k: &Kernel) -> Result<Vec<Type>, String> {
        let ty = |v: ValueId| -> Result<&Type, String> {
            k.values
                .get(v.index())
                .ok_or_else(|| format!("operand {v} does not exist"))
        };
        let one = |t: Type| Ok(vec![t]);
        match self {
            Op::ProgramId { axis } | Op::NumPrograms { axis } => {
                if *axis > 2 {
                    return Err(format!("grid axis {axis} is out of range (0, 1 or 2)"));
                }
                one(Type::scalar(DType::I32))
            }
            Op::ScalarArg { param } => match k.params.get(*param as usize).map(|p| &p.kind) {
                Some(ParamKind::Scalar { dtype }) => one(Type::scalar(*dtype)),
                Some(ParamKind::Buffer { .. }) => {
                    Err(format!("parameter {param} is a buffer, not a scalar"))
                }
                None => Err(format!("parameter {param} does not exist")),
            },
            Op::Arange { start, end } => {
                if end <= start {
                    return Err(format!("empty range {start}..{end}"));
                }
                if *start < i32::MIN as i64 || *end > i32::MAX as i64 + 1 {
                    return Err(format!("range {start}..{end} does not fit i32"));
                }
                let shape = Shape(vec![(*end - *start) as usize]);
                check_shape(&shape)?;
                one(Type::new(DType::I32, shape))
            }
            Op::Constant { value, ty } => {
                if !value.fits(ty.dtype) {
                    return Err(format!("constant {value} is not a value of {}", ty.dtype));
                }
                check_shape(&ty.shape)?;
                one(ty.clone())
            }
            Op::Splat { src, shape } => {
                let s = ty(*src)?;
                if !s.is_scalar() {
                    return Err(format!("splat source must be a scalar, got {s}"));
                }
                check_shape(shape)?;
                one(Type::new(s.dtype, shape.clone()))
            }
            Op::Broadcast { src, shape } => {
                let s = ty(*src)?;
                check_shape(shape)?;
                if s.shape.rank() != shape.rank() {
                    return Err(format!(
                        "broadcast keeps the rank: {} to {}",
                        s.shape,
                        shape_str(shape)
                    ));
                }
                for (a, b) in s.shape.dims().iter().zip(shape.dims()) {
                    if *a != 1 && a != b {
                        return Err(format!(
                            "cannot broadcast {} to {}",
                            s.shape,
                            shape_str(shape)
                        ));
                    }
                }
                one(Type::new(s.dtype, shape.clone()))
            }
            Op::ExpandDims { src, axis } => {
                let s = ty(*src)?;
                if *axis as usize > s.shape.rank() {
                    return Err(format!(
                        "axis {axis} out of range for rank {}",
                        s.shape.rank()
                    ));
                }
                let mut d = s.shape.0.clone();
                d.insert(*axis as usize, 1);
                one(Type::new(s.dtype, d))
            }
            Op::Reshape { src, shape } => {
                let s = ty(*src)?;
                check_shape(shape)?;
                if s.shape.numel() != shape.numel() {
                    return Err(format!(
                        "reshape changes the element count: {} to {}",
                        s.shape,
                        shape_str(shape)
                    ));
                }
                one(Type::new(s.dtype, shape.clone()))
            }
            Op::Load {
                buffer,
                index,
                mask,
                other,
            } => {
                let dtype = buffer_dtype(k, *buffer, false)?;
                let i = ty(*index)?;
                check_index(i)?;
                if let Some(m) = mask {
                    check_mask(ty(*m)?, i)?;
                }
                if let Some(o) = other {
                    let o = ty(*o)?;
                    if *o != Type::scalar(dtype) {
                        return Err(format!("fill value must be a {dtype} scalar, got {o}"));
                    }
                }
                one(Type::new(dtype, i.shape.clone()))
            }
            Op::Store {
                buffer,
                index,
                value,
                mask,
            }
            | Op::AtomicAdd {
                buffer,
                index,
                value,
                mask,
            } => {
                let dtype = buffer_dtype(k, *buffer, true)?;
                if matches!(self, Op::AtomicAdd { .. })
                    && !matches!(dtype, DType::F32 | DType::I32 | DType::I64)
                {
                    return Err(format!(
                        "atomic add needs an f32, i32 or i64 buffer, got {dtype}"
                    ));
                }
                let i = ty(*index)?;
                check_index(i)?;
                let v = ty(*value)?;
                if *v != Type::new(dtype, i.shape.clone()) {
                    return Err(format!(
                        "stored value must be {} (index shape, buffer dtype), got {v}",
                        Type::new(dtype, i.shape.clone())
                    ));
                }
                if let Some(m) = mask {
                    check_mask(ty(*m)?, i)?;
                }
                Ok(vec![])
            }
            Op::Unary { op, src } => {
                let s = ty(*src)?;
                if !op.accepts(s.dtype) {
                    return Err(format!("{} does not accept {}", op.name(), s.dtype));
                }
                one(s.clone())
            }
            Op::Binary { op, lhs, rhs } => {
                let (a, b) = (ty(*lhs)?, ty(*rhs)?);
                if a != b {
                    return Err(format!("operand types differ: {a} and {b}"));
                }
                if !op.accepts(a.dtype) {
                    return Err(format!("{} does not accept {}", op.name(), a.dtype));
                }
                one(a.clone())
            }
            Op::Compare { lhs, rhs, .. } => {
                let (a, b) = (ty(*lhs)?, ty(*rhs)?);
                if a != b {
                    return Err(format!("operand types differ: {a} and {b}"));
                }
                one(a.with_dtype(DType::Bool))
            }
            Op::Cast { src, to } => one(ty(*src)?.with_dtype(*to)),
            Op::Select {
                cond,
                on_true,
                on_false,
            } => {
                let (c, t, f) = (ty(*cond)?, ty(*on_true)?, ty(*on_false)?);
                if t != f {
                    return Err(format!("arms differ: {t} and {f}"));
                }
                if *c != t.with_dtype(DType::Bool) {
                    return Err(format!(
                        "condition must be {}, got {c}",
                        t.with_dtype(DType::Bool)
                    ));
                }
                one(t.clone())
            }
            Op::Reduce { op, src, axis } => {
                let s = ty(*src)?;
                if (*axis as usize) >= s.shape.rank() {
                    return Err(format!("axis {axis} out of range for {s}"));
                }
                if !(s.dtype.is_float() || s.dtype.is_int()) {
                    return Err(format!("cannot reduce {}", s.dtype));
                }
                let mut d = s.shape.0.clone();
                d.remove(*axis as usize);
                let dtype = if *op == ReduceOp::Argmax {
                    DType::I32
                } else {
                    s.dtype
                };
                one(Type::new(dtype, d))
            }
            Op::Extract { src, index } => {
                let (s, i) = (ty(*src)?, ty(*index)?);
                if s.shape.rank() != 1 {
                    return Err(format!("extract reads a 1-D tile, got {s}"));
                }
                if !i.is_scalar() || !i.dtype.is_int() {
                    return Err(format!("extract index must be an integer scalar, got {i}"));
                }
                one(Type::scalar(s.dtype))
            }
            Op::Dot { lhs, rhs, acc } => {
                let (a, b) = (ty(*lhs)?, ty(*rhs)?);
                if a.shape.rank() != 2 || b.shape.rank() != 2 {
                    return Err(format!("dot needs 2-D tiles, got {a} and {b}"));
                }
                if a.dtype != b.dtype || !a.dtype.is_float() {
                    return Err(format!(
                        "dot needs float operands of one dtype, got {a} and {b}"
                    ));
                }
                let (m, ka, kb, n) = (a.shape.0[0], a.shape.0[1], b.shape.0[0], b.shape.0[1]);
                if ka != kb {
                    return Err(format!("inner dimensions differ: {a} and {b}"));
                }
                let out = Type::new(DType::F32, [m, n]);
                if let Some(c) = acc {
                    let c = ty(*c)?;
                    if *c != out {
                        return Err(format!("accumulator must be {out}, got {c}"));
                    }
                }
                one(out)
            }
            Op::For {
                lower,
                upper,
                step,
                init,
                body,
            } => {
                let (l, u, s) = (ty(*lower)?, ty(*upper)?, ty(*step)?);
                if !l.is_scalar() || !l.dtype.is_int() || l != u || l != s {
                    return Err(format!(
                        "bounds must be integer scalars of one dtype, got {l}, {u}, {s}"
                    ));
                }
                if body.args.len() != init.len() + 1 {
                    return Err(format!(
                        "body takes {} arguments, expected 1 + {} carried",
                        body.args.len(),
                        init.len()
                    ));
                }
                if *ty(body.args[0])? != *l {
                    return Err(format!("induction variable must be {l}"));
                }
                let mut out = Vec::new();
                for (i, (a, v)) in body.args[1..].iter().zip(init).enumerate() {
                    let (at, vt) = (ty(*a)?, ty(*v)?);
                    if at != vt {
                        return Err(format!("carried value {i}: body takes {at}, init is {vt}"));
                    }
                    out.push(vt.clone());
                }
                check_yield(k, body, &out)?;
                Ok(out)
            }
            Op::If {
                cond,
                then_body,
                else_body,
            } => {
                let c = ty(*cond)?;
                if *c != Type::scalar(DType::Bool) {
                    return Err(format!("condition must be a bool scalar, got {c}"));
                }
                if !then_body.args.is_empty() || !else_body.args.is_empty() {
                    return Err("if regions take no arguments".into());
                }
                let out = yielded_types(k, then_body)?;
                check_yield(k, else_body, &out)?;
                Ok(out)
            }
            Op::Yield { .. } => Ok(vec![]),
        }
    }
}

const MAX_TILE_ELEMENTS: usize = 1 << 24;

fn check_shape(s: &Shape) -> Result<(), String> {
    if s.dims().contains(&0) {
        return Err(format!("shape {} has a zero dimension", shape_str(s)));
    }
    let mut n: usize = 1;
    for d in s.dims() {
        n = n.saturating_mul(*d);
    }
    if n > MAX_TILE_ELEMENTS {
        return Err(format!(
            "tile of {} elements exceeds the limit of {MAX_TILE_ELEMENTS}",
            n
        ));
    }
    Ok(())
}

fn shape_str(s: &Shape) -> String {
    if s.is_scalar() {
        "scalar".into()
    } else {
        s.to_string()
    }
}

fn check_index(i: &Type) -> Result<(), String> {
    if !i.dtype.is_int() {
        return Err(format!("index must be i32 or i64, got {i}"));
    }
    Ok(())
}

fn check_mask(m: &Type, index: &Type) -> Result<(), String> {
    if *m != index.with_dtype(DType::Bool) {
        return Err(format!(
            "mask must be {}, got {m}",
            index.with_dtype(DType::Bool)
        ));
    }
    Ok(())
}

fn buffer_dtype(k: &Kernel, buffer: u32, write: bool) -> Result<DType, String> {
    match k.params.get(buffer as usize) {
        Some(p) => match p.kind {
            ParamKind::Buffer { dtype, access } => {
                if write && access == Access::Read {
                    Err(format!("buffer {} is read-only", p.name))
                } else if !write && access == Access::Write {
                    Err(format!("buffer {} is write-only", p.name))
                } else {
                    Ok(dtype)
                }
            }
            ParamKind::Scalar { .. } => {
                Err(format!("parameter {} is a scalar, not a buffer", p.name))
            }
        },
        None => Err(format!("buffer parameter {buffer} does not exist")),
    }
}

fn yielded_types(k: &Kernel, b: &Block) -> Result<Vec<Type>, String> {
    let last = b
        .insts
        .last()
        .and_then(|i| k.insts.get(i.index()))
        .ok_or("region is empty: it must end with yield")?;
    match &last.op {
        Op::Yield { values } => values
            .iter()
            .map(|v| {
                k.values
                    .get(v.index())
                    .cloned()
                    .ok_or_else(|| format!("yielded value {v} does not exist"))
            })
            .collect(),
        other => Err(format!("region ends with {}, not yield", other.name())),
    }
}

fn check_yield(k: &Kernel, b: &Block, expected: &[Type]) -> Result<(), String> {
    let got = yielded_types(k, b)?;
    if got != expected {
        let show = |t: &[Type]| {
            t.iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        return Err(format!(
            "region yields ({}), expected ({})",
            show(&got),
            show(expected)
        ));
    }
    Ok(())
}
