//! The system configuration's security settings acted on (issue 11; SYS-003 stores them, the
//! checklist has no item of their own): single login, the lock type, the sign-in address
//! whitelist, the periodic password change and the refusal of recent passwords.

use crate::harness::{Engine, TestServer, md5, password_change, start, start_with};
use crate::on_both_engines;
use serde_json::{Value, json};
use std::time::Duration;

const MODIFY: &str = "/api/permission/Users/Current/Actions/ModifyPassword";
const DAY: Duration = Duration::from_secs(24 * 3600);

/// Signs in from `address` (the server trusts X-Forwarded-For in these tests).
async fn login_from(s: &TestServer, address: &str, account: &str, password: &str) -> Value {
    let form = [("account", account.to_string()), ("password", md5(password))];
    s.http.post(format!("{}/api/oauth/Login", s.base)).header("X-Forwarded-For", address).form(&form).send().await.unwrap().json().await.unwrap()
}

/// Changes the caller's own password through the dialog's call (with its captcha).
async fn change_password(s: &TestServer, token: &str, old: &str, new: &str) -> crate::harness::Answer {
    let key = format!("k{}", qiming_server::support::new_id());
    let code = s.captcha(&key).await;
    s.post(MODIFY, Some(token), password_change(old, new, &code, &key)).await
}

// singleLogin 1: a second sign-in of the account ends the earlier session, which answers
// 601 with the reason (the code the JNPF client reads as "signed out"); 2 (the default)
// keeps both.
async fn sys_003_single_login(engine: Engine) {
    let s = start(engine).await;
    s.create_user("clerk", "Clerk123").await;
    let first = s.sign_in("clerk", "Clerk123").await;
    let second = s.sign_in("clerk", "Clerk123").await;
    s.get("/api/oauth/CurrentUser", Some(&first)).await.ok();
    s.set_config(json!({"singleLogin": 1})).await;
    let third = s.sign_in("clerk", "Clerk123").await;
    for earlier in [&first, &second] {
        s.get("/api/oauth/CurrentUser", Some(earlier)).await.fails(601, "您的账号已在其他地方登录，请重新登录");
    }
    s.get("/api/oauth/CurrentUser", Some(&third)).await.ok();
}

// lockType 1 (账号锁定): the failures lock the account until an administrator unlocks it
// (ORG-022's PUT Users/{id}/Actions/unlock), however long one waits; lockType 2 (延时登录)
// is the timed lock of sign_in.rs.
async fn sys_003_org_022_lock_until_unlocked(engine: Engine) {
    let s = start(engine).await;
    let clerk = s.create_user("clerk", "Clerk123").await;
    s.set_config(json!({"lockType": 1, "passwordErrorsNumber": 3})).await;
    for _ in 0..2 {
        s.login("clerk", "wrong").await.fails(400, "账户或密码错误，请重新输入");
    }
    s.login("clerk", "wrong").await.fails(400, "账号已锁定，请联系管理员解锁");
    s.clock.advance(DAY * 3);
    s.login("clerk", "Clerk123").await.fails(400, "账号已锁定，请联系管理员解锁");
    let admin = s.ready_admin().await;
    s.put_empty(&format!("/api/permission/Users/{clerk}/Actions/unlock"), Some(&admin)).await.ok();
    s.sign_in("clerk", "Clerk123").await;
}

// whitelistSwitch / whiteListIp: with the list on, a sign-in from an address outside it is
// refused (and logged) before any password is checked; addresses, `*` patterns, CIDR blocks
// and ranges are read. Saving a list that is malformed, empty or without the saving
// administrator's own address is refused, so the administrator cannot lock himself out.
async fn sys_003_sign_in_whitelist(engine: Engine) {
    let s = start_with(engine, |c| c.trust_forwarded_for = true).await;
    s.create_user("clerk", "Clerk123").await;
    let admin = s.ready_admin().await;
    let save = |list: &str| json!({"whitelistSwitch": 1, "whiteListIp": list});
    let refused = s.put("/api/system/SysConfig", Some(&admin), save("10.0.0.0/8")).await;
    assert_eq!(refused.data()["whiteListIp"][0], "白名单不包含您当前的IP地址127.0.0.1，保存后您将无法登录");
    let refused = s.put("/api/system/SysConfig", Some(&admin), save("127.0.0.1,10.1.2")).await;
    assert!(refused.data()["whiteListIp"][0].as_str().unwrap().starts_with("“10.1.2”不是IP地址"), "{:#}", refused.body);
    assert_eq!(s.put("/api/system/SysConfig", Some(&admin), save(" ")).await.data()["whiteListIp"][0], "请填写白名单IP");
    s.put("/api/system/SysConfig", Some(&admin), save("127.0.0.1，10.1.2.*; 172.16.0.0/12 192.168.0.10-192.168.0.20")).await.ok();

    for (address, allowed) in [("10.1.2.9", true), ("10.1.3.9", false), ("172.20.1.1", true), ("192.168.0.15", true), ("192.168.0.21", false)] {
        let answer = login_from(&s, address, "clerk", "Clerk123").await;
        if allowed {
            assert_eq!(answer["code"], 200, "{address}: {answer}");
        } else {
            assert_eq!((answer["code"].as_i64(), answer["msg"].as_str()), (Some(400), Some(format!("当前IP地址（{address}）不在登录白名单中，请联系管理员").as_str())));
        }
    }
    // A wrong password from outside is refused the same way and never counted.
    for _ in 0..6 {
        assert_eq!(login_from(&s, "8.8.8.8", "clerk", "wrong").await["msg"], "当前IP地址（8.8.8.8）不在登录白名单中，请联系管理员");
    }
    assert_eq!(login_from(&s, "10.1.2.9", "clerk", "Clerk123").await["code"], 200);
    let log = s.get("/api/system/Log/1?currentPage=1&pageSize=50&keyword=8.8.8.8", Some(&admin)).await.ok().clone();
    assert_eq!(log["pagination"]["total"], 6);
    assert_eq!(log["list"][0]["abstracts"], "当前IP地址（8.8.8.8）不在登录白名单中，请联系管理员");
    // Off again, everyone signs in.
    s.put("/api/system/SysConfig", Some(&admin), json!({"whitelistSwitch": 0})).await.ok();
    assert_eq!(login_from(&s, "8.8.8.8", "clerk", "Clerk123").await["code"], 200);
}

// passwordIsUpdatedRegularly / updateCycle / updateInAdvance: within the reminder CurrentUser
// says in how many days the change is due; after the cycle every business call answers 403
// 密码已过期，请修改密码 (like the initial-password rule; CurrentUser and the change dialog keep
// working, changePasswordDate answers null so a JNPF client opens its forced dialog) until
// the password is changed.
async fn sys_003_periodic_password_change(engine: Engine) {
    let s = start(engine).await;
    s.create_user("clerk", "Clerk123").await;
    s.set_config(json!({"passwordIsUpdatedRegularly": 1, "updateCycle": 30, "updateInAdvance": 5})).await;
    let info = |token: String| {
        let s = &s;
        async move { s.get("/api/oauth/CurrentUser", Some(&token)).await.ok()["userInfo"].clone() }
    };
    let token = s.sign_in("clerk", "Clerk123").await;
    let user = info(token.clone()).await;
    assert_eq!((user["passwordOverdue"].as_i64(), user["passwordDueInDays"].clone()), (Some(0), Value::Null));

    s.clock.advance(DAY * 25 + DAY / 2);
    let token = s.sign_in("clerk", "Clerk123").await;
    assert_eq!(info(token.clone()).await["passwordDueInDays"], 5);
    s.get("/api/permission/Users/Current/BaseInfo", Some(&token)).await.ok();

    s.clock.advance(DAY * 5);
    let token = s.sign_in("clerk", "Clerk123").await;
    let user = info(token.clone()).await;
    assert_eq!((user["passwordOverdue"].as_i64(), user["changePasswordDate"].clone()), (Some(1), Value::Null));
    s.get("/api/permission/Users/Current/BaseInfo", Some(&token)).await.fails(403, "密码已过期，请修改密码");
    change_password(&s, &token, "Clerk123", "Clerk456").await.ok();
    let token = s.sign_in("clerk", "Clerk456").await;
    s.get("/api/permission/Users/Current/BaseInfo", Some(&token)).await.ok();
    let user = info(token).await;
    assert_eq!((user["passwordOverdue"].as_i64(), user["passwordDueInDays"].clone()), (Some(0), Value::Null));
    assert!(user["changePasswordDate"].as_i64().is_some());
}

// disableOldPassword / disableTheNumberOfOldPasswords: a new password is none of the last N
// (the current one counted), checked against the kept argon2id hashes; fewer remembered, an
// older one is accepted again.
async fn sys_003_recent_passwords_refused(engine: Engine) {
    let s = start(engine).await;
    s.create_user("clerk", "Clerk123").await;
    s.set_config(json!({"disableOldPassword": 1, "disableTheNumberOfOldPasswords": 3})).await;
    let mut current = "Clerk123".to_string();
    for next in ["Second12", "Third123"] {
        let token = s.sign_in("clerk", &current).await;
        change_password(&s, &token, &current, next).await.ok();
        current = next.to_string();
    }
    let token = s.sign_in("clerk", &current).await;
    let refused = change_password(&s, &token, &current, "Clerk123").await;
    assert_eq!((refused.code(), refused.data()["password"][0].as_str()), (400, Some("新密码不能与最近3次使用过的密码相同")), "{:#}", refused.body);
    s.get("/api/oauth/CurrentUser", Some(&token)).await.ok();
    s.set_config(json!({"disableTheNumberOfOldPasswords": 2})).await;
    change_password(&s, &token, &current, "Second12").await.fails(400, "新密码不能与最近2次使用过的密码相同");
    change_password(&s, &token, &current, "Clerk123").await.ok();
    s.sign_in("clerk", "Clerk123").await;
    // The history is kept only as hashes.
    let mut conn = s.conn().await;
    let kept: Vec<String> = sqlx::query_scalar("SELECT h.password_hash FROM qiming_password_history h JOIN base_user u ON u.id = h.user_id WHERE u.account = 'clerk'")
        .fetch_all(&mut *conn)
        .await
        .unwrap();
    assert_eq!(kept.len(), 3);
    assert!(kept.iter().all(|h| h.starts_with("$argon2id$")));
}

on_both_engines!(
    sys_003_single_login,
    sys_003_org_022_lock_until_unlocked,
    sys_003_sign_in_whitelist,
    sys_003_periodic_password_change,
    sys_003_recent_passwords_refused,
);
