-- In-site messages, notices and internal chat (issue 14).
--
-- A message is one row of base_message: a notice (type 3; a draft until released) or a
-- system (1), workflow (2) or schedule (4) message. Each addressee has one row of
-- base_message_receive with their own read state; the list's `id` is that row's. Unread
-- counts are counted from the rows, so they can never go below zero.
CREATE TABLE base_message (
    id                  TEXT PRIMARY KEY,
    -- 1 system, 2 workflow, 3 notice, 4 schedule (the msgSourceType dictionary's codes).
    type                BIGINT NOT NULL,
    flow_type           BIGINT NOT NULL DEFAULT 1,
    title               TEXT NOT NULL,
    -- HTML (sanitised) for notices and system messages, JSON text for schedule messages and
    -- workflow messages of flowType 2.
    body_text           TEXT NOT NULL DEFAULT '',
    excerpt             TEXT NOT NULL DEFAULT '',
    -- JSON text of upload entries ('' when none).
    files               TEXT NOT NULL DEFAULT '',
    cover_image         TEXT NOT NULL DEFAULT '',
    -- Notices: the NoticeType dictionary item's enCode.
    category            TEXT NOT NULL DEFAULT '',
    -- Notices: the addressees as the mixed picker stores them (`id--type` joined by ','; ''
    -- everyone).
    to_user_ids         TEXT NOT NULL DEFAULT '',
    expiration_time     BIGINT,
    -- 1 default, 2 custom, 3 none.
    remind_category     BIGINT NOT NULL DEFAULT 1,
    send_config_id      TEXT NOT NULL DEFAULT '',
    send_config_name    TEXT NOT NULL DEFAULT '',
    -- Notices: 0 draft, 1 released (2 expired is computed from expiration_time).
    enabled_mark        BIGINT NOT NULL DEFAULT 0,
    release_user_id     TEXT NOT NULL DEFAULT '',
    release_time        BIGINT,
    creator_user_id     TEXT NOT NULL DEFAULT '',
    creator_time        BIGINT NOT NULL,
    last_modify_user_id TEXT NOT NULL DEFAULT '',
    last_modify_time    BIGINT
);
CREATE INDEX base_message_type ON base_message (type, creator_time);

CREATE TABLE base_message_receive (
    id         TEXT PRIMARY KEY,
    message_id TEXT NOT NULL REFERENCES base_message (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES base_user (id) ON DELETE CASCADE,
    -- The message's type, kept here so that unread counts per type need no join.
    type       BIGINT NOT NULL,
    is_read    BIGINT NOT NULL DEFAULT 0,
    read_time  BIGINT,
    created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX base_message_receive_once ON base_message_receive (message_id, user_id);
CREATE INDEX base_message_receive_user ON base_message_receive (user_id, is_read, type);

-- Chat: one row per message; each side deletes its own copy of the history.
CREATE TABLE base_im_content (
    id                TEXT PRIMARY KEY,
    send_user_id      TEXT NOT NULL,
    receive_user_id   TEXT NOT NULL,
    -- text: the text; image, voice: JSON text {path, width, height}.
    content           TEXT NOT NULL,
    content_type      TEXT NOT NULL,
    send_time         BIGINT NOT NULL,
    receive_time      BIGINT,
    -- 0 unread, 1 read by the receiver.
    state             BIGINT NOT NULL DEFAULT 0,
    send_deleted      BIGINT NOT NULL DEFAULT 0,
    receive_deleted   BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX base_im_content_pair ON base_im_content (send_user_id, receive_user_id, send_time);
CREATE INDEX base_im_content_unread ON base_im_content (receive_user_id, state);

-- A user's recent conversations (imreply); removing one (relocation) deletes its row, the
-- next message brings it back.
CREATE TABLE base_im_reply (
    user_id       TEXT NOT NULL,
    other_user_id TEXT NOT NULL,
    reply_time    BIGINT NOT NULL,
    PRIMARY KEY (user_id, other_user_id)
);
