//! HTTP handlers of the data connections.

use super::dto::SourceNode;
use crate::access::Member;
use crate::system::dto::ListOf;
use crate::wire::{ApiResult, Envelope, ok};

#[utoipa::path(get, path = "/api/system/DataSource/Selector", tag = "system",
    summary = "The data connections a designer may pick (数据连接): groups with the connections as children; only the platform database, id 0 默认数据库",
    responses((status = 200, body = Envelope<ListOf<SourceNode>>)))]
pub async fn selector(_caller: Member) -> ApiResult<ListOf<SourceNode>> {
    ok(ListOf { list: vec![SourceNode::platform()] })
}
