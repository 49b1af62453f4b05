//! The unchanged JNPF 3.4.7 web client on Qiming (issue 25, "The JNPF client"): the calls it
//! makes that must answer what the JNPF server answers, checked against
//! ../shared/reference/jnpf-wire*.md.

use crate::harness::{Engine, start};
use crate::on_both_engines;
use serde_json::{Value, json};

fn flatten(nodes: &Value, out: &mut Vec<Value>) {
    for n in nodes.as_array().into_iter().flatten() {
        out.push(n.clone());
        flatten(&n["children"], out);
    }
}

fn address_of(menus: &Value, en_code: &str) -> String {
    let mut all = Vec::new();
    flatten(menus, &mut all);
    let m = all.iter().find(|m| m["enCode"] == en_code).unwrap_or_else(|| panic!("menu {en_code} in {menus:#}"));
    m["urlAddress"].as_str().unwrap().to_string()
}

// anything but code 200 stops the page. No column settings are stored: data is the empty list.
async fn columns_by_module_id_answers_the_empty_list(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let a = s.get("/api/permission/Authority/GetColumnsByModuleId/270579315303777093", Some(&admin)).await;
    assert_eq!(a.status, 200);
    assert_eq!(a.ok(), &json!([]));
    // Signed-out callers are refused as every call is.
    assert_ne!(s.get("/api/permission/Authority/GetColumnsByModuleId/270579315303777093", None).await.code(), 200);
}

on_both_engines!(
    columns_by_module_id_answers_the_empty_list,
);
