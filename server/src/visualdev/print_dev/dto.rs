//! Wire types of print templates and the print log (jnpf-wire-engine2.md §6.1, issue 29).

use crate::wire::query_params;
use crate::wire::patch_form;
use crate::wire::Patch;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

/// A template as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TemplateRow {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    pub category: String,
    pub template_type: i64,
    pub db_link_id: String,
    pub sql_template: String,
    pub left_fields: String,
    pub print_template: String,
    pub page_param: String,
    pub model_id: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
}

query_params! {
    /// GET printDev: the list's query (`sort`, `sidx` accepted; the list keeps its order: sort
    /// code, then newest first).
    pub struct TemplateQuery {
        pub keyword: Option<String>,
        /// A printDev dictionary item's enCode; empty for every category.
        pub category: Option<String>,
    }
}

/// A row of the template list.
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateListRow {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    /// The category's name (printDev dictionary), shown as it is.
    pub category: String,
    /// 1 流程表单, 2 功能表单.
    #[serde(rename = "type")]
    pub template_type: i64,
    /// Who made it: 姓名/账户.
    pub creator_user: String,
    pub creator_time: i64,
    pub last_modify_time: Option<i64>,
    pub sort_code: i64,
    pub enabled_mark: i64,
}

/// GET printDev/{id}: the template form; `sqlTemplate` and `pageParam` as JSON text.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateInfo {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    /// A printDev dictionary item's enCode.
    pub category: String,
    #[serde(rename = "type")]
    pub template_type: i64,
    pub db_link_id: String,
    /// JSON text `[{"sql": "…"}]`.
    pub sql_template: String,
    pub left_fields: String,
    pub print_template: String,
    /// JSON text of the page settings.
    pub page_param: String,
    /// Qiming's addition: the released model whose record fills the template without SQL
    /// ('' for SQL templates).
    pub model_id: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
}

impl From<TemplateRow> for TemplateInfo {
    fn from(r: TemplateRow) -> TemplateInfo {
        TemplateInfo {
            id: r.id,
            full_name: r.full_name,
            en_code: r.en_code,
            category: r.category,
            template_type: r.template_type,
            db_link_id: r.db_link_id,
            sql_template: r.sql_template,
            left_fields: r.left_fields,
            print_template: r.print_template,
            page_param: r.page_param,
            model_id: r.model_id,
            sort_code: r.sort_code,
            enabled_mark: r.enabled_mark,
            description: r.description,
        }
    }
}

patch_form! {
    /// POST printDev / PUT printDev/{id}. An update changes only what it sends. `sqlTemplate`,
    /// `leftFields` and `pageParam` may come as JSON text or as JSON.
    pub struct TemplateForm {
        pub full_name: String,
        pub en_code: String,
        pub category: String,
        /// 1 流程表单, 2 功能表单.
        #[serde(rename = "type")]
        #[schema(value_type = Option<i64>)]
        pub template_type: Value,
        pub db_link_id: String,
        #[schema(value_type = Option<String>)]
        pub sql_template: Value,
        #[schema(value_type = Option<String>)]
        pub left_fields: Value,
        pub print_template: String,
        #[schema(value_type = Option<String>)]
        pub page_param: Value,
        /// Qiming's addition: a released model's id; its record fills the template (no SQL).
        pub model_id: String,
        pub sort_code: i64,
        pub enabled_mark: i64,
        pub description: String,
    }
}

/// The `.bp` file as imported: one template, written on export as its form ([`TemplateInfo`],
/// the same keys); what a hand-made file leaves out takes the defaults.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateFile {
    #[serde(default)]
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    #[serde(default)]
    pub category: String,
    #[serde(default = "one", rename = "type")]
    pub template_type: i64,
    #[serde(default = "platform_db")]
    pub db_link_id: String,
    #[serde(default)]
    pub sql_template: String,
    #[serde(default)]
    pub left_fields: String,
    #[serde(default)]
    pub print_template: String,
    #[serde(default)]
    pub page_param: String,
    #[serde(default)]
    pub model_id: String,
    #[serde(default)]
    pub sort_code: i64,
    #[serde(default = "one")]
    pub enabled_mark: i64,
    #[serde(default)]
    pub description: String,
}

fn one() -> i64 {
    1
}

fn platform_db() -> String {
    "0".into()
}

query_params! {
    /// GET printDev/Selector: `type` 1 (flow designer) or 2 (form and list designers).
    pub struct SelectorQuery {
        #[serde(rename = "type")]
        #[param(rename = "type", value_type = Option<i64>)]
        pub template_type: Option<String>,
    }
}

/// A category of print templates with its templates as children (PRINT-008: a template
/// option has id and fullName).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateGroup {
    pub id: String,
    pub full_name: String,
    #[schema(no_recursion)]
    pub children: Vec<TemplateGroup>,
}

/// A template option (getListOptions, PRINT-008).
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateOption {
    pub id: String,
    pub full_name: String,
}

/// An enabled template with its category's enCode and name, for the selector.
#[derive(Debug, sqlx::FromRow)]
pub struct SelectorRow {
    pub id: String,
    pub full_name: String,
    pub category: String,
    pub category_name: Option<String>,
}

/// POST printDev/getListOptions.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OptionsForm {
    #[serde(default)]
    pub ids: Vec<String>,
}

/// POST printDev/Fields: the statements (JSON text or JSON) of an SQL template, or
/// (Qiming's addition) a released model.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FieldsForm {
    #[serde(default)]
    pub db_link_id: Option<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub sql_template: Option<Value>,
    #[serde(default)]
    pub model_id: Option<String>,
}

/// A node of the Fields tree: `headTable` (the main record) and each detail set, with their
/// fields as children (which have none).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FieldNode {
    pub id: String,
    pub full_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(no_recursion)]
    pub children: Option<Vec<FieldNode>>,
}

/// GET printDev/Data and BatchData: `id` the template, `formId` the record (BatchData: a
/// comma-separated list).
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DataQuery {
    pub id: String,
    #[serde(default)]
    pub form_id: String,
}

/// GET printDev/{id}/Actions/Docx: the records to print (one id, or a comma-separated batch).
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WordQuery {
    #[serde(default)]
    pub form_id: String,
}

/// One approval step (PRINT-006): who handled which node when, and how.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OperatorRecord {
    pub node_name: String,
    pub user_name: String,
    pub handle_time: i64,
    pub handle_status: i64,
    pub handle_opinion: String,
}

/// A filled template (PRINT-006): the HTML, the record's display values (`headTable`
/// fields by name, each detail set an array of rows) and the approval records.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrintData {
    pub print_template: String,
    #[schema(value_type = Object)]
    pub print_data: Value,
    pub operator_record_list: Vec<OperatorRecord>,
}

/// POST printLog/save (PRINT-007).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrintLogForm {
    #[serde(default)]
    pub print_title: String,
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub print_num: Value,
    #[serde(default)]
    pub print_id: String,
}

query_params! {
    /// GET printLog/{templateId}: `keyword` in the title, `startTime`/`endTime` in ms ('' for
    /// none); `currentPage` 0 (the JNPF client's) counts as 1.
    pub struct LogQuery {
        pub keyword: Option<String>,
        pub print_id: Option<String>,
        pub start_time: Option<String>,
        pub end_time: Option<String>,
        pub current_page: Option<String>,
        pub page_size: Option<String>,
    }
}

/// A row of the print log (日志: 名称, 打印人, 打印时间, 打印条数).
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrintLogRow {
    pub id: String,
    pub print_title: String,
    /// 姓名/账户.
    pub print_man: String,
    pub print_time: i64,
    pub print_num: i64,
}
