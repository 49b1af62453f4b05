//! Users to and from Excel (ORG-026; spec 01 §2.10, §5.5): the export of a page or of every
//! user, the import template, and the three-step import — upload (.xls/.xlsx up to 500 KB),
//! preview (up to 500 rows), import. An import is one transaction: every row is checked by
//! the same rules as the user form, the rows that pass are stored together, and each row that
//! fails comes back with its reason (and can be exported again to be corrected).

use super::dto::{ImportResult, UploadedFile, UserQuery};
use super::repo::{self as users, Object, Pick};
use super::service::{check_new, insert_new, list_filter};
use super::{ExportUsers, ImportUsers, UserForm};
use crate::state::AppState;
use crate::access::{DataScope, Permit, Reason};
use crate::db::Conn;
use crate::error::AppError;
use crate::permission::organize::repo as organisations;
use crate::support::excel;
use crate::system::download::service as download;
use crate::wire::{Page, Patch, Upload};
use qiming_core::date::DateTime;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// The columns of the export, the template and the preview: (key, header).
pub const COLUMNS: [(&str, &str); 24] = [
    ("account", "账户"),
    ("realName", "姓名"),
    ("gender", "性别"),
    ("email", "电子邮箱"),
    ("organizeId", "所属组织"),
    ("managerId", "直属主管"),
    ("positionId", "岗位"),
    ("roleId", "角色"),
    ("sortCode", "排序"),
    ("enabledMark", "状态"),
    ("description", "说明"),
    ("nation", "民族"),
    ("nativePlace", "籍贯"),
    ("entryDate", "入职时间"),
    ("certificatesType", "证件类型"),
    ("certificatesNumber", "证件号码"),
    ("education", "文化程度"),
    ("birthday", "出生年月"),
    ("telePhone", "办公电话"),
    ("landline", "办公座机"),
    ("mobilePhone", "手机号码"),
    ("urgentContacts", "紧急联系"),
    ("urgentTelePhone", "紧急电话"),
    ("postalAddress", "通讯地址"),
];
/// The reason column of rows that failed.
const REASON: (&str, &str) = ("errorsInfo", "异常原因");
const MAX_BYTES: usize = 500 * 1024;
const MAX_ROWS: usize = 500;
/// Dictionary-backed fields and their dictionaries (the form stores item ids).
const DICTIONARY_FIELDS: [(&str, &str); 3] = [("nation", "Nation"), ("certificatesType", "certificateType"), ("education", "Education")];

fn gender_name(code: &str) -> &'static str {
    match code {
        "1" => "男",
        "2" => "女",
        _ => "保密",
    }
}

fn date_text(ms: Option<i64>, offset: i32) -> String {
    ms.and_then(|ms| DateTime::from_epoch_ms(ms, offset)).map(|d| d.format("yyyy-MM-dd")).unwrap_or_default()
}

/// GET Users/ExportExcel: the chosen columns (`selectKey`, all when empty) of this page
/// (`dataType` 0) or of every user the list would show (1), as a workbook to download.
pub async fn export(state: &AppState, permit: &Permit<ExportUsers>, q: UserQuery, page: Page, all_pages: bool, select_key: &str) -> Result<String, AppError> {
    let wanted: Vec<&str> = select_key.split(',').map(str::trim).filter(|k| !k.is_empty()).collect();
    let columns: Vec<(&str, &str)> = COLUMNS.iter().copied().filter(|(k, _)| wanted.is_empty() || wanted.contains(k)).collect();
    let mut conn = state.db.acquire().await?;
    let filter = list_filter(&mut conn, &q).await?;
    let page = if all_pages { Page { current_page: 1, page_size: i64::MAX / 2 } } else { page };
    let (listed, _) = users::page(&mut conn, permit.scope(), &filter, page).await?;
    let ids: Vec<String> = listed.iter().map(|u| u.id.clone()).collect();
    let rows = users::many(&mut conn, permit.scope(), &ids).await?;
    let memberships = users::organisations(&mut conn, &ids).await?;
    let managers: Vec<String> = rows.iter().map(|u| u.manager_id.clone()).filter(|m| !m.is_empty()).collect();
    let (managers, _) = users::pick(&mut conn, &Pick { ids: Some(&managers), ..Default::default() }, &DataScope::unrestricted(Reason::PickerTree), None).await?;
    let mut dictionary: BTreeMap<String, String> = BTreeMap::new();
    for (_, category) in DICTIONARY_FIELDS {
        let values: Vec<String> = rows.iter().flat_map(|u| [u.nation.clone(), u.certificates_type.clone(), u.education.clone()]).collect();
        dictionary.extend(users::dictionary_items(&mut conn, category, &values, false).await?);
    }
    let offset = state.config.utc_offset_minutes;
    let mut out = Vec::new();
    for u in &rows {
        let positions = users::held(&mut conn, &u.id, "Position").await?;
        let roles = users::held(&mut conn, &u.id, "Role").await?;
        let names = |pairs: &[(String, String)]| pairs.iter().map(|(_, n)| n.as_str()).collect::<Vec<_>>().join(",");
        let name_of = |v: &str| dictionary.get(v).cloned().unwrap_or_else(|| v.to_string());
        let value = |key: &str| -> String {
            match key {
                "account" => u.account.clone(),
                "realName" => u.real_name.clone(),
                "gender" => gender_name(&u.gender).to_string(),
                "email" => u.email.clone(),
                "organizeId" => memberships.iter().filter(|m| m.user_id == u.id).map(|m| m.name_tree.as_str()).collect::<Vec<_>>().join(","),
                "managerId" => managers.iter().find(|m| m.id == u.manager_id).map(|m| format!("{}/{}", m.real_name, m.account)).unwrap_or_default(),
                "positionId" => names(&positions),
                "roleId" => names(&roles),
                "sortCode" => u.sort_code.to_string(),
                "enabledMark" => if u.enabled_mark == 1 { "启用" } else { "禁用" }.to_string(),
                "description" => u.description.clone(),
                "nation" => name_of(&u.nation),
                "nativePlace" => u.native_place.clone(),
                "entryDate" => date_text(u.entry_date, offset),
                "certificatesType" => name_of(&u.certificates_type),
                "certificatesNumber" => u.certificates_number.clone(),
                "education" => name_of(&u.education),
                "birthday" => date_text(u.birthday, offset),
                "telePhone" => u.tele_phone.clone(),
                "landline" => u.landline.clone(),
                "mobilePhone" => u.mobile_phone.clone(),
                "urgentContacts" => u.urgent_contacts.clone(),
                "urgentTelePhone" => u.urgent_tele_phone.clone(),
                _ => u.postal_address.clone(),
            }
        };
        out.push(columns.iter().map(|(k, _)| value(k)).collect());
    }
    drop(conn);
    let headers: Vec<&str> = columns.iter().map(|(_, h)| *h).collect();
    let bytes = excel::workbook("用户信息", &headers, &out)?;
    download::offer_bytes(state, &permit.caller().user_id, "用户信息.xlsx", &bytes).await
}

/// GET Users/TemplateDownload: the import template (the header row).
pub async fn template(state: &AppState, permit: &Permit<ImportUsers>) -> Result<String, AppError> {
    let headers: Vec<&str> = COLUMNS.iter().map(|(_, h)| *h).collect();
    let bytes = excel::workbook("用户信息", &headers, &[])?;
    download::offer_bytes(state, &permit.caller().user_id, "用户信息导入模板.xlsx", &bytes).await
}

/// POST Users/Uploader: an .xls or .xlsx of at most 500 KB that is a workbook of at most
/// 500 rows, held for the preview under a generated name.
pub async fn upload(state: &AppState, permit: &Permit<ImportUsers>, file: Upload) -> Result<UploadedFile, AppError> {
    if !qiming_core::upload::accepts(".xls,.xlsx", &file.file_name) {
        return Err(AppError::bad("请选择.xls或.xlsx格式的Excel文件"));
    }
    if file.bytes.len() > MAX_BYTES {
        return Err(AppError::bad("文件大小不能超过500KB"));
    }
    rows_of(&file.bytes)?;
    let name = download::hold_upload(state, &permit.caller().user_id, &file.file_name, &file.bytes).await?;
    Ok(UploadedFile { name })
}

/// The data rows of a workbook as `{key: text}` (headers matched by their text or key;
/// empty rows skipped), at most 500.
fn rows_of(bytes: &[u8]) -> Result<Vec<Map<String, Value>>, AppError> {
    let sheet = excel::read_first_sheet(bytes)?;
    let Some((header, rows)) = sheet.split_first() else { return Err(AppError::bad("Excel文件中没有数据")) };
    let keys: Vec<Option<&str>> = header.iter().map(|h| COLUMNS.iter().find(|(k, t)| h == t || h == k).map(|(k, _)| *k)).collect();
    if !keys.contains(&Some("account")) {
        return Err(AppError::bad("Excel文件的表头与导入模板不符，请下载模板后填写"));
    }
    let rows: Vec<Map<String, Value>> = rows
        .iter()
        .filter(|r| r.iter().any(|c| !c.is_empty()))
        .map(|r| keys.iter().zip(r).filter_map(|(k, v)| k.map(|k| (k.to_string(), Value::String(v.clone())))).collect())
        .collect();
    if rows.is_empty() {
        return Err(AppError::bad("Excel文件中没有数据"));
    }
    if rows.len() > MAX_ROWS {
        return Err(AppError::bad(format!("每次最多导入{MAX_ROWS}条数据，文件中有{}条", rows.len())));
    }
    Ok(rows)
}

/// GET Users/ImportPreview: the rows of the uploaded file.
pub async fn preview(state: &AppState, permit: &Permit<ImportUsers>, file_name: &str) -> Result<Vec<Map<String, Value>>, AppError> {
    let (_, bytes) = download::held_upload(state, &permit.caller().user_id, file_name).await?;
    rows_of(&bytes)
}

fn cell<'a>(row: &'a Map<String, Value>, key: &str) -> &'a str {
    row.get(key).and_then(Value::as_str).map(str::trim).unwrap_or("")
}

fn split_names(text: &str) -> Vec<String> {
    text.split([',', '，', ';', '；']).map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect()
}

fn text_patch(text: &str) -> Patch<String> {
    if text.is_empty() { Patch::Absent } else { Patch::Value(text.to_string()) }
}

/// A preview row as the user form, its names and texts turned into ids and numbers.
async fn form_of(conn: &mut Conn, row: &Map<String, Value>, offset: i32) -> Result<UserForm, String> {
    let mut form = UserForm {
        account: Patch::Value(cell(row, "account").to_string()),
        real_name: Patch::Value(cell(row, "realName").to_string()),
        ..Default::default()
    };
    form.gender = match cell(row, "gender") {
        "" => Patch::Absent,
        "男" | "1" => Patch::Value(Value::String("1".into())),
        "女" | "2" => Patch::Value(Value::String("2".into())),
        "保密" | "3" => Patch::Value(Value::String("3".into())),
        other => return Err(format!("性别「{other}」只能是男、女或保密")),
    };
    for (key, patch) in [
        ("email", &mut form.email),
        ("description", &mut form.description),
        ("nativePlace", &mut form.native_place),
        ("certificatesNumber", &mut form.certificates_number),
        ("telePhone", &mut form.tele_phone),
        ("landline", &mut form.landline),
        ("mobilePhone", &mut form.mobile_phone),
        ("urgentContacts", &mut form.urgent_contacts),
        ("urgentTelePhone", &mut form.urgent_tele_phone),
        ("postalAddress", &mut form.postal_address),
    ] {
        *patch = text_patch(cell(row, key));
    }
    let db = |e: AppError| e.to_string();
    // Organisations by their path of names (or a unique name).
    let every = organisations::every(conn, &DataScope::unrestricted(Reason::PickerTree)).await.map_err(db)?;
    let mut paths = Vec::new();
    for name in split_names(cell(row, "organizeId")) {
        let found: Vec<_> = every.iter().filter(|o| o.name_tree == name || o.full_name == name).collect();
        match found.as_slice() {
            [o] => paths.push(o.id_tree.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect::<Vec<_>>()),
            [] => return Err(format!("所属组织「{name}」不存在")),
            _ => return Err(format!("所属组织「{name}」不唯一，请填写完整路径")),
        }
    }
    form.organize_id_tree = Patch::Value(paths.clone());
    let chosen: Vec<String> = paths.iter().filter_map(|p| p.last().cloned()).collect();
    let manager = cell(row, "managerId");
    if !manager.is_empty() {
        let account = manager.rsplit('/').next().unwrap_or(manager).trim();
        let found = users::credentials(conn, account).await.map_err(db)?.ok_or_else(|| format!("直属主管「{manager}」不存在"))?;
        form.manager_id = Patch::Value(found.id);
    }
    let positions = split_names(cell(row, "positionId"));
    if !positions.is_empty() {
        let named = users::named(conn, Object::Position, &positions).await.map_err(db)?;
        let mut ids = Vec::new();
        for name in &positions {
            let id = named.iter().find(|(_, n, org)| n == name && chosen.contains(org)).ok_or_else(|| format!("所属组织中没有岗位「{name}」"))?;
            ids.push(id.0.clone());
        }
        form.position_id = Patch::Value(ids.join(","));
    }
    let roles = split_names(cell(row, "roleId"));
    if !roles.is_empty() {
        let named = users::named(conn, Object::Role, &roles).await.map_err(db)?;
        let mut ids = Vec::new();
        for name in &roles {
            let id = named.iter().find(|(_, n, code)| n == name || code == name).ok_or_else(|| format!("角色「{name}」不存在"))?;
            ids.push(id.0.clone());
        }
        form.role_id = Patch::Value(ids.join(","));
    }
    form.sort_code = match cell(row, "sortCode") {
        "" => Patch::Absent,
        n => Patch::Value(n.parse().map_err(|_| format!("排序「{n}」必须是整数"))?),
    };
    form.enabled_mark = match cell(row, "enabledMark") {
        "" | "启用" | "1" => Patch::Value(1),
        "禁用" | "0" => Patch::Value(0),
        other => return Err(format!("状态「{other}」只能是启用或禁用")),
    };
    for (key, patch) in [("entryDate", &mut form.entry_date), ("birthday", &mut form.birthday)] {
        *patch = match cell(row, key) {
            "" => Patch::Absent,
            text => Patch::Value(DateTime::parse(text).ok_or_else(|| format!("日期「{text}」格式不正确，应为yyyy-MM-dd"))?.to_epoch_ms(offset)),
        };
    }
    for (key, category) in DICTIONARY_FIELDS {
        let text = cell(row, key);
        if text.is_empty() {
            continue;
        }
        let items = users::dictionary_items(conn, category, &[text.to_string()], true).await.map_err(db)?;
        let value = items.first().map(|(id, _)| id.clone()).unwrap_or_else(|| text.to_string());
        match key {
            "nation" => form.nation = Patch::Value(value),
            "certificatesType" => form.certificates_type = Patch::Value(value),
            _ => form.education = Patch::Value(value),
        }
    }
    Ok(form)
}

/// POST Users/ImportData: stores the rows that pass in one transaction (sharing one
/// initial password — the configured default, else a generated one — answered once, which each must change at first sign-in) and
/// answers the rows that fail with their reasons. A failure of the database stores nothing.
pub async fn import(state: &AppState, permit: &Permit<ImportUsers>, list: Vec<Map<String, Value>>) -> Result<ImportResult, AppError> {
    if list.is_empty() {
        return Err(AppError::bad("没有要导入的数据"));
    }
    if list.len() > MAX_ROWS {
        return Err(AppError::bad(format!("每次最多导入{MAX_ROWS}条数据")));
    }
    let password = {
        let mut conn = state.db.acquire().await?;
        crate::system::service::initial_password(&mut conn).await?
    };
    let hash = state.hasher.hash(&qiming_core::md5_hex(password.as_bytes())).await?;
    let now = state.clock.now_ms();
    let offset = state.config.utc_offset_minutes;
    let mut tx = state.db.begin().await?;
    let (mut stored, mut failed) = (0, Vec::new());
    for row in list {
        let outcome = match form_of(&mut tx, &row, offset).await {
            Err(why) => Err(why),
            Ok(form) => match check_new(&mut tx, &form).await {
                Ok(m) => {
                    insert_new(&mut tx, &form, &m, &hash, &permit.caller().user_id, now).await?;
                    Ok(())
                }
                Err(e) => Err(e.into_reason()?),
            },
        };
        match outcome {
            Ok(()) => stored += 1,
            Err(why) => {
                let mut row = row;
                row.insert(REASON.0.to_string(), Value::String(why));
                failed.push(row);
            }
        }
    }
    tx.commit().await?;
    Ok(ImportResult {
        result_type: if failed.is_empty() { 0 } else { 1 },
        snum: stored,
        fnum: failed.len(),
        initial_password: if stored > 0 { password } else { String::new() },
        fail_result: failed,
    })
}

/// POST Users/ExportExceptionData: the failed rows with their reasons, as a workbook.
pub async fn export_failures(state: &AppState, permit: &Permit<ImportUsers>, list: Vec<Map<String, Value>>) -> Result<String, AppError> {
    let mut headers: Vec<&str> = COLUMNS.iter().map(|(_, h)| *h).collect();
    headers.push(REASON.1);
    let rows: Vec<Vec<String>> = list
        .iter()
        .map(|row| COLUMNS.iter().map(|(k, _)| *k).chain([REASON.0]).map(|k| cell(row, k).to_string()).collect())
        .collect();
    let bytes = excel::workbook("导入失败数据", &headers, &rows)?;
    download::offer_bytes(state, &permit.caller().user_id, "用户导入失败数据.xlsx", &bytes).await
}
