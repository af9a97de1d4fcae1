//! The norm backward's 16-bit row prefetch (the rows carried as loaded and converted where used;
//! RMSNorm's default on a GPU, forced on or off for every kind by `METILE_NORM_BWD_PREFETCH16=1`
//! or `0`): the spec each kind's backward builds under the variable unset, `0` and `1`, then,
//! with it `1`, against the FP64 oracles on the CPU, which never prefetches on its own: every
//! sweep case that asks for it, in f16 and bf16, each kind. Its own test binary, so setting the
//! variable touches no other test; one test, so that no other reads it meanwhile. The library
//! reads the variable once, so each change is followed by `reload_tuning_overrides`.

use metile_ir::DType;
use metile_kernels::host::reload_tuning_overrides;
use metile_kernels::norms::check::sweep;
use metile_kernels::norms::{
    backward_spec, NormCotangents, NormInputs, NormKind, NormOptions, Tiling, BWD_PREFETCH16_ENV,
};
use metile_runtime::{Device, Tensor};

const KINDS: [NormKind; 3] = [NormKind::Rms, NormKind::Layer, NormKind::AddRms];

/// Whether `kind`'s backward over `[4, 64]` rows of `dtype`, given a tiling that allows the
/// prefetch (a GPU's), prefetches.
fn prefetches(dev: &Device, kind: NormKind, dtype: DType) -> bool {
    let x = Tensor::zeros(dtype, &[4, 64]);
    let w = Tensor::zeros(dtype, &[64]);
    let inp = NormInputs {
        x: &x,
        residual: (kind == NormKind::AddRms).then_some(&x),
        weight: Some(&w),
        bias: (kind == NormKind::Layer).then_some(&w),
    };
    let cot = NormCotangents {
        dy: &x,
        dresidual_out: None,
        stats: None,
    };
    let tiling = Tiling {
        block: 64,
        exact: true,
        looped: false,
        prefetch: true,
    };
    let opts = NormOptions::default();
    backward_spec(dev, kind, &inp, &cot, &opts, Some(tiling))
        .unwrap()
        .prefetch
}

#[test]
fn the_variable_sets_every_kinds_prefetch_and_prefetching_meets_the_oracles() {
    let dev = Device::cpu();
    // (value, whether RMSNorm, LayerNorm and the fused add prefetch 16-bit rows).
    let settings = [
        (None, [true, false, false]),
        (Some("0"), [false, false, false]),
        (Some("1"), [true, true, true]),
    ];
    for (value, want) in settings {
        match value {
            Some(v) => std::env::set_var(BWD_PREFETCH16_ENV, v),
            None => std::env::remove_var(BWD_PREFETCH16_ENV),
        }
        reload_tuning_overrides();
        for (kind, want) in KINDS.into_iter().zip(want) {
            for dtype in [DType::BF16, DType::F16] {
                let got = prefetches(&dev, kind, dtype);
                assert_eq!(got, want, "{kind:?} {dtype} with {value:?}");
            }
            // f32 rows always prefetch.
            assert!(prefetches(&dev, kind, DType::F32), "{kind:?} f32 {value:?}");
        }
    }

    // The variable is `1` here: every kind prefetches.
    let mut checked = 0;
    for kind in KINDS {
        for case in sweep(kind) {
            let prefetching = case.tiling.is_some_and(|t| t.prefetch && !t.looped);
            if !prefetching || case.dtype.size_bytes() != 2 {
                continue;
            }
            let rows = case.run(&dev).unwrap();
            let failed: Vec<_> = rows.iter().filter(|r| !r.pass).collect();
            assert!(failed.is_empty(), "{case:?}: {failed:?}");
            checked += 1;
        }
    }
    assert!(checked >= 6, "only {checked} prefetching 16-bit cases");
}
