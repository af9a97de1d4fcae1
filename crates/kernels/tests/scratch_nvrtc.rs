use metile_ir::DType;
use metile_kernels::cross_entropy::{kernel, CeSpec};
use metile_kernels::norms::Tiling;
#[test]
fn nvrtc_times() {
    let target = metile_codegen::Target::sm90();
    for (looped, block) in [
        (true, 4096usize),
        (false, 16384),
        (false, 4096),
        (false, 128),
    ] {
        for backward in [false, true] {
            for (softcap, predict, weight) in [(false, false, None), (true, true, Some(DType::F32))]
            {
                let spec = CeSpec {
                    backward,
                    in_place: false,
                    x: DType::BF16,
                    target: DType::I64,
                    weight,
                    grad: DType::BF16,
                    softcap,
                    predict: predict && !backward,
                    lse: backward,
                    tiling: Tiling {
                        block,
                        exact: false,
                        looped,
                        prefetch: false,
                    },
                };
                let v = kernel(&spec).unwrap();
                let src = metile_codegen::cuda_source(&v, &target).unwrap();
                let t = std::time::Instant::now();
                let r =
                    metile_runtime::cuda::compile_cuda_source_cached("ce", &src.source, 90, None);
                eprintln!("looped={looped} block={block} bwd={backward} softcap={softcap} lines={} ok={} {:?}", src.source.lines().count(), r.is_ok(), t.elapsed());
                if let Err(e) = r {
                    eprintln!("{e}");
                }
            }
        }
    }
}
