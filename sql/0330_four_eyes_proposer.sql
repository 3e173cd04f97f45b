-- Four eyes held by people, not by doors (issue 52 items 1-4).
--
-- proposer_member: the member a decision is the proposal of: the member who made it in the console, or the member
-- who made the API key it was made with (a key acts for the member who made it). Null: nobody known (a key the
-- operator's CLI issued, or one made before keys recorded their maker). That member never gives its second look.
ALTER TABLE decisions ADD COLUMN proposer_member text;
UPDATE decisions d SET proposer_member = CASE
    WHEN d.decided_by->>'type' = 'member' THEN d.decided_by->>'id'
    ELSE (SELECT k.created_by->>'id' FROM api_keys k WHERE k.id = d.key_id AND k.created_by->>'type' = 'member')
  END;

-- proposal_id: the decisions proposed together on one entity (a hit and its linked entries on other lists): approved,
-- rejected or withdrawn once, as a whole. review_note: why the second look approved or rejected it (required), or
-- why its proposer withdrew it.
ALTER TABLE decisions ADD COLUMN proposal_id text;
UPDATE decisions SET proposal_id = id;
ALTER TABLE decisions ALTER COLUMN proposal_id SET NOT NULL;
-- a decision inserted without one is a proposal of its own
CREATE FUNCTION decisions_proposal_of_its_own() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.proposal_id := coalesce(NEW.proposal_id, NEW.id);
  RETURN NEW;
END
$$;
CREATE TRIGGER decisions_proposal BEFORE INSERT ON decisions FOR EACH ROW EXECUTE FUNCTION decisions_proposal_of_its_own();
ALTER TABLE decisions ADD COLUMN review_note text;
CREATE INDEX decisions_proposal ON decisions (account_id, proposal_id);

-- withdrawn: its proposer took it back before anyone reviewed it; it never counts.
ALTER TABLE decisions DROP CONSTRAINT IF EXISTS decisions_approval_check;
ALTER TABLE decisions ADD CONSTRAINT decisions_approval_check CHECK (approval IN ('not_needed', 'pending', 'approved', 'rejected', 'withdrawn'));

-- Every pending decision belongs to the case of its subject: those recorded through /v1 or MCP before this join the
-- case of their subject when one holds them (a name or a company number as the case keys it), else a case opened
-- for them.
UPDATE decisions d SET case_id = (
  SELECT c.id FROM cases c
  WHERE c.account_id = d.account_id AND c.subject_key LIKE 'company:' || upper(d.subject->>'country') || ':%'
    AND regexp_replace(upper(substr(c.subject_key, length('company:' || upper(d.subject->>'country') || ':') + 1)), '[^0-9A-Z]', '', 'g')
      = regexp_replace(upper(d.subject->>'registration_no'), '[^0-9A-Z]', '', 'g')
  ORDER BY c.opened_at, c.id LIMIT 1)
WHERE d.approval = 'pending' AND d.case_id IS NULL AND d.subject->>'registration_no' IS NOT NULL AND d.subject->>'country' IS NOT NULL;

CREATE TEMP TABLE orphans ON COMMIT DROP AS
SELECT d.id, d.account_id, d.list, d.entry_id, d.created_at, d.subject,
  CASE WHEN d.subject->>'registration_no' IS NOT NULL AND d.subject->>'country' IS NOT NULL
       THEN 'company:' || upper(d.subject->>'country') || ':' || (d.subject->>'registration_no')
       ELSE 'name:' || coalesce(upper(d.subject->>'country'), '-') || ':' || lower(regexp_replace(trim(d.subject->>'name'), '\s+', ' ', 'g'))
  END AS subject_key
FROM decisions d WHERE d.approval = 'pending' AND d.case_id IS NULL;

INSERT INTO cases (id, account_id, subject_key, subject, hits, check_count, opened_at, last_check_at)
SELECT DISTINCT ON (o.account_id, o.subject_key) 'case_' || substr(md5(o.account_id || ':' || o.subject_key), 1, 20), o.account_id, o.subject_key,
  jsonb_strip_nulls(jsonb_build_object('name_given', o.subject->>'name', 'country', upper(o.subject->>'country'), 'registration_no', o.subject->>'registration_no')),
  jsonb_build_array(o.list || ':' || o.entry_id), 0, o.created_at, o.created_at
FROM orphans o
ORDER BY o.account_id, o.subject_key, o.created_at
ON CONFLICT (account_id, subject_key) DO NOTHING;

UPDATE decisions d SET case_id = c.id FROM orphans o JOIN cases c ON c.account_id = o.account_id AND c.subject_key = o.subject_key
WHERE d.id = o.id;

ALTER TABLE case_events DROP CONSTRAINT IF EXISTS case_events_kind_check;
ALTER TABLE case_events ADD CONSTRAINT case_events_kind_check CHECK (kind IN ('opened', 'check_joined', 'reopened', 'assigned', 'started', 'escalated', 'closed',
  'commented', 'decision_proposed', 'decision_recorded', 'decision_approved', 'decision_rejected', 'decision_withdrawn'));

-- The four-eyes policy's last change (shown on the evidence): who changed it and when; null: never changed since the
-- account was made (the default). Taken from the audit log for the changes made before this.
ALTER TABLE accounts ADD COLUMN four_eyes_changed_by jsonb;
ALTER TABLE accounts ADD COLUMN four_eyes_changed_at timestamptz;
UPDATE accounts a SET four_eyes_changed_by = l.actor, four_eyes_changed_at = l.at
FROM (SELECT DISTINCT ON (account_id) account_id, actor, at FROM audit_log WHERE action = 'account.review_policy_changed'
      ORDER BY account_id, seq DESC) l
WHERE l.account_id = a.id;
