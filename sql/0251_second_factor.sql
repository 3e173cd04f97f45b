-- A second factor per member (issue 39): TOTP (RFC 6238). The secret must be read back to check a code, so it cannot
-- be hashed: it is kept sealed (AES-256-GCM) under the server's key (KYB_SECRETS_KEY, or one kept in server_secrets).
ALTER TABLE members ADD COLUMN totp_secret text;
-- An enrolment shown to the member and not yet confirmed by a code.
ALTER TABLE members ADD COLUMN totp_pending text;
ALTER TABLE members ADD COLUMN totp_enabled_at timestamptz;
-- The last 30-second step whose code was accepted: a code works once, and never an older one.
ALTER TABLE members ADD COLUMN totp_last_step bigint;
ALTER TABLE members ADD CONSTRAINT members_totp CHECK (totp_enabled_at IS NULL OR totp_secret IS NOT NULL);

-- Recovery codes, shown once: only their SHA-256 is kept; each works once.
CREATE TABLE recovery_codes (
  member_id   text        NOT NULL REFERENCES members (id),
  code_sha256 text        NOT NULL,
  used_at     timestamptz,
  PRIMARY KEY (member_id, code_sha256)
);

-- The account's policy: every member must have a second factor (one without is sent to enrol at log-in).
ALTER TABLE accounts ADD COLUMN require_second_factor boolean NOT NULL DEFAULT false;

-- A log-in whose password was right and whose second factor is still to come: `verify` (a code of the member's
-- factor) or `enrol` (the account requires one the member has not set up). Only the token's SHA-256 is kept.
CREATE TABLE login_challenges (
  token_sha256 text        PRIMARY KEY,
  account_id   text        NOT NULL REFERENCES accounts (id),
  member_id    text        NOT NULL REFERENCES members (id),
  generation   integer     NOT NULL,
  purpose      text        NOT NULL CHECK (purpose IN ('verify', 'enrol')),
  expires_at   timestamptz NOT NULL
);
CREATE INDEX login_challenges_expiry ON login_challenges (expires_at);
