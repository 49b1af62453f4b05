-- The user list with 100 000 users: a page is read in the list's order (sort code, then
-- newest first) without sorting the table.
CREATE INDEX base_user_list ON base_user (sort_code, creator_time DESC, id);
