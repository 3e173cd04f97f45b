/**
 * Abbreviations of organisation words and the word each stands for, in English, French and Portuguese, as company
 * and list names write them ("Gen. Trading", "Ste Gle", "Ets Diallo", "Natl Bank", "Min. of Defence"). Both sides of
 * a screening comparison are read through this table, so an abbreviation and its expansion are one word.
 *
 * Reviewed by hand (issue 51 item 2), each abbreviation checked against its use in the shipped lists and company
 * files; an abbreviation is listed only for the one word it stands for in organisation names. Where it can also be a
 * word or a part of a personal name, it is read only where nothing else fits (`where`), or left out ("Gale" is a word,
 * "SOC" is South Africa's state-owned company form, "Dev" and "Com" stand for several words):
 * - `anywhere`: never a word of its own in names ("intl", "mfg", "ets");
 * - `mid_before_business`: after another word and before a business word or a legal form ("KOREA RYONBONG GEN
 *   CORPORATION"; "Gen" alone is a personal name), or, with `atEnd`, at the end of the name ("PARCHIN CHEMICAL IND");
 * - `before_function_word`: before "of", "de", "da", "do" ... ("Min. of Defence", "Min. de la Defense"; "Min" alone is a
 *   name).
 * Legal forms (Co, Corp, Cie, Cia, Ltda, Lda ...) are read by the legal-form table (`vocabulary.ts`), not here.
 * Input: folded words (lower case, accents and dots gone: "Sté" -> "ste", "Gén." -> "gen").
 */
type AbbreviationPlace = "anywhere" | "mid_before_business" | "before_function_word"
type Language = "en" | "fr" | "pt"

export interface Abbreviation {
  readonly short: string
  readonly word: string
  readonly languages: ReadonlyArray<Language>
  readonly where: AbbreviationPlace
  /** With `mid_before_business`: also read at the end of the name. */
  readonly atEnd?: boolean
}

const a = (short: string, word: string, languages: ReadonlyArray<Language>, where: AbbreviationPlace = "anywhere", atEnd = false): Abbreviation =>
  ({ short, word, languages, where, ...(atEnd ? { atEnd } : {}) })

export const ABBREVIATIONS: ReadonlyArray<Abbreviation> = [
  // English
  a("intl", "international", ["en"]), a("int", "international", ["en"]), a("internat", "international", ["en"]),
  a("natl", "national", ["en"]), a("nat", "national", ["en"]), a("hld", "holding", ["en"]), a("hldg", "holding", ["en"]),
  a("hldgs", "holdings", ["en"]), a("mgt", "management", ["en"]), a("mgmt", "management", ["en"]),
  a("devt", "development", ["en"]), a("trdg", "trading", ["en"]), a("tdg", "trading", ["en"]), a("invt", "investment", ["en"]),
  a("engg", "engineering", ["en"]), a("indl", "industrial", ["en"]), a("inds", "industries", ["en"]),
  a("bros", "brothers", ["en"]), a("mfg", "manufacturing", ["en"]), a("mfrs", "manufacturers", ["en"]),
  a("svcs", "services", ["en"]), a("svc", "services", ["en"]), a("dept", "department", ["en", "fr"]),
  a("assn", "association", ["en"]), a("assoc", "association", ["en", "fr"]), a("grp", "group", ["en"]),
  a("govt", "government", ["en"]), a("univ", "university", ["en"]), a("inst", "institute", ["en"]),
  a("fdn", "foundation", ["en"]), a("admin", "administration", ["en", "fr"]), a("chem", "chemical", ["en"]),
  a("tel", "telecom", ["en"]), a("petrol", "petroleum", ["en"]),
  a("gen", "general", ["en"], "mid_before_business"), a("ind", "industries", ["en"], "mid_before_business", true),
  a("min", "ministry", ["en"], "before_function_word"),
  // French
  a("ets", "etablissements", ["fr"]), a("etbs", "etablissements", ["fr"]), a("etabl", "etablissements", ["fr"]),
  a("etablissement", "etablissements", ["fr"]), a("ste", "societe", ["fr"]),
  a("gle", "generale", ["fr"]), a("genle", "generale", ["fr"]),
  a("intle", "internationale", ["fr"]), a("natle", "nationale", ["fr"]), a("nle", "nationale", ["fr"]),
  a("cial", "commercial", ["fr"]), a("ciale", "commerciale", ["fr"]), a("gpe", "groupe", ["fr"]), a("grpe", "groupe", ["fr"]),
  a("entr", "entreprise", ["fr"]), a("entrep", "entreprise", ["fr"]), a("ent", "entreprise", ["fr"], "mid_before_business"),
  a("dir", "direction", ["fr"], "before_function_word"), a("depart", "departement", ["fr"]),
  // Portuguese
  a("coml", "comercial", ["pt"]), a("nac", "nacional", ["pt"]), a("emp", "empresa", ["pt"], "before_function_word"),
  a("adm", "administracao", ["pt"]),
  // Spellings of one word
  a("centre", "center", ["en"]), a("organisation", "organization", ["en"]), a("st", "saint", ["en"]), a("mt", "mount", ["en"]),
  a("telecommunication", "telecommunications", ["en"])
]

const byShort = new Map<string, Abbreviation>()
for (const entry of ABBREVIATIONS) if (!byShort.has(entry.short)) byShort.set(entry.short, entry)

/** The abbreviations read anywhere, short -> word (the first one listed for a short form). */
export const PLAIN_ABBREVIATIONS: ReadonlyMap<string, string> = new Map(
  [...byShort.values()].filter((e) => e.where === "anywhere").map((e) => [e.short, e.word] as const)
)

/** Function words after which "Min.", "Dir.", "Emp." are an organisation word. */
const FUNCTION_WORDS: ReadonlySet<string> = new Set(["of", "de", "da", "do", "das", "dos", "des", "du", "for", "pour", "la", "d"])

/**
 * The word a folded word at position `i` stands for, or undefined when it is no abbreviation there. `isBusinessWord`
 * says whether a word is an organisation word or a legal form (the caller's vocabulary).
 */
export const expansionAt = (
  words: ReadonlyArray<string>,
  i: number,
  isBusinessWord: (word: string) => boolean
): string | undefined => {
  const entry = byShort.get(words[i]!)
  if (entry === undefined) return undefined
  const next = words[i + 1]
  switch (entry.where) {
    case "anywhere":
      return entry.word
    case "mid_before_business":
      if (i === 0) return undefined
      return (next === undefined ? entry.atEnd === true : isBusinessWord(next)) ? entry.word : undefined
    case "before_function_word":
      return next !== undefined && FUNCTION_WORDS.has(next) && words.length > i + 2 ? entry.word : undefined
  }
}
