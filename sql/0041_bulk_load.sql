-- Initial bulk load (`kyb ingest companies` into an empty store, see CompanyWriter.initialLoad): the
-- secondary indexes of companies, company_aliases and officers are dropped for the load and built again at its
-- end, all in the load's one transaction, so a killed load rolls back to the empty store with every index in
-- place. Building an index once over the loaded rows costs a fraction of maintaining it row by row (200,000
-- rows: 8 µs per row for all of them built afterwards, 21 µs per row maintained while inserting); likewise the
-- foreign keys of company_aliases and officers are validated once at the end (0.9 µs per row instead of 7 µs),
-- and the vocabulary (search_words) is counted once instead of by the statement triggers. Primary keys
-- and unique constraints stay: the writer's upsert relies on them. The definitions are taken from the catalog,
-- so the migrations stay the only place an index is defined.
CREATE TABLE bulk_load_dropped_indexes (
  name       text PRIMARY KEY,
  -- The statement that creates it again; indexes are created before foreign keys.
  definition text NOT NULL,
  ord        integer NOT NULL DEFAULT 1
);

CREATE FUNCTION bulk_load_drop_indexes() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  r record;
  n integer := 0;
BEGIN
  FOR r IN
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    WHERE i.indrelid IN ('companies'::regclass, 'company_aliases'::regclass, 'officers'::regclass)
      AND NOT i.indisprimary AND NOT i.indisunique
    ORDER BY 1
  LOOP
    INSERT INTO bulk_load_dropped_indexes (name, definition) VALUES (r.name, r.definition);
    EXECUTE format('DROP INDEX %s', r.name);
    n := n + 1;
  END LOOP;
  FOR r IN
    SELECT c.conname AS name, c.conrelid::regclass::text AS tbl,
      format('ALTER TABLE %s ADD CONSTRAINT %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid)) AS definition
    FROM pg_constraint c
    WHERE c.contype = 'f' AND c.conrelid IN ('company_aliases'::regclass, 'officers'::regclass)
    ORDER BY 1
  LOOP
    INSERT INTO bulk_load_dropped_indexes (name, definition, ord) VALUES (r.name, r.definition, 2);
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.tbl, r.name);
    n := n + 1;
  END LOOP;
  ALTER TABLE companies DISABLE TRIGGER companies_search_words_insert;
  ALTER TABLE companies DISABLE TRIGGER companies_search_words_update;
  ALTER TABLE companies DISABLE TRIGGER companies_search_words_delete;
  RETURN n;
END $$;

-- Builds the dropped indexes again (with a larger sort memory for this transaction only), counts the vocabulary
-- and turns its triggers back on.
CREATE FUNCTION bulk_load_restore_indexes() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  r record;
  n integer := 0;
BEGIN
  PERFORM set_config('maintenance_work_mem', '256MB', true);
  FOR r IN SELECT name, definition FROM bulk_load_dropped_indexes ORDER BY ord, name LOOP
    EXECUTE r.definition;
    DELETE FROM bulk_load_dropped_indexes WHERE name = r.name;
    n := n + 1;
  END LOOP;
  UPDATE search_words SET companies = 0 WHERE companies <> 0;
  INSERT INTO search_words AS s (word, companies)
  SELECT w, count(*) FROM companies, unnest(search_words_of(companies.name_norm)) AS w GROUP BY w ORDER BY w
  ON CONFLICT (word) DO UPDATE SET companies = excluded.companies;
  ALTER TABLE companies ENABLE TRIGGER companies_search_words_insert;
  ALTER TABLE companies ENABLE TRIGGER companies_search_words_update;
  ALTER TABLE companies ENABLE TRIGGER companies_search_words_delete;
  RETURN n;
END $$;
