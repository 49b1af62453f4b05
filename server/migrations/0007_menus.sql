-- Applications and menus as administration data (issue 10, jnpf-wire-areas.md §1.8): who made
-- and changed systems, menus and the menus' permission items, and the indexes the menu tree and
-- the item lists read by.

ALTER TABLE base_system ADD COLUMN creator_user_id TEXT NOT NULL DEFAULT '';
ALTER TABLE base_system ADD COLUMN last_modify_time BIGINT;
ALTER TABLE base_system ADD COLUMN last_modify_user_id TEXT NOT NULL DEFAULT '';

ALTER TABLE base_module ADD COLUMN creator_user_id TEXT NOT NULL DEFAULT '';
ALTER TABLE base_module ADD COLUMN last_modify_user_id TEXT NOT NULL DEFAULT '';
CREATE INDEX base_module_system ON base_module (system_id, parent_id, sort_code);

-- Buttons, columns, form fields and data-permission schemes.
ALTER TABLE base_module_item ADD COLUMN creator_time BIGINT NOT NULL DEFAULT 0;
ALTER TABLE base_module_item ADD COLUMN creator_user_id TEXT NOT NULL DEFAULT '';
ALTER TABLE base_module_item ADD COLUMN last_modify_time BIGINT;
ALTER TABLE base_module_item ADD COLUMN last_modify_user_id TEXT NOT NULL DEFAULT '';
CREATE INDEX base_module_item_kind ON base_module_item (module_id, kind, sort_code);

ALTER TABLE base_module_data_authorize ADD COLUMN creator_user_id TEXT NOT NULL DEFAULT '';
ALTER TABLE base_module_data_authorize ADD COLUMN last_modify_time BIGINT;
ALTER TABLE base_module_data_authorize ADD COLUMN last_modify_user_id TEXT NOT NULL DEFAULT '';
