-- The user list's keyword search over 100 000 users (issue 10): account, real name and mobile
-- phone folded once into one column (permission/user/repo.rs keeps it current; the server fills
-- it for existing rows at start), so a search reads one column instead of folding three per row.
ALTER TABLE base_user ADD COLUMN search_text TEXT;
-- A search scans this index (the folded text and the id) instead of the table's rows.
CREATE INDEX base_user_search ON base_user (search_text, id);

-- Members of an organisation, role, position or group without reading the table itself.
DROP INDEX base_user_relation_object;
CREATE INDEX base_user_relation_object ON base_user_relation (object_type, object_id, user_id);
