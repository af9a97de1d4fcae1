//! RoPE's position ids in device memory, on a real device: the host does not read them (that
//! would wait for the device at every call), so an id outside the table is no error; the kernel
//! reads no table row outside it and writes NaN over the rotated columns of that row, and every
//! other row is the CPU's rotation of the same inputs. The row kernel, then the token-major one
//! (`METILE_ROPE_TOKEN_MAJOR=1`, set in this binary only, after the row kernel has run).
//!
//! Without a device the test prints "skipping: no CUDA device (<reason>)" and passes. On a GPU
//! machine: `cargo test -p metile-kernels --test rope_device_ids`.

#![allow(clippy::panic, clippy::print_stdout)]

use metile_kernels::host::reload_tuning_overrides;
use metile_kernels::rope::{self, check::UnknownIds, TOKEN_MAJOR_ENV};
use metile_runtime::{Device, Tensor};

#[test]
fn unknown_device_position_ids_poison_only_their_rows() {
    let gpu = match Device::cuda() {
        Ok(d) => d,
        Err(e) => {
            println!("skipping: no CUDA device ({e})");
            return;
        }
    };
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
    for token_major in [false, true] {
        if token_major {
            std::env::set_var(TOKEN_MAJOR_ENV, "1");
            reload_tuning_overrides();
        }
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
            let what = format!("token-major {token_major}, backward {backward}");
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
