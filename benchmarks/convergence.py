#!/usr/bin/env python3
"""Convergence of a small Llama trained with and without metile patching (issue 6, item 5).

One randomly initialised ``transformers`` LlamaForCausalLM (default: 4 layers, hidden 256, 4
heads, 2 KV heads, intermediate 688, vocabulary 32000, sequence 512, batch 8) is trained for
``--steps`` AdamW steps from the same initial weights on the same batches (byte windows of
crates/train/data/corpus.txt, one token per byte), once per *way*, in one process:

  torch       unpatched (HF's modules, SDPA attention): the reference;
  control     unpatched with HF's eager attention: two correct PyTorch implementations of the same
              model, whose drift apart is the rounding-level noise floor any patch is judged beside;
  metile      ``metile.torch.apply(model)`` (RMSNorm, SwiGLU MLP, RoPE, fused linear CE), undone after;
  liger       Liger-Kernel's ``apply_liger_kernel_to_llama`` (rope, rms_norm, swiglu, fused linear
              CE), run last because it patches HF's modeling module (restored afterwards); skipped
              with a note when liger_kernel does not import or its patch fails.

Precision (``--precision``): ``bf16`` (default on CUDA) casts the model to bfloat16 and runs
AdamW on bf16 parameters, as Liger-Kernel's bf16 convergence tests do; ``amp`` keeps FP32
parameters and runs the forward under ``torch.autocast(bfloat16)``; ``f32`` (default on CPU) is
FP32 throughout. In ``bf16``, weights of magnitude 1 (the norm weights) have a unit in the last
place of 2^-7, so AdamW updates (about lr per step) below half of it are rounded away at
lr < 3.9e-3: the norm weights' gradients are not exercised by the parameter comparison there;
``amp`` exercises them.

Measured per way: the loss of every step; the step time (forward, backward and optimizer step,
bracketed by torch.cuda.synchronize; the median after ``--warmup`` steps); the peak memory
(torch.cuda.max_memory_allocated over training, model and optimizer state included).

Compared against ``torch`` (the tolerances are Liger-Kernel's own convergence-test tolerances,
test/convergence/{bf16,fp32}/test_mini_models.py, mini_llama3 row, there over 32 steps at lr 1e-4):

- loss: every step's |L - L_torch| <= atol + rtol |L_torch|. bf16/amp: atol 1e-3, rtol 1e-2
  (rtol is 2.6 bf16 unit roundoffs, 2^-8; the loss is an FP32 mean over 4096 tokens, so one
  rounding-level difference in a kernel moves it by far less, but trajectories in bf16 decorrelate
  over steps); f32: atol 1e-8, rtol 2e-5 (about 170 FP32 unit roundoffs, for a mean over
  thousands of terms summed in a different order). Judged over the first 32 steps (Liger's test)
  and over all steps.
- parameters after the last step: every element within atol + rtol |p_torch| (bf16/amp: 1e-2,
  1e-2; f32: 5e-3, 1e-5, Liger's), and the relative norm ||p - p_torch|| / ||p_torch|| over all
  parameters and for the worst tensor (reported, no threshold of its own).

The ``control`` row shows where PyTorch itself falls on the same criteria; if it fails them too,
the run is longer or its learning rate larger than the tolerances were made for, and only the
comparison with the control (and with Liger) says anything.

Output: one compact table on stdout and JSON (per-step losses and times, summaries, comparisons)
to ``--json`` (default ``$OUT/convergence.json`` when $OUT is set). Exit status 0 whatever the
verdicts (the JSON carries them); 2 on a usage error.

H200:  python3 benchmarks/convergence.py                       (200 steps, bf16)
CPU smoke test (seconds):  python3 benchmarks/convergence.py --device cpu --steps 5 --tiny
"""

import argparse
import cProfile
import json
import math
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

import torch

CORPUS = Path(__file__).resolve().parent.parent / "crates" / "train" / "data" / "corpus.txt"
TOLERANCES = {  # precision: (loss atol, loss rtol, param atol, param rtol), Liger's mini_llama3 rows
    "bf16": (1e-3, 1e-2, 1e-2, 1e-2),
    "amp": (1e-3, 1e-2, 1e-2, 1e-2),
    "f32": (1e-8, 2e-5, 5e-3, 1e-5),
}
LIGER_STEPS = 32  # the length of Liger-Kernel's convergence tests


def model_config(args):
    """The LlamaConfig sizes."""
    if args.tiny:
        sizes = dict(num_hidden_layers=2, hidden_size=64, num_attention_heads=4, num_key_value_heads=2,
                     intermediate_size=172, vocab_size=512)
    else:
        sizes = dict(num_hidden_layers=args.layers, hidden_size=args.hidden, num_attention_heads=args.heads,
                     num_key_value_heads=args.kv_heads, intermediate_size=args.intermediate, vocab_size=args.vocab)
    return sizes


def batches(args, device):
    """``[steps, batch, seq]`` token ids: seeded random byte windows of the corpus."""
    data = torch.frombuffer(bytearray(CORPUS.read_bytes()), dtype=torch.uint8).long()
    g = torch.Generator().manual_seed(args.seed + 1)
    starts = torch.randint(0, data.numel() - args.seq, (args.steps, args.batch), generator=g)
    windows = starts[..., None] + torch.arange(args.seq)
    return data[windows].to(device)


def build(args, sizes, init_state, attn, device):
    from transformers import LlamaConfig, LlamaForCausalLM

    config = LlamaConfig(**sizes, max_position_embeddings=args.seq, rms_norm_eps=1e-5, tie_word_embeddings=False,
                         attn_implementation=attn)
    model = LlamaForCausalLM(config)
    model.load_state_dict(init_state)
    dtype = torch.bfloat16 if args.precision == "bf16" else torch.float32
    return model.to(device=device, dtype=dtype).train()


class Restore:
    """Snapshots HF's llama modeling module (attributes and LlamaForCausalLM's methods) so that
    Liger's module-level patching can be undone."""

    def __init__(self):
        import transformers.models.llama.modeling_llama as modeling

        self.modeling = modeling
        self.attrs = dict(vars(modeling))
        self.methods = {cls: dict(vars(cls)) for cls in vars(modeling).values()
                        if isinstance(cls, type) and cls.__module__ == modeling.__name__}

    def __call__(self):
        for name, value in self.attrs.items():
            setattr(self.modeling, name, value)
        for cls, methods in self.methods.items():
            for name in set(vars(cls)) - set(methods):
                delattr(cls, name)
            for name, value in methods.items():
                if vars(cls).get(name) is not value and not name.startswith("__"):
                    setattr(cls, name, value)


def patch_liger(model):
    from liger_kernel.transformers import apply_liger_kernel_to_llama

    apply_liger_kernel_to_llama(rope=True, rms_norm=True, swiglu=True, cross_entropy=False,
                                fused_linear_cross_entropy=True, model=model)
    return "apply_liger_kernel_to_llama(rope, rms_norm, swiglu, fused_linear_cross_entropy)"


def patch_metile(model):
    import metile.torch

    patch = metile.torch.apply(model)
    return patch, "; ".join(f"{n} x {what}" for what, n in patch.counts().items())


def asking_frame(frames):
    """The frame an allocation is charged to: the innermost one outside torch itself and outside
    metile's bridge (whose allocator callback makes every metile allocation), i.e. the metile
    op wrapper, Liger function or model line that asked for the memory; ``None`` if there is none.
    (metile's adapters live under ``metile/torch/``, which a plain ``/torch/`` test would skip.)"""
    for f in frames:
        name = f["filename"]
        if "/metile/" in name:
            if not name.endswith("_bridge.py"):
                return f
        elif "/torch/" not in name:
            return f
    return None


def peak_breakdown(snapshot, device_index, top=12):
    """The memory a recorded step allocated and still held at its highest point, grouped by the
    frame that asked for it (``asking_frame``): ``[(MiB, frame), ...]`` largest first, and the
    step's own peak in MiB. Memory allocated before the recording (parameters, optimizer state) is
    not in the trace and not counted."""
    events = snapshot["device_traces"][device_index]

    def replay(upto):
        """The live allocations after the first ``upto`` events, the running total, and the index
        just past the highest total."""
        live, cur, peak, peak_at = {}, 0, 0, 0
        for i, e in enumerate(events[:upto]):
            if e["action"] == "alloc":
                live[e["addr"]] = e
                cur += e["size"]
                if cur > peak:
                    peak, peak_at = cur, i + 1
            elif e["action"] == "free_requested" and e["addr"] in live:
                cur -= live.pop(e["addr"])["size"]
        return live, peak, peak_at

    # Two replays (the peak's index, then the allocations live there), not a copy at every peak.
    _, peak, peak_at = replay(len(events))
    at_peak, _, _ = replay(peak_at)
    groups = {}
    for e in at_peak.values():
        frame = asking_frame(e.get("frames", []))
        key = f"{Path(frame['filename']).name}:{frame['line']} {frame['name']}" if frame else "?"
        groups[key] = groups.get(key, 0) + e["size"]
    ranked = sorted(groups.items(), key=lambda kv: -kv[1])[:top]
    return [(round(b / 2**20, 3), k) for k, b in ranked], round(peak / 2**20, 3)


class HostTimes:
    """Host time of metile's calls by entry point, from every thread (the autograd engine runs
    CUDA backwards on its own thread, which cProfile does not see): ``run`` (the bridge, whole)
    and ``call`` (the Rust binding inside it), installed over metile.torch's module attributes
    while a profiled step runs."""

    def __init__(self):
        import metile
        import metile.torch.ops as ops

        self.ops, self.lib, self.active = ops, metile._metile, False
        self.run, self.call = ops.run, self.lib.call_allocating
        self.times = {}  # entry -> [calls, run seconds, call seconds]
        ops.run, self.lib.call_allocating = self._timed(self.run, 1), self._timed(self.call, 2)

    def _timed(self, fn, slot):
        """``fn(entry, ...)``, its seconds added to ``slot`` of the entry's record (a bridge
        call, slot 1, also counts the call)."""

        def timed(entry, *a, **k):
            t0 = time.perf_counter()
            try:
                return fn(entry, *a, **k)
            finally:
                if self.active:
                    rec = self.times.setdefault(entry, [0, 0.0, 0.0])
                    rec[slot] += time.perf_counter() - t0
                    rec[0] += slot == 1

        return timed

    def undo(self):
        self.ops.run, self.lib.call_allocating = self.run, self.call

    def report(self, steps):
        total = [sum(v[i] for v in self.times.values()) for i in range(3)]
        print(f"metile host time per step over {steps} steps: {total[0] / steps:.0f} calls, bridge "
              f"{total[1] / steps * 1e3:.2f} ms, of which the Rust binding {total[2] / steps * 1e3:.2f} ms")
        for entry, (n, run_s, call_s) in sorted(self.times.items(), key=lambda kv: -kv[1][1]):
            print(f"  {entry:40s} {n / steps:5.1f} calls  {run_s / n * 1e6:7.1f} us/call bridge  "
                  f"{call_s / n * 1e6:7.1f} us/call binding")


def train(args, way, sizes, init_state, data, device):
    """Trains one way; returns its record (and the final parameters, FP32 on the host)."""
    cuda = device.type == "cuda"
    attn = "eager" if way == "control" else "sdpa"
    model = build(args, sizes, init_state, attn, device)
    undo, what = None, "unpatched, " + attn + " attention"
    if way == "metile":
        patch, what = patch_metile(model)
        undo = patch.undo
    elif way == "liger":
        undo = Restore()
        what = patch_liger(model)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, betas=(0.9, 0.95), weight_decay=0.1, eps=1e-8)
    autocast = torch.autocast(device.type, dtype=torch.bfloat16, enabled=args.precision == "amp")
    if cuda:
        torch.cuda.synchronize()
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()
    losses, times, memory = [], [], None
    profiler = cProfile.Profile() if args.profile else None
    profiled = range(args.warmup, args.warmup + args.profile)
    host = HostTimes() if args.profile and way == "metile" else None
    try:
        for step in range(args.steps):
            ids = data[step]
            if profiler and step in profiled:
                profiler.enable()
                if host:
                    host.active = True
            recording = cuda and step == args.memory_step
            if recording:
                torch.cuda.synchronize()
                torch.cuda.memory._record_memory_history(max_entries=200000, stacks="python")
            t0 = time.perf_counter()
            with autocast:
                loss = model(input_ids=ids, labels=ids).loss
            loss.backward()
            opt.step()
            opt.zero_grad(set_to_none=True)
            if cuda:
                torch.cuda.synchronize()
            times.append((time.perf_counter() - t0) * 1e3)
            if profiler and step in profiled:
                profiler.disable()
                if host:
                    host.active = False
            if recording:
                snapshot = torch.cuda.memory._snapshot()
                torch.cuda.memory._record_memory_history(enabled=None)
                memory = peak_breakdown(snapshot, device.index or 0)
            losses.append(float(loss.detach()))
            if not math.isfinite(losses[-1]):
                raise FloatingPointError(f"loss {losses[-1]} at step {step}")
    finally:
        if undo is not None:
            undo()
        if host:
            host.undo()
    if host and args.warmup < args.steps:
        host.report(len(range(args.warmup, min(args.steps, args.warmup + args.profile))))
    if profiler and args.warmup < args.steps:
        print(f"\n{way}: host profile of {len(profiled)} steps (cProfile, by own time)")
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
    peak = torch.cuda.max_memory_allocated() / 2**20 if cuda else None
    params = {n: p.detach().float().cpu() for n, p in model.named_parameters()}
    timed = times[args.warmup:] or times
    rec = dict(way=way, patch=what, losses=losses, step_ms=times, median_step_ms=statistics.median(timed),
               peak_mib=peak, step_memory=memory)
    del model, opt
    if cuda:
        torch.cuda.empty_cache()
    return rec, params


def compare(ref, other, ref_params, params, tol):
    """Liger-style criteria of ``other`` against ``ref`` (see the module doc)."""
    loss_atol, loss_rtol, p_atol, p_rtol = tol
    a, b = torch.tensor(ref["losses"], dtype=torch.float64), torch.tensor(other["losses"], dtype=torch.float64)
    diff = (b - a).abs()
    bad = diff > loss_atol + loss_rtol * a.abs()
    first = int(bad.nonzero()[0]) if bool(bad.any()) else None
    sq_diff = sq_ref = 0.0
    outside = total = 0
    worst = ("", 0.0)
    for name, p_ref in ref_params.items():
        d = (params[name].double() - p_ref.double())
        sq_diff += float(d.pow(2).sum())
        sq_ref += float(p_ref.double().pow(2).sum())
        rel = float(d.norm() / p_ref.double().norm().clamp_min(1e-30))
        if rel > worst[1]:
            worst = (name, rel)
        outside += int((d.abs() > p_atol + p_rtol * p_ref.double().abs()).sum())
        total += d.numel()
    n32 = min(LIGER_STEPS, len(a))
    return dict(
        loss_max_abs_diff=float(diff.max()),
        loss_max_rel_diff=float((diff / a.abs()).max()),
        final_loss_diff=float(b[-1] - a[-1]),
        loss_steps_outside=int(bad.sum()),
        loss_first_outside=first,
        loss_pass_first32=not bool(bad[:n32].any()),
        loss_pass_all=not bool(bad.any()),
        param_rel_norm=math.sqrt(sq_diff / sq_ref),
        param_worst_tensor=worst[0],
        param_worst_rel_norm=worst[1],
        param_elements_outside=outside,
        param_elements=total,
        param_pass=outside == 0,
        tolerances=dict(loss_atol=loss_atol, loss_rtol=loss_rtol, param_atol=p_atol, param_rtol=p_rtol),
    )


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--device", default=None, help="cuda or cpu (default: cuda when available)")
    p.add_argument("--steps", type=int, default=None, help="default 200 on CUDA, 5 on the CPU")
    p.add_argument("--tiny", action="store_true", help="2 layers, hidden 64, vocab 512, seq 64, batch 2 (smoke test)")
    p.add_argument("--precision", choices=("bf16", "amp", "f32"), default=None,
                   help="default bf16 on CUDA, f32 on the CPU (see the module doc)")
    p.add_argument("--ways", default="torch,control,metile,liger", help="comma-separated, of: torch, control, metile, liger")
    p.add_argument("--layers", type=int, default=4)
    p.add_argument("--hidden", type=int, default=256)
    p.add_argument("--heads", type=int, default=4)
    p.add_argument("--kv-heads", type=int, default=2)
    p.add_argument("--intermediate", type=int, default=688)
    p.add_argument("--vocab", type=int, default=32000)
    p.add_argument("--seq", type=int, default=None, help="default 512 (64 with --tiny)")
    p.add_argument("--batch", type=int, default=None, help="default 8 (2 with --tiny)")
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--warmup", type=int, default=5, help="steps left out of the median step time")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--memory-step", type=int, default=None,
                   help="record this step's CUDA allocations and print what each way held at the "
                        "step's peak, by the line that asked for it (choose a warm-up step)")
    p.add_argument("--profile", type=int, default=0, metavar="N",
                   help="cProfile N steps after the warm-up of each way and print where its host time "
                        "went (the top functions by own time); their step times stay in the median")
    p.add_argument("--json", metavar="PATH", help="default $OUT/convergence.json when $OUT is set")
    args = p.parse_args(argv)

    device = torch.device(args.device or ("cuda" if torch.cuda.is_available() else "cpu"))
    cuda = device.type == "cuda"
    if cuda and not torch.cuda.is_available():
        p.error("--device cuda but torch sees no CUDA device")
    args.steps = args.steps or (200 if cuda else 5)
    args.precision = args.precision or ("bf16" if cuda else "f32")
    args.seq = args.seq or (64 if args.tiny else 512)
    args.batch = args.batch or (2 if args.tiny else 8)
    ways = [w.strip() for w in args.ways.split(",") if w.strip()]
    if "torch" not in ways or set(ways) - {"torch", "control", "metile", "liger"}:
        p.error("--ways must include torch and may add control, metile, liger")
    ways = [w for w in ("torch", "control", "metile", "liger") if w in ways]  # liger last: it patches HF globally
    json_path = args.json or (os.path.join(os.environ["OUT"], "convergence.json") if os.environ.get("OUT") else None)

    from transformers import LlamaConfig, LlamaForCausalLM, __version__ as hf_version

    sizes = model_config(args)
    torch.manual_seed(args.seed)
    init_state = LlamaForCausalLM(LlamaConfig(**sizes, max_position_embeddings=args.seq,
                                              tie_word_embeddings=False)).state_dict()
    data = batches(args, device)
    dev_name = torch.cuda.get_device_name(device) if cuda else f"cpu ({torch.get_num_threads()} threads)"
    print(f"torch {torch.__version__}; transformers {hf_version}; {dev_name}; {args.precision}; "
          f"{args.steps} steps, lr {args.lr}; model {sizes}; batch {args.batch}x{args.seq}", flush=True)

    records, params, notes = {}, {}, []
    for way in ways:
        if way == "liger" and not cuda:
            notes.append("liger: skipped (Liger-Kernel runs on CUDA only)")
            continue
        t0 = time.perf_counter()
        try:
            records[way], params[way] = train(args, way, sizes, init_state, data, device)
        except Exception as e:  # a missing or broken peer is a note, not the end of the run
            notes.append(f"{way}: {'skipped' if isinstance(e, ImportError) else 'FAILED'} ({type(e).__name__}: {str(e)[:300]})")
            print(f"note: {notes[-1]}", flush=True)
            continue
        r = records[way]
        print(f"  {way}: {r['patch']}; {time.perf_counter() - t0:.1f} s", flush=True)

    tol = TOLERANCES[args.precision]
    comparisons = {}
    if "torch" in records:
        for way in records:
            if way != "torch":
                comparisons[way] = compare(records["torch"], records[way], params["torch"], params[way], tol)

    yes = lambda ok: "pass" if ok else "FAIL"
    print(f"\n{'way':8s} {'step ms':>9s} {'peak MiB':>9s} {'loss 0':>8s} {'loss end':>9s} {'max|dL|':>9s} "
          f"{'L@32':>5s} {'L all':>6s} {'p relnorm':>10s} {'p outside':>12s}")
    for way, r in records.items():
        c = comparisons.get(way)
        peak = f"{r['peak_mib']:9.1f}" if r["peak_mib"] is not None else f"{'-':>9s}"
        line = f"{way:8s} {r['median_step_ms']:9.2f} {peak} {r['losses'][0]:8.4f} {r['losses'][-1]:9.4f}"
        if c:
            line += (f" {c['loss_max_abs_diff']:9.2e} {yes(c['loss_pass_first32']):>5s} {yes(c['loss_pass_all']):>6s}"
                     f" {c['param_rel_norm']:10.2e} {c['param_elements_outside']:>7d}/{c['param_elements']}")
        print(line)
    for way, r in records.items():
        if r.get("step_memory"):
            groups, peak = r["step_memory"]
            print(f"\n{way}: step {args.memory_step} allocated {peak:.1f} MiB at its peak, held by:")
            for mib, where in groups:
                print(f"  {mib:9.3f} MiB  {where}")
    print(f"tolerances ({args.precision}, Liger's): loss |dL| <= {tol[0]:g} + {tol[1]:g}|L| per step; "
          f"params |dp| <= {tol[2]:g} + {tol[3]:g}|p| per element; L@32 = first {LIGER_STEPS} steps")
    for n in notes:
        print(f"note: {n}")

    if json_path:
        out = dict(torch=torch.__version__, transformers=hf_version, device=dev_name, precision=args.precision,
                   steps=args.steps, lr=args.lr, batch=args.batch, seq=args.seq, model=sizes, seed=args.seed,
                   warmup=args.warmup, ways=records, comparisons=comparisons, notes=notes)
        Path(json_path).parent.mkdir(parents=True, exist_ok=True)
        Path(json_path).write_text(json.dumps(out))
        print(f"wrote {json_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
