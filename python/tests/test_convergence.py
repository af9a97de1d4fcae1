"""The convergence script (benchmarks/convergence.py) in its CPU smoke mode: a tiny Llama trained
in FP32 unpatched and patched by ``metile.torch.apply`` agrees within Liger-Kernel's FP32
convergence tolerances (loss per step, parameters per element); the patch really replaces the
model's modules (the report lists them, and the patched run calls the library for each), and
undo puts the originals back. Skipped without torch and transformers; about 10 s."""

import importlib.util
import json
from pathlib import Path

import pytest

pytest.importorskip("torch", reason="torch is not installed")
pytest.importorskip("transformers", reason="transformers is not installed: the convergence smoke test is skipped")

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "convergence.py"


def load_script():
    if not SCRIPT.exists():
        pytest.skip(f"{SCRIPT} is not here (tests run outside the repository)")
    spec = importlib.util.spec_from_file_location("convergence", SCRIPT)
    convergence = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(convergence)
    return convergence


# The tiny Llama (2 layers): two norms per layer and the final one, one MLP per layer, the
# modeling module's RoPE function, the causal-LM loss.
REPLACED = {"LlamaRMSNorm -> RMSNorm": 5, "LlamaMLP -> SwiGLUMLP": 2,
            "apply_rotary_pos_emb -> metile rotary_pos_emb": 1,
            "lm_head + ForCausalLMLoss -> metile fused_linear_cross_entropy": 1}
# What a training step of the patched model runs in the library (a reduced fused linear
# cross-entropy forms its gradients in the forward; the backward only scales them; the norms' and
# MLPs' backwards write over what they no longer need, as Liger's).
ENTRIES = {"rms_norm.forward", "rms_norm.in_place_backward", "swiglu.forward", "swiglu.in_place_backward",
           "rope.forward", "rope.backward", "fused_linear_cross_entropy.forward"}


def test_smoke_mode_converges_patches_and_undo_restores(tmp_path, monkeypatch):
    """``--device cpu --steps 5 --tiny`` (one run for every claim: the tiny model is trained
    once): the patched run agrees with the unpatched one within the FP32 tolerances, the report
    lists the replacements, the patched run goes through the library (and the unpatched one
    never does), and after the run every module and the RoPE function are the originals again."""
    convergence = load_script()
    import transformers.models.llama.modeling_llama as modeling

    import metile.torch.ops as ops

    entries = []
    library_run = ops.run
    monkeypatch.setattr(ops, "run", lambda entry, *a, **k: entries.append(entry) or library_run(entry, *a, **k))
    seen = {}
    patch_metile = convergence.patch_metile

    def spy(model):
        seen.update(model=model, before=dict(model.named_modules()), rope=modeling.apply_rotary_pos_emb,
                    calls_before=len(entries))
        patch, what = patch_metile(model)
        seen.update(during=dict(model.named_modules()), rope_during=modeling.apply_rotary_pos_emb)
        return patch, what

    monkeypatch.setattr(convergence, "patch_metile", spy)
    out = tmp_path / "convergence.json"
    rc = convergence.main(["--device", "cpu", "--steps", "5", "--tiny", "--ways", "torch,metile", "--json", str(out)])
    assert rc == 0
    result = json.loads(out.read_text())
    assert result["notes"] == [] and len(result["ways"]["metile"]["losses"]) == 5
    assert result["precision"] == "f32"
    comparison = result["comparisons"]["metile"]
    assert comparison["loss_pass_all"], comparison
    assert comparison["param_pass"], comparison
    assert comparison["param_rel_norm"] < 1e-4, comparison
    listed = [item.split(" x ", 1) for item in result["ways"]["metile"]["patch"].split("; ")]
    assert {what: int(n) for n, what in listed} == REPLACED, listed
    assert result["ways"]["torch"]["patch"].startswith("unpatched")

    model, before, during = seen["model"], seen["before"], seen["during"]
    swapped = {path for path in during if path in before and during[path] is not before[path]}
    assert len(swapped) == 7, sorted(swapped)  # 5 norms, 2 MLPs
    assert all(type(during[p]).__module__ == "metile.torch.modules" for p in swapped)
    assert seen["rope_during"] is not seen["rope"]
    assert seen["calls_before"] == 0, "the unpatched run called the library"
    assert set(entries) == ENTRIES, sorted(set(entries))

    assert {path: m for path, m in model.named_modules()} == before  # the very same module objects
    assert modeling.apply_rotary_pos_emb is seen["rope"]
    assert "forward" not in vars(model) and "_loss_function" not in vars(model)


def test_peak_memory_is_charged_to_the_op_that_asked_for_it():
    """An allocation made by metile's bridge callback is charged to the metile op wrapper under it
    (not skipped as torch's, as ``/torch/`` alone would), torch's own frames are skipped, and the
    breakdown sums what is live at the peak."""
    convergence = load_script()
    f = lambda path, line, name: {"filename": path, "line": line, "name": name}
    bridge = f("/site/metile/torch/_bridge.py", 170, "<lambda>")
    ops = f("/site/metile/torch/ops.py", 377, "rope_fwd")
    torch_f = f("/site/torch/autograd/function.py", 575, "apply")
    model = f("/repo/benchmarks/convergence.py", 204, "train")
    assert convergence.asking_frame([bridge, ops, torch_f, model]) == ops
    assert convergence.asking_frame([torch_f, model]) == model
    assert convergence.asking_frame([bridge, torch_f]) is None
    mib = 2**20
    events = [
        {"action": "alloc", "addr": 1, "size": 3 * mib, "frames": [bridge, ops, model]},
        {"action": "alloc", "addr": 2, "size": 1 * mib, "frames": [torch_f, model]},
        {"action": "free_requested", "addr": 2},
        {"action": "alloc", "addr": 3, "size": 2 * mib, "frames": [bridge, ops, model]},
    ]
    groups, peak = convergence.peak_breakdown({"device_traces": [events]}, 0)
    assert peak == 5.0
    assert groups == [(5.0, "ops.py:377 rope_fwd")]
