-- Third-party office chat sync (issue 11; spec 02 §7.11; jnpf-wire-areas.md §2.6): what the
-- organisation and user sync calls have sent to WeCom (企业微信, third_type 1) and DingTalk
-- (钉钉, third_type 2).
--
-- One row per system object and service: object_type 1 an organisation (company or
-- department, sent as a department), 2 a user; third_id the object's id on the service (a
-- department id, a userid), kept from the first successful creation so later runs update it;
-- state 1 synced, 2 failed (message: the service's errmsg or why it was not sent); sync_time
-- the last attempt (ms). The totals (SynThirdInfo/getSynThirdTotal) count these rows against
-- the system's organisations and users.
CREATE TABLE base_syn_third_info (
    third_type  BIGINT NOT NULL,
    object_type BIGINT NOT NULL,
    sys_id      TEXT NOT NULL,
    third_id    TEXT NOT NULL DEFAULT '',
    state       BIGINT NOT NULL,
    message     TEXT NOT NULL DEFAULT '',
    sync_time   BIGINT NOT NULL,
    PRIMARY KEY (third_type, object_type, sys_id)
);

-- A sync run in progress, per service and object type: a run takes the row (or one older
-- than the stale limit) and deletes it when done, so a second click, or another server
-- process sharing the database, answers 正在进行同步,请稍等 instead of creating everything
-- twice on the service.
CREATE TABLE qiming_third_sync_run (
    third_type  BIGINT NOT NULL,
    object_type BIGINT NOT NULL,
    run_id      TEXT NOT NULL,
    started     BIGINT NOT NULL,
    PRIMARY KEY (third_type, object_type)
);

-- Data-interface variables (数据接口变量, DI-002, DI-008; spec 02 §7.8): named values kept
-- beside an interface (its expression, the script the designer writes, and its value), with an
-- enabled/disabled state. A name is used once across all interfaces; deleting an interface
-- deletes its variables.
CREATE TABLE base_data_interface_variate (
    id                  TEXT PRIMARY KEY,
    interface_id        TEXT NOT NULL REFERENCES base_data_interface (id) ON DELETE CASCADE,
    full_name           TEXT NOT NULL UNIQUE,
    expression          TEXT NOT NULL DEFAULT '',
    value               TEXT NOT NULL DEFAULT '',
    sort_code           BIGINT NOT NULL DEFAULT 0,
    enabled_mark        BIGINT NOT NULL DEFAULT 1,
    description         TEXT NOT NULL DEFAULT '',
    creator_time        BIGINT NOT NULL,
    creator_user_id     TEXT NOT NULL DEFAULT '',
    last_modify_time    BIGINT,
    last_modify_user_id TEXT NOT NULL DEFAULT ''
);
CREATE INDEX base_data_interface_variate_interface ON base_data_interface_variate (interface_id, sort_code);
