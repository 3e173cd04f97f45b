-- Members (issue 39): an account is a team. Each member is a person with a log-in of their own (address, password
-- hash, sessions) and a role. The account's address stays as its contact; passwords live on members only.
CREATE TABLE members (
  id            text        PRIMARY KEY,
  account_id    text        NOT NULL REFERENCES accounts (id),
  email         text,
  email_lower   text,
  name          text        NOT NULL,
  role          text        NOT NULL CHECK (role IN ('owner', 'admin', 'analyst', 'viewer')),
  password_hash text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  -- removed (or its account deleted): the row stays, without the address or the password, so what the member did
  -- still names them; nothing can sign in as it.
  removed_at    timestamptz,
  CONSTRAINT members_person CHECK (removed_at IS NOT NULL OR (email IS NOT NULL AND email_lower IS NOT NULL AND password_hash IS NOT NULL))
);
-- One live log-in per address, whatever the account.
CREATE UNIQUE INDEX members_email ON members (email_lower) WHERE removed_at IS NULL;
CREATE INDEX members_account ON members (account_id, created_at);

-- Every live self-serve account's log-in becomes its owner member (same id suffix, same address and password).
INSERT INTO members (id, account_id, email, email_lower, name, role, password_hash, created_at)
SELECT 'mem_' || substr(a.id, 5), a.id, a.email, a.email_lower, a.email, 'owner', a.password_hash, a.created_at
FROM accounts a WHERE a.kind = 'self_serve' AND a.deleted_at IS NULL AND a.password_hash IS NOT NULL;

ALTER TABLE accounts DROP CONSTRAINT accounts_person;
UPDATE accounts SET password_hash = NULL;
ALTER TABLE accounts ADD CONSTRAINT accounts_person CHECK (kind = 'operator' OR deleted_at IS NOT NULL OR (email IS NOT NULL AND email_lower IS NOT NULL));

-- A session is a member's (its account's owner for the sessions open before members existed).
ALTER TABLE account_sessions ADD COLUMN member_id text REFERENCES members (id);
UPDATE account_sessions s SET member_id = 'mem_' || substr(s.account_id, 5);
DELETE FROM account_sessions WHERE member_id IS NULL OR NOT EXISTS (SELECT 1 FROM members m WHERE m.id = account_sessions.member_id);
ALTER TABLE account_sessions ALTER COLUMN member_id SET NOT NULL;
CREATE INDEX account_sessions_member ON account_sessions (member_id);

-- Invitations: by address and role, accepted once by setting a password; only the token's SHA-256 is kept.
CREATE TABLE invitations (
  id           text        PRIMARY KEY,
  token_sha256 text        NOT NULL UNIQUE,
  account_id   text        NOT NULL REFERENCES accounts (id),
  email        text        NOT NULL,
  email_lower  text        NOT NULL,
  role         text        NOT NULL CHECK (role IN ('owner', 'admin', 'analyst', 'viewer')),
  invited_by   jsonb       NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  accepted_at  timestamptz,
  withdrawn_at timestamptz,
  member_id    text        REFERENCES members (id)
);
CREATE INDEX invitations_account ON invitations (account_id, created_at DESC);

-- Moves on with every password change of the member: a session is valid only with the generation its log-in saw.
ALTER TABLE members ADD COLUMN session_generation integer NOT NULL DEFAULT 0;
