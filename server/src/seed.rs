//! Seed data from fixtures/seed/ (compiled in, so the binary needs nothing beside it),
//! applied on first start. Each file is applied once per database, in one transaction with
//! its bookkeeping row; later issues add files and they apply to existing databases too.

use crate::state::AppState;
use crate::db::Conn;
use crate::permission::repo::menu::{self, AppSystem, ItemKind, NewMenu};
use crate::permission::user::repo::{self as user, NewUser};
use crate::support::new_id;
use crate::support::password_hash::generate_initial;
use crate::system::area::repo as area;
use crate::system::service as system;
use anyhow::Context;
use serde::Deserialize;

/// The seed files in the order they apply (later ones refer to earlier ones).
const FILES: &[(&str, &str)] = &[
    ("systems.json", include_str!("../../fixtures/seed/systems.json")),
    ("sys-config.json", include_str!("../../fixtures/seed/sys-config.json")),
    ("dictionaries.json", include_str!("../../fixtures/seed/dictionaries.json")),
    ("menus.json", include_str!("../../fixtures/seed/menus.json")),
    ("users.json", include_str!("../../fixtures/seed/users.json")),
    // The dictionaries the organisation pages choose from (sex, position and group types,
    // nation, certificate type, education).
    ("dictionaries-organisation.json", include_str!("../../fixtures/seed/dictionaries-organisation.json")),
    // The organisation pages under 组织权限, each with its buttons.
    ("menus-permission.json", include_str!("../../fixtures/seed/menus-permission.json")),
    // The two fixed top dictionary categories (0 系统字典, 1 业务字典), which gather the
    // earlier dictionaries, and businessType (the serial-number rules' categories).
    ("dictionaries-system-data.json", include_str!("../../fixtures/seed/dictionaries-system-data.json")),
    // The system data pages: 数据字典 under 系统数据, 单据规则 under 系统管理, with their buttons.
    ("menus-system-data.json", include_str!("../../fixtures/seed/menus-system-data.json")),
    // The menu administration page (系统菜单: applications, menus and their permission items)
    // under 系统管理, with its buttons.
    ("menus-system.json", include_str!("../../fixtures/seed/menus-system.json")),
    // Provinces, cities and districts (GB/T 2260; fixtures/areas/README.md says where they
    // come from), their streets unless QIMING_SEED_STREETS is off (the same file), and the
    // area page under 系统数据 with its buttons.
    ("areas.json", AREAS),
    (AREA_STREETS, AREAS),
    ("menus-area.json", include_str!("../../fixtures/seed/menus-area.json")),
    // The data interfaces' categories (DataInterfaceType, under 系统字典) and their page
    // under 系统数据 with its buttons.
    ("dictionaries-data-interface.json", include_str!("../../fixtures/seed/dictionaries-data-interface.json")),
    ("menus-data-interface.json", include_str!("../../fixtures/seed/menus-data-interface.json")),
    // The schedules' types (scheduleType, under 系统字典) and the calendar page 日程安排 at the
    // top of the menu, beside the other personal pages (any member keeps their own schedules;
    // the page has no buttons).
    ("dictionaries-schedule.json", include_str!("../../fixtures/seed/dictionaries-schedule.json")),
    ("menus-schedule.json", include_str!("../../fixtures/seed/menus-schedule.json")),
    // The system configuration page (系统配置; its save is for administrators) and the system
    // log (系统日志: everyone's sign-ins, operations and requests, with 删除) under 系统管理.
    ("menus-system-config.json", include_str!("../../fixtures/seed/menus-system-config.json")),
    // The model definitions page (功能设计, online development) under 系统管理, with its
    // buttons (发布 releases a definition).
    ("menus-visualdev.json", include_str!("../../fixtures/seed/menus-visualdev.json")),
    // The notices' types (NoticeType, under 系统字典) and the notice page 通知公告 under 消息中心
    // with its buttons (编辑 also releases).
    ("dictionaries-message.json", include_str!("../../fixtures/seed/dictionaries-message.json")),
    ("menus-message.json", include_str!("../../fixtures/seed/menus-message.json")),
    // 功能设计's category dictionary (功能分类, webDesign), and the App menus' root, which the
    // release dialog requires as the App parent when APP is ticked (issue 25).
    ("dictionaries-visualdev.json", include_str!("../../fixtures/seed/dictionaries-visualdev.json")),
    ("menus-app.json", include_str!("../../fixtures/seed/menus-app.json")),
    // Print templates (issue 29): the template categories and the 打印模板 page.
    ("dictionaries-print.json", include_str!("../../fixtures/seed/dictionaries-print.json")),
    ("menus-print.json", include_str!("../../fixtures/seed/menus-print.json")),
    // Portals (issue 31): the portal categories (portalDesigner) and the 门户设计 page.
    ("dictionaries-portal.json", include_str!("../../fixtures/seed/dictionaries-portal.json")),
    ("menus-portal.json", include_str!("../../fixtures/seed/menus-portal.json")),
    // Workflow (issue 30): the flow categories (流程分类, WorkFlowCategory) and the 工作流程 pages:
    // 流程设计 for administrators and the four task lists every member works from.
    ("dictionaries-workflow.json", include_str!("../../fixtures/seed/dictionaries-workflow.json")),
    ("menus-workflow.json", include_str!("../../fixtures/seed/menus-workflow.json")),
];

const AREAS: &str = include_str!("../../fixtures/areas/areas.json");
/// The streets of `areas.json`, applied as a seed of their own: skipped (and left for a later
/// start) while `seed_streets` is off.
const AREA_STREETS: &str = "areas.json#streets";

/// The system menus belong to when a seed menu names none.
const MAIN_SYSTEM: &str = "100000000000000001";

/// What seeding did on this start.
#[derive(Debug, Default)]
pub struct Report {
    /// Files applied now (empty on every start after the first).
    pub applied: Vec<&'static str>,
    /// The administrator's generated initial password, to print once; None when
    /// QIMING_ADMIN_PASSWORD gave it or the administrator already existed.
    pub generated_admin_password: Option<String>,
}

pub async fn apply(state: &AppState) -> anyhow::Result<Report> {
    let mut report = Report::default();
    for (name, text) in FILES {
        if *name == AREA_STREETS && !state.config.seed_streets {
            continue;
        }
        let mut tx = state.db.begin().await?;
        // Claiming the file first makes concurrent first starts apply it once.
        let claimed = sqlx::query("INSERT INTO qiming_seed (name, applied_at) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING")
            .bind(*name)
            .bind(state.clock.now_ms())
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if claimed == 0 {
            continue;
        }
        apply_file(state, &mut tx, name, text, &mut report).await.with_context(|| format!("fixtures/seed/{name}"))?;
        tx.commit().await?;
        report.applied.push(name);
        tracing::info!(file = name, "seed applied");
    }
    // Users written before the search column existed (migration 0015) become searchable.
    let mut conn = state.db.acquire().await?;
    let filled = user::refresh_search_text(&mut conn, None).await?;
    if filled > 0 {
        tracing::info!(users = filled, "user search column filled");
    }
    Ok(report)
}

async fn apply_file(state: &AppState, conn: &mut Conn, name: &str, text: &str, report: &mut Report) -> anyhow::Result<()> {
    let now = state.clock.now_ms();
    match name {
        "systems.json" => {
            for s in serde_json::from_str::<Vec<AppSystem>>(text)? {
                menu::insert_system(conn, &s, now).await?;
            }
        }
        "sys-config.json" => {
            let values = system::validate_seed(serde_json::from_str(text)?)?;
            system::store_seed_settings(conn, &values).await?;
        }
        "dictionaries.json" | "dictionaries-organisation.json" | "dictionaries-system-data.json" | "dictionaries-data-interface.json" | "dictionaries-schedule.json" | "dictionaries-message.json" | "dictionaries-visualdev.json" | "dictionaries-print.json" | "dictionaries-portal.json" | "dictionaries-workflow.json" => {
            for d in serde_json::from_str::<Vec<SeedDictionary>>(text)? {
                insert_dictionary(conn, &d, now).await?;
            }
            // Processes sharing the database drop their cached DictionaryData/All.
            sqlx::query("UPDATE qiming_generation SET value = value + 1 WHERE id = 2").execute(&mut *conn).await?;
        }
        "areas.json" => area::insert_seed(conn, text, false, now).await?,
        AREA_STREETS => area::insert_seed(conn, text, true, now).await?,
        "menus.json" | "menus-permission.json" | "menus-system-data.json" | "menus-system.json" | "menus-area.json" | "menus-data-interface.json" | "menus-schedule.json" | "menus-system-config.json" | "menus-visualdev.json" | "menus-message.json" | "menus-app.json" | "menus-print.json" | "menus-portal.json" | "menus-workflow.json" => {
            let menus: Vec<SeedMenu> = serde_json::from_str(text)?;
            insert_menus(conn, menus, None, now).await?;
        }
        "users.json" => {
            let configured = state.config.admin_password.clone();
            if !configured.is_empty() {
                // The first password must satisfy the policy it will be changed under.
                let policy = system::settings(conn).await?.password_policy();
                let broken: Vec<String> = qiming_core::password::check_password(&policy, &configured).into_iter().map(|m| m.text).collect();
                if !broken.is_empty() {
                    anyhow::bail!("QIMING_ADMIN_PASSWORD does not satisfy the password policy: {}", broken.join("；"));
                }
            }
            let password = if configured.is_empty() { generate_initial() } else { configured.clone() };
            let hash = state.hasher.hash(&qiming_core::md5_hex(password.as_bytes())).await?;
            for u in serde_json::from_str::<Vec<SeedUser>>(text)? {
                let new = NewUser {
                    account: &u.account,
                    real_name: &u.real_name,
                    password_hash: &hash,
                    is_administrator: u.is_administrator == 1,
                    system_id: Some(MAIN_SYSTEM),
                };
                user::insert(conn, &new, now).await?;
            }
            if configured.is_empty() {
                report.generated_admin_password = Some(password);
            }
        }
        other => anyhow::bail!("no rule to apply seed file {other}"),
    }
    Ok(())
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SeedUser {
    account: String,
    real_name: String,
    #[serde(default)]
    is_administrator: i64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SeedMenu {
    #[serde(flatten)]
    menu: NewMenu,
    /// `App` for the mobile menus; Web when absent.
    #[serde(default)]
    category: Option<String>,
    #[serde(default)]
    children: Vec<SeedMenu>,
    /// Page items: `{kind: button|column|form|resource, enCode, fullName}`.
    #[serde(default)]
    items: Vec<SeedItem>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SeedItem {
    kind: ItemKind,
    en_code: String,
    full_name: String,
}

/// Inserts menus with their children; top-level menus (`parent` None) hang where their
/// parentId says (the root by default), so a later file can add pages to an earlier directory.
async fn insert_menus(conn: &mut Conn, menus: Vec<SeedMenu>, parent: Option<&str>, now: i64) -> anyhow::Result<()> {
    for SeedMenu { mut menu, category, children, items } in menus {
        if let Some(parent) = parent {
            menu.parent_id = parent.to_string();
        }
        if menu.system_id.is_empty() {
            menu.system_id = MAIN_SYSTEM.to_string();
        }
        let id = menu::insert_menu(conn, &menu, now).await?;
        if let Some(category) = category {
            sqlx::query("UPDATE base_module SET category = $1 WHERE id = $2").bind(category).bind(&id).execute(&mut *conn).await?;
        }
        for i in &items {
            menu::insert_item(conn, &id, i.kind, &i.en_code, &i.full_name).await?;
        }
        Box::pin(insert_menus(conn, children, Some(&id), now)).await?;
    }
    Ok(())
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SeedDictionary {
    id: String,
    /// The parent category ('-1', the top, by default).
    #[serde(default = "top")]
    parent_id: String,
    full_name: String,
    en_code: String,
    #[serde(default)]
    is_tree: i64,
    #[serde(default)]
    sort_code: i64,
    #[serde(default)]
    items: Vec<SeedDictionaryItem>,
    /// Codes of categories seeded earlier at the top that move under this one.
    #[serde(default)]
    adopt: Vec<String>,
}

fn top() -> String {
    "-1".into()
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SeedDictionaryItem {
    full_name: String,
    en_code: String,
    #[serde(default)]
    sort_code: i64,
}

async fn insert_dictionary(conn: &mut Conn, d: &SeedDictionary, now: i64) -> anyhow::Result<()> {
    sqlx::query(
        "INSERT INTO base_dictionary_type (id, parent_id, full_name, en_code, is_tree, sort_code, creator_time) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&d.id)
    .bind(&d.parent_id)
    .bind(&d.full_name)
    .bind(&d.en_code)
    .bind(d.is_tree)
    .bind(d.sort_code)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    for i in &d.items {
        sqlx::query(
            "INSERT INTO base_dictionary_data (id, dictionary_type_id, full_name, en_code, sort_code, creator_time) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(new_id())
        .bind(&d.id)
        .bind(&i.full_name)
        .bind(&i.en_code)
        .bind(i.sort_code)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    for code in &d.adopt {
        sqlx::query("UPDATE base_dictionary_type SET parent_id = $1 WHERE en_code = $2 AND parent_id = '-1'")
            .bind(&d.id)
            .bind(code)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}
