//! The CUDA C emitter: walks a kernel with its layouts (see `layout`) and plan, and writes one
//! self-contained translation unit (no headers: f16/bf16 conversions are bit operations and PTX).
//!
//! Each tile value becomes a per-thread register array of `slots` elements, indexed only by
//! compile-time constants in unrolled loops; each scalar a plain variable. Structured loops and
//! conditionals become C loops and `if`s on uniform conditions, so barriers inside them are
//! reached by every thread. Loads and stores through contiguous indices use 16-byte vector
//! accesses when the run-time address of a group of `vec` elements is aligned and the whole group
//! is active; otherwise they fall back to guarded element accesses. A kernel that asks for
//! programmatic launch (`Kernel::programmatic_launch`) begins by waiting for the grid before it
//! on the stream, before any memory access (`CudaSource::waits_for_prior_grid`).

use std::collections::{HashMap, HashSet};
use std::fmt::Write;
use std::sync::OnceLock;

use metile_ir::{
    Access, BinaryOp, Block, CmpOp, ConstValue, DType, Inst, InstId, Kernel, Op, Param, ParamKind,
    ReduceOp, UnaryOp, ValueId,
};

use crate::align::AlignFacts;
use crate::forward::{self, ExtractPlan, Extracts};
use crate::layout::{Layout, Layouts};
use crate::plan::Plan;
use crate::{CodegenError, CudaSource, ParamAbi};

const PRELUDE: &str = r#"typedef unsigned short mt_u16;
typedef unsigned char mt_u8;
typedef long long mt_i64;
__device__ __forceinline__ float mt_bf16_to_f32(mt_u16 h) { return __uint_as_float(((unsigned)h) << 16); }
__device__ __forceinline__ mt_u16 mt_f32_to_bf16(float x) { mt_u16 h; asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(h) : "f"(x)); return h; }
__device__ __forceinline__ float mt_f16_to_f32(mt_u16 h) { float f; asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h)); return f; }
__device__ __forceinline__ mt_u16 mt_f32_to_f16(float x) { mt_u16 h; asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(x)); return h; }
__device__ __forceinline__ float mt_round_bf16(float x) { return mt_bf16_to_f32(mt_f32_to_bf16(x)); }
__device__ __forceinline__ float mt_round_f16(float x) { return mt_f16_to_f32(mt_f32_to_f16(x)); }
__device__ __forceinline__ float mt_d2bf16(double x) {
  unsigned long long b = (unsigned long long)__double_as_longlong(x);
  b = (b + (1ull << 44) - 1ull + ((b >> 45) & 1ull)) & ~((1ull << 45) - 1ull);
  return (float)__longlong_as_double((long long)b);
}
// NaN-propagating min/max: one instruction from sm_80 on, the same results either way.
#if __CUDA_ARCH__ >= 800
__device__ __forceinline__ float mt_minf(float a, float b) { float r; asm("min.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); return r; }
__device__ __forceinline__ float mt_maxf(float a, float b) { float r; asm("max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); return r; }
#else
__device__ __forceinline__ float mt_minf(float a, float b) { return (a != a || b != b) ? __int_as_float(0x7fc00000) : fminf(a, b); }
__device__ __forceinline__ float mt_maxf(float a, float b) { return (a != a || b != b) ? __int_as_float(0x7fc00000) : fmaxf(a, b); }
#endif
// Vector loads under an L2 evict_last policy (`Kernel::l2_evict_last`), where it was measured
// (sm_90, the H200); plain loads on earlier architectures.
#if __CUDA_ARCH__ >= 900
#define MT_LD_POLICY "{ .reg .b64 pol; createpolicy.fractional.L2::evict_last.b64 pol, 1.0; "
__device__ __forceinline__ uint4 mt_ld_evict_last(const uint4* p) { uint4 v; asm(MT_LD_POLICY "ld.global.L2::cache_hint.v4.u32 {%0,%1,%2,%3}, [%4], pol; }" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p)); return v; }
__device__ __forceinline__ uint2 mt_ld_evict_last(const uint2* p) { uint2 v; asm(MT_LD_POLICY "ld.global.L2::cache_hint.v2.u32 {%0,%1}, [%2], pol; }" : "=r"(v.x), "=r"(v.y) : "l"(p)); return v; }
__device__ __forceinline__ unsigned mt_ld_evict_last(const unsigned* p) { unsigned v; asm(MT_LD_POLICY "ld.global.L2::cache_hint.u32 %0, [%1], pol; }" : "=r"(v) : "l"(p)); return v; }
#else
template <typename W> __device__ __forceinline__ W mt_ld_evict_last(const W* p) { return *p; }
#endif
__device__ __forceinline__ int mt_f2i(float x) { return x != x ? 0 : (x >= 2147483648.0f ? 2147483647 : (x <= -2147483648.0f ? (-2147483647 - 1) : (int)x)); }
__device__ __forceinline__ mt_i64 mt_f2l(float x) { return x != x ? 0 : (x >= 9.2233720368547758e18f ? 9223372036854775807LL : (x <= -9.2233720368547758e18f ? (-9223372036854775807LL - 1) : (mt_i64)x)); }
"#;

/// The float helpers whose cost dominates exp-heavy kernels (cross-entropy, softmax, the gated
/// activations), in their fast form: `exp(x)` as `ex2.approx` of `x * log2(e)` (relative error about `|x| * 2^-24` beyond the
/// instruction's 2 ulp, results below 2^-126 flushed to zero: the form Triton and Inductor use),
/// the sigmoid's reciprocal approximated (1 ulp), float division as `div.full.f32` (2 ulp over
/// the full range, as Triton's `/`), `rsqrtf` for the reciprocal square root (2 ulp, one MUFU
/// instruction where the precise form is a square root and a division, each with a slow path)
/// and tanh as its Taylor polynomial below 0.25 in magnitude
/// (truncation under 1e-8 relative), `1 - 2 / (1 + exp(2|x|))` above (about 6e-7 relative at
/// worst, near 0.25).
const FAST_MATH: &str = r#"__device__ __forceinline__ float mt_exp(float x) { float r; asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x * 1.44269504088896341f)); return r; }
__device__ __forceinline__ float mt_sigmoid(float x) { float r; asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(1.0f + mt_exp(-x))); return r; }
__device__ __forceinline__ float mt_div(float x, float y) { float r; asm("div.full.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y)); return r; }
__device__ __forceinline__ float mt_rsqrt(float x) { return rsqrtf(x); }
__device__ __forceinline__ float mt_tanh(float x) {
  const float a = fabsf(x), x2 = x * x;
  const float p = x * fmaf(x2, fmaf(x2, fmaf(x2, fmaf(x2, 0.021869488f, -0.053968254f), 0.13333334f), -0.33333334f), 1.0f);
  float r; asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(1.0f + mt_exp(2.0f * a)));
  return a < 0.25f ? p : copysignf(fmaf(-2.0f, r, 1.0f), x);
}
"#;

/// The same helpers in their precise form (libdevice `expf`, IEEE reciprocal), chosen by
/// `Target::precise_math` for A/B runs and accuracy investigations.
const PRECISE_MATH: &str = r#"__device__ __forceinline__ float mt_exp(float x) { return expf(x); }
__device__ __forceinline__ float mt_sigmoid(float x) { return __frcp_rn(1.0f + expf(-x)); }
__device__ __forceinline__ float mt_div(float x, float y) { return x / y; }
__device__ __forceinline__ float mt_rsqrt(float x) { return 1.0f / sqrtf(x); }
__device__ __forceinline__ float mt_tanh(float x) { return tanhf(x); }
"#;

/// Register type of a dtype.
fn ctype(d: DType) -> &'static str {
    match d {
        DType::F32 | DType::F16 | DType::BF16 => "float",
        DType::I32 => "int",
        DType::I64 => "mt_i64",
        DType::Bool => "bool",
    }
}

/// Memory type of a dtype.
fn stype(d: DType) -> &'static str {
    match d {
        DType::F32 => "float",
        DType::F16 | DType::BF16 => "mt_u16",
        DType::I32 => "int",
        DType::I64 => "mt_i64",
        DType::Bool => "mt_u8",
    }
}

/// Converts a register expression to its memory representation.
fn to_mem(d: DType, e: &str) -> String {
    match d {
        DType::F16 => format!("mt_f32_to_f16({e})"),
        DType::BF16 => format!("mt_f32_to_bf16({e})"),
        DType::Bool => format!("(mt_u8)({e})"),
        DType::F32 | DType::I32 | DType::I64 => e.to_string(),
    }
}

/// Converts a memory expression to its register representation.
fn from_mem(d: DType, e: &str) -> String {
    match d {
        DType::F16 => format!("mt_f16_to_f32({e})"),
        DType::BF16 => format!("mt_bf16_to_f32({e})"),
        DType::Bool => format!("({e} != 0)"),
        DType::F32 | DType::I32 | DType::I64 => e.to_string(),
    }
}

/// The casts of a float value to f16 or bf16 (see `Emitter::rounded`).
fn rounded_casts(k: &Kernel) -> HashMap<ValueId, (ValueId, DType)> {
    let mut m = HashMap::new();
    k.walk(|_, inst| {
        if let Op::Cast {
            src,
            to: to @ (DType::F16 | DType::BF16),
        } = inst.op
        {
            if k.ty(src).dtype.is_float() {
                m.insert(inst.results[0], (src, to));
            }
        }
    });
    m
}

/// Rounds a float register expression to a narrow dtype.
fn round(d: DType, e: String) -> String {
    match d {
        DType::F16 => format!("mt_round_f16({e})"),
        DType::BF16 => format!("mt_round_bf16({e})"),
        _ => e,
    }
}

fn literal(c: ConstValue, d: DType) -> String {
    match c {
        ConstValue::Float(v) if v.is_nan() => "__int_as_float(0x7fc00000)".into(),
        ConstValue::Float(v) if v.is_infinite() => {
            if v > 0.0 {
                "__int_as_float(0x7f800000)".into()
            } else {
                "__int_as_float(0xff800000)".into()
            }
        }
        ConstValue::Float(v) => format!("{:?}f", v).replace("inff", "INFINITY"),
        ConstValue::Int(v) if d == DType::I64 => format!("{v}LL"),
        ConstValue::Int(v) if v == i32::MIN as i64 => "(-2147483647 - 1)".into(),
        ConstValue::Int(v) => format!("{v}"),
        ConstValue::Bool(b) => format!("{b}"),
    }
}

/// Emits `k` under `plan` as CUDA C.
pub fn emit(k: &Kernel, plan: &Plan, layouts: &Layouts) -> Result<CudaSource, CodegenError> {
    let mut e = Emitter {
        k,
        lay: layouts,
        extracts: forward::analyze(k),
        out: String::new(),
        depth: 1,
        smem_bytes: 0,
        tmp: 0,
        tensor_cores: plan.tensor_cores,
        uses_mma: false,
        align: AlignFacts::analyze(k, layouts),
        fast: false,
        fast_params: 0,
        fast_buffers: Default::default(),
        fast_accesses: 0,
        rounded: rounded_casts(k),
        load_hint: load_hint(),
        store_hint: store_hint(),
    };
    let params: Vec<ParamAbi> = k
        .params
        .iter()
        .map(|p| match p.kind {
            ParamKind::Buffer { dtype, .. } => ParamAbi::Pointer { dtype },
            ParamKind::Scalar { dtype } => ParamAbi::Scalar { dtype },
        })
        .collect();
    let body = k.body.clone();
    // The body twice when it pays: a fast copy whose accesses skip their alignment tests (and,
    // where a mask splits at a multiple of the vector width, their element fallbacks), entered
    // when the run-time test written at kernel entry holds, and the general copy.
    if fast_body_enabled() {
        e.depth = 2;
        e.fast = true;
        e.block(&body)?;
        e.fast = false;
    }
    // The two bodies as two entry points (the launcher tests the fast one's conditions) where
    // the kernel asks for it (`Kernel::split_fast_entry`, or `SPLIT_ENV`), else one entry point
    // that tests them itself.
    let mut fast = None;
    if e.fast_accesses > 0 {
        let fast_body = std::mem::take(&mut e.out);
        e.block(&body)?;
        let general_body = std::mem::take(&mut e.out);
        let split = match crate::env_for(SPLIT_ENV, &k.name) {
            Some(n) => n != 0,
            None => k.split_fast_entry,
        };
        if split {
            e.out = general_body;
            fast = Some((fast_body, e.fast_entry()));
        } else {
            e.out = format!(
                "  const bool mt_fast = {};\n  if (mt_fast) {{\n{fast_body}  }} else {{\n{general_body}  }}\n",
                e.fast_test()
            );
        }
    } else {
        e.out.clear();
        e.depth = 1;
        e.block(&body)?;
    }
    let mut src = String::new();
    if e.uses_mma {
        // The tensor-core dot needs NVRTC's include path (the runtime passes the CUDA include
        // folder when it finds one).
        src.push_str("#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n#include <mma.h>\nusing namespace nvcuda;\n");
    }
    src.push_str(PRELUDE);
    src.push_str(if plan.precise_math {
        PRECISE_MATH
    } else {
        FAST_MATH
    });
    let threads = plan.threads;
    let vec = plan.vec;
    let _ = writeln!(src, "#define MT_THREADS {threads}\n#define MT_VEC {vec}");
    let _ = writeln!(
        src,
        "#define MT_FLAT(s) (((((s) / MT_VEC) * MT_THREADS) + mt_tid) * MT_VEC + ((s) % MT_VEC))"
    );
    let sig: Vec<String> = k
        .params
        .iter()
        .enumerate()
        .map(|(i, p)| match p.kind {
            ParamKind::Buffer { dtype, access } => {
                let c = if access == Access::Read { "const " } else { "" };
                format!("{c}{}* __restrict__ p{i}", stype(dtype))
            }
            ParamKind::Scalar { dtype } => match dtype {
                DType::F32 | DType::F16 | DType::BF16 => format!("float p{i}"),
                DType::I32 => format!("int p{i}"),
                DType::I64 => format!("mt_i64 p{i}"),
                DType::Bool => format!("mt_u8 p{i}"),
            },
        })
        .collect();
    let entry = sanitize(&k.name);
    let bounds = match plan.min_programs {
        0 => format!("{threads}"),
        n => format!("{threads}, {n}"),
    };
    // Programmatic dependent launch (sm_90+, `Kernel::programmatic_launch`): wait for the grid
    // before this one on the stream (its memory complete and visible) before any memory
    // access, then let the next grid be scheduled, so that its programs take the
    // multiprocessors this grid's last ones free.
    let waits_for_prior_grid = match crate::env_for(GRID_WAIT_ENV, &k.name) {
        Some(n) => n != 0,
        None => k.programmatic_launch,
    };
    let smem = e.smem_bytes.max(16);
    let write_entry = |src: &mut String, name: &str, body: &str| {
        let _ = writeln!(
            src,
            "extern \"C\" __global__ void __launch_bounds__({bounds}) {name}({}) {{",
            sig.join(", ")
        );
        if waits_for_prior_grid {
            src.push_str(GRID_DEPENDENCY);
        }
        let _ = writeln!(src, "  const int mt_tid = threadIdx.x;");
        let _ = writeln!(src, "  const int mt_lane = mt_tid & 31;");
        let _ = writeln!(src, "  const int mt_warp = mt_tid >> 5;");
        let _ = writeln!(src, "  (void)mt_lane; (void)mt_warp;");
        let _ = writeln!(
            src,
            "  __shared__ __align__(128) unsigned char mt_smem[{smem}];"
        );
        let _ = writeln!(src, "  (void)mt_smem;");
        let _ = writeln!(src, "  int mt_round = 0;");
        let _ = writeln!(src, "  (void)mt_round;");
        src.push_str(body);
        src.push_str("}\n");
    };
    write_entry(&mut src, &entry, &e.out);
    // The fast body was written at a branch's depth: the same text, one level deeper.
    let fast = fast.map(|(body, mut fast): (String, crate::FastEntry)| {
        fast.entry = format!("{entry}_fast");
        write_entry(&mut src, &fast.entry, &body);
        fast
    });
    Ok(CudaSource {
        entry,
        source: src,
        threads,
        shared_bytes: e.smem_bytes as u32,
        params,
        waits_for_prior_grid,
        fast,
    })
}

/// `METILE_CUDA_SPLIT=0|1` (every kernel) or `KERNEL=0|1[,..]` (those named) writes the aligned
/// fast body into the general entry point behind a device-side test, or as an entry point of
/// its own that the launcher picks, in place of the kernel's own choice
/// (`Kernel::split_fast_entry`); for A/B runs.
pub const SPLIT_ENV: &str = "METILE_CUDA_SPLIT";

/// `METILE_CUDA_GRID_WAIT=0|1` (every kernel) or `KERNEL=0|1[,..]` (those named) leaves the
/// wait for the prior grid out of the source (the kernel is launched plainly) or puts it in
/// (launched as a programmatic dependent), in place of the kernel's own choice
/// (`Kernel::programmatic_launch`); for A/B runs.
pub const GRID_WAIT_ENV: &str = "METILE_CUDA_GRID_WAIT";

/// The entry's first statements (`CudaSource::waits_for_prior_grid`); no-ops when the grid was
/// launched plainly, compiled out before sm_90.
const GRID_DEPENDENCY: &str = "#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile(\"griddepcontrol.wait;\" ::: \"memory\");
  asm volatile(\"griddepcontrol.launch_dependents;\");
#endif
";

/// `METILE_CUDA_FAST=0` leaves out the fast body (for measuring what it gains).
pub const FAST_ENV: &str = "METILE_CUDA_FAST";

fn fast_body_enabled() -> bool {
    std::env::var(FAST_ENV).map_or(true, |v| v.trim() != "0")
}

/// `METILE_CUDA_LOAD_HINT=F[:NAME,NAME..]` loads vectors from global memory through the CUDA
/// cache-hint intrinsic `F` (`__ldcs`, `__ldlu`, `__ldcg`, `__ldca` or `__ldg`, written without
/// the underscores, or the prelude's `mt_ld_evict_last`: an L2 evict_last policy), from every read-only buffer (access `read`) or only the named ones, in
/// place of the kernel's own choice (`Kernel::read_only_cache`) for every buffer; for A/B runs
/// of cache policies (the source changes, so the disk cache keys it). Read once per process; an
/// unknown intrinsic is reported on stderr and ignored.
pub const LOAD_HINT_ENV: &str = "METILE_CUDA_LOAD_HINT";

/// `METILE_CUDA_STORE_HINT=F[:NAME,..]` stores vectors through `F` (`__stcs`, `__stcg` or
/// `__stwt`, written without the underscores), to every buffer or only the named parameters.
pub const STORE_HINT_ENV: &str = "METILE_CUDA_STORE_HINT";

/// The prelude's vector load under an L2 evict_last policy (`Kernel::l2_evict_last`).
const EVICT_LAST_LOAD: &str = "mt_ld_evict_last";

/// The load intrinsics `LOAD_HINT_ENV` may name.
const LOAD_HINTS: [&str; 6] = [
    "__ldcs",
    "__ldlu",
    "__ldcg",
    "__ldca",
    "__ldg",
    EVICT_LAST_LOAD,
];

/// The store intrinsics `STORE_HINT_ENV` may name.
const STORE_HINTS: [&str; 3] = ["__stcs", "__stcg", "__stwt"];

/// `LOAD_HINT_ENV`'s hint, read once per process (so a bad value is reported once).
fn load_hint() -> Option<&'static CacheHint> {
    static HINT: OnceLock<Option<CacheHint>> = OnceLock::new();
    HINT.get_or_init(|| CacheHint::from_env(LOAD_HINT_ENV, &LOAD_HINTS))
        .as_ref()
}

/// `STORE_HINT_ENV`'s hint, read once per process.
fn store_hint() -> Option<&'static CacheHint> {
    static HINT: OnceLock<Option<CacheHint>> = OnceLock::new();
    HINT.get_or_init(|| CacheHint::from_env(STORE_HINT_ENV, &STORE_HINTS))
        .as_ref()
}

/// A cache-hint intrinsic and the parameters it applies to (`None`: all).
#[derive(Clone, Debug, PartialEq)]
struct CacheHint {
    intrinsic: &'static str,
    only: Option<Vec<String>>,
}

impl CacheHint {
    /// The hint the variable `name` asks for, if any, reporting a value that names no
    /// intrinsic, or no parameter, on stderr.
    fn from_env(name: &str, allowed: &[&'static str]) -> Option<CacheHint> {
        let v = std::env::var(name).ok()?;
        let hint = CacheHint::parse(&v, allowed);
        match &hint {
            None => eprintln!(
                "warning: {name}={v:?} names none of {}; ignored",
                allowed.join(", ")
            ),
            Some(h) if h.only.as_ref().is_some_and(Vec::is_empty) => {
                eprintln!("warning: {name}={v:?} names no parameter: no access takes a hint")
            }
            Some(_) => {}
        }
        hint
    }

    /// `F` or `F:NAME,NAME..` (spaces around the parts allowed), `F` one of `allowed` without
    /// its leading underscores.
    fn parse(v: &str, allowed: &[&'static str]) -> Option<CacheHint> {
        let (f, only) = match v.split_once(':') {
            Some((f, names)) => {
                let names = names.split(',').map(|n| n.trim().to_owned());
                (f, Some(names.filter(|n| !n.is_empty()).collect()))
            }
            None => (v, None),
        };
        let intrinsic = allowed
            .iter()
            .find(|a| a.trim_start_matches('_') == f.trim())?;
        Some(CacheHint { intrinsic, only })
    }

    fn applies(&self, param: &str) -> bool {
        self.only
            .as_ref()
            .is_none_or(|names| names.iter().any(|n| n == param))
    }
}

/// How the vector loads of parameter `buffer` of `k` read (the intrinsic, or `None`: plain):
/// plain unless the buffer is read-only (a cache hint on memory the kernel writes could return
/// stale values); then through `env`'s intrinsic when `LOAD_HINT_ENV` is set (and names the
/// buffer, or none), else under an L2 evict_last policy when the kernel asks for one for this
/// buffer (`Kernel::l2_evict_last`), else `__ldg` in a kernel that asks for the read-only data
/// path (`Kernel::read_only_cache`).
fn vector_load(k: &Kernel, env: Option<&CacheHint>, buffer: u32) -> Option<&'static str> {
    let param = k.params.get(buffer as usize).filter(|p| read_only(p))?;
    if let Some(h) = env {
        return h.applies(&param.name).then_some(h.intrinsic);
    }
    if k.l2_evict_last.contains(&buffer) {
        return Some(EVICT_LAST_LOAD);
    }
    k.read_only_cache.then_some("__ldg")
}

/// Whether parameter `p` is a buffer the kernel only reads (access `read`).
fn read_only(p: &Param) -> bool {
    matches!(
        p.kind,
        ParamKind::Buffer {
            access: Access::Read,
            ..
        }
    )
}

/// How the CUDA emitter loads each read-only buffer of `k` whole vectors at a time, one line
/// per buffer (`x: L2 evict_last policy`), as [`vector_load`] decides it under this process's
/// `LOAD_HINT_ENV`; scalar and masked-tail loads stay plain.
pub fn load_paths(k: &Kernel) -> String {
    let mut out = String::new();
    for (i, p) in k.params.iter().enumerate().filter(|(_, p)| read_only(p)) {
        let path = match vector_load(k, load_hint(), i as u32) {
            None => "plain",
            Some(EVICT_LAST_LOAD) => "L2 evict_last policy",
            Some("__ldg") => "read-only path (__ldg)",
            Some(other) => other,
        };
        let _ = writeln!(out, "{}: {path}", p.name);
    }
    out
}

/// The entry point's C name: `mt_` and the kernel name with every other character than ASCII
/// letters and digits replaced (the prefix keeps it clear of C keywords such as `double`).
fn sanitize(name: &str) -> String {
    let body: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("mt_{body}")
}

struct Emitter<'a> {
    k: &'a Kernel,
    lay: &'a Layouts,
    extracts: Extracts,
    out: String,
    depth: usize,
    smem_bytes: usize,
    tmp: usize,
    /// Whether to use the tensor cores for f16/bf16 `dot`.
    tensor_cores: bool,
    /// Whether the source needs `mma.h`.
    uses_mma: bool,
    /// Alignment facts for the fast body (see `align`).
    align: AlignFacts,
    /// Whether the body being written is the fast one, entered only when `fast_test` holds.
    fast: bool,
    /// What the fast body's accesses assumed: scalar parameters (a bit each) that must be
    /// multiples of `vec`, and buffers whose address must be a multiple of the byte count.
    fast_params: u64,
    fast_buffers: std::collections::BTreeMap<u32, usize>,
    /// Accesses the fast body wrote without an alignment test.
    fast_accesses: usize,
    /// Float values rounded to f16/bf16 by a cast (`value -> (source, dtype)`): a store of one
    /// in that dtype converts the source once instead of rounding twice (the same bits).
    rounded: HashMap<ValueId, (ValueId, DType)>,
    /// Cache hints of vector loads and stores (`LOAD_HINT_ENV`, `STORE_HINT_ENV`).
    load_hint: Option<&'static CacheHint>,
    store_hint: Option<&'static CacheHint>,
}

impl Emitter<'_> {
    fn line(&mut self, s: impl AsRef<str>) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
        self.out.push_str(s.as_ref());
        self.out.push('\n');
    }

    fn err(&self, message: String) -> CodegenError {
        CodegenError {
            kernel: self.k.name.clone(),
            message,
        }
    }

    fn dtype(&self, v: ValueId) -> DType {
        self.k.ty(v).dtype
    }

    /// Register slots of `v` (0 for a uniform value).
    fn slots(&self, v: ValueId) -> usize {
        match self.lay.of(v) {
            Layout::Uniform => 0,
            Layout::Blocked { numel } => self.lay.dist.slots(numel),
        }
    }

    /// `MT_FLAT(slot) < numel` for a tile of `numel` elements, or `true` when the tile has no
    /// ghost slots (its element count fills every thread's slots), so the guard costs nothing.
    fn in_tile(&self, numel: usize, slot: &str) -> String {
        in_tile(self.lay.dist, numel, slot)
    }

    fn numel(&self, v: ValueId) -> usize {
        self.k.ty(v).shape.numel()
    }

    /// The element of `v` at slot `s` (a C expression), or the scalar itself.
    fn at(&self, v: ValueId, s: &str) -> String {
        at(self.lay, v, s)
    }

    fn fresh(&mut self) -> usize {
        self.tmp += 1;
        self.tmp
    }

    fn declare(&mut self, v: ValueId) {
        let t = ctype(self.dtype(v));
        match self.lay.of(v) {
            Layout::Uniform => self.line(format!("{t} v{};", v.0)),
            Layout::Blocked { .. } => {
                let n = self.slots(v);
                self.line(format!("{t} v{}[{n}];", v.0));
            }
        }
    }

    /// Defines `r` elementwise from `expr(slot)`.
    fn elementwise(&mut self, r: ValueId, expr: impl Fn(&str) -> String) {
        let t = ctype(self.dtype(r));
        match self.lay.of(r) {
            Layout::Uniform => self.line(format!("{t} v{} = {};", r.0, expr("0"))),
            Layout::Blocked { .. } => {
                let n = self.slots(r);
                self.line(format!("{t} v{}[{n}];", r.0));
                self.line(format!(
                    "#pragma unroll\n{}for (int s = 0; s < {n}; ++s) v{}[s] = {};",
                    "  ".repeat(self.depth),
                    r.0,
                    expr("s")
                ));
            }
        }
    }

    /// The shared-memory offset (a C expression) of the next cross-warp reduction round. Rounds
    /// alternate between two regions at the start of shared memory, flipped at run time
    /// (`mt_round`), so a round needs one barrier, not two: it writes its region only after every
    /// thread passed the previous round's barrier, which every thread reaches after its last read
    /// of the region two rounds back (loops and branches included: control flow is uniform).
    /// Block-wide argmax and one-element broadcasts are rounds too. Every other use of shared
    /// memory starts with a barrier and ends with one after its reads (`tests/shared_hazards.rs`
    /// in the kernels crate audits every library kernel for this).
    fn reduction_slots(&mut self) -> String {
        let region = self.lay.dist.threads.div_ceil(32) as usize * 8 * MAX_SIBLINGS;
        self.need_smem(2 * region);
        self.line("mt_round ^= 1;");
        format!("mt_round * {region}")
    }

    fn need_smem(&mut self, bytes: usize) {
        self.smem_bytes = self.smem_bytes.max(bytes.div_ceil(16) * 16);
    }

    fn block(&mut self, b: &Block) -> Result<(), CodegenError> {
        let mut i = 0;
        while i < b.insts.len() {
            if let Some(group) = self.sibling_reductions(&b.insts[i..]) {
                self.emit_siblings(&b.insts[i..i + group.len], &group)?;
                i += group.len;
                continue;
            }
            let id = b.insts[i];
            i += 1;
            let inst = self.k.inst(id).clone();
            if let Op::Extract { src, index } = &inst.op {
                let r = inst.results.first().copied();
                let r = r.ok_or_else(|| self.err("extract has no result".into()))?;
                self.extract(id, r, *src, *index)?;
                continue;
            }
            self.inst(&inst.op, &inst.results)?;
        }
        Ok(())
    }

    /// Whether `inst` is a whole-tile reduction across several warps (one barrier round).
    fn cross_warp_reduce(&self, inst: &Inst) -> bool {
        match &inst.op {
            Op::Reduce { op, src, .. } => {
                op != &ReduceOp::Argmax
                    && self.k.ty(*src).shape.dims().len() == 1
                    && self.lay.dist.threads > 32
            }
            _ => false,
        }
    }

    /// Independent cross-warp reductions (two to [`MAX_SIBLINGS`]) from the start of `insts`,
    /// with only register arithmetic between them: they share one barrier round
    /// (`emit_siblings`). The instructions between that use an earlier member's result (directly
    /// or through each other) wait until after the barrier; the others are emitted where they
    /// are. The group ends before a reduction that waits for a member, or any instruction that
    /// is not register arithmetic.
    fn sibling_reductions(&self, insts: &[InstId]) -> Option<Siblings> {
        let first = self.k.inst(*insts.first()?);
        if !self.cross_warp_reduce(first) {
            return None;
        }
        let mut waiting: HashSet<ValueId> = first.results.iter().copied().collect();
        let mut reduces = vec![0];
        let mut blocked = Vec::new();
        for (j, &id) in insts.iter().enumerate().skip(1).take(SIBLING_WINDOW) {
            let inst = self.k.inst(id);
            let uses_waiting = inst.op.operands().iter().any(|v| waiting.contains(v));
            if self.cross_warp_reduce(inst) {
                if uses_waiting {
                    break;
                }
                reduces.push(j);
                waiting.extend(inst.results.iter().copied());
                if reduces.len() == MAX_SIBLINGS {
                    break;
                }
                continue;
            }
            if !register_only(&inst.op) {
                break;
            }
            if uses_waiting {
                blocked.push(j);
                waiting.extend(inst.results.iter().copied());
            }
        }
        let len = reduces.last()? + 1;
        blocked.retain(|&j| j < len);
        (reduces.len() > 1).then_some(Siblings {
            len,
            reduces,
            blocked,
        })
    }

    /// Emits `insts` (a `Siblings` group): each reduction's partials into its part of one
    /// round's shared slots, the independent instructions in order, one barrier, every result,
    /// then the instructions that waited for them, in order.
    fn emit_siblings(&mut self, insts: &[InstId], g: &Siblings) -> Result<(), CodegenError> {
        let base = self.reduction_slots();
        let part = self.lay.dist.threads.div_ceil(32) as usize * 8;
        let mut pending = Vec::new();
        for (j, &id) in insts.iter().enumerate() {
            let inst = self.k.inst(id).clone();
            if let Some(k) = g.reduces.iter().position(|&r| r == j) {
                let (Op::Reduce { op, src, .. }, Some(&r)) = (&inst.op, inst.results.first())
                else {
                    return Err(self.err("a sibling reduction has no result".into()));
                };
                let slot = format!("{base} + {}", k * part);
                let d = self.dtype(*src);
                pending.push(self.reduce_start(r, *op, *src, d, Some(&slot)));
            } else if !g.blocked.contains(&j) {
                self.inst(&inst.op, &inst.results)?;
            }
        }
        self.line("__syncthreads();");
        for p in pending {
            self.reduce_end(p);
        }
        for &j in &g.blocked {
            let inst = self.k.inst(insts[j]).clone();
            self.inst(&inst.op, &inst.results)?;
        }
        Ok(())
    }

    fn inst(&mut self, op: &Op, results: &[ValueId]) -> Result<(), CodegenError> {
        let r = results.first().copied();
        let res = || r.ok_or_else(|| self.err(format!("{} has no result", op.name())));
        match op {
            Op::ProgramId { axis } => {
                let a = ["x", "y", "z"][*axis as usize % 3];
                self.line(format!("int v{} = (int)blockIdx.{a};", res()?.0));
            }
            Op::NumPrograms { axis } => {
                let a = ["x", "y", "z"][*axis as usize % 3];
                self.line(format!("int v{} = (int)gridDim.{a};", res()?.0));
            }
            Op::ScalarArg { param } => {
                let r = res()?;
                let d = self.dtype(r);
                let e = match d {
                    DType::Bool => format!("(p{param} != 0)"),
                    _ => round(d, format!("p{param}")),
                };
                self.line(format!("{} v{} = {e};", ctype(d), r.0));
            }
            Op::Arange { start, .. } => {
                let r = res()?;
                self.elementwise(r, |s| format!("(int)({start} + MT_FLAT({s}))"));
            }
            Op::Constant { value, ty } => {
                let r = res()?;
                let lit = literal(*value, ty.dtype);
                self.elementwise(r, |_| lit.clone());
            }
            Op::Splat { src, .. } => {
                let r = res()?;
                let s = format!("v{}", src.0);
                self.elementwise(r, |_| s.clone());
            }
            Op::ExpandDims { src, .. } | Op::Reshape { src, .. } => {
                let r = res()?;
                let src = *src;
                if self.lay.of(r) == Layout::Uniform && self.lay.of(src) != Layout::Uniform {
                    // A one-element tile to a scalar: its element lives in thread 0.
                    let d = self.dtype(r);
                    // Through a reduction round's region (at least 16 bytes), one barrier.
                    let ty = smem_type(d);
                    let base = self.reduction_slots();
                    let slot = format!("(({ty}*)(mt_smem + {base}))[0]");
                    self.line(format!("if (mt_tid == 0) {slot} = v{}[0];", src.0));
                    self.line("__syncthreads();");
                    self.line(format!("{} v{} = {slot};", ctype(d), r.0));
                } else {
                    let lay = self.lay;
                    self.elementwise(r, |s| at(lay, src, s));
                }
            }
            Op::Broadcast { src, shape } => self.broadcast(res()?, *src, shape.dims())?,
            Op::Unary { op, src } => self.unary(res()?, *op, *src),
            Op::Binary { op, lhs, rhs } => self.binary(res()?, *op, *lhs, *rhs),
            Op::Compare { op, lhs, rhs } => {
                let c = match op {
                    CmpOp::Lt => "<",
                    CmpOp::Le => "<=",
                    CmpOp::Gt => ">",
                    CmpOp::Ge => ">=",
                    CmpOp::Eq => "==",
                    CmpOp::Ne => "!=",
                };
                let (a, b) = (*lhs, *rhs);
                let lay = self.lay;
                self.elementwise(res()?, |s| {
                    format!("({} {c} {})", at(lay, a, s), at(lay, b, s))
                });
            }
            Op::Cast { src, to } => self.cast(res()?, *src, *to),
            Op::Select {
                cond,
                on_true,
                on_false,
            } => {
                let (c, t, f) = (*cond, *on_true, *on_false);
                let lay = self.lay;
                self.elementwise(res()?, |s| {
                    format!(
                        "({} ? {} : {})",
                        at(lay, c, s),
                        at(lay, t, s),
                        at(lay, f, s)
                    )
                });
            }
            Op::Reduce { op, src, axis } => self.reduce(res()?, *op, *src, *axis as usize)?,
            Op::Dot { lhs, rhs, acc } => self.dot(res()?, *lhs, *rhs, *acc)?,
            Op::Extract { .. } => {
                return Err(self.err("extract is lowered with its instruction id".into()))
            }
            Op::Load {
                buffer,
                index,
                mask,
                other,
            } => self.load(res()?, *buffer, *index, *mask, *other),
            Op::Store {
                buffer,
                index,
                value,
                mask,
            } => self.store(*buffer, *index, *value, *mask, false),
            Op::AtomicAdd {
                buffer,
                index,
                value,
                mask,
            } => self.store(*buffer, *index, *value, *mask, true),
            Op::For {
                lower,
                upper,
                step,
                init,
                body,
            } => self.for_loop(results, *lower, *upper, *step, init, body)?,
            Op::If {
                cond,
                then_body,
                else_body,
            } => self.if_else(results, *cond, then_body, else_body)?,
            Op::Yield { .. } => {}
        }
        Ok(())
    }

    fn unary(&mut self, r: ValueId, op: UnaryOp, src: ValueId) {
        let d = self.dtype(r);
        let f = |x: String| -> String {
            match op {
                UnaryOp::Neg => format!("(-{x})"),
                UnaryOp::Abs if d.is_float() => format!("fabsf({x})"),
                UnaryOp::Abs => format!("(({x}) < 0 ? -({x}) : ({x}))"),
                UnaryOp::Exp => format!("mt_exp({x})"),
                UnaryOp::Exp2 => format!("exp2f({x})"),
                UnaryOp::Log => format!("logf({x})"),
                UnaryOp::Log2 => format!("log2f({x})"),
                UnaryOp::Sqrt => format!("sqrtf({x})"),
                UnaryOp::Rsqrt => format!("mt_rsqrt({x})"),
                UnaryOp::Tanh => format!("mt_tanh({x})"),
                UnaryOp::Sigmoid => format!("mt_sigmoid({x})"),
                UnaryOp::Sin => format!("sinf({x})"),
                UnaryOp::Cos => format!("cosf({x})"),
                UnaryOp::Erf => format!("erff({x})"),
                UnaryOp::Not if d == DType::Bool => format!("(!{x})"),
                UnaryOp::Not => format!("(~{x})"),
            }
        };
        let lay = self.lay;
        self.elementwise(r, |s| {
            let e = f(at(lay, src, s));
            if d.is_float() {
                round(d, e)
            } else {
                wrap(d, e)
            }
        });
    }

    fn binary(&mut self, r: ValueId, op: BinaryOp, a: ValueId, b: ValueId) {
        let d = self.dtype(r);
        let lay = self.lay;
        self.elementwise(r, |s| {
            let (x, y) = (at(lay, a, s), at(lay, b, s));
            let e = match (op, d.is_float()) {
                (BinaryOp::Add, _) => format!("({x} + {y})"),
                (BinaryOp::Sub, _) => format!("({x} - {y})"),
                (BinaryOp::Mul, _) => format!("({x} * {y})"),
                (BinaryOp::Div, true) => format!("mt_div({x}, {y})"),
                (BinaryOp::Div, false) => format!("({y} == 0 ? 0 : {x} / {y})"),
                (BinaryOp::Rem, true) => format!("fmodf({x}, {y})"),
                (BinaryOp::Rem, false) => format!("({y} == 0 ? 0 : {x} % {y})"),
                (BinaryOp::Min, true) => format!("mt_minf({x}, {y})"),
                (BinaryOp::Max, true) => format!("mt_maxf({x}, {y})"),
                (BinaryOp::Min, false) => format!("({x} < {y} ? {x} : {y})"),
                (BinaryOp::Max, false) => format!("({x} > {y} ? {x} : {y})"),
                (BinaryOp::Pow, _) => format!("powf({x}, {y})"),
                (BinaryOp::And, _) if d == DType::Bool => format!("({x} && {y})"),
                (BinaryOp::Or, _) if d == DType::Bool => format!("({x} || {y})"),
                (BinaryOp::Xor, _) if d == DType::Bool => format!("({x} != {y})"),
                (BinaryOp::And, _) => format!("({x} & {y})"),
                (BinaryOp::Or, _) => format!("({x} | {y})"),
                (BinaryOp::Xor, _) => format!("({x} ^ {y})"),
            };
            if d.is_float() {
                round(d, e)
            } else {
                wrap(d, e)
            }
        });
    }

    fn cast(&mut self, r: ValueId, src: ValueId, to: DType) {
        let from = self.dtype(src);
        let lay = self.lay;
        self.elementwise(r, |s| {
            let x = at(lay, src, s);
            match (from.is_float(), to) {
                (_, DType::Bool) => format!("({x} != 0)"),
                (true, DType::F32 | DType::F16 | DType::BF16) => round(to, x),
                (true, DType::I32) => format!("mt_f2i({x})"),
                (true, DType::I64) => format!("mt_f2l({x})"),
                (false, DType::F32 | DType::F16 | DType::BF16) => {
                    // One rounding: through double, exact for every i32 and below 2^53.
                    match to {
                        DType::F32 => format!("(float)({x})"),
                        DType::F16 => format!("mt_f16_to_f32(mt_f32_to_f16((float)(double)({x})))"),
                        _ => format!("mt_d2bf16((double)({x}))"),
                    }
                }
                (false, DType::I32) => format!("(int)({x})"),
                (false, DType::I64) => format!("(mt_i64)({x})"),
            }
        });
    }

    /// `Broadcast` of a tile: through shared memory.
    fn broadcast(&mut self, r: ValueId, src: ValueId, to: &[usize]) -> Result<(), CodegenError> {
        if self.lay.of(src) == Layout::Uniform {
            let s = format!("v{}", src.0);
            self.elementwise(r, |_| s.clone());
            return Ok(());
        }
        let from = self.k.ty(src).shape.dims().to_vec();
        let d = self.dtype(src);
        let ns = self.numel(src);
        let ty = smem_type(d);
        self.need_smem(ns * smem_size(d));
        self.stash_in_smem(src, ty);
        // Source flat index of destination flat index `f`.
        let rank = to.len();
        let mut strides = vec![0usize; rank];
        let mut acc = 1;
        for i in (0..rank).rev() {
            strides[i] = if from[i] == 1 { 0 } else { acc };
            acc *= from[i];
        }
        let mut terms = Vec::new();
        let mut inner = 1usize;
        for i in (0..rank).rev() {
            if strides[i] != 0 {
                terms.push(format!("((f / {inner}) % {}) * {}", to[i], strides[i]));
            }
            inner *= to[i];
        }
        let idx = if terms.is_empty() {
            "0".to_string()
        } else {
            terms.join(" + ")
        };
        let nd = self.numel(r);
        let n = self.slots(r);
        self.declare(r);
        self.line(format!(
            "#pragma unroll\n{}for (int s = 0; s < {n}; ++s) {{ const int f = MT_FLAT(s); v{}[s] = f < {nd} ? (({ty}*)mt_smem)[{idx}] : 0; }}",
            "  ".repeat(self.depth),
            r.0
        ));
        self.line("__syncthreads();");
        Ok(())
    }

    /// Writes every element of tile `v` to shared memory at its flat index, between barriers.
    fn stash_in_smem(&mut self, v: ValueId, ty: &str) {
        let n = self.slots(v);
        let numel = self.numel(v);
        self.line("__syncthreads();");
        self.line(format!(
            "#pragma unroll\n{}for (int s = 0; s < {n}; ++s) {{ const int f = MT_FLAT(s); if (f < {numel}) (({ty}*)mt_smem)[f] = v{}[s]; }}",
            "  ".repeat(self.depth),
            v.0
        ));
        self.line("__syncthreads();");
    }

    fn reduce(
        &mut self,
        r: ValueId,
        op: ReduceOp,
        src: ValueId,
        axis: usize,
    ) -> Result<(), CodegenError> {
        let d = self.dtype(src);
        let shape = self.k.ty(src).shape.dims().to_vec();
        if shape.len() == 1 {
            return self.reduce_whole(r, op, src, d);
        }
        // Reduction along one axis of a tile of rank >= 2: through shared memory.
        let ty = smem_type(d);
        self.need_smem(self.numel(src) * smem_size(d));
        self.stash_in_smem(src, ty);
        let len = shape[axis];
        let inner: usize = shape[axis + 1..].iter().product();
        let nr = self.numel(r);
        let rt = ctype(self.dtype(r));
        let n = self.slots(r);
        self.declare(r);
        let step = |acc: &str, x: &str, k: &str| -> String {
            match op {
                ReduceOp::Argmax => format!(
                    "if ({k} == 0 || {x} > best || ({x} != {x} && best == best)) {{ best = {x}; {acc} = {k}; }}"
                ),
                _ => format!("{acc} = {};", combine(op, d, acc, x)),
            }
        };
        let init = match op {
            ReduceOp::Argmax => "0".to_string(),
            _ => identity(op, d),
        };
        let x = format!("(({ty}*)mt_smem)[(o * {len} + k) * {inner} + i]");
        let body = step("acc", "x", "k");
        let best = if op == ReduceOp::Argmax {
            format!("{} best = 0; ", ctype(d))
        } else {
            String::new()
        };
        let fin = if op == ReduceOp::Argmax || !d.is_float() {
            "acc".to_string()
        } else {
            round(d, "acc".into())
        };
        let lhs = if self.lay.of(r) == Layout::Uniform {
            format!("v{}", r.0)
        } else {
            format!("v{}[s]", r.0)
        };
        let acc_t = if op == ReduceOp::Argmax { "int" } else { rt };
        let loop_body = format!(
            "const int f = MT_FLAT(s); if (f < {nr}) {{ const int o = f / {inner}, i = f % {inner}; {best}{acc_t} acc = {init}; for (int k = 0; k < {len}; ++k) {{ const {} x = {x}; {body} }} {lhs} = {fin}; }} else {{ {lhs} = 0; }}",
            ctype(d)
        );
        if self.lay.of(r) == Layout::Uniform {
            self.line(format!(
                "{{ const int s = 0; (void)s; {} }}",
                loop_body.replace("MT_FLAT(s)", "0")
            ));
        } else {
            self.line(format!(
                "#pragma unroll\n{}for (int s = 0; s < {n}; ++s) {{ {loop_body} }}",
                "  ".repeat(self.depth)
            ));
        }
        self.line("__syncthreads();");
        Ok(())
    }

    /// The subgroup realization of a whole 1-D tile's reduction: in-thread partials over the
    /// thread's slots (in flat order), xor shuffles across the warp, and one shared slot per
    /// warp combined in warp order by every thread. The order is fixed: results repeat exactly.
    fn reduce_whole(
        &mut self,
        r: ValueId,
        op: ReduceOp,
        src: ValueId,
        d: DType,
    ) -> Result<(), CodegenError> {
        let n = self.slots(src);
        let numel = self.numel(src);
        let warps = self.lay.dist.threads.div_ceil(32);
        let t = self.fresh();
        let ct = ctype(d);
        if op == ReduceOp::Argmax {
            // (value, index) pairs; the larger value wins, a NaN beats any number, ties keep the
            // smaller index.
            let better = |v: &str, i: &str, bv: &str, bi: &str| -> String {
                let nan = if d.is_float() {
                    format!(" || ({v} != {v} && {bv} == {bv}) || ({v} != {v} && {bv} != {bv} && {i} < {bi})")
                } else {
                    String::new()
                };
                format!("({bi} < 0 || {v} > {bv} || ({v} == {bv} && {i} < {bi}){nan})")
            };
            self.line(format!("{ct} bv{t} = 0; int bi{t} = -1;"));
            let b = better(
                &format!("v{}[s]", src.0),
                "f",
                &format!("bv{t}"),
                &format!("bi{t}"),
            );
            self.line(format!(
                "#pragma unroll\n{}for (int s = 0; s < {n}; ++s) {{ const int f = MT_FLAT(s); if (f < {numel} && {b}) {{ bv{t} = v{}[s]; bi{t} = f; }} }}",
                "  ".repeat(self.depth),
                src.0
            ));
            let b2 = better("ov", "oi", &format!("bv{t}"), &format!("bi{t}"));
            self.line(format!(
                "for (int o = 16; o > 0; o >>= 1) {{ {ct} ov = __shfl_xor_sync(0xffffffffu, bv{t}, o); int oi = __shfl_xor_sync(0xffffffffu, bi{t}, o); if (oi >= 0 && {b2}) {{ bv{t} = ov; bi{t} = oi; }} }}"
            ));
            if warps > 1 {
                // One reduction round (values, then the indices 8 bytes a warp further: 12 of
                // the round's 32 bytes a warp), so that the rounds' one-barrier discipline holds.
                let base = self.reduction_slots();
                let vals = format!("(({ct}*)(mt_smem + {base}))");
                let idxs = format!("((int*)(mt_smem + {base} + {}))", 8 * warps);
                self.line(format!(
                    "if (mt_lane == 0) {{ {vals}[mt_warp] = bv{t}; {idxs}[mt_warp] = bi{t}; }}"
                ));
                self.line("__syncthreads();");
                let b3 = better("ov", "oi", &format!("bv{t}"), &format!("bi{t}"));
                self.line(format!(
                    "bv{t} = {vals}[0]; bi{t} = {idxs}[0]; for (int w = 1; w < {warps}; ++w) {{ {ct} ov = {vals}[w]; int oi = {idxs}[w]; if (oi >= 0 && {b3}) {{ bv{t} = ov; bi{t} = oi; }} }}"
                ));
            }
            self.line(format!("int v{} = bi{t} < 0 ? 0 : bi{t};", r.0));
            return Ok(());
        }
        let base = (warps > 1).then(|| self.reduction_slots());
        let pending = self.reduce_start(r, op, src, d, base.as_deref());
        if warps > 1 {
            self.line("__syncthreads();");
        }
        self.reduce_end(pending);
        Ok(())
    }

    /// The first half of a whole-tile reduction: in-thread partials and the warp's shuffles,
    /// then (with several warps) lane 0 writes the warp's partial at `slot`, a shared-memory
    /// offset, for `reduce_end` to combine after a barrier.
    fn reduce_start(
        &mut self,
        r: ValueId,
        op: ReduceOp,
        src: ValueId,
        d: DType,
        slot: Option<&str>,
    ) -> PendingReduce {
        let n = self.slots(src);
        let numel = self.numel(src);
        let t = self.fresh();
        let ct = ctype(d);
        let acc = format!("acc{t}");
        self.line(format!("{ct} {acc} = {};", identity(op, d)));
        let c = combine(op, d, &acc, &format!("v{}[s]", src.0));
        self.line(format!(
            "#pragma unroll\n{}for (int s = 0; s < {n}; ++s) if ({}) {acc} = {c};",
            "  ".repeat(self.depth),
            self.in_tile(numel, "s")
        ));
        // The shuffle is a statement of its own: every lane of the warp must execute it, and
        // a combine that names its operand twice (`a < b ? a : b`) would run a second shuffle
        // in only some lanes, which deadlocks the warp.
        let c = combine(op, d, &acc, "mt_sh");
        self.line(format!(
            "for (int o = 16; o > 0; o >>= 1) {{ const {ct} mt_sh = __shfl_xor_sync(0xffffffffu, {acc}, o); {acc} = {c}; }}"
        ));
        if let Some(base) = slot {
            self.line(format!(
                "if (mt_lane == 0) (({ct}*)(mt_smem + {base}))[mt_warp] = {acc};"
            ));
        }
        PendingReduce {
            r,
            op,
            d,
            acc,
            slot: slot.map(str::to_string),
        }
    }

    /// The second half, after the barrier that follows `reduce_start`: every thread combines the
    /// warps' partials in warp order and defines the result.
    fn reduce_end(&mut self, p: PendingReduce) {
        let PendingReduce {
            r,
            op,
            d,
            acc,
            slot,
        } = p;
        let ct = ctype(d);
        if let Some(base) = slot {
            let warps = self.lay.dist.threads.div_ceil(32);
            let c = combine(op, d, &acc, &format!("(({ct}*)(mt_smem + {base}))[w]"));
            self.line(format!(
                "{acc} = (({ct}*)(mt_smem + {base}))[0]; for (int w = 1; w < {warps}; ++w) {acc} = {c};"
            ));
        }
        let fin = if d.is_float() {
            round(d, acc)
        } else {
            wrap(d, acc)
        };
        self.line(format!("{ct} v{} = {fin};", r.0));
    }

    /// `Dot` through shared memory, accumulating over k in order (as the CPU target does).
    fn dot(
        &mut self,
        r: ValueId,
        a: ValueId,
        b: ValueId,
        acc: Option<ValueId>,
    ) -> Result<(), CodegenError> {
        let (sa, sb) = (
            self.k.ty(a).shape.dims().to_vec(),
            self.k.ty(b).shape.dims().to_vec(),
        );
        let (m, kk, n) = (sa[0], sa[1], sb[1]);
        let d = self.dtype(a);
        if self.tensor_cores
            && matches!(d, DType::F16 | DType::BF16)
            && [m, kk, n].iter().all(|x| x.is_multiple_of(16))
        {
            return self.dot_mma(r, a, b, acc, (m, kk, n), d);
        }
        let bytes_a = self.numel(a) * 4;
        self.need_smem(bytes_a + self.numel(b) * 4);
        self.line("__syncthreads();");
        for (v, off) in [(a, 0usize), (b, bytes_a)] {
            let slots = self.slots(v);
            let numel = self.numel(v);
            self.line(format!(
                "#pragma unroll\n{}for (int s = 0; s < {slots}; ++s) {{ const int f = MT_FLAT(s); if (f < {numel}) ((float*)(mt_smem + {off}))[f] = v{}[s]; }}",
                "  ".repeat(self.depth),
                v.0
            ));
        }
        self.line("__syncthreads();");
        let slots = self.slots(r);
        let nr = self.numel(r);
        let init = acc
            .map(|c| format!("v{}[s]", c.0))
            .unwrap_or_else(|| "0.0f".into());
        self.declare(r);
        self.line(format!(
            "#pragma unroll\n{}for (int s = 0; s < {slots}; ++s) {{ const int f = MT_FLAT(s); float t = {init}; if (f < {nr}) {{ const int i = f / {n}, j = f % {n}; for (int k = 0; k < {kk}; ++k) t = fmaf(((float*)mt_smem)[i * {kk} + k], ((float*)(mt_smem + {bytes_a}))[k * {n} + j], t); }} v{}[s] = t; }}",
            "  ".repeat(self.depth),
            r.0
        ));
        self.line("__syncthreads();");
        Ok(())
    }

    /// `Dot` of f16/bf16 tiles on the tensor cores (WMMA 16x16x16, f32 accumulation): A and B are
    /// staged in shared memory in their 16-bit format, each warp computes 16x16 output blocks
    /// (`warp`, `warp + warps`, ...) over the K steps, and the f32 result goes back through shared
    /// memory into the blocked layout. f32 inputs never come here (no silent TF32).
    fn dot_mma(
        &mut self,
        r: ValueId,
        a: ValueId,
        b: ValueId,
        acc: Option<ValueId>,
        (m, kk, n): (usize, usize, usize),
        d: DType,
    ) -> Result<(), CodegenError> {
        self.uses_mma = true;
        let (frag, conv) = match d {
            DType::BF16 => ("__nv_bfloat16", "mt_f32_to_bf16"),
            _ => ("__half", "mt_f32_to_f16"),
        };
        let bytes_a = (m * kk * 2).div_ceil(32) * 32;
        let bytes_b = (kk * n * 2).div_ceil(32) * 32;
        let off_c = bytes_a + bytes_b;
        self.need_smem(off_c + m * n * 4);
        self.line(format!(
            "// dot {m}x{kk}x{n} on the tensor cores ({frag} operands, f32 accumulation)"
        ));
        self.line("__syncthreads();");
        let pad = "  ".repeat(self.depth);
        for (v, off) in [(a, 0usize), (b, bytes_a)] {
            let (slots, numel) = (self.slots(v), self.numel(v));
            self.line(format!(
                "#pragma unroll\n{pad}for (int s = 0; s < {slots}; ++s) {{ const int f = MT_FLAT(s); if (f < {numel}) ((mt_u16*)(mt_smem + {off}))[f] = {conv}(v{}[s]); }}",
                v.0
            ));
        }
        self.line("__syncthreads();");
        let warps = self.lay.dist.threads.div_ceil(32);
        let tiles = (m / 16) * (n / 16);
        self.line(format!(
            "for (int t = mt_warp; t < {tiles}; t += {warps}) {{"
        ));
        self.depth += 1;
        self.line(format!(
            "const int ti = t / {}, tj = t % {};",
            n / 16,
            n / 16
        ));
        self.line("wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;");
        self.line("wmma::fill_fragment(fc, 0.0f);");
        self.line(format!("for (int k = 0; k < {kk}; k += 16) {{"));
        self.depth += 1;
        self.line(format!(
            "wmma::fragment<wmma::matrix_a, 16, 16, 16, {frag}, wmma::row_major> fa;"
        ));
        self.line(format!(
            "wmma::fragment<wmma::matrix_b, 16, 16, 16, {frag}, wmma::row_major> fb;"
        ));
        self.line(format!(
            "wmma::load_matrix_sync(fa, (const {frag}*)(mt_smem) + ti * 16 * {kk} + k, {kk});"
        ));
        self.line(format!(
            "wmma::load_matrix_sync(fb, (const {frag}*)(mt_smem + {bytes_a}) + k * {n} + tj * 16, {n});"
        ));
        self.line("wmma::mma_sync(fc, fa, fb, fc);");
        self.depth -= 1;
        self.line("}");
        self.line(format!(
            "wmma::store_matrix_sync((float*)(mt_smem + {off_c}) + ti * 16 * {n} + tj * 16, fc, {n}, wmma::mem_row_major);"
        ));
        self.depth -= 1;
        self.line("}");
        self.line("__syncthreads();");
        let (slots, nr) = (self.slots(r), self.numel(r));
        let init = acc
            .map(|c| format!("v{}[s]", c.0))
            .unwrap_or_else(|| "0.0f".into());
        self.declare(r);
        let pad = "  ".repeat(self.depth);
        self.line(format!(
            "#pragma unroll\n{pad}for (int s = 0; s < {slots}; ++s) {{ const int f = MT_FLAT(s); v{}[s] = f < {nr} ? {init} + ((float*)(mt_smem + {off_c}))[f] : 0.0f; }}",
            r.0
        ));
        self.line("__syncthreads();");
        Ok(())
    }

    /// A dynamic read of a tile element: forwarded to the loaded buffer, or through shared
    /// memory (see `forward`). Out-of-range indices are clamped on the shared path (the CPU
    /// target reports them as errors).
    fn extract(
        &mut self,
        id: metile_ir::InstId,
        r: ValueId,
        src: ValueId,
        index: ValueId,
    ) -> Result<(), CodegenError> {
        let d = self.dtype(r);
        let numel = self.numel(src);
        let plan = self.extracts.plans.get(&id).cloned();
        if let Some(ExtractPlan::Forward { load }) = plan {
            if let Op::Load {
                buffer,
                index: li,
                mask,
                other,
            } = self.k.inst(load).op.clone()
            {
                let i = format!("((mt_i64)v{})", index.0);
                let at = self.elem(li, &i)?;
                let m = match mask {
                    Some(m) => self.elem(m, &i)?,
                    None => "true".into(),
                };
                let bd = self.buffer_dtype(buffer);
                let fill = other
                    .map(|o| format!("v{}", o.0))
                    .unwrap_or_else(|| "0".into());
                self.line(format!(
                    "// forwarded read-only tile: v{} at v{} reads buffer {buffer} directly",
                    src.0, index.0
                ));
                self.line(format!(
                    "{} v{} = ({m}) ? {} : {fill};",
                    ctype(d),
                    r.0,
                    from_mem(bd, &format!("p{buffer}[{at}]"))
                ));
                return Ok(());
            }
        }
        let reason = match plan {
            Some(ExtractPlan::Shared { reason }) => reason,
            _ => "no decision".into(),
        };
        let ty = smem_type(d);
        self.need_smem(numel * smem_size(d));
        self.line(format!(
            "// declined register read of v{} ({reason}): through shared memory",
            src.0
        ));
        self.stash_in_smem(src, ty);
        self.line(format!(
            "{} v{} = (({ty}*)mt_smem)[min(max((int)v{}, 0), {})];",
            ctype(d),
            r.0,
            index.0,
            numel - 1
        ));
        self.line("__syncthreads();");
        Ok(())
    }

    /// The element of tile `v` at the flat index `i` (a C expression), for tiles the forwarding
    /// analysis accepted as expressions of the flat index.
    fn elem(&self, v: ValueId, i: &str) -> Result<String, CodegenError> {
        let inst = self
            .k
            .insts
            .iter()
            .find(|inst| inst.results.first() == Some(&v))
            .ok_or_else(|| self.err(format!("{v} has no definition")))?;
        Ok(match &inst.op {
            Op::Arange { start, .. } => format!("({start} + {i})"),
            Op::Splat { src, .. } => format!("v{}", src.0),
            Op::Constant { value, ty } => literal(*value, ty.dtype),
            Op::Reshape { src, .. } | Op::ExpandDims { src, .. } => self.elem(*src, i)?,
            Op::Cast { src, to } => format!("(({}){})", ctype(*to), self.elem(*src, i)?),
            Op::Binary { op, lhs, rhs } => {
                let (a, b) = (self.elem(*lhs, i)?, self.elem(*rhs, i)?);
                let bool_ = self.dtype(v) == DType::Bool;
                let o = match op {
                    BinaryOp::Add => "+",
                    BinaryOp::Sub => "-",
                    BinaryOp::Mul => "*",
                    BinaryOp::And if bool_ => "&&",
                    BinaryOp::Or if bool_ => "||",
                    BinaryOp::And => "&",
                    BinaryOp::Or => "|",
                    other => {
                        return Err(self.err(format!("cannot forward through {}", other.name())))
                    }
                };
                format!("({a} {o} {b})")
            }
            Op::Compare { op, lhs, rhs } => {
                let c = match op {
                    CmpOp::Lt => "<",
                    CmpOp::Le => "<=",
                    CmpOp::Gt => ">",
                    CmpOp::Ge => ">=",
                    CmpOp::Eq => "==",
                    CmpOp::Ne => "!=",
                };
                format!("({} {c} {})", self.elem(*lhs, i)?, self.elem(*rhs, i)?)
            }
            other => return Err(self.err(format!("cannot forward through {}", other.name()))),
        })
    }

    /// The kernel-entry test of the fast body's assumptions (a C expression).
    /// The fast entry point's conditions (`fast_test`'s, for the launcher; the caller names it).
    fn fast_entry(&self) -> crate::FastEntry {
        let vec = self.align.vec();
        crate::FastEntry {
            entry: String::new(),
            multiples: (0..64u32)
                .filter(|p| self.fast_params & (1u64 << p) != 0)
                .map(|p| (p as usize, vec))
                .collect(),
            aligned: self
                .fast_buffers
                .iter()
                .map(|(b, bytes)| (*b as usize, *bytes))
                .collect(),
        }
    }

    fn fast_test(&self) -> String {
        let vec = self.align.vec();
        let params = (0..64u32)
            .filter(|p| self.fast_params & (1u64 << p) != 0)
            .map(|p| format!("(p{p} % {vec}) == 0"));
        let buffers = self
            .fast_buffers
            .iter()
            .map(|(b, bytes)| format!("((unsigned long long)(const void*)p{b} % {bytes}) == 0"));
        let all: Vec<String> = params.chain(buffers).collect();
        if all.is_empty() {
            "true".into()
        } else {
            all.join(" && ")
        }
    }

    /// How the fast body may access `buffer` through the contiguous `index` under `mask` for a
    /// tile of `numel` elements, in words of `word_bytes`: `None` when the index is not provably aligned (the general
    /// access), `Some(true)` when every group of `vec` slots is wholly active or wholly inactive
    /// (one predicate per vector), `Some(false)` when only the alignment test can go. Records
    /// the assumptions for the kernel-entry test.
    fn fast_access(
        &mut self,
        buffer: u32,
        index: ValueId,
        mask: Option<ValueId>,
        numel: usize,
        word_bytes: usize,
    ) -> Option<bool> {
        if !self.fast {
            return None;
        }
        let mut deps = self.align.aligned(index)?;
        let vec = self.align.vec() as usize;
        let mask_deps = match mask {
            None => Some(0),
            Some(m) => self.align.group_uniform(m),
        };
        let grouped = match mask_deps {
            Some(d) if numel.is_multiple_of(vec) => {
                deps |= d;
                true
            }
            _ => false,
        };
        self.fast_params |= deps;
        let need = self.fast_buffers.entry(buffer).or_insert(word_bytes);
        *need = (*need).max(word_bytes);
        self.fast_accesses += 1;
        Some(grouped)
    }

    /// The intrinsic of `hint` when it applies to parameter `buffer`.
    fn hint(&self, hint: Option<&CacheHint>, buffer: u32) -> Option<&'static str> {
        let name = &self.k.params.get(buffer as usize)?.name;
        hint.filter(|h| h.applies(name)).map(|h| h.intrinsic)
    }

    /// How vector loads of parameter `buffer` read ([`vector_load`]).
    fn load_intrinsic(&self, buffer: u32) -> Option<&'static str> {
        vector_load(self.k, self.load_hint, buffer)
    }

    fn buffer_dtype(&self, buffer: u32) -> DType {
        match self.k.params.get(buffer as usize).map(|p| &p.kind) {
            Some(ParamKind::Buffer { dtype, .. }) => *dtype,
            _ => DType::F32,
        }
    }

    fn load(
        &mut self,
        r: ValueId,
        buffer: u32,
        index: ValueId,
        mask: Option<ValueId>,
        other: Option<ValueId>,
    ) {
        let d = self.buffer_dtype(buffer);
        let fill = other.map(|o| format!("v{}", o.0)).unwrap_or_else(|| {
            if d == DType::Bool {
                "false".into()
            } else {
                "0".into()
            }
        });
        if self.lay.of(r) == Layout::Uniform {
            let m = mask
                .map(|m| format!("v{}", m.0))
                .unwrap_or_else(|| "true".into());
            let x = from_mem(d, &format!("p{buffer}[v{}]", index.0));
            self.line(format!("{} v{} = {m} ? {x} : {fill};", ctype(d), r.0));
            return;
        }
        let n = self.slots(r);
        let numel = self.numel(r);
        self.declare(r);
        let dist = self.lay.dist;
        let in_tile = |s: &str| in_tile(dist, numel, s);
        let active = |s: &str| -> String {
            let m = mask
                .map(|m| format!(" && v{}[{s}]", m.0))
                .unwrap_or_default();
            format!("{}{m}", in_tile(s))
        };
        let scalar = |s: &str, at: &str| -> String {
            format!(
                "v{}[{s}] = ({}) ? {} : {fill};",
                r.0,
                active(s),
                from_mem(d, &format!("p{buffer}[{at}]"))
            )
        };
        let (rv, ptr) = (r.0, format!("p{buffer}"));
        let hint = self.load_intrinsic(buffer);
        let vector = |word: &str, words: usize| {
            let read = match hint {
                Some(f) => format!("{f}((const {word}*)({ptr} + i0) + q)"),
                None => format!("((const {word}*)({ptr} + i0))[q]"),
            };
            vec![
                format!("for (int q = 0; q < {words}; ++q) u.w[q] = {read};"),
                format!(
                    "for (int k = 0; k < MT_VEC; ++k) v{rv}[g + k] = {};",
                    from_mem(d, "u.e[k]")
                ),
            ]
        };
        let inactive = |s: &str| format!("v{rv}[{s}] = {fill};");
        let vectorize = self.lay.contiguous(index);
        let access = TileAccess {
            buffer,
            index,
            mask,
            numel,
        };
        self.tile_access(
            n,
            access,
            d,
            &active,
            &scalar,
            vectorize.then_some(&vector as _),
            Some(&inactive),
        );
    }

    fn store(
        &mut self,
        buffer: u32,
        index: ValueId,
        value: ValueId,
        mask: Option<ValueId>,
        atomic: bool,
    ) {
        let d = self.buffer_dtype(buffer);
        let write = |dst: String, v: String| -> String {
            if atomic {
                match d {
                    DType::I64 => format!(
                        "atomicAdd((unsigned long long*)&{dst}, (unsigned long long)({v}));"
                    ),
                    _ => format!("atomicAdd(&{dst}, {v});"),
                }
            } else {
                format!("{dst} = {};", to_mem(d, &v))
            }
        };
        // A value rounded to the buffer's dtype by a cast is stored from the cast's source: one
        // conversion instead of a round trip and a second conversion (the same bits).
        let value = match self.rounded.get(&value) {
            Some(&(src, to)) if to == d && !atomic && self.lay.of(src) == self.lay.of(value) => src,
            _ => value,
        };
        if self.lay.of(index) == Layout::Uniform {
            let m = mask.map(|m| format!(" && v{}", m.0)).unwrap_or_default();
            let w = write(format!("p{buffer}[v{}]", index.0), self.at(value, "0"));
            self.line(format!("if (mt_tid == 0{m}) {w}"));
            return;
        }
        let n = self.slots(index);
        let numel = self.numel(index);
        let dist = self.lay.dist;
        let in_tile = |s: &str| in_tile(dist, numel, s);
        let active = |s: &str| -> String {
            let m = mask
                .map(|m| format!(" && v{}[{s}]", m.0))
                .unwrap_or_default();
            format!("{}{m}", in_tile(s))
        };
        let scalar = |s: &str, at: &str| -> String {
            let w = write(format!("p{buffer}[{at}]"), format!("v{}[{s}]", value.0));
            format!("if ({}) {w}", active(s))
        };
        let (val, ptr) = (value.0, format!("p{buffer}"));
        let hint = self.hint(self.store_hint, buffer);
        let vector = |word: &str, words: usize| {
            let write = match hint {
                Some(f) => format!("{f}(({word}*)({ptr} + i0) + q, u.w[q]);"),
                None => format!("(({word}*)({ptr} + i0))[q] = u.w[q];"),
            };
            vec![
                format!(
                    "for (int k = 0; k < MT_VEC; ++k) u.e[k] = {};",
                    to_mem(d, &format!("v{val}[g + k]"))
                ),
                format!("for (int q = 0; q < {words}; ++q) {write}"),
            ]
        };
        let vectorize = !atomic && self.lay.contiguous(index);
        let access = TileAccess {
            buffer,
            index,
            mask,
            numel,
        };
        self.tile_access(
            n,
            access,
            d,
            &active,
            &scalar,
            vectorize.then_some(&vector as _),
            None,
        );
    }

    /// Emits an access to every slot of a tile. Given `vector` (the index is contiguous) and a
    /// vector of at least 4 bytes, each group of `vec` slots whose elements are all `active` and
    /// whose first index `i0` is aligned moves through one union `u` of words (`vector(word,
    /// words)` gives those statements); every other element falls back to `scalar(slot, index)`,
    /// its index `i0 + k` there (contiguous: one live index per group, not one per slot). In the
    /// fast body (see `fast_access`) the alignment test goes, and where the mask splits at whole
    /// groups each group is one predicated vector, `inactive(slot)` filling a load's slots.
    #[allow(clippy::too_many_arguments)]
    fn tile_access(
        &mut self,
        n: usize,
        access: TileAccess,
        d: DType,
        active: &dyn Fn(&str) -> String,
        scalar: &dyn Fn(&str, &str) -> String,
        vector: Option<&VectorBody<'_>>,
        inactive: Option<&dyn Fn(&str) -> String>,
    ) {
        let vec = self.lay.dist.vec as usize;
        let bytes = vec * d.size_bytes();
        let pad = "  ".repeat(self.depth);
        let Some(vector) = vector.filter(|_| vec > 1 && bytes.is_multiple_of(4)) else {
            let at = format!("v{}[s]", access.index.0);
            self.line(format!(
                "#pragma unroll\n{pad}for (int s = 0; s < {n}; ++s) {{ {} }}",
                scalar("s", &at)
            ));
            return;
        };
        let (word, words) = vector_word(bytes);
        let fast = self.fast_access(
            access.buffer,
            access.index,
            access.mask,
            access.numel,
            bytes / words,
        );
        let all: Vec<String> = (0..vec)
            .map(|k| format!("({})", active(&format!("g + {k}"))))
            .collect();
        self.line(format!(
            "#pragma unroll\n{pad}for (int g = 0; g < {n}; g += {vec}) {{"
        ));
        self.depth += 1;
        self.line(format!("const mt_i64 i0 = v{}[g];", access.index.0));
        let cond = match fast {
            Some(true) => format!("({})", active("g")),
            Some(false) => all.join(" && "),
            None => format!("{} && (i0 % {vec}) == 0", all.join(" && ")),
        };
        self.line(format!("if ({cond}) {{"));
        self.depth += 1;
        self.line(format!(
            "union {{ {word} w[{words}]; {} e[{vec}]; }} u;",
            stype(d)
        ));
        for stmt in vector(word, words) {
            let pad = "  ".repeat(self.depth);
            self.line(format!("#pragma unroll\n{pad}{stmt}"));
        }
        self.depth -= 1;
        let other = match fast {
            // A whole group is inactive: a load fills it, a store skips it.
            Some(true) => inactive.map(|f| f("g + k")),
            _ => Some(format!("const int s = g + k; {}", scalar("s", "i0 + k"))),
        };
        if let Some(other) = other {
            self.line("} else {");
            self.depth += 1;
            let pad = "  ".repeat(self.depth);
            self.line(format!(
                "#pragma unroll\n{pad}for (int k = 0; k < {vec}; ++k) {{ {other} }}"
            ));
            self.depth -= 1;
        }
        self.line("}");
        self.depth -= 1;
        self.line("}");
    }

    /// Copies `from` into the already declared `to` (same layout).
    fn assign(&mut self, to: ValueId, from: &str) {
        match self.lay.of(to) {
            Layout::Uniform => self.line(format!("v{} = {from};", to.0)),
            Layout::Blocked { .. } => {
                let n = self.slots(to);
                self.line(format!(
                    "#pragma unroll\n{}for (int s = 0; s < {n}; ++s) v{}[s] = {from}[s];",
                    "  ".repeat(self.depth),
                    to.0
                ));
            }
        }
    }

    fn yields(&self, b: &Block) -> Vec<ValueId> {
        match b.insts.last().map(|i| &self.k.inst(*i).op) {
            Some(Op::Yield { values }) => values.clone(),
            _ => Vec::new(),
        }
    }

    fn for_loop(
        &mut self,
        results: &[ValueId],
        lower: ValueId,
        upper: ValueId,
        step: ValueId,
        init: &[ValueId],
        body: &Block,
    ) -> Result<(), CodegenError> {
        let carried = &body.args[1..];
        for (a, i) in carried.iter().zip(init) {
            self.declare(*a);
            let src = format!("v{}", i.0);
            self.assign(*a, &src);
        }
        let iv = body.args[0];
        let it = ctype(self.dtype(iv));
        self.line(format!(
            "for ({it} v{i} = v{}; v{i} < v{}; v{i} += v{}) {{",
            lower.0,
            upper.0,
            step.0,
            i = iv.0
        ));
        self.depth += 1;
        self.block(body)?;
        let ys = self.yields(body);
        // Stage the yielded values first: a yield may read a carried value it also replaces.
        let mut staged = Vec::new();
        for y in &ys {
            let t = self.fresh();
            let ty = ctype(self.dtype(*y));
            match self.lay.of(*y) {
                Layout::Uniform => self.line(format!("{ty} y{t} = v{};", y.0)),
                Layout::Blocked { .. } => {
                    let n = self.slots(*y);
                    self.line(format!(
                        "{ty} y{t}[{n}];\n{}#pragma unroll\n{}for (int s = 0; s < {n}; ++s) y{t}[s] = v{}[s];",
                        "  ".repeat(self.depth),
                        "  ".repeat(self.depth),
                        y.0
                    ));
                }
            }
            staged.push(format!("y{t}"));
        }
        for (a, y) in carried.iter().zip(&staged) {
            self.assign(*a, y);
        }
        self.depth -= 1;
        self.line("}");
        for (r, a) in results.iter().zip(carried) {
            self.declare(*r);
            let src = format!("v{}", a.0);
            self.assign(*r, &src);
        }
        Ok(())
    }

    fn if_else(
        &mut self,
        results: &[ValueId],
        cond: ValueId,
        then_body: &Block,
        else_body: &Block,
    ) -> Result<(), CodegenError> {
        for r in results {
            self.declare(*r);
        }
        self.line(format!("if (v{}) {{", cond.0));
        for (i, b) in [then_body, else_body].into_iter().enumerate() {
            if i == 1 {
                self.line("} else {");
            }
            self.depth += 1;
            self.block(b)?;
            let ys = self.yields(b);
            for (r, y) in results.iter().zip(ys) {
                let src = format!("v{}", y.0);
                self.assign(*r, &src);
            }
            self.depth -= 1;
        }
        self.line("}");
        Ok(())
    }
}

/// `MT_FLAT(slot) < numel`, or `true` when a tile of `numel` elements has no ghost slots.
fn in_tile(dist: crate::layout::Distribution, numel: usize, slot: &str) -> String {
    if dist.slots(numel) * dist.threads as usize == numel {
        "true".into()
    } else {
        format!("MT_FLAT({slot}) < {numel}")
    }
}

/// The element of `v` at slot `s` (a C expression), or the scalar itself.
fn at(lay: &Layouts, v: ValueId, s: &str) -> String {
    match lay.of(v) {
        Layout::Uniform => format!("v{}", v.0),
        Layout::Blocked { .. } => format!("v{}[{s}]", v.0),
    }
}

/// A load's or store's buffer, contiguous index, mask, and the tile's element count.
#[derive(Clone, Copy)]
struct TileAccess {
    buffer: u32,
    index: ValueId,
    mask: Option<ValueId>,
    numel: usize,
}

/// Writes the statements of one vector access given the word type and count.
type VectorBody<'a> = dyn Fn(&str, usize) -> Vec<String> + 'a;

/// `a` combined with `b` by a reduction's operator, as a C expression (each operand named once or
/// twice: pass plain names, never an expression with side effects).
fn combine(op: ReduceOp, d: DType, a: &str, b: &str) -> String {
    match op {
        ReduceOp::Sum => format!("({a} + {b})"),
        ReduceOp::Max if d.is_float() => format!("mt_maxf({a}, {b})"),
        ReduceOp::Min if d.is_float() => format!("mt_minf({a}, {b})"),
        ReduceOp::Max => format!("({a} > {b} ? {a} : {b})"),
        ReduceOp::Min => format!("({a} < {b} ? {a} : {b})"),
        ReduceOp::Argmax => a.to_string(),
    }
}

/// How far past a cross-warp reduction `sibling_reductions` looks for its sibling.
const SIBLING_WINDOW: usize = 64;

/// The most cross-warp reductions that share one barrier round: a round's shared region holds
/// 8 bytes a warp for each.
const MAX_SIBLINGS: usize = 4;

/// Cross-warp reductions that share a barrier round, found by `sibling_reductions`: the group's
/// length in instructions, the positions of the reductions (the first is 0) and of the
/// instructions between that wait for an earlier reduction's result.
struct Siblings {
    len: usize,
    reduces: Vec<usize>,
    blocked: Vec<usize>,
}

/// Ops the emitter lowers to register arithmetic alone (no memory, no shared memory, no
/// barrier, no nested block): safe to move across a reduction's barrier.
fn register_only(op: &Op) -> bool {
    matches!(
        op,
        Op::ProgramId { .. }
            | Op::NumPrograms { .. }
            | Op::ScalarArg { .. }
            | Op::Arange { .. }
            | Op::Constant { .. }
            | Op::Splat { .. }
            | Op::Unary { .. }
            | Op::Binary { .. }
            | Op::Compare { .. }
            | Op::Cast { .. }
            | Op::Select { .. }
    )
}

/// A whole-tile reduction between `reduce_start` and `reduce_end`.
struct PendingReduce {
    r: ValueId,
    op: ReduceOp,
    d: DType,
    acc: String,
    /// Where its warps' partials wait (none with a single warp).
    slot: Option<String>,
}

/// The neutral element of a reduction.
fn identity(op: ReduceOp, d: DType) -> String {
    match (op, d.is_float()) {
        (ReduceOp::Sum, true) => "0.0f".into(),
        (ReduceOp::Sum, false) => "0".into(),
        (ReduceOp::Max, true) => "__int_as_float(0xff800000)".into(),
        (ReduceOp::Min, true) => "__int_as_float(0x7f800000)".into(),
        (ReduceOp::Max, false) if d == DType::I64 => "(-9223372036854775807LL - 1)".into(),
        (ReduceOp::Min, false) if d == DType::I64 => "9223372036854775807LL".into(),
        (ReduceOp::Max, false) => "(-2147483647 - 1)".into(),
        (ReduceOp::Min, false) => "2147483647".into(),
        (ReduceOp::Argmax, _) => "0".into(),
    }
}

/// Wraps an integer expression to the width of `d`.
fn wrap(d: DType, e: String) -> String {
    match d {
        DType::I32 => format!("(int)({e})"),
        _ => e,
    }
}

/// The C type and count of words moving `bytes` at once.
fn vector_word(bytes: usize) -> (&'static str, usize) {
    if bytes.is_multiple_of(16) {
        ("uint4", bytes / 16)
    } else if bytes.is_multiple_of(8) {
        ("uint2", bytes / 8)
    } else {
        ("unsigned int", bytes / 4)
    }
}

/// Shared-memory element type of a dtype.
fn smem_type(d: DType) -> &'static str {
    match d {
        DType::I64 => "mt_i64",
        DType::I32 => "int",
        DType::Bool => "bool",
        _ => "float",
    }
}

fn smem_size(d: DType) -> usize {
    match d {
        DType::I64 => 8,
        DType::Bool => 1,
        _ => 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hint variables' values: an intrinsic without its underscores, optionally a list of
    /// parameter names, spaces allowed around the parts; anything else is no hint.
    #[test]
    fn cache_hints_parse_an_intrinsic_and_optional_names() {
        let names = |v: &[&str]| Some(v.iter().map(|n| n.to_string()).collect::<Vec<_>>());
        let h = CacheHint::parse("ldg", &LOAD_HINTS).unwrap();
        assert_eq!((h.intrinsic, h.only), ("__ldg", None));
        let h = CacheHint::parse(" ldcs : x, dy ,", &LOAD_HINTS).unwrap();
        assert_eq!(
            (h.intrinsic, h.only.clone()),
            ("__ldcs", names(&["x", "dy"]))
        );
        assert!(h.applies("dy") && !h.applies("weight"));
        assert!(CacheHint::parse("stcs", &STORE_HINTS).is_some());
        for bad in ["", "ldx", "__ldg", "stcs", ":x"] {
            assert_eq!(CacheHint::parse(bad, &LOAD_HINTS), None, "{bad:?}");
        }
    }
}
