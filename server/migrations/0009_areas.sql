-- Areas (行政区划, issue 11; spec 02 §3, §7.8; jnpf-wire-areas.md §2.3): provinces, cities,
-- districts and streets in one tree under '-1', seeded from fixtures/areas/areas.json (the
-- GB/T 2260 codes; see its README) and administered on the 行政区划 page.
--
-- The JNPF name of the table is kept. The code is unique over the whole tree (JNPF refuses a
-- repeated code: 区域编码不能重复). The tree is read one level at a time (the lazy table and
-- the picker), hence the index on the parent.
CREATE TABLE base_province (
    id                  TEXT PRIMARY KEY,
    parent_id           TEXT NOT NULL,
    full_name           TEXT NOT NULL,
    en_code             TEXT NOT NULL UNIQUE,
    sort_code           BIGINT NOT NULL DEFAULT 0,
    enabled_mark        BIGINT NOT NULL DEFAULT 1,
    description         TEXT NOT NULL DEFAULT '',
    creator_time        BIGINT NOT NULL,
    creator_user_id     TEXT NOT NULL DEFAULT '',
    last_modify_time    BIGINT,
    last_modify_user_id TEXT NOT NULL DEFAULT ''
);
CREATE INDEX base_province_parent ON base_province (parent_id, sort_code, en_code);
