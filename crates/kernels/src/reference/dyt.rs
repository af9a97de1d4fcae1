//! FP64 oracle of DyT, Dynamic Tanh (`PARITY.md` §1.7): `y = gamma * tanh(alpha * x) + beta`
//! over rows `[rows, cols]`, alpha a scalar, gamma and beta per column (beta optional).
//!
//! Computed in f64 from the formula, results unrounded; the backward differentiates it.

/// Forward: `y [rows, cols]`.
pub fn dyt_forward(x: &[f64], alpha: f64, gamma: &[f64], beta: Option<&[f64]>) -> Vec<f64> {
    let cols = gamma.len();
    debug_assert!(cols >= 1 && x.len().is_multiple_of(cols));
    x.iter()
        .enumerate()
        .map(|(i, &v)| {
            let c = i % cols;
            gamma[c] * (alpha * v).tanh() + beta.map_or(0.0, |b| b[c])
        })
        .collect()
}

/// Gradients of `sum(dy * y)`: `(dx [rows, cols], dalpha, dgamma [cols], dbeta [cols])`.
pub fn dyt_backward(
    x: &[f64],
    alpha: f64,
    gamma: &[f64],
    dy: &[f64],
) -> (Vec<f64>, f64, Vec<f64>, Vec<f64>) {
    let cols = gamma.len();
    debug_assert_eq!(x.len(), dy.len());
    let mut dx = vec![0.0; x.len()];
    let (mut dalpha, mut dgamma, mut dbeta) = (0.0, vec![0.0; cols], vec![0.0; cols]);
    for (i, (&v, &g)) in x.iter().zip(dy).enumerate() {
        let c = i % cols;
        let t = (alpha * v).tanh();
        // d tanh(u) / du = 1 - tanh(u)^2.
        let dt = gamma[c] * (1.0 - t * t) * g;
        dx[i] = alpha * dt;
        dalpha += v * dt;
        dgamma[c] += g * t;
        dbeta[c] += g;
    }
    (dx, dalpha, dgamma, dbeta)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::norms::tests::check_grad;
    use crate::testing::Rng;

    #[test]
    fn gradients_match_central_differences() {
        let mut rng = Rng::new(17);
        for cols in [1, 7, 33] {
            let rows = 3;
            let mut normal = |n: usize, m: f64, s: f64| -> Vec<f64> {
                (0..n).map(|_| m + s * rng.normal_f64()).collect()
            };
            let x = normal(rows * cols, 0.0, 1.5);
            let gamma = normal(cols, 1.0, 0.3);
            let beta = normal(cols, 0.0, 0.3);
            let dy = normal(rows * cols, 0.0, 1.0);
            let alpha = 0.7;
            let loss = |x: &[f64], alpha: f64, gamma: &[f64], beta: &[f64]| -> f64 {
                let y = dyt_forward(x, alpha, gamma, Some(beta));
                y.iter().zip(&dy).map(|(a, b)| a * b).sum()
            };
            let (dx, dalpha, dgamma, dbeta) = dyt_backward(&x, alpha, &gamma, &dy);
            check_grad("dx", &x, &dx, &|p| loss(p, alpha, &gamma, &beta));
            check_grad("dalpha", &[alpha], &[dalpha], &|p| {
                loss(&x, p[0], &gamma, &beta)
            });
            check_grad("dgamma", &gamma, &dgamma, &|p| loss(&x, alpha, p, &beta));
            check_grad("dbeta", &beta, &dbeta, &|p| loss(&x, alpha, &gamma, p));
        }
    }

    #[test]
    fn forward_without_beta_is_the_scaled_tanh() {
        let y = dyt_forward(&[0.0, 1.0, -2.0, 0.5], 0.5, &[2.0, 3.0], None);
        let want = [
            0.0,
            3.0 * 0.5f64.tanh(),
            2.0 * (-1.0f64).tanh(),
            3.0 * 0.25f64.tanh(),
        ];
        assert_eq!(y, want);
    }
}
