import * as Cookies from "effect/http/Cookies"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { Array as Arr, Effect, Option, Schema } from "effect"
import type { RegistryRecord } from "../../domain/CanonicalCompany.js"
import { decodeJsonBody, fetchedAt, joinUrl, readText, send, withHeaders } from "./http.js"
import { dayMonthNameYear, statusFrom, text, typeSlug } from "./mapping.js"
import { displayNumber, numberKeyOf } from "./numbers.js"
import type { AdapterContext, RegistryAdapter } from "./RegistryAdapter.js"
import { RegistryUnavailable } from "./RegistryUnavailable.js"

/**
 * Botswana CIPA "Search the Register" on Foster Moore Catalyst: no key, no captcha, a JSON command protocol behind a
 * session cookie. Evidence: Albende/credyx packages/adapters/bw/adapter.py and docs/countries/bw.md (2026-07; live
 * tests "Sefalana" and BW00001731678 passing 2026-07-21 per its docs/VALIDATION_MATRIX.md). A session costs four
 * calls (start, view, set the term, click); node ids change per session and with CIPA's UI releases, so they are
 * read from each session's page and a page without them is a decode failure, never "no match".
 */
const registry = "bw-cipa"
export const bwCipaSource = "Companies and Intellectual Property Authority (CIPA)"
export const bwCipaDefaults = {
  baseUrl: "https://www.cipa.co.bw",
  paths: { start: "/master/ui/start/CIPARegisterSearch" }
} as const

const boxMarker = '"attribute":"NameOrNumber"'
const buttonMarker = '"text":{"label":"Search"}'
const MAX_REDIRECTS = 3

/** The Catalyst node id emitted just before `marker` in the page's embedded view state (within 400 characters). */
export const nodeIdBefore = (html: string, marker: string): string | null => {
  const at = html.indexOf(marker)
  if (at < 0) return null
  const ids = [...html.slice(Math.max(0, at - 400), at).matchAll(/"id":"([0-9a-f]{8,})"/g)]
  return ids.at(-1)?.[1] ?? null
}

const Label = Schema.Struct({ label: Schema.optional(Schema.NullOr(Schema.String)) })
const Node = Schema.Struct({
  nodetype: Schema.optional(Schema.NullOr(Schema.String)),
  dos: Schema.optional(Schema.NullOr(Schema.Array(Schema.String))),
  children: Schema.optional(Schema.NullOr(Schema.Array(Schema.String))),
  text: Schema.optional(Schema.NullOr(Label)),
  attribute: Schema.optional(Schema.NullOr(Schema.String)),
  attributeValue: Schema.optional(Schema.Unknown)
})
type Node = typeof Node.Type
/** The answer to a command: the changed nodes by id. Non-node values in `state` are skipped. */
export const CatalystAnswer = Schema.Struct({ state: Schema.Record(Schema.String, Schema.Unknown) })
const decodeNode = Schema.decodeUnknownOption(Node)

/** `NAME (BW00001731678)`: the card's button label. */
const labelled = /^(.*?)\s*\(([A-Za-z]{2}[0-9A-Za-z/]+)\)\s*$/

interface Card {
  readonly name: string
  readonly number: string
  readonly attributes: Readonly<Record<string, string | null>>
}

const valueOf = (node: Node): string | null =>
  text(node.text?.label ?? null) ?? (typeof node.attributeValue === "string" ? text(node.attributeValue) : null)

/** Result cards: nodes whose `dos` holds css-search-result, read through their descendants. */
export const cardsOf = (state: Readonly<Record<string, unknown>>): ReadonlyArray<Card> => {
  const nodes = new Map(Object.entries(state).flatMap(([id, value]) =>
    Option.match(decodeNode(value), { onNone: () => [], onSome: (node) => [[id, node] as const] })
  ))
  const descendants = (root: string): ReadonlyArray<Node> => {
    const out: Array<Node> = []
    const stack = [root]
    const seen = new Set<string>()
    while (stack.length > 0) {
      const id = stack.pop()!
      const node = nodes.get(id)
      if (node === undefined || seen.has(id)) continue
      seen.add(id)
      out.push(node)
      stack.push(...(node.children ?? []))
    }
    return out
  }
  return [...nodes.entries()].filter(([, node]) => node.dos?.includes("css-search-result")).flatMap(([id]) => {
    const parts = descendants(id)
    const title = parts.find((node) => node.nodetype === "button" && node.dos?.includes("searchView"))
    const match = labelled.exec(title?.text?.label ?? "")
    const attributes = Object.fromEntries(
      parts.filter((node) => typeof node.attribute === "string").map((node) => [node.attribute!, valueOf(node)])
    )
    return match === null ? [] : [{ name: match[1]!.trim(), number: match[2]!, attributes }]
  })
}

const cipaStatus = statusFrom({
  active: ["registered", "active"],
  dormant: ["dormant", "inactive"],
  dissolved: ["removed", "deregistered", "struck", "dissolved", "wound", "liquidat", "cancel"]
})

const toCanonical = (url: string, verifiedAt: string) => (card: Card): Option.Option<RegistryRecord> => {
  const legalName = text(card.name)
  if (legalName === null) return Option.none()
  const label = card.attributes["EntityType"] ?? null
  return Option.some({
    country: "BW",
    registration_no: displayNumber(registry, card.number),
    legal_name: legalName,
    status: cipaStatus(card.attributes["Status"]),
    entity_type: typeSlug(label),
    entity_type_label: label,
    incorporation_date: dayMonthNameYear(card.attributes["RegistrationDate"]),
    registered_address: card.attributes["FullAddress"] ?? null,
    source: bwCipaSource,
    source_url: url,
    source_kind: "live",
    last_verified_at: verifiedAt
  })
}

const failure = (reason: "transport" | "decode" | "http_status", detail: string, status?: number) =>
  new RegistryUnavailable({ registry, reason, detail, ...(status === undefined ? {} : { status }) })

export const makeBwCipa = (ctx: AdapterContext): RegistryAdapter => {
  const startUrl = joinUrl(ctx.baseUrl, ctx.paths["start"] ?? bwCipaDefaults.paths.start)

  /** The start page redirects to a per-session view and sets the session cookie; both are carried forward. */
  const openSession = Effect.gen(function*() {
    let url = startUrl
    let cookies = Cookies.empty
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const request = HttpClientRequest.get(url).pipe(
        withHeaders(ctx, { Accept: "text/html,application/xhtml+xml", ...cookieHeader(cookies) })
      )
      const response = yield* ctx.client.execute(request).pipe(Effect.mapError((error) => failure("transport", error.message)))
      cookies = Cookies.merge(cookies, response.cookies)
      const location = response.headers["location"]
      if (response.status >= 300 && response.status < 400 && location !== undefined) {
        yield* Effect.ignore(readText(registry, response))
        url = new URL(location, url).toString()
        continue
      }
      if (response.status < 200 || response.status >= 300) {
        yield* Effect.ignore(readText(registry, response))
        return yield* failure("http_status", `HTTP ${response.status}`, response.status)
      }
      const page = yield* readText(registry, response)
      const box = nodeIdBefore(page, boxMarker)
      const button = nodeIdBefore(page, buttonMarker)
      if (box === null || button === null) return yield* failure("decode", "search form nodes not found on the page")
      return { url, cookies, box, button }
    }
    return yield* failure("http_status", `more than ${MAX_REDIRECTS} redirects`)
  })

  const command = Effect.fnUntraced(function*(session: { url: string; cookies: Cookies.Cookies }, body: unknown) {
    const request = HttpClientRequest.post(session.url).pipe(
      withHeaders(ctx, {
        Accept: "application/json, text/javascript, */*; q=0.01",
        "X-Requested-With": "XMLHttpRequest",
        ...cookieHeader(session.cookies)
      }),
      HttpClientRequest.bodyJsonUnsafe({ returnRootHtmlOnChange: false, returnChangesOnly: true, commands: [body] })
    )
    const text = yield* send(registry, ctx, request).pipe(Effect.flatMap((response) => readText(registry, response)))
    return yield* decodeJsonBody(registry, CatalystAnswer, text)
  })

  const search = Effect.fnUntraced(function*(term: string) {
    const session = yield* openSession
    yield* command(session, { type: "view-node-set-attribute-value", id: session.box, value: term })
    const answer = yield* command(session, { type: "view-node-button-click", id: session.button })
    const verifiedAt = yield* fetchedAt
    return Arr.getSomes(cardsOf(answer.state).map(toCanonical(startUrl, verifiedAt)))
  })

  return {
    registry,
    supportsTerm: (term) => term.trim().length > 0,
    searchByName: (term) => search(term.trim()),
    fetchByNumber: (number) => {
      const key = numberKeyOf(registry, number)
      return search(displayNumber(registry, number)).pipe(
        Effect.map(Arr.findFirst((company) => numberKeyOf(registry, company.registration_no) === key))
      )
    }
  }
}

const cookieHeader = (cookies: Cookies.Cookies): Record<string, string> =>
  Cookies.isEmpty(cookies) ? {} : { Cookie: Cookies.toCookieHeader(cookies) }
