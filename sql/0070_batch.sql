-- Batch verification (issue 17): a job per POST /v1/verify/batch, its rows in input order. Jobs live here so that they
-- survive a restart: any instance claims a queued job, or a running one whose runner stopped beating.
CREATE TABLE batch_jobs (
  id              text        PRIMARY KEY,
  key_id          text        NOT NULL REFERENCES api_keys (id),
  idempotency_key text,
  body_sha256     text        NOT NULL,
  status          text        NOT NULL CHECK (status IN ('queued', 'running', 'done')),
  total           integer     NOT NULL CHECK (total >= 0),
  created_at      timestamptz NOT NULL DEFAULT now(),
  finished_at     timestamptz,
  claimed_by      text,
  heartbeat_at    timestamptz
);
CREATE UNIQUE INDEX batch_jobs_idempotency ON batch_jobs (key_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX batch_jobs_unfinished ON batch_jobs (created_at) WHERE status <> 'done';

CREATE TABLE batch_items (
  job_id   text    NOT NULL REFERENCES batch_jobs (id) ON DELETE CASCADE,
  position integer NOT NULL,
  input    jsonb   NOT NULL,
  -- why the row was not verified (its input is not a verification request); null for a valid row
  problem  text,
  verdict  jsonb,
  done     boolean NOT NULL DEFAULT false,
  PRIMARY KEY (job_id, position)
);
CREATE INDEX batch_items_pending ON batch_items (job_id, position) WHERE NOT done;
