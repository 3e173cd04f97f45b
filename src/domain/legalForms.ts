import { foldTokens } from "./fold.js"

/**
 * Legal-form descriptors per language/country, as they trail a registered name. Aliases are written as
 * people write them; they are folded with the same `foldTokens` as names when this module loads.
 *
 * Arabic-script forms (Tunisian, Moroccan, Egyptian registers print Arabic names) are included; Arabic
 * folding removes tashkeel and hamza seats, so "شّركة ذات مسؤوليّات محدودة" and "شركة ذات مسؤوليات محدودة" agree.
 *
 * Applicability (`country` is ISO alpha-2, upper case):
 * - `countries`: strip only when the name's country is unknown or one of these;
 * - `strict`: with `countries`, strip only when the country is known and listed (words that are
 *   ordinary words elsewhere, e.g. Italian/Algerian "SpA" vs an English "spa");
 * - `notIn`: never strip in these countries ("SA" is "South Africa" in ZA: "Telkom SA").
 *
 * Deliberately NOT legal forms (kept in the normalised name): Holding(s), Group, International,
 * Société/Compagnie as leading words, country names ("Guinness Nigeria PLC" -> "guinness nigeria").
 * A holding company and its operating subsidiary ("X Holdings Ltd" / "X Ltd") are different legal
 * entities, so folding them together would make a KYB match wrong; prefix matching still finds both.
 */
export interface LegalFormSpec {
  readonly canonical: string
  readonly aliases: ReadonlyArray<string>
  readonly countries?: ReadonlyArray<string>
  readonly strict?: boolean
  readonly notIn?: ReadonlyArray<string>
}

const ZA_LIKE = ["ZA", "NA", "BW", "LS", "SZ"]
const LUSOPHONE = ["AO", "MZ", "CV", "GW", "ST", "PT", "BR"]

export const legalFormTable: ReadonlyArray<LegalFormSpec> = [
  {
    canonical: "limited",
    aliases: [
      "Ltd", "Ltd.", "Limited", "Ltée", "Limitée", "Lmtd", "Ltd Co", "Company Limited", "Company Ltd", "Co Ltd",
      "Co. Ltd.", "Co Limited", "Coy Ltd", "Cy Ltd", "Co Ltée", "Cie Ltée", "Limited Company", "Ltd Company",
      "Limted", "Limitted", "Limitied", "Limkited", "Limitd", "Limiited", "Lmited", "Limted Company", "Limited Co", "Limited by Shares",
      "Private Company with Limited Liability", "المحدودة", "محدودة"
    ]
  },
  {
    canonical: "plc",
    aliases: [
      "PLC", "P.L.C.", "Public Limited Company", "Public Ltd Co", "Public Ltd Company", "Public Limited Co",
      "Public Company Limited", "Public Company Ltd", "PLC Ltd", "Plc Limited", "Public Limited",
      "PLC Company", "PLCO", "PLCs", "Public Limited Corporation", "Publicly Limited Company", "Pub Limited Co", "Pub Ltd Co",
      "Public Limted Company", "Public Limited Compnay", "Public Limitd Company", "Pubic Limited Company",
      "Public Limitied Company", "Public Limitted Company", "Pub Lt Co", "Public Lt Co", "Public Lt Company", "Pub Limited",
      "Publicly Ltd Company", "Public Ltd Corporation", "Public Lmtd Company", "Publi Limited Company", "Publc Limited Company"
    ]
  },
  {
    canonical: "proprietary limited",
    aliases: [
      "(Pty) Ltd", "Pty Ltd", "Pty Limited", "(Pty) Limited", "Proprietary Limited", "(Proprietary) Limited",
      "Pty", "(Pty)", "Proprietary", "Pty Ltd.", "Proprietary Ltd", "Proprietary Limited Company"
    ],
    countries: [...ZA_LIKE, "AU"]
  },
  {
    canonical: "private limited",
    aliases: ["Pvt Ltd", "Pvt. Ltd.", "Pvt Limited", "Private Limited", "Private Limited Company", "Pte Ltd", "Pvt"]
  },
  { canonical: "soc limited", aliases: ["SOC Ltd", "SOC Limited"], countries: ZA_LIKE },
  /** Alone, "Soc" is also "Society"/"Société": stripped only for a known ZA-like country. */
  { canonical: "soc limited", aliases: ["SOC"], countries: ZA_LIKE, strict: true },
  { canonical: "rf", aliases: ["RF", "(RF)"], countries: ["ZA"] },
  { canonical: "non-profit company", aliases: ["NPC"], countries: ["ZA"] },
  { canonical: "close corporation", aliases: ["CC", "Close Corporation"], countries: ZA_LIKE },
  {
    canonical: "limited by guarantee",
    aliases: [
      "Ltd/Gte", "Ltd Gte", "Ltd (Gte)", "Ltd by Guarantee", "Limited by Guarantee", "Ltd by Gte", "LBG", "CLG",
      "Company Limited by Guarantee"
    ]
  },
  { canonical: "inc", aliases: ["Inc", "Inc.", "Incorporated", "Incorp"] },
  { canonical: "corporation", aliases: ["Corp", "Corp.", "Corporation"] },
  {
    canonical: "company",
    aliases: [
      "Co", "Co.", "Company", "Coy", "Cy", "& Co", "& Co.", "and Co", "and Company", "& Company", "et Cie",
      "& Cie", "et Compagnie"
    ]
  },
  {
    canonical: "llc",
    aliases: [
      "LLC", "L.L.C.", "Limited Liability Company", "Limited Liability Co", "Ltd Liability Co", "Ltd Liability Company",
      "OOO", "ООО", "W.L.L.", "WLL", "With Limited Liability", "Limited Liability Comp", "ذ.م.م", "ش.ذ.م.م",
      "Limited Liability Corp", "Limited Liability Corporation", "Foreign Limited Liability Company", "Ltd Liability Comp",
      "Lmtd Liability Company", "Lt Liability Company", "Limited Liab Co", "Ltd Liab Company", "Limitd Liability Co",
      "Limted Liability Co", "Private Limited Liability Company", "LLCs"
    ]
  },
  { canonical: "llp", aliases: ["LLP", "L.L.P.", "Limited Liability Partnership"] },
  { canonical: "lp", aliases: ["LP", "L.P.", "Limited Partnership"] },
  {
    canonical: "sa",
    aliases: [
      "SA", "S.A.", "S/A", "Société Anonyme", "Societe Anonyme", "Sociedade Anónima", "Sociedade Anonima",
      "Sociedad Anónima", "SA à Conseil d'Administration", "SA avec Conseil d'Administration", "SA à Directoire",
      "SA avec Directoire et Conseil de Surveillance", "SAU", "S.A.U.", "Sociedade Anónima Unipessoal",
      "شركة خفية الإسم", "خفية الاسم", "شركة مساهمة", "ش.م"
    ],
    notIn: ["ZA"]
  },
  {
    canonical: "sae",
    aliases: ["SAE", "S.A.E.", "S.A.E", "Société Anonyme Égyptienne", "Egyptian Joint Stock Company", "Egyptian SAE", "شركة مساهمة مصرية",
      "ش.م.م.م"]
  },
  {
    canonical: "sarl",
    aliases: [
      "SARL", "S.A.R.L.", "S.à r.l.", "S.à.r.l.", "Société à Responsabilité Limitée", "Societe a Responsabilite Limitee", "Soc. à Resp. Limitée",
      "Soc à Responsab Limitée", "S. à R. L.", "ش.م.م", "شركة ذات مسؤولية محدودة", "ذات مسؤولية محدودة",
      "شّركة ذات مسؤوليّات محدودة ش.م.م", "ذات المسؤولية المحدودة", "ذات مسؤوليات محدودة",
      "Sociedade Anónima de Responsabilidade Limitada", "Sociedade Anonima de Responsabilidade Limitada"
    ]
  },
  {
    canonical: "sarlu",
    aliases: [
      "SARLU", "SARL U", "SARL AU", "SARLAU", "SARL A.U.", "S.A.R.L.U.", "S.A.R.L. A.U.", "SUARL", "S.U.A.R.L.", "EURL",
      "SPRLU", "Société Unipersonnelle à Responsabilité Limitée", "Société à Responsabilité Limitée Unipersonnelle",
      "Société à Responsabilité Limitée d'Associé Unique", "Entreprise Unipersonnelle à Responsabilité Limitée",
      "شركة الشخص الواحد ذات المسؤولية المحدودة", "شّركة فردية ذات مسؤوليّات محدودة"
    ]
  },
  {
    canonical: "sas",
    aliases: ["SAS", "S.A.S.", "Société par Actions Simplifiée", "Soc. par Actions Simplifiée", "Société Actions Simplifiée"]
  },
  { canonical: "sasu", aliases: ["SASU", "S.A.S.U.", "SAS U", "Société par Actions Simplifiée Unipersonnelle"] },
  { canonical: "snc", aliases: ["SNC", "S.N.C.", "Société en Nom Collectif"] },
  { canonical: "scs", aliases: ["SCS", "S.C.S.", "SECS", "Société en Commandite Simple"] },
  { canonical: "sca", aliases: ["SCA", "S.C.A.", "Société en Commandite par Actions"] },
  { canonical: "gie", aliases: ["GIE", "G.I.E.", "Groupement d'Intérêt Économique"] },
  {
    canonical: "cooperative",
    aliases: [
      "SCOOPS", "SCOOP", "SCOOP CA", "SCOOP-CA", "Société Coopérative Simplifiée",
      "Société Coopérative avec Conseil d'Administration"
    ]
  },
  { canonical: "sprl", aliases: ["SPRL", "S.P.R.L.", "Société Privée à Responsabilité Limitée"] },
  { canonical: "srl", aliases: ["SRL", "S.R.L.", "Società a Responsabilità Limitata"] },
  { canonical: "spa", aliases: ["SpA", "S.p.A.", "Società per Azioni"], countries: ["DZ", "IT"], strict: true },
  {
    canonical: "lda",
    aliases: [
      "Lda", "Lda.", "Limitada", "Ltda", "Ltda.", "Sociedade por Quotas", "Sociedade por Quotas de Responsabilidade Limitada",
      "Unipessoal Lda", "Sociedade Unipessoal por Quotas", "Sociedade Unipessoal Lda", "SU Lda"
    ]
  },
  { canonical: "ep", aliases: ["EP", "E.P.", "Empresa Pública", "Empresa Publica", "UEE", "U.E.E."], countries: LUSOPHONE },
  { canonical: "gmbh", aliases: ["GmbH", "Gesellschaft mit beschränkter Haftung"] },
  { canonical: "ag", aliases: ["AG", "Aktiengesellschaft"] },
  { canonical: "bv", aliases: ["BV", "B.V.", "Besloten Vennootschap"] },
  { canonical: "nv", aliases: ["NV", "N.V.", "Naamloze Vennootschap"] },
  { canonical: "se", aliases: ["SE", "Societas Europaea"] },
  {
    canonical: "jsc",
    aliases: [
      "JSC", "Joint Stock Company", "OJSC", "CJSC", "PJSC", "OAO", "ZAO", "PAO", "Open Joint Stock Company", "Joint Stock Co",
      "JSC Company", "Jointstock Company", "JS Co", "Jt Stock Co"
    ]
  },
  { canonical: "fze", aliases: ["FZE", "FZCO", "FZC", "FZ LLC", "FZ-LLC", "Free Zone Establishment"] },
  { canonical: "sicaf", aliases: ["SICAF", "S.I.C.A.F."] },
  { canonical: "sicav", aliases: ["SICAV", "S.I.C.A.V."] }
]

/** Country names (folded) that BRVM-style names carry after their legal form: "X SA COTE D'IVOIRE". */
const countrySuffixNames: ReadonlyArray<string> = [
  "Nigeria", "Ghana", "Kenya", "South Africa", "Tanzania", "Uganda", "Zambia", "Mauritius", "Maurice", "Senegal",
  "Côte d'Ivoire", "Cote Divoire", "Cote Ivoire", "Ivory Coast", "CI", "Cameroon", "Cameroun", "Maroc", "Morocco",
  "Egypt", "Egypte", "Misr", "Madagascar", "Angola", "Rwanda", "Botswana", "Tunisie", "Tunisia", "Benin", "Bénin",
  "Burkina Faso", "Burkina", "Mali", "Niger", "Togo", "Guinée Bissau", "Guinea Bissau", "Guinée", "Guinea", "Gabon",
  "Congo", "RDC", "DRC", "Tchad", "Chad", "Centrafrique", "Namibia", "Zimbabwe", "Malawi", "Mozambique",
  "Moçambique", "Ethiopia", "Sierra Leone", "Liberia", "Gambia", "Algérie", "Algeria", "Libya", "Sudan",
  "Eswatini", "Swaziland", "Lesotho", "Burundi", "Djibouti", "Mauritanie", "Mauritania", "Cabo Verde", "Cape Verde"
]

interface Phrase {
  readonly words: ReadonlyArray<string>
  readonly spec: LegalFormSpec
}

const byLastWord = new Map<string, Array<Phrase>>()
for (const spec of legalFormTable) {
  for (const alias of spec.aliases) {
    const words = foldTokens(alias)
    const last = words[words.length - 1]
    if (last === undefined) continue
    const list = byLastWord.get(last) ?? []
    if (!list.some((p) => p.words.join(" ") === words.join(" "))) list.push({ words, spec })
    byLastWord.set(last, list)
  }
}
for (const list of byLastWord.values()) list.sort((a, b) => b.words.length - a.words.length)
const byFirstWord = new Map<string, Array<Phrase>>()
for (const list of byLastWord.values()) {
  for (const phrase of list) {
    const first = phrase.words[0]!
    byFirstWord.set(first, [...(byFirstWord.get(first) ?? []), phrase])
  }
}
for (const list of byFirstWord.values()) list.sort((a, b) => b.words.length - a.words.length)

const countriesByLastWord = new Map<string, Array<ReadonlyArray<string>>>()
for (const name of countrySuffixNames) {
  const words = foldTokens(name)
  const last = words[words.length - 1]
  if (last === undefined) continue
  const list = countriesByLastWord.get(last) ?? []
  list.push(words)
  countriesByLastWord.set(last, list)
}
for (const list of countriesByLastWord.values()) list.sort((a, b) => b.length - a.length)

const applies = (spec: LegalFormSpec, country: string | undefined): boolean => {
  if (country === undefined) return spec.strict !== true
  if (spec.notIn !== undefined && spec.notIn.includes(country)) return false
  return spec.countries === undefined || spec.countries.includes(country)
}

const endsWith = (tokens: ReadonlyArray<string>, end: number, words: ReadonlyArray<string>): boolean => {
  const start = end - words.length
  if (start < 0) return false
  for (let i = 0; i < words.length; i++) if (tokens[start + i] !== words[i]) return false
  return true
}

/** The longest legal-form phrase ending at `end` (exclusive) that leaves at least one word before it. */
const formEndingAt = (tokens: ReadonlyArray<string>, end: number, country: string | undefined): Phrase | undefined => {
  const last = tokens[end - 1]
  if (last === undefined) return undefined
  const candidates = byLastWord.get(last)
  if (candidates === undefined) return undefined
  for (const phrase of candidates) {
    if (phrase.words.length < end && endsWith(tokens, end, phrase.words) && applies(phrase.spec, country)) return phrase
  }
  return undefined
}

const countrySuffixLength = (tokens: ReadonlyArray<string>): number => {
  const last = tokens[tokens.length - 1]
  if (last === undefined) return 0
  const candidates = countriesByLastWord.get(last)
  if (candidates === undefined) return 0
  for (const words of candidates) if (words.length < tokens.length && endsWith(tokens, tokens.length, words)) return words.length
  return 0
}

/** Left dangling when a form such as "Co" goes: "Rogers & Co Ltd" -> "rogers". */
const CONNECTORS: ReadonlySet<string> = new Set(["and", "et", "e", "y"])

export interface LegalFormMatch {
  readonly form: string
  readonly canonical: string
}

/**
 * Removes trailing legal forms from folded words in place, repeatedly ("Holdings Co Ltd" -> "holdings",
 * "Electric Co SAE" -> "electric"), and a legal form standing before a trailing country name
 * ("Ecobank Transnational Incorporated Togo" -> "ecobank transnational togo"). Never removes the
 * last remaining word. Returns the first (outermost) form removed.
 * `country` must be upper case (or undefined).
 */
export const stripLegalForms = (tokens: Array<string>, country: string | undefined): LegalFormMatch | null => {
  let first: LegalFormMatch | null = null
  while (true) {
    const trailing = formEndingAt(tokens, tokens.length, country)
    if (trailing !== undefined) {
      first ??= { form: trailing.words.join(" "), canonical: trailing.spec.canonical }
      tokens.length -= trailing.words.length
      if (tokens.length > 1 && CONNECTORS.has(tokens[tokens.length - 1]!)) tokens.length -= 1
      continue
    }
    const countryLength = countrySuffixLength(tokens)
    if (countryLength === 0) return first
    const beforeCountry = tokens.length - countryLength
    const inner = formEndingAt(tokens, beforeCountry, country)
    if (inner === undefined) return first
    first ??= { form: inner.words.join(" "), canonical: inner.spec.canonical }
    tokens.splice(beforeCountry - inner.words.length, inner.words.length)
  }
}

/**
 * A normalised name without the country names it contains ("guinness nigeria" -> "guinness",
 * "bank of africa cote d ivoire" -> "bank of africa"), for a search that should also match when the
 * query or the record leaves the country word out. Never returns "" for a non-empty input: a name that
 * is only a country name comes back unchanged.
 */
export const withoutCountryNames = (normalized: string): string => {
  const tokens = normalized.split(" ")
  const out: Array<string> = []
  let i = tokens.length
  while (i > 0) {
    const length = countryNameEndingAt(tokens, i)
    if (length > 0) i -= length
    else out.push(tokens[--i]!)
  }
  return out.length === 0 ? normalized : out.reverse().join(" ")
}

const countryNameEndingAt = (tokens: ReadonlyArray<string>, end: number): number => {
  const candidates = countriesByLastWord.get(tokens[end - 1]!)
  if (candidates === undefined) return 0
  for (const words of candidates) if (endsWith(tokens, end, words)) return words.length
  return 0
}

/** Forms after which a registered name ends for sure, so what follows them is not part of the name. */
const NAME_ENDING_FORMS: ReadonlySet<string> = new Set([
  "limited", "plc", "llc", "proprietary limited", "private limited", "limited by guarantee", "sarl", "sarlu", "sas",
  "sasu", "lda", "sae", "soc limited"
])
/** Words that open an address glued to a name ("Abhumu Ltd, Suite B41, ...", "X Nig Ltd No. 5 ..."). */
const ADDRESS_OPENERS: ReadonlySet<string> = new Set([
  "no", "nos", "plot", "suite", "block", "blk", "pobox", "po", "pmb", "km", "opp", "opposite", "behind", "off", "flat", "shop",
  "along", "adjacent", "beside", "bp", "gp"
])
/** Words that open a tail naming another name or a status: "Acme (Pty) Ltd t/a Acme Motors", "X Ltd (in liquidation)". */
const TAIL_OPENERS: ReadonlySet<string> = new Set(["ta", "formerly", "fka", "aka", "dba", "previously", "trading as"])
const STATUS_TAILS: ReadonlySet<string> = new Set(["liquidation", "administration", "receivership", "business"])
/** A house or suite number such as "c179", "d8", "b41". */
const UNIT_NUMBER = /^[a-z]{1,2}\d+[a-z]?$/
const opensTail = (tokens: ReadonlyArray<string>, at: number): boolean => {
  const word = tokens[at]
  if (word === undefined) return false
  const c = word.charCodeAt(0)
  if ((c >= 48 && c <= 57) || ADDRESS_OPENERS.has(word) || TAIL_OPENERS.has(word) || UNIT_NUMBER.test(word)) return true
  const next = tokens[at + 1]
  if (next === undefined) return false
  if (word === "trading" && next === "as") return true
  return (word === "in" || word === "under") && STATUS_TAILS.has(next)
}

/**
 * Cuts what is glued after the registered name: the words following the first name-ending legal form
 * (Ltd, Limited, PLC, LLC, SARL, ...) when the next word opens an address (a number, "No", "Plot",
 * "Suite", "P.O. Box", ...), a trading/former name ("t/a", "trading as", "formerly", "fka") or a status
 * ("in liquidation", "under administration"). "Abhumu Ltd, Suite B41, Area 11 Mall" -> "abhumu ltd",
 * "Acme Motors (Pty) Ltd t/a Acme Toyota" -> "acme motors pty ltd". In place.
 */
export const cutGluedAddress = (tokens: Array<string>, country: string | undefined): void => {
  for (let i = 1; i < tokens.length - 1; i++) {
    const candidates = byFirstWord.get(tokens[i]!)
    if (candidates === undefined) continue
    for (const phrase of candidates) {
      const end = i + phrase.words.length
      if (!NAME_ENDING_FORMS.has(phrase.spec.canonical) || !applies(phrase.spec, country)) continue
      if (endsWith(tokens, end, phrase.words) && opensTail(tokens, end)) {
        tokens.length = end
        return
      }
    }
  }
}

/** The legal form a name carries ("Dangote Cement PLC" -> { form: "plc", canonical: "plc" }), or null. */
export const legalFormOf = (name: string, country?: string): LegalFormMatch | null => {
  const tokens = foldTokens(name)
  const upperCountry = country?.toUpperCase()
  cutGluedAddress(tokens, upperCountry)
  return stripLegalForms(tokens, upperCountry)
}
