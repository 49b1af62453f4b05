//! Files, part two (issue 12): pack download, preview, range requests on the links, the same
//! content stored once, the per-user quota, and orphan files removed by housekeeping.

use crate::files::{WIDGET, PRIVATE, big_pdf, chunk_fields, envelope, fetch, merge, parts, pdf, png, send, send_chunk, test_chunk};
use crate::harness::{Engine, TestServer, start, start_with};
use crate::on_both_engines;
use serde_json::{Value, json};
use std::io::Read as _;
use std::time::Duration;

/// GET without a token, with a Range header.
async fn fetch_range(s: &TestServer, url: &str, range: &str) -> (u16, reqwest::header::HeaderMap, Vec<u8>) {
    let res = s.http.get(format!("{}{url}", s.base)).header("Range", range).send().await.unwrap();
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    (status, headers, res.bytes().await.unwrap().to_vec())
}

fn name_of(answer: &Value) -> String {
    answer["name"].as_str().unwrap().to_string()
}

/// The entries of a zip: (name, content), in order.
fn unzip(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a whole zip");
    (0..archive.len())
        .map(|i| {
            let mut entry = archive.by_index(i).unwrap();
            let mut content = Vec::new();
            entry.read_to_end(&mut content).unwrap();
            (entry.name().unwrap().to_string(), content)
        })
        .collect()
}

/// An MP4's first bytes as content sniffing sees them (an ftyp box), then `len` more.
fn mp4(len: usize) -> Vec<u8> {
    let mut b = b"\0\0\0\x18ftypmp42\0\0\0\0mp42isom".to_vec();
    b.extend((0..len).map(|i| (i % 251) as u8));
    b
}

/// An MP3 with an ID3 tag.
fn mp3() -> Vec<u8> {
    let mut b = b"ID3\x03\0\0\0\0\0\x0a".to_vec();
    b.resize(4096, 0x55);
    b
}

/// An .xlsx workbook with `rows` rows; the first cells hold markup and Chinese.
fn workbook(rows: u32) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name("病历").unwrap();
    sheet.write_string(0, 0, "<script>alert(1)</script>").unwrap();
    sheet.write_string(0, 1, "姓名").unwrap();
    for r in 1..rows {
        sheet.write_string(r, 0, format!("第{r}行")).unwrap();
        sheet.write_number(r, 1, r as f64).unwrap();
    }
    book.save_to_buffer().unwrap()
}

// FILE-013, FILE-015, FILE-045: PackDownload/{type} takes a bare JSON array [{fileId,
// fileName}] and answers {downloadVo: {url, name}, downloadName}; the url opens without the
// Authorization header (with &name= appended as the client does) and answers a zip of the
// files the caller may read — another user's private file and names that are no file are left
// out, two files of one name get distinct entries — as an attachment with its UTF-8 name. No
// file found: 未发现文件. The link expires after 5 minutes.
async fn file_013_015_045_pack_download(engine: Engine) {
    let s = start(engine).await;
    s.create_user("nurse", "Nurse123").await;
    s.create_user("doctor", "Doctor123").await;
    let nurse = s.sign_in("nurse", "Nurse123").await;
    let doctor = s.sign_in("doctor", "Doctor123").await;
    let report = pdf();
    let notes = "护理记录\n".repeat(1000).into_bytes();
    let other_report = [pdf(), b"% second".to_vec()].concat();
    let a = name_of(send(&s, &nurse, "annex", WIDGET, "报告.pdf", &report).await.ok());
    let b = name_of(send(&s, &nurse, "annex", WIDGET, "notes.txt", &notes).await.ok());
    let c = name_of(send(&s, &nurse, "annex", WIDGET, "报告.pdf", &other_report).await.ok());
    let own_private = name_of(send(&s, &nurse, "annex", PRIVATE, "mine.txt", b"only mine").await.ok());
    let theirs = name_of(send(&s, &doctor, "annex", PRIVATE, "secret.txt", b"doctor's").await.ok());
    let items: Vec<Value> = [&a, &b, &c, &own_private, &theirs, &"nothing.pdf".to_string(), &a]
        .iter()
        .map(|id| json!({"fileId": id, "fileName": "shown.pdf"}))
        .collect();
    let answer = s.post("/api/file/PackDownload/annex", Some(&nurse), Value::Array(items)).await;
    let data = answer.ok().clone();
    assert_eq!(data["downloadName"], "报告等4个文件.zip");
    assert_eq!(data["downloadVo"]["name"], "报告等4个文件.zip");
    let url = data["downloadVo"]["url"].as_str().unwrap().to_string();
    assert!(url.starts_with("/api/file/Download?encryption="), "{url}");
    let (status, headers, bytes) = fetch(&s, &format!("{url}&name=报告等4个文件.zip")).await;
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "application/zip");
    // Written as it is sent: a zip built in memory first would have a length up front.
    assert!(headers.get("content-length").is_none(), "{headers:?}");
    assert_eq!(headers["x-content-type-options"], "nosniff");
    let disposition = headers["content-disposition"].to_str().unwrap();
    assert!(disposition.starts_with("attachment;") && disposition.contains("filename*=UTF-8''%E6%8A%A5%E5%91%8A"), "{disposition}");
    let entries = unzip(&bytes);
    let names: Vec<&str> = entries.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["报告.pdf", "notes.txt", "报告 (2).pdf", "mine.txt"]);
    assert_eq!(entries[0].1, report);
    assert_eq!(entries[1].1, notes);
    assert_eq!(entries[2].1, other_report);
    // The doctor packs the nurse's private file and a missing one: nothing found.
    let none = s.post("/api/file/PackDownload/annex", Some(&doctor), json!([{"fileId": own_private, "fileName": "x"}, {"fileId": "0.pdf", "fileName": "y"}])).await;
    none.fails(400, "未发现文件");
    s.post("/api/file/PackDownload/annex", Some(&nurse), json!([])).await.fails(400, "未发现文件");
    // Files of another type are not found under this one.
    s.post("/api/file/PackDownload/annexpic", Some(&nurse), json!([{"fileId": a, "fileName": "报告.pdf"}])).await.fails(400, "未发现文件");
    // One file: the zip is named after it.
    let one = s.post("/api/file/PackDownload/annex", Some(&doctor), json!([{"fileId": b, "fileName": "notes.txt"}])).await;
    assert_eq!(one.ok()["downloadName"], "notes.zip");
    // Expired after 5 minutes.
    s.clock.advance(Duration::from_secs(5 * 60 + 1));
    let (_, _, bytes) = fetch(&s, &url).await;
    assert_eq!(envelope(&bytes)["msg"], "文件不存在或下载链接已过期");
}

// FILE-008, FILE-045: Uploader/Preview?fileName={fileId}&fileVersionId=&fileDownloadUrl= answers
// a url the preview's iframe opens without the Authorization header (the client appends
// &token=…): images, PDF and audio as themselves inline, text as text/plain that may run
// nothing (HTML in a .txt is never rendered), a workbook as an HTML table of escaped cells
// under a policy that runs no script, cut at 500 rows; other types say to download; another
// user's private file does not exist; the link is a preview link only and expires.
async fn file_008_045_preview(engine: Engine) {
    let s = start(engine).await;
    s.create_user("nurse", "Nurse123").await;
    s.create_user("doctor", "Doctor123").await;
    let nurse = s.sign_in("nurse", "Nurse123").await;
    let doctor = s.sign_in("doctor", "Doctor123").await;
    let preview = |name: String, token: String| {
        let s = &s;
        async move { s.get(&format!("/api/file/Uploader/Preview?fileName={name}&fileVersionId=&fileDownloadUrl=%2Fapi%2Ffile%2FImage%2Fannex%2F{name}"), Some(&token)).await }
    };
    let open = |url: String| {
        let s = &s;
        async move { fetch(s, &format!("{url}&token=Bearer%20whatever")).await }
    };
    for (file, content, kind) in [("scan.png", png(20), "image/png"), ("report.pdf", pdf(), "application/pdf"), ("voice.mp3", mp3(), "audio/mpeg")] {
        let folder = if kind == "image/png" { "annexpic" } else { "annex" };
        let name = name_of(send(&s, &nurse, folder, WIDGET, file, &content).await.ok());
        let answer = preview(name, nurse.clone()).await;
        assert_eq!(answer.code(), 200, "{file}: {:#}", answer.body);
        let url = answer.ok().as_str().unwrap().to_string();
        assert!(url.starts_with("/api/file/Preview?encryption="), "{url}");
        let (status, headers, bytes) = open(url).await;
        assert_eq!((status, bytes), (200, content), "{file}");
        assert_eq!(headers["content-type"], kind);
        assert!(headers["content-disposition"].to_str().unwrap().starts_with("inline;"));
        assert_eq!(headers["x-content-type-options"], "nosniff");
    }
    // Text, even text that is HTML, is shown as plain text by a page that may do nothing.
    let page = b"<html><script>alert(1)</script></html>".to_vec();
    let name = name_of(send(&s, &nurse, "annex", WIDGET, "page.txt", &page).await.ok());
    let (status, headers, bytes) = open(preview(name, nurse.clone()).await.ok().as_str().unwrap().to_string()).await;
    assert_eq!((status, bytes), (200, page));
    assert_eq!(headers["content-type"], "text/plain; charset=utf-8");
    let csp = headers["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("sandbox") && csp.contains("default-src 'none'"), "{csp}");

    // A workbook: a table of escaped cells, 500 rows at most, no script.
    let name = name_of(send(&s, &nurse, "annex", WIDGET, "病历.xlsx", &workbook(600)).await.ok());
    let url = preview(name.clone(), nurse.clone()).await.ok().as_str().unwrap().to_string();
    let (status, headers, bytes) = open(url.clone()).await;
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "text/html; charset=utf-8");
    let csp = headers["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("default-src 'none'") && csp.contains("sandbox") && !csp.contains("script-src"), "{csp}");
    let html = String::from_utf8(bytes).unwrap();
    assert!(html.contains("<h2>病历</h2>"), "{html:.300}");
    assert!(html.contains("<td>&lt;script&gt;alert(1)&lt;/script&gt;</td><td>姓名</td>"), "{html:.600}");
    assert!(!html.contains("<script>"));
    assert!(html.contains("<td>第499行</td><td>499</td>") && !html.contains("第500行"));
    assert_eq!(html.matches("<tr>").count(), 500);
    assert!(html.contains("仅显示前500行"));
    // A preview key is not a download key.
    let key = url.split("encryption=").nth(1).unwrap();
    let (_, _, bytes) = fetch(&s, &format!("/api/file/Download?encryption={key}")).await;
    assert_eq!(envelope(&bytes)["code"], 404);

    // Other types: download instead (an Office document that is not a workbook).
    let name = name_of(send(&s, &nurse, "annex", WIDGET, "letter.docx", &workbook(2)).await.ok());
    preview(name, nurse.clone()).await.fails(400, "该类型的文件不支持在线预览，请下载后查看");
    // Another user's private file does not exist for the doctor; a made-up name neither.
    let private = name_of(send(&s, &nurse, "annex", PRIVATE, "mine.pdf", &pdf()).await.ok());
    preview(private.clone(), doctor.clone()).await.fails(404, "文件不存在");
    preview("0123.pdf".into(), nurse.clone()).await.fails(404, "文件不存在");
    preview(private, nurse.clone()).await.ok();
    // The link expires after 30 minutes.
    s.clock.advance(Duration::from_secs(30 * 60 + 1));
    let (_, _, bytes) = open(url).await;
    assert_eq!(envelope(&bytes)["msg"], "文件不存在或下载链接已过期");
}

// FILE-008, FILE-045: a .csv is previewed as the same table as a workbook — UTF-8 (with its
// BOM) and GBK (Excel's CSV on a Chinese Windows) alike, quoted cells kept whole, every cell
// escaped, cut at 500 rows and 50 columns. Core's upload rules take no .csv, so the files are
// uploaded as .txt and renamed in the table (a file brought over from elsewhere).
async fn file_008_045_preview_csv(engine: Engine) {
    let s = start(engine).await;
    let token = s.ready_admin().await;
    let as_csv = |text: Vec<u8>, csv_name: &'static str| {
        let (s, token) = (&s, token.clone());
        async move {
            let name = name_of(send(s, &token, "annex", WIDGET, "data.txt", &text).await.ok());
            let mut conn = s.conn().await;
            sqlx::query("UPDATE qiming_file SET extension = 'csv', original_name = $1 WHERE name = $2")
                .bind(csv_name)
                .bind(&name)
                .execute(&mut *conn)
                .await
                .unwrap();
            let url = s.get(&format!("/api/file/Uploader/Preview?fileName={name}&fileVersionId=&fileDownloadUrl="), Some(&token)).await.ok().as_str().unwrap().to_string();
            let (status, headers, bytes) = fetch(s, &url).await;
            assert_eq!(status, 200);
            assert_eq!(headers["content-type"], "text/html; charset=utf-8");
            String::from_utf8(bytes).unwrap()
        }
    };
    let mut utf8 = "\u{feff}姓名,备注\n张三,\"<script>alert(1)</script>, 多行\n第二行\"\n".as_bytes().to_vec();
    for r in 2..600 {
        utf8.extend_from_slice(format!("第{r}行,{r}\n").as_bytes());
    }
    let html = as_csv(utf8, "名单.csv").await;
    assert!(html.contains("<h2>名单</h2>"), "{html:.300}");
    assert!(html.contains("<tr><td>姓名</td><td>备注</td></tr>"), "the BOM is not a cell's: {html:.400}");
    assert!(html.contains("<td>张三</td><td>&lt;script&gt;alert(1)&lt;/script&gt;, 多行\n第二行</td>"), "{html:.600}");
    assert!(!html.contains("<script>"));
    assert_eq!(html.matches("<tr>").count(), 500);
    assert!(html.contains("<td>第499行</td>") && !html.contains("第500行"));
    assert!(html.contains("仅显示前500行"));

    let (gbk, _, _) = encoding_rs::GBK.encode("科室,床位\n心内科,12\n");
    let html = as_csv(gbk.into_owned(), "床位.csv").await;
    assert!(html.contains("<tr><td>科室</td><td>床位</td></tr><tr><td>心内科</td><td>12</td></tr>"), "{html:.500}");
    assert!(!html.contains("仅显示"));
    let wide: String = (0..60).map(|c| c.to_string()).collect::<Vec<_>>().join(",");
    let html = as_csv(wide.into_bytes(), "宽.csv").await;
    assert!(html.contains("<td>49</td></tr>") && !html.contains("<td>50</td>") && html.contains("前50列"), "{html:.500}");
}

// Range requests on a download link (video and audio seek with them): one range answers 206
// with Content-Range and exactly those bytes, an open or suffix range too; a range outside the
// file or malformed answers 416 with `bytes */size`; several ranges get the whole file; every
// answer carries nosniff.
async fn file_download_link_answers_ranges(engine: Engine) {
    let s = start(engine).await;
    let token = s.ready_admin().await;
    let content = mp4(10_000);
    let size = content.len();
    let name = name_of(send(&s, &token, "annex", WIDGET, "手术.mp4", &content).await.ok());
    let url = s.get(&format!("/api/file/Download/annex/{name}"), Some(&token)).await.ok()["url"].as_str().unwrap().to_string();
    let (status, headers, bytes) = fetch(&s, &url).await;
    assert_eq!((status, bytes.len()), (200, size));
    assert_eq!(headers["content-type"], "video/mp4");
    assert_eq!(headers["accept-ranges"], "bytes");
    assert_eq!(headers["content-length"], size.to_string().as_str());
    for (range, from, to) in [("bytes=0-99", 0, 99), ("bytes=100-", 100, size - 1), ("bytes=-50", size - 50, size - 1), ("bytes=5000-5000", 5000, 5000)] {
        let (status, headers, bytes) = fetch_range(&s, &url, range).await;
        assert_eq!(status, 206, "{range}");
        assert_eq!(headers["content-range"], format!("bytes {from}-{to}/{size}").as_str(), "{range}");
        assert_eq!(bytes, content[from..=to], "{range}");
        assert_eq!(headers["x-content-type-options"], "nosniff");
    }
    for range in [format!("bytes={size}-"), "bytes=abc".to_string(), "items=0-1".to_string()] {
        let (status, headers, bytes) = fetch_range(&s, &url, &range).await;
        assert_eq!(status, 416, "{range}");
        assert_eq!(headers["content-range"], format!("bytes */{size}").as_str());
        assert!(bytes.is_empty());
        assert_eq!(headers["x-content-type-options"], "nosniff");
    }
    let (status, _, bytes) = fetch_range(&s, &url, "bytes=0-1,5-6").await;
    assert_eq!((status, bytes), (200, content));
}

/// The objects kept under `<data dir>/files/<folder>`.
fn objects(s: &TestServer, folder: &str) -> usize {
    let dir = s.state.config.data_dir.join("files").join(folder);
    std::fs::read_dir(dir).map(|d| d.count()).unwrap_or(0)
}

async fn storage_key(s: &TestServer, name: &str) -> String {
    let mut conn = s.conn().await;
    sqlx::query_scalar("SELECT storage_key FROM qiming_file WHERE name = $1").bind(name).fetch_one(&mut *conn).await.unwrap()
}

// The same file is stored once (MD5 and size): a second upload of the same content by another
// user, and a chunked upload of content already kept, make new rows naming the one object;
// each downloads the content. FILE-041: the chunked merge still proves the MD5.
async fn file_041_same_content_is_stored_once(engine: Engine) {
    let s = start(engine).await;
    s.create_user("nurse", "Nurse123").await;
    s.create_user("doctor", "Doctor123").await;
    let nurse = s.sign_in("nurse", "Nurse123").await;
    let doctor = s.sign_in("doctor", "Doctor123").await;
    let content = big_pdf();
    let first = name_of(send(&s, &nurse, "annex", WIDGET, "a.pdf", &content).await.ok());
    let second = name_of(send(&s, &doctor, "annex", WIDGET, "b.pdf", &content).await.ok());
    assert_ne!(first, second, "each upload is its own file");
    assert_eq!(storage_key(&s, &first).await, storage_key(&s, &second).await);
    assert_eq!(objects(&s, "annex"), 1, "one object");
    // Chunked, the same content again.
    let identifier = qiming_core::md5_hex(&content);
    let sizes: Vec<usize> = parts(&content).iter().map(|p| p.len()).collect();
    for (i, part) in parts(&content).into_iter().enumerate() {
        send_chunk(&s, &doctor, &chunk_fields(&identifier, "c.pdf", i + 1, 3, content.len(), sizes[i]), part).await.ok();
    }
    let third = name_of(merge(&s, &doctor, &identifier, "c.pdf", content.len()).await.ok());
    assert_eq!(storage_key(&s, &third).await, storage_key(&s, &first).await);
    assert_eq!(objects(&s, "annex"), 1);
    for (name, token) in [(&first, &nurse), (&second, &doctor), (&third, &doctor)] {
        let url = s.get(&format!("/api/file/Download/annex/{name}"), Some(token)).await.ok()["url"].as_str().unwrap().to_string();
        assert_eq!(qiming_core::md5_hex(&fetch(&s, &url).await.2), identifier);
    }
    // Different content of the same size is another object.
    let mut other = content.clone();
    *other.last_mut().unwrap() = b'!';
    send(&s, &nurse, "annex", WIDGET, "d.pdf", &other).await.ok();
    assert_eq!(objects(&s, "annex"), 2);
}

// The per-user quota (QIMING_UPLOAD_QUOTA_MB): an upload beyond what the user has left is
// refused with a clear message and nothing is kept, the chunked upload is refused on its test
// already; another user has their own quota.
async fn file_upload_quota(engine: Engine) {
    let s = start_with(engine, |c| c.upload_quota_mb = 1).await;
    s.create_user("nurse", "Nurse123").await;
    s.create_user("doctor", "Doctor123").await;
    let nurse = s.sign_in("nurse", "Nurse123").await;
    let doctor = s.sign_in("doctor", "Doctor123").await;
    let mut half = pdf();
    half.resize(600 * 1024, b' ');
    send(&s, &nurse, "annex", WIDGET, "a.pdf", &half).await.ok();
    let mut other = half.clone();
    other[600] = b'x';
    let full = "存储空间不足：每位用户最多可上传1MB的文件，已使用1MB，请删除不用的文件后再上传";
    send(&s, &nurse, "annex", WIDGET, "b.pdf", &other).await.fails(400, full);
    assert_eq!(objects(&s, "annex"), 1, "nothing of the refused upload is kept");
    let content = big_pdf();
    let identifier = qiming_core::md5_hex(&content);
    let fields = chunk_fields(&identifier, "c.pdf", 1, 3, content.len(), crate::files::CHUNK);
    test_chunk(&s, &nurse, &fields).await.fails(400, full);
    // The doctor's quota is their own.
    send(&s, &doctor, "annex", WIDGET, "b.pdf", &other).await.ok();

    // Issue 24 §3: held chunks count against the quota at once, whatever the client
    // announces (a tiny totalSize, 100,000 chunks): the doctor has ~400 KB left, so the first
    // 300 KB chunk is held and the second is refused; nothing of it is kept. An ordinary
    // upload then finds the held chunk counted too.
    let identifier = "0123456789abcdef0123456789abcdef";
    let piece = vec![b'x'; 300 * 1024];
    let fields = chunk_fields(identifier, "d.pdf", 1, 100_000, 1000, piece.len());
    send_chunk(&s, &doctor, &fields, &piece).await.ok();
    let fields = chunk_fields(identifier, "d.pdf", 2, 100_000, 1000, piece.len());
    let refused = send_chunk(&s, &doctor, &fields, &piece).await;
    assert_eq!(refused.code(), 400, "{:#}", refused.body);
    assert!(refused.msg().starts_with("存储空间不足"), "{:#}", refused.body);
    let mut small = pdf();
    small.resize(200 * 1024, b' ');
    let answer = send(&s, &doctor, "annex", WIDGET, "e.pdf", &small).await;
    assert!(answer.code() == 400 && answer.msg().starts_with("存储空间不足"), "{:#}", answer.body);
}

// Issue 24 §3: the quota is reserved atomically — eight parallel 300 KB uploads against a
// 1 MB quota keep at most 1 MB (they stored 2.1 MB when each read the same recorded total);
// the others are refused with the quota's message and leave nothing behind.
async fn file_upload_quota_holds_under_parallel_uploads(engine: Engine) {
    let s = start_with(engine, |c| c.upload_quota_mb = 1).await;
    s.create_user("nurse", "Nurse123").await;
    let nurse = s.sign_in("nurse", "Nurse123").await;
    let bodies: Vec<Vec<u8>> = (0..8u8)
        .map(|i| {
            let mut b = pdf();
            b.resize(300 * 1024, b' ');
            b[600] = b'a' + i;
            b
        })
        .collect();
    let answers = futures_util::future::join_all(bodies.iter().enumerate().map(|(i, b)| {
        let (s, nurse) = (&s, &nurse);
        async move { send(s, nurse, "annex", WIDGET, &format!("{i}.pdf"), b).await }
    }))
    .await;
    let accepted = answers.iter().filter(|a| a.code() == 200).count();
    for a in answers.iter().filter(|a| a.code() != 200) {
        assert!(a.code() == 400 && a.msg().starts_with("存储空间不足"), "{:#}", a.body);
    }
    assert!((1..=3).contains(&accepted), "{accepted} of 8 accepted");
    let mut conn = s.conn().await;
    let used: i64 = sqlx::query_scalar("SELECT CAST(COALESCE(SUM(file_size), 0) AS BIGINT) FROM qiming_file WHERE owner_user_id = (SELECT id FROM base_user WHERE account = 'nurse')")
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert!(used <= 1_048_576 && used == accepted as i64 * 300 * 1024, "stored {used} bytes");
    assert_eq!(objects(&s, "annex"), accepted, "nothing of the refused uploads is kept");
}

// Issue 24 §3: chunks are reserved atomically too — eight parallel 300 KB chunks (of eight
// files) against a 1 MB quota hold at most 1 MB; the others are refused with the quota's
// message and nothing of them is kept.
async fn file_chunk_quota_holds_under_parallel_chunks(engine: Engine) {
    let s = start_with(engine, |c| c.upload_quota_mb = 1).await;
    s.create_user("nurse", "Nurse123").await;
    let nurse = s.sign_in("nurse", "Nurse123").await;
    let piece = vec![b'x'; 300 * 1024];
    let identifiers: Vec<String> = (0..8).map(|i| format!("{i:032x}")).collect();
    let answers = futures_util::future::join_all(identifiers.iter().map(|identifier| {
        let (s, nurse, piece) = (&s, &nurse, &piece);
        async move {
            let fields = chunk_fields(identifier, "p.pdf", 1, 2, 1000, piece.len());
            send_chunk(s, nurse, &fields, piece).await
        }
    }))
    .await;
    let accepted = answers.iter().filter(|a| a.code() == 200).count();
    for a in answers.iter().filter(|a| a.code() != 200) {
        assert!(a.code() == 400 && a.msg().starts_with("存储空间不足"), "{:#}", a.body);
    }
    assert!((1..=3).contains(&accepted), "{accepted} of 8 chunks held");
    let user_id: String = sqlx::query_scalar("SELECT id FROM base_user WHERE account = 'nurse'").fetch_one(&mut *s.conn().await).await.unwrap();
    let held = s.state.files.total_size(&format!("chunks/{user_id}")).await.unwrap();
    assert_eq!(held, accepted as u64 * 300 * 1024, "only the accepted chunks are held");
}

async fn housekeep(s: &TestServer) -> qiming_server::housekeeping::Trimmed {
    qiming_server::housekeeping::run_once(&s.state).await.unwrap()
}

// Orphans: files no record holds are removed by housekeeping once older than
// QIMING_FILE_ORPHAN_AGE, and so are unfinished chunk folders; a file a record holds (the
// avatar, PROF-002) stays, and an object another row still names is never deleted with an
// orphan's row. Choosing a new avatar releases the old one.
async fn file_orphans_are_removed(engine: Engine) {
    let s = start_with(engine, |c| c.file_orphan_age = Duration::from_secs(24 * 3600)).await;
    let token = s.ready_admin().await;
    let face = png(50);
    let avatar = send(&s, &token, "userAvatar", WIDGET, "me.png", &face).await.ok().clone();
    s.put_empty(&format!("/api/permission/Users/Current/Avatar/{}", name_of(&avatar)), Some(&token)).await.ok();
    // The same picture uploaded again elsewhere and never used: an orphan sharing the object.
    let copy = name_of(send(&s, &token, "annexpic", WIDGET, "copy.png", &face).await.ok());
    let loose = name_of(send(&s, &token, "annex", WIDGET, "loose.pdf", &pdf()).await.ok());
    let content = big_pdf();
    let identifier = qiming_core::md5_hex(&content);
    let fields = chunk_fields(&identifier, "big.pdf", 1, 3, content.len(), crate::files::CHUNK);
    send_chunk(&s, &token, &fields, parts(&content)[0]).await.ok();

    let t = housekeep(&s).await;
    assert_eq!((t.orphan_files, t.stale_chunk_folders), (0, 0), "nothing is old yet");
    s.clock.advance(Duration::from_secs(24 * 3600 + 60));
    let token = s.admin().await; // the session of a day ago has expired
    let fresh = name_of(send(&s, &token, "annex", WIDGET, "fresh.pdf", &[pdf(), b"%fresh".to_vec()].concat()).await.ok());
    let t = housekeep(&s).await;
    assert_eq!((t.orphan_files, t.stale_chunk_folders), (2, 1), "{t:?}");
    let mut conn = s.conn().await;
    let mut left: Vec<String> = sqlx::query_scalar("SELECT name FROM qiming_file").fetch_all(&mut *conn).await.unwrap();
    drop(conn);
    left.sort();
    let mut want = vec![name_of(&avatar), fresh.clone()];
    want.sort();
    assert_eq!(left, want, "{copy} and {loose} are gone");
    assert_eq!(objects(&s, "annex"), 1, "loose.pdf's object is gone, fresh.pdf's kept");
    // The avatar's object was shared with the removed copy: still there.
    let (status, _, bytes) = fetch(&s, avatar["url"].as_str().unwrap()).await;
    assert_eq!((status, bytes), (200, face.clone()));
    assert_eq!(test_chunk(&s, &token, &fields).await.ok()["chunkNumbers"], json!([]), "the stale chunks are gone");

    // A new avatar releases the old one, which goes once it is old.
    let newer = send(&s, &token, "userAvatar", WIDGET, "new.png", &png(60)).await.ok().clone();
    s.put_empty(&format!("/api/permission/Users/Current/Avatar/{}", name_of(&newer)), Some(&token)).await.ok();
    s.clock.advance(Duration::from_secs(24 * 3600 + 60));
    let t = housekeep(&s).await;
    assert_eq!(t.orphan_files, 2, "the old avatar and fresh.pdf: {t:?}");
    assert_eq!(envelope(&fetch(&s, avatar["url"].as_str().unwrap()).await.2)["code"], 404);
    assert_eq!(fetch(&s, newer["url"].as_str().unwrap()).await.0, 200);
    assert_eq!(objects(&s, "userAvatar"), 1);
}

on_both_engines!(
    file_013_015_045_pack_download,
    file_008_045_preview,
    file_008_045_preview_csv,
    file_download_link_answers_ranges,
    file_041_same_content_is_stored_once,
    file_upload_quota,
    file_upload_quota_holds_under_parallel_uploads,
    file_chunk_quota_holds_under_parallel_chunks,
    file_orphans_are_removed,
);
