CREATE TABLE procurement_awards (
  id                 bigserial PRIMARY KEY,
  award_key          text        NOT NULL UNIQUE,
  country            char(2)     NOT NULL,
  ocid               text,
  buyer              text,
  title              text,
  value              numeric,
  currency           text,
  award_date         date,
  supplier           text        NOT NULL,
  supplier_norm      text        NOT NULL,
  source_url         text,
  matched_company_id bigint REFERENCES companies (id) ON DELETE SET NULL,
  ingested_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX procurement_awards_company ON procurement_awards (matched_company_id) WHERE matched_company_id IS NOT NULL;
CREATE INDEX procurement_awards_supplier ON procurement_awards (country, supplier_norm);

CREATE TABLE trademarks (
  id                 bigserial PRIMARY KEY,
  trademark_key      text        NOT NULL UNIQUE,
  office             text        NOT NULL,
  mark               text        NOT NULL,
  owner              text        NOT NULL,
  owner_norm         text        NOT NULL,
  status             text,
  nice_classes       integer[]   NOT NULL DEFAULT '{}',
  filing_date        date,
  source_url         text,
  matched_company_id bigint REFERENCES companies (id) ON DELETE SET NULL,
  ingested_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trademarks_company ON trademarks (matched_company_id) WHERE matched_company_id IS NOT NULL;
CREATE INDEX trademarks_owner ON trademarks (owner_norm);
