"""Session 18: can FLCE's per-chunk products overlap? (PyTorch, the H200, bf16.)

Liger's shape: N 8192, H 4096, V 128256, 256-row chunks. Per chunk: logits = x W^T (compute
bound), the cross-entropy pass (a proxy here: two in-place passes over the chunk), grad_hidden
= g W (compute bound), grad_weight += g^T x (beta = 1, bound by its 2 GB read and write). The
question: how much of grad_weight's memory time hides when it runs beside grad_hidden on a
second stream (same memory: nothing is double-buffered), and with 128-row half chunks
pipelined (logits of the next half beside the products of this one; same logits memory).
"""
import sys
import torch

N, H, V = 8192, 4096, 128256
dev = "cuda"
torch.manual_seed(0)
dt = torch.bfloat16
x = torch.randn(N, H, device=dev, dtype=dt) * 0.1
W = torch.randn(V, H, device=dev, dtype=dt) * 0.02
dW = torch.zeros(V, H, device=dev, dtype=dt)
dh = torch.empty(N, H, device=dev, dtype=dt)
s_main = torch.cuda.current_stream()
s1, s2 = torch.cuda.Stream(), torch.cuda.Stream()


def ce_proxy(z):
    z.mul_(0.5)
    z.add_(0.25)


def serial(c):
    z = torch.empty(c, V, device=dev, dtype=dt)
    for s in range(0, N, c):
        xc = x[s:s + c]
        torch.mm(xc, W.t(), out=z)
        ce_proxy(z)
        torch.mm(z, W, out=dh[s:s + c])
        dW.addmm_(z.t(), xc)


def forked(c):
    """grad_hidden on s1 beside grad_weight on s2; the next chunk waits for both."""
    z = torch.empty(c, V, device=dev, dtype=dt)
    for s in range(0, N, c):
        xc = x[s:s + c]
        torch.mm(xc, W.t(), out=z)
        ce_proxy(z)
        e = torch.cuda.Event()
        e.record(s_main)
        s1.wait_event(e)
        s2.wait_event(e)
        with torch.cuda.stream(s1):
            torch.mm(z, W, out=dh[s:s + c])
        with torch.cuda.stream(s2):
            dW.addmm_(z.t(), xc)
        s_main.wait_stream(s1)
        s_main.wait_stream(s2)


def pipelined(c):
    """Two half buffers of c/2 rows (the memory of one c-row chunk): the logits of half i+1
    run on the main stream beside the products of half i on s1 (grad_hidden) and s2 (grad_weight)."""
    half = c // 2
    bufs = [torch.empty(half, V, device=dev, dtype=dt) for _ in range(2)]
    done = [None, None]
    for i, s in enumerate(range(0, N, half)):
        z = bufs[i % 2]
        if done[i % 2] is not None:
            s_main.wait_event(done[i % 2])
        xc = x[s:s + half]
        torch.mm(xc, W.t(), out=z)
        ce_proxy(z)
        e = torch.cuda.Event()
        e.record(s_main)
        s1.wait_event(e)
        s2.wait_event(e)
        with torch.cuda.stream(s1):
            torch.mm(z, W, out=dh[s:s + half])
        with torch.cuda.stream(s2):
            dW.addmm_(z.t(), xc)
        d = torch.cuda.Event()
        s1.wait_stream(s2)
        d.record(s1)
        done[i % 2] = d
    s_main.wait_stream(s1)
    s_main.wait_stream(s2)


def parts(c):
    z = torch.empty(c, V, device=dev, dtype=dt)
    xc = x[:c]
    out = {}
    for name, f in [("logits", lambda: torch.mm(xc, W.t(), out=z)),
                    ("ce_proxy", lambda: ce_proxy(z)),
                    ("grad_hidden", lambda: torch.mm(z, W, out=dh[:c])),
                    ("grad_weight", lambda: dW.addmm_(z.t(), xc)),
                    ("hidden+weight forked", lambda: fork_pair(z, xc, c))]:
        out[name] = timeit(f, reps=20)
    return out


def fork_pair(z, xc, c):
    e = torch.cuda.Event()
    e.record(s_main)
    s1.wait_event(e)
    s2.wait_event(e)
    with torch.cuda.stream(s1):
        torch.mm(z, W, out=dh[:c])
    with torch.cuda.stream(s2):
        dW.addmm_(z.t(), xc)
    s_main.wait_stream(s1)
    s_main.wait_stream(s2)


def timeit(f, reps=3):
    f()
    torch.cuda.synchronize()
    best = float("inf")
    for _ in range(reps):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        f()
        b.record()
        torch.cuda.synchronize()
        best = min(best, a.elapsed_time(b))
    return best


for c in (256, 512):
    for name, ms in parts(c).items():
        print(f"part c={c} {name}: {ms:.3f} ms")
for c in (256, 512):
    for name, f in [("serial", serial), ("forked", forked), ("pipelined", pipelined)]:
        torch.cuda.reset_peak_memory_stats()
        base = torch.cuda.memory_allocated()
        ms = timeit(lambda: f(c))
        peak = (torch.cuda.max_memory_allocated() - base) / 2**20
        print(f"schedule c={c} {name}: {ms:.2f} ms  (peak beyond dW/dh {peak:.0f} MiB)")
sys.stdout.flush()
