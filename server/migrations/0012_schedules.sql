-- Schedules (issue 11; spec 01 §3.12, 02 §2.8, §3, §4.8, §7.9; jnpf-wire-areas.md §2.5).
--
-- One row per occurrence: a repeating schedule is stored as all its occurrences up to its
-- repeat end (at most two years, 1 000 rows), written in one transaction and sharing
-- group_id; a schedule that does not repeat is a group of one. category is the wire's `type`,
-- the id of a scheduleType dictionary item; urgent is '1' 普通, '2' 重要, '3' 紧急; repetition
-- '1' none, '2' daily, '3' weekly, '4' monthly, '5' yearly. start_day and end_day are the
-- occurrence's instants (ms; an all-day one runs from 00:00 of its first day to 23:59 of its
-- last); start_time and end_time the form's 'HH:mm'; duration minutes, or -1 when the end was
-- chosen. repeat_time is the series' repeat end as sent (ms), NULL when it does not repeat.
-- reminder_time (-2 none, -1 at the start, else minutes before) and the reminder's send
-- configuration are kept for the form; no reminder is sent yet.
CREATE TABLE base_schedule (
    id                  TEXT PRIMARY KEY,
    group_id            TEXT NOT NULL,
    category            TEXT NOT NULL,
    urgent              TEXT NOT NULL DEFAULT '1',
    title               TEXT NOT NULL,
    content             TEXT NOT NULL DEFAULT '',
    color               TEXT NOT NULL DEFAULT '',
    all_day             BIGINT NOT NULL DEFAULT 0,
    start_day           BIGINT NOT NULL,
    start_time          TEXT NOT NULL DEFAULT '',
    end_day             BIGINT NOT NULL,
    end_time            TEXT NOT NULL DEFAULT '',
    duration            BIGINT NOT NULL DEFAULT -1,
    reminder_time       BIGINT NOT NULL DEFAULT -2,
    reminder_type       TEXT NOT NULL DEFAULT '1',
    send_config_id      TEXT NOT NULL DEFAULT '',
    send_config_name    TEXT NOT NULL DEFAULT '',
    repetition          TEXT NOT NULL DEFAULT '1',
    repeat_time         BIGINT,
    creator_user_id     TEXT NOT NULL,
    creator_time        BIGINT NOT NULL,
    last_modify_time    BIGINT,
    last_modify_user_id TEXT NOT NULL DEFAULT ''
);
CREATE INDEX base_schedule_group ON base_schedule (group_id, start_day);

-- Who sees an occurrence: its creator and its participants (toUserIds), one row each. The
-- data scope of every schedule query is "a row here is the caller's", so a user reaches the
-- schedules they made or take part in and nobody else's, the administrator included.
CREATE TABLE base_schedule_user (
    schedule_id TEXT NOT NULL REFERENCES base_schedule (id) ON DELETE CASCADE,
    user_id     TEXT NOT NULL,
    PRIMARY KEY (schedule_id, user_id)
);
CREATE INDEX base_schedule_user_user ON base_schedule_user (user_id, schedule_id);
