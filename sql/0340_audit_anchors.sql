-- The chain of chain heads (issue 52 item 6). Every append to an account's audit chain also appends, in the same
-- transaction, the account's new head (its sequence number and hash) to one chain over every account, each anchor
-- naming the hash of the one before. A chain deleted whole (entries and head), a tail cut off with its head rewound,
-- or a chain rewritten from some entry on no longer matches what was anchored: `kyb audit verify` says so.
-- anchor hash = hex SHA-256 of: prev_hash \n account_id \n head_seq \n head_hash
CREATE TABLE audit_anchors (
  seq        bigint PRIMARY KEY CHECK (seq > 0),
  account_id text   NOT NULL,
  head_seq   bigint NOT NULL CHECK (head_seq > 0),
  head_hash  text   NOT NULL,
  prev_hash  text   NOT NULL,
  hash       text   NOT NULL
);
CREATE INDEX audit_anchors_account ON audit_anchors (account_id, head_seq);

-- The anchor chain's end, locked by every appender (one row).
CREATE TABLE audit_anchor_head (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  seq      bigint  NOT NULL,
  hash     text    NOT NULL
);

-- The chains kept before this migration are anchored as they stand now, in account order.
DO $$
DECLARE
  h record;
  n bigint := 0;
  prev text := repeat('0', 64);
  next text;
BEGIN
  FOR h IN SELECT account_id, seq, hash FROM audit_heads WHERE seq > 0 ORDER BY account_id LOOP
    n := n + 1;
    next := encode(sha256(convert_to(prev || E'\n' || h.account_id || E'\n' || h.seq::text || E'\n' || h.hash, 'UTF8')), 'hex');
    INSERT INTO audit_anchors (seq, account_id, head_seq, head_hash, prev_hash, hash) VALUES (n, h.account_id, h.seq, h.hash, prev, next);
    prev := next;
  END LOOP;
  INSERT INTO audit_anchor_head (only_row, seq, hash) VALUES (true, n, CASE WHEN n = 0 THEN '' ELSE prev END);
END
$$;

CREATE TRIGGER audit_anchors_no_update BEFORE UPDATE OR DELETE ON audit_anchors FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_anchors_no_truncate BEFORE TRUNCATE ON audit_anchors FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
