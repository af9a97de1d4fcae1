//! A static audit of the generated CUDA's shared memory (no GPU needed): no byte of `mt_smem` may
//! be both read and written between the same two barriers, since the threads of a program run the
//! code between two `__syncthreads()` in any interleaving. It found what compute-sanitizer's
//! racecheck found on the H200 (session 6): a block-wide argmax, and a one-element broadcast,
//! read fixed shared bytes after their last barrier, and the next reduction round wrote them.
//!
//! The audit reads the source line by line, in program order, once per body (the aligned fast
//! body and the general one are alternatives): `__syncthreads();` starts a new interval,
//! `mt_round ^= 1;` flips the round, and each `mt_smem` access gets a byte range from its offset
//! expression (`mt_round * R + C`: `[round R + C, round R + R)`, the rest of the round's region;
//! a constant offset `C`: every byte from `C` to the body's next constant offset), so ranges are coarse (they over-approximate)
//! and writes by different lanes to the sibling slots of one round are not compared. Loop bodies (a `for (...) {` line that opens
//! a block) are read twice, so that one iteration's reads meet the next one's writes. Uniform
//! control flow is assumed, as the emitter guarantees.

use metile_codegen::{cuda_plans, cuda_source, cuda_source_with, Target};
use metile_ir::{DType, Verified};
use metile_kernels::cross_entropy::{kernel as ce_kernel, CeSpec};
use metile_kernels::emit;
use metile_kernels::norms::Tiling;
use metile_kernels::rope::{kernel as rope_kernel, RopeSpec, Variant};

/// One shared-memory access: bytes `[lo, hi)`, written or read, with its line for the report.
#[derive(Clone, Debug)]
struct Access {
    lo: usize,
    hi: usize,
    write: bool,
    /// A tensor-core tile load or store (`*_matrix_sync`), whose extent is its region's.
    tile: bool,
    line: String,
}

/// The value of a `+`-separated offset expression of constants, `A * B` products and
/// `mt_round * R` (which contributes `round * R`, and whose `R` is returned as the region size).
fn offset(expr: &str, round: usize) -> Option<(usize, Option<usize>)> {
    let (mut total, mut region) = (0usize, None);
    for term in expr.split('+').map(str::trim).filter(|t| !t.is_empty()) {
        let factors: Vec<&str> = term.split('*').map(str::trim).collect();
        if factors.first() == Some(&"mt_round") {
            let r: usize = factors.get(1)?.parse().ok()?;
            region = Some(r);
            total += round * r;
        } else {
            let mut p = 1usize;
            for f in factors {
                p *= f.parse::<usize>().ok()?;
            }
            total += p;
        }
    }
    Some((total, region))
}

/// The shared-memory accesses of one line of source.
fn accesses(line: &str, round: usize) -> Result<Vec<Access>, String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("mt_smem") {
        let before = &rest[..at];
        let after = &rest[at + "mt_smem".len()..];
        // `(mt_smem + expr)`: the offset runs to the parenthesis that closes the one before.
        let (expr, tail) = if before.ends_with('(') {
            let close = after
                .find(')')
                .ok_or_else(|| format!("unclosed offset: {line}"))?;
            (&after[..close], &after[close + 1..])
        } else {
            ("", after)
        };
        let (base, region) =
            offset(expr, round).ok_or_else(|| format!("unparsed offset `{expr}`: {line}"))?;
        let lo = base;
        let hi = match region {
            Some(r) => (base / r) * r + r,
            None => usize::MAX,
        };
        // A write when the element access `...)[...]` is followed by `=` but not `==`, or when
        // the access is the destination of a tensor-core tile store.
        let tile = before.contains("_matrix_sync(");
        let write = before.contains("store_matrix_sync(")
            || tail
                .find(']')
                .map(|e| tail[e + 1..].trim_start())
                .is_some_and(|t| t.starts_with('=') && !t.starts_with("=="));
        out.push(Access {
            lo,
            hi,
            write,
            tile,
            line: line.trim().to_string(),
        });
        rest = after;
    }
    Ok(out)
}

/// The audit's state along one body.
#[derive(Default)]
struct Scan {
    round: usize,
    /// The accesses since the last barrier.
    interval: Vec<Access>,
    hazards: Vec<String>,
    /// Shared-memory accesses seen (so that an audit that parses nothing cannot pass).
    accesses: usize,
    /// The body's constant offsets, ascending: a constant-offset tensor-core tile access ends
    /// where the next region starts (a product's A, B and C tiles lie one after another);
    /// any other constant-offset access runs to the end of shared memory.
    fixed: Vec<usize>,
}

impl Scan {
    fn lines(&mut self, lines: &[&str]) -> Result<(), String> {
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i].trim();
            i += 1;
            if line.starts_with("for (") && line.ends_with('{') {
                // The loop body, to its closing brace, read twice.
                let mut depth = 1i32;
                let start = i;
                while i < lines.len() && depth > 0 {
                    depth += lines[i].matches('{').count() as i32;
                    depth -= lines[i].matches('}').count() as i32;
                    i += 1;
                }
                let body = &lines[start..i.saturating_sub(1)];
                self.lines(body)?;
                self.lines(body)?;
                continue;
            }
            if line.contains("mt_round ^= 1;") {
                self.round ^= 1;
            }
            for mut a in accesses(line, self.round)? {
                if a.hi == usize::MAX && a.tile {
                    a.hi = self
                        .fixed
                        .iter()
                        .copied()
                        .find(|&o| o > a.lo)
                        .unwrap_or(usize::MAX);
                }
                for b in &self.interval {
                    if a.write != b.write && a.lo < b.hi && b.lo < a.hi && a.line != b.line {
                        self.hazards
                            .push(format!("`{}`\n    against `{}`", b.line, a.line));
                    }
                }
                self.interval.push(a);
                self.accesses += 1;
            }
            if line.contains("__syncthreads();") {
                self.interval.clear();
            }
        }
        Ok(())
    }
}

/// The hazards of a generated kernel: its fast body and its general body audited apart.
fn hazards(src: &str) -> Result<Vec<String>, String> {
    scan(src).map(|(h, _)| h)
}

/// The hazards of a generated kernel and the shared-memory accesses its scan saw.
fn scan(src: &str) -> Result<(Vec<String>, usize), String> {
    let bodies: Vec<&str> = match src.find("if (mt_fast) {") {
        Some(start) => {
            let split = start
                + src[start..]
                    .find("\n  } else {\n")
                    .ok_or("a fast body without a general one")?;
            vec![&src[start..split], &src[split..]]
        }
        None => vec![src],
    };
    let (mut out, mut seen) = (Vec::new(), 0);
    for body in bodies {
        let lines: Vec<&str> = body.lines().collect();
        let mut fixed = Vec::new();
        for line in &lines {
            fixed.extend(
                accesses(line, 0)?
                    .iter()
                    .filter(|a| a.hi == usize::MAX)
                    .map(|a| a.lo),
            );
        }
        fixed.sort_unstable();
        fixed.dedup();
        let mut scan = Scan {
            fixed,
            ..Scan::default()
        };
        scan.lines(&lines)?;
        out.extend(scan.hazards);
        seen += scan.accesses;
    }
    Ok((out, seen))
}

/// Audits `k` under its chosen plan and the widest candidate (most warps, most rounds' bytes);
/// returns the shared-memory accesses scanned. A source that cannot be generated is a failure.
fn audit(name: &str, k: &Verified, failures: &mut Vec<String>) -> usize {
    let mut sources = vec![cuda_source(k, &Target::sm90()).map(|s| s.source)];
    if let Some(widest) = cuda_plans(k, &Target::sm90())
        .into_iter()
        .max_by_key(|p| p.threads)
    {
        sources.push(cuda_source_with(k, &widest).map(|s| s.source));
    }
    let mut audited = 0;
    for src in sources {
        let src = match src {
            Ok(src) => src,
            Err(e) => {
                failures.push(format!("{name}: no CUDA source: {e}"));
                continue;
            }
        };
        match scan(&src) {
            Ok((h, seen)) => {
                audited += seen;
                if !h.is_empty() {
                    failures.push(format!("{name}: {}", h.join("\n  ")));
                }
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    audited
}

#[test]
#[allow(clippy::panic)]
fn every_library_kernel_is_free_of_shared_memory_hazards() {
    let mut failures = Vec::new();
    let mut audited = 0;
    for name in emit::kernel_names() {
        for dtype in [DType::BF16, DType::F32] {
            for block in [None, Some(1000)] {
                if let Ok(k) = emit::library_kernel(name, dtype, block) {
                    audited += audit(&format!("{name} {dtype:?} {block:?}"), &k, &mut failures);
                }
            }
        }
    }
    // Cross-entropy's forward as fused linear cross-entropy's chunks launch it: wide programs,
    // token statistics (the block-wide argmax), one tile and a stepped row.
    // The stepped row also pipelined (`METILE_CE_PIPELINE`).
    for (block, looped, pipelined) in [
        (512, false, false),
        (128, false, false),
        (4096, true, false),
        (4096, true, true),
    ] {
        for predict in [false, true] {
            let spec = CeSpec {
                backward: false,
                in_place: true,
                x: DType::F32,
                target: DType::I64,
                weight: Some(DType::F32),
                grad: DType::F32,
                softcap: true,
                predict,
                lse: false,
                tiling: Tiling {
                    block,
                    exact: false,
                    looped,
                    prefetch: !looped || pipelined,
                },
                wide: true,
                device_targets: false,
                dloss: DType::F32,
                dloss_per_row: true,
            };
            let k = metile_opt::canonicalize(ce_kernel(&spec).unwrap()).unwrap();
            audited += audit(&format!("{spec:?}"), &k, &mut failures);
        }
    }
    // RoPE's token-major kernels (`METILE_ROPE_TOKEN_MAJOR`): the table row broadcast over the
    // heads, with and without position ids, a partial rotary dimension.
    for backward in [false, true] {
        for (positions, r) in [(None, 128), (Some(DType::I64), 96)] {
            let spec = RopeSpec {
                order: metile_kernels::rope::RowOrder::TokenMajor,
                rows: 32,
                ..RopeSpec::shaped(
                    Variant::RotateHalf,
                    backward,
                    DType::BF16,
                    DType::BF16,
                    positions,
                    128,
                    r,
                    None,
                    |c| c.next_power_of_two(),
                )
            };
            let k = metile_opt::canonicalize(rope_kernel(&spec).unwrap()).unwrap();
            audited += audit(&format!("{spec:?}"), &k, &mut failures);
        }
    }
    assert!(
        audited > 5000,
        "only {audited} shared-memory accesses audited"
    );
    if !failures.is_empty() {
        panic!("{} hazards:\n{}", failures.len(), failures.join("\n"));
    }
}

/// The audit itself flags what it must: the pre-fix argmax (fixed bytes read after the last
/// barrier, then written by the next round) and a round written and read between two barriers;
/// and passes the round discipline.
#[test]
fn the_audit_flags_reads_and_writes_between_the_same_barriers() {
    let old_argmax = "\
  __syncthreads();
  if (mt_lane == 0) { ((float*)mt_smem)[mt_warp] = bv3; ((int*)(mt_smem + 8 * 32))[mt_warp] = bi3; }
  __syncthreads();
  bv3 = ((float*)mt_smem)[0]; bi3 = ((int*)(mt_smem + 8 * 32))[0];
  mt_round ^= 1;
  if (mt_lane == 0) ((float*)(mt_smem + mt_round * 512 + 0))[mt_warp] = acc4;
  __syncthreads();
  acc4 = ((float*)(mt_smem + mt_round * 512 + 0))[0];
";
    assert!(!hazards(old_argmax).unwrap().is_empty());
    let unsynced = "\
  mt_round ^= 1;
  if (mt_lane == 0) ((float*)(mt_smem + mt_round * 512))[mt_warp] = a;
  a = ((float*)(mt_smem + mt_round * 512))[0];
";
    assert!(!hazards(unsynced).unwrap().is_empty());
    let rounds = "\
  mt_round ^= 1;
  if (mt_lane == 0) ((float*)(mt_smem + mt_round * 512))[mt_warp] = a;
  __syncthreads();
  a = ((float*)(mt_smem + mt_round * 512))[0];
  mt_round ^= 1;
  if (mt_lane == 0) ((float*)(mt_smem + mt_round * 512 + 0))[mt_warp] = b;
  if (mt_lane == 0) ((float*)(mt_smem + mt_round * 512 + 256))[mt_warp] = c;
  __syncthreads();
  b = ((float*)(mt_smem + mt_round * 512 + 0))[0]; c = ((float*)(mt_smem + mt_round * 512 + 256))[0];
  mt_round ^= 1;
  if (mt_lane == 0) ((float*)(mt_smem + mt_round * 512))[mt_warp] = d;
  __syncthreads();
  d = ((float*)(mt_smem + mt_round * 512))[0];
";
    assert_eq!(hazards(rounds).unwrap(), Vec::<String>::new());
    // A tensor-core tile store is a write: over the A tile it reads, without a barrier, it is a
    // hazard; into its own C region after A and B, it is not.
    let wmma = |c: usize| {
        format!(
            "  wmma::load_matrix_sync(fa, (const __nv_bfloat16*)(mt_smem) + k, 32);\n  \
             wmma::load_matrix_sync(fb, (const __nv_bfloat16*)(mt_smem + 4096) + k, 64);\n  \
             wmma::store_matrix_sync((float*)(mt_smem + {c}) + tj * 16, fc, 64, wmma::mem_row_major);\n"
        )
    };
    assert!(!hazards(&wmma(0)).unwrap().is_empty());
    assert_eq!(hazards(&wmma(8192)).unwrap(), Vec::<String>::new());
    // One round in a loop: the next iteration writes the region the previous one read.
    let looped = "\
  for (int i = 0; i < n; ++i) {
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 512))[mt_warp] = a;
    __syncthreads();
    a = ((float*)(mt_smem + mt_round * 512))[0];
  }
";
    assert!(!hazards(looped).unwrap().is_empty());
}
