-- Data interfaces (数据接口, issue 11; spec 02 §7.8; jnpf-wire-areas.md §2.4): named data
-- sources the forms' option lists, popup selects and auto-complete read — a read-only SELECT
-- over the platform database (dataType 1), static JSON (2) or an HTTP address (3) — and the
-- log of their calls.
--
-- request_headers, request_parameters and property_json hold the client's JSON texts as they
-- were sent (checked as JSON on the way in); query is the SQL or the static JSON text.
CREATE TABLE base_data_interface (
    id                  TEXT PRIMARY KEY,
    category_id         TEXT NOT NULL DEFAULT '',
    full_name           TEXT NOT NULL,
    en_code             TEXT NOT NULL UNIQUE,
    db_link_id          TEXT NOT NULL DEFAULT '0',
    data_type           BIGINT NOT NULL,
    check_type          BIGINT NOT NULL DEFAULT 0,
    request_method      TEXT NOT NULL DEFAULT '',
    path                TEXT NOT NULL DEFAULT '',
    query               TEXT NOT NULL DEFAULT '',
    data_processing     TEXT NOT NULL DEFAULT '',
    request_headers     TEXT NOT NULL DEFAULT '',
    request_parameters  TEXT NOT NULL DEFAULT '',
    property_json       TEXT NOT NULL DEFAULT '',
    response_type       TEXT NOT NULL DEFAULT 'json',
    ip_address          TEXT NOT NULL DEFAULT '',
    sort_code           BIGINT NOT NULL DEFAULT 0,
    enabled_mark        BIGINT NOT NULL DEFAULT 1,
    description         TEXT NOT NULL DEFAULT '',
    creator_time        BIGINT NOT NULL,
    creator_user_id     TEXT NOT NULL DEFAULT '',
    last_modify_time    BIGINT,
    last_modify_user_id TEXT NOT NULL DEFAULT ''
);
CREATE INDEX base_data_interface_category ON base_data_interface (category_id, sort_code);

-- One row per call of an interface (preview, options, list, lookup by ids): who, when, from
-- where, how long, and whether it worked (result: 成功 or the message the caller got).
CREATE TABLE base_data_interface_log (
    id                TEXT PRIMARY KEY,
    invoke_id         TEXT NOT NULL,
    invoke_time       BIGINT NOT NULL,
    user_id           TEXT NOT NULL,
    invoke_ip         TEXT NOT NULL DEFAULT '',
    invoke_device     TEXT NOT NULL DEFAULT '',
    invoke_type       TEXT NOT NULL DEFAULT '',
    invoke_waste_time BIGINT NOT NULL DEFAULT 0,
    success           BIGINT NOT NULL DEFAULT 1,
    result            TEXT NOT NULL DEFAULT ''
);
CREATE INDEX base_data_interface_log_invoke ON base_data_interface_log (invoke_id, invoke_time);

-- What SQL data interfaces read when a query names base_user (the guard rewrites the name):
-- every column but the password hash. A migration that adds a column to base_user recreates
-- this view; the data-interface tests fail while the two differ.
CREATE VIEW qiming_user_directory AS
SELECT id, account, real_name, is_administrator, enabled_mark, change_password_date, head_icon, gender, birthday,
       mobile_phone, tele_phone, email, urgent_contacts, urgent_tele_phone, postal_address, signature, nation,
       native_place, certificates_type, certificates_number, education, theme, language, system_id, portal_id,
       description, sort_code, creator_time, last_modify_time, landline, entry_date, manager_id, organize_id,
       position_id, creator_user_id, last_modify_user_id
FROM base_user;
