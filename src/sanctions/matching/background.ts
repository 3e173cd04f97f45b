import { screeningFold } from "./fold.js"
import { tokensOfFolded } from "./tokens.js"

/** Document frequencies of tokens over a corpus of legitimate company names (the IDF background). */
export interface Background {
  readonly documents: number
  readonly df: ReadonlyMap<string, number>
}

export const backgroundFromNames = (names: Iterable<string>): Background => {
  const df = new Map<string, number>()
  let documents = 0
  for (const name of names) {
    const tokens = new Set(tokensOfFolded(screeningFold(name)).map((t) => t.text))
    if (tokens.size === 0) continue
    documents++
    for (const t of tokens) df.set(t, (df.get(t) ?? 0) + 1)
  }
  return { documents, df }
}

/** Compact text form used by the generated table: "documents|token:count token:count ...". */
export const encodeBackground = (bg: Background, minCount: number): string => {
  const pairs = [...bg.df].filter(([, n]) => n >= minCount).sort(([a], [b]) => (a < b ? -1 : 1))
  return `${bg.documents}|${pairs.map(([t, n]) => `${t}:${n}`).join(" ")}`
}

export const decodeBackground = (text: string): Background => {
  const [documents, body] = text.split("|")
  const df = new Map<string, number>()
  for (const pair of (body ?? "").split(" ")) {
    const i = pair.lastIndexOf(":")
    if (i > 0) df.set(pair.slice(0, i), Number(pair.slice(i + 1)))
  }
  return { documents: Number(documents), df }
}
