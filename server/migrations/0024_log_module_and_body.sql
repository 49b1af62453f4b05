-- The request and operation logs' JNPF columns (issue 11): `module_name`, the page (menu) the
-- call acts for where the route names one, and `json`, the request's body with passwords,
-- secrets and tokens masked and the text cut at a few thousand characters.
ALTER TABLE base_sys_log ADD COLUMN module_name TEXT NOT NULL DEFAULT '';
ALTER TABLE base_sys_log ADD COLUMN json TEXT NOT NULL DEFAULT '';
