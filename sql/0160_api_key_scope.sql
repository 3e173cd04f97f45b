-- What a key may do (issue 32): `read` keys search, fetch, verify and read; `read_write` keys may also change
-- something (decisions, monitors, webhooks, batch jobs). Keys made before scopes existed keep doing what they did.
ALTER TABLE api_keys ADD COLUMN scope text NOT NULL DEFAULT 'read_write' CHECK (scope IN ('read', 'read_write'));
