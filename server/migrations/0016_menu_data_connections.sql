-- A menu's data connection (ModuleDataAuthorizeLink, jnpf-wire-areas.md §1.8): for its list
-- columns (data_type 1), form fields (2) or data permission (3), the database its fields come
-- from (link_id '0': the platform's own) and the tables chosen there (comma-separated). One
-- row per menu and kind; it goes with its menu.
CREATE TABLE base_module_link (
    module_id           TEXT NOT NULL REFERENCES base_module (id) ON DELETE CASCADE,
    data_type           BIGINT NOT NULL,
    link_id             TEXT NOT NULL DEFAULT '0',
    link_tables         TEXT NOT NULL DEFAULT '',
    creator_time        BIGINT NOT NULL,
    creator_user_id     TEXT NOT NULL DEFAULT '',
    last_modify_time    BIGINT,
    last_modify_user_id TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (module_id, data_type)
);
