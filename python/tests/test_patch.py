"""metile.torch.apply on tiny randomly initialised Hugging Face models (CPU, float32): the
patched model's loss and every parameter gradient match the unpatched model's, the replacements
are reported, and undo restores the original modules and functions. Skipped when torch or
transformers is absent."""

import copy
import sys

import pytest

torch = pytest.importorskip("torch", reason="torch is not installed: patching tests are skipped")
transformers = pytest.importorskip("transformers", reason="transformers is not installed: patching tests are skipped")

import metile.torch as mt  # noqa: E402

SIZES = dict(vocab_size=96, hidden_size=32, intermediate_size=48, num_hidden_layers=2,
             num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=64)


def build(arch):
    torch.manual_seed(0)
    if arch == "llama":
        return transformers.LlamaForCausalLM(transformers.LlamaConfig(**SIZES))
    if arch == "mistral":
        return transformers.MistralForCausalLM(transformers.MistralConfig(**SIZES))
    if arch == "qwen2":
        return transformers.Qwen2ForCausalLM(transformers.Qwen2Config(**SIZES))
    if arch == "qwen3":
        return transformers.Qwen3ForCausalLM(transformers.Qwen3Config(head_dim=8, **SIZES))
    if arch == "gemma":
        model = transformers.GemmaForCausalLM(transformers.GemmaConfig(head_dim=8, **SIZES))
        with torch.no_grad():  # Gemma's norm weights start at zero: make the offset matter
            for n, p in model.named_parameters():
                if "norm" in n:
                    p.normal_(0, 0.2)
        return model
    raise ValueError(arch)


# Replacements per architecture with 2 layers: norms (2 per layer + final, + q/k norms), MLPs,
# one RoPE function, one loss.
EXPECTED = {
    "llama": {"RMSNorm": 5, "MLP": 2},
    "mistral": {"RMSNorm": 5, "MLP": 2},
    "qwen2": {"RMSNorm": 5, "MLP": 2},
    "qwen3": {"RMSNorm": 9, "MLP": 2},
    "gemma": {"RMSNorm": 5, "MLP": 2},
}


def grads(model):
    return {n: p.grad.clone() for n, p in model.named_parameters() if p.grad is not None}


@pytest.mark.parametrize("arch", sorted(EXPECTED))
def test_patched_training_step_matches(arch):
    model = build(arch)
    reference = copy.deepcopy(model)
    ids = torch.randint(0, SIZES["vocab_size"], (2, 12), generator=torch.Generator().manual_seed(1))
    labels = ids.clone()
    labels[0, :3] = -100
    patch = mt.apply(model)
    counts = patch.counts()
    norms = sum(n for k, n in counts.items() if k.endswith("-> RMSNorm"))
    mlps = sum(n for k, n in counts.items() if k.endswith("GLUMLP"))
    assert (norms, mlps) == (EXPECTED[arch]["RMSNorm"], EXPECTED[arch]["MLP"]), counts
    assert any("rotary" in k for k in counts) and any("fused_linear" in k for k in counts)
    if arch == "gemma":
        assert type(model.model.layers[0].mlp).__name__ == "GeGLUMLP"
        assert model.model.norm.offset == 1.0 and model.model.norm.casting_mode == "gemma"

    model.train()
    reference.train()
    out = model(input_ids=ids, labels=labels)
    want = reference(input_ids=ids, labels=labels)
    assert out.logits is None  # fused linear cross-entropy never forms the logits
    assert abs(out.loss.item() - want.loss.item()) <= 1e-5 * abs(want.loss.item())
    out.loss.backward()
    want.loss.backward()
    got, expect = grads(model), grads(reference)
    assert got.keys() == expect.keys()
    for name in expect:
        scale = max(expect[name].abs().max().item(), 1e-3)
        assert (got[name] - expect[name]).abs().max().item() <= 1e-4 * scale, name

    # Without labels (or in eval mode) the logits are computed as before.
    model.eval()
    reference.eval()
    with torch.no_grad():
        logits = model(input_ids=ids).logits
        assert torch.allclose(logits, reference(input_ids=ids).logits, atol=1e-5)

    modeling = sys.modules[type(model.model.layers[0].self_attn).__module__]
    before = {n: type(m) for n, m in reference.named_modules()}
    patch.undo()
    assert {n: type(m) for n, m in model.named_modules()} == before
    assert modeling.apply_rotary_pos_emb is not mt.patch.rotary_pos_emb
    assert "forward" not in vars(model) and "_loss_function" not in vars(model)
    assert patch.replacements == []


def test_patch_shares_parameters_and_cross_entropy_mode():
    model = build("llama")
    params = {n: p for n, p in model.named_parameters()}
    patch = mt.apply(model, fused_linear_cross_entropy=False, cross_entropy=True)
    assert {n: p for n, p in model.named_parameters()} == params  # same Parameter objects
    ids = torch.randint(0, SIZES["vocab_size"], (1, 8))
    out = model(input_ids=ids, labels=ids)
    assert out.logits is not None
    with torch.no_grad():
        want = torch.nn.functional.cross_entropy(out.logits[0, :-1], ids[0, 1:])
    assert abs(out.loss.item() - want.item()) < 1e-5
    patch.undo()


def test_per_architecture_helpers_check_the_model():
    model = build("qwen2")
    with pytest.raises(ValueError, match="model_type"):
        mt.apply_to_llama(model)
    mt.apply_to_qwen2(model).undo()
    with pytest.raises(ValueError, match="choose one"):
        mt.apply(model, cross_entropy=True)
