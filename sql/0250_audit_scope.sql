-- A key scope for auditors (issue 39): `audit` reads what a `read` key reads and the account's audit log (GET
-- /v1/audit), and changes nothing. No other scope reads the log: it names members, addresses and clients.
ALTER TABLE api_keys DROP CONSTRAINT api_keys_scope_check;
ALTER TABLE api_keys ADD CONSTRAINT api_keys_scope_check CHECK (scope IN ('read', 'read_write', 'audit'));
