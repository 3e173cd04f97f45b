import { permuted, type Rng, Weighted } from "./rng.js"

export type Language = "en" | "fr" | "pt" | "ar"

export interface LegalForm {
  readonly suffix: string
  readonly entity_type: string
  readonly label: string
}

export interface NumberContext {
  readonly rng: Rng
  /** Unique per registry: the n-th company generated for it. */
  readonly n: number
  readonly year: number
  readonly form: LegalForm
}

export interface RegistrySpec {
  readonly id: string
  readonly country: string
  /** Share of the corpus, in percent. */
  readonly weight: number
  readonly language: Language
  readonly forms: Weighted<LegalForm>
  readonly number: (ctx: NumberContext) => string
  readonly taxId: ((ctx: NumberContext, registrationNo: string) => string) | null
  readonly taxShare: number
  readonly cities: ReadonlyArray<string>
  readonly officerRoles: ReadonlyArray<string>
}

const form = (suffix: string, entity_type: string, label: string): LegalForm => ({ suffix, entity_type, label })
const forms = (entries: ReadonlyArray<readonly [LegalForm, number]>) => new Weighted(entries)

const pad = (n: number, width: number) => String(n).padStart(width, "0")
const LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"
const ALNUM = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
const base = (n: number, alphabet: string, width: number) => {
  let s = ""
  let x = n
  for (let i = 0; i < width; i++) {
    s = alphabet[x % alphabet.length]! + s
    x = Math.floor(x / alphabet.length)
  }
  return s
}

const privateEn = form("Limited", "private_company", "Private company limited by shares")
const ohadaForms = forms([
  [form("SARL", "sarl", "Société à responsabilité limitée"), 55],
  [form("SA", "sa", "Société anonyme"), 14],
  [form("SAS", "sas", "Société par actions simplifiée"), 10],
  [form("SUARL", "suarl", "Société unipersonnelle à responsabilité limitée"), 12],
  [form("GIE", "gie", "Groupement d'intérêt économique"), 4],
  [form("", "entreprise_individuelle", "Entreprise individuelle"), 5]
])
const frRoles = ["Gérant", "Administrateur", "Président Directeur Général", "Directeur Général", "Commissaire aux comptes"]
const enRoles = ["Director", "Director", "Director", "Secretary", "Managing Director", "Chairman"]

const ohada = (id: string, country: string, weight: number, cities: ReadonlyArray<readonly [string, string]>, oldStyle: boolean): RegistrySpec => ({
  id,
  country,
  weight,
  language: "fr",
  forms: ohadaForms,
  number: ({ n, year, rng, form }) => {
    const [code] = rng.pick(cities)
    const section = form.entity_type === "entreprise_individuelle" ? "A" : "B"
    const sequence = String(permuted(n, 100000))
    return oldStyle && rng.chance(0.5)
      ? `RC/${code}/${year}/${section}/${sequence}`
      : `${country}-${code}-${year}-${section}-${sequence}`
  },
  taxId: country === "SN"
    ? ({ n }) => pad(permuted(n, 1_000_000_000), 9)
    : country === "CM"
    ? ({ n, rng }) => `${rng.pick(["M", "P"])}${pad(permuted(n, 1_000_000_000_000), 12)}${rng.pick([...LETTERS])}`
    : null,
  taxShare: 0.6,
  cities: cities.map(([, name]) => name),
  officerRoles: frRoles
})

/** The 18 registries with their share of the corpus (roughly by number of registered companies). */
export const registrySpecs: ReadonlyArray<RegistrySpec> = [
  {
    id: "ng-cac", country: "NG", weight: 24, language: "en",
    forms: forms([
      [privateEn, 50],
      [form("Nigeria Limited", "private_company", "Private company limited by shares"), 8],
      [form("Nig. Ltd", "private_company", "Private company limited by shares"), 5],
      [form("Nig Ltd", "private_company", "Private company limited by shares"), 3],
      [form("Ltd", "private_company", "Private company limited by shares"), 6],
      [form("Plc", "public_company", "Public limited company"), 1],
      [form("Enterprises", "business_name", "Business name"), 12],
      [form("Ventures", "business_name", "Business name"), 9],
      [form("& Sons", "business_name", "Business name"), 2],
      [form("Foundation", "incorporated_trustees", "Incorporated trustees"), 4]
    ]),
    number: ({ n, form }) => {
      const cls = form.entity_type === "business_name" ? "BN" : form.entity_type === "incorporated_trustees" ? "IT" : "RC"
      const digits = cls === "RC" ? 100000 + permuted(n, 1_000_000) * 2 : 1_000_000 + permuted(n, 1_000_000) * 3
      return (n % 2 === 0) ? `${cls} ${digits}` : `${cls}${digits}`
    },
    taxId: ({ n }) => `${pad(permuted(n, 100_000_000), 8)}-0001`,
    taxShare: 0.35,
    cities: ["Lagos", "Abuja", "Kano", "Port Harcourt", "Ibadan", "Enugu", "Kaduna", "Benin City", "Onitsha", "Aba", "Warri", "Jos"],
    officerRoles: enRoles
  },
  {
    id: "za-cipc", country: "ZA", weight: 22, language: "en",
    forms: forms([
      [form("(Pty) Ltd", "private_company", "Private company"), 60],
      [form("Proprietary Limited", "private_company", "Private company"), 8],
      [form("CC", "close_corporation", "Close corporation"), 16],
      [form("NPC", "non_profit_company", "Non-profit company"), 8],
      [form("Limited", "public_company", "Public company"), 3],
      [form("Inc", "personal_liability_company", "Personal liability company"), 3],
      [form("SOC Ltd", "state_owned_company", "State-owned company"), 1]
    ]),
    number: ({ n, year, form }) => {
      const type = {
        private_company: "07", close_corporation: "23", non_profit_company: "08", public_company: "06",
        personal_liability_company: "21", state_owned_company: "30"
      }[form.entity_type] ?? "07"
      return `${form.entity_type === "close_corporation" ? Math.min(year, 2010) : year}/${pad(permuted(n, 1_000_000), 6)}/${type}`
    },
    taxId: ({ n }) => `9${pad(permuted(n, 1_000_000_000), 9)}`,
    taxShare: 0.3,
    cities: ["Johannesburg", "Cape Town", "Durban", "Pretoria", "Port Elizabeth", "Bloemfontein", "Sandton", "Polokwane", "East London", "Stellenbosch"],
    officerRoles: enRoles
  },
  {
    id: "ke-brs", country: "KE", weight: 9, language: "en",
    forms: forms([[privateEn, 70], [form("Ltd", "private_company", "Private company"), 20], [form("PLC", "public_company", "Public company"), 2], [form("LLP", "llp", "Limited liability partnership"), 3], [form("Enterprises", "business_name", "Business name"), 5]]),
    number: ({ n, year, rng, form }) => {
      if (year < 2015 && rng.chance(0.5)) return rng.chance(0.5) ? `C.${permuted(n, 1_000_000)}` : `CPR/${year}/${permuted(n, 1_000_000)}`
      const prefix = form.entity_type === "public_company" ? "PUB" : form.entity_type === "llp" ? "LLP" : form.entity_type === "business_name" ? "BN" : "PVT"
      return `${prefix}-${base(permuted(n, 1_000_000_000) * 7 + 3, ALNUM, 9)}`
    },
    taxId: ({ n, rng }) => `P${pad(permuted(n, 1_000_000_000), 9)}${rng.pick([...LETTERS])}`,
    taxShare: 0.6,
    cities: ["Nairobi", "Mombasa", "Kisumu", "Nakuru", "Eldoret", "Thika", "Machakos", "Nyeri"],
    officerRoles: enRoles
  },
  {
    id: "eg-cr", country: "EG", weight: 8, language: "ar",
    forms: forms([[form("S.A.E.", "joint_stock_company", "Joint stock company (S.A.E.)"), 35], [form("LLC", "llc", "Limited liability company"), 45], [form("& Partners", "partnership", "Partnership"), 20]]),
    number: ({ n, rng }) => `${rng.pick(["Cairo", "Giza", "Alexandria", "Investment"])} ${permuted(n, 1_000_000)}`,
    taxId: null, taxShare: 0,
    cities: ["Cairo", "Giza", "Alexandria", "6th of October City", "New Cairo", "Port Said", "Suez", "Mansoura", "Tanta"],
    officerRoles: ["Chairman", "Managing Director", "Board Member", "General Manager"]
  },
  {
    id: "ma-ompic", country: "MA", weight: 7, language: "ar",
    forms: forms([[form("SARL", "sarl", "Société à responsabilité limitée"), 60], [form("SARL AU", "sarl_au", "SARL à associé unique"), 25], [form("SA", "sa", "Société anonyme"), 12], [form("SNC", "snc", "Société en nom collectif"), 3]]),
    number: ({ n, rng }) => `${rng.pick(["Casablanca", "Casablanca", "Casablanca", "Rabat", "Marrakech", "Tanger", "Fès", "Agadir", "Meknès", "Oujda", "Kénitra", "Tétouan"])} ${permuted(n, 1_000_000)}`,
    taxId: ({ n }) => pad(permuted(n, 1_000_000_000), 9) + pad(n % 1_000_000, 6),
    taxShare: 0.7,
    cities: ["Casablanca", "Rabat", "Marrakech", "Tanger", "Fès", "Agadir", "Meknès", "Oujda", "Kénitra", "Tétouan"],
    officerRoles: frRoles
  },
  {
    id: "gh-orc", country: "GH", weight: 5, language: "en",
    forms: forms([[privateEn, 75], [form("Ltd", "private_company", "Company limited by shares"), 15], [form("LBG", "company_limited_by_guarantee", "Company limited by guarantee"), 6], [form("Enterprise", "business_name", "Business name"), 4]]),
    number: ({ n, year, form }) =>
      form.entity_type === "business_name" ? `BN${permuted(n, 1_000_000)}`
      : `${form.entity_type === "company_limited_by_guarantee" ? "CG" : "CS"}${pad(permuted(n, 1_000_000), 6)}${Math.max(year, 1990)}`,
    taxId: null, taxShare: 0,
    cities: ["Accra", "Kumasi", "Tema", "Takoradi", "Tamale", "Cape Coast", "Koforidua"],
    officerRoles: enRoles
  },
  {
    id: "tz-brela", country: "TZ", weight: 3.5, language: "en",
    forms: forms([[form("Company Limited", "private_company", "Private company limited by shares"), 60], [privateEn, 35], [form("PLC", "public_company", "Public company"), 5]]),
    number: ({ n, year }) => year >= 2018 ? String(100_000_000 + permuted(n, 100_000_000)) : String(10_000 + permuted(n, 100_000) * 5),
    taxId: null, taxShare: 0,
    cities: ["Dar es Salaam", "Arusha", "Mwanza", "Dodoma", "Mbeya", "Morogoro", "Tanga", "Zanzibar"],
    officerRoles: enRoles
  },
  {
    id: "ug-ursb", country: "UG", weight: 3.5, language: "en",
    forms: forms([[form("Limited", "private_company", "Private company limited by shares"), 55], [form("(U) Limited", "private_company", "Private company limited by shares"), 25], [form("Uganda Limited", "private_company", "Private company limited by shares"), 10], [form("Enterprises", "business_name", "Business name"), 10]]),
    number: ({ n, year, form }) =>
      form.entity_type === "business_name" && year < 2016 ? `BN-${permuted(n, 1_000_000)}`
      : year < 2014 ? `${permuted(n, 1_000_000)}${LETTERS[n % LETTERS.length]}`
      : `8001${pad(permuted(n, 10_000_000_000), 10)}`,
    taxId: null, taxShare: 0,
    cities: ["Kampala", "Entebbe", "Jinja", "Mbarara", "Gulu", "Mbale", "Masaka"],
    officerRoles: enRoles
  },
  ohada("sn-rccm", "SN", 2, [["DKR", "Dakar"], ["DKR", "Dakar"], ["THS", "Thiès"], ["STL", "Saint-Louis"], ["KLK", "Kaolack"], ["ZGR", "Ziguinchor"]], false),
  ohada("ci-rccm", "CI", 3, [["ABJ", "Abidjan"], ["ABJ", "Abidjan"], ["ABJ", "Abidjan"], ["BKE", "Bouaké"], ["SPD", "San-Pédro"], ["YAK", "Yamoussoukro"]], false),
  ohada("cm-rccm", "CM", 2, [["DLA", "Douala"], ["DLA", "Douala"], ["YAO", "Yaoundé"], ["BFM", "Bafoussam"], ["GRA", "Garoua"]], true),
  {
    id: "tn-rne", country: "TN", weight: 3, language: "ar",
    forms: forms([[form("SARL", "sarl", "Société à responsabilité limitée"), 60], [form("SUARL", "suarl", "Société unipersonnelle à responsabilité limitée"), 25], [form("SA", "sa", "Société anonyme"), 15]]),
    number: ({ n, year, rng }) =>
      year < 2019 && rng.chance(0.2)
        ? `B${pad(permuted(n, 10_000_000), 7)}${year}`
        : `${pad(permuted(n, 10_000_000), 7)}${LETTERS[(n * 7) % LETTERS.length]}`,
    taxId: null, taxShare: 0,
    cities: ["Tunis", "Sfax", "Sousse", "Ariana", "Bizerte", "Nabeul", "Monastir", "Gabès"],
    officerRoles: frRoles
  },
  {
    id: "zm-pacra", country: "ZM", weight: 2, language: "en",
    forms: forms([[privateEn, 85], [form("Zambia Limited", "private_company", "Private company limited by shares"), 10], [form("PLC", "public_company", "Public company"), 5]]),
    number: ({ n, year }) => `1${year}${pad(permuted(n, 10_000_000), 7)}`,
    taxId: null, taxShare: 0,
    cities: ["Lusaka", "Ndola", "Kitwe", "Livingstone", "Chingola", "Kabwe"],
    officerRoles: enRoles
  },
  {
    id: "mu-cbrd", country: "MU", weight: 2, language: "en",
    forms: forms([[form("Ltd", "private_company", "Private company"), 60], [form("Limited", "private_company", "Private company"), 25], [form("Ltée", "private_company", "Private company"), 15]]),
    number: ({ n }) => `C${permuted(n, 1_000_000)}`,
    taxId: null, taxShare: 0,
    cities: ["Port Louis", "Ebène", "Curepipe", "Quatre Bornes", "Rose-Hill", "Grand Baie"],
    officerRoles: enRoles
  },
  {
    id: "rw-rdb", country: "RW", weight: 1.5, language: "en",
    forms: forms([[form("Ltd", "private_company", "Private company limited by shares"), 80], [form("Rwanda Ltd", "private_company", "Private company limited by shares"), 20]]),
    number: ({ n }) => `1${pad(permuted(n, 100_000_000), 8)}`,
    taxId: (_ctx, registrationNo) => registrationNo,
    taxShare: 0.9,
    cities: ["Kigali", "Musanze", "Huye", "Rubavu", "Rwamagana"],
    officerRoles: enRoles
  },
  {
    id: "ao-gue", country: "AO", weight: 1.5, language: "pt",
    forms: forms([[form("Lda", "lda", "Sociedade por quotas"), 70], [form("Limitada", "lda", "Sociedade por quotas"), 15], [form("S.A.", "sa", "Sociedade anónima"), 15]]),
    number: ({ n }) => `54${pad(permuted(n, 100_000_000), 8)}`,
    taxId: (_ctx, registrationNo) => registrationNo,
    taxShare: 0.9,
    cities: ["Luanda", "Benguela", "Lobito", "Huambo", "Lubango", "Cabinda"],
    officerRoles: ["Sócio-Gerente", "Administrador", "Presidente do Conselho de Administração", "Director Geral"]
  },
  {
    id: "bw-cipa", country: "BW", weight: 1.5, language: "en",
    forms: forms([[form("(Pty) Ltd", "private_company", "Private company"), 85], [form("(Proprietary) Limited", "private_company", "Private company"), 10], [form("Limited", "public_company", "Public company"), 5]]),
    number: ({ n, year }) => year < 2019 ? `CO${year}/${permuted(n, 100_000)}` : `BW${pad(permuted(n, 100_000_000_000), 11)}`,
    taxId: null, taxShare: 0,
    cities: ["Gaborone", "Francistown", "Maun", "Lobatse", "Selebi-Phikwe", "Palapye"],
    officerRoles: enRoles
  },
  {
    id: "mg-rcs", country: "MG", weight: 1, language: "fr",
    forms: forms([[form("SARL", "sarl", "Société à responsabilité limitée"), 65], [form("SARLU", "sarlu", "SARL unipersonnelle"), 20], [form("SA", "sa", "Société anonyme"), 15]]),
    number: ({ n, year }) => `${year} B ${pad(permuted(n, 100_000), 5)}`,
    taxId: ({ n }) => `4${pad(permuted(n, 1_000_000_000), 9)}`,
    taxShare: 0.6,
    cities: ["Antananarivo", "Toamasina", "Antsirabe", "Mahajanga", "Fianarantsoa", "Toliara"],
    officerRoles: frRoles
  }
]
