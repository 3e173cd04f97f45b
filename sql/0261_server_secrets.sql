-- Secrets the server itself keeps, shared by every instance of a fleet and kept across restarts: the key that seals
-- page cursors (issue 41 item 7; KYB_CURSOR_SECRET overrides it). Made here, once, from the server's strong random
-- source (gen_random_uuid: 122 random bits each, two of them).
CREATE TABLE IF NOT EXISTS server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO server_secrets (name, value)
VALUES ('cursor', replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''))
ON CONFLICT (name) DO NOTHING;
