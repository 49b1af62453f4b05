//! Integration tests: the real server over HTTP, every scenario on SQLite and PostgreSQL.
//! Test names carry the checklist IDs they prove (spec/CHECKLIST.md).

mod harness;

mod first_start;
mod permission;
mod profile;
mod session;
mod sign_in;
mod wire;
