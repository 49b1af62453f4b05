//! `qiming-core`: every rule that the browser and the server must agree on, written once.
//!
//! The server links this crate natively and enforces the rules on submit; `core-wasm`
//! compiles it to WebAssembly so the web client gives the same answers as the user types.
//! Nothing here does IO, spawns, or panics on any input.

pub mod amount;
pub mod chat;
pub mod date;
pub mod entity;
pub mod flow;
pub mod form;
pub mod formula;
pub mod md5;
pub mod model;
pub mod message;
pub mod number;
pub mod password;
pub mod pattern;
pub mod permission;
pub mod picker;
pub mod profile;
pub mod recompute;
pub mod rules;
pub mod schedule;
pub mod scheme;
pub mod serial;
pub mod upload;
pub mod whitelist;
pub mod widget_kinds;

pub use md5::md5_hex;
pub use message::{FieldErrors, Message};
pub use rules::{NamedRule, validate_rule};
