-- The words held most similar to each query word (trigram GIN on the vocabulary). A function so that it can
-- carry its own settings: `%` is costed as cheap, so on a small vocabulary the planner preferred a sequential
-- scan that evaluates it on every word (milliseconds per query word); the index answers in microseconds.
CREATE FUNCTION search_near_words(tokens text[], per_token integer)
  RETURNS TABLE (i integer, word text, companies integer, sim real)
  LANGUAGE sql STABLE
  SET enable_seqscan = off
  SET pg_trgm.similarity_threshold = 0.3
  AS $$
    SELECT t.i::integer, w.word, w.companies, w.sim
    FROM unnest(tokens) WITH ORDINALITY AS t(tok, i)
    CROSS JOIN LATERAL (
      SELECT s.word, s.companies, similarity(s.word, t.tok) AS sim FROM search_words s
      WHERE s.word % t.tok AND s.companies > 0
      ORDER BY sim DESC, s.word LIMIT per_token
    ) AS w
  $$;
