//! Devices: where buffers live and kernels run. Operator code talks to `Device` only, so that
//! later targets (CUDA, Metal) plug in without changing it.

use std::collections::HashMap;
use std::fmt::Debug;
use std::sync::{Arc, Mutex};

use metile_ir::Verified;
use metile_lang::LangError;

use crate::buffer::Buffer;
use crate::error::{Error, Result};

/// A launch argument, in kernel parameter order.
#[derive(Debug)]
pub enum Arg<'a> {
    /// A buffer the kernel reads (parameter access `read`).
    In(&'a Buffer),
    /// A buffer the kernel writes (access `write` or `read_write`); held exclusively for the
    /// launch.
    Out(&'a mut Buffer),
    F32(f32),
    I32(i32),
    I64(i64),
    Bool(bool),
}

impl Arg<'_> {
    pub(crate) fn describe(&self) -> String {
        match self {
            Arg::In(b) => format!("an input buffer of {}", b.dtype()),
            Arg::Out(b) => format!("an output buffer of {}", b.dtype()),
            Arg::F32(v) => format!("f32 {v}"),
            Arg::I32(v) => format!("i32 {v}"),
            Arg::I64(v) => format!("i64 {v}"),
            Arg::Bool(v) => format!("bool {v}"),
        }
    }
}

/// A kernel ready to launch on a device: verified, canonicalised and specialised.
#[derive(Debug)]
pub struct Compiled {
    /// The cache key: kernel name and spec.
    pub key: String,
    pub kernel: Verified,
}

#[derive(Debug)]
enum Backend {
    Cpu,
}

#[derive(Debug)]
struct Inner {
    backend: Backend,
    cache: Mutex<HashMap<String, Arc<Compiled>>>,
}

/// The environment variable naming a folder where every compiled kernel's IR is written after
/// tracing and after each pass that changed it (`<key>.<step>-<stage>.tile`).
pub const DUMP_ENV: &str = "METILE_DUMP_DIR";

/// Canonicalises a traced kernel, dumping each stage when `METILE_DUMP_DIR` is set.
fn compile(key: &str, traced: Verified) -> Result<Verified> {
    let Some(dir) = std::env::var_os(DUMP_ENV) else {
        return Ok(metile_opt::canonicalize(traced)?);
    };
    let dir = std::path::PathBuf::from(dir);
    let stem: String = key
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '-'
            }
        })
        .take(120)
        .collect();
    let mut step = 0;
    let mut dump = |stage: &str, k: &metile_ir::Kernel| {
        let path = dir.join(format!("{stem}.{step:02}-{stage}.tile"));
        step += 1;
        // Dumps are a debugging aid: a folder that cannot be written is not a compile error.
        let _ =
            std::fs::create_dir_all(&dir).and_then(|_| std::fs::write(path, metile_ir::print(k)));
    };
    dump("traced", traced.kernel());
    let out = metile_opt::canonicalize_observed(traced, &mut dump)?;
    Ok(out)
}

/// A device handle; cheap to clone.
#[derive(Clone, Debug)]
pub struct Device {
    inner: Arc<Inner>,
}

impl Device {
    /// The host CPU, the embedded default.
    pub fn cpu() -> Device {
        Device {
            inner: Arc::new(Inner {
                backend: Backend::Cpu,
                cache: Mutex::new(HashMap::new()),
            }),
        }
    }

    /// Device names accepted by `by_name`.
    pub const NAMES: [&'static str; 1] = ["cpu"];

    /// Opens a device by name (`cpu`).
    pub fn by_name(name: &str) -> Result<Device> {
        match name {
            "cpu" => Ok(Device::cpu()),
            "cuda" | "metal" => Err(Error::Device {
                device: name.into(),
                message: "this target is not built yet; available: cpu".into(),
            }),
            other => Err(Error::Device {
                device: other.into(),
                message: format!("unknown device; available: {}", Device::NAMES.join(", ")),
            }),
        }
    }

    pub fn name(&self) -> &'static str {
        match self.inner.backend {
            Backend::Cpu => "cpu",
        }
    }

    /// The compiled kernel for `name` specialised by `spec`, tracing it with `build` on first use
    /// and caching it on this device.
    pub fn kernel<S: Debug>(
        &self,
        name: &str,
        spec: &S,
        build: impl FnOnce() -> std::result::Result<Verified, LangError>,
    ) -> Result<Arc<Compiled>> {
        let key = format!("{name}{spec:?}");
        if let Some(k) = self.lock_cache().get(&key) {
            return Ok(k.clone());
        }
        let kernel = compile(&key, build()?)?;
        let compiled = Arc::new(Compiled {
            key: key.clone(),
            kernel,
        });
        self.lock_cache().insert(key, compiled.clone());
        Ok(compiled)
    }

    fn lock_cache(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Compiled>>> {
        // A poisoned cache only means another thread panicked while inserting; the map itself
        // is still consistent.
        self.inner.cache.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Number of kernels in this device's cache.
    pub fn cached_kernels(&self) -> usize {
        self.lock_cache().len()
    }

    /// Launches `kernel` over `grid` programs with `args` bound in parameter order.
    pub fn launch(&self, kernel: &Compiled, grid: [u32; 3], args: &mut [Arg<'_>]) -> Result<()> {
        match self.inner.backend {
            Backend::Cpu => crate::cpu::launch(&kernel.kernel, grid, args),
        }
    }
}
