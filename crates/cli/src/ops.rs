//! `metile ops`: the operator inventory as a table or as JSON.

use metile_kernels::inventory::{self, EntryInfo, OperatorInfo, PortInfo, Status};

use crate::error::CliError;
use crate::table::{Align, Table};

/// Prints the inventory.
pub fn ops(json: bool) -> Result<u8, CliError> {
    let inv = inventory::inventory();
    if json {
        let text = serde_json::to_string_pretty(&inv)
            .map_err(|e| CliError::new(format!("cannot serialise the inventory: {e}")))?;
        outln!("{text}");
    } else {
        out!("{}", render(&inv));
    }
    Ok(0)
}

fn list(items: &[&str]) -> String {
    if items.is_empty() {
        "-".to_string()
    } else {
        items.join(",")
    }
}

fn ports(ports: &[PortInfo]) -> String {
    if ports.is_empty() {
        return "(none)".to_string();
    }
    ports
        .iter()
        .map(|p| {
            let opt = match (p.optional, p.common) {
                (false, _) => "",
                (true, true) => " (optional)",
                (true, false) => " (optional, rare)",
            };
            format!("{} {}{opt}", p.name, p.shape)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn entry_lines(e: &EntryInfo) -> String {
    let params = if e.params.is_empty() {
        "(none)".to_string()
    } else {
        e.params
            .iter()
            .map(|p| format!("{}={}", p.name, p.default))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut lines = format!(
        "  {}\n    inputs:  {}\n    outputs: {}\n    params:  {}\n",
        e.name,
        ports(&e.inputs),
        ports(&e.outputs),
        params
    );
    if !e.overwrites.is_empty() {
        let pairs: Vec<String> = e
            .overwrites
            .iter()
            .map(|(input, output)| format!("{output} over {input}"))
            .collect();
        lines += &format!("    in place: {}\n", pairs.join(", "));
    }
    lines
}

/// The inventory as text: a table of every operator, then the entry points of those registered,
/// then a count by status.
pub fn render(inv: &[OperatorInfo]) -> String {
    let mut t = Table::new(&[
        ("operator", Align::Left),
        ("family", Align::Left),
        ("status", Align::Left),
        ("dtypes", Align::Left),
        ("targets", Align::Left),
        ("P", Align::Right),
        ("liger family", Align::Left),
    ]);
    for op in inv {
        t.row(vec![
            op.name.to_string(),
            op.family.to_string(),
            op.status.to_string(),
            list(&op.dtypes),
            list(&op.targets),
            op.priority.to_string(),
            op.display.to_string(),
        ]);
    }
    let mut out = t.render();
    let with_entries: Vec<&OperatorInfo> = inv.iter().filter(|o| !o.entries.is_empty()).collect();
    if !with_entries.is_empty() {
        out.push_str("\nentry points:\n");
        for e in with_entries.iter().flat_map(|o| &o.entries) {
            out.push_str(&entry_lines(e));
        }
    }
    let count = |s: Status| inv.iter().filter(|o| o.status == s).count();
    out.push_str(&format!(
        "\n{} operators: {} paired, {} forward-only, {} optimizer, {} missing\n",
        inv.len(),
        count(Status::Paired),
        count(Status::ForwardOnly),
        count(Status::Optimizer),
        count(Status::Missing)
    ));
    out
}

#[cfg(test)]
mod tests {
    use metile_kernels::inventory::{inventory_with, OPERATORS};
    use metile_kernels::registry::{self, EntryPoint};

    use super::*;
    use crate::testing::FAKE_FORWARD;

    #[test]
    fn renders_every_operator_and_entry_ports() {
        let entries: Vec<&EntryPoint> = vec![&FAKE_FORWARD];
        let text = render(&inventory_with(&entries));
        for s in OPERATORS {
            assert!(text.contains(s.name), "{} missing from\n{text}", s.name);
        }
        assert!(text.contains("entry points:"));
        assert!(text.contains("rms_norm.forward"));
        assert!(text.contains("inputs:  x [..., cols], weight [cols], bias [cols] (optional)"));
        assert!(text.contains("outputs: y [..., cols]"));
        assert!(text.contains("params:  eps=1e-6"));
        assert!(text.contains("forward-only"));
        assert!(text.contains("f32,f16,bf16"));
        assert!(text.contains(&format!(
            "{} operators: 0 paired, 1 forward-only",
            OPERATORS.len()
        )));
    }

    /// In-place entries say which inputs they write over, in text and JSON.
    #[test]
    fn in_place_entries_name_what_they_overwrite() {
        let inv = metile_kernels::inventory::inventory();
        let text = render(&inv);
        assert!(
            text.contains("swiglu.in_place_backward\n    inputs:  a [..., cols], b [..., cols], dc [..., cols]\n    outputs: da [..., cols], db [..., cols]\n    params:  gate_multiplier=1, down_multiplier=1\n    in place: da over a, db over b\n"),
            "{text}"
        );
        assert!(text.contains("    in place: dx over dy\n"));
        assert!(text.contains("    in place: dgu over gu\n"));
        assert_eq!(text.matches("    in place:").count(), 9, "{text}");
        let v = serde_json::to_value(&inv).unwrap();
        let rms = v
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == "rms_norm");
        let entries = rms.unwrap()["entries"].as_array().unwrap().clone();
        let in_place = entries
            .iter()
            .find(|e| e["name"] == "rms_norm.in_place_backward")
            .unwrap();
        assert_eq!(in_place["overwrites"], serde_json::json!([["dy", "dx"]]));
        assert_eq!(entries[0]["overwrites"], serde_json::json!([]));
    }

    #[test]
    fn rare_inputs_are_marked() {
        let text = render(&inventory_with(&registry::entry_points()));
        assert!(text.contains("weight [cols] (optional, rare)"), "{text}");
        assert!(
            text.contains("position_ids [T] or [1 or B, T] ids in 0..P (optional, rare)"),
            "{text}"
        );
    }

    #[test]
    fn json_has_the_inventory_fields() {
        let entries: Vec<&EntryPoint> = vec![&FAKE_FORWARD];
        let v = serde_json::to_value(inventory_with(&entries)).unwrap();
        let arr = v.as_array().unwrap();
        assert_eq!(arr.len(), OPERATORS.len());
        let rms = arr.iter().find(|o| o["name"] == "rms_norm").unwrap();
        assert_eq!(rms["family"], "norm");
        assert_eq!(rms["status"], "forward-only");
        assert_eq!(rms["liger"], "LigerRMSNormFunction");
        assert_eq!(rms["priority"], 0);
        assert_eq!(rms["dtypes"], serde_json::json!(["f32", "f16", "bf16"]));
        assert_eq!(rms["targets"], serde_json::json!(["cpu", "cuda"]));
        let e = &rms["entries"][0];
        assert_eq!(e["name"], "rms_norm.forward");
        assert_eq!(e["inputs"][2]["optional"], true);
        assert_eq!(e["inputs"][2]["common"], true);
        assert_eq!(e["inputs"][1]["shape"], "[cols]");
        assert_eq!(e["params"][0]["default"], "1e-6");
        let chunked = arr.iter().find(|o| o["name"] == "chunked_dpo").unwrap();
        assert_eq!(chunked["family"], "chunked loss");
        assert_eq!(chunked["status"], "missing");
    }
}
