//! The distribution losses of distillation over rows of `[..., V]` (rows = every axis but the
//! last), forward and explicit backward: KL divergence (Liger's `LigerKLDivLossFunction`,
//! PARITY.md 4.5), generalised Jensen-Shannon divergence (`LigerJSDFunction`, 4.6) and total
//! variation distance (`LigerTVDLossFunction`, 4.8).
//!
//! # Contract
//!
//! - `kl_div.forward(y_pred, y_true) -> loss`, `y_pred` log-probabilities: elementwise
//!   `log_target ? e^t (t - y) : t (ln max(t, eps) - y)`; `reduction` `none` (the f32 `[..., V]`
//!   elements), `sum`, `mean` (divided by rows * V) or `batchmean` (by rows); default `mean`
//!   (Liger's functional form and module; its Function defaults to `batchmean`).
//!   `kl_div.backward(y_pred, y_true, dloss) -> dy_pred = -t (-e^t with log_target) * divisor *
//!   dloss` (`y_pred` gives only the shape and dtype; `y_true` gets no gradient).
//! - `jsd.forward(input = X = log Q, target = Y = log P, labels?) -> loss`: the sum over rows
//!   whose label is not `ignore_index` (every row without labels) of `beta 0: P (Y - X)`,
//!   `beta 1: Q (X - Y)`, otherwise `beta P (Y - ln M) + (1 - beta) Q (X - ln M)` with
//!   `ln M = c + ln(beta e^{Y-c} + (1 - beta) e^{X-c})`, `c = max(X, Y)` per element; divided by
//!   `n`, the count of those rows. The loss is a scalar in the input's dtype (PARITY.md).
//!   `jsd.backward(input, target, labels?, dloss) -> dinput`: `-P`, `Q (X - Y) + Q`, or
//!   `(1 - beta) Q (X - ln M)`, times `dloss / n`; 0 on ignored rows; the target is frozen.
//! - `tvd.forward(p, q, labels?) -> loss`: `0.5 |p - q|` per element, 0 on ignored rows;
//!   `reduction` `none` (`[..., V]`, unscaled), `sum`, `mean` (divided by n * V) or `batchmean`
//!   (by n); default `mean` (Liger's functional form). `tvd.backward(p, q, labels?, dloss) ->
//!   dp = 0.5 sign(p - q) * divisor * dloss` with `sign(0) = 0` (0.8.5); `q` gets no gradient.
//!
//! Inputs f32/f16/bf16 (the two distributions may differ in dtype), arithmetic FP32, any `V` up
//! to 16,777,216: one program per row, a row wider than one tile (`Tiling::for_device`) stepped
//! in tiles with a per-lane FP32 accumulator reduced once per row; the reduced forward steps its
//! rows as cross-entropy does (`cross_entropy::row_tiling`: on a GPU with a 16-bit first input,
//! each step's two inputs loaded a step ahead; the same sums bit for bit). KL and TVD losses are f32;
//! JSD's is rounded to the input's dtype. Gradients have the differentiable input's dtype. Row
//! sums are FP32 in the kernels (times the divisor), added over rows on the device by one
//! program in a fixed order (deterministic; [`sum_kernel`]). `dloss` is a float scalar, or under
//! `none` a float tensor of the inputs' shape, read on the device: no call reads device memory
//! on the host, so every call can be captured into a CUDA graph. A zero divisor (every row
//! ignored) gives a zero loss and gradient, not NaN.
//! `labels` are int32/int64, one per row, each in `0..V` or `ignore_index` (token ids, as
//! Liger's shift labels; Liger only compares them with `ignore_index`). Anything else (shapes
//! that differ, integer inputs, `beta` outside `[0, 1]`, `eps` not positive, an unknown
//! reduction) is a typed error.
//!
//! Liger computes the gradient in the forward (JSD and TVD into a saved `[BT, V]` tensor) and
//! scales it in the backward. Here each backward recomputes it from the inputs it reads: one
//! more read of the two distributions, and no `[BT, V]` gradient held from forward to backward;
//! the forward only reads its inputs.

pub mod check;
#[cfg(test)]
mod tests;

use metile_ir::{DType, Verified};
use metile_lang::{select, trace, LangError, Tile};
use metile_runtime::{Arg, Device, Tensor};

use crate::cross_entropy::{count_valid, float_rows, ignore_index, row_ids, RowTiles};
use crate::host::{bad, fit_written, float_dtype};
use crate::norms::Tiling;
pub use crate::reference::distill::{JsdOptions, KlOptions, Reduction, TvdOptions};
use crate::registry::{input, port, EntryPoint, OpError, ParamDef, Params, Port, PortShape};

/// Which loss a kernel computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loss {
    Kl { log_target: bool },
    Jsd(Beta),
    Tvd,
}

/// JSD's three formulas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Beta {
    Zero,
    One,
    Between,
}

/// Kernel specialisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DistillSpec {
    pub loss: Loss,
    pub backward: bool,
    /// The differentiable input's dtype (`y_pred`, `input`, `p`).
    pub x: DType,
    /// The other distribution's dtype (`y_true`, `target`, `q`).
    pub y: DType,
    pub labels: Option<DType>,
    /// Reduction `none`: the forward writes every element's loss; the backward reads every
    /// element's cotangent, of this dtype. `None`: row sums, one scalar cotangent.
    pub elementwise: Option<DType>,
    /// The backward of a reduced loss: the dtype of its one-element cotangent, which each
    /// program reads on the device (no host read: the call can be captured into a CUDA graph).
    pub scalar_dloss: Option<DType>,
    pub tiling: Tiling,
}

impl DistillSpec {
    /// The traced kernel's name.
    pub fn name(&self) -> &'static str {
        match (self.loss, self.backward) {
            (Loss::Kl { .. }, false) => "kl_div_fwd",
            (Loss::Kl { .. }, true) => "kl_div_bwd",
            (Loss::Jsd(_), false) => "jsd_fwd",
            (Loss::Jsd(_), true) => "jsd_bwd",
            (Loss::Tvd, false) => "tvd_fwd",
            (Loss::Tvd, true) => "tvd_bwd",
        }
    }

    /// Whether the kernel reads `x` (KL's gradient depends on `y_true` alone).
    fn reads_x(&self) -> bool {
        !(self.backward && matches!(self.loss, Loss::Kl { .. }))
    }
}

/// JSD's `ln M = ln(beta e^b + (1 - beta) e^a)` of log-probabilities `a` (the student's) and
/// `b` (the teacher's), shifted by the larger one so that it never underflows.
pub(crate) fn log_m(a: Tile, b: Tile, beta: Tile) -> Tile {
    let c = a.maximum(b);
    c + ((b - c).exp() * beta + (a - c).exp() * (1.0 - beta)).log()
}

/// KL's term `b (ln max(b, eps) - a)` of a probability `b` against a log-probability `a`.
pub(crate) fn kl_term(a: Tile, b: Tile, eps: Tile) -> Tile {
    b * (b.maximum(eps).log() - a)
}

/// The loss of each element of `a` (`x`: log-probabilities, TVD's `p`) against `b` (`y`), FP32
/// (shared with the fused linear losses, which give `a` as the log-softmax of their logits).
pub(crate) fn element_loss(loss: Loss, a: Tile, b: Tile, beta: Tile, eps: Tile) -> Tile {
    match loss {
        Loss::Kl { log_target: true } => b.exp() * (b - a),
        Loss::Kl { log_target: false } => kl_term(a, b, eps),
        Loss::Jsd(Beta::Zero) => b.exp() * (b - a),
        Loss::Jsd(Beta::One) => a.exp() * (a - b),
        Loss::Jsd(Beta::Between) => {
            let lm = log_m(a, b, beta);
            b.exp() * (b - lm) * beta + a.exp() * (a - lm) * (1.0 - beta)
        }
        Loss::Tvd => (a - b).abs() * 0.5,
    }
}

/// The gradient of [`element_loss`] w.r.t. `a` (KL's ignores `a`, which may then be `None`).
pub(crate) fn element_grad(loss: Loss, a: Option<Tile>, b: Tile, beta: Tile) -> Tile {
    match (loss, a) {
        (Loss::Kl { log_target: true }, _) => -b.exp(),
        (Loss::Kl { log_target: false }, _) => -b,
        (Loss::Jsd(Beta::Zero), _) => -b.exp(),
        (Loss::Jsd(Beta::One), Some(a)) => {
            let q = a.exp();
            q * (a - b) + q
        }
        (Loss::Jsd(Beta::Between), Some(a)) => a.exp() * (a - log_m(a, b, beta)) * (1.0 - beta),
        // sign(p - q) / 2, with sign(0) = 0.
        (Loss::Tvd, Some(a)) => (a.gt(b).cast(DType::F32) - a.lt(b).cast(DType::F32)) * 0.5,
        // Never traced: only KL's backward omits `x`.
        (_, None) => b * 0.0,
    }
}

/// One program per row. Parameters: `x` (not in KL's backward), `y`, `[labels,]` then forward
/// `loss` (f32: `[rows, V]` elementwise, else one value per row: its sum times `factor`) or
/// backward `dloss, dx` (`dloss` elementwise, or one value), then the scalars `n` (V),
/// `ignore_index`, `beta`, `eps`, `factor` (the divisor).
pub fn kernel(spec: &DistillSpec) -> Result<Verified, LangError> {
    trace(spec.name(), |k| {
        let x = spec.reads_x().then(|| k.input("x", spec.x));
        let y = k.input("y", spec.y);
        let labels = spec.labels.map(|d| k.input("labels", d));
        let loss = (!spec.backward).then(|| k.output("loss", DType::F32));
        let dloss = match (spec.backward, spec.elementwise.or(spec.scalar_dloss)) {
            (true, Some(d)) => Some(k.input("dloss", d)),
            _ => None,
        };
        let dx = spec.backward.then(|| k.output("dx", spec.x));
        let n = k.scalar("n", DType::I32);
        let ignore = k.scalar("ignore_index", DType::I64);
        let beta = k.scalar("beta", DType::F32);
        let eps = k.scalar("eps", DType::F32);
        let factor = k.scalar("factor", DType::F32);
        let t = spec.tiling;
        let row = k.program_id(0);
        let r64 = row.cast(DType::I64);
        let tiles = RowTiles::new(k, row, n, t);
        let valid = labels
            .as_ref()
            .map(|l| l.load(r64).cast(DType::I64).not_equal(ignore));
        // Zero on ignored rows.
        let keep = |v: Tile| match valid {
            Some(ok) => select(ok, v, 0.0),
            None => v,
        };
        // A tile as stored (masked lanes 0), and in f32.
        let raw = |buf: &metile_lang::Buffer, offs: Tile, mask: Option<Tile>| match mask {
            Some(m) => buf.load_masked(offs, m, 0.0),
            None => buf.load(offs),
        };
        let load = |buf: &metile_lang::Buffer, offs: Tile, mask: Option<Tile>| {
            raw(buf, offs, mask).cast(DType::F32)
        };
        // Zero on lanes past the row.
        let in_row = |v: Tile, mask: Option<Tile>| match mask {
            Some(m) => select(m, v, 0.0),
            None => v,
        };
        // The loss of each element of `a` (x) against `b` (y), and its gradient w.r.t. `a`.
        let term = |a: Tile, b: Tile| element_loss(spec.loss, a, b, beta, eps);
        let grad = |a: Option<Tile>, b: Tile| element_grad(spec.loss, a, b, beta);
        let store = |buf: &metile_lang::Buffer, offs: Tile, v: Tile, mask: Option<Tile>| match mask
        {
            Some(m) => buf.store_masked(offs, v, m),
            None => buf.store(offs, v),
        };
        let operands = |start: Option<Tile>| {
            let (offs, _, mask) = tiles.at(start);
            let a = x.as_ref().map(|x| load(x, offs, mask));
            (a, load(&y, offs, mask), offs, mask)
        };
        if let Some(dx) = &dx {
            // The reduced loss's cotangent, once per program.
            let scale = match (&dloss, spec.elementwise) {
                (Some(dl), None) => factor * dl.load(k.constant(0, DType::I64)).cast(DType::F32),
                _ => factor,
            };
            tiles.each(&|st| {
                let (a, b, offs, mask) = operands(st);
                let mut g = grad(a, b) * scale;
                if let (Some(dl), Some(_)) = (&dloss, spec.elementwise) {
                    g = g * load(dl, offs, mask);
                }
                store(dx, offs, keep(g).cast(spec.x), mask);
            });
            return;
        }
        // The forward always reads x (only KL's backward does not).
        let (Some(loss), Some(x)) = (&loss, &x) else {
            return;
        };
        // A tile's losses, with its offsets and mask.
        let losses = |start: Option<Tile>| {
            let (offs, _, mask) = tiles.at(start);
            (term(load(x, offs, mask), load(&y, offs, mask)), offs, mask)
        };
        if spec.elementwise.is_some() {
            tiles.each(&|st| {
                let (l, offs, mask) = losses(st);
                store(loss, offs, keep(l), mask);
            });
            return;
        }
        // A tile's losses, zero on lanes past the row.
        let masked = |st: Option<Tile>| {
            let (l, _, mask) = losses(st);
            in_row(l, mask)
        };
        // A step's inputs as stored.
        let stored = |start: Tile| {
            let (offs, _, mask) = tiles.at(Some(start));
            [raw(x, offs, mask), raw(&y, offs, mask)]
        };
        let sum = if tiles.pipelined() {
            // Each step's inputs are loaded a step ahead, as stored, and ride after the
            // accumulator: two steps' loads in flight per thread.
            let step = t.block as i64;
            let mut init = vec![k.zeros([t.block], DType::F32)];
            init.extend(stored(k.constant(0, DType::I32)));
            let r = k.for_range(0, n, step, &init, |st, c| {
                let next = stored(st + step);
                let l = term(c[1].cast(DType::F32), c[2].cast(DType::F32));
                let l = in_row(l, tiles.at(Some(st)).2);
                let mut carry = vec![c[0] + l];
                carry.extend(next);
                carry
            });
            r[0].sum(0)
        } else if t.looped {
            let acc = k.zeros([t.block], DType::F32);
            let r = k.for_range(0, n, t.block as i64, &[acc], |st, c| {
                vec![c[0] + masked(Some(st))]
            });
            r[0].sum(0)
        } else {
            masked(None).sum(0)
        };
        loss.store(r64, keep(sum * factor));
    })
}

/// Lanes of [`sum_kernel`]'s one program.
const SUM_LANES: usize = 1024;

/// The sum of a call's scaled row sums, as one value of `out`, in one program that steps over
/// the rows in a fixed order (the result repeats exactly): FP32 per lane, then the lanes.
/// Parameters: `row_sums, loss, rows`.
pub fn sum_kernel(out: DType) -> Result<Verified, LangError> {
    trace("distill_sum", |k| {
        let sums = k.input("row_sums", DType::F32);
        let loss = k.output("loss", out);
        let rows = k.scalar("rows", DType::I32);
        let lanes = k.arange(0, SUM_LANES as i64);
        let zero = k.zeros([SUM_LANES], DType::F32);
        let acc = k.for_range(0, rows, SUM_LANES as i64, &[zero], |st, c| {
            let r = lanes + st;
            vec![c[0] + sums.load_masked(r.cast(DType::I64), r.lt(rows), 0.0)]
        });
        loss.store(k.constant(0, DType::I64), acc[0].sum(0).cast(out));
    })
}

/// What a call computes, validated.
struct Call<'a> {
    entry: &'static str,
    loss: Loss,
    x: &'a Tensor,
    y: &'a Tensor,
    labels: Option<&'a Tensor>,
    reduction: Reduction,
    /// The divisor's reciprocal (1 under none and sum).
    factor: f64,
    ignore_index: i64,
    beta: f64,
    eps: f64,
    rows: usize,
    v: usize,
}

/// The rows and columns of `x`, checked with `y` (same shape, both float) and the labels (ids
/// per row, in `0..V` or `ignore`), and the count of valid rows.
fn rows_of(
    entry: &str,
    names: [&str; 2],
    x: &Tensor,
    y: &Tensor,
    labels: Option<&Tensor>,
    ignore: i64,
) -> Result<(usize, usize, usize), OpError> {
    let (rows, v) = float_rows(entry, names[0], x)?;
    float_dtype(entry, names[1], y)?;
    if y.shape != x.shape {
        return Err(bad(
            entry,
            names[1],
            format!("shape {:?} must be {}'s {:?}", y.shape, names[0], x.shape),
        ));
    }
    let n = match labels {
        None => rows,
        Some(l) => {
            let row_shape = &x.shape[..x.shape.len() - 1];
            row_ids(entry, "labels", l, row_shape, &format!("{}'s", names[0]))?;
            count_valid(entry, "labels", &l.buffer.to_i64()?, v, ignore)?
        }
    };
    Ok((rows, v, n))
}

fn reciprocal(d: usize) -> f64 {
    if d == 0 {
        0.0
    } else {
        1.0 / d as f64
    }
}

fn bad_param(entry: &str, name: &str, value: f64, allowed: &str) -> OpError {
    OpError::BadParam {
        entry: entry.into(),
        name: name.into(),
        value: value.to_string(),
        message: "is out of range".into(),
        allowed: allowed.into(),
    }
}

fn kl_call<'a>(
    entry: &'static str,
    y_pred: &'a Tensor,
    y_true: &'a Tensor,
    o: &KlOptions,
) -> Result<Call<'a>, OpError> {
    // NaN fails too.
    // The kernel takes eps in FP32: it must stay positive and finite there.
    let eps32 = o.eps as f32;
    if !(eps32 > 0.0 && eps32.is_finite()) {
        return Err(bad_param(
            entry,
            "eps",
            o.eps,
            "a positive finite number in FP32",
        ));
    }
    let (rows, v, _) = rows_of(entry, ["y_pred", "y_true"], y_pred, y_true, None, 0)?;
    let factor = match o.reduction {
        Reduction::None | Reduction::Sum => 1.0,
        Reduction::Mean => reciprocal(rows * v),
        Reduction::BatchMean => reciprocal(rows),
    };
    Ok(Call {
        entry,
        loss: Loss::Kl {
            log_target: o.log_target,
        },
        x: y_pred,
        y: y_true,
        labels: None,
        reduction: o.reduction,
        factor,
        ignore_index: 0,
        beta: 0.0,
        eps: o.eps,
        rows,
        v,
    })
}

fn jsd_call<'a>(
    entry: &'static str,
    x: &'a Tensor,
    y: &'a Tensor,
    labels: Option<&'a Tensor>,
    o: &JsdOptions,
) -> Result<Call<'a>, OpError> {
    if !(0.0..=1.0).contains(&o.beta) {
        return Err(bad_param(entry, "beta", o.beta, "0 to 1"));
    }
    let names = ["input", "target"];
    let (rows, v, n) = rows_of(entry, names, x, y, labels, o.ignore_index)?;
    let beta = if o.beta == 0.0 {
        Beta::Zero
    } else if o.beta == 1.0 {
        Beta::One
    } else {
        Beta::Between
    };
    Ok(Call {
        entry,
        loss: Loss::Jsd(beta),
        x,
        y,
        labels,
        reduction: Reduction::Sum,
        factor: reciprocal(n),
        ignore_index: o.ignore_index,
        beta: o.beta,
        eps: 1.0,
        rows,
        v,
    })
}

fn tvd_call<'a>(
    entry: &'static str,
    p: &'a Tensor,
    q: &'a Tensor,
    labels: Option<&'a Tensor>,
    o: &TvdOptions,
) -> Result<Call<'a>, OpError> {
    let (rows, v, n) = rows_of(entry, ["p", "q"], p, q, labels, o.ignore_index)?;
    let factor = match o.reduction {
        Reduction::None | Reduction::Sum => 1.0,
        Reduction::Mean => reciprocal(n * v),
        Reduction::BatchMean => reciprocal(n),
    };
    Ok(Call {
        entry,
        loss: Loss::Tvd,
        x: p,
        y: q,
        labels,
        reduction: o.reduction,
        factor,
        ignore_index: o.ignore_index,
        beta: 0.0,
        eps: 1.0,
        rows,
        v,
    })
}

impl Call<'_> {
    fn spec(&self, tiling: Tiling, backward: bool, dloss: Option<DType>) -> DistillSpec {
        DistillSpec {
            loss: self.loss,
            backward,
            x: self.x.dtype(),
            y: self.y.dtype(),
            labels: self.labels.map(|l| l.dtype()),
            elementwise: match (self.reduction, backward) {
                (Reduction::None, false) => Some(DType::F32),
                (Reduction::None, true) => dloss,
                _ => None,
            },
            scalar_dloss: dloss.filter(|_| self.reduction != Reduction::None),
            tiling,
        }
    }

    fn scalars(&self, args: &mut Vec<Arg<'_>>, factor: f64) {
        args.extend([
            Arg::I32(self.v as i32),
            Arg::I64(self.ignore_index),
            Arg::F32(self.beta as f32),
            Arg::F32(self.eps as f32),
            Arg::F32(factor as f32),
        ]);
    }

    /// The loss: the elements under `none` (written over `prev` when it is an f32 tensor of the
    /// inputs' shape), else the f64 sum of the rows' scaled sums, as a scalar of `out`.
    fn forward(
        &self,
        device: &Device,
        out: DType,
        prev: Option<Tensor>,
    ) -> Result<Tensor, OpError> {
        let tiling = crate::cross_entropy::row_tiling(device, self.v, self.x.dtype(), false);
        self.forward_tiled(device, out, prev, tiling)
    }

    /// [`Call::forward`] with rows tiled as `tiling` says (tests run a GPU's masked tiles on
    /// the CPU).
    fn forward_tiled(
        &self,
        device: &Device,
        out: DType,
        prev: Option<Tensor>,
        tiling: Tiling,
    ) -> Result<Tensor, OpError> {
        let none = self.reduction == Reduction::None;
        // Under `none` the elements' losses, else the rows' scaled sums (a workspace); both are
        // written whole by the kernel.
        let (mut buf, prev) = if none {
            (
                fit_written(device, prev, DType::F32, &self.x.shape)?.buffer,
                None,
            )
        } else {
            (
                device.tensor_unfilled(DType::F32, &[self.rows])?.buffer,
                prev,
            )
        };
        if self.rows > 0 {
            let spec = self.spec(tiling, false, None);
            let k = device.kernel(spec.name(), &spec, || kernel(&spec))?;
            let mut args = Vec::new();
            args.push(Arg::In(&self.x.buffer));
            args.push(Arg::In(&self.y.buffer));
            args.extend(self.labels.map(|l| Arg::In(&l.buffer)));
            args.push(Arg::Out(&mut buf));
            self.scalars(&mut args, self.factor);
            device.launch(&k, [self.rows as u32, 1, 1], &mut args)?;
        }
        if none {
            return Ok(Tensor::new(buf, self.x.shape.clone())?);
        }
        let mut total = fit_written(device, prev, out, &[])?;
        let k = device.kernel("distill_sum", &out, || sum_kernel(out))?;
        let mut args = [
            Arg::In(&buf),
            Arg::Out(&mut total.buffer),
            Arg::I32(self.rows as i32),
        ];
        device.launch(&k, [1, 1, 1], &mut args)?;
        Ok(total)
    }

    /// The gradient of the differentiable input for the cotangent `dloss`; `prev` (of the
    /// gradient's dtype and shape) is written over instead of a new allocation.
    fn backward(
        &self,
        device: &Device,
        dloss: &Tensor,
        prev: Option<Tensor>,
    ) -> Result<Tensor, OpError> {
        self.backward_tiled(device, dloss, prev, Tiling::for_device(device, self.v))
    }

    /// [`Call::backward`] with rows tiled as `tiling` says.
    fn backward_tiled(
        &self,
        device: &Device,
        dloss: &Tensor,
        prev: Option<Tensor>,
        tiling: Tiling,
    ) -> Result<Tensor, OpError> {
        let e = self.entry;
        float_dtype(e, "dloss", dloss)?;
        let none = self.reduction == Reduction::None;
        if none && dloss.shape != self.x.shape {
            return Err(bad(
                e,
                "dloss",
                format!(
                    "shape {:?} must be the inputs' {:?} under reduction none",
                    dloss.shape, self.x.shape
                ),
            ));
        }
        if !none && dloss.numel() != 1 {
            return Err(bad(
                e,
                "dloss",
                format!("shape {:?} must hold one value", dloss.shape),
            ));
        }
        let mut dx = fit_written(device, prev, self.x.dtype(), &self.x.shape)?;
        if self.rows == 0 {
            return Ok(dx);
        }
        let spec = self.spec(tiling, true, Some(dloss.dtype()));
        let k = device.kernel(spec.name(), &spec, || kernel(&spec))?;
        let mut args = Vec::new();
        if spec.reads_x() {
            args.push(Arg::In(&self.x.buffer));
        }
        args.push(Arg::In(&self.y.buffer));
        args.extend(self.labels.map(|l| Arg::In(&l.buffer)));
        args.push(Arg::In(&dloss.buffer));
        args.push(Arg::Out(&mut dx.buffer));
        self.scalars(&mut args, self.factor);
        device.launch(&k, [self.rows as u32, 1, 1], &mut args)?;
        Ok(dx)
    }
}

/// KL divergence's forward: the f32 loss, `[..., V]` under `none` (written over `prev` when it
/// fits), else a scalar.
pub fn kl_div(
    device: &Device,
    y_pred: &Tensor,
    y_true: &Tensor,
    o: &KlOptions,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    kl_call("kl_div.forward", y_pred, y_true, o)?.forward(device, DType::F32, prev)
}

/// KL divergence's backward: `dy_pred` in `y_pred`'s dtype.
pub fn kl_div_backward(
    device: &Device,
    y_pred: &Tensor,
    y_true: &Tensor,
    dloss: &Tensor,
    o: &KlOptions,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    kl_call("kl_div.backward", y_pred, y_true, o)?.backward(device, dloss, prev)
}

/// Generalised JSD's forward: the scalar loss in `input`'s dtype.
pub fn jsd(
    device: &Device,
    input: &Tensor,
    target: &Tensor,
    labels: Option<&Tensor>,
    o: &JsdOptions,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    jsd_call("jsd.forward", input, target, labels, o)?.forward(device, input.dtype(), prev)
}

/// Generalised JSD's backward: `dinput` in `input`'s dtype.
pub fn jsd_backward(
    device: &Device,
    input: &Tensor,
    target: &Tensor,
    labels: Option<&Tensor>,
    dloss: &Tensor,
    o: &JsdOptions,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    jsd_call("jsd.backward", input, target, labels, o)?.backward(device, dloss, prev)
}

/// TVD's forward: the f32 loss, `[..., V]` under `none` (written over `prev` when it fits),
/// else a scalar.
pub fn tvd(
    device: &Device,
    p: &Tensor,
    q: &Tensor,
    labels: Option<&Tensor>,
    o: &TvdOptions,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    tvd_call("tvd.forward", p, q, labels, o)?.forward(device, DType::F32, prev)
}

/// TVD's backward: `dp` in `p`'s dtype.
pub fn tvd_backward(
    device: &Device,
    p: &Tensor,
    q: &Tensor,
    labels: Option<&Tensor>,
    dloss: &Tensor,
    o: &TvdOptions,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    tvd_call("tvd.backward", p, q, labels, o)?.backward(device, dloss, prev)
}

fn reduction(p: &Params) -> Result<Reduction, OpError> {
    Ok(
        match p
            .choice("reduction", &["none", "sum", "mean", "batchmean"])?
            .as_str()
        {
            "none" => Reduction::None,
            "sum" => Reduction::Sum,
            "batchmean" => Reduction::BatchMean,
            _ => Reduction::Mean,
        },
    )
}

fn kl_options(p: &Params) -> Result<KlOptions, OpError> {
    Ok(KlOptions {
        reduction: reduction(p)?,
        log_target: p.choice("log_target", &["false", "true"])? == "true",
        eps: p.f32("eps")? as f64,
    })
}

fn jsd_options(p: &Params, entry: &str) -> Result<JsdOptions, OpError> {
    Ok(JsdOptions {
        beta: p.f32("beta")? as f64,
        ignore_index: ignore_index(p, entry)?,
    })
}

fn tvd_options(p: &Params, entry: &str) -> Result<TvdOptions, OpError> {
    Ok(TvdOptions {
        reduction: reduction(p)?,
        ignore_index: ignore_index(p, entry)?,
    })
}

const fn dist(name: &'static str, doc: &'static str) -> Port {
    port(name, PortShape::LikeX, false, doc)
}
const LABELS: Port = port(
    "labels",
    PortShape::Classes,
    true,
    "int32/int64 per row, in 0..V or ignore_index",
)
.rare();
const DLOSS: Port = port(
    "dloss",
    PortShape::LossCotangent,
    false,
    "cotangent of loss: scalar ([..., V] under reduction none)",
);
const LOSS: Port = port(
    "loss",
    PortShape::LossCotangent,
    false,
    "f32; [..., V] under reduction none, scalar otherwise",
);
const Y_PRED: Port = dist("y_pred", "[..., V] log-probabilities, f32/f16/bf16");
const Y_TRUE: Port = dist("y_true", "[..., V] probabilities (log with log_target)");
const JSD_INPUT: Port = dist("input", "[..., V] student log-probabilities log Q");
const JSD_TARGET: Port = dist("target", "[..., V] teacher log-probabilities log P");
const P: Port = dist("p", "[..., V] probabilities (gets the gradient)");
const Q: Port = dist("q", "[..., V] probabilities");
const REDUCTION: ParamDef = ParamDef {
    name: "reduction",
    default: "mean",
    allowed: "none, sum, mean, batchmean",
    doc: "mean: / all elements (TVD: valid rows * V); batchmean: / rows (TVD: valid rows)",
};
const IGNORE_INDEX: ParamDef = ParamDef {
    name: "ignore_index",
    default: "-100",
    allowed: "an integer",
    doc: "rows with this label are ignored",
};
const KL_PARAMS: [ParamDef; 3] = [
    REDUCTION,
    ParamDef {
        name: "log_target",
        default: "false",
        allowed: "false, true",
        doc: "y_true holds log-probabilities",
    },
    ParamDef {
        name: "eps",
        default: "1e-10",
        allowed: "positive",
        doc: "floor of y_true inside its log",
    },
];
const JSD_PARAMS: [ParamDef; 2] = [
    ParamDef {
        name: "beta",
        default: "0.5",
        allowed: "0 to 1",
        doc: "0: KL(P||Q), 1: KL(Q||P), between: generalised JSD",
    },
    IGNORE_INDEX,
];
const TVD_PARAMS: [ParamDef; 2] = [REDUCTION, IGNORE_INDEX];

/// The distribution losses' entries.
pub static ENTRY_POINTS: [EntryPoint; 6] = [
    EntryPoint {
        name: "kl_div.forward",
        op: "kl_div",
        inputs: &[Y_PRED, Y_TRUE],
        outputs: &[LOSS],
        params: &KL_PARAMS,
        overwrites: &[],
        run: |d, t, p, o| {
            let e = "kl_div.forward";
            let (y, t_) = (input(e, t, "y_pred")?, input(e, t, "y_true")?);
            let loss = kl_div(d, y, t_, &kl_options(p)?, o.remove("loss"))?;
            o.insert("loss".into(), loss);
            Ok(())
        },
    },
    EntryPoint {
        name: "kl_div.backward",
        op: "kl_div",
        inputs: &[Y_PRED, Y_TRUE, DLOSS],
        outputs: &[dist("dy_pred", "gradient of y_pred, in its dtype")],
        params: &KL_PARAMS,
        overwrites: &[],
        run: |d, t, p, o| {
            let e = "kl_div.backward";
            let g = kl_div_backward(
                d,
                input(e, t, "y_pred")?,
                input(e, t, "y_true")?,
                input(e, t, "dloss")?,
                &kl_options(p)?,
                o.remove("dy_pred"),
            )?;
            o.insert("dy_pred".into(), g);
            Ok(())
        },
    },
    EntryPoint {
        name: "jsd.forward",
        op: "jsd",
        inputs: &[JSD_INPUT, JSD_TARGET, LABELS],
        outputs: &[port(
            "loss",
            PortShape::Scalar,
            false,
            "scalar in the input's dtype",
        )],
        params: &JSD_PARAMS,
        overwrites: &[],
        run: |d, t, p, o| {
            let e = "jsd.forward";
            let (x, y) = (input(e, t, "input")?, input(e, t, "target")?);
            let loss = jsd(
                d,
                x,
                y,
                t.get("labels"),
                &jsd_options(p, e)?,
                o.remove("loss"),
            )?;
            o.insert("loss".into(), loss);
            Ok(())
        },
    },
    EntryPoint {
        name: "jsd.backward",
        op: "jsd",
        inputs: &[
            JSD_INPUT,
            JSD_TARGET,
            LABELS,
            port(
                "dloss",
                PortShape::Scalar,
                false,
                "cotangent of the scalar loss",
            ),
        ],
        outputs: &[dist("dinput", "gradient of input, in its dtype")],
        params: &JSD_PARAMS,
        overwrites: &[],
        run: |d, t, p, o| {
            let e = "jsd.backward";
            let g = jsd_backward(
                d,
                input(e, t, "input")?,
                input(e, t, "target")?,
                t.get("labels"),
                input(e, t, "dloss")?,
                &jsd_options(p, e)?,
                o.remove("dinput"),
            )?;
            o.insert("dinput".into(), g);
            Ok(())
        },
    },
    EntryPoint {
        name: "tvd.forward",
        op: "tvd",
        inputs: &[P, Q, LABELS],
        outputs: &[LOSS],
        params: &TVD_PARAMS,
        overwrites: &[],
        run: |d, t, p, o| {
            let e = "tvd.forward";
            let (a, b) = (input(e, t, "p")?, input(e, t, "q")?);
            let prev = o.remove("loss");
            let loss = tvd(d, a, b, t.get("labels"), &tvd_options(p, e)?, prev)?;
            o.insert("loss".into(), loss);
            Ok(())
        },
    },
    EntryPoint {
        name: "tvd.backward",
        op: "tvd",
        inputs: &[P, Q, LABELS, DLOSS],
        outputs: &[dist("dp", "gradient of p, in its dtype")],
        params: &TVD_PARAMS,
        overwrites: &[],
        run: |d, t, p, o| {
            let e = "tvd.backward";
            let g = tvd_backward(
                d,
                input(e, t, "p")?,
                input(e, t, "q")?,
                t.get("labels"),
                input(e, t, "dloss")?,
                &tvd_options(p, e)?,
                o.remove("dp"),
            )?;
            o.insert("dp".into(), g);
            Ok(())
        },
    },
];
