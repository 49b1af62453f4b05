//! HTTP handlers of serial-number rules: extract, call the service, shape the answer. Paths
//! are the JNPF client's (jnpf-wire-areas.md §2.2); the catalogue's plural `Actions/Export`
//! and `Actions/Import` are served too.

use crate::api::TABLE;
use super::dto::{RuleForm, RuleInfo, RuleListRow, RuleOption, RuleQuery};
use super::service;
use super::{AddBillRule, EditBillRule, ExportBillRule, ImportBillRule, RemoveBillRule, ViewBillRule};
use crate::state::AppState;
use crate::access::{Member, Permit};
use crate::wire::{ApiResult, Envelope, PageOf, PageQuery, Path, Query, ok};
use axum::extract::State;

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A page of serial-number rules (menu system.billRule; BILL-023)",
    params(PageQuery, RuleQuery),
    responses((status = 200, body = Envelope<PageOf<RuleListRow>>)))]
pub async fn list(State(state): State<AppState>, permit: Permit<ViewBillRule>, Query(page): Query<PageQuery>, Query(q): Query<RuleQuery>) -> ApiResult<PageOf<RuleListRow>> {
    ok(service::list(&state, &permit, &q, page.page()?).await?)
}

crate::crud::handlers! { "system", service, RuleForm => RuleInfo, [ViewBillRule, AddBillRule, EditBillRule, RemoveBillRule] {
    create "Create a serial-number rule (button btn_add; BILL-008..022)",
    info "A serial-number rule, for its form, with today's example",
    update "Change a serial-number rule (button btn_edit); only what is sent changes",
    delete "Delete a serial-number rule (button btn_remove)",
    state "Enable or disable a serial-number rule (button btn_edit; BILL-007)",
    export ExportBillRule "Export a serial-number rule as a .bb file (button btn_download)",
    import ImportBillRule "Import a .bb file (button btn_upload): checked like the form; a bad file changes nothing and the message says why",
}}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The serial-number rule picker: a page of the enabled rules, for any member (BILL-024, BILL-025)",
    params(PageQuery, RuleQuery),
    responses((status = 200, body = Envelope<PageOf<RuleOption>>)))]
pub async fn selector(State(state): State<AppState>, caller: Member, Query(page): Query<PageQuery>, Query(q): Query<RuleQuery>) -> ApiResult<PageOf<RuleOption>> {
    ok(service::selector(&state, &caller, &q, page.page()?).await?)
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "Issue the next number of rule {enCode}, for any member: each request its own, consecutive, across processes",
    params(("enCode" = String, Path, description = "the rule's code")),
    responses((status = 200, body = Envelope<String>)))]
pub async fn bill_number(State(state): State<AppState>, caller: Member, Path(en_code): Path<String>) -> ApiResult<String> {
    ok(service::next_number(&state, &caller, &en_code).await?)
}

