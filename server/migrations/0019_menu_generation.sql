-- The menus' own generation (db::bump_menu_generation): menus, page items and systems change
-- far less often than users, roles and grants, so the menu snapshot CurrentUser builds every
-- user's menu from stays cached across those changes (issue 10: CurrentUser rebuilt < 10 ms).
INSERT INTO qiming_generation (id, value) VALUES (3, 0);
