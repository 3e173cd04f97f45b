import type { RegistryId } from "../../domain/registrationNumbers.js"
import { type AccessTerms, type Confirmable, confirmables } from "../../domain/sourceAccess.js"

export { type AccessTerms, type Confirmable, confirmables }

/** The terms in words, as the table in docs/lists-and-registries.md and the console page print them. */
export const termWords: Readonly<Record<AccessTerms, string>> = {
  free: "free",
  partner_only: "partner-only",
  paid: "paid",
  captcha: "captcha",
  login: "login",
  no_public_search: "no public search"
}

/** How a source is reached here: the registry's own search, GLEIF, or a file an operator loads. */
export type SourceKind = "own_search" | "gleif" | "file"

export interface CoverageSource {
  readonly id: string
  readonly name: string
  readonly kind: SourceKind
  readonly terms: ReadonlyArray<AccessTerms>
  readonly confirms: ReadonlyArray<Confirmable>
  /** Which businesses it covers. */
  readonly covers: string
  /** Where the claim about the source comes from. */
  readonly evidence: string
}

/** The registry itself: how a machine may ask it, and the live adapter (if any) that does. */
export interface RegistryAccess {
  readonly terms: ReadonlyArray<AccessTerms>
  /** The live adapter's source, when this build has one (switched on or not). */
  readonly adapter?: CoverageSource
  readonly note: string
}

const all = "every business on the register"
const shapes = "registry-shapes.md (2026-11-29)"

const ownSearch = (id: RegistryId, name: string, confirms: ReadonlyArray<Confirmable>, evidence: string, terms: ReadonlyArray<AccessTerms> = ["free"]): CoverageSource =>
  ({ id, name, kind: "own_search", terms, confirms, covers: all, evidence })

/** Per registry; the adapters' `confirms` say what their answers carry (a field the registry shows and we map). */
export const registryAccess: Readonly<Record<RegistryId, RegistryAccess>> = {
  "ng-cac": {
    terms: ["free"],
    adapter: ownSearch("ng-cac", "CAC iCRP public search", ["registered", "status"], `${shapes} §1C; Albende/credyx ng adapter (2026)`),
    note: "Public JSON search, no key; the older searchapp/postapp addresses answered 404 on 2026-09-15."
  },
  "gh-orc": { terms: ["login", "paid"], note: "ORC's search needs an account and a fee; no public machine search." },
  "ke-brs": {
    terms: ["partner_only", "login", "paid"],
    adapter: ownSearch("ke-brs", "BRS partner API (look-up by number)", ["registered", "status", "officers"],
      `${shapes} (Kenya BRS); field names as BRS partners relay them (docs.prembly.com, docs.patascore.com)`, ["partner_only"]),
    note: "The public search is on eCitizen behind a login and a fee; BRS issues API credentials to partners (KYB_REGISTRY_KE_BRS_USERNAME/_PASSWORD)."
  },
  "za-cipc": { terms: ["login", "paid"], note: "CIPC's enquiries need a customer account and a fee." },
  "tz-brela": {
    terms: ["free"],
    adapter: ownSearch("tz-brela", "BRELA ORS public search", ["registered", "status"], `${shapes} §2; credyx (2026-07): JSON body and a browser user agent pass the firewall`),
    note: "Public JSON search; the firewall refuses form posts and crawler user agents."
  },
  "ug-ursb": { terms: ["captcha"], note: "URSB's search sits behind a captcha." },
  "zm-pacra": {
    terms: ["free"],
    adapter: ownSearch("zm-pacra", "PACRA registry search", ["registered", "status"], `${shapes} §3`),
    note: "Public JSON search; HTTP 204 means no match or throttling."
  },
  "mu-cbrd": {
    terms: ["free", "captcha"],
    adapter: ownSearch("mu-cbrd", "CBRD online search", ["registered", "status"], `${shapes} §4: the search answers without a captcha; detail pages need Cloudflare Turnstile`),
    note: "The search list is free; detail pages (officers) sit behind a Turnstile captcha and are not read."
  },
  "sn-rccm": { terms: ["no_public_search"], note: "No online search of the RCCM." },
  "ci-rccm": { terms: ["no_public_search"], note: "No online search of the RCCM." },
  "cm-rccm": { terms: ["no_public_search"], note: "No online search of the RCCM." },
  "ma-ompic": { terms: ["no_public_search"], note: "No public machine search of the central register." },
  "eg-cr": { terms: ["login", "paid"], note: "Commercial registry extracts need an account and a fee." },
  "mg-rcs": {
    terms: ["free"],
    adapter: ownSearch("mg-rcs", "RCS Madagascar search form", ["registered", "officers"],
      "CodecraftsmanArslan/WEB-CRAWLERS madagascar_official_registry.py (2024-05): HTML form, paging, detail pages; no status shown"),
    note: "Public HTML search with detail pages (dirigeants); the register shows no status."
  },
  "ao-gue": { terms: ["free"], note: "GUE lists publications (PDF) by name; no adapter here (unverified live, see registry-shapes.md §8)." },
  "rw-rdb": { terms: ["login"], note: "RDB's search needs an account." },
  "bw-cipa": {
    terms: ["free"],
    adapter: ownSearch("bw-cipa", "CIPA Search the Register", ["registered", "status"],
      "Albende/credyx bw adapter (2026-07; live tests passing 2026-07-21): Catalyst JSON commands behind a session cookie"),
    note: "Public search on a JSON command protocol behind a session cookie; no key, no captcha."
  },
  "tn-rne": {
    terms: ["free"],
    adapter: ownSearch("tn-rne", "RNE front-office search", ["registered", "status"], `${shapes} §5B`),
    note: "Public JSON search and detail, no key."
  }
}

/** GLEIF: free (CC0) for every country, for the businesses that hold an LEI. */
export const gleifSource: CoverageSource = {
  id: "gleif",
  name: "GLEIF Global LEI Index",
  kind: "gleif",
  terms: ["free"],
  confirms: ["registered", "status", "owners"],
  covers: "businesses holding an LEI (registered only when the issuer fully corroborated it against the registry)",
  evidence: "api.gleif.org JSON:API, CC0; registeredAt/registeredAs, registration.corroborationLevel, level-2 parents"
}

/** Free files an operator can load (reference entities: they name a business, they never confirm a registration). */
export const fileSources: Readonly<Record<string, ReadonlyArray<CoverageSource>>> = Object.fromEntries(
  ([
    ["BW", "BSE (Botswana Stock Exchange)"], ["EG", "EGX (Egyptian Exchange)"], ["KE", "NSE (Nairobi Securities Exchange)"],
    ["MA", "Casablanca Stock Exchange"], ["MU", "SEM (Stock Exchange of Mauritius)"], ["NG", "NGX (Nigerian Exchange)"],
    ["RW", "RSE (Rwanda Stock Exchange)"], ["TN", "BVMT (Bourse de Tunis)"], ["TZ", "DSE (Dar es Salaam Stock Exchange)"],
    ["UG", "USE (Uganda Securities Exchange)"], ["ZA", "JSE (Johannesburg Stock Exchange)"], ["ZM", "LuSE (Lusaka Securities Exchange)"],
    ["CI", "BRVM (Bourse Regionale des Valeurs Mobilieres)"], ["SN", "BRVM (Bourse Regionale des Valeurs Mobilieres)"]
  ] as const).map(([country, exchange]) => [country, [{
    id: `listing-${country.toLowerCase()}`,
    name: `${exchange} listings`,
    kind: "file" as const,
    terms: ["free" as const],
    confirms: [],
    covers: "companies listed on the exchange (reference only)",
    evidence: "data/companies (investpy, brvm-api snapshots; see its README)"
  }]])
)

export const eitiSource: CoverageSource = {
  id: "eiti",
  name: "EITI reports",
  kind: "file",
  terms: ["free"],
  confirms: [],
  covers: "extractive companies named in the country's EITI reports (reference only)",
  evidence: "data/companies/eiti_african_entities.tsv (EITI API v2.0)"
}
/** Countries among the 18 with EITI-reported entities in data/companies. */
export const eitiCountries: ReadonlySet<string> = new Set(["CI", "CM", "GH", "MG", "NG", "SN", "TZ", "ZM"])
