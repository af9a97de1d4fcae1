use metile_ir::DType;
use metile_kernels::norms::*;
use metile_runtime::{Device, Tensor};
fn main() {
    let dev = Device::cpu();
    let (r, c) = (4096, 4096);
    let dt = DType::BF16;
    let mut rng = metile_kernels::testing::Rng::new(1);
    let x = Tensor::from_f32(dt, &[r, c], &rng.normal_vec(r * c, 0.0, 1.0)).unwrap();
    let w = Tensor::from_f32(dt, &[c], &vec![1.0; c]).unwrap();
    let inp = NormInputs { x: &x, residual: None, weight: Some(&w), bias: None };
    let opts = NormOptions::default();
    let mut out = None;
    let t = std::time::Instant::now();
    for _ in 0..20 { forward_into(&dev, NormKind::Rms, &inp, &opts, None, &mut out).unwrap(); }
    eprintln!("{:.2} ms", t.elapsed().as_secs_f64() * 1e3 / 20.0);
}
