-- The passwords a user had before (issue 11, the system configuration's disableOldPassword /
-- disableTheNumberOfOldPasswords): a change stores the hash it replaces, and a new password
-- is checked against the current one and the newest of these. argon2id PHC strings like
-- base_user.password_hash; a `qiming_` table, so no SQL data interface can read it.
CREATE TABLE qiming_password_history (
    id            TEXT PRIMARY KEY,
    user_id       TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    replaced_at   BIGINT NOT NULL
);
CREATE INDEX qiming_password_history_user ON qiming_password_history (user_id, replaced_at);
