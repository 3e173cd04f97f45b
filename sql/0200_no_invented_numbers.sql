-- No invented identifier (issue 38). A business known only from a secondary source (a stock listing, an EITI report)
-- publishes no registration number: its record holds none (registration_no NULL) and is keyed by a reference id of
-- ours in the registry 'reference' (registration_key 'ref-listed-ng-dangote-sugar-refinery-plc', ...).
ALTER TABLE companies ALTER COLUMN registration_no DROP NOT NULL;

-- Every identifier a record's source gave, with its scheme and source: [{"scheme","value","source"}].
ALTER TABLE companies ADD COLUMN identifiers jsonb NOT NULL DEFAULT '[]'::jsonb;
-- The registry evidence for the registration (a live answer or a registry's own published file):
-- {"source","source_url","checked_at","kind"}; NULL: no registry said so.
ALTER TABLE companies ADD COLUMN registry_evidence jsonb;

UPDATE companies SET registry_evidence = jsonb_build_object(
    'source', source, 'source_url', source_url,
    'checked_at', to_char(last_verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'kind', source_kind)
  WHERE source_kind IN ('registry', 'live') AND registration_no IS NOT NULL;

-- The listed companies loaded before this migration carry a registration number the corpus script made up (their
-- source says so): they become reference entities (number and its provenance removed, the id their loader now gives).
WITH invented AS (
  SELECT id, 'ref-listed-' || lower(country) || '-' ||
      trim(BOTH '-' FROM regexp_replace(lower(legal_name), '[^a-z0-9]+', '-', 'g')) AS ref,
    row_number() OVER (PARTITION BY country, regexp_replace(lower(legal_name), '[^a-z0-9]+', '-', 'g') ORDER BY id) AS n
  FROM companies
  WHERE source LIKE '%; registration number synthetic (not from a registry)%'
)
DELETE FROM companies WHERE id IN (SELECT id FROM invented WHERE n > 1);

UPDATE companies SET
    registry_id = 'reference',
    registration_key = 'ref-listed-' || lower(country) || '-' ||
      trim(BOTH '-' FROM regexp_replace(lower(legal_name), '[^a-z0-9]+', '-', 'g')),
    registration_no = NULL,
    number_valid = false,
    source = replace(source, '; registration number synthetic (not from a registry)', ''),
    provenance = (provenance::jsonb #- '{fields,registration_no}' #- '{registration_no}')::json,
    content_hash = NULL,
    updated_at = now()
  WHERE source LIKE '%; registration number synthetic (not from a registry)%';

-- The EITI entities were stored under the identifier their report gave as if it were a registration number (it is a
-- tax number in most countries): removed; the demo loads them again as reference entities with that identifier as
-- what it is.
DELETE FROM companies WHERE source LIKE 'EITI report %(identifier as filed with the report)';

-- Records of one business from different sources: each linked record points at the business's primary record (the
-- registry's when there is one), with why the link was made (src/companies/link).
CREATE TABLE company_links (
  company_id bigint      PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  primary_id bigint      NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  reason     text        NOT NULL,
  detail     text        NOT NULL,
  linked_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX company_links_primary ON company_links (primary_id);
