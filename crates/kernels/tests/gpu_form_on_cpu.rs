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
        "fused_linear_kl_div",
        "fused_linear_jsd",
        "chunked_jsd",
        "chunked_cosine_similarity",
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

/// A broadcast whose source has an extent-1 dimension (here a `[1, 1]` position-id load indexed
/// by `arange(0, 1)`, as RoPE's token-major kernel has) holds that one value at every element
/// after rematerialisation, not the value at the broadcast's index along that dimension: the
/// kernel in GPU form writes what it writes as traced.
#[test]
#[allow(clippy::unwrap_used)]
fn extent_one_broadcast_sources_stay_one_value() {
    use metile_runtime::{Arg, Buffer};
    let v = metile_lang::trace("one_id", |k| {
        let ids = k.input("ids", DType::I32);
        let y = k.output("y", DType::I32);
        let p = k.program_id(0);
        let id = ids.load(k.arange(0, 1).expand_dims(1) + p);
        let rows = k.arange(0, 4).expand_dims(1);
        let cols = k.arange(0, 8).expand_dims(0);
        let at = (p * 4 + rows) * 8 + cols;
        // `[1, 1]` to `[4, 8]` in one broadcast.
        y.store(at, id.broadcast_to([4, 8]));
    })
    .unwrap();
    let g = metile_codegen::gpu_form(&v).unwrap();
    assert_eq!(
        tile_broadcasts(g.kernel()),
        0,
        "the id broadcast is rematerialised"
    );
    let dev = Device::cpu();
    let ids: Vec<i64> = vec![7, -3, 11, 5];
    let run = |kernel| {
        let k = dev.compile_verified("one_id", kernel).unwrap();
        let input = Buffer::from_i64(DType::I32, &ids).unwrap();
        let mut y = dev.zeros(DType::I32, 4 * 32).unwrap();
        dev.launch(&k, [4, 1, 1], &mut [Arg::In(&input), Arg::Out(&mut y)])
            .unwrap();
        y.to_i64().unwrap()
    };
    let want: Vec<i64> = ids.iter().flat_map(|&i| [i; 32]).collect();
    assert_eq!(run(v), want);
    assert_eq!(run(g), want);
}
