//! End-to-end behaviour of training on tiny configurations: gradients against the f64 model,
//! bit-identical repeat runs, and a resumed run that matches an uninterrupted one.

use std::collections::BTreeMap;

use metile_runtime::Device;
use metile_train::checkpoint;
use metile_train::config::{ModelConfig, RunConfig};
use metile_train::model::DeviceModel;
use metile_train::trainer::{batch_for_step, check_gradients, Trainer};
use metile_train::TrainError;

fn tiny() -> RunConfig {
    RunConfig {
        model: ModelConfig {
            vocab: 256,
            layers: 2,
            dim: 16,
            heads: 4,
            kv_heads: 2,
            ffn: 24,
        },
        seq_len: 9,
        batch: 3,
        steps: 6,
        warmup: 2,
        ..RunConfig::default()
    }
}

#[test]
fn first_step_gradients_match_the_f64_model() {
    let device = Device::cpu();
    let (loss, loss64, rows) = check_gradients(&device, &tiny()).expect("gradient check runs");
    assert!(
        (loss as f64 - loss64).abs() <= 1e-5 * loss64,
        "loss {loss} vs {loss64}"
    );
    assert_eq!(rows.len(), 2 + 8 * 2 + 1);
    for r in &rows {
        assert!(r.max_abs_ref > 0.0, "{}: zero reference gradient", r.name);
        assert!(
            r.rel_error <= 1e-4,
            "{}: relative error {:e}",
            r.name,
            r.rel_error
        );
    }
}

/// The trainer's step on the device is AdamW (FP64 oracle of `metile_kernels::reference`) of
/// the first batch's gradients: clipped by their global norm, no decay on norm weights, the
/// schedule's first learning rate.
#[test]
fn a_train_step_is_adamw_of_the_gradients() {
    use metile_kernels::reference::optim::{adamw_step, clip_scale, sum_squares, AdamW};
    use metile_train::optim::{learning_rate, BETA1, BETA2, EPS};
    let device = Device::cpu();
    let c = RunConfig {
        clip: 0.05,
        ..tiny()
    };
    let mut t = Trainer::new(&device, c).expect("trainer");
    let before = t.model.to_host().expect("download");
    let (inputs, targets) = batch_for_step(&c, &t.corpus.train, 0);
    let g = t
        .model
        .loss_and_grads(c.batch, &inputs, &targets)
        .expect("gradients");
    let stats = t.train_step().expect("step runs");
    let after = t.model.to_host().expect("download");
    let wide = |v: &[f32]| v.iter().map(|x| *x as f64).collect::<Vec<f64>>();
    let g64: Vec<Vec<f64>> = g.grads.iter().map(|v| wide(v)).collect();
    let slices: Vec<&[f64]> = g64.iter().map(Vec::as_slice).collect();
    let sumsq = sum_squares(&slices);
    assert_eq!(stats.loss.to_bits(), g.loss.to_bits());
    assert!(((stats.grad_norm as f64) - sumsq.sqrt()).abs() <= 1e-5 * sumsq.sqrt());
    let scale = clip_scale(sumsq, c.clip as f64);
    assert!(
        scale < 1.0,
        "the test's clip should be active (norm {})",
        sumsq.sqrt()
    );
    let lr = learning_rate(&c, 0) as f64;
    for (i, s) in t.specs.iter().enumerate() {
        let n = s.numel();
        let h = AdamW {
            lr,
            beta1: BETA1 as f64,
            beta2: BETA2 as f64,
            eps: EPS as f64,
            weight_decay: if s.decays() {
                c.weight_decay as f64
            } else {
                0.0
            },
            step: 1,
        };
        let zeros = vec![0.0; n];
        let (want, want_m, _) = adamw_step(&h, &wide(&before[i]), &g64[i], &zeros, &zeros, scale);
        // The first moment carries the clipping (the step-1 update is scale-free).
        let m = t.optimizer.m[i].to_f32().expect("download");
        let m_max = want_m.iter().fold(0.0f64, |a, v| a.max(v.abs()));
        for (got, want) in m.iter().zip(&want_m) {
            assert!((*got as f64 - want).abs() <= 1e-6 * m_max, "{}: m", s.name);
        }
        for (j, (got, want)) in after[i].iter().zip(&want).enumerate() {
            // One step moves a parameter by about lr; FP32 rounding of the update is far less.
            assert!(
                (*got as f64 - want).abs() <= 1e-6 * (1.0 + want.abs()),
                "{}[{j}]: {got} vs {want}",
                s.name
            );
        }
    }
}

fn losses(t: &mut Trainer<'_>, steps: usize) -> Vec<u32> {
    (0..steps)
        .map(|_| t.train_step().expect("step runs").loss.to_bits())
        .collect()
}

#[test]
fn same_seed_gives_bit_identical_losses_and_resume_continues_exactly() {
    let device = Device::cpu();
    let c = tiny();
    let a = losses(&mut Trainer::new(&device, c).expect("trainer"), c.steps);
    let b = losses(&mut Trainer::new(&device, c).expect("trainer"), c.steps);
    assert_eq!(a, b);
    let other = RunConfig { seed: 2, ..c };
    assert_ne!(
        a,
        losses(&mut Trainer::new(&device, other).expect("trainer"), c.steps)
    );

    let dir = std::env::temp_dir().join(format!("metile-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("ckpt.safetensors");
    let mut first = Trainer::new(&device, c).expect("trainer");
    let mut head = losses(&mut first, 3);
    first.save(&path).expect("save");
    let mut resumed = Trainer::resume(&device, &path, None).expect("resume");
    assert_eq!(resumed.step, 3);
    head.extend(losses(&mut resumed, c.steps - 3));
    assert_eq!(head, a);
    let lines = resumed.sample("The ", 2, 20, 0.8).expect("sampling runs");
    assert_eq!(lines.len(), 2);
    assert!(lines.iter().all(|l| l.starts_with("The ")));
    std::fs::remove_dir_all(dir).expect("cleanup");
}

fn config_error(c: RunConfig) -> String {
    let got = Trainer::new(&Device::cpu(), c).map(|t| t.step);
    assert!(
        matches!(got, Err(TrainError::Config(_))),
        "expected a configuration error for {c:?}, got {got:?}"
    );
    got.err().map(|e| e.to_string()).unwrap_or_default()
}

#[test]
fn nonsense_configurations_are_rejected() {
    let c = tiny();
    let model = |m: ModelConfig| RunConfig { model: m, ..c };
    let m = c.model;
    for (what, bad, needle) in [
        (
            "0 layers",
            model(ModelConfig { layers: 0, ..m }),
            "positive",
        ),
        ("0 ffn", model(ModelConfig { ffn: 0, ..m }), "positive"),
        ("0 heads", model(ModelConfig { heads: 0, ..m }), "positive"),
        (
            "heads not dividing dim",
            model(ModelConfig {
                heads: 3,
                kv_heads: 1,
                ..m
            }),
            "dim",
        ),
        (
            "kv heads not dividing heads",
            model(ModelConfig { kv_heads: 3, ..m }),
            "kv heads",
        ),
        (
            "vocab not bytes",
            model(ModelConfig { vocab: 10, ..m }),
            "vocab",
        ),
        (
            "huge dim",
            model(ModelConfig {
                dim: 1 << 40,
                heads: 1 << 33,
                kv_heads: 1 << 33,
                ..m
            }),
            "too large",
        ),
        ("seq len 0", RunConfig { seq_len: 0, ..c }, "positive"),
        ("batch 0", RunConfig { batch: 0, ..c }, "positive"),
        (
            "huge batch",
            RunConfig {
                batch: usize::MAX / 2,
                ..c
            },
            "too large",
        ),
        (
            "seq len past the corpus",
            RunConfig {
                seq_len: 1 << 20,
                batch: 1,
                ..c
            },
            "corpus",
        ),
        ("lr NaN", RunConfig { lr: f32::NAN, ..c }, "lr"),
        ("lr 0", RunConfig { lr: 0.0, ..c }, "lr"),
        (
            "clip infinite",
            RunConfig {
                clip: f32::INFINITY,
                ..c
            },
            "clip",
        ),
        (
            "weight decay NaN",
            RunConfig {
                weight_decay: f32::NAN,
                ..c
            },
            "weight decay",
        ),
        (
            "min lr ratio 2",
            RunConfig {
                min_lr_ratio: 2.0,
                ..c
            },
            "min lr ratio",
        ),
    ] {
        let e = config_error(bad);
        assert!(e.contains(needle), "{what}: `{needle}` not in `{e}`");
    }
}

/// Saves a 1-step run of `tiny()`, rewrites its entries/metadata with `edit`, resumes; the
/// checkpoint error's message.
fn resume_error(
    tag: &str,
    edit: impl FnOnce(&mut Vec<checkpoint::Entry>, &mut BTreeMap<String, String>),
) -> String {
    let device = Device::cpu();
    let dir = std::env::temp_dir().join(format!("metile-resume-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("ckpt.safetensors");
    let mut t = Trainer::new(&device, tiny()).expect("trainer");
    t.train_step().expect("step runs");
    t.save(&path).expect("save");
    let (mut entries, mut meta) = checkpoint::load(&path).expect("load");
    edit(&mut entries, &mut meta);
    checkpoint::save(&path, &entries, &meta).expect("save");
    let got = Trainer::resume(&device, &path, None).map(|t| t.step);
    std::fs::remove_dir_all(dir).expect("cleanup");
    assert!(
        matches!(
            got,
            Err(TrainError::Checkpoint { .. }) | Err(TrainError::Config(_))
        ),
        "{tag}: expected a checkpoint or configuration error, got {got:?}"
    );
    got.err().map(|e| e.to_string()).unwrap_or_default()
}

#[test]
fn mismatched_or_corrupt_checkpoints_are_rejected() {
    let set = |k: &'static str, v: &'static str| {
        move |_: &mut Vec<checkpoint::Entry>, m: &mut BTreeMap<String, String>| {
            m.insert(k.into(), v.into());
        }
    };
    let e = resume_error("layers", set("layers", "3"));
    assert!(e.contains("no tensor layers.2"), "{e}");
    let e = resume_error("dim", set("dim", "32"));
    assert!(e.contains("shape"), "{e}");
    let e = resume_error("heads", set("heads", "3"));
    assert!(e.contains("dim 16 must be heads 3"), "{e}");
    let e = resume_error("lr", set("lr", "NaN"));
    assert!(e.contains("lr NaN"), "{e}");
    let e = resume_error("step", set("step", "-1"));
    assert!(e.contains("step"), "{e}");
    let e = resume_error("format", set("format", "other"));
    assert!(e.contains("format"), "{e}");
    let e = resume_error("no-meta", |_, m| {
        m.remove("seed");
    });
    assert!(e.contains("seed"), "{e}");
    let e = resume_error("missing", |entries, _| {
        entries.retain(|e| e.name != "optim.v.lm_head")
    });
    assert!(e.contains("no tensor optim.v.lm_head"), "{e}");
    let e = resume_error("nan", |entries, _| entries[0].data[0] = f32::NAN);
    assert!(e.contains("embed: holds a non-finite value"), "{e}");

    // A truncated file: every prefix is an error, never a panic.
    let device = Device::cpu();
    let dir = std::env::temp_dir().join(format!("metile-resume-cut-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("ckpt.safetensors");
    Trainer::new(&device, tiny())
        .expect("trainer")
        .save(&path)
        .expect("save");
    let bytes = std::fs::read(&path).expect("read");
    for cut in [0, 7, 8, 100, bytes.len() / 2, bytes.len() - 1] {
        std::fs::write(&path, &bytes[..cut]).expect("write");
        let got = Trainer::resume(&device, &path, None).map(|t| t.step);
        assert!(
            matches!(got, Err(TrainError::Checkpoint { .. })),
            "cut at {cut}: {got:?}"
        );
    }
    std::fs::remove_dir_all(dir).expect("cleanup");
}

#[test]
fn inputs_that_do_not_fit_the_model_are_typed_errors() {
    let device = Device::cpu();
    let c = tiny();
    let t = Trainer::new(&device, c).expect("trainer");
    let params = t.model.to_host().expect("download");
    let input_error = |got: Result<(), TrainError>, needle: &str| {
        let e = got.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(
            e.starts_with("bad input") && e.contains(needle),
            "`{needle}` not in `{e}`"
        );
    };
    input_error(
        DeviceModel::new(&device, c.model, &params[1..]).map(|_| ()),
        "parameter tensors",
    );
    let model = &t.model;
    let tokens = [65i64; 6];
    for (b, inputs, targets, needle) in [
        (0, &tokens[..], &tokens[..], "non-empty sequences"),
        (4, &tokens[..], &tokens[..], "non-empty sequences"),
        (2, &tokens[..0], &tokens[..0], "non-empty sequences"),
        (2, &tokens[..], &tokens[..4], "4 targets for 6 inputs"),
    ] {
        input_error(model.loss_and_grads(b, inputs, targets).map(|_| ()), needle);
    }
    input_error(model.next_logits(&[]).map(|_| ()), "empty context");
    input_error(t.sample("", 1, 4, 0.0).map(|_| ()), "empty context");
}
