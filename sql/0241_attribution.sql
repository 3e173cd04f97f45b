-- Who did it (issue 39): a member ({"type":"member","id","name"}) or a key ({"type":"key","id","label"}), the name or
-- label as of the action. What was made before members existed is credited to its key, or, made from the console,
-- to the account's owner (its only log-in then).
ALTER TABLE decisions ADD COLUMN decided_by jsonb;
ALTER TABLE api_keys ADD COLUMN created_by jsonb;
ALTER TABLE api_keys ADD COLUMN revoked_by jsonb;
ALTER TABLE batch_jobs ADD COLUMN created_by jsonb;
ALTER TABLE monitors ADD COLUMN created_by jsonb;
ALTER TABLE webhooks ADD COLUMN created_by jsonb;
-- checks made before this are left unattributed (null): their key_id says which key made them.
ALTER TABLE checks ADD COLUMN performed_by jsonb;

CREATE FUNCTION attribution_of_key(key_id text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('type', 'key', 'id', k.id, 'label', k.label) FROM api_keys k WHERE k.id = key_id
$$;
CREATE FUNCTION attribution_of_owner(account text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('type', 'member', 'id', m.id, 'name', m.name) FROM members m
  WHERE m.account_id = account AND m.role = 'owner' ORDER BY m.created_at LIMIT 1
$$;

UPDATE decisions SET decided_by = coalesce(attribution_of_key(key_id), attribution_of_owner(account_id));
UPDATE batch_jobs SET created_by = coalesce(attribution_of_key(key_id), attribution_of_owner(account_id));
UPDATE monitors SET created_by = coalesce(attribution_of_key(key_id), attribution_of_owner(account_id));
UPDATE webhooks SET created_by = coalesce(attribution_of_key(key_id), attribution_of_owner(account_id));
UPDATE api_keys SET created_by = attribution_of_owner(account_id);

DROP FUNCTION attribution_of_key(text);
DROP FUNCTION attribution_of_owner(text);
