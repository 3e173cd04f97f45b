/**
 * One business, one record (pure): which stored records of different sources are the same business. Records are
 * linked by what they share, strongest first: a registration number, a tax number, an LEI, an ISIN, a ticker on one
 * exchange; then by name and country when the names are equal after legal-form and spelling normalisation. Two
 * records that each hold a registry's registration number are never linked (two registered companies, even with
 * one name); a name two registered companies bear links nothing (it cannot say which one a listing means).
 */
const linkReasons = ["registration_no", "tax_id", "lei", "isin", "ticker", "name"] as const
export type LinkReason = typeof linkReasons[number]

export interface LinkableRecord {
  readonly id: string
  readonly country: string
  /** The registry's number key when the record holds a registration number (registry + key), else null. */
  readonly registrationKey: string | null
  /** Whether a registry (live or its published file) backs the record. */
  readonly fromRegistry: boolean
  /** The legal name after legal-form and spelling normalisation (companies.name_norm). */
  readonly nameNorm: string
  readonly identifiers: ReadonlyArray<{ readonly scheme: string; readonly value: string }>
}

interface Link {
  readonly id: string
  readonly primaryId: string
  readonly reason: LinkReason
  readonly detail: string
}

/** Same-name groups (country and normalised name) left as several businesses, and why. */
export interface LeftGroup {
  readonly country: string
  readonly nameNorm: string
  readonly businesses: number
  readonly reason: "distinct_registration_numbers" | "conflicting_identifiers"
}

export interface Linking {
  readonly links: ReadonlyArray<Link>
  readonly left: ReadonlyArray<LeftGroup>
}

/** What kind of link an identifier scheme makes, and the key two equal identifiers share. */
const keyOf = (country: string, scheme: string, value: string, isRegistry: (scheme: string) => boolean) => {
  const plain = value.toUpperCase().replace(/[^A-Z0-9]/g, "")
  if (plain === "") return null
  const s = scheme.toLowerCase()
  if (s === "reference") return null
  if (isRegistry(s)) return { reason: "registration_no" as const, key: `reg:${s}:${plain}` }
  if (s === "lei") return { reason: "lei" as const, key: `lei:${plain}` }
  if (s === "isin") return { reason: "isin" as const, key: `isin:${plain}` }
  if (s === "ticker") return { reason: "ticker" as const, key: `ticker:${value.toUpperCase().replace(/\s+/g, "")}` }
  // Anything else is a tax number or an identifier as a report filed it: equal only within one country and scheme.
  return { reason: "tax_id" as const, key: `tax:${country}:${s}:${plain}` }
}

/** A record's identity identifiers: each tax scheme's number and its LEI, which two records of one business share. */
const identitiesOf = (r: LinkableRecord): Map<string, string> => {
  const out = new Map<string, string>()
  for (const i of r.identifiers) {
    const k = keyOf(r.country, i.scheme, i.value, () => false)
    if (k === null || (k.reason !== "tax_id" && k.reason !== "lei")) continue
    const scheme = k.reason === "lei" ? "lei" : i.scheme.toLowerCase()
    if (!out.has(scheme)) out.set(scheme, k.key)
  }
  return out
}

/**
 * The links among `records`: each record of a group of two or more points at the group's primary record (the one a
 * registry backs, else one with a registration number, else the first by id), with the reason and shared value of
 * the strongest tie it has in the group. `registryKey(scheme, value)` gives a registration-number identifier's key
 * as the store keys numbers (so "RC208767" and "RC 208767" agree), null for any other scheme.
 */
export const linkRecords = (
  records: ReadonlyArray<LinkableRecord>,
  registryKey: (scheme: string, value: string) => string | null
): Linking => {
  const parent = new Map<string, string>()
  const numbered = new Map<string, string | null>()
  // Per group: the value of each identity identifier (a tax number of one scheme, an LEI) its records hold.
  const identities = new Map<string, Map<string, string>>()
  for (const r of records) {
    parent.set(r.id, r.id)
    numbered.set(r.id, r.registrationKey)
    identities.set(r.id, identitiesOf(r))
  }
  const find = (id: string): string => {
    let root = id
    while (parent.get(root) !== root) root = parent.get(root)!
    parent.set(id, root)
    return root
  }
  const union = (a: string, b: string): boolean => {
    const x = find(a)
    const y = find(b)
    if (x === y) return true
    const nx = numbered.get(x) ?? null
    const ny = numbered.get(y) ?? null
    if (nx !== null && ny !== null && nx !== ny) return false
    const ix = identities.get(x)!
    const iy = identities.get(y)!
    // Two businesses whose records give different tax numbers (or LEIs) are two, whatever else they share.
    for (const [scheme, value] of iy) if (ix.has(scheme) && ix.get(scheme) !== value) return false
    parent.set(y, x)
    numbered.set(x, nx ?? ny)
    for (const [scheme, value] of iy) if (!ix.has(scheme)) ix.set(scheme, value)
    return true
  }
  const ties = new Map<string, { reason: LinkReason; detail: string }>()
  const tie = (id: string, reason: LinkReason, detail: string) => {
    const held = ties.get(id)
    if (held === undefined || linkReasons.indexOf(reason) < linkReasons.indexOf(held.reason)) ties.set(id, { reason, detail })
  }
  // Identifier ties, strongest kind first.
  const byKey = new Map<string, Array<{ id: string; reason: LinkReason; detail: string }>>()
  for (const r of records) {
    const own = r.registrationKey === null ? [] : [{ key: `reg:${r.registrationKey}`, reason: "registration_no" as const, detail: r.registrationKey }]
    const given = r.identifiers.flatMap((i) => {
      const reg = registryKey(i.scheme, i.value)
      if (reg !== null) return [{ key: `reg:${reg}`, reason: "registration_no" as const, detail: `${i.scheme} ${i.value}` }]
      const k = keyOf(r.country, i.scheme, i.value, () => false)
      return k === null ? [] : [{ key: k.key, reason: k.reason, detail: `${i.scheme} ${i.value}` }]
    })
    for (const k of [...own, ...given]) {
      const list = byKey.get(k.key) ?? []
      if (!list.some((e) => e.id === r.id)) list.push({ id: r.id, reason: k.reason, detail: k.detail })
      byKey.set(k.key, list)
    }
  }
  const groups = [...byKey.values()].filter((g) => g.length > 1)
    .sort((a, b) => linkReasons.indexOf(a[0]!.reason) - linkReasons.indexOf(b[0]!.reason))
  for (const group of groups) {
    const [first, ...rest] = group
    for (const other of rest) {
      if (union(first!.id, other.id)) {
        tie(first!.id, other.reason, other.detail)
        tie(other.id, other.reason, other.detail)
      }
    }
  }
  // Name ties: equal normalised names in one country, unless two registered companies bear the name.
  const byName = new Map<string, Array<LinkableRecord>>()
  for (const r of records) {
    if (r.nameNorm === "") continue
    const key = `${r.country}\u0000${r.nameNorm}`
    byName.set(key, [...(byName.get(key) ?? []), r])
  }
  const nameGroups = [...byName.values()].filter((g) => g.length > 1)
  for (const group of nameGroups) {
    const numbers = new Set(group.map((r) => numbered.get(find(r.id)) ?? null).filter((n) => n !== null))
    if (numbers.size > 1) continue
    const [first, ...rest] = group
    for (const other of rest) {
      if (union(first!.id, other.id)) {
        tie(first!.id, "name", `${first!.country} ${first!.nameNorm}`)
        tie(other.id, "name", `${other.country} ${other.nameNorm}`)
      }
    }
  }
  // Primary per group: registry-backed, then numbered, then the first by id.
  const members = new Map<string, Array<LinkableRecord>>()
  for (const r of records) members.set(find(r.id), [...(members.get(find(r.id)) ?? []), r])
  const rank = (r: LinkableRecord) => (r.fromRegistry ? 0 : r.registrationKey !== null ? 1 : 2)
  const byId = (a: LinkableRecord, b: LinkableRecord) =>
    rank(a) - rank(b) || a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  const links: Array<Link> = []
  for (const group of members.values()) {
    if (group.length < 2) continue
    const primary = [...group].sort(byId)[0]!
    for (const r of group) {
      if (r.id === primary.id) continue
      const t = ties.get(r.id) ?? { reason: "name" as const, detail: `${r.country} ${r.nameNorm}` }
      links.push({ id: r.id, primaryId: primary.id, reason: t.reason, detail: t.detail })
    }
  }
  const left: Array<LeftGroup> = []
  for (const group of nameGroups) {
    const businesses = new Set(group.map((r) => find(r.id))).size
    if (businesses < 2) continue
    const numbers = new Set(group.map((r) => r.registrationKey).filter((n) => n !== null)).size
    left.push({
      country: group[0]!.country,
      nameNorm: group[0]!.nameNorm,
      businesses,
      reason: numbers > 1 ? "distinct_registration_numbers" : "conflicting_identifiers"
    })
  }
  return { links, left }
}
