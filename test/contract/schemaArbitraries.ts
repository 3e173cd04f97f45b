import fc from "fast-check"

/**
 * Values from the JSON Schemas of an OpenAPI 3.1 document (the keywords the service's document uses): what the
 * schema admits (`valid`) and what it refuses (`invalid`, one thing wrong). Strings are printable text: the control
 * characters every text input refuses are the hostile-request fuzzer's (test/fuzz), not stated as a pattern.
 */
export type Json = Record<string, unknown>
const isObject = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)

export const resolver = (doc: Json) => (schema: unknown): Json => {
  let s = isObject(schema) ? schema : {}
  while (typeof s["$ref"] === "string") {
    const target = (s["$ref"] as string).replace(/^#\//, "").split("/").reduce<unknown>((at, part) => isObject(at) ? at[part.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined, doc)
    const { $ref: _ref, ...rest } = s
    s = { ...(isObject(target) ? target : {}), ...rest }
  }
  return s
}

const printable = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.constantFrom("é", "ñ", "Ø", "ß", "ç", "’", "中", "Ā") }
)
/** Words the service holds or knows, so that valid requests also reach found companies and sanctions hits. */
const known = fc.constantFrom("Dangote Cement PLC", "RC 208767", "Banco Nacional de Cuba", "NG", "za", "dangote", "1950/038232/06")
const text = (min: number, max: number) =>
  fc.oneof({ weight: 1, arbitrary: known }, { weight: 4, arbitrary: fc.string({ unit: printable, minLength: min, maxLength: Math.min(max, 40) }) })
/** A page position as a client could forge it (no seal, or a seal of its own): never a cursor the service opens. */
export const forgedCursor = fc.oneof(fc.tuple(fc.date({ min: new Date("1970-01-02"), max: new Date("9999-12-30"), noInvalidDate: true }), fc.uuid())
  .map(([at, id]) => Buffer.from(`${at.toISOString()}|${id}`, "utf8").toString("base64url")),
  fc.tuple(fc.date({ min: new Date("1970-01-02"), max: new Date("9999-12-30"), noInvalidDate: true }), fc.uuid(), fc.base64String({ minLength: 24, maxLength: 24 }))
    .map(([at, id, mac]) => Buffer.from(`${at.toISOString()}|${id}~${mac.slice(0, 22).replace(/\+/g, "-").replace(/\//g, "_")}`, "utf8").toString("base64url")))
const dateTime = fc.date({ min: new Date("1970-01-02"), max: new Date("9999-12-30"), noInvalidDate: true }).map((d) => d.toISOString())
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  text(0, 20), fc.integer(), fc.boolean(), fc.constant(null),
  fc.dictionary(fc.constantFrom("name", "registration_no", "country", "x"), text(0, 20), { maxKeys: 3 })
)

/** A parameter whose valid values the schema cannot say (an opaque token): the arbitrary of its own values. */
export type Override = (name: string) => fc.Arbitrary<unknown> | undefined

export const valid = (resolve: (s: unknown) => Json, schema: unknown, name = "", override: Override = () => undefined): fc.Arbitrary<unknown> => {
  const own = override(name)
  if (own !== undefined) return own
  const s = resolve(schema)
  if (Array.isArray(s["enum"])) return fc.constantFrom(...s["enum"] as Array<unknown>)
  if ("const" in s) return fc.constant(s["const"])
  if (Array.isArray(s["type"])) return fc.oneof(...(s["type"] as Array<string>).map((type) => valid(resolve, { ...s, type }, name, override)))
  if (Array.isArray(s["anyOf"]) && s["type"] === undefined && s["properties"] === undefined) {
    return fc.oneof(...(s["anyOf"] as Array<unknown>).map((member) => valid(resolve, member, name, override)))
  }
  switch (s["type"]) {
    case "string": {
      if (s["format"] === "uuid") return fc.uuid()
      if (s["format"] === "date-time") return dateTime
      if (s["format"] === "date") return dateTime.map((d) => d.slice(0, 10))
      if (s["format"] === "uri") return fc.constantFrom("https://93.184.216.34/hooks/kyb", "https://[2606:2800:220:1:248:1893:25c8:1946]/kyb")
      const pattern = typeof s["pattern"] === "string" ? s["pattern"] : undefined
      const min = typeof s["minLength"] === "number" ? s["minLength"] : 0
      const max = typeof s["maxLength"] === "number" ? s["maxLength"] : 100
      if (pattern?.startsWith("^") === true) return fc.stringMatching(new RegExp(pattern)).filter((v) => v.length >= min && v.length <= max)
      return text(Math.max(min, 1), max).filter((v) => v.length >= min && v.length <= max && (pattern === undefined || new RegExp(pattern).test(v)))
    }
    case "integer":
      return fc.integer({ min: typeof s["minimum"] === "number" ? s["minimum"] : -1_000_000, max: typeof s["maximum"] === "number" ? s["maximum"] : 1_000_000 })
    case "number":
      return fc.double({ min: typeof s["minimum"] === "number" ? s["minimum"] : -1e6, max: typeof s["maximum"] === "number" ? s["maximum"] : 1e6, noNaN: true })
    case "boolean":
      return fc.boolean()
    case "array": {
      const minLength = typeof s["minItems"] === "number" ? s["minItems"] : 0
      const maxLength = Math.max(minLength, Math.min(typeof s["maxItems"] === "number" ? s["maxItems"] : 5, 5))
      return fc.array(s["items"] === undefined || Object.keys(resolve(s["items"])).filter((k) => k !== "description").length === 0
        ? anyValue : valid(resolve, s["items"], "", override), { minLength, maxLength })
    }
    case "object": {
      const properties = isObject(s["properties"]) ? s["properties"] : {}
      // "name or registration_no": one of the anyOf's required sets is required too.
      const sets = Array.isArray(s["anyOf"]) ? (s["anyOf"] as Array<Json>).map((m) => (m["required"] ?? []) as Array<string>) : [[]]
      return fc.constantFrom(...sets).chain((set) =>
        fc.record(Object.fromEntries(Object.entries(properties).map(([k, p]) => [k, valid(resolve, p, k, override)])), {
          requiredKeys: [...new Set([...(s["required"] ?? []) as Array<string>, ...set])]
        })
      )
    }
    default:
      return anyValue
  }
}

/** A value the schema refuses for one reason: the wrong JSON type, past a limit, off the pattern or the enum. */
export const invalid = (resolve: (s: unknown) => Json, schema: unknown): fc.Arbitrary<unknown> => {
  const s = resolve(schema)
  const wrong: Array<fc.Arbitrary<unknown>> = []
  if (Array.isArray(s["enum"])) wrong.push(fc.constant("not_one_of_them"))
  // a body that is one of several objects (POST /v1/cases/bulk, by its action): none of them fits an empty object,
  // a list or a string, nor any of them with a field none names
  if (Array.isArray(s["anyOf"]) && s["type"] === undefined && s["properties"] === undefined) {
    wrong.push(fc.constant({}), fc.constant([]), fc.constant("text"), valid(resolve, s).map((v) => ({ ...(v as Json), unknown_field: 1 })))
  }
  switch (s["type"]) {
    case "string":
      wrong.push(fc.integer(), fc.constant(null))
      if (typeof s["maxLength"] === "number") wrong.push(fc.constant("x".repeat(s["maxLength"] + 1)))
      if (s["pattern"] === "\\S") wrong.push(fc.constantFrom("", "   "))
      else if (typeof s["pattern"] === "string" || s["format"] === "uuid") wrong.push(fc.constantFrom("!", "a b", "0".repeat(36)))
      if (s["format"] === "date-time" || s["format"] === "date") wrong.push(fc.constantFrom("yesterday", "2024-13-01", "1969-12-31T23:59:59Z"))
      break
    case "integer":
      wrong.push(fc.constant("five"), fc.constant(1.5), fc.constant(true))
      if (typeof s["maximum"] === "number") wrong.push(fc.constant(s["maximum"] + 1))
      if (typeof s["minimum"] === "number") wrong.push(fc.constant(s["minimum"] - 1))
      break
    case "array":
      wrong.push(fc.constant({}), fc.constant("rows"))
      if (typeof s["minItems"] === "number" && s["minItems"] > 0) wrong.push(fc.constant([]))
      break
    case "object": {
      const properties = isObject(s["properties"]) ? s["properties"] : {}
      const names = Object.keys(properties)
      wrong.push(fc.constant([]), fc.constant("text"))
      wrong.push(valid(resolve, s).map((v) => ({ ...(v as Json), unknown_field: 1 })))
      if (Array.isArray(s["anyOf"]) || (Array.isArray(s["required"]) && s["required"].length > 0)) wrong.push(fc.constant({}))
      if (names.length > 0) {
        wrong.push(fc.tuple(valid(resolve, s), fc.constantFrom(...names)).chain(([v, name]) =>
          invalid(resolve, properties[name]).map((bad) => ({ ...(v as Json), [name]: bad }))))
      }
      break
    }
    default:
      break
  }
  return wrong.length === 0 ? fc.constant(Symbol.for("nothing invalid")) : fc.oneof(...wrong)
}
