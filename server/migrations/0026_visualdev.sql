-- Model definitions (在线开发 / 功能设计, issue 13; jnpf-wire-engine.md §6). base_visual_dev is
-- the draft the designer edits: the JNPF Base fields, its parts kept as the JSON text the
-- client posts. Release copies the checked draft into base_visual_release as a new row per
-- version, never changed afterwards, so a form opened on version n keeps reading version n
-- while the draft moves on. The records' own tables are not made here (next slice).
CREATE TABLE base_visual_dev (
    id                  TEXT PRIMARY KEY,
    full_name           TEXT NOT NULL,
    en_code             TEXT NOT NULL UNIQUE,
    model_type          BIGINT NOT NULL DEFAULT 1,
    web_type            BIGINT NOT NULL DEFAULT 2,
    db_link_id          TEXT NOT NULL DEFAULT '0',
    sort_code           BIGINT NOT NULL DEFAULT 0,
    enable_flow         BIGINT NOT NULL DEFAULT 0,
    state               BIGINT NOT NULL DEFAULT 1,
    category            TEXT NOT NULL DEFAULT '',
    description         TEXT NOT NULL DEFAULT '',
    tables              TEXT NOT NULL DEFAULT '',
    form_data           TEXT NOT NULL DEFAULT '',
    column_data         TEXT NOT NULL DEFAULT '',
    app_column_data     TEXT NOT NULL DEFAULT '',
    interface_id        TEXT NOT NULL DEFAULT '',
    interface_name      TEXT NOT NULL DEFAULT '',
    interface_param     TEXT NOT NULL DEFAULT '',
    is_release          BIGINT NOT NULL DEFAULT 0,
    pc_is_release       BIGINT NOT NULL DEFAULT 0,
    app_is_release      BIGINT NOT NULL DEFAULT 0,
    version             BIGINT NOT NULL DEFAULT 0,
    creator_time        BIGINT NOT NULL,
    creator_user_id     TEXT NOT NULL DEFAULT '',
    last_modify_time    BIGINT,
    last_modify_user_id TEXT NOT NULL DEFAULT ''
);
CREATE INDEX base_visual_dev_category ON base_visual_dev (model_type, category, sort_code);

CREATE TABLE base_visual_release (
    id              TEXT PRIMARY KEY,
    visual_id       TEXT NOT NULL,
    version         BIGINT NOT NULL,
    full_name       TEXT NOT NULL,
    en_code         TEXT NOT NULL,
    web_type        BIGINT NOT NULL,
    tables          TEXT NOT NULL DEFAULT '',
    form_data       TEXT NOT NULL DEFAULT '',
    column_data     TEXT NOT NULL DEFAULT '',
    app_column_data TEXT NOT NULL DEFAULT '',
    interface_id    TEXT NOT NULL DEFAULT '',
    interface_param TEXT NOT NULL DEFAULT '',
    creator_time    BIGINT NOT NULL,
    creator_user_id TEXT NOT NULL DEFAULT '',
    UNIQUE (visual_id, version)
);
