//! Randomized checks of the embedding pair against a plain f64 gather and scatter-add written
//! here: repeated indices, padding, empty index lists, each dtype. The forward copies exactly
//! (tolerance 0); the backward sums in FP32 (tolerance 1e-6 relative to the largest sum).

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::{backward, forward};
use crate::check::{poisoned, CheckCase, CheckRow};
use crate::registry::OpError;
use crate::testing::{round_to_storage, Rng};

/// One configuration: a `[v, d]` table and `n` indices.
#[derive(Clone, Copy, Debug)]
pub struct EmbCase {
    pub dtype: DType,
    pub v: usize,
    pub d: usize,
    pub n: usize,
    pub padding: Option<i64>,
    pub seed: u64,
}

impl EmbCase {
    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let (v, d, n) = (self.v, self.d, self.n);
        let mut rng = Rng::new(self.seed);
        let mut w = rng.normal_vec(v * d, 0.0, 1.0);
        round_to_storage(&mut w, self.dtype);
        // Few distinct ids, so that repeats are many.
        let ids: Vec<i64> = (0..n).map(|_| rng.below(v.min(7) as u64) as i64).collect();
        let mut g = rng.normal_vec(n * d, 0.0, 1.0);
        round_to_storage(&mut g, self.dtype);
        let wt = device.to_device(&Tensor::from_f32(self.dtype, &[v, d], &w)?)?;
        let it = device.to_device(&Tensor::new(Buffer::from_i64(DType::I64, &ids)?, vec![n])?)?;
        let gt = device.to_device(&Tensor::from_f32(self.dtype, &[n, d], &g)?)?;
        // Outputs poisoned first: every element must be written (ids span only a few of the
        // vocabulary's rows, so most of dw's rows are zeros the kernel must write).
        let out = forward(
            device,
            &wt,
            &it,
            self.padding,
            Some(poisoned(device, self.dtype, &[n, d])?),
        )?;
        let dw = backward(
            device,
            &wt,
            &it,
            &gt,
            self.padding,
            Some(poisoned(device, DType::F32, &[v, d])?),
        )?;
        let mut want_out = vec![0.0f64; n * d];
        let mut want_dw = vec![0.0f64; v * d];
        for (i, x) in ids.iter().enumerate() {
            if Some(*x) == self.padding {
                continue;
            }
            for c in 0..d {
                want_out[i * d + c] = w[*x as usize * d + c] as f64;
                want_dw[*x as usize * d + c] += g[i * d + c] as f64;
            }
        }
        let shape = format!("{v}x{d} n={n}");
        let config = format!("padding={:?}", self.padding);
        Ok(vec![
            CheckRow::compare(
                "embedding",
                "embedding.forward:out".into(),
                self.dtype,
                shape.clone(),
                config.clone(),
                &out.to_f32()?,
                &want_out,
                0.0,
                0.0,
            ),
            CheckRow::compare(
                "embedding",
                "embedding.backward:dweight".into(),
                self.dtype,
                shape,
                config,
                &dw.to_f32()?,
                &want_dw,
                1e-6,
                0.0,
            ),
        ])
    }
}

/// The sweep.
pub fn cases() -> Vec<CheckCase> {
    let mut out = Vec::new();
    let mut seed = 17000;
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for (v, d, n, padding) in [
            (1, 1, 3, None),
            (10, 127, 50, Some(2)),
            (300, 4096, 64, None),
            (5, 33, 0, None),
            // Several programs of many rows, the last one ragged.
            (50, 64, 333, Some(7)),
        ] {
            seed += 1;
            let c = EmbCase {
                dtype,
                v,
                d,
                n,
                padding,
                seed,
            };
            out.push(CheckCase {
                op: "embedding",
                label: format!("embedding {dtype} {v}x{d} n={n}"),
                run: Box::new(move |dev: &Device| c.run(dev)),
            });
        }
    }
    out
}

/// Checks a forward's output `got` (`[ids.len(), d]`, f32 values) for indices that may lie
/// outside the table (the kernel's guard): a `padding` row is zeros, an index in `0..V` gives its
/// row of `table` (`[V, d]`, exactly: use values the weight's dtype holds), any other a NaN row.
/// Panics naming the first row that differs.
#[allow(clippy::panic)]
pub fn assert_guarded_rows(
    got: &[f32],
    ids: &[i64],
    table: &[f32],
    d: usize,
    padding: Option<i64>,
) {
    let v = table.len() / d.max(1);
    for (r, &id) in ids.iter().enumerate() {
        let row = &got[r * d..(r + 1) * d];
        let what = format!("padding {padding:?}, position {r}, index {id}");
        if Some(id) == padding {
            assert!(row.iter().all(|x| *x == 0.0), "{what}: {row:?}");
        } else if (0..v as i64).contains(&id) {
            assert_eq!(
                row,
                &table[id as usize * d..(id as usize + 1) * d],
                "{what}"
            );
        } else {
            assert!(row.iter().all(|x| x.is_nan()), "{what}: {row:?}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedding_matches_the_reference() {
        let failures = crate::check::failures(cases(), &Device::cpu());
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn backward_repeats_bit_for_bit_and_bad_ids_are_errors() {
        let dev = Device::cpu();
        let w = Tensor::from_f32(DType::F32, &[4, 8], &[0.5; 32]).unwrap();
        let ids = |v: &[i64]| {
            Tensor::new(Buffer::from_i64(DType::I64, v).unwrap(), vec![v.len()]).unwrap()
        };
        let g: Vec<f32> = (0..6 * 8).map(|i| (i as f32 * 0.37).sin()).collect();
        let gt = Tensor::from_f32(DType::F32, &[6, 8], &g).unwrap();
        let i = ids(&[1, 3, 1, 1, 0, 3]);
        let a = backward(&dev, &w, &i, &gt, None, None).unwrap();
        let b = backward(&dev, &w, &i, &gt, None, None).unwrap();
        assert_eq!(a, b);
        let e = forward(&dev, &w, &ids(&[4]), None, None)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("outside 0..4"), "{e}");
        // A table of no rows: no index names one (a typed error before any index is read).
        let empty = Tensor::zeros(DType::F32, &[0, 8]);
        let e = forward(&dev, &empty, &ids(&[0]), None, None).unwrap_err();
        assert!(e.to_string().contains("table of no rows"), "{e}");
    }

    /// The forward kernel's own guard, which is all a device launch has (indices in device
    /// memory are not read on the host): an index outside the table reads nothing and writes a
    /// NaN row, a `padding_idx` row stays zeros (also when the padding id is outside the table),
    /// the other rows are the table's. Launched past the host check on the CPU, as written and in
    /// the GPU form.
    #[test]
    fn unknown_indices_poison_their_rows_in_the_kernel() {
        let (v, d) = (5, 6);
        let table: Vec<f32> = (0..v * d).map(|i| i as f32 * 0.25 - 3.0).collect();
        let ids = [4, -1, 2, 5, 7, 0, 9];
        let indices =
            Tensor::new(Buffer::from_i64(DType::I32, &ids).unwrap(), vec![ids.len()]).unwrap();
        for dev in [Device::cpu(), Device::cpu_in_gpu_form()] {
            for padding in [None, Some(2), Some(9)] {
                let w = Tensor::from_f32(DType::F32, &[v, d], &table).unwrap();
                let c = super::super::Checked {
                    v,
                    d,
                    n: ids.len(),
                    ids: None,
                };
                let mut out = dev.tensor_zeros(DType::F32, &[ids.len(), d]).unwrap();
                super::super::launch_forward(&dev, &w, &indices, padding, &c, &mut out).unwrap();
                assert_guarded_rows(&out.buffer.to_f32().unwrap(), &ids, &table, d, padding);
            }
        }
    }
}
