import { escapeHtml, html, type Html } from "./html.js"

const LEFT = 44
const TOP = 16
const PLOT_WIDTH = 580
const PLOT_HEIGHT = 100
const BOTTOM = 30
const DAY_MS = 86_400_000
/** The width of a digit at the chart's 11 px type: a figure wider than its bar is left to the tooltip and the table. */
const DIGIT_WIDTH = 7

export type DailySeries = ReadonlyArray<{ readonly day: string; readonly requests: number }>

/** The `days` UTC days from `from` (YYYY-MM-DD), each with its count (0 for a day without requests). */
export const dailySeries = (from: string, days: number, counts: DailySeries) => {
  const byDay = new Map(counts.map((c) => [c.day, c.requests]))
  const start = Date.parse(`${from}T00:00:00Z`)
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(start + i * DAY_MS).toISOString().slice(0, 10)
    return { day, requests: byDay.get(day) ?? 0 }
  })
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
/** `2026-11-03` as `3 Nov`. */
export const shortDay = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1] ?? ""}`

/**
 * Requests per day as a server-rendered SVG bar chart: a value axis (0, half, most), a date axis (the last day and
 * every seventh before it, so no two labels meet), each day's figure above its bar when it fits the bar's width (and
 * always in its tooltip), and a text summary for screen readers; the same figures are in the table beside it.
 */
export const usageChartSvg = (series: DailySeries): string => {
  const max = Math.max(1, ...series.map((d) => d.requests))
  const slot = PLOT_WIDTH / Math.max(series.length, 1)
  const total = series.reduce((s, d) => s + d.requests, 0)
  const first = series[0]?.day ?? ""
  const last = series.at(-1)?.day ?? ""
  const base = TOP + PLOT_HEIGHT
  const ticks = [...new Set([0, Math.round(max / 2), max])].map((value) => {
    const y = base - (value / max) * PLOT_HEIGHT
    return `<line x1="${LEFT}" y1="${y}" x2="${LEFT + PLOT_WIDTH}" y2="${y}" stroke="#ddd"/>` +
      `<text x="${LEFT - 6}" y="${y + 4}" text-anchor="end">${value}</text>`
  }).join("")
  const bars = series.map((d, i) => {
    const h = d.requests === 0 ? 0 : Math.max(2, Math.round((d.requests / max) * PLOT_HEIGHT))
    const x = LEFT + i * slot + 1
    const centre = (x + (slot - 2) / 2).toFixed(1)
    const dateLabel = (series.length - 1 - i) % 7 === 0
      ? `<text x="${centre}" y="${base + 16}" text-anchor="middle">${escapeHtml(shortDay(d.day))}</text>`
      : ""
    const value = d.requests === 0 || String(d.requests).length * DIGIT_WIDTH > slot - 2 ? "" : `<text x="${centre}" y="${base - h - 3}" text-anchor="middle">${d.requests}</text>`
    return `<rect x="${x.toFixed(1)}" y="${base - h}" width="${Math.max(1, slot - 2).toFixed(1)}" height="${h}" fill="#2a5db0">` +
      `<title>${escapeHtml(d.day)}: ${d.requests} requests</title></rect>${value}${dateLabel}`
  }).join("")
  return `<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 ${LEFT + PLOT_WIDTH + 8} ${base + BOTTOM}" width="100%" role="img" ` +
    `aria-label="${escapeHtml(`Requests per day from ${first} to ${last}: ${total} in all, at most ${max === 1 && total === 0 ? 0 : max} in one day`)}">` +
    `${ticks}<line x1="${LEFT}" y1="${base + 0.5}" x2="${LEFT + PLOT_WIDTH}" y2="${base + 0.5}" stroke="#666"/>` +
    `<line x1="${LEFT - 0.5}" y1="${TOP}" x2="${LEFT - 0.5}" y2="${base}" stroke="#666"/>${bars}</svg>`
}

/** The chart's figures as a table (dates in UTC), newest day first. */
export const usageTable = (series: DailySeries): Html =>
  html`<table class="usage"><caption>Requests per day (UTC)</caption><thead><tr><th scope="col">Day</th><th scope="col">Requests</th></tr></thead>
<tbody>${[...series].reverse().map((d) => html`<tr><td>${d.day}</td><td>${d.requests}</td></tr>`)}</tbody></table>`
