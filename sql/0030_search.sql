-- Search (issue 4): number look-ups across registries, a word index on normalised names for the fuzzy tier,
-- and a vocabulary of the words held (with how many companies use each) kept up to date by statement triggers.
CREATE INDEX companies_registration_key ON companies (registration_key);
CREATE INDEX companies_name_words ON companies USING gin (to_tsvector('simple'::regconfig, name_norm));

CREATE TABLE search_words (
  word      text    PRIMARY KEY,
  companies integer NOT NULL DEFAULT 0
);
CREATE INDEX search_words_trgm ON search_words USING gist (word gist_trgm_ops);

CREATE FUNCTION search_words_of(name_norm text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT tsvector_to_array(to_tsvector('simple'::regconfig, name_norm)) $$;


CREATE FUNCTION search_words_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words AS s (word, companies)
  SELECT w, count(*) FROM inserted_rows, unnest(search_words_of(inserted_rows.name_norm)) AS w
  GROUP BY w ORDER BY w
  ON CONFLICT (word) DO UPDATE SET companies = s.companies + excluded.companies;
  RETURN NULL;
END $$;

CREATE FUNCTION search_words_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words AS s (word, companies)
  SELECT w, sum(d) FROM (
    SELECT unnest(search_words_of(n.name_norm)) AS w, 1 AS d
    FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.name_norm IS DISTINCT FROM n.name_norm
    UNION ALL
    SELECT unnest(search_words_of(o.name_norm)), -1
    FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.name_norm IS DISTINCT FROM n.name_norm
  ) AS changes
  GROUP BY w HAVING sum(d) <> 0 ORDER BY w
  ON CONFLICT (word) DO UPDATE SET companies = greatest(0, s.companies + excluded.companies);
  RETURN NULL;
END $$;

CREATE FUNCTION search_words_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_words AS s SET companies = greatest(0, s.companies - gone.n)
  FROM (
    SELECT w, count(*) AS n FROM deleted_rows, unnest(search_words_of(deleted_rows.name_norm)) AS w GROUP BY w
  ) AS gone
  WHERE s.word = gone.w;
  RETURN NULL;
END $$;

CREATE TRIGGER companies_search_words_insert AFTER INSERT ON companies
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_insert();
CREATE TRIGGER companies_search_words_update AFTER UPDATE ON companies
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_update();
CREATE TRIGGER companies_search_words_delete AFTER DELETE ON companies
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_delete();

-- Queries answered by live registries (search on a miss): the same query within the TTL is served from the store.
CREATE TABLE live_search_cache (
  query_norm  text        NOT NULL,
  scope       text        NOT NULL,
  searched_at timestamptz NOT NULL DEFAULT now(),
  found       integer     NOT NULL DEFAULT 0,
  PRIMARY KEY (query_norm, scope)
);
