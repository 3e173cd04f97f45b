/**
 * Variants of a listed name, as a user or a registry would write them. Written apart from the matcher on purpose:
 * nothing here imports the service's normalisation, vocabulary or scoring, so the evaluation cannot share its
 * blind spots. Deterministic for a given seed.
 */

export const VARIANT_KINDS = [
  "exact",
  "typo",
  "transliteration",
  "legal_form_dropped",
  "legal_form_changed",
  "word_order",
  "abbreviation",
  "partial",
  "embedded"
] as const
export type VariantKind = (typeof VARIANT_KINDS)[number]

/** A small deterministic generator (mulberry32). */
export const rng = (seed: number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const seedOf = (text: string): number => {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

const FORMS = [
  "LIMITED", "LTD", "LLC", "L.L.C.", "COMPANY", "CO.", "CO", "CORPORATION", "CORP", "INC", "S.A.", "SA", "SARL",
  "S.A.R.L.", "PLC", "JSC", "OJSC", "CJSC", "PJSC", "GMBH", "AG", "B.V.", "FZE", "FZCO", "PTE", "PVT", "SDN BHD", "S.A.S."
]
const formPattern = new RegExp(`(?:[\\s,]+(?:${FORMS.map((f) => f.replace(/[.]/g, "\\.")).join("|")}))+\\s*$`, "i")

/** Hand-written spelling alternatives met in romanised Arabic, Persian, Russian and Chinese names. */
const TRANSLITERATIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/MOHAMMED|MOHAMMAD|MUHAMMAD|MOHAMED/, "MUHAMMED"],
  [/KH/, "H"],
  [/OU/, "U"],
  [/Q/, "K"],
  [/EE/, "I"],
  [/OO/, "U"],
  [/OV\b/, "OFF"],
  [/IY/, "I"],
  [/Y/, "I"],
  [/AL-/, "EL-"],
  [/\bAL /, "EL "],
  [/SH/, "SCH"],
  [/J/, "DJ"],
  [/W/, "V"],
  [/PH/, "F"],
  [/C(?=[AOU])/, "K"],
  [/TCH/, "CH"],
  [/IA\b/, "IYA"]
]

const ABBREVIATIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bINTERNATIONAL\b/, "INTL"],
  [/\bCOMPANY\b/, "CO"],
  [/\bCORPORATION\b/, "CORP"],
  [/\bLIMITED\b/, "LTD"],
  [/\bINDUSTRIES\b/, "IND"],
  [/\bTRADING\b/, "TRDG"],
  [/\bGENERAL\b/, "GEN"],
  [/\bMANAGEMENT\b/, "MGMT"],
  [/\bDEVELOPMENT\b/, "DEVT"],
  [/\bSERVICES\b/, "SVCS"],
  [/\bAND\b/, "&"],
  [/\bBROTHERS\b/, "BROS"],
  [/\bHOLDING(S?)\b/, "HLDG$1"]
]

const EMBEDDINGS = ["{} TRADING LIMITED", "NEW {} GROUP", "{} HOLDINGS (PTY) LTD", "{} INVESTMENTS SARL", "GROUPE {} SA"]

const words = (name: string) => name.split(/\s+/).filter((w) => w.length > 0)

/**
 * Legal forms the Russian and other lists write before the name ("PUBLIC JOINT STOCK COMPANY GAZPROM"). A partial name
 * or a reordering is made from the name proper: cutting the last word of "PUBLIC JOINT STOCK COMPANY GAZPROM" would leave
 * a legal form and nothing else, which no screening should take for the company.
 */
const LEADING_FORMS = [
  "PUBLIC JOINT STOCK COMPANY", "OPEN JOINT STOCK COMPANY", "CLOSED JOINT STOCK COMPANY", "JOINT STOCK COMPANY",
  "JOINT-STOCK COMPANY", "LIMITED LIABILITY COMPANY", "OTKRYTOE AKTSIONERNOE OBSHCHESTVO", "ZAKRYTOE AKTSIONERNOE OBSHCHESTVO",
  "PUBLICHNOE AKTSIONERNOE OBSHCHESTVO", "AKTSIONERNOE OBSHCHESTVO", "OBSHCHESTVO S OGRANICHENNOI OTVETSTVENNOSTYU",
  "OBSHCHESTVO S OGRANICHENNOY OTVETSTVENNOSTYU", "PJSC", "OJSC", "CJSC", "JSC", "OAO", "ZAO", "PAO", "OOO", "AO", "LLC"
]
const leadingFormPattern = new RegExp(`^(?:${LEADING_FORMS.join("|")})[\\s,]+`)
const trailingLongFormPattern = new RegExp(`[\\s,]+(?:${LEADING_FORMS.join("|")})$`)

/** The name without legal forms at either end (these forms are also written after the name: "VTB BANK PUBLIC JOINT STOCK COMPANY"). */
export const nameProper = (name: string): string => {
  const cut = name.replace(trailingLongFormPattern, "").trim()
  const trailing = dropLegalForm(cut) ?? cut
  const leading = trailing.replace(leadingFormPattern, "").trim()
  return leading.length >= 3 ? leading : trailing
}

/** Words of three letters or more: a part of a name that still says something ("BANK OF" says little). */
const substantialWords = (ws: ReadonlyArray<string>) => ws.filter((w) => w.replace(/[^A-Z0-9]/g, "").length >= 3).length

/** The name without the legal forms at its end (as a user who leaves them out writes it). */
export const dropLegalForm = (name: string): string | null => {
  const stripped = name.replace(formPattern, "").trim()
  return stripped === name.trim() || stripped.length < 3 ? null : stripped
}

const typo = (name: string, next: () => number): string | null => {
  const ws = words(name)
  const candidates = ws.map((w, i) => [w, i] as const).filter(([w]) => /^[A-Z]{5,}$/i.test(w))
  if (candidates.length === 0) return null
  const [word, at] = candidates[Math.floor(next() * candidates.length)]!
  const i = 1 + Math.floor(next() * (word.length - 2))
  const op = Math.floor(next() * 4)
  const letters = "AEIOURSTNLKM"
  const letter = letters[Math.floor(next() * letters.length)]!
  const changed = op === 0
    ? word.slice(0, i) + word.slice(i + 1)
    : op === 1
    ? word.slice(0, i) + letter + word.slice(i)
    : op === 2
    ? word.slice(0, i) + (letter === word[i] ? "Y" : letter) + word.slice(i + 1)
    : word.slice(0, i) + word[i + 1]! + word[i]! + word.slice(i + 2)
  if (changed === word) return null
  const out = [...ws]
  out[at] = changed
  return out.join(" ")
}

const firstApplicable = (name: string, rules: ReadonlyArray<readonly [RegExp, string]>, next: () => number): string | null => {
  const applicable = rules.filter(([pattern]) => pattern.test(name))
  if (applicable.length === 0) return null
  const [pattern, replacement] = applicable[Math.floor(next() * applicable.length)]!
  const out = name.replace(pattern, replacement)
  return out === name ? null : out
}

/** One variant of `kind`, or null when the kind does not apply to this name. Names are upper-cased first. */
export const makeVariant = (listedName: string, kind: VariantKind, seed: number): string | null => {
  const name = listedName.toUpperCase().replace(/\s+/g, " ").trim()
  const next = rng(seed ^ seedOf(kind))
  const core = dropLegalForm(name) ?? name
  const proper = nameProper(name)
  switch (kind) {
    case "exact":
      return name
    case "typo":
      return typo(name, next)
    case "transliteration":
      return firstApplicable(name, TRANSLITERATIONS, next)
    case "legal_form_dropped":
      return dropLegalForm(name)
    case "legal_form_changed": {
      const form = ["LIMITED", "LLC", "S.A.", "CO. LTD", "SARL", "PLC"][Math.floor(next() * 6)]!
      return `${core} ${form}`
    }
    case "word_order": {
      const ws = words(proper)
      if (ws.length < 2) return null
      const i = Math.floor(next() * (ws.length - 1))
      const out = [...ws]
      ;[out[i], out[i + 1]] = [out[i + 1]!, out[i]!]
      const text = out.join(" ")
      return text === proper ? null : text
    }
    case "abbreviation":
      return firstApplicable(name, ABBREVIATIONS, next)
    case "partial": {
      const ws = words(proper)
      const kept = ws.slice(0, ws.length - 1)
      return ws.length < 3 || substantialWords(kept) < 2 ? null : kept.join(" ")
    }
    case "embedded":
      return EMBEDDINGS[Math.floor(next() * EMBEDDINGS.length)]!.replace("{}", core)
  }
}

/**
 * An original-script name as a user re-types it: without vowel marks, with the plain alef for its hamza forms,
 * ha for ta marbuta, ya for alef maqsura, the Persian keyboard's ya and kaf, the article written apart or joined;
 * Cyrillic with e for yo. Deterministic for a seed; null when nothing changes.
 */
export const retype = (name: string, seed: number): string | null => {
  const next = rng(seed ^ seedOf("retype"))
  let out = name
    .replace(/[\u064b-\u065f\u0670\u0640]/g, "")
    .replace(/[أإآ]/g, "ا")
    .replace(/ة/g, "ه")
    .replace(/ى/g, "ي")
    .replace(/ё/g, "е")
    .replace(/Ё/g, "Е")
  if (next() < 0.5) out = out.replace(/ي/g, "ی").replace(/ك/g, "ک")
  out = next() < 0.5 ? out.replace(/(^|\s)ال(?=\S{2})/g, "$1ال ") : out.replace(/(^|\s)ال\s+/g, "$1ال")
  return out === name ? null : out
}

/**
 * A name in one of the other common romanisations of Arabic names: the article "al-" as "el-", "ul-", joined or
 * apart, or assimilated ("ad-Din", "ash-Shabaab"), "-eddine" / "-uddin" / "ad-Din" / "al-Din", "Abdel" / "Abd al" /
 * "Abdul", and the given names' spellings. Null when the name has none of these.
 */
const ROMANISATIONS: ReadonlyArray<readonly [RegExp, (next: () => number, ...groups: Array<string>) => string]> = [
  [/\bAL[- ]([TDRZSN])(?=[A-Z])/, (next, c) => `${["A", "E", "U"][Math.floor(next() * 3)]}${c}-${c}`],
  [/\bAL-(?=[A-Z])/, (next) => ["EL-", "AL ", "EL ", "UL-", "AL"][Math.floor(next() * 5)]!],
  [/\bAL[- ]DIN(E?)\b/, (next) => ["EDDINE", "UDDIN", "AD-DIN", "ED-DINE"][Math.floor(next() * 4)]!],
  [/\b(?:E|U|A)D-?DIN(E?)\b/, (next) => ["AL-DIN", "EDDINE", "UDDIN"][Math.floor(next() * 3)]!],
  [/\bABD(?:EL|UL|[ -]AL)[ -]?/, (next) => ["ABDEL ", "ABDUL ", "ABD AL-", "ABD EL "][Math.floor(next() * 4)]!],
  [/\b(?:MOHAMMED|MOHAMMAD|MUHAMMAD|MOHAMED|MUHAMMED)\b/, (next) => ["MOHAMED", "MUHAMMAD", "MOHAMMED", "MOHAMAD"][Math.floor(next() * 4)]!],
  [/\b(?:AHMED|AHMAD)\b/, (next) => (next() < 0.5 ? "AHMAD" : "AHMED")],
  [/\b(?:HUSSEIN|HUSSAIN|HUSAYN)\b/, (next) => ["HUSSEIN", "HUSSAIN", "HUSAYN"][Math.floor(next() * 3)]!],
  [/\bABU\b/, () => "ABOU"]
]

export const arabicRomanisation = (listedName: string, seed: number): string | null => {
  const name = listedName.toUpperCase().replace(/\s+/g, " ").trim()
  const next = rng(seed ^ seedOf("romanisation"))
  const applicable = ROMANISATIONS.filter(([pattern]) => pattern.test(name))
  if (applicable.length === 0) return null
  let out = name
  for (const [pattern, make] of applicable) out = out.replace(pattern, (...m: Array<string>) => make(next, ...m.slice(1, -2)))
  return out === name ? null : out
}
