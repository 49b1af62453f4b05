-- What the answers cached per session (CurrentUser) are built from changes rarely: users,
-- roles and their grants, menus and their items, systems, the system configuration. Every
-- write to those tables increments this one counter in its own transaction; every request
-- reads it with its session, so a process serves a cached answer only while nothing it was
-- built from has changed — in any process sharing the database.
CREATE TABLE qiming_generation (
    id    BIGINT PRIMARY KEY,
    value BIGINT NOT NULL
);
INSERT INTO qiming_generation (id, value) VALUES (1, 0);
