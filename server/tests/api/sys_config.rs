//! The system configuration as the JNPF 3.4.7 client's page and Qiming's page write it
//! (SYS-002, SYS-003; jnpf-wire-areas.md §2.6): every setting the page sends is known and
//! checked by core's rules (the messages the web shows beside its fields), and the session
//! timeout takes effect.

use crate::harness::{Engine, start};
use crate::on_both_engines;
use serde_json::{Value, json};
use std::time::Duration;

/// What the JNPF client's 系统配置 page writes back: its whole form.
fn jnpf_page() -> Value {
    serde_json::from_str(
        r#"{
        "title": "启明医院", "sysName": "启明", "sysVersion": "3.4.7", "sysDescription": "", "copyright": "© 启明医院",
        "loginIcon": "/api/file/Image/annexpic/logo.svg", "navigationIcon": "/api/file/Image/annexpic/logo.svg",
        "logoIcon": "/api/file/Image/annexpic/logo.svg", "appIcon": "", "workLogoIcon": "/api/file/Image/annexpic/logo.svg",
        "companyName": "启明医院集团", "companyCode": "QM", "companyAddress": "北京市", "companyContacts": "王",
        "companyTelePhone": "010-1234567", "companyEmail": "it@qiming.example",
        "singleLogin": 2, "tokenTimeout": 60, "passwordErrorsNumber": 6, "lockType": 1, "lockTime": 15,
        "enableVerificationCode": 0, "verificationCodeNumber": 5, "lastLoginTimeSwitch": 1, "whitelistSwitch": 0, "whiteListIp": "",
        "passwordIsUpdatedRegularly": 0, "updateCycle": 90, "updateInAdvance": 7, "passwordStrengthLimit": 1, "passwordLengthMin": 1,
        "passwordLengthMinNumber": 8, "containsNumbers": 1, "includeLowercaseLetters": 1, "includeUppercaseLetters": 1,
        "containsCharacters": 0, "disableOldPassword": 0, "disableTheNumberOfOldPasswords": 3,
        "mandatoryModificationOfInitialPassword": 1,
        "qyhCorpId": "", "qyhAgentId": "", "qyhAgentSecret": "", "qyhCorpSecret": "", "qyhIsSynOrg": 0, "qyhIsSynUser": 0,
        "dingAgentId": "", "dingSynAppKey": "", "dingSynAppSecret": "", "dingSynIsSynOrg": 0, "dingSynIsSynUser": 0,
        "linkTime": 24, "isClick": 0, "unClickNum": 1, "smsCompany": "1"
    }"#,
    )
    .unwrap()
}

// SYS-003: the JNPF page's whole form is accepted and stored (the policy it sets is the one
// password changes then meet); wrong values answer core's messages by field.
async fn sys_003_the_jnpf_page_writes_every_setting(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    s.put("/api/system/SysConfig", Some(&admin), jnpf_page()).await.ok();
    let now = s.get("/api/system/SysConfig", Some(&admin)).await.ok().clone();
    for key in ["companyName", "singleLogin", "tokenTimeout", "verificationCodeNumber", "smsCompany", "updateCycle"] {
        assert_eq!(now[key], jnpf_page()[key], "{key}");
    }
    let policy = s.get("/api/system/SysConfig/getPasswordPolicy", Some(&admin)).await.ok().clone();
    assert_eq!((policy["passwordLengthMinNumber"].as_i64(), policy["includeUppercaseLetters"].as_i64()), (Some(8), Some(1)));
    // The JNPF client sends flags as numbers; booleans and digits as text are read too.
    s.put("/api/system/SysConfig", Some(&admin), json!({"containsCharacters": true, "lockTime": "20"})).await.ok();
    let now = s.get("/api/system/SysConfig", Some(&admin)).await.ok().clone();
    assert_eq!((now["containsCharacters"].as_i64(), now["lockTime"].as_i64()), (Some(1), Some(20)));

    let bad = json!({"sysName": " ", "verificationCodeNumber": 9, "singleLogin": 3, "tokenTimeout": 0, "companyEmail": "x@", "lockType": "x", "appIcon": ["x"]});
    let answer = s.put("/api/system/SysConfig", Some(&admin), bad).await;
    assert_eq!(answer.code(), 400);
    assert_eq!(
        answer.data(),
        &json!({
            "appIcon": ["必须是文本"],
            "companyEmail": ["请正确输入您的邮箱地址"],
            "lockType": ["错误策略只能是账号锁定或延时登录"],
            "singleLogin": ["登录方式只能是单一登录或同时登录"],
            "sysName": ["请输入系统名称"],
            "tokenTimeout": ["必须是1到10080之间的整数"],
            "verificationCodeNumber": ["必须是3到6之间的整数"]
        })
    );
    assert_eq!(s.get("/api/system/SysConfig", Some(&admin)).await.ok()["sysName"], "启明", "a refused save changes nothing");
}

// SYS-003: the session timeout (tokenTimeout, minutes unused) shows QIMING_SESSION_IDLE until
// an administrator sets it; once set, a session unused that long ends (600), whatever the
// server's own setting.
async fn sys_003_session_timeout(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    assert_eq!(s.get("/api/system/SysConfig", Some(&admin)).await.ok()["tokenTimeout"], 120, "2h by default");
    s.create_user("nurse", "Nurse123").await;
    let nurse = s.sign_in("nurse", "Nurse123").await;
    assert_eq!(s.get("/api/system/SysConfig", Some(&nurse)).await.ok()["tokenTimeout"], 120);
    s.put("/api/system/SysConfig", Some(&admin), json!({"tokenTimeout": 30})).await.ok();
    s.clock.advance(Duration::from_secs(29 * 60));
    s.get("/api/oauth/CurrentUser", Some(&nurse)).await.ok();
    s.clock.advance(Duration::from_secs(29 * 60));
    s.get("/api/oauth/CurrentUser", Some(&nurse)).await.ok();
    s.clock.advance(Duration::from_secs(31 * 60));
    s.get("/api/oauth/CurrentUser", Some(&nurse)).await.fails(600, "长时间未操作，登录已过期，请重新登录");
    let admin = s.sign_in(crate::harness::ADMIN, crate::harness::ADMIN_PASSWORD).await;
    assert_eq!(s.get("/api/system/SysConfig", Some(&admin)).await.ok()["tokenTimeout"], 30);
}

on_both_engines!(sys_003_the_jnpf_page_writes_every_setting, sys_003_session_timeout);
