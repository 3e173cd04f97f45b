-- Decisions apply to what they were recorded for (issue 25): a name's decision recorded with a country applies to
-- verifications in that country only (scope_country), one recorded without a country everywhere; a company's
-- subject names its country already. A newer decision on the same subject, scope and entry supersedes the older
-- (superseded_by: the one that replaced it), which is kept as history.
ALTER TABLE decisions ADD COLUMN scope_country text;
ALTER TABLE decisions ADD COLUMN superseded_by text;
UPDATE decisions SET scope_country = upper(subject->>'country')
WHERE subject_key LIKE 'name:%' AND coalesce(subject->>'country', '') <> '';
UPDATE decisions d SET superseded_by = (
  SELECT n.id FROM decisions n
  WHERE n.account_id = d.account_id AND n.subject_key = d.subject_key AND n.scope_country IS NOT DISTINCT FROM d.scope_country
    AND n.list = d.list AND n.entry_id = d.entry_id AND (n.created_at, n.id) > (d.created_at, d.id)
  ORDER BY n.created_at, n.id LIMIT 1);
DROP INDEX decisions_lookup;
CREATE INDEX decisions_in_force ON decisions (account_id, subject_key, list, entry_id) WHERE superseded_by IS NULL;
