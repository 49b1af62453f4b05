//! Wire types of the data connections' selector.

use serde::Serialize;
use utoipa::ToSchema;

/// The platform database's id, the `dbLinkId` of models and data interfaces.
pub const PLATFORM_DB_ID: &str = "0";
pub const PLATFORM_DB_NAME: &str = "默认数据库";
/// The group the platform database is listed under (as the JNPF server lists it).
pub const PLATFORM_GROUP_ID: &str = "-2";

/// A node of GET DataSource/Selector: a group of connections, or a connection.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceNode {
    pub id: String,
    pub parent_id: String,
    pub full_name: String,
    pub has_children: bool,
    #[schema(no_recursion)]
    pub children: Vec<SourceNode>,
}

impl SourceNode {
    /// The one group holding the platform database.
    pub fn platform() -> SourceNode {
        SourceNode {
            id: PLATFORM_GROUP_ID.into(),
            parent_id: "0".into(),
            full_name: String::new(),
            has_children: true,
            children: vec![SourceNode {
                id: PLATFORM_DB_ID.into(),
                parent_id: PLATFORM_GROUP_ID.into(),
                full_name: PLATFORM_DB_NAME.into(),
                has_children: false,
                children: Vec::new(),
            }],
        }
    }
}
