-- Message send configurations and schedule reminders (issue 14).
--
-- A send configuration names how a notice (remindCategory 2, 自定义) or a schedule's
-- reminder is sent (MSG-024: GET /api/message/SendMessageConfig/{id} → {fullName}). Qiming
-- sends in-site messages only, so the one configuration there is is seeded here; the table
-- keeps the JNPF shape so more channels can be added as rows.
CREATE TABLE base_message_send_config (
    id           TEXT PRIMARY KEY,
    full_name    TEXT NOT NULL,
    en_code      TEXT NOT NULL,
    -- The channels as JNPF names them ('1' in-site message).
    message_type TEXT NOT NULL DEFAULT '1',
    description  TEXT NOT NULL DEFAULT '',
    enabled_mark BIGINT NOT NULL DEFAULT 1,
    sort_code    BIGINT NOT NULL DEFAULT 0,
    creator_time BIGINT NOT NULL DEFAULT 0
);
INSERT INTO base_message_send_config (id, full_name, en_code, message_type, description, enabled_mark, sort_code, creator_time)
VALUES ('1000000000000000001', '站内消息', 'inSiteMessage', '1', '通过站内消息发送', 1, 0, 0);

-- When an occurrence's reminder was sent (ms; NULL not yet). The reminder tick claims a due
-- occurrence by setting it where it is NULL, so among several processes exactly one sends it;
-- a change of the occurrence's times clears it.
ALTER TABLE base_schedule ADD COLUMN reminded_at BIGINT;
