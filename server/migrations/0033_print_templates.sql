-- Print templates (打印模板, jnpf-wire-engine2.md §6, issue 29) and the print log.
--
-- A template is the JNPF body: name, code, category (an item of the printDev dictionary, by
-- its enCode), type (1 流程表单, 2 功能表单), the data connection, the SQL statements as JSON
-- text ([{"sql": "… @formId …"}]), the designer's left field tree, the HTML template and the
-- page settings (JSON text). Qiming's addition: model_id names a released model whose record
-- (main form and sub-tables) fills the template without SQL; '' for SQL templates.
CREATE TABLE base_print_dev (
    id                  TEXT PRIMARY KEY,
    full_name           TEXT NOT NULL,
    en_code             TEXT NOT NULL UNIQUE,
    category            TEXT NOT NULL DEFAULT '',
    template_type       BIGINT NOT NULL DEFAULT 1,
    db_link_id          TEXT NOT NULL DEFAULT '0',
    sql_template        TEXT NOT NULL DEFAULT '[]',
    left_fields         TEXT NOT NULL DEFAULT '',
    print_template      TEXT NOT NULL DEFAULT '',
    page_param          TEXT NOT NULL DEFAULT '',
    model_id            TEXT NOT NULL DEFAULT '',
    sort_code           BIGINT NOT NULL DEFAULT 0,
    enabled_mark        BIGINT NOT NULL DEFAULT 1,
    description         TEXT NOT NULL DEFAULT '',
    creator_time        BIGINT NOT NULL,
    creator_user_id     TEXT NOT NULL DEFAULT '',
    last_modify_time    BIGINT,
    last_modify_user_id TEXT NOT NULL DEFAULT ''
);
CREATE INDEX base_print_dev_category ON base_print_dev (category, sort_code);

-- What was printed: one row per print (printLog/save after the browser's print dialog
-- closed), listed per template in the designer's 日志 panel.
CREATE TABLE base_print_log (
    id              TEXT PRIMARY KEY,
    print_id        TEXT NOT NULL,
    print_title     TEXT NOT NULL DEFAULT '',
    print_num       BIGINT NOT NULL DEFAULT 0,
    creator_time    BIGINT NOT NULL,
    creator_user_id TEXT NOT NULL DEFAULT ''
);
CREATE INDEX base_print_log_template ON base_print_log (print_id, creator_time);
