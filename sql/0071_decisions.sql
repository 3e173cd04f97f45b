-- Reviewers' decisions on sanctions hits (issue 17). They belong to the account of the key that recorded them (or
-- to the key, for keys without an account) and name a subject: a name (normalised) or a company (country and number).
CREATE TABLE decisions (
  id          text        PRIMARY KEY,
  owner       text        NOT NULL,
  key_id      text        NOT NULL REFERENCES api_keys (id),
  subject     jsonb       NOT NULL,
  subject_key text        NOT NULL,
  list        text        NOT NULL,
  entry_id    text        NOT NULL,
  entry_hash  text        NOT NULL,
  decision    text        NOT NULL CHECK (decision IN ('false_positive', 'confirmed')),
  note        text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX decisions_lookup ON decisions (owner, subject_key, list, entry_id);
CREATE INDEX decisions_owner ON decisions (owner, created_at DESC);
