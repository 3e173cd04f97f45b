-- Persons with significant control of a company, as a register names them (the CAC PSC register): kept apart from
-- officers, each source's owners replaced as a whole when that source is loaded again.
CREATE TABLE company_owners (
  id               bigserial   PRIMARY KEY,
  company_id       bigint      NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name             text        NOT NULL,
  kind             text        NOT NULL CHECK (kind IN ('individual', 'entity', 'unknown')),
  nationality      text,
  share_pct        numeric,
  voting_pct       numeric,
  notified_on      date,
  source           text        NOT NULL,
  last_verified_at timestamptz NOT NULL
);
CREATE INDEX company_owners_company ON company_owners (company_id);
