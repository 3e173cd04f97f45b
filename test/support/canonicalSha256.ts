import { createHash } from "node:crypto"

/** JSON with keys sorted at every level, written here (not the service's code): what a case file's holder hashes. */
const canonical = (value: unknown): string =>
  Array.isArray(value) ? `[${value.map(canonical).join(",")}]`
    : typeof value === "object" && value !== null
    ? `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`
    : JSON.stringify(value)

/** The SHA-256 (hex) of a value's canonical JSON: the audit log's hash of a case file given out. */
export const canonicalSha256 = (value: unknown) => createHash("sha256").update(canonical(value), "utf8").digest("hex")
