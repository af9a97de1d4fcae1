"""The convergence script (benchmarks/convergence.py) in its CPU smoke mode: a tiny Llama trained
5 steps in FP32 unpatched and patched by ``metile.torch.apply`` agrees within Liger-Kernel's FP32
convergence tolerances (loss per step, parameters per element). Skipped without torch and
transformers; about 5 s."""

import importlib.util
import json
from pathlib import Path

import pytest

pytest.importorskip("torch", reason="torch is not installed")
pytest.importorskip("transformers", reason="transformers is not installed: the convergence smoke test is skipped")

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "convergence.py"


def test_convergence_smoke(tmp_path):
    if not SCRIPT.exists():
        pytest.skip(f"{SCRIPT} is not here (tests run outside the repository)")
    spec = importlib.util.spec_from_file_location("convergence", SCRIPT)
    convergence = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(convergence)
    out = tmp_path / "convergence.json"
    rc = convergence.main(["--device", "cpu", "--steps", "5", "--tiny", "--ways", "torch,metile", "--json", str(out)])
    assert rc == 0
    result = json.loads(out.read_text())
    assert result["precision"] == "f32" and len(result["ways"]["metile"]["losses"]) == 5
    metile = result["comparisons"]["metile"]
    assert metile["loss_pass_all"], metile
    assert metile["param_pass"], metile
    assert metile["param_rel_norm"] < 1e-4, metile
