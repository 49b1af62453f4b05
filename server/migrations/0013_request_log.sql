-- The request log (category 5: every API call of a signed-in user, with its duration) and the
-- operation log (category 3: every write, with its outcome) share the system log's table.
ALTER TABLE base_sys_log ADD COLUMN request_url TEXT NOT NULL DEFAULT '';
ALTER TABLE base_sys_log ADD COLUMN request_method TEXT NOT NULL DEFAULT '';
ALTER TABLE base_sys_log ADD COLUMN request_duration BIGINT NOT NULL DEFAULT 0;
CREATE INDEX base_sys_log_category ON base_sys_log (category, creator_time);
