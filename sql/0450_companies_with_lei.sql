-- The stored companies that carry an LEI (GLEIF's records, or another source's that gave one), for the level-2
-- relationship ingest (kyb ingest gleif-relationships), which reads them all once: a partial index over those rows
-- only, so the look-up reads them instead of every company, and writes of companies without an LEI pay nothing.
CREATE INDEX companies_with_lei ON companies (id) WHERE identifiers @> '[{"scheme":"lei"}]'::jsonb;
