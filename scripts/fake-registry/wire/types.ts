import type { RegistryRecord } from "../../../src/domain/CanonicalCompany.js"

export interface FakeRequest {
  readonly method: string
  readonly path: string
  readonly query: URLSearchParams
  readonly headers: Readonly<Record<string, string | Array<string> | undefined>>
  readonly body: unknown
  /** The body as received (form posts are not JSON). */
  readonly text: string
}

export interface FakeReply {
  readonly status: number
  /** A string is sent as is; anything else as JSON. */
  readonly body?: unknown
  /** Extra response headers (Location, Set-Cookie, Content-Type for a non-HTML string). */
  readonly headers?: Readonly<Record<string, string>>
}

/**
 * One registry's wire format over a set of canonical records; undefined = no such route (404). `variant`
 * selects a documented alternative shape (mu-cbrd "results"; ng-cac "prefixed" legacy rcNumber values; ke-brs
 * "data", the record under {data}).
 */
export type WireHandler = (
  request: FakeRequest,
  records: ReadonlyArray<RegistryRecord>,
  variant?: string
) => FakeReply | undefined

/** Case and separators ignored, as the registries compare numbers. */
export const numberKey = (raw: string): string => raw.trim().toUpperCase().replace(/[\s./-]+/g, "")

/** The registries' approximated search: case-insensitive contains on the name, or the exact number. */
export const matches = (record: RegistryRecord, term: string): boolean => {
  const needle = term.trim().toLowerCase()
  return needle.length > 0 &&
    (record.legal_name.toLowerCase().includes(needle) || numberKey(record.registration_no) === numberKey(term))
}

export const field = (body: unknown, name: string): unknown =>
  body !== null && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined

export const stringField = (body: unknown, name: string): string => {
  const value = field(body, name)
  return typeof value === "string" ? value : ""
}

/** A stable small integer id per record, like the registries' internal ids. */
export const internalId = (record: RegistryRecord): number => {
  let hash = 7
  for (const char of `${record.country}:${record.registration_no}`) hash = (hash * 31 + char.charCodeAt(0)) % 9_000_000
  return 1_000_000 + hash
}

/** `YYYY-MM-DD` to `dd/MM/yyyy`. */
export const dayFirst = (date: string | null | undefined): string | null =>
  date ? `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}` : null

const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
  "November", "December"]

/** `YYYY-MM-DD` as "8 November 2021" (CIPA's RegistrationDate, BRS's registrationDate). */
export const longDate = (date: string): string =>
  `${Number(date.slice(8, 10))} ${months[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`
