//! Buffer views of a launch: plain slices for buffers the kernel only reads, block-locked shared
//! storage for buffers it writes (so that programs running on several threads never race,
//! whatever the kernel does; see `shared`), and the bounds-checked element transfers between them
//! and tiles.

use metile_ir::DType;

use crate::buffer::{bits16_to_f32, f32_to_bits16, HostData};
use crate::cpu::compute::wide;
use crate::cpu::shared::{Cursor, Shared};
use crate::cpu::value::Scalar;

/// One bound buffer.
pub(crate) enum View<'a> {
    R8(&'a [u8]),
    R16(&'a [u16]),
    R32(&'a [u32]),
    R64(&'a [u64]),
    W8(Shared<'a, u8>),
    W16(Shared<'a, u16>),
    W32(Shared<'a, u32>),
    W64(Shared<'a, u64>),
}

/// Writes to one view through one cursor (see [`View::writer`]).
pub(crate) enum Writer<'v, 'a> {
    W8(Cursor<'v, 'a, u8>),
    W16(Cursor<'v, 'a, u16>),
    W32(Cursor<'v, 'a, u32>),
    W64(Cursor<'v, 'a, u64>),
    ReadOnly,
}

impl Writer<'_, '_> {
    /// Stores element `i` (in bounds) of `dtype`.
    #[inline]
    pub fn set(&mut self, dtype: DType, i: usize, s: Scalar) {
        let w = match dtype {
            DType::F32 => s.as_f32().to_bits() as u64,
            DType::F16 | DType::BF16 => f32_to_bits16(dtype, s.as_f32()) as u64,
            DType::I32 => s.as_i64() as i32 as u32 as u64,
            DType::I64 => s.as_i64() as u64,
            DType::Bool => s.as_bool() as u64,
        };
        match self {
            Writer::W8(c) => c.set(i, w as u8),
            Writer::W16(c) => c.set(i, w as u16),
            Writer::W32(c) => c.set(i, w as u32),
            Writer::W64(c) => c.set(i, w),
            Writer::ReadOnly => {}
        }
    }

    /// Atomically adds `s` to element `i` (f32, i32, i64 buffers): one critical section.
    pub fn atomic_add(&mut self, dtype: DType, i: usize, s: Scalar) {
        match (self, dtype) {
            (Writer::W32(c), DType::F32) => {
                let add = s.as_f32();
                c.update(i, |w| (f32::from_bits(w) + add).to_bits());
            }
            (Writer::W32(c), _) => {
                let add = s.as_i64() as i32 as u32;
                c.update(i, |w| w.wrapping_add(add));
            }
            (Writer::W64(c), _) => {
                let add = s.as_i64() as u64;
                c.update(i, |w| w.wrapping_add(add));
            }
            _ => {}
        }
    }
}

impl<'a> View<'a> {
    pub fn read(data: &'a HostData) -> View<'a> {
        match data {
            HostData::U8(v) => View::R8(v),
            HostData::U16(v) => View::R16(v),
            HostData::U32(v) => View::R32(v),
            HostData::U64(v) => View::R64(v),
        }
    }

    /// Views storage the launch holds exclusively, shared by its programs under block locks.
    pub fn write(data: &'a mut HostData) -> View<'a> {
        match data {
            HostData::U8(v) => View::W8(Shared::new(v)),
            HostData::U16(v) => View::W16(Shared::new(v)),
            HostData::U32(v) => View::W32(Shared::new(v)),
            HostData::U64(v) => View::W64(Shared::new(v)),
        }
    }

    /// The elements of a read-only f32 buffer, in place.
    pub fn f32_slice(&self, dtype: DType) -> Option<&'a [f32]> {
        match (self, dtype) {
            // SAFETY: u32 and f32 have the same size and alignment and every bit pattern is a
            // valid f32; the slice is borrowed from a buffer nobody writes during the launch
            // (read views exist only for `Arg::In`, held by shared reference).
            (View::R32(v), DType::F32) => {
                Some(unsafe { std::slice::from_raw_parts(v.as_ptr() as *const f32, v.len()) })
            }
            _ => None,
        }
    }

    pub fn len(&self) -> usize {
        match self {
            View::R8(v) => v.len(),
            View::R16(v) => v.len(),
            View::R32(v) => v.len(),
            View::R64(v) => v.len(),
            View::W8(v) => v.len(),
            View::W16(v) => v.len(),
            View::W32(v) => v.len(),
            View::W64(v) => v.len(),
        }
    }

    /// Raw storage word at `i` (in bounds).
    #[inline]
    fn word(&self, i: usize) -> u64 {
        match self {
            View::R8(v) => v[i] as u64,
            View::R16(v) => v[i] as u64,
            View::R32(v) => v[i] as u64,
            View::R64(v) => v[i],
            View::W8(v) => v.cursor().get(i) as u64,
            View::W16(v) => v.cursor().get(i) as u64,
            View::W32(v) => v.cursor().get(i) as u64,
            View::W64(v) => v.cursor().get(i),
        }
    }

    /// Element `i` (in bounds) as a scalar of `dtype`.
    #[inline]
    pub fn get(&self, dtype: DType, i: usize) -> Scalar {
        let w = self.word(i);
        match dtype {
            DType::F32 => Scalar::F(f32::from_bits(w as u32)),
            DType::F16 | DType::BF16 => Scalar::F(bits16_to_f32(dtype, w as u16)),
            DType::I32 => Scalar::I(w as u32 as i32 as i64),
            DType::I64 => Scalar::I(w as i64),
            DType::Bool => Scalar::B(w != 0),
        }
    }

    /// Element writes under one cursor per written view: a block lock is taken when the element's
    /// block changes, not per element (use one writer for a run of writes).
    pub fn writer(&self) -> Writer<'_, 'a> {
        match self {
            View::W8(v) => Writer::W8(v.cursor()),
            View::W16(v) => Writer::W16(v.cursor()),
            View::W32(v) => Writer::W32(v.cursor()),
            View::W64(v) => Writer::W64(v.cursor()),
            // Read-only views are never written: the verifier refuses stores to read buffers
            // and launches bind write buffers as write views.
            View::R8(_) | View::R16(_) | View::R32(_) | View::R64(_) => Writer::ReadOnly,
        }
    }

    /// Loads the contiguous run `start..start + out.len()` (in bounds) into f32 values.
    pub fn load_floats(&self, dtype: DType, start: usize, out: &mut [f32]) {
        let n = out.len();
        match self {
            View::R32(v) => words32_to_floats(&v[start..start + n], out),
            View::R16(v) => words16_to_floats(dtype, &v[start..start + n], out),
            View::W32(v) => v.with_run(start, n, |off, part| {
                words32_to_floats(part, &mut out[off..off + part.len()])
            }),
            View::W16(v) => v.with_run(start, n, |off, part| {
                words16_to_floats(dtype, part, &mut out[off..off + part.len()])
            }),
            _ => {
                for (k, o) in out.iter_mut().enumerate() {
                    *o = self.get(dtype, start + k).as_f32();
                }
            }
        }
    }

    /// Loads a block whose columns lie `step` elements apart and whose rows one apart (a
    /// transposed tile; with one row, a strided run) into f32 values: `out[r * width + c] =
    /// self[start + c * step + r]` for `r < rows`, `c < cols` (in bounds), reading each
    /// column's `rows` consecutive elements in memory order.
    #[allow(clippy::too_many_arguments)]
    pub fn load_block_floats(
        &self,
        dtype: DType,
        start: i64,
        step: i64,
        rows: usize,
        cols: usize,
        width: usize,
        out: &mut [f32],
    ) {
        let block = Block {
            start,
            step,
            rows,
            cols,
            width,
        };
        match self {
            View::R32(v) => block.transpose(out, |j| f32::from_bits(v[j])),
            View::R16(v) if dtype == DType::BF16 => {
                block.transpose(out, |j| f32::from_bits((v[j] as u32) << 16))
            }
            _ => block.transpose(out, |j| self.get(dtype, j).as_f32()),
        }
    }

    /// Gathers float elements: `out[i] = self[index[i]]` where `mask[i]` holds (every element
    /// without a mask), `fill` elsewhere. The first active index outside the buffer (in
    /// row-major order) is the error. One match on the view, then a tight loop: the path of tiles
    /// addressed by computed (e.g. 2-D strided) indices.
    pub fn gather_floats(
        &self,
        dtype: DType,
        at: &Addresses<'_>,
        fill: f32,
        out: &mut [f32],
    ) -> Result<(), i64> {
        let half = |w: u16| bits16_to_f32(dtype, w);
        match self {
            View::R32(v) => gather(v, at, fill, out, |w: &u32| f32::from_bits(*w)),
            View::R16(v) if dtype == DType::BF16 => gather(v, at, fill, out, |w: &u16| {
                f32::from_bits((*w as u32) << 16)
            }),
            View::R16(v) => {
                // f16: gather the bits, then convert them all at once (F16C where present).
                let mut bits = vec![0u16; out.len()];
                gather(v, at, 0, &mut bits, |w: &u16| *w)?;
                words16_to_floats(dtype, &bits, out);
                if let Some(mask) = at.mask {
                    for (o, _) in out.iter_mut().zip(mask).filter(|(_, a)| !**a) {
                        *o = fill;
                    }
                }
                Ok(())
            }
            View::W32(v) => {
                let mut c = v.cursor();
                gather_with(v.len(), at, fill, out, |j| f32::from_bits(c.get(j)))
            }
            View::W16(v) => {
                let mut c = v.cursor();
                gather_with(v.len(), at, fill, out, |j| half(c.get(j)))
            }
            _ => gather_with(self.len(), at, fill, out, |j| self.get(dtype, j).as_f32()),
        }
    }

    /// Scatters f32 values (already rounded to `dtype`): `self[index[i]] = values[i]` where
    /// `mask[i]` holds (every element without a mask), in order, so a later element wins a
    /// repeated index. Every active index must be in bounds.
    pub fn scatter_floats(
        &self,
        dtype: DType,
        index: &[i64],
        mask: Option<&[bool]>,
        values: &[f32],
    ) {
        let active = |i: usize| mask.is_none_or(|m| m[i]);
        match self {
            View::W32(v) => {
                let mut c = v.cursor();
                for (i, (&j, x)) in index.iter().zip(values).enumerate() {
                    if active(i) {
                        c.set(j as usize, x.to_bits());
                    }
                }
            }
            View::W16(v) => {
                let mut c = v.cursor();
                for (i, (&j, x)) in index.iter().zip(values).enumerate() {
                    if active(i) {
                        c.set(j as usize, f32_to_bits16(dtype, *x));
                    }
                }
            }
            _ => {
                let mut w = self.writer();
                for (i, (&j, x)) in index.iter().zip(values).enumerate() {
                    if active(i) {
                        w.set(dtype, j as usize, Scalar::F(*x));
                    }
                }
            }
        }
    }

    /// Stores f32 values to the contiguous run at `start`, rounded to `dtype` (to nearest even,
    /// as every store of a float does: values already in `dtype` are stored exactly).
    pub fn store_floats(&self, dtype: DType, start: usize, vals: &[f32]) {
        match self {
            View::W32(v) => v.with_run(start, vals.len(), |off, part| {
                wide(
                    #[inline(always)]
                    || {
                        for (d, x) in part.iter_mut().zip(&vals[off..]) {
                            *d = x.to_bits();
                        }
                    },
                )
            }),
            View::W16(v) if dtype == DType::BF16 => v.with_run(start, vals.len(), |off, part| {
                wide(
                    #[inline(always)]
                    || {
                        for (d, x) in part.iter_mut().zip(&vals[off..]) {
                            *d = (metile_ir::eval::round_bf16(*x).to_bits() >> 16) as u16;
                        }
                    },
                )
            }),
            View::W16(v) => v.with_run(start, vals.len(), |off, part| {
                let part: &mut [half::f16] =
                    half::slice::HalfBitsSliceExt::reinterpret_cast_mut(part);
                half::slice::HalfFloatSliceExt::convert_from_f32_slice(
                    part,
                    &vals[off..off + part.len()],
                );
            }),
            _ => {
                let mut w = self.writer();
                for (k, x) in vals.iter().enumerate() {
                    w.set(dtype, start + k, Scalar::F(*x));
                }
            }
        }
    }
}

/// A block of a buffer (see [`View::load_block_floats`]).
struct Block {
    start: i64,
    step: i64,
    rows: usize,
    cols: usize,
    width: usize,
}

impl Block {
    /// `out[r * width + c] = get(start + c * step + r)`, eight columns at a time: eight
    /// sequential reads feed each row's eight consecutive writes.
    #[inline(always)]
    fn transpose(&self, out: &mut [f32], get: impl Fn(usize) -> f32) {
        const B: usize = 8;
        for c in (0..self.cols).step_by(B) {
            let nb = B.min(self.cols - c);
            let base: [usize; B] = std::array::from_fn(|q| {
                (self.start + (c + q.min(nb - 1)) as i64 * self.step) as usize
            });
            for (r, row) in out.chunks_mut(self.width).take(self.rows).enumerate() {
                for (q, o) in row[c..c + nb].iter_mut().enumerate() {
                    *o = get(base[q] + r);
                }
            }
        }
    }
}

/// f32 values of f32 storage words.
#[inline]
fn words32_to_floats(src: &[u32], out: &mut [f32]) {
    wide(
        #[inline(always)]
        || {
            for (o, w) in out.iter_mut().zip(src) {
                *o = f32::from_bits(*w);
            }
        },
    )
}

/// f32 values of f16 or bf16 storage words.
#[inline]
fn words16_to_floats(dtype: DType, src: &[u16], out: &mut [f32]) {
    if dtype == DType::BF16 {
        wide(
            #[inline(always)]
            || {
                for (o, w) in out.iter_mut().zip(src) {
                    *o = f32::from_bits((*w as u32) << 16);
                }
            },
        )
    } else {
        let src: &[half::f16] = half::slice::HalfBitsSliceExt::reinterpret_cast(src);
        half::slice::HalfFloatSliceExt::convert_to_f32_slice(src, out);
    }
}

/// The elements a tile access touches: flat buffer indices of a tile whose last axis has `cols`
/// elements (row-major), and the optional mask.
pub(crate) struct Addresses<'s> {
    pub index: &'s [i64],
    pub cols: usize,
    pub mask: Option<&'s [bool]>,
}

impl Addresses<'_> {
    fn active(&self, e: usize) -> bool {
        self.mask.is_none_or(|m| m[e])
    }

    /// Whether the tile's columns lie farther apart in memory than its rows (a transposed
    /// operand): then it is read a column at a time, in memory order.
    fn by_columns(&self) -> bool {
        let (n, c) = (self.index.len(), self.cols);
        c > 1
            && n > c
            && self.index[1].abs_diff(self.index[0]) > self.index[c].abs_diff(self.index[0])
    }
}

/// [`View::gather_floats`] over a slice of storage words.
#[inline(always)]
fn gather<W, T: Copy>(
    words: &[W],
    at: &Addresses<'_>,
    fill: T,
    out: &mut [T],
    convert: impl Fn(&W) -> T,
) -> Result<(), i64> {
    gather_with(words.len(), at, fill, out, |j| convert(&words[j]))
}

/// [`View::gather_floats`] through an element reader `get` of a buffer of `len` elements.
#[inline(always)]
fn gather_with<T: Copy>(
    len: usize,
    at: &Addresses<'_>,
    fill: T,
    out: &mut [T],
    mut get: impl FnMut(usize) -> T,
) -> Result<(), i64> {
    let inside = |j: i64| (j as u64) < len as u64;
    let first_outside = || {
        let mut active = at.index.iter().enumerate().filter(|(e, _)| at.active(*e));
        active.find(|(_, j)| !inside(**j)).map_or(0, |(_, j)| *j)
    };
    if at.by_columns() {
        let (rows, cols) = (at.index.len() / at.cols, at.cols);
        for c in 0..cols {
            for e in (c..rows * cols).step_by(cols) {
                out[e] = if !at.active(e) {
                    fill
                } else if inside(at.index[e]) {
                    get(at.index[e] as usize)
                } else {
                    return Err(first_outside());
                };
            }
        }
        return Ok(());
    }
    match at.mask {
        None => {
            for (o, &j) in out.iter_mut().zip(at.index) {
                if !inside(j) {
                    return Err(j);
                }
                *o = get(j as usize);
            }
        }
        Some(mask) => {
            for ((o, &j), &active) in out.iter_mut().zip(at.index).zip(mask) {
                *o = if !active {
                    fill
                } else if inside(j) {
                    get(j as usize)
                } else {
                    return Err(j);
                };
            }
        }
    }
    Ok(())
}
