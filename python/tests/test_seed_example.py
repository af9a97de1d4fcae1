"""The seed's example (seed 000_332e66b99430b508, "Exact native normalization contract"), verbatim."""


def test_seed_example_runs_verbatim():
    import numpy as np
    from metile.backends.training_norms import layer_norm_forward, norm_backward

    values = np.arange(21, dtype=np.float32).reshape(3, 7) / 10
    weight = np.ones(7, dtype=np.float32)
    bias = np.zeros(7, dtype=np.float32)
    output, context = layer_norm_forward(values, weight, bias)
    gradients = norm_backward(context, np.ones_like(values))
    assert output.shape == values.shape
    assert gradients.source.shape == values.shape
    assert gradients.weight.shape == gradients.bias.shape == (7,)
