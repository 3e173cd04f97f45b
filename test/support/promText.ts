/** One sample of the Prometheus text format: `name{label="value",...} 12.5`. */
export interface Sample {
  readonly name: string
  readonly labels: Readonly<Record<string, string>>
  readonly value: number
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g

/** The samples of an exposition (comments skipped). */
export const samplesOf = (text: string): ReadonlyArray<Sample> =>
  text.split("\n").flatMap((line) => {
    const m = LINE.exec(line.trim())
    if (m === null || line.startsWith("#")) return []
    const labels: Record<string, string> = {}
    for (const l of (m[2] ?? "").matchAll(LABEL)) labels[l[1]!] = l[2]!.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c))
    return [{ name: m[1]!, labels, value: Number(m[3]) }]
  })

/** The sum of the samples named `name` whose labels include `labels` (0 when none). */
export const sampleValue = (text: string, name: string, labels: Readonly<Record<string, string>> = {}): number =>
  samplesOf(text)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0)

/** Whether a sample named `name` with these labels is present at all. */
export const hasSample = (text: string, name: string, labels: Readonly<Record<string, string>> = {}): boolean =>
  samplesOf(text).some((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
