//! Randomized checks of the matmul pair against `reference::matmul` (FP64), for `metile check`
//! and the unit tests: ragged `M`, `N`, `K` (each of 1, 17, 127 and 257 in each role, and
//! leading axes), every activation, each dtype, with and without bias, both weight layouts,
//! saved and recomputed pre-activations, storage and FP32 `dx`. Outputs are poisoned before each
//! launch; inputs are rounded to their storage dtype first. The backward's oracle differentiates
//! at the forward's (stored) `z`, as the kernel does.
//!
//! Tolerance, relative to the largest size of the terms an output sums (`sum |x w| + |b|` for
//! `y` and `z`; `sum max(|dz|, |dy|) |w|` for `dx`, likewise for `dw` and `dbias`):
//! `2u + (1.25 R + 16) u32`, `u` the storage dtype's unit roundoff, `u32` FP32's and `R` the
//! length of the sum. That is one rounding of the output and one of `dz` to storage; an FP32 sum
//! of `R` terms (at most `R` roundings of the running sum, in any order) scaled by the
//! activation's largest slope (1.13 for tanh-GELU); and a few FP32 roundings in the activation
//! and its derivative.

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use super::{
    backward, forward, Activation, MatmulBackend, MatmulBackwardInputs, MatmulGrads, MatmulOptions,
    MatmulOutputs, WeightLayout,
};
use crate::check::{poisoned, tensor, CheckCase, CheckRow};
use crate::reference::matmul::Product;
use crate::registry::OpError;
use crate::testing::{max_abs, round_to_storage, to_f64, unit_roundoff, Rng};

/// One randomized configuration: `x` is `lead + [K]` with `M` the product of `lead`.
#[derive(Clone, Debug)]
pub struct MatmulCase {
    pub dtype: DType,
    pub lead: Vec<usize>,
    pub n: usize,
    pub k: usize,
    pub bias: bool,
    pub opts: MatmulOptions,
    pub seed: u64,
}

/// The tolerance of an output summing `r` terms, in `dtype` storage.
pub fn tolerance(dtype: DType, r: usize) -> f64 {
    2.0 * unit_roundoff(dtype) + (1.25 * r as f64 + 16.0) * unit_roundoff(DType::F32)
}

impl MatmulCase {
    fn m(&self) -> usize {
        self.lead.iter().product()
    }

    fn shape(&self) -> String {
        format!("{}x{}x{}", self.m(), self.n, self.k)
    }

    pub fn describe(&self) -> String {
        let o = &self.opts;
        let mut s = format!("{} {}", o.activation.name(), o.layout.name());
        if self.lead.len() > 1 {
            s += &format!(" x{:?}", self.lead);
        }
        if self.bias {
            s += " bias";
        }
        if o.activation != Activation::None && !o.save_preact {
            s += " recompute";
        }
        if o.f32_dx {
            s += " dx:f32";
        }
        if o.accumulate {
            s += " accumulate";
        }
        if o.storage_param_grads {
            s += " dw:storage";
        }
        s
    }

    /// Runs forward and backward on `device` and compares every output with the oracle: on the
    /// CPU once (the DSL kernel), on a GPU once per backend (the DSL kernel, then cuBLAS; the
    /// backend ends the configuration column).
    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        if device.is_cpu() {
            return self.run_on(device, MatmulBackend::Auto);
        }
        let mut rows = self.run_on(device, MatmulBackend::Dsl)?;
        rows.extend(self.run_on(device, MatmulBackend::Blas)?);
        Ok(rows)
    }

    /// One run with the products on `backend`.
    pub fn run_on(
        &self,
        device: &Device,
        backend: MatmulBackend,
    ) -> Result<Vec<CheckRow>, OpError> {
        let opts = MatmulOptions {
            backend,
            ..self.opts
        };
        let config = match backend {
            MatmulBackend::Auto => self.describe(),
            MatmulBackend::Dsl => format!("{} dsl", self.describe()),
            MatmulBackend::Blas => format!("{} blas", self.describe()),
        };
        let (m, n, k) = (self.m(), self.n, self.k);
        let mut rng = Rng::new(self.seed);
        let mut gen = |len: usize| {
            let mut v = rng.normal_vec(len, 0.0, 1.0);
            round_to_storage(&mut v, self.dtype);
            v
        };
        let (x, w, b, dy) = (gen(m * k), gen(n * k), gen(n), gen(m * n));
        // The running FP32 sums an accumulating backward adds into.
        let param_dtype = if self.opts.storage_param_grads {
            self.dtype
        } else {
            DType::F32
        };
        let acc = self.opts.accumulate.then(|| {
            let mut sums = (rng.normal_vec(n * k, 0.0, 4.0), rng.normal_vec(n, 0.0, 4.0));
            round_to_storage(&mut sums.0, param_dtype);
            round_to_storage(&mut sums.1, param_dtype);
            sums
        });
        let mut x_shape = self.lead.clone();
        x_shape.push(k);
        let mut y_shape = self.lead.clone();
        y_shape.push(n);
        let w_shape = match self.opts.layout {
            WeightLayout::Nk => [n, k],
            WeightLayout::Kn => [k, n],
        };
        let up = |v: &[f32], shape: &[usize]| tensor(device, self.dtype, shape, v);
        let (xt, wt, bt, dyt) = (
            up(&x, &x_shape)?,
            up(&w, &w_shape)?,
            up(&b, &[n])?,
            up(&dy, &y_shape)?,
        );
        let bias = self.bias.then_some(&bt);
        let fwd = forward(
            device,
            &xt,
            &wt,
            bias,
            &opts,
            Some(MatmulOutputs {
                y: poisoned(device, self.dtype, &y_shape)?,
                z: Some(poisoned(device, self.dtype, &y_shape)?),
            }),
        )?;
        // The pre-activation the backward differentiates at: the forward's (y itself with no
        // activation), computed again when this case does not save it.
        let z = match (&fwd.z, self.opts.activation) {
            (Some(z), _) => z.clone(),
            (None, Activation::None) => fwd.y.clone(),
            (None, _) => {
                let saving = MatmulOptions {
                    save_preact: true,
                    ..opts
                };
                let again = forward(device, &xt, &wt, bias, &saving, None)?;
                again.z.unwrap_or(again.y)
            }
        };
        let grads = backward(
            device,
            &MatmulBackwardInputs {
                x: &xt,
                w: &wt,
                bias,
                z: fwd.z.as_ref(),
                dy: &dyt,
            },
            &opts,
            Some(MatmulGrads {
                dx: poisoned(
                    device,
                    if self.opts.f32_dx {
                        DType::F32
                    } else {
                        self.dtype
                    },
                    &x_shape,
                )?,
                // Accumulating: running sums the gradients must be added to; else poison.
                dw: match &acc {
                    Some((dw0, _)) => tensor(device, param_dtype, &w_shape, dw0)?,
                    None => poisoned(device, param_dtype, &w_shape)?,
                },
                dbias: Some(match &acc {
                    Some((_, db0)) => tensor(device, param_dtype, &[n], db0)?,
                    None => poisoned(device, param_dtype, &[n])?,
                }),
            }),
        )?;

        let (x64, w64, b64, dy64) = (to_f64(&x), to_f64(&w), to_f64(&b), to_f64(&dy));
        let oracle = Product {
            m,
            n,
            k,
            x: &x64,
            w: &w64,
            kn: self.opts.layout == WeightLayout::Kn,
            bias: self.bias.then_some(&b64[..]),
            activation: self.opts.activation.name(),
        };
        let (z_ref, y_ref) = oracle.forward();
        let fwd_scale = max_abs(&oracle.forward_magnitudes());
        let mut g = oracle.backward(&to_f64(&z.to_f32()?), &dy64);
        if let Some((dw0, db0)) = &acc {
            // The weight gradient's layout is the weight's, as the tensor's.
            g.dw.iter_mut().zip(dw0).for_each(|(a, b)| *a += *b as f64);
            g.dbias
                .iter_mut()
                .zip(db0)
                .for_each(|(a, b)| *a += *b as f64);
        }
        let sizes: Vec<f64> =
            g.dz.iter()
                .zip(&dy64)
                .map(|(a, b)| a.abs().max(b.abs()))
                .collect();
        let (dx_mag, dw_mag, db_mag) = oracle.backward_magnitudes(&sizes);

        let mut expect: Vec<(&str, &Tensor, Vec<f64>, f64, usize)> =
            vec![("forward:y", &fwd.y, y_ref, fwd_scale, k)];
        if let Some(zt) = &fwd.z {
            expect.push(("forward:z", zt, z_ref, fwd_scale, k));
        }
        expect.push(("backward:dx", &grads.dx, g.dx, max_abs(&dx_mag), n));
        expect.push(("backward:dw", &grads.dw, g.dw, max_abs(&dw_mag), m));
        if let Some(db) = &grads.dbias {
            expect.push(("backward:dbias", db, g.dbias, max_abs(&db_mag), m));
        }
        let mut rows = Vec::new();
        for (name, t, reference, scale, r) in expect {
            rows.push(CheckRow::compare(
                "matmul",
                format!("matmul.{name}"),
                self.dtype,
                self.shape(),
                config.clone(),
                &t.to_f32()?,
                &reference,
                tolerance(self.dtype, r),
                scale,
            ));
        }
        Ok(rows)
    }
}

/// The sweep: per dtype and activation, four `(M, N, K)` shapes in which each of 1, 17, 127 and
/// 257 takes each role once, then a case with leading axes; bias, layout, saving and `dx` dtype
/// vary with the seed.
pub fn sweep() -> Vec<MatmulCase> {
    let shapes: [(&[usize], usize, usize); 5] = [
        (&[1], 17, 257),
        (&[17], 127, 1),
        (&[127], 257, 17),
        (&[257], 1, 127),
        (&[2, 3], 33, 40),
    ];
    let mut out = Vec::new();
    let mut seed: u64 = 9100;
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for activation in Activation::ALL {
            for (lead, n, k) in shapes {
                seed += 1;
                let opts = MatmulOptions {
                    activation,
                    layout: if seed.is_multiple_of(2) {
                        WeightLayout::Kn
                    } else {
                        WeightLayout::Nk
                    },
                    save_preact: !seed.is_multiple_of(3),
                    f32_dx: seed.is_multiple_of(5),
                    backend: MatmulBackend::Auto,
                    accumulate: seed % 7 == 3,
                    storage_param_grads: seed % 11 == 4
                        || (seed % 7 == 3 && seed.is_multiple_of(2)),
                };
                out.push(MatmulCase {
                    dtype,
                    lead: lead.to_vec(),
                    n,
                    k,
                    bias: seed % 4 < 2,
                    opts,
                    seed,
                });
            }
        }
    }
    out
}

/// The sweep as `metile check` cases.
pub fn cases() -> Vec<CheckCase> {
    sweep()
        .into_iter()
        .map(|case| CheckCase {
            op: "matmul",
            label: format!("matmul {} {} {}", case.dtype, case.shape(), case.describe()),
            run: Box::new(move |d: &Device| case.run(d)),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry;

    #[test]
    fn every_case_matches_the_oracle() {
        let failures = crate::check::failures(cases(), &Device::cpu());
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn the_sweep_covers_every_option() {
        let s = sweep();
        for dtype in [DType::F32, DType::F16, DType::BF16] {
            for activation in Activation::ALL {
                let these: Vec<&MatmulCase> = s
                    .iter()
                    .filter(|c| c.dtype == dtype && c.opts.activation == activation)
                    .collect();
                for size in [1, 17, 127, 257] {
                    assert!(these.iter().any(|c| c.m() == size));
                    assert!(these.iter().any(|c| c.n == size));
                    assert!(these.iter().any(|c| c.k == size));
                }
                assert!(these.iter().any(|c| c.bias) && these.iter().any(|c| !c.bias));
            }
        }
        let any = |f: &dyn Fn(&MatmulCase) -> bool| s.iter().any(f);
        assert!(any(&|c| c.opts.layout == WeightLayout::Kn));
        assert!(any(&|c| c.opts.layout == WeightLayout::Nk));
        assert!(any(&|c| c.opts.f32_dx));
        assert!(any(
            &|c| c.opts.activation != Activation::None && !c.opts.save_preact
        ));
        assert!(any(
            &|c| c.opts.activation != Activation::None && c.opts.save_preact
        ));
    }

    fn tensor(dtype: DType, shape: &[usize], seed: u64) -> Tensor {
        let mut rng = Rng::new(seed);
        let mut v = rng.normal_vec(shape.iter().product(), 0.0, 1.0);
        round_to_storage(&mut v, dtype);
        Tensor::from_f32(dtype, shape, &v).unwrap()
    }

    /// Saving `z` costs `M * N` storage elements between the passes; recomputing it gives
    /// bit-identical gradients.
    #[test]
    fn recomputing_the_preactivation_matches_saving_it_bit_for_bit() {
        let dev = Device::cpu();
        let (m, n, k) = (37, 45, 29);
        for activation in [Activation::Relu, Activation::GeluTanh] {
            for dtype in [DType::F32, DType::BF16] {
                let x = tensor(dtype, &[m, k], 1);
                let w = tensor(dtype, &[n, k], 2);
                let b = tensor(dtype, &[n], 3);
                let dy = tensor(dtype, &[m, n], 4);
                let save = MatmulOptions::new(activation);
                let recompute = MatmulOptions {
                    save_preact: false,
                    ..save
                };
                let saved = forward(&dev, &x, &w, Some(&b), &save, None).unwrap();
                let lean = forward(&dev, &x, &w, Some(&b), &recompute, None).unwrap();
                let z = saved.z.as_ref().expect("a saving forward returns z");
                assert_eq!(z.shape, vec![m, n]);
                assert_eq!(z.buffer.size_bytes(), m * n * dtype.size_bytes());
                assert!(lean.z.is_none());
                assert_eq!(saved.y.to_f32().unwrap(), lean.y.to_f32().unwrap());
                let grads = |z: Option<&Tensor>| {
                    let inp = MatmulBackwardInputs {
                        x: &x,
                        w: &w,
                        bias: Some(&b),
                        z,
                        dy: &dy,
                    };
                    backward(&dev, &inp, &save, None).unwrap()
                };
                let (a, r) = (grads(Some(z)), grads(None));
                assert_eq!(a.dx.to_f32().unwrap(), r.dx.to_f32().unwrap());
                assert_eq!(a.dw.to_f32().unwrap(), r.dw.to_f32().unwrap());
                let dbias = |g: &MatmulGrads| g.dbias.as_ref().unwrap().to_f32().unwrap();
                assert_eq!(dbias(&a), dbias(&r));
            }
        }
        // With no activation the forward never keeps a second copy of y.
        let x = tensor(DType::F32, &[3, 4], 5);
        let w = tensor(DType::F32, &[2, 4], 6);
        let plain = MatmulOptions::new(Activation::None);
        assert!(forward(&dev, &x, &w, None, &plain, None)
            .unwrap()
            .z
            .is_none());
    }

    #[test]
    fn empty_sizes() {
        let dev = Device::cpu();
        let opts = MatmulOptions::new(Activation::Silu);
        // K = 0: y = silu(bias); dw is [N, 0]; dbias = sum of dz over rows.
        let x = Tensor::zeros(DType::F32, &[3, 0]);
        let w = Tensor::zeros(DType::F32, &[2, 0]);
        let b = Tensor::from_f32(DType::F32, &[2], &[1.0, -2.0]).unwrap();
        let out = forward(&dev, &x, &w, Some(&b), &opts, None).unwrap();
        let silu = |v: f32| v / (1.0 + (-v).exp());
        let y = out.y.to_f32().unwrap();
        for (i, v) in y.iter().enumerate() {
            let want = silu([1.0, -2.0][i % 2]);
            assert!((v - want).abs() < 1e-6, "{v} vs {want}");
        }
        let dy = Tensor::from_f32(DType::F32, &[3, 2], &[1.0; 6]).unwrap();
        let inp = MatmulBackwardInputs {
            x: &x,
            w: &w,
            bias: Some(&b),
            z: out.z.as_ref(),
            dy: &dy,
        };
        let g = backward(&dev, &inp, &opts, None).unwrap();
        assert_eq!(
            (g.dx.shape.clone(), g.dw.shape.clone()),
            (vec![3, 0], vec![2, 0])
        );
        let db = g.dbias.unwrap().to_f32().unwrap();
        let slope = |v: f32| {
            let s = 1.0 / (1.0 + (-v).exp());
            s * (1.0 + v * (1.0 - s))
        };
        assert!((db[0] - 3.0 * slope(1.0)).abs() < 1e-5, "{db:?}");
        assert!((db[1] - 3.0 * slope(-2.0)).abs() < 1e-5, "{db:?}");
        // M = 0: empty outputs, zero weight gradients.
        let x = Tensor::zeros(DType::BF16, &[0, 4]);
        let w = tensor(DType::BF16, &[5, 4], 7);
        let out = forward(&dev, &x, &w, None, &opts, None).unwrap();
        assert_eq!(out.y.shape, vec![0, 5]);
        let dy = Tensor::zeros(DType::BF16, &[0, 5]);
        let inp = MatmulBackwardInputs {
            x: &x,
            w: &w,
            bias: None,
            z: None,
            dy: &dy,
        };
        let mut prev_dw = Tensor::zeros(DType::F32, &[5, 4]);
        prev_dw.buffer.poison();
        let prev = MatmulGrads {
            dx: Tensor::zeros(DType::BF16, &[0, 4]),
            dw: prev_dw,
            dbias: None,
        };
        let g = backward(&dev, &inp, &opts, Some(prev)).unwrap();
        assert_eq!(g.dw.to_f32().unwrap(), vec![0.0; 20]);
        // N = 0: dx = 0.
        let w = Tensor::zeros(DType::F32, &[0, 4]);
        let x = tensor(DType::F32, &[2, 4], 8);
        let dy = Tensor::zeros(DType::F32, &[2, 0]);
        let inp = MatmulBackwardInputs {
            x: &x,
            w: &w,
            bias: None,
            z: None,
            dy: &dy,
        };
        let g = backward(&dev, &inp, &opts, None).unwrap();
        assert_eq!(g.dx.to_f32().unwrap(), vec![0.0; 8]);
    }

    /// The cuBLAS backend's forward is a plain FP32 product followed by the epilogue kernel. On
    /// the CPU the DSL kernel's FP32 product followed by the same epilogue is bit-identical to
    /// the fused kernel: the epilogue does the fused kernel's arithmetic. The epilogue also
    /// rounds a `dy` of another dtype as the product kernel's loads do.
    #[test]
    fn the_split_epilogue_matches_the_fused_one_bit_for_bit() {
        use crate::matmul::{launch_epilogue, launch_gemm, validate, GemmSpec, Operand};
        let dev = Device::cpu();
        let entry = "matmul.forward";
        let (m, n, k) = (37, 45, 29);
        for dtype in [DType::F32, DType::F16, DType::BF16] {
            for activation in Activation::ALL {
                for layout in [WeightLayout::Nk, WeightLayout::Kn] {
                    let x = tensor(dtype, &[m, k], 1);
                    let w_shape = match layout {
                        WeightLayout::Nk => [n, k],
                        WeightLayout::Kn => [k, n],
                    };
                    let w = tensor(dtype, &w_shape, 2);
                    let b = tensor(dtype, &[n], 3);
                    let opts = MatmulOptions {
                        layout,
                        ..MatmulOptions::new(activation)
                    };
                    let fused = forward(&dev, &x, &w, Some(&b), &opts, None).unwrap();
                    let d = validate(entry, &x, &w, Some(&b), layout).unwrap();
                    let mut acc = Tensor::zeros(DType::F32, &[m, n]);
                    let (w_n, w_k) = layout.strides(n, k);
                    let spec = GemmSpec {
                        a: dtype,
                        b: dtype,
                        operand: dtype,
                        out: DType::F32,
                        bias: None,
                        activation: Activation::None,
                        preact: false,
                        row_sums: false,
                        tile: [0; 3],
                        accumulate: false,
                    };
                    let (xo, wo) = (
                        Operand {
                            t: &x,
                            strides: (k as i64, 1),
                        },
                        Operand {
                            t: &w,
                            strides: (w_k, w_n),
                        },
                    );
                    let c = (&mut acc, (n as i64, 1));
                    launch_gemm(&dev, entry, spec, [m, n, k], xo, wo, None, c, None, None).unwrap();
                    let mut y = Tensor::zeros(dtype, &[m, n]);
                    y.buffer.poison();
                    let mut z = Tensor::zeros(dtype, &[m, n]);
                    z.buffer.poison();
                    let z_out = fused.z.is_some().then_some(&mut z);
                    launch_epilogue(&dev, entry, &d, &acc, Some(&b), activation, &mut y, z_out)
                        .unwrap();
                    let bits = |t: &Tensor| {
                        t.to_f32()
                            .unwrap()
                            .iter()
                            .map(|v| v.to_bits())
                            .collect::<Vec<_>>()
                    };
                    assert_eq!(
                        bits(&y),
                        bits(&fused.y),
                        "{dtype} {activation:?} {layout:?}"
                    );
                    if let Some(fz) = &fused.z {
                        assert_eq!(bits(&z), bits(fz), "{dtype} {activation:?} {layout:?}");
                    }
                }
            }
            // Rounding an f32 dy to the storage dtype.
            let dy = tensor(DType::F32, &[m, n], 4);
            let d = validate(
                entry,
                &tensor(dtype, &[m, k], 1),
                &tensor(dtype, &[n, k], 2),
                None,
                WeightLayout::Nk,
            )
            .unwrap();
            let mut r = Tensor::zeros(dtype, &[m, n]);
            r.buffer.poison();
            launch_epilogue(&dev, entry, &d, &dy, None, Activation::None, &mut r, None).unwrap();
            let mut want = dy.to_f32().unwrap();
            round_to_storage(&mut want, dtype);
            assert_eq!(r.to_f32().unwrap(), want);
        }
    }

    /// The products the cuBLAS backend asks for, evaluated by `Gemm`'s own FP64 reference on the
    /// host, give the oracle's `z`, `dx` and `dw` for both layouts: the operand roles, transposes
    /// and leading dimensions are right without a GPU.
    #[test]
    fn the_library_products_are_the_operators_products() {
        use crate::matmul::{validate, Products};
        let (m, n, k) = (7, 5, 3);
        for layout in [WeightLayout::Nk, WeightLayout::Kn] {
            let mut rng = Rng::new(17);
            let x = to_f64(&rng.normal_vec(m * k, 0.0, 1.0));
            let w = to_f64(&rng.normal_vec(n * k, 0.0, 1.0));
            let dz = to_f64(&rng.normal_vec(m * n, 0.0, 1.0));
            let kn = layout == WeightLayout::Kn;
            let w_shape = if kn { [k, n] } else { [n, k] };
            let d = validate(
                "matmul.forward",
                &Tensor::zeros(DType::F32, &[m, k]),
                &Tensor::zeros(DType::F32, &w_shape),
                None,
                layout,
            )
            .unwrap();
            let p = Products::new(&d, layout);
            // W(n, j) wherever it is stored.
            let w_at = |r: usize, j: usize| if kn { w[j * n + r] } else { w[r * k + j] };
            let mut z = vec![f64::NAN; m * n];
            p.forward.reference(&x, &w, &mut z);
            let mut dx = vec![f64::NAN; m * k];
            p.dx.reference(&dz, &w, &mut dx);
            let mut dw = vec![f64::NAN; n * k];
            if kn {
                p.dw.reference(&x, &dz, &mut dw);
            } else {
                p.dw.reference(&dz, &x, &mut dw);
            }
            let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * (1.0 + b.abs());
            for i in 0..m {
                for r in 0..n {
                    let want: f64 = (0..k).map(|j| x[i * k + j] * w_at(r, j)).sum();
                    assert!(close(z[i * n + r], want), "{layout:?} z ({i}, {r})");
                }
                for j in 0..k {
                    let want: f64 = (0..n).map(|r| dz[i * n + r] * w_at(r, j)).sum();
                    assert!(close(dx[i * k + j], want), "{layout:?} dx ({i}, {j})");
                }
            }
            for r in 0..n {
                for j in 0..k {
                    let want: f64 = (0..m).map(|i| dz[i * n + r] * x[i * k + j]).sum();
                    let got = if kn { dw[j * n + r] } else { dw[r * k + j] };
                    assert!(close(got, want), "{layout:?} dw ({r}, {j})");
                }
            }
        }
    }

    /// On a GPU: the cuBLAS backend and the DSL kernel each match the FP64 oracle on the ragged
    /// sweep (every dtype, activation, layout, bias, saved or recomputed `z`, `dx` dtype), and
    /// agree with each other within twice the tolerance. Skipped without a CUDA device.
    #[test]
    #[allow(clippy::print_stdout)]
    fn on_cuda_the_blas_backend_matches_the_dsl_kernel_and_the_oracle() {
        let Some(dev) = crate::testing::cuda_or_skip() else {
            return;
        };
        if let Err(e) = dev.gemm_available() {
            println!("skipping: no cuBLAS ({e})");
            return;
        }
        for case in sweep() {
            let dsl = case.run_on(&dev, MatmulBackend::Dsl).unwrap();
            let blas = case.run_on(&dev, MatmulBackend::Blas).unwrap();
            assert_eq!(dsl.len(), blas.len());
            for (a, b) in dsl.iter().zip(&blas) {
                assert!(
                    a.pass && b.pass,
                    "{}: dsl {a:?}\nblas {b:?}",
                    case.describe()
                );
            }
        }
        // The two backends' outputs side by side, on shapes past one tile.
        let opts = MatmulOptions::new(Activation::GeluTanh);
        let (m, n, k) = (257, 129, 300);
        for dtype in [DType::F32, DType::BF16] {
            let up = |t: Tensor| dev.to_device(&t).unwrap();
            let x = up(tensor(dtype, &[m, k], 1));
            let w = up(tensor(dtype, &[n, k], 2));
            let b = up(tensor(dtype, &[n], 3));
            let dy = up(tensor(dtype, &[m, n], 4));
            let run = |backend| {
                let o = MatmulOptions { backend, ..opts };
                let f = forward(&dev, &x, &w, Some(&b), &o, None).unwrap();
                let inp = MatmulBackwardInputs {
                    x: &x,
                    w: &w,
                    bias: Some(&b),
                    z: f.z.as_ref(),
                    dy: &dy,
                };
                let g = backward(&dev, &inp, &o, None).unwrap();
                let host = |t: &Tensor| t.to_f32().unwrap();
                [
                    host(&f.y),
                    host(&g.dx),
                    host(&g.dw),
                    host(g.dbias.as_ref().unwrap()),
                ]
            };
            let (a, c) = (run(MatmulBackend::Dsl), run(MatmulBackend::Blas));
            for (name, (p, q), r) in [
                ("y", (&a[0], &c[0]), k),
                ("dx", (&a[1], &c[1]), n),
                ("dw", (&a[2], &c[2]), m),
                ("dbias", (&a[3], &c[3]), m),
            ] {
                let scale = p.iter().fold(1.0f32, |s, v| s.max(v.abs())) as f64;
                let diff = p
                    .iter()
                    .zip(q)
                    .fold(0.0f64, |s, (u, v)| s.max((u - v).abs() as f64));
                // Each output sums r terms of size about 1: scale by sqrt(r) for the magnitude.
                let tol = 2.0 * tolerance(dtype, r) * scale.max((r as f64).sqrt());
                assert!(
                    diff <= tol,
                    "{dtype} {name}: dsl and blas differ by {diff} (tol {tol})"
                );
            }
        }
    }

    /// `input: message` of a `BadInput` error, else a description that matches no assertion.
    fn bad_input<T: std::fmt::Debug>(r: Result<T, OpError>) -> String {
        match r {
            Err(OpError::BadInput { name, message, .. }) => format!("{name}: {message}"),
            other => format!("(not a BadInput error: {other:?})"),
        }
    }

    #[test]
    fn bad_inputs_are_typed_errors() {
        let dev = Device::cpu();
        let opts = MatmulOptions::default();
        let x = tensor(DType::F32, &[2, 3], 1);
        let w = tensor(DType::F32, &[4, 3], 2);
        let msg = bad_input::<MatmulOutputs>;
        let fwd = |x: &Tensor, w: &Tensor, b: Option<&Tensor>| forward(&dev, x, w, b, &opts, None);
        // K mismatch.
        let w5 = tensor(DType::F32, &[4, 5], 3);
        assert!(msg(fwd(&x, &w5, None)).contains("K = 5 input features"));
        // The same weight in the other layout is [K, N] = [3, 4].
        let kn = MatmulOptions {
            layout: WeightLayout::Kn,
            ..opts
        };
        assert!(forward(&dev, &x, &w, None, &kn, None).is_err());
        let wt = tensor(DType::F32, &[3, 4], 4);
        assert_eq!(
            forward(&dev, &x, &wt, None, &kn, None).unwrap().y.shape,
            vec![2, 4]
        );
        // Rank and dtype errors.
        assert!(msg(fwd(&x, &tensor(DType::F32, &[12], 5), None)).starts_with("w: shape"));
        assert!(msg(fwd(&Tensor::zeros(DType::F32, &[]), &w, None)).starts_with("x:"));
        assert!(msg(fwd(&x, &tensor(DType::BF16, &[4, 3], 6), None)).contains("must match x's"));
        let ints = Tensor::new(
            metile_runtime::Buffer::from_i64(DType::I32, &[1; 6]).unwrap(),
            vec![2, 3],
        )
        .unwrap();
        assert!(msg(fwd(&ints, &w, None)).contains("dtype i32 is not allowed"));
        let b3 = tensor(DType::F32, &[3], 7);
        assert!(msg(fwd(&x, &w, Some(&b3))).contains("must be [N] = [4]"));
        let b16 = tensor(DType::F16, &[4], 8);
        assert!(msg(fwd(&x, &w, Some(&b16))).contains("must match x's"));

        // More output tiles than a launch's second grid axis takes (CPU tiles: 128 columns).
        let x1 = tensor(DType::F32, &[1, 1], 13);
        let wide = Tensor::zeros(DType::F32, &[65535 * 128 + 1, 1]);
        assert!(msg(fwd(&x1, &wide, None)).contains("at most"));

        // K = 0 leaves both inputs empty, but M x N must still be addressable.
        let empty = Tensor::zeros(DType::F32, &[1 << 40, 0]);
        assert!(msg(fwd(&empty, &empty, None)).contains("too many elements"));

        // Backward: cotangent and saved pre-activation shapes and dtypes.
        let bwd = |z: Option<&Tensor>, dy: &Tensor| {
            let inp = MatmulBackwardInputs {
                x: &x,
                w: &w,
                bias: None,
                z,
                dy,
            };
            bad_input(backward(
                &dev,
                &inp,
                &MatmulOptions::new(Activation::Relu),
                None,
            ))
        };
        let dy = tensor(DType::F32, &[2, 4], 9);
        assert!(bwd(None, &tensor(DType::F32, &[2, 3], 10)).starts_with("dy: shape"));
        assert!(bwd(Some(&tensor(DType::F16, &[2, 4], 11)), &dy).starts_with("z: dtype"));
        assert!(bwd(Some(&tensor(DType::F32, &[4, 2], 12)), &dy).starts_with("z: shape"));

        // Through the registry: missing inputs and bad parameters.
        let entry = registry::find("matmul.forward").unwrap();
        let mut inputs = registry::Tensors::new();
        inputs.insert("x".into(), x.clone());
        let params = entry.params(&[]).unwrap();
        assert!(matches!(
            entry.call(&dev, &inputs, &params),
            Err(OpError::MissingInput { .. })
        ));
        inputs.insert("w".into(), w.clone());
        let silu = entry
            .params(&[("activation".into(), "silu".into())])
            .unwrap();
        let out = entry.call(&dev, &inputs, &silu).unwrap();
        assert_eq!(out["y"].shape, vec![2, 4]);
        assert_eq!(out["z"].shape, vec![2, 4]);
        let gelu = entry
            .params(&[("activation".into(), "gelu".into())])
            .unwrap();
        assert!(matches!(
            entry.call(&dev, &inputs, &gelu),
            Err(OpError::BadParam { .. })
        ));
    }
}
