-- Cases follow the business (issue 55): every later verification of a case's subject joins its case, verified or
-- not; the case's reasons are its latest check's (those of earlier checks stay in reasons_seen and its checks); a
-- closed case opens again when its latest check brings a hit or a reason the one before did not have, and says so
-- (reopened_at, its history, a case.reopened event). A case may close as resolved by a later check.
ALTER TABLE cases ADD COLUMN reasons_seen jsonb NOT NULL DEFAULT '[]';
ALTER TABLE cases ADD COLUMN latest_hits jsonb NOT NULL DEFAULT '[]';
ALTER TABLE cases ADD COLUMN latest_check_id uuid;
ALTER TABLE cases ADD COLUMN reopened_at timestamptz;

-- Until now `reasons` held every reason seen; from now on it holds the latest check's.
UPDATE cases SET reasons_seen = reasons, latest_hits = hits;
UPDATE cases c SET reasons = coalesce(l.verdict->'review_reasons', '[]'),
  latest_hits = coalesce((SELECT jsonb_agg(DISTINCT (h->>'list') || ':' || (h->>'entry_id'))
    FROM jsonb_array_elements(coalesce(l.verdict->'sanctions'->'hits', '[]')) h WHERE h->'decision' = 'null'::jsonb), '[]'),
  latest_check_id = l.check_id
FROM (SELECT DISTINCT ON (cc.case_id) cc.case_id, cc.check_id, k.verdict FROM case_checks cc JOIN checks k ON k.id = cc.check_id
      ORDER BY cc.case_id, cc.created_at DESC, cc.check_id DESC) l
WHERE l.case_id = c.id;
UPDATE cases c SET reopened_at = e.at FROM (SELECT case_id, max(at) AS at FROM case_events WHERE kind = 'reopened' GROUP BY case_id) e
WHERE e.case_id = c.id AND c.status <> 'closed';

ALTER TABLE cases DROP CONSTRAINT IF EXISTS cases_outcome_check;
ALTER TABLE cases ADD CONSTRAINT cases_outcome_check
  CHECK (outcome IN ('cleared', 'confirmed_match', 'rejected_business', 'resolved_by_later_check', 'other'));

ALTER TABLE events DROP CONSTRAINT IF EXISTS events_type_check;
ALTER TABLE events ADD CONSTRAINT events_type_check
  CHECK (type IN ('sanctions.hit_added', 'sanctions.hit_removed', 'company.status_changed', 'debarment.added',
    'debarment.removed', 'webhook.test', 'decision.pending', 'decision.approved', 'decision.rejected', 'case.reopened'));
