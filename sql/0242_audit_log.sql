-- The audit trail (issue 39): one append-only chain of entries per account. Each entry carries the hash of the one
-- before; audit_heads holds each chain's last sequence number and hash (locked by the writer, so entries of one
-- account are numbered one after another, with no gap, in commit order). `kyb audit verify` recomputes the chains.
CREATE TABLE audit_log (
  account_id  text        NOT NULL REFERENCES accounts (id),
  seq         bigint      NOT NULL CHECK (seq > 0),
  at          timestamptz NOT NULL,
  actor       jsonb,
  action      text        NOT NULL,
  object_type text,
  object_id   text,
  address     text,
  client      text,
  outcome     text        NOT NULL CHECK (outcome IN ('succeeded', 'refused')),
  details     jsonb       NOT NULL DEFAULT '{}',
  prev_hash   text        NOT NULL,
  hash        text        NOT NULL,
  PRIMARY KEY (account_id, seq)
);
CREATE INDEX audit_log_account_at ON audit_log (account_id, at);

CREATE TABLE audit_heads (
  account_id text   PRIMARY KEY REFERENCES accounts (id),
  seq        bigint NOT NULL,
  hash       text   NOT NULL
);

-- Nothing the service runs updates or deletes an entry; the database refuses it too (an operator must first turn
-- the trigger off, and `kyb audit verify` then finds what was changed).
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
