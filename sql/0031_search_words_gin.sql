-- The vocabulary is looked up by trigram similarity (`%`, GIN) rather than KNN (GiST): GiST trigram signatures
-- are lossy for single words and a KNN scan read most of the index.
DROP INDEX IF EXISTS search_words_trgm;
CREATE INDEX search_words_trgm_gin ON search_words USING gin (word gin_trgm_ops);

-- Search reads every GIN index's pending list (fast-update entries not yet merged) in full. A small limit keeps
-- that read short after inserts (the list is merged into the index once it fills, and by VACUUM).
ALTER INDEX companies_name_words SET (gin_pending_list_limit = 256);
ALTER INDEX companies_name_lower_trgm SET (gin_pending_list_limit = 256);
ALTER INDEX companies_name_norm_trgm SET (gin_pending_list_limit = 256);
ALTER INDEX company_aliases_norm_trgm SET (gin_pending_list_limit = 256);
ALTER INDEX search_words_trgm_gin SET (gin_pending_list_limit = 256);
