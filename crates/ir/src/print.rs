//! The stable text form of a kernel, used by `metile emit` and by golden tests.
//!
//! Values are renumbered `%0, %1, ...` in the order they are defined while printing, so two
//! kernels that differ only in arena layout print the same. One instruction per line, regions
//! indented by two spaces, result types after ` : `.

use std::collections::HashMap;
use std::fmt::Write;

use crate::kernel::{Block, Kernel, ParamKind, ValueId};
use crate::ops::Op;

/// Prints `k` in the stable text form.
pub fn print(k: &Kernel) -> String {
    let mut p = Printer {
        k,
        names: HashMap::new(),
        out: String::new(),
    };
    p.kernel();
    p.out
}

struct Printer<'a> {
    k: &'a Kernel,
    names: HashMap<ValueId, usize>,
    out: String,
}

impl Printer<'_> {
    fn name(&mut self, v: ValueId) -> String {
        let n = self.names.len();
        let i = *self.names.entry(v).or_insert(n);
        format!("%{i}")
    }

    /// A use: values not yet named (only in invalid IR) print as their arena id.
    fn use_(&self, v: ValueId) -> String {
        match self.names.get(&v) {
            Some(i) => format!("%{i}"),
            None => format!("%?{}", v.0),
        }
    }

    fn param(&self, i: u32) -> String {
        match self.k.params.get(i as usize) {
            Some(p) => format!("@{}", p.name),
            None => format!("@?{i}"),
        }
    }

    fn kernel(&mut self) {
        let params: Vec<String> = self
            .k
            .params
            .iter()
            .map(|p| match &p.kind {
                ParamKind::Buffer { dtype, access } => {
                    format!("@{}: buffer<{}, {}>", p.name, dtype, access.name())
                }
                ParamKind::Scalar { dtype } => format!("@{}: {}", p.name, dtype),
            })
            .collect();
        let _ = writeln!(self.out, "kernel {}({}) {{", self.k.name, params.join(", "));
        let body = self.k.body.clone();
        self.block(&body, 1);
        self.out.push_str("}\n");
    }

    fn block(&mut self, b: &Block, depth: usize) {
        for &id in &b.insts {
            let inst = self.k.inst(id).clone();
            let pad = "  ".repeat(depth);
            let body = self.op(&inst.op, depth);
            let results: Vec<String> = inst.results.iter().map(|r| self.name(*r)).collect();
            let types: Vec<String> = inst
                .results
                .iter()
                .map(|r| self.k.ty(*r).to_string())
                .collect();
            if results.is_empty() {
                let _ = writeln!(self.out, "{pad}{body}");
            } else {
                let _ = writeln!(
                    self.out,
                    "{pad}{} = {body} : {}",
                    results.join(", "),
                    types.join(", ")
                );
            }
        }
    }

    fn opt(&self, label: &str, v: Option<ValueId>) -> String {
        v.map(|v| format!(" {label} {}", self.use_(v)))
            .unwrap_or_default()
    }

    /// Prints the op (and its regions, into `self.out`); returns the op's own text. Regions are
    /// printed before the line that holds the op, so they are captured and spliced back in.
    fn op(&mut self, op: &Op, depth: usize) -> String {
        match op {
            Op::ProgramId { axis } => format!("program_id {axis}"),
            Op::NumPrograms { axis } => format!("num_programs {axis}"),
            Op::ScalarArg { param } => format!("scalar_arg {}", self.param(*param)),
            Op::Arange { start, end } => format!("arange {start}, {end}"),
            Op::Constant { value, .. } => format!("constant {value}"),
            Op::Splat { src, .. } => format!("splat {}", self.use_(*src)),
            Op::Broadcast { src, .. } => format!("broadcast {}", self.use_(*src)),
            Op::ExpandDims { src, axis } => format!("expand_dims {}, {axis}", self.use_(*src)),
            Op::Reshape { src, .. } => format!("reshape {}", self.use_(*src)),
            Op::Load {
                buffer,
                index,
                mask,
                other,
            } => format!(
                "load {}[{}]{}{}",
                self.param(*buffer),
                self.use_(*index),
                self.opt("mask", *mask),
                self.opt("other", *other)
            ),
            Op::Store {
                buffer,
                index,
                value,
                mask,
            }
            | Op::AtomicAdd {
                buffer,
                index,
                value,
                mask,
            } => format!(
                "{} {}[{}], {}{}",
                op.name(),
                self.param(*buffer),
                self.use_(*index),
                self.use_(*value),
                self.opt("mask", *mask)
            ),
            Op::Unary { src, .. } | Op::Cast { src, .. } => {
                let to = match op {
                    Op::Cast { to, .. } => format!(" to {to}"),
                    _ => String::new(),
                };
                format!("{} {}{to}", op.name(), self.use_(*src))
            }
            Op::Binary { lhs, rhs, .. } | Op::Compare { lhs, rhs, .. } => {
                format!("{} {}, {}", op.name(), self.use_(*lhs), self.use_(*rhs))
            }
            Op::Select {
                cond,
                on_true,
                on_false,
            } => format!(
                "select {}, {}, {}",
                self.use_(*cond),
                self.use_(*on_true),
                self.use_(*on_false)
            ),
            Op::Reduce { src, axis, .. } => {
                format!("{} {}, axis {axis}", op.name(), self.use_(*src))
            }
            Op::Extract { src, index } => {
                format!("extract {}[{}]", self.use_(*src), self.use_(*index))
            }
            Op::Dot { lhs, rhs, acc } => format!(
                "dot {}, {}{}",
                self.use_(*lhs),
                self.use_(*rhs),
                self.opt("acc", *acc)
            ),
            Op::For {
                lower,
                upper,
                step,
                init,
                body,
            } => {
                let head = format!(
                    "for {} to {} step {}",
                    self.use_(*lower),
                    self.use_(*upper),
                    self.use_(*step)
                );
                let inits: Vec<String> = init.iter().map(|v| self.use_(*v)).collect();
                let args: Vec<String> = body.args.iter().map(|a| self.name(*a)).collect();
                let region = self.region(body, depth);
                format!(
                    "{head} iter({}) args({}) {{\n{region}{}}}",
                    inits.join(", "),
                    args.join(", "),
                    "  ".repeat(depth)
                )
            }
            Op::If {
                cond,
                then_body,
                else_body,
            } => {
                let c = self.use_(*cond);
                let t = self.region(then_body, depth);
                let e = self.region(else_body, depth);
                let pad = "  ".repeat(depth);
                format!("if {c} {{\n{t}{pad}}} else {{\n{e}{pad}}}")
            }
            Op::Yield { values } => {
                let v: Vec<String> = values.iter().map(|v| self.use_(*v)).collect();
                format!("yield {}", v.join(", ")).trim_end().to_string()
            }
        }
    }

    fn region(&mut self, b: &Block, depth: usize) -> String {
        let saved = std::mem::take(&mut self.out);
        self.block(b, depth + 1);
        std::mem::replace(&mut self.out, saved)
    }
}
