import { numberIdentity } from "../../src/companies/write/identity.js"
import type { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"
import { nameTokens, normalizeName } from "../../src/domain/normalize.js"
import type { Rng } from "../corpus/rng.js"

/**
 * How people write a real listed company's name when they search for it, for the search evaluation's issue-28
 * kinds. Kept apart from the matcher on purpose: nothing here imports src/search, and the rules are written from
 * the data (the listed names, their exchanges' share-class listings), not from the search's keys.
 */

/** A word of the name is "of", "de", ... (dropped between a brand and its country: "Barclays Bank of Kenya"). */
const LINKING = new Set(["of", "de", "du", "des", "en", "la", "le", "for", "-", "in", "of the"])

const lettersOnly = (w: string) => /^[\p{L}]{2,}$/u.test(w)

/**
 * A brand written with other spacing or punctuation: a two-word brand joined or hyphenated ("Tanzania Cement" ->
 * "TanzaniaCement", "Tanzania-Cement"), a word with a capital inside split ("FirstRand" -> "First Rand"), or
 * capital initials with dots ("AECI" -> "A.E.C.I."). Legal forms are not part of the brand ("Naspers Ltd"
 * -> "Naspers"). Null when the name has none of these shapes.
 */
export const respaced = (rng: Rng, brand: string, country: string): string | null => {
  const words = brand.split(/\s+/).filter((w) => w.length > 0)
  const core = words.slice(0, nameTokens(normalizeName(brand, country)).length)
  if (core.length === 1 && /^[A-Z]{3,5}$/.test(core[0]!)) return `${[...core[0]!].join(".")}.`
  if (core.length === 1) {
    const split = /^(\p{Lu}\p{Ll}{2,})(\p{Lu}\p{Ll}{2,})$/u.exec(core[0]!)
    return split === null ? null : `${split[1]} ${split[2]}`
  }
  if (core.length === 2 && core.every(lettersOnly)) return core.join(rng.chance(0.5) ? "" : "-")
  return null
}

/**
 * The brand and the country as people write them for a company named "<brand> [of] <country> ...": the brand's
 * words before the country, without linking words ("Barclays Bank of Kenya Ltd" -> "Barclays Bank Kenya"), or the
 * parent brand's first word alone ("Standard Chartered Bank Kenya Ltd" -> "Standard Kenya" is too vague, so only a
 * first word of five letters or more: "Barclays Kenya"). Null when the name holds no country word after a brand, or
 * when the query would be a literal prefix of the name (the prefix kind).
 */
export const brandAndCountry = (rng: Rng, legalName: string, countryWords: ReadonlyArray<string>): string | null => {
  const words = legalName.replace(/[-,()]/g, " ").split(/\s+/).filter((w) => w.length > 0)
  const lower = words.map((w) => w.toLowerCase())
  for (const country of countryWords) {
    const parts = country.toLowerCase().split(" ")
    const at = lower.findIndex((_, i) => i > 0 && parts.every((p, k) => lower[i + k] === p))
    if (at < 0) continue
    const brand = words.slice(0, at).filter((w) => !LINKING.has(w.toLowerCase()))
    if (brand.length === 0) return null
    const countryText = words.slice(at, at + parts.length).join(" ")
    const first = brand[0]!
    const short = brand.length > 1 && first.length >= 5 && lettersOnly(first) && rng.chance(0.5)
    const q = `${short ? first : brand.join(" ")} ${countryText}`
    return legalName.toLowerCase().startsWith(q.toLowerCase()) ? null : q
  }
  return null
}

/** Two adjacent letters swapped in one of the words (which word and where: seeded); null when none can be. */
export const transposed = (rng: Rng, words: ReadonlyArray<string>): string | null => {
  const which = rng.int(0, words.length - 1)
  const word = words[which]!
  if (word.length < 4) return null
  const at = rng.int(0, word.length - 2)
  if (word[at] === word[at + 1]) return null
  const typo = word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
  return words.map((w, i) => (i === which ? typo : w)).join(" ")
}

/** How the exchanges name a listing of a share class: a rate, "Pref", "Non Cum", "Preference Shares" ... */
const SHARE_CLASSES = ["Pref", "6.5%", "Non Cum", "Preference Shares", "8% Cumulative Redeemable Preference", "Pref Ltd"]

/**
 * Listings of one share class of `count` real listed issuers (seeded), as an exchange lists them beside the
 * issuer ("Capitec Bank Holdings Ltd Pref", "Standard Bank Group Ltd 6.5%"): the issuer's name and a class, its
 * ticker with "P", a registration number of its own, held by no other company (a listing is not the issuer). The real files hold a few
 * (JSE, SEM); these add more so that the evaluation's share-class kind has enough queries.
 */
export const shareClassListings = (
  rng: Rng,
  issuers: ReadonlyArray<CanonicalCompany>,
  count: number
): ReadonlyArray<CanonicalCompany> => {
  const out: Array<CanonicalCompany> = []
  const used = new Set<number>()
  const keyOf = (c: CanonicalCompany, no = c.registration_no ?? "") => {
    const id = numberIdentity(c.country.toUpperCase(), no)
    return `${id.registry_id} ${id.key}`
  }
  const keys = new Set(issuers.map((c) => keyOf(c)))
  /** A number of the issuer's shape that no stored company has (one company per number per registry). */
  const freshNumber = (c: CanonicalCompany) => {
    // A business known only from a listing has no number to give a share class of.
    if (c.registration_no == null) return null
    for (let k = 1; k < 100; k++) {
      const no = c.registration_no.replace(/\d+(?=\D*$)/, (d) => String(Number(d) + k).padStart(d.length, "0"))
      if (!keys.has(keyOf(c, no))) return no
    }
    return null
  }
  for (let tries = 0; out.length < count && tries < count * 20; tries++) {
    const i = rng.int(0, issuers.length - 1)
    const issuer = issuers[i]!
    if (used.has(i) || issuer.listed_ticker === undefined || issuer.listed_ticker === null) continue
    if (nameTokens(normalizeName(issuer.legal_name, issuer.country)).length < 2) continue
    const number = freshNumber(issuer)
    if (number === null) continue
    keys.add(keyOf(issuer, number))
    used.add(i)
    out.push({
      ...issuer,
      legal_name: `${issuer.legal_name} ${rng.pick(SHARE_CLASSES)}`,
      registration_no: number,
      listed_ticker: `${issuer.listed_ticker}P`,
      source: `${issuer.source}; share-class listing generated for the search evaluation`,
      aliases: []
    })
  }
  return out
}
