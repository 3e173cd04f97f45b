-- A list version says where its files came from, how its date was established and who confirmed it current
-- (issue 53 items 1-2). Only the publisher's own address can confirm a version current: a copy served elsewhere
-- (KYB_LISTS_*_URL pointing at a mirror) fetches and activates, never confirms.
ALTER TABLE sanctions_versions ADD COLUMN fetched_from text;
ALTER TABLE sanctions_versions ADD COLUMN dated_by text CHECK (dated_by IN ('publication', 'operator'));
ALTER TABLE sanctions_versions ADD COLUMN confirmed_from text;
-- Confirmations recorded before this change do not say where they came from (a local copy confirmed as well as the
-- publisher did): they no longer count. The next `kyb lists update` from the publisher's address confirms again.
UPDATE sanctions_versions SET confirmed_on = NULL WHERE confirmed_on IS NOT NULL;
