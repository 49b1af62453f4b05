//! The two services' HTTP APIs, as their documentation gives them: an access token from the
//! application's credentials, then departments and users created or updated with it. Every
//! answer is HTTP 200 with `errcode` (0 is success) and `errmsg`. No SQL and no rules here:
//! the service decides what to send and what a failure means.
//!
//! - WeCom (企业微信): `GET /cgi-bin/gettoken?corpid&corpsecret`; `POST
//!   /cgi-bin/department/create|update?access_token` `{id?, name, parentid}` (create answers
//!   `id`); `POST /cgi-bin/user/create|update?access_token` `{userid, name, department: [ids],
//!   mobile, email, enable}`.
//! - DingTalk (钉钉): `GET /gettoken?appkey&appsecret`; `POST
//!   /topapi/v2/department/create|update?access_token` `{dept_id?, name, parent_id, order}`
//!   (create answers `result.dept_id`); `POST /topapi/v2/user/create|update?access_token`
//!   `{userid, name, dept_id_list: "1,2", mobile, email}` (create answers `result.userid`).
//!
//! Read back (the import, type 1):
//! - WeCom: `GET /cgi-bin/department/list?access_token` answers `department: [{id, name,
//!   parentid, order}]` (the whole tree); `GET /cgi-bin/user/list?access_token&department_id`
//!   answers `userlist: [{userid, name, department: [ids], mobile, email, gender}]` (the
//!   department's own members).
//! - DingTalk: `POST /topapi/v2/department/listsub?access_token` `{dept_id}` answers `result:
//!   [{dept_id, name, parent_id}]` (one level); `POST /topapi/v2/user/list?access_token`
//!   `{dept_id, cursor, size}` answers `result: {has_more, next_cursor, list: [{userid, name,
//!   mobile, email, dept_id_list: [ids]}]}`.

use super::third::Third;
use serde_json::{Value, json};
use std::time::Duration;

/// The root department of both services: the organisation's top.
pub const ROOT_DEPARTMENT: &str = "1";

/// How long one call to a service may take.
const CALL_TIMEOUT: Duration = Duration::from_secs(10);

/// errcodes meaning "no such department / user" (WeCom 60003 and 60111, DingTalk 60003 and
/// 60121): an object deleted on the service's side, which a sync creates again.
const NOT_FOUND: &[i64] = &[60003, 60111, 60121];

/// A call that did not succeed: the service's errcode and errmsg, or (without a code) why the
/// service could not be asked.
#[derive(Debug, Clone)]
pub struct Failure {
    pub errcode: Option<i64>,
    pub errmsg: String,
}

impl Failure {
    pub fn is_not_found(&self) -> bool {
        self.errcode.is_some_and(|c| NOT_FOUND.contains(&c))
    }
}

/// A department as sent: its name, the service's id of its parent, its place among siblings.
pub struct Department<'a> {
    pub name: &'a str,
    pub parent: &'a str,
    pub order: i64,
}

/// A user as sent.
pub struct User<'a> {
    pub userid: &'a str,
    pub name: &'a str,
    pub mobile: &'a str,
    pub email: &'a str,
    pub enabled: bool,
    /// The service's ids of the user's departments (at least one).
    pub departments: &'a [String],
}

/// A department as the service lists it.
#[derive(Debug, Clone)]
pub struct ListedDepartment {
    pub id: String,
    pub name: String,
    /// The service's id of its parent ([`ROOT_DEPARTMENT`] for a top one).
    pub parent: String,
    pub order: i64,
}

/// A user as the service lists it.
#[derive(Debug, Clone)]
pub struct ListedUser {
    pub userid: String,
    pub name: String,
    pub mobile: String,
    pub email: String,
    /// The sex dictionary's code: 1 男, 2 女, 3 保密 (DingTalk does not say).
    pub gender: String,
    /// The service's ids of the user's departments.
    pub departments: Vec<String>,
}

/// Users a DingTalk user list answers per page (its maximum).
const PAGE_SIZE: i64 = 100;

/// An id or a text field as text (services answer ids as numbers).
fn text_of(v: Option<&Value>) -> String {
    match v {
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::String(s)) => s.clone(),
        _ => String::new(),
    }
}

/// Department ids as a list (an array of ids, or DingTalk's "1,2").
fn ids_of(v: Option<&Value>) -> Vec<String> {
    match v {
        Some(Value::Array(ids)) => ids.iter().map(|id| text_of(Some(id))).filter(|id| !id.is_empty()).collect(),
        Some(Value::String(s)) => s.split(',').map(str::trim).filter(|id| !id.is_empty()).map(str::to_string).collect(),
        _ => Vec::new(),
    }
}

fn listed_user(u: &Value, departments: &str) -> ListedUser {
    let gender = match text_of(u.get("gender")).as_str() {
        "1" => "1",
        "2" => "2",
        _ => "3",
    };
    ListedUser {
        userid: text_of(u.get("userid")),
        name: text_of(u.get("name")),
        mobile: text_of(u.get("mobile")),
        email: text_of(u.get("email")),
        gender: gender.to_string(),
        departments: ids_of(u.get(departments)),
    }
}

/// One of the two services at its configured address.
pub struct Client {
    third: Third,
    base: String,
    http: reqwest::Client,
}

/// A department id as the services want it: a number when it is one.
fn id_value(id: &str) -> Value {
    id.parse::<i64>().map(Value::from).unwrap_or_else(|_| Value::from(id))
}

impl Client {
    /// The service at `base` (an http:// or https:// address), called through the server's
    /// client.
    pub fn new(third: Third, base: &str, http: reqwest::Client) -> Client {
        Client { third, base: base.trim_end_matches('/').to_string(), http }
    }

    async fn answer(&self, request: reqwest::RequestBuilder) -> Result<Value, Failure> {
        let name = self.third.name();
        let response = request.timeout(CALL_TIMEOUT).send().await.map_err(|e| Failure {
            errcode: None,
            errmsg: if e.is_timeout() { format!("连接{name}超时") } else { format!("连接{name}失败：{}", crate::support::http::failure(e)) },
        })?;
        let status = response.status();
        if !status.is_success() {
            return Err(Failure { errcode: None, errmsg: format!("{name}接口请求失败：HTTP {}", status.as_u16()) });
        }
        let body: Value = response.json().await.map_err(|_| Failure { errcode: None, errmsg: format!("{name}的应答不是JSON") })?;
        match body.get("errcode").and_then(Value::as_i64).unwrap_or(0) {
            0 => Ok(body),
            code => Err(Failure {
                errcode: Some(code),
                errmsg: body.get("errmsg").and_then(Value::as_str).filter(|m| !m.is_empty()).map_or_else(|| format!("{name}错误码{code}"), str::to_string),
            }),
        }
    }

    async fn post(&self, path: &str, token: &str, body: Value) -> Result<Value, Failure> {
        self.answer(self.http.post(format!("{}{path}", self.base)).query(&[("access_token", token)]).json(&body)).await
    }

    async fn get(&self, path: &str, token: &str, query: &[(&str, &str)]) -> Result<Value, Failure> {
        self.answer(self.http.get(format!("{}{path}", self.base)).query(&[("access_token", token)]).query(query)).await
    }

    fn malformed(&self, what: &str) -> Failure {
        Failure { errcode: None, errmsg: format!("{}的{what}应答格式不正确", self.third.name()) }
    }

    /// Every department below the root, parents before children (WeCom answers the whole
    /// tree at once; DingTalk one level per call).
    pub async fn departments(&self, token: &str) -> Result<Vec<ListedDepartment>, Failure> {
        let mut found = Vec::new();
        match self.third {
            Third::WeCom => {
                let answer = self.get("/cgi-bin/department/list", token, &[]).await?;
                let list = answer.get("department").and_then(Value::as_array).ok_or_else(|| self.malformed("部门列表"))?;
                for d in list {
                    let id = text_of(d.get("id"));
                    if id != ROOT_DEPARTMENT && !id.is_empty() {
                        let parent = text_of(d.get("parentid"));
                        found.push(ListedDepartment { id, name: text_of(d.get("name")), parent, order: d.get("order").and_then(Value::as_i64).unwrap_or(0) });
                    }
                }
            }
            Third::DingTalk => {
                let mut next = vec![ROOT_DEPARTMENT.to_string()];
                while let Some(parent) = next.pop() {
                    let answer = self.post("/topapi/v2/department/listsub", token, json!({"dept_id": id_value(&parent)})).await?;
                    let list = answer.get("result").and_then(Value::as_array).ok_or_else(|| self.malformed("部门列表"))?;
                    for (order, d) in list.iter().enumerate() {
                        let id = text_of(d.get("dept_id"));
                        if id.is_empty() || found.iter().any(|f: &ListedDepartment| f.id == id) {
                            continue;
                        }
                        next.push(id.clone());
                        found.push(ListedDepartment { id, name: text_of(d.get("name")), parent: parent.clone(), order: order as i64 });
                    }
                }
            }
        }
        Ok(found)
    }

    /// The users of the root and of `departments`, each once.
    pub async fn users(&self, token: &str, departments: &[ListedDepartment]) -> Result<Vec<ListedUser>, Failure> {
        let mut found: Vec<ListedUser> = Vec::new();
        let ids = std::iter::once(ROOT_DEPARTMENT).chain(departments.iter().map(|d| d.id.as_str()));
        for department in ids {
            let listed = match self.third {
                Third::WeCom => {
                    let answer = self.get("/cgi-bin/user/list", token, &[("department_id", department)]).await?;
                    let list = answer.get("userlist").and_then(Value::as_array).ok_or_else(|| self.malformed("成员列表"))?;
                    list.iter().map(|u| listed_user(u, "department")).collect::<Vec<_>>()
                }
                Third::DingTalk => {
                    let mut listed = Vec::new();
                    let mut cursor = 0;
                    loop {
                        let body = json!({"dept_id": id_value(department), "cursor": cursor, "size": PAGE_SIZE});
                        let answer = self.post("/topapi/v2/user/list", token, body).await?;
                        let result = answer.get("result").ok_or_else(|| self.malformed("用户列表"))?;
                        let list = result.get("list").and_then(Value::as_array).ok_or_else(|| self.malformed("用户列表"))?;
                        listed.extend(list.iter().map(|u| listed_user(u, "dept_id_list")));
                        match (result.get("has_more").and_then(Value::as_bool), result.get("next_cursor").and_then(Value::as_i64)) {
                            (Some(true), Some(next)) if next > cursor => cursor = next,
                            _ => break,
                        }
                    }
                    listed
                }
            };
            for u in listed {
                if !u.userid.is_empty() && !found.iter().any(|f| f.userid == u.userid) {
                    found.push(u);
                }
            }
        }
        Ok(found)
    }

    /// An access token for the credentials (WeCom: corp id and a secret; DingTalk: AppKey and
    /// AppSecret).
    pub async fn token(&self, key: &str, secret: &str) -> Result<String, Failure> {
        let request = match self.third {
            Third::WeCom => self.http.get(format!("{}/cgi-bin/gettoken", self.base)).query(&[("corpid", key), ("corpsecret", secret)]),
            Third::DingTalk => self.http.get(format!("{}/gettoken", self.base)).query(&[("appkey", key), ("appsecret", secret)]),
        };
        let body = self.answer(request).await?;
        body.get("access_token")
            .and_then(Value::as_str)
            .filter(|t| !t.is_empty())
            .map(str::to_string)
            .ok_or_else(|| Failure { errcode: None, errmsg: format!("{}未返回access_token", self.third.name()) })
    }

    /// Creates a department; answers the service's id of it.
    pub async fn create_department(&self, token: &str, d: &Department<'_>) -> Result<String, Failure> {
        let (path, body, id) = match self.third {
            Third::WeCom => ("/cgi-bin/department/create", json!({"name": d.name, "parentid": id_value(d.parent)}), "/id"),
            Third::DingTalk => ("/topapi/v2/department/create", json!({"name": d.name, "parent_id": id_value(d.parent), "order": d.order}), "/result/dept_id"),
        };
        let answer = self.post(path, token, body).await?;
        match answer.pointer(id) {
            Some(Value::Number(n)) => Ok(n.to_string()),
            Some(Value::String(s)) if !s.is_empty() => Ok(s.clone()),
            _ => Err(Failure { errcode: None, errmsg: format!("{}未返回部门id", self.third.name()) }),
        }
    }

    /// Changes the department `id` (its name and parent).
    pub async fn update_department(&self, token: &str, id: &str, d: &Department<'_>) -> Result<(), Failure> {
        let (path, body) = match self.third {
            Third::WeCom => ("/cgi-bin/department/update", json!({"id": id_value(id), "name": d.name, "parentid": id_value(d.parent)})),
            Third::DingTalk => {
                ("/topapi/v2/department/update", json!({"dept_id": id_value(id), "name": d.name, "parent_id": id_value(d.parent), "order": d.order}))
            }
        };
        self.post(path, token, body).await.map(drop)
    }

    /// Creates a user; answers the service's userid.
    pub async fn create_user(&self, token: &str, u: &User<'_>) -> Result<String, Failure> {
        let answer = match self.third {
            Third::WeCom => self.post("/cgi-bin/user/create", token, wecom_user(u)).await?,
            Third::DingTalk => {
                let mut body = dingtalk_user(u);
                body["mobile"] = Value::from(u.mobile);
                self.post("/topapi/v2/user/create", token, body).await?
            }
        };
        Ok(answer.pointer("/result/userid").and_then(Value::as_str).filter(|s| !s.is_empty()).unwrap_or(u.userid).to_string())
    }

    /// Changes the user `u.userid` (DingTalk keeps the mobile number of a user who joined, so
    /// it is sent only on creation there).
    pub async fn update_user(&self, token: &str, u: &User<'_>) -> Result<(), Failure> {
        match self.third {
            Third::WeCom => self.post("/cgi-bin/user/update", token, wecom_user(u)).await.map(drop),
            Third::DingTalk => self.post("/topapi/v2/user/update", token, dingtalk_user(u)).await.map(drop),
        }
    }
}

fn wecom_user(u: &User<'_>) -> Value {
    let departments: Vec<Value> = u.departments.iter().map(|d| id_value(d)).collect();
    json!({"userid": u.userid, "name": u.name, "department": departments, "mobile": u.mobile, "email": u.email,
           "enable": u.enabled as i64})
}

fn dingtalk_user(u: &User<'_>) -> Value {
    json!({"userid": u.userid, "name": u.name, "dept_id_list": u.departments.join(","), "email": u.email})
}
