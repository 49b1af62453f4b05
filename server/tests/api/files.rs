//! Files (issue 12): the common upload `POST /api/file/Uploader/{type}` with core's rules and
//! the type sniffed from the content, uploaded images served to `<img>`, the avatar, and
//! downloads through short-lived links. Every refusal is checked with its message.

use crate::harness::{Answer, Body, Engine, TestServer, start, start_sharing, start_with, upload_with};
use crate::on_both_engines;
use reqwest::Method;
use serde_json::Value;
use std::time::Duration;

/// A PNG as content sniffing sees it (its signature and a header chunk).
pub fn png(extra: usize) -> Vec<u8> {
    let mut b = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89".to_vec();
    b.resize(b.len() + extra, 7);
    b
}

/// A Windows executable's first bytes.
pub fn exe() -> Vec<u8> {
    let mut b = b"MZ\x90\0\x03\0\0\0\x04\0\0\0\xff\xff\0\0".to_vec();
    b.resize(512, 0);
    b
}

pub fn pdf() -> Vec<u8> {
    b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".to_vec()
}

pub async fn send(s: &TestServer, token: &str, kind: &str, fields: &[(&str, &str)], name: &str, content: &[u8]) -> Answer {
    s.call(Method::POST, &format!("/api/file/Uploader/{kind}"), Some(token), upload_with(fields, "file", name, content)).await
}

/// The image widget's fields (FILE-021).
pub const WIDGET: &[(&str, &str)] = &[("pathType", "defaultPath"), ("isAccount", "0"), ("folder", "")];
pub const PRIVATE: &[(&str, &str)] = &[("pathType", "defaultPath"), ("isAccount", "1"), ("folder", "")];

/// GET without a token; answers (status, headers, bytes).
pub async fn fetch(s: &TestServer, url: &str) -> (u16, reqwest::header::HeaderMap, Vec<u8>) {
    let res = s.http.get(format!("{}{url}", s.base)).send().await.unwrap();
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    (status, headers, res.bytes().await.unwrap().to_vec())
}

pub fn envelope(bytes: &[u8]) -> Value {
    serde_json::from_slice(bytes).unwrap_or_else(|_| panic!("not an envelope: {}", String::from_utf8_lossy(bytes)))
}

// FILE-001, FILE-002, FILE-003 (size, type, pathType, isAccount, folder kept; the MD5 of the
// content), FILE-021: an image uploaded as the image widget sends it answers name and url; the
// url shows the image to an <img> without a token, with its sniffed type and nosniff; the
// stored name is generated and the row holds what is known of the file.
async fn file_001_002_003_021_upload_image(engine: Engine) {
    let s = start(engine).await;
    let token = s.ready_admin().await;
    let content = png(100);
    let a = send(&s, &token, "annexpic", WIDGET, "病房#1.png", &content).await;
    let data = a.ok().clone();
    let name = data["name"].as_str().unwrap().to_string();
    assert!(name.ends_with(".png") && name.len() == 36, "a generated name: {name}");
    assert_eq!(data["url"], format!("/api/file/Image/annexpic/{name}"));
    assert_eq!(data["fileName"], "病房1.png", "# removed");
    assert_eq!(data["fileSize"], content.len());
    assert_eq!(data["fileExtension"], "png");
    assert_eq!(data["fileVersionId"], "");

    let (status, headers, bytes) = fetch(&s, data["url"].as_str().unwrap()).await;
    assert_eq!(status, 200);
    assert_eq!(bytes, content);
    assert_eq!(headers["content-type"], "image/png");
    assert_eq!(headers["x-content-type-options"], "nosniff");

    let mut conn = s.conn().await;
    let row: (String, i64, String, String, String, String, String, String, i64) = sqlx::query_as(
        "SELECT original_name, file_size, extension, detected_type, md5, folder_type, path_type, storage_key, is_account FROM qiming_file WHERE name = $1",
    )
    .bind(&name)
    .fetch_one(&mut *conn)
    .await
    .unwrap();
    assert_eq!(row.0, "病房1.png");
    assert_eq!(row.1, content.len() as i64);
    assert_eq!((row.2.as_str(), row.3.as_str()), ("png", "image/png"));
    assert_eq!(row.4, qiming_core::md5_hex(&content));
    assert_eq!((row.5.as_str(), row.6.as_str(), row.8), ("annexpic", "defaultPath", 0));
    assert_eq!(row.7, format!("annexpic/{name}"));
    let on_disk = s.state.config.data_dir.join("files").join(&row.7);
    assert_eq!(std::fs::read(on_disk).unwrap(), content, "stored under the generated name in the data directory");
}

// FILE-011, FILE-012, FILE-018, FILE-019 and the server's own checks: each refusal answers code
// 400 with its reason, and nothing is stored.
async fn file_011_012_018_019_refusals(engine: Engine) {
    let s = start_with(engine, |c| c.upload_max_mb = 12).await;
    let token = s.ready_admin().await;
    let refused = |a: Answer, msg: &str| a.fails(400, msg);
    // FILE-019: not an image, to an image type (SVG is not one either: it can carry script).
    refused(send(&s, &token, "annexpic", WIDGET, "a.pdf", &pdf()).await, "请上传图片");
    refused(send(&s, &token, "userAvatar", WIDGET, "a.svg", b"<svg xmlns='http://www.w3.org/2000/svg'/>").await, "请上传图片");
    // FILE-018: image size limits (10 MB; chat images 5 MB).
    refused(send(&s, &token, "annexpic", WIDGET, "big.png", &png(10 * 1_048_576)).await, "图片大小超过10MB");
    refused(send(&s, &token, "IM", WIDGET, "big.png", &png(5 * 1_048_576)).await, "图片大小超过5MB");
    // FILE-012: files outside the accepted categories.
    refused(send(&s, &token, "annex", WIDGET, "setup.exe", &exe()).await, "不支持上传.exe类型的文件");
    refused(send(&s, &token, "annex", WIDGET, "Makefile", b"all:\n").await, "不支持上传没有扩展名的文件");
    // The content decides, not the name: an executable renamed .jpg, HTML named .pdf, text named .png.
    let mismatch = "文件内容与扩展名不符，请上传真实的文件";
    refused(send(&s, &token, "annexpic", WIDGET, "photo.jpg", &exe()).await, mismatch);
    refused(send(&s, &token, "annex", WIDGET, "photo.jpg", &exe()).await, mismatch);
    refused(send(&s, &token, "annex", WIDGET, "report.pdf", b"<html><script>alert(1)</script></html>").await, mismatch);
    refused(send(&s, &token, "annexpic", WIDGET, "fake.png", b"just text").await, mismatch);
    // The server's maximum (QIMING_UPLOAD_MAX_MB).
    refused(send(&s, &token, "annex", WIDGET, "huge.pdf", &[pdf(), vec![b' '; 12 * 1_048_576]].concat()).await, "文件大小不能超过12MB");
    // Types, names and bodies.
    refused(send(&s, &token, "secret", WIDGET, "a.png", &png(1)).await, "不支持的上传类型：secret");
    refused(send(&s, &token, "annex", WIDGET, "../..", &pdf()).await, "文件名不能为空");
    refused(send(&s, &token, "annex", WIDGET, "empty.txt", b"").await, "不能上传空文件");
    let no_file = s.call(Method::POST, "/api/file/Uploader/annex", Some(&token), Body::Json(serde_json::json!({}))).await;
    refused(no_file, "请上传文件");
    let mut conn = s.conn().await;
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM qiming_file").fetch_one(&mut *conn).await.unwrap();
    assert_eq!(stored, 0, "nothing refused is recorded");
    // What is accepted: a PDF and a text file as attachments, an image at just under 10 MB.
    send(&s, &token, "annex", WIDGET, "report.pdf", &pdf()).await.ok();
    send(&s, &token, "annex", WIDGET, "notes.txt", "笔记".as_bytes()).await.ok();
    send(&s, &token, "annexpic", WIDGET, "ok.png", &png(10 * 1_048_576 - 100)).await.ok();
    // Without a session the upload is refused before anything is read.
    send(&s, "Bearer nobody", "annex", WIDGET, "report.pdf", &pdf()).await.fails(602, "登录凭证无效，请重新登录");
}

// Traversal names: a client's path never reaches the store; only the last part of the name is
// kept (and shown), and the file lands under a generated name inside the data directory.
async fn file_001_traversal_names_are_cleaned(engine: Engine) {
    let s = start(engine).await;
    let token = s.ready_admin().await;
    for (i, evil) in ["../../../../tmp/qiming-evil.png", "..\\..\\windows\\qiming-evil.png", "/etc/qiming-evil.png"].into_iter().enumerate() {
        // Each a different image (the same content would be stored once).
        let a = send(&s, &token, "annexpic", WIDGET, evil, &png(10 + i)).await;
        let data = a.ok();
        assert_eq!(data["fileName"], "qiming-evil.png");
        assert!(!data["name"].as_str().unwrap().contains("evil"));
    }
    assert!(!std::path::Path::new("/tmp/qiming-evil.png").exists());
    assert!(!std::path::Path::new("/etc/qiming-evil.png").exists());
    let dir = s.state.config.data_dir.join("files").join("annexpic");
    let names: Vec<String> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert_eq!(names.len(), 3);
    assert!(names.iter().all(|n| !n.contains("evil")), "{names:?}");
}

// FILE-014, FILE-045: Download/{type}/{fileId} answers a link that works without the
// Authorization header (as the client's plain link opens it, with &name= appended), sends the
// file as an attachment with its UTF-8 name (RFC 6266 filename*), and expires after 5 minutes.
async fn file_014_045_download_link_expires(engine: Engine) {
    let s = start(engine).await;
    let token = s.ready_admin().await;
    let content = pdf();
    let up = send(&s, &token, "annex", WIDGET, "出院小结 #3.pdf", &content).await;
    let name = up.ok()["name"].as_str().unwrap().to_string();
    let link = s.get(&format!("/api/file/Download/annex/{name}"), Some(&token)).await;
    let url = link.ok()["url"].as_str().unwrap().to_string();
    assert!(url.starts_with("/api/file/Download?encryption="), "{url}");
    let (status, headers, bytes) = fetch(&s, &format!("{url}&name=whatever.exe")).await;
    assert_eq!(status, 200);
    assert_eq!(bytes, content);
    assert_eq!(headers["content-type"], "application/pdf");
    assert_eq!(headers["x-content-type-options"], "nosniff");
    let disposition = headers["content-disposition"].to_str().unwrap();
    assert!(disposition.starts_with("attachment;"), "{disposition}");
    assert!(disposition.contains("filename*=UTF-8''%E5%87%BA%E9%99%A2%E5%B0%8F%E7%BB%93%203.pdf"), "{disposition}");
    // Served as often as asked until it expires, then never again.
    assert_eq!(fetch(&s, &url).await.0, 200);
    s.clock.advance(Duration::from_secs(5 * 60 + 1));
    let (_, _, bytes) = fetch(&s, &url).await;
    let expired = envelope(&bytes);
    assert_eq!((expired["code"].as_i64(), expired["msg"].as_str()), (Some(404), Some("文件不存在或下载链接已过期")));
    // A made-up key, and a file that is not there.
    let (_, _, bytes) = fetch(&s, "/api/file/Download?encryption=00112233445566778899aabbccddeeff").await;
    assert_eq!(envelope(&bytes)["code"], 404);
    s.get("/api/file/Download/annex/0123.pdf", Some(&token)).await.fails(404, "文件不存在");
    s.get(&format!("/api/file/Download/annexpic/{name}"), Some(&token)).await.fails(404, "文件不存在");
    // A text file, even one holding HTML, is never sent as something a browser would render.
    let up = send(&s, &token, "annex", WIDGET, "page.txt", b"<html><script>alert(1)</script></html>").await;
    let name = up.ok()["name"].as_str().unwrap().to_string();
    let url = s.get(&format!("/api/file/Download/annex/{name}"), Some(&token)).await.ok()["url"].as_str().unwrap().to_string();
    let (_, headers, _) = fetch(&s, &url).await;
    assert_eq!(headers["content-type"], "application/octet-stream");
    assert!(headers["content-disposition"].to_str().unwrap().starts_with("attachment;"));
    // The Image route serves raster images only: a text attachment is not one, an image
    // attachment is (the file widget shows it from its url).
    assert_eq!(envelope(&fetch(&s, &format!("/api/file/Image/annex/{name}")).await.2)["code"], 404);
    let picture = send(&s, &token, "annex", WIDGET, "scan.png", &png(3)).await.ok()["url"].as_str().unwrap().to_string();
    assert!(picture.starts_with("/api/file/Image/annex/"), "{picture}");
    let (status, headers, bytes) = fetch(&s, &picture).await;
    assert_eq!((status, bytes), (200, png(3)));
    assert_eq!(headers["content-type"], "image/png");
}

// isAccount: a private file is its owner's only. Another member can neither get a download
// link for it nor see it through the open Image route; the owner can download it.
async fn file_003_private_files_stay_private(engine: Engine) {
    let s = start(engine).await;
    s.create_user("nurse", "Nurse123").await;
    s.create_user("doctor", "Doctor123").await;
    let nurse = s.sign_in("nurse", "Nurse123").await;
    let doctor = s.sign_in("doctor", "Doctor123").await;
    let private = send(&s, &nurse, "annex", PRIVATE, "私人.pdf", &pdf()).await.ok()["name"].as_str().unwrap().to_string();
    let private_image = send(&s, &nurse, "annexpic", PRIVATE, "私人.png", &png(5)).await.ok().clone();
    s.get(&format!("/api/file/Download/annex/{private}"), Some(&doctor)).await.fails(404, "文件不存在");
    let image_name = private_image["name"].as_str().unwrap();
    s.get(&format!("/api/file/Download/annexpic/{image_name}"), Some(&doctor)).await.fails(404, "文件不存在");
    let (_, _, bytes) = fetch(&s, private_image["url"].as_str().unwrap()).await;
    assert_eq!(envelope(&bytes)["code"], 404, "a private image is not served without a session");
    // The owner downloads both.
    let url = s.get(&format!("/api/file/Download/annex/{private}"), Some(&nurse)).await.ok()["url"].as_str().unwrap().to_string();
    assert_eq!(fetch(&s, &url).await.2, pdf());
    s.get(&format!("/api/file/Download/annexpic/{image_name}"), Some(&nurse)).await.ok();
    // A file that is not private is downloadable by another member.
    let shared = send(&s, &nurse, "annex", WIDGET, "公开.pdf", &pdf()).await.ok()["name"].as_str().unwrap().to_string();
    s.get(&format!("/api/file/Download/annex/{shared}"), Some(&doctor)).await.ok();
}

// PROF-002: the avatar. An image uploaded to userAvatar is chosen with PUT Avatar/{name}; the
// profile and CurrentUser then show its url, which an <img> loads without a token. Another
// user's upload, a file of another type and a name that does not exist are refused.
async fn prof_002_avatar(engine: Engine) {
    let s = start(engine).await;
    s.create_user("nurse", "Nurse123").await;
    s.create_user("doctor", "Doctor123").await;
    let nurse = s.sign_in("nurse", "Nurse123").await;
    let doctor = s.sign_in("doctor", "Doctor123").await;
    let content = png(64);
    let up = send(&s, &nurse, "userAvatar", WIDGET, "me.png", &content).await;
    let data = up.ok().clone();
    let name = data["name"].as_str().unwrap();
    let url = data["url"].as_str().unwrap();
    assert_eq!(url, format!("/api/file/Image/userAvatar/{name}"));
    s.put_empty(&format!("/api/permission/Users/Current/Avatar/{name}"), Some(&nurse)).await.ok();
    assert_eq!(s.get("/api/permission/Users/Current/BaseInfo", Some(&nurse)).await.ok()["avatar"], url);
    assert_eq!(s.get("/api/oauth/CurrentUser", Some(&nurse)).await.ok()["userInfo"]["headIcon"], url);
    let (status, headers, bytes) = fetch(&s, url).await;
    assert_eq!((status, bytes), (200, content));
    assert_eq!(headers["content-type"], "image/png");
    assert_eq!(headers["x-content-type-options"], "nosniff");
    // Someone else's avatar cannot be taken over.
    s.put_empty(&format!("/api/permission/Users/Current/Avatar/{name}"), Some(&doctor)).await.fails(400, "只能使用自己上传的图片");
    assert_ne!(s.get("/api/permission/Users/Current/BaseInfo", Some(&doctor)).await.ok()["avatar"], url);
    // An image uploaded to another type is not an avatar; nor is a name that is not there.
    let other = send(&s, &nurse, "annexpic", WIDGET, "x.png", &png(1)).await.ok()["name"].as_str().unwrap().to_string();
    s.put_empty(&format!("/api/permission/Users/Current/Avatar/{other}"), Some(&nurse)).await.fails(404, "文件不存在");
    s.put_empty("/api/permission/Users/Current/Avatar/nothing.png", Some(&nurse)).await.fails(404, "文件不存在");
    // The built-in default avatar is still served.
    assert_eq!(fetch(&s, "/api/file/Image/userAvatar/default.svg").await.0, 200);
}

pub const CHUNK: usize = qiming_core::upload::CHUNK_SIZE as usize;

/// simple-uploader's fields for chunk `n` of `total` of a file.
pub fn chunk_fields(identifier: &str, name: &str, n: usize, total: usize, size: usize, this: usize) -> Vec<(String, String)> {
    [
        ("chunkNumber", n.to_string()),
        ("chunkSize", CHUNK.to_string()),
        ("currentChunkSize", this.to_string()),
        ("totalSize", size.to_string()),
        ("identifier", identifier.to_string()),
        ("filename", name.to_string()),
        ("relativePath", name.to_string()),
        ("totalChunks", total.to_string()),
        ("fileType", "application/pdf".to_string()),
        ("extension", "pdf".to_string()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}

pub fn refs(fields: &[(String, String)]) -> Vec<(&str, &str)> {
    fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
}

pub async fn test_chunk(s: &TestServer, token: &str, fields: &[(String, String)]) -> Answer {
    let query: String = fields.iter().map(|(k, v)| format!("{k}={}", v.replace(' ', "%20"))).collect::<Vec<_>>().join("&");
    s.get(&format!("/api/file/chunk?{query}"), Some(token)).await
}

pub async fn send_chunk(s: &TestServer, token: &str, fields: &[(String, String)], bytes: &[u8]) -> Answer {
    s.call(Method::POST, "/api/file/chunk", Some(token), upload_with(&refs(fields), "file", "blob", bytes)).await
}

pub async fn merge(s: &TestServer, token: &str, identifier: &str, name: &str, size: usize) -> Answer {
    let fields = [
        ("identifier", identifier.to_string()),
        ("fileName", name.to_string()),
        ("fileSize", size.to_string()),
        ("fileType", "application/pdf".to_string()),
        ("extension", "pdf".to_string()),
        ("type", "annex".to_string()),
        ("pathType", "defaultPath".to_string()),
        ("isAccount", "0".to_string()),
        ("folder", String::new()),
    ];
    let mut body = Vec::new();
    for (k, v) in &fields {
        body.extend_from_slice(format!("--B\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n").as_bytes());
    }
    body.extend_from_slice(b"--B--\r\n");
    s.call(Method::POST, "/api/file/merge", Some(token), Body::Raw("multipart/form-data; boundary=B", body)).await
}

/// A PDF of a little over two chunks, in three parts as simple-uploader would send them.
pub fn big_pdf() -> Vec<u8> {
    let mut b = pdf();
    b.resize(2 * CHUNK + 300_000, b'%');
    b
}

pub fn parts(content: &[u8]) -> Vec<&[u8]> {
    vec![&content[..CHUNK], &content[CHUNK..2 * CHUNK], &content[2 * CHUNK..]]
}

// FILE-035..037, FILE-039..041: the chunked upload. The test answers which chunks the server
// holds; an upload interrupted after one chunk resumes in a new server process (sharing the
// database and the data directory) from the chunk it lacks; the last chunk's answer says
// merge; the merge checks the whole file's MD5 against identifier and answers the file entry,
// which downloads byte for byte; the chunks are gone afterwards.
async fn file_035_to_041_chunked_upload_resumes(engine: Engine) {
    let s = start(engine).await;
    let token = s.ready_admin().await;
    let content = big_pdf();
    let identifier = qiming_core::md5_hex(&content);
    let name = "CT 影像报告.pdf";
    let sizes: Vec<usize> = parts(&content).iter().map(|p| p.len()).collect();
    let fields = |n: usize| chunk_fields(&identifier, name, n, 3, content.len(), sizes[n - 1]);
    let first = test_chunk(&s, &token, &fields(1)).await;
    assert_eq!(first.ok()["chunkNumbers"], serde_json::json!([]));
    assert_eq!(first.ok()["uploaded"], false);
    assert_eq!(first.ok()["merge"], false);
    let one = send_chunk(&s, &token, &fields(1), parts(&content)[0]).await;
    assert_eq!(one.ok()["chunkNumbers"], serde_json::json!([1]));
    assert_eq!(one.ok()["merge"], false);
    // Another process (a restart) continues: the test says chunk 1 is there.
    let s2 = start_sharing(&s).await;
    let token2 = s2.ready_admin().await;
    assert_eq!(test_chunk(&s2, &token2, &fields(1)).await.ok()["chunkNumbers"], serde_json::json!([1]));
    let two = send_chunk(&s2, &token2, &fields(2), parts(&content)[1]).await;
    assert_eq!(two.ok()["merge"], false);
    let three = send_chunk(&s2, &token2, &fields(3), parts(&content)[2]).await;
    assert_eq!(three.ok()["chunkNumbers"], serde_json::json!([1, 2, 3]));
    assert_eq!(three.ok()["merge"], true, "the answer that completes the file says merge");
    let merged = merge(&s2, &token2, &identifier, name, content.len()).await;
    let entry = merged.ok().clone();
    assert_eq!(entry["fileName"], name);
    assert_eq!(entry["fileSize"], content.len());
    assert_eq!(entry["fileExtension"], "pdf");
    assert_eq!(entry["fileVersionId"], "");
    let file_id = entry["name"].as_str().unwrap();
    let url = s.get(&format!("/api/file/Download/annex/{file_id}"), Some(&token)).await.ok()["url"].as_str().unwrap().to_string();
    let (_, _, bytes) = fetch(&s, &url).await;
    assert_eq!(qiming_core::md5_hex(&bytes), identifier);
    let mut conn = s.conn().await;
    let md5: String = sqlx::query_scalar("SELECT md5 FROM qiming_file WHERE name = $1").bind(file_id).fetch_one(&mut *conn).await.unwrap();
    assert_eq!(md5, identifier);
    assert_eq!(test_chunk(&s, &token, &fields(1)).await.ok()["chunkNumbers"], serde_json::json!([]), "the chunks are gone");
}

// The merge refuses a file whose MD5 is not its identifier, and keeps nothing: neither the
// chunks nor the file. The chunk calls refuse what they cannot take, each with its message.
async fn file_041_merge_with_wrong_md5_keeps_nothing(engine: Engine) {
    let s = start(engine).await;
    let token = s.ready_admin().await;
    let content = big_pdf();
    let wrong = qiming_core::md5_hex(b"something else");
    let sizes: Vec<usize> = parts(&content).iter().map(|p| p.len()).collect();
    for (i, part) in parts(&content).into_iter().enumerate() {
        send_chunk(&s, &token, &chunk_fields(&wrong, "a.pdf", i + 1, 3, content.len(), sizes[i]), part).await.ok();
    }
    merge(&s, &token, &wrong, "a.pdf", content.len()).await.fails(400, "文件校验失败：内容的MD5与identifier不一致，请重新上传");
    let fields = chunk_fields(&wrong, "a.pdf", 1, 3, content.len(), sizes[0]);
    assert_eq!(test_chunk(&s, &token, &fields).await.ok()["chunkNumbers"], serde_json::json!([]), "no chunk kept");
    let mut conn = s.conn().await;
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM qiming_file").fetch_one(&mut *conn).await.unwrap();
    assert_eq!(stored, 0);
    let annex = s.state.config.data_dir.join("files").join("annex");
    assert!(!annex.exists() || std::fs::read_dir(&annex).unwrap().next().is_none(), "no merged file kept");
    // Refusals of the chunk calls.
    let right = qiming_core::md5_hex(&content);
    let bad_id = chunk_fields("not-an-md5", "a.pdf", 1, 3, content.len(), sizes[0]);
    test_chunk(&s, &token, &bad_id).await.fails(400, "identifier应为文件的MD5");
    let exe = chunk_fields(&right, "setup.exe", 1, 3, content.len(), sizes[0]);
    test_chunk(&s, &token, &exe).await.fails(400, "不支持上传.exe类型的文件");
    send_chunk(&s, &token, &exe, parts(&content)[0]).await.fails(400, "不支持上传.exe类型的文件");
    let out_of_range = chunk_fields(&right, "a.pdf", 4, 3, content.len(), sizes[0]);
    send_chunk(&s, &token, &out_of_range, parts(&content)[0]).await.fails(400, "分片序号有误");
    let too_big = [content.clone(), content.clone()].concat();
    send_chunk(&s, &token, &chunk_fields(&right, "a.pdf", 1, 1, too_big.len(), too_big.len()), &too_big).await.fails(400, "分片大小有误");
    // A merge before every chunk is there.
    send_chunk(&s, &token, &chunk_fields(&right, "a.pdf", 1, 3, content.len(), sizes[0]), parts(&content)[0]).await.ok();
    merge(&s, &token, &right, "a.pdf", content.len()).await.fails(400, "文件分片不完整，请重新上传");
}

on_both_engines!(
    file_001_002_003_021_upload_image,
    file_011_012_018_019_refusals,
    file_001_traversal_names_are_cleaned,
    file_014_045_download_link_expires,
    file_003_private_files_stay_private,
    prof_002_avatar,
    file_035_to_041_chunked_upload_resumes,
    file_041_merge_with_wrong_md5_keeps_nothing,
);
