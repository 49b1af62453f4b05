//! The one list of API routes that do not need a member, and the guard that enforces it on
//! every route the router serves (tests/api/access.rs tries every served route).

use axum::http::Method;

/// What a route asks of its caller before its handler runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// Anyone, signed in or not.
    Nobody,
    /// A valid session, even with the screen locked.
    Session,
    /// A session whose screen is not locked, even before the initial password is changed.
    Unlocked,
    /// A member: unlocked, and the initial password changed where the policy demands it.
    Member,
}

/// Every API route that asks for less than a member. Anything else under /api needs one.
pub const LESS_THAN_MEMBER: &[(Method, &str, Need)] = &[
    // The login page and sign-in.
    (Method::POST, "/api/oauth/Login", Need::Nobody),
    (Method::GET, "/api/oauth/getLoginConfig", Need::Nobody),
    (Method::GET, "/api/oauth/getConfig/{account}", Need::Nobody),
    (Method::GET, "/api/oauth/ImageCode/{codeLength}/{key}", Need::Nobody),
    // The change-password dialog's captcha (also shown before the initial password changes).
    (Method::GET, "/api/file/ImageCode/{key}", Need::Nobody),
    // Images load through <img>, which sends no Authorization header.
    (Method::GET, "/api/file/Image/{type}/{name}", Need::Nobody),
    // Exports open in a plain link too; the url's expiring key is the permission.
    (Method::GET, "/api/file/DownloadModel", Need::Nobody),
    // Uploaded files' download links, the same way (a key valid 5 minutes).
    (Method::GET, "/api/file/Download", Need::Nobody),
    // A preview's page loads in an iframe, the same way (a key valid 30 minutes).
    (Method::GET, "/api/file/Preview", Need::Nobody),
    // Answers 200 with or without a session, or the client would stay signed in.
    (Method::GET, "/api/oauth/Logout", Need::Nobody),
    // Locks and unlocks the screen.
    (Method::POST, "/api/oauth/LockScreen", Need::Session),
    // What the shell and the forced change-password dialog need before the change.
    (Method::GET, "/api/oauth/CurrentUser", Need::Unlocked),
    (Method::POST, "/api/oauth/updatePasswordMessage", Need::Unlocked),
    (Method::GET, "/api/system/SysConfig", Need::Unlocked),
    (Method::GET, "/api/system/SysConfig/getPasswordPolicy", Need::Unlocked),
    (Method::POST, "/api/permission/Users/Current/Actions/ModifyPassword", Need::Unlocked),
];

/// What `method` on the route pattern `path` needs.
pub fn need(method: &Method, path: &str) -> Need {
    LESS_THAN_MEMBER.iter().find(|(m, p, _)| m == method && *p == path).map_or(Need::Member, |(_, _, n)| *n)
}
