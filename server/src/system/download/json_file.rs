//! The JSON files the administration pages export and import back (.bdd dictionaries, .bb
//! serial-number rules, .bd data interfaces, .bdv their variables, .bm menus): one way to
//! offer such a file for download and one way to read an uploaded one, so every import
//! refuses a wrong file with the same words.

use super::service;
use crate::state::AppState;
use crate::error::AppError;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// A kind of exported JSON file.
pub struct JsonFile {
    /// The extension, without the dot (`bdd`).
    pub extension: &'static str,
    /// What the file is called in 请选择.{extension}格式的{name}文件 (字典).
    pub name: &'static str,
    /// What it holds, in 文件内容不是{content} (字典数据).
    pub content: &'static str,
}

impl JsonFile {
    /// Writes `value` as JSON into `{title}.{extension}`, kept for download; answers its url.
    pub async fn offer(&self, state: &AppState, user_id: &str, title: &str, value: &impl Serialize) -> Result<String, AppError> {
        let content = serde_json::to_string(value).map_err(anyhow::Error::from)?;
        service::offer(state, user_id, &format!("{title}.{}", self.extension), &content).await
    }

    /// Reads an uploaded file of this kind: its name must carry the extension and its content
    /// be the JSON of `T`; otherwise a message says which, and where in the content.
    pub fn read<T: DeserializeOwned>(&self, file_name: &str, bytes: &[u8]) -> Result<T, AppError> {
        if !file_name.to_ascii_lowercase().ends_with(&format!(".{}", self.extension)) {
            return Err(AppError::bad(format!("请选择.{}格式的{}文件", self.extension, self.name)));
        }
        let mut de = serde_json::Deserializer::from_slice(bytes);
        serde_path_to_error::deserialize(&mut de).map_err(|e| {
            let path = e.path().to_string();
            if path.is_empty() || path == "." {
                AppError::bad(format!("文件内容不是{}", self.content))
            } else {
                AppError::bad(format!("文件内容不是{}：{path}有误", self.content))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::JsonFile;

    const FILE: JsonFile = JsonFile { extension: "bb", name: "单据规则", content: "单据规则" };

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Rule {
        code: String,
        digit: i64,
    }

    #[test]
    fn wrong_files_are_named() {
        let message = |r: Result<Rule, crate::error::AppError>| r.unwrap_err().to_string();
        assert_eq!(message(FILE.read("a.bd", b"{}")), "请选择.bb格式的单据规则文件");
        assert_eq!(message(FILE.read("a.BB", b"not json")), "文件内容不是单据规则");
        assert_eq!(message(FILE.read("a.bb", b"{\"code\": \"x\"}")), "文件内容不是单据规则");
        assert_eq!(message(FILE.read("a.bb", b"{\"code\": \"x\", \"digit\": \"4\"}")), "文件内容不是单据规则：digit有误");
        assert_eq!(FILE.read::<Rule>("规则.bb", b"{\"code\": \"x\", \"digit\": 4}").unwrap().digit, 4);
    }
}
