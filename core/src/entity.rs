//! The administration forms' field rules (organisations, departments, positions, roles,
//! groups, users, systems, menus and the menus' permission items, dictionaries, serial-number
//! rules, areas, schedules and the system configuration), written once: the web's forms read them through WASM (`entityFields`,
//! `checkEntity`) for their limits and instant messages, and the server checks what a form
//! sends with the same function before it saves. Texts are the JNPF client's own
//! (jnpf-wire-areas.md §1, §2).
//!
//! A creation is checked whole (a required field that is missing is empty); an update, which
//! changes only the fields it sends, is checked on the fields present.

use crate::message::{FieldErrors, Message};
use crate::rules::NamedRule;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// A message of these rules: its translation key and zh-CN text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Text {
    pub key: &'static str,
    pub text: &'static str,
}

const fn t(key: &'static str, text: &'static str) -> Text {
    Text { key, text }
}

impl Text {
    fn message(self) -> Message {
        Message::new(self.key, self.text)
    }
}

/// One field of a form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldRule {
    /// The wire name, e.g. `fullName`.
    pub name: &'static str,
    /// Must not be empty; the message when it is.
    pub required: Option<Text>,
    /// At most this many characters (trimmed), with the form's own message or, when None,
    /// 最多{max}个字符.
    pub max_chars: Option<(usize, Option<Text>)>,
    /// A named rule a non-empty value must pass, with the form's own message or, when None,
    /// the rule's.
    pub rule: Option<(NamedRule, Option<Text>)>,
    /// The field is checked only while another field of the record has one of these values
    /// (as text): a role's organisations matter only for an organisation role (globalMark 0),
    /// a menu's address only for pages and links (type 2 or 7).
    pub when: Option<(&'static str, &'static [&'static str])>,
    /// A non-empty value must be one of these (as text), else this message.
    pub one_of: Option<(&'static [&'static str], Text)>,
    /// The value is JSON text of an object (a menu's propertyJson), else this message.
    pub json_object: Option<Text>,
    /// The value is a whole number within these bounds (a number, its text, or a boolean as 0
    /// or 1), with the form's own message or, when None, 必须是{min}到{max}之间的整数.
    pub range: Option<(i64, i64, Option<Text>)>,
}

const fn field(name: &'static str) -> FieldRule {
    FieldRule { name, required: None, max_chars: None, rule: None, when: None, one_of: None, json_object: None, range: None }
}

impl FieldRule {
    const fn required(mut self, text: Text) -> Self {
        self.required = Some(text);
        self
    }
    const fn max(mut self, max: usize, text: Option<Text>) -> Self {
        self.max_chars = Some((max, text));
        self
    }
    const fn rule(mut self, rule: NamedRule, text: Option<Text>) -> Self {
        self.rule = Some((rule, text));
        self
    }
    const fn when(mut self, other: &'static str, values: &'static [&'static str]) -> Self {
        self.when = Some((other, values));
        self
    }
    const fn one_of(mut self, values: &'static [&'static str], text: Text) -> Self {
        self.one_of = Some((values, text));
        self
    }
    const fn json_object(mut self, text: Text) -> Self {
        self.json_object = Some(text);
        self
    }
    const fn range(mut self, min: i64, max: i64, text: Option<Text>) -> Self {
        self.range = Some((min, max, text));
        self
    }
}

/// The administration forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Form {
    Company,
    Department,
    Position,
    Role,
    Group,
    User,
    ResetPassword,
    System,
    Menu,
    ModuleButton,
    ModuleField,
    DataAuthorize,
    DataScheme,
    DictionaryType,
    DictionaryData,
    BillRule,
    Area,
    DataInterface,
    DataInterfaceVariate,
    Schedule,
    SysConfig,
}

const COMPANY: &[FieldRule] = &[
    field("parentId").required(t("organize.parentRequired", "上级公司不能为空")),
    field("fullName").required(t("organize.companyNameRequired", "请输入公司名称")).max(50, None),
    field("enCode")
        .required(t("organize.companyCodeRequired", "请输入公司编码"))
        .rule(NamedRule::EnCode, Some(t("organize.companyCodeRule", "公司编码只能输入英文、数字和小数点且小数点不能放在首尾")))
        .max(50, Some(t("organize.companyCodeMax", "公司编码最多为50个字符！"))),
    field("description").max(500, None),
];

const DEPARTMENT: &[FieldRule] = &[
    field("parentId").required(t("organize.departmentParentRequired", "所属组织不能为空")),
    field("fullName")
        .required(t("organize.departmentNameRequired", "请输入部门名称"))
        .rule(NamedRule::FullName, Some(t("organize.departmentNameRule", "部门名称不能含有特殊符号")))
        .max(50, Some(t("organize.departmentNameMax", "部门名称最多为50个字符！"))),
    field("enCode")
        .required(t("organize.departmentCodeRequired", "请输入部门编码"))
        .rule(NamedRule::EnCode, Some(t("organize.departmentCodeRule", "部门编码只能输入英文、数字和小数点且小数点不能放在首尾")))
        .max(50, Some(t("organize.departmentCodeMax", "部门编码最多为50个字符！"))),
    field("description").max(500, None),
];

const POSITION: &[FieldRule] = &[
    field("organizeId").required(t("position.organizeRequired", "所属组织不能为空")),
    field("fullName")
        .required(t("position.nameRequired", "请输入岗位名称"))
        .rule(NamedRule::FullName, Some(t("position.nameRule", "岗位名称不能含有特殊符号")))
        .max(50, Some(t("position.nameMax", "岗位名称最多为50个字符！"))),
    field("enCode")
        .required(t("position.codeRequired", "请输入岗位编码"))
        .rule(NamedRule::Account, Some(t("position.codeRule", "岗位编码只能是数字、英文")))
        .max(50, Some(t("position.codeMax", "岗位编码最多为50个字符！"))),
    field("type").required(t("position.typeRequired", "岗位类型不能为空")),
    field("description").max(500, None),
];

const ROLE: &[FieldRule] = &[
    field("fullName")
        .required(t("role.nameRequired", "请输入角色名称"))
        .rule(NamedRule::FullName, Some(t("role.nameRule", "角色名称不能含有特殊符号")))
        .max(50, None),
    field("enCode")
        .required(t("role.codeRequired", "请输入角色编码"))
        .rule(NamedRule::EnCode, Some(t("role.codeRule", "角色编码只能输入英文、数字和小数点且小数点不能放在首尾")))
        .max(50, None),
    field("globalMark").required(t("role.typeRequired", "请选择角色类型")),
    field("organizeIdsTree").required(t("role.organizeRequired", "请选择所属组织")).when("globalMark", &["0"]),
    field("description").max(500, None),
];

const GROUP: &[FieldRule] = &[
    field("fullName")
        .required(t("group.nameRequired", "请输入分组名称"))
        .rule(NamedRule::FullName, Some(t("group.nameRule", "分组名称不能含有特殊符号")))
        .max(50, None),
    field("enCode")
        .required(t("group.codeRequired", "请输入分组编码"))
        .rule(NamedRule::EnCode, Some(t("group.codeRule", "分组编码只能输入英文、数字和小数点且小数点不能放在首尾")))
        .max(50, None),
    field("type").required(t("group.typeRequired", "请选择分组类型")),
    field("description").max(500, None),
];

const USER: &[FieldRule] = &[
    field("account")
        .required(t("user.accountRequired", "请输入账户"))
        .rule(NamedRule::FullName, Some(t("user.accountRule", "账户不能含有特殊符号")))
        .max(50, Some(t("user.accountMax", "账户最多为50个字符！"))),
    field("realName")
        .required(t("user.realNameRequired", "请输入真实姓名"))
        .rule(NamedRule::FullName, Some(t("user.realNameRule", "真实姓名不能含有特殊符号")))
        .max(50, Some(t("user.realNameMax", "真实姓名最多为50个字符！"))),
    field("gender").required(t("user.genderRequired", "请选择性别")).max(20, None),
    field("organizeIdTree").required(t("user.organizeRequired", "请选择所属组织")),
    field("email").rule(NamedRule::Email, None).max(100, None),
    field("mobilePhone").rule(NamedRule::Phone, None).max(20, None),
    field("telePhone").max(20, None),
    field("landline").max(20, None),
    field("urgentContacts").max(50, None),
    field("urgentTelePhone").max(20, None),
    field("postalAddress").max(200, None),
    field("nativePlace").max(50, None),
    field("certificatesNumber").max(50, None),
    field("description").max(500, None),
];

const RESET_PASSWORD: &[FieldRule] = &[
    field("userPassword").required(t("user.newPasswordRequired", "新密码不能为空")),
    field("validatePassword").required(t("user.repeatPasswordRequired", "请再次输入新密码")),
];

const SYSTEM: &[FieldRule] = &[
    field("fullName").required(t("system.nameRequired", "应用不能为空")).max(50, None),
    field("enCode").required(t("system.codeRequired", "应用编码不能为空")).max(50, None),
    field("icon").required(t("system.iconRequired", "应用图标不能为空")).max(100, None),
    field("propertyJson").json_object(t("system.propertyJsonInvalid", "应用属性格式不正确")),
    field("description").max(500, None),
];

/// Menu types (spec 01 §2.2): 0 directory (Qiming's seed), 1 目录, 2 页面, 3 功能, 4 字典, 5 报表,
/// 6 大屏, 7 外链, 8 门户.
const MENU_TYPES: &[&str] = &["0", "1", "2", "3", "4", "5", "6", "7", "8"];

// Menus (jnpf-wire-areas.md §1.8): the address only for pages and links, the related module
// (propertyJson.moduleId) for forms, dictionaries, reports, screens and portals.
const MENU: &[FieldRule] = &[
    field("parentId").required(t("menu.parentRequired", "上级菜单不能为空")),
    field("fullName").required(t("menu.nameRequired", "菜单名称不能为空")).max(50, Some(t("menu.nameMax", "菜单名称最多为50个字符！"))),
    field("enCode").required(t("menu.codeRequired", "菜单编码不能为空")).max(50, Some(t("menu.codeMax", "菜单编码最多为50个字符！"))),
    field("icon").required(t("menu.iconRequired", "菜单图标不能为空")).max(100, None),
    field("type").required(t("menu.typeRequired", "请选择菜单类型")).one_of(MENU_TYPES, t("menu.typeInvalid", "菜单类型不正确")),
    field("category").one_of(&["Web", "App"], t("menu.categoryInvalid", "菜单分类只能是Web或App")),
    field("linkTarget").one_of(&["_self", "_blank"], t("menu.linkTargetInvalid", "打开方式只能是_self或_blank")),
    field("urlAddress").required(t("menu.addressRequired", "地址不能为空")).max(500, None).rule(NamedRule::LinkAddress, None).when("type", &["2", "7"]),
    field("propertyJson").json_object(t("menu.propertyJsonInvalid", "菜单属性格式不正确")),
    field("propertyJson.moduleId").required(t("menu.moduleRequired", "关联不能为空")).when("type", &["3", "4", "5", "6", "8"]),
    field("description").max(500, None),
];

const MODULE_BUTTON: &[FieldRule] = &[
    field("parentId").required(t("button.parentRequired", "上级不能为空")),
    field("fullName").required(t("button.nameRequired", "按钮名称不能为空")).max(50, None),
    field("enCode").required(t("button.codeRequired", "按钮编码不能为空")).max(50, None),
    field("icon").max(100, None),
    field("description").max(500, None),
];

/// Where a column, form field or data-authorize field is bound: 0 the main table, 1 a
/// secondary table, 2 a sub-table (then childTableKey names the sub-table widget).
const FIELD_RULES: &[&str] = &["0", "1", "2"];

const MODULE_FIELD: &[FieldRule] = &[
    field("enCode").required(t("moduleField.codeRequired", "字段名称不能为空")).max(100, None),
    field("fullName").required(t("moduleField.nameRequired", "字段说明不能为空")).max(100, None),
    field("fieldRule").required(t("moduleField.ruleRequired", "请选择规则")).one_of(FIELD_RULES, t("moduleField.ruleInvalid", "规则只能是主表、副表或子表")),
    field("childTableKey").required(t("moduleField.childTableKeyRequired", "关联字段不能为空")).max(100, None).when("fieldRule", &["2"]),
    field("bindTable").max(100, None),
    field("description").max(500, None),
];

const DATA_AUTHORIZE: &[FieldRule] = &[
    field("enCode").required(t("moduleField.codeRequired", "字段名称不能为空")).max(100, None),
    field("fullName").required(t("moduleField.nameRequired", "字段说明不能为空")).max(100, None),
    field("fieldRule").required(t("moduleField.ruleRequired", "请选择规则")).one_of(FIELD_RULES, t("moduleField.ruleInvalid", "规则只能是主表、副表或子表")),
    field("childTableKey").required(t("moduleField.childTableKeyRequired", "关联字段不能为空")).max(100, None).when("fieldRule", &["2"]),
    field("type")
        .required(t("dataAuthorize.typeRequired", "请选择字段类型"))
        .one_of(&["int", "double", "varchar", "datetime", "text", "bigint"], t("dataAuthorize.typeInvalid", "字段类型不正确")),
    field("conditionSymbol").required(t("dataAuthorize.symbolRequired", "请选择条件符号")),
    field("conditionText").required(t("dataAuthorize.textRequired", "请选择条件内容")),
    field("bindTable").max(100, None),
    field("description").max(500, None),
];

const DATA_SCHEME: &[FieldRule] = &[
    field("fullName").required(t("dataScheme.nameRequired", "方案名称不能为空")).max(50, None),
    field("enCode").required(t("dataScheme.codeRequired", "请输入编码")).max(50, None),
    field("description").max(500, None),
];

// Dictionary categories (DICT-022..028, jnpf-wire-areas.md §2.1): the code and name rules with
// the rules' own messages.
const DICTIONARY_TYPE: &[FieldRule] = &[
    field("parentId").required(t("dictionary.typeParentRequired", "上级菜单不能为空")),
    field("fullName")
        .required(t("dictionary.nameRequired", "请输入名称"))
        .rule(NamedRule::FullName, None)
        .max(50, Some(t("dictionary.typeNameMax", "名称最多为50个字符！"))),
    field("enCode")
        .required(t("dictionary.codeRequired", "请输入编码"))
        .rule(NamedRule::EnCode, None)
        .max(50, Some(t("dictionary.typeCodeMax", "编码最多为50个字符！"))),
    field("description").max(500, None),
];

// Dictionary items (DICT-030..034): no pattern on name or code.
const DICTIONARY_DATA: &[FieldRule] = &[
    field("parentId").required(t("dictionary.parentRequired", "请选择")),
    field("fullName").required(t("dictionary.nameRequired", "请输入名称")).max(50, Some(t("dictionary.nameMax", "字典名称最多为50个字符！"))),
    field("enCode").required(t("dictionary.codeRequired", "请输入编码")).max(50, Some(t("dictionary.codeMax", "字典编码最多为50个字符！"))),
    field("description").max(500, None),
];

// Serial-number rules (BILL-008..013): the names and the category; the numbering fields
// (prefix, date format, digit, start number) are `serial::check_serial_rule`'s.
const BILL_RULE: &[FieldRule] = &[
    field("fullName").required(t("billRule.nameRequired", "请输入业务名称")).max(50, Some(t("billRule.nameMax", "业务名称最多为50个字符！"))),
    field("enCode").required(t("billRule.codeRequired", "请输入业务编码")).max(50, Some(t("billRule.codeMax", "业务编码最多为50个字符！"))),
    field("category").required(t("billRule.categoryRequired", "请选择业务分类")),
    field("prefix").max(50, None),
    field("description").max(500, None),
];

// Areas (jnpf-wire-areas.md §2.3): codes are digits.
const AREA: &[FieldRule] = &[
    field("parentId").required(t("area.parentRequired", "请选择区域上级")),
    field("fullName")
        .required(t("area.nameRequired", "请输入区域名称"))
        .rule(NamedRule::FullName, Some(t("area.nameRule", "区域名称不能含有特殊符号")))
        .max(50, None),
    field("enCode")
        .required(t("area.codeRequired", "请输入区域编码"))
        .rule(NamedRule::NumericCode, Some(t("area.codeRule", "区域编码只能是数字")))
        .max(50, None),
    field("description").max(500, None),
];

// Data interfaces (jnpf-wire-areas.md §2.4): the wizard's messages; the SQL or static JSON
// text for types 1 and 2, the address and its method for type 3.
const DATA_INTERFACE: &[FieldRule] = &[
    field("fullName").required(t("dataInterface.nameRequired", "名称不能为空")).max(50, None),
    field("enCode").required(t("dataInterface.codeRequired", "编码不能为空")).max(50, None),
    field("categoryId").required(t("dataInterface.categoryRequired", "请选择分类")),
    field("dataType").required(t("dataInterface.typeRequired", "请选择数据类型")).one_of(&["1", "2", "3"], t("dataInterface.typeInvalid", "数据类型只能是SQL、静态数据或API")),
    field("query").required(t("dataInterface.queryRequired", "请输入SQL查询语句或静态数据")).when("dataType", &["1", "2"]),
    field("path").required(t("dataInterface.pathRequired", "请填写接口路径")).max(500, None).when("dataType", &["3"]),
    field("requestMethod").one_of(&["", "1", "2", "3", "4", "6", "7"], t("dataInterface.methodInvalid", "请求方式不正确")),
    field("description").max(500, None),
];

// Data-interface variables (DI-008): a value an interface's variable holds, named so it can be
// written into another interface's text; the name is unique (the server checks that).
const DATA_INTERFACE_VARIATE: &[FieldRule] = &[
    field("interfaceId").required(t("dataInterfaceVariate.interfaceRequired", "请选择数据接口")),
    field("fullName")
        .required(t("dataInterfaceVariate.nameRequired", "请输入变量名"))
        .rule(NamedRule::FieldName, Some(t("dataInterfaceVariate.nameRule", "变量名只能包含字母、数字和下划线，且以字母开头")))
        .max(50, Some(t("dataInterfaceVariate.nameMax", "变量名最多为50个字符！"))),
    field("expression").max(5000, None),
    field("value").max(5000, None),
    field("description").max(500, None),
];

// Schedules (SCHED-001, jnpf-wire-areas.md §2.5): the fields that are not times; the start, the
// end and the repeat end are `schedule::read_times`'. `type` is an item of the scheduleType
// dictionary (the server checks that it is one); urgency, repetition, reminder and the all-day
// switch take the JNPF client's values.
const SCHEDULE: &[FieldRule] = &[
    field("type").required(t("schedule.typeRequired", "请选择类型")),
    field("urgent").one_of(crate::schedule::URGENCY_CODES, t("schedule.urgentInvalid", "紧急程度只能是普通、重要或紧急")),
    field("title").required(t("schedule.titleRequired", "请输入标题")).max(200, None),
    field("content").max(2000, None),
    field("color").max(20, None),
    field("allDay").one_of(&["0", "1"], t("schedule.allDayInvalid", "全天只能是0或1")),
    field("repetition").one_of(crate::schedule::REPETITION_CODES, t("schedule.repetitionInvalid", "重复只能是不重复、每天、每周、每月或每年")),
    field("reminderTime").one_of(crate::schedule::REMINDER_TIMES, t("schedule.reminderTimeInvalid", "提醒时间不正确")),
    field("reminderType")
        .required(t("schedule.reminderTypeRequired", "请选择提醒方式"))
        .one_of(&["1", "2"], t("schedule.reminderTypeInvalid", "提醒方式只能是默认或自定义")),
    field("send").required(t("schedule.sendRequired", "请选择发送配置")).max(50, None).when("reminderType", &["2"]),
];

// The system configuration (SYS-002, SYS-003; jnpf-wire-areas.md §2.6): every setting the
// JNPF client's page writes back, with its kind. Flags are 0 or 1 (the JNPF client sends
// numbers, booleans are read as 0/1); counts and times are whole numbers within their bounds.
// What the settings do is the server's (server/README.md "System configuration").
const FLAG: Option<Text> = Some(t("sysConfig.flagInvalid", "只能是0或1"));

const SYS_CONFIG: &[FieldRule] = &[
    // 基本设置.
    field("sysName").required(t("sysConfig.sysNameRequired", "请输入系统名称")).max(50, None),
    field("title").required(t("sysConfig.titleRequired", "请输入系统标题")).max(50, None),
    field("sysVersion").max(20, None),
    field("copyright").max(200, None),
    field("sysDescription").max(500, None),
    field("logoIcon").max(500, None),
    field("navigationIcon").max(500, None),
    field("loginIcon").max(500, None),
    field("workLogoIcon").max(500, None),
    field("appIcon").max(500, None),
    field("companyName").max(100, None),
    field("companyCode").max(50, None),
    field("companyAddress").max(200, None),
    field("companyContacts").max(50, None),
    field("companyTelePhone").max(20, None),
    field("companyEmail").rule(NamedRule::Email, None).max(100, None),
    // 安全设置: signing in.
    field("singleLogin").range(1, 2, Some(t("sysConfig.singleLoginInvalid", "登录方式只能是单一登录或同时登录"))),
    field("tokenTimeout").required(t("sysConfig.tokenTimeoutRequired", "请输入超时时间")).range(1, 10080, None),
    field("lastLoginTimeSwitch").range(0, 1, FLAG),
    field("enableVerificationCode").range(0, 1, FLAG),
    field("verificationCodeNumber").required(t("sysConfig.codeNumberRequired", "请输入验证码位数")).range(3, 6, None),
    field("passwordErrorsNumber").required(t("sysConfig.errorsNumberRequired", "请输入密码错误次数")).range(1, 100, None),
    field("lockType").range(1, 2, Some(t("sysConfig.lockTypeInvalid", "错误策略只能是账号锁定或延时登录"))),
    field("lockTime").required(t("sysConfig.lockTimeRequired", "请输入锁定时间")).range(1, 1440, None),
    field("whitelistSwitch").range(0, 1, FLAG),
    field("whiteListIp").max(2000, None),
    // 安全设置: passwords (AUTH-023).
    field("passwordIsUpdatedRegularly").range(0, 1, FLAG),
    field("updateCycle").range(1, 3650, None),
    field("updateInAdvance").range(0, 365, None),
    field("passwordStrengthLimit").range(0, 1, FLAG),
    field("passwordLengthMin").range(0, 1, FLAG),
    field("passwordLengthMinNumber").required(t("sysConfig.lengthMinRequired", "请输入密码最小长度")).range(1, 64, None),
    field("containsNumbers").range(0, 1, FLAG),
    field("includeLowercaseLetters").range(0, 1, FLAG),
    field("includeUppercaseLetters").range(0, 1, FLAG),
    field("containsCharacters").range(0, 1, FLAG),
    field("disableOldPassword").range(0, 1, FLAG),
    field("disableTheNumberOfOldPasswords").range(1, 24, None),
    field("mandatoryModificationOfInitialPassword").range(0, 1, FLAG),
    // The initial password of new users (empty: a generated one each time).
    field("newUserDefaultPassword").max(50, None),
    // Third-party office chat: DingTalk (钉钉) and WeCom (企业微信).
    field("dingSynAppKey").max(200, None),
    field("dingSynAppSecret").max(500, None),
    field("dingAgentId").max(200, None),
    field("dingSynIsSynOrg").range(0, 1, FLAG),
    field("dingSynIsSynUser").range(0, 1, FLAG),
    field("qyhCorpId").max(200, None),
    field("qyhAgentId").max(200, None),
    field("qyhAgentSecret").max(500, None),
    field("qyhCorpSecret").max(500, None),
    field("qyhIsSynOrg").range(0, 1, FLAG),
    field("qyhIsSynUser").range(0, 1, FLAG),
    // Workflow links and the SMS provider (stored for the JNPF client's page).
    field("linkTime").range(1, 8760, None),
    field("isClick").range(0, 1, FLAG),
    field("unClickNum").range(1, 100, None),
    field("smsCompany").max(50, None),
];

impl Form {
    pub const ALL: [Form; 21] = [
        Form::Company,
        Form::Department,
        Form::Position,
        Form::Role,
        Form::Group,
        Form::User,
        Form::ResetPassword,
        Form::System,
        Form::Menu,
        Form::ModuleButton,
        Form::ModuleField,
        Form::DataAuthorize,
        Form::DataScheme,
        Form::DictionaryType,
        Form::DictionaryData,
        Form::BillRule,
        Form::Area,
        Form::DataInterface,
        Form::DataInterfaceVariate,
        Form::Schedule,
        Form::SysConfig,
    ];

    /// The form's fields with rules.
    pub fn fields(self) -> &'static [FieldRule] {
        match self {
            Form::Company => COMPANY,
            Form::Department => DEPARTMENT,
            Form::Position => POSITION,
            Form::Role => ROLE,
            Form::Group => GROUP,
            Form::User => USER,
            Form::ResetPassword => RESET_PASSWORD,
            Form::System => SYSTEM,
            Form::Menu => MENU,
            Form::ModuleButton => MODULE_BUTTON,
            Form::ModuleField => MODULE_FIELD,
            Form::DataAuthorize => DATA_AUTHORIZE,
            Form::DataScheme => DATA_SCHEME,
            Form::DictionaryType => DICTIONARY_TYPE,
            Form::DictionaryData => DICTIONARY_DATA,
            Form::BillRule => BILL_RULE,
            Form::Area => AREA,
            Form::DataInterface => DATA_INTERFACE,
            Form::DataInterfaceVariate => DATA_INTERFACE_VARIATE,
            Form::Schedule => SCHEDULE,
            Form::SysConfig => SYS_CONFIG,
        }
    }

    /// The rule of one field, if the form has it.
    pub fn field(self, name: &str) -> Option<&'static FieldRule> {
        self.fields().iter().find(|f| f.name == name)
    }
}

/// A value as text for the rules: a string trimmed, a number or a boolean as its text, null
/// as empty; an array is empty when it holds nothing (or only empty strings).
fn text_of(value: &Value) -> String {
    match value {
        Value::String(s) => s.trim().to_string(),
        Value::Null => String::new(),
        Value::Array(items) => {
            if items.iter().all(|v| text_of(v).is_empty()) { String::new() } else { "[…]".to_string() }
        }
        other => other.to_string(),
    }
}

/// A whole number as a ranged field reads it: a number, its text, or a boolean as 0 or 1.
pub fn whole_number(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => n.as_i64().or_else(|| n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15).map(|f| f as i64)),
        Value::String(s) => s.trim().parse().ok(),
        Value::Bool(b) => Some(*b as i64),
        _ => None,
    }
}

impl FieldRule {
    /// The first problem with a (present) value.
    fn check(&self, value: &Value) -> Option<Message> {
        let text = text_of(value);
        if text.is_empty() {
            return self.required.map(Text::message);
        }
        if value.is_array() {
            return None;
        }
        if let Some((min, max, message)) = self.range {
            return match whole_number(value) {
                Some(n) if (min..=max).contains(&n) => None,
                _ => Some(message.map_or_else(
                    || Message::new("field.intRange", format!("必须是{min}到{max}之间的整数")).with("min", min).with("max", max),
                    Text::message,
                )),
            };
        }
        if let Some((max, message)) = self.max_chars
            && text.chars().count() > max
        {
            return Some(message.map_or_else(|| Message::new("field.maxChars", format!("最多{max}个字符")).with("max", max), Text::message));
        }
        if let Some((values, message)) = self.one_of
            && !values.contains(&text.as_str())
        {
            return Some(message.message());
        }
        if let Some(message) = self.json_object
            && !matches!(json_object(value), Some(Value::Object(_)))
        {
            return Some(message.message());
        }
        let (rule, message) = self.rule?;
        rule.check(&text).map(|broken| message.map_or(broken, Text::message))
    }
}

/// A value that is JSON text (or already an object), read as JSON; None when it is not JSON.
fn json_object(value: &Value) -> Option<Value> {
    match value {
        Value::String(s) => serde_json::from_str(s).ok(),
        Value::Object(_) => Some(value.clone()),
        _ => None,
    }
}

/// The value of `name` in `record`: a field, or `field.key` inside a field that holds JSON
/// text (a menu's `propertyJson.moduleId`), which is empty when that text lacks the key or
/// is not JSON. None when the field is not in the record.
fn lookup(record: &Map<String, Value>, name: &str) -> Option<Value> {
    match name.split_once('.') {
        None => record.get(name).cloned(),
        Some((outer, key)) => {
            let outer = record.get(outer)?;
            Some(json_object(outer).and_then(|o| o.get(key).cloned()).unwrap_or(Value::Null))
        }
    }
}

/// Checks `record` against `form`: every field when `whole` (a creation: a missing required
/// field is empty), else only the fields present (an update). Unknown keys are ignored.
pub fn check(form: Form, record: &Map<String, Value>, whole: bool) -> FieldErrors {
    let mut errors = FieldErrors::new();
    for rule in form.fields() {
        if let Some((other, expected)) = rule.when
            && !record.get(other).map(text_of).is_some_and(|v| expected.contains(&v.as_str()))
        {
            continue;
        }
        let value = match lookup(record, rule.name) {
            Some(v) => v,
            None if whole => Value::Null,
            None => continue,
        };
        if let Some(problem) = rule.check(&value) {
            errors.entry(rule.name.to_string()).or_default().push(problem);
        }
    }
    errors
}

/// A form's fields as the web reads them: `[{name, required, maxLength, rule}]`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct FieldInfo {
    pub name: &'static str,
    pub required: bool,
    pub max_length: Option<usize>,
    pub rule: Option<&'static str>,
    /// `[field, value, …]`: the field counts only while that field has one of these values.
    pub when: Option<Vec<&'static str>>,
    /// The values a non-empty value must be one of.
    pub one_of: Option<Vec<&'static str>>,
}

pub fn field_info(form: Form) -> Vec<FieldInfo> {
    form.fields()
        .iter()
        .map(|f| FieldInfo {
            name: f.name,
            required: f.required.is_some(),
            max_length: f.max_chars.map(|(m, _)| m),
            rule: f.rule.map(|(r, _)| r.name()),
            when: f.when.map(|(field, values)| std::iter::once(field).chain(values.iter().copied()).collect()),
            one_of: f.one_of.map(|(values, _)| values.to_vec()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn texts(form: Form, record: Value, whole: bool) -> Vec<(String, String)> {
        check(form, record.as_object().unwrap(), whole)
            .into_iter()
            .flat_map(|(k, v)| v.into_iter().map(move |m| (k.clone(), m.text)))
            .collect()
    }

    #[test]
    fn a_creation_is_checked_whole_an_update_on_what_it_sends() {
        let missing = texts(Form::Company, json!({}), true);
        assert_eq!(
            missing,
            [
                ("enCode".to_string(), "请输入公司编码".to_string()),
                ("fullName".into(), "请输入公司名称".into()),
                ("parentId".into(), "上级公司不能为空".into())
            ]
        );
        assert_eq!(texts(Form::Company, json!({"description": "x"}), false), []);
        assert_eq!(texts(Form::Company, json!({"fullName": " "}), false), [("fullName".into(), "请输入公司名称".into())]);
    }

    #[test]
    fn the_forms_own_texts_for_rules_and_limits() {
        assert_eq!(
            texts(Form::Department, json!({"parentId": "1", "fullName": "急诊-科", "enCode": ".x"}), true),
            [("enCode".into(), "部门编码只能输入英文、数字和小数点且小数点不能放在首尾".into()), ("fullName".into(), "部门名称不能含有特殊符号".into())]
        );
        assert_eq!(
            texts(Form::Company, json!({"enCode": "a".repeat(51)}), false),
            [("enCode".into(), "公司编码最多为50个字符！".into())]
        );
        assert_eq!(texts(Form::Company, json!({"fullName": "院".repeat(51)}), false), [("fullName".into(), "最多50个字符".into())]);
        assert_eq!(texts(Form::Position, json!({"enCode": "ab.c"}), false), [("enCode".into(), "岗位编码只能是数字、英文".into())]);
        assert_eq!(texts(Form::User, json!({"email": "x@"}), false), [("email".into(), "请正确输入您的邮箱地址".into())]);
        // A list of empty paths is empty; a number is text.
        assert_eq!(texts(Form::User, json!({"organizeIdTree": [["o1", "o2"]]}), false), []);
        for empty in [json!([]), json!([[]])] {
            assert_eq!(texts(Form::User, json!({"organizeIdTree": empty}), false), [("organizeIdTree".into(), "请选择所属组织".into())]);
        }
        assert_eq!(texts(Form::Role, json!({"globalMark": 1}), false), []);
        // An organisation role needs its organisations; a global role does not.
        let role = json!({"fullName": "医生", "enCode": "doctor", "globalMark": 0});
        assert_eq!(texts(Form::Role, role, true), [("organizeIdsTree".into(), "请选择所属组织".into())]);
        assert_eq!(texts(Form::Role, json!({"globalMark": "0", "organizeIdsTree": [[]]}), false), [("organizeIdsTree".into(), "请选择所属组织".into())]);
        assert_eq!(texts(Form::Role, json!({"globalMark": 0, "organizeIdsTree": [["o1"]]}), false), []);
        assert_eq!(texts(Form::Role, json!({"globalMark": 1, "organizeIdsTree": []}), false), []);
        assert_eq!(texts(Form::Role, json!({"organizeIdsTree": []}), false), []);
    }

    // DICT-022..028: a category's parent, name and code, with the named rules' own messages.
    #[test]
    fn dict_022_to_028_category_form() {
        assert_eq!(
            texts(Form::DictionaryType, json!({}), true),
            [("enCode".into(), "请输入编码".into()), ("fullName".into(), "请输入名称".into()), ("parentId".into(), "上级菜单不能为空".into())]
        );
        assert_eq!(
            texts(Form::DictionaryType, json!({"fullName": "性-别", "enCode": ".sex"}), false),
            [("enCode".into(), "编码只能输入英文、数字和小数点且小数点不能放在首尾".into()), ("fullName".into(), "名称不能含有特殊符号".into())]
        );
        assert_eq!(
            texts(Form::DictionaryType, json!({"fullName": "名".repeat(51), "enCode": "a".repeat(51)}), false),
            [("enCode".into(), "编码最多为50个字符！".into()), ("fullName".into(), "名称最多为50个字符！".into())]
        );
    }

    // DICT-030..034: an item's parent, name and code; no pattern on either.
    #[test]
    fn dict_030_to_034_item_form() {
        assert_eq!(
            texts(Form::DictionaryData, json!({"parentId": ""}), true),
            [("enCode".into(), "请输入编码".into()), ("fullName".into(), "请输入名称".into()), ("parentId".into(), "请选择".into())]
        );
        assert_eq!(texts(Form::DictionaryData, json!({"parentId": "0", "fullName": "男-女", "enCode": "a.b-c"}), true), []);
        assert_eq!(
            texts(Form::DictionaryData, json!({"fullName": "名".repeat(51), "enCode": "a".repeat(51)}), false),
            [("enCode".into(), "字典编码最多为50个字符！".into()), ("fullName".into(), "字典名称最多为50个字符！".into())]
        );
    }

    // BILL-008..012: a serial-number rule's names and category.
    #[test]
    fn bill_008_to_012_rule_form() {
        assert_eq!(
            texts(Form::BillRule, json!({}), true),
            [("category".into(), "请选择业务分类".into()), ("enCode".into(), "请输入业务编码".into()), ("fullName".into(), "请输入业务名称".into())]
        );
        assert_eq!(
            texts(Form::BillRule, json!({"fullName": "名".repeat(51), "enCode": "a".repeat(51)}), false),
            [("enCode".into(), "业务编码最多为50个字符！".into()), ("fullName".into(), "业务名称最多为50个字符！".into())]
        );
    }

    // jnpf-wire-areas.md §1.8: a menu's address for pages (2) and links (7) only, its related
    // module (propertyJson.moduleId) for types 3, 4, 5, 6 and 8; types, categories and link
    // targets from their lists; propertyJson is JSON text of an object.
    #[test]
    fn menu_form_depends_on_the_type() {
        let base = json!({"parentId": "-1", "fullName": "菜单", "enCode": "m", "icon": "icon-x"});
        let with = |extra: Value| {
            let mut r = base.clone();
            r.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
            r
        };
        assert_eq!(texts(Form::Menu, with(json!({"type": 1})), true), []);
        assert_eq!(texts(Form::Menu, with(json!({"type": 2})), true), [("urlAddress".into(), "地址不能为空".into())]);
        assert_eq!(texts(Form::Menu, with(json!({"type": 7, "urlAddress": " "})), true), [("urlAddress".into(), "地址不能为空".into())]);
        assert_eq!(texts(Form::Menu, with(json!({"type": 2, "urlAddress": "system/menu"})), true), []);
        // Issue 24 §3: a link runs nothing in the browser.
        for address in ["javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,<script>alert(1)</script>", "java\tscript:alert(1)", " javascript:alert(1)", "vbscript:x", "file:///etc/passwd"] {
            assert_eq!(texts(Form::Menu, with(json!({"type": 7, "urlAddress": address})), true), [("urlAddress".into(), "地址只能是页面路径或以http://、https://开头的网址".into())], "{address}");
        }
        for address in ["https://www.example.com/a?b=c:d", "HTTP://intranet/", "system/menu", "onlineDev/records?id=1:2", "www.example.com"] {
            assert_eq!(texts(Form::Menu, with(json!({"type": 7, "urlAddress": address})), true), [], "{address}");
        }
        for kind in [3, 4, 5, 6, 8] {
            assert_eq!(
                texts(Form::Menu, with(json!({"type": kind, "propertyJson": "{\"iconBackgroundColor\":\"\"}"})), true),
                [("propertyJson.moduleId".into(), "关联不能为空".into())],
                "type {kind}"
            );
            assert_eq!(texts(Form::Menu, with(json!({"type": kind, "propertyJson": "{\"moduleId\":\"42\"}"})), true), []);
        }
        assert_eq!(texts(Form::Menu, with(json!({"type": 3})), true), [("propertyJson.moduleId".into(), "关联不能为空".into())]);
        assert_eq!(texts(Form::Menu, with(json!({"type": 9})), true), [("type".into(), "菜单类型不正确".into())]);
        assert_eq!(
            texts(Form::Menu, json!({"category": "Pad", "linkTarget": "_top", "propertyJson": "{x"}), false),
            [
                ("category".into(), "菜单分类只能是Web或App".into()),
                ("linkTarget".into(), "打开方式只能是_self或_blank".into()),
                ("propertyJson".into(), "菜单属性格式不正确".into())
            ]
        );
        // An update that sends neither the type nor propertyJson checks neither rule.
        assert_eq!(texts(Form::Menu, json!({"sortCode": 3}), false), []);
        assert_eq!(texts(Form::System, json!({"propertyJson": "[]"}), false), [("propertyJson".into(), "应用属性格式不正确".into())]);
        assert_eq!(texts(Form::System, json!({"propertyJson": "{\"iconBackgroundColor\":\"#fff\"}"}), false), []);
    }

    // jnpf-wire-areas.md §1.8: columns, form fields and data-authorize fields bound to a
    // sub-table (fieldRule 2) name the sub-table widget.
    #[test]
    fn module_fields_on_a_sub_table_need_its_key() {
        let column = json!({"enCode": "f_name", "fullName": "名称", "fieldRule": 2});
        assert_eq!(texts(Form::ModuleField, column, true), [("childTableKey".into(), "关联字段不能为空".into())]);
        assert_eq!(texts(Form::ModuleField, json!({"enCode": "a", "fullName": "b", "fieldRule": 0}), true), []);
        assert_eq!(texts(Form::ModuleField, json!({"fieldRule": 3}), false), [("fieldRule".into(), "规则只能是主表、副表或子表".into())]);
        let field = json!({"enCode": "a", "fullName": "b", "fieldRule": 0, "type": "string", "conditionSymbol": "Equal", "conditionText": "@userId"});
        assert_eq!(texts(Form::DataAuthorize, field, true), [("type".into(), "字段类型不正确".into())]);
    }

    #[test]
    fn area_codes_are_digits() {
        assert_eq!(texts(Form::Area, json!({"parentId": "-1", "fullName": "北京市", "enCode": "110000"}), true), []);
        assert_eq!(
            texts(Form::Area, json!({"fullName": "北京/市", "enCode": "11a"}), false),
            [("enCode".into(), "区域编码只能是数字".into()), ("fullName".into(), "区域名称不能含有特殊符号".into())]
        );
    }

    // SCHED-001: a schedule's type and title are required; urgency, repetition, reminder and
    // the all-day switch take the client's values; a custom reminder needs its send config.
    #[test]
    fn sched_001_schedule_form() {
        assert_eq!(
            texts(Form::Schedule, json!({}), true),
            [
                ("reminderType".into(), "请选择提醒方式".into()),
                ("title".into(), "请输入标题".into()),
                ("type".into(), "请选择类型".into())
            ]
        );
        let good = json!({"type": "t1", "title": "晨会", "urgent": "2", "allDay": 0, "repetition": "3", "reminderTime": -2, "reminderType": "1"});
        assert_eq!(texts(Form::Schedule, good, true), []);
        assert_eq!(
            texts(Form::Schedule, json!({"urgent": 4, "allDay": 2, "repetition": "6", "reminderTime": 7, "reminderType": "3"}), false),
            [
                ("allDay".into(), "全天只能是0或1".into()),
                ("reminderTime".into(), "提醒时间不正确".into()),
                ("reminderType".into(), "提醒方式只能是默认或自定义".into()),
                ("repetition".into(), "重复只能是不重复、每天、每周、每月或每年".into()),
                ("urgent".into(), "紧急程度只能是普通、重要或紧急".into())
            ]
        );
        assert_eq!(texts(Form::Schedule, json!({"reminderType": "2", "send": ""}), false), [("send".into(), "请选择发送配置".into())]);
        assert_eq!(texts(Form::Schedule, json!({"title": "晨".repeat(201)}), false), [("title".into(), "最多200个字符".into())]);
    }

    // SYS-003: the system configuration's settings, checked on what a save sends: names
    // required and bounded, flags 0 or 1 (a boolean counts as 0/1), counts and minutes whole
    // numbers within their bounds, with the bounds in the message.
    #[test]
    fn sys_003_configuration_settings() {
        assert_eq!(texts(Form::SysConfig, json!({"title": "启明", "enableVerificationCode": true, "verificationCodeNumber": "4"}), false), []);
        assert_eq!(
            texts(
                Form::SysConfig,
                json!({"title": " ", "enableVerificationCode": 2, "verificationCodeNumber": 9, "lockTime": 1.5, "tokenTimeout": "x"}),
                false
            ),
            [
                ("enableVerificationCode".into(), "只能是0或1".into()),
                ("lockTime".into(), "必须是1到1440之间的整数".into()),
                ("title".into(), "请输入系统标题".into()),
                ("tokenTimeout".into(), "必须是1到10080之间的整数".into()),
                ("verificationCodeNumber".into(), "必须是3到6之间的整数".into())
            ]
        );
        let range = &check(Form::SysConfig, json!({"passwordLengthMinNumber": 0}).as_object().unwrap(), false)["passwordLengthMinNumber"][0];
        assert_eq!((range.key, range.params.get("min").map(String::as_str), range.params.get("max").map(String::as_str)), ("field.intRange", Some("1"), Some("64")));
        assert_eq!(texts(Form::SysConfig, json!({"passwordLengthMinNumber": ""}), false), [("passwordLengthMinNumber".into(), "请输入密码最小长度".into())]);
        assert_eq!(texts(Form::SysConfig, json!({"singleLogin": 3, "companyEmail": "x@"}), false), [
            ("companyEmail".into(), "请正确输入您的邮箱地址".into()),
            ("singleLogin".into(), "登录方式只能是单一登录或同时登录".into())
        ]);
        assert_eq!(whole_number(&json!(6.0)), Some(6));
        assert!(Form::SysConfig.field("qyhCorpSecret").is_some() && Form::SysConfig.field("nope").is_none());
    }

    #[test]
    fn every_form_has_fields_and_every_key_is_namespaced() {
        for form in Form::ALL {
            assert!(!form.fields().is_empty());
            for f in form.fields() {
                let ranged = f.range.iter().filter_map(|(_, _, m)| m.as_ref());
                for text in f.required.iter().chain(f.max_chars.iter().filter_map(|(_, m)| m.as_ref())).chain(f.rule.iter().filter_map(|(_, m)| m.as_ref())).chain(ranged) {
                    assert!(text.key.contains('.'), "{}", text.key);
                }
            }
        }
        assert_eq!(
            field_info(Form::Menu)[1],
            FieldInfo { name: "fullName", required: true, max_length: Some(50), rule: None, when: None, one_of: None }
        );
        let role = field_info(Form::Role);
        assert_eq!(role.iter().find(|f| f.name == "organizeIdsTree").unwrap().when, Some(vec!["globalMark", "0"]));
        let menu = field_info(Form::Menu);
        assert_eq!(menu.iter().find(|f| f.name == "urlAddress").unwrap().when, Some(vec!["type", "2", "7"]));
        assert_eq!(menu.iter().find(|f| f.name == "category").unwrap().one_of, Some(vec!["Web", "App"]));
    }
}
