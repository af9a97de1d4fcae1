//! `.npy` files in and out of [`Tensor`]s.
//!
//! Reading is done here, not by `npyz`, because its input is untrusted: the header is parsed by a
//! small, depth-limited reader of the Python literal subset `.npy` uses, every size is computed
//! with checked arithmetic, and the data section is checked against the shape before anything is
//! allocated, so a malformed file is an error, never a panic or an attempt at a huge allocation.
//! Versions 1.0, 2.0 and 3.0, either byte order and Fortran order (reordered to row-major) are
//! accepted; the element types are float32, float16, int32, int64 and bool.
//!
//! Writing goes through `npyz`. bf16 has no `.npy` type, so a bf16 tensor is written as float32,
//! which is exact.

use std::fmt;
use std::path::{Path, PathBuf};

use half::f16;
use metile_ir::DType;
use metile_runtime::{Buffer, Tensor};
use npyz::WriterBuilder;

/// The element types accepted on input, as numpy names them.
pub const ALLOWED: &str = "float32, float16, int32, int64, bool";

/// The elements of a `.npy` array, row-major.
#[derive(Clone, Debug, PartialEq)]
pub enum NpyData {
    F32(Vec<f32>),
    F16(Vec<f16>),
    I32(Vec<i32>),
    I64(Vec<i64>),
    Bool(Vec<bool>),
}

#[cfg(test)]
impl NpyData {
    pub fn len(&self) -> usize {
        match self {
            NpyData::F32(v) => v.len(),
            NpyData::F16(v) => v.len(),
            NpyData::I32(v) => v.len(),
            NpyData::I64(v) => v.len(),
            NpyData::Bool(v) => v.len(),
        }
    }

    /// The metile dtype the array has when stored as is.
    pub fn dtype(&self) -> DType {
        match self {
            NpyData::F32(_) => DType::F32,
            NpyData::F16(_) => DType::F16,
            NpyData::I32(_) => DType::I32,
            NpyData::I64(_) => DType::I64,
            NpyData::Bool(_) => DType::Bool,
        }
    }
}

/// A `.npy` array: row-major data and its shape (empty for a 0-d array).
#[derive(Clone, Debug, PartialEq)]
pub struct NpyArray {
    pub shape: Vec<usize>,
    pub data: NpyData,
}

impl NpyArray {
    /// The tensor of this array. A float array is stored as `float_dtype` when given (rounding to
    /// nearest even), else in its own dtype; integer and bool arrays are stored as they are.
    pub fn to_tensor(&self, float_dtype: Option<DType>) -> Result<Tensor, String> {
        let buffer = match &self.data {
            NpyData::F32(v) => Buffer::from_f32(float_dtype.unwrap_or(DType::F32), v),
            NpyData::F16(v) => {
                let wide: Vec<f32> = v.iter().map(|h| h.to_f32()).collect();
                Buffer::from_f32(float_dtype.unwrap_or(DType::F16), &wide)
            }
            NpyData::I32(v) => Buffer::from_i64(
                DType::I32,
                &v.iter().map(|&x| i64::from(x)).collect::<Vec<_>>(),
            ),
            NpyData::I64(v) => Buffer::from_i64(DType::I64, v),
            NpyData::Bool(v) => Ok(Buffer::from_bool(v)),
        }
        .map_err(|e| e.to_string())?;
        Tensor::new(buffer, self.shape.clone()).map_err(|e| e.to_string())
    }
}

/// A failure to read or write a `.npy` file; the message names the file.
#[derive(Debug)]
pub struct NpyError {
    pub path: PathBuf,
    pub message: String,
}

impl fmt::Display for NpyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for NpyError {}

/// Reads the `.npy` file at `path`.
pub fn read(path: &Path) -> Result<NpyArray, NpyError> {
    let err = |message: String| NpyError {
        path: path.to_path_buf(),
        message,
    };
    let bytes = std::fs::read(path).map_err(|e| err(format!("cannot read: {e}")))?;
    parse(&bytes).map_err(err)
}

/// Element types of the `descr` field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Elem {
    F32,
    F16,
    I32,
    I64,
    Bool,
}

impl Elem {
    fn size(self) -> usize {
        match self {
            Elem::F32 | Elem::I32 => 4,
            Elem::F16 => 2,
            Elem::I64 => 8,
            Elem::Bool => 1,
        }
    }

    fn numpy_name(self) -> &'static str {
        match self {
            Elem::F32 => "float32",
            Elem::F16 => "float16",
            Elem::I32 => "int32",
            Elem::I64 => "int64",
            Elem::Bool => "bool",
        }
    }
}

/// The numpy name of a type string, for messages (`<f8` is float64).
fn describe_type(descr: &str) -> String {
    let body = descr.trim_start_matches(['<', '>', '|', '=']);
    let name = match body {
        "f2" => "float16",
        "f4" => "float32",
        "f8" => "float64",
        "f16" | "g" => "longdouble",
        "i1" => "int8",
        "i2" => "int16",
        "i4" => "int32",
        "i8" => "int64",
        "u1" | "B" => "uint8",
        "u2" => "uint16",
        "u4" => "uint32",
        "u8" => "uint64",
        "b1" | "?" => "bool",
        "c8" => "complex64",
        "c16" => "complex128",
        "O" => "object",
        _ if body.starts_with('U') => "unicode string",
        _ if body.starts_with('S') || body.starts_with('a') => "byte string",
        _ if body.starts_with('V') => "void/record",
        _ if body.starts_with('M') => "datetime64",
        _ if body.starts_with('m') => "timedelta64",
        _ => "unknown type",
    };
    name.to_string()
}

/// Parses a type string into an element type and whether it is big-endian.
fn parse_descr(descr: &str) -> Result<(Elem, bool), String> {
    let (big, body) = match descr.chars().next() {
        Some('<') => (false, &descr[1..]),
        Some('>') => (true, &descr[1..]),
        Some('|') | Some('=') => (cfg!(target_endian = "big"), &descr[1..]),
        _ => (cfg!(target_endian = "big"), descr),
    };
    let elem = match body {
        "f4" => Elem::F32,
        "f2" | "e" => Elem::F16,
        "i4" => Elem::I32,
        "i8" => Elem::I64,
        "b1" | "?" => Elem::Bool,
        _ => {
            let hint = if body == "f8" {
                " (convert with `a.astype(numpy.float32)`)"
            } else {
                ""
            };
            return Err(format!(
                "dtype `{descr}` ({}) is not supported; allowed: {ALLOWED}{hint}",
                describe_type(descr)
            ));
        }
    };
    Ok((elem, big))
}

/// Parses the bytes of a `.npy` file.
pub fn parse(bytes: &[u8]) -> Result<NpyArray, String> {
    const MAGIC: &[u8] = b"\x93NUMPY";
    if bytes.len() < 10 || &bytes[..6] != MAGIC {
        return Err("not a .npy file (the magic string \\x93NUMPY is missing)".into());
    }
    let (major, minor) = (bytes[6], bytes[7]);
    let (header_len, start): (usize, usize) = match major {
        1 => (usize::from(u16::from_le_bytes([bytes[8], bytes[9]])), 10),
        2 | 3 => {
            let Some(b) = bytes.get(8..12) else {
                return Err("truncated .npy header".into());
            };
            let n = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
            (usize::try_from(n).map_err(|_| "header too long")?, 12)
        }
        _ => {
            return Err(format!(
                ".npy format version {major}.{minor} is not supported"
            ))
        }
    };
    let header_end = start
        .checked_add(header_len)
        .filter(|&e| e <= bytes.len())
        .ok_or("truncated .npy header")?;
    let header = std::str::from_utf8(&bytes[start..header_end])
        .map_err(|_| "the .npy header is not valid text")?;
    let header = parse_header(header)?;

    let n = header
        .shape
        .iter()
        .try_fold(1usize, |acc, &d| acc.checked_mul(d))
        .ok_or_else(|| format!("shape {:?} has too many elements", header.shape))?;
    let size = header.elem.size();
    let need = n
        .checked_mul(size)
        .ok_or_else(|| format!("shape {:?} has too many elements", header.shape))?;
    let data = &bytes[header_end..];
    if data.len() < need {
        return Err(format!(
            "truncated: shape {:?} of {} needs {need} bytes of data, the file has {}",
            header.shape,
            header.elem.numpy_name(),
            data.len()
        ));
    }
    let data = &data[..need];
    let big = header.big_endian;
    let words = |w: usize| data.chunks_exact(w);
    let mut out = match header.elem {
        Elem::F32 => NpyData::F32(
            words(4)
                .map(|c| {
                    let b = [c[0], c[1], c[2], c[3]];
                    f32::from_bits(if big {
                        u32::from_be_bytes(b)
                    } else {
                        u32::from_le_bytes(b)
                    })
                })
                .collect(),
        ),
        Elem::F16 => NpyData::F16(
            words(2)
                .map(|c| {
                    let b = [c[0], c[1]];
                    f16::from_bits(if big {
                        u16::from_be_bytes(b)
                    } else {
                        u16::from_le_bytes(b)
                    })
                })
                .collect(),
        ),
        Elem::I32 => NpyData::I32(
            words(4)
                .map(|c| {
                    let b = [c[0], c[1], c[2], c[3]];
                    if big {
                        i32::from_be_bytes(b)
                    } else {
                        i32::from_le_bytes(b)
                    }
                })
                .collect(),
        ),
        Elem::I64 => NpyData::I64(
            words(8)
                .map(|c| {
                    let b = [c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]];
                    if big {
                        i64::from_be_bytes(b)
                    } else {
                        i64::from_le_bytes(b)
                    }
                })
                .collect(),
        ),
        Elem::Bool => NpyData::Bool(data.iter().map(|&b| b != 0).collect()),
    };
    if header.fortran_order && header.shape.len() > 1 {
        out = match out {
            NpyData::F32(v) => NpyData::F32(fortran_to_c(&v, &header.shape)),
            NpyData::F16(v) => NpyData::F16(fortran_to_c(&v, &header.shape)),
            NpyData::I32(v) => NpyData::I32(fortran_to_c(&v, &header.shape)),
            NpyData::I64(v) => NpyData::I64(fortran_to_c(&v, &header.shape)),
            NpyData::Bool(v) => NpyData::Bool(fortran_to_c(&v, &header.shape)),
        };
    }
    Ok(NpyArray {
        shape: header.shape,
        data: out,
    })
}

/// Reorders column-major `values` of `shape` into row-major order.
fn fortran_to_c<T: Copy>(values: &[T], shape: &[usize]) -> Vec<T> {
    let mut out = Vec::with_capacity(values.len());
    if values.is_empty() {
        return out;
    }
    // Column-major strides: axis 0 is contiguous.
    let mut strides = Vec::with_capacity(shape.len());
    let mut s = 1usize;
    for &d in shape {
        strides.push(s);
        s *= d;
    }
    let mut index = vec![0usize; shape.len()];
    for _ in 0..values.len() {
        let offset: usize = index.iter().zip(&strides).map(|(i, s)| i * s).sum();
        out.push(values[offset]);
        // Advance the row-major multi-index: the last axis fastest.
        for axis in (0..shape.len()).rev() {
            index[axis] += 1;
            if index[axis] < shape[axis] {
                break;
            }
            index[axis] = 0;
        }
    }
    out
}

struct Header {
    elem: Elem,
    big_endian: bool,
    fortran_order: bool,
    shape: Vec<usize>,
}

fn parse_header(text: &str) -> Result<Header, String> {
    let mut p = LitParser {
        s: text.as_bytes(),
        i: 0,
    };
    let value = p.value(0)?;
    p.skip_ws();
    if p.i != p.s.len() {
        return Err(format!(
            "unexpected text after the header dictionary: `{}`",
            String::from_utf8_lossy(&p.s[p.i..])
        ));
    }
    let Lit::Dict(entries) = value else {
        return Err("the .npy header is not a dictionary".into());
    };
    let get = |key: &str| {
        entries
            .iter()
            .find(|(k, _)| matches!(k, Lit::Str(s) if s == key))
            .map(|(_, v)| v)
            .ok_or_else(|| format!("the .npy header has no `{key}` entry"))
    };
    let (elem, big_endian) = match get("descr")? {
        Lit::Str(d) => parse_descr(d)?,
        Lit::Seq(_) => {
            return Err(format!(
                "structured (record) arrays are not supported; allowed: {ALLOWED}"
            ))
        }
        _ => return Err("the header's `descr` is not a type string".into()),
    };
    let fortran_order = match get("fortran_order")? {
        Lit::Bool(b) => *b,
        _ => return Err("the header's `fortran_order` is not True or False".into()),
    };
    let shape = match get("shape")? {
        Lit::Seq(items) => items
            .iter()
            .map(|d| match d {
                Lit::Int(v) => {
                    usize::try_from(*v).map_err(|_| format!("bad dimension {v} in the shape"))
                }
                _ => Err("the header's `shape` holds something other than integers".into()),
            })
            .collect::<Result<Vec<_>, _>>()?,
        _ => return Err("the header's `shape` is not a tuple".into()),
    };
    Ok(Header {
        elem,
        big_endian,
        fortran_order,
        shape,
    })
}

/// The Python literals a `.npy` header uses.
#[derive(Debug, PartialEq)]
enum Lit {
    Str(String),
    Int(i64),
    Bool(bool),
    None,
    /// A tuple or a list.
    Seq(Vec<Lit>),
    Dict(Vec<(Lit, Lit)>),
}

struct LitParser<'a> {
    s: &'a [u8],
    i: usize,
}

impl LitParser<'_> {
    const MAX_DEPTH: usize = 16;

    fn skip_ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.s.get(self.i).copied()
    }

    fn err(&self, what: &str) -> String {
        format!("malformed .npy header at byte {}: {what}", self.i)
    }

    fn value(&mut self, depth: usize) -> Result<Lit, String> {
        if depth > Self::MAX_DEPTH {
            return Err(self.err("nested too deeply"));
        }
        match self.peek() {
            None => Err(self.err("unexpected end")),
            Some(b'{') => {
                self.i += 1;
                let mut entries = Vec::new();
                loop {
                    if self.peek() == Some(b'}') {
                        self.i += 1;
                        return Ok(Lit::Dict(entries));
                    }
                    let k = self.value(depth + 1)?;
                    if self.peek() != Some(b':') {
                        return Err(self.err("expected `:`"));
                    }
                    self.i += 1;
                    let v = self.value(depth + 1)?;
                    entries.push((k, v));
                    match self.peek() {
                        Some(b',') => self.i += 1,
                        Some(b'}') => {}
                        _ => return Err(self.err("expected `,` or `}`")),
                    }
                }
            }
            Some(open @ (b'(' | b'[')) => {
                let close = if open == b'(' { b')' } else { b']' };
                self.i += 1;
                let mut items = Vec::new();
                loop {
                    if self.peek() == Some(close) {
                        self.i += 1;
                        return Ok(Lit::Seq(items));
                    }
                    items.push(self.value(depth + 1)?);
                    match self.peek() {
                        Some(b',') => self.i += 1,
                        Some(c) if c == close => {}
                        _ => return Err(self.err("expected `,` or a closing bracket")),
                    }
                }
            }
            Some(q @ (b'\'' | b'"')) => {
                self.i += 1;
                let mut out = Vec::new();
                loop {
                    match self.s.get(self.i).copied() {
                        None => return Err(self.err("unterminated string")),
                        Some(b'\\') => {
                            let Some(&c) = self.s.get(self.i + 1) else {
                                return Err(self.err("unterminated string"));
                            };
                            out.push(c);
                            self.i += 2;
                        }
                        Some(c) if c == q => {
                            self.i += 1;
                            break;
                        }
                        Some(c) => {
                            out.push(c);
                            self.i += 1;
                        }
                    }
                }
                String::from_utf8(out)
                    .map(Lit::Str)
                    .map_err(|_| self.err("string is not valid text"))
            }
            Some(c) if c == b'-' || c.is_ascii_digit() => {
                let start = self.i;
                self.i += 1;
                while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
                    self.i += 1;
                }
                // Python 2 headers may write long integers as `3L`.
                let digits = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("");
                if self.s.get(self.i) == Some(&b'L') {
                    self.i += 1;
                }
                digits
                    .parse::<i64>()
                    .map(Lit::Int)
                    .map_err(|_| self.err(&format!("bad integer `{digits}`")))
            }
            Some(_) => {
                for (word, lit) in [
                    ("True", Lit::Bool(true)),
                    ("False", Lit::Bool(false)),
                    ("None", Lit::None),
                ] {
                    if self.s[self.i..].starts_with(word.as_bytes()) {
                        self.i += word.len();
                        return Ok(lit);
                    }
                }
                Err(self.err("unexpected character"))
            }
        }
    }
}

/// What [`write_tensor`] wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The numpy element type in the file.
    pub numpy: &'static str,
    /// True when the tensor was bf16 and was widened to float32.
    pub widened_bf16: bool,
}

/// Writes `values` of `shape` as a row-major `.npy` file at `path`.
pub fn write<T: npyz::AutoSerialize + Copy>(
    path: &Path,
    shape: &[usize],
    values: &[T],
) -> Result<(), NpyError> {
    let err = |message: String| NpyError {
        path: path.to_path_buf(),
        message,
    };
    let dims: Vec<u64> = shape.iter().map(|&d| d as u64).collect();
    let mut bytes = Vec::new();
    let mut w = npyz::WriteOptions::<T>::new()
        .default_dtype()
        .shape(&dims)
        .writer(&mut bytes)
        .begin_nd()
        .map_err(|e| err(format!("cannot encode: {e}")))?;
    w.extend(values.iter().copied())
        .map_err(|e| err(format!("cannot encode: {e}")))?;
    w.finish().map_err(|e| err(format!("cannot encode: {e}")))?;
    std::fs::write(path, &bytes).map_err(|e| err(format!("cannot write: {e}")))
}

/// Writes a tensor in its own type (bf16 widened to float32, exactly).
pub fn write_tensor(path: &Path, t: &Tensor) -> Result<Written, NpyError> {
    let err = |e: metile_runtime::Error| NpyError {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    let plain = |numpy| Written {
        numpy,
        widened_bf16: false,
    };
    match t.dtype() {
        DType::F32 => {
            write(path, &t.shape, &t.to_f32().map_err(err)?)?;
            Ok(plain("float32"))
        }
        DType::BF16 => {
            write(path, &t.shape, &t.to_f32().map_err(err)?)?;
            Ok(Written {
                numpy: "float32",
                widened_bf16: true,
            })
        }
        DType::F16 => {
            let v: Vec<f16> = t
                .to_f32()
                .map_err(err)?
                .into_iter()
                .map(f16::from_f32)
                .collect();
            write(path, &t.shape, &v)?;
            Ok(plain("float16"))
        }
        DType::I32 => {
            let v: Vec<i32> = t
                .buffer
                .to_i64()
                .map_err(err)?
                .into_iter()
                .map(|x| x as i32)
                .collect();
            write(path, &t.shape, &v)?;
            Ok(plain("int32"))
        }
        DType::I64 => {
            write(path, &t.shape, &t.buffer.to_i64().map_err(err)?)?;
            Ok(plain("int64"))
        }
        DType::Bool => {
            write(path, &t.shape, &t.buffer.to_bool().map_err(err)?)?;
            Ok(plain("bool"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tmp() -> tempfile::TempDir {
        tempfile::tempdir().expect("a temporary directory should be creatable")
    }

    /// A `.npy` file with a hand-written header (version 1.0).
    fn raw(header: &str, data: &[u8]) -> Vec<u8> {
        let mut h = header.to_string();
        while !(10 + h.len() + 1).is_multiple_of(64) {
            h.push(' ');
        }
        h.push('\n');
        let mut out = b"\x93NUMPY\x01\x00".to_vec();
        out.extend((h.len() as u16).to_le_bytes());
        out.extend(h.as_bytes());
        out.extend(data);
        out
    }

    #[test]
    fn round_trips_f32() {
        let dir = tmp();
        let p = dir.path().join("a.npy");
        let v = vec![1.0f32, -2.5, 3.25, f32::MIN_POSITIVE, 1e30, -0.0];
        write(&p, &[2, 3], &v).unwrap();
        let a = read(&p).unwrap();
        assert_eq!(a.shape, vec![2, 3]);
        assert_eq!(a.data, NpyData::F32(v));
    }

    #[test]
    fn round_trips_f16_and_ints_and_bool() {
        let dir = tmp();
        let p = dir.path().join("h.npy");
        let h: Vec<f16> = [0.5f32, -1.0, 65504.0, 1e-3]
            .iter()
            .map(|&x| f16::from_f32(x))
            .collect();
        write(&p, &[4], &h).unwrap();
        assert_eq!(read(&p).unwrap().data, NpyData::F16(h));

        let p = dir.path().join("i.npy");
        let i = vec![i32::MIN, -1, 0, 7, i32::MAX, 3];
        write(&p, &[3, 1, 2], &i).unwrap();
        let a = read(&p).unwrap();
        assert_eq!(
            (a.shape.clone(), a.data.clone()),
            (vec![3, 1, 2], NpyData::I32(i))
        );

        let p = dir.path().join("l.npy");
        let l = vec![i64::MIN, 1 << 40];
        write(&p, &[2], &l).unwrap();
        assert_eq!(read(&p).unwrap().data, NpyData::I64(l));

        let p = dir.path().join("b.npy");
        write(&p, &[3], &[true, false, true]).unwrap();
        assert_eq!(
            read(&p).unwrap().data,
            NpyData::Bool(vec![true, false, true])
        );
    }

    #[test]
    fn round_trips_scalar_and_empty() {
        let dir = tmp();
        let p = dir.path().join("s.npy");
        write(&p, &[], &[4.5f32]).unwrap();
        let a = read(&p).unwrap();
        assert_eq!(a.shape, Vec::<usize>::new());
        assert_eq!(a.data, NpyData::F32(vec![4.5]));
        let t = a.to_tensor(None).unwrap();
        assert_eq!((t.shape.clone(), t.numel()), (vec![], 1));

        let p = dir.path().join("e.npy");
        write::<f32>(&p, &[0, 5], &[]).unwrap();
        let a = read(&p).unwrap();
        assert_eq!(a.shape, vec![0, 5]);
        assert_eq!(a.data.len(), 0);
        assert_eq!(a.to_tensor(None).unwrap().numel(), 0);
    }

    #[test]
    fn tensors_round_trip_in_every_dtype() {
        let dir = tmp();
        let vals = [1.0f32, 0.1, -3.0, 250.0, 1e-2, 7.0];
        for dtype in [DType::F32, DType::F16, DType::BF16] {
            let t = Tensor::from_f32(dtype, &[2, 3], &vals).unwrap();
            let p = dir.path().join(format!("{dtype}.npy"));
            let w = write_tensor(&p, &t).unwrap();
            assert_eq!(w.widened_bf16, dtype == DType::BF16);
            let back = read(&p).unwrap();
            // f32 and f16 come back in their own type; bf16 comes back as exactly widened f32.
            let expect = if dtype == DType::F16 {
                DType::F16
            } else {
                DType::F32
            };
            assert_eq!(back.data.dtype(), expect);
            let t2 = back.to_tensor(Some(dtype)).unwrap();
            assert_eq!(t2, t, "{dtype}");
        }
        let t = Tensor::new(Buffer::from_i64(DType::I64, &[5, -6]).unwrap(), vec![2]).unwrap();
        let p = dir.path().join("i64.npy");
        assert_eq!(write_tensor(&p, &t).unwrap().numpy, "int64");
        assert_eq!(read(&p).unwrap().to_tensor(None).unwrap(), t);
    }

    #[test]
    fn converts_float_storage_on_request() {
        let a = NpyArray {
            shape: vec![2],
            data: NpyData::F32(vec![1.0 + 1e-3, 2.0]),
        };
        let t = a.to_tensor(Some(DType::BF16)).unwrap();
        assert_eq!(t.dtype(), DType::BF16);
        assert_eq!(t.to_f32().unwrap(), vec![1.0, 2.0]);
        let ints = NpyArray {
            shape: vec![1],
            data: NpyData::I32(vec![3]),
        };
        assert_eq!(
            ints.to_tensor(Some(DType::BF16)).unwrap().dtype(),
            DType::I32
        );
    }

    #[test]
    fn reads_big_endian_fortran_and_version_2() {
        // [[1, 2, 3], [4, 5, 6]] stored column-major, big-endian int32.
        let col_major = [1i32, 4, 2, 5, 3, 6];
        let data: Vec<u8> = col_major.iter().flat_map(|v| v.to_be_bytes()).collect();
        let bytes = raw(
            "{'descr': '>i4', 'fortran_order': True, 'shape': (2, 3), }",
            &data,
        );
        let a = parse(&bytes).unwrap();
        assert_eq!(a.shape, vec![2, 3]);
        assert_eq!(a.data, NpyData::I32(vec![1, 2, 3, 4, 5, 6]));

        // Version 2.0 has a 4-byte header length.
        let h = "{\"descr\": \"<f4\", \"fortran_order\": False, \"shape\": (1,)}\n";
        let mut b = b"\x93NUMPY\x02\x00".to_vec();
        b.extend((h.len() as u32).to_le_bytes());
        b.extend(h.as_bytes());
        b.extend(2.5f32.to_le_bytes());
        assert_eq!(parse(&b).unwrap().data, NpyData::F32(vec![2.5]));
    }

    #[test]
    fn rejects_malformed_files_without_panicking() {
        let f4 = 1.0f32.to_le_bytes();
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (b"hello".to_vec(), "not a .npy file"),
            (b"\x93NUMPY\x09\x00\x10\x00".to_vec(), "version 9.0"),
            (b"\x93NUMPY\x01\x00\xff\x00{".to_vec(), "truncated .npy header"),
            (
                raw("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }", &[0; 8]),
                "`<f8` (float64) is not supported; allowed: float32, float16, int32, int64, bool",
            ),
            (
                raw("{'descr': '|u1', 'fortran_order': False, 'shape': (1,), }", &[0]),
                "(uint8) is not supported",
            ),
            (
                raw("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,), }", &f4),
                "structured",
            ),
            (
                raw("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", &f4),
                "truncated: shape [3] of float32 needs 12 bytes of data, the file has 4",
            ),
            (
                raw(
                    "{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296, 4294967296), }",
                    &f4,
                ),
                "too many elements",
            ),
            (
                raw("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }", &f4),
                "bad dimension -1",
            ),
            (
                raw("{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999999,), }", &f4),
                "bad integer",
            ),
            (raw("{'descr': '<f4', 'shape': (1,), }", &f4), "no `fortran_order`"),
            (raw("{'descr': '<f4', 'fortran_order': False, 'shape': (1,", &f4), "malformed"),
            (raw(&format!("{}1{}", "[".repeat(100), "]".repeat(100)), &f4), "nested too deeply"),
            (raw("[1, 2]", &f4), "not a dictionary"),
            (raw("{'descr': '<f4'} trailing", &f4), "unexpected text"),
        ];
        for (bytes, want) in cases {
            let e = parse(&bytes).err();
            assert!(
                e.as_deref().is_some_and(|e| e.contains(want)),
                "expected an error mentioning `{want}`, got {e:?}"
            );
        }
    }

    #[test]
    fn read_errors_name_the_file() {
        let dir = tmp();
        let p = dir.path().join("missing.npy");
        let e = read(&p).unwrap_err().to_string();
        assert!(
            e.contains("missing.npy") && e.contains("cannot read"),
            "{e}"
        );
        let bad = dir.path().join("bad.npy");
        std::fs::write(&bad, b"not numpy").unwrap();
        let e = read(&bad).unwrap_err().to_string();
        assert!(
            e.contains("bad.npy") && e.contains("not a .npy file"),
            "{e}"
        );
    }

    #[test]
    fn fortran_reorder_of_three_axes() {
        // shape [2, 3, 2]; element (i, j, k) has value 100i + 10j + k.
        let shape = [2, 3, 2];
        let mut col = vec![0i32; 12];
        for i in 0..2 {
            for j in 0..3 {
                for k in 0..2 {
                    col[i + 2 * j + 6 * k] = (100 * i + 10 * j + k) as i32;
                }
            }
        }
        let c = fortran_to_c(&col, &shape);
        let want: Vec<i32> = (0..2)
            .flat_map(|i| (0..3).flat_map(move |j| (0..2).map(move |k| 100 * i + 10 * j + k)))
            .collect();
        assert_eq!(c, want);
    }
}
