"""PyTorch CPU eager at the shapes `metile bench` uses for the operators that
`../shared/tools/cpu_peer_bench.py` does not time: RoPE, matmul, embedding and attention.

Run it on the same machine in the same minutes as the metile side:

    python3 benchmarks/cpu_peers.py
    cargo run --release -- bench rope --rows 2048 --cols 128 --reps 15
    cargo run --release -- bench rope --lead 2,8 --rows 512 --cols 128 --dtype bf16 --reps 9
    cargo run --release -- bench matmul --rows 1024 --cols 1024 --reps 5
    cargo run --release -- bench embedding --rows 4096 --cols 4096 --reps 5
    cargo run --release -- bench attention --lead 1,4 --rows 1024 --cols 64 --reps 3

Median of `reps` warm runs (two warm-ups), ms, with the threads torch picks (2 here).
RoPE is Hugging Face's formula (`x * cos + rotate_half(x) * sin`); fwd+bwd includes the
gradients of every input that `metile bench` differentiates.
"""
import time

import torch
import torch.nn.functional as F

torch.manual_seed(0)


def med(fn, reps):
    fn()
    fn()
    ts = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    ts.sort()
    return ts[len(ts) // 2] * 1e3


def row(op, mode, dtype, shape, ms):
    print(f"{op:10s} {mode:8s} {dtype:5s} {shape:22s} {ms:9.3f}", flush=True)


def rotate_half(x):
    h = x.shape[-1] // 2
    return torch.cat((-x[..., h:], x[..., :h]), dim=-1)


def rope(tag, dt, q_shape, k_shape, t, d, reps):
    cos = torch.randn(t, d, dtype=dt)
    sin = torch.randn(t, d, dtype=dt)
    xs = [torch.randn(s, dtype=dt, requires_grad=True) for s in (q_shape, k_shape) if s]
    dys = [torch.randn(x.shape, dtype=dt) for x in xs]

    def fwd():
        return [x * cos + rotate_half(x) * sin for x in xs]

    def fb():
        for x in xs:
            x.grad = None
        torch.autograd.backward(fwd(), dys)

    row("rope", "fwd", tag, tag_shape(q_shape, k_shape), med(lambda: [y.detach() for y in fwd()], reps))
    row("rope", "fwd+bwd", tag, tag_shape(q_shape, k_shape), med(fb, reps))


def tag_shape(q, k):
    s = "x".join(map(str, q))
    return s if not k else f"{s}+{k[1]}h"


print(torch.__version__, "threads", torch.get_num_threads())
print(f"{'op':10s} {'mode':8s} {'dtype':5s} {'shape':22s} {'ms':>9s}")
rope("f32", torch.float32, (2048, 128), None, 2048, 128, 15)
rope("bf16", torch.bfloat16, (2, 8, 512, 128), (2, 2, 512, 128), 512, 128, 9)

x = torch.randn(1024, 1024, requires_grad=True)
w = torch.randn(1024, 1024, requires_grad=True)
b = torch.randn(1024, requires_grad=True)
dy = torch.randn(1024, 1024)
row("matmul", "fwd", "f32", "1024x1024", med(lambda: F.linear(x, w, b).detach(), 5))


def mm_fb():
    x.grad = w.grad = b.grad = None
    F.linear(x, w, b).backward(dy)


row("matmul", "fwd+bwd", "f32", "1024x1024", med(mm_fb, 5))

table = torch.randn(4096, 4096, requires_grad=True)
ids = torch.randint(0, 4096, (4096,))
dout = torch.randn(4096, 4096)
row("embedding", "fwd", "f32", "4096x4096", med(lambda: F.embedding(ids, table).detach(), 5))


def emb_fb():
    table.grad = None
    F.embedding(ids, table).backward(dout)


row("embedding", "fwd+bwd", "f32", "4096x4096", med(emb_fb, 5))

q = torch.randn(1, 4, 1024, 64, requires_grad=True)
# `metile bench attention` generates one key/value head for the four query heads (GQA).
k = torch.randn(1, 1, 1024, 64, requires_grad=True)
v = torch.randn(1, 1, 1024, 64, requires_grad=True)
do = torch.randn(1, 4, 1024, 64)
row("attention", "fwd", "f32", "1x4x1024x64",
    med(lambda: F.scaled_dot_product_attention(q, k, v, enable_gqa=True).detach(), 3))


def attn_fb():
    q.grad = k.grad = v.grad = None
    F.scaled_dot_product_attention(q, k, v, enable_gqa=True).backward(do)


row("attention", "fwd+bwd", "f32", "1x4x1024x64", med(attn_fb, 3))
