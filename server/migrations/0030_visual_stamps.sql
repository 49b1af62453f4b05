-- What the record API keeps in memory is checked against these two numbers per model
-- (issue 13's list and read speed): `release_version` is the latest released version — the
-- release that also makes the record tables sets it in its transaction, so a process that
-- sees a newer one reads the definition again —, and `data_version` goes up in every
-- transaction that writes the model's records, so a list's counted total is reused only
-- while no record changed. A model without a row is not released.
CREATE TABLE base_visual_stamp (
    visual_id       TEXT PRIMARY KEY,
    release_version BIGINT NOT NULL,
    data_version    BIGINT NOT NULL DEFAULT 0
);

INSERT INTO base_visual_stamp (visual_id, release_version, data_version)
SELECT visual_id, MAX(version), 0 FROM base_visual_release GROUP BY visual_id;
