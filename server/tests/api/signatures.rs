//! The profile's signature images (PROF-009) and the caller's organisations and positions
//! (PROF-007).

use crate::harness::{Engine, mark_password_changed, organisation, start};
use crate::on_both_engines;
use base64::Engine as _;
use serde_json::{Value, json};

const SIGN: &str = "/api/permission/Users/Current/SignImg";

/// A 1×1 PNG (a real one: signature, IHDR, IDAT, IEND).
fn png_bytes() -> Vec<u8> {
    base64::engine::general_purpose::STANDARD
        .decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")
        .unwrap()
}

fn data_url(mime: &str, bytes: &[u8]) -> String {
    format!("data:{mime};base64,{}", base64::engine::general_purpose::STANDARD.encode(bytes))
}

fn ids(list: &Value) -> Vec<(String, i64)> {
    list.as_array().unwrap().iter().map(|s| (s["id"].as_str().unwrap().to_string(), s["isDefault"].as_i64().unwrap())).collect()
}

// PROF-009: a user adds signatures as data-URLs and sees them as [{id, signImg, isDefault}],
// newest first; the first one is the default, one sent with isDefault 1 becomes the only
// default, PUT {id}/SignImg moves the default, DELETE removes one (the newest left becomes the
// default); CurrentUser's userInfo.signImg is the default's data-URL. Another user neither
// sees nor changes them. What is not a real raster image under 500 KB is refused.
async fn prof_009_signature_images(engine: Engine) {
    let s = start(engine).await;
    s.create_user("nurse", "Nurse123").await;
    s.create_user("doctor", "Doctor123").await;
    let nurse = s.sign_in("nurse", "Nurse123").await;
    let doctor = s.sign_in("doctor", "Doctor123").await;
    assert_eq!(s.get(SIGN, Some(&nurse)).await.ok(), &json!([]));
    let first = data_url("image/png", &png_bytes());
    s.post(SIGN, Some(&nurse), json!({"signImg": first, "isDefault": 0})).await.ok();
    let list = s.get(SIGN, Some(&nurse)).await.ok().clone();
    assert_eq!(list[0]["signImg"], first.as_str());
    let a = ids(&list)[0].0.clone();
    assert_eq!(ids(&list), vec![(a.clone(), 1)], "the first signature is the default");
    assert_eq!(s.get("/api/oauth/CurrentUser", Some(&nurse)).await.ok()["userInfo"]["signImg"], first.as_str());

    s.clock.advance(std::time::Duration::from_secs(1));
    let mut second_png = png_bytes();
    second_png.extend_from_slice(b"trailing bytes make a different image file");
    let second = data_url("image/png", &second_png);
    s.post(SIGN, Some(&nurse), json!({"signImg": second, "isDefault": 1})).await.ok();
    let list = s.get(SIGN, Some(&nurse)).await.ok().clone();
    let b = ids(&list)[0].0.clone();
    assert_eq!(ids(&list), vec![(b.clone(), 1), (a.clone(), 0)], "newest first, one default");
    assert_eq!(s.get("/api/oauth/CurrentUser", Some(&nurse)).await.ok()["userInfo"]["signImg"], second.as_str());

    s.put_empty(&format!("/api/permission/Users/Current/{a}/SignImg"), Some(&nurse)).await.ok();
    assert_eq!(ids(s.get(SIGN, Some(&nurse)).await.ok()), vec![(b.clone(), 0), (a.clone(), 1)]);

    // Another user: sees none of them, can change none.
    assert_eq!(s.get(SIGN, Some(&doctor)).await.ok(), &json!([]));
    s.put_empty(&format!("/api/permission/Users/Current/{b}/SignImg"), Some(&doctor)).await.fails(404, "签名不存在");
    let delete = |id: String, token: String| {
        let s = &s;
        async move { s.call(reqwest::Method::DELETE, &format!("/api/permission/Users/Current/{id}/SignImg"), Some(&token), crate::harness::Body::None).await }
    };
    delete(a.clone(), doctor.clone()).await.fails(404, "签名不存在");
    assert_eq!(ids(s.get(SIGN, Some(&nurse)).await.ok()), vec![(b.clone(), 0), (a.clone(), 1)], "untouched");

    // Deleting the default makes the newest left the default.
    delete(a.clone(), nurse.clone()).await.ok();
    assert_eq!(ids(s.get(SIGN, Some(&nurse)).await.ok()), vec![(b.clone(), 1)]);
    delete(b.clone(), nurse.clone()).await.ok();
    assert_eq!(s.get(SIGN, Some(&nurse)).await.ok(), &json!([]));
    assert_eq!(s.get("/api/oauth/CurrentUser", Some(&nurse)).await.ok()["userInfo"]["signImg"], "");

    // Refusals, each with its reason; nothing is kept.
    let refused = |body: Value, msg: &'static str| {
        let s = &s;
        let nurse = nurse.clone();
        async move {
            let a = s.post(SIGN, Some(&nurse), body).await;
            assert_eq!(a.code(), 400, "{:#}", a.body);
            assert!(a.body.to_string().contains(msg), "{msg} expected: {:#}", a.body);
        }
    };
    refused(json!({"signImg": "not a data url"}), "签名图片应为data:image/…;base64,…格式").await;
    refused(json!({"signImg": "data:image/png;base64,@@@@"}), "签名图片应为data:image/…;base64,…格式").await;
    refused(json!({"signImg": data_url("image/svg+xml", b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>")}), "请上传图片").await;
    refused(json!({"signImg": data_url("text/html", b"<html></html>")}), "签名图片应为data:image/…;base64,…格式").await;
    refused(json!({"signImg": data_url("image/png", b"MZ\x90\0 an executable, not a png")}), "文件内容与扩展名不符，请上传真实的文件").await;
    refused(json!({"signImg": data_url("image/png", b"plain text")}), "文件内容与扩展名不符，请上传真实的文件").await;
    let mut big = png_bytes();
    big.resize(500 * 1024, 0);
    refused(json!({"signImg": data_url("image/png", &big)}), "图片大小超过500KB").await;
    assert_eq!(s.get(SIGN, Some(&nurse)).await.ok(), &json!([]));
}

/// [{id, fullName, isDefault}] as sorted (id, fullName, isDefault).
fn memberships(list: &Value) -> Vec<(String, String, bool)> {
    let mut got: Vec<(String, String, bool)> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["id"].as_str().unwrap().to_string(), o["fullName"].as_str().unwrap().to_string(), o["isDefault"].as_bool().unwrap()))
        .collect();
    got.sort();
    got
}

// PROF-007: GET …/Current/getUserOrganizes and getUserPositions answer the caller's own
// organisations (by name path) and positions as [{id, fullName, isDefault}], the current one
// marked.
async fn prof_007_own_organisations_and_positions(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let hospital = organisation(&s, &admin, "-1", false, "第一医院", "h1").await;
    let surgery = organisation(&s, &admin, &hospital, true, "外科", "wk").await;
    let other = organisation(&s, &admin, "-1", false, "第二医院", "h2").await;
    let position = |organize: String, name: &'static str, code: &'static str| {
        let s = &s;
        let admin = admin.clone();
        async move {
            s.post("/api/permission/Position", Some(&admin), json!({"organizeId": organize, "fullName": name, "enCode": code, "type": "general"})).await.ok();
            s.get(&format!("/api/permission/Position?keyword={code}"), Some(&admin)).await.ok()["list"][0]["id"].as_str().unwrap().to_string()
        }
    };
    let surgeon = position(surgery.clone(), "外科医生", "surgeon").await;
    let teacher = position(other.clone(), "带教老师", "teacher").await;
    let created = s
        .post(
            "/api/permission/Users",
            Some(&admin),
            json!({"account": "zhangsan", "realName": "张三", "gender": 1, "organizeIdTree": [[hospital, surgery], [other]],
                   "positionId": format!("{surgeon},{teacher}"), "enabledMark": 1}),
        )
        .await;
    let data = created.ok().clone();
    let id = data["id"].as_str().unwrap().to_string();
    let mut conn = s.conn().await;
    mark_password_changed(&mut conn, &id).await;
    let (organize_id, position_id): (String, String) =
        sqlx::query_as("SELECT organize_id, position_id FROM base_user WHERE id = $1").bind(&id).fetch_one(&mut *conn).await.unwrap();
    drop(conn);
    let token = s.sign_in("zhangsan", data["initialPassword"].as_str().unwrap()).await;

    let mut got = memberships(s.get("/api/permission/Users/Current/getUserOrganizes", Some(&token)).await.ok());
    let mut want = vec![
        (surgery.clone(), "第一医院/外科".to_string(), organize_id == surgery),
        (other.clone(), "第二医院".to_string(), organize_id == other),
    ];
    want.sort();
    assert_eq!(got, want);
    assert_eq!(got.iter().filter(|o| o.2).count(), 1, "the current organisation is marked");

    got = memberships(s.get("/api/permission/Users/Current/getUserPositions", Some(&token)).await.ok());
    let mut want = vec![(surgeon.clone(), "外科医生".to_string(), position_id == surgeon), (teacher.clone(), "带教老师".to_string(), position_id == teacher)];
    want.sort();
    assert_eq!(got, want);
    // Only the caller's own: the administrator holds none of these.
    assert_eq!(s.get("/api/permission/Users/Current/getUserPositions", Some(&admin)).await.ok(), &json!([]));
}

on_both_engines!(prof_009_signature_images, prof_007_own_organisations_and_positions);
