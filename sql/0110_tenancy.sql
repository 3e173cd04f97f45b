-- Tenancy (issue 25): the account is the tenant. Every key belongs to an account; checks, batch jobs, monitors,
-- events, webhooks, their deliveries and decisions belong to the account (key_id stays, as the key that made them,
-- null for what the dashboard made). An operator's key belongs to an account too: one made for it (kind 'operator',
-- no address, no password), or one it was named into.

ALTER TABLE accounts ADD COLUMN kind text NOT NULL DEFAULT 'self_serve' CHECK (kind IN ('self_serve', 'operator'));
ALTER TABLE accounts ADD COLUMN name text;
-- A deleted account stays as a row without the person's data (address, password hash) so that what it owned and is
-- kept (checks, for their retention) still names its owner; nothing can sign in to it or use its keys.
ALTER TABLE accounts ADD COLUMN deleted_at timestamptz;
ALTER TABLE accounts ALTER COLUMN email DROP NOT NULL;
ALTER TABLE accounts ALTER COLUMN email_lower DROP NOT NULL;
ALTER TABLE accounts ALTER COLUMN password_hash DROP NOT NULL;
ALTER TABLE accounts ADD CONSTRAINT accounts_person CHECK (
  kind = 'operator' OR deleted_at IS NOT NULL OR (email IS NOT NULL AND email_lower IS NOT NULL AND password_hash IS NOT NULL));

-- Keys without an account (made by the operator, or left by an account deleted before this migration): one each.
INSERT INTO accounts (id, kind, plan, name, created_at)
SELECT 'acc_' || substr(md5('operator:' || k.id), 1, 16), 'operator', k.plan, k.label, k.created_at
FROM api_keys k WHERE k.account_id IS NULL;
UPDATE api_keys SET account_id = 'acc_' || substr(md5('operator:' || id), 1, 16) WHERE account_id IS NULL;
ALTER TABLE api_keys ALTER COLUMN account_id SET NOT NULL;
ALTER TABLE api_keys DROP CONSTRAINT api_keys_account_id_fkey;
ALTER TABLE api_keys ADD CONSTRAINT api_keys_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts (id);

-- Every key now counts against its account's month (an account made for one key counts exactly as that key did).
INSERT INTO account_usage (account_id, period, used)
SELECT k.account_id, q.period, sum(q.used) FROM quota_usage q JOIN api_keys k ON k.id = q.key_id GROUP BY k.account_id, q.period
ON CONFLICT (account_id, period) DO UPDATE SET used = account_usage.used + excluded.used;
DELETE FROM quota_usage;

-- Owned rows: the account of the key that made them.
ALTER TABLE checks ADD COLUMN account_id text;
UPDATE checks c SET account_id = k.account_id FROM api_keys k WHERE k.id = c.key_id;
-- checks of keys deleted outright (none are: keys are revoked, not deleted) would have no account: kept on one of their own
INSERT INTO accounts (id, kind, plan, deleted_at)
SELECT DISTINCT 'acc_' || substr(md5('operator:' || c.key_id), 1, 16), 'operator', 'free', now() FROM checks c WHERE c.account_id IS NULL
ON CONFLICT (id) DO NOTHING;
UPDATE checks SET account_id = 'acc_' || substr(md5('operator:' || key_id), 1, 16) WHERE account_id IS NULL;
ALTER TABLE checks ALTER COLUMN account_id SET NOT NULL;
ALTER TABLE checks ALTER COLUMN key_id DROP NOT NULL;
DROP INDEX checks_by_key;
CREATE INDEX checks_by_account ON checks (account_id, created_at DESC, id DESC);

ALTER TABLE batch_jobs ADD COLUMN account_id text REFERENCES accounts (id);
UPDATE batch_jobs j SET account_id = k.account_id FROM api_keys k WHERE k.id = j.key_id;
ALTER TABLE batch_jobs ALTER COLUMN account_id SET NOT NULL;
ALTER TABLE batch_jobs ALTER COLUMN key_id DROP NOT NULL;
-- a job stopped by an end (its account deleted, its last key revoked) is cancelled: its remaining rows are not verified
ALTER TABLE batch_jobs DROP CONSTRAINT batch_jobs_status_check;
ALTER TABLE batch_jobs ADD CONSTRAINT batch_jobs_status_check CHECK (status IN ('queued', 'running', 'done', 'cancelled'));
DROP INDEX batch_jobs_idempotency;
CREATE UNIQUE INDEX batch_jobs_idempotency ON batch_jobs (account_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX batch_jobs_account ON batch_jobs (account_id, created_at DESC, id DESC);

ALTER TABLE monitors ADD COLUMN account_id text REFERENCES accounts (id);
UPDATE monitors m SET account_id = k.account_id FROM api_keys k WHERE k.id = m.key_id;
ALTER TABLE monitors ALTER COLUMN account_id SET NOT NULL;
ALTER TABLE monitors ALTER COLUMN key_id DROP NOT NULL;
DROP INDEX monitors_key;
CREATE INDEX monitors_account ON monitors (account_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;

ALTER TABLE events ADD COLUMN account_id text REFERENCES accounts (id);
UPDATE events e SET account_id = k.account_id FROM api_keys k WHERE k.id = e.key_id;
ALTER TABLE events ALTER COLUMN account_id SET NOT NULL;
ALTER TABLE events ALTER COLUMN key_id DROP NOT NULL;
DROP INDEX events_key;
CREATE INDEX events_account ON events (account_id, created_at DESC, id DESC);

ALTER TABLE webhooks ADD COLUMN account_id text REFERENCES accounts (id);
UPDATE webhooks w SET account_id = k.account_id FROM api_keys k WHERE k.id = w.key_id;
ALTER TABLE webhooks ALTER COLUMN account_id SET NOT NULL;
ALTER TABLE webhooks ALTER COLUMN key_id DROP NOT NULL;
DROP INDEX webhooks_key;
CREATE INDEX webhooks_account ON webhooks (account_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;

-- A delivery is cancelled when its webhook is deleted or its account ends; cancelled ones are never sent.
ALTER TABLE webhook_deliveries ADD COLUMN account_id text REFERENCES accounts (id);
UPDATE webhook_deliveries d SET account_id = w.account_id FROM webhooks w WHERE w.id = d.webhook_id;
ALTER TABLE webhook_deliveries ALTER COLUMN account_id SET NOT NULL;
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_state_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_state_check CHECK (state IN ('pending', 'delivered', 'failed', 'cancelled'));
UPDATE webhook_deliveries d SET state = 'cancelled' FROM webhooks w WHERE w.id = d.webhook_id AND w.deleted_at IS NOT NULL AND d.state = 'pending';
CREATE INDEX webhook_deliveries_account_pending ON webhook_deliveries (account_id) WHERE state = 'pending';

ALTER TABLE decisions ADD COLUMN account_id text REFERENCES accounts (id);
UPDATE decisions d SET account_id = k.account_id FROM api_keys k WHERE k.id = d.key_id;
ALTER TABLE decisions ALTER COLUMN account_id SET NOT NULL;
ALTER TABLE decisions ALTER COLUMN key_id DROP NOT NULL;
DROP INDEX decisions_lookup;
DROP INDEX decisions_owner;
ALTER TABLE decisions DROP COLUMN owner;
CREATE INDEX decisions_lookup ON decisions (account_id, subject_key, list, entry_id);
CREATE INDEX decisions_account ON decisions (account_id, created_at DESC, id DESC);
