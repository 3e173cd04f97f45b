-- A key's end is applied once (issue 25): at once when it is revoked, or, for a key rotated with a grace period, when
-- that period is over (a sweep). When it was the account's last live key, what the account runs ends then.
ALTER TABLE api_keys ADD COLUMN end_applied_at timestamptz;
UPDATE api_keys SET end_applied_at = revoked_at WHERE revoked_at IS NOT NULL AND revoked_at <= now();
CREATE INDEX api_keys_end_pending ON api_keys (revoked_at) WHERE end_applied_at IS NULL AND revoked_at IS NOT NULL;
