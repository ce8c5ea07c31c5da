//! The dependency rule: domain crates never depend on frameworks or I/O libraries.

use std::collections::{HashMap, HashSet};
use std::process::Command;

const FORBIDDEN: &[&str] =
    &["actix", "sea-orm", "sqlx", "reqwest", "leptess", "lettre", "genpdf", "lopdf", "async-openai"];

fn forbidden(name: &str) -> bool {
    FORBIDDEN.iter().any(|f| name == *f || name.starts_with(&format!("{f}-")))
}

#[test]
fn domain_crates_have_no_framework_or_io_dependencies() {
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let packages = meta["packages"].as_array().unwrap();
    let names: HashMap<&str, &str> =
        packages.iter().map(|p| (p["id"].as_str().unwrap(), p["name"].as_str().unwrap())).collect();
    let nodes = meta["resolve"]["nodes"].as_array().unwrap();
    // Normal (non-dev, non-build) edges of the resolved graph.
    let normal: HashMap<&str, Vec<&str>> = nodes
        .iter()
        .map(|n| {
            let deps = n["deps"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["dep_kinds"].as_array().unwrap().iter().any(|k| k["kind"].is_null()))
                .map(|d| d["pkg"].as_str().unwrap())
                .collect();
            (n["id"].as_str().unwrap(), deps)
        })
        .collect();
    let domain: Vec<&serde_json::Value> =
        packages.iter().filter(|p| p["manifest_path"].as_str().unwrap().contains("/crates/domain/")).collect();
    assert!(domain.len() >= 3, "expected the domain crates, found {}", domain.len());
    for pkg in domain {
        let mut seen = HashSet::new();
        let mut stack = vec![pkg["id"].as_str().unwrap()];
        while let Some(id) = stack.pop() {
            for dep in normal.get(id).into_iter().flatten() {
                if seen.insert(*dep) {
                    let name = names[dep];
                    assert!(!forbidden(name), "{} depends on {name} (through its normal dependencies)", pkg["name"]);
                    stack.push(dep);
                }
            }
        }
    }
}

#[test]
fn the_rule_recognises_forbidden_crates() {
    assert!(forbidden("actix-web"));
    assert!(forbidden("sea-orm"));
    assert!(forbidden("sqlx-core"));
    assert!(!forbidden("serde"));
    assert!(!forbidden("chrono"));
}
