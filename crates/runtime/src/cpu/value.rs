//! How the CPU executor holds a tile while a program runs.
//!
//! A tile is dense (one f32/i64/bool per element, row-major) or one of the compact forms that
//! the common kernel idioms produce and that later ops can consume without touching every
//! element: a splat (every element equal), a range (`start + flat index`, from `arange` plus a
//! scalar offset), a prefix mask (`flat index < len`, from comparing a range with a scalar), and
//! their 2-D kin: row starts plus a column stride (`row[r] + c * step`, the address of element
//! `(r, c)` of a 2-D tile: a `[R, 1]` tile and a `[1, C]` range broadcast and added) and a
//! rectangle mask (`r < rows && c < cols`: a row prefix and a column prefix and-ed). Every op
//! accepts every form: anything it has no fast path for is materialized first.
//!
//! Floats of every dtype are held as f32 values exactly representable in their dtype (one
//! exception: the result of a cast that only stores read may hold the unrounded values, which
//! the stores round; see `exec::Shortcuts`); integers of both widths as i64 wrapped to their
//! width.

use std::sync::Arc;

use metile_ir::{ConstValue, DType};

/// One element.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Scalar {
    F(f32),
    I(i64),
    B(bool),
}

impl Scalar {
    pub fn from_const(c: ConstValue) -> Scalar {
        match c {
            ConstValue::Float(v) => Scalar::F(v),
            ConstValue::Int(v) => Scalar::I(v),
            ConstValue::Bool(v) => Scalar::B(v),
        }
    }

    pub fn zero(dtype: DType) -> Scalar {
        match dtype {
            DType::Bool => Scalar::B(false),
            d if d.is_int() => Scalar::I(0),
            _ => Scalar::F(0.0),
        }
    }

    pub fn as_i64(self) -> i64 {
        match self {
            Scalar::I(v) => v,
            Scalar::F(v) => v as i64,
            Scalar::B(b) => b as i64,
        }
    }

    pub fn as_f32(self) -> f32 {
        match self {
            Scalar::F(v) => v,
            Scalar::I(v) => v as f32,
            Scalar::B(b) => b as i32 as f32,
        }
    }

    pub fn as_bool(self) -> bool {
        match self {
            Scalar::B(b) => b,
            Scalar::I(v) => v != 0,
            Scalar::F(v) => v != 0.0,
        }
    }
}

/// A tile value during execution; `'a` is the launch's borrow of its buffers.
#[derive(Clone, Debug, Default)]
pub(crate) enum Val<'a> {
    /// Not computed yet in this program.
    #[default]
    Undef,
    Splat(Scalar),
    /// Integer tile whose element at flat index `i` is `start + i`.
    Range(i64),
    /// Bool tile whose element at flat index `i` is `i < len`.
    Prefix(usize),
    /// Integer tile of `cols` columns whose element `(r, c)` (flat index `r * cols + c`) is
    /// `row[r] + c * step`, every element inside the tile's dtype (no wrapping): integer ops
    /// on it cost one per row, and a load or store with `step` 1 moves whole row runs. The
    /// starts are shared (a load or store holds them while it writes the frame's other slots).
    Rows {
        row: Arc<[i64]>,
        step: i64,
        cols: usize,
    },
    /// Bool tile of `width` columns whose element `(r, c)` is `r < rows && c < cols`.
    Rect {
        rows: usize,
        cols: usize,
        width: usize,
    },
    F(Vec<f32>),
    /// Dense f32 elements read in place from an f32 buffer the kernel does not write (a
    /// contiguous unmasked load): no copy.
    FRef(&'a [f32]),
    I(Vec<i64>),
    B(Vec<bool>),
}

impl<'a> Val<'a> {
    /// The elements of a dense float tile, owned or borrowed.
    #[inline]
    pub fn dense_f(&self) -> Option<&[f32]> {
        match self {
            Val::F(v) => Some(v),
            Val::FRef(v) => Some(v),
            _ => None,
        }
    }

    /// The owned dense storage of this tile, kept for reuse by a later frame; `Undef` for the
    /// compact and borrowed forms (nothing to keep).
    pub fn into_owned_storage(self) -> Val<'static> {
        match self {
            Val::F(v) => Val::F(v),
            Val::I(v) => Val::I(v),
            Val::B(v) => Val::B(v),
            Val::Undef
            | Val::Splat(_)
            | Val::Range(_)
            | Val::Prefix(_)
            | Val::Rows { .. }
            | Val::Rect { .. }
            | Val::FRef(_) => Val::Undef,
        }
    }

    /// Takes the f32 storage out of `self` for reuse as an output of `n` elements. The contents
    /// are unspecified (the previous values when the length already fits): every op overwrites
    /// all `n` elements.
    pub fn reuse_f(&mut self, n: usize) -> Vec<f32> {
        let mut v = match std::mem::take(self) {
            Val::F(v) => v,
            _ => Vec::with_capacity(n),
        };
        if v.len() != n {
            v.clear();
            v.resize(n, 0.0);
        }
        v
    }

    pub fn reuse_i(&mut self, n: usize) -> Vec<i64> {
        let mut v = match std::mem::take(self) {
            Val::I(v) => v,
            _ => Vec::with_capacity(n),
        };
        if v.len() != n {
            v.clear();
            v.resize(n, 0);
        }
        v
    }

    pub fn reuse_b(&mut self, n: usize) -> Vec<bool> {
        let mut v = match std::mem::take(self) {
            Val::B(v) => v,
            _ => Vec::with_capacity(n),
        };
        if v.len() != n {
            v.clear();
            v.resize(n, false);
        }
        v
    }

    /// The element at flat index `i` (for slow, general paths).
    #[inline]
    pub fn get(&self, i: usize) -> Scalar {
        match self {
            Val::Undef => Scalar::F(f32::NAN),
            Val::Splat(s) => *s,
            Val::Range(start) => Scalar::I(start + i as i64),
            Val::Prefix(len) => Scalar::B(i < *len),
            Val::Rows { row, step, cols } => {
                Scalar::I(row[i / cols].wrapping_add(((i % cols) as i64).wrapping_mul(*step)))
            }
            Val::Rect { rows, cols, width } => Scalar::B(i / width < *rows && i % width < *cols),
            Val::F(v) => Scalar::F(v[i]),
            Val::FRef(v) => Scalar::F(v[i]),
            Val::I(v) => Scalar::I(v[i]),
            Val::B(v) => Scalar::B(v[i]),
        }
    }

    pub fn scalar(&self) -> Scalar {
        self.get(0)
    }

    /// Dense f32 view: borrows when dense, otherwise fills `tmp`.
    pub fn floats<'s>(&'s self, n: usize, tmp: &'s mut Vec<f32>) -> &'s [f32] {
        match self {
            Val::F(v) => v,
            Val::FRef(v) => v,
            Val::Splat(x) => {
                tmp.clear();
                tmp.resize(n, x.as_f32());
                tmp
            }
            other => {
                tmp.clear();
                tmp.extend((0..n).map(|i| other.get(i).as_f32()));
                tmp
            }
        }
    }

    pub fn ints<'s>(&'s self, n: usize, tmp: &'s mut Vec<i64>) -> &'s [i64] {
        match self {
            Val::I(v) => v,
            Val::Rows { row, step, cols } => {
                tmp.clear();
                for r in row.iter() {
                    tmp.extend((0..*cols as i64).map(|c| r.wrapping_add(c.wrapping_mul(*step))));
                }
                tmp
            }
            Val::Splat(x) => {
                tmp.clear();
                tmp.resize(n, x.as_i64());
                tmp
            }
            other => {
                tmp.clear();
                tmp.extend((0..n).map(|i| other.get(i).as_i64()));
                tmp
            }
        }
    }

    pub fn bools<'s>(&'s self, n: usize, tmp: &'s mut Vec<bool>) -> &'s [bool] {
        match self {
            Val::B(v) => v,
            Val::Rect { rows, cols, width } => {
                tmp.clear();
                tmp.resize(n, false);
                for run in tmp.chunks_mut(*width).take(*rows) {
                    run[..*cols].fill(true);
                }
                tmp
            }
            Val::Splat(x) => {
                tmp.clear();
                tmp.resize(n, x.as_bool());
                tmp
            }
            Val::Prefix(k) => {
                tmp.clear();
                tmp.resize(n, false);
                tmp[..(*k).min(n)].fill(true);
                tmp
            }
            other => {
                tmp.clear();
                tmp.extend((0..n).map(|i| other.get(i).as_bool()));
                tmp
            }
        }
    }
}
