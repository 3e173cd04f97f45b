/**
 * Spellings that are one name: Arabic articles and name parts in their common romanisations, and the given names
 * that romanise many ways. Words are rewritten to one canonical spelling, on both sides of every comparison
 * (screening and search), so that "Ansar Eddine", "ANSAR AD-DIN" and "Ansar al-Din" agree.
 *
 * Sources:
 * - the article "al-" and its assimilation before the sun letters (t, th, d, dh, r, z, s, sh, s., d., t., z., l, n):
 *   ALA-LC Romanization Tables, Arabic, rule 20 (https://www.loc.gov/catdir/cpso/romanization/arabic.pdf), and the
 *   UNGEGN report on romanisation systems, Arabic (https://unstats.un.org/unsd/ungegn/pubs/documents/Arabic.pdf):
 *   "ad-Din", "ash-Shabaab", "as-Salam", "an-Nur", written "ed-", "ud-", "el-" in French and South Asian practice;
 * - "-eddine" (Maghreb, French), "-uddin" (South Asia), "ad-Din" / "al-Din" (ALA-LC) for the compound "... al-Din";
 *   "Abdel" / "Abdul" / "Abd al" / "Abdur" for "'Abd al-": same tables, and the name-part lists of
 *   https://github.com/opensanctions/rigour (resources/names, MIT), which sanctions screening engines use;
 * - given names with many spellings (Muhammad, Ahmad, Husayn, Yusuf ...): rigour's person-name synonyms
 *   (https://github.com/opensanctions/rigour/pull/121) and the spellings met in the OFAC and UN lists themselves.
 * Input: folded words (`foldTokens` output: lower-case ASCII for Latin script).
 */

/** The article and its assimilated forms, as a word of its own before another word. */
const ARTICLES: ReadonlySet<string> = new Set(["al", "el", "ul"])
/** Assimilated forms: the article written with the next word's first consonant ("ad dawa", "ash shabaab"). */
const SUN_ARTICLES: ReadonlyMap<string, string> = new Map([
  ["ad", "d"], ["ed", "d"], ["ud", "d"], ["as", "s"], ["es", "s"], ["us", "s"], ["ash", "sh"], ["esh", "sh"], ["ush", "sh"],
  ["at", "t"], ["et", "t"], ["ut", "t"], ["ath", "th"], ["adh", "dh"], ["ar", "r"], ["er", "r"], ["ur", "r"],
  ["az", "z"], ["ez", "z"], ["uz", "z"], ["an", "n"], ["en", "n"], ["un", "n"]
])

/** Canonical spelling of a given name or name part, by its spellings. */
const SPELLINGS: ReadonlyMap<string, string> = new Map(
  ([
    ["muhammad", ["mohammed", "mohammad", "mohamed", "mohamad", "muhammed", "muhamed", "muhamad", "mouhamed", "mouhammad", "mohamud", "mahomed", "mohammod", "mohd", "muhd"]],
    ["ahmad", ["ahmed", "ahmet", "ahmat"]],
    ["mahmud", ["mahmoud", "mahmood"]],
    ["husayn", ["hussein", "hussain", "husain", "husein", "hossein", "houssein", "hussayn", "hossain"]],
    ["hasan", ["hassan", "hasen"]],
    ["usama", ["osama", "oussama", "usamah"]],
    ["yusuf", ["youssef", "yousef", "yousif", "yusef", "yussuf", "youcef"]],
    ["umar", ["omar", "omer", "oumar"]],
    ["uthman", ["othman", "osman", "usman", "ousmane", "othmane", "uthmane"]],
    ["ibrahim", ["ebrahim", "brahim", "ibraheem"]],
    ["ismail", ["ismael", "smail", "ismaeel"]],
    ["khalid", ["khaled"]],
    ["mustafa", ["mustapha", "moustapha", "mostafa", "moustafa"]],
    ["said", ["saeed", "sayed", "saied", "saiid"]],
    ["abu", ["abou"]],
    ["bin", ["ibn"]],
    ["abdallah", ["abdullah", "abdellah", "abdollah", "abdulla", "abdalla", "abdoulaye"]],
    ["din", ["deen", "dine", "dinne"]]
  ] as const).flatMap(([canon, spellings]) => [[canon, canon] as const, ...spellings.map((s) => [s, canon] as const)])
)

/** "Abdel", "Abdul", "Abd al", "Abdur" before a name -> "abd al"; glued ("Abdelkader", "Abdurrahman") -> "abd al" + name. */
const ABD = /^abd(?:al|el|ul|ur|er|ar|us|es|as)?$/
const ABD_GLUED = /^abd(?:al|el|ul|ol|ou|ur|er|ar|us|es|as|un|en|an|i|u|e)([a-z]{3,})$/
/** "Nasreddine", "Salahuddin", "Alaeddin", "Nuruddeen" -> stem + "al din"; "Eddine" alone -> "al din". */
const DIN_SUFFIX = "(?:eddine?|uddine?|uddeen|eddeen|addine?|iddine?)"
const DIN_GLUED = new RegExp(`^([a-z]{3,}?)${DIN_SUFFIX}$`)
const DIN_ALONE = new RegExp(`^${DIN_SUFFIX}$`)

const canonicalWord = (word: string): string => SPELLINGS.get(word) ?? word

/**
 * The words of a folded name with the equivalences applied. An article before a word becomes "al" (a sun-letter
 * form only before a word that starts with its consonant: "as salam", never "as" in "as agents"); "abd" compounds and
 * "-eddine" compounds are split; given names take their canonical spelling.
 */
export const equivalentWords = (words: ReadonlyArray<string>): Array<string> => {
  const out: Array<string> = []
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!
    const next = words[i + 1]
    if (next !== undefined && next.length >= 2) {
      const sun = SUN_ARTICLES.get(word)
      if (ARTICLES.has(word) || (sun !== undefined && next.startsWith(sun))) {
        out.push("al")
        continue
      }
    }
    if (word.startsWith("abd") && SPELLINGS.get(word) !== "abdallah") {
      if (next !== undefined && ABD.test(word)) {
        out.push(...(word === "abd" ? ["abd"] : ["abd", "al"]))
        continue
      }
      const glued = ABD_GLUED.exec(word)
      if (glued !== null) {
        out.push("abd", "al", canonicalWord(glued[1]!))
        continue
      }
    }
    if (DIN_ALONE.test(word)) {
      out.push("al", "din")
      continue
    }
    const din = word.length >= 7 ? DIN_GLUED.exec(word) : null
    if (din !== null) {
      out.push(canonicalWord(din[1]!), "al", "din")
      continue
    }
    out.push(canonicalWord(word))
  }
  return out
}

/** Every spelling of each canonical word (the canonical one first). */
const SPELLINGS_OF: ReadonlyMap<string, ReadonlyArray<string>> = (() => {
  const out = new Map<string, Array<string>>()
  for (const [spelling, canon] of SPELLINGS) {
    const list = out.get(canon) ?? [canon]
    if (spelling !== canon) list.push(spelling)
    out.set(canon, list)
  }
  return out
})()

/**
 * One spelling for one word alone, as `equivalentWords` reads it where no neighbour matters: a given name's
 * canonical spelling, an article ("al", "el", "ul") as "al". Used where words are compared one by one (search's
 * fuzzy scorer), so that "Mohamed Trading" and "Muhammad Trading" score as the same words.
 */
export const canonicalSpelling = (word: string): string => (ARTICLES.has(word) ? "al" : canonicalWord(word))

/**
 * The other spellings of a word that `canonicalSpelling` reads as the same ("mohamed" -> "muhammad", "mohammed",
 * ...; "el" -> "al", "ul"), without the word itself; empty for a word with no equivalences.
 */
export const otherSpellings = (word: string): ReadonlyArray<string> => {
  const all = ARTICLES.has(word) ? [...ARTICLES] : SPELLINGS_OF.get(canonicalWord(word)) ?? []
  return all.filter((w) => w !== word)
}
