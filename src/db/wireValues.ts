import { PgTypes } from "@effect/sql-pg"
import { Result } from "effect"

/**
 * Statement parameters as node-postgres sent them, where sql-pg 4 would type them itself: an array as a PostgreSQL
 * array literal and a plain object as JSON, both as untyped text that the server reads by the statement's context
 * (`unnest($1::text[], $2::date[])`, `$3::jsonb`). sql-pg types an array by its elements and refuses one whose
 * elements are all null or of different inferred types (int4 and int8, say), and refuses a plain object; the
 * repositories bind such arrays and cast them in SQL. Strings, numbers, booleans, bigints, dates, bytes, nulls and
 * sql-pg's own typed parameters (`sql.json`) go through untouched.
 */
export const toWireValue = (value: unknown): unknown => {
  if (Array.isArray(value)) return arrayLiteral(value)
  if (isPlainObject(value)) return JSON.stringify(value)
  return value
}

export const toWireValues = (values: ReadonlyArray<unknown>): ReadonlyArray<unknown> =>
  values.some((v) => Array.isArray(v) || isPlainObject(v)) ? values.map(toWireValue) : values

const isPlainObject = (value: unknown): value is object =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date) &&
  !(value instanceof Uint8Array) && !PgTypes.isParameter(value)

const hex = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex")

/** An element as node-postgres' `prepareValue` made it: text, or null. */
const elementText = (value: unknown): string | null => {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value.toISOString()
  if (value instanceof Uint8Array) return `\\x${hex(value)}`
  if (typeof value === "object") return JSON.stringify(value)
  return String(value)
}

const quoted = (text: string) => `"${text.replace(/\\/g, "\\\\").replace(/"/g, "\\\"")}"`

/** `{"a","b",NULL}`, nested arrays as nested braces (node-postgres' `arrayString`). */
const arrayLiteral = (values: ReadonlyArray<unknown>): string =>
  `{${
    values.map((value) => {
      if (Array.isArray(value)) return arrayLiteral(value)
      const text = elementText(value)
      return text === null ? "NULL" : quoted(text)
    }).join(",")
  }}`

/**
 * The shortest decimal that is this float4 (`0.95`, not the 0.949999988079071 a float32 widens to): what PostgreSQL
 * writes for a `real` in text, as node-postgres read it.
 */
export const float4Text = (value: number): number => {
  if (!Number.isFinite(value)) return value
  for (let digits = 1; digits <= 9; digits++) {
    const candidate = Number(value.toPrecision(digits))
    if (Math.fround(candidate) === value) return candidate
  }
  return value
}

const float4AsWritten: PgTypes.Codec<number> = {
  encode: (value) => {
    const bytes = new Uint8Array(4)
    new DataView(bytes.buffer).setFloat32(0, value)
    return Result.succeed(bytes)
  },
  decode: (bytes) =>
    bytes.byteLength === 4
      ? Result.succeed(float4Text(new DataView(bytes.buffer, bytes.byteOffset, 4).getFloat32(0)))
      : Result.fail(new PgTypes.CodecError({ message: "Expected 4 bytes for a float4" }))
}

/**
 * Column types as node-postgres read them where sql-pg 4 reads them otherwise: a bigint (`int8`, bigserial ids,
 * `count(*)`, `sum` of integers) as its decimal text, not a JavaScript bigint, which the repositories type as
 * `string` and which JSON cannot hold; a `real` as the shortest decimal it is (`float4Text`). A bigint parameter (a JavaScript bigint, or a number past int4) still binds
 * as int8.
 */
export const nodePostgresTypes: PgTypes.Registry = (() => {
  const registry = PgTypes.makeRegistry()
  const int8AsText: PgTypes.Codec<string | bigint | number> = {
    encode: (value) => {
      try {
        const bytes = new Uint8Array(8)
        new DataView(bytes.buffer).setBigInt64(0, BigInt(value))
        return Result.succeed(bytes)
      } catch {
        return Result.fail(new PgTypes.CodecError({ message: `Expected an int8, received ${String(value)}` }))
      }
    },
    decode: (bytes) =>
      bytes.byteLength === 8
        ? Result.succeed(new DataView(bytes.buffer, bytes.byteOffset, 8).getBigInt64(0).toString())
        : Result.fail(new PgTypes.CodecError({ message: "Expected 8 bytes for an int8" }))
  }
  registry.register(PgTypes.OID.int8, int8AsText, { arrayOid: PgTypes.OID.int8Array })
  registry.register(PgTypes.OID.float4, float4AsWritten, { arrayOid: PgTypes.OID.float4Array })
  return registry
})()
