-- The case queue at volume (issue 55 item 4).
--
-- The service level: how many hours a case may stay open before it is overdue, set by an owner (null: none set,
-- nothing is overdue). Who set it last and when, as the four-eyes policy keeps it.
ALTER TABLE accounts ADD COLUMN case_service_hours integer CHECK (case_service_hours BETWEEN 1 AND 8760);
ALTER TABLE accounts ADD COLUMN case_service_changed_by jsonb;
ALTER TABLE accounts ADD COLUMN case_service_changed_at timestamptz;

-- An escalation goes to a person (a member) or a role, with a reason (kept in the case's history and the audit log).
ALTER TABLE cases ADD COLUMN escalated_to_member text REFERENCES members (id);
ALTER TABLE cases ADD COLUMN escalated_to_role text CHECK (escalated_to_role IN ('owner', 'admin', 'analyst'));

-- The queue's two orders over the cases not closed (the default view), read in index order page after page (keyset):
-- cases_by_age and cases_by_score lead with the status, so a view of three statuses had to sort every open case.
CREATE INDEX cases_active_by_age ON cases (account_id, opened_at, id) WHERE status <> 'closed';
CREATE INDEX cases_active_by_score ON cases (account_id, best_score DESC NULLS LAST, id) WHERE status <> 'closed';

-- A member's saved queue filters: a name and the query string of the queue's filters (checked when it is saved).
CREATE TABLE case_saved_filters (
  id         text        PRIMARY KEY,
  account_id text        NOT NULL REFERENCES accounts (id),
  member_id  text        NOT NULL REFERENCES members (id),
  name       text        NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  query      text        NOT NULL CHECK (length(query) <= 500),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX case_saved_filters_name ON case_saved_filters (member_id, name);
