import { Effect } from "effect"

/**
 * OFAC's CSV exports (SDN.CSV, CONS_PRIM.CSV ...) carry no date; the same publication's XML (SDN.XML,
 * CONSOLIDATED.XML) opens with `<publshInformation><Publish_Date>MM/DD/YYYY</Publish_Date>` (OFAC's spelling).
 * Only that head is read: the whole XML is about 30 MB.
 */
const HEAD_LIMIT = 64 * 1024
const PUBLISH_DATE = /<publshInformation\b[^>]*>[\s\S]*?<Publish_Date>\s*(\d{2})\/(\d{2})\/(\d{4})\s*<\/Publish_Date>/

/** The Publish_Date of an OFAC XML export's head as YYYY-MM-DD; null when the head states none (or an impossible day). */
export const ofacPublishDateIn = (head: string): string | null => {
  const found = PUBLISH_DATE.exec(head)
  if (found === null) return null
  const [, month, day, year] = found
  const iso = `${year}-${month}-${day}`
  const parsed = new Date(`${iso}T00:00:00Z`)
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso ? null : iso
}

/** What OFAC's XML at `url` says of its publication: its date, or why none was read. */
export type OfacPublication = { readonly publishedOn: string } | { readonly publishedOn: null; readonly reason: string }

const readHead = async (url: string, timeoutMs: number): Promise<string> => {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const response = await fetch(url, { signal: controller.signal })
    if (!response.ok || response.body === null) throw new Error(`HTTP ${response.status} ${response.statusText}`)
    const decoder = new TextDecoder("utf-8")
    let head = ""
    const reader = response.body.getReader()
    while (head.length < HEAD_LIMIT && !head.includes("</publshInformation>")) {
      const { done, value } = await reader.read()
      if (done) break
      head += decoder.decode(value, { stream: true })
    }
    await reader.cancel()
    return head
  } finally {
    clearTimeout(timer)
    controller.abort()
  }
}

/** Reads the Publish_Date at the head of OFAC's XML at `url`; never fails (a missing date is said, not guessed). */
export const fetchOfacPublishDate = (url: string, timeoutMs: number): Effect.Effect<OfacPublication> =>
  Effect.tryPromise({ try: () => readHead(url, timeoutMs), catch: (cause) => (cause instanceof Error ? cause.message : String(cause)) }).pipe(
    Effect.map((head): OfacPublication => {
      const publishedOn = ofacPublishDateIn(head)
      return publishedOn === null ? { publishedOn: null, reason: `${url} states no Publish_Date` } : { publishedOn }
    }),
    Effect.catch((message) => Effect.succeed<OfacPublication>({ publishedOn: null, reason: `${url}: ${message}` }))
  )
