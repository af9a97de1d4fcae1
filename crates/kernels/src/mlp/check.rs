//! Randomized checks of `fused_mlp` and `tiled_mlp` against `reference::mlp` (FP64), for
//! `metile check` and the unit tests: both gates, each dtype, separate and packed gate|up
//! weights, multipliers other than 1, saved and recomputed `gu`, storage and FP32 `dx` and
//! weight gradients, ragged shapes (rows, `dim` and `I` of 1 and of no tile's multiple, leading
//! axes) and, for `tiled_mlp`, shard counts that do not divide the rows (and more shards than
//! rows). Outputs are poisoned before each launch; inputs are rounded to their storage dtype
//! first.
//!
//! Tolerance. Each output's error is taken relative to the largest of its magnitudes
//! ([`crate::reference::mlp::Mlp::magnitudes`]: the first-order size of what the output moves
//! by when every input and every rounded intermediate moves by its own relative amount). Against
//! that scale an output is allowed `k u + (1.25 R + 16) u32`: `k` storage roundings (`u` the
//! storage dtype's unit roundoff) of the values its chain stores, each moving it by at most `u`
//! times the magnitude, and FP32 sums of `R` terms in all (at most `R` roundings of running sums,
//! in any order) plus a few FP32 roundings in the activation. `k` and `R` per output:
//! `out` 4 (`G`, `U`, `A`, `out`) and `dim + I`; `gu` 1 and `dim`; `dgu` (the in-place
//! backward's `[dG | dU]`, checked where `gu` is saved) 4 (`G`, `U`, `dA`, itself) and `2 dim`;
//! `dx` 5 (`G`, `U`, `dA`,
//! `[dG | dU]`, `dx`) and `2 dim + 2I`; the gate/up weight gradients 4 (`G`, `U`, `dA`,
//! `[dG | dU]`) and `2 dim + M`; `dWd` 3 (`G`, `U`, `A`) and `dim + M`; a storage-dtype weight
//! gradient one more per product that rounds it (one per shard when tiled).

use metile_ir::DType;
use metile_runtime::Device;

use super::{
    backward, backward_in_place, forward, tiled_backward, tiled_forward, Gate, MlpGrads, MlpInputs,
    MlpOptions, MlpOutputs, UpGrads, UpWeights,
};
use crate::check::{poisoned, tensor, CheckCase, CheckRow};
use crate::matmul::MatmulBackend;
use crate::reference::mlp::Mlp;
use crate::registry::OpError;
use crate::testing::{max_abs, round_to_storage, to_f64, unit_roundoff, Rng};

/// One randomized configuration: `x` is `lead + [dim]` with `M` the product of `lead`.
#[derive(Clone, Debug)]
pub struct MlpCase {
    pub dtype: DType,
    pub lead: Vec<usize>,
    pub dim: usize,
    pub inter: usize,
    /// One `w_gu [2I, dim]` instead of `wg` and `wu`.
    pub packed: bool,
    pub opts: MlpOptions,
    /// `None`: `fused_mlp`; `Some(shards)`: `tiled_mlp` (`Some(None)`: `shards = auto`).
    pub tiled: Option<Option<usize>>,
    pub seed: u64,
}

/// The tolerance of an output with `k` storage roundings on its chain and FP32 sums of `r`
/// terms in all, in `dtype` storage.
pub fn tolerance(dtype: DType, k: usize, r: usize) -> f64 {
    k as f64 * unit_roundoff(dtype) + (1.25 * r as f64 + 16.0) * unit_roundoff(DType::F32)
}

/// One compared output: its name, the values, the oracle's, the magnitude scale, and the
/// storage roundings and FP32 sum length of its tolerance.
type Expected = (String, Vec<f32>, Vec<f64>, f64, usize, usize);

/// The op a case checks.
fn op_of(tiled: bool) -> &'static str {
    if tiled {
        "tiled_mlp"
    } else {
        "fused_mlp"
    }
}

impl MlpCase {
    pub fn m(&self) -> usize {
        self.lead.iter().product()
    }

    pub fn op(&self) -> &'static str {
        op_of(self.tiled.is_some())
    }

    fn shape(&self) -> String {
        format!("{}x{}x{}", self.m(), self.dim, self.inter)
    }

    /// The shard count the tiled operator uses (1 for the fused one).
    pub fn shard_count(&self) -> usize {
        let m = self.m();
        let s = match self.tiled {
            None => return 1,
            Some(Some(s)) => s,
            Some(None) => {
                let mut shape = self.lead.clone();
                shape.push(self.dim);
                super::default_shards(&shape)
            }
        };
        let rows = m.div_ceil(s).max(1);
        m.div_ceil(rows).max(1)
    }

    pub fn describe(&self) -> String {
        let o = &self.opts;
        let mut s = o.gate.name().to_string();
        if self.lead.len() > 1 {
            s += &format!(" x{:?}", self.lead);
        }
        if self.packed {
            s += " w_gu";
        }
        if o.gate_multiplier != 1.0 || o.down_multiplier != 1.0 {
            s += &format!(" gm={} dm={}", o.gate_multiplier, o.down_multiplier);
        }
        match self.tiled {
            None if !o.save_preact => s += " recompute",
            None => {}
            Some(None) => s += &format!(" shards=auto({})", self.shard_count()),
            Some(Some(n)) => s += &format!(" shards={n}({})", self.shard_count()),
        }
        if o.f32_dx {
            s += " dx:f32";
        }
        if o.storage_param_grads {
            s += " dw:storage";
        }
        s
    }

    /// Runs forward and backward on `device` and compares every output with the oracle: on the
    /// CPU once, on a GPU once per products' backend (the DSL kernel, then cuBLAS).
    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        if device.is_cpu() {
            return self.run_on(device, MatmulBackend::Auto);
        }
        let mut rows = self.run_on(device, MatmulBackend::Dsl)?;
        rows.extend(self.run_on(device, MatmulBackend::Blas)?);
        Ok(rows)
    }

    /// One run with the products on `backend`.
    pub fn run_on(
        &self,
        device: &Device,
        backend: MatmulBackend,
    ) -> Result<Vec<CheckRow>, OpError> {
        let opts = MlpOptions {
            backend,
            ..self.opts
        };
        let config = match backend {
            MatmulBackend::Auto => self.describe(),
            MatmulBackend::Dsl => format!("{} dsl", self.describe()),
            MatmulBackend::Blas => format!("{} blas", self.describe()),
        };
        let (m, dim, inter) = (self.m(), self.dim, self.inter);
        let mut rng = Rng::new(self.seed);
        let mut gen = |len: usize, fan_in: usize| {
            let std = 1.0 / (fan_in.max(1) as f32).sqrt();
            let mut v = rng.normal_vec(len, 0.0, std);
            round_to_storage(&mut v, self.dtype);
            v
        };
        let x = gen(m * dim, 1);
        let (wg, wu) = (gen(inter * dim, dim), gen(inter * dim, dim));
        let wd = gen(dim * inter, inter);
        let dout = gen(m * dim, 1);
        let mut x_shape = self.lead.clone();
        x_shape.push(dim);
        let mut gu_shape = self.lead.clone();
        gu_shape.push(2 * inter);
        let up = |v: &[f32], shape: &[usize]| tensor(device, self.dtype, shape, v);
        let (xt, wgt, wut, wdt, doutt) = (
            up(&x, &x_shape)?,
            up(&wg, &[inter, dim])?,
            up(&wu, &[inter, dim])?,
            up(&wd, &[dim, inter])?,
            up(&dout, &x_shape)?,
        );
        let packed_w: Vec<f32> = wg.iter().chain(&wu).copied().collect();
        let w_gu = up(&packed_w, &[2 * inter, dim])?;
        let inp = MlpInputs {
            x: &xt,
            up: if self.packed {
                UpWeights::Packed(&w_gu)
            } else {
                UpWeights::Separate {
                    gate: &wgt,
                    up: &wut,
                }
            },
            down: &wdt,
        };
        let pdt = opts.param_grad_dtype(self.dtype);
        let dx_dt = if opts.f32_dx { DType::F32 } else { self.dtype };
        let poisoned_grads = || -> Result<MlpGrads, OpError> {
            Ok(MlpGrads {
                dx: poisoned(device, dx_dt, &x_shape)?,
                up: if self.packed {
                    UpGrads::Packed(poisoned(device, pdt, &[2 * inter, dim])?)
                } else {
                    UpGrads::Separate {
                        gate: poisoned(device, pdt, &[inter, dim])?,
                        up: poisoned(device, pdt, &[inter, dim])?,
                    }
                },
                down: poisoned(device, pdt, &[dim, inter])?,
            })
        };
        // The saved gu, and what the in-place backward left there ([dG | dU]).
        let (out, gu, dgu, grads) = match self.tiled {
            None => {
                let fwd = forward(
                    device,
                    &inp,
                    &opts,
                    Some(MlpOutputs {
                        out: poisoned(device, self.dtype, &x_shape)?,
                        gu: Some(poisoned(device, self.dtype, &gu_shape)?),
                    }),
                )?;
                let prev = Some(poisoned_grads()?);
                match fwd.gu {
                    Some(mut gu) => {
                        let gu_values = gu.to_f32()?;
                        let g = backward_in_place(device, &inp, &mut gu, &doutt, &opts, prev)?;
                        (fwd.out, Some(gu_values), Some(gu.to_f32()?), g)
                    }
                    None => {
                        let g = backward(device, &inp, None, &doutt, &opts, prev)?;
                        (fwd.out, None, None, g)
                    }
                }
            }
            Some(shards) => {
                let out = tiled_forward(
                    device,
                    &inp,
                    &opts,
                    shards,
                    Some(poisoned(device, self.dtype, &x_shape)?),
                )?;
                let g =
                    tiled_backward(device, &inp, &doutt, &opts, shards, Some(poisoned_grads()?))?;
                (out, None, None, g)
            }
        };

        let (x64, wg64, wu64, wd64, dout64) = (
            to_f64(&x),
            to_f64(&wg),
            to_f64(&wu),
            to_f64(&wd),
            to_f64(&dout),
        );
        let oracle = Mlp {
            m,
            dim,
            inter,
            x: &x64,
            wg: &wg64,
            wu: &wu64,
            wd: &wd64,
            act: opts.gate.activation(),
            gm: f64::from(opts.gate_multiplier),
            dm: f64::from(opts.down_multiplier),
        };
        let f = oracle.forward();
        let g = oracle.backward(&dout64);
        let mag = oracle.magnitudes(&dout64);
        let param_roundings = if opts.storage_param_grads && self.dtype != DType::F32 {
            self.shard_count()
        } else {
            0
        };
        let dx_roundings = if opts.f32_dx { 4 } else { 5 };
        let pack = |a: &[f64], b: &[f64], width: usize| -> Vec<f64> {
            // Rows of `a` then `b` side by side: `[a | b]` per row of `width` each.
            let rows = a.len().checked_div(width).unwrap_or(0);
            (0..rows)
                .flat_map(|r| {
                    a[r * width..(r + 1) * width]
                        .iter()
                        .chain(&b[r * width..(r + 1) * width])
                        .copied()
                })
                .collect()
        };
        let stack = |a: &[f64], b: &[f64]| -> Vec<f64> { a.iter().chain(b).copied().collect() };

        let op = self.op();
        let mut expect: Vec<Expected> = vec![(
            format!("{op}.forward:out"),
            out.to_f32()?,
            f.out.clone(),
            max_abs(&mag.out),
            4,
            dim + inter,
        )];
        if let Some(gu) = gu {
            expect.push((
                format!("{op}.forward:gu"),
                gu,
                pack(&f.g, &f.u, inter),
                max_abs(&mag.g).max(max_abs(&mag.u)),
                1,
                dim,
            ));
        }
        if let Some(dgu) = dgu {
            let (dg, du) = oracle.preact_grads(&dout64);
            expect.push((
                format!("{op}.in_place_backward:dgu"),
                dgu,
                pack(&dg, &du, inter),
                max_abs(&mag.dg).max(max_abs(&mag.du)),
                4,
                2 * dim,
            ));
        }
        expect.push((
            format!("{op}.backward:dx"),
            grads.dx.to_f32()?,
            g.dx.clone(),
            max_abs(&mag.grads.dx),
            dx_roundings,
            2 * dim + 2 * inter,
        ));
        let up_scale = max_abs(&mag.grads.dwg).max(max_abs(&mag.grads.dwu));
        match &grads.up {
            UpGrads::Packed(w) => expect.push((
                format!("{op}.backward:dw_gu"),
                w.to_f32()?,
                stack(&g.dwg, &g.dwu),
                up_scale,
                4 + param_roundings,
                2 * dim + m,
            )),
            UpGrads::Separate { gate, up } => {
                expect.push((
                    format!("{op}.backward:dwg"),
                    gate.to_f32()?,
                    g.dwg.clone(),
                    up_scale,
                    4 + param_roundings,
                    2 * dim + m,
                ));
                expect.push((
                    format!("{op}.backward:dwu"),
                    up.to_f32()?,
                    g.dwu.clone(),
                    up_scale,
                    4 + param_roundings,
                    2 * dim + m,
                ));
            }
        }
        expect.push((
            format!("{op}.backward:dwd"),
            grads.down.to_f32()?,
            g.dwd.clone(),
            max_abs(&mag.grads.dwd),
            3 + param_roundings,
            dim + m,
        ));
        Ok(expect
            .into_iter()
            .map(|(name, got, reference, scale, k, r)| {
                CheckRow::compare(
                    op,
                    name,
                    self.dtype,
                    self.shape(),
                    config.clone(),
                    &got,
                    &reference,
                    tolerance(self.dtype, k, r),
                    scale,
                )
            })
            .collect())
    }
}

/// The sweep: per dtype and gate, four fused shapes in which rows, `dim` and `I` are 1 and
/// ragged sizes (with leading axes once), layout, saving, gradient dtypes and multipliers
/// varying with the seed; then three tiled shapes with shard counts that do not divide the
/// rows, `auto`, and more shards than rows; then larger shapes (260 rows, `I = 344`).
pub fn sweep() -> Vec<MlpCase> {
    let fused: [(&[usize], usize, usize); 4] = [
        (&[1], 33, 1),
        (&[17], 1, 40),
        (&[37], 48, 70),
        (&[2, 13], 64, 24),
    ];
    let tiled: [(&[usize], usize, usize, Option<usize>); 3] = [
        (&[37], 48, 70, Some(4)),
        (&[2, 13], 64, 24, Some(5)),
        (&[3, 7], 5, 12, None),
    ];
    let multipliers = [(1.0, 1.0), (0.8, 1.3), (1.5, 0.5)];
    let mut out = Vec::new();
    let mut seed: u64 = 9700;
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for gate in Gate::ALL {
            let shapes = fused
                .iter()
                .map(|&(l, d, i)| (l, d, i, None))
                .chain(tiled.iter().map(|&(l, d, i, s)| (l, d, i, Some(s))));
            for (lead, dim, inter, tiled) in shapes {
                seed += 1;
                let (gm, dm) = multipliers[(seed % 3) as usize];
                out.push(MlpCase {
                    dtype,
                    lead: lead.to_vec(),
                    dim,
                    inter,
                    packed: seed.is_multiple_of(2),
                    opts: MlpOptions {
                        gate,
                        gate_multiplier: gm,
                        down_multiplier: dm,
                        save_preact: !seed.is_multiple_of(5),
                        f32_dx: seed % 4 == 1,
                        storage_param_grads: seed % 7 < 3,
                        backend: MatmulBackend::Auto,
                    },
                    tiled,
                    seed,
                });
            }
        }
    }
    // Larger, GPU-tile-ragged shapes (260 rows, I = 344): one fused and one tiled per dtype.
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for tiled in [None, Some(Some(3))] {
            seed += 1;
            out.push(MlpCase {
                dtype,
                lead: vec![4, 65],
                dim: 96,
                inter: 344,
                packed: tiled.is_some(),
                opts: MlpOptions {
                    gate_multiplier: 0.8,
                    down_multiplier: 1.3,
                    ..MlpOptions::default()
                },
                tiled,
                seed,
            });
        }
    }
    // More shards than rows: one row per shard.
    out.push(MlpCase {
        dtype: DType::BF16,
        lead: vec![17],
        dim: 1,
        inter: 40,
        packed: false,
        opts: MlpOptions {
            gate_multiplier: 0.8,
            down_multiplier: 1.3,
            storage_param_grads: true,
            ..MlpOptions::default()
        },
        tiled: Some(Some(100)),
        seed: 9800,
    });
    out
}

/// The sweep as `metile check` cases.
pub fn cases() -> Vec<CheckCase> {
    sweep()
        .into_iter()
        .map(|case| CheckCase {
            op: case.op(),
            label: format!(
                "{} {} {} {}",
                case.op(),
                case.dtype,
                case.shape(),
                case.describe()
            ),
            run: Box::new(move |d: &Device| case.run(d)),
        })
        .collect()
}
