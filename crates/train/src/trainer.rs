//! The training loop, the gradient check against [`crate::reference`], and sampling.

use std::collections::BTreeMap;
use std::path::Path;

use metile_ir::DType;
use metile_kernels::testing::{compare, max_abs, Rng};
use metile_runtime::{Device, Tensor};

use crate::checkpoint::{self, Entry};
use crate::config::{ModelConfig, RunConfig};
use crate::corpus::{self, Corpus};
use crate::model::{init_params, param_specs, DeviceModel, ParamSpec};
use crate::optim::{learning_rate, AdamW};
use crate::{reference, Result, TrainError};

/// The inputs and targets of step `step`'s batch: drawn from an RNG seeded by the run's seed and
/// the step, so a resumed run sees the batches the uninterrupted one would have.
pub fn batch_for_step(c: &RunConfig, text: &[u8], step: usize) -> (Vec<i64>, Vec<i64>) {
    let mut rng = Rng::new(c.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ step as u64);
    corpus::batch(text, c.batch, c.seq_len, &mut rng)
}

/// What one step reports.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepStats {
    /// The step just taken (1-based).
    pub step: usize,
    pub loss: f32,
    pub lr: f32,
    /// Before clipping.
    pub grad_norm: f32,
}

/// A run in progress: the parameters and AdamW state on the device for the whole run, and the
/// step count. Nothing crosses to the host during a step but the batch's token ids and the two
/// scalars of [`StepStats`]; parameters and moments are read back for checkpoints only.
pub struct Trainer<'d> {
    pub device: &'d Device,
    pub config: RunConfig,
    pub specs: Vec<ParamSpec>,
    pub model: DeviceModel<'d>,
    pub optimizer: AdamW,
    /// Steps taken.
    pub step: usize,
    pub corpus: Corpus,
}

impl<'d> Trainer<'d> {
    /// A fresh run: parameters initialised from the seed.
    pub fn new(device: &'d Device, config: RunConfig) -> Result<Self> {
        config.validate()?;
        Trainer::with_params(device, config, &init_params(&config.model, config.seed))
    }

    /// A run at step 0 from host parameters (uploaded once), with zero moments; `config` is
    /// validated by the caller (`new`, `resume`), before it sized anything from it.
    fn with_params(device: &'d Device, config: RunConfig, params: &[Vec<f32>]) -> Result<Self> {
        let corpus = Corpus::builtin();
        let window = config.seq_len.saturating_add(1);
        if corpus.train.len() <= window || corpus.held_out.len() <= window {
            return Err(TrainError::Config(format!(
                "seq len {} is longer than the corpus allows",
                config.seq_len
            )));
        }
        let specs = param_specs(&config.model);
        let model = DeviceModel::new(device, config.model, params)?;
        let optimizer = AdamW::new(device, &specs)?;
        Ok(Trainer {
            device,
            config,
            specs,
            model,
            optimizer,
            step: 0,
            corpus,
        })
    }

    /// One optimizer step on the next batch, on the device.
    pub fn train_step(&mut self) -> Result<StepStats> {
        let c = self.config;
        let (inputs, targets) = batch_for_step(&c, &self.corpus.train, self.step);
        let out = self.model.grads(c.batch, &inputs, &targets)?;
        let lr = learning_rate(&c, self.step);
        let sumsq = self.optimizer.step(
            self.device,
            &mut self.model.params,
            &out.grads,
            &self.specs,
            lr,
            c.weight_decay,
            c.clip,
        )?;
        // The step's only reads: after the update is queued, so the device is never idle
        // waiting for them.
        let grad_norm = sumsq.to_f32()?[0].sqrt();
        let loss = out.loss.to_f32()?[0];
        self.step += 1;
        Ok(StepStats {
            step: self.step,
            loss,
            lr,
            grad_norm,
        })
    }

    /// Mean loss over `batches` fixed batches of the held-out text.
    pub fn held_out_loss(&self, batches: usize) -> Result<f32> {
        let c = self.config;
        let mut rng = Rng::new(c.seed ^ 0x5EED);
        let mut sum = 0.0;
        for _ in 0..batches {
            let (x, y) = corpus::batch(&self.corpus.held_out, c.batch, c.seq_len, &mut rng);
            sum += self.model.loss(c.batch, &x, &y)? as f64;
        }
        Ok((sum / batches.max(1) as f64) as f32)
    }

    /// `lines` lines of text sampled after `prompt` (each up to `max_bytes` bytes or a newline),
    /// at `temperature` (0: greedy), drawing from the run's seed.
    pub fn sample(
        &self,
        prompt: &str,
        lines: usize,
        max_bytes: usize,
        temperature: f32,
    ) -> Result<Vec<String>> {
        let c = self.config;
        let mut rng = Rng::new(c.seed ^ 0x5A3F);
        let mut out = vec![];
        for _ in 0..lines {
            let mut text: Vec<u8> = prompt.as_bytes().to_vec();
            for _ in 0..max_bytes {
                let from = text.len().saturating_sub(c.seq_len);
                let context: Vec<i64> = text[from..].iter().map(|b| *b as i64).collect();
                let logits = self.model.next_logits(&context)?;
                let next = pick(&logits, temperature, &mut rng);
                if next == b'\n' {
                    break;
                }
                text.push(next);
            }
            out.push(String::from_utf8_lossy(&text).into_owned());
        }
        Ok(out)
    }

    /// Writes parameters, AdamW moments, configuration and step to `path` (downloading them).
    pub fn save(&self, path: &Path) -> Result<()> {
        let download = |ts: &[Tensor]| -> Result<Vec<Vec<f32>>> {
            ts.iter().map(|t| Ok(t.to_f32()?)).collect()
        };
        let mut entries = vec![];
        for (prefix, tensors) in [
            ("", self.model.to_host()?),
            ("optim.m.", download(&self.optimizer.m)?),
            ("optim.v.", download(&self.optimizer.v)?),
        ] {
            for (s, data) in self.specs.iter().zip(tensors) {
                entries.push(Entry {
                    name: format!("{prefix}{}", s.name),
                    shape: s.shape.clone(),
                    data,
                });
            }
        }
        checkpoint::save(path, &entries, &metadata(&self.config, self.step))
    }

    /// Continues the run saved at `path`, up to `steps` steps in all when given.
    pub fn resume(device: &'d Device, path: &Path, steps: Option<usize>) -> Result<Self> {
        let (entries, meta) = checkpoint::load(path)?;
        let fail = |m: String| TrainError::Checkpoint {
            path: path.display().to_string(),
            message: m,
        };
        if meta.get("format").map(String::as_str) != Some(FORMAT) {
            return Err(fail(format!(
                "metadata format is {:?}, expected {FORMAT:?}",
                meta.get("format")
            )));
        }
        let mut config = config_from(&meta).map_err(fail)?;
        if let Some(s) = steps {
            config.steps = s;
        }
        config.validate()?;
        let by_name: BTreeMap<&str, &Entry> =
            entries.iter().map(|e| (e.name.as_str(), e)).collect();
        let specs = param_specs(&config.model);
        // Parameters, first moments and second moments, each in spec order.
        let mut state: [Vec<Vec<f32>>; 3] = Default::default();
        for s in &specs {
            for (prefix, dst) in ["", "optim.m.", "optim.v."].into_iter().zip(&mut state) {
                let name = format!("{prefix}{}", s.name);
                match by_name.get(name.as_str()) {
                    Some(e) if e.shape == s.shape && e.data.iter().all(|v| v.is_finite()) => {
                        dst.push(e.data.clone())
                    }
                    Some(e) if e.shape == s.shape => {
                        return Err(fail(format!("{name}: holds a non-finite value")))
                    }
                    Some(e) => {
                        return Err(fail(format!(
                            "{name}: shape {:?}, expected {:?}",
                            e.shape, s.shape
                        )))
                    }
                    None => return Err(fail(format!("no tensor {name}"))),
                }
            }
        }
        let step = meta
            .get("step")
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| fail("no step in the metadata".into()))?;
        let [params, m, v] = state;
        let mut t = Trainer::with_params(device, config, &params)?;
        let upload = |host: &[Vec<f32>]| -> Result<Vec<Tensor>> {
            specs
                .iter()
                .zip(host)
                .map(|(s, data)| {
                    Ok(device.to_device(&Tensor::from_f32(DType::F32, &s.shape, data)?)?)
                })
                .collect()
        };
        t.optimizer.m = upload(&m)?;
        t.optimizer.v = upload(&v)?;
        t.step = step;
        t.optimizer.t = step as u64;
        Ok(t)
    }
}

/// The next byte: the argmax at temperature 0, else a draw from `softmax(logits / temperature)`.
fn pick(logits: &[f32], temperature: f32, rng: &mut Rng) -> u8 {
    let argmax = logits
        .iter()
        .enumerate()
        .fold(0, |best, (i, v)| if *v > logits[best] { i } else { best });
    if temperature <= 0.0 {
        return argmax as u8;
    }
    let weights: Vec<f64> = logits
        .iter()
        .map(|v| (((v - logits[argmax]) / temperature) as f64).exp())
        .collect();
    let mut u = rng.next_f64() * weights.iter().sum::<f64>();
    for (i, w) in weights.iter().enumerate() {
        if u < *w {
            return i as u8;
        }
        u -= w;
    }
    argmax as u8
}

/// The `format` metadata of a training checkpoint.
const FORMAT: &str = "metile-train-1";

fn metadata(c: &RunConfig, step: usize) -> BTreeMap<String, String> {
    let m = &c.model;
    [
        ("format", FORMAT.to_string()),
        ("vocab", m.vocab.to_string()),
        ("layers", m.layers.to_string()),
        ("dim", m.dim.to_string()),
        ("heads", m.heads.to_string()),
        ("kv_heads", m.kv_heads.to_string()),
        ("ffn", m.ffn.to_string()),
        ("seq_len", c.seq_len.to_string()),
        ("batch", c.batch.to_string()),
        ("steps", c.steps.to_string()),
        ("lr", c.lr.to_string()),
        ("warmup", c.warmup.to_string()),
        ("min_lr_ratio", c.min_lr_ratio.to_string()),
        ("weight_decay", c.weight_decay.to_string()),
        ("clip", c.clip.to_string()),
        ("seed", c.seed.to_string()),
        ("step", step.to_string()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}

fn config_from(meta: &BTreeMap<String, String>) -> std::result::Result<RunConfig, String> {
    fn get<T: std::str::FromStr>(
        meta: &BTreeMap<String, String>,
        key: &str,
    ) -> std::result::Result<T, String> {
        meta.get(key)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("metadata {key} is missing or malformed"))
    }
    Ok(RunConfig {
        model: ModelConfig {
            vocab: get(meta, "vocab")?,
            layers: get(meta, "layers")?,
            dim: get(meta, "dim")?,
            heads: get(meta, "heads")?,
            kv_heads: get(meta, "kv_heads")?,
            ffn: get(meta, "ffn")?,
        },
        seq_len: get(meta, "seq_len")?,
        batch: get(meta, "batch")?,
        steps: get(meta, "steps")?,
        lr: get(meta, "lr")?,
        warmup: get(meta, "warmup")?,
        min_lr_ratio: get(meta, "min_lr_ratio")?,
        weight_decay: get(meta, "weight_decay")?,
        clip: get(meta, "clip")?,
        seed: get(meta, "seed")?,
    })
}

/// One parameter tensor's gradient against the f64 reference.
#[derive(Clone, Debug, PartialEq)]
pub struct GradCheck {
    pub name: String,
    /// `max |device - reference| / max |reference|` over the tensor.
    pub rel_error: f64,
    pub max_abs_ref: f64,
}

/// The first step's loss on the device and in f64, and every parameter gradient's error
/// against [`reference::loss_and_grads`].
pub fn check_gradients(device: &Device, c: &RunConfig) -> Result<(f32, f64, Vec<GradCheck>)> {
    let t = Trainer::new(device, *c)?;
    let (inputs, targets) = batch_for_step(c, &t.corpus.train, 0);
    let got = t.model.loss_and_grads(c.batch, &inputs, &targets)?;
    let params64: Vec<Vec<f64>> = t
        .model
        .to_host()?
        .iter()
        .map(|p| p.iter().map(|v| *v as f64).collect())
        .collect();
    let (loss64, want) = reference::loss_and_grads(&c.model, &params64, c.batch, &inputs, &targets);
    let rows = t
        .specs
        .iter()
        .zip(got.grads.iter().zip(&want))
        .map(|(s, (g, w))| grad_check(&s.name, g, w))
        .collect();
    Ok((got.loss, loss64, rows))
}

/// One parameter tensor's check: the largest error over the largest reference magnitude, where
/// a NaN or infinite device gradient (`compare`) is infinitely wrong.
fn grad_check(name: &str, got: &[f32], want: &[f64]) -> GradCheck {
    let max_err = compare(got, want).max_abs;
    let max_ref = max_abs(want);
    let rel_error = if max_err == 0.0 {
        0.0
    } else if max_ref > 0.0 {
        max_err / max_ref
    } else {
        f64::INFINITY
    };
    GradCheck {
        name: name.to_string(),
        rel_error,
        max_abs_ref: max_ref,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gradient_check_counts_non_finite_gradients_as_wrong() {
        let want = [1.0, -2.0, 0.5];
        assert_eq!(grad_check("w", &[1.0, -2.0, 0.5], &want).rel_error, 0.0);
        assert!((grad_check("w", &[1.0, -2.0, 0.6], &want).rel_error - 0.05).abs() < 1e-6);
        assert_eq!(
            grad_check("w", &[f32::NAN; 3], &want).rel_error,
            f64::INFINITY
        );
        assert_eq!(
            grad_check("w", &[1.0, f32::INFINITY, 0.5], &want).rel_error,
            f64::INFINITY
        );
        assert_eq!(
            grad_check("w", &[0.0, 1e-3], &[0.0, 0.0]).rel_error,
            f64::INFINITY
        );
    }
}
