import type { NegativeCase, PositiveCase, ResolutionCase, Split } from "./sets.js"
import { plainKey } from "./sets.js"
import { VARIANT_KINDS } from "./variants.js"

/** What the evaluation reads of a verdict (the JSON `POST /v1/verify` answers). */
export interface VerdictJson {
  readonly registered: boolean
  readonly company: { readonly registration_no: string | null; readonly reference_id?: string | null } | null
  readonly sanctions: {
    readonly result: string
    readonly hits: ReadonlyArray<{ readonly list: string; readonly entry_id: string; readonly score: number; readonly name: string }>
  }
  readonly signals?: {
    readonly debarred?: {
      readonly debarments: ReadonlyArray<{ readonly list: string; readonly entry_id: string; readonly score: number; readonly name: string }>
    } | null
  }
}

/** A debarment list is reported as `signals.debarred`, never among the sanctions hits: its cases are looked up there. */
const hitsFor = (verdict: VerdictJson, list: string) =>
  list === "worldbank_debarred" ? verdict.signals?.debarred?.debarments ?? [] : verdict.sanctions.hits

/** A verdict, or the 4xx the service refused the input with (counted apart: such an input is not a case). */
export type Verify = (input: Record<string, string>) => Promise<VerdictJson | { readonly refused: string }>

interface Tally {
  n: number
  good: number
  good2: number
}
const tally = (): Tally => ({ n: 0, good: 0, good2: 0 })

export interface Report {
  /** split -> list -> kind -> recall / top-1 */
  readonly screening: Record<Split, Record<string, Record<string, { n: number; recall: number; top1: number }>>>
  /** split -> source -> false-positive rate */
  readonly negatives: Record<Split, Record<string, { n: number; flagged: number; fpRate: number }>>
  /** split -> kind -> registered right */
  readonly resolution: Record<Split, Record<string, { n: number; right: number; rate: number }>>
  /** Tuning-split misses, for whoever tunes (never the test split). */
  readonly tuningMisses: ReadonlyArray<string>
  /** Inputs the service refused (4xx), with the reason: not counted as cases. */
  readonly refused: ReadonlyArray<string>
}

const pool = async <T>(items: ReadonlyArray<T>, concurrency: number, run: (item: T) => Promise<void>) => {
  let next = 0
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await run(items[next++]!)
  }))
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 10000) / 10000)

export const evaluate = async (
  verify: Verify,
  sets: {
    readonly positives: ReadonlyArray<PositiveCase>
    readonly negatives: ReadonlyArray<NegativeCase>
    readonly resolution: ReadonlyArray<ResolutionCase>
  },
  concurrency = 8
): Promise<Report> => {
  const screening = new Map<string, Tally>()
  const negatives = new Map<string, Tally>()
  const resolution = new Map<string, Tally>()
  const misses: Array<string> = []
  const refused: Array<string> = []
  const answer = async (input: Record<string, string>) => {
    const verdict = await verify(input)
    if ("refused" in verdict) {
      refused.push(`${JSON.stringify(input)}: ${verdict.refused}`)
      return null
    }
    return verdict
  }
  const bump = (map: Map<string, Tally>, key: string, good: boolean, good2 = false) => {
    const t = map.get(key) ?? tally()
    t.n++
    if (good) t.good++
    if (good2) t.good2++
    map.set(key, t)
  }
  await pool(sets.positives, concurrency, async (c) => {
    const verdict = await answer({ name: c.input, ...(c.country === undefined ? {} : { country: c.country }) })
    if (verdict === null) return
    const hits = hitsFor(verdict, c.list)
    const mine = hits.find((h) => h.list === c.list && h.entry_id === c.entryId)
    const top = hits[0]
    const first = mine !== undefined && top !== undefined && (top === mine || top.score <= mine.score)
    // "name_variants": the kinds made from one name (exact, typo ... embedded), apart from the entry kinds.
    const keys = [`${c.split}|${c.list}|${c.kind}`, `${c.split}|${c.list}|all`, `${c.split}|all|${c.kind}`]
    if ((VARIANT_KINDS as ReadonlyArray<string>).includes(c.kind)) keys.push(`${c.split}|${c.list}|name_variants`)
    for (const key of keys) bump(screening, key, mine !== undefined, first)
    if (c.split === "tune" && (mine === undefined || !first)) {
      misses.push(`positive ${c.list}:${c.entryId} ${c.kind} "${c.input}" -> ${top === undefined ? "clear" : `${top.list}:${top.entry_id} ${top.name} ${top.score}`}`)
    }
  })
  await pool(sets.negatives, concurrency, async (c) => {
    const verdict = await answer({ name: c.name, country: c.country })
    if (verdict === null) return
    const flagged = verdict.sanctions.result === "match" || verdict.sanctions.result === "potential_match"
    bump(negatives, `${c.split}|${c.source}`, flagged)
    bump(negatives, `${c.split}|all`, flagged)
    if (c.nearListed) bump(negatives, `${c.split}|near_listed_name`, flagged)
    if (c.split === "tune" && flagged) {
      const top = verdict.sanctions.hits[0]!
      misses.push(`negative ${c.source} "${c.name}" (${c.country}) -> ${top.list}:${top.entry_id} ${top.name} ${top.score}`)
    }
  })
  await pool(sets.resolution, concurrency, async (c) => {
    const verdict = await answer(c.input as Record<string, string>)
    if (verdict === null) return
    const right = c.expected === null
      ? !verdict.registered
      : c.expected.startsWith("ref-")
      ? !verdict.registered && verdict.company?.reference_id === c.expected
      : verdict.registered && verdict.company !== null && plainKey(verdict.company.registration_no ?? "") === plainKey(c.expected)
    bump(resolution, `${c.split}|${c.kind}`, right)
    bump(resolution, `${c.split}|all`, right)
    if (c.split === "tune" && !right) misses.push(`resolution ${c.kind} ${JSON.stringify(c.input)} expected ${c.expected} got ${verdict.company?.registration_no ?? "none"}`)
  })
  const report: Report = {
    screening: { tune: {}, test: {} },
    negatives: { tune: {}, test: {} },
    resolution: { tune: {}, test: {} },
    tuningMisses: misses.sort(),
    refused
  }
  for (const [key, t] of screening) {
    const [split, list, kind] = key.split("|") as [Split, string, string]
    ;(report.screening[split][list] ??= {})[kind] = { n: t.n, recall: ratio(t.good, t.n), top1: ratio(t.good2, t.n) }
  }
  for (const [key, t] of negatives) {
    const [split, source] = key.split("|") as [Split, string]
    report.negatives[split][source] = { n: t.n, flagged: t.good, fpRate: ratio(t.good, t.n) }
  }
  for (const [key, t] of resolution) {
    const [split, kind] = key.split("|") as [Split, string]
    report.resolution[split][kind] = { n: t.n, right: t.good, rate: ratio(t.good, t.n) }
  }
  return report
}

/** Markdown tables of a report, both splits side by side. */
export const formatReport = (report: Report): string => {
  const lines: Array<string> = []
  const lists = [...new Set([...Object.keys(report.screening.tune), ...Object.keys(report.screening.test)])].sort()
  lines.push("Screening (positives: recall = the listed entry is among the hits; top-1 = it is the first hit)", "")
  lines.push("| list | variant | tune n | tune recall | tune top-1 | test n | test recall | test top-1 |", "|---|---|---|---|---|---|---|---|")
  for (const list of lists) {
    const kinds = [...new Set([...Object.keys(report.screening.tune[list] ?? {}), ...Object.keys(report.screening.test[list] ?? {})])].sort()
    for (const kind of kinds) {
      const a = report.screening.tune[list]?.[kind]
      const b = report.screening.test[list]?.[kind]
      lines.push(`| ${list} | ${kind} | ${a?.n ?? 0} | ${a?.recall ?? "-"} | ${a?.top1 ?? "-"} | ${b?.n ?? 0} | ${b?.recall ?? "-"} | ${b?.top1 ?? "-"} |`)
    }
  }
  lines.push("", "False positives (real legitimate names, screened with their country: flagged = potential_match or match)", "")
  lines.push("| source | tune n | tune flagged | tune FP rate | test n | test flagged | test FP rate |", "|---|---|---|---|---|---|---|")
  for (const source of [...new Set([...Object.keys(report.negatives.tune), ...Object.keys(report.negatives.test)])].sort()) {
    const a = report.negatives.tune[source]
    const b = report.negatives.test[source]
    lines.push(`| ${source} | ${a?.n ?? 0} | ${a?.flagged ?? 0} | ${a?.fpRate ?? "-"} | ${b?.n ?? 0} | ${b?.flagged ?? 0} | ${b?.fpRate ?? "-"} |`)
  }
  lines.push("", "Resolution (`registered` right: the expected company for held ones, false for names not held)", "")
  lines.push("| input | tune n | tune right | test n | test right |", "|---|---|---|---|---|")
  for (const kind of [...new Set([...Object.keys(report.resolution.tune), ...Object.keys(report.resolution.test)])].sort()) {
    const a = report.resolution.tune[kind]
    const b = report.resolution.test[kind]
    lines.push(`| ${kind} | ${a?.n ?? 0} | ${a?.rate ?? "-"} | ${b?.n ?? 0} | ${b?.rate ?? "-"} |`)
  }
  return lines.join("\n")
}
