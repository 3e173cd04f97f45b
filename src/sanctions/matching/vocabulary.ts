import { PLAIN_ABBREVIATIONS } from "../../domain/abbreviations.js"

/**
 * Screening vocabulary: legal forms (ORG_CLASS tags with a canonical class, so LTD = LIMITED and LLC = OOO),
 * organisation symbols and generic words (low weight), stopwords, and location words mapped to ISO 3166 codes.
 * Entries are in folded form (see fold.ts). Inspired by rigour's org_types.yml / symbols.yml (MIT), written anew.
 */

/** Legal-form phrases (longest first is applied by the tokeniser) -> canonical class. */
export const LEGAL_FORMS: ReadonlyArray<readonly [string, string]> = [
  // limited liability
  ["limited liability company", "llc"], ["limited liability co", "llc"], ["llc", "llc"], ["l l c", "llc"],
  ["obshchestvo s ogranichennoy otvetstvennostyu", "llc"], ["obshchestvo s ogranichennoi otvetstvennostiu", "llc"],
  ["obshchestvo s ogranichennoi otvetstvennostyu", "llc"], ["ooo", "llc"], ["too", "llc"],
  ["societe a responsabilite limitee", "llc"], ["sarl", "llc"], ["sarlu", "llc"], ["suarl", "llc"],
  ["sociedad de responsabilidad limitada", "llc"], ["srl", "llc"], ["sro", "llc"], ["spolka z ograniczona odpowiedzialnoscia", "llc"],
  ["sp z oo", "llc"], ["sp zoo", "llc"], ["societatea cu raspundere limitata", "llc"],
  ["gesellschaft mit beschrankter haftung", "llc"], ["gmbh", "llc"], ["doo", "llc"], ["d o o", "llc"], ["fze", "llc"], ["fzco", "llc"], ["fzc", "llc"], ["fz llc", "llc"],
  // limited / private company
  ["private limited company", "ltd"], ["company limited", "ltd"], ["co limited", "ltd"], ["co ltd", "ltd"], ["limited", "ltd"], ["ltd", "ltd"],
  ["proprietary limited", "ltd"], ["pty limited", "ltd"], ["pty ltd", "ltd"], ["pty", "ltd"], ["pvt ltd", "ltd"], ["pvt", "ltd"], ["private limited", "ltd"],
  ["bv", "ltd"], ["besloten vennootschap", "ltd"],
  // public company
  ["public limited company", "plc"], ["plc", "plc"], ["public joint stock company", "jsc"],
  // joint stock
  ["open joint stock company", "jsc"], ["closed joint stock company", "jsc"], ["joint stock company", "jsc"], ["joint stock co", "jsc"],
  ["jsc", "jsc"], ["ojsc", "jsc"], ["cjsc", "jsc"], ["pjsc", "jsc"], ["oao", "jsc"], ["zao", "jsc"], ["pao", "jsc"], ["ao", "jsc"], ["jsco", "jsc"],
  ["aktsionernoe obshchestvo", "jsc"], ["aktsionernoye obshchestvo", "jsc"], ["otkrytoe aktsionernoe obshchestvo", "jsc"],
  ["zakrytoe aktsionernoe obshchestvo", "jsc"], ["publichnoe aktsionernoe obshchestvo", "jsc"],
  ["aktiengesellschaft", "ag"], ["ag", "ag"],
  // societe anonyme
  ["societe anonyme", "sa"], ["sociedad anonima", "sa"], ["sa", "sa"], ["sas", "sa"], ["sasu", "sa"], ["spa", "sa"], ["sae", "sa"], ["nv", "sa"],
  ["anonim sirketi", "sa"],
  // corporations and companies
  ["incorporated", "inc"], ["inc", "inc"], ["corporation", "corp"], ["corp", "corp"], ["company", "co"], ["co", "co"], ["compagnie", "co"],
  ["cie", "co"], ["compania", "co"], ["companhia", "co"], ["kompaniya", "co"], ["sirketi", "co"], ["sherkat", "co"], ["shirkat", "co"],
  ["limited partnership", "lp"], ["lp", "lp"], ["llp", "llp"], ["gie", "gie"], ["ltda", "llc"], ["lda", "llc"], ["sociedade anonima", "sa"], ["sociedade limitada", "llc"], ["est", "est"], ["establishment", "est"],
  ["unitary enterprise", "ue"], ["federal state unitary enterprise", "ue"], ["fgup", "ue"], ["gup", "ue"], ["sdn bhd", "ltd"], ["bhd", "ltd"],
  ["open jsc", "jsc"], ["closed jsc", "jsc"], ["public jsc", "jsc"], ["joint stock", "jsc"], ["open joint stock", "jsc"],
  ["closed joint stock", "jsc"], ["public joint stock", "jsc"], ["closed joint stock co", "jsc"], ["open joint stock co", "jsc"],
  ["sa de cv", "sa"], ["s de rl de cv", "llc"], ["s de rl", "llc"], ["sapi de cv", "sa"], ["sociedad anonima de capital variable", "sa"],
  ["sociedad de responsabilidad limitada de capital variable", "llc"], ["sociedad por acciones simplificada", "sa"], ["cia", "co"],
  ["cia ltda", "llc"], ["y cia", "co"], ["and co", "co"], ["scs", "lp"], ["sl", "llc"], ["sociedad limitada", "llc"], ["ano", "npo"], ["cc", "cc"], ["close corporation", "cc"], ["autonomous non profit organization", "npo"],
  ["tbk", "plc"], ["pt", "ltd"], ["kft", "llc"], ["ab", "sa"], ["oy", "ltd"], ["ehf", "ltd"], ["se", "sa"], ["kg", "lp"]
]

/** Generic organisation words: common in both legitimate and listed names, never distinctive alone. */
export const GENERIC_WORDS: ReadonlySet<string> = new Set([
  "bank", "banque", "banco", "trading", "trade", "traders", "group", "groupe", "grupo", "general", "generale", "international", "intl",
  "holding", "holdings", "investment", "investments", "development", "industries", "industry", "industrial", "industrie",
  "enterprise", "enterprises", "entreprise", "services", "service", "import", "export", "commercial", "commerce", "national",
  "nationale", "nacional", "global", "capital", "finance", "financial", "insurance", "assurance", "assurances", "petroleum",
  "oil", "gas", "energy", "mining", "mines", "resources", "construction", "engineering", "technology", "technologies",
  "systems", "solutions", "logistics", "shipping", "transport", "airlines", "airways", "air", "aviation", "marine", "maritime",
  "agency", "association", "foundation", "fund", "trust", "organization", "organisation", "center", "centre", "institute",
  "ministry", "department", "office", "bureau", "authority", "council", "network", "partners", "associates", "consulting",
  "management", "manufacturing", "factory", "plant", "works", "products", "supplies", "supply", "equipment", "electronics",
  "chemical", "chemicals", "pharmaceutical", "pharmaceuticals", "medical", "health", "food", "foods", "agricultural",
  "agriculture", "telecom", "telecommunications", "communications", "media", "property", "properties", "real", "estate",
  "new", "first", "united", "central", "state", "public", "private", "union", "commercial", "credit", "exchange", "bureau",
  "brothers", "sons", "family", "universal", "world", "overseas", "continental", "premier", "royal", "star", "gold", "export",
  "limited", "cooperative", "societe", "society", "agro", "tech", "sarl", "import", "distribution", "distributors",
  "commission", "committee", "board", "venture", "ventures", "concern", "plant", "factories", "projects", "project", "research",
  "production", "scientific", "science", "sciences", "studio", "design", "consultants", "consultancy", "security", "securities"
])

/**
 * One spelling for legal-form words transliterated several ways (ogranichennoy / ogranichennoi ...) or abbreviated
 * inside a longer form ("Ltd Liability Co", "Joint Stock Co"): applied to the phrases below and to a name's words alike,
 * only to recognise legal forms.
 */
export const LEGAL_SPELLINGS: ReadonlyMap<string, string> = new Map([
  ["ogranichennoy", "ogranichennoi"], ["otvetstvennostiu", "otvetstvennostyu"], ["otvetstvennostju", "otvetstvennostyu"],
  ["aktsionernoye", "aktsionernoe"], ["otkrytoye", "otkrytoe"], ["zakrytoye", "zakrytoe"], ["obschestvo", "obshchestvo"],
  ["publichnoye", "publichnoe"],
  ["ltd", "limited"], ["co", "company"], ["corp", "corporation"], ["inc", "incorporated"]
])

/**
 * Abbreviations written out before matching, where they can only be the word ("Int'l" -> "international"): the
 * reviewed table of `src/domain/abbreviations.ts` (English, French, Portuguese); those read only in context ("gen",
 * "ind", "min") are applied by the tokeniser.
 */
export const SYNONYMS: ReadonlyMap<string, string> = PLAIN_ABBREVIATIONS

/** Stopwords: articles and prepositions in the languages of the lists and of African company names. */
export const STOPWORDS: ReadonlySet<string> = new Set([
  "the", "of", "and", "for", "in", "on", "at", "by", "to", "a", "an", "de", "des", "du", "la", "le", "les", "et", "pour", "en",
  "del", "los", "las", "y", "e", "da", "do", "dos", "das", "di", "della", "al", "el", "ul", "wa", "und", "der", "die", "das", "von",
  "i", "v", "na", "s", "dlya", "d", "l"
])

/** Location words (countries, demonyms, regions) -> a code; two different codes on both sides are evidence against. */
const LOCATIONS: Record<string, ReadonlyArray<string>> = {
  DZ: ["algeria", "algerian", "algerie", "algerienne"], AO: ["angola", "angolan", "angolana"], BJ: ["benin", "beninese"],
  BW: ["botswana"], BF: ["burkina", "faso", "burkinabe"], BI: ["burundi", "burundian"], CM: ["cameroon", "cameroun", "cameroonian"],
  CV: ["cabo", "verde"], CF: ["centrafrique", "centrafricaine"], TD: ["chad", "tchad", "chadian"], KM: ["comoros", "comores"],
  CD: ["congo", "congolese", "congolaise", "drc", "zaire"], CI: ["ivoire", "ivory", "ivorian"], DJ: ["djibouti"], EG: ["egypt", "egyptian", "misr"],
  GN: ["guinea", "guinee", "conakry"], GQ: ["equatorial", "equatoriale"], GW: ["bissau"], ER: ["eritrea", "eritrean"], SZ: ["eswatini", "swaziland"], ET: ["ethiopia", "ethiopian"],
  GA: ["gabon", "gabonese", "gabonaise"], GM: ["gambia", "gambian"], GH: ["ghana", "ghanaian"], KE: ["kenya", "kenyan"],
  LS: ["lesotho"], LR: ["liberia", "liberian"], LY: ["libya", "libyan", "libyenne"], MG: ["madagascar", "malagasy"], MW: ["malawi", "malawian"],
  ML: ["mali", "malian", "malienne"], MR: ["mauritania", "mauritanian", "mauritanie"], MU: ["mauritius", "mauritian", "maurice"],
  MA: ["morocco", "moroccan", "maroc", "marocaine"], MZ: ["mozambique", "mozambican"], NA: ["namibia", "namibian"], NE: ["niger", "nigerien"],
  NG: ["nigeria", "nigerian"], RW: ["rwanda", "rwandan", "rwandaise"], SN: ["senegal", "senegalese", "senegalaise"], SC: ["seychelles"],
  SL: ["sierra", "leone"], SO: ["somalia", "somali"], ZA: ["southafrica", "rsa"], SS: ["south sudan"], SD: ["sudan", "sudanese"],
  TZ: ["tanzania", "tanzanian"], TG: ["togo", "togolese", "togolaise"], TN: ["tunisia", "tunisian", "tunisie", "tunisienne"],
  UG: ["uganda", "ugandan"], ZM: ["zambia", "zambian"], ZW: ["zimbabwe", "zimbabwean"],
  CN: ["china", "chinese", "zhongguo"], HK: ["hong kong", "hongkong"], RU: ["russia", "russian", "rossiya", "rossiyskaya", "rossii"],
  IR: ["iran", "iranian", "persia", "persian"], IQ: ["iraq", "iraqi"], SY: ["syria", "syrian"], KP: ["korea", "korean", "dprk"],
  CU: ["cuba", "cuban"], VE: ["venezuela", "venezuelan"], BY: ["belarus", "belarusian"], UA: ["ukraine", "ukrainian"],
  AF: ["afghanistan", "afghan"], YE: ["yemen", "yemeni"], LB: ["lebanon", "lebanese"], PK: ["pakistan", "pakistani"],
  AE: ["emirates", "emirati", "dubai", "uae"], TR: ["turkey", "turkish", "turkiye"], IN: ["india", "indian"], MM: ["myanmar", "burma", "burmese"],
  US: ["america", "american", "usa"], GB: ["britain", "british", "england", "uk"], AM: ["armenia", "armenian"], EE: ["estonia", "estonian"],
  DE: ["germany", "german", "deutsche", "deutschland"], FR: ["france", "french", "francaise"], CH: ["switzerland", "swiss", "schweiz", "suisse"],
  IT: ["italy", "italian", "italia"], ES: ["spain", "spanish", "espana"], JP: ["japan", "japanese"], SA: ["saudi", "arabia"],
  QA: ["qatar", "qatari"], KW: ["kuwait", "kuwaiti"], OM: ["oman", "omani"], JO: ["jordan", "jordanian"], IL: ["israel", "israeli"],
  PS: ["palestine", "palestinian", "gaza"], MY: ["malaysia", "malaysian"], SG: ["singapore"], ID: ["indonesia", "indonesian"],
  KZ: ["kazakhstan"], UZ: ["uzbekistan"], AZ: ["azerbaijan"], GE: ["georgia"], BA: ["bosnia"], RS: ["serbia", "serbian"],
  NI: ["nicaragua", "nicaraguan"], CO: ["colombia", "colombian"], MX: ["mexico", "mexican"], PA: ["panama", "panamanian"],
  SE: ["sweden", "swedish"], FI: ["finland", "finnish"], NO: ["norway", "norwegian"], DK: ["denmark", "danish"],
  NL: ["netherlands", "dutch", "holland"], BE: ["belgium", "belgian"], AT: ["austria", "austrian"], PL: ["poland", "polish"],
  CZ: ["czech", "czechia"], SK: ["slovakia", "slovak"], HU: ["hungary", "hungarian"], RO: ["romania", "romanian"],
  BG: ["bulgaria", "bulgarian"], GR: ["greece", "greek", "hellas"], PT: ["portugal", "portuguese"], IE: ["ireland", "irish"],
  CY: ["cyprus", "cypriot"], MT: ["malta", "maltese"], LU: ["luxembourg"], LV: ["latvia", "latvian"], LT: ["lithuania", "lithuanian"],
  MD: ["moldova"], CA: ["canada", "canadian"], BR: ["brazil", "brazilian", "brasil"], AR: ["argentina", "argentine"],
  CL: ["chile", "chilean"], PE: ["peru", "peruvian"], EC: ["ecuador"], BO: ["bolivia"], PY: ["paraguay"], UY: ["uruguay"],
  GT: ["guatemala"], HN: ["honduras"], SV: ["salvador"], CR: ["costa", "rica"], DO: ["dominican"], HT: ["haiti", "haitian"],
  JM: ["jamaica"], AU: ["australia", "australian"], NZ: ["zealand"], KR: ["seoul"], VN: ["vietnam", "vietnamese"],
  TH: ["thailand", "thai"], PH: ["philippines", "filipino"], BD: ["bangladesh"], LK: ["lanka"], NP: ["nepal"], MN: ["mongolia"],
  TW: ["taiwan"], KG: ["kyrgyzstan", "kyrgyz"], TJ: ["tajikistan"], TM: ["turkmenistan"], BH: ["bahrain"],
  "AFRICA": ["africa", "african", "afrique", "africaine", "afrika"], "ASIA": ["asia", "asian"], "EUROPE": ["europe", "european"],
  "ARAB": ["arab", "arabian"], "GULF": ["gulf"], "EAST": ["eastern", "east"], "WEST": ["western", "west"], "NORTH": ["northern", "north"],
  "SOUTH": ["southern", "south"], "MIDEAST": ["middle east"]
}

export const LOCATION_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries(LOCATIONS).flatMap(([code, words]) => words.filter((w) => !w.includes(" ")).map((w) => [w, code] as const))
)

/** Written-out numbers -> digits, ordinals in digits -> words ("1st" -> "first", which is generic). */
export const NUMBER_WORDS: ReadonlyMap<string, string> = new Map([
  ["one", "1"], ["two", "2"], ["three", "3"], ["four", "4"], ["five", "5"], ["six", "6"], ["seven", "7"], ["eight", "8"],
  ["nine", "9"], ["ten", "10"], ["1st", "first"], ["2nd", "second"], ["3rd", "third"]
])
