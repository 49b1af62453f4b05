-- The organisation model (spec 02 §3, §7.5–7.6; jnpf-wire-areas.md §1): companies and
-- departments in one tree, positions, organisation and global roles, groups, and what users
-- belong to; the menus' permission items for the authorisation wizard and data permission.

-- Companies and departments. id_tree holds the ids from the top to the node itself joined by
-- ',' and name_tree the names joined by '/': both are rewritten for a whole subtree when a
-- node moves or is renamed, so "this organisation and below" is a prefix match.
CREATE TABLE base_organize (
    id                  TEXT PRIMARY KEY,
    parent_id           TEXT NOT NULL DEFAULT '-1',
    category            TEXT NOT NULL CHECK (category IN ('company', 'department')),
    full_name           TEXT NOT NULL,
    en_code             TEXT NOT NULL UNIQUE,
    manager_id          TEXT NOT NULL DEFAULT '',
    property_json       TEXT NOT NULL DEFAULT '{}',
    id_tree             TEXT NOT NULL,
    name_tree           TEXT NOT NULL,
    sort_code           BIGINT NOT NULL DEFAULT 0,
    enabled_mark        BIGINT NOT NULL DEFAULT 1,
    description         TEXT NOT NULL DEFAULT '',
    creator_time        BIGINT NOT NULL,
    creator_user_id     TEXT NOT NULL DEFAULT '',
    last_modify_time    BIGINT,
    last_modify_user_id TEXT NOT NULL DEFAULT ''
);
CREATE INDEX base_organize_parent ON base_organize (parent_id, sort_code);
CREATE INDEX base_organize_tree ON base_organize (id_tree);

-- Positions belong to one organisation.
CREATE TABLE base_position (
    id                  TEXT PRIMARY KEY,
    organize_id         TEXT NOT NULL REFERENCES base_organize (id),
    full_name           TEXT NOT NULL,
    en_code             TEXT NOT NULL UNIQUE,
    type                TEXT NOT NULL DEFAULT '',
    sort_code           BIGINT NOT NULL DEFAULT 0,
    enabled_mark        BIGINT NOT NULL DEFAULT 1,
    description         TEXT NOT NULL DEFAULT '',
    creator_time        BIGINT NOT NULL,
    creator_user_id     TEXT NOT NULL DEFAULT '',
    last_modify_time    BIGINT,
    last_modify_user_id TEXT NOT NULL DEFAULT ''
);
CREATE INDEX base_position_organize ON base_position (organize_id);

-- Groups (type: the id of a groupType dictionary item).
CREATE TABLE base_group (
    id                  TEXT PRIMARY KEY,
    full_name           TEXT NOT NULL,
    en_code             TEXT NOT NULL UNIQUE,
    type                TEXT NOT NULL DEFAULT '',
    sort_code           BIGINT NOT NULL DEFAULT 0,
    enabled_mark        BIGINT NOT NULL DEFAULT 1,
    description         TEXT NOT NULL DEFAULT '',
    creator_time        BIGINT NOT NULL,
    creator_user_id     TEXT NOT NULL DEFAULT '',
    last_modify_time    BIGINT,
    last_modify_user_id TEXT NOT NULL DEFAULT ''
);

-- Roles are global (global_mark 1, under the picker's root id '1') or belong to organisations.
ALTER TABLE base_role ADD COLUMN global_mark BIGINT NOT NULL DEFAULT 1;
ALTER TABLE base_role ADD COLUMN creator_user_id TEXT NOT NULL DEFAULT '';
ALTER TABLE base_role ADD COLUMN last_modify_time BIGINT;
ALTER TABLE base_role ADD COLUMN last_modify_user_id TEXT NOT NULL DEFAULT '';

-- What belongs to an organisation besides users and positions: organisation roles.
CREATE TABLE base_organize_relation (
    organize_id TEXT NOT NULL REFERENCES base_organize (id) ON DELETE CASCADE,
    object_type TEXT NOT NULL,
    object_id   TEXT NOT NULL,
    PRIMARY KEY (organize_id, object_type, object_id)
);
CREATE INDEX base_organize_relation_object ON base_organize_relation (object_type, object_id);

-- Users: their current organisation and position (one of those in base_user_relation, which
-- holds every 'Organize', 'Position', 'Role' and 'Group' membership), who made and changed
-- them, and the lock of too many failed sign-ins (enabled_mark 2).
ALTER TABLE base_user ADD COLUMN organize_id TEXT NOT NULL DEFAULT '';
ALTER TABLE base_user ADD COLUMN position_id TEXT NOT NULL DEFAULT '';
ALTER TABLE base_user ADD COLUMN creator_user_id TEXT NOT NULL DEFAULT '';
ALTER TABLE base_user ADD COLUMN last_modify_user_id TEXT NOT NULL DEFAULT '';
CREATE INDEX base_user_organize ON base_user (organize_id);
CREATE INDEX base_user_relation_object ON base_user_relation (object_type, object_id);

-- Menus: what the menu admin screen edits beyond the skeleton.
ALTER TABLE base_module ADD COLUMN description TEXT NOT NULL DEFAULT '';
ALTER TABLE base_module ADD COLUMN is_button_authorize BIGINT NOT NULL DEFAULT 0;
ALTER TABLE base_module ADD COLUMN is_column_authorize BIGINT NOT NULL DEFAULT 0;
ALTER TABLE base_module ADD COLUMN is_form_authorize BIGINT NOT NULL DEFAULT 0;
ALTER TABLE base_module ADD COLUMN is_data_authorize BIGINT NOT NULL DEFAULT 0;
ALTER TABLE base_module ADD COLUMN last_modify_time BIGINT;

-- A page's items: buttons form a tree (parent_id); columns and form fields name where they
-- are bound; a 'resource' is a data-permission scheme, whose condition_json the server turns
-- into a row filter over the page's data-authorize fields.
ALTER TABLE base_module_item ADD COLUMN parent_id TEXT NOT NULL DEFAULT '-1';
ALTER TABLE base_module_item ADD COLUMN icon TEXT NOT NULL DEFAULT '';
ALTER TABLE base_module_item ADD COLUMN bind_table TEXT NOT NULL DEFAULT '';
ALTER TABLE base_module_item ADD COLUMN bind_table_name TEXT NOT NULL DEFAULT '';
ALTER TABLE base_module_item ADD COLUMN field_rule BIGINT NOT NULL DEFAULT 0;
ALTER TABLE base_module_item ADD COLUMN child_table_key TEXT NOT NULL DEFAULT '';
ALTER TABLE base_module_item ADD COLUMN condition_json TEXT NOT NULL DEFAULT '';
ALTER TABLE base_module_item ADD COLUMN condition_text TEXT NOT NULL DEFAULT '';
ALTER TABLE base_module_item ADD COLUMN description TEXT NOT NULL DEFAULT '';

-- A page's data-authorize fields: what its schemes may filter on.
CREATE TABLE base_module_data_authorize (
    id               TEXT PRIMARY KEY,
    module_id        TEXT NOT NULL REFERENCES base_module (id) ON DELETE CASCADE,
    en_code          TEXT NOT NULL,
    full_name        TEXT NOT NULL,
    type             TEXT NOT NULL DEFAULT 'varchar',
    condition_symbol TEXT NOT NULL DEFAULT '',
    condition_text   TEXT NOT NULL DEFAULT '',
    bind_table       TEXT NOT NULL DEFAULT '',
    field_rule       BIGINT NOT NULL DEFAULT 0,
    child_table_key  TEXT NOT NULL DEFAULT '',
    sort_code        BIGINT NOT NULL DEFAULT 0,
    enabled_mark     BIGINT NOT NULL DEFAULT 1,
    description      TEXT NOT NULL DEFAULT '',
    creator_time     BIGINT NOT NULL,
    UNIQUE (module_id, en_code)
);

-- Systems: the admin screen's fields.
ALTER TABLE base_system ADD COLUMN description TEXT NOT NULL DEFAULT '';
ALTER TABLE base_system ADD COLUMN property_json TEXT NOT NULL DEFAULT '{}';
ALTER TABLE base_system ADD COLUMN is_main BIGINT NOT NULL DEFAULT 0;
UPDATE base_system SET is_main = 1 WHERE en_code = 'mainSystem';
