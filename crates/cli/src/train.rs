//! `metile train`: trains the model of `metile_train` with a progress bar, then prints the loss
//! next to the corpus's unigram entropy, a loss chart and the peak memory, writes a checkpoint
//! and samples text; `--check-gradients` compares the first step's gradients with the f64 model.

use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use metile_runtime::Device;
use metile_train::config::{ModelConfig, RunConfig};
use metile_train::corpus::VOCAB;
use metile_train::trainer::{check_gradients, Trainer};

use crate::cli::TrainArgs;
use crate::error::{CliError, EXIT_FAILURES};

/// Worst relative gradient error allowed for f32 storage.
pub const GRAD_TOLERANCE: f64 = 1e-4;

fn config(a: &TrainArgs) -> RunConfig {
    RunConfig {
        model: ModelConfig {
            vocab: VOCAB,
            layers: a.layers,
            dim: a.dim,
            heads: a.heads,
            kv_heads: a.kv_heads,
            ffn: a.ffn,
        },
        seq_len: a.seq_len,
        batch: a.batch,
        steps: a.steps.unwrap_or(RunConfig::default().steps),
        lr: a.lr,
        warmup: a.warmup,
        seed: a.seed,
        ..RunConfig::default()
    }
}

pub fn train(device: &Device, a: &TrainArgs) -> Result<u8, CliError> {
    if a.check_gradients {
        return gradient_check(device, &config(a));
    }
    let mut t = match &a.resume {
        Some(path) => Trainer::resume(device, path, a.steps)?,
        None => Trainer::new(device, config(a))?,
    };
    let c = t.config;
    let m = c.model;
    let params: usize = t.specs.iter().map(|s| s.numel()).sum();
    outln!(
        "model: {} layers, dim {}, {} heads ({} KV), ffn {}, {:.2}M parameters; batch {} x {} bytes; \
         {} steps from step {} on {}",
        m.layers,
        m.dim,
        m.heads,
        m.kv_heads,
        m.ffn,
        params as f64 / 1e6,
        c.batch,
        c.seq_len,
        c.steps,
        t.step,
        device.describe()
    );
    let bar = ProgressBar::new(c.steps as u64).with_position(t.step as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} [{elapsed_precise}<{eta_precise}] {msg}",
        )
        .map_err(|e| CliError::new(e.to_string()))?,
    );
    let start = Instant::now();
    let first_step = t.step;
    let mut losses = vec![];
    while t.step < c.steps {
        let s = t.train_step()?;
        losses.push(s.loss);
        let tokens = ((s.step - first_step) * c.batch * c.seq_len) as f64;
        bar.set_message(format!(
            "loss {:.4}  {:.0} tok/s  lr {:.2e}",
            s.loss,
            tokens / start.elapsed().as_secs_f64(),
            s.lr
        ));
        bar.inc(1);
    }
    bar.finish();
    let wall = start.elapsed().as_secs_f64();
    if !losses.is_empty() {
        let tail = &losses[losses.len().saturating_sub(10)..];
        let train_loss = tail.iter().sum::<f32>() / tail.len() as f32;
        outln!(
            "trained {} steps in {wall:.1} s ({:.0} tokens/s)",
            losses.len(),
            (losses.len() * c.batch * c.seq_len) as f64 / wall
        );
        outln!(
            "loss (nats/byte): first {:.4}, last 10 steps {train_loss:.4}, held-out {:.4}; \
             unigram entropy of the corpus {:.4}",
            losses[0],
            t.held_out_loss(4)?,
            t.corpus.unigram_entropy()
        );
        for line in chart(&losses, 8, 60) {
            outln!("{line}");
        }
    }
    print_peak_memory(device)?;
    t.save(&a.checkpoint)?;
    outln!("checkpoint: {} (step {})", a.checkpoint.display(), t.step);
    if a.samples > 0 {
        outln!("samples (temperature {}):", a.temperature);
        for line in t.sample("The ", a.samples, 100, a.temperature)? {
            outln!("  {line}");
        }
    }
    Ok(0)
}

fn gradient_check(device: &Device, c: &RunConfig) -> Result<u8, CliError> {
    let start = Instant::now();
    let (loss, loss64, rows) = check_gradients(device, c)?;
    outln!("first-step loss: device {loss:.7}, f64 model {loss64:.7}");
    outln!(
        "{:<24} {:>12} {:>14}",
        "parameter",
        "max |ref|",
        "rel. error"
    );
    let mut failed = 0;
    for r in &rows {
        let ok = r.rel_error <= GRAD_TOLERANCE;
        failed += usize::from(!ok);
        outln!(
            "{:<24} {:>12.3e} {:>14.3e} {}",
            r.name,
            r.max_abs_ref,
            r.rel_error,
            if ok { "ok" } else { "FAIL" }
        );
    }
    let worst = rows.iter().map(|r| r.rel_error).fold(0.0, f64::max);
    outln!(
        "{} of {} gradients within {GRAD_TOLERANCE:e} (worst {worst:.3e}; relative error = \
         max |device - f64| / max |f64| per tensor) in {:.1} s",
        rows.len() - failed,
        rows.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(if failed == 0 { 0 } else { EXIT_FAILURES })
}

/// A `height`-line text chart of `values` in `width` columns (each the mean of its steps), with
/// the value range on the left.
fn chart(values: &[f32], height: usize, width: usize) -> Vec<String> {
    let cols: Vec<f32> = (0..width.min(values.len()))
        .map(|i| {
            let (a, b) = (
                i * values.len() / width.min(values.len()),
                (i + 1) * values.len() / width.min(values.len()),
            );
            values[a..b].iter().sum::<f32>() / (b - a) as f32
        })
        .collect();
    let (lo, hi) = cols
        .iter()
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(l, h), v| {
            (l.min(*v), h.max(*v))
        });
    let span = (hi - lo).max(1e-6);
    (0..height)
        .map(|row| {
            let level = hi - span * row as f32 / (height - 1).max(1) as f32;
            let band = span / (height - 1).max(1) as f32;
            let line: String = cols
                .iter()
                .map(|v| {
                    if (v - level).abs() <= band / 2.0 {
                        '*'
                    } else {
                        ' '
                    }
                })
                .collect();
            format!("{level:7.3} |{line}")
        })
        .chain(std::iter::once(format!(
            "        +{}\n         step 1 .. {} (loss per step)",
            "-".repeat(cols.len()),
            values.len()
        )))
        .collect()
}

/// On a GPU, the most bytes the device's buffers held at once (the runtime counts them) and
/// the driver's view of the device now; on the cpu, the process's peak resident set.
fn print_peak_memory(device: &Device) -> Result<(), CliError> {
    const MIB: f64 = (1 << 20) as f64;
    match device.memory()? {
        Some(m) => outln!(
            "peak memory ({} buffers): {:.1} MiB; device memory in use now (driver): {:.1} of \
             {:.1} MiB",
            device.label(),
            m.peak_bytes as f64 / MIB,
            m.driver_used_bytes as f64 / MIB,
            m.total_bytes as f64 / MIB
        ),
        None => {
            if let Some(kib) = peak_rss_kib() {
                outln!("peak memory (process RSS): {:.1} MiB", kib as f64 / 1024.0);
            }
        }
    }
    Ok(())
}

/// The process's peak resident set (`VmHWM`, Linux), in KiB; the runtime does not track it.
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Cli;
    use clap::Parser;

    fn args(extra: &[&str]) -> TrainArgs {
        let mut argv = vec!["metile", "train"];
        argv.extend(extra);
        match Cli::parse_from(argv).command {
            crate::cli::Command::Train(a) => a,
            _ => unreachable!("parsed a train command"),
        }
    }

    #[test]
    fn gradient_check_passes_on_a_tiny_model() {
        let a = args(&[
            "--check-gradients",
            "--layers=2",
            "--dim=16",
            "--heads=4",
            "--kv-heads=2",
            "--ffn=24",
            "--seq-len=9",
            "--batch=2",
        ]);
        assert_eq!(train(&Device::cpu(), &a), Ok(0));
    }

    #[test]
    fn chart_marks_one_point_per_column() {
        let lines = chart(&[3.0, 2.0, 1.0, 1.0], 3, 4);
        assert_eq!(lines[0], "  3.000 |*   ");
        assert_eq!(lines[2], "  1.000 |  **");
    }
}
