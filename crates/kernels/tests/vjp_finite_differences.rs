//! Gradients derived by `vjp` (`Ctx::vjp`) for composite expressions that no library kernel
//! computes, run on the CPU executor and compared with central differences of FP64 oracles
//! written here on the host. Together the expressions use every op `vjp` differentiates.
//!
//! Tolerance, normwise per gradient (`max|derived - fd| / max|fd|`): the central differences
//! (h = 1e-6 max(1, |x|), FP64) are accurate to ~1e-10 relative, far below the kernels' error.
//! A derived gradient is an FP32 formula of at most ~40 ops on terms no larger than a few times
//! the largest gradient for these inputs (no catastrophic cancellation: inputs stay away from
//! poles and kinks), each op adding at most one rounding (u32 = 2^-24) of its terms and the
//! executor's transcendental functions a few ulp: 32 u32 (1.9e-6) bounds that (measured: at most
//! 2.7 u32). A gradient stored in a narrower dtype adds one rounding of it, u of that dtype.

use metile_ir::{DType, Verified};
use metile_kernels::testing::{round_to_storage, unit_roundoff, Rng};
use metile_lang::{select, trace, Buffer, LangError, Tile};
use metile_runtime::{Arg, Device, Tensor};

const U32: f64 = 1.0 / (1u64 << 24) as f64;
const BLOCK: usize = 1024;
const NAMES: [&str; 2] = ["a", "b"];

/// `d_i = d/dx_i sum(dy * f(x))` over flat inputs of `dtype`, `BLOCK` elements per program; the
/// derivative is taken with respect to the loaded storage values, through their cast to f32.
fn gradient_kernel(
    name: &str,
    dtype: DType,
    arity: usize,
    f: fn(&[Tile]) -> Tile,
) -> Result<Verified, LangError> {
    trace(name, |k| {
        let ins: Vec<Buffer> = NAMES[..arity].iter().map(|n| k.input(n, dtype)).collect();
        let dy = k.input("dy", DType::F32);
        let outs: Vec<Buffer> = NAMES[..arity]
            .iter()
            .map(|n| k.output(&format!("d{n}"), dtype))
            .collect();
        let n = k.scalar("n", DType::I64);
        let offs = k.program_id(0).cast(DType::I64) * BLOCK as i64
            + k.arange(0, BLOCK as i64).cast(DType::I64);
        let mask = offs.lt(n);
        let xs: Vec<Tile> = ins.iter().map(|b| b.load_masked(offs, mask, 1.0)).collect();
        let wide: Vec<Tile> = xs.iter().map(|x| x.cast(DType::F32)).collect();
        let y = f(&wide);
        let g = dy.load_masked(offs, mask, 0.0);
        let grads = k.vjp(&[y], &xs, &[g]);
        for (o, d) in outs.iter().zip(grads) {
            o.store_masked(offs, d, mask);
        }
    })
}

/// Runs `kernel` (inputs, `dy`, one output per input, then the element count `n`).
fn launch(kernel: Verified, dtype: DType, inputs: &[Vec<f32>], dy: &[f32]) -> Vec<Vec<f32>> {
    let dev = Device::cpu();
    let n = dy.len();
    let name = kernel.kernel().name.clone();
    let k = dev
        .kernel(&name, &dtype, || Ok(kernel))
        .expect("the derived kernel should compile");
    let t = |d, v: &[f32]| Tensor::from_f32(d, &[v.len()], v).expect("tensor should build");
    let ins: Vec<Tensor> = inputs.iter().map(|v| t(dtype, v)).collect();
    let dyt = t(DType::F32, dy);
    let mut outs: Vec<Tensor> = inputs
        .iter()
        .map(|_| {
            let mut o = Tensor::zeros(dtype, &[n]);
            o.buffer.try_poison().expect("poison should work");
            o
        })
        .collect();
    let mut args: Vec<Arg<'_>> = ins.iter().map(|t| Arg::In(&t.buffer)).collect();
    args.push(Arg::In(&dyt.buffer));
    args.extend(outs.iter_mut().map(|t| Arg::Out(&mut t.buffer)));
    args.push(Arg::I64(n as i64));
    let programs = n.div_ceil(BLOCK) as u32;
    dev.launch(&k, [programs, 1, 1], &mut args)
        .expect("the derived kernel should run");
    drop(args);
    outs.iter()
        .map(|o| o.to_f32().expect("gradient should read back"))
        .collect()
}

/// Central difference of `f` along input `i` at `x`.
fn central(f: &dyn Fn(&[f64]) -> f64, x: &[f64], i: usize) -> f64 {
    let h = 1e-6 * x[i].abs().max(1.0);
    let (mut hi, mut lo) = (x.to_vec(), x.to_vec());
    hi[i] += h;
    lo[i] -= h;
    (f(&hi) - f(&lo)) / (2.0 * h)
}

/// One composite: the DSL expression, its FP64 oracle, input generators and the points to skip
/// (within reach of a kink or discontinuity of the finite differences).
struct Composite {
    name: &'static str,
    arity: usize,
    traced: fn(&[Tile]) -> Tile,
    oracle: fn(&[f64]) -> f64,
    input: fn(&mut Rng, usize) -> f32,
    skip: fn(&[f64]) -> bool,
}

fn never(_: &[f64]) -> bool {
    false
}

fn composites() -> Vec<Composite> {
    vec![
        Composite {
            name: "gauss",
            arity: 1,
            traced: |x| x[0] * (-(x[0] * x[0])).exp(),
            oracle: |x| x[0] * (-x[0] * x[0]).exp(),
            input: |r, _| r.normal_f32() * 1.5,
            skip: never,
        },
        Composite {
            name: "tanh_sigmoid_quotient",
            arity: 2,
            traced: |x| x[0].tanh() * x[1].sigmoid() + x[0] / x[1],
            oracle: |x| x[0].tanh() / (1.0 + (-x[1]).exp()) + x[0] / x[1],
            // b away from 0: +-[0.5, 2].
            input: |r, i| {
                let v = r.normal_f32();
                if i == 1 {
                    (0.5 + r.uniform_f32(0.0, 1.5)).copysign(v)
                } else {
                    v
                }
            },
            skip: never,
        },
        Composite {
            name: "hypot_pow_abs",
            arity: 2,
            traced: |x| (x[0] * x[0] + x[1] * x[1]).sqrt() + (x[0].abs() + 0.5).pow(x[1]),
            oracle: |x| x[0].hypot(x[1]) + (x[0].abs() + 0.5).powf(x[1]),
            input: |r, _| r.normal_f32(),
            skip: |x| x[0].abs() < 1e-4,
        },
        Composite {
            name: "trig_erf_logs",
            arity: 2,
            traced: |x| {
                let (a, b) = (x[0], x[1]);
                a.erf() * b.cos()
                    + a.sin() * (b * b + 1.0).rsqrt()
                    + a.exp2() * (b * b + 2.0).log2()
                    + (a * a + 1.0).log()
                    - (-b).exp()
            },
            oracle: |x| {
                let (a, b) = (x[0], x[1]);
                erf(a) * b.cos()
                    + a.sin() / (b * b + 1.0).sqrt()
                    + a.exp2() * (b * b + 2.0).log2()
                    + (a * a + 1.0).ln()
                    - (-b).exp()
            },
            input: |r, _| r.normal_f32(),
            skip: never,
        },
        Composite {
            name: "piecewise",
            arity: 2,
            traced: |x| {
                let (a, b) = (x[0], x[1]);
                select(a.gt(b), a * b, a - b) + a.maximum(0.5) * b.minimum(-0.5)
            },
            oracle: |x| {
                let (a, b) = (x[0], x[1]);
                let arm = if a > b { a * b } else { a - b };
                arm + a.max(0.5) * b.min(-0.5)
            },
            input: |r, _| r.normal_f32(),
            skip: |x| {
                let near = |u: f64, v: f64| (u - v).abs() < 1e-4 * u.abs().max(1.0);
                near(x[0], x[1]) || near(x[0], 0.5) || near(x[1], -0.5)
            },
        },
        Composite {
            name: "rem",
            arity: 2,
            traced: |x| (x[0] % x[1]) * x[1],
            oracle: |x| (x[0] % x[1]) * x[1],
            input: |r, i| {
                if i == 1 {
                    r.uniform_f32(1.0, 2.0)
                } else {
                    r.uniform_f32(-6.0, 6.0)
                }
            },
            // Away from the jumps of rem (a / b an integer).
            skip: |x| {
                let q = x[0] / x[1];
                (q - q.round()).abs() < 1e-4
            },
        },
    ]
}

/// `erf` of the FP64 oracles (`reference::activations`).
fn erf(x: f64) -> f64 {
    metile_kernels::reference::activations::erf(x)
}

/// Normwise error of `got` against `want`, over the elements not skipped.
fn normwise(got: &[f32], want: &[f64], keep: &[bool]) -> f64 {
    let mut err = 0.0f64;
    let mut size = 0.0f64;
    for i in 0..want.len() {
        if keep[i] {
            err = err.max((got[i] as f64 - want[i]).abs());
            size = size.max(want[i].abs());
        }
    }
    if err.is_nan() {
        return f64::INFINITY;
    }
    err / size.max(f64::MIN_POSITIVE)
}

#[test]
fn derived_gradients_of_composites_match_central_differences() {
    let mut rng = Rng::new(77);
    for c in composites() {
        for (dtype, n) in [(DType::F32, 1), (DType::F32, 1500), (DType::BF16, 1027)] {
            let mut inputs: Vec<Vec<f32>> = (0..c.arity)
                .map(|i| (0..n).map(|_| (c.input)(&mut rng, i)).collect())
                .collect();
            for v in inputs.iter_mut() {
                round_to_storage(v, dtype);
            }
            let dy: Vec<f32> = rng.normal_vec(n, 0.0, 1.0);
            let name = format!("{}_{}_{n}", c.name, dtype.name());
            let kernel = gradient_kernel(&name, dtype, c.arity, c.traced)
                .expect("the composite should differentiate");
            let got = launch(kernel, dtype, &inputs, &dy);
            let points: Vec<Vec<f64>> = (0..n)
                .map(|j| inputs.iter().map(|v| v[j] as f64).collect())
                .collect();
            let keep: Vec<bool> = points.iter().map(|p| !(c.skip)(p)).collect();
            assert!(keep.iter().filter(|k| **k).count() * 10 >= n * 9);
            let tol = 32.0 * U32
                + if dtype == DType::F32 {
                    0.0
                } else {
                    unit_roundoff(dtype)
                };
            for (i, got_i) in got.iter().enumerate() {
                let fd: Vec<f64> = points
                    .iter()
                    .zip(&dy)
                    .map(|(p, g)| *g as f64 * central(&c.oracle, p, i))
                    .collect();
                let err = normwise(got_i, &fd, &keep);
                assert!(
                    err <= tol,
                    "{} {dtype} n={n} d{}: {err:.3e} > {tol:.1e}",
                    c.name,
                    NAMES[i]
                );
            }
        }
    }
}

const ROWS: usize = 3;
const COLS: usize = 64;

#[test]
fn derived_gradients_through_row_reductions_match_central_differences() {
    // y_r = logsumexp(x_r) + var(x_r) + max(x_r) / 4: reduce.max, reduce.sum, expand_dims and
    // broadcast on the way, with the max's cotangent shared with the softmax's shift.
    let kernel = trace("row_reductions", |k| {
        let (x, dy, dx) = (
            k.input("x", DType::F32),
            k.input("dy", DType::F32),
            k.output("dx", DType::F32),
        );
        let i = k.arange(0, (ROWS * COLS) as i64).reshape([ROWS, COLS]);
        let xv = x.load(i);
        let m = xv.max(1);
        let lse = (xv - m.expand_dims(1)).exp().sum(1).log() + m;
        let mean = xv.sum(1) / COLS as f64;
        let centered = xv - mean.expand_dims(1);
        let var = (centered * centered).sum(1) / COLS as f64;
        let y = lse + var + m * 0.25;
        let g = dy.load(k.arange(0, ROWS as i64));
        dx.store(i, k.vjp(&[y], &[xv], &[g])[0]);
    })
    .expect("row reductions should differentiate");
    let mut rng = Rng::new(5);
    let x = rng.normal_vec(ROWS * COLS, 0.0, 2.0);
    let dy = rng.normal_vec(ROWS, 0.0, 1.0);
    let dev = Device::cpu();
    let k = dev
        .kernel("row_reductions", &(), || Ok(kernel))
        .expect("should compile");
    let t = |v: &[f32]| Tensor::from_f32(DType::F32, &[v.len()], v).expect("tensor");
    let (xt, dyt) = (t(&x), t(&dy));
    let mut dxt = Tensor::zeros(DType::F32, &[ROWS * COLS]);
    dxt.buffer.try_poison().expect("poison");
    dev.launch(
        &k,
        [1, 1, 1],
        &mut [
            Arg::In(&xt.buffer),
            Arg::In(&dyt.buffer),
            Arg::Out(&mut dxt.buffer),
        ],
    )
    .expect("should run");
    let got = dxt.to_f32().expect("read back");
    let row_fn = |r: &[f64]| {
        let m = r.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let lse = r.iter().map(|v| (v - m).exp()).sum::<f64>().ln() + m;
        let mean = r.iter().sum::<f64>() / COLS as f64;
        let var = r.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / COLS as f64;
        lse + var + m / 4.0
    };
    let mut fd = Vec::new();
    for r in 0..ROWS {
        let row: Vec<f64> = x[r * COLS..(r + 1) * COLS]
            .iter()
            .map(|v| *v as f64)
            .collect();
        for j in 0..COLS {
            fd.push(dy[r] as f64 * central(&row_fn, &row, j));
        }
    }
    let err = normwise(&got, &fd, &vec![true; fd.len()]);
    assert!(err <= 32.0 * U32, "{err:.3e}");
}

#[test]
fn tied_maxima_share_the_cotangent() {
    let kernel = trace("max_ties", |k| {
        let (x, dx) = (k.input("x", DType::F32), k.output("dx", DType::F32));
        let i = k.arange(0, 8).reshape([2, 4]);
        let xv = x.load(i);
        let m = xv.max(1);
        let g = k.full([2], 3.0, DType::F32);
        dx.store(i, k.vjp(&[m], &[xv], &[g])[0]);
    })
    .expect("max should differentiate");
    let dev = Device::cpu();
    let k = dev.kernel("max_ties", &(), || Ok(kernel)).expect("compile");
    let x = [1.0, 3.0, 3.0, 2.0, -1.0, f32::NAN, 0.0, 5.0];
    let xt = Tensor::from_f32(DType::F32, &[8], &x).expect("tensor");
    let mut dxt = Tensor::zeros(DType::F32, &[8]);
    dxt.buffer.try_poison().expect("poison");
    dev.launch(
        &k,
        [1, 1, 1],
        &mut [Arg::In(&xt.buffer), Arg::Out(&mut dxt.buffer)],
    )
    .expect("run");
    // Two tied maxima get half the cotangent each; a row whose max is NaN gets zeros.
    assert_eq!(
        dxt.to_f32().expect("read back"),
        [0.0, 1.5, 1.5, 0.0, 0.0, 0.0, 0.0, 0.0]
    );
}
