-- Signature images of the profile (PROF-009). The client sends and shows them as data-URLs
-- (a small PNG drawn on a canvas), so the checked data-URL itself is kept; `is_default` 1 on
-- at most one row per user (the service keeps it so inside one transaction).
CREATE TABLE base_sign_img (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL,
    sign_img        TEXT NOT NULL,
    is_default      BIGINT NOT NULL,
    creator_time    BIGINT NOT NULL
);
CREATE INDEX base_sign_img_user ON base_sign_img (user_id, creator_time);

-- Which record holds which uploaded file (issue 12, orphans): a file no record holds is
-- removed by housekeeping once it is older than QIMING_FILE_ORPHAN_AGE. `holder_type` names
-- the kind of record (userAvatar, and later form records, notices, chat messages …),
-- `holder_id` the record; a holder replaces its set of files as a whole.
CREATE TABLE qiming_file_use (
    file_id         TEXT NOT NULL,
    holder_type     TEXT NOT NULL,
    holder_id       TEXT NOT NULL,
    created_at      BIGINT NOT NULL,
    PRIMARY KEY (file_id, holder_type, holder_id)
);
CREATE INDEX qiming_file_use_holder ON qiming_file_use (holder_type, holder_id);

-- The same content is stored once (MD5 and size find it); an object is removed only when no
-- row names it any more.
CREATE INDEX qiming_file_content ON qiming_file (md5, file_size);
CREATE INDEX qiming_file_storage_key ON qiming_file (storage_key);
CREATE INDEX qiming_file_orphan ON qiming_file (created_at);
