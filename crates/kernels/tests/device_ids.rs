//! Ids in device memory, on a real device: the host does not read them (that would wait for the
//! device at every call), so an id outside the table is no error; the kernel reads no table row
//! outside it and writes NaN there, and every other row is the CPU's result for the same inputs.
//! RoPE's position ids: NaN over the rotated columns of the row. The default launch (token-major: ids on a
//! GPU), then the row kernel and the token-major one by `METILE_ROPE_TOKEN_MAJOR` (set in this
//! binary only, after the default has run).
//!
//! Without a device the test prints "skipping: no CUDA device (<reason>)" and passes. On a GPU
//! machine: `cargo test -p metile-kernels --test device_ids`.
//!
//! The embedding forward's indices: a NaN output row (a `padding_idx` row stays zeros).

#![allow(clippy::panic, clippy::print_stdout)]

use metile_ir::DType;
use metile_kernels::embedding::{self, check::assert_guarded_rows};
use metile_kernels::host::reload_tuning_overrides;
use metile_kernels::rope::{self, check::UnknownIds, TOKEN_MAJOR_ENV};
use metile_kernels::testing::cuda_or_skip;
use metile_runtime::{Buffer, Device, Tensor};

#[test]
fn unknown_device_position_ids_poison_only_their_rows() {
    let Some(gpu) = cuda_or_skip() else { return };
    let cpu = Device::cpu();
    let UnknownIds {
        dims: [_, h, t, d],
        x,
        cos,
        sin,
        good,
        bad,
    } = UnknownIds::new();
    let unknown = UnknownIds::unknown;
    let on_gpu = |t: &Tensor| gpu.to_device(t).unwrap();
    let (gx, gcos, gsin, gbad) = (on_gpu(&x), on_gpu(&cos), on_gpu(&sin), on_gpu(&bad));
    // The default (token-major on a GPU when ids are given), then each kernel by the variable.
    std::env::remove_var(TOKEN_MAJOR_ENV);
    reload_tuning_overrides();
    for (setting, token_major) in [(None, true), (Some("0"), false), (Some("1"), true)] {
        if let Some(v) = setting {
            std::env::set_var(TOKEN_MAJOR_ENV, v);
            reload_tuning_overrides();
        }
        let spec = rope::launch_spec(&gpu, false, &gx, &gcos, &gsin, Some(&gbad)).unwrap();
        assert_eq!(
            spec.order == rope::RowOrder::TokenMajor,
            token_major,
            "{setting:?}: {spec:?}"
        );
        for backward in [false, true] {
            let want = rope::run_at(&cpu, backward, &x, &cos, &sin, Some(&good), None)
                .unwrap()
                .buffer
                .to_f32()
                .unwrap();
            let got = match rope::run_at(&gpu, backward, &gx, &gcos, &gsin, Some(&gbad), None) {
                Ok(y) => y.buffer.to_f32().unwrap(),
                Err(e) => panic!("device ids are not checked on the host, got: {e}"),
            };
            let what = format!("{setting:?}, token-major {token_major}, backward {backward}");
            for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                let (bi, ti) = (i / (h * t * d), i / d % t);
                if unknown(bi, ti) {
                    assert!(g.is_nan(), "{what}, element {i}: {g}, want NaN");
                } else {
                    // The same FP32 products on both devices, up to contraction into FMAs.
                    let tol = 1e-5 * (1.0 + w.abs());
                    assert!((g - w).abs() <= tol, "{what}, element {i}: {g} vs {w}");
                }
            }
        }
    }
    // Host ids are still checked: a typed error.
    let err = rope::run_at(&cpu, false, &x, &cos, &sin, Some(&bad), None).unwrap_err();
    assert!(err.to_string().contains("outside the table"), "{err}");
}

#[test]
fn unknown_device_embedding_indices_poison_only_their_rows() {
    let Some(gpu) = cuda_or_skip() else { return };
    let (v, d) = (5, 40);
    let table: Vec<f32> = (0..v * d).map(|i| i as f32 * 0.125 - 12.5).collect();
    let w = gpu
        .to_device(&Tensor::from_f32(DType::BF16, &[v, d], &table).unwrap())
        .unwrap();
    let ids = [4, -1, 2, 5, 7, 0, 9, 1];
    let indices = Tensor::new(Buffer::from_i64(DType::I64, &ids).unwrap(), vec![2, 4]).unwrap();
    let indices = gpu.to_device(&indices).unwrap();
    for padding in [None, Some(2)] {
        let out = match embedding::forward(&gpu, &w, &indices, padding, None) {
            Ok(o) => o,
            Err(e) => panic!("device indices are not checked on the host, got: {e}"),
        };
        assert_eq!(out.shape, [2, 4, d]);
        // The table's values are exact in bf16: k / 8 with |k| <= 100 (8 significant bits).
        assert_guarded_rows(&out.buffer.to_f32().unwrap(), &ids, &table, d, padding);
    }
}
