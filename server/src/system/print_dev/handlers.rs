//! HTTP handlers of the print templates.

use crate::access::Member;
use crate::system::dto::ListOf;
use crate::wire::{ApiResult, Envelope, ok};
use serde::Serialize;
use utoipa::ToSchema;

/// A category of print templates with its templates as children.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateGroup {
    pub id: String,
    pub full_name: String,
    #[schema(no_recursion)]
    pub children: Vec<TemplateGroup>,
}

#[utoipa::path(get, path = "/api/system/printDev/Selector", tag = "system",
    summary = "The print templates a designer may pick, as category groups with the templates as children; empty until print templates exist",
    params(("type" = Option<i64>, Query, description = "1 flow designer, 2 form and list designers")),
    responses((status = 200, body = Envelope<ListOf<TemplateGroup>>)))]
pub async fn selector(_caller: Member) -> ApiResult<ListOf<TemplateGroup>> {
    ok(ListOf { list: Vec::new() })
}
