//! CUDA C to a loaded kernel: NVRTC compiles the source to a cubin for the device's own
//! architecture (`--gpu-architecture=sm_XY`), a disk cache keeps cubins across processes, and
//! the driver loads the cubin and finds the entry point.
//!
//! Compiling needs only NVRTC, not a GPU: `compile_cuda_source` runs wherever `libnvrtc.so`
//! loads (for checking generated source). The CUDA include folder (`$CUDA_HOME/include`,
//! `$CUDA_PATH/include` or `/usr/local/cuda/include`, the first that exists) is passed with `-I`
//! so that sources may include `cuda_fp16.h` or `mma.h`; NVRTC has no built-in copies of them.
//!
//! The disk cache lives in `$METILE_CACHE_DIR`, else `$XDG_CACHE_HOME/metile`, else
//! `~/.cache/metile` (an empty `METILE_CACHE_DIR` turns it off), in `cuda/<hash>.cubin`, where the
//! hash covers the source, the architecture, the NVRTC version and the options. Each file also
//! stores that whole identity and is used only when it matches exactly, so a hash collision, a
//! truncated, corrupt or unreadable file is a recompilation, never an error; writes go through a
//! temporary file and a rename, so concurrent processes never see half a file. A cached cubin the
//! driver refuses to load is recompiled once.

use std::ffi::{c_char, CString};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, OnceLock};

use cudarc::driver::CudaFunction;
use cudarc::nvrtc::{result as nvrtc, sys as nvrtc_sys, Ptx};
use metile_codegen::CudaSource;

use crate::cuda::{cuda_error, with_nvrtc, CudaDevice};
use crate::error::{Error, Result};

/// The environment variable naming the folder of the disk cache of compiled kernels.
pub const CACHE_ENV: &str = "METILE_CACHE_DIR";

/// The environment variable of extra NVRTC options (split at whitespace, appended to the
/// defaults; part of the cache key).
pub const NVRTC_FLAGS_ENV: &str = "METILE_NVRTC_FLAGS";

/// How many lines of source a compile error shows.
const SOURCE_LINES_SHOWN: usize = 40;

const MAGIC: &[u8] = b"metile-cubin 1\n";

/// How many lines of NVRTC's log a compile error keeps (one mistake can cascade into hundreds).
const LOG_LINES_SHOWN: usize = 100;

/// C++ keywords, which NVRTC rejects as an entry point's name.
const CPP_KEYWORDS: &[&str] = &[
    "alignas",
    "alignof",
    "asm",
    "auto",
    "bool",
    "break",
    "case",
    "catch",
    "char",
    "class",
    "const",
    "constexpr",
    "continue",
    "decltype",
    "default",
    "delete",
    "do",
    "double",
    "else",
    "enum",
    "explicit",
    "export",
    "extern",
    "false",
    "float",
    "for",
    "friend",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "mutable",
    "namespace",
    "new",
    "noexcept",
    "nullptr",
    "operator",
    "private",
    "protected",
    "public",
    "register",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "template",
    "this",
    "throw",
    "true",
    "try",
    "typedef",
    "typeid",
    "typename",
    "union",
    "unsigned",
    "using",
    "virtual",
    "void",
    "volatile",
    "while",
];

/// A compiled cubin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cubin {
    /// The architecture it was compiled for, e.g. `sm_90`.
    pub arch: String,
    pub bytes: Vec<u8>,
    /// Whether it was read from the disk cache rather than compiled by this call.
    pub from_disk: bool,
    /// The cache file, when the disk cache is on.
    pub path: Option<PathBuf>,
}

/// Counts of this process's compilations (for tests and reports).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CompileStats {
    /// Sources compiled by NVRTC.
    pub nvrtc_compiles: usize,
    /// Cubins read from the disk cache.
    pub disk_hits: usize,
    /// Cubins written to the disk cache.
    pub disk_writes: usize,
}

static NVRTC_COMPILES: AtomicUsize = AtomicUsize::new(0);
static DISK_HITS: AtomicUsize = AtomicUsize::new(0);
static DISK_WRITES: AtomicUsize = AtomicUsize::new(0);
static TMP_COUNTER: AtomicUsize = AtomicUsize::new(0);

/// This process's compilation counts so far.
pub fn compile_stats() -> CompileStats {
    CompileStats {
        nvrtc_compiles: NVRTC_COMPILES.load(Relaxed),
        disk_hits: DISK_HITS.load(Relaxed),
        disk_writes: DISK_WRITES.load(Relaxed),
    }
}

/// A kernel loaded on a CUDA device, with the source it was compiled from.
#[derive(Debug)]
pub struct CudaKernel {
    pub source: CudaSource,
    /// E.g. `sm_90`.
    pub arch: String,
    /// Whether the cubin came from the disk cache.
    pub from_disk_cache: bool,
    pub(crate) ordinal: usize,
    pub(crate) function: CudaFunction,
    /// `source.fast`'s entry point, when the source has one.
    pub(crate) fast_function: Option<CudaFunction>,
}

/// The disk cache folder from the environment, `None` when it is off or no home is known.
pub fn default_cache_dir() -> Option<PathBuf> {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(v) = std::env::var_os(CACHE_ENV) {
        return (!v.is_empty()).then(|| PathBuf::from(v));
    }
    env("XDG_CACHE_HOME")
        .map(|d| d.join("metile"))
        .or_else(|| env("HOME").map(|h| h.join(".cache").join("metile")))
}

/// The CUDA include folder passed to NVRTC, if one exists.
pub fn include_dir() -> Option<PathBuf> {
    let roots = ["CUDA_HOME", "CUDA_PATH"]
        .iter()
        .filter_map(|k| {
            std::env::var_os(k)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        })
        .chain(std::iter::once(PathBuf::from("/usr/local/cuda")));
    roots.map(|r| r.join("include")).find(|d| d.is_dir())
}

/// NVRTC's `(major, minor)` version; loads NVRTC.
pub fn nvrtc_version() -> Result<(i32, i32)> {
    static VERSION: OnceLock<(i32, i32)> = OnceLock::new();
    if let Some(v) = VERSION.get() {
        return Ok(*v);
    }
    let v = with_nvrtc(|| {
        let (mut major, mut minor) = (0, 0);
        // SAFETY: both pointers are valid for writes of one int each.
        unsafe { nvrtc_sys::nvrtcVersion(&mut major, &mut minor) }
            .result()
            .map_err(|e| Error::Device {
                device: "nvrtc".into(),
                message: format!("nvrtcVersion failed: {e:?}"),
            })?;
        Ok((major, minor))
    })?;
    Ok(*VERSION.get_or_init(|| v))
}

/// Compiles `source` for compute capability `compute_capability` (e.g. 90), through the disk
/// cache in `default_cache_dir()`. `name` names the program in errors.
pub fn compile_cuda_source(name: &str, source: &str, compute_capability: u32) -> Result<Cubin> {
    compile_cuda_source_cached(
        name,
        source,
        compute_capability,
        default_cache_dir().as_deref(),
    )
}

/// `compile_cuda_source` with the cache folder given (`None`: no disk cache).
pub fn compile_cuda_source_cached(
    name: &str,
    source: &str,
    compute_capability: u32,
    cache: Option<&Path>,
) -> Result<Cubin> {
    compile(name, source, compute_capability, cache, true)
}

fn compile(
    name: &str,
    source: &str,
    compute_capability: u32,
    cache: Option<&Path>,
    read_cache: bool,
) -> Result<Cubin> {
    let arch = format!("sm_{compute_capability}");
    let (major, minor) = nvrtc_version()?;
    let options = options(&arch);
    let identity = format!(
        "arch={arch}\nnvrtc={major}.{minor}\nname={name}\noptions={options:?}\nsource=\n{source}"
    );
    let path = cache.map(|d| {
        d.join("cuda")
            .join(format!("{:032x}.cubin", fnv1a128(identity.as_bytes())))
    });
    if let (Some(p), true) = (&path, read_cache) {
        if let Some(bytes) = read_cached(p, &identity) {
            DISK_HITS.fetch_add(1, Relaxed);
            return Ok(Cubin {
                arch,
                bytes,
                from_disk: true,
                path,
            });
        }
    }
    let bytes = with_nvrtc(|| run_nvrtc(name, source, &options, (major, minor)))?;
    NVRTC_COMPILES.fetch_add(1, Relaxed);
    if let Some(p) = &path {
        if write_cached(p, &identity, &bytes) {
            DISK_WRITES.fetch_add(1, Relaxed);
        }
    }
    Ok(Cubin {
        arch,
        bytes,
        from_disk: false,
        path,
    })
}

/// The NVRTC options for `arch`: the architecture, the include folder, line info for
/// profilers, and `$METILE_NVRTC_FLAGS`.
fn options(arch: &str) -> Vec<String> {
    let mut o = vec![format!("--gpu-architecture={arch}")];
    if let Some(dir) = include_dir() {
        o.push(format!("--include-path={}", dir.display()));
    }
    o.push("--generate-line-info".into());
    if let Some(extra) = std::env::var_os(NVRTC_FLAGS_ENV) {
        o.extend(
            extra
                .to_string_lossy()
                .split_whitespace()
                .map(str::to_string),
        );
    }
    o
}

/// Destroys an NVRTC program when dropped.
struct Program(nvrtc_sys::nvrtcProgram);

impl Drop for Program {
    fn drop(&mut self) {
        // SAFETY: the program was created by `create_program` and is destroyed once, here.
        // A failure to free it leaks the program and nothing else.
        let _ = unsafe { nvrtc::destroy_program(self.0) };
    }
}

fn c_chars(v: &[c_char]) -> String {
    let bytes: Vec<u8> = v
        .iter()
        .take_while(|c| **c != 0)
        .map(|c| *c as u8)
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// What the assembler reports for `source` built for `sm_<compute_capability>`: registers,
/// spills, stack and shared memory per entry point (ptxas's `-v` lines from NVRTC's log), with
/// the options kernels are built with. Needs NVRTC, not a GPU; nothing is cached.
pub fn ptxas_report(name: &str, source: &str, compute_capability: u32) -> Result<String> {
    let version = nvrtc_version()?;
    let mut options = options(&format!("sm_{compute_capability}"));
    options.push("--ptxas-options=-v".into());
    let (_, log) = with_nvrtc(|| run_nvrtc_logged(name, source, &options, version))?;
    Ok(log
        .lines()
        .filter(|l| l.contains("ptxas info") || l.contains("spill"))
        .map(|l| format!("{}\n", l.trim()))
        .collect())
}

fn run_nvrtc(name: &str, source: &str, options: &[String], version: (i32, i32)) -> Result<Vec<u8>> {
    run_nvrtc_logged(name, source, options, version).map(|(cubin, _)| cubin)
}

/// `run_nvrtc`, also returning NVRTC's log of a successful compile.
fn run_nvrtc_logged(
    name: &str,
    source: &str,
    options: &[String],
    version: (i32, i32),
) -> Result<(Vec<u8>, String)> {
    let fail = |what: String| Error::Compile {
        kernel: name.into(),
        log: what,
    };
    let src = CString::new(source).map_err(|_| fail("the source contains a NUL byte".into()))?;
    let file: String = name
        .chars()
        .map(|c| if c.is_ascii_graphic() { c } else { '_' })
        .chain(".cu".chars())
        .collect();
    let file = CString::new(file).map_err(|_| fail("the name contains a NUL byte".into()))?;
    let prog = Program(
        nvrtc::create_program(&src, Some(&file))
            .map_err(|e| fail(format!("nvrtcCreateProgram failed: {e:?}")))?,
    );
    // SAFETY: `prog` is a live program; the options are plain strings.
    let compiled = unsafe { nvrtc::compile_program(prog.0, options) };
    // SAFETY: as above; the log is read into an owned buffer.
    let log = unsafe { nvrtc::get_program_log(prog.0) }
        .map(|v| c_chars(&v))
        .unwrap_or_default();
    if let Err(e) = compiled {
        return Err(fail(compile_log(&e, &log, options, source, version)));
    }
    let mut size = 0usize;
    // SAFETY: `prog` compiled successfully; `size` is valid for one write.
    unsafe { nvrtc_sys::nvrtcGetCUBINSize(prog.0, &mut size) }
        .result()
        .map_err(|e| fail(format!("nvrtcGetCUBINSize failed: {e:?}")))?;
    if size == 0 {
        return Err(fail(format!(
            "NVRTC produced no cubin (options {})",
            options.join(" ")
        )));
    }
    let mut cubin = vec![0u8; size];
    // SAFETY: `cubin` holds exactly the `size` bytes NVRTC reported.
    unsafe { nvrtc_sys::nvrtcGetCUBIN(prog.0, cubin.as_mut_ptr().cast()) }
        .result()
        .map_err(|e| fail(format!("nvrtcGetCUBIN failed: {e:?}")))?;
    Ok((cubin, log))
}

/// The text of `Error::Compile`: NVRTC's verdict and log, the options and the first lines of
/// the source, numbered as the log numbers them.
fn compile_log(
    e: &nvrtc::NvrtcError,
    log: &str,
    options: &[String],
    source: &str,
    (major, minor): (i32, i32),
) -> String {
    let mut out = format!("NVRTC {major}.{minor}: {:?}\n", e.0);
    let log_lines = log.trim_end().lines().count();
    for line in log.trim_end().lines().take(LOG_LINES_SHOWN) {
        out.push_str(line);
        out.push('\n');
    }
    if log_lines > LOG_LINES_SHOWN {
        out.push_str(&format!(
            "... ({} more lines of log)\n",
            log_lines - LOG_LINES_SHOWN
        ));
    }
    if include_dir().is_none() && log.contains("cannot open source file") {
        out.push_str(
            "hint: no CUDA include folder was found ($CUDA_HOME/include, $CUDA_PATH/include, \
             /usr/local/cuda/include), so headers such as cuda_fp16.h are unavailable\n",
        );
    }
    out.push_str(&format!("options: {}\n", options.join(" ")));
    let total = source.lines().count();
    let shown = total.min(SOURCE_LINES_SHOWN);
    out.push_str(&format!("source (first {shown} of {total} lines):\n"));
    for (i, line) in source.lines().take(shown).enumerate() {
        out.push_str(&format!("{:4} | {line}\n", i + 1));
    }
    out
}

/// FNV-1a, 128 bits: a stable hash (the standard library's may change between releases).
fn fnv1a128(bytes: &[u8]) -> u128 {
    const OFFSET: u128 = 0x6c62272e07bb014262b821756295c58d;
    const PRIME: u128 = 0x0000000001000000000000000000013B;
    bytes
        .iter()
        .fold(OFFSET, |h, b| (h ^ *b as u128).wrapping_mul(PRIME))
}

/// The cubin stored in `path` for exactly `identity`; `None` for a missing, unreadable,
/// truncated or foreign file.
fn read_cached(path: &Path, identity: &str) -> Option<Vec<u8>> {
    let data = std::fs::read(path).ok()?;
    let rest = data.strip_prefix(MAGIC)?;
    let (id, rest) = take_chunk(rest)?;
    if id != identity.as_bytes() {
        return None;
    }
    let (cubin, rest) = take_chunk(rest)?;
    (rest.is_empty() && !cubin.is_empty()).then(|| cubin.to_vec())
}

/// A length-prefixed (u64, little endian) chunk and what follows it.
fn take_chunk(data: &[u8]) -> Option<(&[u8], &[u8])> {
    let (len, rest) = data.split_first_chunk::<8>()?;
    let len = usize::try_from(u64::from_le_bytes(*len)).ok()?;
    (rest.len() >= len).then(|| rest.split_at(len))
}

/// Stores a cubin; whether it was written. The cache is an optimisation: failures are ignored.
fn write_cached(path: &Path, identity: &str, cubin: &[u8]) -> bool {
    let Some(dir) = path.parent() else {
        return false;
    };
    let mut data = Vec::with_capacity(MAGIC.len() + 16 + identity.len() + cubin.len());
    data.extend_from_slice(MAGIC);
    for chunk in [identity.as_bytes(), cubin] {
        data.extend_from_slice(&(chunk.len() as u64).to_le_bytes());
        data.extend_from_slice(chunk);
    }
    let tmp = path.with_extension(format!(
        "tmp.{}.{}",
        std::process::id(),
        TMP_COUNTER.fetch_add(1, Relaxed)
    ));
    let written = std::fs::create_dir_all(dir)
        .and_then(|_| std::fs::write(&tmp, &data))
        .and_then(|_| std::fs::rename(&tmp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written.is_ok()
}

/// Compiles `source` for `device` (through the disk cache) and loads its entry point.
pub(crate) fn load_kernel(device: &Arc<CudaDevice>, source: CudaSource) -> Result<CudaKernel> {
    let name = source.entry.clone();
    if name.is_empty()
        || name.starts_with(|c: char| c.is_ascii_digit())
        || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        || CPP_KEYWORDS.contains(&name.as_str())
    {
        return Err(Error::Compile {
            kernel: name,
            log: "the entry point's name is not a C identifier (or is a C++ keyword)".into(),
        });
    }
    let cc = device.target.compute_capability;
    let cache = default_cache_dir();
    let label = device.label();
    let ctx = device.own_stream.context();
    let mut cubin = compile(&name, &source.source, cc, cache.as_deref(), true)?;
    let module = match ctx.load_module(Ptx::from_binary(cubin.bytes.clone())) {
        Ok(m) => m,
        Err(_) if cubin.from_disk => {
            // A cached cubin the driver refuses (say, written by another driver's NVRTC) is
            // compiled afresh, once; the new file replaces the old.
            cubin = compile(&name, &source.source, cc, cache.as_deref(), false)?;
            ctx.load_module(Ptx::from_binary(cubin.bytes.clone()))
                .map_err(|e| cuda_error(&label, &format!("load module of `{name}`"), e))?
        }
        Err(e) => return Err(cuda_error(&label, &format!("load module of `{name}`"), e)),
    };
    let function = module
        .load_function(&name)
        .map_err(|e| cuda_error(&label, &format!("find entry point `{name}`"), e))?;
    let fast_function = match &source.fast {
        None => None,
        Some(f) => Some(
            module
                .load_function(&f.entry)
                .map_err(|e| cuda_error(&label, &format!("find entry point `{}`", f.entry), e))?,
        ),
    };
    Ok(CudaKernel {
        source,
        arch: cubin.arch,
        from_disk_cache: cubin.from_disk,
        ordinal: device.ordinal,
        function,
        fast_function,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_stable() {
        assert_eq!(fnv1a128(b""), 0x6c62272e07bb014262b821756295c58d);
        assert_ne!(fnv1a128(b"a"), fnv1a128(b"b"));
    }

    #[test]
    fn cache_files_round_trip_and_reject_anything_else() {
        let dir = std::env::temp_dir().join(format!("metile-cache-unit-{}", std::process::id()));
        let path = dir.join("cuda").join("x.cubin");
        assert!(write_cached(&path, "id", b"\x7fELF cubin"));
        assert_eq!(
            read_cached(&path, "id").as_deref(),
            Some(&b"\x7fELF cubin"[..])
        );
        assert_eq!(read_cached(&path, "other id"), None);
        let full = std::fs::read(&path).expect("the cache file should be readable");
        std::fs::write(&path, &full[..full.len() - 1]).expect("the cache file should be writable");
        assert_eq!(read_cached(&path, "id"), None, "a truncated file is a miss");
        std::fs::write(&path, b"garbage").expect("the cache file should be writable");
        assert_eq!(read_cached(&path, "id"), None, "a corrupt file is a miss");
        assert_eq!(read_cached(&dir.join("missing"), "id"), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn compile_errors_show_the_log_options_and_source() {
        let e = nvrtc::NvrtcError(nvrtc_sys::nvrtcResult::NVRTC_ERROR_COMPILATION);
        let src: String = (1..=50).map(|i| format!("line{i}\n")).collect();
        let text = compile_log(
            &e,
            "x.cu(3): error: identifier \"y\" is undefined\n",
            &["--gpu-architecture=sm_90".into()],
            &src,
            (13, 0),
        );
        assert!(
            text.contains("NVRTC 13.0: NVRTC_ERROR_COMPILATION"),
            "{text}"
        );
        assert!(text.contains("identifier \"y\" is undefined"), "{text}");
        assert!(text.contains("options: --gpu-architecture=sm_90"), "{text}");
        assert!(text.contains("source (first 40 of 50 lines):"), "{text}");
        assert!(text.contains("  40 | line40\n"), "{text}");
        assert!(!text.contains("line41"), "{text}");
    }
}
