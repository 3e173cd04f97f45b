import { Config } from "effect"

/** Search settings (environment): bounds that keep every query cheap on millions of companies. */
export const searchConfig = Config.all({
  /**
   * Rows each tier gives in the first look; when no tier has more, every match is ranked in memory. A tier with
   * more sends the query to one scan of all its matches (exact count, the first offset+limit in order).
   */
  maxMatches: Config.Int("KYB_SEARCH_MAX_MATCHES").pipe(Config.withDefault(250)),
  /** Fuzzy similarity (0..1) a name needs to be a result; below it, it can still be a suggestion. */
  fuzzyThreshold: Config.Number("KYB_SEARCH_FUZZY_THRESHOLD").pipe(Config.withDefault(0.5)),
  /** Companies the word index may hand to the fuzzy scorer per query. */
  fuzzyScan: Config.Int("KYB_SEARCH_FUZZY_SCAN").pipe(Config.withDefault(500)),
  suggestions: Config.Int("KYB_SEARCH_SUGGESTIONS").pipe(Config.withDefault(5))
})
