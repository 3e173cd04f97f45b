-- Self-serve accounts (issue 16): an e-mail address and a password hash, sessions stored as hashes of their tokens,
-- failed attempts kept (hashed subjects) for throttling, keys owned by an account, requests per key per day.
CREATE TABLE accounts (
  id                text        PRIMARY KEY,
  email             text        NOT NULL,
  email_lower       text        NOT NULL UNIQUE,
  password_hash     text        NOT NULL,
  plan              text        NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'starter', 'growth', 'unlimited')),
  created_at        timestamptz NOT NULL DEFAULT now(),
  email_verified_at timestamptz
);

CREATE TABLE account_sessions (
  token_sha256 text        PRIMARY KEY,
  account_id   text        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);
CREATE INDEX account_sessions_account ON account_sessions (account_id);

CREATE TABLE email_verifications (
  token_sha256 text        PRIMARY KEY,
  account_id   text        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  expires_at   timestamptz NOT NULL
);

-- scope: login_email, login_client, signup_client; subject: SHA-256 of the address or of the client's address.
CREATE TABLE auth_failures (
  scope   text        NOT NULL,
  subject text        NOT NULL,
  at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_failures_lookup ON auth_failures (scope, subject, at);

-- Keys made from the dashboard belong to an account (keys made by the operator CLI belong to none). A rotated key
-- keeps working until its revoked_at, which may lie in the future (the grace period).
ALTER TABLE api_keys ADD COLUMN account_id text REFERENCES accounts (id) ON DELETE SET NULL;
CREATE INDEX api_keys_account ON api_keys (account_id);

CREATE TABLE usage_daily (
  key_id   text   NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  day      date   NOT NULL,
  requests bigint NOT NULL DEFAULT 0 CHECK (requests >= 0),
  PRIMARY KEY (key_id, day)
);

-- An account's keys share its monthly quota (creating keys must not multiply it): counted here, per account and
-- month, while keys without an account (the operator's) keep their own counter in quota_usage.
CREATE TABLE account_usage (
  account_id text   NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  period     date   NOT NULL,
  used       bigint NOT NULL DEFAULT 0 CHECK (used >= 0),
  PRIMARY KEY (account_id, period)
);

-- The first characters of a secret, shown to tell keys apart (the secret itself is never stored).
ALTER TABLE api_keys ADD COLUMN secret_prefix text;
