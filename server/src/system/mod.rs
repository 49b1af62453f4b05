//! System area: system configuration (SYS-002, SYS-003), the password policy read
//! (AUTH-024) and the system log.

pub mod config;
pub mod log;

use crate::AppState;
use crate::auth::session::{Admin, Unlocked};
use crate::error::AppError;
use crate::wire::{ApiResult, Json, done, ok};
use axum::Router;
use axum::extract::State;
use axum::routing::get;
use serde_json::{Map, Value};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/system/SysConfig", get(read_config).put(write_config))
        .route("/system/SysConfig/getPasswordPolicy", get(password_policy))
}

/// GET /api/system/SysConfig: every signed-in client reads it at start-up; secrets
/// (third-party credentials) only reach administrators.
async fn read_config(State(state): State<AppState>, caller: Unlocked) -> ApiResult<Map<String, Value>> {
    let mut conn = state.db.acquire().await?;
    let c = config::load(&mut conn).await?;
    ok(if caller.is_admin() { c.all() } else { c.public() })
}

/// PUT /api/system/SysConfig: administrators only; every value checked against the
/// allow-list, all stored in one transaction.
async fn write_config(State(state): State<AppState>, _admin: Admin, Json(change): Json<Value>) -> ApiResult<()> {
    let Value::Object(change) = change else {
        return Err(AppError::bad("请求数据必须是对象"));
    };
    let values = config::validate(change)?;
    let mut tx = state.db.begin().await?;
    config::store(&mut tx, &values).await?;
    tx.commit().await?;
    done("保存成功")
}

/// GET /api/system/SysConfig/getPasswordPolicy: the policy fields of spec 01 §3.10.
async fn password_policy(State(state): State<AppState>, _caller: Unlocked) -> ApiResult<qiming_core::password::PasswordPolicy> {
    let mut conn = state.db.acquire().await?;
    ok(config::load(&mut conn).await?.password_policy())
}
