//! Checkpoints in the safetensors format, written and read by hand: an 8-byte little-endian
//! header length, a JSON header mapping each tensor name to `dtype` (`F32`), `shape` and
//! `data_offsets` (into the data that follows), plus `__metadata__` (string values), then the
//! raw little-endian data.
//!
//! A training checkpoint holds every parameter under its name, the AdamW moments as
//! `optim.m.<name>` and `optim.v.<name>`, and in the metadata the model and run configuration
//! and the steps taken, so `--resume` continues exactly where the run stopped.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{json, Map, Value};

use crate::{Result, TrainError};

/// A named f32 tensor.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub name: String,
    pub shape: Vec<usize>,
    pub data: Vec<f32>,
}

fn fail(path: &Path, message: impl Into<String>) -> TrainError {
    TrainError::Checkpoint {
        path: path.display().to_string(),
        message: message.into(),
    }
}

/// Writes `entries` and `metadata` to `path`, replacing it whole (through `<path>.partial`).
pub fn save(path: &Path, entries: &[Entry], metadata: &BTreeMap<String, String>) -> Result<()> {
    let mut header = Map::new();
    header.insert("__metadata__".into(), json!(metadata));
    let mut offset = 0usize;
    for e in entries {
        let bytes = e.data.len() * 4;
        header.insert(
            e.name.clone(),
            json!({"dtype": "F32", "shape": e.shape, "data_offsets": [offset, offset + bytes]}),
        );
        offset += bytes;
    }
    let mut text = Value::Object(header).to_string().into_bytes();
    // Pad the header with spaces so that the data starts 8-byte aligned.
    while !(8 + text.len()).is_multiple_of(8) {
        text.push(b' ');
    }
    let mut out = Vec::with_capacity(8 + text.len() + offset);
    out.extend((text.len() as u64).to_le_bytes());
    out.extend(text);
    for e in entries {
        out.extend(e.data.iter().flat_map(|v| v.to_le_bytes()));
    }
    // Written beside `path` and renamed over it, so an interrupted save (the same path as
    // `--resume`, say) leaves the previous checkpoint whole rather than truncated.
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = std::path::PathBuf::from(partial);
    std::fs::write(&partial, out)
        .and_then(|()| std::fs::rename(&partial, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&partial);
            fail(path, e.to_string())
        })
}

/// Reads a checkpoint written by [`save`] (any safetensors file of F32 tensors).
pub fn load(path: &Path) -> Result<(Vec<Entry>, BTreeMap<String, String>)> {
    let bytes = std::fs::read(path).map_err(|e| fail(path, e.to_string()))?;
    let (len, rest) = bytes
        .split_first_chunk::<8>()
        .ok_or_else(|| fail(path, "shorter than its header length"))?;
    let (header, data) = usize::try_from(u64::from_le_bytes(*len))
        .ok()
        .and_then(|len| rest.split_at_checked(len))
        .ok_or_else(|| fail(path, "shorter than its header"))?;
    let header: Map<String, Value> = serde_json::from_slice(header)
        .map_err(|e| fail(path, format!("header is not a JSON object: {e}")))?;
    let mut metadata = BTreeMap::new();
    let mut entries = vec![];
    for (name, v) in header {
        if name == "__metadata__" {
            for (k, v) in v.as_object().into_iter().flatten() {
                metadata.insert(k.clone(), v.as_str().unwrap_or_default().to_string());
            }
            continue;
        }
        if v["dtype"] != "F32" {
            return Err(fail(
                path,
                format!("{name}: dtype {} is not F32", v["dtype"]),
            ));
        }
        let nums = |key: &str| -> Result<Vec<usize>> {
            v[key]
                .as_array()
                .ok_or_else(|| fail(path, format!("{name}: no {key}")))?
                .iter()
                .map(|x| {
                    x.as_u64()
                        .map(|x| x as usize)
                        .ok_or_else(|| fail(path, format!("{name}: bad {key}")))
                })
                .collect()
        };
        let shape = nums("shape")?;
        let offsets = nums("data_offsets")?;
        let bytes_wanted = shape
            .iter()
            .try_fold(4usize, |n, d| n.checked_mul(*d))
            .ok_or_else(|| fail(path, format!("{name}: shape {shape:?} is too large")))?;
        let raw = match offsets[..] {
            [a, b] if a <= b && b - a == bytes_wanted => data.get(a..b),
            _ => None,
        }
        .ok_or_else(|| {
            fail(
                path,
                format!(
                    "{name}: data_offsets {offsets:?} do not hold shape {shape:?} in {} data bytes",
                    data.len()
                ),
            )
        })?;
        let values = raw
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        entries.push(Entry {
            name,
            shape,
            data: values,
        });
    }
    Ok((entries, metadata))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_tensors_and_metadata() {
        let dir = std::env::temp_dir().join(format!("metile-ckpt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("t.safetensors");
        let entries = vec![
            Entry {
                name: "a".into(),
                shape: vec![2, 3],
                data: vec![1.0, -2.0, 3.5, f32::MIN_POSITIVE, 0.0, 7.0],
            },
            Entry {
                name: "b".into(),
                shape: vec![1],
                data: vec![9.0],
            },
        ];
        let meta = BTreeMap::from([("step".to_string(), "3".to_string())]);
        save(&path, &entries, &meta).expect("save");
        let (got, got_meta) = load(&path).expect("load");
        assert_eq!(got, entries);
        assert_eq!(got_meta, meta);
        let bytes = std::fs::read(&path).expect("read");
        assert_eq!(u64::from_le_bytes(bytes[..8].try_into().expect("8")) % 8, 0);
        assert!(!dir.join("t.safetensors.partial").exists());
        // Saving over an existing checkpoint replaces it; an unwritable path is a typed error.
        save(&path, &entries[1..], &meta).expect("save over");
        assert_eq!(load(&path).expect("load").0, entries[1..]);
        let nowhere = dir.join("missing-dir").join("t.safetensors");
        assert!(matches!(
            save(&nowhere, &entries, &meta),
            Err(TrainError::Checkpoint { .. })
        ));
        std::fs::remove_dir_all(dir).expect("cleanup");
    }

    /// A file of `header_len` (little-endian) then `rest`, loaded; the error message.
    fn load_error(tag: &str, file: &[u8]) -> String {
        let dir = std::env::temp_dir().join(format!("metile-ckpt-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("bad.safetensors");
        std::fs::write(&path, file).expect("write");
        let got = load(&path);
        std::fs::remove_dir_all(dir).expect("cleanup");
        assert!(
            matches!(got, Err(TrainError::Checkpoint { .. })),
            "{tag}: expected a checkpoint error, got {got:?}"
        );
        got.err().map(|e| e.to_string()).unwrap_or_default()
    }

    fn with_header(header: &str, data: &[u8]) -> Vec<u8> {
        let mut out = (header.len() as u64).to_le_bytes().to_vec();
        out.extend(header.as_bytes());
        out.extend(data);
        out
    }

    #[test]
    fn corrupt_files_are_typed_errors() {
        assert!(load_error("empty", b"").contains("shorter than its header length"));
        // A header length near u64::MAX must not overflow `8 + len`.
        let huge = u64::MAX.to_le_bytes();
        assert!(load_error("huge-len", &huge).contains("shorter than its header"));
        assert!(load_error("truncated", &with_header("{}", b"")[..9]).contains("shorter"));
        assert!(load_error("not-json", &with_header("{nope", b"")).contains("JSON"));
        let f16 = r#"{"a":{"dtype":"F16","shape":[1],"data_offsets":[0,2]}}"#;
        assert!(load_error("dtype", &with_header(f16, &[0; 2])).contains("not F32"));
        let short = r#"{"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}}"#;
        assert!(load_error("short-data", &with_header(short, &[0; 4])).contains("data_offsets"));
        let wrong = r#"{"a":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}}"#;
        assert!(load_error("wrong-size", &with_header(wrong, &[0; 8])).contains("data_offsets"));
        // A shape whose product overflows must not wrap round to the 8 bytes given.
        let wraps = format!(
            r#"{{"a":{{"dtype":"F32","shape":[{},2],"data_offsets":[0,8]}}}}"#,
            1u64 << 62
        );
        assert!(load_error("overflow", &with_header(&wraps, &[0; 8])).contains("too large"));
        let no_shape = r#"{"a":{"dtype":"F32","data_offsets":[0,4]}}"#;
        assert!(load_error("no-shape", &with_header(no_shape, &[0; 4])).contains("no shape"));
    }
}
