//! RoPE's token-major kernel (`METILE_ROPE_TOKEN_MAJOR=1`: one program per token over every
//! head, the table row loaded once) against the FP64 oracles on the CPU: every `rope` row of the
//! check sweep (shared and per-batch tables, partial rotary, position ids, ragged head counts,
//! a second tensor beside the first), each dtype, forward and backward. Its own test binary, so setting the variable touches no
//! other test.

use metile_ir::DType;
use metile_kernels::host::reload_tuning_overrides;
use metile_kernels::rope::{self, check::cases, TOKEN_MAJOR_ENV};
use metile_runtime::{Buffer, Device, Tensor};

#[test]
fn token_major_rotations_meet_the_oracles() {
    std::env::set_var(TOKEN_MAJOR_ENV, "1");
    reload_tuning_overrides();
    // As written and in the GPU form (rematerialised broadcasts: its `[1, 1]` position id).
    for dev in [Device::cpu(), Device::cpu_in_gpu_form()] {
        let mut rotations = 0;
        // `[B, H, T, D]` cases only: `layout=bthd` always runs the row kernel.
        for case in cases()
            .into_iter()
            .filter(|c| c.op == "rope" && c.label.contains(" bhtd "))
        {
            for row in (case.run)(&dev).unwrap() {
                assert!(row.pass, "{}: {row:?}", case.label);
                rotations += usize::from(!row.output.contains("table_backward"));
            }
        }
        // 9 shapes x 3 dtypes, forward and backward; again with a second tensor (`run_pair`,
        // which under the variable rotates each in a token-major launch of its own), two rows
        // more each.
        assert_eq!(rotations, 54 + 54 * 2);
    }
}

/// The launch under the variable is the token-major kernel, its rows the head count rounded up
/// to a power of two, with and without position ids (and any number of head axes).
#[test]
fn the_variable_selects_the_token_major_kernel() {
    std::env::set_var(TOKEN_MAJOR_ENV, "1");
    reload_tuning_overrides();
    let dev = Device::cpu();
    let x = Tensor::zeros(DType::BF16, &[2, 3, 2, 5, 8]);
    let tab = Tensor::zeros(DType::BF16, &[1, 9, 6]);
    let ids = Tensor::new(
        Buffer::from_i64(DType::I32, &[0, 8, 1, 1, 2]).unwrap(),
        vec![5],
    );
    let ids = ids.unwrap();
    for backward in [false, true] {
        let spec = rope::launch_spec(&dev, backward, &x, &tab, &tab, Some(&ids)).unwrap();
        assert!(
            spec.order == rope::RowOrder::TokenMajor && spec.rows == 8,
            "{spec:?}"
        );
    }
    // A token's heads that would not fit one tile run by rows.
    let many = Tensor::zeros(DType::F32, &[1, 300, 2, 128]);
    let tab128 = Tensor::zeros(DType::F32, &[1, 2, 128]);
    let spec = rope::launch_spec(&dev, false, &many, &tab128, &tab128, None).unwrap();
    assert!(spec.order == rope::RowOrder::Rows, "{spec:?}");
    assert!(512 * spec.block > rope::MAX_TOKEN_TILE);
    let short = Tensor::zeros(DType::F32, &[1, 5, 6]);
    let x = Tensor::zeros(DType::F32, &[4, 5, 8]);
    let spec = rope::launch_spec(&dev, false, &x, &short, &short, None).unwrap();
    assert!(
        spec.order == rope::RowOrder::TokenMajor && spec.rows == 1,
        "{spec:?}"
    );
}
