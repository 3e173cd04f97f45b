import { describe, expect, it } from "vitest"
import { escapeHtml, html } from "../../src/web/html.js"
import { dailySeries, usageChartSvg } from "../../src/web/usageChart.js"

describe("usage chart", () => {
  it("fills the days without requests and keeps the order across a month end", () => {
    const series = dailySeries("2026-11-29", 4, [{ day: "2026-12-01", requests: 7 }, { day: "2026-11-29", requests: 2 }])
    expect(series).toEqual([
      { day: "2026-11-29", requests: 2 },
      { day: "2026-11-30", requests: 0 },
      { day: "2026-12-01", requests: 7 },
      { day: "2026-12-02", requests: 0 }
    ])
  })

  it("draws one bar per day with its figure, the tallest at full height, and says the totals in its label", () => {
    const svg = usageChartSvg(dailySeries("2026-11-01", 3, [{ day: "2026-11-01", requests: 50 }, { day: "2026-11-03", requests: 100 }]))
    expect(svg.match(/<rect /g)).toHaveLength(3)
    expect(svg).toContain("<title>2026-11-01: 50 requests</title>")
    expect(svg).toContain("<title>2026-11-02: 0 requests</title>")
    expect(svg).toContain('height="100"')
    expect(svg).toContain('height="50"')
    expect(svg).toContain('aria-label="Requests per day from 2026-11-01 to 2026-11-03: 150 in all, at most 100 in one day"')
  })

  it("no two labels overlap: dates every seventh day back from the last, a figure only where it fits its bar", () => {
    const svg = usageChartSvg(dailySeries("2026-10-29", 30, [{ day: "2026-11-26", requests: 123 }, { day: "2026-11-27", requests: 45 }]))
    const dates = [...svg.matchAll(/<text x="([\d.]+)" y="\d+" text-anchor="middle">(\d+ [A-Z][a-z]{2})<\/text>/g)].map((m) => Number(m[1]))
    expect(dates).toHaveLength(5)
    for (let i = 1; i < dates.length; i++) expect(dates[i]! - dates[i - 1]!).toBeGreaterThan(60)
    expect(svg).toContain(">45</text>")
    expect(svg).not.toContain("text-anchor=\"middle\">123</text>")
    expect(svg).toContain("<title>2026-11-26: 123 requests</title>")
  })

  it("an empty month is a flat chart, not a division by zero", () => {
    const svg = usageChartSvg(dailySeries("2026-11-01", 30, []))
    expect(svg).toContain("0 in all, at most 0 in one day")
    expect(svg).not.toContain("NaN")
  })
})

describe("html", () => {
  it("escapes every interpolated value, and nested html stays as written", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    const label = `"><script>alert(1)</script>`
    expect(html`<td title="${label}">${label}</td>`.text).toBe(
      "<td title=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</td>"
    )
    expect(html`<p>${html`<b>${"x<y"}</b>`}</p>`.text).toBe("<p><b>x&lt;y</b></p>")
    expect(html`${[html`<i>1</i>`, "<2>"]}`.text).toBe("<i>1</i>&lt;2&gt;")
  })
})
