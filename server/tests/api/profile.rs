//! The signed-in user's own endpoints: change password (with the policy, enforced by core),
//! base info, theme and language.

use crate::harness::{ADMIN, Engine, md5, password_change, start};
use crate::on_both_engines;
use serde_json::json;

const MODIFY: &str = "/api/permission/Users/Current/Actions/ModifyPassword";

// AUTH-023, AUTH-024: the policy is read with a GET and has every field of spec 01 §3.10.
async fn auth_023_024_password_policy(engine: Engine) {
    let s = start(engine).await;
    let token = s.admin().await;
    let policy = s.get("/api/system/SysConfig/getPasswordPolicy", Some(&token)).await;
    let p = policy.ok();
    for field in [
        "passwordStrengthLimit", "passwordLengthMin", "passwordLengthMinNumber", "containsNumbers",
        "includeLowercaseLetters", "includeUppercaseLetters", "containsCharacters",
        "mandatoryModificationOfInitialPassword",
    ] {
        assert!(p[field].is_number(), "{field} missing: {p:#}");
    }
    assert_eq!(p["passwordLengthMinNumber"], 6);
}

// AUTH-025..AUTH-032, AUTH-035..AUTH-037, PROF-004: change password: captcha required,
// old password checked, the policy enforced on the plain text through core, and on success
// every session of the user ends (601) and only the new password signs in.
async fn auth_025_037_change_password(engine: Engine) {
    let s = start(engine).await;
    s.create_user("nurse", "Nurse123").await;
    let token = s.sign_in("nurse", "Nurse123").await;
    let other = s.sign_in("nurse", "Nurse123").await;

    // AUTH-035: no captcha.
    let no_code = password_change("Nurse123", "Better123", "", "");
    s.post(MODIFY, Some(&token), no_code).await.fails(400, "请输入验证码");
    // A captcha for another key is wrong.
    let answer = s.captcha("c1").await;
    s.post(MODIFY, Some(&token), password_change("Nurse123", "Better123", &answer, "c2")).await.fails(400, "验证码错误，请重新输入");

    // AUTH-025: old password required; a wrong one is refused.
    let a = s.captcha("c3").await;
    let mut body = password_change("Nurse123", "Better123", &a, "c3");
    body["oldPassword"] = json!("");
    s.post(MODIFY, Some(&token), body).await.fails(400, "请输入旧密码");
    let a = s.captcha("c4").await;
    s.post(MODIFY, Some(&token), password_change("Wrong123", "Better123", &a, "c4")).await.fails(400, "旧密码错误，请重新输入");

    // AUTH-027/028: the seeded policy (strength on, at least 6, digits, lower case).
    let a = s.captcha("c5").await;
    let short = s.post(MODIFY, Some(&token), password_change("Nurse123", "ab1", &a, "c5")).await;
    short.fails(400, "新密码长度不能小于6位");
    // AUTH-029: a digit is required.
    let a = s.captcha("c6").await;
    let no_digit = s.post(MODIFY, Some(&token), password_change("Nurse123", "abcdefgh", &a, "c6")).await;
    no_digit.fails(400, "新密码必须包含数字");
    assert_eq!(no_digit.data()["password"], json!(["新密码必须包含数字"]));
    // AUTH-030..032 with a stricter policy: every broken rule is reported.
    let admin = s.ready_admin().await;
    let strict = json!({"includeUppercaseLetters": 1, "containsCharacters": 1, "passwordLengthMinNumber": 8});
    s.put("/api/system/SysConfig", Some(&admin), strict).await.ok();
    let a = s.captcha("c7").await;
    let weak = s.post(MODIFY, Some(&token), password_change("Nurse123", "ABC", &a, "c7")).await;
    assert_eq!(
        weak.data()["password"],
        json!(["新密码长度不能小于8位", "新密码必须包含数字", "新密码必须包含小写字母", "新密码必须包含特殊字符"])
    );
    // The server never trusts the client: the plain text must be what was hashed.
    let a = s.captcha("c9").await;
    let mut forged = password_change("Nurse123", "Better123!", &a, "c9");
    forged["password"] = json!(md5("weak"));
    s.post(MODIFY, Some(&token), forged).await.fails(400, "新密码与其校验值不一致");

    // AUTH-037: success; every session of the user ends.
    let a = s.captcha("c10").await;
    let done = s.post(MODIFY, Some(&token), password_change("Nurse123", "Better123!", &a, "c10")).await;
    assert_eq!(done.msg(), "修改成功，请重新登录");
    done.ok();
    s.get("/api/oauth/CurrentUser", Some(&token)).await.fails(601, "密码已修改，请重新登录");
    s.get("/api/oauth/CurrentUser", Some(&other)).await.fails(601, "密码已修改，请重新登录");
    s.login("nurse", "Nurse123").await.fails(400, "账户或密码错误，请重新输入");
    let token = s.sign_in("nurse", "Better123!").await;
    let me = s.get("/api/oauth/CurrentUser", Some(&token)).await;
    assert!(me.ok()["userInfo"]["changePasswordDate"].is_i64());
    // Other users are untouched.
    s.get("/api/oauth/CurrentUser", Some(&admin)).await.ok();
}

// PROF-003: base info read and written, every field checked.
async fn prof_003_base_info(engine: Engine) {
    let s = start(engine).await;
    let token = s.ready_admin().await;
    let info = s.get("/api/permission/Users/Current/BaseInfo", Some(&token)).await;
    assert_eq!(info.ok()["account"], ADMIN);
    assert_eq!(info.ok()["realName"], "管理员");

    let bad = s.put("/api/permission/Users/Current/BaseInfo", Some(&token), json!({"realName": " ", "nation": "x".repeat(51)})).await;
    assert_eq!(bad.code(), 400);
    assert_eq!(bad.data()["realName"], json!(["请输入姓名"]));
    assert_eq!(bad.data()["nation"], json!(["最多50个字符"]));
    // The server runs the profile form's named rules itself (CONST-010, CONST-018).
    let bad = s.put("/api/permission/Users/Current/BaseInfo", Some(&token), json!({"realName": "王医生", "mobilePhone": "12345", "email": "wang@"})).await;
    assert_eq!(bad.code(), 400);
    assert_eq!(bad.data()["mobilePhone"], json!(["请正确输入您的手机号"]));
    assert_eq!(bad.data()["email"], json!(["请正确输入您的邮箱地址"]));

    let change = json!({"realName": "王医生", "gender": 1, "mobilePhone": "13800138000", "email": "wang@example.com",
                        "birthday": 631152000000i64, "signature": "仁心仁术"});
    s.put("/api/permission/Users/Current/BaseInfo", Some(&token), change).await.ok();
    let info = s.get("/api/permission/Users/Current/BaseInfo", Some(&token)).await;
    let i = info.ok();
    assert_eq!((i["realName"].as_str(), i["gender"].as_str(), i["mobilePhone"].as_str()), (Some("王医生"), Some("1"), Some("13800138000")));
    assert_eq!(i["birthday"], 631152000000i64);
    let me = s.get("/api/oauth/CurrentUser", Some(&token)).await;
    assert_eq!(me.ok()["userInfo"]["userName"], "王医生");
}

// PROF-003: saving the profile changes only the fields sent (PATCH meaning): a form that
// does not show 民族, 学历 or the certificate leaves them as they are; null clears a field;
// what a client sends back from GET (account, organize, …) is ignored.
async fn prof_003_base_info_changes_only_what_is_sent(engine: Engine) {
    let s = start(engine).await;
    let token = s.ready_admin().await;
    let base = "/api/permission/Users/Current/BaseInfo";
    let full = json!({"realName": "王医生", "nation": "汉族", "education": "本科", "certificatesType": "身份证",
                      "certificatesNumber": "110105194912310021", "birthday": 631152000000i64, "telePhone": "0571-88886666"});
    s.put(base, Some(&token), full).await.ok();
    s.put(base, Some(&token), json!({"realName": "王主任"})).await.ok();
    let info = s.get(base, Some(&token)).await.ok().clone();
    assert_eq!(info["realName"], "王主任");
    for (field, value) in [("nation", "汉族"), ("education", "本科"), ("certificatesType", "身份证"), ("certificatesNumber", "110105194912310021"), ("telePhone", "0571-88886666")] {
        assert_eq!(info[field], value, "{field} was not sent and must stay");
    }
    assert_eq!(info["birthday"], 631152000000i64);
    // The GET answer sent back whole, with one change, saves that change only.
    let mut back = info.clone();
    back["signature"] = json!("仁心仁术");
    back["account"] = json!("someone-else");
    s.put(base, Some(&token), back).await.ok();
    let info = s.get(base, Some(&token)).await.ok().clone();
    assert_eq!((info["signature"].as_str(), info["account"].as_str(), info["nation"].as_str()), (Some("仁心仁术"), Some(ADMIN), Some("汉族")));
    // null clears.
    s.put(base, Some(&token), json!({"nation": null, "birthday": null})).await.ok();
    let info = s.get(base, Some(&token)).await.ok().clone();
    assert_eq!((info["nation"].as_str(), info["birthday"].is_null(), info["education"].as_str()), (Some(""), true, Some("本科")));
    // An empty change changes nothing and still answers 保存成功.
    assert_eq!(s.put(base, Some(&token), json!({})).await.msg(), "保存成功");
    // Limits come from core's profile rules, the same the form reads (电话 at most 20).
    let long = s.put(base, Some(&token), json!({"telePhone": "1".repeat(21)})).await;
    assert_eq!(long.data()["telePhone"], json!(["最多20个字符"]));
}

// PROF-005, AUTH-004: theme and language are saved on the server; the next sign-in answers
// the saved theme; anything else is refused.
async fn prof_005_theme_and_language(engine: Engine) {
    let s = start(engine).await;
    let token = s.ready_admin().await;
    s.put("/api/permission/Users/Current/SystemTheme", Some(&token), json!({"theme": "fancy"}))
        .await
        .fails(400, "布局只能是classic、functional、plain或blend");
    for theme in ["functional", "plain", "blend", "classic", "functional"] {
        s.put("/api/permission/Users/Current/SystemTheme", Some(&token), json!({"theme": theme})).await.ok();
    }
    let login = s.login(ADMIN, crate::harness::ADMIN_PASSWORD).await;
    assert_eq!(login.ok()["theme"], "functional");

    s.put("/api/permission/Users/Current/SystemLanguage", Some(&token), json!({"language": "fr"}))
        .await
        .fails(400, "语言只能是zh-CN、zh-TW或en");
    s.put("/api/permission/Users/Current/SystemLanguage", Some(&token), json!({"language": "en"})).await.ok();
    let me = s.get("/api/oauth/CurrentUser", Some(&token)).await;
    assert_eq!(me.ok()["userInfo"]["language"], "en");
}

// PROF-008, PERM-003: a user of several systems switches the current one; CurrentUser then
// marks it and shows its menus.
async fn prof_008_switch_system(engine: Engine) {
    use qiming_server::permission::repo::menu::{self, AppSystem, NewMenu};
    let s = start(engine).await;
    let mut conn = s.conn().await;
    let lab = AppSystem { id: "100000000000000002".into(), full_name: "检验".into(), en_code: "lab".into(), icon: String::new(), sort_code: 1, is_main: 0 };
    menu::insert_system(&mut conn, &lab, s.clock.now_ms()).await.unwrap();
    let page = NewMenu {
        id: None,
        parent_id: "-1".into(),
        system_id: lab.id.clone(),
        full_name: "样本".into(),
        en_code: "samples".into(),
        icon: String::new(),
        menu_type: 2,
        url_address: "samples".into(),
        link_target: "_self".into(),
        property_json: "{}".into(),
        sort_code: 0,
    };
    menu::insert_menu(&mut conn, &page, s.clock.now_ms()).await.unwrap();
    drop(conn);
    let token = s.ready_admin().await;
    let current = |me: &serde_json::Value| {
        let systems = me["userInfo"]["systemIds"].as_array().unwrap().clone();
        systems.into_iter().find(|x| x["currentSystem"] == true).unwrap()["enCode"].as_str().unwrap().to_string()
    };
    let me = s.get("/api/oauth/CurrentUser", Some(&token)).await.ok().clone();
    assert_eq!(me["userInfo"]["systemIds"].as_array().unwrap().len(), 2);
    assert_eq!(current(&me), "mainSystem");

    let major = "/api/permission/Users/Current/major";
    s.put(major, Some(&token), json!({"majorId": "nope", "majorType": "System"})).await.fails(400, "系统不存在或已禁用");
    s.put(major, Some(&token), json!({"majorId": lab.id, "majorType": "Organize"})).await.fails(400, "暂不支持切换Organize");
    let switched = s.put(major, Some(&token), json!({"majorId": lab.id, "majorType": "System"})).await;
    assert_eq!(switched.msg(), "切换成功");
    let me = s.get("/api/oauth/CurrentUser", Some(&token)).await.ok().clone();
    assert_eq!(current(&me), "lab");
    assert_eq!(me["menuList"][0]["enCode"], "samples");
    assert_eq!(me["menuList"].as_array().unwrap().len(), 1);
}

// AUTH-025 for the original JNPF 3.4.7 client: it sends {oldPassword, password (both MD5),
// code, timestamp} with the captcha key as a JSON number and no plain password. With the
// JNPF-client switch on (the default) the change is accepted; off, it is refused because the
// policy cannot be checked. Qiming's client (plainPassword) is checked either way.
async fn auth_025_jnpf_client_changes_its_password(engine: Engine) {
    for jnpf_clients in [true, false] {
        let s = crate::harness::start_with(engine, |c| c.jnpf_clients = jnpf_clients).await;
        s.create_user("nurse", "Nurse123").await;
        let token = s.sign_in("nurse", "Nurse123").await;
        let key = 0.5553010497186741_f64;
        let answer = s.captcha(&key.to_string()).await;
        let jnpf = json!({"oldPassword": md5("Nurse123"), "password": md5("Better123"), "code": answer, "timestamp": key});
        let res = s.post(MODIFY, Some(&token), jnpf).await;
        if jnpf_clients {
            assert_eq!(res.msg(), "修改成功，请重新登录", "{:#}", res.body);
            s.sign_in("nurse", "Better123").await;
        } else {
            res.fails(400, "无法校验新密码的强度，请使用启明客户端修改密码");
            s.sign_in("nurse", "Nurse123").await;
        }
        // The plain password, when sent, is always checked against the policy.
        let token = s.sign_in("nurse", if jnpf_clients { "Better123" } else { "Nurse123" }).await;
        let a = s.captcha("k2").await;
        let weak = password_change(if jnpf_clients { "Better123" } else { "Nurse123" }, "abcdefgh", &a, "k2");
        s.post(MODIFY, Some(&token), weak).await.fails(400, "新密码必须包含数字");
    }
}

// PROF-003 for the JNPF client: BaseInfo carries avatar (beside headIcon; the built-in default
// until one is chosen, served without a token), prevLogTime, entryDate, manager and landline;
// landline is saved like the other fields.
async fn prof_003_base_info_has_what_the_jnpf_client_reads(engine: Engine) {
    let s = start(engine).await;
    let first = s.ready_admin().await;
    let base = "/api/permission/Users/Current/BaseInfo";
    assert!(s.get(base, Some(&first)).await.ok()["prevLogTime"].is_null(), "no sign-in before the first");
    let token = s.admin().await;
    let info = s.get(base, Some(&token)).await.ok().clone();
    for field in ["avatar", "headIcon", "prevLogTime", "entryDate", "manager", "landline", "organize", "position", "roleId"] {
        assert!(info.get(field).is_some(), "{field} missing: {info:#}");
    }
    let avatar = info["avatar"].as_str().unwrap().to_string();
    assert!(avatar.starts_with("/api/file/Image/"), "{avatar}");
    let image = s.http.get(format!("{}{avatar}", s.base)).send().await.unwrap();
    assert_eq!(image.headers()["content-type"], "image/svg+xml");
    assert!(info["prevLogTime"].is_i64(), "the first sign-in is this session's previous: {info:#}");
    s.put(base, Some(&token), json!({"landline": "0571-8888666"})).await.ok();
    assert_eq!(s.get(base, Some(&token)).await.ok()["landline"], "0571-8888666");
    let long = s.put(base, Some(&token), json!({"landline": "1".repeat(21)})).await;
    assert_eq!(long.data()["landline"], json!(["最多20个字符"]));
}

// SYS-001 for the JNPF client: the system icons in sysConfigInfo are images the API serves
// (it puts its API base in front of them), open to an <img> without a token.
async fn sys_001_icons_are_api_images(engine: Engine) {
    let s = start(engine).await;
    let token = s.admin().await;
    let me = s.get("/api/oauth/CurrentUser", Some(&token)).await.ok().clone();
    for icon in ["logoIcon", "navigationIcon", "loginIcon", "workLogoIcon"] {
        let url = me["sysConfigInfo"][icon].as_str().unwrap().to_string();
        assert!(url.starts_with("/api/"), "{icon} = {url}");
        let res = s.http.get(format!("{}{url}", s.base)).send().await.unwrap();
        assert_eq!((res.status().as_u16(), res.headers()["content-type"].to_str().unwrap()), (200, "image/svg+xml"), "{icon}");
    }
    s.get("/api/file/Image/annexpic/nothing.png", None).await.fails(404, "文件不存在");
}

on_both_engines!(
    auth_025_jnpf_client_changes_its_password,
    prof_003_base_info_has_what_the_jnpf_client_reads,
    sys_001_icons_are_api_images,
    prof_008_switch_system,
    auth_023_024_password_policy,
    auth_025_037_change_password,
    prof_003_base_info,
    prof_003_base_info_changes_only_what_is_sent,
    prof_005_theme_and_language,
);
