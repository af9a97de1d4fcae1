//! End-to-end behaviour of training on tiny configurations: gradients against the f64 model,
//! bit-identical repeat runs, and a resumed run that matches an uninterrupted one.

use metile_runtime::Device;
use metile_train::config::{ModelConfig, RunConfig};
use metile_train::trainer::{check_gradients, Trainer};

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
