//! The norm backward's 16-bit row prefetch (the rows carried as loaded and converted where used;
//! RMSNorm's default on a GPU, forced for every kind by `METILE_NORM_BWD_PREFETCH16=1`) against
//! the FP64 oracles on the CPU, which never prefetches on its own: every sweep case that asks for
//! it, in f16 and bf16, each kind. Its own test binary, so setting the variable touches no other
//! test.

use metile_kernels::norms::check::sweep;
use metile_kernels::norms::{NormKind, BWD_PREFETCH16_ENV};
use metile_runtime::Device;

#[test]
fn sixteen_bit_prefetching_backward_meets_the_oracles() {
    std::env::set_var(BWD_PREFETCH16_ENV, "1");
    let dev = Device::cpu();
    let mut checked = 0;
    for kind in [NormKind::Rms, NormKind::Layer, NormKind::AddRms] {
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
