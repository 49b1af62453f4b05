//! The two services a directory is brought from.

use crate::error::AppError;

/// One of the two services, as the wire numbers them (getSynThirdTotal/{1|2}).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Third {
    /// 企业微信 (1).
    WeCom,
    /// 钉钉 (2).
    DingTalk,
}

impl Third {
    pub fn from_path(text: &str) -> Result<Third, AppError> {
        match text.trim() {
            "1" => Ok(Third::WeCom),
            "2" => Ok(Third::DingTalk),
            _ => Err(AppError::bad("第三方类型只能是1（企业微信）或2（钉钉）")),
        }
    }

    pub fn code(self) -> i64 {
        match self {
            Third::WeCom => 1,
            Third::DingTalk => 2,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Third::WeCom => "企业微信",
            Third::DingTalk => "钉钉",
        }
    }

    /// The prefix of the codes (enCode) of the departments it brings.
    pub fn code_prefix(self) -> &'static str {
        match self {
            Third::WeCom => "wecom",
            Third::DingTalk => "dingtalk",
        }
    }

    /// The setting of its address, as the README names it.
    pub(super) fn variable(self) -> &'static str {
        match self {
            Third::WeCom => "QIMING_WECOM_BASE_URL",
            Third::DingTalk => "QIMING_DINGTALK_BASE_URL",
        }
    }
}
