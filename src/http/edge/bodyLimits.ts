/** What a route accepts as a body: its media types and its size. One table for every route. */
export interface BodyRule {
  readonly mediaTypes: ReadonlyArray<string>
  readonly maxBytes: number
}

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024

const jsonApi: BodyRule = { mediaTypes: ["application/json"], maxBytes: DEFAULT_MAX_BODY_BYTES }
const webForms: BodyRule = {
  mediaTypes: ["application/x-www-form-urlencoded", "application/json"],
  maxBytes: DEFAULT_MAX_BODY_BYTES
}

/** Routes whose bodies differ from the API default (exact paths). */
const uploads: BodyRule = { mediaTypes: ["multipart/form-data"], maxBytes: 2 * 1024 * 1024 }
const batches: BodyRule = { mediaTypes: ["application/json", "text/csv"], maxBytes: 2 * 1024 * 1024 }
const exceptions: ReadonlyMap<string, BodyRule> = new Map([
  ["/v1/verify/batch", batches],
  ["/v1/screen/batch", batches],
  ["/dashboard/batch", uploads],
  ["/dashboard/monitors/upload", uploads]
])

/** The API under /v1 takes JSON only (a missing Content-Type is read as JSON, as the framework does). */
export const bodyRuleFor = (path: string): BodyRule =>
  exceptions.get(path) ?? (path === "/v1" || path.startsWith("/v1/") ? jsonApi : webForms)
