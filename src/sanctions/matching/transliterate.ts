/** Latin renderings of Cyrillic (BGN/PCGN-like) and Greek letters, applied to lower-case text. */
const TABLE: Record<string, string> = {
  а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "e", ж: "zh", з: "z", и: "i", й: "y", к: "k", л: "l", м: "m",
  н: "n", о: "o", п: "p", р: "r", с: "s", т: "t", у: "u", ф: "f", х: "kh", ц: "ts", ч: "ch", ш: "sh", щ: "shch",
  ъ: "", ы: "y", ь: "", э: "e", ю: "yu", я: "ya", і: "i", ї: "yi", є: "ye", ґ: "g", ў: "u", ј: "j", љ: "lj", њ: "nj",
  ћ: "c", ђ: "dj", џ: "dz",
  α: "a", β: "v", γ: "g", δ: "d", ε: "e", ζ: "z", η: "i", θ: "th", ι: "i", κ: "k", λ: "l", μ: "m", ν: "n", ξ: "x",
  ο: "o", π: "p", ρ: "r", σ: "s", ς: "s", τ: "t", υ: "y", φ: "f", χ: "ch", ψ: "ps", ω: "o"
}

const CONVERTIBLE = /[\u0370-\u03ff\u0400-\u04ff]/

export const transliterate = (lower: string): string => {
  if (!CONVERTIBLE.test(lower)) return lower
  let out = ""
  for (const ch of lower) out += TABLE[ch] ?? ch
  return out
}

/** True when the text holds letters of a script we do not transliterate (Arabic, Hangul, CJK ...). */
export const hasUntransliteratedScript = (text: string): boolean => /[^\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\P{L}]/u.test(text)
