//! The GPU-only IR rewrites (`metile_codegen::gpu_form`: rematerialised broadcasts) checked
//! against the FP64 oracles on the CPU: every check case of the operators whose kernels have
//! broadcasts, run on `Device::cpu_in_gpu_form()`. The rewrite must fire for them (asserted on
//! their emitted CUDA, which loses its shared-memory broadcasts) and change no result.

use metile_ir::{DType, Op};
use metile_kernels::{check, emit};
use metile_runtime::Device;

/// Tile broadcasts placed in a kernel (scalar splats are not broadcasts).
fn tile_broadcasts(k: &metile_ir::Kernel) -> usize {
    let mut n = 0;
    k.walk(|_, inst| {
        if matches!(&inst.op, Op::Broadcast { src, .. } if !k.ty(*src).is_scalar()) {
            n += 1;
        }
    });
    n
}

#[test]
fn index_broadcasts_are_rematerialised_and_value_broadcasts_kept() {
    for (name, block) in [("rope_fwd", 128), ("rope_bwd", 128), ("embedding_fwd", 128)] {
        let k = emit::library_kernel(name, DType::BF16, Some(block)).unwrap();
        let g = metile_codegen::gpu_form(&k).unwrap();
        assert!(tile_broadcasts(k.kernel()) > 0, "{name}");
        assert_eq!(tile_broadcasts(g.kernel()), 0, "{name}");
    }
    // Attention broadcasts its row statistics (reduced values, not index arithmetic): those stay.
    let k = emit::library_kernel("attention_fwd", DType::BF16, None).unwrap();
    let g = metile_codegen::gpu_form(&k).unwrap();
    assert!(tile_broadcasts(g.kernel()) > 0);
    assert!(tile_broadcasts(g.kernel()) < tile_broadcasts(k.kernel()));
}

#[test]
#[allow(clippy::panic)]
fn rewritten_kernels_pass_the_oracle_suite() {
    let device = Device::cpu_in_gpu_form();
    let ops = [
        "rope",
        "llama4_rope",
        "qwen2vl_mrope",
        "embedding",
        "matmul",
        "attention",
        "fused_linear_cross_entropy",
        "layer_norm",
    ];
    let cases = check::cases(&ops.map(String::from)).unwrap();
    assert!(cases.len() > 100, "{} cases", cases.len());
    let mut rows = 0;
    for case in &cases {
        let got = (case.run)(&device).unwrap_or_else(|e| panic!("{}: {e}", case.label));
        for r in &got {
            assert!(r.pass, "{}: {} failed: {:?}", case.label, r.output, r);
        }
        rows += got.len();
    }
    assert!(rows > 1000, "{rows} rows");
}
