-- Cases (issue 40): every verdict in review opens or joins the case of its subject, in the transaction that keeps its
-- check. One case per subject of an account, ever: a closed case opens again when a later check brings a new hit or
-- a new reason. The subject key is the business resolved ('company:<COUNTRY>:<number as the record gives it>') or the
-- name as read, lower-cased, with the country given ('name:<COUNTRY or ->:<name>'), computed the same way here (the
-- backfill) and in src/cases/caseOfCheck.ts.
CREATE TABLE cases (
  id             text        PRIMARY KEY,
  account_id     text        NOT NULL REFERENCES accounts (id),
  subject_key    text        NOT NULL,
  subject        jsonb       NOT NULL,
  status         text        NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'escalated', 'closed')),
  outcome        text        CHECK (outcome IN ('cleared', 'confirmed_match', 'rejected_business', 'other')),
  outcome_text   text,
  assignee_id    text        REFERENCES members (id),
  -- what the case has seen: the review reasons and the hits ('<list>:<entry id>') of its checks
  reasons        jsonb       NOT NULL DEFAULT '[]',
  hits           jsonb       NOT NULL DEFAULT '[]',
  best_score     real,
  best_list      text,
  best_name      text,
  check_count    integer     NOT NULL DEFAULT 0,
  opened_at      timestamptz NOT NULL,
  last_check_at  timestamptz NOT NULL,
  closed_at      timestamptz,
  closed_by      jsonb,
  CONSTRAINT cases_closed CHECK ((status = 'closed') = (outcome IS NOT NULL AND closed_at IS NOT NULL)),
  CONSTRAINT cases_other CHECK (outcome IS DISTINCT FROM 'other' OR outcome_text IS NOT NULL)
);
CREATE UNIQUE INDEX cases_subject ON cases (account_id, subject_key);
-- the queue's two orders, over the cases not closed (and the closed ones, filtered by status)
CREATE INDEX cases_by_age ON cases (account_id, status, opened_at, id);
CREATE INDEX cases_by_score ON cases (account_id, status, best_score DESC NULLS LAST, id);
CREATE INDEX cases_assignee ON cases (account_id, assignee_id) WHERE assignee_id IS NOT NULL;

-- A check belongs to at most one case; retention deletes the link with the check (the case keeps its counts).
CREATE TABLE case_checks (
  case_id    text        NOT NULL REFERENCES cases (id),
  check_id   uuid        NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (case_id, check_id)
);
CREATE UNIQUE INDEX case_checks_check ON case_checks (check_id);

-- A case's life in order: comments (plain text, kept) and every change (status, assignee, decisions), each attributed.
CREATE TABLE case_events (
  id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  case_id    text        NOT NULL REFERENCES cases (id),
  at         timestamptz NOT NULL DEFAULT now(),
  actor      jsonb,
  kind       text        NOT NULL CHECK (kind IN ('opened', 'check_joined', 'reopened', 'assigned', 'started', 'escalated', 'closed',
    'commented', 'decision_proposed', 'decision_recorded', 'decision_approved', 'decision_rejected')),
  body       text,
  details    jsonb       NOT NULL DEFAULT '{}'
);
CREATE INDEX case_events_case ON case_events (case_id, id);

-- Four eyes: a decision that needs a second member waits (pending) and dismisses nothing until another member
-- approves it; a rejected one never counts. What was decided before stays in force (not_needed).
ALTER TABLE decisions ADD COLUMN approval text NOT NULL DEFAULT 'not_needed'
  CHECK (approval IN ('not_needed', 'pending', 'approved', 'rejected'));
ALTER TABLE decisions ADD COLUMN reviewed_by jsonb;
ALTER TABLE decisions ADD COLUMN reviewed_at timestamptz;
ALTER TABLE decisions ADD COLUMN case_id text REFERENCES cases (id);
CREATE INDEX decisions_pending ON decisions (account_id, case_id) WHERE approval = 'pending';
DROP INDEX decisions_in_force;
CREATE INDEX decisions_in_force ON decisions (account_id, subject_key, list, entry_id)
  WHERE superseded_by IS NULL AND approval IN ('not_needed', 'approved');

-- The account's policy: on for accounts made from now on, off for those that predate it (their decisions were
-- taken without it); an account without members (an operator's keys) has nobody to give a second look.
ALTER TABLE accounts ADD COLUMN four_eyes boolean NOT NULL DEFAULT false;
ALTER TABLE accounts ALTER COLUMN four_eyes SET DEFAULT true;
ALTER TABLE accounts ADD COLUMN four_eyes_threshold real NOT NULL DEFAULT 0.95 CHECK (four_eyes_threshold > 0 AND four_eyes_threshold <= 1);

ALTER TABLE events DROP CONSTRAINT IF EXISTS events_type_check;
ALTER TABLE events ADD CONSTRAINT events_type_check
  CHECK (type IN ('sanctions.hit_added', 'sanctions.hit_removed', 'company.status_changed', 'debarment.added',
    'debarment.removed', 'webhook.test', 'decision.pending', 'decision.approved', 'decision.rejected'));

-- Backfill: every check kept in review opens or joins its subject's case (oldest first), with what it found.
CREATE TEMP TABLE review_subjects ON COMMIT DROP AS
SELECT c.id AS check_id, c.account_id, c.created_at, c.verdict,
  CASE WHEN c.verdict->'company' IS NOT NULL AND jsonb_typeof(c.verdict->'company') = 'object'
         AND coalesce(c.verdict->'company'->>'registration_no', c.verdict->'company'->>'reference_id') IS NOT NULL
       THEN 'company:' || upper(c.verdict->'company'->>'country') || ':'
         || coalesce(c.verdict->'company'->>'registration_no', c.verdict->'company'->>'reference_id')
       WHEN coalesce(c.input_normalized->>'name', '') <> ''
       THEN 'name:' || coalesce(upper(c.input_normalized->>'country'), '-') || ':' || lower(c.input_normalized->>'name')
  END AS subject_key
FROM checks c WHERE c.verdict->>'result' = 'review';

INSERT INTO cases (id, account_id, subject_key, subject, reasons, hits, best_score, best_list, best_name, check_count, opened_at, last_check_at)
SELECT 'case_' || substr(md5(s.account_id || ':' || s.subject_key), 1, 20), s.account_id, s.subject_key,
  (SELECT jsonb_strip_nulls(jsonb_build_object(
     'name', f.verdict->'company'->>'legal_name', 'country', upper(coalesce(f.verdict->'company'->>'country', ck.input_normalized->>'country')),
     'registration_no', f.verdict->'company'->>'registration_no', 'name_given', ck.input->>'name'))
   FROM review_subjects f JOIN checks ck ON ck.id = f.check_id
   WHERE f.account_id = s.account_id AND f.subject_key = s.subject_key ORDER BY f.created_at LIMIT 1),
  coalesce((SELECT jsonb_agg(DISTINCT r) FROM review_subjects f, jsonb_array_elements_text(coalesce(f.verdict->'review_reasons', '[]')) r
    WHERE f.account_id = s.account_id AND f.subject_key = s.subject_key), '[]'),
  coalesce((SELECT jsonb_agg(DISTINCT (h->>'list') || ':' || (h->>'entry_id')) FROM review_subjects f,
      jsonb_array_elements(coalesce(f.verdict->'sanctions'->'hits', '[]')) h
    WHERE f.account_id = s.account_id AND f.subject_key = s.subject_key AND h->'decision' = 'null'::jsonb), '[]'),
  max(s.best_score), NULL, NULL, count(*), min(s.created_at), max(s.created_at)
FROM (SELECT r.*, (SELECT max((h->>'score')::real) FROM jsonb_array_elements(coalesce(r.verdict->'sanctions'->'hits', '[]')) h
        WHERE h->'decision' = 'null'::jsonb) AS best_score
      FROM review_subjects r WHERE r.subject_key IS NOT NULL) s
GROUP BY s.account_id, s.subject_key;

UPDATE cases c SET best_list = b.list, best_name = b.name FROM (
  SELECT DISTINCT ON (f.account_id, f.subject_key) f.account_id, f.subject_key, h->>'list' AS list, h->>'name' AS name
  FROM review_subjects f, jsonb_array_elements(coalesce(f.verdict->'sanctions'->'hits', '[]')) h
  WHERE h->'decision' = 'null'::jsonb AND f.subject_key IS NOT NULL
  ORDER BY f.account_id, f.subject_key, (h->>'score')::real DESC) b
WHERE c.account_id = b.account_id AND c.subject_key = b.subject_key;

INSERT INTO case_checks (case_id, check_id, created_at)
SELECT c.id, s.check_id, s.created_at FROM review_subjects s JOIN cases c ON c.account_id = s.account_id AND c.subject_key = s.subject_key;

INSERT INTO case_events (case_id, at, actor, kind, details)
SELECT c.id, c.opened_at, NULL, 'opened', jsonb_build_object('backfilled', true, 'checks', c.check_count) FROM cases c;
