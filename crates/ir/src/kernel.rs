//! The kernel: parameters, the value arena, the instruction arena and the body block.

use std::fmt;

use crate::ops::Op;
use crate::types::{DType, Type};

/// An SSA value: an index into `Kernel::values`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueId(pub u32);

impl ValueId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for ValueId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "%v{}", self.0)
    }
}

/// An instruction: an index into `Kernel::insts`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InstId(pub u32);

impl InstId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// How a kernel may touch a buffer parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Access {
    /// Loads only.
    Read,
    /// Stores (and atomics) only.
    Write,
    /// Both.
    ReadWrite,
}

impl Access {
    pub fn name(self) -> &'static str {
        match self {
            Access::Read => "read",
            Access::Write => "write",
            Access::ReadWrite => "read_write",
        }
    }

    pub fn writes(self) -> bool {
        self != Access::Read
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ParamKind {
    /// Global memory of `dtype` elements; its length is known at launch.
    Buffer { dtype: DType, access: Access },
    /// A run-time scalar, uniform over the grid.
    Scalar { dtype: DType },
}

impl ParamKind {
    /// The element dtype: a buffer's elements, or the scalar's.
    pub fn dtype(&self) -> DType {
        match self {
            ParamKind::Buffer { dtype, .. } | ParamKind::Scalar { dtype } => *dtype,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Param {
    pub name: String,
    pub kind: ParamKind,
}

/// An op and the values it defines.
#[derive(Clone, Debug, PartialEq)]
pub struct Inst {
    pub op: Op,
    pub results: Vec<ValueId>,
}

/// A straight-line list of instructions with block arguments (loop induction variable and
/// carried values for a `For` body; none elsewhere).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Block {
    pub args: Vec<ValueId>,
    pub insts: Vec<InstId>,
}

/// A kernel in the logical Tile IR. Plain data: values and instructions live in arenas and refer
/// to each other by index; `body` and the regions of its ops say where each instruction sits.
#[derive(Clone, Debug, PartialEq)]
pub struct Kernel {
    pub name: String,
    pub params: Vec<Param>,
    /// Type of every value, indexed by `ValueId`.
    pub values: Vec<Type>,
    /// Every instruction, indexed by `InstId`. Instructions not reachable from `body` are dead
    /// storage (passes may leave them); printers and executors walk `body`.
    pub insts: Vec<Inst>,
    pub body: Block,
    /// The kernel author's cap on threads per program on a GPU (Triton's `num_warps` in
    /// spirit): the plan is chosen among candidates of at most this many threads. For kernels
    /// whose best width the cost model does not see (it depends on registers, known only after
    /// compiling), set from a measurement. `None`: the target's limit.
    pub max_threads: Option<u32>,
    /// The kernel author's floor on threads per program: the plan is chosen among candidates of
    /// at least this many threads (when any fits). For kernels launched over too few programs
    /// to fill the device with the model's choice. `None`: no floor.
    pub min_threads: Option<u32>,
    /// The kernel author's floor on threads resident on one multiprocessor at once: a GPU plan of
    /// `t` threads asks the register allocator to fit `ceil(n / t)` programs
    /// (`__launch_bounds__`'s second argument), so that enough loads are in flight to cover the
    /// memory latency. Registers decide residency and are known only after compiling, so this is
    /// set from a measurement, for streaming kernels that hold many loaded vectors per thread.
    /// `None`: the compiler's choice.
    pub min_resident_threads: Option<u32>,
    /// A GPU target loads the kernel's read-only buffers (access `read`) through the read-only
    /// data path (`ld.global.nc`) where it loads whole vectors (the CUDA emitter's contiguous
    /// accesses; scalar and masked-tail loads stay plain); set from a measurement, for kernels
    /// it speeds up.
    pub read_only_cache: bool,
    /// A GPU target starts the kernel by waiting for the grid before it on the stream, and the
    /// runtime launches it as a programmatic dependent of that grid (CUDA's programmatic
    /// dependent launch, sm_90 and later): its programs are scheduled while that grid drains
    /// instead of after it. The wait also changes how the compiler schedules the rest of the
    /// kernel (registers), so this is set from a measurement, for kernels it speeds up.
    pub programmatic_launch: bool,
    /// Read-only buffers (parameter indices, access `read`) whose vector loads a GPU target
    /// issues under an L2 evict_last policy: their lines are the last the L2 gives up, ahead of
    /// the lines the kernel writes. Streaming row kernels (a row read, a row of the same size
    /// written) reach the copy rate with it, as torch.compile's norm kernels do (their loads
    /// carry this policy); set from a measurement, per kernel and dtype, for kernels it speeds up
    /// (it slows others: RoPE, the gated activations). A buffer the kernel also writes is loaded
    /// plainly, as are all on GPUs before sm_90 (not measured there).
    pub l2_evict_last: Vec<u32>,
    /// A GPU target whose emitter writes an aligned fast body beside the general one makes the
    /// fast body its own entry point, which the launcher takes when the arguments meet its
    /// conditions, instead of one entry point that tests them on the device: the fast body keeps
    /// its own registers and code, free of the general body's. Set from a measurement, for
    /// kernels it speeds up (H200, bf16 RoPE forward: 0.0851 -> 0.0833 ms; it slowed the bf16
    /// RMSNorm backward when every kernel had it, session 8).
    pub split_fast_entry: bool,
}

impl Kernel {
    pub fn new(name: impl Into<String>) -> Kernel {
        Kernel {
            name: name.into(),
            params: Vec::new(),
            values: Vec::new(),
            insts: Vec::new(),
            body: Block::default(),
            max_threads: None,
            min_threads: None,
            min_resident_threads: None,
            read_only_cache: false,
            programmatic_launch: false,
            l2_evict_last: Vec::new(),
            split_fast_entry: false,
        }
    }

    pub fn add_param(&mut self, name: impl Into<String>, kind: ParamKind) -> u32 {
        self.params.push(Param {
            name: name.into(),
            kind,
        });
        (self.params.len() - 1) as u32
    }

    /// A new value of type `ty`, defined by nobody yet.
    pub fn new_value(&mut self, ty: Type) -> ValueId {
        self.values.push(ty);
        ValueId((self.values.len() - 1) as u32)
    }

    /// Adds `op` to the instruction arena with fresh result values of the given types; the
    /// caller places the returned `InstId` in a block.
    pub fn new_inst(&mut self, op: Op, result_types: Vec<Type>) -> (InstId, Vec<ValueId>) {
        let results: Vec<ValueId> = result_types
            .into_iter()
            .map(|t| self.new_value(t))
            .collect();
        self.insts.push(Inst {
            op,
            results: results.clone(),
        });
        (InstId((self.insts.len() - 1) as u32), results)
    }

    pub fn inst(&self, id: InstId) -> &Inst {
        &self.insts[id.index()]
    }

    pub fn ty(&self, v: ValueId) -> &Type {
        &self.values[v.index()]
    }

    /// Index of the parameter called `name`.
    pub fn param_index(&self, name: &str) -> Option<u32> {
        self.params
            .iter()
            .position(|p| p.name == name)
            .map(|i| i as u32)
    }

    /// Visits every instruction reachable from the body, outer before inner, in program order.
    pub fn walk(&self, mut f: impl FnMut(InstId, &Inst)) {
        fn go(k: &Kernel, b: &Block, f: &mut dyn FnMut(InstId, &Inst)) {
            for &id in &b.insts {
                let inst = k.inst(id);
                f(id, inst);
                for r in inst.op.regions() {
                    go(k, r, f);
                }
            }
        }
        go(self, &self.body, &mut f);
    }
}
