//! Third-party office chat (SYS-004..007): the connection tests of DingTalk (钉钉) and WeCom
//! (企业微信), the sync of this system's organisations and users to them and the import of
//! their departments and users (type 1), for administrators. The services' addresses are
//! configuration (`QIMING_DINGTALK_BASE_URL`, `QIMING_WECOM_BASE_URL`); the credentials are
//! system settings (SysConfig). Every object sent or imported is recorded
//! (base_syn_third_info), which is what the totals count.

mod client;
pub mod dto;
mod handlers;
pub mod repo;
pub mod service;
pub mod third;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route("/api/system/SysConfig/{type}/testQyWebChatConnect", routes!(handlers::test_wecom))
        .route("/api/system/SysConfig/testDingTalkConnect", routes!(handlers::test_dingtalk))
        .route("/api/system/SynThirdInfo/getSynThirdTotal/{type}", routes!(handlers::totals))
        .route("/api/system/SynThirdInfo/synAllOrganizeSysToQy", routes!(handlers::organisations_to_wecom))
        .route("/api/system/SynThirdInfo/synAllUserSysToQy", routes!(handlers::users_to_wecom))
        .route("/api/system/SynThirdInfo/synAllOrganizeSysToDing", routes!(handlers::organisations_to_dingtalk))
        .route("/api/system/SynThirdInfo/synAllUserSysToDing", routes!(handlers::users_to_dingtalk))
}
