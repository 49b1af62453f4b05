//! Integration tests: the real server over HTTP, every scenario on SQLite and PostgreSQL.
//! Test names carry the checklist IDs they prove (spec/CHECKLIST.md).

mod harness;
mod https;

mod access;
mod circles;
mod authorisation_matrix;
mod authority;
mod area;
mod bill_rule;
mod data_interface;
mod data_interface_variate;
mod edge;
mod files;
mod first_start;
mod hardening;
mod layers;
mod log;
mod menu;
mod message;
mod message_live;
mod online;
mod portal;
mod print_dev;
mod ops;
mod organize;
mod permission;
mod group;
mod jnpf_client;
mod dictionary;
mod position;
mod profile;
mod role;
mod schedule;
mod user;
mod visualdev;
mod schema;
mod security;
mod session;
mod sys_config;
mod sign_in;
mod signatures;
mod file_links;
mod file_s3;
mod third_party;
mod wire;
