/** One place where two JSON documents disagree, named by its JSON Pointer (RFC 6901). */
export interface JsonDifference {
  readonly pointer: string
  readonly before: unknown
  readonly after: unknown
}

const escape = (key: string) => key.replaceAll("~", "~0").replaceAll("/", "~1")
const isObject = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/**
 * Every leaf-most difference between `before` and `after`: a key one side lacks is reported at that key (the missing
 * side `undefined`), a value of another kind or another scalar at its own pointer, arrays element by element.
 */
export const jsonDiff = (before: unknown, after: unknown, pointer = ""): ReadonlyArray<JsonDifference> => {
  if (Array.isArray(before) && Array.isArray(after)) {
    const out: Array<JsonDifference> = []
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      out.push(...jsonDiff(before[i], after[i], `${pointer}/${i}`))
    }
    return out
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()
    return keys.flatMap((key) => jsonDiff(before[key], after[key], `${pointer}/${escape(key)}`))
  }
  return Object.is(before, after) ? [] : [{ pointer, before, after }]
}
