-- Every verification kept as evidence: what was asked, what was answered, and with which lists and rules.
-- Rows are written once and never updated; retention deletes whole rows.
CREATE TABLE checks (
  id               uuid        PRIMARY KEY,
  key_id           text        NOT NULL,
  created_at       timestamptz NOT NULL,
  input            jsonb       NOT NULL,
  input_normalized jsonb       NOT NULL,
  verdict          jsonb       NOT NULL,
  lists            jsonb       NOT NULL,
  policy_version   text        NOT NULL
);
CREATE INDEX checks_by_key ON checks (key_id, created_at DESC, id DESC);
CREATE INDEX checks_created ON checks (created_at);
