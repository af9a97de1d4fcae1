//! Lowering of the logical Tile IR to threads, and the source emitters of the GPU targets.
//!
//! Generating source never needs a device. A target is described by a capability table
//! ([`Target`]); the shared lowering reads only that table. The stages: the cost model picks a
//! [`plan::Plan`] (threads, vector width); [`layout::Layouts`] assigns every value its
//! distribution over the program's threads; the emitter writes source from the kernel, its
//! layouts and its plan.

pub mod align;
pub mod cuda;
pub mod forward;
pub mod layout;
pub mod plan;

use metile_ir::{DType, Verified};

pub use plan::Plan;

/// What the lowering needs to know about a GPU.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    /// Threads per SIMD group (warp): 32 on NVIDIA.
    pub simd_width: u32,
    /// Most threads per program (block).
    pub max_threads: u32,
    /// Most threads resident on one multiprocessor (2048 on sm_80 and sm_90).
    pub max_resident_threads: u32,
    /// Shared memory a program may use without opting in, in bytes.
    pub shared_bytes: u32,
    /// Compute capability as `major * 10 + minor` (90 for the H200).
    pub compute_capability: u32,
    /// Emit the precise float helpers (libdevice `expf`, IEEE reciprocal and division) instead
    /// of the fast ones; [`precise_math_from_env`] reads the switch once, where a device is made.
    pub precise_math: bool,
}

impl Target {
    /// An H100/H200-class device (sm_90).
    pub fn sm90() -> Target {
        Target {
            simd_width: 32,
            max_threads: 1024,
            max_resident_threads: 2048,
            shared_bytes: 48 * 1024,
            compute_capability: 90,
            precise_math: false,
        }
    }
}

/// Set to `1` to emit the precise float helpers (A/B runs, accuracy investigations).
pub const PRECISE_MATH_ENV: &str = "METILE_CUDA_PRECISE_MATH";

/// Whether [`PRECISE_MATH_ENV`] asks for the precise helpers (for [`Target::precise_math`]).
pub fn precise_math_from_env() -> bool {
    std::env::var(PRECISE_MATH_ENV).is_ok_and(|v| v.trim() == "1")
}

/// How a kernel parameter is passed to the generated entry point, in parameter order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamAbi {
    /// A device pointer to elements of `dtype`.
    Pointer { dtype: DType },
    /// A scalar passed by value (`int`, `long long`, `float` or `bool` as `unsigned char`).
    Scalar { dtype: DType },
}

/// Generated CUDA C for one kernel.
#[derive(Clone, Debug, PartialEq)]
pub struct CudaSource {
    /// The `extern "C" __global__` entry point's name.
    pub entry: String,
    /// The complete translation unit (no headers needed).
    pub source: String,
    /// Threads per program (block size).
    pub threads: u32,
    /// Static shared memory the kernel declares, in bytes (for reports; nothing to pass).
    pub shared_bytes: u32,
    /// One entry per kernel parameter, in order.
    pub params: Vec<ParamAbi>,
    /// The entry point waits for the grid before it on the stream to finish (`griddepcontrol.wait`
    /// on sm_90 and later) before it touches memory, so the runtime may launch it as a
    /// programmatic dependent of that grid (its programs start while that grid drains). Set by
    /// the emitter; hand-written source without the wait must leave it `false`.
    pub waits_for_prior_grid: bool,
    /// A second entry point in the same source whose accesses skip their alignment tests, for
    /// launches whose arguments meet its conditions (`Kernel::split_fast_entry`); `entry` is then
    /// the general body alone.
    pub fast: Option<FastEntry>,
}

/// The fast entry point of a [`CudaSource`]: the kernel's body with the accesses that the
/// alignment facts prove aligned written without their run-time tests. It is correct only for
/// launches where every integer scalar parameter in `multiples` is a multiple of its number and
/// every buffer in `aligned` starts at a device address that is a multiple of its byte count;
/// the launcher checks them ([`FastEntry::admits`]) and otherwise takes `CudaSource::entry`,
/// which is always correct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FastEntry {
    /// The `extern "C" __global__` name.
    pub entry: String,
    /// `(parameter index, multiple)` for integer scalar parameters.
    pub multiples: Vec<(usize, u32)>,
    /// `(parameter index, bytes)` for buffer parameters.
    pub aligned: Vec<(usize, usize)>,
}

impl FastEntry {
    /// Whether a launch with these scalar values and buffer addresses may take the fast entry:
    /// `scalar(i)` is parameter `i`'s integer value, `address(i)` its device address.
    pub fn admits(&self, scalar: impl Fn(usize) -> i64, address: impl Fn(usize) -> u64) -> bool {
        self.multiples
            .iter()
            .all(|&(i, m)| scalar(i).rem_euclid(i64::from(m)) == 0)
            && self
                .aligned
                .iter()
                .all(|&(i, bytes)| address(i).is_multiple_of(bytes as u64))
    }
}

/// Why a kernel could not be lowered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("kernel `{kernel}`: {message}")]
pub struct CodegenError {
    pub kernel: String,
    pub message: String,
}

/// Lowers `kernel` for `target` under the plan the cost model picks and emits CUDA C.
pub fn cuda_source(kernel: &Verified, target: &Target) -> Result<CudaSource, CodegenError> {
    let gpu = gpu_form(kernel)?;
    let k = gpu.kernel();
    let overridden = threads_override(&k.name).and_then(|threads| {
        plan::candidates(k, target)
            .into_iter()
            .find(|p| p.threads == threads)
    });
    let mut plan = overridden
        .or_else(|| plan::choose(k, target))
        .ok_or_else(|| CodegenError {
            kernel: k.name.clone(),
            message: format!(
                "no plan fits the target's {} bytes of shared memory",
                target.shared_bytes
            ),
        })?;
    if let Some(n) = env_for(MIN_PROGRAMS_ENV, &k.name) {
        plan.min_programs = n;
    }
    emit_with(&gpu, &plan)
}

/// The kernel as the GPU lowering takes it: broadcasts of index-like tiles rematerialised
/// (`metile_opt::RematerializeBroadcasts`: a few integer operations per thread instead of a
/// round trip through shared memory), then canonicalised again, which merges the position tiles
/// the broadcasts share and drops what they no longer need.
pub fn gpu_form(kernel: &Verified) -> Result<Verified, CodegenError> {
    use metile_opt::Pass;
    let mut k = kernel.kernel().clone();
    if !metile_opt::RematerializeBroadcasts.run(&mut k) {
        return Ok(kernel.clone());
    }
    let name = k.name.clone();
    let broke = |e: metile_ir::VerifyError| CodegenError {
        kernel: name.clone(),
        message: format!("rematerialising broadcasts broke the kernel: {e}"),
    };
    metile_opt::canonicalize(metile_ir::verify(k).map_err(broke)?).map_err(broke)
}

/// The environment variable that overrides the cost model's choice of threads per program (for
/// tuning sweeps; a value no candidate has is ignored): `N` for every kernel, or
/// `KERNEL=N[,KERNEL=N...]` for the kernels so named (e.g. `rms_norm_bwd=256`), so that a sweep
/// of one kernel leaves the others of its process at their plans.
pub const THREADS_ENV: &str = "METILE_CUDA_THREADS";

/// The environment variable that asks the register allocator to fit this many programs on each
/// multiprocessor (`__launch_bounds__(threads, N)`, [`Plan::min_programs`]; for tuning sweeps),
/// in [`THREADS_ENV`]'s syntax: `N` for every kernel or `KERNEL=N[,KERNEL=N...]`.
pub const MIN_PROGRAMS_ENV: &str = "METILE_CUDA_MIN_PROGRAMS";

fn threads_override(kernel: &str) -> Option<u32> {
    env_for(THREADS_ENV, kernel)
}

/// The value environment variable `name` (in [`THREADS_ENV`]'s syntax) gives `kernel`, if any.
fn env_for(name: &str, kernel: &str) -> Option<u32> {
    value_for(&std::env::var(name).ok()?, kernel)
}

/// The value `spec` (in [`THREADS_ENV`]'s syntax) gives `kernel`, if any.
fn value_for(spec: &str, kernel: &str) -> Option<u32> {
    let spec = spec.trim();
    if let Ok(all) = spec.parse() {
        return Some(all);
    }
    spec.split(',').find_map(|pair| {
        let (name, n) = pair.split_once('=')?;
        (name.trim() == kernel).then(|| n.trim().parse().ok())?
    })
}

/// Emits CUDA C for `kernel` under a given plan.
pub fn cuda_source_with(kernel: &Verified, plan: &Plan) -> Result<CudaSource, CodegenError> {
    emit_with(&gpu_form(kernel)?, plan)
}

fn emit_with(gpu: &Verified, plan: &Plan) -> Result<CudaSource, CodegenError> {
    let k = gpu.kernel();
    let layouts = layout::Layouts::assign(k, plan.distribution());
    cuda::emit(k, plan, &layouts)
}

/// The candidate plans for `kernel` on `target`, best first: of its GPU form, or of the kernel
/// itself when that form cannot be made (then `cuda_source` fails and says why).
pub fn cuda_plans(kernel: &Verified, target: &Target) -> Vec<Plan> {
    let gpu = gpu_form(kernel);
    let k = gpu.as_ref().map_or(kernel.kernel(), |g| g.kernel());
    plan::candidates(k, target)
}

#[cfg(test)]
mod tests {
    use super::value_for;

    #[test]
    fn thread_overrides_name_their_kernels() {
        assert_eq!(value_for("256", "rms_norm_bwd"), Some(256));
        assert_eq!(value_for(" rms_norm_bwd=256 ", "rms_norm_bwd"), Some(256));
        assert_eq!(
            value_for("rms_norm_fwd=128,rms_norm_bwd=512", "rms_norm_bwd"),
            Some(512)
        );
        assert_eq!(value_for("rms_norm_fwd=128", "rms_norm_bwd"), None);
        assert_eq!(value_for("rms_norm_bwd=many", "rms_norm_bwd"), None);
        assert_eq!(value_for("", "rms_norm_bwd"), None);
    }
}
