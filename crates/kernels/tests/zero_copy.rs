//! Zero-copy CUDA memory on a real device: buffers that borrow memory the test allocated itself
//! (as a framework's tensors would be), allocator scopes that draw every allocation from the
//! test's allocator, and registry calls on both against the same calls on owned buffers.
//!
//! Every test opens `Device::cuda()` first; without a device it prints "skipping: no CUDA device
//! (<reason>)" and passes. On a GPU machine: `cargo test -p metile-kernels --test zero_copy`.

#![allow(clippy::panic, clippy::print_stdout)]

use std::sync::{Arc, Mutex, OnceLock};

use cudarc::driver::{result, CudaContext};
use metile_ir::DType;
use metile_kernels::registry::{self, Tensors};
use metile_kernels::testing::cuda_or_skip;
use metile_runtime::{Buffer, Device, DeviceAllocator, Error, KeepAlive, Tensor};

fn ok<T, E: std::fmt::Display>(r: Result<T, E>, what: &str) -> T {
    match r {
        Ok(v) => v,
        Err(e) => panic!("{what} should succeed: {e}"),
    }
}

/// Device 0's primary context, as the test's own driver handle.
fn context() -> Arc<CudaContext> {
    static CTX: OnceLock<Arc<CudaContext>> = OnceLock::new();
    let ctx = CTX
        .get_or_init(|| ok(CudaContext::new(0), "retaining device 0's primary context"))
        .clone();
    ok(ctx.bind_to_thread(), "binding the context");
    ctx
}

/// Device memory the test allocates itself (`cuMemAlloc` in the primary context) and frees
/// itself, after the whole context is idle: the library may borrow it, never free it.
struct Raw {
    ptr: u64,
    bytes: usize,
}

impl Raw {
    /// `bytes` bytes, every one `fill`.
    fn new(bytes: usize, fill: u8) -> Raw {
        let ctx = context();
        // SAFETY: a fresh allocation of `bytes`, filled whole; the context is current.
        let ptr = ok(unsafe { result::malloc_sync(bytes) }, "cuMemAlloc");
        ok(
            unsafe { result::memset_d8_sync(ptr, fill, bytes) },
            "cuMemsetD8",
        );
        // The fill ran on the legacy stream, which the library's non-blocking stream does not
        // wait for.
        ok(ctx.synchronize(), "synchronize");
        Raw { ptr, bytes }
    }

    /// The bytes, after everything queued in the context (the library's stream too).
    fn read(&self) -> Vec<u8> {
        ok(context().synchronize(), "synchronize");
        let mut out = vec![0u8; self.bytes];
        // SAFETY: `out` has exactly the allocation's bytes; the context is current and idle.
        ok(
            unsafe { result::memcpy_dtoh_sync(&mut out, self.ptr) },
            "cuMemcpyDtoH",
        );
        out
    }
}

impl Drop for Raw {
    fn drop(&mut self) {
        let ctx = context();
        let idle = ctx.synchronize();
        if !std::thread::panicking() {
            ok(idle, "synchronize before freeing");
        }
        // A failure here would mean the library freed (or corrupted) memory it only borrowed;
        // while a test is already failing, its own message matters more.
        // SAFETY: allocated by `Raw::new`, freed once, after the context went idle.
        let freed = unsafe { result::free_sync(self.ptr) };
        if !std::thread::panicking() {
            ok(freed, "cuMemFree");
        }
    }
}

/// `host`'s elements in memory the test owns, borrowed by a buffer on `dev` (filled through
/// the buffer, an upload into borrowed memory); the buffer's keep-alive is a handle on the block.
fn borrowed(dev: &Device, host: &Buffer) -> (Buffer, Arc<Raw>) {
    let raw = Arc::new(Raw::new(host.size_bytes().max(1), 0xFF));
    let owner: KeepAlive = Box::new(raw.clone());
    // SAFETY: `raw` holds `host.size_bytes()` bytes of device 0's memory, stays allocated while
    // the keep-alive lives, and frees only after the context is idle.
    let mut b = ok(
        unsafe { Buffer::borrow_cuda(dev, host.dtype(), host.len(), raw.ptr, owner) },
        "borrow_cuda",
    );
    ok(b.copy_from(host), "upload into borrowed memory");
    (b, raw)
}

/// A `DeviceAllocator` of `Raw` blocks filled with 0xFF (so that a missing zero-fill shows).
/// It keeps every block, so the test sees each allocation and how many keep-alives the library
/// still holds; blocks are freed when the test drops the allocator.
#[derive(Default)]
struct Blocks {
    made: Mutex<Vec<Arc<Raw>>>,
}

impl DeviceAllocator for Blocks {
    fn allocate(&self, bytes: usize) -> metile_runtime::Result<(u64, KeepAlive)> {
        assert!(bytes > 0, "the library asks for no empty allocation");
        let raw = Arc::new(Raw::new(bytes, 0xFF));
        let ptr = raw.ptr;
        self.made.lock().expect("lock").push(raw.clone());
        Ok((ptr, Box::new(raw)))
    }
}

impl Blocks {
    /// `(allocations made, keep-alives the library still holds)`.
    fn counts(&self) -> (usize, usize) {
        let made = self.made.lock().expect("lock");
        let held = made.iter().filter(|r| Arc::strong_count(r) > 1).count();
        (made.len(), held)
    }

    fn made_here(&self, b: &Buffer) -> bool {
        let Some((ptr, owner)) = b.borrowed_memory() else {
            return false;
        };
        let ours = owner
            .downcast_ref::<Arc<Raw>>()
            .is_some_and(|r| r.ptr == ptr);
        ours && self.made.lock().expect("lock").iter().any(|r| r.ptr == ptr)
    }
}

fn wave(dtype: DType, len: usize, seed: usize) -> Buffer {
    let v: Vec<f32> = (0..len)
        .map(|i| (((i * 7919 + seed * 104_729) % 2003) as f32 / 1001.5) - 1.0)
        .collect();
    ok(Buffer::from_f32(dtype, &v), "host buffer")
}

#[test]
fn the_stream_handle_is_the_devices() {
    assert_eq!(Device::cpu().cuda_stream_handle(), None);
    let Some(dev) = cuda_or_skip() else { return };
    let h = dev
        .cuda_stream_handle()
        .expect("a CUDA device has a stream");
    assert_ne!(
        h, 0,
        "the library's stream is not the legacy default stream"
    );
    let again = ok(Device::by_name("cuda:0"), "second handle");
    assert_eq!(again.cuda_stream_handle(), Some(h), "one stream per device");
}

/// A borrowed buffer reads, writes, copies, poisons and clones in place, and dropping it drops
/// the keep-alive without freeing the memory (`Raw`'s drop frees it and would fail otherwise).
#[test]
fn borrowed_memory_is_used_in_place_and_never_freed() {
    let Some(dev) = cuda_or_skip() else { return };
    for host in [
        wave(DType::F32, 1000, 1),
        wave(DType::BF16, 257, 2),
        ok(
            Buffer::from_i64(DType::I64, &[5, -1, i64::MIN, 1 << 40]),
            "i64",
        ),
        Buffer::from_bool(&[true, false, true]),
    ] {
        let dtype = host.dtype();
        let (mut b, raw) = borrowed(&dev, &host);
        assert_eq!(b.borrowed_memory().map(|(p, _)| p), Some(raw.ptr));
        assert_eq!(b, host, "{dtype}: download of borrowed memory");
        let before = raw.read();
        let owned = ok(dev.upload(&host), "owned upload");
        assert_eq!(owned.borrowed_memory().map(|_| ()), None);
        let mut owned_bytes = ok(dev.zeros(dtype, host.len()), "zeros");
        ok(owned_bytes.copy_from(&b), "borrowed -> owned");
        assert_eq!(owned_bytes, host);
        let copy = ok(b.try_clone(), "clone of a borrowed buffer");
        assert!(
            copy.borrowed_memory().is_none(),
            "outside a scope a copy is owned"
        );
        assert_eq!(copy, host);
        b.poison();
        let mut poisoned = host.clone();
        poisoned.poison();
        assert_eq!(b, poisoned, "{dtype}: poison wrote the borrowed memory");
        assert_ne!(raw.read(), before, "{dtype}: the test's own memory changed");
        ok(b.copy_from(&owned), "owned -> borrowed");
        assert_eq!(raw.read(), before, "{dtype}: copied back in place");
        assert_eq!(
            Arc::strong_count(&raw),
            2,
            "the buffer holds one keep-alive"
        );
        drop(b);
        assert_eq!(
            Arc::strong_count(&raw),
            1,
            "dropping the buffer drops the keep-alive"
        );
        assert_eq!(
            raw.read(),
            before,
            "{dtype}: the memory outlives the buffer"
        );
    }
    // An empty borrow needs no address and keeps nothing.
    let raw = Arc::new(Raw::new(1, 0));
    let e = ok(
        // SAFETY: an empty buffer never touches the address.
        unsafe { Buffer::borrow_cuda(&dev, DType::F32, 0, 0, Box::new(raw.clone())) },
        "an empty borrow",
    );
    assert!(e.is_empty() && e.borrowed_memory().is_none());
    assert_eq!(
        Arc::strong_count(&raw),
        1,
        "an empty borrow drops its keep-alive"
    );
}

#[test]
fn borrowed_addresses_are_checked() {
    let Some(dev) = cuda_or_skip() else { return };
    for (ptr, dtype, what) in [
        (0, DType::F32, "a null device address"),
        (0x1002, DType::F32, "not aligned to its 4-byte elements"),
        (0x1001, DType::BF16, "not aligned to its 2-byte elements"),
    ] {
        // SAFETY: every one of these is refused before the address is used.
        match unsafe { Buffer::borrow_cuda(&dev, dtype, 4, ptr, Box::new(())) } {
            Err(Error::Buffer(m)) => assert!(m.contains(what), "{m}"),
            other => panic!("{ptr:#x}: expected Error::Buffer, got {other:?}"),
        }
    }
}

/// Inside a scope every allocation comes from the allocator (zeros zero-filled over the
/// allocator's 0xFF), outside it none does.
#[test]
fn allocator_scopes_draw_every_allocation() {
    let Some(dev) = cuda_or_skip() else { return };
    let blocks = Arc::new(Blocks::default());
    let host = wave(DType::F16, 999, 3);
    let (zeros, up, copy, moved) = dev.with_allocator(blocks.clone(), || {
        let z = ok(dev.zeros(DType::I32, 1001), "zeros in a scope");
        let up = ok(dev.upload(&host), "upload in a scope");
        let copy = ok(up.try_clone(), "copy in a scope");
        let t = ok(
            Tensor::from_f32(DType::F32, &[2, 2], &[1.0, 2.0, 3.0, 4.0]),
            "host tensor",
        );
        let moved = ok(dev.to_device(&t), "to_device in a scope");
        let empty = ok(dev.zeros(DType::F32, 0), "empty zeros in a scope");
        assert!(empty.borrowed_memory().is_none(), "nothing to allocate");
        (z, up, copy, moved)
    });
    assert_eq!(blocks.counts(), (4, 4));
    for b in [&zeros, &up, &copy, &moved.buffer] {
        assert!(blocks.made_here(b), "{b:?} came from the allocator");
    }
    assert_eq!(zeros, Buffer::zeros(DType::I32, 1001), "zeros are zero");
    assert_eq!((up.clone(), copy.clone()), (host.clone(), host));
    assert_eq!(ok(moved.to_f32(), "values"), vec![1.0, 2.0, 3.0, 4.0]);
    let outside = ok(dev.zeros(DType::F32, 8), "zeros outside the scope");
    assert!(outside.borrowed_memory().is_none());
    assert_eq!(blocks.counts().0, 4, "no allocation after the scope closed");
    drop((zeros, up, copy, moved));
    assert_eq!(
        blocks.counts(),
        (4, 0),
        "every keep-alive dropped with its buffer"
    );
}

/// cuBLAS reads and writes borrowed operands at their offsets.
#[test]
fn gemm_takes_borrowed_operands() {
    use metile_runtime::{Gemm, MatrixLayout};
    let Some(dev) = cuda_or_skip() else { return };
    if let Err(e) = dev.gemm_available() {
        println!("skipping: no cuBLAS ({e})");
        return;
    }
    let (m, n, k, off) = (33, 65, 17, 3);
    let layout = |cols: usize| MatrixLayout {
        offset: off,
        ..MatrixLayout::rows(cols)
    };
    let g = Gemm::new(m, n, k, layout(k), layout(n));
    let g = Gemm { c: layout(n), ..g };
    let (a, b) = (
        wave(DType::BF16, off + m * k, 4),
        wave(DType::BF16, off + k * n, 5),
    );
    let c0 = wave(DType::F32, off + m * n, 6);
    let (da, db) = (ok(dev.upload(&a), "upload"), ok(dev.upload(&b), "upload"));
    let mut want = ok(dev.upload(&c0), "upload");
    ok(dev.gemm(&g, &da, &db, &mut want), "owned gemm");
    let ((ba, _ra), (bb, _rb), (mut bc, _rc)) =
        (borrowed(&dev, &a), borrowed(&dev, &b), borrowed(&dev, &c0));
    ok(dev.gemm(&g, &ba, &bb, &mut bc), "borrowed gemm");
    assert_eq!(bc, want, "the same product in place");
}

/// Runs `entry` on `inputs` twice: on owned copies, and on borrowed inputs with every
/// allocation from an allocator; the outputs must be the same bits, and come from the
/// allocator. Returns the allocator for further checks.
fn both_ways(
    dev: &Device,
    entry: &str,
    inputs: &[(&str, Tensor)],
    params: &[(&str, &str)],
) -> Arc<Blocks> {
    let ep = ok(registry::find(entry), "registry entry");
    let pairs: Vec<(String, String)> = params
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let params = ok(ep.params(&pairs), "params");
    let owned: Tensors = inputs
        .iter()
        .map(|(n, t)| (n.to_string(), ok(dev.to_device(t), "to_device")))
        .collect();
    let mut raws = Vec::new();
    let lent: Tensors = inputs
        .iter()
        .map(|(n, t)| {
            let (b, raw) = borrowed(dev, &t.buffer);
            raws.push((raw.clone(), raw.read()));
            (n.to_string(), ok(Tensor::new(b, t.shape.clone()), "tensor"))
        })
        .collect();
    let want = ok(ep.call(dev, &owned, &params), "the call on owned buffers");
    let blocks = Arc::new(Blocks::default());
    let got = dev.with_allocator(blocks.clone(), || ep.call(dev, &lent, &params));
    let got = ok(got, "the call on borrowed buffers in a scope");
    assert_eq!(
        got.keys().collect::<Vec<_>>(),
        want.keys().collect::<Vec<_>>()
    );
    for (name, t) in &got {
        assert_eq!(t, &want[name], "{entry}: output `{name}`");
        assert!(
            t.buffer.is_empty() || blocks.made_here(&t.buffer),
            "{entry}: output `{name}` came from the allocator"
        );
    }
    let (made, held) = blocks.counts();
    let nonempty = got.values().filter(|t| !t.buffer.is_empty()).count();
    assert_eq!(
        held, nonempty,
        "{entry}: only the outputs still hold allocations"
    );
    assert!(made >= nonempty, "{entry}: {made} allocations");
    drop(lent);
    for (raw, before) in raws {
        assert_eq!(
            Arc::strong_count(&raw),
            1,
            "{entry}: the inputs' keep-alives dropped"
        );
        assert_eq!(raw.read(), before, "{entry}: an input was modified");
    }
    println!("{entry}: {made} allocations, {nonempty} outputs");
    blocks
}

#[test]
fn registry_calls_on_borrowed_memory_match_owned_buffers() {
    let Some(dev) = cuda_or_skip() else { return };
    for dtype in [DType::F32, DType::BF16] {
        let (rows, cols) = (127, 1000);
        let x = ok(
            Tensor::new(wave(dtype, rows * cols, 7), vec![rows, cols]),
            "x",
        );
        let w = ok(Tensor::new(wave(dtype, cols, 8), vec![cols]), "weight");
        both_ways(
            &dev,
            "rms_norm.forward",
            &[("x", x), ("weight", w)],
            &[("eps", "1e-6")],
        );
    }
}

/// A chunked product and loss: scratch (logits, targets, per-chunk rows) comes from the
/// allocator too and is released inside the call.
#[test]
fn fused_linear_cross_entropy_draws_its_scratch_from_the_allocator() {
    let Some(dev) = cuda_or_skip() else { return };
    if let Err(e) = dev.gemm_available() {
        println!("skipping: no cuBLAS ({e})");
        return;
    }
    let (n, h, v) = (67, 64, 257);
    let hidden = ok(
        Tensor::new(wave(DType::BF16, n * h, 9), vec![n, h]),
        "hidden",
    );
    let weight = ok(
        Tensor::new(wave(DType::BF16, v * h, 10), vec![v, h]),
        "weight",
    );
    let ids: Vec<i64> = (0..n as i64)
        .map(|i| {
            if i % 7 == 3 {
                -100
            } else {
                (i * 31) % v as i64
            }
        })
        .collect();
    let target = ok(
        Tensor::new(ok(Buffer::from_i64(DType::I64, &ids), "ids"), vec![n]),
        "target",
    );
    let inputs = [
        ("hidden", hidden.clone()),
        ("weight", weight.clone()),
        ("target", target.clone()),
    ];
    let blocks = both_ways(
        &dev,
        "fused_linear_cross_entropy.forward",
        &inputs,
        &[("chunk_rows", "16")],
    );
    let (made, held) = blocks.counts();
    assert!(
        made > held,
        "scratch was drawn from the allocator and released: {made} vs {held}"
    );
    // Borrowed memory takes the windows (hidden rows, targets, grad_hidden rows, per-row
    // losses and z-losses); owned buffers the copies: every reduction, the z-loss rows, and the
    // backward under `none` (which recomputes each chunk and keeps no rows) agree.
    for params in [
        &[
            ("chunk_rows", "16"),
            ("reduction", "sum"),
            ("lse_square_scale", "1e-3"),
        ][..],
        &[
            ("chunk_rows", "16"),
            ("reduction", "none"),
            ("lse_square_scale", "1e-3"),
        ],
    ] {
        both_ways(&dev, "fused_linear_cross_entropy.forward", &inputs, params);
    }
    let dloss = ok(
        Tensor::from_f32(
            DType::F32,
            &[n],
            &(0..n)
                .map(|i| 0.5 - i as f32 / n as f32)
                .collect::<Vec<_>>(),
        ),
        "dloss",
    );
    let mut backward_inputs = inputs.to_vec();
    backward_inputs.push(("dloss", dloss));
    both_ways(
        &dev,
        "fused_linear_cross_entropy.backward",
        &backward_inputs,
        &[("chunk_rows", "16"), ("reduction", "none")],
    );
}

/// `n` elements of `dtype` borrowed at byte `offset` of `raw` (which must hold them).
fn borrow_at(dev: &Device, raw: &Arc<Raw>, offset: usize, dtype: DType, n: usize) -> Buffer {
    assert!(offset + n * dtype.size_bytes() <= raw.bytes);
    // SAFETY: inside `raw`'s allocation (asserted), which outlives the keep-alive.
    ok(
        unsafe {
            Buffer::borrow_cuda(
                dev,
                dtype,
                n,
                raw.ptr + offset as u64,
                Box::new(raw.clone()),
            )
        },
        "borrow_cuda",
    )
}

/// Only borrowed memory can be shared, and only where the byte ranges meet.
#[test]
fn shared_memory_is_where_borrowed_ranges_meet() {
    let Some(dev) = cuda_or_skip() else { return };
    let raw = Arc::new(Raw::new(64, 0));
    let other = Arc::new(Raw::new(64, 0));
    let first = borrow_at(&dev, &raw, 0, DType::F32, 8); // bytes 0..32
    let last = borrow_at(&dev, &raw, 32, DType::F32, 8); // bytes 32..64
    let middle = borrow_at(&dev, &raw, 28, DType::BF16, 4); // bytes 28..36
    let elsewhere = borrow_at(&dev, &other, 0, DType::F32, 16);
    assert!(first.may_share_memory(&first));
    assert!(
        !first.may_share_memory(&last),
        "adjacent ranges do not meet"
    );
    assert!(middle.may_share_memory(&first) && middle.may_share_memory(&last));
    assert!(!first.may_share_memory(&elsewhere));
    let owned = ok(dev.zeros(DType::F32, 8), "owned");
    assert!(!owned.may_share_memory(&first) && !owned.may_share_memory(&owned));
    let host = wave(DType::F32, 8, 3);
    assert!(!host.may_share_memory(&host));
}

/// The in-place gated backwards called directly (not through `call_owned`, which copies) refuse
/// inputs that share memory, naming the later one; separate borrowed views run.
#[test]
fn in_place_gated_backwards_refuse_overlapping_inputs() {
    let Some(dev) = cuda_or_skip() else { return };
    use metile_kernels::activations::{
        backward_in_place, backward_packed_in_place, ActOptions, Kind,
    };
    let raw = Arc::new(Raw::new(4096, 0));
    let view = |offset: usize| {
        ok(
            Tensor::new(borrow_at(&dev, &raw, offset, DType::F32, 64), vec![2, 32]),
            "view",
        )
    };
    let dc = ok(
        dev.to_device(&ok(Tensor::new(wave(DType::F32, 64, 4), vec![2, 32]), "dc")),
        "dc",
    );
    let opts = ActOptions::default();
    // b starts 16 elements into a: the two share memory.
    let (mut a, mut b) = (view(0), view(64));
    let e = backward_in_place(&dev, Kind::Swiglu, &mut a, &mut b, &dc, &opts).unwrap_err();
    assert!(
        e.to_string().contains("`b`") && e.to_string().contains("shares memory"),
        "{e}"
    );
    let (mut a, mut b) = (view(0), view(1024));
    let dc_over_b = view(1024 + 128);
    let e = backward_in_place(&dev, Kind::Swiglu, &mut a, &mut b, &dc_over_b, &opts).unwrap_err();
    assert!(e.to_string().contains("`dc`"), "{e}");
    assert!(backward_in_place(&dev, Kind::Swiglu, &mut a, &mut b, &dc, &opts).is_ok());
    let mut x = ok(
        Tensor::new(borrow_at(&dev, &raw, 2048, DType::F32, 128), vec![2, 64]),
        "packed x",
    );
    let dy_over_x = view(2048 + 256);
    let e = backward_packed_in_place(&dev, Kind::Swiglu, &mut x, &dy_over_x, &opts).unwrap_err();
    assert!(e.to_string().contains("`dy`"), "{e}");
}

/// `call_owned` on an in-place entry writes the gradients into the borrowed inputs' own memory
/// (the outputs are those buffers), with the values of the out-of-place backward; an input
/// that shares memory with another (gate and up over one block) is copied instead, so the
/// block is untouched and the values are still right.
#[test]
fn in_place_entries_write_over_borrowed_inputs() {
    let Some(dev) = cuda_or_skip() else { return };
    let (rows, cols) = (127, 1000);
    let n = rows * cols;
    let lent = |host: &Buffer| {
        let (b, raw) = borrowed(&dev, host);
        (ok(Tensor::new(b, vec![rows, cols]), "tensor"), raw)
    };
    for dtype in [DType::F32, DType::BF16] {
        let (a, b, dc) = (wave(dtype, n, 11), wave(dtype, n, 12), wave(dtype, n, 13));
        let owned = |host: &Buffer| {
            ok(
                Tensor::new(ok(dev.upload(host), "upload"), vec![rows, cols]),
                "tensor",
            )
        };
        let mut inputs = Tensors::new();
        for (name, host) in [("a", &a), ("b", &b), ("dc", &dc)] {
            inputs.insert(name.into(), owned(host));
        }
        let oop = ok(registry::find("swiglu.backward"), "entry");
        let want = ok(
            oop.call(&dev, &inputs, &ok(oop.params(&[]), "params")),
            "out of place",
        );
        let ep = ok(registry::find("swiglu.in_place_backward"), "entry");
        let params = ok(ep.params(&[]), "params");

        let ((ta, ra), (tb, rb), (tdc, _rdc)) = (lent(&a), lent(&b), lent(&dc));
        let mut lent_inputs: Tensors = [("a", ta), ("b", tb), ("dc", tdc)]
            .into_iter()
            .map(|(k, t)| (k.to_string(), t))
            .collect();
        let got = ok(ep.call_owned(&dev, &mut lent_inputs, &params), "in place");
        for (name, raw) in [("da", &ra), ("db", &rb)] {
            assert_eq!(got[name], want[name], "{dtype}: {name}");
            let at = got[name].buffer.borrowed_memory().map(|(p, _)| p);
            assert_eq!(at, Some(raw.ptr), "{dtype}: {name} in its input's memory");
        }
        let da_host = ok(want["da"].buffer.to_host(), "download");
        let mut da_bytes = vec![0u8; da_host.size_bytes()];
        ok(da_host.write_le_bytes(&mut da_bytes), "bytes");
        assert_eq!(ra.read(), da_bytes, "{dtype}: a's block holds da");

        // Gate and up over one block: copied, the block unchanged.
        let (ta, raw) = lent(&a);
        let tb = ok(
            Tensor::new(borrow_at(&dev, &raw, 0, dtype, n), vec![rows, cols]),
            "alias",
        );
        let before = raw.read();
        let mut same = Tensors::new();
        same.insert("a".into(), ta);
        same.insert("b".into(), tb);
        same.insert("dc".into(), owned(&dc));
        let mut aliased_inputs = inputs.clone();
        aliased_inputs.insert("b".into(), owned(&a));
        let want = ok(
            oop.call(&dev, &aliased_inputs, &ok(oop.params(&[]), "params")),
            "oop",
        );
        let got = ok(ep.call_owned(&dev, &mut same, &params), "aliased in place");
        assert_eq!(got["da"], want["da"], "{dtype}: aliased da");
        assert_eq!(got["db"], want["db"], "{dtype}: aliased db");
        assert!(
            same.contains_key("a") && same.contains_key("b"),
            "copied, not taken"
        );
        assert_eq!(raw.read(), before, "{dtype}: the shared block is untouched");
    }
}
