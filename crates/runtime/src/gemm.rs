//! A vendor-library matrix product on device buffers (`Device::gemm`): its description and the
//! checks every target applies before running it.
//!
//! # Contract
//!
//! For each of `batch` matrices `i`, row-major throughout:
//!
//! `C_i[m, n] = alpha * op(A_i)[m, k] op(B_i)[k, n] + beta * C_i`
//!
//! - An operand is stored row-major at `offset + i * batch_stride` in its buffer, rows `ld`
//!   elements apart. `op(A) = A` with `A` stored `[m, k]` (`ld >= k`), or with
//!   `transpose = true`, `op(A) = S^T` for `S` stored `[k, m]` (`ld >= m`); likewise `B`
//!   (`[k, n]`, or `[n, k]` transposed). `C` is stored `[m, n]` (`ld >= n`, never transposed).
//!   Every `ld` is at least 1.
//! - `A` and `B` share one storage dtype (f32, f16 or bf16); `C` is f32 or that dtype. Products
//!   are accumulated in FP32 and `C` is rounded once. f32 inputs multiply in full FP32 (no TF32)
//!   unless `tf32` asks for TF32 tensor cores; f16/bf16 run on the tensor cores (exact products,
//!   FP32 accumulation). The summation order is the library's (not the DSL kernels'): results
//!   agree with them to rounding, not bit for bit.
//! - `beta = 0` means `C` is only written (a NaN there does not propagate).
//! - The `C` matrices of a batch must not overlap (`batch_stride >= (m - 1) ld + n`); `A` and
//!   `B` may (a batch stride of 0 shares one matrix).
//! - `m = 0`, `n = 0` or `batch = 0` do nothing; `k = 0` is refused (there is no product to run:
//!   scale `C` instead), as are sizes beyond `i32`, operands that reach past their buffer, and
//!   buffers on another device.
//!
//! On the cpu the call is `Error::Unsupported` (operators keep their own kernels there); on CUDA
//! it runs through cuBLAS (see `cuda::blas`).

use metile_ir::DType;

use crate::buffer::Buffer;
use crate::error::{Error, Result};

/// Where one operand of a [`Gemm`] lives in its buffer (row-major).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatrixLayout {
    /// Element offset of the first matrix.
    pub offset: usize,
    /// Elements between the starts of consecutive stored rows.
    pub ld: usize,
    /// The stored matrix is the operand's transpose (`A` and `B` only).
    pub transpose: bool,
    /// Elements between consecutive matrices of a batch (unused when `batch = 1`).
    pub batch_stride: usize,
}

impl MatrixLayout {
    /// A dense row-major matrix of `cols` columns at the start of its buffer.
    pub fn rows(cols: usize) -> MatrixLayout {
        MatrixLayout {
            ld: cols,
            ..MatrixLayout::default()
        }
    }

    /// Where element `(row, col)` of operand `op(X)` of matrix `batch` lives.
    pub fn at(&self, batch: usize, row: usize, col: usize) -> usize {
        let (r, c) = if self.transpose {
            (col, row)
        } else {
            (row, col)
        };
        self.offset + batch * self.batch_stride + r * self.ld + c
    }

    /// A dense row-major matrix of `cols` columns read as its transpose.
    pub fn transposed(cols: usize) -> MatrixLayout {
        MatrixLayout {
            transpose: true,
            ..MatrixLayout::rows(cols)
        }
    }
}

/// `C = alpha * op(A) op(B) + beta * C` over `batch` matrices; see the module doc.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gemm {
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub batch: usize,
    pub alpha: f32,
    pub beta: f32,
    pub a: MatrixLayout,
    pub b: MatrixLayout,
    pub c: MatrixLayout,
    /// Let f32 inputs use TF32 tensor cores (10-bit mantissa products).
    pub tf32: bool,
}

impl Gemm {
    /// `C[m, n] = op(A) op(B)`, one matrix, dense operands (`alpha = 1`, `beta = 0`).
    pub fn new(m: usize, n: usize, k: usize, a: MatrixLayout, b: MatrixLayout) -> Gemm {
        Gemm {
            m,
            n,
            k,
            batch: 1,
            alpha: 1.0,
            beta: 0.0,
            a,
            b,
            c: MatrixLayout::rows(n),
            tf32: false,
        }
    }

    /// The contract evaluated in FP64 on host values (the executable specification tests
    /// compare with): updates `c` in place; with `beta = 0`, `c` is only written.
    pub fn reference(&self, a: &[f64], b: &[f64], c: &mut [f64]) {
        for i in 0..self.batch {
            for r in 0..self.m {
                for col in 0..self.n {
                    let sum: f64 = (0..self.k)
                        .map(|j| a[self.a.at(i, r, j)] * b[self.b.at(i, j, col)])
                        .sum();
                    let at = self.c.at(i, r, col);
                    let old = if self.beta == 0.0 { 0.0 } else { c[at] };
                    c[at] = self.alpha as f64 * sum + self.beta as f64 * old;
                }
            }
        }
    }

    /// Whether there is nothing to compute.
    pub(crate) fn is_empty(&self) -> bool {
        self.m == 0 || self.n == 0 || self.batch == 0
    }

    /// Checks dtypes, sizes and bounds (not devices) of the call on `a`, `b`, `c`; `device`
    /// names the device in errors.
    pub(crate) fn validate(&self, device: &str, a: &Buffer, b: &Buffer, c: &Buffer) -> Result<()> {
        let bad = |message: String| Error::Blas {
            device: device.into(),
            op: "gemm".into(),
            message,
        };
        let dt = a.dtype();
        if !matches!(dt, DType::F32 | DType::F16 | DType::BF16) {
            return Err(bad(format!("A is {dt}; use f32, f16 or bf16")));
        }
        if b.dtype() != dt {
            return Err(bad(format!(
                "B is {}, A is {dt}; they must match",
                b.dtype()
            )));
        }
        if c.dtype() != DType::F32 && c.dtype() != dt {
            return Err(bad(format!("C is {}; use f32 or A's {dt}", c.dtype())));
        }
        if self.tf32 && dt != DType::F32 {
            return Err(bad(format!("tf32 applies to f32 inputs, not {dt}")));
        }
        if self.c.transpose {
            return Err(bad(
                "C cannot be transposed; swap and transpose A and B".into()
            ));
        }
        if self.is_empty() {
            return Ok(());
        }
        if self.k == 0 {
            return Err(bad(
                "k = 0: there is no product to run (C = beta C needs no gemm)".into(),
            ));
        }
        let i32_max = i32::MAX as usize;
        if [self.m, self.n, self.k, self.batch]
            .iter()
            .any(|&s| s > i32_max)
        {
            return Err(bad(format!(
                "sizes m {} n {} k {} batch {}: at most {i32_max} each",
                self.m, self.n, self.k, self.batch
            )));
        }
        // (name, layout, buffer, stored rows, stored columns)
        let stored = |l: &MatrixLayout, rows: usize, cols: usize| {
            if l.transpose {
                (cols, rows)
            } else {
                (rows, cols)
            }
        };
        let operands = [
            ("A", &self.a, a, stored(&self.a, self.m, self.k)),
            ("B", &self.b, b, stored(&self.b, self.k, self.n)),
            ("C", &self.c, c, (self.m, self.n)),
        ];
        for (name, l, buf, (rows, cols)) in operands {
            if l.ld < cols.max(1) || l.ld > i32_max {
                return Err(bad(format!(
                    "{name} is stored {rows} x {cols}: its ld {} must be in {}..={i32_max}",
                    l.ld,
                    cols.max(1)
                )));
            }
            let last = (self.batch - 1)
                .checked_mul(l.batch_stride)
                .and_then(|s| (rows - 1).checked_mul(l.ld).and_then(|r| r.checked_add(s)))
                .and_then(|e| e.checked_add(l.offset))
                .and_then(|e| e.checked_add(cols));
            match last {
                Some(end) if end <= buf.len() => {}
                _ => {
                    return Err(bad(format!(
                        "{name} ({} batch(es) of {rows} x {cols}, offset {}, ld {}, batch stride \
                         {}) reaches past its buffer of {} elements",
                        self.batch,
                        l.offset,
                        l.ld,
                        l.batch_stride,
                        buf.len()
                    )))
                }
            }
        }
        // Batched outputs that overlap would be written concurrently (no defined result);
        // m and ld are within i32 here, so the span does not overflow.
        let c_span = (self.m - 1) * self.c.ld + self.n;
        if self.batch > 1 && self.c.batch_stride < c_span {
            return Err(bad(format!(
                "C's batch stride {} is below one matrix's span {c_span}: the {} outputs would \
                 overlap",
                self.c.batch_stride, self.batch
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn buf(dtype: DType, len: usize) -> Buffer {
        Buffer::zeros(dtype, len)
    }

    fn message(r: Result<()>) -> String {
        match r {
            Err(Error::Blas { message, .. }) => message,
            other => format!("(not a Blas error: {other:?})"),
        }
    }

    #[test]
    fn bounds_and_leading_dimensions_are_checked_in_row_major_terms() {
        let (m, n, k) = (3, 4, 5);
        let g = Gemm::new(m, n, k, MatrixLayout::rows(k), MatrixLayout::transposed(k));
        let a = buf(DType::BF16, m * k);
        let b = buf(DType::BF16, n * k);
        let c = buf(DType::F32, m * n);
        assert!(g.validate("cuda:0", &a, &b, &c).is_ok());
        // B stored [n, k] transposed needs ld >= k.
        let narrow = Gemm {
            b: MatrixLayout::transposed(k - 1),
            ..g
        };
        assert!(message(narrow.validate("cuda:0", &a, &b, &c)).contains("B is stored 4 x 5"));
        // A too short by one element.
        let short = buf(DType::BF16, m * k - 1);
        assert!(message(g.validate("cuda:0", &short, &b, &c)).contains("A (1 batch(es)"));
        // Batches: the last matrix must fit.
        let batched = Gemm {
            batch: 2,
            a: MatrixLayout {
                batch_stride: m * k,
                ..g.a
            },
            ..g
        };
        assert!(message(batched.validate("cuda:0", &a, &b, &c)).starts_with("A (2 batch(es)"));
        let a2 = buf(DType::BF16, 2 * m * k);
        // B with batch stride 0 is shared by both matrices; C must not be.
        assert!(message(batched.validate("cuda:0", &a2, &b, &c)).contains("would overlap"));
        let c2 = buf(DType::F32, 2 * m * n);
        let own_c = Gemm {
            c: MatrixLayout {
                batch_stride: m * n,
                ..g.c
            },
            ..batched
        };
        assert!(own_c.validate("cuda:0", &a2, &b, &c2).is_ok());
        let overlapping = Gemm {
            c: MatrixLayout {
                batch_stride: m * n - 1,
                ..g.c
            },
            ..batched
        };
        assert!(message(overlapping.validate("cuda:0", &a2, &b, &c2)).contains("would overlap"));
    }

    #[test]
    fn dtypes_and_degenerate_sizes() {
        let g = Gemm::new(2, 2, 2, MatrixLayout::rows(2), MatrixLayout::rows(2));
        let f = |d: DType| buf(d, 4);
        let check = |a: DType, b: DType, c: DType, g: &Gemm| g.validate("x", &f(a), &f(b), &f(c));
        assert!(check(DType::F16, DType::F16, DType::F16, &g).is_ok());
        assert!(check(DType::F32, DType::F32, DType::F32, &g).is_ok());
        assert!(message(check(DType::F16, DType::BF16, DType::F32, &g)).contains("must match"));
        assert!(message(check(DType::BF16, DType::BF16, DType::F16, &g)).contains("use f32"));
        assert!(message(check(DType::I32, DType::I32, DType::F32, &g)).contains("use f32"));
        let tf32 = Gemm { tf32: true, ..g };
        assert!(check(DType::F32, DType::F32, DType::F32, &tf32).is_ok());
        assert!(message(check(DType::BF16, DType::BF16, DType::F32, &tf32)).contains("tf32"));
        let k0 = Gemm { k: 0, ..g };
        assert!(message(check(DType::F32, DType::F32, DType::F32, &k0)).contains("k = 0"));
        let m0 = Gemm { m: 0, k: 0, ..g };
        assert!(check(DType::F32, DType::F32, DType::F32, &m0).is_ok());
    }
}
