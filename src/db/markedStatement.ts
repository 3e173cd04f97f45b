import type { Statement } from "effect/sql"

/**
 * Statements compiled once for their shape (issue 56). A statement whose text depends only on its shape is built once
 * with a marker in place of each value that changes, compiled, and then run with the values put where the markers
 * are bound: no fragments built and no text compiled per request.
 */

/**
 * The stand-in for the value `name` while the statement is compiled. It cannot be a value of a request: PostgreSQL
 * text holds no NUL character.
 */
export const marker = (name: string) => `\u0000${name}`

export interface MarkedStatement {
  readonly text: string
  /** The compiled parameters, a marker in each place `bindMarked` fills. */
  readonly params: ReadonlyArray<unknown>
  /** Every place a marker is bound (a value may be bound several times), with the marker's name. */
  readonly slots: ReadonlyArray<readonly [position: number, name: string]>
}

/**
 * `statement` (built with `marker(name)` for the values that change) compiled, with the places of its markers. A
 * parameter that holds a marker without being one (a value computed from a marker, like `marker + " %"`) would be
 * baked into the text's parameters for every request: it throws, as does a marker that is never bound unless
 * `unboundAllowed` (values a statement of some shapes does not use).
 */
export const compileMarked = (
  statement: Statement.Statement<unknown>,
  names: ReadonlyArray<string>,
  unboundAllowed = false
): MarkedStatement => {
  const [text, params] = statement.compile()
  const byMarker = new Map(names.map((name) => [marker(name), name]))
  const slots: Array<readonly [number, string]> = []
  const bound = new Set<string>()
  params.forEach((param, position) => {
    if (typeof param !== "string" || !param.includes("\u0000")) return
    const name = byMarker.get(param)
    if (name === undefined) throw new Error(`a parameter at $${position + 1} was computed from a marker: ${JSON.stringify(param)}`)
    slots.push([position, name])
    bound.add(name)
  })
  const unbound = names.filter((name) => !bound.has(name))
  if (unbound.length > 0 && !unboundAllowed) throw new Error(`markers never bound: ${unbound.join(", ")}`)
  return { text, params, slots }
}

/** The parameters of `marked` with each marker's value in its places. */
export const bindMarked = (marked: MarkedStatement, values: Readonly<Record<string, unknown>>): Array<unknown> => {
  const params = marked.params.slice()
  for (const [position, name] of marked.slots) params[position] = values[name]
  return params
}

type Values = Readonly<Record<string, unknown>>

/** `values` with a marker for each: a list's items each their own (`name.0`, `name.1`...), as `flatValues` names them. */
export const markedValues = <V extends Values>(values: V): V =>
  Object.fromEntries(Object.entries(values).map(([name, value]) =>
    [name, Array.isArray(value) ? value.map((_, i) => marker(`${name}.${i}`)) : marker(name)]
  )) as V

/** `values` by the names `markedValues` gives their markers. */
export const flatValues = (values: Values): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) value.forEach((item, i) => (out[`${name}.${i}`] = item))
    else out[name] = value
  }
  return out
}
