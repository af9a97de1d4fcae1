//! `metile bench [OP...] [--rows R] [--cols C] [--lead B,H] [--out-cols N] [--dtype D]
//! [--reps N] [--json] [-p NAME=VALUE] [--omit INPUT] [--with INPUT] [--cuda-graph]`.
//!
//! For every registered entry point of the chosen operators, inputs are generated from the ports
//! alone (`LikeX` -> `[rows, cols]`, `Cols` -> `[cols]`, `Rows` -> `[rows]`; a projection's
//! `Weight` -> `[N, cols]`, `LikeOut` -> `[rows, N]`, `OutCols` -> `[N]` and class ids below `N`,
//! with `N = --out-cols`, default `cols`; attention's `QueryHeads` -> `[1, 4, rows, cols]`,
//! `KvHeads` -> `[1, 1, rows, cols]`, `HeadRows` -> `[1, 4, rows]`, so `T = S = rows`, `D = cols`,
//! four query heads on one KV head), standard normal values in the chosen storage dtype. Optional
//! inputs of the common use are included unless `--omit NAME` names them (a weighted RMSNorm, a
//! fused add whose residual output also receives a gradient); those outside it (`Port::common`:
//! a cross-entropy's class weights, RoPE's position ids) only when `--with NAME` names them, so
//! that by default an operator is timed as its peers run it. Entry points of one operator run in order, forward
//! first, and an input named like an output of an earlier entry point of the same operator (such
//! as saved statistics) takes that output instead of random data.
//!
//! Each entry point is called once to allocate its outputs, twice more to warm up, then `reps`
//! times reusing the outputs; the median is reported. Bytes count every input read once and every
//! output written once. Beside each measurement, a memory copy of the same number of bytes (half
//! read, half written, between preallocated buffers filled with random bytes; on a device other
//! than the cpu, a device-to-device copy) is timed the same way, so the ratio to copy is
//! comparable across machines. Generated inputs are placed on the device before timing.
//!
//! Modes: an entry point `<op>.forward` is reported as mode `fwd`, `<op>.backward` as `bwd`.
//! When an operator has both, the pair is also timed as mode `fwd+bwd` (entry
//! `<op>.forward+backward`): one forward call followed by one backward call on the backward's
//! inputs as generated for the `bwd` row (so `dy` and any other cotangent are random), each
//! reusing its outputs; its bytes are the forward's bytes plus the backward's.
//!
//! An in-place entry (one that writes its outputs over inputs, `EntryPoint::overwrites`) is given
//! one copy of those inputs (`EntryPoint::stage`) before its first call, outside the timing and
//! the peak-memory measurement: the copy stands for the inputs the entry consumes, which a
//! caller owns (as under `EntryPoint::call_owned`). Every call, timed or not, then writes over
//! that same buffer, the previous call's outputs: each does one call's work whatever values it
//! finds there (the in-place kernels have no data-dependent control flow), so what is timed is
//! the entry alone, and its extra memory is only its workspaces.
//!
//! Every timed repetition ends with a device synchronisation (see [`sync`]), so a timing covers
//! the work and not just its launch. On a GPU the JSON rows also carry `host_us`, the host's
//! microseconds to queue one call (the repetition's time before its synchronisation): the
//! library's own launch cost, without Python.
//!
//! `--cuda-graph` (a GPU): each repetition replays a CUDA graph of `GPU_BATCH` calls captured
//! once after the warm-ups (the copy beside it too), as the peers' harness replays theirs, so
//! that the host's per-call cost is not in the figure; each row's `timing` says `graph`, or
//! `launch` where the calls could not be captured (an entry that reads device values on the
//! host), with a note on stderr. The run stops cudarc's event tracking first, which capture
//! needs (`Device::disable_event_tracking`).

use std::cell::RefCell;
use std::time::{Duration, Instant};

use metile_kernels::registry::{self, EntryPoint, OpError, Params, PortShape, Tensors};
use metile_kernels::testing::Rng;
use metile_runtime::{Buffer, Device, Tensor};
use serde::Serialize;

use crate::cli::BenchArgs;
use crate::error::{panic_message, CliError, EXIT_FAILURES};

const WARMUPS: usize = 2;
const SEED: u64 = 0x6d65_7469_6c65;

/// One timed entry point, or one timed forward+backward pair.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Measurement {
    /// The operator, such as `rms_norm`.
    pub op: String,
    /// The entry point, or `<op>.forward+backward` for a pair.
    pub entry: String,
    /// `fwd`, `bwd` or `fwd+bwd` (the entry's suffix for any other entry point).
    pub mode: String,
    pub dtype: String,
    /// `[lead.., rows, cols]`.
    pub shape: Vec<usize>,
    /// Bytes read and written.
    pub bytes: usize,
    pub ms: f64,
    /// `bytes / ms`, in GB/s (1e9 bytes a second).
    pub gbps: f64,
    /// A memory copy of `bytes` (half read, half written).
    pub copy_ms: f64,
    pub copy_gbps: f64,
    /// `ms / copy_ms`.
    pub x_copy: f64,
    /// Device memory one call allocated beyond what was live before it (outputs and
    /// workspaces; the inputs excluded, and so an in-place entry's outputs, which are the
    /// memory of the inputs it consumes), in MiB, where the device counts it (CUDA); `None` for
    /// a pair and on the cpu.
    pub peak_extra_mib: Option<f64>,
    /// The device's name, such as `cpu`.
    pub device: String,
    /// On a GPU, the median host microseconds to queue one call (`None` on the cpu, where the
    /// call is all host time, and for graph replays).
    pub host_us: Option<f64>,
    /// How the repetitions were timed: `host` (the cpu), `launch` (calls queued one by one) or
    /// `graph` (replays of a CUDA graph of the calls, `--cuda-graph`).
    pub timing: String,
}

/// The mode of an entry point: `fwd` for `<op>.forward`, `bwd` for `<op>.backward`, else the
/// part after the last dot.
pub fn mode_of(entry: &str) -> String {
    match entry.rsplit_once('.') {
        Some((_, "forward")) => "fwd".into(),
        Some((_, "backward")) => "bwd".into(),
        Some((_, suffix)) => suffix.into(),
        None => entry.into(),
    }
}

/// The median of `times`, in milliseconds.
pub fn median_ms(times: &mut [Duration]) -> f64 {
    if times.is_empty() {
        return 0.0;
    }
    times.sort();
    let n = times.len();
    let mid = if n % 2 == 1 {
        times[n / 2]
    } else {
        (times[n / 2 - 1] + times[n / 2]) / 2
    };
    mid.as_secs_f64() * 1e3
}

fn gb_per_s(bytes: usize, ms: f64) -> f64 {
    if ms > 0.0 {
        bytes as f64 / (ms * 1e-3) / 1e9
    } else {
        f64::INFINITY
    }
}

/// Times copying `bytes / 2` bytes between two preallocated buffers of random bytes on the host.
pub fn time_copy(bytes: usize, reps: usize, rng: &mut Rng) -> f64 {
    let half = (bytes / 2).max(1);
    let mut src = vec![0u8; half];
    for chunk in src.chunks_mut(8) {
        let r = rng.next_u64().to_le_bytes();
        chunk.copy_from_slice(&r[..chunk.len()]);
    }
    let mut dst = vec![0u8; half];
    for _ in 0..WARMUPS {
        dst.copy_from_slice(&src);
    }
    let mut times = Vec::with_capacity(reps);
    for _ in 0..reps {
        let t = Instant::now();
        dst.copy_from_slice(std::hint::black_box(&src));
        std::hint::black_box(&mut dst);
        times.push(t.elapsed());
    }
    median_ms(&mut times)
}

/// Times copying `bytes / 2` bytes on `device`: a host copy ([`time_copy`]) on the cpu, else a
/// device-to-device copy between two buffers of the device (random finite f32 words, rounded up
/// to whole words), synchronised like the entry points.
pub fn time_device_copy(
    device: &Device,
    bytes: usize,
    reps: usize,
    graph: bool,
    rng: &mut Rng,
) -> Result<f64, String> {
    if device.name() == "cpu" {
        return Ok(time_copy(bytes, reps, rng));
    }
    let words = (bytes / 2).div_ceil(4).max(1);
    let values: Vec<f32> = (0..words)
        .map(|_| f32::from_bits((rng.next_u64() as u32) & 0x3fff_ffff))
        .collect();
    let host = Buffer::from_f32(metile_ir::DType::F32, &values).map_err(|e| e.to_string())?;
    let src = device.upload(&host).map_err(|e| e.to_string())?;
    let mut dst = device
        .zeros(metile_ir::DType::F32, words)
        .map_err(|e| e.to_string())?;
    time_calls(
        device,
        reps,
        graph,
        &mut || dst.copy_from(&src).map_err(|e| e.to_string()),
        &mut || Ok(()),
    )
    .map(|t| t.ms)
}

/// Modulation rows of generated modulated-RMSNorm inputs without leading axes: 8 sequences
/// (`benchmarks/peers.py`'s per-sequence scale and shift).
const BENCH_MODULATION_ROWS: usize = 8;

/// Query heads of generated attention inputs (one KV head: grouped-query attention 4:1).
const BENCH_QUERY_HEADS: usize = 4;

/// A random tensor for a port shape.
/// `out` is a projection's output width (see `BenchArgs::out_cols`); `lead` are axes before
/// `[rows, cols]` of the row-shaped ports (see `BenchArgs::lead`).
pub fn generate(
    shape: PortShape,
    lead: &[usize],
    rows: usize,
    cols: usize,
    out: usize,
    dtype: metile_ir::DType,
    rng: &mut Rng,
) -> Result<Tensor, OpError> {
    let led = |tail: &[usize]| lead.iter().chain(tail).copied().collect::<Vec<_>>();
    // GRPO's sequences: the leading axes flattened (one sequence without any).
    let sequences = lead.iter().product::<usize>();
    let dims = match shape {
        // Position ids index the tables' rows; other ids are one per row of x.
        PortShape::Positions => vec![rows],
        PortShape::RowIds | PortShape::Classes => led(&[rows]),
        // GRPO's logits [B, L+1, V] and their tokens [B, L].
        PortShape::SequenceLogits => vec![sequences, rows, cols],
        PortShape::Tokens | PortShape::TokenIds => vec![sequences, rows.saturating_sub(1)],
        PortShape::Sequences => vec![sequences],
        // The preference losses' sequences: the leading axes flattened (one without any),
        // twice that many (chosen, then rejected) for the paired ones.
        PortShape::PairedStates => vec![2 * sequences, rows, cols],
        PortShape::PairedTokenIds => vec![2 * sequences, rows],
        PortShape::SequenceStates => vec![sequences, rows, cols],
        PortShape::SequenceTokenIds | PortShape::SequenceTokens => vec![sequences, rows],
        PortShape::SequenceValues => vec![sequences],
        PortShape::Pairs | PortShape::SequenceFlags => vec![sequences],
        PortShape::LikeX => led(&[rows, cols]),
        PortShape::KvLikeX => {
            let mut l = lead.to_vec();
            if let [_, heads, ..] = &mut l[..] {
                *heads = (*heads / registry::KV_HEADS_DIVISOR).max(1);
            }
            l.into_iter().chain([rows, cols]).collect()
        }
        PortShape::LikeOut => led(&[rows, out]),
        PortShape::Cols => vec![cols],
        PortShape::OutCols => vec![out],
        PortShape::Weight => vec![out, cols],
        PortShape::BackWeight => vec![cols, out],
        PortShape::Rows => led(&[rows]),
        PortShape::LossCotangent | PortShape::Scalar => vec![],
        PortShape::One => vec![1],
        PortShape::Three => vec![3],
        PortShape::Table => vec![1, rows, cols],
        PortShape::Freqs => vec![rows, cols / 2, 2],
        PortShape::Planes => vec![3, 1, rows, cols],
        PortShape::Halved => led(&[rows, cols / 2]),
        PortShape::QueryHeads => vec![1, BENCH_QUERY_HEADS, rows, cols],
        PortShape::KvHeads => vec![1, 1, rows, cols],
        PortShape::HeadRows => vec![1, BENCH_QUERY_HEADS, rows],
        // GroupNorm's channels are x's axis 1; its statistics one group per batch element.
        PortShape::Channels => led(&[rows, cols])[1..2].to_vec(),
        PortShape::Groups => vec![led(&[rows, cols])[0], 1],
        PortShape::Modulation => match lead.first() {
            Some(&b) => vec![b, cols],
            None if rows.is_multiple_of(BENCH_MODULATION_ROWS) => {
                vec![BENCH_MODULATION_ROWS, cols]
            }
            None => vec![1, cols],
        },
    };
    // Flags: alternating bools from a random start.
    if shape == PortShape::SequenceFlags {
        let first = rng.below(2) == 1;
        let flags: Vec<bool> = (0..dims[0]).map(|i| (i % 2 == 0) == first).collect();
        return Ok(Tensor::new(
            metile_runtime::Buffer::from_bool(&flags),
            dims,
        )?);
    }
    // Ids: int64, below the class count or the row count.
    if matches!(
        shape,
        PortShape::RowIds
            | PortShape::Positions
            | PortShape::Classes
            | PortShape::TokenIds
            | PortShape::PairedTokenIds
            | PortShape::SequenceTokenIds
    ) {
        let bound = match shape {
            PortShape::Classes | PortShape::PairedTokenIds | PortShape::SequenceTokenIds => out,
            PortShape::TokenIds => cols,
            _ => rows,
        };
        let n = dims.iter().product();
        let ids: Vec<i64> = (0..n).map(|_| rng.below(bound as u64) as i64).collect();
        return Ok(Tensor::new(
            metile_runtime::Buffer::from_i64(metile_ir::DType::I64, &ids)?,
            dims,
        )?);
    }
    Ok(Tensor::from_f32(
        dtype,
        &dims,
        &normal_values(dims.iter().product(), rng),
    )?)
}

/// Values per chunk of [`normal_values`].
const NORMAL_CHUNK: usize = 1 << 16;

/// `n` standard normal values, drawn in chunks on every core: each chunk from its own generator,
/// seeded from one draw of `rng` and the chunk's index, so the values depend on `rng` alone, not
/// on the cores (a bench's inputs of hundreds of millions of values took seconds on one core).
fn normal_values(n: usize, rng: &mut Rng) -> Vec<f32> {
    use rayon::prelude::*;
    let seed = rng.next_u64();
    let mut v = vec![0.0; n];
    v.par_chunks_mut(NORMAL_CHUNK)
        .enumerate()
        .for_each(|(i, c)| {
            let mut r = Rng::new(seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
            r.fill_normal(c, 0.0, 1.0);
        });
    v
}

/// Calls per timed repetition on a GPU.
const GPU_BATCH: usize = 20;

/// Waits until the work queued on `device` has finished. Every timed repetition ends here.
fn sync(device: &Device) -> Result<(), String> {
    device.synchronize().map_err(|e| e.to_string())
}

/// `call`'s error as text, or its panic's message.
fn catching(call: impl FnOnce() -> Result<(), OpError>) -> Result<(), String> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(call)) {
        Ok(r) => r.map_err(|e| e.to_string()),
        Err(p) => Err(format!("panicked: {}", panic_message(p.as_ref()))),
    }
}

/// One call of `entry`, writing into `outputs` (for an in-place entry, over the copies that
/// [`time_entry`] staged there).
fn run_once(
    device: &Device,
    entry: &EntryPoint,
    inputs: &Tensors,
    params: &Params,
    outputs: &mut Tensors,
) -> Result<(), String> {
    catching(|| (entry.run)(device, inputs, params, outputs))
}

/// What `time_calls` measured: the median ms per call, and for launched calls on a GPU the
/// median host microseconds per call (the time to queue it: validation, planning, launches; the
/// queue never fills at `GPU_BATCH` calls, so the GPU's work is not in it).
#[derive(Clone, Debug)]
struct Timing {
    ms: f64,
    host_us: Option<f64>,
    /// How the repetitions ran: `Measurement::timing`.
    how: &'static str,
    /// Why a graph was asked for and not used (the calls could not be captured).
    not_captured: Option<String>,
}

/// Calls `call` `WARMUPS` times, then times `reps` repetitions, each followed by a device
/// synchronisation: on a GPU, of `GPU_BATCH` calls, replayed from a CUDA graph when `graph` asks
/// and the calls can be captured ([`time_graph`]).
///
/// After a capture that failed, `reset` drops the outputs the calls write (those made inside the
/// capture hold memory that exists only in the abandoned graph; see `Device::capture`) and
/// stages in-place copies again; the calls are warmed up again, reallocating the outputs.
fn time_calls(
    device: &Device,
    reps: usize,
    graph: bool,
    call: &mut dyn FnMut() -> Result<(), String>,
    reset: &mut dyn FnMut() -> Result<(), String>,
) -> Result<Timing, String> {
    let warm = |call: &mut dyn FnMut() -> Result<(), String>| -> Result<(), String> {
        for _ in 0..WARMUPS {
            call()?;
        }
        sync(device)
    };
    warm(call)?;
    let mut not_captured = None;
    if graph && !device.is_cpu() {
        match time_graph(device, reps, call)? {
            Ok(ms) => {
                return Ok(Timing {
                    ms,
                    host_us: None,
                    how: "graph",
                    not_captured: None,
                })
            }
            Err(why) => {
                not_captured = Some(why);
                reset()?;
                warm(call)?;
            }
        }
    }
    // On a GPU one repetition queues a batch of calls and waits once, so that the host's launch
    // and synchronisation latency does not count against kernels of tens of microseconds.
    let batch = if device.is_cpu() { 1 } else { GPU_BATCH };
    let mut times = Vec::with_capacity(reps);
    let mut queued = Vec::with_capacity(reps);
    for _ in 0..reps {
        let t = Instant::now();
        for _ in 0..batch {
            call()?;
        }
        queued.push(t.elapsed() / batch as u32);
        sync(device)?;
        times.push(t.elapsed() / batch as u32);
    }
    Ok(Timing {
        ms: median_ms(&mut times),
        host_us: (!device.is_cpu()).then(|| median_ms(&mut queued) * 1e3),
        how: if device.is_cpu() { "host" } else { "launch" },
        not_captured,
    })
}

/// Captures `GPU_BATCH` calls into a CUDA graph and times `reps` replays (after one untimed
/// replay); the median ms per call, or why the calls could not be captured (the device is
/// usable again then). An error is a failure of the replays themselves.
fn time_graph(
    device: &Device,
    reps: usize,
    call: &mut dyn FnMut() -> Result<(), String>,
) -> Result<Result<f64, String>, String> {
    let captured = device.capture(|| (0..GPU_BATCH).try_for_each(|_| call()));
    let graph = match captured {
        Ok((Ok(()), graph)) => graph,
        Ok((Err(e), _)) => return Ok(Err(e)),
        Err(e) => return Ok(Err(e.to_string())),
    };
    // SAFETY: the calls' buffers (the inputs, the outputs and any staged copies, held by the
    // caller for the whole timing) outlive every replay: the graph drops at the end of this
    // function, before the caller drops any of them.
    let replay = || unsafe { graph.replay() }.map_err(|e| e.to_string());
    replay()?;
    sync(device)?;
    let mut times = Vec::with_capacity(reps);
    for _ in 0..reps {
        let t = Instant::now();
        replay()?;
        sync(device)?;
        times.push(t.elapsed() / GPU_BATCH as u32);
    }
    Ok(Ok(median_ms(&mut times)))
}

fn bytes_of(inputs: &Tensors, outputs: &Tensors) -> usize {
    inputs
        .values()
        .chain(outputs.values())
        .map(|t| t.buffer.size_bytes())
        .sum()
}

/// Times `entry` on `inputs`; returns the timing, the bytes moved, the outputs and the extra
/// memory.
fn time_entry(
    device: &Device,
    entry: &EntryPoint,
    inputs: &Tensors,
    params: &Params,
    reps: usize,
    graph: bool,
) -> Result<(Timing, usize, Tensors, Option<f64>), String> {
    let mut outputs = Tensors::new();
    // An in-place entry's copies of the inputs it consumes, before anything is measured (see
    // the module doc).
    catching(|| entry.stage(device, inputs, &mut outputs))?;
    // The first call allocates its outputs: what it adds to the live bytes at its peak is the
    // entry's extra memory (as the peers' scripts measure theirs).
    let live = device.memory().ok().flatten().map(|m| m.live_bytes);
    device.reset_peak_memory();
    run_once(device, entry, inputs, params, &mut outputs)?;
    let peak_extra_mib = live
        .zip(device.memory().ok().flatten())
        .map(|(before, m)| m.peak_bytes.saturating_sub(before) as f64 / (1u64 << 20) as f64);
    let outputs = RefCell::new(outputs);
    let ms = time_calls(
        device,
        reps,
        graph,
        &mut || run_once(device, entry, inputs, params, &mut outputs.borrow_mut()),
        &mut || restage(device, entry, inputs, &mut outputs.borrow_mut()),
    )?;
    let outputs = outputs.into_inner();
    let bytes = bytes_of(inputs, &outputs);
    Ok((ms, bytes, outputs, peak_extra_mib))
}

/// One entry point as it was timed: what a `fwd+bwd` pair needs to call it again.
struct Timed {
    entry: &'static EntryPoint,
    inputs: Tensors,
    params: Params,
    outputs: Tensors,
    bytes: usize,
    shape: Vec<usize>,
}

/// The shape a measurement reports: `[lead.., rows, cols]`, except that an entry given a second
/// tensor beside `x` (`PortShape::KvLikeX`: RoPE's k beside q, one launch) reports both as one,
/// their head axes added (`[B, Hq + Hk, T, D]`, as the peers' RoPE rows do).
fn reported_shape(entry: &EntryPoint, inputs: &Tensors, args: &BenchArgs) -> Vec<usize> {
    let mut shape = args.shape();
    let second = entry
        .inputs
        .iter()
        .filter(|p| p.shape == PortShape::KvLikeX)
        .find_map(|p| inputs.get(p.name));
    if let (Some(t), true) = (second, shape.len() >= 4) {
        shape[1] += t.shape[1];
    }
    shape
}

/// Times `fwd` followed by `bwd`, each on its own inputs and reusing its own outputs.
fn time_pair(
    device: &Device,
    fwd: &mut Timed,
    bwd: &mut Timed,
    reps: usize,
    graph: bool,
) -> Result<Timing, String> {
    let pair = RefCell::new((fwd, bwd));
    time_calls(
        device,
        reps,
        graph,
        &mut || {
            let (fwd, bwd) = &mut *pair.borrow_mut();
            run_once(
                device,
                fwd.entry,
                &fwd.inputs,
                &fwd.params,
                &mut fwd.outputs,
            )?;
            run_once(
                device,
                bwd.entry,
                &bwd.inputs,
                &bwd.params,
                &mut bwd.outputs,
            )
        },
        &mut || {
            let (fwd, bwd) = &mut *pair.borrow_mut();
            restage(device, fwd.entry, &fwd.inputs, &mut fwd.outputs)?;
            restage(device, bwd.entry, &bwd.inputs, &mut bwd.outputs)
        },
    )
}

/// Drops the outputs of an entry's calls, so that the next call allocates them afresh (see
/// [`time_calls`]), and stages an in-place entry's copies of its inputs again.
fn restage(
    device: &Device,
    entry: &EntryPoint,
    inputs: &Tensors,
    outputs: &mut Tensors,
) -> Result<(), String> {
    outputs.clear();
    catching(|| entry.stage(device, inputs, outputs))
}

/// The entry points to time for `ops` (all registered when empty), grouped by operator in
/// registry order, forward first within an operator.
pub fn select(all: &[&'static EntryPoint], ops: &[String]) -> Vec<Vec<&'static EntryPoint>> {
    let mut groups: Vec<Vec<&'static EntryPoint>> = Vec::new();
    for &e in all {
        if !ops.is_empty() && !ops.iter().any(|o| o == e.op) {
            continue;
        }
        match groups.iter_mut().find(|g| g[0].op == e.op) {
            Some(g) => g.push(e),
            None => groups.push(vec![e]),
        }
    }
    for g in &mut groups {
        g.sort_by_key(|e| !e.name.ends_with(".forward"));
    }
    groups
}

/// The entry name of an operator's forward+backward pair, when `group` has both entry points.
pub fn pair_name(group: &[&'static EntryPoint]) -> Option<String> {
    let op = group.first()?.op;
    let has = |suffix: &str| group.iter().any(|e| e.name == format!("{op}.{suffix}"));
    (has("forward") && has("backward")).then(|| format!("{op}.forward+backward"))
}

/// The `NAME=VALUE` pairs of `params` that `entry` defines; a malformed pair is an error.
fn entry_params(entry: &EntryPoint, params: &[String]) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for p in params {
        let (name, value) = p
            .split_once('=')
            .ok_or_else(|| format!("parameter `{p}` is not NAME=VALUE"))?;
        if entry.params.iter().any(|d| d.name == name) {
            out.push((name.to_string(), value.to_string()));
        }
    }
    Ok(out)
}

/// Times every entry point of `groups`, and each operator's forward+backward pair where it has
/// both, calling `emit` with each measurement as it is taken and `fail` with each entry (or pair)
/// that cannot run. Returns the number of failures.
pub fn bench_groups(
    device: &Device,
    groups: &[Vec<&'static EntryPoint>],
    args: &BenchArgs,
    emit: &mut dyn FnMut(&Measurement),
    fail: &mut dyn FnMut(&str, &str),
) -> usize {
    let dtype = args.dtype.dtype();
    let mut rng = Rng::new(SEED);
    let mut failures = 0;
    let measure = |op: &str,
                   entry: &str,
                   mode: String,
                   shape: Vec<usize>,
                   (timing, peak_extra_mib): (Timing, Option<f64>),
                   bytes: usize,
                   rng: &mut Rng| {
        let Timing {
            ms,
            host_us,
            how,
            not_captured,
        } = timing;
        if let Some(why) = not_captured {
            eprintln!("note: {entry}: not captured into a CUDA graph ({why}); timed as launched");
        }
        let copy_ms = time_device_copy(device, bytes, args.reps, args.cuda_graph, rng)
            .map_err(|e| format!("timing the copy: {e}"))?;
        Ok(Measurement {
            op: op.to_string(),
            entry: entry.to_string(),
            mode,
            dtype: dtype.to_string(),
            shape,
            bytes,
            ms,
            gbps: gb_per_s(bytes, ms),
            copy_ms,
            copy_gbps: gb_per_s(bytes, copy_ms),
            x_copy: if copy_ms > 0.0 {
                ms / copy_ms
            } else {
                f64::INFINITY
            },
            peak_extra_mib,
            device: device.label(),
            host_us,
            timing: how.to_string(),
        })
    };
    for group in groups {
        let mut pool = Tensors::new();
        let mut timed: Vec<Timed> = Vec::new();
        for &entry in group {
            let mut inputs = Tensors::new();
            let mut generated = Ok(());
            for port in entry.inputs {
                let named = |list: &[String]| list.iter().any(|o| o == port.name);
                if port.optional && (named(&args.omit) || !port.common && !named(&args.with)) {
                    continue;
                }
                let t = match pool.get(port.name) {
                    Some(t) => t.clone(),
                    None => match generate(
                        port.shape,
                        &args.lead,
                        args.rows,
                        args.cols,
                        args.out_cols.unwrap_or(args.cols),
                        dtype,
                        &mut rng,
                    )
                    .and_then(|t| Ok(device.to_device(&t)?))
                    {
                        Ok(t) => {
                            pool.insert(port.name.to_string(), t.clone());
                            t
                        }
                        Err(e) => {
                            generated = Err(e.to_string());
                            break;
                        }
                    },
                };
                inputs.insert(port.name.to_string(), t);
            }
            let result = generated
                .and_then(|()| {
                    let pairs = entry_params(entry, &args.params)?;
                    entry.params(&pairs).map_err(|e| e.to_string())
                })
                .and_then(|params| {
                    time_entry(device, entry, &inputs, &params, args.reps, args.cuda_graph)
                        .map(|(ms, bytes, outputs, peak)| ((ms, peak), bytes, outputs, params))
                });
            let shape = reported_shape(entry, &inputs, args);
            let result = result.and_then(|(timing, bytes, outputs, params)| {
                let m = measure(
                    entry.op,
                    entry.name,
                    mode_of(entry.name),
                    shape.clone(),
                    timing,
                    bytes,
                    &mut rng,
                )?;
                Ok((m, bytes, outputs, params))
            });
            match result {
                Ok((m, bytes, outputs, params)) => {
                    emit(&m);
                    for (name, t) in &outputs {
                        pool.entry(name.clone()).or_insert_with(|| t.clone());
                    }
                    timed.push(Timed {
                        entry,
                        inputs,
                        params,
                        outputs,
                        bytes,
                        shape,
                    });
                }
                Err(message) => {
                    failures += 1;
                    fail(entry.name, &message);
                }
            }
        }
        let Some(name) = pair_name(group) else {
            continue;
        };
        let op = group[0].op;
        let position = |suffix: &str| {
            timed
                .iter()
                .position(|t| t.entry.name == format!("{op}.{suffix}"))
        };
        // When the forward or backward failed alone, that failure is already reported.
        let (Some(f), Some(b)) = (position("forward"), position("backward")) else {
            continue;
        };
        let (fwd, bwd) = if f < b {
            let (lo, hi) = timed.split_at_mut(b);
            (&mut lo[f], &mut hi[0])
        } else {
            let (lo, hi) = timed.split_at_mut(f);
            (&mut hi[0], &mut lo[b])
        };
        let bytes = fwd.bytes + bwd.bytes;
        let shape = fwd.shape.clone();
        let result = time_pair(device, fwd, bwd, args.reps, args.cuda_graph).and_then(|ms| {
            measure(
                op,
                &name,
                "fwd+bwd".into(),
                shape,
                (ms, None),
                bytes,
                &mut rng,
            )
        });
        match result {
            Ok(m) => emit(&m),
            Err(message) => {
                failures += 1;
                fail(&name, &message);
            }
        }
    }
    failures
}

/// `metile bench`.
pub fn bench(device: &Device, args: &BenchArgs) -> Result<u8, CliError> {
    if args.rows == 0 || args.cols == 0 {
        return Err(CliError::new("--rows and --cols must be at least 1"));
    }
    if args.reps == 0 {
        return Err(CliError::new("--reps must be at least 1"));
    }
    if args.lead.contains(&0) {
        return Err(CliError::new("--lead axes must be at least 1"));
    }
    args.shape()
        .iter()
        .try_fold(8usize, |n, &d| n.checked_mul(d))
        .ok_or_else(|| CliError::new("--lead x --rows x --cols is too large"))?;
    crate::check::validate_ops(&args.ops)?;
    let all = registry::entry_points();
    for op in &args.ops {
        if !all.iter().any(|e| e.op == op.as_str()) {
            eprintln!("note: operator `{op}` has no registered entry points; skipped");
        }
    }
    if args.cuda_graph {
        if device.is_cpu() {
            eprintln!("note: --cuda-graph times calls on a GPU; the cpu's are timed as run");
        } else {
            // SAFETY: `bench` queues all its work on the device's own stream and opens no
            // stream scopes, so the buffers it allocates from here on need no events to order
            // their uses (and events would keep the calls from being captured).
            unsafe { device.disable_event_tracking() };
        }
    }
    let groups = select(&all, &args.ops);
    if groups.is_empty() {
        eprintln!("note: no registered entry points to time");
        return Ok(0);
    }
    let width = groups
        .iter()
        .flat_map(|g| g.iter().map(|e| e.name.to_string()).chain(pair_name(g)))
        .map(|n| n.len())
        .max()
        .unwrap_or(0)
        .max("entry".len());
    let mode_w = groups
        .iter()
        .flat_map(|g| g.iter().map(|e| mode_of(e.name).len()))
        .max()
        .unwrap_or(0)
        .max("fwd+bwd".len());
    let shape_text = |shape: &[usize]| {
        shape
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join("x")
    };
    // Room for a pair's combined head axis (`reported_shape`) too.
    let shape_w = shape_text(&args.shape()).len().max("shape".len()) + 2;
    if !args.json {
        outln!(
            "{:<width$}  {:<mode_w$}  {:<5}  {:<shape_w$}  {:>10}  {:>8}  {:>10}  {:>8}",
            "entry",
            "mode",
            "dtype",
            "shape",
            "ms",
            "GB/s",
            "copy ms",
            "x copy"
        );
    }
    let json = args.json;
    let mut emit = |m: &Measurement| {
        if json {
            match serde_json::to_string(m) {
                Ok(line) => outln!("{line}"),
                Err(e) => eprintln!("error: cannot serialise a measurement: {e}"),
            }
        } else {
            outln!(
                "{:<width$}  {:<mode_w$}  {:<5}  {:<shape_w$}  {:>10.3}  {:>8.2}  {:>10.3}  {:>8.2}",
                m.entry,
                m.mode,
                m.dtype,
                shape_text(&m.shape),
                m.ms,
                m.gbps,
                m.copy_ms,
                m.x_copy
            );
        }
    };
    // Library errors already name their entry point; others get it in front.
    let mut fail = |entry: &str, message: &str| {
        if message.starts_with(entry) {
            eprintln!("error: {message}");
        } else {
            eprintln!("error: {entry}: {message}");
        }
    };
    let failures = bench_groups(device, &groups, args, &mut emit, &mut fail);
    Ok(if failures == 0 { 0 } else { EXIT_FAILURES })
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use metile_kernels::registry::{port, Port};

    use super::*;
    use crate::cli::FloatDType;
    use crate::testing::{FAKE_FORWARD, PANICKING};

    fn args(dtype: FloatDType) -> BenchArgs {
        BenchArgs {
            ops: vec![],
            rows: 4,
            cols: 8,
            lead: vec![],
            dtype,
            reps: 3,
            json: false,
            out_cols: None,
            omit: vec![],
            with: vec![],
            params: vec![],
            cuda_graph: false,
        }
    }

    #[test]
    fn median_of_odd_and_even() {
        let ms = Duration::from_millis;
        assert_eq!(median_ms(&mut [ms(3), ms(1), ms(2)]), 2.0);
        assert_eq!(median_ms(&mut [ms(4), ms(1), ms(2), ms(3)]), 2.5);
        assert_eq!(median_ms(&mut []), 0.0);
    }

    #[test]
    fn normal_values_repeat_and_differ_by_chunk() {
        let n = 2 * NORMAL_CHUNK + 5;
        let a = normal_values(n, &mut Rng::new(3));
        assert_eq!(a, normal_values(n, &mut Rng::new(3)));
        assert_ne!(a, normal_values(n, &mut Rng::new(4)));
        // Chunks are not copies of one another, and the values look standard normal.
        assert_ne!(a[..16], a[NORMAL_CHUNK..NORMAL_CHUNK + 16]);
        let mean = a.iter().map(|v| *v as f64).sum::<f64>() / n as f64;
        let var = a.iter().map(|v| (*v as f64 - mean).powi(2)).sum::<f64>() / n as f64;
        assert!(
            mean.abs() < 0.01 && (var - 1.0).abs() < 0.02,
            "{mean} {var}"
        );
    }

    #[test]
    fn generates_port_shapes() {
        let mut rng = Rng::new(1);
        let g = |s, rng: &mut Rng| generate(s, &[], 3, 5, 5, metile_ir::DType::BF16, rng).unwrap();
        assert_eq!(g(PortShape::LikeX, &mut rng).shape, vec![3, 5]);
        assert_eq!(g(PortShape::Cols, &mut rng).shape, vec![5]);
        let r = g(PortShape::Rows, &mut rng);
        assert_eq!(
            (r.shape.clone(), r.dtype()),
            (vec![3], metile_ir::DType::BF16)
        );
        // A projection's output width is its own: weights [N, cols], outputs [rows, N], classes
        // below N.
        let p = |s, rng: &mut Rng| generate(s, &[], 3, 5, 7, metile_ir::DType::F32, rng).unwrap();
        assert_eq!(p(PortShape::Weight, &mut rng).shape, vec![7, 5]);
        assert_eq!(p(PortShape::BackWeight, &mut rng).shape, vec![5, 7]);
        assert_eq!(p(PortShape::LikeOut, &mut rng).shape, vec![3, 7]);
        assert_eq!(p(PortShape::OutCols, &mut rng).shape, vec![7]);
        let ids = p(PortShape::Classes, &mut rng).buffer.to_i64().unwrap();
        assert!(ids.iter().all(|&i| (0..7).contains(&i)));
        // GRPO's sequences: one without leading axes, their product with them; ids below cols.
        assert_eq!(g(PortShape::SequenceLogits, &mut rng).shape, vec![1, 3, 5]);
        assert_eq!(g(PortShape::Tokens, &mut rng).shape, vec![1, 2]);
        assert_eq!(g(PortShape::Sequences, &mut rng).shape, vec![1]);
        let led =
            |s, rng: &mut Rng| generate(s, &[2, 4], 3, 5, 7, metile_ir::DType::F32, rng).unwrap();
        assert_eq!(
            led(PortShape::SequenceLogits, &mut rng).shape,
            vec![8, 3, 5]
        );
        let token_ids = led(PortShape::TokenIds, &mut rng);
        assert_eq!(token_ids.shape, vec![8, 2]);
        assert!(token_ids
            .buffer
            .to_i64()
            .unwrap()
            .iter()
            .all(|&i| (0..5).contains(&i)));
    }

    #[test]
    fn leading_axes_shape_rows_not_tables() {
        let mut rng = Rng::new(2);
        let g =
            |s, rng: &mut Rng| generate(s, &[2, 4], 3, 6, 6, metile_ir::DType::F32, rng).unwrap();
        assert_eq!(g(PortShape::LikeX, &mut rng).shape, vec![2, 4, 3, 6]);
        assert_eq!(g(PortShape::Rows, &mut rng).shape, vec![2, 4, 3]);
        assert_eq!(g(PortShape::RowIds, &mut rng).shape, vec![2, 4, 3]);
        // RoPE's tables and position ids are per time step: [1, T, R] and [T].
        assert_eq!(g(PortShape::Table, &mut rng).shape, vec![1, 3, 6]);
        let pos = g(PortShape::Positions, &mut rng);
        assert_eq!(pos.shape, vec![3]);
        assert!(pos
            .buffer
            .to_i64()
            .unwrap()
            .iter()
            .all(|&i| (0..3).contains(&i)));
    }

    #[test]
    fn bench_refuses_an_empty_leading_axis() {
        let mut a = args(FloatDType::F32);
        a.lead = vec![2, 0];
        let e = bench(&Device::cpu(), &a).unwrap_err();
        assert!(e.to_string().contains("--lead"), "{e}");
    }

    #[test]
    fn selects_by_op_forward_first() {
        static BACKWARD: EntryPoint = EntryPoint {
            name: "rms_norm.backward",
            op: "rms_norm",
            inputs: &[],
            outputs: &[],
            params: &[],
            overwrites: &[],
            run: |_, _, _, _| Ok(()),
        };
        let all: Vec<&'static EntryPoint> = vec![&BACKWARD, &PANICKING, &FAKE_FORWARD];
        let groups = select(&all, &[]);
        let names: Vec<Vec<&str>> = groups
            .iter()
            .map(|g| g.iter().map(|e| e.name).collect())
            .collect();
        assert_eq!(
            names,
            vec![
                vec!["rms_norm.forward", "rms_norm.backward"],
                vec!["softmax.forward"]
            ]
        );
        assert_eq!(select(&all, &["softmax".into()]).len(), 1);
        assert!(select(&all, &["layer_norm".into()]).is_empty());
    }

    #[test]
    fn times_entries_and_counts_bytes() {
        let groups = vec![vec![&FAKE_FORWARD], vec![&PANICKING]];
        for (dtype, size) in [(FloatDType::F32, 4), (FloatDType::Bf16, 2)] {
            let mut got = Vec::new();
            let mut failed = Vec::new();
            let n = bench_groups(
                &Device::cpu(),
                &groups,
                &args(dtype),
                &mut |m| got.push(m.clone()),
                &mut |e, msg| failed.push(format!("{e}: {msg}")),
            );
            assert_eq!(n, 1);
            assert!(
                failed[0].contains("softmax.forward: panicked"),
                "{failed:?}"
            );
            assert_eq!(got.len(), 1);
            let m = &got[0];
            assert_eq!(m.entry, "rms_norm.forward");
            assert_eq!((m.op.as_str(), m.mode.as_str()), ("rms_norm", "fwd"));
            assert_eq!(m.device, "cpu");
            assert_eq!(m.host_us, None, "on the cpu a call is all host time");
            assert_eq!(m.shape, [4, 8]);
            // x (32), weight (8) and the optional bias (8) in the storage dtype, y (32) likewise,
            // rowsum (4) in f32.
            assert_eq!(m.bytes, (32 + 8 + 8 + 32) * size + 4 * 4);
            assert!(m.ms >= 0.0 && m.copy_ms >= 0.0 && m.x_copy >= 0.0);
            let line = serde_json::to_string(m).unwrap();
            let v: serde_json::Value = serde_json::from_str(&line).unwrap();
            assert_eq!(v["entry"], "rms_norm.forward");
            assert_eq!(v["shape"], serde_json::json!([4, 8]));
            for key in [
                "op", "entry", "mode", "dtype", "shape", "ms", "gbps", "copy_ms", "x_copy",
                "bytes", "device",
            ] {
                assert!(!v[key].is_null(), "no `{key}` in {line}");
            }
        }
    }

    static BACKWARD_CALLS: AtomicUsize = AtomicUsize::new(0);

    const PORT_X: Port = port("x", PortShape::LikeX, false, "");
    const PORT_DY: Port = port("dy", PortShape::LikeX, false, "");
    const PORT_ROWSUM: Port = port("rowsum", PortShape::Rows, false, "");
    const PORT_DX: Port = port("dx", PortShape::LikeX, false, "");

    /// `dx = x * dy`, counting its calls; `rowsum` comes from the forward's output of that name.
    fn fake_backward_run(
        _: &Device,
        inputs: &Tensors,
        _: &Params,
        outputs: &mut Tensors,
    ) -> Result<(), OpError> {
        BACKWARD_CALLS.fetch_add(1, Ordering::Relaxed);
        let (x, dy) = (&inputs["x"], &inputs["dy"]);
        let dx: Vec<f32> = x
            .to_f32()?
            .iter()
            .zip(dy.to_f32()?)
            .map(|(a, b)| a * b)
            .collect();
        outputs.insert("dx".into(), Tensor::from_f32(x.dtype(), &x.shape, &dx)?);
        Ok(())
    }

    static FAKE_BACKWARD: EntryPoint = EntryPoint {
        name: "rms_norm.backward",
        op: "rms_norm",
        inputs: &[PORT_X, PORT_ROWSUM, PORT_DY],
        outputs: &[PORT_DX],
        params: &[],
        overwrites: &[],
        run: fake_backward_run,
    };

    static FAILING_BACKWARD: EntryPoint = EntryPoint {
        name: "rms_norm.backward",
        op: "rms_norm",
        inputs: &[PORT_DY],
        outputs: &[PORT_DX],
        params: &[],
        overwrites: &[],
        run: |_, _, _, _| {
            Err(OpError::MissingInput {
                entry: "rms_norm.backward".into(),
                name: "nothing".into(),
            })
        },
    };

    #[test]
    fn rare_inputs_are_timed_only_when_named() {
        let all = registry::entry_points();
        let ce = *all
            .iter()
            .find(|e| e.name == "cross_entropy.forward")
            .unwrap();
        let bytes = |with: &[&str], omit: &[&str]| {
            let mut a = args(FloatDType::F32);
            a.with = with.iter().map(|s| s.to_string()).collect();
            a.omit = omit.iter().map(|s| s.to_string()).collect();
            let (mut got, mut failed) = (Vec::new(), Vec::new());
            bench_groups(
                &Device::cpu(),
                &[vec![ce]],
                &a,
                &mut |m| got.push(m.bytes),
                &mut |e, msg| failed.push(format!("{e}: {msg}")),
            );
            assert!(failed.is_empty(), "{failed:?}");
            got[0]
        };
        // The class weights (`[cols]` f32) are outside the common use: only with `--with`,
        // and `--omit` still wins.
        assert_eq!(bytes(&["weight"], &[]), bytes(&[], &[]) + 8 * 4);
        assert_eq!(bytes(&["weight"], &["weight"]), bytes(&[], &[]));
    }

    #[test]
    fn params_go_only_to_entries_that_define_them() {
        let all = registry::entry_points();
        let ce = all
            .iter()
            .find(|e| e.name == "cross_entropy.forward")
            .unwrap();
        let rms = all.iter().find(|e| e.name == "rms_norm.forward").unwrap();
        let given = vec!["reduction=sum".to_string(), "eps=1e-3".to_string()];
        assert_eq!(
            entry_params(ce, &given).unwrap(),
            vec![("reduction".to_string(), "sum".to_string())]
        );
        assert_eq!(
            entry_params(rms, &given).unwrap(),
            vec![("eps".to_string(), "1e-3".to_string())]
        );
        assert!(entry_params(rms, &["eps".to_string()]).is_err());
    }

    #[test]
    fn modes_of_entry_names() {
        assert_eq!(mode_of("rms_norm.forward"), "fwd");
        assert_eq!(mode_of("rms_norm.backward"), "bwd");
        assert_eq!(mode_of("softmax.other"), "other");
        assert_eq!(mode_of("plain"), "plain");
        assert_eq!(
            pair_name(&[&FAKE_FORWARD, &FAKE_BACKWARD]).as_deref(),
            Some("rms_norm.forward+backward")
        );
        assert_eq!(pair_name(&[&FAKE_FORWARD]), None);
        assert_eq!(pair_name(&[&PANICKING]), None);
        assert_eq!(pair_name(&[]), None);
    }

    #[test]
    fn times_forward_then_backward_as_fwd_bwd() {
        // Backward listed first: `select` orders forward first, and the pair must not depend on it.
        let groups = select(
            &[&FAKE_BACKWARD, &FAKE_FORWARD, &PANICKING],
            &["rms_norm".into()],
        );
        let args = args(FloatDType::Bf16);
        let mut got = Vec::new();
        let mut failed = Vec::new();
        let before = BACKWARD_CALLS.load(Ordering::Relaxed);
        let n = bench_groups(
            &Device::cpu(),
            &groups,
            &args,
            &mut |m| got.push(m.clone()),
            &mut |e, msg| failed.push(format!("{e}: {msg}")),
        );
        assert_eq!((n, failed.len()), (0, 0), "{failed:?}");
        // Alone: one allocating call, the warm-ups and the reps; then the pair: warm-ups and reps.
        assert_eq!(
            BACKWARD_CALLS.load(Ordering::Relaxed) - before,
            1 + 2 * (WARMUPS + args.reps)
        );
        let modes: Vec<(&str, &str)> = got
            .iter()
            .map(|m| (m.entry.as_str(), m.mode.as_str()))
            .collect();
        assert_eq!(
            modes,
            vec![
                ("rms_norm.forward", "fwd"),
                ("rms_norm.backward", "bwd"),
                ("rms_norm.forward+backward", "fwd+bwd"),
            ]
        );
        // Forward: x, weight, bias, y (32, 8, 8, 32 in bf16) and rowsum (4 in f32). Backward: x,
        // dy, dx in bf16 and the forward's rowsum (f32).
        let (fwd, bwd) = ((32 + 8 + 8 + 32) * 2 + 4 * 4, 3 * 32 * 2 + 4 * 4);
        assert_eq!((got[0].bytes, got[1].bytes), (fwd, bwd));
        let pair = &got[2];
        assert_eq!(pair.bytes, fwd + bwd);
        assert_eq!(
            (pair.op.as_str(), pair.dtype.as_str()),
            ("rms_norm", "bf16")
        );
        assert_eq!(
            (pair.shape.as_slice(), pair.device.as_str()),
            (&[4, 8][..], "cpu")
        );
        assert!(pair.ms >= 0.0 && pair.copy_ms >= 0.0 && pair.x_copy >= 0.0);
        let v: serde_json::Value =
            serde_json::from_str(&serde_json::to_string(pair).unwrap()).unwrap();
        assert_eq!(v["mode"], "fwd+bwd");
        assert_eq!(v["entry"], "rms_norm.forward+backward");
    }

    #[test]
    fn no_pair_when_the_backward_fails() {
        let groups = vec![vec![&FAKE_FORWARD, &FAILING_BACKWARD]];
        let mut got = Vec::new();
        let mut failed = Vec::new();
        let n = bench_groups(
            &Device::cpu(),
            &groups,
            &args(FloatDType::F32),
            &mut |m| got.push(m.mode.clone()),
            &mut |e, msg| failed.push(format!("{e}: {msg}")),
        );
        assert_eq!(n, 1);
        assert_eq!(got, vec!["fwd"]);
        assert!(failed[0].starts_with("rms_norm.backward: "), "{failed:?}");
    }

    /// What each call of [`FAKE_IN_PLACE`] found in the buffer it writes over.
    static IN_PLACE_SEEN: std::sync::Mutex<Vec<Vec<f32>>> = std::sync::Mutex::new(Vec::new());

    /// Adds 1 to `x` in place (its output `dx` is `x`'s buffer), recording what it found there.
    static FAKE_IN_PLACE: EntryPoint = EntryPoint {
        name: "rms_norm.in_place_backward",
        op: "rms_norm",
        inputs: &[PORT_X],
        outputs: &[PORT_DX],
        params: &[],
        overwrites: &[registry::Overwrite {
            input: "x",
            output: "dx",
        }],
        run: |_, _, _, out| {
            registry::write_over(
                "rms_norm.in_place_backward",
                out,
                &[FAKE_IN_PLACE.overwrites[0]],
                |[g]| {
                    let found = g.to_f32()?;
                    let next: Vec<f32> = found.iter().map(|v| v + 1.0).collect();
                    g.buffer.copy_from(&Buffer::from_f32(g.dtype(), &next)?)?;
                    IN_PLACE_SEEN.lock().unwrap().push(found);
                    Ok(())
                },
            )
        },
    };

    /// An in-place entry's input is copied once, before its first call: every later call
    /// (warm-ups and timed ones) writes over the previous call's outputs with no copy in
    /// between, and the caller's input is left alone.
    #[test]
    fn in_place_entries_are_staged_once_outside_the_timing() {
        let d = Device::cpu();
        let x: Vec<f32> = (0..32).map(|i| i as f32 * 0.25 - 3.0).collect();
        let mut inputs = Tensors::new();
        inputs.insert(
            "x".into(),
            Tensor::from_f32(metile_ir::DType::F32, &[4, 8], &x).unwrap(),
        );
        let before = inputs.clone();
        let params = FAKE_IN_PLACE.params(&[]).unwrap();
        let (_, bytes, outputs, _) =
            time_entry(&d, &FAKE_IN_PLACE, &inputs, &params, 3, false).unwrap();
        let seen = std::mem::take(&mut *IN_PLACE_SEEN.lock().unwrap());
        // The allocating call, the warm-ups, then one call per repetition (a batch of 1 on the
        // cpu).
        assert_eq!(seen.len(), 1 + WARMUPS + 3);
        for (k, found) in seen.iter().enumerate() {
            let want: Vec<f32> = x.iter().map(|v| v + k as f32).collect();
            assert_eq!(found, &want, "call {k} finds the previous call's output");
        }
        let last: Vec<f32> = x.iter().map(|v| v + seen.len() as f32).collect();
        assert_eq!(outputs["dx"].to_f32().unwrap(), last);
        assert_eq!(inputs, before, "the caller's input is not written");
        assert_eq!(bytes, 2 * 32 * 4, "x read once, dx written once");
    }

    /// After a failed graph capture, `restage` leaves only fresh copies of an in-place entry's
    /// inputs (whatever the calls had written, and any other output, is gone).
    #[test]
    fn restage_drops_outputs_and_copies_the_inputs_again() {
        let d = Device::cpu();
        let x: Vec<f32> = (0..8).map(|i| i as f32 - 2.5).collect();
        let mut inputs = Tensors::new();
        inputs.insert(
            "x".into(),
            Tensor::from_f32(metile_ir::DType::F32, &[2, 4], &x).unwrap(),
        );
        let junk = || Tensor::from_f32(metile_ir::DType::F32, &[2, 4], &[9.0; 8]).unwrap();
        let mut outputs = Tensors::new();
        outputs.insert("dx".into(), junk());
        outputs.insert("other".into(), junk());
        restage(&d, &FAKE_IN_PLACE, &inputs, &mut outputs).unwrap();
        assert_eq!(outputs.keys().collect::<Vec<_>>(), ["dx"]);
        assert_eq!(outputs["dx"].to_f32().unwrap(), x);
        let mut plain = Tensors::new();
        plain.insert("y".into(), junk());
        restage(&d, &FAKE_FORWARD, &inputs, &mut plain).unwrap();
        assert!(
            plain.is_empty(),
            "an entry that writes no input keeps nothing"
        );
    }

    #[test]
    fn copy_timing_runs() {
        let mut rng = Rng::new(2);
        assert!(time_copy(1 << 16, 3, &mut rng) >= 0.0);
        assert!(time_copy(0, 1, &mut rng) >= 0.0);
    }
}
