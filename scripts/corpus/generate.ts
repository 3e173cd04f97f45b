import type { RegistryRecord, CanonicalOfficer } from "../../src/domain/CanonicalCompany.js"
import { normalizeName } from "../../src/domain/normalize.js"
import { coreName, loadNameModels } from "./names.js"
import { realNameKeys } from "./realNames.js"
import { personName } from "./people.js"
import { type Language, type RegistrySpec, registrySpecs } from "./registries.js"
import { Rng, Weighted } from "./rng.js"

export interface CorpusOptions {
  readonly seed: number
  /** The directory holding data/companies (the repository): the real name files. */
  readonly sharedDir: string
  /** `last_verified_at` values fall in the two years before this instant (fixed, so output is reproducible). */
  readonly referenceDate?: Date
}

export const DEFAULT_REFERENCE_DATE = new Date("2026-11-01T00:00:00Z")

export const syntheticSource = (seed: number) => `Synthetic corpus (kyb-africa gen-corpus, seed ${seed}); not a real company`

const STREETS: Readonly<Record<Language, ReadonlyArray<string>>> = {
  en: ["{} Street", "{} Road", "{} Avenue", "{} Close", "{} Crescent", "{} Way", "{} Drive", "Plot {n}, {} Industrial Area"],
  fr: ["Rue {}", "Avenue {}", "Boulevard {}", "Immeuble {}, Rue {n}", "Lot {n}, Zone Industrielle {}"],
  ar: ["Rue {}", "Boulevard {}", "{} Street", "Avenue {}", "Résidence {}, Bloc {n}"],
  pt: ["Rua {}", "Avenida {}", "Largo {}", "Bairro {}, Rua {n}"]
}
const STREET_NAMES: Readonly<Record<Language, ReadonlyArray<string>>> = {
  en: ["Adeola Odeku", "Broad", "Kenyatta", "Independence", "Nelson Mandela", "Church", "Market", "Station", "Kingsway", "Liberation", "Ngong", "Jan Smuts", "Oxford", "Cairo", "Uhuru", "Awolowo"],
  fr: ["Carnot", "de la République", "Félix Houphouët-Boigny", "Léopold Sédar Senghor", "du Général de Gaulle", "Ahidjo", "Lamine Guèye", "des Cocotiers", "Indépendance", "Ratsimandrava"],
  ar: ["Mohammed V", "Hassan II", "Habib Bourguiba", "El Tahrir", "Zamalek", "Anfa", "Zerktouni", "Talaat Harb", "de la Liberté", "Ibn Khaldoun"],
  pt: ["Comandante Valódia", "Amílcar Cabral", "4 de Fevereiro", "Major Kanhangulo", "Deolinda Rodrigues", "Ho Chi Min", "Lenine"]
}

const isoDate = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`

/** A deterministic stream of synthetic canonical records: call `next()` for each row. */
export const makeCorpusGenerator = (options: CorpusOptions) => {
  const rng = new Rng(options.seed)
  const models = loadNameModels(options.sharedDir)
  const registries = new Weighted(registrySpecs.map((r) => [r, r.weight] as const))
  const counters = new Map<string, number>()
  const reference = (options.referenceDate ?? DEFAULT_REFERENCE_DATE).getTime()
  const source = syntheticSource(options.seed)
  const real = realNameKeys(options.sharedDir)
  /** Per registry, the normalised names already given: a registry registers a name once. */
  const taken = new Map<string, Set<string>>()

  const address = (spec: RegistrySpec) => {
    const pattern = rng.pick(STREETS[spec.language])
    const street = pattern.replace("{}", rng.pick(STREET_NAMES[spec.language])).replace("{n}", String(rng.int(1, 60)))
    return `${rng.int(1, 250)} ${street}, ${rng.pick(spec.cities)}`
  }

  const officers = (spec: RegistrySpec, incorporated: string): Array<CanonicalOfficer> => {
    const count = rng.int(1, 4)
    const list: Array<CanonicalOfficer> = []
    const from = Date.parse(`${incorporated}T00:00:00Z`)
    for (let i = 0; i < count; i++) {
      const appointed = new Date(from + rng.next() * Math.max(0, reference - 86400000 * 30 - from)).toISOString().slice(0, 10)
      const resigned = rng.chance(0.15)
        ? new Date(Date.parse(`${appointed}T00:00:00Z`) + rng.int(90, 2000) * 86400000).toISOString().slice(0, 10)
        : null
      list.push({
        name: personName(rng, spec.country, spec.language),
        role: i === 0 ? spec.officerRoles[0]! : rng.pick(spec.officerRoles),
        appointed_on: appointed,
        ...(resigned !== null && Date.parse(resigned) < reference ? { resigned_on: resigned } : {}),
        nationality: rng.chance(0.85) ? spec.country : rng.pick(["GB", "FR", "US", "CN", "IN", "LB", "ZA", "NG", "PT"])
      })
    }
    return list
  }

  const next = (): RegistryRecord => {
    const spec = registries.pick(rng)
    const n = counters.get(spec.id) ?? 0
    counters.set(spec.id, n + 1)
    const form = spec.forms.pick(rng)
    const year = 2025 - Math.floor(Math.pow(rng.next(), 1.7) * 62)
    const incorporated = isoDate(year, rng.int(1, 12), rng.int(1, 28))
    const upper = rng.chance(spec.language === "fr" ? 0.4 : 0.2)
    const names = taken.get(spec.id) ?? new Set<string>()
    taken.set(spec.id, names)
    // Like a registry: a name (as normalised) is registered once, and never a real company's name. Near names
    // (shared words, one word apart) are kept: they are the hard cases.
    let legal_name = ""
    for (let attempt = 0; ; attempt++) {
      let core = coreName(rng, models[spec.language], spec.country, spec.language)
      if (attempt >= 20) core = `${core} ${coreName(rng, models[spec.language], spec.country, spec.language)}`
      const named = form.entity_type === "incorporated_trustees"
        ? `The Incorporated Trustees of ${core} ${form.suffix}`
        : form.suffix === "" ? core : `${core} ${form.suffix}`
      const key = normalizeName(named, spec.country)
      if (names.has(key) || real.has(key) || real.has(normalizeName(named))) continue
      names.add(key)
      legal_name = upper ? named.toUpperCase() : named
      break
    }
    const ctx = { rng, n, year, form }
    const registration_no = spec.number(ctx)
    const age = 2026 - year
    const roll = rng.next()
    const status = roll < 0.04 ? "unknown" : roll < 0.11 ? "dormant" : roll < 0.11 + 0.04 + 0.2 * (age / 62) ? "dissolved" : "active"
    const verified = new Date(reference - Math.floor(rng.next() * 730 * 86400000)).toISOString()
    const record: RegistryRecord = {
      country: spec.country,
      registration_no,
      legal_name,
      status,
      entity_type: form.entity_type,
      entity_type_label: form.label,
      incorporation_date: rng.chance(0.92) ? incorporated : null,
      registered_address: rng.chance(0.85) ? address(spec) : null,
      tax_id: spec.taxId !== null && rng.chance(spec.taxShare) ? spec.taxId(ctx, registration_no) : null,
      source,
      source_url: null,
      source_kind: "synthetic",
      last_verified_at: verified,
      ...(rng.chance(0.35) ? { officers: officers(spec, incorporated) } : {})
    }
    return record
  }

  return { next }
}
