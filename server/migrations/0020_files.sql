-- Uploaded files (issue 12): the bytes live in the object store (local disk under the data
-- directory by default) under a generated key; this row is what is known of them. `name` is
-- the generated, unguessable name the client keeps and sends back (`data.name`, `fileId`,
-- `…/Image/{type}/{name}`); the client's own file name is only `original_name`, shown and
-- given back on download, never used to find or store a file.
CREATE TABLE qiming_file (
    id              TEXT PRIMARY KEY,
    name            TEXT NOT NULL,
    storage_key     TEXT NOT NULL,
    original_name   TEXT NOT NULL,
    file_size       BIGINT NOT NULL,
    extension       TEXT NOT NULL,
    -- The MIME type sniffed from the content ('' when it has no known signature).
    detected_type   TEXT NOT NULL,
    md5             TEXT NOT NULL,
    owner_user_id   TEXT NOT NULL,
    -- The upload type: annex, annexpic, userAvatar, IM, workFlow.
    folder_type     TEXT NOT NULL,
    path_type       TEXT NOT NULL,
    folder          TEXT NOT NULL,
    -- 1: private to its owner (isAccount), never served to anyone else.
    is_account      BIGINT NOT NULL,
    created_at      BIGINT NOT NULL
);
CREATE INDEX qiming_file_name ON qiming_file (name);
CREATE INDEX qiming_file_owner ON qiming_file (owner_user_id, created_at);
