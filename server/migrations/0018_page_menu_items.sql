-- The seeded pages (type 2; forms 3 and dictionaries 4 likewise) were stored with their
-- permission-item flags off, so the menu page (system/menu) offered none of 按钮权限, 列表权限
-- and 表单权限 for them, though they have buttons. The JNPF client turns these on for such
-- types, and a menu made through the API has them on unless sent off: a page with all four
-- off can only be a seeded one. Data permission stays as it is (on, it would limit members to
-- the schemes granted to them). New installs seed them so (permission::repo::menu).
UPDATE base_module
SET is_button_authorize = 1, is_column_authorize = 1, is_form_authorize = 1
WHERE type IN (2, 3, 4)
  AND is_button_authorize = 0 AND is_column_authorize = 0 AND is_form_authorize = 0 AND is_data_authorize = 0;
