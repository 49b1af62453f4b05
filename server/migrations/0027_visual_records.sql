-- The record tables of released models (issue 13). Release creates one physical table per
-- model table, named by the platform (rec_<modelId> for the main table and its 1:1
-- secondary tables' columns, rec_<modelId>_<n> for each sub-table), never after the
-- definition. These two tables remember which physical table and column serves each
-- logical name, and each column's kind, so that a later release adds what is new and refuses
-- a changed kind instead of dropping data.
CREATE TABLE base_visual_table (
    visual_id  TEXT NOT NULL,
    -- '' for the main table, the sub-table widget's __vModel__ for a child table.
    sub_table  TEXT NOT NULL,
    physical   TEXT NOT NULL,
    PRIMARY KEY (visual_id, sub_table)
);

CREATE TABLE base_visual_column (
    physical_table TEXT NOT NULL,
    -- The field's record name (__vModel__) it stores.
    field          TEXT NOT NULL,
    physical       TEXT NOT NULL,
    -- core's ColumnKind as JSON text ({"type":"text"} …).
    kind           TEXT NOT NULL,
    PRIMARY KEY (physical_table, field)
);
