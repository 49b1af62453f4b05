-- The workflow engine, first slice (issue 30; jnpf-wire-engine2.md §7; docs/workflow.md).
--
-- A template (流程设计 row) holds one or more flows; a flow (its id is the client's flowId)
-- holds numbered versions of its node tree, one of them the main version that new tasks
-- start on. A task runs on the version it started on to its end.
CREATE TABLE flow_template (
    id                  TEXT PRIMARY KEY,
    full_name           TEXT NOT NULL,
    en_code             TEXT NOT NULL UNIQUE,
    category            TEXT NOT NULL DEFAULT '',
    template_type       BIGINT NOT NULL DEFAULT 0,
    icon                TEXT NOT NULL DEFAULT '',
    icon_background     TEXT NOT NULL DEFAULT '',
    sort_code           BIGINT NOT NULL DEFAULT 0,
    enabled_mark        BIGINT NOT NULL DEFAULT 0,
    description         TEXT NOT NULL DEFAULT '',
    creator_time        BIGINT NOT NULL,
    creator_user_id     TEXT NOT NULL DEFAULT '',
    last_modify_time    BIGINT,
    last_modify_user_id TEXT NOT NULL DEFAULT ''
);

CREATE TABLE flow_definition (
    id              TEXT PRIMARY KEY,
    template_id     TEXT NOT NULL REFERENCES flow_template (id) ON DELETE CASCADE,
    full_name       TEXT NOT NULL,
    sort_code       BIGINT NOT NULL DEFAULT 0,
    main_version_id TEXT NOT NULL DEFAULT ''
);
CREATE INDEX flow_definition_template ON flow_definition (template_id, sort_code);

CREATE TABLE flow_version (
    id               TEXT PRIMARY KEY,
    flow_id          TEXT NOT NULL REFERENCES flow_definition (id) ON DELETE CASCADE,
    version          BIGINT NOT NULL,
    flow_json        TEXT NOT NULL,
    creator_time     BIGINT NOT NULL,
    creator_user_id  TEXT NOT NULL DEFAULT '',
    last_modify_time BIGINT,
    UNIQUE (flow_id, version)
);

-- A running flow. For a form-backed flow its id is the record's id (§7.1). row_version is
-- raised by every transition, which only goes ahead when it finds the version it read: two
-- approvers deciding at once give one transition, the other is refused.
CREATE TABLE flow_task (
    id              TEXT PRIMARY KEY,
    flow_id         TEXT NOT NULL,
    version_id      TEXT NOT NULL,
    template_id     TEXT NOT NULL,
    full_name       TEXT NOT NULL,
    form_data       TEXT NOT NULL DEFAULT '{}',
    status          BIGINT NOT NULL DEFAULT 0,
    flow_urgent     BIGINT NOT NULL DEFAULT 1,
    completion      BIGINT NOT NULL DEFAULT 0,
    this_step       TEXT NOT NULL DEFAULT '',
    this_step_id    TEXT NOT NULL DEFAULT '',
    start_time      BIGINT,
    end_time        BIGINT,
    row_version     BIGINT NOT NULL DEFAULT 0,
    creator_time    BIGINT NOT NULL,
    creator_user_id TEXT NOT NULL,
    last_modify_time BIGINT
);
CREATE INDEX flow_task_creator ON flow_task (creator_user_id, creator_time);

-- A node reached by a task: state 1 current, 0 done, -1 left (rejected past, revoked).
CREATE TABLE flow_task_node (
    id             TEXT PRIMARY KEY,
    task_id        TEXT NOT NULL REFERENCES flow_task (id) ON DELETE CASCADE,
    node_code      TEXT NOT NULL,
    node_name      TEXT NOT NULL DEFAULT '',
    node_type      TEXT NOT NULL DEFAULT '',
    prev_node_code TEXT NOT NULL DEFAULT '',
    state          BIGINT NOT NULL DEFAULT 1,
    creator_time   BIGINT NOT NULL,
    completed_time BIGINT
);
CREATE INDEX flow_task_node_task ON flow_task_node (task_id, state);

-- One person's step at a node: state 0 waiting, 1 handled, -1 no longer needed.
CREATE TABLE flow_task_operator (
    id            TEXT PRIMARY KEY,
    task_id       TEXT NOT NULL REFERENCES flow_task (id) ON DELETE CASCADE,
    task_node_id  TEXT NOT NULL,
    node_code     TEXT NOT NULL,
    node_name     TEXT NOT NULL DEFAULT '',
    handle_id     TEXT NOT NULL,
    state         BIGINT NOT NULL DEFAULT 0,
    handle_status BIGINT,
    creator_time  BIGINT NOT NULL,
    handle_time   BIGINT
);
CREATE INDEX flow_task_operator_user ON flow_task_operator (handle_id, state);
CREATE INDEX flow_task_operator_node ON flow_task_operator (task_node_id, state);

-- 流转记录: handle_status as §7.2 (0 退回, 1 同意, 2 发起, 3 撤回, …).
CREATE TABLE flow_task_record (
    id             TEXT PRIMARY KEY,
    task_id        TEXT NOT NULL REFERENCES flow_task (id) ON DELETE CASCADE,
    task_node_id   TEXT NOT NULL DEFAULT '',
    node_code      TEXT NOT NULL DEFAULT '',
    node_name      TEXT NOT NULL DEFAULT '',
    operator_id    TEXT NOT NULL DEFAULT '',
    handle_id      TEXT NOT NULL,
    handle_status  BIGINT NOT NULL,
    handle_opinion TEXT NOT NULL DEFAULT '',
    sign_img       TEXT NOT NULL DEFAULT '',
    file_list      TEXT NOT NULL DEFAULT '[]',
    handle_time    BIGINT NOT NULL,
    creator_time   BIGINT NOT NULL
);
CREATE INDEX flow_task_record_task ON flow_task_record (task_id, handle_time);
CREATE INDEX flow_task_record_user ON flow_task_record (handle_id, handle_time);

-- 抄送: a copy of a task to a person, made when the node naming them is passed.
CREATE TABLE flow_task_circulate (
    id           TEXT PRIMARY KEY,
    task_id      TEXT NOT NULL REFERENCES flow_task (id) ON DELETE CASCADE,
    task_node_id TEXT NOT NULL DEFAULT '',
    node_code    TEXT NOT NULL DEFAULT '',
    node_name    TEXT NOT NULL DEFAULT '',
    object_id    TEXT NOT NULL,
    creator_time BIGINT NOT NULL
);
CREATE INDEX flow_task_circulate_user ON flow_task_circulate (object_id, creator_time);
