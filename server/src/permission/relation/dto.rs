//! Wire types of memberships (jnpf-wire-areas.md §1.6).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// GET UserRelation/{objectId}: the members' user ids.
#[derive(Debug, Serialize, ToSchema)]
pub struct MemberIds {
    pub ids: Vec<String>,
}

/// POST UserRelation/{objectId}: the whole new member set.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberSet {
    #[serde(default)]
    pub object_id: String,
    /// Role, Position or Group.
    pub object_type: String,
    #[serde(default)]
    pub user_ids: Vec<String>,
}
