//! `Ctx::vjp`: the reverse-mode derivative of tiles traced so far, as more traced tiles.

use metile_ir::{DType, Type};
use metile_opt::{vjp_in, VjpRequest};

use crate::tile::{in_scope, tile, Tile};
use crate::{Ctx, LangError};

impl Ctx {
    /// The vector-Jacobian product of `outputs` with respect to `wrt`: for each `wrt` tile, the
    /// sum over outputs of `cotangents[i] * d outputs[i] / d wrt` (a tile of `wrt`'s type),
    /// computed by ops appended here. Typically the outputs are a forward expression traced just
    /// before from loaded tiles (`wrt`), and the cotangents are loaded gradients:
    ///
    /// ```
    /// use metile_ir::DType;
    /// use metile_lang::trace;
    ///
    /// // dx = dy * d/dx [x * exp(-x * x)]
    /// let k = trace("bwd", |k| {
    ///     let (x, dy, dx) = (k.input("x", DType::F32), k.input("dy", DType::F32), k.output("dx", DType::F32));
    ///     let i = k.arange(0, 128);
    ///     let (xv, g) = (x.load(i), dy.load(i));
    ///     let y = xv * (-(xv * xv)).exp();
    ///     dx.store(i, k.vjp(&[y], &[xv], &[g])[0]);
    /// })
    /// .unwrap();
    /// assert!(metile_ir::print(k.kernel()).contains("exp"));
    /// ```
    ///
    /// What can be differentiated, the conventions at non-differentiable points and the bound
    /// on the expression's size are those of `metile_opt::vjp`; anything else makes the trace
    /// fail with `LangError::Vjp`.
    pub fn vjp(&self, outputs: &[Tile], wrt: &[Tile], cotangents: &[Tile]) -> Vec<Tile> {
        let mut all = outputs.to_vec();
        all.extend_from_slice(wrt);
        all.extend_from_slice(cotangents);
        let ids = |ts: &[Tile]| ts.iter().map(|t| t.id).collect::<Vec<_>>();
        let req = VjpRequest {
            outputs: ids(outputs),
            cotangents: ids(cotangents),
            wrt: ids(wrt),
        };
        let grads = in_scope("vjp", &all, |s| {
            if !s.failed() {
                match vjp_in(&mut s.kernel, &s.blocks, &req) {
                    Ok(d) => {
                        s.current().insts.extend(d.insts);
                        return d.grads.into_iter().map(|v| tile(s, v)).collect();
                    }
                    Err(error) => {
                        if s.error.is_none() {
                            s.error = Some(LangError::Vjp {
                                kernel: s.kernel.name.clone(),
                                error,
                            });
                        }
                    }
                }
            }
            // Placeholders of the wrt types, so that the closure runs to its end.
            req.wrt
                .iter()
                .map(|w| {
                    let ty = s.kernel.values.get(w.index()).cloned();
                    let v = s.kernel.new_value(ty.unwrap_or(Type::scalar(DType::F32)));
                    tile(s, v)
                })
                .collect::<Vec<_>>()
        });
        // A foreign tile: the trace has failed; the tiles given stand in for the gradients.
        grads.unwrap_or_else(|| wrt.to_vec())
    }
}
