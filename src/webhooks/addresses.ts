import { Effect, Context, Layer } from "effect"
import { lookup as dnsLookup } from "node:dns/promises"
import { request as httpRequest } from "node:http"
import { request as httpsRequest } from "node:https"
import type { LookupFunction } from "node:net"
import { deliverableAddress, isAddressLiteral } from "../domain/deliverableAddress.js"

export interface ResolvedAddress {
  readonly address: string
  readonly family: number
}

/**
 * How a webhook's host name becomes addresses: the system resolver by default. The seam lets a test name a host
 * that resolves to 127.0.0.1 without any DNS; a deployment never replaces it.
 */
export const systemResolver = {
  resolve: (host: string): Promise<ReadonlyArray<ResolvedAddress>> => dnsLookup(host, { all: true, verbatim: true })
}

export class WebhookResolver extends Context.Service<WebhookResolver>()("kyb/WebhookResolver", { make: Effect.succeed(systemResolver) }) {
  static readonly Default = Layer.effect(this, this.make)
}

/** Who may be delivered to: every address must be globally reachable unicast, unless private ones are allowed. */
export interface AddressGuard {
  readonly allowPrivate: boolean
  readonly resolve: (host: string) => Promise<ReadonlyArray<ResolvedAddress>>
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "")

/** Why the address may not receive deliveries (null: it may). */
export const refusalOf = (guard: AddressGuard, host: string, address: string): string | null => {
  if (guard.allowPrivate) return null
  const verdict = deliverableAddress(address)
  return verdict.ok ? null : `the host ${host} is ${address === host ? "" : `at ${address}, `}a ${verdict.range} address; only globally reachable addresses receive webhooks`
}

/** An endpoint URL a webhook may have: http(s), a host, no credentials; the reason otherwise (without the field name). */
export const checkWebhookUrl = (raw: string): { readonly ok: true; readonly url: URL } | { readonly ok: false; readonly problem: string } => {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { ok: false, problem: "is not a URL" }
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, problem: "must be an http or https URL" }
  if (url.username !== "" || url.password !== "") return { ok: false, problem: "must not carry credentials" }
  if (url.hostname === "") return { ok: false, problem: "has no host" }
  if (url.port === "0") return { ok: false, problem: "must not name port 0 (no endpoint listens there)" }
  return { ok: true, url }
}

/** At registration: the URL's form, then every address its host has now (a literal, or what the name resolves to). */
export const registrationProblem = (guard: AddressGuard, raw: string): Promise<string | null> => {
  const checked = checkWebhookUrl(raw)
  if (!checked.ok) return Promise.resolve(checked.problem)
  const host = hostOf(checked.url)
  if (isAddressLiteral(host)) return Promise.resolve(refusalOf(guard, host, host))
  if (guard.allowPrivate) return Promise.resolve(null)
  return guard.resolve(host).then(
    (addresses) => addresses.length === 0 ? `the host ${host} does not resolve` : addresses.map((a) => refusalOf(guard, host, a.address)).find((r) => r !== null) ?? null,
    () => `the host ${host} does not resolve`
  )
}

/** A `lookup` for the socket: resolves through the guard and refuses (before any connection) a non-deliverable address. */
const guardedLookup = (guard: AddressGuard): LookupFunction => (host, options, callback) => {
  guard.resolve(host).then(
    (addresses) => {
      const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses
      if (wanted.length === 0) return callback(Object.assign(new Error(`the host ${host} does not resolve`), { code: "ENOTFOUND" }), "", 4)
      const problem = wanted.map((a) => refusalOf(guard, host, a.address)).find((r) => r !== null)
      if (problem !== undefined) return callback(Object.assign(new Error(`refused: ${problem}`), { code: "EREFUSEDADDRESS" }), "", 4)
      if (options.all === true) return (callback as unknown as (e: null, all: ReadonlyArray<ResolvedAddress>) => void)(null, wanted)
      callback(null, wanted[0]!.address, wanted[0]!.family)
    },
    (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), "", 4)
  )
}

export interface DeliveryOutcome {
  readonly statusCode: number | null
  readonly error: string | null
  readonly durationMs: number
}

/**
 * POSTs a delivery over a socket whose address is checked where the socket chooses it (the guarded lookup, before
 * any connection; an address literal before the request): a name that resolved to a public address at registration
 * and resolves to a private one now is refused, and nothing is sent. Redirects are not followed.
 */
export const postDelivery = (
  guard: AddressGuard,
  rawUrl: string,
  delivery: { readonly headers: Readonly<Record<string, string>>; readonly body: string; readonly timeoutMs: number }
): Promise<DeliveryOutcome> => {
  const started = Date.now()
  const done = (statusCode: number | null, error: string | null): DeliveryOutcome => ({ statusCode, error, durationMs: Date.now() - started })
  const checked = checkWebhookUrl(rawUrl)
  if (!checked.ok) return Promise.resolve(done(null, `url ${checked.problem}`))
  const url = checked.url
  const host = hostOf(url)
  if (isAddressLiteral(host)) {
    const problem = refusalOf(guard, host, host)
    if (problem !== null) return Promise.resolve(done(null, `refused: ${problem}`))
  }
  return new Promise((resolve) => {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest
    const request = send(url, {
      method: "POST",
      lookup: guardedLookup(guard),
      signal: AbortSignal.timeout(delivery.timeoutMs),
      headers: { ...delivery.headers, "content-length": String(Buffer.byteLength(delivery.body)) }
    }, (response) => {
      response.resume()
      response.on("end", () => {
        const status = response.statusCode ?? 0
        resolve(done(status, status >= 200 && status < 300 ? null : `HTTP ${status}`))
      })
      response.on("error", (error) => resolve(done(null, error.message)))
    })
    request.on("error", (error) => resolve(done(null, error.name === "AbortError" || error.name === "TimeoutError" ? "timeout" : error.message)))
    request.end(delivery.body)
  })
}
