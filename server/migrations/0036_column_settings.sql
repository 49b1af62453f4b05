-- Column settings per user and list (issue 28 §3, jnpf-wire-engine2.md §5): what
-- PUT /api/permission/Authority/SetColumnsByModuleId stores and GetColumnsByModuleId answers —
-- the user's columns of one menu's list (order, visibility), as the normalised JSON text of
-- [{prop, label, visible}]. One row per user and menu; the newest save replaces it.
CREATE TABLE base_column_setting (
    user_id          TEXT NOT NULL,
    module_id        TEXT NOT NULL,
    field_list       TEXT NOT NULL DEFAULT '[]',
    last_modify_time BIGINT NOT NULL,
    PRIMARY KEY (user_id, module_id)
);
