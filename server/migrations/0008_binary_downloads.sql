-- Exports and held uploads may be binary (Excel workbooks): stored base64 in `content` when
-- `is_base64` is 1. `kind` tells a file offered for download ('export') from an upload held
-- for a later step of an import wizard ('upload'), which is never served by its key.
ALTER TABLE qiming_download ADD COLUMN is_base64 BIGINT NOT NULL DEFAULT 0;
ALTER TABLE qiming_download ADD COLUMN kind TEXT NOT NULL DEFAULT 'export';
