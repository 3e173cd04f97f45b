-- Monitoring and webhooks (issue 17). A monitor watches a name or a company for the key that made it; the hits it
-- has now are kept, so that a new list version can be compared with them; each change is an event, delivered to the
-- key's webhooks (each attempt logged) and listed at GET /v1/events.
CREATE TABLE monitors (
  id              text        PRIMARY KEY,
  key_id          text        NOT NULL REFERENCES api_keys (id),
  name            text,
  country         text,
  registration_no text,
  -- the registry's lookup key of the number, for a company watched by number (status changes are matched on it)
  registration_key text,
  -- the name screened: the one given, or the monitored company's legal name
  screened_name   text        NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  deleted_at      timestamptz
);
CREATE INDEX monitors_key ON monitors (key_id, created_at DESC) WHERE deleted_at IS NULL;

CREATE TABLE monitor_hits (
  monitor_id text NOT NULL REFERENCES monitors (id) ON DELETE CASCADE,
  list       text NOT NULL,
  entry_id   text NOT NULL,
  entry_hash text NOT NULL,
  PRIMARY KEY (monitor_id, list, entry_id)
);
CREATE INDEX monitor_hits_entry ON monitor_hits (list, entry_id);

-- The list versions the monitors were last compared with (one row).
CREATE TABLE monitoring_state (
  singleton   boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version_ids integer[] NOT NULL
);

CREATE TABLE events (
  id         text        PRIMARY KEY,
  key_id     text        NOT NULL REFERENCES api_keys (id),
  type       text        NOT NULL CHECK (type IN ('sanctions.hit_added', 'sanctions.hit_removed', 'company.status_changed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  data       jsonb       NOT NULL
);
CREATE INDEX events_key ON events (key_id, created_at DESC, id DESC);

CREATE TABLE webhooks (
  id         text        PRIMARY KEY,
  key_id     text        NOT NULL REFERENCES api_keys (id),
  url        text        NOT NULL,
  events     text[]      NOT NULL,
  -- the signing secret is shown once and never stored: it is derived again for each delivery from the server's master
  -- key and this salt (HMAC-SHA256); its SHA-256 is kept to tell a changed master key from a good one
  secret_salt   text      NOT NULL,
  secret_sha256 text      NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX webhooks_key ON webhooks (key_id) WHERE deleted_at IS NULL;

CREATE TABLE webhook_deliveries (
  webhook_id   text        NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  event_id     text        NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  state        text        NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts     integer     NOT NULL DEFAULT 0,
  next_at      timestamptz NOT NULL DEFAULT now(),
  give_up_at   timestamptz NOT NULL,
  delivered_at timestamptz,
  PRIMARY KEY (webhook_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_at) WHERE state = 'pending';

CREATE TABLE webhook_attempts (
  webhook_id  text        NOT NULL,
  event_id    text        NOT NULL,
  attempt     integer     NOT NULL,
  at          timestamptz NOT NULL DEFAULT now(),
  status_code integer,
  error       text,
  duration_ms integer     NOT NULL,
  PRIMARY KEY (webhook_id, event_id, attempt),
  FOREIGN KEY (webhook_id, event_id) REFERENCES webhook_deliveries (webhook_id, event_id) ON DELETE CASCADE
);

-- Registry status changes seen by any writer (ingestion or a live answer), kept for monitoring: written in the same
-- transaction as the change, read by the monitors in id order from the last one they reported.
CREATE TABLE company_status_changes (
  id               bigserial   PRIMARY KEY,
  company_id       bigint      NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  country          text        NOT NULL,
  registration_key text        NOT NULL,
  old_status       text,
  new_status       text,
  at               timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX company_status_changes_company ON company_status_changes (country, registration_key);

CREATE TABLE monitoring_status_cursor (
  singleton      boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  last_change_id bigint  NOT NULL
);

-- Keys the server makes for itself when the operator gives none (KYB_WEBHOOK_MASTER_KEY unset).
CREATE TABLE server_secrets (
  name       text        PRIMARY KEY,
  value      text        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
