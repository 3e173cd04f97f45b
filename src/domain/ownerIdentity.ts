/**
 * When two sources' reports are of the same owner: both name it by the same LEI (a GLEIF parent from the live API and
 * from a level-2 relationship file). An owner without an LEI is its own source's report alone, never merged with
 * another, however alike: a register names persons by name only, and two persons may share a name.
 */
export const ownerKey = (owner: { readonly lei: string | null }): string | null => owner.lei

/** Two reports of the same owner (`ownerKey`). */
export const sameOwner = (a: { readonly lei: string | null }, b: { readonly lei: string | null }): boolean => {
  const key = ownerKey(a)
  return key !== null && key === ownerKey(b)
}

/** A person the record names, as verification screens it: an owner carries its LEI, an officer none. */
export interface PersonNamed {
  readonly lei?: string | null | undefined
  readonly name: string
  readonly kind: string
  readonly registered_as?: string | null | undefined
}

/**
 * The key under which reports are one person to screen: the same owner under the same name, kind and registered
 * name. The same owner named differently by two sources is two names to screen, as every name in play is.
 */
const personKey = (p: PersonNamed): string | null => {
  const owner = ownerKey({ lei: p.lei ?? null })
  return owner === null ? null : JSON.stringify([owner, p.name, p.kind, p.registered_as ?? null])
}

/** Two reports that are one person to screen (`personKey`). */
export const samePersonToScreen = (a: PersonNamed, b: PersonNamed): boolean => {
  const key = personKey(a)
  return key !== null && key === personKey(b)
}

/** `rows` grouped by `keyOf` (null: a group of its own), each group where its first row was, rows in their order. */
const groupedBy = <T>(rows: ReadonlyArray<T>, keyOf: (row: T) => string | null): ReadonlyArray<ReadonlyArray<T>> => {
  const groups: Array<Array<T>> = []
  const byKey = new Map<string, Array<T>>()
  for (const row of rows) {
    const key = keyOf(row)
    const held = key === null ? undefined : byKey.get(key)
    if (held !== undefined) {
      held.push(row)
      continue
    }
    const group = [row]
    groups.push(group)
    if (key !== null) byKey.set(key, group)
  }
  return groups
}

/** Each owner's reports together (`sameOwner`), in the order given, each owner where its first report was. */
export const reportsByOwner = <T extends { readonly lei: string | null }>(rows: ReadonlyArray<T>): ReadonlyArray<ReadonlyArray<T>> =>
  groupedBy(rows, ownerKey)

/** The people to screen: each one once (`samePersonToScreen`), the first report of it kept, in the order given. */
export const distinctPeopleToScreen = <T extends PersonNamed>(people: ReadonlyArray<T>): ReadonlyArray<T> =>
  groupedBy(people, personKey).map((group) => group[0]!)
