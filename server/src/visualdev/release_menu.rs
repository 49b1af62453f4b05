//! What a release does to the menus (jnpf-wire-engine.md §6): with `pc: 1` and a
//! `pcModuleParentId` the model gets its Web function menu (type 3) under that parent, as
//! JNPF's release does — created on the first release, moved and renamed on a later one. The
//! menu opens the model's records (propertyJson.moduleId); its address is the JNPF client's
//! `model/<enCode>`.

use super::dto::{ModelRow, ReleaseForm};
use crate::access::{DataScope, Reason};
use crate::db::{Arg, Conn};
use crate::error::AppError;
use crate::permission::module::repo::{self as menus, MenuRow, NewMenu};
use crate::support::new_id;
use serde_json::{Value, json};

const TOP: &str = "-1";
const WEB: &str = "Web";
const FUNCTION_MENU: i64 = 3;
const ICON: &str = "icon-ym icon-ym-webForm";

/// The model a function menu opens (its propertyJson.moduleId).
fn opens(m: &MenuRow) -> Option<String> {
    let p: Value = serde_json::from_str(&m.property_json).ok()?;
    p.get("moduleId").and_then(Value::as_str).map(str::to_string)
}

/// The JNPF client's address of a Web function menu: `model/` and the enCode with its first
/// '.' removed.
fn address(en_code: &str) -> String {
    format!("model/{}", en_code.replacen('.', "", 1))
}

/// Creates or updates the model's Web menu when the release asks for one (`pc` 1 with a
/// parent); answers whether menus changed. In the release's transaction.
pub async fn sync(conn: &mut Conn, m: &ModelRow, form: &ReleaseForm, user_id: &str, now: i64) -> Result<bool, AppError> {
    let Some(parent) = form.pc_module_parent_id.as_deref().map(str::trim).filter(|p| !p.is_empty()) else { return Ok(false) };
    if form.pc.unwrap_or(1) != 1 {
        return Ok(false);
    }
    let scope = DataScope::unrestricted(Reason::Structure);
    let system_id = if parent == TOP {
        form.pc_system_id.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).ok_or_else(|| AppError::field("pcSystemId", "请选择上级"))?
    } else {
        let p = menus::menu(conn, &scope, parent).await?.filter(|p| p.category == WEB).ok_or_else(|| AppError::field("pcModuleParentId", "上级菜单不存在"))?;
        p.system_id
    };
    menus::system(conn, &scope, &system_id).await?.ok_or_else(|| AppError::field("pcSystemId", "应用不存在"))?;
    let existing = menus::menus(conn, &scope, None, Some(WEB)).await?.into_iter().find(|x| x.menu_type == FUNCTION_MENU && opens(x).as_deref() == Some(m.id.as_str()));
    match existing {
        Some(found) => {
            let columns: Vec<(&'static str, Arg)> = vec![
                ("parent_id", parent.to_string().into()),
                ("system_id", system_id.into()),
                ("full_name", m.full_name.clone().into()),
                ("en_code", m.en_code.clone().into()),
                ("url_address", address(&m.en_code).into()),
            ];
            crate::crud::update(&menus::Menus, conn, &found.id, columns, user_id, now).await?;
        }
        None => {
            let id = new_id();
            let property = json!({"moduleId": m.id, "iconBackgroundColor": "", "isTree": 0}).to_string();
            let new = NewMenu {
                parent_id: parent,
                system_id: &system_id,
                full_name: &m.full_name,
                en_code: &m.en_code,
                icon: ICON,
                menu_type: FUNCTION_MENU,
                url_address: &address(&m.en_code),
                link_target: "_self",
                category: WEB,
                property_json: &property,
                sort_code: 0,
                enabled_mark: 1,
                description: "",
                authorize: [1, 1, 1, 0],
            };
            crate::crud::insert(&menus::Menus, conn, &id, new.columns(), user_id, now).await?;
        }
    }
    Ok(true)
}
