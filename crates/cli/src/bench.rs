//! `metile bench [OP...] [--rows R] [--cols C] [--dtype D] [--reps N] [--json]`.
//!
//! For every registered entry point of the chosen operators, inputs are generated from the ports
//! alone (`LikeX` -> `[rows, cols]`, `Cols` -> `[cols]`, `Rows` -> `[rows]`, standard normal values
//! in the chosen storage dtype; optional inputs are included, as in the common use: a weighted
//! RMSNorm, a fused add whose residual output also receives a gradient). Entry points of one operator run in
//! order, forward first, and an input named like an output of an earlier entry point of the same
//! operator (such as saved statistics) takes that output instead of random data.
//!
//! Each entry point is called once to allocate its outputs, twice more to warm up, then `reps`
//! times reusing the outputs; the median is reported. Bytes count every input read once and every
//! output written once. Beside each measurement, a memory copy of the same number of bytes (half
//! read, half written, between preallocated buffers filled with random bytes) is timed the same
//! way, so the ratio to copy is comparable across machines.

use std::time::{Duration, Instant};

use metile_kernels::registry::{self, EntryPoint, OpError, Params, PortShape, Tensors};
use metile_kernels::testing::Rng;
use metile_runtime::{Device, Tensor};
use serde::Serialize;

use crate::cli::BenchArgs;
use crate::error::{panic_message, CliError, EXIT_FAILURES};

const WARMUPS: usize = 2;
const SEED: u64 = 0x6d65_7469_6c65;

/// One timed entry point.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Measurement {
    pub entry: String,
    pub dtype: String,
    /// `[rows, cols]`.
    pub shape: [usize; 2],
    /// Bytes read and written.
    pub bytes: usize,
    pub ms: f64,
    pub gb_per_s: f64,
    pub copy_ms: f64,
    pub copy_gb_per_s: f64,
    /// `ms / copy_ms`.
    pub ratio_to_copy: f64,
}

/// The median of `times`, in milliseconds.
pub fn median_ms(times: &mut [Duration]) -> f64 {
    if times.is_empty() {
        return 0.0;
    }
    times.sort();
    let n = times.len();
    let mid = if n % 2 == 1 {
        times[n / 2]
    } else {
        (times[n / 2 - 1] + times[n / 2]) / 2
    };
    mid.as_secs_f64() * 1e3
}

fn gb_per_s(bytes: usize, ms: f64) -> f64 {
    if ms > 0.0 {
        bytes as f64 / (ms * 1e-3) / 1e9
    } else {
        f64::INFINITY
    }
}

/// Times copying `bytes / 2` bytes between two preallocated buffers of random bytes.
pub fn time_copy(bytes: usize, reps: usize, rng: &mut Rng) -> f64 {
    let half = (bytes / 2).max(1);
    let mut src = vec![0u8; half];
    for chunk in src.chunks_mut(8) {
        let r = rng.next_u64().to_le_bytes();
        chunk.copy_from_slice(&r[..chunk.len()]);
    }
    let mut dst = vec![0u8; half];
    for _ in 0..WARMUPS {
        dst.copy_from_slice(&src);
    }
    let mut times = Vec::with_capacity(reps);
    for _ in 0..reps {
        let t = Instant::now();
        dst.copy_from_slice(std::hint::black_box(&src));
        std::hint::black_box(&mut dst);
        times.push(t.elapsed());
    }
    median_ms(&mut times)
}

/// A random tensor for a port shape.
pub fn generate(
    shape: PortShape,
    rows: usize,
    cols: usize,
    dtype: metile_ir::DType,
    rng: &mut Rng,
) -> Result<Tensor, OpError> {
    let dims = match shape {
        PortShape::LikeX => vec![rows, cols],
        PortShape::Cols => vec![cols],
        PortShape::Rows => vec![rows],
    };
    let values = rng.normal_vec(dims.iter().product(), 0.0, 1.0);
    Ok(Tensor::from_f32(dtype, &dims, &values)?)
}

fn run_once(
    device: &Device,
    entry: &EntryPoint,
    inputs: &Tensors,
    params: &Params,
    outputs: &mut Tensors,
) -> Result<(), String> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        (entry.run)(device, inputs, params, outputs)
    })) {
        Ok(r) => r.map_err(|e| e.to_string()),
        Err(p) => Err(format!("panicked: {}", panic_message(p.as_ref()))),
    }
}

/// Times `entry` on `inputs`; returns the median ms, the bytes moved and the outputs.
pub fn time_entry(
    device: &Device,
    entry: &EntryPoint,
    inputs: &Tensors,
    params: &Params,
    reps: usize,
) -> Result<(f64, usize, Tensors), String> {
    let mut outputs = Tensors::new();
    run_once(device, entry, inputs, params, &mut outputs)?;
    for _ in 0..WARMUPS {
        run_once(device, entry, inputs, params, &mut outputs)?;
    }
    let mut times = Vec::with_capacity(reps);
    for _ in 0..reps {
        let t = Instant::now();
        run_once(device, entry, inputs, params, &mut outputs)?;
        times.push(t.elapsed());
    }
    let bytes: usize = inputs
        .values()
        .chain(outputs.values())
        .map(|t| t.buffer.size_bytes())
        .sum();
    Ok((median_ms(&mut times), bytes, outputs))
}

/// The entry points to time for `ops` (all registered when empty), grouped by operator in
/// registry order, forward first within an operator.
pub fn select(all: &[&'static EntryPoint], ops: &[String]) -> Vec<Vec<&'static EntryPoint>> {
    let mut groups: Vec<Vec<&'static EntryPoint>> = Vec::new();
    for &e in all {
        if !ops.is_empty() && !ops.iter().any(|o| o == e.op) {
            continue;
        }
        match groups.iter_mut().find(|g| g[0].op == e.op) {
            Some(g) => g.push(e),
            None => groups.push(vec![e]),
        }
    }
    for g in &mut groups {
        g.sort_by_key(|e| !e.name.ends_with(".forward"));
    }
    groups
}

/// Times every entry point of `groups`, calling `emit` with each measurement as it is taken and
/// `fail` with each entry that cannot run. Returns the number of failures.
pub fn bench_groups(
    device: &Device,
    groups: &[Vec<&'static EntryPoint>],
    args: &BenchArgs,
    emit: &mut dyn FnMut(&Measurement),
    fail: &mut dyn FnMut(&str, &str),
) -> usize {
    let dtype = args.dtype.dtype();
    let mut rng = Rng::new(SEED);
    let mut failures = 0;
    for group in groups {
        let mut pool = Tensors::new();
        for &entry in group {
            let mut inputs = Tensors::new();
            let mut generated = Ok(());
            for port in entry.inputs {
                let t = match pool.get(port.name) {
                    Some(t) => t.clone(),
                    None => match generate(port.shape, args.rows, args.cols, dtype, &mut rng) {
                        Ok(t) => {
                            pool.insert(port.name.to_string(), t.clone());
                            t
                        }
                        Err(e) => {
                            generated = Err(e.to_string());
                            break;
                        }
                    },
                };
                inputs.insert(port.name.to_string(), t);
            }
            let result = generated
                .and_then(|()| entry.params(&[]).map_err(|e| e.to_string()))
                .and_then(|params| time_entry(device, entry, &inputs, &params, args.reps));
            match result {
                Ok((ms, bytes, outputs)) => {
                    let copy_ms = time_copy(bytes, args.reps, &mut rng);
                    emit(&Measurement {
                        entry: entry.name.to_string(),
                        dtype: dtype.to_string(),
                        shape: [args.rows, args.cols],
                        bytes,
                        ms,
                        gb_per_s: gb_per_s(bytes, ms),
                        copy_ms,
                        copy_gb_per_s: gb_per_s(bytes, copy_ms),
                        ratio_to_copy: if copy_ms > 0.0 {
                            ms / copy_ms
                        } else {
                            f64::INFINITY
                        },
                    });
                    for (name, t) in outputs {
                        pool.entry(name).or_insert(t);
                    }
                }
                Err(message) => {
                    failures += 1;
                    fail(entry.name, &message);
                }
            }
        }
    }
    failures
}

/// `metile bench`.
pub fn bench(device: &Device, args: &BenchArgs) -> Result<u8, CliError> {
    if args.rows == 0 || args.cols == 0 {
        return Err(CliError::new("--rows and --cols must be at least 1"));
    }
    if args.reps == 0 {
        return Err(CliError::new("--reps must be at least 1"));
    }
    args.rows
        .checked_mul(args.cols)
        .and_then(|n| n.checked_mul(8))
        .ok_or_else(|| CliError::new("--rows x --cols is too large"))?;
    crate::check::validate_ops(&args.ops)?;
    let all = registry::entry_points();
    for op in &args.ops {
        if !all.iter().any(|e| e.op == op.as_str()) {
            eprintln!("note: operator `{op}` has no registered entry points; skipped");
        }
    }
    let groups = select(&all, &args.ops);
    if groups.is_empty() {
        eprintln!("note: no registered entry points to time");
        return Ok(0);
    }
    let width = groups
        .iter()
        .flatten()
        .map(|e| e.name.len())
        .max()
        .unwrap_or(0)
        .max("entry".len());
    let shape = format!("{}x{}", args.rows, args.cols);
    let shape_w = shape.len().max("shape".len());
    if !args.json {
        println!(
            "{:<width$}  {:<5}  {:<shape_w$}  {:>10}  {:>8}  {:>10}  {:>8}",
            "entry", "dtype", "shape", "ms", "GB/s", "copy ms", "x copy"
        );
    }
    let json = args.json;
    let mut emit = |m: &Measurement| {
        if json {
            match serde_json::to_string(m) {
                Ok(line) => println!("{line}"),
                Err(e) => eprintln!("error: cannot serialise a measurement: {e}"),
            }
        } else {
            println!(
                "{:<width$}  {:<5}  {:<shape_w$}  {:>10.3}  {:>8.2}  {:>10.3}  {:>8.2}",
                m.entry, m.dtype, shape, m.ms, m.gb_per_s, m.copy_ms, m.ratio_to_copy
            );
        }
    };
    let mut fail = |entry: &str, message: &str| eprintln!("error: {entry}: {message}");
    let failures = bench_groups(device, &groups, args, &mut emit, &mut fail);
    Ok(if failures == 0 { 0 } else { EXIT_FAILURES })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::FloatDType;
    use crate::testing::{FAKE_FORWARD, PANICKING};

    fn args(dtype: FloatDType) -> BenchArgs {
        BenchArgs {
            ops: vec![],
            rows: 4,
            cols: 8,
            dtype,
            reps: 3,
            json: false,
        }
    }

    #[test]
    fn median_of_odd_and_even() {
        let ms = Duration::from_millis;
        assert_eq!(median_ms(&mut [ms(3), ms(1), ms(2)]), 2.0);
        assert_eq!(median_ms(&mut [ms(4), ms(1), ms(2), ms(3)]), 2.5);
        assert_eq!(median_ms(&mut []), 0.0);
    }

    #[test]
    fn generates_port_shapes() {
        let mut rng = Rng::new(1);
        let g = |s, rng: &mut Rng| generate(s, 3, 5, metile_ir::DType::BF16, rng).unwrap();
        assert_eq!(g(PortShape::LikeX, &mut rng).shape, vec![3, 5]);
        assert_eq!(g(PortShape::Cols, &mut rng).shape, vec![5]);
        let r = g(PortShape::Rows, &mut rng);
        assert_eq!(
            (r.shape.clone(), r.dtype()),
            (vec![3], metile_ir::DType::BF16)
        );
    }

    #[test]
    fn selects_by_op_forward_first() {
        static BACKWARD: EntryPoint = EntryPoint {
            name: "rms_norm.backward",
            op: "rms_norm",
            inputs: &[],
            outputs: &[],
            params: &[],
            run: |_, _, _, _| Ok(()),
        };
        let all: Vec<&'static EntryPoint> = vec![&BACKWARD, &PANICKING, &FAKE_FORWARD];
        let groups = select(&all, &[]);
        let names: Vec<Vec<&str>> = groups
            .iter()
            .map(|g| g.iter().map(|e| e.name).collect())
            .collect();
        assert_eq!(
            names,
            vec![
                vec!["rms_norm.forward", "rms_norm.backward"],
                vec!["softmax.forward"]
            ]
        );
        assert_eq!(select(&all, &["softmax".into()]).len(), 1);
        assert!(select(&all, &["layer_norm".into()]).is_empty());
    }

    #[test]
    fn times_entries_and_counts_bytes() {
        let groups = vec![vec![&FAKE_FORWARD], vec![&PANICKING]];
        for (dtype, size) in [(FloatDType::F32, 4), (FloatDType::Bf16, 2)] {
            let mut got = Vec::new();
            let mut failed = Vec::new();
            let n = bench_groups(
                &Device::cpu(),
                &groups,
                &args(dtype),
                &mut |m| got.push(m.clone()),
                &mut |e, msg| failed.push(format!("{e}: {msg}")),
            );
            assert_eq!(n, 1);
            assert!(
                failed[0].contains("softmax.forward: panicked"),
                "{failed:?}"
            );
            assert_eq!(got.len(), 1);
            let m = &got[0];
            assert_eq!(m.entry, "rms_norm.forward");
            assert_eq!(m.shape, [4, 8]);
            // x (32) and weight (8) in the storage dtype, y (32) likewise, rowsum (4) in f32.
            assert_eq!(m.bytes, (32 + 8 + 32) * size + 4 * 4);
            assert!(m.ms >= 0.0 && m.copy_ms >= 0.0 && m.ratio_to_copy >= 0.0);
            let line = serde_json::to_string(m).unwrap();
            let v: serde_json::Value = serde_json::from_str(&line).unwrap();
            assert_eq!(v["entry"], "rms_norm.forward");
            assert_eq!(v["shape"], serde_json::json!([4, 8]));
        }
    }

    #[test]
    fn copy_timing_runs() {
        let mut rng = Rng::new(2);
        assert!(time_copy(1 << 16, 3, &mut rng) >= 0.0);
        assert!(time_copy(0, 1, &mut rng) >= 0.0);
    }
}
