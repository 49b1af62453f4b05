-- The seeded menus' addresses become the JNPF 3.4.7 client's views (issue 25): its 日程安排 is
-- views/extend/schedule, 行政区划 views/system/area and 通知公告 views/system/notice, so the
-- client showed its 404 page for Qiming's `schedule`, `systemData/area` and `msgCenter/notice`.
-- Only the seeded menus still carrying the old address change (an address an administrator
-- set stays); the menus' generation moves so cached menu snapshots are rebuilt.
UPDATE base_module SET url_address = 'extend/schedule' WHERE id = '200000000000000045' AND url_address = 'schedule';
UPDATE base_module SET url_address = 'system/area' WHERE id = '200000000000000043' AND url_address = 'systemData/area';
UPDATE base_module SET url_address = 'system/notice' WHERE id = '200000000000000061' AND url_address = 'msgCenter/notice';
UPDATE qiming_generation SET value = value + 1 WHERE id = 3;
