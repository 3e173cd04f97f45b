/**
 * Just enough HTML reading for a registry's server-rendered pages (tables of label/value cells, links): the pages
 * are small and regular, and a page whose shape moved must fail to parse rather than be read loosely.
 */
const named: Readonly<Record<string, string>> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", eacute: "é", egrave: "è", ecirc: "ê", agrave: "à",
  acirc: "â", ccedil: "ç", ocirc: "ô", icirc: "î", ucirc: "û", ugrave: "ù", euml: "ë", iuml: "ï", Eacute: "É"
}

export const decodeEntities = (html: string): string =>
  html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith("#x") || entity.startsWith("#X")) return String.fromCodePoint(parseInt(entity.slice(2), 16))
    if (entity.startsWith("#")) return String.fromCodePoint(Number(entity.slice(1)))
    return named[entity] ?? whole
  })

/** The visible text of a fragment: tags dropped, entities decoded, white space collapsed. */
export const textOf = (html: string): string =>
  decodeEntities(html.replace(/<br\s*\/?>/gi, " ").replace(/<[^>]*>/g, " ")).replace(/\s+/g, " ").trim()

/** Each `<tr>`'s cells (`td`/`th`) as inner HTML; a fragment without nested tables. */
export const tableRows = (html: string): ReadonlyArray<ReadonlyArray<string>> =>
  [...html.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)].map((row) =>
    [...row[1]!.matchAll(/<t[dh]\b[^>]*>([\s\S]*?)<\/t[dh]>/gi)].map((cell) => cell[1]!)
  )

/** `href` and text of every link in a fragment. */
export const linksOf = (html: string): ReadonlyArray<{ readonly href: string; readonly text: string }> =>
  [...html.matchAll(/<a\b[^>]*\bhref\s*=\s*(["'])(.*?)\1[^>]*>([\s\S]*?)<\/a>/gi)].map((link) => ({
    href: decodeEntities(link[2]!),
    text: textOf(link[3]!)
  }))

/** The inner HTML of the first `<tag class="… name …">`, up to its matching close tag (nesting counted). */
export const elementByClass = (html: string, tag: string, name: string): string | null => {
  const open = new RegExp(`<${tag}\\b[^>]*\\bclass\\s*=\\s*["'](?:[^"']*\\s)?${name}(?:\\s[^"']*)?["'][^>]*>`, "i")
  const start = open.exec(html)
  if (start === null) return null
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, "gi")
  tags.lastIndex = start.index + start[0].length
  let depth = 1
  for (let match = tags.exec(html); match !== null; match = tags.exec(html)) {
    depth += match[1] === "/" ? -1 : 1
    if (depth === 0) return html.slice(start.index + start[0].length, match.index)
  }
  return null
}

/** Folds a label for comparison: lower case, accents and a trailing colon dropped. */
export const foldLabel = (label: string): string =>
  label.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[’`]/g, "'").replace(/\s*:\s*$/, "")
    .replace(/\s+/g, " ").trim()
