//! The CUDA target on a real device: buffers (upload, download, poison, copies, empty buffers),
//! NVRTC compilation and its disk cache, launches of hand-written CUDA C through the internal
//! compile path (so these tests do not depend on the emitter), and the typed errors.
//!
//! Every test that needs a GPU first opens `Device::cuda()`; without one it prints "skipping: no
//! CUDA device (<reason>)" and passes, so CI without a GPU passes and says so. Tests that need
//! only NVRTC (compilation, the disk cache) skip with "skipping: no NVRTC (<reason>)". On a GPU
//! machine one `cargo test -p metile-runtime --test cuda` runs them all. No test here makes a
//! kernel fault, which would leave the process's CUDA context unusable for the others.

#![allow(clippy::panic, clippy::print_stdout)]

use std::path::PathBuf;
use std::sync::Arc;

use cudarc::driver::{CudaSlice, CudaStream, DevicePtr};
use metile_codegen::{CudaSource, ParamAbi};
use metile_ir::DType;
use metile_lang::trace;
use metile_runtime::cuda::{compile_cuda_source_cached, compile_stats, nvrtc_version};
use metile_runtime::{Arg, Buffer, Compiled, Device, Error, Tensor};

fn cuda() -> Option<Device> {
    match Device::cuda() {
        Ok(d) => Some(d),
        Err(e) => {
            println!("skipping: no CUDA device ({e})");
            None
        }
    }
}

fn nvrtc() -> bool {
    match nvrtc_version() {
        Ok(_) => true,
        Err(e) => {
            println!("skipping: no NVRTC ({e})");
            false
        }
    }
}

fn ok<T, E: std::fmt::Display>(r: Result<T, E>, what: &str) -> T {
    match r {
        Ok(v) => v,
        Err(e) => panic!("{what} should succeed: {e}"),
    }
}

/// A folder of its own for a test, emptied.
fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("metile-cuda-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// A source no earlier run has cached.
fn unique(source: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    format!("// {} {nanos}\n{source}", std::process::id())
}

// ------------------------------------------------------------------ devices, no GPU needed

#[test]
fn cuda_by_name_is_a_device_or_a_typed_error() {
    for name in ["cuda", "cuda:0"] {
        match Device::by_name(name) {
            Ok(d) => {
                assert_eq!(d.name(), "cuda");
                assert_eq!(d.label(), "cuda:0");
                println!("{name}: {}", d.describe());
            }
            Err(Error::Device { device, message }) => {
                assert_eq!(device, "cuda:0");
                println!("{name}: {message}");
                if !message.contains("no such device") && !message.contains("initialised") {
                    assert!(
                        message.starts_with("no CUDA driver found (libcuda.so.1): "),
                        "{message}"
                    );
                    assert!(message.contains("LD_LIBRARY_PATH"), "{message}");
                }
            }
            Err(other) => panic!("{name}: expected a device or Error::Device, got {other:?}"),
        }
    }
}

#[test]
fn unknown_devices_list_the_available_ones() {
    for name in ["nope", "cuda:x", "cuda:"] {
        match Device::by_name(name) {
            Err(Error::Device { device, message }) => {
                assert_eq!(device, name);
                assert!(message.contains("available: cpu, cuda"), "{message}");
            }
            other => panic!("{name}: expected Error::Device, got {other:?}"),
        }
    }
    assert_eq!(Device::NAMES, ["cpu", "cuda"]);
}

#[test]
fn the_cpu_device_has_the_same_buffer_api() {
    let cpu = Device::cpu();
    assert_eq!(cpu.label(), "cpu");
    assert_eq!(cpu.codegen_target(), None);
    ok(cpu.synchronize(), "synchronising the cpu");
    let z = ok(cpu.zeros(DType::F16, 3), "cpu zeros");
    assert_eq!(z.device_name(), "cpu");
    assert_eq!(ok(z.to_f32(), "to_f32"), vec![0.0; 3]);
    let x = ok(Buffer::from_f32(DType::F32, &[1.0, 2.0]), "from_f32");
    let up = ok(cpu.upload(&x), "cpu upload");
    assert_eq!(up, x);
    let t = ok(cpu.tensor_zeros(DType::I32, &[2, 3]), "tensor_zeros");
    assert_eq!(t.shape, vec![2, 3]);
    assert_eq!(ok(cpu.to_device(&t), "to_device"), t);
    let source = CudaSource {
        entry: "k".into(),
        source: String::new(),
        threads: 1,
        shared_bytes: 0,
        params: vec![],
        waits_for_prior_grid: false,
        fast: None,
    };
    let kernel = ok(trace("k", |_| {}), "tracing an empty kernel");
    assert!(matches!(
        cpu.kernel_with_source("k", kernel, source),
        Err(Error::Device { .. })
    ));
}

/// Zero-copy needs a CUDA device: borrowing on the cpu is a typed error, the cpu has no stream
/// and its allocations ignore an allocator scope. (The GPU side: `metile-kernels`' `zero_copy`
/// tests.)
#[test]
fn borrowed_memory_and_allocators_are_for_cuda_devices() {
    struct Refuses;
    impl metile_runtime::DeviceAllocator for Refuses {
        fn allocate(&self, _: usize) -> metile_runtime::Result<(u64, metile_runtime::KeepAlive)> {
            panic!("the cpu never draws on a device allocator")
        }
    }
    let cpu = Device::cpu();
    // SAFETY: refused before the address is used.
    match unsafe { Buffer::borrow_cuda(&cpu, DType::F32, 4, 0x1000, Box::new(())) } {
        Err(Error::Device { device, message }) => {
            assert_eq!(device, "cpu");
            assert!(message.contains("needs a CUDA device"), "{message}");
        }
        other => panic!("expected Error::Device, got {other:?}"),
    }
    assert_eq!(cpu.cuda_stream_handle(), None);
    // The cpu has no stream: a stream scope just runs its closure.
    // SAFETY: the cpu ignores the handle.
    assert_eq!(
        ok(unsafe { cpu.with_stream(0x1234, || 7) }, "cpu stream scope"),
        7
    );
    let z = cpu.with_allocator(Arc::new(Refuses), || cpu.zeros(DType::F32, 3));
    let z = ok(z, "cpu zeros in a scope");
    assert!(z.is_host() && z.borrowed_memory().is_none());
    assert!(Buffer::zeros(DType::F32, 3).borrowed_memory().is_none());
}

// ------------------------------------------------------------------ buffers on the device

/// One buffer of each dtype with values that exercise its rounding and range.
fn samples() -> Vec<Buffer> {
    let floats = [0.0, -1.5, 3.25, 1e-3, -65504.0, 1.0 / 3.0, f32::INFINITY];
    vec![
        ok(Buffer::from_f32(DType::F32, &floats), "f32"),
        ok(Buffer::from_f32(DType::F16, &floats), "f16"),
        ok(Buffer::from_f32(DType::BF16, &floats), "bf16"),
        ok(
            Buffer::from_i64(DType::I32, &[0, -1, i32::MAX as i64, i32::MIN as i64, 7]),
            "i32",
        ),
        ok(
            Buffer::from_i64(DType::I64, &[0, -1, i64::MAX, i64::MIN, 1 << 40]),
            "i64",
        ),
        Buffer::from_bool(&[true, false, false, true]),
    ]
}

fn host_values(b: &Buffer) -> String {
    match b.dtype() {
        DType::Bool => format!("{:?}", b.to_bool()),
        DType::I32 | DType::I64 => format!("{:?}", b.to_i64()),
        _ => format!("{:?}", b.to_f32()),
    }
}

#[test]
fn uploads_and_downloads_round_trip_every_dtype() {
    let Some(dev) = cuda() else { return };
    for host in samples() {
        let d = ok(dev.upload(&host), "upload");
        assert_eq!(d.device_name(), "cuda:0");
        assert!(!d.is_host());
        assert_eq!((d.dtype(), d.len()), (host.dtype(), host.len()));
        assert_eq!(host_values(&d), host_values(&host), "{}", host.dtype());
        let back = ok(d.to_host(), "to_host");
        assert!(back.is_host());
        assert_eq!(back, host);
        assert_eq!(d, host, "== compares elements across devices");
        let again = ok(dev.upload(&d), "device-to-device upload");
        assert_eq!(again, host);
        let cloned = d.clone();
        assert_eq!(cloned.device_name(), "cuda:0");
        assert_eq!(cloned, host);
    }
}

/// Buffers count in the device's memory while they live. Other tests allocate on the same
/// device concurrently, so only lower bounds are exact.
#[test]
fn buffers_count_in_device_memory() {
    assert_eq!(ok(Device::cpu().memory(), "cpu memory"), None);
    let Some(dev) = cuda() else { return };
    let bytes = 64 << 20;
    let b = ok(dev.zeros(DType::F32, bytes / 4), "device zeros");
    let copy = ok(b.try_clone(), "device copy");
    let m = ok(dev.memory(), "memory").expect("a CUDA device reports its memory");
    assert!(m.live_bytes >= 2 * bytes, "{m:?}");
    assert!(m.peak_bytes >= m.live_bytes, "{m:?}");
    assert!(
        m.driver_used_bytes >= 2 * bytes && m.total_bytes >= m.driver_used_bytes,
        "{m:?}"
    );
    drop((b, copy));
    dev.reset_peak_memory();
    let after = ok(dev.memory(), "memory").expect("a CUDA device reports its memory");
    assert!(after.peak_bytes >= after.live_bytes, "{after:?}");
}

#[test]
fn device_zeros_and_tensors() {
    let Some(dev) = cuda() else { return };
    for dtype in [
        DType::F32,
        DType::F16,
        DType::BF16,
        DType::I32,
        DType::I64,
        DType::Bool,
    ] {
        let z = ok(dev.zeros(dtype, 1000), "device zeros");
        assert_eq!(z, Buffer::zeros(dtype, 1000), "{dtype}");
    }
    let t = ok(dev.tensor_zeros(DType::F32, &[4, 5]), "tensor_zeros");
    assert_eq!(t.buffer.device_name(), "cuda:0");
    let host = ok(
        Tensor::from_f32(DType::F32, &[2, 2], &[1.0, 2.0, 3.0, 4.0]),
        "tensor",
    );
    let d = ok(dev.to_device(&host), "to_device");
    assert_eq!(d.shape, vec![2, 2]);
    assert_eq!(ok(d.to_f32(), "tensor to_f32"), vec![1.0, 2.0, 3.0, 4.0]);
}

#[test]
fn poison_fills_device_buffers() {
    let Some(dev) = cuda() else { return };
    for host in samples() {
        let mut d = ok(dev.upload(&host), "upload");
        d.poison();
        let mut want = host.clone();
        want.poison();
        assert_eq!(
            host_values(&d),
            host_values(&want),
            "poison of {}",
            host.dtype()
        );
        ok(d.try_poison(), "try_poison");
    }
}

#[test]
fn copy_from_works_across_the_host_boundary_and_on_the_device() {
    let Some(dev) = cuda() else { return };
    for host in samples() {
        let (dtype, len) = (host.dtype(), host.len());
        let mut on_dev = ok(dev.zeros(dtype, len), "zeros");
        ok(on_dev.copy_from(&host), "host to device");
        assert_eq!(on_dev, host);
        let mut other = ok(dev.zeros(dtype, len), "zeros");
        ok(other.copy_from(&on_dev), "device to device");
        assert_eq!(other.device_name(), "cuda:0");
        assert_eq!(other, host);
        let mut back = Buffer::zeros(dtype, len);
        ok(back.copy_from(&other), "device to host");
        assert!(back.is_host());
        assert_eq!(back, host);
        let mut short = ok(dev.zeros(dtype, len - 1), "zeros");
        assert!(matches!(short.copy_from(&on_dev), Err(Error::Buffer(_))));
    }
}

#[test]
fn empty_buffers_work_everywhere() {
    let Some(dev) = cuda() else { return };
    for dtype in [DType::F32, DType::F16, DType::I64, DType::Bool] {
        let mut e = ok(dev.zeros(dtype, 0), "empty zeros");
        assert!(e.is_empty());
        assert_eq!(e, Buffer::zeros(dtype, 0));
        e.poison();
        let up = ok(dev.upload(&Buffer::zeros(dtype, 0)), "empty upload");
        ok(e.copy_from(&up), "empty copy");
        assert_eq!(ok(e.to_host(), "empty download").len(), 0);
        assert_eq!(e.clone().len(), 0);
    }
    ok(dev.synchronize(), "synchronize");
}

#[test]
fn allocations_beyond_memory_are_out_of_memory() {
    let Some(dev) = cuda() else { return };
    match dev.zeros(DType::F32, 1 << 42) {
        Err(Error::OutOfMemory { device, bytes, .. }) => {
            assert_eq!(device, "cuda:0");
            assert_eq!(bytes, 4 << 42);
        }
        other => panic!("expected Error::OutOfMemory, got {other:?}"),
    }
    // The device is still usable.
    let x = ok(dev.upload(&Buffer::from_bool(&[true])), "upload after OOM");
    assert_eq!(ok(x.to_bool(), "to_bool"), vec![true]);
}

#[test]
fn handles_to_one_device_share_it() {
    let Some(a) = cuda() else { return };
    let b = ok(Device::by_name("cuda:0"), "second handle");
    let x = ok(a.upload(&Buffer::from_bool(&[true, false])), "upload");
    let y = ok(b.upload(&x), "upload through the other handle");
    assert_eq!(ok(y.to_bool(), "to_bool"), vec![true, false]);
    assert_eq!(a.codegen_target(), b.codegen_target());
}

#[test]
fn the_device_describes_itself_and_its_target() {
    let Some(dev) = cuda() else { return };
    let t = dev
        .codegen_target()
        .expect("a CUDA device should have a codegen target");
    println!("{} -> {t:?}", dev.describe());
    assert_eq!(t.simd_width, 32);
    assert!(t.max_threads >= 1024, "{t:?}");
    assert!(t.shared_bytes >= 48 * 1024, "{t:?}");
    assert!(t.compute_capability >= 50, "{t:?}");
    let d = dev.describe();
    assert!(
        d.contains(&format!("(sm_{}, ", t.compute_capability)),
        "{d}"
    );
    assert!(d.ends_with(" SMs)"), "{d}");
}

// ------------------------------------------------------------------ compilation

const AFFINE: &str = r#"
extern "C" __global__ void affine(const float* x, float* y, float a, int n, long long off,
                                  unsigned char flag) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        // Rounded like the CPU executor: no contraction into fma.
        y[i] = __fadd_rn(__fadd_rn(__fmul_rn(x[i], a), (float)off), flag ? 1.0f : 0.0f);
    }
}
"#;

#[test]
fn the_disk_cache_is_reused_and_survives_corruption() {
    if !nvrtc() {
        return;
    }
    let dir = temp_dir("disk-cache");
    let src = unique(AFFINE);
    let before = compile_stats();
    let first = ok(
        compile_cuda_source_cached("affine", &src, 90, Some(&dir)),
        "first compile",
    );
    assert!(!first.from_disk);
    assert_eq!(first.arch, "sm_90");
    let path = first
        .path
        .clone()
        .expect("a cache folder was given, so there should be a cache file");
    assert!(path.starts_with(&dir), "{path:?}");
    assert!(path.is_file(), "{path:?}");
    let second = ok(
        compile_cuda_source_cached("affine", &src, 90, Some(&dir)),
        "second compile",
    );
    assert!(second.from_disk, "the second compile should read the file");
    assert_eq!(second.bytes, first.bytes);
    let after = compile_stats();
    assert!(after.disk_hits > before.disk_hits);
    assert!(after.nvrtc_compiles > before.nvrtc_compiles);

    // Another architecture is another file.
    let other = ok(
        compile_cuda_source_cached("affine", &src, 80, Some(&dir)),
        "compile for sm_80",
    );
    assert!(!other.from_disk);
    assert_ne!(other.path, first.path);

    // A corrupt file is recompiled and rewritten, not an error.
    std::fs::write(&path, b"not a cubin").expect("the cache file should be writable");
    let third = ok(
        compile_cuda_source_cached("affine", &src, 90, Some(&dir)),
        "compile over a corrupt file",
    );
    assert!(!third.from_disk);
    let fourth = ok(
        compile_cuda_source_cached("affine", &src, 90, Some(&dir)),
        "compile after the rewrite",
    );
    assert!(fourth.from_disk);

    // No cache folder: always compiled.
    let uncached = ok(
        compile_cuda_source_cached("affine", &src, 90, None),
        "uncached",
    );
    assert!(!uncached.from_disk && uncached.path.is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_source_is_a_compile_error_with_the_log() {
    if !nvrtc() {
        return;
    }
    let src =
        unique("extern \"C\" __global__ void broken(float* y) {\n    y[0] = undefined_name;\n}\n");
    match compile_cuda_source_cached("broken", &src, 90, None) {
        Err(Error::Compile { kernel, log }) => {
            println!("{log}");
            assert_eq!(kernel, "broken");
            assert!(log.contains("undefined_name"), "{log}");
            assert!(log.contains("error"), "{log}");
            assert!(log.contains("--gpu-architecture=sm_90"), "{log}");
            assert!(
                log.contains("   3 |     y[0] = undefined_name;"),
                "the source should be shown: {log}"
            );
        }
        other => panic!("expected Error::Compile, got {other:?}"),
    }
}

#[test]
fn cuda_headers_are_found_when_installed() {
    if !nvrtc() {
        return;
    }
    let Some(dir) = metile_runtime::cuda::include_dir() else {
        println!("skipping: no CUDA include folder ($CUDA_HOME, $CUDA_PATH, /usr/local/cuda)");
        return;
    };
    let src = unique(
        "#include <cuda_fp16.h>\nextern \"C\" __global__ void h(__half* y) { y[0] = \
         __float2half(1.0f); }\n",
    );
    ok(
        compile_cuda_source_cached("h", &src, 90, None),
        &format!("compiling with headers from {}", dir.display()),
    );
}

// ------------------------------------------------------------------ launches

/// The traced twin of `AFFINE`: same parameters, same meaning, so the CPU executor can check
/// the CUDA result.
fn affine_traced() -> metile_ir::Verified {
    ok(
        trace("affine", |k| {
            let x = k.input("x", DType::F32);
            let y = k.output("y", DType::F32);
            let a = k.scalar("a", DType::F32);
            let n = k.scalar("n", DType::I32);
            let off = k.scalar("off", DType::I64);
            let flag = k.scalar("flag", DType::Bool);
            let i = k.arange(0, 128) + k.program_id(0) * 128;
            let m = i.lt(n);
            let v = x.load_masked(i, m, 0.0) * a + off.cast(DType::F32) + flag.cast(DType::F32);
            y.store_masked(i, v, m);
        }),
        "tracing affine",
    )
}

fn affine_source(src: String) -> CudaSource {
    CudaSource {
        entry: "affine".into(),
        source: src,
        threads: 128,
        shared_bytes: 0,
        params: vec![
            ParamAbi::Pointer { dtype: DType::F32 },
            ParamAbi::Pointer { dtype: DType::F32 },
            ParamAbi::Scalar { dtype: DType::F32 },
            ParamAbi::Scalar { dtype: DType::I32 },
            ParamAbi::Scalar { dtype: DType::I64 },
            ParamAbi::Scalar { dtype: DType::Bool },
        ],
        waits_for_prior_grid: false,
        fast: None,
    }
}

fn affine_on(dev: &Device) -> Arc<Compiled> {
    ok(
        dev.kernel_with_source("affine", affine_traced(), affine_source(AFFINE.into())),
        "compiling the hand-written affine kernel",
    )
}

#[test]
fn the_traced_twin_of_the_hand_written_kernel_runs_on_the_cpu() {
    let cpu = Device::cpu();
    let k = ok(cpu.compile_verified("affine", affine_traced()), "compile");
    assert!(k.cuda.is_none() && k.cuda_source().is_none());
    let x = ok(Buffer::from_f32(DType::F32, &[1.0, 2.0, 3.0]), "x");
    let mut y = Buffer::zeros(DType::F32, 3);
    y.poison();
    let mut args = [
        Arg::In(&x),
        Arg::Out(&mut y),
        Arg::F32(2.0),
        Arg::I32(3),
        Arg::I64(10),
        Arg::Bool(true),
    ];
    ok(cpu.launch(&k, [1, 1, 1], &mut args), "cpu launch");
    assert_eq!(ok(y.to_f32(), "y"), vec![13.0, 15.0, 17.0]);
}

#[test]
fn a_hand_written_kernel_matches_the_cpu() {
    let Some(dev) = cuda() else { return };
    let k = affine_on(&dev);
    let ck = k
        .cuda
        .as_ref()
        .expect("a CUDA kernel should carry its module");
    assert_eq!(
        ck.arch,
        format!(
            "sm_{}",
            dev.codegen_target().map_or(0, |t| t.compute_capability)
        )
    );
    assert_eq!(k.cuda_source().map(|s| s.entry.as_str()), Some("affine"));
    let cpu = Device::cpu();
    for n in [1usize, 127, 128, 129, 1000, 100_000] {
        let xs: Vec<f32> = (0..n).map(|i| (i as f32 * 0.37).sin()).collect();
        let x = ok(Buffer::from_f32(DType::F32, &xs), "x");
        let grid = [n.div_ceil(128) as u32, 1, 1];
        let mut want = Buffer::zeros(DType::F32, n);
        let mut args = [
            Arg::In(&x),
            Arg::Out(&mut want),
            Arg::F32(-1.25),
            Arg::I32(n as i32),
            Arg::I64(-7),
            Arg::Bool(n % 2 == 0),
        ];
        ok(cpu.launch(&k, grid, &mut args), "cpu launch");
        let dx = ok(dev.upload(&x), "upload x");
        let mut got = ok(dev.zeros(DType::F32, n), "zeros");
        got.poison();
        let mut args = [
            Arg::In(&dx),
            Arg::Out(&mut got),
            Arg::F32(-1.25),
            Arg::I32(n as i32),
            Arg::I64(-7),
            Arg::Bool(n % 2 == 0),
        ];
        ok(dev.launch(&k, grid, &mut args), "cuda launch");
        assert_eq!(
            ok(got.to_f32(), "download"),
            ok(want.to_f32(), "cpu result"),
            "n = {n}"
        );
    }
}

const KINDS: &str = r#"
extern "C" __global__ void kinds(const unsigned short* h, unsigned short* h_out,
                                 const unsigned short* b, unsigned short* b_out,
                                 const long long* l, long long* l_out,
                                 const unsigned char* t, unsigned char* t_out,
                                 const int* i32, int* i_out, float hs, float* s_out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        h_out[i] = h[i];
        b_out[i] = b[i];
        l_out[i] = l[i] + 1;
        t_out[i] = !t[i];
        i_out[i] = -i32[i];
    }
    if (i == 0) {
        s_out[0] = hs;
    }
}
"#;

/// The traced twin of `KINDS`.
fn kinds_traced() -> metile_ir::Verified {
    ok(
        trace("kinds", |k| {
            let h = k.input("h", DType::F16);
            let h_out = k.output("h_out", DType::F16);
            let b = k.input("b", DType::BF16);
            let b_out = k.output("b_out", DType::BF16);
            let l = k.input("l", DType::I64);
            let l_out = k.output("l_out", DType::I64);
            let t = k.input("t", DType::Bool);
            let t_out = k.output("t_out", DType::Bool);
            let i32_in = k.input("i32", DType::I32);
            let i_out = k.output("i_out", DType::I32);
            let hs = k.scalar("hs", DType::F16);
            let s_out = k.output("s_out", DType::F32);
            let n = k.scalar("n", DType::I32);
            let i = k.arange(0, 64) + k.program_id(0) * 64;
            let m = i.lt(n);
            h_out.store_masked(i, h.load_masked(i, m, 0.0), m);
            b_out.store_masked(i, b.load_masked(i, m, 0.0), m);
            l_out.store_masked(i, l.load_masked(i, m, 0i64) + 1i64, m);
            t_out.store_masked(i, t.load_masked(i, m, false).equal(false), m);
            i_out.store_masked(i, i32_in.load_masked(i, m, 0) * -1, m);
            s_out.store_masked(i, hs.cast(DType::F32).broadcast_to([64]), i.equal(0));
        }),
        "tracing kinds",
    )
}

fn kinds_source() -> CudaSource {
    let abi = |d: DType| ParamAbi::Pointer { dtype: d };
    CudaSource {
        entry: "kinds".into(),
        source: KINDS.into(),
        threads: 64,
        shared_bytes: 0,
        params: vec![
            abi(DType::F16),
            abi(DType::F16),
            abi(DType::BF16),
            abi(DType::BF16),
            abi(DType::I64),
            abi(DType::I64),
            abi(DType::Bool),
            abi(DType::Bool),
            abi(DType::I32),
            abi(DType::I32),
            ParamAbi::Scalar { dtype: DType::F16 },
            abi(DType::F32),
            ParamAbi::Scalar { dtype: DType::I32 },
        ],
        waits_for_prior_grid: false,
        fast: None,
    }
}

const KINDS_N: usize = 100;

/// Runs `kinds` on `d` over inputs of every dtype; each output's values as text, and the
/// scalar the kernel stored.
fn run_kinds(d: &Device, k: &Compiled) -> Vec<String> {
    let n = KINDS_N;
    let fl: Vec<f32> = (0..n).map(|i| i as f32 * 0.1 - 3.0).collect();
    let ints: Vec<i64> = (0..n as i64).map(|i| i * 1_000_003 - 50).collect();
    let bools: Vec<bool> = (0..n).map(|i| i % 3 == 0).collect();
    let hosts = [
        ok(Buffer::from_f32(DType::F16, &fl), "h"),
        ok(Buffer::from_f32(DType::BF16, &fl), "b"),
        ok(Buffer::from_i64(DType::I64, &ints), "l"),
        Buffer::from_bool(&bools),
        ok(Buffer::from_i64(DType::I32, &ints), "i32"),
    ];
    let ins: Vec<Buffer> = hosts.iter().map(|b| ok(d.upload(b), "upload")).collect();
    let mut outs: Vec<Buffer> = hosts
        .iter()
        .map(|b| ok(d.zeros(b.dtype(), n), "zeros"))
        .collect();
    for o in &mut outs {
        o.poison();
    }
    let mut s = ok(d.zeros(DType::F32, n), "zeros");
    let [h_out, b_out, l_out, t_out, i_out] = &mut outs[..] else {
        unreachable!("five outputs")
    };
    let mut args = [
        Arg::In(&ins[0]),
        Arg::Out(h_out),
        Arg::In(&ins[1]),
        Arg::Out(b_out),
        Arg::In(&ins[2]),
        Arg::Out(l_out),
        Arg::In(&ins[3]),
        Arg::Out(t_out),
        Arg::In(&ins[4]),
        Arg::Out(i_out),
        Arg::F32(0.1),
        Arg::Out(&mut s),
        Arg::I32(n as i32),
    ];
    ok(
        d.launch(k, [n.div_ceil(64) as u32, 1, 1], &mut args),
        "launch",
    );
    let mut v: Vec<String> = outs.iter().map(host_values).collect();
    v.push(format!("{:?}", ok(s.to_f32(), "s")[0]));
    v
}

#[test]
fn the_traced_twin_of_kinds_runs_on_the_cpu() {
    let cpu = Device::cpu();
    let k = ok(cpu.compile_verified("kinds", kinds_traced()), "compile");
    let got = run_kinds(&cpu, &k);
    let n = KINDS_N as i64;
    let fl: Vec<f32> = (0..n).map(|i| i as f32 * 0.1 - 3.0).collect();
    let h = ok(Buffer::from_f32(DType::F16, &fl), "h");
    assert_eq!(got[0], host_values(&h));
    let l: Vec<i64> = (0..n).map(|i| i * 1_000_003 - 50 + 1).collect();
    assert_eq!(got[2], format!("{:?}", Ok::<_, Error>(l)));
    let t: Vec<bool> = (0..n).map(|i| i % 3 != 0).collect();
    assert_eq!(got[3], format!("{:?}", Ok::<_, Error>(t)));
    let i: Vec<i64> = (0..n).map(|i| -(i * 1_000_003 - 50)).collect();
    assert_eq!(got[4], format!("{:?}", Ok::<_, Error>(i)));
    assert_eq!(got[5], format!("{:?}", half::f16::from_f32(0.1).to_f32()));
}

#[test]
fn every_dtype_binds_as_a_pointer_and_half_scalars_are_rounded() {
    let Some(dev) = cuda() else { return };
    let k = ok(
        dev.kernel_with_source("kinds", kinds_traced(), kinds_source()),
        "compile kinds",
    );
    let got = run_kinds(&dev, &k);
    let want = run_kinds(&Device::cpu(), &k);
    assert_eq!(got, want);
    assert_eq!(got[5], format!("{:?}", half::f16::from_f32(0.1).to_f32()));
}

#[test]
fn launch_arguments_are_checked() {
    let Some(dev) = cuda() else { return };
    let k = affine_on(&dev);
    let host_x = ok(Buffer::from_f32(DType::F32, &[1.0; 4]), "x");
    let x = ok(dev.upload(&host_x), "upload");
    let mut y = ok(dev.zeros(DType::F32, 4), "y");
    let launch = |args: &mut [Arg<'_>], grid: [u32; 3]| dev.launch(&k, grid, args);
    let expect_launch_error = |r: Result<(), Error>, needle: &str| match r {
        Err(Error::Launch { kernel, message }) => {
            assert_eq!(kernel, "affine");
            assert!(
                message.contains(needle),
                "{message} should mention {needle}"
            );
        }
        other => panic!("expected Error::Launch mentioning {needle}, got {other:?}"),
    };
    // A host buffer on a CUDA launch names the parameter and where it lives.
    let mut args = [
        Arg::In(&host_x),
        Arg::Out(&mut y),
        Arg::F32(1.0),
        Arg::I32(4),
        Arg::I64(0),
        Arg::Bool(false),
    ];
    expect_launch_error(launch(&mut args, [1, 1, 1]), "buffer `x` is on cpu");
    // A device buffer on a CPU launch, likewise.
    let mut host_y = Buffer::zeros(DType::F32, 4);
    let mut args = [
        Arg::In(&x),
        Arg::Out(&mut host_y),
        Arg::F32(1.0),
        Arg::I32(4),
        Arg::I64(0),
        Arg::Bool(false),
    ];
    expect_launch_error(
        Device::cpu().launch(&k, [1, 1, 1], &mut args),
        "buffer `x` is on cuda:0",
    );
    // Wrong dtype, wrong scalar, wrong count, In for Out.
    let wrong = ok(dev.zeros(DType::F16, 4), "f16");
    let mut args = [
        Arg::In(&wrong),
        Arg::Out(&mut y),
        Arg::F32(1.0),
        Arg::I32(4),
        Arg::I64(0),
        Arg::Bool(false),
    ];
    expect_launch_error(launch(&mut args, [1, 1, 1]), "`x` must be f32");
    let mut args = [
        Arg::In(&x),
        Arg::Out(&mut y),
        Arg::I32(1),
        Arg::I32(4),
        Arg::I64(0),
        Arg::Bool(false),
    ];
    expect_launch_error(launch(&mut args, [1, 1, 1]), "scalar `a`");
    let mut args = [Arg::In(&x)];
    expect_launch_error(launch(&mut args, [1, 1, 1]), "1 arguments for 6 parameters");
    let mut args = [
        Arg::In(&x),
        Arg::In(&x),
        Arg::F32(1.0),
        Arg::I32(4),
        Arg::I64(0),
        Arg::Bool(false),
    ];
    expect_launch_error(launch(&mut args, [1, 1, 1]), "takes Arg::Out");
    // Grid limits.
    let mut args = [
        Arg::In(&x),
        Arg::Out(&mut y),
        Arg::F32(1.0),
        Arg::I32(4),
        Arg::I64(0),
        Arg::Bool(false),
    ];
    expect_launch_error(launch(&mut args, [1, 65536, 1]), "along y");
    expect_launch_error(launch(&mut args, [1, 1, 65536]), "along z");
    expect_launch_error(launch(&mut args, [1 << 31, 1, 1]), "along x");
    // An empty grid runs nothing.
    ok(launch(&mut args, [0, 1, 1]), "empty grid");
    // A kernel compiled for the cpu has no module.
    let cpu_k = ok(
        Device::cpu().compile_verified("affine", affine_traced()),
        "cpu compile",
    );
    expect_launch_error(dev.launch(&cpu_k, [1, 1, 1], &mut args), "no CUDA module");
    // After all the refusals the device still works.
    ok(launch(&mut args, [1, 1, 1]), "launch");
    assert_eq!(ok(y.to_f32(), "y"), vec![1.0; 4]);
}

#[test]
fn empty_buffers_bind_as_null() {
    let Some(dev) = cuda() else { return };
    let k = affine_on(&dev);
    let x = ok(dev.zeros(DType::F32, 0), "x");
    let mut y = ok(dev.zeros(DType::F32, 0), "y");
    let mut args = [
        Arg::In(&x),
        Arg::Out(&mut y),
        Arg::F32(1.0),
        Arg::I32(0),
        Arg::I64(0),
        Arg::Bool(false),
    ];
    ok(
        dev.launch(&k, [1, 1, 1], &mut args),
        "launch over empty buffers",
    );
    ok(dev.synchronize(), "synchronize");
}

#[test]
fn recompiling_reads_the_disk_cache() {
    let Some(dev) = cuda() else { return };
    if metile_runtime::cuda::default_cache_dir().is_none() {
        println!("skipping: no disk cache folder (METILE_CACHE_DIR, XDG_CACHE_HOME, HOME)");
        return;
    }
    let src = unique(AFFINE);
    let first = ok(
        dev.kernel_with_source("affine", affine_traced(), affine_source(src.clone())),
        "first",
    );
    let second = ok(
        dev.kernel_with_source("affine", affine_traced(), affine_source(src)),
        "second",
    );
    let from_disk = |c: &Compiled| c.cuda.as_ref().is_some_and(|k| k.from_disk_cache);
    assert!(!from_disk(&first));
    // The cache is best effort: an unwritable folder leaves nothing to read.
    if !from_disk(&second) {
        println!("note: the disk cache folder was not writable");
    }
}

#[test]
fn a_bad_kernel_source_on_the_device_is_a_compile_error() {
    let Some(dev) = cuda() else { return };
    let mut source = affine_source(unique(
        &AFFINE.replace("__fmul_rn(x[i], a)", "__fmul_rn(x[i], missing)"),
    ));
    source.entry = "affine".into();
    match dev.kernel_with_source("affine", affine_traced(), source) {
        Err(Error::Compile { kernel, log }) => {
            assert_eq!(kernel, "affine");
            assert!(log.contains("missing"), "{log}");
        }
        other => panic!("expected Error::Compile, got {other:?}"),
    }
    let mut source = affine_source(unique(AFFINE));
    source.entry = "double".into();
    match dev.kernel_with_source("double", affine_traced(), source) {
        Err(Error::Compile { log, .. }) => assert!(log.contains("keyword"), "{log}"),
        other => panic!("an entry point named `double` should be refused, got {other:?}"),
    }
    let mut source = affine_source(unique(AFFINE));
    source.entry = "not_there".into();
    assert!(matches!(
        dev.kernel_with_source("affine", affine_traced(), source),
        Err(Error::Cuda { .. })
    ));
}

/// The emitter's kernels, once it exists: the README's kernel compiles through
/// `Device::kernel` and agrees with the cpu; until then the failure is a typed codegen error.
#[test]
fn device_kernel_uses_the_emitter() {
    let Some(dev) = cuda() else { return };
    let build = || {
        trace("twice", |k| {
            let x = k.input("x", DType::F32);
            let y = k.output("y", DType::F32);
            let i = k.arange(0, 4) + k.program_id(0) * 4;
            y.store(i, x.load(i) * 2.0);
        })
    };
    let k = match dev.kernel("twice", &(), build) {
        Ok(k) => k,
        Err(Error::Codegen(e)) => {
            println!("skipping: the CUDA emitter cannot lower this kernel yet ({e})");
            return;
        }
        Err(e) => panic!("compiling through the emitter should succeed: {e}"),
    };
    println!("{}", k.cuda_source().map_or("", |s| s.source.as_str()));
    assert!(dev.cached_kernels() >= 1);
    let x = ok(
        Buffer::from_f32(DType::F32, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]),
        "x",
    );
    let dx = ok(dev.upload(&x), "upload");
    let mut y = ok(dev.zeros(DType::F32, 8), "y");
    y.poison();
    ok(
        dev.launch(&k, [2, 1, 1], &mut [Arg::In(&dx), Arg::Out(&mut y)]),
        "launch",
    );
    assert_eq!(
        ok(y.to_f32(), "y"),
        vec![2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 14.0, 16.0]
    );
}

/// Deterministic values in [-1, 1), rounded to `dtype`.
fn wave(dtype: DType, len: usize, seed: usize) -> Buffer {
    let v: Vec<f32> = (0..len)
        .map(|i| (((i * 7919 + seed * 104_729) % 2003) as f32 / 1001.5) - 1.0)
        .collect();
    ok(Buffer::from_f32(dtype, &v), "host buffer")
}

#[test]
fn gemm_on_the_cpu_is_unsupported() {
    let g = metile_runtime::Gemm::new(
        1,
        1,
        1,
        metile_runtime::MatrixLayout::rows(1),
        metile_runtime::MatrixLayout::rows(1),
    );
    let dev = Device::cpu();
    let (a, b) = (wave(DType::F32, 1, 1), wave(DType::F32, 1, 2));
    let mut c = Buffer::zeros(DType::F32, 1);
    assert!(matches!(
        dev.gemm(&g, &a, &b, &mut c),
        Err(Error::Unsupported { .. })
    ));
    assert!(matches!(
        dev.gemm_available(),
        Err(Error::Unsupported { .. })
    ));
}

/// Checks `got`, the product `g` of host operands `(a, b, c0)` written into `C` of dtype `out`,
/// against an FP64 product of the same values: each element within a few units of `out` and
/// `k` units of f32 of the sum of the terms' magnitudes.
fn assert_product(
    g: &metile_runtime::Gemm,
    out: DType,
    (a, b, c0): (&Buffer, &Buffer, &Buffer),
    got: &[f32],
    label: &str,
) {
    use metile_runtime::Gemm;
    let host =
        |b: &Buffer| -> Vec<f64> { ok(b.to_f32(), "values").iter().map(|&v| v as f64).collect() };
    let (av, bv, cv) = (host(a), host(b), host(c0));
    let mut want = cv.clone();
    g.reference(&av, &bv, &mut want);
    // The size of the terms each element sums: the same product on magnitudes.
    let abs = |v: &[f64]| v.iter().map(|x| x.abs()).collect::<Vec<_>>();
    let mut scale = abs(&cv);
    let magnitudes = Gemm { beta: 2.0, ..*g };
    magnitudes.reference(&abs(&av), &abs(&bv), &mut scale);
    let unit = |d: DType| match d {
        DType::F32 => 2f64.powi(-24),
        DType::F16 => 2f64.powi(-11),
        _ => 2f64.powi(-8),
    };
    let tol = 2.0 * unit(out) + (g.k as f64 + 4.0) * unit(DType::F32);
    for i in 0..g.batch {
        for r in 0..g.m {
            for c in 0..g.n {
                let at = g.c.at(i, r, c);
                let v = got[at] as f64;
                assert!(
                    (v - want[at]).abs() <= tol * scale[at],
                    "{label} batch {i} ({r}, {c}): {v} vs {}",
                    want[at]
                );
            }
        }
    }
}

/// Every transpose pair, dtype and output dtype, ragged sizes, operands at offsets inside
/// padded rows, alpha/beta and a strided batch, against an FP64 product of the same values.
#[test]
fn gemm_matches_a_host_product_for_every_layout() {
    use metile_runtime::{Gemm, MatrixLayout};
    let Some(dev) = cuda() else { return };
    if let Err(e) = dev.gemm_available() {
        println!("skipping: no cuBLAS ({e})");
        return;
    }
    let (m, n, k, batch, pad, off) = (37, 129, 67, 3, 5, 11);
    for (dt, out) in [
        (DType::F32, DType::F32),
        (DType::F16, DType::F16),
        (DType::F16, DType::F32),
        (DType::BF16, DType::BF16),
        (DType::BF16, DType::F32),
    ] {
        for (ta, tb) in [(false, false), (false, true), (true, false), (true, true)] {
            // Stored shapes (rows, cols) and layouts with padded rows.
            let a_rc = if ta { (k, m) } else { (m, k) };
            let b_rc = if tb { (n, k) } else { (k, n) };
            let layout = |(r, c): (usize, usize), t: bool| MatrixLayout {
                offset: off,
                ld: c + pad,
                transpose: t,
                batch_stride: r * (c + pad),
            };
            let (la, lb, lc) = (layout(a_rc, ta), layout(b_rc, tb), layout((m, n), false));
            let size = |l: &MatrixLayout| off + batch * l.batch_stride;
            let a = wave(dt, size(&la), 1);
            let b = wave(dt, size(&lb), 2);
            let c0 = wave(out, size(&lc), 3);
            let g = Gemm {
                batch,
                alpha: 0.5,
                beta: -2.0,
                a: la,
                b: lb,
                c: lc,
                ..Gemm::new(m, n, k, la, lb)
            };
            let (da, db) = (ok(dev.upload(&a), "upload"), ok(dev.upload(&b), "upload"));
            let mut dc = ok(dev.upload(&c0), "upload");
            ok(dev.gemm(&g, &da, &db, &mut dc), "gemm");
            let got = ok(dc.to_f32(), "download");
            let label = format!("{dt}->{out} ta {ta} tb {tb}");
            assert_product(&g, out, (&a, &b, &c0), &got, &label);
            let cv = ok(c0.to_f32(), "values");
            // Padding between rows and before the first matrix is left alone.
            assert_eq!(got[..off], cv[..off]);
            assert_eq!(got[off + n], cv[off + n]);
        }
    }
    // Operands of another device are refused.
    let g = Gemm::new(1, 1, 1, MatrixLayout::rows(1), MatrixLayout::rows(1));
    let host = wave(DType::F32, 1, 4);
    let mut c = ok(dev.zeros(DType::F32, 1), "zeros");
    assert!(matches!(
        dev.gemm(&g, &host, &host, &mut c),
        Err(Error::Blas { .. })
    ));
}

// ------------------------------------------------------------------ stream scopes

/// A stream of device 0's primary context that the test owns, as another framework would.
fn caller_stream() -> Arc<CudaStream> {
    let ctx = ok(cudarc::driver::CudaContext::new(0), "the primary context");
    ok(ctx.new_stream(), "a second stream")
}

/// The raw handle `Device::with_stream` takes.
fn handle(s: &CudaStream) -> u64 {
    s.cu_stream() as usize as u64
}

/// `values` in device memory the test owns (on `s`, finished), and a library buffer borrowing
/// it; the buffer must drop before the memory.
fn borrowed_on(dev: &Device, s: &Arc<CudaStream>, values: &[f32]) -> (CudaSlice<f32>, Buffer) {
    let mem = ok(s.clone_htod(values), "device memory of the caller");
    ok(s.synchronize(), "synchronize the caller's stream");
    let ptr = mem.device_ptr(s).0;
    // SAFETY: `ptr` addresses `values.len()` f32 of device 0's primary context, which the test
    // keeps (and orders: everything that uses it runs on `s`, or after `s` is synchronised)
    // until the buffer has dropped.
    let buf = unsafe { Buffer::borrow_cuda(dev, DType::F32, values.len(), ptr, Box::new(())) };
    (mem, ok(buf, "borrow"))
}

/// `Device::with_stream` on a stream the test made (`caller_stream`) and keeps alive, and
/// synchronises, until its work is done.
fn on_stream<R>(
    dev: &Device,
    s: &Arc<CudaStream>,
    f: impl FnOnce() -> R,
) -> metile_runtime::Result<R> {
    // SAFETY: `s` is a live stream of device 0's primary context, which the caller keeps until
    // the work queued on it is done.
    unsafe { dev.with_stream(handle(s), f) }
}

/// Hands out consecutive 256-byte-aligned pieces of one allocation the test owns.
struct Bump {
    base: u64,
    bytes: usize,
    used: std::sync::atomic::AtomicUsize,
}

impl metile_runtime::DeviceAllocator for Bump {
    fn allocate(&self, bytes: usize) -> metile_runtime::Result<(u64, metile_runtime::KeepAlive)> {
        let at = self.used.fetch_add(
            bytes.next_multiple_of(256),
            std::sync::atomic::Ordering::Relaxed,
        );
        if at + bytes > self.bytes {
            return Err(Error::Device {
                device: "cuda:0".into(),
                message: format!("the test's bump allocator has no room for {bytes} bytes"),
            });
        }
        Ok((self.base + at as u64, Box::new(())))
    }
}

/// The affine kernel's result on the cpu for `xs` (a = -1.25, off = -7, flag = true).
fn affine_on_cpu(k: &Compiled, xs: &[f32]) -> Vec<f32> {
    let x = ok(Buffer::from_f32(DType::F32, xs), "x");
    let mut y = Buffer::zeros(DType::F32, xs.len());
    let mut args = affine_args(&x, &mut y, xs.len());
    ok(
        Device::cpu().launch(k, affine_grid(xs.len()), &mut args),
        "cpu launch",
    );
    ok(y.to_f32(), "cpu result")
}

fn affine_args<'a>(x: &'a Buffer, y: &'a mut Buffer, n: usize) -> [Arg<'a>; 6] {
    [
        Arg::In(x),
        Arg::Out(y),
        Arg::F32(-1.25),
        Arg::I32(n as i32),
        Arg::I64(-7),
        Arg::Bool(true),
    ]
}

fn affine_grid(n: usize) -> [u32; 3] {
    [n.div_ceil(128) as u32, 1, 1]
}

/// The supported combination (a stream scope with an allocator scope, borrowed memory only)
/// queues everything on the caller's stream and nothing elsewhere: captured into a CUDA graph on
/// that stream (thread-local mode, which refuses this thread's host waits and allocations; global
/// mode would also fail the other tests' CUDA calls, which run on other threads meanwhile), nothing
/// runs until the graph is replayed (work queued on any other stream would run at once), and the
/// replay alone gives the result, of the values x holds at the replay (the graph reads x then).
#[test]
fn a_stream_scope_queues_on_the_callers_stream_and_can_be_captured() {
    use cudarc::driver::sys::{CUgraphInstantiate_flags, CUstreamCaptureMode};
    let Some(dev) = cuda() else { return };
    let k = affine_on(&dev);
    let s = caller_stream();
    let n = 1000;
    let xs: Vec<f32> = (0..n).map(|i| (i as f32 * 0.37).sin()).collect();
    let want = affine_on_cpu(&k, &xs);
    let (mut x_mem, x) = borrowed_on(&dev, &s, &xs);
    let (out_mem, mut out) = borrowed_on(&dev, &s, &vec![f32::NAN; n]);
    let pool = ok(s.alloc_zeros::<u8>(1 << 20), "the allocator's memory");
    ok(s.synchronize(), "synchronize");
    let bump = Arc::new(Bump {
        base: pool.device_ptr(&s).0,
        bytes: 1 << 20,
        used: Default::default(),
    });
    ok(
        s.begin_capture(CUstreamCaptureMode::CU_STREAM_CAPTURE_MODE_THREAD_LOCAL),
        "begin capture",
    );
    let queued = on_stream(&dev, &s, || {
        dev.with_allocator(bump.clone(), || -> metile_runtime::Result<()> {
            // Allocator memory zero-filled, a launch, a device copy: all on `s`.
            let mut y = dev.zeros(DType::F32, n)?;
            dev.launch(&k, affine_grid(n), &mut affine_args(&x, &mut y, n))?;
            out.copy_from(&y)
        })
    });
    // End the capture whatever happened, so that the stream is usable again.
    let graph = s.end_capture(CUgraphInstantiate_flags(0));
    ok(ok(queued, "the stream scope"), "queueing inside the scope");
    let graph = ok(graph, "end capture").expect("the capture should hold a graph");
    let before = ok(s.clone_dtoh(&out_mem), "read before the replay");
    assert!(
        before.iter().all(|v| v.is_nan()),
        "captured work must not run before the graph is replayed"
    );
    ok(graph.launch(), "replay the graph");
    ok(s.synchronize(), "synchronize the caller's stream only");
    assert_eq!(ok(s.clone_dtoh(&out_mem), "read"), want);
    // New inputs, replayed again: the graph reads x at the replay.
    let xs2: Vec<f32> = xs.iter().map(|v| 2.0 * v + 0.5).collect();
    ok(s.memcpy_htod(&xs2, &mut x_mem), "new inputs");
    ok(graph.launch(), "replay the graph again");
    ok(s.synchronize(), "synchronize the caller's stream only");
    assert_eq!(ok(s.clone_dtoh(&out_mem), "read"), affine_on_cpu(&k, &xs2));
}

/// `Device::capture` records a launch and a copy on borrowed memory (no events) without running
/// them, and `DeviceGraph::replay` runs them on the values the inputs hold at the replay. A
/// capture that reads a buffer on the host is refused with a typed error, and the stream works
/// normally afterwards; the cpu refuses capture.
#[test]
fn device_capture_replays_and_refuses_a_host_read() {
    let cpu_refusal = Device::cpu().capture(|| ());
    assert!(
        matches!(cpu_refusal, Err(Error::Device { .. })),
        "{:?}",
        cpu_refusal.err()
    );
    let Some(dev) = cuda() else { return };
    let k = affine_on(&dev);
    let s = caller_stream();
    let n = 777;
    let xs: Vec<f32> = (0..n).map(|i| (i as f32 * 0.11).cos()).collect();
    let (mut x_mem, x) = borrowed_on(&dev, &s, &xs);
    let (_y_mem, mut y) = borrowed_on(&dev, &s, &vec![f32::NAN; n]);
    let (out_mem, mut out) = borrowed_on(&dev, &s, &vec![f32::NAN; n]);
    let captured = on_stream(&dev, &s, || {
        dev.capture(|| -> metile_runtime::Result<()> {
            dev.launch(&k, affine_grid(n), &mut affine_args(&x, &mut y, n))?;
            out.copy_from(&y)
        })
    });
    let (queued, graph) = ok(ok(captured, "the stream scope"), "capture");
    ok(queued, "queueing under capture");
    assert!(
        ok(s.clone_dtoh(&out_mem), "read before the replay")
            .iter()
            .all(|v| v.is_nan()),
        "captured work must not run before the replay"
    );
    let xs2: Vec<f32> = xs.iter().map(|v| 3.0 * v - 1.0).collect();
    ok(s.memcpy_htod(&xs2, &mut x_mem), "new inputs");
    ok(s.synchronize(), "synchronize");
    // SAFETY: x, y and out (and the memory they borrow) and `s` outlive the replay.
    ok(unsafe { graph.replay() }, "replay");
    ok(s.synchronize(), "synchronize");
    assert_eq!(ok(s.clone_dtoh(&out_mem), "read"), affine_on_cpu(&k, &xs2));
    // A host read inside the capture: refused, and the device still reads afterwards.
    let refused = on_stream(&dev, &s, || dev.capture(|| out.to_f32()));
    match ok(refused, "the stream scope") {
        Err(Error::Cuda { .. }) => {}
        other => panic!(
            "a host read must invalidate the capture, got {:?}",
            other.map(|r| r.0)
        ),
    }
    let after = ok(on_stream(&dev, &s, || out.to_f32()), "the stream scope");
    assert_eq!(
        ok(after, "read after a refused capture"),
        affine_on_cpu(&k, &xs2)
    );
}

/// Owned (pool) memory made and used inside a stream scope is ordered with the caller's stream
/// by events: results are right inside the scope, after it, and over a loop that frees and
/// reuses pool memory. The largest round reads nothing inside the scope, so the read after it (a
/// download queued on the device's own stream) is the first wait for the scope's work: only the
/// events order it.
#[test]
fn owned_buffers_in_a_stream_scope_are_ordered_with_it() {
    let Some(dev) = cuda() else { return };
    let k = affine_on(&dev);
    let s = caller_stream();
    for (round, n) in [1usize, 129, 4097, 100_000].into_iter().enumerate() {
        let xs: Vec<f32> = (0..n).map(|i| ((i + round) as f32 * 0.37).sin()).collect();
        let want = affine_on_cpu(&k, &xs);
        let host = ok(Buffer::from_f32(DType::F32, &xs), "x");
        let y = on_stream(&dev, &s, || -> metile_runtime::Result<Buffer> {
            let x = dev.upload(&host)?;
            let mut y = dev.zeros(DType::F32, n)?;
            y.poison();
            dev.launch(&k, affine_grid(n), &mut affine_args(&x, &mut y, n))?;
            if n < 100_000 {
                assert_eq!(y.to_f32()?, want, "n = {n}, read inside the scope");
            }
            // A pool copy, then the source overwritten: the copy must have read it first.
            let copy = y.try_clone()?;
            y.poison();
            Ok(copy)
        });
        let y = ok(ok(y, "the stream scope"), "work inside the scope");
        assert_eq!(ok(y.to_f32(), "read after the scope"), want, "n = {n}");
    }
    ok(s.synchronize(), "synchronize");
}

/// cuBLAS products inside a stream scope: on the caller's stream with a workspace of its own,
/// and captured into a graph (a product on a capturing stream runs with no workspace).
#[test]
fn gemm_in_a_stream_scope_runs_on_the_callers_stream() {
    use cudarc::driver::sys::{CUgraphInstantiate_flags, CUstreamCaptureMode};
    use metile_runtime::{Gemm, MatrixLayout};
    let Some(dev) = cuda() else { return };
    if let Err(e) = dev.gemm_available() {
        println!("skipping: no cuBLAS ({e})");
        return;
    }
    let (m, n, k) = (67, 129, 300);
    let g = Gemm::new(m, n, k, MatrixLayout::rows(k), MatrixLayout::rows(n));
    let (a, b) = (wave(DType::F32, m * k, 5), wave(DType::F32, k * n, 6));
    let c0 = Buffer::zeros(DType::F32, m * n);
    let values = |b: &Buffer| ok(b.to_f32(), "values");
    // Both streams made first: a stream made after the first is destroyed could reuse its
    // handle, and with it the first's workspace.
    let streams = [caller_stream(), caller_stream()];
    for (captured, s) in [false, true].into_iter().zip(streams) {
        let (_a_mem, da) = borrowed_on(&dev, &s, &values(&a));
        let (_b_mem, db) = borrowed_on(&dev, &s, &values(&b));
        let (c_mem, mut dc) = borrowed_on(&dev, &s, &vec![f32::NAN; m * n]);
        if captured {
            ok(
                s.begin_capture(CUstreamCaptureMode::CU_STREAM_CAPTURE_MODE_THREAD_LOCAL),
                "begin capture",
            );
        }
        let queued = on_stream(&dev, &s, || dev.gemm(&g, &da, &db, &mut dc));
        if captured {
            let graph = s.end_capture(CUgraphInstantiate_flags(0));
            ok(ok(queued, "the stream scope"), "gemm inside the scope");
            let graph = ok(graph, "end capture").expect("the capture should hold a graph");
            let before = ok(s.clone_dtoh(&c_mem), "read before the replay");
            assert!(
                before.iter().all(|v| v.is_nan()),
                "the product ran before the replay"
            );
            ok(graph.launch(), "replay the graph");
        } else {
            ok(ok(queued, "the stream scope"), "gemm inside the scope");
        }
        ok(s.synchronize(), "synchronize the caller's stream only");
        let got = ok(s.clone_dtoh(&c_mem), "read");
        let label = format!("captured {captured}");
        assert_product(&g, DType::F32, (&a, &b, &c0), &got, &label);
    }
}

/// A window of borrowed device memory reads and writes its range of that memory in place (a
/// kernel launched on the window changes the parent's elements there and no others); a window of
/// memory the library owns is refused, as is a range past the end.
#[test]
fn windows_of_borrowed_device_memory_are_read_and_written_in_place() {
    let Some(dev) = cuda() else { return };
    let k = affine_on(&dev);
    let s = caller_stream();
    let xs: Vec<f32> = (0..300).map(|i| i as f32 * 0.25 - 20.0).collect();
    let (x_mem, x) = borrowed_on(&dev, &s, &xs);
    let (y_mem, y) = borrowed_on(&dev, &s, &vec![7.0; 300]);
    let (start, len) = (37, 200);
    // SAFETY: both windows drop before `x` and `y`, which nothing else uses meanwhile.
    let xw = unsafe { x.window(start, len) }.expect("a window of borrowed memory");
    let mut yw = unsafe { y.window(start, len) }.expect("a window of borrowed memory");
    assert!(!yw.is_host() && xw.len() == len && yw.len() == len);
    let mut args = affine_args(&xw, &mut yw, len);
    ok(
        dev.launch(&k, affine_grid(len), &mut args),
        "launch on windows",
    );
    ok(dev.synchronize(), "synchronize");
    let want = affine_on_cpu(&k, &xs[start..start + len]);
    let got = ok(y.to_f32(), "y");
    assert_eq!(got[start..start + len], want[..]);
    assert!(
        got[..start]
            .iter()
            .chain(&got[start + len..])
            .all(|v| *v == 7.0),
        "outside untouched"
    );
    assert!(unsafe { x.window(start, 300) }.is_none(), "past the end");
    let owned = ok(
        dev.upload(&ok(Buffer::from_f32(DType::F32, &xs), "xs")),
        "owned",
    );
    assert!(
        unsafe { owned.window(0, 1) }.is_none(),
        "owned device memory"
    );
    drop((xw, yw, x, y));
    drop((x_mem, y_mem));
}

/// `y[i] = x[n - 1 - i] + 1`, 1024 elements per program, launched as a programmatic dependent.
fn pdl_step() -> metile_ir::Verified {
    ok(
        trace("pdl_step", |k| {
            k.programmatic_launch();
            let x = k.input("x", DType::F32);
            let y = k.output("y", DType::F32);
            let n = k.scalar("n", DType::I32);
            let i = k.program_id(0) * 1024 + k.arange(0, 1024);
            let m = i.lt(n);
            // Mirrored, so that the first programs read what the grid before wrote last.
            let from = (n - 1) - i;
            y.store_masked(i, x.load_masked(from, m, 0.0) + 1.0, m);
        }),
        "trace",
    )
}

/// Runs 64 [`pdl_step`]s on `dev` over `n` elements (ping-ponging between two buffers, after a
/// device copy) and checks the result is exactly `x + 64`.
fn pdl_chain(dev: &Device, step: &Compiled, n: usize) {
    let xs: Vec<f32> = (0..n).map(|i| (i % 1000) as f32).collect();
    let host = ok(Buffer::from_f32(DType::F32, &xs), "host");
    let x = ok(dev.upload(&host), "upload");
    let mut a = ok(dev.zeros(DType::F32, n), "a");
    ok(a.copy_from(&x), "device copy");
    let mut b = ok(dev.zeros(DType::F32, n), "b");
    let grid = [n.div_ceil(1024) as u32, 1, 1];
    for _ in 0..32 {
        let mut args = [Arg::In(&a), Arg::Out(&mut b), Arg::I32(n as i32)];
        ok(dev.launch(step, grid, &mut args), "a to b");
        let mut args = [Arg::In(&b), Arg::Out(&mut a), Arg::I32(n as i32)];
        ok(dev.launch(step, grid, &mut args), "b to a");
    }
    let got = ok(a.to_f32(), "read");
    let bad = got
        .iter()
        .zip(&xs)
        .position(|(g, x)| *g != x + 64.0)
        .map(|i| (i, got[i], xs[i] + 64.0));
    assert_eq!(
        bad, None,
        "first element off on {dev:?}: (index, got, want)"
    );
}

/// The chain's arithmetic, on the CPU (where the launch is plain).
#[test]
fn the_programmatic_chain_runs_on_the_cpu() {
    let cpu = Device::cpu();
    let step = ok(cpu.compile_verified("pdl_step", pdl_step()), "compile");
    pdl_chain(&cpu, &step, 10_007);
}

/// Kernels launched as programmatic dependents (`Kernel::programmatic_launch`) still see the
/// whole of the grid before them: the chain of [`pdl_chain`] over 4 Mi elements (mirrored, so
/// that a dependent's first programs read the elements the grid before writes last) ends at
/// exactly `x + 64`. On the H200 the same chain without the wait got 1.2 to 1.5 million elements
/// wrong in every run (unmirrored: 0 to 160). A hand-written source claiming the wait without
/// it is refused.
#[test]
fn programmatic_dependents_see_the_prior_grid_complete() {
    let Some(dev) = cuda() else { return };
    let step = ok(dev.compile_verified("pdl_step", pdl_step()), "compile");
    assert!(
        step.cuda_source().is_some_and(|s| s.waits_for_prior_grid),
        "the generated source waits for the prior grid"
    );
    let mut unwaited = step.cuda_source().cloned().expect("a CUDA source");
    unwaited.source = unwaited.source.replace("griddepcontrol.wait;", "");
    let refused = dev.kernel_with_source("pdl_step_unwaited", pdl_step(), unwaited);
    assert!(
        matches!(refused, Err(Error::Codegen(_))),
        "a source claiming the wait without it is refused: {refused:?}"
    );
    pdl_chain(&dev, &step, (4 << 20) + 3);
}
