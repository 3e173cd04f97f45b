-- A query word the vocabulary holds stands for itself (the search reads no other spelling of a held word), so its
-- trigram look-up is skipped: that look-up is the costly one for short, common words ("de", "of": trigrams
-- shared by much of the vocabulary). A word held nowhere still gets its nearest spellings.
CREATE OR REPLACE FUNCTION search_near_words(tokens text[], per_token integer)
  RETURNS TABLE (i integer, word text, companies integer, sim real)
  LANGUAGE sql STABLE
  SET enable_seqscan = off
  SET pg_trgm.similarity_threshold = 0.3
  AS $$
    SELECT t.i::integer, w.word, w.companies, w.sim
    FROM unnest(tokens) WITH ORDINALITY AS t(tok, i)
    CROSS JOIN LATERAL (
      SELECT s.word, s.companies, 1::real AS sim FROM search_words s
      WHERE s.word = t.tok AND s.companies > 0
      UNION ALL
      (SELECT s.word, s.companies, similarity(s.word, t.tok) AS sim FROM search_words s
        WHERE s.word % t.tok AND s.companies > 0
          AND NOT EXISTS (SELECT FROM search_words h WHERE h.word = t.tok AND h.companies > 0)
        ORDER BY sim DESC, s.word LIMIT per_token)
    ) AS w
  $$;
