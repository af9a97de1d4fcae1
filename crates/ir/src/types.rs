//! Element types, static shapes and value types.
//!
//! A value of the IR is a *tile*: a static shape and one element type. A scalar is a tile of rank 0.

use std::fmt;

/// Element type of a tile or a buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DType {
    F32,
    F16,
    BF16,
    I32,
    I64,
    Bool,
}

impl DType {
    pub const ALL: [DType; 6] = [
        DType::F32,
        DType::F16,
        DType::BF16,
        DType::I32,
        DType::I64,
        DType::Bool,
    ];

    pub fn is_float(self) -> bool {
        matches!(self, DType::F32 | DType::F16 | DType::BF16)
    }

    pub fn is_int(self) -> bool {
        matches!(self, DType::I32 | DType::I64)
    }

    pub fn is_bool(self) -> bool {
        self == DType::Bool
    }

    /// Bytes one element takes in a buffer.
    pub fn size_bytes(self) -> usize {
        match self {
            DType::F32 | DType::I32 => 4,
            DType::F16 | DType::BF16 => 2,
            DType::I64 => 8,
            DType::Bool => 1,
        }
    }

    /// The name used by the printer and by command-line parameters.
    pub fn name(self) -> &'static str {
        match self {
            DType::F32 => "f32",
            DType::F16 => "f16",
            DType::BF16 => "bf16",
            DType::I32 => "i32",
            DType::I64 => "i64",
            DType::Bool => "bool",
        }
    }

    /// Parses the names `name` returns.
    pub fn parse(s: &str) -> Option<DType> {
        DType::ALL.into_iter().find(|d| d.name() == s)
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A static tile shape; empty for scalars.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Shape(pub Vec<usize>);

impl Shape {
    pub fn scalar() -> Shape {
        Shape(Vec::new())
    }

    pub fn rank(&self) -> usize {
        self.0.len()
    }

    pub fn dims(&self) -> &[usize] {
        &self.0
    }

    /// Number of elements (1 for a scalar).
    pub fn numel(&self) -> usize {
        self.0.iter().product()
    }

    pub fn is_scalar(&self) -> bool {
        self.0.is_empty()
    }
}

impl From<Vec<usize>> for Shape {
    fn from(d: Vec<usize>) -> Self {
        Shape(d)
    }
}

impl From<&[usize]> for Shape {
    fn from(d: &[usize]) -> Self {
        Shape(d.to_vec())
    }
}

impl<const N: usize> From<[usize; N]> for Shape {
    fn from(d: [usize; N]) -> Self {
        Shape(d.to_vec())
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("x")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// The type of an SSA value: element type and static shape.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Type {
    pub dtype: DType,
    pub shape: Shape,
}

impl Type {
    pub fn new(dtype: DType, shape: impl Into<Shape>) -> Type {
        Type {
            dtype,
            shape: shape.into(),
        }
    }

    pub fn scalar(dtype: DType) -> Type {
        Type {
            dtype,
            shape: Shape::scalar(),
        }
    }

    pub fn is_scalar(&self) -> bool {
        self.shape.is_scalar()
    }

    /// The same shape with another element type.
    pub fn with_dtype(&self, dtype: DType) -> Type {
        Type {
            dtype,
            shape: self.shape.clone(),
        }
    }
}

impl fmt::Display for Type {
    /// `f32` for a scalar, `4096xf32` or `16x128xbf16` for a tile.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.shape.is_scalar() {
            write!(f, "{}", self.dtype)
        } else {
            write!(f, "{}x{}", self.shape, self.dtype)
        }
    }
}

/// A compile-time constant element. Floats are held as f32: every float dtype of the IR is
/// exactly representable in f32.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ConstValue {
    Float(f32),
    Int(i64),
    Bool(bool),
}

impl ConstValue {
    /// Whether this constant can be an element of `dtype` without loss.
    pub fn fits(self, dtype: DType) -> bool {
        match (self, dtype) {
            (ConstValue::Float(_), DType::F32) => true,
            (ConstValue::Float(v), DType::F16) => {
                v.is_nan() || crate::eval::round_to(DType::F16, v).to_bits() == v.to_bits()
            }
            (ConstValue::Float(v), DType::BF16) => {
                v.is_nan() || crate::eval::round_to(DType::BF16, v).to_bits() == v.to_bits()
            }
            (ConstValue::Int(v), DType::I32) => i32::try_from(v).is_ok(),
            (ConstValue::Int(_), DType::I64) => true,
            (ConstValue::Bool(_), DType::Bool) => true,
            _ => false,
        }
    }

    /// Rounds or converts `self` to an element of `dtype` (the semantics of `cast`).
    pub fn convert(self, dtype: DType) -> ConstValue {
        crate::eval::cast_const(self, dtype)
    }
}

impl fmt::Display for ConstValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConstValue::Float(v) if v.is_nan() => f.write_str("nan"),
            ConstValue::Float(v) if v.is_infinite() => {
                f.write_str(if *v > 0.0 { "inf" } else { "-inf" })
            }
            ConstValue::Float(v) => write!(f, "{v:?}"),
            ConstValue::Int(v) => write!(f, "{v}"),
            ConstValue::Bool(v) => write!(f, "{v}"),
        }
    }
}
