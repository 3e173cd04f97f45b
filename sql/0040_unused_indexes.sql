-- Indexes no query of the service uses, dropped: every company written paid for them (the three trigram
-- indexes on companies cost two thirds of the database's time per inserted row: 83 µs with them, 30 µs
-- without, measured with INSERT ... SELECT of 200,000 rows). Search matches through the btree prefix indexes,
-- the word index (companies_name_words) and the vocabulary's trigram index (search_words_trgm_gin); the
-- whole-name look-up reads the text_pattern_ops btrees (the GiST index was a planner trap there); the id tier
-- reads companies_registration_key, which also serves a country-scoped look-up (a key has few rows).
DROP INDEX IF EXISTS companies_name_lower_trgm;
DROP INDEX IF EXISTS companies_name_norm_trgm;
DROP INDEX IF EXISTS companies_name_norm_gist;
DROP INDEX IF EXISTS company_aliases_norm_trgm;
DROP INDEX IF EXISTS companies_country_key;
