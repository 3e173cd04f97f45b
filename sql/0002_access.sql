-- API keys: only the SHA-256 of the secret is stored; the secret is shown once at creation.
CREATE TABLE api_keys (
  id             text PRIMARY KEY,
  secret_sha256  text NOT NULL UNIQUE,
  label          text,
  plan           text NOT NULL CHECK (plan IN ('free', 'starter', 'growth', 'unlimited')),
  quota_override bigint CHECK (quota_override IS NULL OR quota_override >= 0),
  created_at     timestamptz NOT NULL DEFAULT now(),
  revoked_at     timestamptz
);

-- One row per key per calendar month (UTC). `used` only grows while `used < limit`.
CREATE TABLE quota_usage (
  key_id text   NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  period date   NOT NULL,
  used   bigint NOT NULL DEFAULT 0 CHECK (used >= 0),
  PRIMARY KEY (key_id, period)
);
