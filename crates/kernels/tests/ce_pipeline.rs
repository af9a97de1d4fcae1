//! Cross-entropy's pipelined column steps (`METILE_CE_PIPELINE=1`: each step of a row wider than
//! one tile loaded one step ahead and carried) against the FP64 oracles on the CPU, which steps
//! rows wider than 65,536 classes: every sweep case of such a row (forward, backward, in place,
//! weights, predicted tokens). Its own test binary, so setting the variable touches no other test.

use metile_ir::DType;
use metile_kernels::cross_entropy::check::sweep;
use metile_kernels::cross_entropy::{row_tiling, PIPELINE_ENV};
use metile_kernels::host::reload_tuning_overrides;
use metile_runtime::Device;

#[test]
fn pipelined_steps_meet_the_oracles() {
    std::env::set_var(PIPELINE_ENV, "1");
    reload_tuning_overrides();
    let dev = Device::cpu();
    // The variable reaches the tiling the kernels launch with (the CPU never pipelines unasked).
    for backward in [false, true] {
        let t = row_tiling(&dev, 1 << 17, DType::F32, backward);
        assert!(t.looped && t.prefetch, "{t:?}");
    }
    let mut checked = 0;
    for case in sweep().into_iter().filter(|c| c.v > 1 << 16) {
        let rows = case.run(&dev).unwrap();
        let failed: Vec<_> = rows.iter().filter(|r| !r.pass).collect();
        assert!(failed.is_empty(), "{}: {failed:?}", case.v);
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} stepped cases");
}
