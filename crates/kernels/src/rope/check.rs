//! Randomized checks of the rotary embeddings against `reference::rope` (FP64), each dtype, on
//! poisoned outputs:
//! - RoPE: shared and per-batch tables, full and partial rotary dimensions, GQA-like head counts,
//!   shared and per-batch position ids into a longer table (repeated and out-of-order ids); the
//!   tables' gradients when there are no ids;
//! - Llama 4: head counts of q and k, tables longer than T, ragged widths, FP32 tables with
//!   narrow x;
//! - Qwen2-VL mRoPE: Qwen2-VL's sections and partial ones (empty planes), ragged widths.
//!
//! Rotations are held to 4u of the storage dtype + 1e-6 relative to the largest reference (one
//! rounding of an FP32 two-term sum).

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::{llama4, mrope, run_in, run_pair, run_tables, XLayout};
use crate::check::{poisoned, tensor, CheckCase, CheckRow};
use crate::reference::rope::{self as oracle, Positions};
use crate::registry::OpError;
use crate::testing::{round_to_storage, to_f64, unit_roundoff, Rng};

/// One randomized configuration: `x [b, h, t, d]` (stored `[b, t, h, d]` under
/// `XLayout::HeadsInner`), tables `[bc, t, r]`, or with position ids `[ids_rows, t]` (`ids_rows`
/// 1 or b) tables `[bc, p, r]`.
#[derive(Clone, Copy, Debug)]
pub struct RopeCase {
    pub dtype: DType,
    pub dims: [usize; 4],
    pub layout: XLayout,
    pub bc: usize,
    pub r: usize,
    /// `(ids_rows, p)` when the case uses position ids.
    pub positions: Option<(usize, usize)>,
    /// The head count of a second tensor rotated in the same launch (`run_pair`: k beside q),
    /// of `x`'s batch, time and width.
    pub pair_heads: Option<usize>,
    pub seed: u64,
}

impl RopeCase {
    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let [b, h, t, d] = self.dims;
        let p = self.positions.map_or(t, |(_, p)| p);
        let (n, nt) = (b * h * t * d, self.bc * p * self.r);
        let mut rng = Rng::new(self.seed);
        let ids: Option<Vec<usize>> = self.positions.map(|(rows, p)| {
            (0..rows * t)
                .map(|_| rng.below(p as u64) as usize)
                .collect()
        });
        let (x, dy) = (
            normal(&mut rng, n, self.dtype),
            normal(&mut rng, n, self.dtype),
        );
        let (cos, sin) = table(nt, self.dtype);
        let up = |v: &[f32], shape: &[usize]| tensor(device, self.dtype, shape, v);
        let tab = [self.bc, p, self.r];
        // `x` and `dy` as stored: `[b, h, t, d]` (the oracle's order), or `[b, t, h, d]`.
        let inner = self.layout == XLayout::HeadsInner;
        let stored_dims = if inner { [b, t, h, d] } else { self.dims };
        let stored = |v: &[f32]| stored_order(v, self.dims, self.layout);
        let (xt, dyt, ct, st) = (
            up(&stored(&x), &stored_dims)?,
            up(&stored(&dy), &stored_dims)?,
            up(&cos, &tab)?,
            up(&sin, &tab)?,
        );
        let out_buf = || poisoned(device, self.dtype, &stored_dims);
        let idt = match (&ids, self.positions) {
            (Some(v), Some((rows, _))) => {
                let v: Vec<i64> = v.iter().map(|&i| i as i64).collect();
                let host = Tensor::new(Buffer::from_i64(DType::I64, &v)?, vec![rows, t])?;
                Some(device.to_device(&host)?)
            }
            _ => None,
        };
        let ids_t = idt.as_ref();
        let (c64, s64) = (to_f64(&cos), to_f64(&sin));
        let at = Positions {
            p,
            ids: ids.as_deref(),
        };
        let (bc, r) = (self.bc, self.r);
        // The oracle's rotation of `v` (`[b, heads, t, d]`) forward or backward, stored as the
        // layout stores it.
        let want = |backward: bool, v: &[f32], heads: usize| {
            let rotate = if backward {
                oracle::backward
            } else {
                oracle::forward
            };
            let w = rotate(&to_f64(v), &c64, &s64, b, heads, t, d, bc, r, at);
            stored_order(&w, [b, heads, t, d], self.layout)
        };
        let (want_y, want_dx) = (want(false, &x, h), want(true, &dy, h));
        let mut second = Vec::new();
        let (y, dx) = match self.pair_heads {
            None => {
                let rotate = |backward: bool, src: &Tensor| {
                    let out = Some(out_buf()?);
                    run_in(device, backward, src, &ct, &st, ids_t, self.layout, out)
                };
                (rotate(false, &xt)?, rotate(true, &dyt)?)
            }
            Some(h2) => {
                let dims2 = [b, h2, t, d];
                let n2 = b * h2 * t * d;
                let (x2, dy2) = (
                    normal(&mut rng, n2, self.dtype),
                    normal(&mut rng, n2, self.dtype),
                );
                let stored2 = if inner { [b, t, h2, d] } else { dims2 };
                let up2 = |v: &[f32]| up(&stored_order(v, dims2, self.layout), &stored2);
                let pair = |backward: bool, a: &Tensor, a2: &Tensor| {
                    let outs = [
                        Some(out_buf()?),
                        Some(poisoned(device, self.dtype, &stored2)?),
                    ];
                    run_pair(
                        device,
                        backward,
                        [a, a2],
                        &ct,
                        &st,
                        ids_t,
                        self.layout,
                        outs,
                    )
                };
                let [y, y2] = pair(false, &xt, &up2(&x2)?)?;
                let [dx, dx2] = pair(true, &dyt, &up2(&dy2)?)?;
                second.push(("forward:y2", y2, want(false, &x2, h2)));
                second.push(("backward:dx2", dx2, want(true, &dy2, h2)));
                (y, dx)
            }
        };
        let config = match self.positions {
            None => format!("tables {}x{t}x{}", self.bc, self.r),
            Some((rows, _)) => format!("tables {}x{p}x{}, ids {rows}x{t}", self.bc, self.r),
        };
        let mut shape = match self.layout {
            XLayout::HeadsOuter => format!("{b}x{h}x{t}x{d}"),
            XLayout::HeadsInner => format!("{b}x{t}x{h}x{d} bthd"),
        };
        if let Some(h2) = self.pair_heads {
            shape += &format!(" +{h2} heads");
        }
        let mut rows = vec![("forward:y", &y, want_y), ("backward:dx", &dx, want_dx)];
        rows.extend(
            second
                .iter()
                .map(|(name, got, want)| (*name, got, want.clone())),
        );
        let mut out = rotation_rows("rope", self.dtype, &shape, &config, rows)?;
        if self.positions.is_none() && !inner && self.pair_heads.is_none() {
            // Table gradients: FP32 sums of `groups` FP32 products of storage values, so at most
            // (groups + 2) FP32 roundings of the largest sum of |terms|.
            let (dcos, dsin) = run_tables(device, &xt, &ct, &st, &dyt, None)?;
            let (want_c, want_s, scale) =
                oracle::table_backward(&to_f64(&x), &to_f64(&dy), b, h, t, d, bc, r);
            let groups = (b / bc) * h;
            let tol = (groups + 2) as f64 * unit_roundoff(DType::F32);
            for (name, got, want) in [
                ("table_backward:dcos", &dcos, want_c),
                ("table_backward:dsin", &dsin, want_s),
            ] {
                out.push(CheckRow::compare(
                    "rope",
                    format!("rope.{name}"),
                    self.dtype,
                    shape.clone(),
                    config.clone(),
                    &got.to_f32()?,
                    &want,
                    tol,
                    scale,
                ));
            }
        }
        Ok(out)
    }
}

/// Values of an `[b, h, t, d]` tensor in the order `layout` stores them.
fn stored_order<T: Copy>(v: &[T], [b, h, t, d]: [usize; 4], layout: XLayout) -> Vec<T> {
    match layout {
        XLayout::HeadsOuter => v.to_vec(),
        XLayout::HeadsInner => (0..b * t * h * d)
            .map(|i| {
                let (bi, ti, hi, j) = (i / (t * h * d), i / (h * d) % t, i / d % h, i % d);
                v[((bi * h + hi) * t + ti) * d + j]
            })
            .collect(),
    }
}

/// `n` standard normal values rounded to `dtype`.
fn normal(rng: &mut Rng, n: usize, dtype: DType) -> Vec<f32> {
    let mut v = rng.normal_vec(n, 0.0, 1.0);
    round_to_storage(&mut v, dtype);
    v
}

/// Cosines and sines of the angles `0.37 k`, `k < n`, rounded to `dtype`.
fn table(n: usize, dtype: DType) -> (Vec<f32>, Vec<f32>) {
    let angles: Vec<f64> = (0..n).map(|k| k as f64 * 0.37).collect();
    let mut cos: Vec<f32> = angles.iter().map(|a| a.cos() as f32).collect();
    let mut sin: Vec<f32> = angles.iter().map(|a| a.sin() as f32).collect();
    round_to_storage(&mut cos, dtype);
    round_to_storage(&mut sin, dtype);
    (cos, sin)
}

/// The rows of a rotation case (`(name, result, oracle)`: the forward `y`, the backward `dx`, a
/// pair's second tensor) against the oracle's, held to 4u of the storage dtype + 1e-6.
fn rotation_rows(
    op: &str,
    dtype: DType,
    shape: &str,
    config: &str,
    rows: Vec<(&str, &Tensor, Vec<f64>)>,
) -> Result<Vec<CheckRow>, OpError> {
    let tol = 4.0 * unit_roundoff(dtype) + 1e-6;
    let mut out = Vec::new();
    for (name, got, want) in rows {
        out.push(CheckRow::compare(
            op,
            format!("{op}.{name}"),
            dtype,
            shape.into(),
            config.into(),
            &got.to_f32()?,
            &want,
            tol,
            0.0,
        ));
    }
    Ok(out)
}

/// One randomized Llama 4 configuration: `x [b, t, h, d]` in `dtype`, `freqs [p, d/2, 2]` in
/// `table`.
#[derive(Clone, Copy, Debug)]
pub struct Llama4Case {
    pub dtype: DType,
    pub table: DType,
    pub dims: [usize; 4],
    pub p: usize,
    pub seed: u64,
}

impl Llama4Case {
    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let [b, t, h, d] = self.dims;
        let n = b * t * h * d;
        let mut rng = Rng::new(self.seed);
        let (x, dy) = (
            normal(&mut rng, n, self.dtype),
            normal(&mut rng, n, self.dtype),
        );
        let (cos, sin) = table(self.p * d / 2, self.table);
        let freqs: Vec<f32> = cos.iter().zip(&sin).flat_map(|(c, s)| [*c, *s]).collect();
        let up = |v: &[f32]| tensor(device, self.dtype, &self.dims, v);
        let ft = tensor(device, self.table, &[self.p, d / 2, 2], &freqs)?;
        let run = |backward, src: &[f32]| {
            let prev = poisoned(device, self.dtype, &self.dims)?;
            llama4::run(device, backward, &up(src)?, &ft, Some(prev))
        };
        let (y, dx) = (run(false, &x)?, run(true, &dy)?);
        let f64s = to_f64(&freqs);
        let want_y = oracle::llama4(&to_f64(&x), &f64s, self.dims, false);
        let want_dx = oracle::llama4(&to_f64(&dy), &f64s, self.dims, true);
        let config = format!("freqs {}x{}x2 {}", self.p, d / 2, self.table);
        let shape = format!("{b}x{t}x{h}x{d}");
        rotation_rows(
            "llama4_rope",
            self.dtype,
            &shape,
            &config,
            vec![("forward:y", &y, want_y), ("backward:dx", &dx, want_dx)],
        )
    }
}

/// One randomized Qwen2-VL configuration: `x [b, h, t, d]`, tables `[3, b, t, d]`.
#[derive(Clone, Copy, Debug)]
pub struct MropeCase {
    pub dtype: DType,
    pub dims: [usize; 4],
    pub section: [usize; 3],
    pub seed: u64,
}

impl MropeCase {
    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let [b, h, t, d] = self.dims;
        let n = b * h * t * d;
        let mut rng = Rng::new(self.seed);
        let (x, dy) = (
            normal(&mut rng, n, self.dtype),
            normal(&mut rng, n, self.dtype),
        );
        // Every plane entry has its own angle, so reading a wrong plane shows.
        let (cos, sin) = table(3 * b * t * d, self.dtype);
        let up = |v: &[f32], shape: &[usize]| tensor(device, self.dtype, shape, v);
        let planes = [3, b, t, d];
        let (ct, st) = (up(&cos, &planes)?, up(&sin, &planes)?);
        let run = |backward, src: &[f32]| {
            let prev = poisoned(device, self.dtype, &self.dims)?;
            let src = up(src, &self.dims)?;
            mrope::run(device, backward, &src, &ct, &st, self.section, Some(prev))
        };
        let (y, dx) = (run(false, &x)?, run(true, &dy)?);
        let select = |v: &[f32]| oracle::mrope_table(&to_f64(v), b, t, d, self.section);
        let (c64, s64) = (select(&cos), select(&sin));
        let at = Positions { p: t, ids: None };
        let want_y = oracle::forward(&to_f64(&x), &c64, &s64, b, h, t, d, b, d, at);
        let want_dx = oracle::backward(&to_f64(&dy), &c64, &s64, b, h, t, d, b, d, at);
        let [st_, sh, sw] = self.section;
        rotation_rows(
            "qwen2vl_mrope",
            self.dtype,
            &format!("{b}x{h}x{t}x{d}"),
            &format!("section {st_},{sh},{sw}"),
            vec![("forward:y", &y, want_y), ("backward:dx", &dx, want_dx)],
        )
    }
}

/// The sweep.
pub fn cases() -> Vec<CheckCase> {
    let mut out = Vec::new();
    let mut seed = 15000;
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for (dims, bc, r, positions) in [
            ([1, 1, 1, 2], 1, 2, None),
            ([2, 4, 5, 64], 1, 64, None),
            ([2, 2, 7, 128], 2, 128, None),
            ([1, 3, 4, 96], 1, 32, None),
            ([2, 3, 6, 64], 1, 64, Some((1, 40))),
            ([3, 2, 5, 80], 3, 48, Some((3, 9))),
            ([2, 1, 3, 32], 1, 32, Some((2, 2))),
            // Several programs of many rows, the last one ragged.
            ([2, 3, 37, 64], 2, 48, None),
            ([2, 2, 33, 128], 1, 96, Some((2, 50))),
        ] {
            // Every configuration as `[b, h, t, d]`; those with several heads also as
            // `[b, t, h, d]`. Each also with a second tensor in the same launch (k beside q:
            // half the heads, or two beside one), under its own seeds.
            for layout in [XLayout::HeadsOuter, XLayout::HeadsInner] {
                if layout == XLayout::HeadsInner && dims[1] == 1 {
                    continue;
                }
                seed += 1;
                let pair = (dims[1] / 2).max(if dims[1] == 1 { 2 } else { 1 });
                for pair_heads in [None, Some(pair)] {
                    let c = RopeCase {
                        dtype,
                        dims,
                        layout,
                        bc,
                        r,
                        positions,
                        pair_heads,
                        seed: seed + if pair_heads.is_some() { 100_000 } else { 0 },
                    };
                    let name = XLayout::NAMES[layout as usize];
                    out.push(CheckCase {
                        op: "rope",
                        label: format!(
                            "rope {dtype} {dims:?} {name} tables {bc}x{r} ids {positions:?} \
                             pair {pair_heads:?}"
                        ),
                        run: Box::new(move |d: &Device| c.run(d)),
                    });
                }
            }
        }
        // [b, t, h, d] and table rows: q and k head counts, longer tables, ragged widths; an
        // FP32 table with narrow x, as Llama 4 keeps its frequencies.
        for (dims, p, table) in [
            ([1, 1, 1, 2], 1, dtype),
            ([2, 5, 8, 64], 5, dtype),
            ([2, 5, 2, 64], 9, dtype),
            ([1, 7, 3, 130], 7, DType::F32),
            ([3, 4, 1, 6], 6, dtype),
            ([2, 33, 3, 64], 40, dtype),
        ] {
            seed += 1;
            let c = Llama4Case {
                dtype,
                table,
                dims,
                p,
                seed,
            };
            out.push(CheckCase {
                op: "llama4_rope",
                label: format!("llama4_rope {dtype} {dims:?} freqs {p} {table}"),
                run: Box::new(move |d: &Device| c.run(d)),
            });
        }
        // [b, h, t, d] and sections: Qwen2-VL's for q and k, partial ones, ragged widths.
        for (dims, section) in [
            ([1, 1, 1, 2], [1, 0, 0]),
            ([1, 1, 1, 2], [0, 0, 1]),
            ([2, 4, 5, 128], [16, 24, 24]),
            ([2, 1, 5, 128], [16, 24, 24]),
            ([1, 3, 7, 12], [1, 3, 2]),
            ([2, 2, 3, 80], [0, 40, 0]),
            ([3, 2, 4, 34], [5, 0, 12]),
            ([2, 3, 23, 128], [16, 24, 24]),
        ] {
            seed += 1;
            let c = MropeCase {
                dtype,
                dims,
                section,
                seed,
            };
            out.push(CheckCase {
                op: "qwen2vl_mrope",
                label: format!("qwen2vl_mrope {dtype} {dims:?} section {section:?}"),
                run: Box::new(move |d: &Device| c.run(d)),
            });
        }
    }
    out
}

/// Inputs for the kernels' guard against unknown position ids (the host does not read ids in
/// device memory): `x [b, h, t, d]` and tables `[1, 12, d]` (f32, random), in-range ids `good`
/// `[b, t]`, and `bad`, the same ids but for two outside `0..12` (see [`UnknownIds::unknown`]).
pub struct UnknownIds {
    pub dims: [usize; 4],
    pub x: Tensor,
    pub cos: Tensor,
    pub sin: Tensor,
    pub good: Tensor,
    pub bad: Tensor,
}

impl UnknownIds {
    #[allow(clippy::new_without_default, clippy::unwrap_used)]
    pub fn new() -> UnknownIds {
        let (b, h, t, d, p) = (2, 3, 5, 16, 12);
        let mut rng = Rng::new(41);
        let mut mk = |shape: &[usize]| {
            let n = shape.iter().product();
            Tensor::from_f32(DType::F32, shape, &rng.normal_vec(n, 0.0, 1.0)).unwrap()
        };
        let (x, cos, sin) = (mk(&[b, h, t, d]), mk(&[1, p, d]), mk(&[1, p, d]));
        let ids =
            |v: &[i64]| Tensor::new(Buffer::from_i64(DType::I64, v).unwrap(), vec![b, t]).unwrap();
        UnknownIds {
            dims: [b, h, t, d],
            x,
            cos,
            sin,
            good: ids(&[0, 11, 3, 3, 7, 1, 2, 4, 8, 9]),
            // Batch 0 time 1 past the end, batch 1 time 3 negative; the rest as `good`.
            bad: ids(&[0, 12, 3, 3, 7, 1, 2, 4, -5, 9]),
        }
    }

    /// Whether `bad`'s id for batch `b`, time `t` is outside the table.
    pub fn unknown(b: usize, t: usize) -> bool {
        (b, t) == (0, 1) || (b, t) == (1, 3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rope::run_at;

    #[test]
    fn every_rotation_matches_the_oracle() {
        let failures = crate::check::failures(cases(), &Device::cpu());
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn bad_tables_are_typed_errors() {
        let dev = Device::cpu();
        let x = Tensor::zeros(DType::F32, &[2, 3, 4, 8]);
        let tab = |s: &[usize]| Tensor::zeros(DType::F32, s);
        let err = |c: &Tensor, s: &Tensor| {
            run_at(&dev, false, &x, c, s, None, None)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        assert!(err(&tab(&[3, 4, 8]), &tab(&[3, 4, 8])).contains("[1 or B=2"));
        assert!(err(&tab(&[1, 4, 7]), &tab(&[1, 4, 7])).contains("must be even"));
        assert!(err(&tab(&[1, 4, 10]), &tab(&[1, 4, 10])).contains("at most D"));
        assert!(err(&tab(&[1, 4, 8]), &tab(&[1, 4, 6])).contains("must match cos"));
    }

    #[test]
    fn bad_position_ids_are_typed_errors() {
        let dev = Device::cpu();
        let x = Tensor::zeros(DType::F32, &[2, 3, 4, 8]);
        let tab = Tensor::zeros(DType::F32, &[1, 10, 8]);
        let ids = |shape: &[usize], v: &[i64]| {
            Tensor::new(Buffer::from_i64(DType::I64, v).unwrap(), shape.to_vec()).unwrap()
        };
        let err = |p: &Tensor| {
            run_at(&dev, false, &x, &tab, &tab, Some(p), None)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        assert!(err(&ids(&[4], &[0, 1, 10, 2])).contains("position 10 is outside"));
        assert!(err(&ids(&[4], &[0, -1, 2, 3])).contains("position -1 is outside"));
        assert!(err(&ids(&[3, 4], &[0; 12])).contains("must be [T=4] or [1 or B=2, T]"));
        let float_ids = Tensor::zeros(DType::F32, &[4]);
        assert!(err(&float_ids).contains("int32 or int64"));
        // Tables of no rows: no id names one (a typed error before any id is read).
        let empty = Tensor::zeros(DType::F32, &[1, 0, 8]);
        let no_rows = run_at(
            &dev,
            false,
            &x,
            &empty,
            &empty,
            Some(&ids(&[4], &[0; 4])),
            None,
        );
        assert!(no_rows.unwrap_err().to_string().contains("no rows"));
        // A table longer than T needs position ids.
        let no_ids = run_at(&dev, false, &x, &tab, &tab, None, None).unwrap_err();
        assert!(no_ids.to_string().contains("[1 or B=2, T=4, R]"));
        // In-range ids of either width and shape run.
        assert!(run_at(
            &dev,
            false,
            &x,
            &tab,
            &tab,
            Some(&ids(&[2, 4], &[9; 8])),
            None
        )
        .is_ok());
        let i32_ids = Tensor::new(
            Buffer::from_i64(DType::I32, &[3, 3, 0, 9]).unwrap(),
            vec![4],
        );
        assert!(run_at(&dev, true, &x, &tab, &tab, Some(&i32_ids.unwrap()), None).is_ok());
    }

    /// The kernels' own guard, which is all a device launch has (ids in device memory are not
    /// read on the host): a row whose position id is outside the table reads no table memory and
    /// gets NaN in every rotated column; the other rows are those of the same ids all in range.
    /// The row kernel and the token-major one, forward and backward, launched past the host check
    /// on the CPU as written and in the GPU form (rematerialised broadcasts: the token kernel's
    /// `[1, 1]` id broadcast over its `[heads, block]` tile once read other tokens' ids).
    #[test]
    fn unknown_position_ids_poison_their_rows_in_the_kernel() {
        use super::super::{rotate_half_launch, Launch, RopeSpec, RowOrder};
        let UnknownIds {
            dims: [b, h, t, d],
            x,
            cos,
            sin,
            good,
            bad,
        } = UnknownIds::new();
        let unknown = UnknownIds::unknown;
        let tables = [&cos, &sin];
        for dev in [Device::cpu(), Device::cpu_in_gpu_form()] {
            for (backward, token_major) in
                [(false, false), (true, false), (false, true), (true, true)]
            {
                let want = run_at(&dev, backward, &x, &cos, &sin, Some(&good), None)
                    .unwrap()
                    .buffer
                    .to_f32()
                    .unwrap();
                let (launch, l) =
                    rotate_half_launch(backward, &x, &tables, Some(&good), XLayout::HeadsOuter)
                        .unwrap();
                let launch = Launch {
                    positions: Some(&bad),
                    ..launch
                };
                // As a GPU launches ids the host did not read.
                let spec = RopeSpec {
                    guarded: true,
                    ..launch.spec(&dev, DType::F32, b * h * t)
                };
                let spec = match token_major {
                    true => RopeSpec {
                        order: RowOrder::TokenMajor,
                        rows: h.next_power_of_two(),
                        ..spec
                    },
                    false => spec,
                };
                let y = launch
                    .run_spec(&dev, &spec, &x, l.scalars(true), None)
                    .unwrap();
                let got = y.buffer.to_f32().unwrap();
                let what = format!(
                    "{}, backward {backward}, token-major {token_major}",
                    dev.label()
                );
                for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                    let (bi, ti) = (i / (h * t * d), i / d % t);
                    if unknown(bi, ti) {
                        assert!(g.is_nan(), "{what}, element {i}: {g}, want NaN");
                    } else {
                        assert_eq!(g.to_bits(), w.to_bits(), "{what}, element {i}");
                    }
                }
            }
        }
    }

    /// A second tensor that differs from the first in anything but its head count is a typed
    /// error naming it (`x2` forward, `dy2` backward), also under `bthd`; empty ones run.
    #[test]
    fn a_bad_second_tensor_is_a_typed_error_naming_it() {
        let dev = Device::cpu();
        let tab = Tensor::zeros(DType::F32, &[1, 4, 8]);
        let run = |backward, layout, x: &Tensor, x2: &Tensor| {
            super::run_pair(
                &dev,
                backward,
                [x, x2],
                &tab,
                &tab,
                None,
                layout,
                [None, None],
            )
        };
        let bhtd = XLayout::HeadsOuter;
        let x = Tensor::zeros(DType::F32, &[2, 3, 4, 8]);
        for (backward, name) in [(false, "`x2`"), (true, "`dy2`")] {
            for bad in [
                Tensor::zeros(DType::F32, &[2, 1, 5, 8]),  // T
                Tensor::zeros(DType::F32, &[2, 1, 4, 6]),  // D
                Tensor::zeros(DType::F32, &[3, 1, 4, 8]),  // B
                Tensor::zeros(DType::F32, &[2, 4, 8]),     // rank
                Tensor::zeros(DType::BF16, &[2, 1, 4, 8]), // dtype
            ] {
                let e = run(backward, bhtd, &x, &bad).unwrap_err().to_string();
                assert!(e.contains(name) && e.contains("only the head count"), "{e}");
            }
            // Under bthd the heads are the third axis: a different T is refused there.
            let xt = Tensor::zeros(DType::F32, &[2, 4, 3, 8]);
            let e = run(
                backward,
                XLayout::HeadsInner,
                &xt,
                &Tensor::zeros(DType::F32, &[2, 5, 1, 8]),
            )
            .unwrap_err()
            .to_string();
            assert!(e.contains(name), "{e}");
            // Empty tensors on either side run (no program for them), the other rotated as alone.
            let mut rng = Rng::new(9);
            let full = Tensor::from_f32(DType::F32, &[2, 3, 4, 8], &rng.normal_vec(192, 0.0, 1.0))
                .unwrap();
            let tab =
                Tensor::from_f32(DType::F32, &[1, 4, 8], &rng.normal_vec(32, 0.0, 1.0)).unwrap();
            let alone = run_in(&dev, backward, &full, &tab, &tab, None, bhtd, None).unwrap();
            let empty = Tensor::zeros(DType::F32, &[2, 0, 4, 8]);
            for pair in [[&full, &empty], [&empty, &full]] {
                let out =
                    super::run_pair(&dev, backward, pair, &tab, &tab, None, bhtd, [None, None])
                        .unwrap();
                let i = usize::from(pair[0].numel() == 0);
                assert_eq!(out[1 - i].shape, vec![2, 0, 4, 8]);
                assert_eq!(out[i].to_f32().unwrap(), alone.to_f32().unwrap());
            }
        }
    }

    #[test]
    fn the_backward_entry_rotates_dy_without_x() {
        let dev = Device::cpu();
        let entry = crate::registry::find("rope.backward").unwrap();
        let named = |pairs: &[(&str, &Tensor)]| -> crate::registry::Tensors {
            pairs
                .iter()
                .map(|(n, t)| (n.to_string(), (*t).clone()))
                .collect()
        };
        assert!(entry.check_input("x").is_err());
        let mut rng = Rng::new(5);
        let f32s = |shape: &[usize], rng: &mut Rng| {
            let n = shape.iter().product();
            Tensor::from_f32(DType::F32, shape, &rng.normal_vec(n, 0.0, 1.0)).unwrap()
        };
        let dy = f32s(&[2, 3, 4, 8], &mut rng);
        let (cos, sin) = (f32s(&[1, 6, 8], &mut rng), f32s(&[1, 6, 8], &mut rng));
        let ids = Tensor::new(
            Buffer::from_i64(DType::I64, &[5, 0, 2, 2]).unwrap(),
            vec![4],
        );
        let ids = ids.unwrap();
        let inputs = named(&[
            ("cos", &cos),
            ("sin", &sin),
            ("position_ids", &ids),
            ("dy", &dy),
        ]);
        let out = entry
            .call(&dev, &inputs, &entry.params(&[]).unwrap())
            .unwrap();
        let want = run_at(&dev, true, &dy, &cos, &sin, Some(&ids), None).unwrap();
        assert_eq!(out["dx"].to_f32().unwrap(), want.to_f32().unwrap());
        // The same cotangent stored [B, T, H, D] under layout bthd: the same values, moved.
        let moved = stored_order(&dy.to_f32().unwrap(), [2, 3, 4, 8], XLayout::HeadsInner);
        let dy_bthd = Tensor::from_f32(DType::F32, &[2, 4, 3, 8], &moved).unwrap();
        let inputs = named(&[
            ("cos", &cos),
            ("sin", &sin),
            ("position_ids", &ids),
            ("dy", &dy_bthd),
        ]);
        let params = entry.params(&[("layout".into(), "bthd".into())]).unwrap();
        let out = entry.call(&dev, &inputs, &params).unwrap();
        assert_eq!(out["dx"].shape, [2, 4, 3, 8]);
        let want = stored_order(&want.to_f32().unwrap(), [2, 3, 4, 8], XLayout::HeadsInner);
        assert_eq!(out["dx"].to_f32().unwrap(), want);
    }

    #[test]
    fn a_bad_layout_is_a_typed_error() {
        let dev = Device::cpu();
        let entry = crate::registry::find("rope.forward").unwrap();
        assert!(matches!(
            entry
                .params(&[("layout".into(), "btdh".into())])
                .and_then(|p| {
                    let t = Tensor::zeros(DType::F32, &[1, 2, 1, 4]);
                    let inputs = [("x", &t), ("cos", &t), ("sin", &t)]
                        .iter()
                        .map(|(n, t)| (n.to_string(), (*t).clone()))
                        .collect();
                    entry.call(&dev, &inputs, &p)
                }),
            Err(OpError::BadParam { .. })
        ));
        // bthd needs exactly [B, T, H, D].
        let x = Tensor::zeros(DType::F32, &[3, 4, 8]);
        let tab = Tensor::zeros(DType::F32, &[1, 3, 8]);
        let err = run_in(&dev, false, &x, &tab, &tab, None, XLayout::HeadsInner, None).unwrap_err();
        assert!(err.to_string().contains("[B, T, H, D]"), "{err}");
    }

    #[test]
    fn table_gradients_reject_mismatched_cotangents_and_long_tables() {
        let dev = Device::cpu();
        let x = Tensor::zeros(DType::F32, &[2, 3, 4, 8]);
        let tab = Tensor::zeros(DType::F32, &[2, 4, 8]);
        let dy = Tensor::zeros(DType::F32, &[2, 3, 4, 6]);
        let e = run_tables(&dev, &x, &tab, &tab, &dy, None).unwrap_err();
        assert!(e.to_string().contains("must match x"), "{e}");
        let long = Tensor::zeros(DType::F32, &[1, 9, 8]);
        let e = run_tables(&dev, &x, &long, &long, &x, None).unwrap_err();
        assert!(e.to_string().contains("T=4"), "{e}");
    }

    /// The table gradients are written over a previous call's tensors, every element of them
    /// (poisoned in between), with per-batch and shared tables and a partial rotary width.
    #[test]
    fn table_gradients_write_over_the_previous_ones() {
        let dev = Device::cpu();
        let mut rng = crate::testing::Rng::new(5);
        let mut t = |shape: &[usize]| {
            let n = shape.iter().product();
            Tensor::from_f32(DType::F32, shape, &rng.normal_vec(n, 0.0, 1.0)).unwrap()
        };
        let addr = |t: &mut Tensor| t.buffer.host_bytes_mut().unwrap().as_ptr() as usize;
        for (bc, r) in [(1, 8), (2, 8), (2, 4)] {
            let (x, dy) = (t(&[2, 3, 5, 8]), t(&[2, 3, 5, 8]));
            let tab = t(&[bc, 5, r]);
            let (want_c, want_s) = run_tables(&dev, &x, &tab, &tab, &dy, None).unwrap();
            let (mut pc, mut ps) = run_tables(&dev, &x, &tab, &tab, &dy, None).unwrap();
            pc.buffer.poison();
            ps.buffer.poison();
            let at = (addr(&mut pc), addr(&mut ps));
            let (mut c, mut s) = run_tables(&dev, &x, &tab, &tab, &dy, Some((pc, ps))).unwrap();
            assert_eq!(
                (addr(&mut c), addr(&mut s)),
                at,
                "bc {bc} r {r}: written over"
            );
            assert_eq!(c, want_c, "bc {bc} r {r}: dcos");
            assert_eq!(s, want_s, "bc {bc} r {r}: dsin");
        }
    }
}
