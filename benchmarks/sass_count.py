#!/usr/bin/env python3
"""Counts the SASS instructions of metile's row kernels and of Liger-Kernel's, offline (no GPU):
a proxy for the issue cost of kernels that run near their issue limit (the bf16 norm forwards at
16384x4096 issue about one instruction a cycle per scheduler on the H200).

metile: `metile emit KERNEL --target cuda --exact --block COLS --dtype bf16` (the tile the runtime
launches for rows of COLS columns), the aligned fast body forced on, compiled for sm_90 by NVRTC
(cuda-python), disassembled by the cuobjdump that ships with Triton. Liger: its Triton kernel
compiled for sm_90 by `triton.compile` with the divisibility facts a launch on aligned,
16-divisible arguments gets. Needs cuda-python, Triton, NVRTC's library on LD_LIBRARY_PATH and
the Liger wheel unpacked somewhere (`--liger DIR`, e.g. `pip install --target DIR
.whl/liger_kernel-*.whl`).

Usage:
  LD_LIBRARY_PATH=.../nvidia/cu13/lib python3 benchmarks/sass_count.py --liger /tmp/ligersite
"""

import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cuobjdump():
    import triton

    return os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia", "bin", "cuobjdump")


def count(cubin):
    """(instructions, the most frequent opcodes) of a cubin's SASS."""
    with tempfile.NamedTemporaryFile(suffix=".cubin") as f:
        f.write(cubin)
        f.flush()
        sass = subprocess.run([cuobjdump(), "-sass", f.name], capture_output=True, text=True, check=True).stdout
    ops = []
    for line in sass.splitlines():
        m = re.match(r"\s*/\*[0-9a-f]{4}\*/\s+(@!?U?P\w+\s+)?([A-Z0-9_]+)", line)
        if m:
            ops.append(m.group(2))
    return len(ops), collections.Counter(ops).most_common(6)


def metile_cubin(binary, kernel, cols):
    import cuda.bindings.nvrtc as nvrtc

    src = subprocess.run(
        [binary, "emit", kernel, "--target", "cuda", "--exact", "--block", str(cols), "--dtype", "bf16"],
        capture_output=True, text=True, check=True,
    ).stdout
    src = re.sub(r"const bool mt_fast = .*;", "const bool mt_fast = true;", src)
    ok = nvrtc.nvrtcResult.NVRTC_SUCCESS

    def check(result, what):
        if result[0] != ok:
            raise SystemExit(f"NVRTC {what} failed on {kernel}: {result[0]}")
        return result[1:]

    (prog,) = check(nvrtc.nvrtcCreateProgram(src.encode(), kernel.encode(), 0, [], []), "create")
    # The runtime's architecture flag (crates/runtime/src/cuda/compile.rs); the source is
    # self-contained, so no include path.
    opts = [b"--gpu-architecture=sm_90"]
    (err,) = nvrtc.nvrtcCompileProgram(prog, len(opts), opts)
    if err != ok:
        (size,) = check(nvrtc.nvrtcGetProgramLogSize(prog), "log size")
        log = bytearray(size)
        nvrtc.nvrtcGetProgramLog(prog, log)
        raise SystemExit(f"NVRTC failed on {kernel}: {err}\n{log.decode(errors='replace')}")
    (size,) = check(nvrtc.nvrtcGetCUBINSize(prog), "cubin size")
    buf = bytearray(size)
    check(nvrtc.nvrtcGetCUBIN(prog, buf), "cubin")
    return bytes(buf)


def liger_cubin(fn, signature, constexprs, aligned, warps):
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    attrs = {(i,): [["tt.divisibility", 16]] for i in aligned}
    src = ASTSource(fn=fn, signature=signature, constexprs=constexprs, attrs=attrs)
    return triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": warps}).asm["cubin"]


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--metile", default=os.path.join(ROOT, "target", "release", "metile"))
    p.add_argument("--liger", help="a folder holding the liger_kernel package")
    p.add_argument("--cols", type=int, default=4096)
    args = p.parse_args()
    os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")
    liger = None
    if args.liger:
        sys.path.insert(0, args.liger)
        from liger_kernel.ops import layer_norm, rms_norm, softmax

        liger = (layer_norm, rms_norm, softmax)
    i32, bf16, f32 = "i32", "*bf16", "*fp32"
    rows = [("layer_norm_fwd", "rms_norm_fwd", "softmax_fwd"), (None, None, None)]
    if liger:
        layer_norm, rms_norm, softmax = liger
        rows[1] = (
            lambda: liger_cubin(
                layer_norm._layer_norm_forward_kernel,
                {"Y_ptr": bf16, "Y_row_stride": i32, "X_ptr": bf16, "X_row_stride": i32, "W_ptr": bf16,
                 "W_row_stride": i32, "B_ptr": bf16, "B_row_stride": i32, "Mean_ptr": f32, "Mean_row_stride": i32,
                 "RSTD_ptr": f32, "RSTD_row_stride": i32, "n_cols": i32, "eps": "fp32", "BLOCK_SIZE": "constexpr"},
                {"BLOCK_SIZE": args.cols}, [0, 1, 2, 3, 4, 6, 8, 10, 12], 8),
            lambda: liger_cubin(
                rms_norm._rms_norm_forward_kernel,
                {"Y_ptr": bf16, "Y_row_stride": i32, "X_ptr": bf16, "X_row_stride": i32, "W_ptr": bf16,
                 "W_row_stride": i32, "RSTD_ptr": f32, "RSTD_row_stride": i32, "n_cols": i32, "eps": "fp32",
                 "offset": "fp32", "casting_mode": "constexpr", "elementwise_affine": "constexpr",
                 "BLOCK_SIZE": "constexpr"},
                {"casting_mode": 0, "elementwise_affine": True, "BLOCK_SIZE": args.cols}, [0, 1, 2, 3, 4, 6, 8], 8),
            lambda: liger_cubin(
                softmax._softmax_single_block_forward_kernel,
                {"Y_ptr": bf16, "Y_row_stride": i32, "X_ptr": bf16, "X_row_stride": i32, "n_cols": i32,
                 "BLOCK_SIZE": "constexpr"},
                {"BLOCK_SIZE": args.cols}, [0, 1, 2, 3, 4], 8),
        )
    print(f"bf16 rows of {args.cols} columns, sm_90 SASS instructions (whole kernel)")
    print("| kernel | metile | top opcodes | Liger | top opcodes |")
    print("|---|---:|---|---:|---|")
    for name, lig in zip(rows[0], rows[1]):
        n, top = count(metile_cubin(args.metile, name, args.cols))
        ln, ltop = count(lig()) if lig else (None, [])
        fmt = lambda t: ", ".join(f"{k} {v}" for k, v in t)
        print(f"| {name} | {n} | {fmt(top)} | {ln if ln is not None else '-'} | {fmt(ltop)} |")


if __name__ == "__main__":
    main()
