//! The verifier: the gate every later stage stands behind.
//!
//! It checks that every value is defined exactly once (as a block argument or an instruction
//! result) before its uses and in a scope that encloses them; that each instruction sits in
//! exactly one block; that every op's recorded result types equal its typing rule
//! (`Op::infer`); that `Yield` appears exactly as the last instruction of a region; and that
//! parameter names are unique. It returns `Verified`, the only way to hand a kernel to an
//! executor or emitter.

use std::collections::HashSet;

use crate::kernel::{Block, InstId, Kernel, ValueId};
use crate::ops::Op;

/// A verification failure, naming the kernel, the op and the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("kernel `{kernel}`: {location}: {message}")]
pub struct VerifyError {
    pub kernel: String,
    /// `inst 12 (add)`, or `kernel` for problems not tied to one op.
    pub location: String,
    pub message: String,
}

/// A kernel that passed `verify`. Executors and emitters take this type, never a bare `Kernel`.
#[derive(Clone, Debug, PartialEq)]
pub struct Verified {
    kernel: Kernel,
}

impl Verified {
    pub fn kernel(&self) -> &Kernel {
        &self.kernel
    }

    pub fn into_kernel(self) -> Kernel {
        self.kernel
    }
}

/// Verifies `kernel` and wraps it.
pub fn verify(kernel: Kernel) -> Result<Verified, VerifyError> {
    check(&kernel)?;
    Ok(Verified { kernel })
}

/// Verifies without taking ownership.
pub fn check(k: &Kernel) -> Result<(), VerifyError> {
    let err = |location: String, message: String| VerifyError {
        kernel: k.name.clone(),
        location,
        message,
    };
    let mut names = HashSet::new();
    for p in &k.params {
        if !names.insert(p.name.as_str()) {
            return Err(err(
                "kernel".into(),
                format!("parameter name `{}` is used twice", p.name),
            ));
        }
    }
    if !k.body.args.is_empty() {
        return Err(err(
            "kernel".into(),
            "the kernel body takes no block arguments".into(),
        ));
    }
    let mut st = State {
        k,
        defined: vec![false; k.values.len()],
        placed: vec![false; k.insts.len()],
        scopes: Vec::new(),
    };
    st.block(&k.body, false).map_err(|(loc, msg)| err(loc, msg))
}

struct State<'a> {
    k: &'a Kernel,
    defined: Vec<bool>,
    placed: Vec<bool>,
    /// Values visible at the current point, innermost scope last.
    scopes: Vec<HashSet<ValueId>>,
}

type Fail = (String, String);

impl State<'_> {
    fn define(&mut self, v: ValueId, loc: &dyn Fn() -> String) -> Result<(), Fail> {
        let Some(d) = self.defined.get_mut(v.index()) else {
            return Err((
                loc(),
                format!("defines {v}, which is not in the value arena"),
            ));
        };
        if *d {
            return Err((loc(), format!("{v} is defined twice")));
        }
        *d = true;
        if let Some(s) = self.scopes.last_mut() {
            s.insert(v);
        }
        Ok(())
    }

    fn visible(&self, v: ValueId) -> bool {
        self.scopes.iter().any(|s| s.contains(&v))
    }

    fn block(&mut self, b: &Block, is_region: bool) -> Result<(), Fail> {
        self.scopes.push(HashSet::new());
        for &a in &b.args {
            self.define(a, &|| "block argument".to_string())?;
        }
        for (pos, &id) in b.insts.iter().enumerate() {
            self.inst(id, is_region && pos + 1 == b.insts.len())?;
        }
        if is_region && b.insts.is_empty() {
            return Err((
                "region".into(),
                "region is empty: it must end with yield".into(),
            ));
        }
        self.scopes.pop();
        Ok(())
    }

    fn inst(&mut self, id: InstId, last_in_region: bool) -> Result<(), Fail> {
        let Some(inst) = self.k.insts.get(id.index()) else {
            return Err((
                format!("inst {}", id.0),
                "instruction is not in the arena".into(),
            ));
        };
        let loc = || format!("inst {} ({})", id.0, inst.op.name());
        if std::mem::replace(&mut self.placed[id.index()], true) {
            return Err((loc(), "instruction is placed in two blocks".into()));
        }
        let is_yield = matches!(inst.op, Op::Yield { .. });
        if is_yield != last_in_region {
            let msg = if is_yield {
                "yield must be the last instruction of a for or if region"
            } else {
                "a region must end with yield"
            };
            return Err((loc(), msg.into()));
        }
        let mut missing = None;
        inst.op.for_each_operand(|v| {
            if missing.is_none() && !self.visible(v) {
                missing = Some(v);
            }
        });
        if let Some(v) = missing {
            let why = if self.defined.get(v.index()).copied().unwrap_or(false) {
                "is defined in a scope that does not enclose this use"
            } else {
                "is used before it is defined"
            };
            return Err((loc(), format!("operand {v} {why}")));
        }
        for r in inst.op.regions() {
            self.block(r, true)?;
        }
        let inferred = inst.op.infer(self.k).map_err(|m| (loc(), m))?;
        let recorded: Vec<_> = inst
            .results
            .iter()
            .map(|v| self.k.values.get(v.index()))
            .collect();
        if recorded.len() != inferred.len()
            || recorded
                .iter()
                .zip(&inferred)
                .any(|(r, i)| r.map(|r| r != i).unwrap_or(true))
        {
            let show = |t: Vec<String>| t.join(", ");
            return Err((
                loc(),
                format!(
                    "results are ({}), the typing rule gives ({})",
                    show(
                        recorded
                            .iter()
                            .map(|r| r.map(|t| t.to_string()).unwrap_or("?".into()))
                            .collect()
                    ),
                    show(inferred.iter().map(|t| t.to_string()).collect())
                ),
            ));
        }
        for &r in &inst.results {
            self.define(r, &loc)?;
        }
        Ok(())
    }
}
