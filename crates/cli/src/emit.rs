//! `metile emit KERNEL [--dtype f32|f16|bf16] [--block N] [--exact] [--target tile|cuda]
//! [--plan|--ptxas]`: the Tile IR text of a library kernel (from `metile_kernels::emit`), or its
//! generated CUDA C, or the CUDA plan table (with each read-only buffer's load path), or the
//! assembler's report (registers, spills: NVRTC, no GPU). `--exact`: a row kernel as launched on rows of `--block` columns. Without KERNEL,
//! lists the kernel names. Generating source needs no GPU.

use metile_kernels::emit as kernels_emit;

use metile_codegen::{cuda_plans, cuda_source, plan, Target};

use crate::cli::{EmitArgs, EmitTarget};
use crate::error::CliError;

/// `metile emit`.
pub fn emit(args: &EmitArgs) -> Result<u8, CliError> {
    let Some(kernel) = &args.kernel else {
        let names = kernels_emit::kernel_names();
        if names.is_empty() {
            outln!("no library kernels are available to emit yet");
        }
        for n in names {
            outln!("{n}");
        }
        return Ok(0);
    };
    if args.target == EmitTarget::Tile && (args.plan || args.ptxas) {
        return Err(CliError::new("--plan and --ptxas need --target cuda"));
    }
    let k = kernels_emit::library_kernel_tiled(kernel, args.dtype.dtype(), args.block, args.exact)?;
    let text = match args.target {
        EmitTarget::Tile => metile_ir::print(k.kernel()),
        EmitTarget::Cuda => {
            let target = Target {
                precise_math: metile_codegen::precise_math_from_env(),
                ..Target::sm90()
            };
            if args.plan {
                let loads = metile_codegen::cuda::load_paths(k.kernel());
                format!(
                    "{}\nvector loads of the read-only buffers:\n{loads}",
                    plan::table(&cuda_plans(&k, &target))
                )
            } else if args.ptxas {
                let src = cuda_source(&k, &target).map_err(|e| CliError::new(e.to_string()))?;
                let report = metile_runtime::cuda::ptxas_report(
                    kernel,
                    &src.source,
                    target.compute_capability,
                )
                .map_err(|e| CliError::new(e.to_string()))?;
                format!("{} threads per program\n{report}", src.threads)
            } else {
                cuda_source(&k, &target)
                    .map_err(|e| CliError::new(e.to_string()))?
                    .source
            }
        }
    };
    out!("{text}");
    if !text.ends_with('\n') {
        outln!();
    }
    Ok(0)
}
