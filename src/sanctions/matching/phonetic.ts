const DIGRAPHS: ReadonlyArray<readonly [RegExp, string]> = [
  [/ph/g, "f"], [/gh/g, "g"], [/kh/g, "k"], [/dh/g, "d"], [/th/g, "t"], [/sh/g, "s"], [/ch/g, "k"], [/ck/g, "k"],
  [/q/g, "k"], [/c/g, "k"], [/z/g, "s"], [/x/g, "ks"], [/w/g, "v"], [/j/g, "g"]
]

/**
 * Consonant skeleton for transliteration variants: HIZBALLAH / Hezbollah -> "hsbl"-like keys, Qaida / Kaida -> "akd".
 * A leading vowel is kept as "a"; later vowels, h and y are dropped and doubled letters collapsed.
 */
export const skeleton = (word: string): string => {
  if (!/^[a-z]+$/.test(word)) return word
  let s = word
  for (const [pattern, replacement] of DIGRAPHS) s = s.replace(pattern, replacement)
  const lead = /^[aeiouy]/.test(s) ? "a" : ""
  const consonants = s.replace(/[aeiouyh]/g, "").replace(/(.)\1+/g, "$1")
  return lead + consonants
}
