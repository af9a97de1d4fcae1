//! RoPE's position ids in device memory, on a real device: the host does not read them (that
//! would wait for the device at every call), so an id outside the table is no error; the kernel
//! reads no table row outside it and writes NaN over the rotated columns of that row, and every
//! other row is the CPU's rotation of the same inputs. The default launch (token-major: ids on a
//! GPU), then the row kernel and the token-major one by `METILE_ROPE_TOKEN_MAJOR` (set in this
//! binary only, after the default has run).
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
