//! `Device::capture` of the device's own stream with owned (pool) buffers, as `metile bench
//! --cuda-graph` uses it: event tracking off (process-wide, hence a test binary of its own, and
//! one test, so that no other test's work lands on the stream being captured).
//!
//! Without a GPU the test prints "skipping: no CUDA device (<reason>)" and passes.

#![allow(clippy::panic, clippy::print_stdout)]

use std::sync::Arc;

use metile_ir::DType;
use metile_lang::trace;
use metile_runtime::{Arg, Buffer, Compiled, Device, DeviceGraph, Error};

fn ok<T, E: std::fmt::Display>(r: Result<T, E>, what: &str) -> T {
    r.unwrap_or_else(|e| panic!("{what}: {e}"))
}

/// `y = 2 x + 1` over `n` elements, 256 per program.
fn affine(dev: &Device) -> Arc<Compiled> {
    let k = trace("capture_affine", |k| {
        let x = k.input("x", DType::F32);
        let y = k.output("y", DType::F32);
        let n = k.scalar("n", DType::I32);
        let i = k.program_id(0) * 256 + k.arange(0, 256);
        let m = i.lt(n);
        y.store_masked(i, x.load_masked(i, m, 0.0) * 2.0 + 1.0, m);
    });
    ok(
        dev.compile_verified("capture_affine", ok(k, "trace")),
        "compile",
    )
}

fn launch(dev: &Device, k: &Compiled, x: &Buffer, y: &mut Buffer) -> metile_runtime::Result<()> {
    let n = x.len();
    let mut args = [Arg::In(x), Arg::Out(y), Arg::I32(n as i32)];
    dev.launch(k, [n.div_ceil(256) as u32, 1, 1], &mut args)
}

fn upload(dev: &Device, v: &[f32]) -> Buffer {
    ok(
        dev.upload(&ok(Buffer::from_f32(DType::F32, v), "host")),
        "upload",
    )
}

/// Replays `graph` `times` times, waiting after each.
fn replay(dev: &Device, graph: &DeviceGraph, times: usize) {
    for _ in 0..times {
        // SAFETY: every buffer the test's captured work uses is alive until after the replays.
        ok(unsafe { graph.replay() }, "replay");
        ok(dev.synchronize(), "synchronize");
    }
}

/// One test (see the module doc):
/// - a pool buffer made before the capture and dropped inside it stays allocated while the
///   graph lives, and replays (three, so that a free recorded into the graph would run twice)
///   give the right values; that graph dropped inside a second capture leaves it replayable;
/// - scratch allocated and freed inside the capture is recorded with it, replayed three times
///   on new inputs;
/// - a pool buffer kept past the capture fails it with `Error::Device`, a host read fails it
///   with `Error::Cuda`, a panic inside it unwinds out: after each, the device works.
#[test]
fn own_stream_capture_with_pool_buffers() {
    let dev = match Device::cuda() {
        Ok(d) => d,
        Err(e) => {
            println!("skipping: no CUDA device ({e})");
            return;
        }
    };
    // SAFETY: this process queues all its work on the device's own stream (one test, no
    // stream scopes).
    unsafe { dev.disable_event_tracking() };
    let k = affine(&dev);
    let n = 1000;
    let xs: Vec<f32> = (0..n).map(|i| (i as f32 * 0.013).cos()).collect();
    let want = |xs: &[f32]| xs.iter().map(|v| v * 2.0 + 1.0).collect::<Vec<f32>>();
    let mut x = upload(&dev, &xs);
    let mut y = upload(&dev, &vec![f32::NAN; n]);

    // Memory released inside the capture, which the captured work reads, is kept by the graph:
    // a buffer of the same size allocated afterwards (which would take a freed block) and
    // filled with other values does not change what the replays compute.
    let early = upload(&dev, &xs);
    let (launched, graph) = ok(
        dev.capture(|| {
            let launched = launch(&dev, &k, &early, &mut y);
            drop(early);
            launched
        }),
        "capture with a buffer released inside",
    );
    ok(launched, "the captured launch");
    assert!(
        ok(y.to_f32(), "read before the replay")
            .iter()
            .all(|v| v.is_nan()),
        "nothing runs before the replay"
    );
    let other = upload(&dev, &vec![-9.0; n]);
    replay(&dev, &graph, 3);
    assert_eq!(ok(y.to_f32(), "read"), want(&xs));
    // That graph dropped inside another capture: it is destroyed and its memory freed after
    // that capture, not inside it (destroying a graph there invalidated the capture on the
    // H200), and the second graph replays alone.
    let (launched, second) = ok(
        dev.capture(|| {
            drop(graph);
            launch(&dev, &k, &x, &mut y)
        }),
        "capture dropping a graph",
    );
    ok(launched, "the second graph's launch");
    replay(&dev, &second, 2);
    assert_eq!(ok(y.to_f32(), "read"), want(&xs));
    drop((second, other));

    // Scratch inside the capture: y = affine(affine(x)) through a temporary.
    let (queued, graph) = ok(
        dev.capture(|| -> metile_runtime::Result<()> {
            let mut t = dev.unfilled(DType::F32, n)?;
            launch(&dev, &k, &x, &mut t)?;
            launch(&dev, &k, &t, &mut y)
        }),
        "capture with scratch",
    );
    ok(queued, "the captured calls");
    for round in 0..3 {
        let xs2: Vec<f32> = xs.iter().map(|v| v - round as f32).collect();
        ok(
            x.copy_from(&ok(Buffer::from_f32(DType::F32, &xs2), "host")),
            "new x",
        );
        replay(&dev, &graph, 1);
        assert_eq!(ok(y.to_f32(), "read"), want(&want(&xs2)), "round {round}");
    }
    drop(graph);

    // Failures leave the device working.
    let kept = dev.capture(|| -> metile_runtime::Result<Buffer> {
        let mut t = dev.unfilled(DType::F32, n)?;
        launch(&dev, &k, &x, &mut t)?;
        Ok(t)
    });
    match kept {
        Err(Error::Device { message, .. }) => assert!(message.contains("outlive"), "{message}"),
        Err(e) => panic!("a buffer kept past the capture must fail it with Error::Device: {e}"),
        Ok((r, _)) => panic!("a buffer kept past the capture must fail it; it gave {r:?}"),
    }
    match dev.capture(|| y.to_f32()) {
        Err(Error::Cuda { .. }) => {}
        other => panic!(
            "a host read must fail the capture, got {:?}",
            other.map(|r| r.0)
        ),
    }
    let unwound = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        dev.capture(|| {
            let _scratch = dev.unfilled(DType::F32, n);
            panic!("unwinding out of a capture on purpose")
        })
    }));
    assert!(unwound.is_err(), "the panic unwinds out of the capture");
    ok(launch(&dev, &k, &x, &mut y), "a launch after the failures");
    let after = ok(dev.zeros(DType::F32, 8), "an allocation after the failures");
    assert_eq!(ok(after.to_f32(), "read"), vec![0.0; 8]);
    assert_eq!(ok(y.to_f32(), "read"), want(&ok(x.to_f32(), "x")));
}
