-- The profile fields the JNPF client reads and writes beside the others (jnpf-wire-areas.md
-- §1.1–1.2): the landline, the entry date and the manager.
ALTER TABLE base_user ADD COLUMN landline TEXT NOT NULL DEFAULT '';
ALTER TABLE base_user ADD COLUMN entry_date BIGINT;
ALTER TABLE base_user ADD COLUMN manager_id TEXT NOT NULL DEFAULT '';

-- The system icons are images the API serves (/api/file/Image/…), which a JNPF client puts
-- its API base in front of; the first seed pointed at a file only the Qiming web app served.
UPDATE base_sys_config SET config_value = '"/api/file/Image/annexpic/logo.svg"'
 WHERE config_key IN ('logoIcon', 'navigationIcon', 'loginIcon', 'workLogoIcon')
   AND config_value = '"/logo.svg"';
