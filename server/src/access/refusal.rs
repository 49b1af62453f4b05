//! The messages of the access refusals.

pub const MSG_LOCKED: &str = "屏幕已锁定，请先解锁";
pub const MSG_CHANGE_INITIAL_PASSWORD: &str = "请先修改初始密码";
/// The periodic password change is overdue (passwordIsUpdatedRegularly, updateCycle).
pub const MSG_PASSWORD_OVERDUE: &str = "密码已过期，请修改密码";
pub const MSG_FORBIDDEN: &str = "您没有此操作的权限";
