//! The model and its forward and backward on a device, written out layer by layer on the
//! operators' Rust APIs.
//!
//! # Architecture (Llama-style, pre-norm)
//!
//! Byte tokens `x [B, T]` -> `h = embed[x]`; then `layers` blocks, each
//! `h += wo . attention(rope(wq . n), rope(wk . n), wv . n)` with `n = rms_norm(h) * attn_norm`
//! (causal, grouped-query: `heads` query heads share `kv_heads` KV heads, head size
//! `dim / heads`, rotate-half RoPE with base 10000 over the whole head), then
//! `h += w_down . swiglu(w_gate_up . n)` with `n = rms_norm(h) * mlp_norm`; finally
//! `n = rms_norm(h) * final_norm` and the mean cross-entropy of `lm_head . n` against the next
//! byte ([`fused_linear_cross_entropy`], which never holds all the logits). Every residual add
//! is fused into the following norm ([`NormKind::AddRms`]; the first norm adds a zero
//! residual), so the residual stream's gradient flows through the norms' backward.
//!
//! Choices: the output weight `lm_head` is **untied** from `embed` (separate parameters; byte
//! vocabularies are tiny, so tying saves little); no biases; `w_gate_up [2F, dim]` holds the
//! gate projection's rows and then the up projection's (the packed layout of
//! [`activations::run_packed`]); RMSNorm eps 1e-5. Linear weights are `[out, in]`.
//!
//! Storage is f32; the kernels accumulate in FP32 and return FP32 parameter gradients.
//!
//! A [`DeviceModel`] holds the parameters on its device for as long as it lives: uploaded once
//! ([`DeviceModel::new`]), updated there by the optimizer, downloaded only on request
//! ([`DeviceModel::to_host`]). [`DeviceModel::grads`] leaves the loss and every gradient on the
//! device too; the batch's RoPE tables and zero residual are kept between calls of one shape.

use metile_ir::DType;
use metile_kernels::activations::{self, ActOptions, Kind};
use metile_kernels::attention::{self, AttentionBackwardInputs, AttentionOptions};
use metile_kernels::cross_entropy::{CeOptions, Reduction};
use metile_kernels::embedding;
use metile_kernels::fused_linear_cross_entropy::{
    self as flce, Chunking, FlceForward, FlceInputs, FlceOptions,
};
use metile_kernels::host::bad;
use metile_kernels::matmul::{self, MatmulBackwardInputs, MatmulOptions};
use metile_kernels::norms::{self, NormCotangents, NormInputs, NormKind, NormOptions, NormStats};
use metile_kernels::rope;
use metile_kernels::testing::Rng;
use std::cell::RefCell;
use std::rc::Rc;

use metile_runtime::{Device, Tensor};

use crate::config::ModelConfig;
use crate::heads::permute;
use crate::{Result, TrainError};

/// RoPE base.
pub const ROPE_THETA: f64 = 10000.0;
/// RMSNorm epsilon.
pub const NORM_EPS: f32 = 1e-5;

/// Parameters per block, in order (see [`param_specs`]).
pub const BLOCK_PARAMS: [&str; 8] = [
    "attn_norm",
    "wq",
    "wk",
    "wv",
    "wo",
    "mlp_norm",
    "w_gate_up",
    "w_down",
];

/// Index of block parameter `which` (position in [`BLOCK_PARAMS`]) of `layer`.
pub fn block_param(layer: usize, which: usize) -> usize {
    1 + layer * BLOCK_PARAMS.len() + which
}

/// A parameter's name and shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamSpec {
    pub name: String,
    pub shape: Vec<usize>,
}

impl ParamSpec {
    pub fn numel(&self) -> usize {
        self.shape.iter().product()
    }

    /// Norm weights (vectors) get no weight decay.
    pub fn decays(&self) -> bool {
        self.shape.len() > 1
    }
}

/// Every parameter in order: `embed`, each block's [`BLOCK_PARAMS`] as `layers.{l}.{name}`,
/// `final_norm`, `lm_head`.
pub fn param_specs(c: &ModelConfig) -> Vec<ParamSpec> {
    let (d, hd) = (c.dim, c.head_dim());
    let spec = |name: String, shape: &[usize]| ParamSpec {
        name,
        shape: shape.to_vec(),
    };
    let mut out = vec![spec("embed".into(), &[c.vocab, d])];
    for l in 0..c.layers {
        let shapes: [&[usize]; 8] = [
            &[d],
            &[c.heads * hd, d],
            &[c.kv_heads * hd, d],
            &[c.kv_heads * hd, d],
            &[d, c.heads * hd],
            &[d],
            &[2 * c.ffn, d],
            &[d, c.ffn],
        ];
        for (name, shape) in BLOCK_PARAMS.iter().zip(shapes) {
            out.push(spec(format!("layers.{l}.{name}"), shape));
        }
    }
    out.push(spec("final_norm".into(), &[d]));
    out.push(spec("lm_head".into(), &[c.vocab, d]));
    out
}

/// Initial values: norm weights 1; embeddings and projections normal with std 0.02, the
/// projections back into the residual stream (`wo`, `w_down`) scaled by `1 / sqrt(2 layers)`.
pub fn init_params(c: &ModelConfig, seed: u64) -> Vec<Vec<f32>> {
    let mut rng = Rng::new(seed);
    let residual_scale = 1.0 / (2.0 * c.layers as f32).sqrt();
    param_specs(c)
        .iter()
        .map(|p| {
            if p.shape.len() == 1 {
                return vec![1.0; p.numel()];
            }
            let std = if p.name.ends_with(".wo") || p.name.ends_with(".w_down") {
                0.02 * residual_scale
            } else {
                0.02
            };
            rng.normal_vec(p.numel(), 0.0, std)
        })
        .collect()
}

/// `cos` and `sin` tables `[1, T, D]` of rotate-half RoPE: column `i` and `i + D/2` rotate by
/// `t * theta^(-2i/D)`.
pub fn rope_tables(t: usize, d: usize) -> (Vec<f32>, Vec<f32>) {
    let half = d / 2;
    let mut cos = vec![0.0; t * d];
    let mut sin = vec![0.0; t * d];
    for pos in 0..t {
        for i in 0..half {
            let angle = pos as f64 * ROPE_THETA.powf(-2.0 * i as f64 / d as f64);
            for col in [i, i + half] {
                cos[pos * d + col] = angle.cos() as f32;
                sin[pos * d + col] = angle.sin() as f32;
            }
        }
    }
    (cos, sin)
}

fn norm_opts() -> NormOptions {
    NormOptions {
        eps: NORM_EPS,
        ..NormOptions::default()
    }
}

fn linear() -> MatmulOptions {
    MatmulOptions::new(matmul::Activation::None)
}

fn flce_opts(rows: usize) -> FlceOptions {
    FlceOptions {
        ce: CeOptions {
            ignore_index: -100,
            label_smoothing: 0.0,
            z_loss: 0.0,
            softcap: None,
            reduction: Reduction::Mean,
        },
        chunking: Chunking::Rows(rows.clamp(1, 4096)),
        storage_param_grads: false,
    }
}

/// `y = x W^T`.
fn project(device: &Device, x: &Tensor, w: &Tensor) -> Result<Tensor> {
    Ok(matmul::forward(device, x, w, None, &linear(), None)?.y)
}

/// `(dx, dW)` of `y = x W^T` for cotangent `dy`.
fn project_back(device: &Device, x: &Tensor, w: &Tensor, dy: &Tensor) -> Result<(Tensor, Tensor)> {
    let inp = MatmulBackwardInputs {
        x,
        w,
        bias: None,
        z: None,
        dy,
    };
    let g = matmul::backward(device, &inp, &linear(), None)?;
    Ok((g.dx, g.dw))
}

/// `dst += src` elementwise (FP32 sum), by the row-copy kernel of fused linear cross-entropy.
fn accumulate(device: &Device, src: &Tensor, dst: &mut Tensor) -> Result<()> {
    if src.numel() != dst.numel() {
        return Err(bad(
            "train.accumulate",
            "src",
            format!("shape {:?} must match {:?}", src.shape, dst.shape),
        )
        .into());
    }
    flce::copy(
        device,
        &src.buffer,
        &mut dst.buffer,
        [src.numel(), 0, 0],
        true,
    )?;
    Ok(())
}

/// The parameters on a device (in [`param_specs`] order).
pub struct DeviceModel<'a> {
    pub device: &'a Device,
    pub config: ModelConfig,
    pub params: Vec<Tensor>,
    /// The frame of the last batch shape, reused by the next call of that shape.
    frame: RefCell<Option<Rc<Frame>>>,
}

/// What the forward keeps for the backward: the input tokens on the device; per norm site `j`
/// (two per block, then the final norm) its inputs `x_j` and (from `j = 1`, at `j - 1`; the
/// first is the frame's zeros) `res_j`, its output `n_j` and its `rstd` (which the norm's
/// backward reads instead of recomputing); per block the attention's intermediates and the
/// MLP's.
struct Saved {
    tokens: Tensor,
    norm_x: Vec<Tensor>,
    norm_rstd: Vec<Tensor>,
    norm_res: Vec<Tensor>,
    norm_out: Vec<Tensor>,
    attn: Vec<AttnSaved>,
    mlp: Vec<MlpSaved>,
}

struct AttnSaved {
    q: Tensor,
    k: Tensor,
    v: Tensor,
    o: Tensor,
    lse: Tensor,
    o_rows: Tensor,
}

struct MlpSaved {
    gate_up: Tensor,
    act: Tensor,
}

/// A batch's geometry, its RoPE tables and the zero residual of the first norm, on the device.
struct Frame {
    b: usize,
    t: usize,
    cos: Tensor,
    sin: Tensor,
    zeros: Tensor,
}

/// The loss of one batch and every parameter's gradient (FP32, host).
pub struct LossAndGrads {
    pub loss: f32,
    pub grads: Vec<Vec<f32>>,
}

/// The loss of one batch (`[]`) and every parameter's gradient (FP32, [`param_specs`] order),
/// on the device.
pub struct DeviceGrads {
    pub loss: Tensor,
    pub grads: Vec<Tensor>,
}

impl<'a> DeviceModel<'a> {
    /// Uploads host parameters (in [`param_specs`] order).
    pub fn new(device: &'a Device, config: ModelConfig, host: &[Vec<f32>]) -> Result<Self> {
        config.validate()?;
        let specs = param_specs(&config);
        if host.len() != specs.len() {
            return Err(TrainError::Input(format!(
                "{} parameter tensors, the model has {}",
                host.len(),
                specs.len()
            )));
        }
        let params = specs
            .iter()
            .zip(host)
            .map(|(s, v)| -> Result<Tensor> {
                let t = Tensor::from_f32(DType::F32, &s.shape, v)?;
                Ok(device.to_device(&t)?)
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(DeviceModel {
            device,
            config,
            params,
            frame: RefCell::new(None),
        })
    }

    /// The parameters, downloaded (in [`param_specs`] order).
    pub fn to_host(&self) -> Result<Vec<Vec<f32>>> {
        self.params.iter().map(|p| Ok(p.to_f32()?)).collect()
    }

    /// The frame of `b` sequences of `t` tokens: the last one when its shape matches, else a
    /// new one (which replaces it).
    fn frame(&self, b: usize, t: usize) -> Result<Rc<Frame>> {
        if let Some(f) = self.frame.borrow().as_ref() {
            if (f.b, f.t) == (b, t) {
                return Ok(f.clone());
            }
        }
        let d = self.config.head_dim();
        let (cos, sin) = rope_tables(t, d);
        let up = |v: &[f32]| -> Result<Tensor> {
            Ok(self
                .device
                .to_device(&Tensor::from_f32(DType::F32, &[1, t, d], v)?)?)
        };
        let f = Rc::new(Frame {
            b,
            t,
            cos: up(&cos)?,
            sin: up(&sin)?,
            zeros: self
                .device
                .tensor_zeros(DType::F32, &[b * t, self.config.dim])?,
        });
        *self.frame.borrow_mut() = Some(f.clone());
        Ok(f)
    }

    fn tokens(&self, ids: &[i64]) -> Result<Tensor> {
        let t = Tensor::new(
            metile_runtime::Buffer::from_i64(DType::I64, ids)?,
            vec![ids.len()],
        )?;
        Ok(self.device.to_device(&t)?)
    }

    /// Norm site `j`: `(n, residual_out, rstd)` of `add_rms_norm(x, res) * weight`.
    fn norm(&self, j: usize, x: &Tensor, res: &Tensor) -> Result<(Tensor, Tensor, Tensor)> {
        let inp = NormInputs {
            x,
            residual: Some(res),
            weight: Some(&self.params[self.norm_param(j)]),
            bias: None,
        };
        let o = norms::forward(self.device, NormKind::AddRms, &inp, &norm_opts())?;
        let r = o.residual_out.ok_or_else(|| {
            bad(
                "add_rms_norm.forward",
                "residual",
                "no residual_out was returned".into(),
            )
        })?;
        Ok((o.y, r, o.rstd))
    }

    /// The parameter index of norm site `j`'s weight.
    fn norm_param(&self, j: usize) -> usize {
        if j == 2 * self.config.layers {
            block_param(self.config.layers, 0)
        } else {
            block_param(j / 2, if j.is_multiple_of(2) { 0 } else { 5 })
        }
    }

    /// The final normalized hidden states `[B * T, dim]` of `inputs` (`[B * T]`), and what the
    /// backward needs.
    fn hidden(&self, f: &Frame, inputs: &[i64]) -> Result<(Tensor, Saved)> {
        let c = &self.config;
        let dev = self.device;
        let tokens = self.tokens(inputs)?;
        let h0 = embedding::forward(dev, &self.params[0], &tokens, None, None)?;
        let mut s = Saved {
            tokens,
            norm_x: vec![],
            norm_rstd: vec![],
            norm_res: vec![],
            norm_out: vec![],
            attn: vec![],
            mlp: vec![],
        };
        // `res` is the residual stream so far; `None` before the first norm, which adds the
        // frame's zeros.
        let mut x = h0;
        let mut res: Option<Tensor> = None;
        for j in 0..2 * c.layers {
            let (n, r, rstd) = self.norm(j, &x, res.as_ref().unwrap_or(&f.zeros))?;
            s.norm_x.push(x);
            s.norm_rstd.push(rstd);
            s.norm_res.extend(res.replace(r));
            x = if j % 2 == 0 {
                let (a, saved) = self.attention(f, j / 2, &n)?;
                s.attn.push(saved);
                a
            } else {
                let (m, saved) = self.mlp(j / 2, &n)?;
                s.mlp.push(saved);
                m
            };
            s.norm_out.push(n);
        }
        let (n, _, rstd) = self.norm(2 * c.layers, &x, res.as_ref().unwrap_or(&f.zeros))?;
        s.norm_x.push(x);
        s.norm_rstd.push(rstd);
        s.norm_res.extend(res);
        Ok((n, s))
    }

    fn attention(&self, f: &Frame, layer: usize, n: &Tensor) -> Result<(Tensor, AttnSaved)> {
        let c = &self.config;
        let dev = self.device;
        let p = |w| &self.params[block_param(layer, w)];
        let hd = c.head_dim();
        let heads = |x: &Tensor, h: usize| permute(dev, x, [f.b, f.t, h, hd], true);
        let q = rope::run(
            dev,
            false,
            &heads(&project(dev, n, p(1))?, c.heads)?,
            &f.cos,
            &f.sin,
            None,
        )?;
        let k = rope::run(
            dev,
            false,
            &heads(&project(dev, n, p(2))?, c.kv_heads)?,
            &f.cos,
            &f.sin,
            None,
        )?;
        let v = heads(&project(dev, n, p(3))?, c.kv_heads)?;
        let out = attention::forward(dev, &q, &k, &v, &attn_opts(), None)?;
        let o_rows = permute(dev, &out.o, [f.b, f.t, c.heads, hd], false)?;
        let a = project(dev, &o_rows, p(4))?;
        Ok((
            a,
            AttnSaved {
                q,
                k,
                v,
                o: out.o,
                lse: out.lse,
                o_rows,
            },
        ))
    }

    fn mlp(&self, layer: usize, n: &Tensor) -> Result<(Tensor, MlpSaved)> {
        let dev = self.device;
        let p = |w| &self.params[block_param(layer, w)];
        let gate_up = project(dev, n, p(6))?;
        let act = activations::run_packed(
            dev,
            Kind::Swiglu,
            &gate_up,
            None,
            &ActOptions::default(),
            None,
        )?;
        let m = project(dev, &act, p(7))?;
        Ok((m, MlpSaved { gate_up, act }))
    }

    /// The mean next-byte cross-entropy of a batch of `b` sequences (`inputs`, `targets`
    /// `[b * t]`), with no gradient work at all: the fused linear cross-entropy runs at per-row
    /// reduction (its losses-only pass) and the rows are averaged here, in f64.
    pub fn loss(&self, b: usize, inputs: &[i64], targets: &[i64]) -> Result<f32> {
        let rows = self
            .forward_loss_with(b, inputs, targets, Reduction::None)?
            .2
            .loss
            .to_f32()?;
        let sum: f64 = rows.iter().map(|v| f64::from(*v)).sum();
        Ok((sum / rows.len().max(1) as f64) as f32)
    }

    /// The forward of [`Self::loss`]: the batch's frame, what the backward needs, and the fused
    /// linear cross-entropy's output (loss and the gradients of `hidden` and `lm_head`).
    fn forward_loss(
        &self,
        b: usize,
        inputs: &[i64],
        targets: &[i64],
    ) -> Result<(Rc<Frame>, Saved, FlceForward)> {
        self.forward_loss_with(b, inputs, targets, Reduction::Mean)
    }

    /// [`Self::forward_loss`] at `reduction` (`None`: per-row losses and no gradients).
    fn forward_loss_with(
        &self,
        b: usize,
        inputs: &[i64],
        targets: &[i64],
        reduction: Reduction,
    ) -> Result<(Rc<Frame>, Saved, FlceForward)> {
        if b == 0 || inputs.is_empty() || !inputs.len().is_multiple_of(b) {
            return Err(TrainError::Input(format!(
                "{} input tokens do not make {b} non-empty sequences",
                inputs.len()
            )));
        }
        if targets.len() != inputs.len() {
            return Err(TrainError::Input(format!(
                "{} targets for {} inputs",
                targets.len(),
                inputs.len()
            )));
        }
        let c = self.config;
        let dev = self.device;
        let f = self.frame(b, inputs.len() / b)?;
        let (hidden, s) = self.hidden(&f, inputs)?;
        let target = self.tokens(targets)?;
        let lm_head = &self.params[block_param(c.layers, 1)];
        let inp = FlceInputs {
            hidden: &hidden,
            weight: lm_head,
            target: &target,
            bias: None,
            ce_weight: None,
        };
        let mut opts = flce_opts(inputs.len());
        opts.ce.reduction = reduction;
        let fwd = flce::forward(dev, &inp, &opts, None)?;
        Ok((f, s, fwd))
    }

    /// The mean next-byte cross-entropy of a batch of `b` sequences (`inputs`, `targets`
    /// `[b * t]`) and every parameter's gradient, downloaded.
    pub fn loss_and_grads(
        &self,
        b: usize,
        inputs: &[i64],
        targets: &[i64],
    ) -> Result<LossAndGrads> {
        let g = self.grads(b, inputs, targets)?;
        Ok(LossAndGrads {
            loss: g.loss.to_f32()?[0],
            grads: g
                .grads
                .iter()
                .map(|t| Ok(t.to_f32()?))
                .collect::<Result<Vec<_>>>()?,
        })
    }

    /// [`Self::loss_and_grads`] left on the device: nothing is read back.
    pub fn grads(&self, b: usize, inputs: &[i64], targets: &[i64]) -> Result<DeviceGrads> {
        let c = self.config;
        let dev = self.device;
        let (f, s, fwd) = self.forward_loss(b, inputs, targets)?;
        let g = fwd.grads.ok_or_else(|| {
            bad(
                "fused_linear_cross_entropy.forward",
                "reduction",
                "a mean reduction returns gradients".into(),
            )
        })?;
        let mut grads: Vec<Option<Tensor>> = vec![None; self.params.len()];
        grads[block_param(c.layers, 1)] = Some(g.weight);
        // Walk the norm sites back: `dy` is n_j's cotangent, `dres` residual_out's.
        let mut dy = g.hidden;
        let mut dres: Option<Tensor> = None;
        let mut norm_out = s.norm_out;
        let (mut attn, mut mlp) = (s.attn, s.mlp);
        for j in (0..=2 * c.layers).rev() {
            let inp = NormInputs {
                x: &s.norm_x[j],
                residual: Some(if j == 0 { &f.zeros } else { &s.norm_res[j - 1] }),
                weight: Some(&self.params[self.norm_param(j)]),
                bias: None,
            };
            let cot = NormCotangents {
                dy: &dy,
                dresidual_out: dres.as_ref(),
                stats: Some(NormStats {
                    mean: None,
                    rstd: &s.norm_rstd[j],
                }),
            };
            let ng = norms::backward(dev, NormKind::AddRms, &inp, &cot, &norm_opts())?;
            grads[self.norm_param(j)] = ng.dweight;
            if j == 0 {
                grads[0] = Some(embedding::backward(
                    dev,
                    &self.params[0],
                    &s.tokens,
                    &ng.dx,
                    None,
                    None,
                )?);
                break;
            }
            // d(sublayer j-1 output) = d(residual j-1) = ng.dx.
            let n = norm_out.pop().expect("one saved norm output per sublayer");
            let layer = (j - 1) / 2;
            dy = if (j - 1) % 2 == 0 {
                let saved = attn.pop().expect("one saved attention per block");
                self.attention_back(&f, layer, &n, &saved, &ng.dx, &mut grads)?
            } else {
                let saved = mlp.pop().expect("one saved MLP per block");
                self.mlp_back(layer, &n, &saved, &ng.dx, &mut grads)?
            };
            dres = Some(ng.dx);
        }
        let grads = grads
            .into_iter()
            .map(|g| {
                g.ok_or_else(|| {
                    bad(
                        "train.backward",
                        "grads",
                        "a parameter got no gradient".into(),
                    )
                    .into()
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(DeviceGrads {
            loss: fwd.loss,
            grads,
        })
    }

    /// The attention sublayer's backward: parameter gradients into `grads`, returns `dn`.
    fn attention_back(
        &self,
        f: &Frame,
        layer: usize,
        n: &Tensor,
        s: &AttnSaved,
        da: &Tensor,
        grads: &mut [Option<Tensor>],
    ) -> Result<Tensor> {
        let c = &self.config;
        let dev = self.device;
        let idx = |w| block_param(layer, w);
        let hd = c.head_dim();
        let (d_rows, dwo) = project_back(dev, &s.o_rows, &self.params[idx(4)], da)?;
        grads[idx(4)] = Some(dwo);
        let d_o = permute(dev, &d_rows, [f.b, f.t, c.heads, hd], true)?;
        let inp = AttentionBackwardInputs {
            q: &s.q,
            k: &s.k,
            v: &s.v,
            o: &s.o,
            lse: &s.lse,
            d_o: &d_o,
        };
        let ag = attention::backward(dev, &inp, &attn_opts(), None)?;
        let rows = |x: &Tensor, h: usize| permute(dev, x, [f.b, f.t, h, hd], false);
        let dq = rows(
            &rope::run(dev, true, &ag.dq, &f.cos, &f.sin, None)?,
            c.heads,
        )?;
        let dk = rows(
            &rope::run(dev, true, &ag.dk, &f.cos, &f.sin, None)?,
            c.kv_heads,
        )?;
        let dv = rows(&ag.dv, c.kv_heads)?;
        let mut dn: Option<Tensor> = None;
        for (w, dproj) in [(1, dq), (2, dk), (3, dv)] {
            let (dx, dw) = project_back(dev, n, &self.params[idx(w)], &dproj)?;
            grads[idx(w)] = Some(dw);
            match dn.as_mut() {
                None => dn = Some(dx),
                Some(acc) => accumulate(dev, &dx, acc)?,
            }
        }
        Ok(dn.expect("three projections"))
    }

    /// The MLP sublayer's backward: parameter gradients into `grads`, returns `dn`.
    fn mlp_back(
        &self,
        layer: usize,
        n: &Tensor,
        s: &MlpSaved,
        dm: &Tensor,
        grads: &mut [Option<Tensor>],
    ) -> Result<Tensor> {
        let dev = self.device;
        let idx = |w| block_param(layer, w);
        let (dact, dw_down) = project_back(dev, &s.act, &self.params[idx(7)], dm)?;
        grads[idx(7)] = Some(dw_down);
        let opts = ActOptions::default();
        let dgu = activations::run_packed(dev, Kind::Swiglu, &s.gate_up, Some(&dact), &opts, None)?;
        let (dn, dw_gu) = project_back(dev, n, &self.params[idx(6)], &dgu)?;
        grads[idx(6)] = Some(dw_gu);
        Ok(dn)
    }

    /// Logits `[V]` of the next byte after `context` (one sequence).
    pub fn next_logits(&self, context: &[i64]) -> Result<Vec<f32>> {
        if context.is_empty() {
            return Err(TrainError::Input(
                "an empty context has no next token".into(),
            ));
        }
        let f = self.frame(1, context.len())?;
        let (hidden, _) = self.hidden(&f, context)?;
        let rows = hidden.to_f32()?;
        let d = self.config.dim;
        let last = Tensor::from_f32(DType::F32, &[1, d], &rows[rows.len() - d..])?;
        let last = self.device.to_device(&last)?;
        let lm_head = &self.params[block_param(self.config.layers, 1)];
        Ok(project(self.device, &last, lm_head)?.to_f32()?)
    }
}

fn attn_opts() -> AttentionOptions {
    AttentionOptions {
        scale: None,
        causal: true,
        offset: Some(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The forward-only loss (per-row losses, averaged in f64 here) is the loss
    /// `loss_and_grads` reports (rows scaled by `1/n` in FP32, then summed in f64), to FP32
    /// rounding: the two orders differ by at most a few units in the last place.
    #[test]
    fn loss_matches_loss_and_grads() {
        let dev = Device::cpu();
        let c = ModelConfig {
            vocab: 256,
            layers: 2,
            dim: 16,
            heads: 4,
            kv_heads: 2,
            ffn: 24,
        };
        let model = DeviceModel::new(&dev, c, &init_params(&c, 3)).unwrap();
        let inputs: Vec<i64> = (0..2 * 5).map(|i| (i * 37 % 256) as i64).collect();
        let targets: Vec<i64> = inputs.iter().map(|v| (v + 1) % 256).collect();
        let loss = model.loss(2, &inputs, &targets).unwrap();
        let full = model.loss_and_grads(2, &inputs, &targets).unwrap();
        assert!(loss.is_finite() && loss > 0.0);
        let ulp = f32::EPSILON * full.loss.abs();
        assert!(
            (loss - full.loss).abs() <= 4.0 * ulp,
            "{loss} vs {}",
            full.loss
        );
        assert!(model.loss(3, &inputs, &targets).is_err());
    }
}
