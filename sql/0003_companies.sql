-- Company records. Normalised forms are computed in src/domain when a row is written
-- (SQL's unaccent() is not immutable and stays out of index expressions).
CREATE TABLE companies (
  id                 bigserial PRIMARY KEY,
  registry_id        text        NOT NULL,
  country            char(2)     NOT NULL,
  registration_no    text        NOT NULL,
  registration_key   text        NOT NULL,
  number_valid       boolean     NOT NULL DEFAULT true,
  legal_name         text        NOT NULL,
  name_lower         text        NOT NULL,
  name_norm          text        NOT NULL,
  status             text        CHECK (status IN ('active', 'dissolved', 'dormant', 'unknown')),
  entity_type        text,
  entity_type_label  text,
  incorporation_date date,
  registered_address text,
  tax_id             text,
  tax_key            text,
  listed_ticker      text,
  source             text        NOT NULL,
  source_url         text,
  source_kind        text        NOT NULL DEFAULT 'registry'
                     CHECK (source_kind IN ('live', 'registry', 'secondary', 'synthetic')),
  registry_url       text,
  last_verified_at   timestamptz NOT NULL,
  provenance         jsonb       NOT NULL DEFAULT '{}'::jsonb,
  quality            real        NOT NULL DEFAULT 0,
  content_hash       text,
  updated_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (registry_id, registration_key)
);
CREATE INDEX companies_country_key ON companies (country, registration_key);
CREATE INDEX companies_tax_key ON companies (tax_key) WHERE tax_key IS NOT NULL;
CREATE INDEX companies_name_lower_prefix ON companies (name_lower text_pattern_ops);
CREATE INDEX companies_name_norm_prefix ON companies (name_norm text_pattern_ops);
CREATE INDEX companies_name_lower_trgm ON companies USING gin (name_lower gin_trgm_ops);
CREATE INDEX companies_name_norm_trgm ON companies USING gin (name_norm gin_trgm_ops);
CREATE INDEX companies_name_norm_gist ON companies USING gist (name_norm gist_trgm_ops);

CREATE TABLE company_aliases (
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name       text   NOT NULL,
  name_norm  text   NOT NULL,
  kind       text   NOT NULL CHECK (kind IN ('brand', 'parent', 'former', 'trading', 'short', 'ticker', 'initialism')),
  source     text,
  PRIMARY KEY (company_id, kind, name_norm)
);
CREATE INDEX company_aliases_norm ON company_aliases (name_norm text_pattern_ops);
CREATE INDEX company_aliases_norm_trgm ON company_aliases USING gin (name_norm gin_trgm_ops);

CREATE TABLE officers (
  id               bigserial PRIMARY KEY,
  company_id       bigint      NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name             text        NOT NULL,
  role             text,
  appointed_on     date,
  resigned_on      date,
  nationality      text,
  source           text        NOT NULL,
  last_verified_at timestamptz NOT NULL
);
CREATE INDEX officers_company ON officers (company_id);
