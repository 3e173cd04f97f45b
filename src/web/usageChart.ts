import { escapeHtml } from "./html.js"

const WIDTH = 600
const HEIGHT = 120
const DAY_MS = 86_400_000

/** The `days` UTC days from `from` (YYYY-MM-DD), each with its count (0 for a day without requests). */
export const dailySeries = (from: string, days: number, counts: ReadonlyArray<{ readonly day: string; readonly requests: number }>) => {
  const byDay = new Map(counts.map((c) => [c.day, c.requests]))
  const start = Date.parse(`${from}T00:00:00Z`)
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(start + i * DAY_MS).toISOString().slice(0, 10)
    return { day, requests: byDay.get(day) ?? 0 }
  })
}

/**
 * Requests per day as a server-rendered SVG bar chart: one bar per day, each with a tooltip, and a text summary for
 * screen readers (the figures are also in the table beside it).
 */
export const usageChartSvg = (series: ReadonlyArray<{ readonly day: string; readonly requests: number }>): string => {
  const max = Math.max(1, ...series.map((d) => d.requests))
  const slot = WIDTH / Math.max(series.length, 1)
  const total = series.reduce((s, d) => s + d.requests, 0)
  const first = series[0]?.day ?? ""
  const last = series.at(-1)?.day ?? ""
  const bars = series.map((d, i) => {
    const h = d.requests === 0 ? 0 : Math.max(2, Math.round((d.requests / max) * (HEIGHT - 20)))
    const x = (i * slot + 1).toFixed(1)
    return `<rect x="${x}" y="${HEIGHT - h}" width="${Math.max(1, slot - 2).toFixed(1)}" height="${h}" fill="#2a5db0">` +
      `<title>${escapeHtml(d.day)}: ${d.requests} requests</title></rect>`
  }).join("")
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="100%" role="img" ` +
    `aria-label="${escapeHtml(`Requests per day from ${first} to ${last}: ${total} in all, at most ${max === 1 && total === 0 ? 0 : max} in one day`)}">` +
    `<line x1="0" y1="${HEIGHT - 0.5}" x2="${WIDTH}" y2="${HEIGHT - 0.5}" stroke="#999"/>${bars}</svg>`
}
