"""Writes rope_variants.cuh (to the folder argv[1]): metile's generated RoPE forward
(gen_rope_fwd_bf16.cuh) edited one way per variant, each kernel renamed: b without the general
(unaligned) body, c without the register budget, d both."""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(here, "gen_rope_fwd_bf16.cuh")).read()
kernel = src[src.index('extern "C" __global__'):]
no_general = kernel.replace("if (mt_fast) {", "if (true) {", 1)
no_budget = "__launch_bounds__(256)"
variants = {
    "b": no_general,
    "c": kernel.replace("__launch_bounds__(256, 5)", no_budget, 1),
    "d": no_general.replace("__launch_bounds__(256, 5)", no_budget, 1),
}
with open(os.path.join(sys.argv[1], "rope_variants.cuh"), "w") as f:
    for name, text in variants.items():
        assert text != kernel
        f.write(text.replace("mt_rope_fwd(", f"mt_rope_fwd_{name}(", 1) + "\n")
