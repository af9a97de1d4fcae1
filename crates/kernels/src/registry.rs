//! The uniform entry-point interface: every operator's forward and backward are registered here
//! with named, shaped inputs, outputs and parameters, so that `metile run`, `metile check`,
//! `metile bench` and `metile ops` need no per-operator code.
//!
//! In-place entries (`<op>.in_place_backward`) write outputs over inputs they consume
//! ([`EntryPoint::overwrites`]): [`EntryPoint::call`] hands them copies (the caller's tensors are
//! never written), [`EntryPoint::call_owned`] the inputs themselves, so the outputs are the
//! inputs' memory (the Python binding's path, which saves that memory). On an error
//! `call_owned` puts the inputs it took back into the caller's map.

use std::collections::BTreeMap;

use metile_runtime::{Device, Tensor};

/// Tensors by port name.
pub type Tensors = BTreeMap<String, Tensor>;

/// The shape of a port in terms of the operator's row layout (`rows` = product of every axis of
/// `x` but the last, `cols` = the last axis).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PortShape {
    /// The shape of the main input `x`: `[..., cols]`.
    LikeX,
    /// `[cols]`.
    Cols,
    /// One value per row: `x.shape` without its last axis.
    Rows,
    /// One integer class id per row, in `0..cols` (int32 or int64).
    Classes,
    /// Integer ids of rows of the main input, `[rows]` with values in `0..rows` (an embedding's
    /// indices into its table).
    RowIds,
    /// A position table `[1, rows, cols]` (RoPE's cos/sin for `x` seen as `[T, D]`).
    Table,
    /// A real frequency table `[T, cols/2, 2]`: `(cos, sin)` of each interleaved column pair
    /// (Llama 4 RoPE's `freqs`).
    Freqs,
    /// Position tables in three planes `[3, B, T, cols]` (Qwen2-VL mRoPE's cos/sin for `x` seen
    /// as `[T, D]`, B = 1).
    Planes,
    /// Half the main input's width, `[..., cols/2]` (a packed gate|up activation's output).
    Halved,
    /// Integer rows of a position table, `[rows]` with values in `0..rows` (RoPE's position ids).
    Positions,
    /// The cotangent of a reduced loss: a scalar (or one value per row when the entry's
    /// reduction is `none`).
    LossCotangent,
    /// A weight mapping `cols` input features to `N` outputs, `[N, cols]` (or `[cols, N]`, by
    /// the entry's layout); generated inputs take `N = cols`.
    Weight,
    /// A weight mapping `N` features back to `cols` outputs, `[cols, N]` (an MLP's down
    /// projection beside its `[N, cols]` gate and up weights); generated inputs take `N` as
    /// [`PortShape::Weight`] does.
    BackWeight,
    /// The output rows of a projection to `N` features: `x.shape` with the last axis `N`.
    LikeOut,
    /// One value per output feature, `[N]`.
    OutCols,
    /// Attention queries (and what is shaped like them) `[B, Hq, T, D]`; generated inputs take
    /// `B = 1`, `Hq = 4`, `T = rows`, `D = cols`.
    QueryHeads,
    /// Attention keys or values `[B, Hkv, S, D]`; generated inputs take `B = 1`, `Hkv = 1`,
    /// `S = rows`, `D = cols`.
    KvHeads,
    /// One value per query row of every head, `[B, Hq, T]` (attention's log-sum-exp).
    HeadRows,
    /// A rank-0 tensor holding one value (a global sum such as AdamW's `grad_sumsq`).
    Scalar,
    /// A one-element vector `[1]` (DyT's `alpha`, PolyNorm's bias).
    One,
    /// A three-element vector `[3]` (PolyNorm's weight).
    Three,
    /// A second `x` with a quarter of its heads (GQA's k beside q): `x`'s shape with the second
    /// leading axis divided by [`KV_HEADS_DIVISOR`] (at least 1) where there are two leading
    /// axes, else `x`'s.
    KvLikeX,
    /// One value per channel, `[C]` for `x [B, C, ...]` (`x`'s axis 1: GroupNorm's weight).
    Channels,
    /// One value per (batch, group), `[B, G]` for `x [B, C, ...]` in `G` groups (GroupNorm's
    /// statistics); generated inputs take `G = 1`.
    Groups,
    /// Modulation rows `[S, cols]` with `S` dividing the rows of `x` (the modulated RMSNorm's
    /// scale and shift: row `r` uses row `r / (rows / S)`); generated inputs take `S` = the
    /// first leading axis (a row per sequence of `[B, T, cols]`), or without leading axes 8
    /// when it divides the rows, else 1.
    Modulation,
    /// Logits of `B` sequences of `L+1` positions, `[B, L+1, V]` (GRPO's); generated inputs take
    /// `B` = the product of the leading axes (1 without any), `L+1 = rows`, `V = cols`.
    SequenceLogits,
    /// One value per token of [`PortShape::SequenceLogits`] `[B, L+1, V]`: `[B, L]` (GRPO's
    /// mask, per-token log-probabilities and losses).
    Tokens,
    /// One class id per token of [`PortShape::SequenceLogits`], `[B, L]` in `0..V` (GRPO's
    /// completion ids, int32 or int64).
    TokenIds,
    /// One value per sequence of [`PortShape::SequenceLogits`]: `[B]` (GRPO's advantages).
    Sequences,
    /// Hidden states of `2B` sequences, `B` chosen then `B` rejected, of `T` tokens:
    /// `[2B, T, cols]` (the paired preference losses'); generated inputs take `B` = the product
    /// of the leading axes (1 without any), `T = rows`.
    PairedStates,
    /// One class id per token of [`PortShape::PairedStates`], `[2B, T]` in `0..N`.
    PairedTokenIds,
    /// One value per pair of [`PortShape::PairedStates`]: `[B]`.
    Pairs,
    /// Hidden states of `B` sequences of `T` tokens, `[B, T, cols]` (KTO's); generated inputs
    /// take `B` = the product of the leading axes (1 without any), `T = rows`.
    SequenceStates,
    /// One class id per token of [`PortShape::SequenceStates`], `[B, T]` in `0..N`.
    SequenceTokenIds,
    /// One bool per sequence of [`PortShape::SequenceStates`], `[B]` (KTO's preference labels).
    SequenceFlags,
    /// One value per token of [`PortShape::SequenceStates`], `[B, T]` (chunked GRPO's mask and
    /// per-token log-probabilities).
    SequenceTokens,
    /// One value per sequence of [`PortShape::SequenceStates`], `[B]` (chunked GRPO's
    /// advantages).
    SequenceValues,
}

/// How many of `x`'s heads share one of a generated `PortShape::KvLikeX` tensor's (GQA 4:1).
pub const KV_HEADS_DIVISOR: usize = 4;

impl PortShape {
    pub fn describe(self) -> &'static str {
        match self {
            PortShape::LikeX => "[..., cols]",
            PortShape::Cols => "[cols]",
            PortShape::Rows => "[...]",
            PortShape::Classes => "[...] class ids",
            PortShape::LossCotangent => "[] ([...] with reduction none)",
            PortShape::Table => "[1 or B, T, R]",
            PortShape::RowIds => "[...] ids in 0..V",
            PortShape::Positions => "[T] or [1 or B, T] ids in 0..P",
            PortShape::Freqs => "[T, D/2, 2]",
            PortShape::Planes => "[3, B, T, D]",
            PortShape::Halved => "[..., cols/2]",
            PortShape::Weight => "[N, cols] or [cols, N]",
            PortShape::BackWeight => "[cols, N]",
            PortShape::LikeOut => "[..., N]",
            PortShape::OutCols => "[N]",
            PortShape::QueryHeads => "[B, Hq, T, D]",
            PortShape::KvHeads => "[B, Hkv, S, D]",
            PortShape::HeadRows => "[B, Hq, T]",
            PortShape::Scalar => "[]",
            PortShape::One => "[1]",
            PortShape::Three => "[3]",
            PortShape::KvLikeX => "[B, Hk, ..., cols]",
            PortShape::Channels => "[C]",
            PortShape::Groups => "[B, G]",
            PortShape::Modulation => "[S dividing rows, cols]",
            PortShape::SequenceLogits => "[B, L+1, V]",
            PortShape::Tokens => "[B, L] for x [B, L+1, V]",
            PortShape::TokenIds => "[B, L] ids in 0..V for x [B, L+1, V]",
            PortShape::Sequences => "[B] for x [B, L+1, V]",
            PortShape::PairedStates => "[2B, T, cols]",
            PortShape::PairedTokenIds => "[2B, T] ids in 0..N",
            PortShape::Pairs => "[B] for x [2B, T, cols]",
            PortShape::SequenceStates => "[B, T, cols]",
            PortShape::SequenceTokenIds => "[B, T] ids in 0..N",
            PortShape::SequenceFlags => "[B] bool",
            PortShape::SequenceTokens => "[B, T]",
            PortShape::SequenceValues => "[B]",
        }
    }
}

/// Input `name` of `entry`, or [`OpError::MissingInput`].
pub fn input<'a>(entry: &str, t: &'a Tensors, name: &str) -> Result<&'a Tensor, OpError> {
    t.get(name).ok_or_else(|| OpError::MissingInput {
        entry: entry.into(),
        name: name.into(),
    })
}

/// A named input or output of an entry point.
#[derive(Clone, Copy, Debug)]
pub struct Port {
    pub name: &'static str,
    pub shape: PortShape,
    pub optional: bool,
    /// Whether the operator's common use passes this port (always, for a required one). An
    /// optional input outside it (a cross-entropy's class weights, RoPE's position ids) is left
    /// out where inputs are made up for a caller who did not name them: `metile bench`, which
    /// times what peers time unless told otherwise.
    pub common: bool,
    pub doc: &'static str,
}

/// A port, in `const` position (in the common use; see [`Port::rare`]).
pub const fn port(name: &'static str, shape: PortShape, optional: bool, doc: &'static str) -> Port {
    Port {
        name,
        shape,
        optional,
        common: true,
        doc,
    }
}

impl Port {
    /// This optional port, marked as outside the operator's common use ([`Port::common`]).
    pub const fn rare(self) -> Port {
        Port {
            common: false,
            ..self
        }
    }
}

/// A named parameter with its default and the values it allows.
#[derive(Clone, Copy, Debug)]
pub struct ParamDef {
    pub name: &'static str,
    pub default: &'static str,
    pub allowed: &'static str,
    pub doc: &'static str,
}

/// An input whose memory an in-place entry writes one of its outputs into: the output comes
/// back in the input's buffer (the input is consumed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overwrite {
    pub input: &'static str,
    pub output: &'static str,
}

/// A runnable entry point such as `rms_norm.forward`.
pub struct EntryPoint {
    pub name: &'static str,
    pub op: &'static str,
    pub inputs: &'static [Port],
    pub outputs: &'static [Port],
    pub params: &'static [ParamDef],
    /// The inputs this entry writes its outputs over (in-place entries such as
    /// `swiglu.in_place_backward`); empty for every other entry.
    pub overwrites: &'static [Overwrite],
    /// Runs on `device`: reads `inputs`, writes every output into `outputs` (reusing a tensor
    /// already there when its dtype and shape fit, else allocating). For each of `overwrites`,
    /// `outputs` holds on entry, under the output's name, the tensor to write over, holding the
    /// input's values ([`EntryPoint::stage`] and [`EntryPoint::call`] put a copy there,
    /// [`EntryPoint::call_owned`] the input itself); the input need not be in `inputs`, and
    /// without that tensor the run fails with [`OpError::MissingInput`] naming the input. On an
    /// error that tensor is left in `outputs` ([`write_over`] keeps it there), so that
    /// `call_owned` can hand it back.
    pub run: fn(&Device, &Tensors, &Params, &mut Tensors) -> Result<(), OpError>,
}

impl std::fmt::Debug for EntryPoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EntryPoint")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl EntryPoint {
    /// Validates `pairs` against this entry's parameter definitions.
    pub fn params(&self, pairs: &[(String, String)]) -> Result<Params, OpError> {
        let mut values = BTreeMap::new();
        for (k, v) in pairs {
            if !self.params.iter().any(|p| p.name == k) {
                return Err(OpError::UnknownParam {
                    entry: self.name.into(),
                    name: k.clone(),
                    known: self
                        .params
                        .iter()
                        .map(|p| p.name)
                        .collect::<Vec<_>>()
                        .join(", "),
                });
            }
            values.insert(k.clone(), v.clone());
        }
        Ok(Params {
            entry: self.name,
            defs: self.params,
            values,
        })
    }

    /// `Err(OpError::UnknownInput)` unless `name` is one of this entry's inputs.
    pub fn check_input(&self, name: &str) -> Result<(), OpError> {
        if self.inputs.iter().any(|p| p.name == name) {
            return Ok(());
        }
        Err(OpError::UnknownInput {
            entry: self.name.into(),
            name: name.into(),
            known: self.describe_inputs(),
        })
    }

    /// The inputs as `name (shape[, optional])`, comma-separated.
    pub fn describe_inputs(&self) -> String {
        self.inputs
            .iter()
            .map(|p| {
                let opt = if p.optional { ", optional" } else { "" };
                format!("{} ({}{opt})", p.name, p.shape.describe())
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Runs with freshly allocated outputs; nothing in `inputs` is modified (an in-place entry
    /// writes over copies of the inputs it overwrites).
    pub fn call(
        &self,
        device: &Device,
        inputs: &Tensors,
        params: &Params,
    ) -> Result<Tensors, OpError> {
        let mut out = Tensors::new();
        self.stage(device, inputs, &mut out)?;
        (self.run)(device, inputs, params, &mut out)?;
        Ok(out)
    }

    /// Runs taking the inputs this entry overwrites out of `inputs`: each output of
    /// `overwrites` is its input's tensor, written in place (no copy). An input that may share
    /// memory with another input (two borrows of one device allocation) is copied instead and
    /// left in `inputs`, since a kernel must not write memory that it also reads through another
    /// buffer. The other inputs are only read and stay in `inputs`.
    ///
    /// On an error the inputs taken are put back into `inputs`. After a typed validation error
    /// (anything but [`OpError::Runtime`]) they are unchanged, since every in-place entry
    /// validates before it writes; after a failed launch ([`OpError::Runtime`]) their values
    /// are unspecified (a kernel may have written part of them).
    pub fn call_owned(
        &self,
        device: &Device,
        inputs: &mut Tensors,
        params: &Params,
    ) -> Result<Tensors, OpError> {
        let mut out = Tensors::new();
        let mut taken = Vec::new();
        let staged = self.overwrites.iter().try_for_each(|ow| {
            let shared = inputs.get(ow.input).is_some_and(|t| {
                inputs
                    .iter()
                    .any(|(name, o)| name != ow.input && t.buffer.may_share_memory(&o.buffer))
            });
            if shared {
                self.stage_one(device, ow, inputs, &mut out)?;
            } else if let Some(t) = inputs.remove(ow.input) {
                out.insert(ow.output.into(), t);
                taken.push(ow);
            }
            Ok(())
        });
        match staged.and_then(|()| (self.run)(device, inputs, params, &mut out)) {
            Ok(()) => {
                // An entry may leave an input it took unwritten (e.g. a scale by 1): its output
                // must not go on reading a caller's host memory (`Buffer::borrow_host`).
                for ow in taken {
                    if let Some(t) = out.get_mut(ow.output) {
                        t.buffer.own_host_memory();
                    }
                }
                Ok(out)
            }
            Err(e) => {
                for ow in taken {
                    if let Some(t) = out.remove(ow.output) {
                        inputs.insert(ow.input.into(), t);
                    }
                }
                Err(e)
            }
        }
    }

    /// Puts a copy of each input of `overwrites` into `outputs` under its output's name, for
    /// [`EntryPoint::run`] to write over (reusing the tensor there when it fits, as outputs
    /// are reused between calls). Nothing for entries that overwrite no input.
    pub fn stage(
        &self,
        device: &Device,
        inputs: &Tensors,
        outputs: &mut Tensors,
    ) -> Result<(), OpError> {
        for ow in self.overwrites {
            self.stage_one(device, ow, inputs, outputs)?;
        }
        Ok(())
    }

    fn stage_one(
        &self,
        device: &Device,
        ow: &Overwrite,
        inputs: &Tensors,
        outputs: &mut Tensors,
    ) -> Result<(), OpError> {
        let src = input(self.name, inputs, ow.input)?;
        let t = crate::host::fit_copy(device, outputs.remove(ow.output), src)?;
        outputs.insert(ow.output.into(), t);
        Ok(())
    }
}

/// Runs `write` on the tensors an in-place entry writes over (see [`EntryPoint::run`]), taken
/// out of `outputs` under the names of `ows`' outputs, and puts them back there afterwards,
/// whether `write` succeeds (they hold the outputs) or fails (so that
/// [`EntryPoint::call_owned`] hands them back to the caller). A missing tensor is
/// [`OpError::MissingInput`] naming its input, and leaves `outputs` as it was.
pub fn write_over<const N: usize, R>(
    entry: &str,
    outputs: &mut Tensors,
    ows: &[Overwrite; N],
    write: impl FnOnce(&mut [Tensor; N]) -> Result<R, OpError>,
) -> Result<R, OpError> {
    if let Some(ow) = ows.iter().find(|ow| !outputs.contains_key(ow.output)) {
        return Err(OpError::MissingInput {
            entry: entry.into(),
            name: ow.input.into(),
        });
    }
    let mut written = ows.map(|ow| {
        outputs
            .remove(ow.output)
            .expect("every tensor should be there: checked above")
    });
    let result = write(&mut written);
    for (ow, t) in ows.iter().zip(written) {
        outputs.insert(ow.output.into(), t);
    }
    result
}

/// Parameter values of one call, checked against the entry's definitions.
#[derive(Clone, Debug)]
pub struct Params {
    entry: &'static str,
    defs: &'static [ParamDef],
    values: BTreeMap<String, String>,
}

impl Params {
    fn raw(&self, name: &str) -> (String, &'static ParamDef) {
        let def = self
            .defs
            .iter()
            .find(|d| d.name == name)
            .unwrap_or(&UNKNOWN_PARAM);
        let v = self
            .values
            .get(name)
            .cloned()
            .unwrap_or_else(|| def.default.to_string());
        (v, def)
    }

    fn bad(&self, def: &ParamDef, value: &str, message: &str) -> OpError {
        OpError::BadParam {
            entry: self.entry.into(),
            name: def.name.into(),
            value: value.into(),
            message: message.into(),
            allowed: def.allowed.into(),
        }
    }

    /// A finite f32 parameter.
    pub fn f32(&self, name: &str) -> Result<f32, OpError> {
        let (v, def) = self.raw(name);
        match v.trim().parse::<f32>() {
            Ok(x) if x.is_finite() => Ok(x),
            Ok(_) => Err(self.bad(def, &v, "must be finite")),
            Err(_) => Err(self.bad(def, &v, "is not a number")),
        }
    }

    /// A parameter that must be one of `choices`.
    pub fn choice(&self, name: &str, choices: &[&str]) -> Result<String, OpError> {
        let (v, def) = self.raw(name);
        if choices.contains(&v.as_str()) {
            Ok(v)
        } else {
            Err(self.bad(def, &v, "is not one of the allowed values"))
        }
    }

    /// The raw text of a parameter (or its default).
    pub fn text(&self, name: &str) -> String {
        self.raw(name).0
    }
}

static UNKNOWN_PARAM: ParamDef = ParamDef {
    name: "?",
    default: "",
    allowed: "",
    doc: "",
};

/// Errors of operator entry points: bad inputs and parameters, or a runtime failure.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum OpError {
    #[error("unknown entry point `{name}`; available: {available}")]
    UnknownEntry { name: String, available: String },
    #[error("unknown kernel `{name}`; available: {available}")]
    UnknownKernel { name: String, available: String },
    #[error("{entry}: missing input `{name}`")]
    MissingInput { entry: String, name: String },
    #[error("{entry}: unknown input `{name}`; inputs are: {known}")]
    UnknownInput {
        entry: String,
        name: String,
        known: String,
    },
    #[error("{entry}: input `{name}`: {message}")]
    BadInput {
        entry: String,
        name: String,
        message: String,
    },
    #[error("{entry}: unknown parameter `{name}`; parameters are: {known}")]
    UnknownParam {
        entry: String,
        name: String,
        known: String,
    },
    #[error("{entry}: parameter `{name}` = `{value}` {message}; allowed: {allowed}")]
    BadParam {
        entry: String,
        name: String,
        value: String,
        message: String,
        allowed: String,
    },
    #[error(transparent)]
    Runtime(#[from] metile_runtime::Error),
}

/// Every registered entry point.
pub fn entry_points() -> Vec<&'static EntryPoint> {
    crate::norms::ENTRY_POINTS
        .iter()
        .chain(crate::dyt::ENTRY_POINTS.iter())
        .chain(crate::poly_norm::ENTRY_POINTS.iter())
        .chain(crate::group_norm::ENTRY_POINTS.iter())
        .chain(crate::modulated_rms_norm::ENTRY_POINTS.iter())
        .chain(crate::activations::UNARY_ENTRY_POINTS.iter())
        .chain(crate::activations::GATED_ENTRY_POINTS.iter())
        .chain(crate::activations::PACKED_ENTRY_POINTS.iter())
        .chain(crate::softmax::ENTRY_POINTS.iter())
        .chain(crate::sparsemax::ENTRY_POINTS.iter())
        .chain(crate::cross_entropy::ENTRY_POINTS.iter())
        .chain(crate::fused_linear_cross_entropy::ENTRY_POINTS.iter())
        .chain(crate::fused_linear_kl_div::ENTRY_POINTS.iter())
        .chain(crate::fused_linear_jsd::ENTRY_POINTS.iter())
        .chain(crate::chunked_distill::ENTRY_POINTS.iter())
        .chain(crate::chunked_preference::ENTRY_POINTS.iter())
        .chain(crate::chunked_preference::kto::ENTRY_POINTS.iter())
        .chain(crate::chunked_grpo::ENTRY_POINTS.iter())
        .chain(crate::distill::ENTRY_POINTS.iter())
        .chain(crate::fused_ce_tvd::ENTRY_POINTS.iter())
        .chain(crate::grpo_loss::ENTRY_POINTS.iter())
        .chain(crate::rope::ENTRY_POINTS.iter())
        .chain(crate::rope::llama4::ENTRY_POINTS.iter())
        .chain(crate::rope::mrope::ENTRY_POINTS.iter())
        .chain(crate::embedding::ENTRY_POINTS.iter())
        .chain(crate::matmul::ENTRY_POINTS.iter())
        .chain(crate::mlp::ENTRY_POINTS.iter())
        .chain(crate::attention::ENTRY_POINTS.iter())
        .chain(crate::optim::ENTRY_POINTS.iter())
        .collect()
}

/// The entry point called `name` (such as `rms_norm.forward`).
pub fn find(name: &str) -> Result<&'static EntryPoint, OpError> {
    entry_points()
        .into_iter()
        .find(|e| e.name == name)
        .ok_or_else(|| OpError::UnknownEntry {
            name: name.into(),
            available: entry_points()
                .iter()
                .map(|e| e.name)
                .collect::<Vec<_>>()
                .join(", "),
        })
}

#[cfg(test)]
mod tests {
    use metile_ir::DType;
    use metile_runtime::{Device, Tensor};

    use super::*;

    fn t(shape: &[usize], f: impl Fn(usize) -> f32) -> Tensor {
        let n = shape.iter().product();
        Tensor::from_f32(DType::F32, shape, &(0..n).map(f).collect::<Vec<_>>()).unwrap()
    }

    /// Only optional inputs are outside the common use (`Port::common`), and every output is in
    /// it; the rare ones are the inputs the peers' common use leaves out.
    #[test]
    fn only_optional_inputs_are_rare() {
        let mut rare = Vec::new();
        for e in entry_points() {
            for p in e.inputs.iter().filter(|p| !p.common) {
                assert!(
                    p.optional,
                    "{}: {} is required but marked rare",
                    e.name, p.name
                );
                rare.push(format!("{}:{}", e.name, p.name));
            }
            assert!(e.outputs.iter().all(|p| p.common), "{}", e.name);
        }
        for want in [
            "cross_entropy.forward:weight",
            "rope.forward:position_ids",
            "fused_linear_cross_entropy.forward:bias",
            "fused_linear_cross_entropy.forward:ce_weight",
        ] {
            assert!(rare.iter().any(|r| r == want), "{want} not rare: {rare:?}");
        }
    }

    /// An in-place entry's outputs are its overwritten inputs' memory under `call_owned` (taken
    /// out of the map, the other inputs left), and copies under `call` (the inputs unchanged);
    /// both give the out-of-place backward's values. `run` without the staged tensor names the
    /// missing input.
    #[test]
    fn in_place_entries_take_their_inputs_under_call_owned_only() {
        let d = Device::cpu();
        let ep = find("swiglu.in_place_backward").unwrap();
        let params = ep.params(&[]).unwrap();
        let mut inputs = Tensors::new();
        inputs.insert("a".into(), t(&[3, 5], |i| i as f32 * 0.1 - 0.7));
        inputs.insert("b".into(), t(&[3, 5], |i| 1.0 - i as f32 * 0.05));
        inputs.insert("dc".into(), t(&[3, 5], |i| (i % 4) as f32 - 1.5));
        let oop = find("swiglu.backward").unwrap();
        let want = oop.call(&d, &inputs, &oop.params(&[]).unwrap()).unwrap();
        let addr = |t: &mut Tensor| t.buffer.host_bytes_mut().unwrap().as_ptr() as usize;

        let before = inputs.clone();
        let copied = ep.call(&d, &inputs, &params).unwrap();
        assert_eq!(inputs, before, "call leaves its inputs alone");
        assert_eq!(copied, want);

        let mut owned = inputs.clone();
        let a_at = addr(owned.get_mut("a").unwrap());
        let b_at = addr(owned.get_mut("b").unwrap());
        let mut got = ep.call_owned(&d, &mut owned, &params).unwrap();
        assert_eq!(got, want);
        assert_eq!(addr(got.get_mut("da").unwrap()), a_at, "da in a's memory");
        assert_eq!(addr(got.get_mut("db").unwrap()), b_at, "db in b's memory");
        assert_eq!(owned.keys().collect::<Vec<_>>(), ["dc"], "a and b taken");

        let e = (ep.run)(&d, &inputs, &params, &mut Tensors::new()).unwrap_err();
        assert_eq!(
            e,
            OpError::MissingInput {
                entry: "swiglu.in_place_backward".into(),
                name: "a".into()
            }
        );
        let mut no_b = inputs.clone();
        no_b.remove("b");
        let e = ep.call(&d, &no_b, &params).unwrap_err();
        assert!(e.to_string().contains("missing input `b`"), "{e}");
    }

    /// On an error `call_owned` puts the inputs it took back into the caller's map, unchanged,
    /// for every in-place layout: a bad parameter, a bad input found by the entry's validation,
    /// a missing input read after the tensor to write over was taken.
    #[test]
    fn call_owned_hands_the_taken_inputs_back_on_an_error() {
        let d = Device::cpu();
        let x = |shape: &[usize]| t(shape, |i| i as f32 * 0.1 - 0.7);
        let fails = |name: &str, given: Vec<(&str, Tensor)>, param: &[(&str, &str)], says: &str| {
            let ep = find(name).unwrap();
            let pairs: Vec<(String, String)> = param
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            let params = ep.params(&pairs).unwrap();
            let mut inputs: Tensors = given.into_iter().map(|(k, v)| (k.into(), v)).collect();
            let before = inputs.clone();
            let e = ep.call_owned(&d, &mut inputs, &params).unwrap_err();
            assert!(!matches!(e, OpError::Runtime(_)), "{name}: typed: {e}");
            assert!(e.to_string().contains(says), "{name}: {e} names {says}");
            assert_eq!(
                inputs, before,
                "{name} ({says}): inputs handed back unchanged"
            );
        };
        let gated = |dc: &[usize]| vec![("a", x(&[3, 5])), ("b", x(&[3, 5])), ("dc", x(dc))];
        fails(
            "swiglu.in_place_backward",
            gated(&[3, 5]),
            &[("gate_multiplier", "nan")],
            "parameter `gate_multiplier`",
        );
        fails(
            "swiglu.in_place_backward",
            gated(&[5, 3]),
            &[],
            "input `dc`",
        );
        fails(
            "geglu_packed.in_place_backward",
            vec![("x", x(&[3, 6])), ("dy", x(&[3, 4]))],
            &[],
            "input `dy`",
        );
        fails(
            "rms_norm.in_place_backward",
            vec![("x", x(&[3, 5])), ("weight", x(&[4])), ("dy", x(&[3, 5]))],
            &[],
            "input `weight`",
        );
        fails(
            "cross_entropy.in_place_backward",
            vec![("dlogits", x(&[3, 5])), ("dloss", x(&[7]))],
            &[("reduction", "none")],
            "input `dloss`",
        );
        fails(
            "cross_entropy.in_place_backward",
            vec![("dlogits", x(&[3, 5]))],
            &[],
            "missing input `dloss`",
        );
    }

    /// An in-place entry that leaves the tensor it took unwritten (cross-entropy's scale by a
    /// cotangent of 1) still returns memory of its own, not a caller's host memory it borrowed.
    #[test]
    fn call_owned_outputs_never_borrow_the_callers_host_memory() {
        let d = Device::cpu();
        let ep = find("cross_entropy.in_place_backward").unwrap();
        let grads: Vec<f32> = (0..15).map(|i| i as f32 * 0.1 - 0.7).collect();
        // SAFETY: `grads` outlives the call and is not written during it.
        let borrowed = unsafe {
            metile_runtime::Buffer::borrow_host(DType::F32, 15, grads.as_ptr().cast(), Box::new(()))
        };
        let mut inputs = Tensors::new();
        inputs.insert(
            "dlogits".into(),
            Tensor::new(borrowed.unwrap(), vec![3, 5]).unwrap(),
        );
        inputs.insert("dloss".into(), t(&[], |_| 1.0));
        assert!(inputs["dlogits"].buffer.borrows_host_memory());
        let params = ep.params(&[]).unwrap();
        let out = ep.call_owned(&d, &mut inputs, &params).unwrap();
        assert!(!inputs.contains_key("dlogits"), "the input was taken");
        assert!(!out["dlogits"].buffer.borrows_host_memory());
        assert_eq!(out["dlogits"].to_f32().unwrap(), grads);
    }

    /// An entry's `run` writes an output already in its map when it fits (as `metile bench`
    /// reuses outputs between calls), replaces one that does not, and matches them by name.
    #[test]
    fn run_writes_given_outputs_where_they_fit() {
        let d = Device::cpu();
        let ep = find("swiglu.backward").unwrap();
        let params = ep.params(&[]).unwrap();
        let mut inputs = Tensors::new();
        inputs.insert("a".into(), t(&[3, 5], |i| i as f32 * 0.1 - 0.7));
        inputs.insert("b".into(), t(&[3, 5], |i| 1.0 - i as f32 * 0.05));
        inputs.insert("dc".into(), t(&[3, 5], |i| (i % 4) as f32 - 1.5));
        let want = ep.call(&d, &inputs, &params).unwrap();

        // Where a host buffer's words live: the same address means the same memory.
        let addr = |t: &mut Tensor| t.buffer.host_bytes_mut().unwrap().as_ptr() as usize;
        let mut given = Tensors::new();
        let mut da = t(&[3, 5], |_| f32::NAN);
        let da_at = addr(&mut da);
        given.insert("da".into(), da);
        given.insert("db".into(), t(&[7], |_| f32::NAN));
        let mut got = given;
        (ep.run)(&d, &inputs, &params, &mut got).unwrap();
        for name in ["da", "db"] {
            assert_eq!(got[name].shape, want[name].shape, "{name}");
            assert_eq!(
                got[name].to_f32().unwrap(),
                want[name].to_f32().unwrap(),
                "{name}"
            );
        }
        assert_eq!(
            addr(got.get_mut("da").unwrap()),
            da_at,
            "da written in place"
        );

        // The second output given alone is the second one (matched by name, not position).
        let mut second = Tensors::new();
        let mut db = t(&[3, 5], |_| f32::NAN);
        let db_at = addr(&mut db);
        second.insert("db".into(), db);
        let mut got = second;
        (ep.run)(&d, &inputs, &params, &mut got).unwrap();
        for name in ["da", "db"] {
            assert_eq!(
                got[name].to_f32().unwrap(),
                want[name].to_f32().unwrap(),
                "{name} with db given alone"
            );
        }
        assert_eq!(
            addr(got.get_mut("db").unwrap()),
            db_at,
            "db written in place"
        );
        assert_ne!(
            addr(got.get_mut("da").unwrap()),
            db_at,
            "da is a fresh tensor"
        );
    }
}
