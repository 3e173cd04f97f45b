import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { Array as Arr, Effect, Option } from "effect"
import type { CanonicalOfficer, RegistryRecord } from "../../domain/CanonicalCompany.js"
import { elementByClass, foldLabel, linksOf, tableRows, textOf } from "./html.js"
import { fetchedAt, joinUrl, readText, send, withHeaders } from "./http.js"
import { isoDate, text, typeSlug } from "./mapping.js"
import { canonicalNumber } from "../../domain/registrationNumbers.js"
import { displayNumber, numberKeyOf } from "./numbers.js"
import type { AdapterContext, RegistryAdapter } from "./RegistryAdapter.js"
import { RegistryUnavailable } from "./RegistryUnavailable.js"

/**
 * Madagascar's RCS search (rcsmada.mg): an HTML form, paged answers, one detail page per company. Evidence:
 * CodecraftsmanArslan/WEB-CRAWLERS KYB_CRAWLERS/.../custom_crawlers/kyb/madagascar/madagascar_official_registry.py
 * (2024-05; no captcha, no proxy in its configuration): POST `index.php?pgdown=recherche2` with the form fields
 * below, the answer's second `div.corps` holds the paging links (`page=N&req=<token>&deb=N`) and "Nombre de page : N";
 * rows in a `<tbody>` link to detail pages ("d'Infos") whose `table.simple2` holds label/value rows (Denomination,
 * Immatriculation, Forme juridique, Adresse, Date d'immatriculation, Capital, Activité) and one nested table per
 * dirigeant (quality, name, address, birth date). The register shows no status: a record from it says registered,
 * never active. Unknown: the site's rate limit and its answer to throttling; its character set (read as UTF-8).
 */
const registry = "mg-rcs"
export const mgRcsSource = "Registre du Commerce et des Sociétés de Madagascar (RCS)"
export const mgRcsDefaults = {
  baseUrl: "https://www.rcsmada.mg",
  paths: { search: "/index.php?pgdown=recherche2" }
} as const
/** Detail pages fetched per search (one request each), and result pages read at most. */
export const rcsDetailLimit = 10
export const rcsPageLimit = 3

const emptyForm = {
  TypeSociete: "Null", Immatriculation: "", Greffe: "Null", DateInscrit: "", Nom: "", NomCommercial: "",
  Denomination: "", FormeJuridiq: "Null", Sigle: "", Enseigne: ""
}

const decodeFailure = (detail: string) => new RegistryUnavailable({ registry, reason: "decode", detail })

interface ResultPage {
  readonly details: ReadonlyArray<string>
  readonly pages: ReadonlyArray<string>
}

/** A results page: its detail links and the links to its other pages; a page without the results table is a fault. */
export const readResultPage = (html: string, pageUrl: string): ResultPage | null => {
  const body = /<tbody\b[^>]*>([\s\S]*?)<\/tbody>/i.exec(html)
  if (body === null || !/Nombre de page\s*:\s*\d+/i.test(textOf(html))) return null
  const absolute = (href: string) => new URL(href, pageUrl).toString()
  const details = linksOf(body[1]!).filter((link) => /d\s*['’]\s*infos/i.test(link.text)).map((link) => absolute(link.href))
  // The POST's answer is page 0; links to it again are skipped.
  const pages = linksOf(html).filter((link) => /[?&]req=/.test(link.href) && /[?&]page=[1-9]\d*/.test(link.href))
    .map((link) => absolute(link.href))
  return { details: Arr.dedupe(details), pages: Arr.dedupe(pages) }
}

const value = (cell: string | undefined): string | null => text(textOf(cell ?? "").replace(/^:\s*/, ""))

/** A detail page's `table.simple2`: label/value rows (the first of a label wins) and the dirigeants' nested tables. */
export const readDetailPage = (html: string) => {
  const table = elementByClass(html, "table", "simple2")
  if (table === null) return null
  const nested = [...table.matchAll(/<table\b[^>]*>([\s\S]*?)<\/table>/gi)].map((match) => match[1]!)
  const fields = new Map<string, string | null>()
  for (const [label, cell] of tableRows(table.replace(/<table\b[^>]*>[\s\S]*?<\/table>/gi, ""))) {
    const key = foldLabel(textOf(label ?? ""))
    if (key.length > 0 && !fields.has(key)) fields.set(key, value(cell))
  }
  const officers = nested.flatMap((inner): Array<CanonicalOfficer> => {
    const values = tableRows(inner).map((cells) => value(cells[1]))
    const name = values[1] ?? null
    return name === null ? [] : [{ name, role: values[0] ?? null }]
  })
  return { fields, officers }
}

const firstStarting = (fields: ReadonlyMap<string, string | null>, prefix: string): string | null =>
  [...fields.entries()].find(([key, found]) => key.startsWith(prefix) && found !== null)?.[1] ?? null

const toCanonical = (url: string, verifiedAt: string, page: NonNullable<ReturnType<typeof readDetailPage>>) => {
  const number = page.fields.get("immatriculation") ?? null
  const legalName = page.fields.get("denomination") ?? null
  if (number === null || legalName === null) return Option.none<RegistryRecord>()
  const label = page.fields.get("forme juridique") ?? null
  return Option.some<RegistryRecord>({
    country: "MG",
    registration_no: displayNumber(registry, number),
    legal_name: legalName,
    status: null,
    entity_type: typeSlug(label),
    entity_type_label: label,
    incorporation_date: isoDate(firstStarting(page.fields, "date de constitution") ?? page.fields.get("date d'immatriculation")),
    registered_address: page.fields.get("adresse") ?? null,
    source: mgRcsSource,
    source_url: url,
    source_kind: "live",
    last_verified_at: verifiedAt,
    ...(page.officers.length === 0 ? {} : { officers: page.officers })
  })
}

export const makeMgRcs = (ctx: AdapterContext): RegistryAdapter => {
  const searchUrl = joinUrl(ctx.baseUrl, ctx.paths["search"] ?? mgRcsDefaults.paths.search)
  const headers = { Accept: "text/html,application/xhtml+xml", Referer: searchUrl }
  const page = (request: HttpClientRequest.HttpClientRequest) =>
    send(registry, ctx, request.pipe(withHeaders(ctx, headers))).pipe(Effect.flatMap((response) => readText(registry, response)))

  const resultPage = (html: string, url: string) => {
    const read = readResultPage(html, url)
    return read === null ? Effect.fail(decodeFailure("no results table on the RCS answer")) : Effect.succeed(read)
  }

  const detail = (url: string, verifiedAt: string) =>
    Effect.flatMap(page(HttpClientRequest.get(url)), (html) => {
      const read = readDetailPage(html)
      return read === null
        ? Effect.fail(decodeFailure("no table.simple2 on the RCS detail page"))
        : Effect.succeed(toCanonical(url, verifiedAt, read))
    })

  const search = Effect.fnUntraced(function*(fields: Partial<typeof emptyForm>) {
    const first = yield* page(HttpClientRequest.post(searchUrl).pipe(HttpClientRequest.bodyUrlParams({ ...emptyForm, ...fields })))
    const answer = yield* resultPage(first, searchUrl)
    const details = [...answer.details]
    for (const next of answer.pages.slice(0, rcsPageLimit - 1)) {
      if (details.length >= rcsDetailLimit) break
      const more = yield* resultPage(yield* page(HttpClientRequest.get(next)), next)
      details.push(...more.details.filter((url) => !details.includes(url)))
    }
    const verifiedAt = yield* fetchedAt
    const records = yield* Effect.forEach(details.slice(0, rcsDetailLimit), (url) => detail(url, verifiedAt), { concurrency: 2 })
    return Arr.getSomes(records)
  })

  return {
    registry,
    supportsTerm: (term) => term.trim().length > 0,
    searchByName: (term) => search({ Denomination: term.trim() }),
    // The RCS search looks up RCS numbers; a NIF (tax) or STAT (statistics) number is not one it holds.
    supportsNumber: (number) => {
      const kind = canonicalNumber(registry, number).details.kind
      return kind !== "nif" && kind !== "stat"
    },
    fetchByNumber: (number) => {
      const key = numberKeyOf(registry, number)
      return search({ Immatriculation: displayNumber(registry, number) }).pipe(
        Effect.map(Arr.findFirst((company) => numberKeyOf(registry, company.registration_no) === key))
      )
    }
  }
}
