-- Initial bulk load, continued (see 0041). Two costs of the database per loaded company, measured on 400,000
-- generated companies loaded with COPY in one transaction (`npm run -s ingest-floor`, BENCHMARKS.md):
--
-- 1. companies.provenance was jsonb: parsing it into jsonb cost about a third of the COPY of companies, and the
--    larger rows slowed every index build after it. The service only ever writes it whole and reads it whole
--    (src/companies/write/provenanceFormat.ts); no query looks inside it. `json` keeps it validated as JSON, stored
--    as written.
-- 2. The unique keys of the three tables were maintained row by row during the load (a random insert into the
--    (registry_id, registration_key) btree per company). The loader never writes a company twice (CompanyWriter
--    keeps the keys it wrote and sends a repeat through the merge), so the load drops the unique keys no foreign
--    key depends on and builds them once at the end, before the other indexes; a merge during the load builds
--    them first (bulk_load_restore_keys), since its upserts need them. A duplicate that got through anyway would
--    fail the rebuild and roll the load back.
ALTER TABLE companies ALTER COLUMN provenance DROP DEFAULT;
ALTER TABLE companies ALTER COLUMN provenance TYPE json USING provenance::json;
ALTER TABLE companies ALTER COLUMN provenance SET DEFAULT '{}'::json;

-- Planner statistics for columns no query filters, joins or sorts on: ANALYZE after a load need not sample them.
ALTER TABLE companies ALTER COLUMN provenance SET STATISTICS 0;
ALTER TABLE companies ALTER COLUMN content_hash SET STATISTICS 0;
ALTER TABLE companies ALTER COLUMN aliases_digest SET STATISTICS 0;
ALTER TABLE companies ALTER COLUMN officers_digest SET STATISTICS 0;

-- Unique keys (primary keys and unique constraints) of the loaded tables that no foreign key depends on (the
-- companies primary key stays: procurement awards and trademarks reference it). Recorded with ord 0: rebuilt
-- before the indexes (ord 1) and foreign keys (ord 2).
CREATE FUNCTION bulk_load_drop_keys() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  r record;
  n integer := 0;
BEGIN
  FOR r IN
    SELECT c.conname AS name, c.conrelid::regclass::text AS tbl,
      format('ALTER TABLE %s ADD CONSTRAINT %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid)) AS definition
    FROM pg_constraint c
    WHERE c.contype IN ('p', 'u')
      AND c.conrelid IN ('companies'::regclass, 'company_aliases'::regclass, 'officers'::regclass)
      AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = c.conindid)
    ORDER BY 1
  LOOP
    INSERT INTO bulk_load_dropped_indexes (name, definition, ord) VALUES (r.name, r.definition, 0);
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.tbl, r.name);
    n := n + 1;
  END LOOP;
  RETURN n;
END $$;

-- Builds the unique keys dropped by bulk_load_drop_keys again (none left: nothing to do).
CREATE FUNCTION bulk_load_restore_keys() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  r record;
  n integer := 0;
BEGIN
  PERFORM set_config('maintenance_work_mem', '256MB', true);
  FOR r IN SELECT name, definition FROM bulk_load_dropped_indexes WHERE ord = 0 ORDER BY name LOOP
    EXECUTE r.definition;
    DELETE FROM bulk_load_dropped_indexes WHERE name = r.name;
    n := n + 1;
  END LOOP;
  RETURN n;
END $$;
