//! `dot` on a CUDA device against the CPU executor: the tensor-core path (f16/bf16, shapes in
//! multiples of 16), the exact shared-memory path (f32, ragged shapes), with and without an
//! accumulator. Skips (and says so) without a CUDA device.

use metile_ir::{DType, Verified};
use metile_lang::{dot, trace, LangError};
use metile_runtime::{Arg, Buffer, Device};

fn kernel(
    m: usize,
    k: usize,
    n: usize,
    dtype: DType,
    with_acc: bool,
) -> Result<Verified, LangError> {
    trace("dot_check", |c| {
        let a = c.input("a", dtype);
        let b = c.input("b", dtype);
        let acc = c.input("acc", DType::F32);
        let out = c.output("out", DType::F32);
        let idx = |r: usize, q: usize| {
            c.arange(0, r as i64).expand_dims(1) * q as i64 + c.arange(0, q as i64).expand_dims(0)
        };
        let prev = with_acc.then(|| acc.load(idx(m, n)));
        out.store(idx(m, n), dot(a.load(idx(m, k)), b.load(idx(k, n)), prev));
    })
}

fn run(
    dev: &Device,
    m: usize,
    k: usize,
    n: usize,
    dtype: DType,
    with_acc: bool,
) -> (Vec<f32>, String) {
    let spec = (m, k, n, dtype, with_acc);
    let compiled = dev
        .kernel("dot_check", &spec, || kernel(m, k, n, dtype, with_acc))
        .unwrap();
    let src = compiled
        .cuda_source()
        .map(|s| s.source.clone())
        .unwrap_or_default();
    let vals = |len: usize, seed: usize| -> Vec<f32> {
        (0..len)
            .map(|i| (((i * 37 + seed * 11) % 23) as f32 - 11.0) / 8.0)
            .collect()
    };
    let up = |b: Buffer| dev.upload(&b).unwrap();
    let a = up(Buffer::from_f32(dtype, &vals(m * k, 1)).unwrap());
    let b = up(Buffer::from_f32(dtype, &vals(k * n, 2)).unwrap());
    let acc = up(Buffer::from_f32(DType::F32, &vals(m * n, 3)).unwrap());
    let mut out = dev.zeros(DType::F32, m * n).unwrap();
    out.try_poison().unwrap();
    let mut args = [Arg::In(&a), Arg::In(&b), Arg::In(&acc), Arg::Out(&mut out)];
    dev.launch(&compiled, [1, 1, 1], &mut args).unwrap();
    (out.to_f32().unwrap(), src)
}

#[test]
fn cuda_dot_matches_the_cpu() {
    let gpu = match Device::cuda() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("skipping: no CUDA device ({e})");
            return;
        }
    };
    let cpu = Device::cpu();
    for (m, k, n, dtype, with_acc, tensor_cores) in [
        (32, 64, 48, DType::F16, false, true),
        (64, 64, 64, DType::BF16, true, true),
        (16, 16, 16, DType::F16, true, true),
        (32, 32, 32, DType::F32, true, false),
        (3, 5, 7, DType::F16, false, false),
    ] {
        let (want, _) = run(&cpu, m, k, n, dtype, with_acc);
        let (got, src) = run(&gpu, m, k, n, dtype, with_acc);
        assert_eq!(
            src.contains("wmma::mma_sync"),
            tensor_cores,
            "{m}x{k}x{n} {dtype}"
        );
        let scale = want.iter().fold(1.0f32, |s, v| s.max(v.abs()));
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            // Inputs are exact in every dtype and products of two 16-bit values are exact in
            // f32; only the order of the f32 sums differs.
            assert!(
                (g - w).abs() <= 1e-5 * scale * k as f32,
                "{m}x{k}x{n} {dtype} [{i}]: {g} vs {w}"
            );
        }
    }
}
