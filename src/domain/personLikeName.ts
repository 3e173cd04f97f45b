import { GENERIC_WORDS, STOPWORDS } from "../sanctions/matching/vocabulary.js"
import { TokenClass, tokenize } from "../sanctions/matching/tokens.js"
import { legalFormOf } from "./legalForms.js"

/**
 * Words of trade that the screening vocabulary does not class as generic but that a person's name never is
 * ("Adebayo Motors", "Kamau Hardware"): a business name with one of them reads as a business, not a person.
 */
const TRADE_WORDS: ReadonlySet<string> = new Set([
  "motors", "motor", "hardware", "cement", "farm", "farms", "hotel", "hotels", "shop", "shops", "store", "stores", "pharmacy",
  "restaurant", "bakery", "garage", "school", "academy", "clinic", "hospital", "church", "mosque", "market", "supermarket",
  "bar", "lodge", "salon", "printers", "printing", "press", "textiles", "mills", "auto", "autos", "electrical", "electricals",
  "ventures", "stores", "traders", "dealers", "contractors", "builders", "transporters", "tours", "travel", "travels", "radio",
  "farming", "fisheries", "garments", "fashion", "fashions", "boutique", "cafe", "kitchen", "gallery", "laboratory", "labs",
  "petrol", "fuel", "station", "estates", "investors", "holdings", "group", "company", "enterprise", "enterprises", "sons"
])

/**
 * Name particles that the screening vocabulary classes as stopwords but that people's names carry
 * ("Abdel Aziz al Rashid", "Maria da Silva", "Jean de la Fontaine").
 */
const PERSON_PARTICLES: ReadonlySet<string> = new Set([
  "al", "el", "ul", "de", "da", "do", "dos", "das", "di", "del", "della", "du", "des", "la", "le", "von", "der", "d", "e"
])

const MIN_NAME_WORDS = 2
const MAX_NAME_WORDS = 4

/**
 * Whether a business name reads as a person's (a sole trader trading under their own name, a registered business
 * name), so that it is screened against the lists' individuals too. The rule, on the name's screening tokens:
 * - no legal form (`legalFormOf`, and no legal-form token of the screening vocabulary: "Ltd", "SARL", "& Co");
 * - no generic organisational word (the vocabulary's GENERIC_WORDS: "Trading", "Bank", "Services"), no word of trade
 *   (TRADE_WORDS), no place word ("Nigeria", "African"), no number, no stopword other than a name particle ("al", "da");
 * - no character a personal name does not carry (digits, "&", "@", "/", "+");
 * - 2 to 4 words of two letters or more (a single-letter initial is allowed beside them).
 * It errs towards screening: a business named by two plain words ("Zenith Cement" is caught by TRADE_WORDS, "Nile
 * Breeze" is not) is screened against individuals as well, which can add hits to review, never hide one.
 */
export const readsAsPersonName = (name: string): boolean => {
  if (/[0-9&@/+#%]/.test(name)) return false
  if (legalFormOf(name) !== null) return false
  const tokens = tokenize(name)
  if (tokens.length === 0) return false
  for (const token of tokens) {
    // An initial ("John A Smith"): the vocabulary classes some single letters as stopwords.
    if (/^\p{L}$/u.test(token.text)) continue
    if (token.cls === TokenClass.stopword) {
      if (!PERSON_PARTICLES.has(token.text)) return false
      continue
    }
    if (token.cls !== TokenClass.word) return false
    if (GENERIC_WORDS.has(token.text) || TRADE_WORDS.has(token.text) || STOPWORDS.has(token.text) && !PERSON_PARTICLES.has(token.text)) return false
    if (!/^\p{L}+$/u.test(token.text)) return false
  }
  const words = tokens.filter((t) => t.cls === TokenClass.word && t.text.length >= 2).length
  return words >= MIN_NAME_WORDS && words <= MAX_NAME_WORDS
}

/**
 * Registry entity types (the slug of the registry's own label) that are a person trading under a name, not a legal
 * entity apart from them: a sole proprietorship, a registered business name, an "entreprise individuelle".
 */
const SOLE_TRADER_TYPE = /business_name|sole_propriet|sole_trader|entreprise_individuelle|individual_enterprise|personne_physique|enterprise_name|empresario_individual|empresa_individual/

/** Whether a record's entity type (slug or label) says it is a sole trader or a registered business name. */
export const isSoleTraderType = (entityType: string | null | undefined, label?: string | null): boolean =>
  [entityType, label].some((t) =>
    t !== null && t !== undefined && SOLE_TRADER_TYPE.test(t.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, "_")))
