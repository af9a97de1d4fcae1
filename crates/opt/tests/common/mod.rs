//! Helpers of the pass tests: run a pass on a traced kernel, re-verify, and check the text in the
//! spirit of FileCheck (`CHECK` lines in order, `CHECK-NOT` lines absent).

#![allow(dead_code)]

use metile_ir::{check, print, Kernel, Verified};
use metile_opt::Pass;

/// Runs `pass` on `v`, re-verifies the result and prints it. Returns whether the pass said it
/// changed something, and the text.
pub fn apply(pass: &dyn Pass, v: &Verified) -> (bool, String) {
    let (changed, k) = apply_kernel(pass, v);
    (changed, print(&k))
}

pub fn apply_kernel(pass: &dyn Pass, v: &Verified) -> (bool, Kernel) {
    let mut k = v.kernel().clone();
    let changed = pass.run(&mut k);
    let verdict = check(&k);
    assert!(
        verdict.is_ok(),
        "{} left a kernel that does not verify: {verdict:?}\n{}",
        pass.name(),
        print(&k)
    );
    (changed, k)
}

/// Every line of `checks` occurs in `text`, in this order (each after the previous one).
pub fn check_lines(text: &str, checks: &[&str]) {
    let mut rest = text;
    for c in checks {
        let at = rest.find(c);
        assert!(at.is_some(), "CHECK `{c}` not found (in order) in\n{text}");
        let at = at.unwrap_or(0);
        rest = &rest[at + c.len()..];
    }
}

/// None of `needles` occurs in `text`.
pub fn check_not(text: &str, needles: &[&str]) {
    for n in needles {
        assert!(!text.contains(n), "CHECK-NOT `{n}` found in\n{text}");
    }
}

/// How many lines of `text` contain `needle`.
pub fn count(text: &str, needle: &str) -> usize {
    text.lines().filter(|l| l.contains(needle)).count()
}
