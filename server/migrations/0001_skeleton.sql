-- Qiming's walking skeleton: systems, users, roles, menus and their authorisation, system
-- configuration, sessions, sign-in throttling, captchas, the login log and dictionaries.
-- Portable conventions (same text as the postgres folder for now): ids TEXT, times BIGINT
-- epoch milliseconds, flags BIGINT 0/1.

CREATE TABLE base_system (
    id           TEXT PRIMARY KEY,
    full_name    TEXT NOT NULL,
    en_code      TEXT NOT NULL UNIQUE,
    icon         TEXT NOT NULL DEFAULT '',
    sort_code    BIGINT NOT NULL DEFAULT 0,
    enabled_mark BIGINT NOT NULL DEFAULT 1,
    creator_time BIGINT NOT NULL
);

CREATE TABLE base_user (
    id                   TEXT PRIMARY KEY,
    account              TEXT NOT NULL UNIQUE,
    real_name            TEXT NOT NULL,
    password_hash        TEXT NOT NULL,
    is_administrator     BIGINT NOT NULL DEFAULT 0,
    enabled_mark         BIGINT NOT NULL DEFAULT 1,
    change_password_date BIGINT,
    head_icon            TEXT NOT NULL DEFAULT '',
    gender               TEXT NOT NULL DEFAULT '',
    birthday             BIGINT,
    mobile_phone         TEXT NOT NULL DEFAULT '',
    tele_phone           TEXT NOT NULL DEFAULT '',
    email                TEXT NOT NULL DEFAULT '',
    urgent_contacts      TEXT NOT NULL DEFAULT '',
    urgent_tele_phone    TEXT NOT NULL DEFAULT '',
    postal_address       TEXT NOT NULL DEFAULT '',
    signature            TEXT NOT NULL DEFAULT '',
    nation               TEXT NOT NULL DEFAULT '',
    native_place         TEXT NOT NULL DEFAULT '',
    certificates_type    TEXT NOT NULL DEFAULT '',
    certificates_number  TEXT NOT NULL DEFAULT '',
    education            TEXT NOT NULL DEFAULT '',
    theme                TEXT NOT NULL DEFAULT 'classic',
    language             TEXT NOT NULL DEFAULT 'zh-CN',
    system_id            TEXT REFERENCES base_system (id) ON DELETE SET NULL,
    portal_id            TEXT NOT NULL DEFAULT '',
    description          TEXT NOT NULL DEFAULT '',
    sort_code            BIGINT NOT NULL DEFAULT 0,
    creator_time         BIGINT NOT NULL,
    last_modify_time     BIGINT
);

CREATE TABLE base_role (
    id           TEXT PRIMARY KEY,
    full_name    TEXT NOT NULL,
    en_code      TEXT NOT NULL UNIQUE,
    enabled_mark BIGINT NOT NULL DEFAULT 1,
    sort_code    BIGINT NOT NULL DEFAULT 0,
    description  TEXT NOT NULL DEFAULT '',
    creator_time BIGINT NOT NULL
);

-- A user's memberships: object_type 'Role' now; positions and groups later.
CREATE TABLE base_user_relation (
    user_id     TEXT NOT NULL REFERENCES base_user (id) ON DELETE CASCADE,
    object_type TEXT NOT NULL,
    object_id   TEXT NOT NULL,
    PRIMARY KEY (user_id, object_type, object_id)
);

-- Menus (JNPF "module"): type 0..8 of spec 01 §2.2; root parent_id '-1'.
CREATE TABLE base_module (
    id            TEXT PRIMARY KEY,
    parent_id     TEXT NOT NULL DEFAULT '-1',
    system_id     TEXT NOT NULL REFERENCES base_system (id) ON DELETE CASCADE,
    full_name     TEXT NOT NULL,
    en_code       TEXT NOT NULL UNIQUE,
    icon          TEXT NOT NULL DEFAULT '',
    type          BIGINT NOT NULL,
    url_address   TEXT NOT NULL DEFAULT '',
    link_target   TEXT NOT NULL DEFAULT '_self',
    category      TEXT NOT NULL DEFAULT 'Web',
    property_json TEXT NOT NULL DEFAULT '{}',
    sort_code     BIGINT NOT NULL DEFAULT 0,
    enabled_mark  BIGINT NOT NULL DEFAULT 1,
    creator_time  BIGINT NOT NULL
);

-- A page's buttons, list columns, form fields and resources, matched by en_code.
CREATE TABLE base_module_item (
    id           TEXT PRIMARY KEY,
    module_id    TEXT NOT NULL REFERENCES base_module (id) ON DELETE CASCADE,
    kind         TEXT NOT NULL CHECK (kind IN ('button', 'column', 'form', 'resource')),
    full_name    TEXT NOT NULL,
    en_code      TEXT NOT NULL,
    sort_code    BIGINT NOT NULL DEFAULT 0,
    enabled_mark BIGINT NOT NULL DEFAULT 1,
    UNIQUE (module_id, kind, en_code)
);

-- What a role may use: item_type 'module' (a menu id) or a module_item kind (its id).
CREATE TABLE base_authorize (
    object_type TEXT NOT NULL,
    object_id   TEXT NOT NULL,
    item_type   TEXT NOT NULL,
    item_id     TEXT NOT NULL,
    PRIMARY KEY (object_type, object_id, item_type, item_id)
);

-- System configuration: one JSON value per key (the allow-list lives in system::config).
CREATE TABLE base_sys_config (
    config_key   TEXT PRIMARY KEY,
    config_value TEXT NOT NULL
);

-- Sessions, keyed by the SHA-256 of the token (the token itself is never stored).
CREATE TABLE base_user_session (
    token_hash      TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES base_user (id) ON DELETE CASCADE,
    created_at      BIGINT NOT NULL,
    last_seen_at    BIGINT NOT NULL,
    expires_at      BIGINT NOT NULL,
    revoked_at      BIGINT,
    revoked_reason  TEXT,
    locked          BIGINT NOT NULL DEFAULT 0,
    unlock_failures BIGINT NOT NULL DEFAULT 0,
    ip_address      TEXT NOT NULL DEFAULT '',
    ip_address_name TEXT NOT NULL DEFAULT '',
    user_agent      TEXT NOT NULL DEFAULT ''
);
CREATE INDEX base_user_session_user ON base_user_session (user_id);

-- Failed sign-ins per account ('account:<name>') and per address ('address:<ip>').
CREATE TABLE base_login_throttle (
    throttle_key TEXT PRIMARY KEY,
    failures     BIGINT NOT NULL,
    window_start BIGINT NOT NULL,
    locked_until BIGINT NOT NULL DEFAULT 0
);

-- Issued captcha answers: single use, short-lived.
CREATE TABLE base_captcha (
    captcha_key TEXT PRIMARY KEY,
    code        TEXT NOT NULL,
    expires_at  BIGINT NOT NULL
);

-- System log; category 1 is the login log (login_mark 1 success, 0 failure).
CREATE TABLE base_sys_log (
    id              TEXT PRIMARY KEY,
    category        BIGINT NOT NULL,
    user_id         TEXT,
    user_name       TEXT NOT NULL DEFAULT '',
    login_mark      BIGINT NOT NULL DEFAULT 1,
    abstracts       TEXT NOT NULL DEFAULT '',
    ip_address      TEXT NOT NULL DEFAULT '',
    ip_address_name TEXT NOT NULL DEFAULT '',
    platform        TEXT NOT NULL DEFAULT '',
    browser         TEXT NOT NULL DEFAULT '',
    user_agent      TEXT NOT NULL DEFAULT '',
    creator_time    BIGINT NOT NULL
);
CREATE INDEX base_sys_log_user ON base_sys_log (user_id, category, creator_time);

CREATE TABLE base_dictionary_type (
    id           TEXT PRIMARY KEY,
    parent_id    TEXT NOT NULL DEFAULT '-1',
    full_name    TEXT NOT NULL,
    en_code      TEXT NOT NULL UNIQUE,
    is_tree      BIGINT NOT NULL DEFAULT 0,
    category     TEXT NOT NULL DEFAULT '0',
    sort_code    BIGINT NOT NULL DEFAULT 0,
    enabled_mark BIGINT NOT NULL DEFAULT 1,
    description  TEXT NOT NULL DEFAULT '',
    creator_time BIGINT NOT NULL
);

CREATE TABLE base_dictionary_data (
    id                 TEXT PRIMARY KEY,
    dictionary_type_id TEXT NOT NULL REFERENCES base_dictionary_type (id) ON DELETE CASCADE,
    parent_id          TEXT NOT NULL DEFAULT '0',
    full_name          TEXT NOT NULL,
    en_code            TEXT NOT NULL,
    sort_code          BIGINT NOT NULL DEFAULT 0,
    enabled_mark       BIGINT NOT NULL DEFAULT 1,
    description        TEXT NOT NULL DEFAULT '',
    creator_time       BIGINT NOT NULL,
    UNIQUE (dictionary_type_id, en_code)
);

-- Seed files already applied (fixtures/seed/<name>), so each runs once per database.
CREATE TABLE qiming_seed (
    name       TEXT PRIMARY KEY,
    applied_at BIGINT NOT NULL
);
