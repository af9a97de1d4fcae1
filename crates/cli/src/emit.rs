//! `metile emit KERNEL [--dtype f32|f16|bf16] [--block N]`: the Tile IR text of a library kernel,
//! from `metile_kernels::emit`. Without KERNEL, lists the kernel names.

use metile_kernels::emit as kernels_emit;

use crate::cli::EmitArgs;
use crate::error::CliError;

/// `metile emit`.
pub fn emit(args: &EmitArgs) -> Result<u8, CliError> {
    let Some(kernel) = &args.kernel else {
        let names = kernels_emit::kernel_names();
        if names.is_empty() {
            println!("no library kernels are available to emit yet");
        }
        for n in names {
            println!("{n}");
        }
        return Ok(0);
    };
    let text = kernels_emit::emit(kernel, args.dtype.dtype(), args.block)?;
    print!("{text}");
    if !text.ends_with('\n') {
        println!();
    }
    Ok(0)
}
