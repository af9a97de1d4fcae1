//! Randomized checks of fused linear KL divergence against `reference::fused_linear_kl_div`
//! (FP64 logits `x W^T / T` materialised, Liger's loss formula, the chain rule): ragged `N`, `H`
//! (small and odd) and `V` (1 to 70,001, past the CPU's 65,536-column tile so that rows are
//! stepped), each reduction, temperatures of both signs, labels with ignored rows, every row
//! ignored, no labels, targets whose rows do not sum to 1 and hold zeros (the `eps` floor),
//! f32/f16/bf16 hidden states with targets in another dtype, `grad_hidden` in FP32, each case
//! under several chunk sizes (one chunk, single rows, a ragged size, Liger's rule with
//! `C = 16`). Gradient outputs are poisoned before the forward and the backward. The loss and
//! `grad_hidden` must be bit-identical across chunk sizes on the CPU (each row's logits and
//! gradient do not depend on the chunk); `grad_weight` sums chunks in another order.
//!
//! Tolerances are error bounds from the kernel's roundings (an output passes when its largest
//! error is within the bound; never widened to pass). With `u` the storage dtype's unit
//! roundoff, `u32` FP32's and `m_i` row `i`'s largest `sum_k |x_ik w_jk|`:
//! - each logit is an FP32 sum of `H` products rounded to storage, then divided by `T` in FP32,
//!   so `z` is off by at most `dz_i = (u + (1.25 H + 18) u32) m_i / |T| + 8 u32 (m_i / |T| +
//!   ln V)` (the last term the FP32 error of `lse` and `exp`);
//! - a row's loss moves by at most `2 (scale sum_j |p_j S - q_j| + scale S) dz_i` (first order in
//!   `z`, twice for second order, plus `lse`'s own error weighted by `S = sum q`), plus the FP32
//!   error of summing its `V` terms, `(2 log2 V + V / 8192 + 16) u32` of their size
//!   `scale sum_j q_j (|ln max(q_j, eps)| + |z_j - lse|)`;
//! - the logits' gradient element by `|scale dloss / T| (2 S p_j dz_i + (6 + log2 V) u32 (p_j S
//!   + q_j))` plus, twice (rounded to storage, then scaled by `dloss` and rounded again), `u` of
//!   itself and the dtype's `underflow_error`: under `mean` the gradient is `scale / T (p S - q)`
//!   with `scale = 1 / (n V)`, about 1e-7 at 300 classes, inside f16's subnormals (below 6.1e-5),
//!   where a rounding's error is absolute (2^-25), not relative (Liger rounds `g` to f16 too);
//! - the projections add `(1.25 R + chunks + 16) u32` of the sizes of their terms (`R` summed
//!   terms) and, twice, `u` of the output and its `underflow_error` (a 16-bit `grad_hidden`, also
//!   subnormal in those cases).

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::{backward, forward_tiled, Chunking, FlklGrads, FlklInputs, FlklOptions, SavedGrads};
use crate::check::{poisoned, CheckCase, CheckRow};
use crate::norms::Tiling;
use crate::reference::distill::Reduction;
use crate::reference::fused_linear_kl_div::{Flkl, KlLossOptions};
use crate::registry::OpError;
use crate::testing::{round_to_storage, to_f64, underflow_error, unit_roundoff, Rng, REL_FLOOR};

/// Which rows carry labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Labels {
    /// No labels: every row counts.
    None,
    /// Labels, every third row `ignore_index`.
    Some,
    /// Every row's label is `ignore_index`: zero loss and gradients.
    AllIgnored,
}

/// One randomized configuration, run under each of `chunkings`.
#[derive(Clone, Debug)]
pub struct FlklCase {
    pub dtype: DType,
    /// The target's dtype.
    pub target: DType,
    pub n: usize,
    pub h: usize,
    pub v: usize,
    pub opts: KlLossOptions,
    pub labels: Labels,
    pub f32_grad_hidden: bool,
    pub chunkings: Vec<Chunking>,
    /// Rows stepped in tiles of this many columns instead of the device's tiling (unit tests).
    pub step: Option<usize>,
    pub seed: u64,
}

/// The outputs of one chunking, as f32.
struct Run {
    loss: Vec<f32>,
    dhidden: Vec<f32>,
    dweight: Vec<f32>,
}

impl FlklCase {
    pub fn describe(&self) -> String {
        format!(
            "{:?} T={} labels={:?} q={}{}{}",
            self.opts.reduction,
            self.opts.temperature,
            self.labels,
            self.target,
            if self.f32_grad_hidden {
                " grad_hidden=f32"
            } else {
                ""
            },
            self.step.map_or(String::new(), |s| format!(" step={s}")),
        )
        .to_lowercase()
    }

    fn chunk_name(c: Chunking) -> String {
        match c {
            Chunking::Rows(r) => format!("chunk={r}"),
            Chunking::MemConst(m) => format!("chunk_mem_const={m}"),
        }
    }

    /// A row comparing `got` with `want`, passing when the largest error is within `bound`.
    #[allow(clippy::too_many_arguments)]
    fn bounded(
        &self,
        output: &str,
        chunk: Chunking,
        got: &[f32],
        want: &[f64],
        bound: f64,
        size: f64,
    ) -> CheckRow {
        let ref_max = crate::testing::max_abs(want);
        let denom = ref_max.max(size).max(REL_FLOOR);
        CheckRow::compare(
            "fused_linear_kl_div",
            format!("fused_linear_kl_div.{output}"),
            self.dtype,
            format!("{}x{}x{}", self.n, self.h, self.v),
            format!("{} {}", self.describe(), Self::chunk_name(chunk)),
            got,
            want,
            bound / denom,
            size,
        )
    }

    fn run_one(
        &self,
        device: &Device,
        inp: &FlklInputs<'_>,
        chunking: Chunking,
        dloss: &Tensor,
    ) -> Result<Run, OpError> {
        let (n, h, v, dt) = (self.n, self.h, self.v, self.dtype);
        let o = FlklOptions {
            loss: self.opts,
            chunking,
            storage_param_grads: false,
            f32_grad_hidden: self.f32_grad_hidden,
        };
        let dh = if self.f32_grad_hidden { DType::F32 } else { dt };
        let poison = || -> Result<FlklGrads, OpError> {
            Ok(FlklGrads {
                hidden: poisoned(device, dh, &[n, h])?,
                weight: poisoned(device, DType::F32, &[v, h])?,
                bias: None,
            })
        };
        let tiling = self.step.map(|s| Tiling {
            block: s,
            exact: false,
            looped: true,
            prefetch: false,
        });
        let f = forward_tiled(device, inp, &o, Some(poison()?), tiling)?;
        let g = backward(
            device,
            inp,
            SavedGrads::of(&f.grads),
            dloss,
            &o,
            Some(poison()?),
        )?;
        Ok(Run {
            loss: f.loss.to_f32()?,
            dhidden: g.hidden.to_f32()?,
            dweight: g.weight.to_f32()?,
        })
    }

    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let (n, h, v, dt, o) = (self.n, self.h, self.v, self.dtype, &self.opts);
        let mut rng = Rng::new(self.seed);
        let mut gen = |len: usize, std: f32, d: DType| {
            let mut x = rng.normal_vec(len, 0.0, std);
            round_to_storage(&mut x, d);
            x
        };
        let x = gen(n * h, 1.0, dt);
        let w = gen(v * h, 2.0 / (h.max(1) as f32).sqrt(), dt);
        // Targets: |normal| with a zero every 7 columns, rows scaled to sum to 1, 0.5 or 1.5
        // (before rounding to their dtype), one row in four peaked on one class.
        let mut q: Vec<f32> = gen(n * v, 1.0, DType::F32)
            .iter()
            .map(|a| a.abs())
            .collect();
        for i in 0..n {
            let row = &mut q[i * v..(i + 1) * v];
            row.iter_mut().skip(i % 7).step_by(7).for_each(|a| *a = 0.0);
            if i % 4 == 3 {
                row[(i * 13) % v] += 50.0;
            }
            let mass = [1.0, 0.5, 1.5][i % 3];
            let s: f32 = row.iter().sum();
            if s > 0.0 {
                row.iter_mut().for_each(|a| *a *= mass / s);
            }
        }
        round_to_storage(&mut q, self.target);
        let labels: Option<Vec<i64>> = match self.labels {
            Labels::None => None,
            Labels::Some => Some(
                (0..n)
                    .map(|i| {
                        if i % 3 == 1 {
                            o.ignore_index
                        } else {
                            rng.below(v as u64) as i64
                        }
                    })
                    .collect(),
            ),
            Labels::AllIgnored => Some(vec![o.ignore_index; n]),
        };
        let dl = 0.75f32;
        let up = |d: DType, shape: &[usize], vals: &[f32]| -> Result<Tensor, OpError> {
            Ok(device.to_device(&Tensor::from_f32(d, shape, vals)?)?)
        };
        let (xt, wt, qt) = (
            up(dt, &[n, h], &x)?,
            up(dt, &[v, h], &w)?,
            up(self.target, &[n, v], &q)?,
        );
        let lt = labels
            .as_ref()
            .map(|l| -> Result<Tensor, OpError> {
                Ok(device.to_device(&Tensor::new(Buffer::from_i64(DType::I64, l)?, vec![n])?)?)
            })
            .transpose()?;
        let dlt = up(DType::F32, &[], &[dl])?;
        let inp = FlklInputs {
            hidden: &xt,
            weight: &wt,
            target: &qt,
            labels: lt.as_ref(),
        };

        // The oracle and the bounds.
        let (x64, w64, q64) = (to_f64(&x), to_f64(&w), to_f64(&q));
        let p = Flkl {
            n,
            h,
            v,
            x: &x64,
            w: &w64,
            q: &q64,
            labels: labels.as_deref(),
            opts: *o,
        };
        let want_loss = vec![p.forward()];
        let dl64 = f64::from(dl);
        let want = p.backward(dl64);
        let (u, u32_) = (unit_roundoff(dt), unit_roundoff(DType::F32));
        let (ln_v, log2_v) = ((v as f64).ln(), (v as f64).log2().ceil());
        let inv_t = 1.0 / o.temperature.abs();
        let scale = p.scale();
        let mags = p.product().forward_magnitudes();
        let z = p.logits();
        let m_row: Vec<f64> = (0..n)
            .map(|i| {
                mags[i * v..(i + 1) * v]
                    .iter()
                    .fold(0.0f64, |a, m| a.max(*m))
            })
            .collect();
        let dz: Vec<f64> = m_row
            .iter()
            .map(|m| {
                (u + (1.25 * h as f64 + 18.0) * u32_) * m * inv_t + 8.0 * u32_ * (m * inv_t + ln_v)
            })
            .collect();
        let sum_err = (2.0 * log2_v + v as f64 / 8192.0 + 16.0) * u32_;
        let (mut loss_bound, mut loss_size) = (0.0, 0.0);
        let mut eg = vec![0.0; n * v];
        for i in (0..n).filter(|i| p.valid(*i)) {
            let row = &z[i * v..(i + 1) * v];
            let qi = &q64[i * v..(i + 1) * v];
            let mx = row.iter().fold(f64::NEG_INFINITY, |a, s| a.max(*s));
            let se: f64 = row.iter().map(|s| (s - mx).exp()).sum();
            let lse = mx + se.ln();
            let mass: f64 = qi.iter().sum();
            let (mut lip, mut size) = (0.0, 0.0);
            for j in 0..v {
                let pj = (row[j] - lse).exp();
                lip += (pj * mass - qi[j]).abs();
                size += qi[j] * (qi[j].max(o.eps).ln().abs() + (row[j] - lse).abs());
                eg[i * v + j] = dl64
                    * scale
                    * inv_t
                    * (2.0 * mass * pj * dz[i] + (6.0 + log2_v) * u32_ * (pj * mass + qi[j]))
                    + 2.0 * (u * want.dz[i * v + j].abs() + underflow_error(dt));
            }
            loss_bound += 2.0 * scale * (lip + mass) * dz[i] + sum_err * scale * size;
            loss_size += scale * size;
        }
        let prod = p.product();
        let (e_dh, e_dw, _) = prod.backward_magnitudes(&eg);
        let (s_dh, s_dw, _) = prod.backward_magnitudes(&want.dz);
        let max = |a: &[f64]| a.iter().fold(0.0f64, |m, x| m.max(*x));
        let dh_dtype = if self.f32_grad_hidden { DType::F32 } else { dt };
        let (u_dh, under_dh) = (unit_roundoff(dh_dtype), underflow_error(dh_dtype));

        let mut out = Vec::new();
        let mut first: Option<Run> = None;
        for &chunking in &self.chunkings {
            let r = self.run_one(device, &inp, chunking, &dlt)?;
            let chunks = n.div_ceil(chunking.rows(n, h, v).max(1)) as f64;
            let dh_bound = (0..n * h)
                .map(|e| {
                    e_dh[e]
                        + (1.25 * v as f64 + 16.0) * u32_ * s_dh[e]
                        + 2.0 * (u_dh * want.dx[e].abs() + under_dh)
                })
                .fold(0.0f64, f64::max);
            let dw_bound = (0..v * h)
                .map(|e| e_dw[e] + (1.25 * n as f64 + chunks + 16.0) * u32_ * s_dw[e])
                .fold(0.0f64, f64::max);
            out.push(self.bounded(
                "forward:loss",
                chunking,
                &r.loss,
                &want_loss,
                loss_bound,
                loss_size,
            ));
            out.push(self.bounded(
                "backward:dhidden",
                chunking,
                &r.dhidden,
                &want.dx,
                dh_bound,
                max(&s_dh),
            ));
            out.push(self.bounded(
                "backward:dweight",
                chunking,
                &r.dweight,
                &want.dw,
                dw_bound,
                max(&s_dw),
            ));
            // Rows do not depend on the chunk: bit for bit on the CPU.
            if let (Some(f), true) = (&first, device.is_cpu()) {
                for (name, got, base) in [
                    ("forward:loss=first_chunking", &r.loss, &f.loss),
                    ("backward:dhidden=first_chunking", &r.dhidden, &f.dhidden),
                ] {
                    out.push(self.bounded(name, chunking, got, &to_f64(base), 0.0, 0.0));
                }
            }
            if first.is_none() {
                first = Some(r);
            }
        }
        Ok(out)
    }
}

/// The chunkings of a case of `n` rows: one chunk, single rows, a ragged size and Liger's rule
/// with `C = 16`.
fn chunkings(n: usize) -> Vec<Chunking> {
    vec![
        Chunking::Rows(n.max(1) + 3),
        Chunking::Rows(1),
        Chunking::Rows(5),
        Chunking::MemConst(16),
    ]
}

/// The sweep.
pub fn sweep() -> Vec<FlklCase> {
    let with = |reduction, temperature| KlLossOptions {
        reduction,
        temperature,
        ..KlLossOptions::default()
    };
    let mut out = Vec::new();
    let mut seed = 47000;
    let mut push = |dtype, target, (n, h, v), opts, labels, f32_grad_hidden| {
        seed += 1;
        out.push(FlklCase {
            dtype,
            target,
            n,
            h,
            v,
            opts,
            labels,
            f32_grad_hidden,
            chunkings: chunkings(n),
            step: None,
            seed,
        });
    };
    use Reduction::{BatchMean, Mean, Sum};
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for shape in [(17, 127, 300), (127, 17, 300), (300, 17, 127), (1, 17, 127)] {
            push(
                dtype,
                dtype,
                shape,
                with(BatchMean, 1.0),
                Labels::None,
                false,
            );
            push(dtype, dtype, shape, with(Mean, 2.0), Labels::Some, false);
            push(
                dtype,
                DType::F32,
                shape,
                with(Sum, -0.5),
                Labels::Some,
                false,
            );
        }
        push(
            dtype,
            dtype,
            (17, 17, 1),
            with(BatchMean, 1.0),
            Labels::Some,
            false,
        );
        push(
            dtype,
            dtype,
            (17, 5, 127),
            with(Sum, 0.7),
            Labels::AllIgnored,
            false,
        );
        push(
            dtype,
            dtype,
            (5, 3, 70001),
            with(BatchMean, 1.0),
            Labels::Some,
            false,
        );
        push(
            dtype,
            dtype,
            (17, 7, 65),
            with(Mean, -3.0),
            Labels::None,
            true,
        );
    }
    // Targets in another 16-bit dtype than the hidden states; no rows; H of 1 and of 0.
    push(
        DType::BF16,
        DType::F16,
        (17, 9, 127),
        with(BatchMean, 1.0),
        Labels::Some,
        false,
    );
    push(
        DType::F32,
        DType::F32,
        (0, 17, 127),
        with(BatchMean, 1.0),
        Labels::Some,
        false,
    );
    push(
        DType::F32,
        DType::F32,
        (17, 1, 127),
        with(Sum, 1.0),
        Labels::Some,
        false,
    );
    push(
        DType::F32,
        DType::F32,
        (17, 0, 127),
        with(Mean, 1.0),
        Labels::None,
        false,
    );
    push(
        DType::F32,
        DType::F32,
        (3, 3, 65537),
        with(Sum, -1.0),
        Labels::None,
        true,
    );
    out
}

/// The sweep as `metile check` cases.
pub fn cases() -> Vec<CheckCase> {
    sweep()
        .into_iter()
        .map(|c| CheckCase {
            op: "fused_linear_kl_div",
            label: format!(
                "fused_linear_kl_div {} {}x{}x{} {}",
                c.dtype,
                c.n,
                c.h,
                c.v,
                c.describe()
            ),
            run: Box::new(move |d: &Device| c.run(d)),
        })
        .collect()
}
