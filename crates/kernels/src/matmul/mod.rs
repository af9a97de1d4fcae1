//! Matrix product with a fused bias and activation epilogue (a linear layer), forward and
//! backward.
//!
//! # Contract
//!
//! `matmul.forward(x, w, [bias]) -> (y, [z])` with `x` of shape `[..., K]` (leading axes are
//! flattened into `M` rows), `z = x W^T + bias` and `y = act(z)`:
//! - `layout = nk` (default, PyTorch `Linear`): `w` is `[N, K]` (`[out, in]`), `z = x w^T`;
//! - `layout = kn`: `w` is `[K, N]`, `z = x w`;
//! - `bias` (optional) is `[N]`; `y` and `z` are `[..., N]`;
//! - `activation`: `none` (default), `relu` (derivative 0 at 0), `silu`, `quick_gelu`
//!   (`x * sigmoid(1.702 x)`) or `gelu_tanh`, the formulas of [`crate::activations`].
//!
//! `x`, `w` and `bias` share one storage dtype (f32, f16 or bf16). Products accumulate in FP32:
//! on the CPU one multiply and one add per step in increasing `k`; on CUDA, f16/bf16 on the
//! tensor cores (exact products, FP32 accumulation) and f32 by FP32 FMA, never TF32 (in
//! increasing `k` with the DSL kernel, in cuBLAS's order with the `blas` backend). The bias is
//! added and the activation applied to the FP32 accumulator; `y` and `z` are rounded once to the
//! storage dtype.
//!
//! The pre-activation `z` is what the backward differentiates at. With an activation and
//! `save_preact = true` (default) the forward also returns `z` (`M * N` storage elements kept
//! until the backward); with `save_preact = false`, or activation `none` (where `z = y` is not
//! needed), it returns `y` alone.
//!
//! `matmul.backward(x, w, [bias], [z], dy) -> (dx, dw, [dbias])`, `dy` `[..., N]` of any float
//! dtype. First `dz = dy * act'(z)` in FP32, rounded to the storage dtype (the gradient a
//! framework's activation backward hands to its linear layer; `dz = dy`, so rounded, for
//! `none`), then `dx = dz W` (`[..., K]`, storage dtype, or FP32 with `grad_dtype = f32`),
//! `dw = dz^T x` (`[N, K]`, or `x^T dz` `[K, N]` for `kn`) and `dbias = sum over rows of dz`
//! (`[N]`, only when `bias` is given), both FP32. Every sum runs in FP32 in a fixed order (no
//! atomics): the backward is deterministic. `z` (read only with an activation) must be the
//! forward's; when it is absent and the activation is not `none`, the backward recomputes it
//! with the forward's own kernel into an `M * N` workspace freed on return: `2 M N K` more
//! flops (three products become four) instead of `M * N` storage elements held from the
//! forward to the backward; the gradients are bit-identical either way. Nothing passed in is
//! modified.
//!
//! Bounds: any `M`, `N`, `K` including 0 (an empty `K` gives `y = act(bias)` and zero
//! gradients of `w`); at most 65535 tiles along a launch's second grid axis (`N` on the
//! forward, `K` on the backward: more than 4 million columns on a GPU). Ragged edges are masked.
//!
//! # Kernels
//!
//! Backends. On the CPU the products are the DSL kernel below, always. On CUDA they are cuBLAS
//! (`Device::gemm`) by default, the DSL kernel when `METILE_MATMUL_BACKEND=dsl` (or
//! [`MatmulBackend::Dsl`]), when cuBLAS cannot be loaded (the `auto` default falls back;
//! `METILE_MATMUL_BACKEND=blas` makes that an error instead), or when `M`, `N` or `K` is 0.
//! With cuBLAS: the forward writes `x W^T` straight into `y` when there is neither bias nor
//! activation, else into an FP32 `[M, N]` workspace that [`epilogue_kernel`] turns into `y` (and
//! `z`) with the same bias and activation arithmetic as the fused DSL epilogue, so the rounding
//! contract above holds on both; the backward runs `dx = dz W` (storage or FP32 output) and
//! `dw` (FP32 output) as two cuBLAS products, rounds a `dy` of another dtype to the storage
//! dtype first (the DSL kernel rounds it as it loads it), and sums `dbias` with the DSL kernel's
//! row sums over a product of width 0. Results agree with the DSL path to FP32 rounding of the
//! sums, not bit for bit.
//!
//! All three products are one tiled kernel ([`gemm_kernel`]): `C[P, Q] = A[P, R] B[R, Q]` with
//! operands read through run-time strides, so a transposed operand is a strided load (no copy).
//! Each program owns a `[BP, BQ]` tile of `C` and loops over `R` in steps of `BR` with
//! `for_range`, carrying the FP32 accumulator into `dot`. The forward is `(P, Q, R) = (M, N, K)`
//! with the epilogue; `dx` is `(M, K, N)`; `dw` is `(N, K, M)` with `A = dz^T`, and also sums the
//! rows of `A` for `dbias`. `dz` is made by the elementwise activation backward of
//! [`crate::activations`].

pub mod check;

use metile_ir::{DType, Verified};
use metile_lang::{dot, trace, LangError, Tile};
use metile_runtime::{Arg, Device, Gemm, MatrixLayout, Tensor};

use crate::activations::{self, act_tile, ActOptions, Kind, GRAD_DTYPE, NAMES};
use crate::host::{bad, fit_written, float_dtype, row_block, same_dtype};
use crate::registry::{input, EntryPoint, OpError, ParamDef, Params, Port, PortShape, Tensors};

/// The activation epilogues, by parameter value (`none` first).
pub const ACTIVATIONS: [&str; 5] = ["none", "relu", "silu", "quick_gelu", "gelu_tanh"];

/// The activation epilogue of a product.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Activation {
    #[default]
    None,
    Relu,
    Silu,
    QuickGelu,
    GeluTanh,
}

impl Activation {
    pub const ALL: [Activation; 5] = [
        Activation::None,
        Activation::Relu,
        Activation::Silu,
        Activation::QuickGelu,
        Activation::GeluTanh,
    ];

    /// The parameter value, which is also the activation's name in [`crate::activations`].
    pub fn name(self) -> &'static str {
        ACTIVATIONS[self as usize]
    }

    pub fn parse(s: &str) -> Option<Activation> {
        Activation::ALL.into_iter().find(|a| a.name() == s)
    }

    /// The elementwise activation pair that gives `dz`; `None` for `none`.
    fn unary(self) -> Option<Kind> {
        NAMES
            .iter()
            .position(|n| *n == self.name())
            .map(Kind::Unary)
    }
}

/// Where the weight's axes are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum WeightLayout {
    /// `[N, K]` (`[out, in]`, PyTorch `Linear`): `z = x w^T`.
    #[default]
    Nk,
    /// `[K, N]`: `z = x w`.
    Kn,
}

impl WeightLayout {
    pub fn name(self) -> &'static str {
        match self {
            WeightLayout::Nk => "nk",
            WeightLayout::Kn => "kn",
        }
    }

    /// Strides of the weight's element `(n, k)` for a weight of `k` input features and `n`
    /// outputs: `(n stride, k stride)`.
    fn strides(self, n: usize, k: usize) -> (i64, i64) {
        match self {
            WeightLayout::Nk => (k as i64, 1),
            WeightLayout::Kn => (1, n as i64),
        }
    }
}

/// Which engine runs the products on a CUDA device (the CPU always runs the DSL kernel).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MatmulBackend {
    /// `METILE_MATMUL_BACKEND` decides (`dsl` or `blas`); unset: cuBLAS when it loads, else the
    /// DSL kernel.
    #[default]
    Auto,
    /// The DSL kernel ([`gemm_kernel`]).
    Dsl,
    /// cuBLAS through `Device::gemm`; an error when it cannot be loaded.
    Blas,
}

/// The environment variable that picks the backend of [`MatmulBackend::Auto`]: `dsl`, `blas` or
/// `auto` (the same as unset); read once per process (`crate::host::tuning_var`), any other
/// value a typed error at each product.
pub const BACKEND_ENV: &str = "METILE_MATMUL_BACKEND";

impl MatmulBackend {
    /// `Auto` resolved through [`BACKEND_ENV`].
    fn resolved(self, entry: &str) -> Result<MatmulBackend, OpError> {
        if self != MatmulBackend::Auto {
            return Ok(self);
        }
        match crate::host::tuning_var(BACKEND_ENV)
            .as_deref()
            .map(str::trim)
        {
            None | Some("") | Some("auto") => Ok(MatmulBackend::Auto),
            Some("dsl") => Ok(MatmulBackend::Dsl),
            Some("blas") => Ok(MatmulBackend::Blas),
            Some(other) => Err(OpError::BadParam {
                entry: entry.into(),
                name: BACKEND_ENV.into(),
                value: other.into(),
                message: "unknown matmul backend".into(),
                allowed: "dsl, blas, auto".into(),
            }),
        }
    }

    /// Whether a product of `d` on `device` runs on cuBLAS.
    fn use_blas(self, device: &Device, entry: &str, d: &Dims) -> Result<bool, OpError> {
        if device.is_cpu() || d.m == 0 || d.n == 0 || d.k == 0 {
            return Ok(false);
        }
        Ok(match self.resolved(entry)? {
            MatmulBackend::Dsl => false,
            MatmulBackend::Blas => {
                device.gemm_available()?;
                true
            }
            MatmulBackend::Auto => device.gemm_available().is_ok(),
        })
    }
}

/// Options of both entries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatmulOptions {
    pub activation: Activation,
    pub layout: WeightLayout,
    /// Forward: also return the pre-activation `z` (when there is an activation).
    pub save_preact: bool,
    /// Backward: `dx` in FP32 instead of the storage dtype.
    pub f32_dx: bool,
    /// The products' engine on CUDA.
    pub backend: MatmulBackend,
    /// Backward: add the weight (and bias) gradients into `prev`'s `dw` (and `dbias`), which
    /// must be given, of their dtype (see `storage_param_grads`) and shapes, instead of
    /// overwriting them (for chunked callers
    /// such as fused linear cross-entropy: no per-chunk workspace). `dx` is overwritten.
    pub accumulate: bool,
    /// Backward: `dw` and `dbias` in the storage dtype (FP32 products rounded once; with
    /// `accumulate`, once per call) instead of FP32.
    pub storage_param_grads: bool,
}

impl MatmulOptions {
    /// The defaults of the entry points: no activation, `nk`, `z` saved, `dx` in storage dtype.
    pub fn new(activation: Activation) -> MatmulOptions {
        MatmulOptions {
            activation,
            save_preact: true,
            ..MatmulOptions::default()
        }
    }
}

// ---- The tiled kernel ------------------------------------------------------------------------

/// Kernel specialisation of `C[P, Q] = A[P, R] B[R, Q]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GemmSpec {
    /// Storage dtypes of the `A` and `B` buffers, converted to `operand` as they are loaded.
    pub a: DType,
    pub b: DType,
    /// The dtype `dot` multiplies in (the product's storage dtype).
    pub operand: DType,
    /// Storage dtype of `C` (and of the pre-activation).
    pub out: DType,
    /// Epilogue: add a bias of this dtype indexed by `q`.
    pub bias: Option<DType>,
    pub activation: Activation,
    /// Epilogue: also store the pre-activation.
    pub preact: bool,
    /// Also store the sums of `A`'s rows over `R` (FP32, stored in `out`'s dtype; indexed by
    /// `p`, by the programs of the first `Q` tile).
    pub row_sums: bool,
    /// Tile `[BP, BQ]` of `C` and the step `BR` of the loop over `R`.
    pub tile: [usize; 3],
    /// `C` (FP32, no epilogue) and `row_sums` are read and added to: `C += A B`.
    pub accumulate: bool,
}

/// The name every product kernel is cached and emitted under.
pub const GEMM: &str = "matmul_gemm";

/// `C = epilogue(A B)` over a 2-D grid of `[BP, BQ]` tiles (axis 0 over `P`, axis 1 over `Q`).
/// Parameters, in order: `a, b, [bias], c, [preact], [row_sums], p, q, r, a_sp, a_sr, b_sr,
/// b_sq, c_sp, c_sq` (sizes and element strides, i64): `A[i, j]` is `a[i * a_sp + j * a_sr]`,
/// `B[i, j]` is `b[i * b_sr + j * b_sq]`, `C[i, j]` is `c[i * c_sp + j * c_sq]`.
pub fn gemm_kernel(spec: &GemmSpec) -> Result<Verified, LangError> {
    let [bp, bq, br] = spec.tile;
    trace(GEMM, |k| {
        let a = k.input("a", spec.a);
        let b = k.input("b", spec.b);
        let bias = spec.bias.map(|d| k.input("bias", d));
        let out = |name: &str, dtype: DType| {
            if spec.accumulate {
                k.inout(name, dtype)
            } else {
                k.output(name, dtype)
            }
        };
        let c = out("c", spec.out);
        let preact = spec.preact.then(|| k.output("preact", spec.out));
        let sums = spec.row_sums.then(|| out("row_sums", spec.out));
        let [p, q, r, a_sp, a_sr, b_sr, b_sq, c_sp, c_sq] = [
            "p", "q", "r", "a_sp", "a_sr", "b_sr", "b_sq", "c_sp", "c_sq",
        ]
        .map(|name| k.scalar(name, DType::I64));
        let i64_ = |t: Tile| t.cast(DType::I64);
        let operand = |t: Tile| {
            if t.dtype() == spec.operand {
                t
            } else {
                t.cast(spec.operand)
            }
        };
        let (pid_p, pid_q) = (i64_(k.program_id(0)), i64_(k.program_id(1)));
        let ip = pid_p * bp as i64 + i64_(k.arange(0, bp as i64));
        let iq = pid_q * bq as i64 + i64_(k.arange(0, bq as i64));
        let (in_p, in_q) = (ip.lt(p), iq.lt(q));
        // Loop-invariant addresses and masks of the operand tiles at r = 0; a step adds
        // `r0 * stride` to the addresses and, on the last, ragged step only, masks `r`.
        let steps = i64_(k.arange(0, br as i64));
        let a_base = (ip * a_sp).expand_dims(1) + (steps * a_sr).expand_dims(0);
        let b_base = (steps * b_sr).expand_dims(1) + (iq * b_sq).expand_dims(0);
        let a_in = in_p.expand_dims(1).broadcast_to([bp, br]);
        let b_in = in_q.expand_dims(0).broadcast_to([br, bq]);
        let step = |r0: Tile, acc: &[Tile], ragged: bool| {
            let (a_mask, b_mask) = if ragged {
                let left = steps.lt(r - r0);
                (a_in & left.expand_dims(0), b_in & left.expand_dims(1))
            } else {
                (a_in, b_in)
            };
            let at = operand(a.load_masked(a_base + r0 * a_sr, a_mask, 0.0));
            let bt = operand(b.load_masked(b_base + r0 * b_sr, b_mask, 0.0));
            let mut next = vec![dot(at, bt, Some(acc[0]))];
            if spec.row_sums {
                next.push(acc[1] + at.cast(DType::F32).sum(1));
            }
            next
        };
        let at = (ip * c_sp).expand_dims(1) + (iq * c_sq).expand_dims(0);
        let in_c = in_p.expand_dims(1) & in_q.expand_dims(0);
        // Each program owns its tile of `C` (and the first column of programs the row sums),
        // so reading them before the loop and storing after it races with nobody.
        let mut init = if spec.accumulate {
            vec![c.load_masked(at, in_c, 0.0).cast(DType::F32)]
        } else {
            vec![k.zeros([bp, bq], DType::F32)]
        };
        if let Some(sums) = &sums {
            init.push(if spec.accumulate {
                sums.load_masked(ip, in_p, 0.0).cast(DType::F32)
            } else {
                k.zeros([bp], DType::F32)
            });
        }
        // Whole steps, then the ragged rest of `R` (a loop of at most one step).
        let whole = r - r % br as i64;
        let carried = k.for_range(0, whole, br as i64, &init, |r0, acc| step(r0, acc, false));
        let carried = k.for_range(whole, r, br as i64, &carried, |r0, acc| step(r0, acc, true));
        let mut z = carried[0];
        if let Some(bias) = bias {
            z = z + bias
                .load_masked(iq, in_q, 0.0)
                .cast(DType::F32)
                .expand_dims(0);
        }
        if let Some(pre) = preact {
            pre.store_masked(at, z.cast(spec.out), in_c);
        }
        let y = match spec.activation {
            Activation::None => z,
            act => act_tile(act.name(), z),
        };
        c.store_masked(at, y.cast(spec.out), in_c);
        if let Some(sums) = sums {
            sums.store_masked(ip, carried[1].cast(spec.out), in_p & pid_q.equal(0));
        }
    })
}

/// Kernel specialisation of the epilogue that follows a library product.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EpilogueSpec {
    /// Storage dtype of the product `z` (FP32 from cuBLAS; `dy`'s when it only rounds `dy`).
    pub input: DType,
    /// Storage dtype of `y` and the pre-activation.
    pub out: DType,
    /// Add a bias of this dtype indexed by column.
    pub bias: Option<DType>,
    pub activation: Activation,
    /// Also store the pre-activation `z + bias`.
    pub preact: bool,
    /// Columns per program.
    pub block: usize,
}

/// The name the epilogue kernel is cached and emitted under.
pub const EPILOGUE: &str = "matmul_epilogue";

/// `y = act(z + bias)` (and `preact = z + bias`) on `[rows, n]` row-major tensors, in FP32 as the
/// product kernel's epilogue computes it, rounded once to `out`. Program `(r, j)` owns columns
/// `j * block ..` of row `r`. Parameters: `z, [bias], y, [preact], n` (`n` i64).
pub fn epilogue_kernel(spec: &EpilogueSpec) -> Result<Verified, LangError> {
    trace(EPILOGUE, |k| {
        let z = k.input("z", spec.input);
        let bias = spec.bias.map(|d| k.input("bias", d));
        let y = k.output("y", spec.out);
        let preact = spec.preact.then(|| k.output("preact", spec.out));
        let n = k.scalar("n", DType::I64);
        let col = k.program_id(1).cast(DType::I64) * spec.block as i64
            + k.arange(0, spec.block as i64).cast(DType::I64);
        let at = k.program_id(0).cast(DType::I64) * n + col;
        let mask = col.lt(n);
        let mut v = z.load_masked(at, mask, 0.0).cast(DType::F32);
        if let Some(bias) = bias {
            v = v + bias.load_masked(col, mask, 0.0).cast(DType::F32);
        }
        if let Some(pre) = preact {
            pre.store_masked(at, v.cast(spec.out), mask);
        }
        let out = match spec.activation {
            Activation::None => v,
            act => act_tile(act.name(), v),
        };
        y.store_masked(at, out.cast(spec.out), mask);
    })
}

/// Most columns one epilogue program owns.
const EPILOGUE_BLOCK: usize = 1024;

/// Runs [`epilogue_kernel`]: `y = act(z + bias)` over `z`'s `[M, N]` (and `preact`).
#[allow(clippy::too_many_arguments)]
fn launch_epilogue(
    device: &Device,
    entry: &str,
    d: &Dims,
    z: &Tensor,
    bias: Option<&Tensor>,
    activation: Activation,
    y: &mut Tensor,
    preact: Option<&mut Tensor>,
) -> Result<(), OpError> {
    let block = row_block(device, d.n).clamp(1, EPILOGUE_BLOCK);
    let grid = [d.m, d.n.div_ceil(block)];
    if grid[0] == 0 || grid[1] == 0 {
        return Ok(());
    }
    if grid[0] > i32::MAX as usize || grid[1] > MAX_GRID_Y {
        return Err(bad(
            entry,
            "x",
            format!(
                "{} rows of {} columns: at most {} rows and {} columns",
                d.m,
                d.n,
                i32::MAX,
                MAX_GRID_Y * block
            ),
        ));
    }
    let spec = EpilogueSpec {
        input: z.dtype(),
        out: y.dtype(),
        bias: bias.map(Tensor::dtype),
        activation,
        preact: preact.is_some(),
        block,
    };
    let kernel = device.kernel(EPILOGUE, &spec, || epilogue_kernel(&spec))?;
    let mut args = vec![Arg::In(&z.buffer)];
    args.extend(bias.map(|t| Arg::In(&t.buffer)));
    args.push(Arg::Out(&mut y.buffer));
    args.extend(preact.map(|t| Arg::Out(&mut t.buffer)));
    args.push(Arg::I64(d.n as i64));
    device.launch(&kernel, [grid[0] as u32, grid[1] as u32, 1], &mut args)?;
    Ok(())
}

/// The library products of the operator, row-major (`Gemm`'s contract), for `d` and `layout`.
/// `W` is stored `[N, K]` (`nk`, rows of `K`) or `[K, N]` (`kn`, rows of `N`); `x` `[M, K]`, `dz`
/// `[M, N]`, all dense.
#[derive(Clone, Copy, Debug)]
struct Products {
    /// `z[M, N] = x op(W)` with `op(W)` `[K, N]`: `W^T` for `nk`, `W` for `kn`.
    forward: Gemm,
    /// `dx[M, K] = dz op(W)` with `op(W)` `[N, K]`: `W` for `nk`, `W^T` for `kn`.
    dx: Gemm,
    /// `nk`: `dw[N, K] = dz^T x` (A = `dz`, B = `x`); `kn`: `dw[K, N] = x^T dz` (A = `x`,
    /// B = `dz`).
    dw: Gemm,
}

impl Products {
    fn new(d: &Dims, layout: WeightLayout) -> Products {
        let (m, n, k) = (d.m, d.n, d.k);
        let (nk, w_cols) = match layout {
            WeightLayout::Nk => (true, k),
            WeightLayout::Kn => (false, n),
        };
        let w = |transpose: bool| MatrixLayout {
            transpose,
            ..MatrixLayout::rows(w_cols)
        };
        Products {
            forward: Gemm::new(m, n, k, MatrixLayout::rows(k), w(nk)),
            dx: Gemm::new(m, k, n, MatrixLayout::rows(n), w(!nk)),
            dw: if nk {
                Gemm::new(n, k, m, MatrixLayout::transposed(n), MatrixLayout::rows(k))
            } else {
                Gemm::new(k, n, m, MatrixLayout::transposed(k), MatrixLayout::rows(n))
            },
        }
    }
}

/// Tile sizes for a product of `(P, Q, R)` on `device`. On the CPU, `[128, 128]` tiles stepping
/// by 64 (the executor pays per op, so tiles are large; 64 steps keep a step's operands in L2),
/// halved (down to 32) while there are fewer than two programs per core, then cut to the problem
/// so small products carry no masked waste. On a GPU, [`GPU_TILE`].
fn tiles(device: &Device, p: usize, q: usize, r: usize) -> [usize; 3] {
    if !device.is_cpu() {
        return GPU_TILE;
    }
    let (mut bp, mut bq) = (128, 128);
    while p.div_ceil(bp) * q.div_ceil(bq) < 2 * device.compute_units() {
        // Halve the side where that adds tiles, the longer one first.
        let (split_p, split_q) = (bp > 32 && p > bp / 2, bq > 32 && q > bq / 2);
        match (split_p, split_q) {
            (true, true) if p.div_ceil(bp) <= q.div_ceil(bq) => bp /= 2,
            (true, true) | (false, true) => bq /= 2,
            (true, false) => bp /= 2,
            (false, false) => break,
        }
    }
    [bp.min(p).max(1), bq.min(q).max(1), r.clamp(1, 64)]
}

/// The spec `metile emit` shows for `matmul` (the forward: bias, SiLU, saved pre-activation),
/// `matmul_dx` or `matmul_dw` (with the bias gradient's row sums), every tensor in `dtype` but
/// the FP32 weight gradient, with the GPU tiles.
pub fn representative_spec(kernel: &str, dtype: DType) -> GemmSpec {
    let forward = kernel == "matmul";
    GemmSpec {
        a: dtype,
        b: dtype,
        operand: dtype,
        out: if kernel == "matmul_dw" {
            DType::F32
        } else {
            dtype
        },
        bias: forward.then_some(dtype),
        activation: if forward {
            Activation::Silu
        } else {
            Activation::None
        },
        preact: forward,
        row_sums: kernel == "matmul_dw",
        tile: GPU_TILE,
        accumulate: false,
    }
}

/// The GPU tiling: `[64, 64]` tiles of `C` stepping by 32 (multiples of the tensor cores' 16).
const GPU_TILE: [usize; 3] = [64, 64, 32];

/// Most tiles along the second grid axis (CUDA's limit on `gridDim.y`).
const MAX_GRID_Y: usize = 65535;

/// One operand of a launch: its tensor and its element strides `(row, column)`.
struct Operand<'a> {
    t: &'a Tensor,
    strides: (i64, i64),
}

/// Launches `C[P, Q] = A[P, R] B[R, Q]` with the epilogue of `spec` (whose dtypes and flags
/// must match the tensors given; `spec.tile` is set here).
#[allow(clippy::too_many_arguments)]
fn launch_gemm(
    device: &Device,
    entry: &str,
    mut spec: GemmSpec,
    [p, q, r]: [usize; 3],
    a: Operand<'_>,
    b: Operand<'_>,
    bias: Option<&Tensor>,
    c: (&mut Tensor, (i64, i64)),
    preact: Option<&mut Tensor>,
    sums: Option<&mut Tensor>,
) -> Result<(), OpError> {
    spec.tile = tiles(device, p, q, r);
    let grid = [p.div_ceil(spec.tile[0]), q.div_ceil(spec.tile[1]).max(1)];
    if grid[0] == 0 || (q == 0 && sums.is_none()) {
        return Ok(());
    }
    if grid[1] > MAX_GRID_Y || grid[0] > i32::MAX as usize {
        return Err(bad(
            entry,
            "x",
            format!(
                "a product of {p} x {q} needs {} x {} tiles of {} x {}; at most {} x {MAX_GRID_Y}",
                grid[0],
                grid[1],
                spec.tile[0],
                spec.tile[1],
                i32::MAX
            ),
        ));
    }
    let kernel = device.kernel(GEMM, &spec, || gemm_kernel(&spec))?;
    let (c, c_strides) = c;
    let mut args = vec![Arg::In(&a.t.buffer), Arg::In(&b.t.buffer)];
    args.extend(bias.map(|t| Arg::In(&t.buffer)));
    args.push(Arg::Out(&mut c.buffer));
    args.extend(preact.map(|t| Arg::Out(&mut t.buffer)));
    args.extend(sums.map(|t| Arg::Out(&mut t.buffer)));
    for v in [
        p as i64,
        q as i64,
        r as i64,
        a.strides.0,
        a.strides.1,
        b.strides.0,
        b.strides.1,
        c_strides.0,
        c_strides.1,
    ] {
        args.push(Arg::I64(v));
    }
    device.launch(&kernel, [grid[0] as u32, grid[1] as u32, 1], &mut args)?;
    Ok(())
}

// ---- Host wrappers ---------------------------------------------------------------------------

/// The sizes of a product, from validated inputs.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Dims {
    m: usize,
    n: usize,
    k: usize,
    /// Shape of `y`, `z` and `dy`: `x`'s with the last axis `N`.
    out_shape: Vec<usize>,
}

fn validate(
    entry: &str,
    x: &Tensor,
    w: &Tensor,
    bias: Option<&Tensor>,
    layout: WeightLayout,
) -> Result<Dims, OpError> {
    let dt = float_dtype(entry, "x", x)?;
    let Some((&k, lead)) = x.shape.split_last() else {
        return Err(bad(entry, "x", "a scalar; x must be [..., K]".to_string()));
    };
    let (n, wk) = match (&w.shape[..], layout) {
        (&[n, wk], WeightLayout::Nk) => (n, wk),
        (&[wk, n], WeightLayout::Kn) => (n, wk),
        _ => {
            let want = match layout {
                WeightLayout::Nk => "[N, K] (layout nk)",
                WeightLayout::Kn => "[K, N] (layout kn)",
            };
            return Err(bad(
                entry,
                "w",
                format!("shape {:?} must be {want}", w.shape),
            ));
        }
    };
    if wk != k {
        return Err(bad(
            entry,
            "w",
            format!(
                "shape {:?} has K = {wk} input features, x {:?} has K = {k} (layout {})",
                w.shape,
                x.shape,
                layout.name()
            ),
        ));
    }
    same_dtype(entry, "w", w, dt, "x")?;
    if let Some(b) = bias {
        same_dtype(entry, "bias", b, dt, "x")?;
        if b.shape != [n] {
            return Err(bad(
                entry,
                "bias",
                format!("shape {:?} must be [N] = [{n}]", b.shape),
            ));
        }
    }
    let mut out_shape = lead.to_vec();
    out_shape.push(n);
    // With K = 0 both inputs are empty whatever M and N are, so the output's size is unchecked.
    let m = lead.iter().try_fold(1usize, |m, d| m.checked_mul(*d));
    let Some(m) = m.filter(|m| m.checked_mul(n).is_some_and(|mn| mn <= isize::MAX as usize)) else {
        return Err(bad(
            entry,
            "x",
            format!("output {out_shape:?} has too many elements"),
        ));
    };
    Ok(Dims { m, n, k, out_shape })
}

/// Forward outputs: `y`, and the pre-activation `z` when it is saved.
#[derive(Clone, Debug, PartialEq)]
pub struct MatmulOutputs {
    pub y: Tensor,
    pub z: Option<Tensor>,
}

/// Runs the forward on `device`, reusing `prev` outputs that fit.
pub fn forward(
    device: &Device,
    x: &Tensor,
    w: &Tensor,
    bias: Option<&Tensor>,
    opts: &MatmulOptions,
    prev: Option<MatmulOutputs>,
) -> Result<MatmulOutputs, OpError> {
    let entry = "matmul.forward";
    let d = validate(entry, x, w, bias, opts.layout)?;
    let dt = x.dtype();
    let (prev_y, prev_z) = prev.map_or((None, None), |o| (Some(o.y), o.z));
    let mut y = fit_written(device, prev_y, dt, &d.out_shape)?;
    let save = opts.save_preact && opts.activation != Activation::None;
    let mut z = if save {
        Some(fit_written(device, prev_z, dt, &d.out_shape)?)
    } else {
        None
    };
    product(device, entry, &d, x, w, bias, opts, &mut y, z.as_mut())?;
    Ok(MatmulOutputs { y, z })
}

/// `y = act(x W^T + bias)` (and `z`) into `y` (and `z`).
#[allow(clippy::too_many_arguments)]
fn product(
    device: &Device,
    entry: &str,
    d: &Dims,
    x: &Tensor,
    w: &Tensor,
    bias: Option<&Tensor>,
    opts: &MatmulOptions,
    y: &mut Tensor,
    z: Option<&mut Tensor>,
) -> Result<(), OpError> {
    if opts.backend.use_blas(device, entry, d)? {
        let g = Products::new(d, opts.layout).forward;
        if bias.is_none() && opts.activation == Activation::None && z.is_none() {
            device.gemm(&g, &x.buffer, &w.buffer, &mut y.buffer)?;
            return Ok(());
        }
        let mut acc = device.tensor_unfilled(DType::F32, &[d.m, d.n])?;
        device.gemm(&g, &x.buffer, &w.buffer, &mut acc.buffer)?;
        return launch_epilogue(device, entry, d, &acc, bias, opts.activation, y, z);
    }
    let dt = x.dtype();
    let (w_n, w_k) = opts.layout.strides(d.n, d.k);
    let spec = GemmSpec {
        a: dt,
        b: dt,
        operand: dt,
        out: dt,
        bias: bias.map(Tensor::dtype),
        activation: opts.activation,
        preact: z.is_some(),
        row_sums: false,
        tile: [0; 3],
        accumulate: false,
    };
    launch_gemm(
        device,
        entry,
        spec,
        [d.m, d.n, d.k],
        Operand {
            t: x,
            strides: (d.k as i64, 1),
        },
        // B[k, n] = W(n, k).
        Operand {
            t: w,
            strides: (w_k, w_n),
        },
        bias,
        (y, (d.n as i64, 1)),
        z,
        None,
    )
}

/// Backward inputs.
#[derive(Clone, Copy)]
pub struct MatmulBackwardInputs<'a> {
    pub x: &'a Tensor,
    pub w: &'a Tensor,
    pub bias: Option<&'a Tensor>,
    /// The forward's pre-activation; recomputed when absent (and needed).
    pub z: Option<&'a Tensor>,
    pub dy: &'a Tensor,
}

/// Backward outputs.
#[derive(Clone, Debug, PartialEq)]
pub struct MatmulGrads {
    pub dx: Tensor,
    /// FP32, shaped like `w`.
    pub dw: Tensor,
    /// FP32 `[N]`, when a bias was given.
    pub dbias: Option<Tensor>,
}

/// Runs the backward on `device`, reusing `prev` outputs that fit.
pub fn backward(
    device: &Device,
    inp: &MatmulBackwardInputs<'_>,
    opts: &MatmulOptions,
    prev: Option<MatmulGrads>,
) -> Result<MatmulGrads, OpError> {
    let entry = "matmul.backward";
    let (x, w) = (inp.x, inp.w);
    let d = validate(entry, x, w, inp.bias, opts.layout)?;
    let dt = x.dtype();
    let like_y = |name: &str, t: &Tensor, dtype: Option<DType>| -> Result<(), OpError> {
        let got = float_dtype(entry, name, t)?;
        if t.shape != d.out_shape {
            return Err(bad(
                entry,
                name,
                format!(
                    "shape {:?} must be x's with N last: {:?}",
                    t.shape, d.out_shape
                ),
            ));
        }
        match dtype {
            Some(want) if want != got => same_dtype(entry, name, t, want, "x"),
            _ => Ok(()),
        }
    };
    like_y("dy", inp.dy, None)?;
    if let Some(z) = inp.z {
        like_y("z", z, Some(dt))?;
    }
    let (prev_dx, prev_dw, prev_db) =
        prev.map_or((None, None, None), |g| (Some(g.dx), Some(g.dw), g.dbias));
    let mut dx = fit_written(
        device,
        prev_dx,
        if opts.f32_dx { DType::F32 } else { dt },
        &x.shape,
    )?;
    let param_dtype = if opts.storage_param_grads {
        dt
    } else {
        DType::F32
    };
    // Accumulating needs the running sums themselves; anything else may be reused or replaced.
    let grad = |prev: Option<Tensor>, name: &str, shape: &[usize]| -> Result<Tensor, OpError> {
        if !opts.accumulate {
            return fit_written(device, prev, param_dtype, shape);
        }
        match prev {
            Some(t) if t.dtype() == param_dtype && t.shape == shape => Ok(t),
            _ => Err(bad(
                entry,
                name,
                format!("accumulate needs the previous {param_dtype} {name} of shape {shape:?}"),
            )),
        }
    };
    let mut dw = grad(prev_dw, "dw", &w.shape)?;
    let mut dbias = match inp.bias {
        Some(_) => Some(grad(prev_db, "dbias", &[d.n])?),
        None => None,
    };

    // dz = dy * act'(z) in the storage dtype; with no activation, dy is read directly.
    let dz_owned = match opts.activation.unary() {
        None => None,
        Some(kind) => {
            let recomputed;
            let z = match inp.z {
                Some(z) => z,
                None => {
                    let mut z = device.tensor_unfilled(dt, &d.out_shape)?;
                    let plain = MatmulOptions {
                        activation: Activation::None,
                        ..*opts
                    };
                    product(device, entry, &d, x, w, inp.bias, &plain, &mut z, None)?;
                    recomputed = z;
                    &recomputed
                }
            };
            let act = ActOptions::default();
            let mut out = activations::run(device, kind, z, None, Some(inp.dy), &act, vec![])?;
            Some(out.remove(0))
        }
    };
    let dz = dz_owned.as_ref().unwrap_or(inp.dy);
    if opts.backend.use_blas(device, entry, &d)? {
        blas_gradients(device, entry, &d, inp, dz, opts, &mut dx, &mut dw)?;
        if let Some(db) = dbias.as_mut() {
            weight_gradient(
                device,
                entry,
                &d,
                dz,
                x,
                (&mut dw, (0, 0)),
                Some(db),
                0,
                opts.accumulate,
            )?;
        }
        return Ok(MatmulGrads { dx, dw, dbias });
    }
    let (w_n, w_k) = opts.layout.strides(d.n, d.k);
    let plain = |a: DType, out: DType, row_sums: bool| GemmSpec {
        a,
        b: dt,
        operand: dt,
        out,
        bias: None,
        activation: Activation::None,
        preact: false,
        row_sums,
        tile: [0; 3],
        accumulate: false,
    };
    // dx[M, K] = dz[M, N] W[N, K].
    launch_gemm(
        device,
        entry,
        plain(dz.dtype(), dx.dtype(), false),
        [d.m, d.k, d.n],
        Operand {
            t: dz,
            strides: (d.n as i64, 1),
        },
        Operand {
            t: w,
            strides: (w_n, w_k),
        },
        None,
        (&mut dx, (d.k as i64, 1)),
        None,
        None,
    )?;
    weight_gradient(
        device,
        entry,
        &d,
        dz,
        x,
        (&mut dw, (w_n, w_k)),
        dbias.as_mut(),
        d.k,
        opts.accumulate,
    )?;
    Ok(MatmulGrads { dx, dw, dbias })
}

/// `dx = dz op(W)` and `dw` (added to under `opts.accumulate`) with cuBLAS, `dz` first rounded to the storage dtype when it is a
/// `dy` of another dtype.
#[allow(clippy::too_many_arguments)]
fn blas_gradients(
    device: &Device,
    entry: &str,
    d: &Dims,
    inp: &MatmulBackwardInputs<'_>,
    dz: &Tensor,
    opts: &MatmulOptions,
    dx: &mut Tensor,
    dw: &mut Tensor,
) -> Result<(), OpError> {
    let layout = opts.layout;
    let (x, w) = (inp.x, inp.w);
    let dt = x.dtype();
    let rounded;
    let dz = if dz.dtype() == dt {
        dz
    } else {
        let mut r = device.tensor_unfilled(dt, &d.out_shape)?;
        launch_epilogue(device, entry, d, dz, None, Activation::None, &mut r, None)?;
        rounded = r;
        &rounded
    };
    let p = Products::new(d, layout);
    device.gemm(&p.dx, &dz.buffer, &w.buffer, &mut dx.buffer)?;
    let (a, b) = match layout {
        WeightLayout::Nk => (dz, x),
        WeightLayout::Kn => (x, dz),
    };
    let g = Gemm {
        beta: if opts.accumulate { 1.0 } else { 0.0 },
        ..p.dw
    };
    device.gemm(&g, &a.buffer, &b.buffer, &mut dw.buffer)?;
    Ok(())
}

/// The DSL kernel's `dW[N, K] = dz^T[N, M] x[M, K]`, stored at `dw` with strides `(n, k)`, and
/// `dbias[N]` = row sums of `dz^T` (FP32). With `width = 0` only the row sums: no `dw` element
/// is written and no `x` element read (the cuBLAS backend's column sums).
#[allow(clippy::too_many_arguments)]
fn weight_gradient(
    device: &Device,
    entry: &str,
    d: &Dims,
    dz: &Tensor,
    x: &Tensor,
    dw: (&mut Tensor, (i64, i64)),
    dbias: Option<&mut Tensor>,
    width: usize,
    accumulate: bool,
) -> Result<(), OpError> {
    let dt = x.dtype();
    let spec = GemmSpec {
        a: dz.dtype(),
        b: dt,
        operand: dt,
        out: dw.0.dtype(),
        bias: None,
        activation: Activation::None,
        preact: false,
        row_sums: dbias.is_some(),
        tile: [0; 3],
        accumulate,
    };
    launch_gemm(
        device,
        entry,
        spec,
        [d.n, width, d.m],
        Operand {
            t: dz,
            strides: (1, d.n as i64),
        },
        Operand {
            t: x,
            strides: (d.k as i64, 1),
        },
        None,
        dw,
        None,
        dbias,
    )
}

// ---- Registry entry points -------------------------------------------------------------------

use crate::registry::port;

const X: Port = port("x", PortShape::LikeX, false, "input rows [..., K]");
const W: Port = port(
    "w",
    PortShape::Weight,
    false,
    "weight [N, K] (layout nk) or [K, N] (layout kn)",
);
const BIAS: Port = port("bias", PortShape::OutCols, true, "bias [N], x's dtype");
const Y: Port = port("y", PortShape::LikeOut, false, "act(x W^T + bias)");
const Z: Port = port(
    "z",
    PortShape::LikeOut,
    true,
    "pre-activation x W^T + bias (forward: saved when there is an activation and save_preact; \
     backward: recomputed when absent)",
);
const DY: Port = port("dy", PortShape::LikeOut, false, "cotangent of y");
const DX: Port = port("dx", PortShape::LikeX, false, "gradient of x");
const DW: Port = port("dw", PortShape::Weight, false, "gradient of w, f32");
const DB: Port = port(
    "dbias",
    PortShape::OutCols,
    true,
    "gradient of bias, f32 (when bias is given)",
);

const ACTIVATION: ParamDef = ParamDef {
    name: "activation",
    default: "none",
    allowed: "none, relu, silu, quick_gelu, gelu_tanh",
    doc: "epilogue applied to x W^T + bias",
};
const LAYOUT: ParamDef = ParamDef {
    name: "layout",
    default: "nk",
    allowed: "nk, kn",
    doc: "w is [N, K] (PyTorch Linear) or [K, N]",
};
const SAVE_PREACT: ParamDef = ParamDef {
    name: "save_preact",
    default: "true",
    allowed: "true, false",
    doc: "return z for the backward (false: the backward recomputes it)",
};

fn options(p: &Params, backward: bool) -> Result<MatmulOptions, OpError> {
    let activation = Activation::parse(&p.choice("activation", &ACTIVATIONS)?).unwrap_or_default();
    let layout = match p.choice("layout", &["nk", "kn"])?.as_str() {
        "kn" => WeightLayout::Kn,
        _ => WeightLayout::Nk,
    };
    let mut o = MatmulOptions {
        layout,
        ..MatmulOptions::new(activation)
    };
    if backward {
        o.f32_dx = p.choice("grad_dtype", &["storage", "f32"])? == "f32";
    } else {
        o.save_preact = p.choice("save_preact", &["true", "false"])? == "true";
    }
    Ok(o)
}

fn run_forward(d: &Device, t: &Tensors, p: &Params, out: &mut Tensors) -> Result<(), OpError> {
    let entry = "matmul.forward";
    let (x, w) = (input(entry, t, "x")?, input(entry, t, "w")?);
    let opts = options(p, false)?;
    let prev = out.remove("y").map(|y| MatmulOutputs {
        y,
        z: out.remove("z"),
    });
    let o = forward(d, x, w, t.get("bias"), &opts, prev)?;
    out.insert("y".into(), o.y);
    if let Some(z) = o.z {
        out.insert("z".into(), z);
    }
    Ok(())
}

fn run_backward(d: &Device, t: &Tensors, p: &Params, out: &mut Tensors) -> Result<(), OpError> {
    let entry = "matmul.backward";
    let inp = MatmulBackwardInputs {
        x: input(entry, t, "x")?,
        w: input(entry, t, "w")?,
        bias: t.get("bias"),
        z: t.get("z"),
        dy: input(entry, t, "dy")?,
    };
    let opts = options(p, true)?;
    let prev = out
        .remove("dx")
        .zip(out.remove("dw"))
        .map(|(dx, dw)| MatmulGrads {
            dx,
            dw,
            dbias: out.remove("dbias"),
        });
    let g = backward(d, &inp, &opts, prev)?;
    out.insert("dx".into(), g.dx);
    out.insert("dw".into(), g.dw);
    if let Some(db) = g.dbias {
        out.insert("dbias".into(), db);
    }
    Ok(())
}

/// The matmul pair.
pub static ENTRY_POINTS: [EntryPoint; 2] = [
    EntryPoint {
        name: "matmul.forward",
        op: "matmul",
        inputs: &[X, W, BIAS],
        outputs: &[Y, Z],
        params: &[ACTIVATION, LAYOUT, SAVE_PREACT],
        overwrites: &[],
        run: run_forward,
    },
    EntryPoint {
        name: "matmul.backward",
        op: "matmul",
        inputs: &[X, W, BIAS, Z, DY],
        outputs: &[DX, DW, DB],
        params: &[ACTIVATION, LAYOUT, GRAD_DTYPE],
        overwrites: &[],
        run: run_backward,
    },
];
