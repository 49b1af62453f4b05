-- Portals (门户, jnpf-wire-engine2.md §2, issue 31).
--
-- A portal is the JNPF record: name, code, category (an item of the portalDesigner
-- dictionary, by its id), type (0 门户设计: a designed grid in form_data; 1 配置路径: a page
-- or an external address), link type (0 page, 1 external), the addresses, the lock
-- (enabled_lock 1: users may not move the cards), the definition (form_data, JSON text of
-- the designer) and whether it was released to Web (pc) and App menus.
CREATE TABLE base_portal (
    id                  TEXT PRIMARY KEY,
    full_name           TEXT NOT NULL,
    en_code             TEXT NOT NULL UNIQUE,
    category            TEXT NOT NULL DEFAULT '',
    portal_type         BIGINT NOT NULL DEFAULT 0,
    link_type           BIGINT NOT NULL DEFAULT 0,
    custom_url          TEXT NOT NULL DEFAULT '',
    app_custom_url      TEXT NOT NULL DEFAULT '',
    enabled_lock        BIGINT NOT NULL DEFAULT 1,
    form_data           TEXT NOT NULL DEFAULT '',
    pc_is_release       BIGINT NOT NULL DEFAULT 0,
    app_is_release      BIGINT NOT NULL DEFAULT 0,
    sort_code           BIGINT NOT NULL DEFAULT 0,
    enabled_mark        BIGINT NOT NULL DEFAULT 1,
    description         TEXT NOT NULL DEFAULT '',
    creator_time        BIGINT NOT NULL,
    creator_user_id     TEXT NOT NULL DEFAULT '',
    last_modify_time    BIGINT,
    last_modify_user_id TEXT NOT NULL DEFAULT ''
);
CREATE INDEX base_portal_category ON base_portal (category, sort_code);

-- A user's own layout of an unlocked portal (Custom/Save after a drag or a resize), per
-- application (system_id, '' when the client sent none); `auth` answers it instead of the
-- portal's layout.
CREATE TABLE base_portal_custom (
    id           TEXT PRIMARY KEY,
    portal_id    TEXT NOT NULL,
    user_id      TEXT NOT NULL,
    system_id    TEXT NOT NULL DEFAULT '',
    form_data    TEXT NOT NULL,
    creator_time BIGINT NOT NULL,
    UNIQUE (portal_id, user_id, system_id)
);
