-- Search (issue 28): the spacing-insensitive key of a name (`compactKey` in src/domain/searchKeys.ts), so that a
-- brand written as two words, one word, or with dots between its initials finds the name and its aliases
-- ("Eco Bank" / "Ecobank", "Tanzania-Cement" / "TanzaniaCement"). Expression btrees in text_pattern_ops: the
-- search asks for the whole key (=) or a prefix of it (~>=~ / ~<~ ranges), as for name_norm.
CREATE INDEX companies_name_compact ON companies ((replace(name_norm, ' ', '')) text_pattern_ops);
CREATE INDEX company_aliases_name_compact ON company_aliases ((replace(name_norm, ' ', '')) text_pattern_ops);
