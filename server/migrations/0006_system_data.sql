-- System data (issue 11; spec 01 §2.8–2.9, §3.5–3.7; 02 §7.9–7.10; jnpf-wire-areas.md §2):
-- dictionaries as administration data, serial-number rules, and exports to download.

-- Dictionaries record who changed them and when, like every other administration table.
ALTER TABLE base_dictionary_type ADD COLUMN creator_user_id TEXT NOT NULL DEFAULT '';
ALTER TABLE base_dictionary_type ADD COLUMN last_modify_time BIGINT;
ALTER TABLE base_dictionary_type ADD COLUMN last_modify_user_id TEXT NOT NULL DEFAULT '';
ALTER TABLE base_dictionary_data ADD COLUMN creator_user_id TEXT NOT NULL DEFAULT '';
ALTER TABLE base_dictionary_data ADD COLUMN last_modify_time BIGINT;
ALTER TABLE base_dictionary_data ADD COLUMN last_modify_user_id TEXT NOT NULL DEFAULT '';
CREATE INDEX base_dictionary_type_parent ON base_dictionary_type (parent_id, sort_code);
CREATE INDEX base_dictionary_data_parent ON base_dictionary_data (dictionary_type_id, parent_id, sort_code);

-- Row 2 of the generation counter (0002_generation.sql) stands for the dictionaries: every
-- write to a category or an item increments it in its own transaction, so each process serves
-- its cached DictionaryData/All answer only while no dictionary has changed anywhere.
INSERT INTO qiming_generation (id, value) VALUES (2, 0);

-- Serial-number rules. category is the id of a businessType dictionary item; start_number
-- is kept as typed (digits, not all zeros); output_number is the last number issued (empty
-- until one is), from which the next one follows (core's serial::SerialRule::next_after).
CREATE TABLE base_bill_rule (
    id                  TEXT PRIMARY KEY,
    full_name           TEXT NOT NULL,
    en_code             TEXT NOT NULL UNIQUE,
    category            TEXT NOT NULL DEFAULT '',
    prefix              TEXT NOT NULL DEFAULT '',
    date_format         TEXT NOT NULL,
    digit               BIGINT NOT NULL,
    start_number        TEXT NOT NULL,
    example             TEXT NOT NULL DEFAULT '',
    output_number       TEXT NOT NULL DEFAULT '',
    sort_code           BIGINT NOT NULL DEFAULT 0,
    enabled_mark        BIGINT NOT NULL DEFAULT 1,
    description         TEXT NOT NULL DEFAULT '',
    creator_time        BIGINT NOT NULL,
    creator_user_id     TEXT NOT NULL DEFAULT '',
    last_modify_time    BIGINT,
    last_modify_user_id TEXT NOT NULL DEFAULT ''
);
CREATE INDEX base_bill_rule_category ON base_bill_rule (category, sort_code);

-- Exported files (.bdd dictionaries, .bb serial-number rules) waiting to be downloaded. The
-- JNPF client opens the export's url in a plain link, without its Authorization header, so
-- the url carries this table's key: random, unguessable, valid until expires_at. Kept in the
-- database so that any process sharing it serves the download.
CREATE TABLE qiming_download (
    download_key    TEXT PRIMARY KEY,
    file_name       TEXT NOT NULL,
    content         TEXT NOT NULL,
    creator_user_id TEXT NOT NULL,
    expires_at      BIGINT NOT NULL
);
CREATE INDEX qiming_download_expires ON qiming_download (expires_at);
