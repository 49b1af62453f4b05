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

use super::service::Third;
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
